import Scene

/// View timelines read layers' frames, so they are checked as a graph before any is evaluated.
///
/// A value driven by a layer's visibility (`over: view`) reads that layer's frame on screen: its
/// x, y, width and height and those of its ancestors. That frame must not itself follow a view
/// timeline: view timelines do not nest, so evaluating one never evaluates another (the bound of
/// that walk is one level, checked here, at load). Where the reads loop back (a layer's frame that
/// reads its own visibility, or a descendant's, or layers reading each other's) the loop is
/// reported as circular with its path and each `view:` key's position; any other nesting is
/// reported where it stands. Every binding reported is dropped from the scene, so the evaluations
/// the loader still makes (the content's extent at rest) terminate.
extension ScenarioLoader {
    /// The frame properties: the ones a view timeline reads.
    static let frameProperties: Set<UserScene.Property> = [.x, .y, .width, .height]
    /// Circular paths reported at most (each names every layer of its loop).
    static let maximumCyclesReported = 20

    /// One value that follows a layer's visibility.
    private struct ViewRead {
        let reader: UserScene.LayerDraft
        let target: UserScene.LayerDraft
        /// The property as written: `y`, `colors[1]`.
        let property: String
        let readsFrame: Bool
        let view: ViewTarget
        let drop: () -> Void
    }

    /// A step of a loop: a read, or a layer inside its parent (its frame counts the parent's).
    private enum Step { case read(Int), inside(UserScene.LayerDraft, UserScene.LayerDraft) }

    static func checkViewTargets(_ specs: [UserScene.LayerDraft], _ r: ScenarioReader) {
        var reads: [ViewRead] = []
        for spec in specs {
            func target(_ t: ViewTarget) -> UserScene.LayerDraft { t.spec.map { specs[$0] } ?? spec }
            for (property, bound) in spec.properties {
                guard case .keyframes(let k) = bound.binding, case .view(let t, _) = k.driver else { continue }
                reads.append(
                    ViewRead(
                        reader: spec, target: target(t), property: property.rawValue, readsFrame: frameProperties.contains(property),
                        view: t, drop: { spec.properties[property] = nil }))
            }
            for (i, bound) in spec.gradientColors.enumerated() {
                guard case .keyframes(let k) = bound.binding, case .view(let t, _) = k.driver else { continue }
                reads.append(
                    ViewRead(
                        reader: spec, target: target(t), property: "colors[\(i)]", readsFrame: false, view: t,
                        drop: {
                            spec.gradientColors[i].binding = .color(ColorValue(r: 0, g: 0, b: 0, a: 0))
                        }))
            }
            for (i, bound) in spec.gradientLocations.enumerated() {
                guard case .keyframes(let k) = bound.binding, case .view(let t, _) = k.driver else { continue }
                reads.append(
                    ViewRead(
                        reader: spec, target: target(t), property: "locations[\(i)]", readsFrame: false, view: t,
                        drop: {
                            spec.gradientLocations[i].binding = .number(0)
                        }))
            }
        }
        guard !reads.isEmpty else { return }
        // File order, so the reports and the loops' starting points do not depend on hashing.
        reads.sort { ($0.view.line, $0.view.column, $0.property) < ($1.view.line, $1.view.column, $1.property) }
        var frameReads = [[Int]](repeating: [], count: specs.count)
        for (i, read) in reads.enumerated() where read.readsFrame { frameReads[read.reader.id].append(i) }

        func name(_ s: UserScene.LayerDraft) -> String { s.name.isEmpty ? s.path : s.name }
        func at(_ read: ViewRead) -> String { "\(read.view.line):\(read.view.column)" }

        // Loops: a depth-first walk (with its own stack: a file may hold thousands of layers) over
        // "this layer's frame depends on that one's": its frame's reads, and its parent.
        var inLoop = Set<Int>()
        var reported = 0
        var state = [UInt8](repeating: 0, count: specs.count) // 1 on the path, 2 done
        var positionOnPath = [Int](repeating: -1, count: specs.count)
        for start in specs.indices where state[start] == 0 && reported < maximumCyclesReported {
            // Each entry: the layer, the next of its edges to follow, and the step that reached it.
            var path: [(node: Int, next: Int, via: Step?)] = [(start, 0, nil)]
            state[start] = 1; positionOnPath[start] = 0
            while let top = path.last, reported < maximumCyclesReported {
                let edges = frameReads[top.node]
                let parent = specs[top.node].parent
                let edgeCount = edges.count + (parent == nil ? 0 : 1)
                guard top.next < edgeCount else {
                    state[top.node] = 2; positionOnPath[top.node] = -1
                    path.removeLast()
                    continue
                }
                path[path.count - 1].next += 1
                let step: Step, to: Int
                if top.next < edges.count {
                    step = .read(edges[top.next]); to = reads[edges[top.next]].target.id
                } else {
                    step = .inside(specs[top.node], parent!); to = parent!.id
                }
                if state[to] == 0 {
                    state[to] = 1; positionOnPath[to] = path.count
                    path.append((to, 0, step))
                } else if state[to] == 1 {
                    var steps = path[(positionOnPath[to] + 1)...].map { $0.via! } + [step]
                    let readIndices = steps.compactMap { if case .read(let i) = $0 { return i } else { return nil } }
                    guard !readIndices.allSatisfy(inLoop.contains) else { continue }
                    inLoop.formUnion(readIndices)
                    // Start at the read written first.
                    let first = readIndices.min()!
                    let rotation = steps.firstIndex { if case .read(first) = $0 { return true } else { return false } }!
                    steps = Array(steps[rotation...] + steps[..<rotation])
                    report(loop: steps, reads: reads, r, name: name, at: at)
                    reported += 1
                }
            }
            for entry in path { state[entry.node] = 2; positionOnPath[entry.node] = -1 }
        }

        // Nesting without a loop: the layer read has a frame (its own or an ancestor's) that
        // follows a view timeline. (Every read of a loop not reported above is one of these.)
        var refused = inLoop
        for (i, read) in reads.enumerated() where !inLoop.contains(i) {
            var chain: UserScene.LayerDraft? = read.target
            while let c = chain {
                if let inner = frameReads[c.id].first.map({ reads[$0] }) {
                    let whose = c === read.target ? "whose \(inner.property)" : "whose frame moves with \(name(c))'s \(inner.property), which"
                    let reader = read.view.name == "self" ? "its own visibility" : "the visibility of \(name(read.target))"
                    r.issues.append(
                        ScenarioIssue(
                            file: r.file, line: read.view.line, column: read.view.column, field: read.view.field,
                            message:
                                "reads \(reader), \(whose) follows a view timeline itself (\(at(inner))); view timelines do not nest: "
                                + "drive \(name(c))'s \(inner.property) over offset, u or progress, or read another layer's visibility"))
                    refused.insert(i)
                    break
                }
                chain = c.parent
            }
        }
        // The scene is refused; what the loader still evaluates (the content's extent) must not
        // follow a loop, so the reads reported are dropped.
        for i in refused { reads[i].drop() }
    }

    /// One issue for a loop of view reads, at the `view:` key written first, naming every layer
    /// of the loop in order and where each of its keys is.
    private static func report(
        loop steps: [Step], reads: [ViewRead], _ r: ScenarioReader,
        name: (UserScene.LayerDraft) -> String, at: (ViewRead) -> String
    ) {
        guard case .read(let firstIndex) = steps[0] else { return }
        let first = reads[firstIndex]
        var names = [name(first.reader)]
        var said: [String] = []
        var k = 0
        while k < steps.count {
            switch steps[k] {
            case .read(let i):
                let read = reads[i]
                names.append(name(read.target))
                said.append(
                    read.target === read.reader
                        ? "\(name(read.reader))'s \(read.property) reads its own visibility (\(at(read)))"
                        : "\(name(read.reader))'s \(read.property) reads the visibility of \(name(read.target)) (\(at(read)))")
                k += 1
            case .inside(let child, var ancestor):
                // A run of parents is one step: the layer lies inside that ancestor.
                while k + 1 < steps.count, case .inside(_, let next) = steps[k + 1] { ancestor = next; k += 1 }
                names.append(name(ancestor))
                said.append("\(name(child)) lies inside \(name(ancestor)), so its frame moves with \(name(ancestor))'s")
                k += 1
            }
        }
        var path = names
        if path.count > 12 { path = Array(path.prefix(6)) + ["... (\(names.count - 1) steps in all)"] + Array(path.suffix(5)) }
        if said.count > 12 { said = Array(said.prefix(6)) + ["..."] + Array(said.suffix(5)) }
        let fix =
            said.count == 1 ? "drive \(first.property) over offset, u or progress instead" : "drive one of these over offset, u or progress instead"
        r.issues.append(
            ScenarioIssue(
                file: r.file, line: first.view.line, column: first.view.column, field: first.view.field,
                message:
                    "circular: \(path.joined(separator: " -> ")): \(said.joined(separator: ", then ")); a layer's frame cannot follow a "
                    + "visibility its frame decides: \(fix)"))
    }
}

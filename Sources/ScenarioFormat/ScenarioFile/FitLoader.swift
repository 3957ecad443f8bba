import Raster
import Scene
import Yams

/// Reading `width: fit`, `height: fit`, `stack:` and `padding:` (docs/layer-language.md, "Sizes
/// from the content"), and the checks that keep their resolve order well defined: a child may
/// not take a side from a parent that takes that side from its children (circular), a stacked
/// child's x and y are the stack's, and what a fitted or stacked frame is made of may not follow a
/// view timeline (view timelines read frames and do not nest).
extension LayerReader {
    static let stackKeys = ["axis", "spacing", "alignment", "distribution"]
    static let paddingKeys = ["top", "left", "bottom", "right"]
    /// The layer types that can fit, and what they fit.
    static let fitKinds: [UserScene.Kind] = [.text, .image, .group]

    /// `fit`, as a width or a height.
    static func isFit(_ node: Node?) -> Bool {
        guard case .scalar(let s)? = node else { return false }
        return s.string == "fit"
    }

    /// The width and height as written: the keys, or `frame`'s last two items.
    static func sides(_ m: [String: Node], path: String) -> [(axis: String, node: Node?, field: String)] {
        let frame: [Node]? = {
            if case .sequence(let seq)? = m["frame"], seq.count == 4 { return Array(seq) }
            return nil
        }()
        return [
            ("width", m["width"] ?? frame?[2], m["width"] != nil ? "\(path).width" : "\(path).frame[2]"),
            ("height", m["height"] ?? frame?[3], m["height"] != nil ? "\(path).height" : "\(path).frame[3]"),
        ]
    }

    /// Reads the layer's `fit` sides, `stack` and `padding`, and checks it against its parent's.
    /// Called once its values are bound, before its children are read.
    mutating func readFit(_ m: [String: Node], node: Node, path: String, spec: UserScene.LayerDraft) {
        let sides = LayerReader.sides(m, path: path)
        for side in sides where LayerReader.isFit(side.node) {
            guard LayerReader.fitKinds.contains(spec.kind) else {
                let article = ["a", "e", "i", "o", "u"].contains(spec.kind.rawValue.prefix(1)) ? "an" : "a"
                r.report(
                    side.node, side.field,
                    "\(article) \(spec.kind.rawValue) layer has no content to fit (text layers fit their text, image layers their image, "
                        + "group layers their children); give the \(side.axis) in points, or put the layer in a group with \(side.axis): fit")
                continue
            }
            if side.axis == "width" { spec.fitWidth = true } else { spec.fitHeight = true }
            fitAt["\(spec.id).\(side.axis)"] = "\(side.node?.mark?.line ?? 1):\(side.node?.mark?.column ?? 1)"
        }
        if spec.kind == .group, let n = m["stack"] {
            spec.stack = readStack(n, "\(path).stack")
            if spec.stack != nil { stackAt[spec.id] = "\(n.mark?.line ?? 1):\(n.mark?.column ?? 1)" }
        }
        if spec.kind == .group, let n = m["padding"] {
            if m["stack"] == nil {
                r.report(n, "\(path).padding", "applies to a stack (the room around its children); add stack: {axis: vertical} or remove padding")
            } else if let padding = readPadding(n, "\(path).padding"), spec.stack != nil {
                spec.stack!.padding = padding
            }
        }
        if spec.kind == .text, spec.fitWidth || spec.fitHeight {
            refuseViewDriven(spec, [.size, .letterSpacing], because: "its fitted size is measured from it")
        }
        guard let parent = spec.parent else { return }
        let parentName = parent.name.isEmpty ? parent.path : parent.name
        if parent.stack != nil {
            let at = stackAt[parent.id] ?? ""
            for key in ["x", "y"] where m[key] != nil {
                r.report(
                    m[key], "\(path).\(key)",
                    "\(parentName)'s stack (at \(at)) places its children, so a child's \(key) would not be used; remove it "
                        + "(translateX and translateY still move the layer as drawn)")
            }
            if let n = m["frame"] {
                r.report(
                    n, "\(path).frame",
                    "\(parentName)'s stack (at \(at)) places its children, so a child's x and y would not be used; "
                        + "give width and height instead of frame")
            }
        }
        for side in sides where side.node == nil {
            let fitted = side.axis == "width" ? parent.fitWidth : parent.fitHeight
            guard fitted else { continue }
            r.report(
                node, "\(path).\(side.axis)",
                "circular: \(parentName)'s \(side.axis) is fit (at \(fitAt["\(parent.id).\(side.axis)"] ?? "")), the extent of its "
                    + "children, and this layer takes its \(side.axis) from its parent (it gives none); give it a \(side.axis) in points, "
                    + "or \(side.axis): fit")
        }
        if parent.stack != nil || parent.fitWidth || parent.fitHeight {
            refuseViewDriven(
                spec, [.x, .y, .width, .height, .hidden],
                because: "\(parentName)'s \(parent.stack != nil ? "stack is" : "fitted size is") made from it")
        }
    }

    /// Values that decide a fitted or stacked frame cannot follow a view timeline: a view timeline
    /// reads frames, and view timelines do not nest. Each one found is reported and dropped.
    private func refuseViewDriven(_ spec: UserScene.LayerDraft, _ properties: [UserScene.Property], because reason: String) {
        for p in properties {
            guard let b = spec.properties[p], case .keyframes(let k) = b.binding, case .view = k.driver else { continue }
            r.issues.append(
                ScenarioIssue(
                    file: r.file, line: b.ref.line, column: b.ref.column, field: b.ref.field,
                    message: "follows a view timeline (over: view), but \(reason), and a view timeline reads frames: view timelines "
                        + "do not nest; drive it over offset, u, time or progress"))
            spec.properties[p] = nil
        }
    }

    private func readStack(_ node: Node, _ field: String) -> LayerStack? {
        guard let m = r.mapping(node, field, allowed: LayerReader.stackKeys) else { return nil }
        guard let axisNode = m["axis"] else {
            r.report(node, "\(field).axis", "missing; give the stack's axis: vertical (a column) or horizontal (a row)")
            return nil
        }
        guard let axis = r.choice(axisNode, "\(field).axis", LayerStack.Axis.allCases.map(\.rawValue)) else { return nil }
        var stack = LayerStack(axis: LayerStack.Axis(rawValue: axis)!)
        if let n = m["spacing"], let v = r.number(n, "\(field).spacing", range: -10_000...10_000, unit: "points") { stack.spacing = v }
        if let n = m["alignment"], let v = r.choice(n, "\(field).alignment", LayerStack.Alignment.allCases.map(\.rawValue)) {
            stack.alignment = LayerStack.Alignment(rawValue: v)!
        }
        if let n = m["distribution"], let v = r.choice(n, "\(field).distribution", LayerStack.Distribution.allCases.map(\.rawValue)) {
            stack.distribution = LayerStack.Distribution(rawValue: v)!
        }
        return stack
    }

    /// A number (all four sides) or `{top, left, bottom, right}`.
    private func readPadding(_ node: Node, _ field: String) -> LayerStack.Padding? {
        let range = 0.0...10_000
        if case .mapping = node {
            guard let m = r.mapping(node, field, allowed: LayerReader.paddingKeys) else { return nil }
            var padding = LayerStack.Padding()
            if let n = m["top"], let v = r.number(n, "\(field).top", range: range, unit: "points") { padding.top = v }
            if let n = m["left"], let v = r.number(n, "\(field).left", range: range, unit: "points") { padding.left = v }
            if let n = m["bottom"], let v = r.number(n, "\(field).bottom", range: range, unit: "points") { padding.bottom = v }
            if let n = m["right"], let v = r.number(n, "\(field).right", range: range, unit: "points") { padding.right = v }
            return padding
        }
        guard let v = r.number(node, field, range: range, unit: "points") else { return nil }
        return LayerStack.Padding(top: v, left: v, bottom: v, right: v)
    }
}

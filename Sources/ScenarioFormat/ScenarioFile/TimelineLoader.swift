import Raster
import Scene
import Yams

/// `timeline` (keyframes or gestures) and `physics`.
extension ScenarioLoader {
    static let physicsKeys = ["decelerationRate", "rubberBand", "spring"]
    static let springKeys = ["mass", "stiffness", "damping"]
    static let timelineKeys = ["duration", "keyframes", "gestures"]
    static let keyframeKeys = ["time", "offset", "easing"]
    static let stepKinds = ["wait", "drag", "release", "fling", "scrollTo", "tap", "longPress"]
    static let tapKeys = ["view", "at"]
    static let longPressKeys = ["view", "at", "duration"]
    static let dragKeys = ["by", "to", "duration", "easing", "at", "axis"]
    static let releaseKeys = ["velocity"]
    static let flingKeys = ["velocity", "duration", "at", "axis"]
    static let axes = ["vertical", "horizontal"]
    static let scrollToKeys = ["offset", "duration", "easing", "animated"]

    /// The timeline (missing: reported at the root), and its frame count checked against the limit.
    static func readCheckedTimeline(
        _ top: [String: Node], root: Node, _ r: ScenarioReader, screen: Screen, physics: ScrollPhysics,
        extentKnown: Bool, fps rate: Double
    ) -> (any ScrollTimeline)? {
        var timeline: (any ScrollTimeline)?
        if let node = top["timeline"] {
            timeline = readTimeline(node, r, screen: screen, physics: physics)
        } else {
            r.report(root, "timeline", "missing; add a timeline with gestures or keyframes, e.g. gestures: [{drag: {by: 150}}, release]")
        }
        // The frame count needs the timeline, the frame rate and, for gestures, the content's extent
        // (where a fling stops), not the rest: a wrong image path elsewhere does not hide it.
        if let timeline, extentKnown || timeline is KeyframeTimeline || r.issues.isEmpty,
            !r.issues.contains(where: { $0.field == "fps" || $0.field.hasPrefix("timeline") || $0.field.hasPrefix("physics") })
        {
            let frames = timeline.duration * rate
            if frames > Double(maximumFrames) {
                r.report(
                    top["timeline"], "timeline",
                    "lasts \(r.format(timeline.duration)) s at \(r.format(rate)) fps: "
                        + "\(Int(frames.rounded())) frames, over the limit of \(maximumFrames); shorten the timeline or lower fps")
            }
        }
        return timeline
    }

    /// The scene's scroll layers take the sideways touches that land in them; one that lands in
    /// none is a warning at its step (nothing scrolls sideways there).
    static func attachSideways(
        _ gestures: GestureTimeline, screen: inout Screen, scale: Double, timelineNode: Node?, _ r: ScenarioReader
    ) {
        var steps: [Node] = []
        if case .mapping(let m)? = timelineNode, let g = m.first(where: { $0.key.string == "gestures" })?.value, case .sequence(let list) = g {
            steps = Array(list)
        }
        guard let scene = screen.scene, !scene.scrollLayers.isEmpty else {
            // Nothing to swipe: said once, at the first sideways step.
            let first = gestures.steps.firstIndex { if case .sideways = $0 { return true } else { return false } } ?? 0
            let node = first < steps.count ? steps[first] : timelineNode
            r.warnings.append(
                ScenarioIssue(
                    file: r.file, line: node?.mark?.line ?? 1, column: node?.mark?.column ?? 1, field: "timeline.gestures[\(first)]",
                    message: "nothing on this screen scrolls sideways (no layer has scroll:); the sideways steps are time passing"))
            return
        }
        let (attached, missed) = scene.attachingSideways(gestures, metrics: screen.sceneMetrics(pixelScale: scale))
        screen.scene = attached
        for (step, point) in missed {
            let node = step < steps.count ? steps[step] : timelineNode
            r.warnings.append(
                ScenarioIssue(
                    file: r.file, line: node?.mark?.line ?? 1, column: node?.mark?.column ?? 1, field: "timeline.gestures[\(step)]",
                    message:
                        "the sideways touch at (\(r.format(point.x)), \(r.format(point.y))) lands in no scroll layer; nothing moves; "
                        + "give at: a point inside one"))
        }
    }

    /// A scene's taps and long presses aimed at a layer (`view: NAME`) land on its centre; a
    /// name no layer has is an error at its step.
    static func placePresses(
        _ scene: UserScene?, _ gestures: inout GestureTimeline, screen: Screen, scale: Double, timelineNode: Node?, _ r: ScenarioReader
    ) {
        var steps: [Node] = []
        if case .mapping(let m)? = timelineNode, let g = m.first(where: { $0.key.string == "gestures" })?.value, case .sequence(let list) = g {
            steps = Array(list)
        }
        let metrics = screen.sceneMetrics(pixelScale: scale)
        for press in gestures.presses {
            guard case .view(let name) = press.target else { continue }
            if let scene, let point = scene.pressPoint(named: name, at: press.time, gestures: gestures, metrics: metrics) {
                gestures.pressPoints[press.step] = point
                continue
            }
            let node = press.step < steps.count ? steps[press.step] : timelineNode
            let names = scene?.allSpecs.map(\.name).filter { !$0.isEmpty } ?? []
            let kind = press.isLongPress ? "longPress" : "tap"
            r.report(
                node, "timeline.gestures[\(press.step)].\(kind).view",
                "no layer is named \"\(name)\""
                    + (names.isEmpty ? "; name a layer (name: \(name)) or give at: [x, y]" : "; the named layers are \(names.joined(separator: ", "))"))
        }
    }

    /// An `over: tap` value whose layer no tap of the timeline hits never starts: a warning at its
    /// `view:` (the tap may miss, or land on a layer above it).
    /// The same for `over: longPress`: no long press held long enough to be recognized hits it.
    static func warnUntapped(_ scene: UserScene, _ hits: TapHits, _ r: ScenarioReader) {
        let tapped = Set(hits.times.keys.filter { !$0.longPress }.map(\.spec))
        let pressed = Set(hits.times.keys.filter(\.longPress).map(\.spec))
        for spec in scene.allSpecs {
            for p in UserScene.Property.allCases {
                guard let bound = spec.properties[p], case .keyframes(let k) = bound.binding, case .animation(let a) = k.driver,
                    let (target, longPress) = a.touch, !(longPress ? pressed : tapped).contains(target.spec ?? spec.id)
                else { continue }
                let name = target.spec.map { scene.allSpecs[$0].name } ?? spec.name
                let (layer, step) = (name.isEmpty ? "this layer" : name, name.isEmpty ? "NAME" : name)
                r.warnings.append(
                    ScenarioIssue(
                        file: r.file, line: target.line, column: target.column, field: target.field,
                        message: longPress
                            ? "no long press in the timeline hits \(layer) for 0.5 s or more, so this animation never starts; "
                                + "add a step longPress: {view: \(step)}, or check what lies above it where the press lands"
                            : "no tap in the timeline hits \(layer), so this animation never starts; "
                                + "add a step tap: {view: \(step)}, or check what lies above it where the tap lands"))
            }
        }
    }

    static func readPhysics(_ node: Node, _ r: ScenarioReader, _ physics: inout ScrollPhysics) {
        guard let m = r.mapping(node, "physics", allowed: physicsKeys) else { return }
        if let n = m["decelerationRate"] {
            if let word = n.string, word == "normal" || word == "fast" {
                physics.decelerationRate = word == "normal" ? ScrollPhysics.normalRate : ScrollPhysics.fastRate
            } else if case .scalar(let sc) = n, Double(sc.string) == nil {
                r.report(n, "physics.decelerationRate", "expected normal, fast or a number between 0.5 and 0.9999, got \"\(sc.string)\"")
            } else if let v = r.number(n, "physics.decelerationRate", range: 0.5...0.9999) {
                physics.decelerationRate = v
            }
        }
        if let n = m["rubberBand"], let v = r.number(n, "physics.rubberBand", range: 0.01...2) { physics.rubberBandConstant = v }
        if let n = m["spring"], let sm = r.mapping(n, "physics.spring", allowed: springKeys) {
            if let x = sm["mass"], let v = r.number(x, "physics.spring.mass", range: 0.01...100) { physics.spring.mass = v }
            if let x = sm["stiffness"], let v = r.number(x, "physics.spring.stiffness", range: 1...10000) { physics.spring.stiffness = v }
            if let x = sm["damping"], let v = r.number(x, "physics.spring.damping", range: 0.01...1000) { physics.spring.damping = v }
        }
    }

    static func readTimeline(
        _ node: Node, _ r: ScenarioReader, screen: Screen,
        physics: ScrollPhysics
    ) -> (any ScrollTimeline)? {
        guard let m = r.mapping(node, "timeline", allowed: timelineKeys) else { return nil }
        var duration: Double?
        if let n = m["duration"] { duration = r.number(n, "timeline.duration", range: 0.001...3600, unit: "seconds") }
        switch (m["keyframes"], m["gestures"]) {
        case (nil, nil):
            r.report(node, "timeline", "needs gestures or keyframes; add e.g. gestures: [{drag: {by: 150}}, release]")
            return nil
        case (.some, .some):
            r.report(m["gestures"], "timeline.gestures", "a timeline has gestures or keyframes, not both; keep one")
            return nil
        case (let k?, nil):
            return readKeyframes(k, r, duration: duration, durationNode: m["duration"], maxScroll: screen.maxScroll)
        case (nil, let g?):
            return readGestures(g, r, duration: duration, screen: screen, physics: physics)
        }
    }

    static func readKeyframes(
        _ n: Node, _ r: ScenarioReader, duration: Double?, durationNode: Node?,
        maxScroll: Double
    ) -> KeyframeTimeline? {
        guard let list = r.sequence(n, "timeline.keyframes") else { return nil }
        if list.isEmpty {
            r.report(n, "timeline.keyframes", "the list is empty; add at least one keyframe, e.g. - {time: 0, offset: 0}")
            return nil
        }
        var keyframes: [KeyframeTimeline.Keyframe] = []
        var lastTime = -Double.infinity
        for (i, item) in list.enumerated() {
            let path = "timeline.keyframes[\(i)]"
            guard let k = r.mapping(item, path, allowed: keyframeKeys) else { continue }
            guard let tn = k["time"] else { r.report(item, "\(path).time", "missing; give the keyframe's time in seconds"); continue }
            guard let on = k["offset"] else {
                r.report(item, "\(path).offset", "missing; give the scroll offset in points (0 at rest, negative pulls down)")
                continue
            }
            guard let t = r.number(tn, "\(path).time", range: 0...3600, unit: "seconds"),
                let o = r.number(on, "\(path).offset", range: -2000...max(maxScroll, 0) + 2000, unit: "points")
            else { continue }
            if t < lastTime {
                r.report(tn, "\(path).time", "keyframes must be in time order, got \(r.format(t)) after \(r.format(lastTime)); reorder them")
            }
            lastTime = max(lastTime, t)
            var easing = Easing.easeInOut
            if let en = k["easing"], let name = r.choice(en, "\(path).easing", Easing.allCases.map(\.rawValue)) {
                easing = Easing(rawValue: name)!
            }
            keyframes.append(.init(time: t, offset: o, easing: easing))
        }
        // A keyframe was wrong: its message is the one to give, not what the others alone would make
        // of the timeline (it lasting 0 seconds, a duration shorter than the missing keyframe).
        guard keyframes.count == list.count else { return nil }
        if let duration, duration < keyframes.last!.time {
            r.report(
                durationNode, "timeline.duration",
                "is \(r.format(duration)) s but the last keyframe is at \(r.format(keyframes.last!.time)) s; make the duration at least that")
        }
        let timeline = KeyframeTimeline(keyframes: keyframes, duration: duration)
        if timeline.duration <= 0 {
            r.report(n, "timeline", "the timeline lasts 0 seconds; give a later keyframe or a duration")
            return nil
        }
        return timeline
    }

    static func readGestures(
        _ n: Node, _ r: ScenarioReader, duration: Double?, screen: Screen,
        physics: ScrollPhysics
    ) -> GestureTimeline? {
        guard let list = r.sequence(n, "timeline.gestures") else { return nil }
        if list.isEmpty {
            r.report(n, "timeline.gestures", "the list is empty; add steps, e.g. - drag: {by: 150} then - release")
            return nil
        }
        let device = screen.device
        var steps: [GestureTimeline.Step] = []
        var stepNodes: [Node] = []
        var stepIndices: [Int] = []
        let issuesBefore = r.issues.count
        for (i, item) in list.enumerated() {
            let path = "timeline.gestures[\(i)]"
            // A step is `release` alone, or a mapping with one key naming it.
            if case .scalar(let sc) = item, sc.string == "release" {
                steps.append(.release(velocity: nil)); stepNodes.append(item); stepIndices.append(i); continue
            }
            guard case .mapping(let map) = item, map.count == 1, let (keyNode, value) = map.first.map({ ($0.key, $0.value) }),
                let kind = keyNode.string
            else {
                r.report(item, path, "expected one step (wait, drag, release, fling, scrollTo, tap or longPress), got \(r.describe(item))")
                continue
            }
            guard stepKinds.contains(kind) else {
                var message = "unknown step \"\(kind)\""
                if let s = ScenarioReader.closest(to: kind, in: stepKinds) {
                    message += "; did you mean \"\(s)\"?"
                } else {
                    message += "; steps are \(stepKinds.joined(separator: ", "))"
                }
                r.report(keyNode, "\(path).\(kind)", message)
                continue
            }
            if let step = readStep(kind, value, field: "\(path).\(kind)", r, screen: screen) {
                steps.append(step); stepNodes.append(item); stepIndices.append(i)
            }
        }
        guard r.issues.count == issuesBefore else { return nil }
        let touchDefault: GestureTimeline.TouchPlacement = { delta in
            // Pulls start high on the screen, pushes low, so the finger stays on it.
            Point(device.size.width / 2, device.size.height * (delta > 0 ? 0.35 : 0.7))
        }
        let sidewaysDefault: GestureTimeline.TouchPlacement = { delta in
            // Swipes to the left start right of the middle, to the right left of it.
            Point(device.size.width * (delta > 0 ? 0.25 : 0.75), device.size.height / 2)
        }
        do {
            let timeline = try GestureTimeline(
                steps: steps, physics: physics, bounds: 0...max(screen.maxScroll, 0),
                viewportHeight: device.size.height, touchPlacement: touchDefault, duration: duration, sidewaysPlacement: sidewaysDefault)
            return timeline
        } catch let error as GestureTimeline.ScriptError {
            r.report(stepNodes[error.step], "timeline.gestures[\(stepIndices[error.step])]", error.message)
            return nil
        } catch {
            r.report(n, "timeline.gestures", "\(error)")
            return nil
        }
    }

    /// One step of `timeline.gestures` (`kind` its key, `value` what it gives), or nil where it is
    /// wrong (reported).
    static func readStep(_ kind: String, _ value: Node, field: String, _ r: ScenarioReader, screen: Screen) -> GestureTimeline.Step? {
        let device = screen.device
        func at(_ m: [String: Node]) -> Point? {
            guard let an = m["at"] else { return nil }
            return r.point(an, "\(field).at", within: device.size)
        }
        /// `axis: horizontal` makes the step sideways; nil when the axis is wrong (reported).
        func sideways(_ m: [String: Node]) -> Bool? {
            guard let an = m["axis"] else { return false }
            guard let name = r.choice(an, "\(field).axis", axes) else { return nil }
            return name == "horizontal"
        }
        func easing(_ m: [String: Node], _ fallback: Easing) -> Easing {
            guard let en = m["easing"], let name = r.choice(en, "\(field).easing", Easing.allCases.map(\.rawValue)) else { return fallback }
            return Easing(rawValue: name)!
        }
        switch kind {
        case "wait":
            return r.number(value, field, range: 0...3600, unit: "seconds").map { .wait($0) }
        case "drag":
            guard let m = r.mapping(value, field, allowed: dragKeys), let across = sideways(m) else { return nil }
            if across, let tn = m["to"] {
                r.report(
                    tn, "\(field).to",
                    "a horizontal drag takes by (finger points, positive moves right), not to; a sideways scroll view's offsets are known only where the touch lands"
                )
                return nil
            }
            let by = m["by"].flatMap { r.number($0, "\(field).by", range: -5000...5000, unit: "points") }
            let to = m["to"].flatMap { r.number($0, "\(field).to", range: -2000...max(screen.maxScroll, 0) + 2000, unit: "points") }
            if m["by"] == nil && m["to"] == nil {
                r.report(value, field, "needs by (finger travel in points, positive pulls down) or to (a scroll position from rest)")
                return nil
            }
            if m["by"] != nil && m["to"] != nil {
                r.report(m["to"], "\(field).to", "give by or to, not both; keep one")
                return nil
            }
            let d = m["duration"].flatMap { r.number($0, "\(field).duration", range: 0.01...60, unit: "seconds") } ?? 0.5
            if (m["by"] != nil && by == nil) || (m["to"] != nil && to == nil) { return nil }
            let drag = GestureTimeline.Step.drag(by: by, to: to, duration: d, easing: easing(m, .easeInOut), at: at(m))
            return across ? .sideways(drag) : drag
        case "release":
            if case .scalar(let sc) = value, sc.string.isEmpty || sc.string == "~" || sc.string == "null" {
                return .release(velocity: nil)
            }
            guard let m = r.mapping(value, field, allowed: releaseKeys) else { return nil }
            let v = m["velocity"].flatMap { r.number($0, "\(field).velocity", range: -20000...20000, unit: "points per second") }
            if m["velocity"] != nil && v == nil { return nil }
            return .release(velocity: v)
        case "fling":
            guard let m = r.mapping(value, field, allowed: flingKeys), let across = sideways(m) else { return nil }
            guard let vn = m["velocity"] else {
                r.report(value, "\(field).velocity", "missing; give the finger's speed in points per second (negative flicks up)")
                return nil
            }
            guard let v = r.number(vn, "\(field).velocity", range: -20000...20000, unit: "points per second") else { return nil }
            if v == 0 { r.report(vn, "\(field).velocity", "must not be 0; a fling needs a speed (negative flicks up)"); return nil }
            let d = m["duration"].flatMap { r.number($0, "\(field).duration", range: 0.01...1, unit: "seconds") } ?? 0.08
            let fling = GestureTimeline.Step.fling(velocity: v, duration: d, at: at(m))
            return across ? .sideways(fling) : fling
        case "scrollTo":
            guard let m = r.mapping(value, field, allowed: scrollToKeys) else { return nil }
            guard let on = m["offset"] else {
                r.report(value, "\(field).offset", "missing; give the content offset to scroll to (0 is the rest position)")
                return nil
            }
            guard let o = r.number(on, "\(field).offset", range: 0...max(screen.maxScroll, 0), unit: "points") else { return nil }
            let animated = m["animated"].flatMap { r.bool($0, "\(field).animated") } ?? true
            let d = m["duration"].flatMap { r.number($0, "\(field).duration", range: 0...60, unit: "seconds") } ?? 0.3
            return .scrollTo(offset: o, duration: animated ? d : 0, easing: easing(m, .easeInOut))
        case "tap", "longPress":
            return readTouchStep(kind, value, field: field, r, device: device)
        default:
            return nil
        }
    }

    /// A `tap` or `longPress` step: on a view (by its identifier) or at a point.
    static func readTouchStep(_ kind: String, _ value: Node, field: String, _ r: ScenarioReader, device: Device) -> GestureTimeline.Step? {
        guard let m = r.mapping(value, field, allowed: kind == "tap" ? tapKeys : longPressKeys) else { return nil }
        let target: GestureTimeline.TouchTarget
        switch (m["view"], m["at"]) {
        case (nil, nil):
            r.report(
                value, field,
                "needs view (a view's accessibilityIdentifier, or a layer's name) or at (a point [x, y] on the screen), e.g. \(kind): {view: follow}")
            return nil
        case (.some, .some):
            r.report(m["at"], "\(field).at", "give view or at, not both; keep one")
            return nil
        case (let vn?, nil):
            guard let name = vn.string, !name.isEmpty, case .scalar = vn else {
                r.report(vn, "\(field).view", "expected an accessibilityIdentifier (a word), got \(r.describe(vn))")
                return nil
            }
            target = .view(name)
        case (nil, let an?):
            guard let p = r.point(an, "\(field).at", within: device.size) else { return nil }
            target = .point(p)
        }
        if kind == "tap" { return .tap(target) }
        let d = m["duration"].map { r.number($0, "\(field).duration", range: 0.01...60, unit: "seconds") } ?? 1
        guard let d else { return nil }
        return .longPress(target, duration: d)
    }
}

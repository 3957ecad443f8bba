import Raster
import Scene
import Yams

/// Reading `vars:`, `scrollView:` and `layers:` (the layer language; README, "Scenes of your own").
extension ScenarioLoader {
    static let scrollViewKeys = [
        "contentInset", "contentInsetAdjustmentBehavior", "tableHeaderView", "contentHeight",
        "scrollIndicatorInsets",
    ]
    static let contentInsetKeys = ["top", "bottom"]
    static let tableHeaderViewKeys = ["height"]
    static let adjustmentBehaviours = ["automatic", "scrollableAxes", "always", "never"]
    static let layerKeys = [
        "type", "name", "in", "repeat", "frame", "x", "y", "width", "height", "anchor", "translateX", "translateY",
        "scale", "scaleX", "scaleY", "opacity", "zPosition", "cornerRadius", "masksToBounds", "hidden",
        "borderWidth", "borderColor", "shadowColor", "shadowOpacity", "shadowRadius", "children", "fill",
        "image", "imageScale", "contentMode", "text", "weight", "size", "style", "color", "alignment", "lines",
        "letterSpacing", "colors", "locations", "startPoint", "endPoint", "blurRadius", "tint", "blur", "symbol", "symbolScale",
        "runs", "maskedCorners", "shadowOffset", "shadowPath", "path", "fillColor", "fillRule", "strokeColor", "lineWidth", "lineCap",
        "lineJoin", "miterLimit", "scroll", "stack", "padding",
    ]
    static let scrollLayerKeys = ["axis", "paging", "contentWidth"]
    /// Keys that only some layer types have (bindable properties say so in `UserScene.Property.kinds`).
    static let layerKeyKinds: [String: [UserScene.Kind]] = [
        "fill": [.rectangle, .group, .shape], "image": [.image], "blur": [.image], "imageScale": [.image], "contentMode": [.image],
        "text": [.text], "weight": [.text, .symbol], "size": [.text, .symbol], "style": [.text], "color": [.text, .symbol],
        "alignment": [.text], "lines": [.text], "symbol": [.symbol], "symbolScale": [.symbol],
        "letterSpacing": [.text], "colors": [.gradient], "locations": [.gradient], "startPoint": [.gradient],
        "endPoint": [.gradient], "blurRadius": [.material], "tint": [.material], "runs": [.text], "path": [.shape], "fillColor": [.shape],
        "fillRule": [.shape], "strokeColor": [.shape], "lineWidth": [.shape], "lineCap": [.shape], "lineJoin": [.shape],
        "miterLimit": [.shape], "stack": [.group], "padding": [.group],
    ]
    static let keyframesKeys = ["keyframes", "over", "range", "view", "easing", "outside", "from", "duration", "curve", "spring", "toggle", "begin"]
    static let keyframeStopKeys = ["at", "value", "easing"]
    static let drivers = ["offset", "u", "time", "progress", "view", "tap", "longPress"]
    /// Instances of all layers together (repeats counted), and keyframes per value.
    static let maximumLayerInstances = 5000
    /// Layer instances that blur what they draw (a shadow) or what is under them (a material):
    /// each can cost a blur of the whole screen per frame.
    static let maximumBlurringLayers = 64
    /// Levels of layers (a top-level layer is 1, its children 2): reading, building and drawing
    /// a layer recurse into its children, so a deeper child is refused before it is read.
    static let maximumLayerDepth = 12
    static let maximumKeyframes = 1000
    /// `vars:` entries, gradient colors, characters of a text layer.
    static let maximumVars = 1000
    static let maximumGradientColors = 64
    /// Characters of any text drawn at most: a text layer, a title, a name, a bio, a row, a mail
    /// subject or body (a 200 KB text is set in well under a second).
    static let maximumTextLength = 200_000
    /// A table header view's height at most, in points.
    static let maximumTableHeaderViewHeight = 20_000.0
    /// frames x bound values checked for NaN at load.
    static let maximumEvaluations = 40_000_000

    /// A scenario's own scene, or nil when it has no `vars`, `scrollView` or `layers`.
    /// With a preset, `top` holds its expansion: the first `presetLayers` layers are the preset's
    /// (named after `presetName` in messages), and it declares the scroll view.
    static func readUserScene(
        _ top: [String: Node], _ r: ScenarioReader, _ images: ImageResolver, presetLayers: Int = 0,
        presetName: String? = nil, presetVars: Set<String> = []
    ) -> UserScene? {
        let statusBarColor: Node? = {
            if case .mapping(let m)? = top["statusBar"] { return m.first { $0.key.string == "color" }?.value }
            return nil
        }()
        guard top["vars"] != nil || top["scrollView"] != nil || top["layers"] != nil || statusBarColor != nil else { return nil }
        var scope = ExpressionScope.withBuiltins()
        for name in SystemColor.names { scope.colorNames[name] = SystemColor.named(name, appearance: r.appearance).map(ColorValue.init) }
        // A scroll layer's offset, `NAME.offset`, may be read by any formula, vars included.
        if case .sequence(let list)? = top["layers"] { declareScrollOffsets(Array(list), &scope) }
        let vars = top["vars"].map { readVars($0, r, &scope) } ?? []

        var scrollView = UserScene.ScrollView()
        if let node = top["scrollView"] {
            if let m = r.mapping(node, "scrollView", allowed: scrollViewKeys) {
                if let n = m["contentInset"], let inset = r.mapping(n, "scrollView.contentInset", allowed: contentInsetKeys) {
                    if let t = inset["top"], let v = insetValue(t, "scrollView.contentInset.top", .top, r, &scrollView) {
                        scrollView.insetTop = v
                    }
                    if let b = inset["bottom"], let v = insetValue(b, "scrollView.contentInset.bottom", .bottom, r, &scrollView) {
                        scrollView.insetBottom = v
                    }
                }
                if let n = m["contentInsetAdjustmentBehavior"],
                    let v = r.choice(n, "scrollView.contentInsetAdjustmentBehavior", adjustmentBehaviours)
                {
                    scrollView.automaticAdjustment = v != "never"
                }
                if let n = m["tableHeaderView"], let th = r.mapping(n, "scrollView.tableHeaderView", allowed: tableHeaderViewKeys) {
                    if let h = th["height"],
                        let v = r.number(
                            h, "scrollView.tableHeaderView.height", range: 0...ScenarioLoader.maximumTableHeaderViewHeight,
                            unit: "points")
                    {
                        scrollView.tableHeaderHeight = v
                    } else if th["height"] == nil {
                        r.report(n, "scrollView.tableHeaderView.height", "missing; give the table header view's height in points")
                    }
                }
                if let n = m["contentHeight"], let v = r.number(n, "scrollView.contentHeight", range: 0...1_000_000, unit: "points") {
                    scrollView.contentHeight = v
                }
                if let n = m["scrollIndicatorInsets"], let inset = r.mapping(n, "scrollView.scrollIndicatorInsets", allowed: contentInsetKeys) {
                    if let t = inset["top"], let v = insetValue(t, "scrollView.scrollIndicatorInsets.top", .indicatorTop, r, &scrollView) {
                        scrollView.indicatorInsetTop = v
                    }
                    if let b = inset["bottom"],
                        let v = insetValue(b, "scrollView.scrollIndicatorInsets.bottom", .indicatorBottom, r, &scrollView)
                    {
                        scrollView.indicatorInsetBottom = v
                    }
                }
            }
        }

        var specs: [UserScene.LayerDraft] = []
        var roots: [UserScene.LayerDraft] = []
        if let node = top["layers"], let list = r.sequence(node, "layers") {
            let names = layerNames(list)
            var reader = LayerReader(r: r, images: images, scope: scope, names: names, hasTableHeader: scrollView.tableHeaderHeight > 0)
            for (i, item) in list.enumerated() {
                let path = i < presetLayers ? "(the \(presetName ?? "") preset's) layers[\(i)]" : "layers[\(i - presetLayers)]"
                if let spec = reader.read(item, path: path, parent: nil) { roots.append(spec) }
            }
            specs = reader.all
            let instances = roots.reduce(0) { $0 + $1.repeatCount * countSpecs($1) }
            if instances > maximumLayerInstances {
                r.report(
                    node, "layers",
                    "\(instances) layer instances (repeats counted), over the limit of \(maximumLayerInstances); "
                        + "lower the repeat counts")
            }
            checkViewTargets(specs, r)
            let blurring = roots.reduce(0) { $0 + $1.repeatCount * countBlurring($1) }
            if blurring > maximumBlurringLayers {
                r.report(
                    node, "layers",
                    "\(blurring) layer instances with a shadow or a material (repeats counted), over the limit of "
                        + "\(maximumBlurringLayers): each blurs up to the whole screen every frame; use fewer")
            }
        }
        return UserScene(
            scope: scope, vars: vars, roots: roots, allSpecs: specs, scrollView: scrollView,
            statusBarColor: statusBarColor.flatMap { binding($0, "statusBar.color", kind: .color, r, scope, view: nil) }, presetVars: presetVars)
    }

    /// The names an inset's formula may read: the screen's metrics, fixed for the whole run.
    static let insetFormulaNames: [BuiltinVariable] = [
        .screenWidth, .screenHeight, .safeAreaTop, .safeAreaBottom, .statusBarHeight, .navigationBarHeight, .scale,
    ]

    /// An inset: a number, or a formula of the screen's metrics (kept in `scrollView.insetFormulas`
    /// and worked out by `resolveInsets` once the device is known; 0 until then).
    private static func insetValue(
        _ node: Node, _ field: String, _ edge: UserScene.ScrollView.InsetEdge, _ r: ScenarioReader, _ scrollView: inout UserScene.ScrollView
    ) -> Double? {
        guard ScenarioReader.isFormula(node) else { return r.number(node, field, range: -2000...2000, unit: "points") }
        guard let bound = binding(node, field, kind: .number, r, ExpressionScope.withBuiltins(), view: nil, range: -2000...2000, unit: "points")
        else { return nil }
        if case .number(let v) = bound.binding { return v }
        let allowed = Set(insetFormulaNames.map(\.name))
        if let other = bound.binding.reads.subtracting(allowed).sorted().first {
            r.report(
                node, field,
                "an inset is fixed for the whole run: its formula may read the screen's metrics only "
                    + "(\(insetFormulaNames.map(\.name).joined(separator: ", "))), got \(other) in \"\(clip(node.string ?? ""))\"")
            return nil
        }
        scrollView.insetFormulas.append(.init(edge: edge, bound: bound))
        return 0
    }

    /// Works out the insets written as formulas, for `screen`'s device; a value that is not finite or
    /// is outside -2000...2000 points is refused at its formula.
    static func resolveInsets(_ scene: inout UserScene, _ screen: inout Screen, scale: Double, _ r: ScenarioReader) {
        guard !scene.scrollView.insetFormulas.isEmpty else { return }
        let metrics = screen.sceneMetrics(pixelScale: scale)
        let env = scene.environment(screen.sceneMoment(u: 0), metrics)
        var scrollView = scene.scrollView
        for f in scene.scrollView.insetFormulas {
            let v = UserScene.Context(scene: scene, metrics: metrics, reader: nil, instance: 0).number(f.bound.binding, env)
            guard v.isFinite, (-2000...2000).contains(v) else {
                r.issues.append(
                    ScenarioIssue(
                        file: r.file, line: f.bound.ref.line, column: f.bound.ref.column, field: f.bound.ref.field,
                        message:
                            "\"\(clip(f.bound.binding.summary))\" is \(v.isFinite ? formatNumber((v * 10000).rounded() / 10000) : v.isNaN ? "NaN" : "infinite") on this device, "
                            + "outside -2000...2000 points"))
                continue
            }
            switch f.edge {
            case .top: scrollView.insetTop = v
            case .bottom: scrollView.insetBottom = v
            case .indicatorTop: scrollView.indicatorInsetTop = v
            case .indicatorBottom: scrollView.indicatorInsetBottom = v
            }
        }
        scene = scene.rebuilt(scrollView: scrollView)
        screen.scene = scene
        screen.scrollView = scrollView
    }

    /// Declares `NAME.offset` for each named layer with `scroll` (any depth the reader reads).
    private static func declareScrollOffsets(_ list: [Node], _ scope: inout ExpressionScope, depth: Int = 1) {
        for node in list {
            guard case .mapping(let m) = node else { continue }
            var name: String?, scrolls = false
            var children: [Node] = []
            for (k, v) in m {
                switch k.string {
                case "name": name = v.string
                case "scroll": scrolls = true
                case "children": if case .sequence(let c) = v { children = Array(c) }
                default: break
                }
            }
            if scrolls, let name, !name.isEmpty, scope[name + ".offset"] == nil { scope.declare(name + ".offset", .number) }
            if depth < maximumLayerDepth { declareScrollOffsets(children, &scope, depth: depth + 1) }
        }
    }

    /// `scroll: {axis: horizontal, paging: true, contentWidth: 1965}` on a layer named `name`.
    static func readScrollLayer(_ node: Node, _ path: String, _ r: ScenarioReader, spec: UserScene.LayerDraft, scope: ExpressionScope) -> ScrollLayer?
    {
        let field = "\(path).scroll"
        guard let m = r.mapping(node, field, allowed: scrollLayerKeys) else { return nil }
        var ok = true
        if let n = m["axis"], let v = r.choice(n, "\(field).axis", ["horizontal", "vertical"]), v == "vertical" {
            r.report(n, "\(field).axis", "a scroll layer scrolls horizontally (the screen's scroll view is the vertical one); write axis: horizontal")
            ok = false
        }
        var paging = false
        if let n = m["paging"] { if let v = r.bool(n, "\(field).paging") { paging = v } else { ok = false } }
        var contentWidth: Double?
        if let n = m["contentWidth"] {
            guard let v = r.number(n, "\(field).contentWidth", range: 0...1_000_000, unit: "points") else { return nil }
            contentWidth = v
        }
        guard !spec.name.isEmpty, let slot = scope[spec.name + ".offset"]?.slot else {
            r.report(node, field, "a scroll layer needs a name: formulas read its offset as NAME.offset; add name: cards")
            return nil
        }
        if spec.root.repeatCount > 1 {
            r.report(node, field, "a repeated layer cannot scroll (one offset per name); write each scroll layer out with a name of its own")
            return nil
        }
        var ancestor = spec.parent
        while let a = ancestor {
            if a.scroll != nil {
                r.report(node, field, "a scroll layer inside another scroll layer (\(a.name)) is not supported; keep one")
                return nil
            }
            ancestor = a.parent
        }
        guard ok else { return nil }
        return ScrollLayer(slot: slot, paging: paging, contentWidth: contentWidth)
    }

    private static func countSpecs(_ s: UserScene.LayerDraft) -> Int { 1 + s.children.reduce(0) { $0 + countSpecs($1) } }

    private static func countBlurring(_ s: UserScene.LayerDraft) -> Int {
        var shadow = false
        if let b = s.properties[.shadowOpacity]?.binding { if case .number(let v) = b { shadow = v > 0 } else { shadow = true } }
        return (shadow || s.kind == .material ? 1 : 0) + s.children.reduce(0) { $0 + countBlurring($1) }
    }

    /// Every layer's name and its root's repeat count, in the reader's depth-first order (for
    /// `view:` references, which may name a layer further down the file).
    private static func layerNames(_ list: [Node]) -> [(name: String, repeats: Int, root: Int)] {
        var out: [(name: String, repeats: Int, root: Int)] = []
        func visit(_ node: Node, repeats: Int, root: Int, depth: Int) {
            guard case .mapping(let m) = node else { out.append(("", 1, root)); return }
            var name = "", rep = repeats
            var children: [Node] = []
            for (k, v) in m {
                switch k.string {
                case "name": name = v.string ?? ""
                case "repeat":
                    // As the reader reads it (1_0 and 3.0 are numbers too); a bad value is reported there.
                    if out.count == root, let d = v.string.flatMap({ Double($0.replacingOccurrences(of: "_", with: "")) }),
                        let n = Int(exactly: d), (1...1000).contains(n)
                    {
                        rep = n
                    }
                case "children": if case .sequence(let s) = v { children = Array(s) }
                default: break
                }
            }
            out.append((name, rep, root))
            // As the reader: children past the depth limit are not read.
            guard depth < maximumLayerDepth else { return }
            for c in children { visit(c, repeats: rep, root: root, depth: depth + 1) }
        }
        for item in list { visit(item, repeats: 1, root: out.count, depth: 1) }
        return out
    }

    // MARK: vars

    private static func readVars(_ node: Node, _ r: ScenarioReader, _ scope: inout ExpressionScope) -> [(name: String, bound: UserScene.Bound)] {
        guard case .mapping(let m) = node else {
            r.report(node, "vars", "expected named values (name: value lines), got \(r.describe(node))")
            return []
        }
        var entries: [(String, Node, Node)] = []
        var seen = Set<String>()
        if m.count > maximumVars {
            r.report(node, "vars", "\(m.count) vars, over the limit of \(maximumVars); compute some inside the formulas that use them")
            return []
        }
        for (keyNode, value) in m {
            guard let name = keyNode.string, !name.isEmpty else {
                r.report(keyNode, "vars", "expected a name, got \(r.describe(keyNode))"); continue
            }
            let field = "vars.\(name)"
            guard isIdentifier(name) else {
                r.report(keyNode, field, "\"\(name)\" is not a name: use letters, digits and _, starting with a letter (headerHeight, h2)")
                continue
            }
            if BuiltinVariable(name: name) != nil || scope[name] != nil {
                r.report(keyNode, field, "\"\(name)\" is a built-in variable; choose another name"); continue
            }
            if ExpressionFunction(rawValue: name) != nil {
                r.report(keyNode, field, "\"\(name)\" is a function's name; choose another name"); continue
            }
            if seen.contains(name) { r.report(keyNode, field, "duplicate var \"\(name)\"; keep one of them"); continue }
            seen.insert(name)
            entries.append((name, keyNode, value))
        }
        // Which vars each reads (from the syntax; names that are not vars are checked when compiled).
        let varNames = Set(entries.map(\.0))
        var deps: [String: [String]] = [:]
        for (name, _, value) in entries { deps[name] = expressionNames(in: value).filter { varNames.contains($0) } }
        // Depth-first order; a back edge is a cycle, reported once with its path.
        var order: [String] = []
        var state: [String: Int] = [:] // 1 visiting, 2 done
        var inCycle = Set<String>()
        func visit(_ name: String, _ stack: [String]) {
            if state[name] == 2 { return }
            if state[name] == 1 {
                let cycle = Array(stack[stack.firstIndex(of: name)!...]) + [name]
                if cycle.allSatisfy({ !inCycle.contains($0) }) {
                    let keyNode = entries.first { $0.0 == cycle[0] }!.1
                    // Each var of the loop with where it is written; a long loop shows its two ends.
                    let shown = cycle.count > 13 ? Array(cycle.prefix(6)) + Array(cycle.suffix(6)) : cycle
                    let path =
                        cycle.count > 13
                        ? shown.prefix(6).joined(separator: " -> ") + " -> ... (\(cycle.count - 1) vars) -> "
                            + shown.suffix(6).joined(separator: " -> ") : cycle.joined(separator: " -> ")
                    let places = shown.dropLast().map { name -> String in
                        let mark = entries.first { $0.0 == name }?.1.mark
                        return "\(name) at \(mark?.line ?? 1):\(mark?.column ?? 1)"
                    }
                    r.report(
                        keyNode, "vars.\(cycle[0])",
                        "circular: \(path) (\(places.joined(separator: ", "))); a var cannot depend on itself, "
                            + "give one of them a value that does not read the others")
                }
                inCycle.formUnion(cycle)
                return
            }
            state[name] = 1
            for d in deps[name] ?? [] { visit(d, stack + [name]) }
            state[name] = 2
            order.append(name)
        }
        for (name, _, _) in entries { visit(name, []) }
        var out: [(name: String, bound: UserScene.Bound)] = []
        let valueOf = Dictionary(entries.map { ($0.0, $0.2) }, uniquingKeysWith: { a, _ in a })
        for name in order {
            let value = valueOf[name]!
            if inCycle.contains(name) { scope.declare(name, .number); continue }
            if let bound = binding(value, "vars.\(name)", kind: nil, r, scope, view: nil) {
                scope.declare(name, bound.binding.kind)
                out.append((name, bound))
            } else {
                scope.declare(name, .number)
            }
        }
        return out
    }

    static func isIdentifier(_ s: String) -> Bool {
        guard let f = s.unicodeScalars.first, (f >= "a" && f <= "z") || (f >= "A" && f <= "Z") else { return false }
        return s.unicodeScalars.allSatisfy { ($0 >= "a" && $0 <= "z") || ($0 >= "A" && $0 <= "Z") || ($0 >= "0" && $0 <= "9") || $0 == "_" }
    }

    /// Names read by the expressions inside a value (for the order of vars); syntax errors are
    /// reported later, when the value is compiled.
    private static func expressionNames(in node: Node) -> [String] {
        switch node {
        case .scalar(let s):
            guard s.style != .plain || Double(s.string) == nil else { return [] }
            return ((try? ExpressionParser.parse(s.string))?.names ?? []).map(\.0)
        case .mapping(let m): return m.flatMap { expressionNames(in: $0.value) }
        case .sequence(let seq): return seq.flatMap { expressionNames(in: $0) }
        case .alias: return []
        }
    }

    // MARK: values

    /// The file position of character `position` of a scalar's text (exact for one-line scalars).
    static func position(of node: Node, character position: Int) -> (Int, Int) {
        let mark = node.mark
        let line = mark?.line ?? 1, column = mark?.column ?? 1
        guard case .scalar(let s) = node, !s.string.contains("\n") else { return (line, column) }
        switch s.style {
        case .singleQuoted, .doubleQuoted: return (line, column + 1 + position)
        default: return (line, column + position)
        }
    }

    /// A bindable value: a number, a color, an expression in a string, or keyframes (a mapping).
    /// `kind` nil accepts either type (vars). `view` resolves `view:` names (nil: not allowed).
    static func binding(
        _ node: Node, _ field: String, kind: ValueKind?, _ r: ScenarioReader, _ scope: ExpressionScope,
        view: ((Node, String, String) -> ViewTarget?)?, allowBool: Bool = false, range: ClosedRange<Double>? = nil,
        unit: String = ""
    ) -> UserScene.Bound? {
        guard var bound = bindingValue(node, field, kind: kind, r, scope, view: view, allowBool: allowBool) else { return nil }
        bound.range = range
        bound.unit = unit
        // A constant out of range is refused here; a formula or keyframes, at every frame after load.
        if let range, case .number(let v) = bound.binding, !range.contains(v) {
            r.report(
                node, field,
                "must be between \(formatNumber(range.lowerBound)) and \(formatNumber(range.upperBound))"
                    + (unit.isEmpty ? "" : " \(unit)") + ", got \(formatNumber(v))")
            return nil
        }
        return bound
    }

    private static func bindingValue(
        _ node: Node, _ field: String, kind: ValueKind?, _ r: ScenarioReader, _ scope: ExpressionScope,
        view: ((Node, String, String) -> ViewTarget?)?, allowBool: Bool
    ) -> UserScene.Bound? {
        let ref = SourceRef(line: node.mark?.line ?? 1, column: node.mark?.column ?? 1, field: field)
        switch node {
        case .scalar(let s):
            let text = s.string
            if s.style == .plain || s.style == .any {
                if allowBool, ["true", "false", "yes", "no"].contains(text.lowercased()) {
                    return UserScene.Bound(binding: .number(["true", "yes"].contains(text.lowercased()) ? 1 : 0), ref: ref)
                }
                if let v = Double(text.replacingOccurrences(of: "_", with: "")), !text.lowercased().contains("inf"),
                    !text.lowercased().contains("nan")
                {
                    guard v.isFinite else {
                        r.report(node, field, "expected a finite number, got \(clip(text))"); return nil
                    }
                    if kind == .color {
                        r.report(node, field, "expected a color (\"#RRGGBB\", quoted), got the number \(text)"); return nil
                    }
                    return UserScene.Bound(binding: .number(v), ref: ref)
                }
                if text.isEmpty || text == "~" || text == "null" {
                    r.report(node, field, "expected \(kindWords(kind)), got nothing (null)" + r.quoteHint(node)); return nil
                }
            }
            if text.hasPrefix("#"), let c = Color(hex: text), [4, 7, 9].contains(text.count) {
                if kind == .number { r.report(node, field, "expected a number, got the color \(text)"); return nil }
                return UserScene.Bound(binding: .color(ColorValue(c)), ref: ref)
            }
            // A bare word where a color goes that names nothing: say how colors are written.
            if kind == .color, scope[text] == nil, scope.colorNames[text] == nil, !text.isEmpty,
                text.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || $0.properties.numericType != nil || $0 == "_" })
            {
                r.report(node, field, SystemColor.notAColor(text)); return nil
            }
            do {
                let e = try CompiledExpression.compile(text, scope: scope, expecting: kind)
                if let kind, e.kind != kind {
                    r.report(node, field, "expected \(kindWords(kind)), but \"\(clip(text))\" gives a \(e.kind.rawValue)"); return nil
                }
                if let v = e.literalNumber { return UserScene.Bound(binding: .number(v), ref: ref) }
                if let c = e.literalColor { return UserScene.Bound(binding: .color(c), ref: ref) }
                return UserScene.Bound(binding: .expression(e), ref: ref)
            } catch let error as ExpressionError {
                let (line, column) = position(of: node, character: error.position)
                r.issues.append(
                    ScenarioIssue(
                        file: r.file, line: line, column: column, field: field,
                        message: "in \"\(clip(text))\", character \(error.position + 1): \(error.message)"))
                return nil
            } catch {
                return nil
            }
        case .mapping:
            return keyframes(node, field, kind: kind, r, scope, view: view).map { UserScene.Bound(binding: .keyframes($0), ref: ref) }
        default:
            r.report(
                node, field, "expected \(kindWords(kind)), a formula in quotes or keyframes (a mapping with keyframes:), got \(r.describe(node))")
            return nil
        }
    }

    private static func kindWords(_ kind: ValueKind?) -> String {
        switch kind {
        case .number?: return "a number"
        case .color?: return "a color"
        case nil: return "a number or a color"
        }
    }

    /// At most 80 characters of a value for a message (`Suggestion.clip`).
    static func clip(_ s: String) -> String { Suggestion.clip(s) }

    private static func keyframes(
        _ node: Node, _ field: String, kind: ValueKind?, _ r: ScenarioReader, _ scope: ExpressionScope,
        view: ((Node, String, String) -> ViewTarget?)?
    ) -> Keyframes? {
        guard let m = r.mapping(node, field, allowed: keyframesKeys) else { return nil }
        guard let listNode = m["keyframes"] else {
            r.report(
                node, "\(field).keyframes",
                "missing; a mapping here is keyframes: give keyframes: [[at, value], ...] "
                    + "(or write a constant or a formula in quotes instead)")
            return nil
        }
        var driver = KeyframeDriver.offset
        var over = "offset"
        if let n = m["over"] {
            // A wrong driver is reported once: the keys that depend on it are not checked against it.
            guard let d = r.choice(n, "\(field).over", drivers) else { return nil }
            over = d
        }
        switch over {
        case "u": driver = .u
        case "time": driver = .time
        case "progress":
            guard let rn = m["range"] else {
                r.report(node, "\(field).range", "missing; over: progress needs range: [from, to], the offsets (points) where progress is 0 and 1")
                return nil
            }
            guard case .sequence(let seq) = rn, seq.count == 2,
                let a = r.number(Array(seq)[0], "\(field).range[0]", range: -1_000_000...1_000_000, unit: "points"),
                let b = r.number(Array(seq)[1], "\(field).range[1]", range: -1_000_000...1_000_000, unit: "points")
            else {
                if case .sequence(let seq) = rn, seq.count == 2 { return nil }
                r.report(rn, "\(field).range", "expected [from, to] in points of offset, got \(r.describe(rn))")
                return nil
            }
            if a == b { r.report(rn, "\(field).range", "from and to are both \(r.format(a)); give a range of some length"); return nil }
            driver = .progress(from: a, to: b)
        case "view":
            guard let vn = m["view"] else {
                r.report(node, "\(field).view", "missing; over: view needs view: NAME (a layer's name, or self)"); return nil
            }
            var range = ViewRange.cover
            if let rn = m["range"], let v = r.choice(rn, "\(field).range", ViewRange.allCases.map(\.rawValue)) { range = ViewRange(rawValue: v)! }
            guard let name = r.string(vn, "\(field).view") else { return nil }
            guard let view, var target = view(vn, name, "\(field).view") else {
                if view == nil { r.report(vn, "\(field).view", "a view timeline belongs to a layer's property; vars cannot use one") }
                return nil
            }
            (target.field, target.line, target.column) = ("\(field).view", vn.mark?.line ?? 1, vn.mark?.column ?? 1)
            driver = .view(target, range)
        default: break
        }
        let touch = over == "tap" || over == "longPress"
        if touch || over == "time" {
            guard let animation = animationDriver(m, node, field, over: over, r, view: view) else { return nil }
            if let animation { driver = animation }
        } else if let key = ["from", "duration", "curve", "spring"].first(where: { m[$0] != nil }) {
            r.report(m[key], "\(field).\(key)", "applies to an animation (over: tap, over: longPress or over: time); remove it or change over")
        }
        if !touch, let key = ["toggle", "begin"].first(where: { m[$0] != nil }) {
            r.report(
                m[key], "\(field).\(key)",
                "applies to an animation a touch starts (over: tap or over: longPress); remove it or change over")
        }
        if over != "progress" && over != "view", let rn = m["range"] {
            r.report(rn, "\(field).range", "applies to over: progress or over: view; remove it or change over")
        }
        if over != "view" && !touch, let vn = m["view"] {
            r.report(vn, "\(field).view", "applies to over: view, over: tap or over: longPress only; remove it or set over")
        }
        var defaultEasing = KeyframeEasing.named(.linear)
        if let en = m["easing"], let e = easing(en, "\(field).easing", r) { defaultEasing = e }
        // An animation's progress may pass 1 (a spring's overshoot): its last segment carries on.
        var extend = false
        if case .animation = driver { extend = true }
        if let on = m["outside"], let v = r.choice(on, "\(field).outside", ["clamp", "extend"]) { extend = v == "extend" }

        guard let list = r.sequence(listNode, "\(field).keyframes") else { return nil }
        if list.isEmpty { r.report(listNode, "\(field).keyframes", "the list is empty; add at least one [at, value]"); return nil }
        if list.count > maximumKeyframes {
            r.report(listNode, "\(field).keyframes", "\(list.count) keyframes, over the limit of \(maximumKeyframes)"); return nil
        }
        var stops: [Keyframes.Stop] = []
        var valueKind = kind
        var failed = false
        for (i, item) in list.enumerated() {
            let path = "\(field).keyframes[\(i)]"
            var atNode: Node?, valueNode: Node?, easingNode: Node?
            switch item {
            case .sequence(let seq) where seq.count == 2 || seq.count == 3:
                let a = Array(seq); atNode = a[0]; valueNode = a[1]; easingNode = a.count == 3 ? a[2] : nil
            case .mapping:
                guard let km = r.mapping(item, path, allowed: keyframeStopKeys) else { failed = true; continue }
                atNode = km["at"]; valueNode = km["value"]; easingNode = km["easing"]
                if atNode == nil {
                    r.report(item, "\(path).at", "missing; give where the keyframe sits on the driver (\(over))"); failed = true; continue
                }
                if valueNode == nil { r.report(item, "\(path).value", "missing; give the value at that point"); failed = true; continue }
            default:
                r.report(
                    item, path,
                    "expected [at, value] or [at, value, easing], got \(r.describe(item))"
                        + (item.sequence != nil ? "; a formula or cubic-bezier(...) with commas in it must be in quotes" : ""));
                failed = true; continue
            }
            guard let at = r.number(atNode!, "\(path).at", range: -1_000_000...1_000_000) else { failed = true; continue }
            guard let value = binding(valueNode!, "\(path).value", kind: valueKind, r, scope, view: nil) else { failed = true; continue }
            if case .keyframes = value.binding {
                r.report(valueNode!, "\(path).value", "keyframes cannot nest; give a number, a color or a formula"); failed = true; continue
            }
            valueKind = valueKind ?? value.binding.kind
            if let last = stops.last, at < last.at {
                r.report(atNode!, "\(path).at", "keyframes must be in order of at: \(r.format(at)) comes after \(r.format(last.at)); reorder them")
                failed = true
            }
            var e = defaultEasing
            if let en = easingNode, let parsed = easing(en, "\(path).easing", r) { e = parsed }
            stops.append(Keyframes.Stop(at: at, value: value.binding, easing: e))
        }
        guard !failed, !stops.isEmpty, let k = valueKind else { return nil }
        return Keyframes(driver: driver, stops: stops, extend: extend, kind: k)
    }

    /// `over: tap` or `over: longPress` (with `view`, and `toggle` and `begin`), or `over: time` with
    /// `from`, `duration`, `curve` or `spring`: the animation's driver; `.some(nil)` for plain
    /// `over: time`, nil when a problem was reported.
    private static func animationDriver(
        _ m: [String: Node], _ node: Node, _ field: String, over: String, _ r: ScenarioReader,
        view: ((Node, String, String) -> ViewTarget?)?
    ) -> KeyframeDriver?? {
        if over == "time" {
            guard ["from", "duration", "curve", "spring"].contains(where: { m[$0] != nil }) else { return .some(nil) }
            var from = 0.0
            if let fn = m["from"] {
                guard let v = r.number(fn, "\(field).from", range: 0...3600, unit: "seconds") else { return nil }
                from = v
            }
            guard let (duration, pacing) = animationTiming(m, node, field, r) else { return nil }
            return .animation(TimedAnimation(start: .time(from), duration: duration, pacing: pacing))
        }
        let touch = over == "tap" ? "tap" : "long press"
        guard let vn = m["view"] else {
            r.report(node, "\(field).view", "missing; over: \(over) needs view: NAME, the layer a \(touch) must hit (a layer's name, or self)")
            return nil
        }
        guard let name = r.string(vn, "\(field).view") else { return nil }
        guard let view, var target = view(vn, name, "\(field).view") else {
            if view == nil { r.report(vn, "\(field).view", "a \(touch) animation belongs to a layer's property; vars cannot use one") }
            return nil
        }
        (target.field, target.line, target.column) = ("\(field).view", vn.mark?.line ?? 1, vn.mark?.column ?? 1)
        if let fn = m["from"] {
            let when = over == "tap" ? "when its tap lifts" : "when its long press is recognized"
            r.report(fn, "\(field).from", "applies to over: time; a \(touch) animation starts \(when): remove from")
            return nil
        }
        var toggle = false
        if let tn = m["toggle"] {
            guard let v = r.bool(tn, "\(field).toggle") else { return nil }
            toggle = v
        }
        var fromCurrent = true
        if let bn = m["begin"] {
            guard let v = r.choice(bn, "\(field).begin", ["current", "start"]) else { return nil }
            fromCurrent = v == "current"
        }
        guard let (duration, pacing) = animationTiming(m, node, field, r) else { return nil }
        let start: TimedAnimation.Start = over == "tap" ? .tap(target) : .longPress(target)
        return .animation(TimedAnimation(start: start, duration: duration, pacing: pacing, toggle: toggle, fromCurrent: fromCurrent))
    }

    static let animationSpringKeys = ["dampingRatio", "response", "mass", "stiffness", "damping", "velocity"]

    /// An animation's `duration` with its `curve`, or its `spring`: the seconds it lasts (0 for a
    /// spring that runs until it settles) and how its progress goes.
    private static func animationTiming(_ m: [String: Node], _ node: Node, _ field: String, _ r: ScenarioReader) -> (Double, Pacing)? {
        var duration: Double?
        if let dn = m["duration"] {
            guard let v = r.number(dn, "\(field).duration", range: 0.001...3600, unit: "seconds") else { return nil }
            duration = v
        }
        if let cn = m["curve"], m["spring"] != nil {
            r.report(cn, "\(field).curve", "give curve or spring, not both; keep one")
            return nil
        }
        guard let sn = m["spring"] else {
            guard let duration else {
                r.report(
                    node, "\(field).duration",
                    "missing; an animation needs duration: SECONDS (with a curve, easeInOut by default) or a spring, e.g. duration: 0.3")
                return nil
            }
            var curve = CubicCurve.easeInOut
            if let cn = m["curve"] {
                guard let s = r.string(cn, "\(field).curve") else { return nil }
                if s == "default" {
                    curve = .caDefault
                } else if s == "hold" {
                    r.report(cn, "\(field).curve", "hold is a keyframe's easing, not a curve; use linear, easeIn, easeOut, easeInOut, default or cubic-bezier(x1, y1, x2, y2)")
                    return nil
                } else {
                    switch easing(cn, "\(field).curve", r) {
                    case .named(let e)?: curve = e.curve
                    case .cubicBezier(let a, let b, let c, let d)?: curve = CubicCurve(x1: a, y1: b, x2: c, y2: d)
                    default: return nil
                    }
                }
            }
            return (duration, .cubic(curve))
        }
        guard let sm = r.mapping(sn, "\(field).spring", allowed: animationSpringKeys) else { return nil }
        let f = "\(field).spring"
        var velocity = 0.0
        if let vn = sm["velocity"] {
            guard let v = r.number(vn, "\(f).velocity", range: -100...100) else { return nil }
            velocity = v
        }
        /// A damping ratio or coefficient: from 0.01 to `max`; at 0 or below, why a spring needs one.
        func damping(_ node: Node, _ key: String, upTo max: Double, _ advice: String) -> Double? {
            guard let v = r.number(node, "\(f).\(key)") else { return nil }
            guard (0.01...max).contains(v) else {
                r.report(
                    node, "\(f).\(key)",
                    v <= 0
                        ? "must be above 0 (0.01 to \(r.format(max))), got \(r.format(v)): a spring settles only with damping above 0; \(advice)"
                        : "must be between 0.01 and \(r.format(max)), got \(r.format(v))")
                return nil
            }
            return v
        }
        let physical = ["mass", "stiffness", "damping"].filter { sm[$0] != nil }
        if let rn = sm["dampingRatio"] {
            if let key = physical.first {
                r.report(sm[key], "\(f).\(key)", "give dampingRatio (with response or duration) or mass, stiffness and damping, not both")
                return nil
            }
            guard let ratio = damping(rn, "dampingRatio", upTo: 10, "1 settles without bouncing, 0.5 bounces") else { return nil }
            if let pn = sm["response"] {
                guard let response = r.number(pn, "\(f).response", range: 0.01...60, unit: "seconds") else { return nil }
                if let dn = m["duration"] {
                    r.report(
                        dn, "\(field).duration",
                        "a spring with a response runs until it settles; remove duration, or remove response to fit the spring into duration")
                    return nil
                }
                let w = 2 * Double.pi / response
                let k = w * w, c = 4 * Double.pi * ratio / response
                return (0, .spring(SpringCurve(mass: 1, stiffness: k, damping: c, initialVelocity: velocity)))
            }
            guard let duration else {
                r.report(
                    sn, "\(field).duration",
                    "missing; spring: {dampingRatio} alone is fitted into duration, as UIKit's usingSpringWithDamping: give duration: 0.5, or response: 0.5")
                return nil
            }
            return (duration, .fittedSpring(dampingRatio: ratio, initialVelocity: velocity))
        }
        if let pn = sm["response"] {
            r.report(pn, "\(f).response", "a response goes with dampingRatio; add dampingRatio: 0.8, or give mass, stiffness and damping")
            return nil
        }
        var spring = SpringCurve(mass: 1, stiffness: 100, damping: 10, initialVelocity: velocity)
        if let n = sm["mass"] { guard let v = r.number(n, "\(f).mass", range: 0.01...100) else { return nil }; spring.mass = v }
        if let n = sm["stiffness"] { guard let v = r.number(n, "\(f).stiffness", range: 1...10000) else { return nil }; spring.stiffness = v }
        if let n = sm["damping"] {
            guard let v = damping(n, "damping", upTo: 1000, "CASpringAnimation's default is 10") else { return nil }
            spring.damping = v
        }
        if let dn = m["duration"] {
            r.report(
                dn, "\(field).duration",
                "this spring runs until it settles (\(r.format((spring.settlingDuration * 1000).rounded() / 1000)) s); remove duration, "
                    + "or give spring: {dampingRatio} alone to fit it into duration")
            return nil
        }
        return (0, .spring(spring))
    }

    private static func easing(_ node: Node, _ field: String, _ r: ScenarioReader) -> KeyframeEasing? {
        guard let s = r.string(node, field) else { return nil }
        if s == "hold" { return .hold }
        if let e = Easing(rawValue: s) { return .named(e) }
        if s.hasPrefix("cubic-bezier(") && s.hasSuffix(")") {
            let parts = s.dropFirst(13).dropLast().split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
            if parts.count == 4, parts.allSatisfy({ $0 != nil && $0!.isFinite }) {
                let p = parts.map { $0! }
                if (0...1).contains(p[0]), (0...1).contains(p[2]) { return .cubicBezier(p[0], p[1], p[2], p[3]) }
                r.report(node, field, "cubic-bezier's x1 and x2 must be between 0 and 1, got \(r.format(p[0])) and \(r.format(p[2]))")
                return nil
            }
            r.report(node, field, "expected cubic-bezier(x1, y1, x2, y2) with four numbers, got \"\(clip(s))\"")
            return nil
        }
        let names = Easing.allCases.map(\.rawValue) + ["hold", "cubic-bezier(x1, y1, x2, y2)"]
        var message = "expected one of \(names.joined(separator: ", ")), got \"\(clip(s))\""
        if let suggestion = ScenarioReader.closest(to: s, in: Easing.allCases.map(\.rawValue) + ["hold"]) {
            message += "; did you mean \"\(suggestion)\"?"
        }
        r.report(node, field, message)
        return nil
    }
}

/// Reads layer mappings into specs, depth first (ids in the order of `ScenarioLoader.layerNames`).
struct LayerReader {
    let r: ScenarioReader
    let images: ImageResolver
    let scope: ExpressionScope
    let names: [(name: String, repeats: Int, root: Int)]
    let hasTableHeader: Bool
    /// Each name's first layer (a dictionary, so a file of many layers and views stays linear).
    let nameIndex: [String: Int]
    var all: [UserScene.LayerDraft] = []
    private var usedNames: [String: String] = [:]
    /// Where each `fit` ("id.width", "id.height") and each `stack` (by id) is written, for messages.
    var fitAt: [String: String] = [:]
    var stackAt: [Int: String] = [:]

    init(r: ScenarioReader, images: ImageResolver, scope: ExpressionScope, names: [(name: String, repeats: Int, root: Int)], hasTableHeader: Bool) {
        self.r = r; self.images = images; self.scope = scope; self.names = names; self.hasTableHeader = hasTableHeader
        var index: [String: Int] = [:]
        for (i, n) in names.enumerated() where !n.name.isEmpty && index[n.name] == nil { index[n.name] = i }
        nameIndex = index
    }

    mutating func read(_ node: Node, path: String, parent: UserScene.LayerDraft?) -> UserScene.LayerDraft? {
        let id = all.count
        let ref = SourceRef(line: node.mark?.line ?? 1, column: node.mark?.column ?? 1, field: path)
        guard let m = r.mapping(node, path, allowed: ScenarioLoader.layerKeys) else {
            // Keep ids aligned with the name table: a placeholder for the failed layer and its children.
            all.append(UserScene.LayerDraft(id: id, kind: .group, name: "", placement: .screen, path: path, ref: ref))
            return nil
        }
        var kind = UserScene.Kind.rectangle
        if let n = m["type"] {
            if let v = r.choice(n, "\(path).type", UserScene.Kind.allCases.map(\.rawValue)) { kind = UserScene.Kind(rawValue: v)! }
        } else {
            r.report(node, "\(path).type", "missing; give the layer's type: \(UserScene.Kind.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let placement = readPlacement(m, path: path, parent: parent)
        let name = readName(m, path: path)
        let spec = UserScene.LayerDraft(id: id, kind: kind, name: name, placement: placement, path: path, ref: ref)
        spec.parent = parent
        all.append(spec)
        if let n = m["repeat"] {
            if parent != nil {
                r.report(n, "\(path).repeat", "applies to top-level layers; repeat the parent instead")
            } else if let v = r.integer(n, "\(path).repeat", range: 1...1000) {
                spec.repeatCount = v
            }
        }
        reportKeysNotOf(kind, m, path: path)
        let view: (Node, String, String) -> ViewTarget? = { [names, nameIndex, r] node, text, field in
            LayerReader.viewTarget(text, node: node, field: field, reader: id, names: names, nameIndex: nameIndex, r: r)
        }
        func bind(_ key: String, _ property: UserScene.Property, _ valueNode: Node? = nil, field: String? = nil, allowBool: Bool = false) {
            guard let n = valueNode ?? m[key] else { return }
            if let kinds = property.kinds, !kinds.contains(kind) { return }
            if let b = ScenarioLoader.binding(
                n, field ?? "\(path).\(key)", kind: property.kind, r, scope, view: view, allowBool: allowBool,
                range: property.kind == .number ? property.range : nil, unit: property.unit)
            {
                spec.properties[property] = b
            }
        }
        func pair(_ key: String, _ a: UserScene.Property, _ b: UserScene.Property, _ what: String) {
            guard let n = m[key] else { return }
            if let kinds = a.kinds, !kinds.contains(kind) { return }
            guard case .sequence(let seq) = n, seq.count == 2 else {
                r.report(
                    n, "\(path).\(key)",
                    "expected \(what), got \(r.describe(n))"
                        + (n.sequence != nil ? "; a formula with commas in it must be in quotes" : ""));
                return
            }
            let items = Array(seq)
            bind(key, a, items[0], field: "\(path).\(key)[0]")
            bind(key, b, items[1], field: "\(path).\(key)[1]")
        }
        if let n = m["frame"] {
            let parts = ["x", "y", "width", "height"].filter { m[$0] != nil }
            if !parts.isEmpty {
                r.report(m[parts[0]], "\(path).\(parts[0])", "frame already gives x, y, width and height; keep frame or the separate keys")
            }
            if case .sequence(let seq) = n, seq.count == 4 {
                for (i, p) in [UserScene.Property.x, .y, .width, .height].enumerated() {
                    let item = Array(seq)[i]
                    if LayerReader.isFit(item) {
                        // Read by readFit; x and y have no content size.
                        if i < 2 { r.report(item, "\(path).frame[\(i)]", "fit applies to width and height; give the \(p.rawValue) in points") }
                        continue
                    }
                    bind("frame", p, item, field: "\(path).frame[\(i)]")
                }
            } else {
                r.report(
                    n, "\(path).frame",
                    "expected [x, y, width, height] in points (each a number or a formula), got \(r.describe(n))"
                        + (n.sequence != nil ? "; a formula with commas in it must be in quotes, as [16, \"max(0, offset)\", 100, 40]" : ""))
            }
        }
        if kind == .shape, let n = m["fillColor"], case .scalar(let sc) = n, sc.string == "none", sc.style == .plain {
            spec.noFill = true
        }
        for p in [
            UserScene.Property.x, .y, .width, .height, .translateX, .translateY, .opacity, .zPosition, .cornerRadius,
            .borderWidth, .borderColor, .shadowColor, .shadowOpacity, .shadowRadius, .fill, .size, .letterSpacing, .color,
            .blurRadius, .tint, .fillColor, .strokeColor, .lineWidth,
        ] where !(p == .fillColor && spec.noFill) && !(m["frame"] != nil && [.x, .y, .width, .height].contains(p)) {
            if [.x, .y].contains(p), LayerReader.isFit(m[p.rawValue]) {
                r.report(m[p.rawValue], "\(path).\(p.rawValue)", "fit applies to width and height; give the \(p.rawValue) in points")
                continue
            }
            if [.width, .height].contains(p), LayerReader.isFit(m[p.rawValue]) { continue }  // read by readFit
            bind(p.rawValue, p)
        }
        bind("hidden", .hidden, allowBool: true)
        pair("anchor", .anchorX, .anchorY, "[x, y] in unit coordinates ([0.5, 0.5] is the centre)")
        pair("startPoint", .startX, .startY, "[x, y] in unit coordinates ([0.5, 0] is the top centre)")
        pair("endPoint", .endX, .endY, "[x, y] in unit coordinates ([0.5, 1] is the bottom centre)")
        pair("shadowOffset", .shadowOffsetX, .shadowOffsetY, "[width, height] in points ([0, 3] moves the shadow 3 points down)")
        if let n = m["maskedCorners"], let v = LayerReader.corners(n, "\(path).maskedCorners", r) { spec.maskedCorners = v }
        if let n = m["shadowPath"], let v = LayerReader.path(n, "\(path).shadowPath", r) { spec.shadowPath = v }
        if let n = m["scale"] {
            if m["scaleX"] != nil || m["scaleY"] != nil {
                r.report(n, "\(path).scale", "scale sets both scaleX and scaleY; keep scale or the separate keys")
            } else if let b = ScenarioLoader.binding(
                n, "\(path).scale", kind: .number, r, scope, view: view,
                range: UserScene.Property.scaleX.range)
            {
                spec.properties[.scaleX] = b; spec.properties[.scaleY] = b
            }
        }
        bind("scaleX", .scaleX)
        bind("scaleY", .scaleY)
        if let n = m["masksToBounds"], let v = r.bool(n, "\(path).masksToBounds") { spec.masksToBounds = v }
        if let n = m["scroll"] { spec.scroll = ScenarioLoader.readScrollLayer(n, path, r, spec: spec, scope: scope) }

        readOwnKeys(of: kind, m, node: node, path: path, into: spec, view: view)
        readFit(m, node: node, path: path, spec: spec)
        readChildren(m, path: path, of: spec, parent: parent)
        return spec
    }

    /// `name:` ("" without one), which no other layer may have.
    private mutating func readName(_ m: [String: Node], path: String) -> String {
        guard let n = m["name"], let v = r.string(n, "\(path).name") else { return "" }
        if let other = usedNames[v] {
            r.report(n, "\(path).name", "\"\(ScenarioLoader.clip(v))\" is already the name of \(other); names must be unique")
        }
        usedNames[v] = path
        return v
    }

    // MARK: corners, paths, text

    /// `maskedCorners`' words: CACornerMask's names, UIRectCorner's, and sides.
    static let cornerWords: [(String, RectCorners)] = [
        ("layerMinXMinYCorner", .minXMinY), ("layerMaxXMinYCorner", .maxXMinY), ("layerMinXMaxYCorner", .minXMaxY),
        ("layerMaxXMaxYCorner", .maxXMaxY), ("topLeft", .minXMinY), ("topRight", .maxXMinY), ("bottomLeft", .minXMaxY),
        ("bottomRight", .maxXMaxY), ("top", [.minXMinY, .maxXMinY]), ("bottom", [.minXMaxY, .maxXMaxY]),
        ("left", [.minXMinY, .minXMaxY]), ("right", [.maxXMinY, .maxXMaxY]), ("allCorners", .all),
    ]

    /// A list of corner words (or one word); the empty list rounds no corner.
    static func corners(_ node: Node, _ field: String, _ r: ScenarioReader) -> RectCorners? {
        let items: [(Node, String)]
        if case .sequence(let seq) = node {
            items = seq.enumerated().map { ($1, "\(field)[\($0)]") }
        } else {
            items = [(node, field)]
        }
        var out: RectCorners = []
        var failed = false
        for (n, f) in items {
            if let w = r.choice(n, f, cornerWords.map(\.0)), let c = cornerWords.first(where: { $0.0 == w }) {
                out.formUnion(c.1)
            } else {
                failed = true
            }
        }
        return failed ? nil : out
    }

    static let pathPieceKeys: [(String, [String])] = [
        ("rect", ["rect", "cornerRadius", "maskedCorners"]), ("oval", ["oval"]),
        ("arcCenter", ["arcCenter", "radius", "startAngle", "endAngle", "clockwise"]), ("points", ["points", "closed"]),
    ]
    /// Pieces of a path, and points in a `points:` piece, at most.
    static let maximumPathPieces = 100
    static let maximumPathPoints = 1000

    /// A path: one piece or a list of them, each a subpath written as UIBezierPath makes it:
    /// `{rect: [x, y, width, height], cornerRadius: r, maskedCorners: [...]}`, `{oval: [x, y, width, height]}`,
    /// `{arcCenter: [x, y], radius: r, startAngle: a, endAngle: b, clockwise: true}` (radians) or
    /// `{points: [[x, y], ...], closed: false}`. Numbers are constants, in the layer's points.
    static func path(_ node: Node, _ field: String, _ r: ScenarioReader) -> Path? {
        let items: [(Node, String)]
        if case .sequence(let seq) = node {
            items = seq.enumerated().map { ($1, "\(field)[\($0)]") }
            if items.isEmpty { r.report(node, field, "the list is empty; give at least one piece, e.g. {oval: [0, 0, 40, 40]}"); return nil }
            if items.count > maximumPathPieces {
                r.report(node, field, "\(items.count) pieces, over the limit of \(maximumPathPieces)"); return nil
            }
        } else {
            items = [(node, field)]
        }
        let allKeys = pathPieceKeys.flatMap(\.1)
        var out = Path()
        var failed = false
        func num(_ n: Node?, _ f: String, _ range: ClosedRange<Double> = -100_000...100_000, unit: String = "points") -> Double? {
            guard let n else { return nil }
            let v = r.number(n, f, range: range, unit: unit)
            if v == nil { failed = true }
            return v
        }
        func numbers(_ n: Node, _ f: String, _ count: Int, _ what: String) -> [Double]? {
            guard case .sequence(let seq) = n, seq.count == count else {
                r.report(n, f, "expected \(what), got \(r.describe(n))"); failed = true; return nil
            }
            let v = seq.enumerated().map { num($1, "\(f)[\($0)]") }
            return v.contains { $0 == nil } ? nil : v.map { $0! }
        }
        for (n, f) in items {
            guard let m = r.mapping(n, f, allowed: allKeys) else { failed = true; continue }
            let kinds = pathPieceKeys.filter { m[$0.0] != nil }
            guard kinds.count == 1 else {
                r.report(
                    n, f,
                    kinds.isEmpty
                        ? "expected a piece of path: rect: [x, y, width, height], oval: [x, y, width, height], "
                            + "arcCenter: [x, y] (with radius, startAngle, endAngle) or points: [[x, y], ...]"
                        : "\(kinds.map(\.0).joined(separator: " and ")) in one piece; give each its own item of a list")
                failed = true; continue
            }
            let (kind, own) = kinds[0]
            for key in allKeys where m[key] != nil && !own.contains(key) {
                let owner = pathPieceKeys.first { $0.1.contains(key) }!.0
                r.report(m[key], "\(f).\(key)", "belongs to a \(owner) piece, not to \(kind == "oval" ? "an" : "a") \(kind) piece; remove it")
                failed = true
            }
            switch kind {
            case "rect", "oval":
                guard let v = numbers(m[kind]!, "\(f).\(kind)", 4, "[x, y, width, height] in points") else { continue }
                let rect = Rect(x: v[0], y: v[1], width: v[2], height: v[3])
                if kind == "oval" { out.addPath(.ellipse(in: rect)); continue }
                let radius = num(m["cornerRadius"], "\(f).cornerRadius", 0...100_000) ?? 0
                var corners = RectCorners.all
                if let c = m["maskedCorners"] {
                    if let v = LayerReader.corners(c, "\(f).maskedCorners", r) { corners = v } else { failed = true }
                }
                out.addPath(.continuousRoundedRect(rect, cornerRadius: radius, corners: corners))
            case "arcCenter":
                guard let c = numbers(m["arcCenter"]!, "\(f).arcCenter", 2, "[x, y] in points") else { continue }
                let missing = ["radius", "startAngle", "endAngle"].filter { m[$0] == nil }
                if !missing.isEmpty {
                    r.report(
                        n, "\(f).\(missing[0])",
                        "missing \(missing.joined(separator: " and ")); an arc needs radius (points), startAngle and endAngle "
                            + "(radians from the +x axis, clockwise on screen: -1.5707963 is the top)")
                    failed = true
                }
                guard missing.isEmpty, let radius = num(m["radius"], "\(f).radius", 0...100_000),
                    let a0 = num(m["startAngle"], "\(f).startAngle", -1000...1000, unit: "radians"),
                    let a1 = num(m["endAngle"], "\(f).endAngle", -1000...1000, unit: "radians")
                else { continue }
                var clockwise = true
                if let cw = m["clockwise"] {
                    if let v = r.bool(cw, "\(f).clockwise") { clockwise = v } else { failed = true }
                }
                var arc = Path()
                arc.addArc(center: Point(c[0], c[1]), radius: radius, startAngle: a0, endAngle: a1, clockwise: clockwise)
                out.addPath(arc)
            default:
                guard let list = r.sequence(m["points"]!, "\(f).points") else { failed = true; continue }
                if list.count < 2 || list.count > maximumPathPoints {
                    r.report(
                        m["points"], "\(f).points",
                        list.count < 2 ? "give at least two points [x, y]" : "\(list.count) points, over the limit of \(maximumPathPoints)")
                    failed = true; continue
                }
                var line = Path()
                for (i, item) in list.enumerated() {
                    guard let p = numbers(item, "\(f).points[\(i)]", 2, "[x, y] in points") else { break }
                    line.addLine(to: Point(p[0], p[1]))
                }
                if let cl = m["closed"] {
                    if let v = r.bool(cl, "\(f).closed") { if v { line.closeSubpath() } } else { failed = true }
                }
                out.addPath(line)
            }
        }
        return failed ? nil : out
    }

    /// A text layer's text cut at its `{formula}` parts (`{{` and `}}` write a brace), or nil when
    /// it has none. Each formula is a number; a bad one is refused at its place in the file.
    static func textParts(
        _ text: String, _ node: Node, _ field: String, _ r: ScenarioReader, _ scope: ExpressionScope,
        view: @escaping (Node, String, String) -> ViewTarget?
    ) -> [TextPart]? {
        guard text.contains("{") || text.contains("}") else { return nil }
        var parts: [TextPart] = []
        var literal = ""
        let chars = Array(text)
        var i = 0
        var failed = false
        func report(_ at: Int, _ message: String) {
            let (line, column) = ScenarioLoader.position(of: node, character: at)
            r.issues.append(ScenarioIssue(file: r.file, line: line, column: column, field: field, message: message))
            failed = true
        }
        while i < chars.count {
            let c = chars[i]
            if c == "}" {
                if i + 1 < chars.count, chars[i + 1] == "}" { literal.append("}"); i += 2; continue }
                report(i, "a } without its {: write }} for a brace in the text"); i += 1; continue
            }
            guard c == "{" else { literal.append(c); i += 1; continue }
            if i + 1 < chars.count, chars[i + 1] == "{" { literal.append("{"); i += 2; continue }
            guard let close = chars[(i + 1)...].firstIndex(of: "}") else {
                report(i, "a { without its }: close the formula (\"Track {index + 1}\"), or write {{ for a brace in the text")
                break
            }
            let formula = String(chars[(i + 1)..<close])
            if !literal.isEmpty { parts.append(.literal(literal)); literal = "" }
            do {
                let e = try CompiledExpression.compile(formula, scope: scope)
                guard e.kind == .number else {
                    report(i + 1, "in {\(ScenarioLoader.clip(formula))}: a text shows numbers, but this formula gives a \(e.kind.rawValue)")
                    i = close + 1; continue
                }
                let ref = SourceRef(
                    line: ScenarioLoader.position(of: node, character: i + 1).0, column: ScenarioLoader.position(of: node, character: i + 1).1,
                    field: field)
                var binding = Binding.expression(e)
                if let v = e.literalNumber { binding = .number(v) }
                parts.append(.number(UserScene.Bound(binding: binding, ref: ref)))
            } catch let error as ExpressionError {
                report(i + 1 + error.position, "in {\(ScenarioLoader.clip(formula))}, character \(error.position + 1): \(error.message)")
            } catch {
                failed = true
            }
            i = close + 1
        }
        if !literal.isEmpty { parts.append(.literal(literal)) }
        return failed ? nil : parts
    }

    /// `self`, `name` or `name.N` (an instance of a repeated layer).
    static func viewTarget(
        _ text: String, node: Node, field: String, reader: Int, names: [(name: String, repeats: Int, root: Int)],
        nameIndex: [String: Int], r: ScenarioReader
    ) -> ViewTarget? {
        if text == "self" { return ViewTarget(name: "self", spec: nil, instance: nil) }
        var base = text, instance: Int?
        if nameIndex[text] == nil, let dot = text.lastIndex(of: "."), let n = Int(text[text.index(after: dot)...]) {
            base = String(text[..<dot]); instance = n
        }
        guard !base.isEmpty, let index = nameIndex[base] else {
            var message = "no layer is named \"\(ScenarioLoader.clip(text))\""
            if let s = ScenarioReader.closest(to: base, in: names.prefix(2000).map(\.name).filter { !$0.isEmpty }) {
                message += "; did you mean \"\(s)\"?"
            } else {
                message += "; name the layer (name: ...) or use view: self"
            }
            r.report(node, field, message)
            return nil
        }
        let target = names[index]
        if let instance {
            guard target.repeats > 1, instance < target.repeats else {
                r.report(
                    node, field,
                    target.repeats > 1
                        ? "\(base) repeats \(target.repeats) times: instances are \(base).0 to \(base).\(target.repeats - 1)"
                        : "\(base) is not repeated; name it without .\(instance)")
                return nil
            }
        } else if target.repeats > 1, names[reader].root != target.root {
            r.report(
                node, field,
                "\(base) repeats \(target.repeats) times: name one instance (\(base).0 to \(base).\(target.repeats - 1)), or use view: self inside it"
            )
            return nil
        }
        return ViewTarget(name: text, spec: index, instance: instance)
    }
}

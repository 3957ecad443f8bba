import Raster
import Scene
import Yams

// The parts of a layer mapping `LayerReader.read` hands off: where a top-level layer lives, the
// keys its type does not have, the keys only its type has, and its children.
extension LayerReader {
    /// `in:` (a top-level layer's; a child lives in its parent).
    func readPlacement(_ m: [String: Node], path: String, parent: UserScene.LayerDraft?) -> UserScene.Placement {
        var placement = parent?.placement ?? .screen
        if let n = m["in"] {
            if parent != nil {
                r.report(n, "\(path).in", "applies to top-level layers; a child lives in its parent, remove it")
            } else if let v = r.choice(n, "\(path).in", UserScene.Placement.allCases.map(\.rawValue)) {
                placement = UserScene.Placement(rawValue: v)!
                if placement == .tableHeader && !hasTableHeader {
                    r.report(n, "\(path).in", "the scroll view has no table header view; declare scrollView: {tableHeaderView: {height: 44}}")
                }
            }
        }
        return placement
    }

    /// Reports each key the layer's type does not have (a key only some types have).
    func reportKeysNotOf(_ kind: UserScene.Kind, _ m: [String: Node], path: String) {
        for key in ScenarioLoader.layerKeys where m[key] != nil {
            if let kinds = ScenarioLoader.layerKeyKinds[key], !kinds.contains(kind) {
                let names = kinds.map(\.rawValue)
                let owners = names.count > 2 ? names.dropLast().joined(separator: ", ") + " and " + names.last! : names.joined(separator: " and ")
                let article = ["a", "e", "i", "o", "u"].contains(kind.rawValue.prefix(1)) ? "an" : "a"
                // A rectangle's, group's or shape's color is its fill (what a new user writes first).
                let fix =
                    key == "color" && ScenarioLoader.layerKeyKinds["fill"]!.contains(kind) && m["fill"] == nil
                    ? "write fill: for the color it is filled with" : "remove it or change the type"
                r.report(m[key], "\(path).\(key)", "\(article) \(kind.rawValue) layer has no \(key) (\(owners) layers do); \(fix)")
            }
        }
    }

    /// The keys only the layer's type has: an image's file, a text's text and style, a gradient's
    /// colors, a symbol's name, a shape's path.
    func readOwnKeys(
        of kind: UserScene.Kind, _ m: [String: Node], node: Node, path: String, into spec: UserScene.LayerDraft,
        view: @escaping (Node, String, String) -> ViewTarget?
    ) {
        switch kind {
        case .image:
            var scale = 1.0
            if let n = m["imageScale"], let v = r.number(n, "\(path).imageScale", range: 1...4) { scale = v }
            if let n = m["image"] {
                spec.image = images.load(n, "\(path).image", scale: scale)
            } else {
                r.report(node, "\(path).image", "missing; give the image file (PNG or JPEG, relative to the scenario)")
            }
            spec.contentMode = .scaleToFill
            if let n = m["blur"], let v = r.number(n, "\(path).blur", range: 0...100, unit: "points") { spec.imageBlur = v }
            // Our names or UIKit's (scaleAspectFill ...), the same modes.
            if let n = m["contentMode"], let v = r.choice(n, "\(path).contentMode", ContentMode.names) {
                spec.contentMode = ContentMode(named: v)!
            }
        case .text:
            if let n = m["runs"] {
                if m["text"] != nil { r.report(m["text"], "\(path).text", "runs already give the text; keep text or runs") }
                spec.runs = ScenarioLoader.readRuns(n, "\(path).runs", r) { ScenarioLoader.binding($0, $1, kind: .color, r, scope, view: view) } ?? []
            } else if let n = m["text"] {
                if let v = r.text(n, "\(path).text", allowEmpty: true) {
                    spec.text = v
                    spec.textParts = LayerReader.textParts(v, n, "\(path).text", r, scope, view: view)
                }
            } else {
                r.report(node, "\(path).text", "missing; give the text to draw")
            }
            if let n = m["style"], let v = r.choice(n, "\(path).style", TextStyle.allCases.map(\.rawValue)) {
                spec.textStyle = TextStyle(rawValue: v)!
                spec.weight = spec.textStyle!.weight
            }
            if let n = m["weight"], let v = r.choice(n, "\(path).weight", FontWeight.allCases.map(\.rawValue)) {
                spec.weight = FontWeight(rawValue: v)!
            }
            if let n = m["alignment"], let v = r.choice(n, "\(path).alignment", ["left", "center", "right", "natural"]) {
                spec.alignment = TextAlignment(rawValue: v)!
            }
            if let n = m["lines"], let v = r.integer(n, "\(path).lines", range: 0...1000) { spec.lines = v }
        case .gradient:
            if let n = m["colors"], let list = r.sequence(n, "\(path).colors") {
                if list.isEmpty { r.report(n, "\(path).colors", "the list is empty; give at least two colors") }
                if list.count > ScenarioLoader.maximumGradientColors {
                    r.report(n, "\(path).colors", "\(list.count) colors, over the limit of \(ScenarioLoader.maximumGradientColors)")
                }
                spec.gradientColors = list.enumerated().compactMap { i, item in
                    ScenarioLoader.binding(item, "\(path).colors[\(i)]", kind: .color, r, scope, view: view)
                }
            } else if m["colors"] == nil {
                r.report(node, "\(path).colors", "missing; give the gradient's colors, e.g. [\"#00000000\", \"#00000099\"]")
            }
            if let n = m["locations"], let list = r.sequence(n, "\(path).locations") {
                if let colors = m["colors"].flatMap({ if case .sequence(let s) = $0 { return s.count } else { return nil } }), colors != list.count {
                    r.report(n, "\(path).locations", "\(list.count) locations for \(colors) colors; give one location (0-1) per color")
                }
                spec.gradientLocations = list.enumerated().compactMap { i, item in
                    ScenarioLoader.binding(item, "\(path).locations[\(i)]", kind: .number, r, scope, view: view, range: -1000...1000)
                }
            }
        case .symbol:
            readSymbol(m, node: node, path: path, into: spec)
        case .shape:
            if let n = m["path"] {
                if let v = LayerReader.path(n, "\(path).path", r) { spec.shapePath = v }
            } else {
                r.report(node, "\(path).path", "missing; give the shape's path, e.g. {oval: [0, 0, 40, 40]} (see docs/layer-language.md, Paths)")
            }
            if let n = m["fillRule"], let v = r.choice(n, "\(path).fillRule", ["nonZero", "evenOdd"]) { spec.evenOddFill = v == "evenOdd" }
            if let n = m["lineCap"], let v = r.choice(n, "\(path).lineCap", LineCap.allCases.map(\.rawValue)) { spec.lineCap = LineCap(rawValue: v)! }
            if let n = m["lineJoin"], let v = r.choice(n, "\(path).lineJoin", LineJoin.allCases.map(\.rawValue)) {
                spec.lineJoin = LineJoin(rawValue: v)!
            }
            if let n = m["miterLimit"], let v = r.number(n, "\(path).miterLimit", range: 0...1000) { spec.miterLimit = v }
        default:
            break
        }
    }

    /// `children:`, read depth first, unless the layer already nests as deep as layers may.
    mutating func readChildren(_ m: [String: Node], path: String, of spec: UserScene.LayerDraft, parent: UserScene.LayerDraft?) {
        var depth = 1
        for ancestor in sequence(first: parent, next: { $0?.parent }) where ancestor != nil { depth += 1 }
        if let n = m["children"], depth >= ScenarioLoader.maximumLayerDepth, n.sequence?.isEmpty == false {
            r.report(
                n, "\(path).children",
                "layers nest \(depth + 1) levels deep here, over the limit of \(ScenarioLoader.maximumLayerDepth); "
                    + "flatten the tree: move the deeper layers up into an ancestor, adding up the x and y of the layers between")
        } else if let n = m["children"], let list = r.sequence(n, "\(path).children") {
            for (i, item) in list.enumerated() {
                if let child = read(item, path: "\(path).children[\(i)]", parent: spec) { spec.children.append(child) }
            }
        }
    }
}

import Foundation
import Raster
import Scene
import Yams

/// `render-frames expand`: a scenario that uses a preset (`effect: profile`, `stretchyTable`,
/// `collection`, or the plain table of `none`) written out in the layer language only: vars,
/// a declared scroll view and layers whose properties are the preset's formulas. Rendering the
/// expansion gives the same frames, byte for byte (tested for every fixture that uses a preset).
///
/// Each preset's file (`ProfilePreset.swift`, ...) writes its own layers; this one carries what
/// they share: the chrome, the content, the scroll view, and the file around them.
public enum PresetExpansion {
    /// A scenario `expand` cannot write in the layer language.
    public enum Failure: Error, CustomStringConvertible {
        /// A matrix: an expansion is written for one device (the variants' count).
        case matrix(path: String, variants: Int)
        /// A file whose top level is not a mapping.
        case notAMapping(path: String)

        public var description: String {
            switch self {
            case .matrix(let path, let variants):
                "\(path): its matrix makes \(variants) variants, and an expansion is written "
                    + "for one device; remove matrix: from a copy, set its device, appearance, orientation and textSize, and expand that"
            case .notAMapping(let path): "\(path): not a mapping at the top level"
            }
        }
    }

    /// The expansion of the scenario at `path`, as YAML. `outputPath` (the file it will be written
    /// to, if any) rebases image paths so they still point at the same files.
    public static func expand(path: String, outputPath: String? = nil) throws -> String {
        let scenario = try ScenarioLoader.load(path: path)
        // A preset's formulas are written with one device's numbers (and text size): a matrix's variants need one expansion each.
        if !scenario.variantNames.isEmpty {
            throw Failure.matrix(path: path, variants: scenario.variantNames.count)
        }
        let text = ScenarioLoader.withoutByteOrderMark(try String(contentsOfFile: path, encoding: .utf8))
        guard case .mapping(let root)? = try Yams.compose(yaml: text) else {
            throw Failure.notAMapping(path: path)
        }
        var original: [String: Node] = [:]
        for (k, v) in root { if let key = k.string { original[key] = v } }
        let screen = scenario.screen
        if screen.preset == nil, screen.scene != nil {
            // Already in the layer language.
            return text
        }
        let from = path.parentPath
        let to = outputPath.map { $0.parentPath } ?? from
        var b = ExpansionBuilder(screen: screen, original: original, imageBase: from, outputBase: to)
        // The preset's formulas hold its texts' sizes and heights, set in the screen's typography
        // (the scenario's fonts at its text size), as the loader set them.
        if let preset = screen.preset as? any Preset { preset.expand(&b) } else { PlainTablePreset.expand(&b) }
        // The scenario's own vars and layers over the preset come after the preset's (the loader
        // has checked that their names differ).
        if case .mapping(let own)? = original["vars"] {
            for (k, v) in own { b.vars.append((k.string ?? "", v)) }
        }
        if case .sequence(let own)? = original["layers"] { b.layers += own.map { b.rebasingImages($0) } }
        return try b.document(source: path)
    }

    /// What the loader reads in place of a preset scenario's `vars`, `scrollView`, `layers` and
    /// `statusBar`: the preset's, followed by the scenario's own (`top`). Image paths are kept as
    /// written, so the images already loaded for the preset are the ones its layers draw.
    static func sceneKeys(
        _ preset: any Preset, screen: Screen, top: [String: Node]
    ) -> (
        keys: [String: Node], presetVars: [String],
        presetLayers: Int
    ) {
        var b = ExpansionBuilder(screen: screen, original: top, imageBase: "", outputBase: "", rebases: false)
        preset.expand(&b)
        var keys = top
        let presetVars = b.vars.map(\.0)
        var vars = b.vars.map { (ExpansionBuilder.word($0.0), $0.1) }
        if case .mapping(let own)? = top["vars"] {
            vars += own.filter { !presetVars.contains($0.key.string ?? "") }.map { ($0.key, $0.value) }
        }
        if !vars.isEmpty { keys["vars"] = .mapping(.init(vars, .implicit, .block)) }
        keys["scrollView"] = ExpansionBuilder.map(b.scrollView)
        var layers = b.layers
        if case .sequence(let own)? = top["layers"] { layers += own }
        keys["layers"] = .sequence(.init(layers, .implicit, .block))
        if !PresetExpansion.setsStatusBarColor(top["statusBar"]) { keys["statusBar"] = ExpansionBuilder.map([("color", b.statusBarColor())]) }
        return (keys, presetVars, b.layers.count)
    }

    /// True when the scenario's `statusBar` says its color (content or color): then the preset's
    /// own color gives way; the items alone (time, carrier, battery ...) keep it.
    static func setsStatusBarColor(_ node: Node?) -> Bool {
        guard case .mapping(let m)? = node else { return node != nil }
        return m.contains { ["content", "color"].contains($0.key.string ?? "") }
    }
}

/// What an expansion writes, gathered by the preset's file.
struct ExpansionBuilder {
    let screen: Screen
    let original: [String: Node]
    let imageBase: String
    let outputBase: String
    /// False: image paths are written as the scenario has them (the loader's in-memory expansion).
    let rebases: Bool
    /// Comment lines at the top of the file: the preset's formulas.
    var notes: [String] = []
    var vars: [(String, Node)] = []
    var scrollView: [(String, Node)] = []
    var layers: [Node] = []

    init(screen: Screen, original: [String: Node], imageBase: String, outputBase: String, rebases: Bool = true) {
        self.screen = screen; self.original = original; self.imageBase = imageBase; self.outputBase = outputBase
        self.rebases = rebases
    }

    var width: Double { screen.device.size.width }

    // MARK: Nodes

    static func num(_ v: Double) -> Node { .scalar(.init(formatNumber(v), .implicit, .plain)) }
    static func word(_ s: String) -> Node { .scalar(.init(s, .implicit, .plain)) }
    static func text(_ s: String) -> Node { .scalar(.init(s, .implicit, .doubleQuoted)) }
    static func color(_ c: Color) -> Node { text(c.hexString) }
    /// A text layer's text as written: braces doubled, so `{...}` in a title is not a formula.
    static func literal(_ s: String) -> Node { text(s.replacingOccurrences(of: "{", with: "{{").replacingOccurrences(of: "}", with: "}}")) }
    static func flow(_ items: [Node]) -> Node { .sequence(.init(items, .implicit, .flow)) }
    static func map(_ pairs: [(String, Node)], flow: Bool = false) -> Node {
        .mapping(.init(pairs.map { (word($0.0), $0.1) }, .implicit, flow ? .flow : .block))
    }
    static func frame(_ r: Rect) -> Node { flow([num(r.minX), num(r.minY), num(r.width), num(r.height)]) }
    /// A frame whose width is a formula of the screen's (`screen.width - 32`): the expansion keeps
    /// working on another device.
    static func frame(_ r: Rect, width: String) -> Node { flow([num(r.minX), num(r.minY), text(width), num(r.height)]) }

    /// The original scenario's image path under `key` of `section` (header.image, ...), rebased
    /// from the scenario's folder to the output's.
    func imagePath(_ section: String, _ key: String = "image") -> Node? {
        guard case .mapping(let m)? = original[section], let path = m.first(where: { $0.key.string == key })?.value.string else { return nil }
        return ExpansionBuilder.text(rebase(path))
    }

    func originalValue(_ section: String, _ key: String) -> Node? {
        guard case .mapping(let m)? = original[section] else { return nil }
        return m.first { $0.key.string == key }?.value
    }

    func rebase(_ path: String) -> String {
        if path.hasPrefix("/") || !rebases { return path }
        let absolute = ExpansionBuilder.absolute(imageBase.isEmpty ? path : imageBase + "/" + path)
        let base = ExpansionBuilder.absolute(outputBase.isEmpty ? "." : outputBase)
        let a = absolute.split(separator: "/"), b = base.split(separator: "/")
        var common = 0
        while common < min(a.count, b.count), a[common] == b[common] { common += 1 }
        // Nothing in common but the root: the absolute path reads better than ../../../.
        if common == 0 { return absolute }
        let parts = Array(repeating: "..", count: b.count - common) + a[common...].map(String.init)
        return parts.joined(separator: "/")
    }

    /// A copy of `node` whose `image` and `photo` paths are rebased (mail messages, grid items).
    func rebasingImages(_ node: Node) -> Node {
        switch node {
        case .mapping(let m):
            let pairs = m.map { (k, v) -> (Node, Node) in
                if ["image", "photo"].contains(k.string ?? ""), let path = v.string { return (k, ExpansionBuilder.text(rebase(path))) }
                return (k, rebasingImages(v))
            }
            return .mapping(.init(pairs, m.tag, m.style))
        case .sequence(let s):
            return .sequence(.init(s.map { rebasingImages($0) }, s.tag, s.style))
        default:
            return node
        }
    }

    /// A copy of `fonts:` whose font files (a role's path or `file:`, each `fallback` entry) are rebased.
    func rebasingFonts(_ node: Node) -> Node {
        switch node {
        case .scalar(let s): return .scalar(.init(rebase(s.string), s.tag, s.style))
        case .mapping(let m):
            let pairs = m.map { (k, v) -> (Node, Node) in
                // `index` and `weight` are numbers; every other value holds a file.
                if ["index", "weight"].contains(k.string ?? "") { return (k, v) }
                return (k, rebasingFonts(v))
            }
            return .mapping(.init(pairs, m.tag, m.style))
        case .sequence(let s):
            return .sequence(.init(s.map { rebasingFonts($0) }, s.tag, s.style))
        default:
            return node
        }
    }

    static func absolute(_ path: String) -> String {
        let full = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        return (full as NSString).standardizingPath
    }

    /// An image layer's keys: the file and its scale (as read: the loaded `image`).
    func imageKeys(_ section: String, _ image: SceneImage?) -> [(String, Node)] {
        var keys: [(String, Node)] = []
        if let p = imagePath(section) { keys.append(("image", p)) }
        if let image, originalValue(section, "imageScale") != nil { keys.append(("imageScale", ExpansionBuilder.num(image.scale))) }
        return keys
    }

    // MARK: The document

    /// The status bar's color as the preset's screen sets it, as a binding.
    mutating func statusBarColor() -> Node {
        let p = screen.palette
        let overPhoto = (screen.preset as? any Preset).map { type(of: $0).overPhoto } ?? false
        switch screen.navigationStyle {
        case .floating: return ExpansionBuilder.color(.white)
        case .fading where overPhoto:
            let f = screen.navigation.fade
            return ExpansionBuilder.text(
                "clamp((offset - \(formatNumber(f.start))) / \(formatNumber(f.length)), 0, 1) >= 0.5 ? "
                    + "\(p.label.hexString) : #FFFFFF")
        case .hidden where overPhoto: return ExpansionBuilder.color(.white)
        default: return ExpansionBuilder.color(p.label)
        }
    }

    func navigationBar() -> Node {
        if screen.navigationStyle == .hidden { return ExpansionBuilder.word("false") }
        var pairs: [(String, Node)] = [("style", ExpansionBuilder.word(screen.navigationStyle.rawValue))]
        if case .mapping(let m)? = original["navigationBar"] {
            for (k, v) in m where k.string != "style" { pairs.append((k.string ?? "", v)) }
        }
        return ExpansionBuilder.map(pairs, flow: pairs.count <= 3)
    }

    /// The content, written out where the preset had a default or a count of its own.
    func content() -> (String, Node) {
        switch screen.content {
        case .rows(let rows):
            var pairs: [(String, Node)] = [("count", ExpansionBuilder.num(Double(rows.count)))]
            if rows.height != 44 { pairs.append(("height", ExpansionBuilder.num(rows.height))) }
            if let texts = originalValue("rows", "texts") {
                pairs.append(("texts", texts))
                if let seed = originalValue("rows", "seed") { pairs.append(("seed", seed)) }
            } else if !rows.texts.isEmpty {
                // The preset's default: seeded UUIDs (the stretchy table's).
                pairs.append(("texts", ExpansionBuilder.word("uuid")))
                pairs.append(("seed", ExpansionBuilder.num(1)))
            }
            // On one line unless it carries a list of texts.
            let listOfTexts = originalValue("rows", "texts")?.sequence != nil
            return ("rows", ExpansionBuilder.map(pairs, flow: pairs.count <= 3 && !listOfTexts))
        case .mail:
            return ("mail", rebasingImages(original["mail"]!))
        case .table:
            return ("table", rebasingImages(original["table"]!))
        case .grid(let g):
            if let node = original["grid"] { return ("grid", rebasingImages(node)) }
            return (
                "grid",
                ExpansionBuilder.map([
                    ("count", ExpansionBuilder.num(Double(g.count))),
                    (
                        "itemSize",
                        ExpansionBuilder.map(
                            [
                                ("width", ExpansionBuilder.num(g.itemSize.width)),
                                ("height", ExpansionBuilder.num(g.itemSize.height)),
                            ], flow: true)
                    ),
                ])
            )
        }
    }

    /// `scrollIndicatorInsets` that keep the preset's indicator track (iOS adjusts the indicator
    /// for the safe area; a preset's custom bar is not part of it).
    mutating func indicatorInsets(presetTrackTop: Double) {
        let top = presetTrackTop - screen.automaticInsetTop
        if top != 0 { scrollView.append(("scrollIndicatorInsets", ExpansionBuilder.map([("top", ExpansionBuilder.num(top))], flow: true))) }
    }

    func document(source: String) throws -> String {
        var top: [(String, Node)] = []
        for key in ["device", "orientation", "fps", "scale", "appearance", "textSize", "background"] + ChromeParts.keys(.withSettings) {
            if let v = original[key] { top.append((key, v)) }
        }
        if let fonts = original["fonts"] { top.append(("fonts", rebasingFonts(fonts))) }
        top.append(("navigationBar", navigationBar()))
        var me = self
        if PresetExpansion.setsStatusBarColor(original["statusBar"]) {
            top.append(("statusBar", original["statusBar"]!))
        } else {
            // The scenario's items (time, carrier, battery ...) with the preset's color.
            var pairs: [(String, Node)] = []
            if case .mapping(let m)? = original["statusBar"] { pairs = m.map { ($0.key.string ?? "", $0.value) } }
            top.append(("statusBar", ExpansionBuilder.map(pairs + [("color", me.statusBarColor())], flow: pairs.isEmpty)))
        }
        for key in ChromeParts.keys(.asGiven) {
            if let v = original[key] { top.append((key, v)) }
        }
        if !vars.isEmpty { top.append(("vars", ExpansionBuilder.map(vars))) }
        top.append(("scrollView", ExpansionBuilder.map(scrollView)))
        top.append(content())
        if !layers.isEmpty { top.append(("layers", .sequence(.init(layers, .implicit, .block)))) }
        for key in ["physics", "timeline"] {
            if let v = original[key] { top.append((key, v)) }
        }
        let body = try Yams.serialize(node: ExpansionBuilder.map(top), width: 120)
        let header = [
            "# Expanded from \(source) by render-frames expand: the \(screen.preset.map { type(of: $0).name } ?? "plain table")",
            "# preset written in the layer language only. Rendering this file gives the same frames, byte for byte.",
        ]
        return (header + notes.map { "# " + $0 } + [""]).joined(separator: "\n") + body
    }
}

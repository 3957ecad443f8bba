import Raster
import Scene
import Yams

/// A built-in screen (`effect:` in a scenario): it reads its own keys and writes itself in the
/// layer language. The loader renders a preset through that expansion, so a preset is drawn by
/// the same code as a scene of one's own, and `render-frames expand` prints what is drawn.
///
/// A new preset is one file: a type conforming to this protocol, listed in `Presets.all`, plus
/// its `effect` value (and any keys of its own) in `Schema/scenario.schema.json`.
protocol Preset: ScreenPreset {
    /// The `header:` keys this preset reads (every preset reads `height`, `image`, `imageScale`, `color`).
    static var headerKeys: [String] { get }
    /// Top-level keys only this preset reads (the profile's `avatar` and `profile`).
    static var ownKeys: [String] { get }
    /// The header's height when the scenario gives none.
    static var defaultHeaderHeight: Double { get }
    /// The navigation bar's style when the scenario gives none.
    static var defaultNavigationStyle: Screen.NavigationBar.Style { get }
    /// True when the status bar sits over the header's photo (light text until a bar fades in).
    static var overPhoto: Bool { get }
    /// Rows when the scenario's `rows:` gives no count.
    static var defaultRowCount: Int { get }

    init()
    var header: PresetHeader { get set }
    /// Reads the preset's own top-level keys (`ownKeys`).
    mutating func read(_ top: [String: Node], _ r: ScenarioReader, _ images: ImageResolver)
    /// The content when the scenario gives none (nil: the plain rows).
    func defaultContent(device: Device) -> ScreenContent?
    /// Checks what only the whole screen can tell (the profile's header against the bars).
    func check(_ screen: Screen, _ top: [String: Node], root: Node, _ r: ScenarioReader)
    /// Writes the preset's vars, scroll view and layers.
    func expand(_ b: inout ExpansionBuilder)
}

extension Preset {
    static var ownKeys: [String] { [] }
    static var overPhoto: Bool { false }
    static var defaultRowCount: Int { Rows().count }
    mutating func read(_ top: [String: Node], _ r: ScenarioReader, _ images: ImageResolver) {}
    func defaultContent(device: Device) -> ScreenContent? { nil }
    func check(_ screen: Screen, _ top: [String: Node], root: Node, _ r: ScenarioReader) {}
    func pinLine(_ screen: Screen) -> Double? { nil }
    /// The header's height, given or the preset's default.
    var headerHeight: Double { header.height ?? Self.defaultHeaderHeight }
}

/// The registry of presets, in the order `effect:` lists them.
enum Presets {
    static let all: [any Preset.Type] = [ProfilePreset.self, StretchyTablePreset.self, CollectionPreset.self]
    /// The `effect:` values: the presets, then `none` (a plain table or a scene of one's own).
    static var effectNames: [String] { all.map { $0.name } + ["none"] }
    static func named(_ name: String) -> (any Preset.Type)? { all.first { $0.name == name } }

    /// Every key `header:` may have, for any preset.
    static var allHeaderKeys: [String] {
        var keys = PresetHeader.commonKeys
        for p in all { for k in p.headerKeys where !keys.contains(k) { keys.append(k) } }
        return keys
    }
}

/// The header a preset draws: its height, photo and color, and keys some presets add.
package struct PresetHeader: Sendable {
    static let commonKeys = ["height", "image", "imageScale", "color"]
    /// nil: the preset's default.
    package var height: Double?
    package var image: SceneImage?
    /// Shown where no image covers (and before one loads, in the app).
    package var color = Color(29, 161, 242)
    /// Profile: the tutorial's blurred copy of the image, fading in with the name label.
    package var blur = true
    /// Profile: Gaussian sigma of the blurred copy, in points of the header at rest.
    package var blurRadius = 13.5
    /// Profile: the name label that slides into the stuck header. Collection: the centred title.
    package var title: String?
    /// Profile: `offset_B_LabelHeader`; nil derives it (the `u` at which the name scrolls under the bar).
    package var titleOffset: Double?
    /// Profile: `distance_W_LabelHeader`; nil derives it (the slide that centres the label in the bar).
    package var titleDistance: Double?
    /// Collection: the title's glow, a blurred white copy of the text (CALayer shadowRadius, points).
    package var glowRadius = 6.0
    package init() {}

    /// Reads `header:` for `preset`: a key of another preset is refused with the presets that have it.
    static func read(_ node: Node, _ r: ScenarioReader, _ images: ImageResolver, for preset: any Preset.Type) -> PresetHeader {
        var header = PresetHeader()
        guard let m = r.mapping(node, "header", allowed: Presets.allHeaderKeys) else { return header }
        let own = Set(commonKeys + preset.headerKeys)
        for key in Presets.allHeaderKeys where m[key] != nil && !own.contains(key) {
            let having = Presets.all.filter { $0.headerKeys.contains(key) }.map { $0.name }
            r.report(
                m[key], "header.\(key)",
                "applies to effect: \(having.joined(separator: " or ")) only, and this "
                    + "scenario's effect is \(preset.name); remove it"
                    + (key == "title" && preset.name == StretchyTablePreset.name ? " (the fading bar's title is navigationBar.title)" : ""))
        }
        if let n = m["height"], let v = r.number(n, "header.height", range: 20...2000, unit: "points") { header.height = v }
        if let n = m["image"] {
            let scale = m["imageScale"].flatMap { r.number($0, "header.imageScale", range: 1...4) } ?? 1
            header.image = images.load(n, "header.image", scale: scale)
        }
        if let n = m["color"], let v = r.color(n, "header.color") { header.color = v }
        if let n = m["blur"], let v = r.bool(n, "header.blur") { header.blur = v }
        if let n = m["blurRadius"], let v = r.number(n, "header.blurRadius", range: 0...100, unit: "points") { header.blurRadius = v }
        if let n = m["title"], let v = r.text(n, "header.title") { header.title = v }
        if let n = m["titleOffset"], let v = r.number(n, "header.titleOffset", range: -10000...10000, unit: "points") {
            header.titleOffset = v
        }
        if let n = m["titleDistance"], let v = r.number(n, "header.titleDistance", range: 0...1000, unit: "points") {
            header.titleDistance = v
        }
        if let n = m["glowRadius"], let v = r.number(n, "header.glowRadius", range: 0...50, unit: "points") { header.glowRadius = v }
        return header
    }
}

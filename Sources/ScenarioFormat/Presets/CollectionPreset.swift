import Raster
import Scene
import Yams

/// `effect: collection` (behaviour spec 1.2): a flow layout whose section header stretches
/// while the content is pulled past its top: `d = max(0, minY - o)` with `minY = -T` (the top
/// inset), the header at `(0, -d, W, H + d)` in the content, its image re-fitted and its title
/// centred with a glow, neither scaled.
struct CollectionPreset: Preset {
    static let name = "collection"
    static let headerKeys = ["title", "glowRadius"]
    static let defaultHeaderHeight = 180.0
    static let defaultNavigationStyle = Screen.NavigationBar.Style.standard

    var header = PresetHeader()
    init() {}

    /// The source material's grid: twelve 300 x 494 pt items.
    func defaultContent(device: Device) -> ScreenContent? {
        .grid(FlowGrid(items: [], count: 12, itemSize: Size(300, 494), width: device.size.width))
    }

    func metrics(_ screen: Screen, u: Double) -> [String: Double] {
        let fx = CollectionHeaderEffect(referenceSize: Size(screen.device.size.width, headerHeight), contentInsetTop: screen.insetTop)
        let o = screen.contentOffset(u: u), frame = fx.headerFrame(contentOffset: o)
        return ["deltaY": fx.deltaY(contentOffset: o), "headerY": frame.minY, "headerHeight": frame.height]
    }

    func expand(_ b: inout ExpansionBuilder) {
        let s = b.screen, h = headerHeight, t = s.automaticInsetTop
        typealias Y = ExpansionBuilder
        b.notes = [
            "The stretching collection header (behaviour spec 1.2): d = max(0, minY - offset) with minY = -T, the top inset;",
            "the header's frame in the content is (0, -d, W, H + d): its top stays at the inset edge, its bottom on the content.",
        ]
        b.vars = [("H", Y.num(h)), ("d", Y.text("max(0, \(formatNumber(-t)) - offset)"))]
        b.scrollView = [
            ("contentInsetAdjustmentBehavior", Y.word("automatic")),
            ("tableHeaderView", Y.map([("height", Y.num(h))], flow: true)),
        ]
        b.indicatorInsets(presetTrackTop: t)
        var children: [Node] = []
        if header.image != nil {
            children.append(
                Y.map(
                    [("type", Y.word("image")), ("name", Y.word("header.image"))] + b.imageKeys("header", header.image)
                        + [("contentMode", Y.word("aspectFill"))]))
        }
        if let title = header.title {
            children.append(
                Y.map([
                    ("type", Y.word("text")), ("name", Y.word("header.title")),
                    ("x", Y.num(16)), ("width", Y.text("screen.width - 32")),
                    ("text", Y.literal(title)), ("weight", Y.word("bold")), ("size", Y.num(28)), ("color", Y.color(.white)),
                    ("alignment", Y.word("center")), ("letterSpacing", Y.num(0.36)), ("lines", Y.num(2)),
                    ("shadowColor", Y.color(.white)), ("shadowOpacity", Y.num(0.9)), ("shadowRadius", Y.num(header.glowRadius)),
                ]))
        }
        var headerLayer: [(String, Node)] = [
            ("type", Y.word("group")), ("name", Y.word("header")), ("in", Y.word("content")),
            ("frame", Y.flow([Y.num(0), Y.text("-d"), Y.text("screen.width"), Y.text("H + d")])),
            ("fill", Y.color(header.color)), ("masksToBounds", Y.word("true")),
        ]
        if !children.isEmpty { headerLayer.append(("children", .sequence(.init(children, .implicit, .block)))) }
        b.layers = [Y.map(headerLayer)]
    }
}

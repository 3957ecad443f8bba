import Raster
import Scene
import Yams

/// `effect: stretchyTable` (behaviour spec 1.1): an aspect-fill image view pinned to the top of
/// the screen, behind a transparent table whose clear table header view is `H` tall; its height
/// follows the offset, `h = max(0, H - o)`.
struct StretchyTablePreset: Preset {
    static let name = "stretchyTable"
    static let headerKeys: [String] = []
    static let defaultHeaderHeight = 260.0
    static let defaultNavigationStyle = Screen.NavigationBar.Style.fading
    static let overPhoto = true
    /// The source material's table: 31 rows of seeded UUIDs.
    static let defaultRowCount = 31

    var header = PresetHeader()
    init() {}

    func defaultContent(device: Device) -> ScreenContent? {
        var rows = Rows()
        rows.count = Self.defaultRowCount
        rows.texts = Rows.uuidTexts(count: rows.count, seed: 1)
        return .rows(rows)
    }

    func metrics(_ screen: Screen, u: Double) -> [String: Double] {
        ["headerImageHeight": StretchyTableHeaderEffect(height: headerHeight).imageHeight(contentOffset: screen.contentOffset(u: u))]
    }

    func expand(_ b: inout ExpansionBuilder) {
        let s = b.screen, h = headerHeight
        typealias Y = ExpansionBuilder
        b.notes = [
            "The stretchy table (behaviour spec 1.1): the image view behind the table is h = max(0, H - offset) tall;",
            "the table's clear header view is H tall, and the table is not inset (offset = u).",
        ]
        b.vars = [("H", Y.num(h))]
        b.scrollView = [
            ("contentInsetAdjustmentBehavior", Y.word("never")),
            ("contentInset", Y.map([("top", Y.num(0)), ("bottom", Y.num(0))], flow: true)),
            ("tableHeaderView", Y.map([("height", Y.num(h))], flow: true)),
        ]
        b.indicatorInsets(presetTrackTop: s.device.safeAreaTop)
        var headerLayer: [(String, Node)] = [
            ("type", Y.word("group")), ("name", Y.word("header")),
            ("frame", Y.flow([Y.num(0), Y.num(0), Y.text("screen.width"), Y.text("max(0, H - offset)")])),
            ("fill", Y.color(header.color)), ("masksToBounds", Y.word("true")),
            ("zPosition", Y.num(-1)),
        ]
        if header.image != nil {
            // Aspect fill of the current bounds: re-fitted every frame, not scaled.
            headerLayer.append(
                (
                    "children",
                    .sequence(
                        .init(
                            [
                                Y.map(
                                    [("type", Y.word("image")), ("name", Y.word("header.image"))]
                                        + b.imageKeys("header", header.image) + [("contentMode", Y.word("aspectFill"))])
                            ], .implicit, .block))
                ))
        }
        b.layers = [Y.map(headerLayer)]
    }
}

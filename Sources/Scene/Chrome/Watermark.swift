import Raster

/// A scratch part proving the seam: `watermark: "Draft"` writes the text over the screen's bottom.
struct Watermark: ChromePart, Sendable {
    var text: String

    static let keys = ["watermark"]

    static func read(_ scenario: ScenarioKeys, _ r: ScenarioReader, into screen: inout Screen) {
        if let node = scenario["watermark"], let v = r.string(node, "watermark", maximumLength: 40, fits: "a watermark fits 40") {
            screen.chrome[Watermark.self] = Watermark(text: v)
        }
    }

    static func draw(_ screen: Screen, _ frame: ChromeFrame, into layers: inout ChromeLayers) {
        guard let mark = screen.chrome[Watermark.self] else { return }
        let label = Layer(name: "watermark", frame: Rect(x: 0, y: screen.device.size.height - 120, width: screen.device.size.width, height: 30))
        label.contents = .text(TextContent(mark.text, weight: .bold, pointSize: 24, color: Color(255, 0, 0, alpha: 0.5),
                                           alignment: .center, typography: frame.typography))
        label.zPosition = 5
        layers.screen.append(label)
    }
}

import Raster
import XCTest
@testable import Scene

final class DeviceTests: XCTestCase {
    func scenario(_ device: String, appearance: String = "light") throws -> Scenario {
        try ScenarioLoader.parse("""
            device: \(device)
            appearance: \(appearance)
            header: {height: 160}
            timeline: {keyframes: [{time: 0, offset: 0}, {time: 1, offset: 0}]}
            """, file: "d.yaml", baseDirectory: "", scaleOverride: 0.5)
    }

    func testEveryPresetRendersItsChrome() throws {
        for device in Device.all {
            let s = try scenario(device.id)
            let pixmap = FrameRenderer(scenario: s).render(frame: 0)
            XCTAssertEqual(pixmap.width, Int((device.size.width * 0.5).rounded()), device.id)
            XCTAssertEqual(pixmap.height, Int((device.size.height * 0.5).rounded()), device.id)
            let layers = LayerRenderer.placements(of: s.layers(ofFrame: 0), screen: device.size)
            let bar = layers.first { $0.name == "statusBar" }!
            XCTAssertEqual(bar.frame[3], device.statusBarHeight, device.id)
            let time = layers.first { $0.name == "statusBar.time" }!
            XCTAssertLessThanOrEqual(time.frame[1] + time.frame[3], device.statusBarHeight + 1, device.id)
            if device.statusBarHeight <= 20 {
                XCTAssertEqual(time.frame[0] + time.frame[2] / 2, device.size.width / 2, accuracy: 0.5, "time centred: \(device.id)")
            }
            XCTAssertEqual(layers.contains { $0.name == "homeIndicator" }, device.safeAreaBottom > 0, device.id)
            let nav = layers.first { $0.name == "navigationBar" }!
            XCTAssertEqual(nav.frame[1], device.statusBarHeight, "the bar sits below the status bar: \(device.id)")
        }
    }

    func testDarkAppearanceUsesTheDarkPalette() throws {
        let light = FrameRenderer(scenario: try scenario("iphone-8")).render(frame: 0)
        let dark = FrameRenderer(scenario: try scenario("iphone-8", appearance: "dark")).render(frame: 0)
        // A point in the rows, between texts: systemBackground.
        let x = 180, y = 300
        XCTAssertEqual(light[x, y], Color.white.premultiplied)
        XCTAssertEqual(dark[x, y], Color.black.premultiplied)
        XCTAssertEqual(Palette.dark.separator, Color(84, 84, 88, alpha: 153.0 / 255))
        XCTAssertEqual(Palette.dark.secondarySystemBackground, Color(28, 28, 30))
    }
}

final class TextLayerTests: XCTestCase {
    /// Rows of the pixmap that have any dark pixel.
    func inkedRows(_ p: Pixmap) -> [Int] {
        (0..<p.height).filter { y in (0..<p.width).contains { p[$0, y].r < 128 } }
    }

    func render(_ text: TextContent, width: Double, height: Double) -> Pixmap {
        let root = Layer(frame: Rect(x: 0, y: 0, width: width, height: height))
        root.backgroundColor = .white
        let label = Layer(frame: Rect(x: 0, y: 0, width: width, height: height))
        label.contents = .text(text)
        root.addSublayer(label)
        return LayerRenderer().render(root, width: Int(width), height: Int(height), scale: 1)
    }

    func bands(_ rows: [Int]) -> Int {
        zip(rows, rows.dropFirst()).filter { $1 > $0 + 1 }.count + (rows.isEmpty ? 0 : 1)
    }

    func testWrappedLabelDrawsItsLinesCentred() {
        var text = TextContent("Three short words wrap here")
        text.numberOfLines = 0
        let p = render(text, width: 90, height: 120)
        XCTAssertEqual(text.paragraph(width: 90).lines.count, bands(inkedRows(p)), "one band of ink per line")
        let rows = inkedRows(p)
        XCTAssertEqual(Double(rows.first! + rows.last!) / 2, 60, accuracy: 4, "the block is centred vertically")
    }

    func testSingleLineTruncatesWithAnEllipsis() {
        let text = TextContent("A label far too long for its bounds")
        let paragraph = text.paragraph(width: 100)
        XCTAssertEqual(paragraph.lines.count, 1)
        XCTAssertTrue(paragraph.texts[0].hasSuffix("\u{2026}"))
        XCTAssertLessThanOrEqual(paragraph.lines[0].width, 100)
    }
}

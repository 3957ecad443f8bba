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

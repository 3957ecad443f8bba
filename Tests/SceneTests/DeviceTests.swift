import Raster
import XCTest
@testable import ScenarioFormat
@testable import Scene

final class DeviceTests: XCTestCase {
    func scenario(_ device: String, appearance: String = "light") throws -> Scenario {
        try ScenarioLoader.parse(
            """
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

    /// Points and scale as Apple's technical specifications give them (pixels / scale), and the
    /// safe areas UIKit reports (docs/devices.md).
    func testTodaysModels() throws {
        let expected: [(String, Double, Double, Double, Double, Double)] = [
            ("iphone-16", 393, 852, 3, 59, 34), ("iphone-16-plus", 430, 932, 3, 59, 34),
            ("iphone-16-pro", 402, 874, 3, 62, 34), ("iphone-16-pro-max", 440, 956, 3, 62, 34),
            ("iphone-17", 402, 874, 3, 62, 34), ("iphone-17-pro", 402, 874, 3, 62, 34), ("iphone-17-pro-max", 440, 956, 3, 62, 34),
            ("iphone-air", 420, 912, 3, 68, 34),
            ("ipad-10", 820, 1180, 2, 24, 20), ("ipad-air-11", 820, 1180, 2, 24, 20), ("ipad-air-13", 1024, 1366, 2, 24, 20),
            ("ipad-pro-11", 834, 1210, 2, 24, 20), ("ipad-pro-13", 1032, 1376, 2, 24, 20),
        ]
        for (id, w, h, scale, top, bottom) in expected {
            let d = try XCTUnwrap(Device.named(id), id)
            XCTAssertEqual(d.size, Size(w, h), id)
            XCTAssertEqual(d.scale, scale, id)
            XCTAssertEqual(d.safeAreaTop, top, id)
            XCTAssertEqual(d.safeAreaBottom, bottom, id)
            XCTAssertEqual(d.navigationBarHeight, id.hasPrefix("ipad") ? 50 : 44, id)
        }
        XCTAssertEqual(Device.named("iphone-16-pro")!.pixelSize().width, 1206)
        XCTAssertEqual(Device.named("iphone-16-pro-max")!.pixelSize().height, 2868)
        XCTAssertEqual(Device.named("ipad-pro-13")!.pixelSize().width, 2064)
    }

    func testLandscape() throws {
        let phone = Device.named("iphone-16-pro")!.oriented(.landscape)
        XCTAssertEqual(phone.size, Size(874, 402))
        XCTAssertEqual(phone.statusBarHeight, 0, "iOS hides the status bar of an iPhone in landscape")
        XCTAssertEqual([phone.safeAreaTop, phone.safeAreaLeft, phone.safeAreaBottom, phone.safeAreaRight], [0, 62, 21, 62])
        XCTAssertEqual(phone.navigationBarHeight, 32)
        XCTAssertEqual(phone.tabBarHeight, 32)
        let classic = Device.named("iphone-8")!.oriented(.landscape)
        XCTAssertEqual([classic.safeAreaTop, classic.safeAreaLeft, classic.safeAreaBottom, classic.safeAreaRight], [0, 0, 0, 0])
        let pad = Device.named("ipad-air-11")!.oriented(.landscape)
        XCTAssertEqual(pad.size, Size(1180, 820))
        XCTAssertEqual([pad.statusBarHeight, pad.safeAreaTop, pad.safeAreaBottom], [24, 24, 20])
        XCTAssertEqual(pad.navigationBarHeight, 50)
        XCTAssertEqual(pad.oriented(.portrait), Device.named("ipad-air-11")!)

        // Rendered: no status bar layers on the phone, the iPad's on the left; rows inside the safe area.
        let s = try ScenarioLoader.parse(
            """
            device: iphone-16-pro
            orientation: landscape
            effect: none
            rows: {count: 5}
            navigationBar: {style: standard, title: Inbox}
            timeline: {keyframes: [{time: 0, offset: 0}, {time: 1, offset: 0}]}
            """, file: "l.yaml", baseDirectory: "", scaleOverride: 1)
        let layers = LayerRenderer.placements(of: s.layers(ofFrame: 0), screen: s.screen.device.size)
        XCTAssertFalse(layers.contains { $0.name.hasPrefix("statusBar") })
        let nav = try XCTUnwrap(layers.first { $0.name == "navigationBar" })
        XCTAssertEqual(nav.frame[3], 32, "compact bar")
        XCTAssertEqual(s.screen.insetTop, 32)
        let indicator = try XCTUnwrap(layers.first { $0.name == "homeIndicator" })
        XCTAssertEqual(indicator.frame[2], 209)
        let pixmap = FrameRenderer(scenario: s).render(frame: 0)
        XCTAssertEqual(pixmap.width, 874)
        // The first row's text starts past the 62 pt inset, not at 16 pt.
        let rowBand = 32 + 10..<32 + 34
        let firstInk = (0..<200).first { x in rowBand.contains { pixmap[x, $0].r < 128 } }
        XCTAssertEqual(Double(try XCTUnwrap(firstInk)), 62 + 16, accuracy: 2)

        let ipad = try ScenarioLoader.parse(
            """
            device: ipad-pro-11
            orientation: landscape
            timeline: {keyframes: [{time: 0, offset: 0}, {time: 1, offset: 0}]}
            """, file: "p.yaml", baseDirectory: "", scaleOverride: 1)
        let padLayers = LayerRenderer.placements(of: ipad.layers(ofFrame: 0), screen: ipad.screen.device.size)
        let time = try XCTUnwrap(padLayers.first { $0.name == "statusBar.time" })
        XCTAssertEqual(time.frame[0], 20, "an iPad's time is on the left")
        XCTAssertTrue(padLayers.contains { $0.name == "statusBar.date" })
    }

    func testAModelNameSuggestsItsId() {
        XCTAssertEqual(Device.suggestion(for: "iPhone 16 Pro"), "iphone-16-pro")
        XCTAssertEqual(Device.suggestion(for: "iPhone 16 Pro Max"), "iphone-16-pro-max")
        XCTAssertEqual(Device.suggestion(for: "iPhone Air"), "iphone-air")
        XCTAssertEqual(Device.suggestion(for: "iphone13"), "iphone-12", "iPhone 13 is the iPhone 12's size")
        XCTAssertEqual(Device.suggestion(for: "iPhone SE (3rd)"), nil, "no row names it whole")
        XCTAssertEqual(Device.suggestion(for: "iPad Air 13"), "ipad-air-13")
        XCTAssertEqual(Device.suggestion(for: "Galaxy S24"), nil)
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
        var text = TextContent("Three short words wrap here", typography: .standard)
        text.numberOfLines = 0
        let p = render(text, width: 90, height: 120)
        XCTAssertEqual(text.paragraph(width: 90).lines.count, bands(inkedRows(p)), "one band of ink per line")
        let rows = inkedRows(p)
        XCTAssertEqual(Double(rows.first! + rows.last!) / 2, 60, accuracy: 4, "the block is centred vertically")
    }

    func testSingleLineTruncatesWithAnEllipsis() {
        let text = TextContent("A label far too long for its bounds", typography: .standard)
        let paragraph = text.paragraph(width: 100)
        XCTAssertEqual(paragraph.lines.count, 1)
        XCTAssertTrue(paragraph.texts[0].hasSuffix("\u{2026}"))
        XCTAssertLessThanOrEqual(paragraph.lines[0].width, 100)
    }

    /// The status bar's items: on a classic 20 pt bar the carrier sits left after the signal and
    /// the time is centred; beside a Dynamic Island no carrier; the battery's level sets its fill,
    /// green when charging; without Wi-Fi its three bands are gone.
    func testStatusBarItems() throws {
        func statusBar(_ device: String, _ items: String) throws -> (Scenario, [LayerPlacement]) {
            let s = try ScenarioLoader.parse(
                """
                device: \(device)
                header: {height: 160}
                statusBar: {content: dark\(items.isEmpty ? "" : ", " + items)}
                timeline: {keyframes: [{time: 0, offset: 0}, {time: 1, offset: 0}]}
                """, file: "d.yaml", baseDirectory: "", scaleOverride: 1)
            return (s, LayerRenderer.placements(of: s.layers(ofFrame: 0), screen: s.screen.device.size))
        }
        let (classic, classicLayers) = try statusBar("iphone-8", "time: \"21:09\", carrier: Telekom.de, battery: 42, charging: true")
        XCTAssertEqual(classic.screen.statusBarItems.time, "21:09")
        let carrier = try XCTUnwrap(classicLayers.first { $0.name == "statusBar.carrier" })
        let time = try XCTUnwrap(classicLayers.first { $0.name == "statusBar.time" })
        XCTAssertLessThan(carrier.frame[0], 40, "the carrier on the left, after the signal")
        XCTAssertEqual(time.frame[0] + time.frame[2] / 2, 375 / 2, accuracy: 0.5, "the time centred")
        let (_, modernLayers) = try statusBar("iphone-15", "carrier: Telekom.de")
        XCTAssertFalse(modernLayers.contains { $0.name == "statusBar.carrier" }, "no carrier beside the Dynamic Island")

        // The battery: pixels of its fill, green when charging; at 42 % about 42 % of full.
        func batteryPixels(_ items: String) throws -> (green: Int, dark: Int) {
            let (s, _) = try statusBar("iphone-15", items)
            let p = FrameRenderer(scenario: s).render(frame: 0)
            var green = 0, dark = 0
            for y in 20..<45 {
                for x in 300..<393 {
                    let c = p[x, y]
                    if c.g > 150 && c.r < 120 && c.b < 150 { green += 1 }
                    if c.r < 60 && c.g < 60 && c.b < 60 { dark += 1 }
                }
            }
            return (green, dark)
        }
        let full = try batteryPixels("battery: 100, charging: true").green
        let part = try batteryPixels("battery: 42, charging: true").green
        XCTAssertGreaterThan(full, 100)
        XCTAssertEqual(Double(part) / Double(full), 0.42, accuracy: 0.12, "fill follows the level: \(part) of \(full)")
        XCTAssertEqual(try batteryPixels("battery: 42").green, 0, "green only when charging")
        let withWifi = try batteryPixels("").dark, withoutWifi = try batteryPixels("wifi: false").dark
        XCTAssertGreaterThan(withWifi - withoutWifi, 40, "the Wi-Fi glyph's pixels: \(withWifi) with, \(withoutWifi) without")
    }

    /// The Wi-Fi glyph's three bands stay apart: along its axis, ink, a gap, ink, a gap, ink.
    func testTheWiFiGlyphHasThreeBands() throws {
        let s = try ScenarioLoader.parse(
            """
            device: iphone-15
            header: {height: 160}
            statusBar: {content: dark}
            timeline: {keyframes: [{time: 0, offset: 0}, {time: 1, offset: 0}]}
            """, file: "d.yaml", baseDirectory: "", scaleOverride: 3)
        let p = FrameRenderer(scenario: s).render(frame: 0)
        // Black glyphs over the blue header: ink is dark in every channel.
        func ink(_ c: PremultipliedColor) -> Bool { Int(c.r) + Int(c.g) + Int(c.b) < 200 }
        // Find the glyph's axis: the column right of the signal bars with the most dark pixels
        // in the status bar band, then count dark runs up that column.
        var best = (x: 0, count: 0)
        for x in (316 * 3)..<(336 * 3) {
            let count = (0..<(54 * 3)).filter { ink(p[x, $0]) }.count
            if count > best.count { best = (x, count) }
        }
        var runs = 0, inRun = false
        for y in 0..<(54 * 3) {
            let dark = ink(p[best.x, y])
            if dark && !inRun { runs += 1 }
            inRun = dark
        }
        XCTAssertEqual(runs, 3, "three bands along the Wi-Fi glyph's axis at x \(best.x)")
    }

    /// showsVerticalScrollIndicator: false hides the indicator that scrolling shows.
    func testTheScrollIndicatorCanBeHidden() throws {
        func indicatorShown(_ extra: String) throws -> Bool {
            let s = try ScenarioLoader.parse(
                """
                device: iphone-15
                header: {height: 160}
                rows: {count: 40}
                \(extra)
                timeline: {keyframes: [{time: 0, offset: 0}, {time: 1, offset: -400, easing: linear}]}
                """, file: "d.yaml", baseDirectory: "", scaleOverride: 0.5)
            return (0..<s.frameCount).contains { i in
                LayerRenderer.placements(of: s.layers(ofFrame: i), screen: s.screen.device.size).contains { $0.name == "scrollIndicator" }
            }
        }
        XCTAssertTrue(try indicatorShown(""))
        XCTAssertFalse(try indicatorShown("showsVerticalScrollIndicator: false"))
    }
}

import Foundation
import Raster
import XCTest
@testable import ScenarioFormat
@testable import Scene

/// The layer features shared by the layer language and the Swift API (and through it the UIKit
/// module): shadowOffset and shadowPath, maskedCorners, shape layers, system colors per
/// appearance, per-instance text and insets written as formulas.
final class LayerFeaturesTests: XCTestCase {
    func load(_ text: String, variant: String? = nil) throws -> Scenario {
        try ScenarioLoader.parse(
            "navigationBar: false\nscrollView: {contentInsetAdjustmentBehavior: never}\n" + text
                + "timeline: {keyframes: [{time: 0, offset: 0}, {time: 1, offset: 100}]}\n",
            file: "s.yaml", baseDirectory: GoldenFrameTests.root + "/Fixtures/scenarios", variant: variant)
    }

    func find(_ name: String, in s: Scenario) -> Layer? {
        func visit(_ l: Layer) -> Layer? { l.name == name ? l : l.sublayersInDrawingOrder.lazy.compactMap(visit).first }
        return visit(s.layers(ofFrame: 0))
    }

    /// The scene at @1x, frame 0.
    func pixels(_ s: Scenario) -> Pixmap {
        var s = s
        s.scale = 1
        return FrameRenderer(scenario: s).render(frame: 0)
    }

    func render(_ layer: Layer, _ w: Int = 100, _ h: Int = 100) -> Pixmap {
        let root = Layer(frame: Rect(x: 0, y: 0, width: Double(w), height: Double(h)))
        root.backgroundColor = .white
        root.addSublayer(layer)
        return LayerRenderer().render(root, width: w, height: h, scale: 1)
    }

    func testAShadowOffsetMovesTheShadow() throws {
        func box(_ offset: Size) -> Layer {
            let l = Layer(frame: Rect(x: 30, y: 30, width: 40, height: 40))
            l.backgroundColor = .white
            l.shadowOpacity = 1
            l.shadowRadius = 2
            l.shadowOffset = offset
            return l
        }
        let still = render(box(.zero)), moved = render(box(Size(0, 12)))
        // Below the box: dark only when the shadow is moved down; above it: the other way round.
        XCTAssertLessThan(moved[50, 76].r, 60)
        XCTAssertGreaterThan(still[50, 76].r, 250)
        XCTAssertGreaterThan(moved[50, 26].r, 250)
        XCTAssertLessThan(still[50, 27].r, 250)
        // The same from the layer language, with the Swift API's numbers.
        let s = try load(
            "layers:\n  - {type: rectangle, name: box, frame: [30, 30, 40, 40], fill: \"#FFFFFF\", shadowOpacity: 1, shadowRadius: 2, shadowOffset: [0, 12]}\n"
        )
        XCTAssertEqual(find("box", in: s)?.shadowOffset, Size(0, 12))
        XCTAssertLessThan(pixels(s)[50, 76].r, 60)
    }

    func testAShadowPathCastsItsShapeNotTheLayers() throws {
        let l = Layer(frame: Rect(x: 10, y: 10, width: 40, height: 40))
        l.shadowOpacity = 1
        l.shadowRadius = 1
        // No background: without the path nothing would cast a shadow.
        l.shadowPath = .rect(Rect(x: 50, y: 50, width: 30, height: 30))
        let p = render(l)
        XCTAssertLessThan(p[75, 75].r, 20)
        XCTAssertGreaterThan(p[30, 30].r, 250)
        let s = try load(
            "layers:\n  - {type: rectangle, frame: [10, 10, 40, 40], shadowOpacity: 1, shadowRadius: 1, shadowPath: {oval: [50, 50, 30, 30]}}\n")
        let q = pixels(s)
        XCTAssertLessThan(q[75, 75].r, 20)
        XCTAssertGreaterThan(q[62, 62].r, 240, "outside the oval, in its box's corner")
    }

    func testMaskedCornersRoundOnlyThoseCorners() throws {
        let s = try load(
            "layers:\n  - {type: rectangle, name: card, frame: [10, 100, 80, 60], fill: \"#000000\", cornerRadius: 20, maskedCorners: [top]}\n"
                + "  - {type: rectangle, name: two, frame: [100, 100, 80, 60], fill: \"#000000\", cornerRadius: 20, maskedCorners: [layerMaxXMaxYCorner, bottomLeft]}\n"
        )
        XCTAssertEqual(find("card", in: s)?.maskedCorners, [.minXMinY, .maxXMinY])
        let p = pixels(s)
        XCTAssertGreaterThan(p[11, 101].r, 250, "top-left rounded")
        XCTAssertGreaterThan(p[88, 101].r, 250, "top-right rounded")
        XCTAssertEqual(p[11, 158].r, 0, "bottom-left square")
        XCTAssertEqual(p[88, 158].r, 0, "bottom-right square")
        XCTAssertEqual(p[101, 101].r, 0)
        XCTAssertGreaterThan(p[178, 158].r, 250)
        XCTAssertGreaterThan(p[101, 158].r, 250)
    }

    func testAShapeLayerIsStrokedAndFilled() throws {
        let s = try load(
            "layers:\n  - {type: shape, name: ring, frame: [0, 100, 100, 100], path: {oval: [20, 20, 60, 60]}, fillColor: none, strokeColor: \"#FF0000\", lineWidth: 6}\n"
                + "  - {type: shape, name: tri, frame: [100, 100, 100, 100], path: {points: [[0, 0], [100, 0], [0, 100]], closed: true}}\n"
        )
        guard case .shape(let ring)? = find("ring", in: s)?.contents else { return XCTFail("no shape contents") }
        XCTAssertNil(ring.fillColor)
        XCTAssertEqual(ring.strokeColor, Color(255, 0, 0))
        let p = pixels(s)
        XCTAssertEqual(p[20, 150].r, 255, "on the ring's left")
        XCTAssertEqual(p[20, 150].g, 0)
        XCTAssertEqual(p[50, 150].g, 255, "no fill: the white behind")
        XCTAssertEqual(p[105, 105].g, 0, "CAShapeLayer's default fill is black")
        XCTAssertEqual(p[195, 195].g, 255)
    }

    func testSystemColorsDifferInDarkAndFollowTheMatrix() throws {
        let text =
            "matrix: {appearance: [light, dark]}\nlayers:\n  - {type: rectangle, name: bg, frame: [0, 0, 10, 10], fill: systemGroupedBackground}\n"
        let light = try load(text, variant: "iphone-15-light"), dark = try load(text, variant: "iphone-15-dark")
        XCTAssertEqual(find("bg", in: light)?.backgroundColor, Color(242, 242, 247))
        XCTAssertEqual(find("bg", in: dark)?.backgroundColor, Color(0, 0, 0))
        // Every name UIKit has, each with both values; the ones the chrome draws with are the palette's.
        let names = [
            "label", "secondaryLabel", "tertiaryLabel", "quaternaryLabel", "systemFill", "secondarySystemFill", "tertiarySystemFill",
            "quaternarySystemFill", "placeholderText", "separator", "opaqueSeparator", "link", "systemBackground",
            "secondarySystemBackground", "tertiarySystemBackground", "systemGroupedBackground", "secondarySystemGroupedBackground",
            "tertiarySystemGroupedBackground", "lightText", "darkText", "tintColor", "systemRed", "systemOrange", "systemYellow",
            "systemGreen", "systemMint", "systemTeal", "systemCyan", "systemBlue", "systemIndigo", "systemPurple", "systemPink",
            "systemBrown", "systemGray", "systemGray2", "systemGray3", "systemGray4", "systemGray5", "systemGray6",
        ]
        XCTAssertEqual(Set(SystemColor.names), Set(names))
        for name in names where !["lightText", "darkText", "systemGray"].contains(name) {
            let e = try XCTUnwrap(SystemColor.entry(name))
            XCTAssertNotEqual(e.light, e.dark, name)
        }
        XCTAssertEqual(SystemColor.named("separator", appearance: .dark), Palette.dark.separator)
        XCTAssertEqual(SystemColor.named("tertiarySystemFill", appearance: .light), Palette.tertiarySystemFill(.light))
        XCTAssertEqual(SystemColor.named("tertiaryLabel", appearance: .dark), Color(r: 235, g: 235, b: 245, a: 0x4C))
    }

    func testRepeatedTextReadsItsInstance() throws {
        let s = try load(
            "layers:\n  - {type: text, name: t, repeat: 3, frame: [0, \"index * 20\", 200, 20], text: \"Track {index + 1} of {3} {{x}}\"}\n")
        let texts = (0..<3).map { i -> String? in
            guard case .text(let t)? = find("t.\(i)", in: s)?.contents else { return nil }
            return t.text
        }
        XCTAssertEqual(texts, ["Track 1 of 3 {x}", "Track 2 of 3 {x}", "Track 3 of 3 {x}"])
        let messages = scenarioErrorLines("") {
            _ = try self.load("layers:\n  - {type: text, frame: [0, 0, 10, 10], text: \"Row {index +} and {systemRed} {open\"}\n")
        }
        XCTAssertEqual(
            messages,
            [
                "s.yaml:4:60: layers[0].text: in {index +}, character 8: the expression ends too soon; a number, a name or \"(\" was expected",
                "s.yaml:4:67: layers[0].text: in {systemRed}: a text shows numbers, but this formula gives a color",
                "s.yaml:4:78: layers[0].text: a { without its }: close the formula (\"Track {index + 1}\"), or write {{ for a brace in the text",
            ])
    }

    func testInsetsWrittenAsFormulas() throws {
        let s = try ScenarioLoader.parse(
            "device: iphone-15\nnavigationBar: false\nscrollView: {contentInsetAdjustmentBehavior: never, contentInset: {top: \"safeArea.top + 10\", bottom: \"screen.height / 4\"}}\n"
                + "timeline: {keyframes: [{time: 0, offset: 0}, {time: 1, offset: 100}]}\n", file: "s.yaml", baseDirectory: "/tmp")
        XCTAssertEqual(s.screen.insetTop, s.screen.device.safeAreaTop + 10)
        XCTAssertEqual(s.screen.insetBottom, s.screen.device.size.height / 4)
        let messages = scenarioErrorLines("") {
            _ = try ScenarioLoader.parse(
                "scrollView: {contentInset: {top: \"offset + 1\", bottom: \"screen.height * 10\"}}\n"
                    + "timeline: {keyframes: [{time: 0, offset: 0}, {time: 1, offset: 100}]}\n", file: "s.yaml", baseDirectory: "/tmp")
        }
        XCTAssertEqual(messages.count, 2, "\(messages)")
        XCTAssertTrue(messages.first?.contains("scrollView.contentInset.top: an inset is fixed for the whole run") == true, "\(messages)")
        XCTAssertTrue(messages.last?.contains("outside -2000...2000 points") == true, "\(messages)")
    }
}

import Foundation
import Raster
import XCTest
@testable import ScenarioFormat
@testable import Scene

/// The layer language: keyframes, view ranges, scroll view insets, and the three fixtures'
/// geometry against their formulas (what `--layout` reports) at several offsets.
final class UserSceneTests: XCTestCase {
    static let fixtures = GoldenFrameTests.root + "/Fixtures/scenarios/"

    func load(_ text: String) throws -> Scenario {
        try ScenarioLoader.parse(text, file: "s.yaml", baseDirectory: GoldenFrameTests.root + "/Fixtures/scenarios")
    }

    /// The named layers on screen at frame `index`.
    func placements(_ s: Scenario, frame index: Int) -> [String: LayerPlacement] {
        let list = LayerRenderer.placements(of: s.layers(ofFrame: index), screen: s.screen.device.size)
        return Dictionary(list.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
    }

    func assertFrame(_ p: LayerPlacement?, _ expected: [Double], _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        guard let p else { return XCTFail("\(message): not on screen", file: file, line: line) }
        for (a, b) in zip(p.frame, expected) {
            XCTAssertEqual(a, b, accuracy: 0.001, "\(message): \(p.frame) vs \(expected)", file: file, line: line)
        }
    }

    let rest = "timeline: {keyframes: [{time: 0, offset: 0}, {time: 1, offset: 100}]}\n"

    /// A `gradient` layer is CAGradientLayer's, so its colors are interpolated as iOS does it, in
    /// Generic RGB (gamma 1.8): the middle of red to blue is (146, 33, 149) and its red end
    /// (255, 38, 0), as afanasykoryakin/AFSnapshotTesting's reference
    /// `Tests/SnapshotTestingTests/Snapshots/SnapshotTestingTests/testNaiveStrategyWithRedBlueGradient.png`
    /// (iOS 18 Simulator, @3x) draws them (rows' means 145.6, 33.0, 149.5 and 254.6, 37.5, 0.2);
    /// mixing the sRGB components gave (128, 0, 128) and (255, 0, 0).
    func testGradientLayersInterpolateInGenericRGB() throws {
        let s = try load("layers:\n  - {type: gradient, name: ramp, frame: [0, 0, 10, 100], colors: ['#FF0000', '#0000FF']}\n" + rest)
        func find(_ l: Layer) -> Layer? { l.name == "ramp" ? l : l.sublayersInDrawingOrder.lazy.compactMap(find).first }
        guard case .gradient(let g)? = find(s.layers(ofFrame: 0))?.contents else { return XCTFail("no gradient layer") }
        XCTAssertEqual(g.space, .genericRGB)
        let middle = g.color(at: 0.5), top = g.color(at: 0)
        for (got, want) in [(middle.r, 145.6), (middle.g, 33.0), (middle.b, 149.5), (top.r, 254.6), (top.g, 37.5), (top.b, 0.2)] {
            XCTAssertEqual(Double(got), want, accuracy: 2)
        }
    }

    /// UIKit's system color names are colors, in the appearance's value, in a constant and in a
    /// formula; a bare word that is not one says how colors are written and which name it means.
    func testSystemColorNames() throws {
        func fill(_ appearance: String, _ value: String) throws -> Color? {
            let s = try load("appearance: \(appearance)\nlayers:\n  - {type: rectangle, name: box, frame: [0, 0, 10, 10], fill: \(value)}\n" + rest)
            func find(_ l: Layer) -> Layer? { l.name == "box" ? l : l.sublayersInDrawingOrder.lazy.compactMap(find).first }
            return find(s.layers(ofFrame: 0))?.backgroundColor
        }
        XCTAssertEqual(try fill("light", "systemRed"), Color(255, 59, 48))
        XCTAssertEqual(try fill("dark", "systemRed"), Color(255, 69, 58))
        XCTAssertEqual(try fill("dark", "\"offset < 10000 ? systemBlue : label\""), Color(10, 132, 255))
        XCTAssertEqual(try fill("light", "label"), Color(0, 0, 0))
        let messages = scenarioErrorLines("") { _ = try fill("light", "red") }
        XCTAssertEqual(
            messages,
            [
                "s.yaml:3:63: layers[0].fill: colors are written \"#RRGGBB\" (in quotes: # starts a YAML comment) or by "
                    + "system color name (systemRed, systemBlue, systemGray, label, systemBackground, ...), got \"red\"; did you mean systemRed?"
            ])
        for (word, name) in [
            ("blue", "systemBlue"), ("Green", "systemGreen"), ("ORANGE", "systemOrange"), ("pink", "systemPink"),
            ("purple", "systemPurple"), ("teal", "systemTeal"), ("indigo", "systemIndigo"), ("yellow", "systemYellow"),
            ("gray", "systemGray"), ("grey", "systemGray"), ("brown", "systemBrown"), ("mint", "systemMint"),
            ("cyan", "systemCyan"), ("Label", "label"), ("background", "systemBackground"),
        ] {
            XCTAssertEqual(SystemColor.suggestion(for: word), name)
        }
        XCTAssertNil(SystemColor.suggestion(for: "offset"))
        let inFormula = scenarioErrorLines("") { _ = try fill("light", "\"offset > 0 ? red : #FFFFFF\"") }
        XCTAssertTrue(inFormula.first?.hasSuffix("did you mean systemRed?") == true, "\(inFormula)")
    }

    func testKeyframesEaseHoldAndExtend() throws {
        let s = try load(
            """
            navigationBar: false
            scrollView: {contentInsetAdjustmentBehavior: never}
            layers:
              - {type: rectangle, name: a, height: 10, opacity: {keyframes: [[0, 0], [100, 1]]}}
              - {type: rectangle, name: b, height: 10, opacity: {keyframes: [[0, 0], [50, 0.5, hold], [100, 1]]}}
              - {type: rectangle, name: c, height: 10, x: {outside: extend, keyframes: [[0, 0], [100, 50]]}, width: 10}
              - {type: rectangle, name: d, height: 10, y: {over: progress, range: [20, 60], keyframes: [[0, 0], [1, 40, "cubic-bezier(0.42, 0, 1, 1)"]]}}
            timeline: {keyframes: [{time: 0, offset: 0}, {time: 1, offset: 100}, {time: 2, offset: 200}]}
            """)
        // Frame 30: offset 50 (linear? the timeline eases; read the offset the frame has).
        for frame in [0, 20, 30, 45, 60, 90, 119] {
            let o = s.moment(ofFrame: frame).offset
            let p = placements(s, frame: frame)
            let expectedA = min(max(o / 100, 0), 1)
            if expectedA > 0 { XCTAssertEqual(p["a"]!.opacity, (expectedA * 10000).rounded() / 10000, accuracy: 1e-4, "a at \(o)") }
            let expectedB = o < 50 ? 0 : min(0.5 + (o - 50) / 100, 1)
            if expectedB > 0 { XCTAssertEqual(p["b"]!.opacity, expectedB, accuracy: 1e-4, "b at \(o)") } else { XCTAssertNil(p["b"]) }
            assertFrame(p["c"], [o / 2, 0, 10, 10], "c (extended past 100) at \(o)")
            let t = min(max((o - 20) / 40, 0), 1)
            let eased = t == 0 || t == 1 ? t : Easing.cubicBezier(t, 0.42, 0, 1, 1)
            assertFrame(p["d"], [0, 40 * eased, 393, 10], "d at \(o)")
        }
    }

    func testViewRanges() {
        // A 100 pt layer in a scrollport from 100 to 700.
        let r = { (range: ViewRange, top: Double) in range.progress(top: top, height: 100, portTop: 100, portBottom: 700) }
        XCTAssertEqual(r(.cover, 700), 0); XCTAssertEqual(r(.cover, 0), 1); XCTAssertEqual(r(.cover, 350), 0.5)
        XCTAssertEqual(r(.entry, 700), 0); XCTAssertEqual(r(.entry, 600), 1)
        XCTAssertEqual(r(.contain, 600), 0); XCTAssertEqual(r(.contain, 100), 1)
        XCTAssertEqual(r(.exit, 100), 0); XCTAssertEqual(r(.exit, 0), 1); XCTAssertEqual(r(.exit, 50), 0.5)
        // Taller than the scrollport: contain runs from covering it at the top to its bottom at the bottom.
        XCTAssertEqual(ViewRange.contain.progress(top: 100, height: 1000, portTop: 100, portBottom: 700), 0)
        XCTAssertEqual(ViewRange.contain.progress(top: -300, height: 1000, portTop: 100, portBottom: 700), 1)
    }

    func testScrollViewInsetsAndContentHeight() throws {
        let auto = try load("layers: [{type: rectangle, in: content, height: 2000}]\n" + rest)
        XCTAssertNil(auto.screen.presetName)
        XCTAssertEqual(auto.screen.insetTop, 54 + 44, "automatic: under the standard bar")
        XCTAssertEqual(auto.screen.insetBottom, 34)
        XCTAssertEqual(auto.screen.contentHeight, 2000, "the content layers' extent at rest")
        XCTAssertEqual(auto.screen.content.height, 0, "no rows unless asked")
        let never = try load(
            """
            scrollView: {contentInsetAdjustmentBehavior: never, contentInset: {top: 20}, tableHeaderView: {height: 44}, contentHeight: 900}
            rows: {count: 10}
            layers: [{type: rectangle, in: tableHeader, name: avatar, frame: [16, 0, 44, 44]}]

            """ + rest)
        XCTAssertEqual(never.screen.insetTop, 20)
        XCTAssertEqual(never.screen.insetBottom, 0)
        XCTAssertEqual(never.screen.contentHeight, 900)
        // The profile case from the issue: a 44 pt table header view with only an avatar; rows start right under it.
        let p = placements(never, frame: 0)
        assertFrame(p["avatar"], [16, 20, 44, 44], "avatar in the table header view")
        let rows = LayerRenderer.placements(of: never.layers(ofFrame: 0), screen: never.screen.device.size).filter { $0.name == "row.0" }
        assertFrame(rows.first, [0, 20 + 44, 393, 44], "first row under the 44 pt header")
    }

    func testRepeatedLayersAndTimeDependentFrames() throws {
        let s = try load(
            """
            layers:
              - {type: rectangle, name: dot, repeat: 3, frame: ["index * 20", "time * 60", 10, 10], fill: "mix(#FF0000, #0000FF, index / 2)"}
            timeline: {duration: 1, keyframes: [{time: 0, offset: 0}]}
            """)
        let p = placements(s, frame: 30)
        assertFrame(p["dot.2"], [40, 30, 10, 10], "third dot at t = 0.5")
        XCTAssertTrue(s.screen.scene!.readsTime)
        XCTAssertNotEqual(s.key(ofFrame: 10), s.key(ofFrame: 20), "equal scroll states at other times are other frames")
    }

    /// From an audit: inputs that validation accepts must render, in bounded memory and time.
    func testMagnifiedShadowsTinyBlursAndHugeVarsStayBounded() throws {
        let s = try load(
            """
            vars: {big: 1e305}
            layers:
              - type: group
                scale: 100
                children:
                  - type: group
                    scale: 100
                    children:
                      - {type: rectangle, frame: [0, 0, 10, 10], fill: "#F00", scale: 100, shadowOpacity: 1, shadowRadius: 50}
                      - {type: material, frame: [0, 0, 10, 10], blurRadius: 100, scale: 100}
              - {type: image, image: ../images/rocket.jpg, blur: 100, width: 0.000001, height: 10}
              - {type: image, name: sharp, image: ../images/rocket.jpg, blur: 2, frame: [0, 0, 100, 100]}
              - {type: image, name: soft, image: ../images/rocket.jpg, blur: 30, frame: [0, 100, 100, 100]}
            timeline: {keyframes: [{time: 0, offset: 0}, {time: 0.1, offset: 10}]}

            """)
        let pixels = FrameRenderer(scenario: s).render(frame: 0)
        XCTAssertEqual(pixels.width, 1179)
        XCTAssertEqual(s.metrics(ofFrame: 0)["vars.big"], 1e305)
        // Two blurs of one file are two images (their own ids), never each other's pixels.
        let specs = s.screen.scene!.allSpecs.filter { $0.name == "sharp" || $0.name == "soft" }
        XCTAssertNotEqual(specs[0].image!.id, specs[1].image!.id)
        XCTAssertNotEqual(specs[0].image!.pixmap.bytes, specs[1].image!.pixmap.bytes)
    }

    /// An image's blur is made when the image is first drawn, not when the scenario loads: loading,
    /// `validate` and an "up to date" answer never pay for it (it was 14 % of an up-to-date run on
    /// the default demo). The pixels are the same as blurring at once.
    func testABlurIsMadeWhenFirstDrawnNotAtLoad() throws {
        let s = try load(
            """
            layers:
              - {type: image, name: soft, image: ../images/rocket.jpg, blur: 30, frame: [0, 0, 100, 100]}
            timeline: {keyframes: [{time: 0, offset: 0}, {time: 0.1, offset: 10}]}

            """)
        let soft = try XCTUnwrap(s.screen.scene?.allSpecs.first { $0.name == "soft" }?.image)
        XCTAssertTrue(soft.blurIsPending, "loaded, not drawn")
        _ = FrameRenderer(scenario: s).render(frame: 0)
        XCTAssertFalse(soft.blurIsPending, "drawn")

        var source = Pixmap(width: 40, height: 30)
        for i in stride(from: 0, to: source.bytes.count, by: 4) { source.bytes[i] = UInt8(i / 4 % 40 * 6); source.bytes[i + 3] = 255 }
        let image = SceneImage(pixmap: source, id: 1)
        // Drawn at its own size (40 points, scale 1): the sigma is the radius in pixels.
        let copy = try XCTUnwrap(image.blurred(radius: 3, drawnIn: Size(40, 30), mode: .scaleToFill, id: 2))
        XCTAssertTrue(copy.blurIsPending)
        XCTAssertEqual(copy.pointSize, Size(40, 30))
        XCTAssertEqual(copy.pixmap, GaussianBlur.apply(source, sigma: 3))
        XCTAssertFalse(copy.blurIsPending)
        XCTAssertNotEqual(copy.pixmap, source)
    }

    func testAViewOfAnotherRootsLayerIsItsOnlyInstance() throws {
        let s = try load(
            """
            navigationBar: false
            scrollView: {contentInsetAdjustmentBehavior: never}
            layers:
              - {type: rectangle, name: banner, in: content, frame: [0, "200 + index * 2000", 100, 100]}
              - type: rectangle
                name: dot
                repeat: 3
                frame: ["index * 20", 0, 10, 10]
                opacity: {over: view, view: banner, range: cover, keyframes: [[0, 0.25], [1, 1]]}
            timeline: {keyframes: [{time: 0, offset: 0}, {time: 1, offset: 100}]}

            """)
        // banner is not repeated: its index is 0 for every dot (top 200, 100 tall, scrollport 0-852).
        let progress = (852 - 200) / (852.0 + 100)
        let p = placements(s, frame: 0)
        for i in 0..<3 { XCTAssertEqual(p["dot.\(i)"]?.opacity ?? 0, 0.25 + 0.75 * progress, accuracy: 0.0001, "dot.\(i)") }
    }

    // MARK: The fixtures against their formulas

    func testParallaxHeaderGeometry() throws {
        let s = try ScenarioLoader.load(path: Self.fixtures + "parallax-header.yaml")
        let w = s.screen.device.size.width
        var pulled = 0, scrolled = 0
        for frame in stride(from: 0, to: s.frameCount, by: 7) {
            let o = s.contentOffsetY(ofFrame: frame)
            XCTAssertEqual(o, s.state(ofFrame: frame).offset, "top inset 0: offset = u")
            let photo = placements(s, frame: frame)["photo"]
            if o < 0 {
                pulled += 1
                assertFrame(photo, [0, 0, w, 300 - o], "photo pulled at offset \(o)")
            } else if o < 600 {
                scrolled += 1
                assertFrame(photo, [0, -o / 2, w, 300], "photo scrolled at offset \(o)")
            }
        }
        XCTAssertGreaterThan(pulled, 5); XCTAssertGreaterThan(scrolled, 5)
    }

    func testCollapsingLargeTitleGeometry() throws {
        let s = try ScenarioLoader.load(path: Self.fixtures + "collapsing-large-title.yaml")
        for frame in stride(from: 0, to: s.frameCount, by: 5) {
            let u = s.state(ofFrame: frame).offset
            let p = placements(s, frame: frame)
            let inline = min(max((u - 30) / 22, 0), 1)
            if inline > 0 {
                XCTAssertEqual(p["inlineTitle"]!.opacity, (inline * 10000).rounded() / 10000, accuracy: 1e-4, "u \(u)")
            } else {
                XCTAssertNil(p["inlineTitle"], "u \(u)")
            }
            let bar = min(max(u / 52, 0), 1)
            if bar > 0 { XCTAssertEqual(p["barBackground"]!.opacity, (bar * 10000).rounded() / 10000, accuracy: 1e-4, "u \(u)") }
            // The large title scrolls with the content (table header view at 98 - u) and grows when pulled, from its left edge.
            let scale = 1 + min(0.1, max(0, -u) / 600)
            let top = 98 - u + 3 + 41 * (1 - scale) / 2
            if let title = p["largeTitle"] { assertFrame(title, [16, top, (393 - 32) * scale, 41 * scale], "large title at u \(u)") }
        }
    }

    func testCardsScrollTransitionGeometry() throws {
        let s = try ScenarioLoader.load(path: Self.fixtures + "cards-scroll-transition.yaml")
        let portTop = s.screen.insetTop, w = s.screen.device.size.width - 32
        var exiting = 0
        for frame in stride(from: 0, to: s.frameCount, by: 9) {
            let o = s.contentOffsetY(ofFrame: frame)
            let p = placements(s, frame: frame)
            for i in 0..<12 {
                let top = 16 + Double(i) * 216 - o
                let progress = min(max((portTop - top) / 200, 0), 1)
                let scale = 1 - 0.1 * progress
                let name = "card.\(i)"
                guard top < s.screen.device.size.height, top + 200 > 0, progress < 1 else { continue }
                if progress > 0 { exiting += 1 }
                assertFrame(p[name], [16 + w * (1 - scale) / 2, top + 200 * (1 - scale) / 2, w * scale, 200 * scale], "\(name) at offset \(o)")
                XCTAssertEqual(p[name]?.opacity ?? -1, ((1 - 0.5 * progress) * 10000).rounded() / 10000, accuracy: 1e-4, "\(name) at offset \(o)")
            }
        }
        XCTAssertGreaterThan(exiting, 10)
    }

    /// A preset is drawn as the layers it expands to: the scenario's own layers come after the
    /// preset's, read its vars (`stop`), and the manifest reports the preset's numbers and the
    /// scenario's own vars, not the expansion's.
    func testOwnLayersOverAPresetReadItsVars() throws {
        let s = try load(
            """
            effect: profile
            header: {height: 160}
            vars:
              fade: "clamp((u - stop) / 40, 0, 1)"
            layers:
              - {type: rectangle, name: badge, frame: [300, 60, 40, 40], fill: "#FF3B30", opacity: fade}
            """ + "\n" + rest)
        XCTAssertEqual(s.screen.presetName, "profile")
        XCTAssertNil(placements(s, frame: 0)["badge"], "transparent at rest")
        // stop = 160 - (54 + 44) = 62; at u = 100, (100 - 62) / 40.
        XCTAssertEqual(placements(s, frame: 60)["badge"]?.opacity ?? 0, 0.95, accuracy: 1e-9)
        XCTAssertNotNil(placements(s, frame: 60)["avatar"], "the preset's own layers are drawn too")
        let metrics = s.metrics(ofFrame: 60)
        XCTAssertEqual(metrics.vars["fade"] ?? 0, 0.95, accuracy: 1e-9)
        XCTAssertEqual(metrics.preset["headerTranslationY"], -62)
        XCTAssertEqual(Set(metrics.vars.keys), ["fade"], "the expansion's vars are not reported")
        XCTAssertEqual(metrics["vars.fade"], metrics.vars["fade"], "vars.NAME in the manifest")
    }
}

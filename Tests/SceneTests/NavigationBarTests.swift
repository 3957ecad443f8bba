import Foundation
import Raster
import XCTest
@testable import ScenarioFormat
@testable import Scene

/// The large-title bar, its search bar and bar buttons (NavigationBar.swift, SearchBar.swift,
/// BarButtons.swift): UIKit's iOS 17/18 geometry as pure functions of u, the layers at their
/// frames, and pixels that prove the drawing.
final class NavigationBarTests: XCTestCase {
    /// A screen from scenario text with a plain list under the bar.
    func screen(_ bar: String, device: String = "iphone-15", extra: String = "") throws -> Screen {
        try ScenarioLoader.parse(
            "device: \(device)\neffect: none\n\(extra)navigationBar: \(bar)\nrows: {count: 30}\n"
                + "timeline: {gestures: [wait: 1]}\n", file: "bar.yaml", baseDirectory: ""
        ).screen
    }

    let large = "{style: standard, title: Settings, largeTitle: true}"
    let largeWithSearch = "{style: standard, title: Settings, largeTitle: true, searchBar: {placeholder: Search}}"

    func placements(_ s: Screen, u: Double) -> [String: LayerPlacement] {
        let all = LayerRenderer.placements(of: s.layers(u: u, pixelScale: 3), screen: s.device.size)
        return Dictionary(all.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
    }

    func layer(_ name: String, in root: Layer) -> Layer? {
        if root.name == name { return root }
        for sub in root.sublayers { if let found = layer(name, in: sub) { return found } }
        return nil
    }

    func text(_ name: String, _ s: Screen, u: Double) -> TextContent? {
        guard let l = layer(name, in: s.layers(u: u, pixelScale: 3)), case .text(let t)? = l.contents else { return nil }
        return t
    }

    func render(_ s: Screen, u: Double, scale: Double = 3) -> Pixmap {
        let (w, h) = s.device.pixelSize(scale: scale)
        return LayerRenderer().render(s.layers(u: u, pixelScale: scale), width: w, height: h, scale: scale)
    }

    /// Pixels in the rectangle (points, at `scale`) that pass `test`.
    func count(_ p: Pixmap, _ r: Rect, scale: Double = 3, _ test: (PremultipliedColor) -> Bool) -> Int {
        var n = 0
        for y in Int(r.minY * scale)..<Int(r.maxY * scale) {
            for x in Int(r.minX * scale)..<Int(r.maxX * scale) where test(p[x, y]) { n += 1 }
        }
        return n
    }

    func isDark(_ c: PremultipliedColor) -> Bool { Int(c.r) + Int(c.g) + Int(c.b) < 200 }
    func isBlue(_ c: PremultipliedColor) -> Bool { c.b > 200 && c.r < 120 && c.g < 190 }

    // MARK: Geometry

    func testLargeTitleBarAtRestIsStatusBarPlus44Plus52AndTheContentRestsUnderIt() throws {
        let s = try screen(large)
        let g = s.standardBarGeometry(u: 0)!
        XCTAssertEqual(g.bottom, 54 + 44 + 52)
        XCTAssertEqual(g.largeTitleHeight, 52)
        XCTAssertEqual(s.insetTop, 150, "contentInset.top includes the large-title area")
        XCTAssertEqual(s.contentOffset(u: 0), -150)
        XCTAssertEqual(g.backgroundAlpha, 0, "scrollEdgeAppearance: transparent at rest")
        XCTAssertEqual(g.inlineTitleAlpha, 0)
        XCTAssertEqual(g.largeTitleScale, 1)
    }

    func testTheLargeTitleAreaShrinksOnePointPerPointAndTheInlineTitleFadesInAsItGoes() throws {
        let item = try screen(large).navigation.item
        let d = Device.named("iphone-15")!
        for u in stride(from: 0.0, through: 52, by: 4) {
            let g = NavigationBarGeometry(u: u, device: d, item: item)
            XCTAssertEqual(g.largeTitleHeight, 52 - u, "u = \(u)")
            XCTAssertEqual(g.bottom, 150 - u, "the bar's bottom stays at the content's top, u = \(u)")
            XCTAssertEqual(g.backgroundAlpha, 0, "no content under the bar yet, u = \(u)")
        }
        XCTAssertEqual(NavigationBarGeometry(u: 30, device: d, item: item).inlineTitleAlpha, 0)
        XCTAssertEqual(NavigationBarGeometry(u: 47, device: d, item: item).inlineTitleAlpha, 0.5, accuracy: 1e-12)
        XCTAssertEqual(NavigationBarGeometry(u: 52, device: d, item: item).inlineTitleAlpha, 1)
        XCTAssertEqual(
            NavigationBarGeometry(u: 57, device: d, item: item).backgroundAlpha, 0.5, accuracy: 1e-12,
            "the material cross-fades in over 10 pt of content under the bar")
        let collapsed = NavigationBarGeometry(u: 300, device: d, item: item)
        XCTAssertEqual(collapsed.largeTitleHeight, 0)
        XCTAssertEqual(collapsed.bottom, 98)
        XCTAssertEqual(collapsed.backgroundAlpha, 1)
    }

    func testPulledDownTheAreaGrowsAndTheTitleScalesUpToOnePointOne() throws {
        let item = try screen(large).navigation.item
        let d = Device.named("iphone-15")!
        let g = NavigationBarGeometry(u: -60, device: d, item: item)
        XCTAssertEqual(g.largeTitleHeight, 112)
        XCTAssertEqual(g.largeTitleScale, 1 + 0.03 * 60 / 44, accuracy: 1e-12)
        XCTAssertEqual(g.backgroundAlpha, 0)
        XCTAssertEqual(NavigationBarGeometry(u: -400, device: d, item: item).largeTitleScale, 1.1, "at most 1.1x")
        let s = try screen(large)
        let title = placements(s, u: -60)["largeTitle"]!
        XCTAssertEqual(title.frame[0], 16, "it grows from its leading edge")
        XCTAssertEqual(title.frame[1] + title.frame[3], 98 + 112 - 8, accuracy: 1e-3, "its bottom follows the content down")
        XCTAssertEqual(title.frame[3], 41 * g.largeTitleScale, accuracy: 1e-3)
    }

    func testTheSearchBandCollapsesBeforeTheLargeTitle() throws {
        let s = try screen(largeWithSearch)
        XCTAssertEqual(s.insetTop, 54 + 44 + 52 + 52)
        let heights = [0.0, 30, 52, 70, 104, 200].map { u -> [Double] in
            let g = s.standardBarGeometry(u: u)!
            return [g.searchBarHeight, g.largeTitleHeight]
        }
        XCTAssertEqual(heights, [[52, 52], [22, 52], [0, 52], [0, 34], [0, 0], [0, 0]])
        XCTAssertEqual(s.standardBarGeometry(u: -50)!.searchBarHeight, 52, "pulled, the band keeps its height")
        XCTAssertEqual(s.standardBarGeometry(u: -50)!.largeTitleHeight, 102, "and the title's area takes the pull")
        let rest = placements(s, u: 0)
        XCTAssertEqual(rest["searchBar"]!.frame, [0, 150, 393, 52])
        XCTAssertEqual(rest["searchBar.field"]!.frame, [16, 158, 361, 36], "36 pt, centred in the band, at the margins")
        let half = placements(s, u: 26)
        XCTAssertEqual(half["searchBar.field"]!.frame[3], 10, "the field shrinks with the band")
        XCTAssertNil(half["searchBar.placeholder"], "its placeholder has faded out")
        XCTAssertEqual(half["largeTitle"]!.frame, [16, 101, 361, 41], "the large title stays put while the band goes")
        XCTAssertEqual(placements(s, u: 78)["largeTitle"]!.frame, [16, 101 - 26, 361, 41], "then moves up with the content")
    }

    // MARK: Layers

    func testAtRestTheLargeTitleIs34PtBoldAtItsUIKitFrameAndTheBarIsTransparent() throws {
        let s = try screen(large)
        let p = placements(s, u: 0)
        XCTAssertEqual(p["navigationBar"]!.frame, [0, 0, 393, 150])
        XCTAssertEqual(p["largeTitle"]!.frame, [16, 101, 361, 41], "x = the layout margin; 8 pt above the area's bottom")
        let t = try XCTUnwrap(text("largeTitle", s, u: 0))
        XCTAssertEqual(t.pointSize, 34)
        XCTAssertEqual(t.weight, .bold)
        XCTAssertEqual(t.text, "Settings")
        XCTAssertNil(p["navigationBar.background"], "no material at the scroll edge")
        XCTAssertNil(p["navigationBar.hairline"])
        XCTAssertNil(p["navigationBar.title"], "the inline title is hidden")
        let pixels = render(s, u: 0)
        XCTAssertGreaterThan(count(pixels, Rect(x: 16, y: 101, width: 200, height: 41), isDark), 500, "the large title is drawn")
        XCTAssertEqual(
            count(pixels, Rect(x: 0, y: 149, width: 393, height: 2)) { $0.r < 250 }, 0,
            "no hairline at the bar's bottom")
    }

    func testScrolledPast52TheInlineTitleShowsAndTheMaterialAndHairlineAreDrawn() throws {
        let s = try screen(large)
        let p52 = placements(s, u: 52)
        XCTAssertNil(p52["largeTitle"], "the large title is gone")
        XCTAssertEqual(p52["navigationBar.title"]!.opacity, 1)
        let inline = try XCTUnwrap(text("navigationBar.title", s, u: 52))
        XCTAssertEqual(inline.pointSize, 17)
        XCTAssertEqual(inline.weight, .semibold)
        let p = placements(s, u: 80)
        XCTAssertEqual(p["navigationBar"]!.frame, [0, 0, 393, 98])
        XCTAssertEqual(p["navigationBar.background"]!.opacity, 1)
        XCTAssertEqual(p["navigationBar.hairline"]!.frame, [0, 98, 393, 0.3333])
        let pixels = render(s, u: 80)
        XCTAssertGreaterThan(
            count(pixels, Rect(x: 0, y: 98, width: 393, height: 1.0 / 3)) { $0.r < 250 }, 1000,
            "the hairline is drawn")
        XCTAssertGreaterThan(count(pixels, Rect(x: 150, y: 54, width: 93, height: 44), isDark), 100, "the inline title is drawn")
        XCTAssertEqual(count(pixels, Rect(x: 16, y: 60, width: 100, height: 38), isDark), 0, "no large title left in the bar")
    }

    func testLandscapeIPhoneShowsTheInlineBarOnly() throws {
        let s = try screen(large, extra: "orientation: landscape\n")
        let g = s.standardBarGeometry(u: 0)!
        XCTAssertFalse(g.showsLargeTitle)
        XCTAssertEqual(g.bottom, 32)
        XCTAssertEqual(s.insetTop, 32)
        let p = placements(s, u: 0)
        XCTAssertNil(p["largeTitle"])
        XCTAssertEqual(p["navigationBar.title"]!.opacity, 1)
        XCTAssertEqual(p["navigationBar"]!.frame, [0, 0, 852, 32])
        // An iPad keeps it, at its 20 pt margin under a 50 pt row.
        let pad = try screen(large, device: "ipad-air-11", extra: "orientation: landscape\n")
        XCTAssertEqual(placements(pad, u: 0)["largeTitle"]!.frame, [20, 24 + 50 + 3, 1180 - 40, 41])
    }

    func testBarButtonFrames() throws {
        let s = try screen(
            "{style: standard, title: Inbox, leftItems: [{title: Edit}], rightItems: [{title: Done, style: done}, {glyph: plus}, {glyph: more}]}")
        let p = placements(s, u: 0)
        let edit = p["navigationBar.left.0"]!.frame, done = p["navigationBar.right.0"]!.frame
        let plus = p["navigationBar.right.1"]!.frame, more = p["navigationBar.right.2"]!.frame
        XCTAssertEqual(edit[0], 16, "at the layout margin")
        XCTAssertEqual([edit[1], edit[3]], [54, 44], "in the 44 pt row")
        XCTAssertEqual(done[0] + done[2], 393 - 16, "the first right item ends at the margin")
        XCTAssertEqual(plus[0] + plus[2], done[0] - 12, accuracy: 1e-9)
        XCTAssertEqual(plus[2], 30)
        XCTAssertEqual(more[0] + more[2], plus[0] - 12, accuracy: 1e-9)
        XCTAssertEqual(text("navigationBar.right.0", s, u: 0)?.weight, .semibold, "done is semibold")
        XCTAssertEqual(text("navigationBar.left.0", s, u: 0)?.weight, .regular)
        XCTAssertEqual(text("navigationBar.left.0", s, u: 0)?.color, Palette.light.systemBlue)
        let title = p["navigationBar.title"]!.frame
        XCTAssertGreaterThanOrEqual(title[0], edit[0] + edit[2] + 6)
        XCTAssertLessThanOrEqual(title[0] + title[2], more[0] - 6, "the title keeps clear of the buttons")
        XCTAssertEqual(title[0] + title[2] / 2, 393 / 2, "and stays centred")

        let back = try screen("{style: standard, title: Wi-Fi, backTitle: Settings, leftItems: [{glyph: share}]}")
        let b = placements(back, u: 0)
        XCTAssertEqual(b["navigationBar.back"]!.frame[0], 8, "the back chevron 8 pt from the edge")
        XCTAssertEqual(b["navigationBar.back.title"]!.frame[0], 8 + 13 + 6)
        XCTAssertEqual(b["navigationBar.left.0"]!.frame[0], b["navigationBar.back"]!.frame[0] + b["navigationBar.back"]!.frame[2] + 12)
        // In landscape the buttons keep out of the sensor's safe area.
        let side = try screen("{style: standard, leftItems: [{title: Edit}]}", extra: "orientation: landscape\n")
        XCTAssertEqual(placements(side, u: 0)["navigationBar.left.0"]!.frame[0], 59 + 16)
    }

    func testEveryGlyphIsDrawnAndEachDiffers() {
        var seen: [[Bool]] = []
        for g in NavigationGlyph.allCases {
            let root = Layer(frame: Rect(x: 0, y: 0, width: 30, height: 44))
            root.backgroundColor = .white
            let icon = Layer(frame: root.bounds)
            icon.contents = .shapes(Chrome.glyph(g, in: Size(30, 44), color: Palette.light.systemBlue))
            root.addSublayer(icon)
            let p = LayerRenderer().render(root, width: 90, height: 132, scale: 3)
            let mask = (0..<(90 * 132)).map { isBlue(p[$0 % 90, $0 / 90]) }
            let n = mask.filter { $0 }.count
            XCTAssertGreaterThan(n, 150, "\(g) draws strokes")
            XCTAssertLessThan(n, 90 * 132 / 3, "\(g) is a glyph, not a fill")
            XCTAssertFalse(seen.contains(mask), "\(g) differs from the glyphs before it")
            seen.append(mask)
        }
        // In a bar: the plus button's pixels are blue, at its frame.
        let s = try! screen("{style: standard, rightItems: [{glyph: plus}]}")
        let frame = placements(s, u: 0)["navigationBar.right.0"]!.frame
        XCTAssertGreaterThan(count(render(s, u: 0), Rect(x: frame[0], y: frame[1], width: frame[2], height: frame[3]), isBlue), 150)
    }

    func testTheSearchFieldIsDrawnInLightAndDark() throws {
        for appearance in Appearance.allCases {
            let s = try screen(largeWithSearch, extra: "appearance: \(appearance.rawValue)\n")
            let p = render(s, u: 0)
            // The fill over the screen's background, source-over.
            let fill = Chrome.searchFieldFill(appearance), bg = s.backgroundColor
            let a = Double(fill.a) / 255
            let expected = (r: Double(fill.r) * a + Double(bg.r) * (1 - a), b: Double(fill.b) * a + Double(bg.b) * (1 - a))
            let c = p[300 * 3, 176 * 3]
            XCTAssertEqual(Double(c.r), expected.r, accuracy: 2, "\(appearance): the field's fill")
            XCTAssertEqual(Double(c.b), expected.b, accuracy: 2)
            // The glass and placeholder in secondaryLabel: not the fill, somewhere in the field's first 80 pt.
            let drawn = count(p, Rect(x: 20, y: 160, width: 80, height: 32)) { abs(Double($0.r) - expected.r) > 40 }
            XCTAssertGreaterThan(drawn, 200, "\(appearance): the magnifying glass and placeholder")
        }
    }

    func testTheExtendedBarAddsItsNumbersToTheLayoutMetrics() throws {
        let s = try screen(largeWithSearch)
        let m = s.metrics(u: 70, measured: nil).flattened
        XCTAssertEqual(m["largeTitleHeight"], 34)
        XCTAssertEqual(m["searchBarHeight"], 0)
        XCTAssertEqual(m["navigationBarHeight"], 44 + 34)
        XCTAssertNil(try screen("{style: standard, title: Plain}").metrics(u: 0, measured: nil).flattened["largeTitleHeight"])
    }

    // MARK: Scenario files

    func testTheLoaderReadsTheItem() throws {
        let item = try screen("{style: standard, title: A, largeTitle: true, searchBar: true, backTitle: '', rightItems: [{glyph: share}]}")
            .navigation.item
        XCTAssertTrue(item.prefersLargeTitle)
        XCTAssertEqual(item.searchBar, SearchBarSettings())
        XCTAssertEqual(item.backTitle, "")
        XCTAssertEqual(item.rightItems, [BarButtonItem(.glyph(.share))])
    }

    func testTheKeysAreRefusedOnOtherStyles() {
        XCTAssertThrowsError(try screen("{style: floating, largeTitle: true}")) { error in
            XCTAssertTrue("\(error)".contains("navigationBar.largeTitle: applies to style: standard only"), "\(error)")
        }
    }

    func testTheSchemaDescribesTheNewKeys() {
        let object = ((SchemaTests.schema["properties"] as! [String: Any])["navigationBar"] as! [String: Any])["oneOf"] as! [[String: Any]]
        let props = object[1]["properties"] as! [String: Any]
        let search = (props["searchBar"] as! [String: Any])["oneOf"] as! [[String: Any]]
        XCTAssertEqual(((search[1]["properties"] as! [String: Any]).keys.sorted()), NavigationBarPart.searchBarKeys.sorted())
        for side in ["leftItems", "rightItems"] {
            let items = (props[side] as! [String: Any])["items"] as! [String: Any]
            XCTAssertEqual((items["properties"] as! [String: Any]).keys.sorted(), NavigationBarPart.barItemKeys.sorted())
            let p = items["properties"] as! [String: [String: Any]]
            XCTAssertEqual(p["glyph"]!["enum"] as! [String], NavigationGlyph.allCases.map(\.rawValue))
            XCTAssertEqual(p["style"]!["enum"] as! [String], BarButtonItem.Style.allCases.map(\.rawValue))
            XCTAssertEqual((props[side] as! [String: Any])["maxItems"] as! Int, NavigationItem.maximumItemsPerSide)
        }
    }
}

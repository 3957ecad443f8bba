import Foundation
import Raster
import XCTest
@testable import ScenarioFormat
@testable import Scene

/// Bar items with SF Symbols and tints, and the transparent scroll edge of standard and bottom
/// bars (BottomBar.swift, BarButtons.swift, NavigationBarReading.swift): what a scenario says,
/// the pixels it gives, and the refusals.
final class BarItemsTests: XCTestCase {
    func screen(_ yaml: String, rows: Int = 30) throws -> Screen {
        try ScenarioLoader.parse(
            "device: iphone-15\neffect: none\nrows: {count: \(rows)}\n\(yaml)\ntimeline: {gestures: [wait: 1]}\n", file: "bars.yaml",
            baseDirectory: ""
        ).screen
    }

    func problems(_ yaml: String) -> String {
        do {
            _ = try screen(yaml)
            return ""
        } catch {
            return "\(error)"
        }
    }

    func placements(_ s: Screen, u: Double) -> [String: LayerPlacement] {
        let all = LayerRenderer.placements(of: s.layers(u: u, pixelScale: 3), screen: s.device.size)
        return Dictionary(all.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
    }

    func layer(_ name: String, _ s: Screen, u: Double) -> Layer? {
        func find(_ l: Layer) -> Layer? {
            if l.name == name { return l }
            for sub in l.sublayers { if let found = find(sub) { return found } }
            return nil
        }
        return find(s.layers(u: u, pixelScale: 3))
    }

    func render(_ s: Screen, u: Double) -> Pixmap {
        let (w, h) = s.device.pixelSize(scale: 3)
        return LayerRenderer().render(s.layers(u: u, pixelScale: 3), width: w, height: h, scale: 3)
    }

    /// The pixels of `name`'s frame (points, @3x) within `tolerance` of `color`.
    func count(_ p: Pixmap, _ s: Screen, _ name: String, u: Double = 0, near color: Color, tolerance: Int = 14) -> Int {
        guard let f = placements(s, u: u)[name]?.frame else {
            XCTFail("no layer \(name)")
            return 0
        }
        var n = 0
        for y in Int(f[1] * 3)..<Int((f[1] + f[3]) * 3) {
            for x in Int(f[0] * 3)..<Int((f[0] + f[2]) * 3) {
                let c = p[x, y]
                if abs(Int(c.r) - Int(color.r)) <= tolerance && abs(Int(c.g) - Int(color.g)) <= tolerance && abs(Int(c.b) - Int(color.b)) <= tolerance
                {
                    n += 1
                }
            }
        }
        return n
    }

    // MARK: Symbols and tints in the navigation bar

    func testASymbolItemIsDrawnInItsTintAndTheBarsTintColorsTheRest() throws {
        for appearance in Appearance.allCases {
            let s = try screen(
                "appearance: \(appearance.rawValue)\nnavigationBar: {style: standard, title: Inbox, tint: systemPink, "
                    + "leftItems: [{title: Edit}], rightItems: [{symbol: heart.fill, tint: systemGreen}, {symbol: square.and.arrow.up}]}")
            let palette = Palette.forAppearance(appearance)
            let pink = try XCTUnwrap(SystemColor.named("systemPink", appearance: appearance))
            let green = try XCTUnwrap(SystemColor.named("systemGreen", appearance: appearance))
            XCTAssertNotEqual(pink, palette.systemBlue)
            let p = render(s, u: 0)
            // heart.fill: a filled symbol, a good part of its 30 x 44 slot in the item's own tint.
            XCTAssertGreaterThan(count(p, s, "navigationBar.right.0", near: green), 1000, "\(appearance): the heart in systemGreen")
            XCTAssertEqual(count(p, s, "navigationBar.right.0", near: pink), 0, "\(appearance)")
            // The share symbol and Edit in the bar's tint, no blue anywhere in the bar.
            XCTAssertGreaterThan(count(p, s, "navigationBar.right.1", near: pink), 150, "\(appearance): the share symbol in systemPink")
            XCTAssertGreaterThan(count(p, s, "navigationBar.left.0", near: pink), 100, "\(appearance): Edit in systemPink")
            XCTAssertEqual(count(p, s, "navigationBar", near: palette.systemBlue, tolerance: 6), 0, "\(appearance)")
            // The symbol item is a glyph-wide slot in the row, 12 pt from its neighbour.
            let heart = try XCTUnwrap(placements(s, u: 0)["navigationBar.right.0"]).frame
            let share = try XCTUnwrap(placements(s, u: 0)["navigationBar.right.1"]).frame
            XCTAssertEqual(heart, [393 - 16 - 30, 54, 30, 44])
            XCTAssertEqual(share[0] + share[2], heart[0] - 12, accuracy: 1e-9)
        }
    }

    /// The symbol is the one named: two symbols give different pixels, and the shape is the
    /// symbol code's (the same outline `UIImage(systemName:)` draws, centred in the slot).
    func testTheSymbolIsTheOneNamedCentredAsAnImageViewCentresIt() throws {
        let s = try screen("navigationBar: {style: standard, rightItems: [{symbol: heart.fill}]}")
        let t = try screen("navigationBar: {style: standard, rightItems: [{symbol: star.fill}]}")
        let button = try XCTUnwrap(
            s.layers(u: 0, pixelScale: 3).sublayers.first { $0.name == "navigationBar" }?.sublayers.first {
                $0.name == "navigationBar.right.0"
            })
        guard case .shapes(let shapes)? = button.contents else { return XCTFail("no shapes") }
        let heart = try SFSymbols.shapes(named: "heart.fill", pointSize: 17)
        XCTAssertEqual(shapes.count, 1)
        XCTAssertEqual(shapes.first?.0, heart.outline!.applying(.translation((30 - heart.size.width) / 2, (44 - heart.size.height) / 2)))
        XCTAssertNotEqual(render(s, u: 0), render(t, u: 0))
    }

    func testTheBarsTintIsResolvedPerAppearance() throws {
        let light = try screen("appearance: light\nnavigationBar: {style: standard, tint: label, rightItems: [{glyph: plus}]}")
        let dark = try screen("appearance: dark\nnavigationBar: {style: standard, tint: label, rightItems: [{glyph: plus}]}")
        XCTAssertEqual(light.navigation.tint, Palette.light.label)
        XCTAssertEqual(dark.navigation.tint, Palette.dark.label)
        XCTAssertNotEqual(light.navigation.tint, dark.navigation.tint)
    }

    func testAGlyphItemIsDrawnAsBeforeBesideASymbolItem() throws {
        // `glyph:` is drawn exactly as before the symbol and tint keys (the same shapes in systemBlue), beside a `symbol:`.
        let s = try screen("navigationBar: {style: standard, title: Inbox, rightItems: [{glyph: plus}, {symbol: plus}], leftItems: [{glyph: share}]}")
        let bar = try XCTUnwrap(s.layers(u: 0, pixelScale: 3).sublayers.first { $0.name == "navigationBar" })
        let plus = try XCTUnwrap(bar.sublayers.first { $0.name == "navigationBar.right.0" })
        guard case .shapes(let shapes)? = plus.contents else { return XCTFail("no shapes") }
        XCTAssertEqual(shapes.map(\.1), shapes.map { _ in Palette.light.systemBlue })
        XCTAssertEqual(shapes.map(\.0), Chrome.glyph(.plus, in: Size(30, 44), color: .white).map(\.0))
        // Beside it the SF Symbol of the same name: another drawing, the same place in the row.
        let symbol = try XCTUnwrap(bar.sublayers.first { $0.name == "navigationBar.right.1" })
        guard case .shapes(let symbolShapes)? = symbol.contents else { return XCTFail("no symbol") }
        XCTAssertNotEqual(symbolShapes.map(\.0), shapes.map(\.0))
        XCTAssertEqual(symbol.frame.width, plus.frame.width)
    }

    // MARK: Tab bar and toolbar

    func testTabAndToolbarSymbolsAndTints() throws {
        let tabs = try screen(
            "tabBar: {tint: systemOrange, unselectedTint: systemTeal, selected: 0, items: [{title: Home, symbol: house.fill}, {title: Me, symbol: person.fill}]}"
        )
        let orange = SystemColor.named("systemOrange", appearance: .light)!, teal = SystemColor.named("systemTeal", appearance: .light)!
        let p = render(tabs, u: 0)
        XCTAssertGreaterThan(count(p, tabs, "tabBar.item.0", near: orange), 600, "the selected tab's symbol and title in the bar's tint")
        XCTAssertEqual(count(p, tabs, "tabBar.item.0", near: teal), 0)
        XCTAssertGreaterThan(count(p, tabs, "tabBar.item.1", near: teal), 600, "the other tab in unselectedTint")
        XCTAssertEqual(tabs.tabBar?.items.map(\.symbol), ["house.fill", "person.fill"])

        let tools = try screen("toolbar: {tint: systemIndigo, items: [{symbol: trash, tint: systemRed}, {glyph: share}, {title: Done}]}")
        let red = SystemColor.named("systemRed", appearance: .light)!, indigo = SystemColor.named("systemIndigo", appearance: .light)!
        let q = render(tools, u: 0)
        XCTAssertGreaterThan(count(q, tools, "toolbar.item.0", near: red), 150, "the trash symbol in its own tint")
        XCTAssertEqual(count(q, tools, "toolbar.item.0", near: indigo), 0)
        XCTAssertGreaterThan(count(q, tools, "toolbar.item.1", near: indigo), 150, "the share glyph in the bar's tint")
        XCTAssertGreaterThan(count(q, tools, "toolbar.item.2", near: indigo), 100, "Done in the bar's tint")
        XCTAssertEqual(count(q, tools, "toolbar", near: Palette.light.systemBlue, tolerance: 6), 0)
    }

    func testTheToolbarsFramesAreThoseOfBefore() throws {
        // The shared bottom-bar piece keeps the toolbar's layout: margins, 28 pt glyph buttons, spread.
        let s = try screen("toolbar: {items: [{glyph: share}, {title: Edit}, {symbol: trash}]}")
        let frames = s.toolbar!.itemFrames(on: s.device, typography: .standard)
        XCTAssertEqual(frames.first?.minX, 16)
        XCTAssertEqual(frames.last?.maxX, 393 - 16)
        XCTAssertEqual(frames.map(\.width).first, 28)
        XCTAssertEqual(frames.last?.width, 28)
        XCTAssertEqual(Toolbar.frame(on: s.device), Rect(x: 0, y: 852 - 78, width: 393, height: 78))
        XCTAssertEqual(TabBar.frame(on: s.device), Rect(x: 0, y: 852 - 83, width: 393, height: 83))
    }

    // MARK: The transparent scroll edge

    func testAPlainStandardBarIsOpaqueUnlessScrollEdgeIsTransparent() throws {
        // Today's bar: always its material (no fade numbers in --layout).
        let plain = try screen("navigationBar: {style: standard, title: Inbox}")
        XCTAssertNil(plain.metrics(u: 0, measured: nil).flattened["navigationBackgroundAlpha"])
        XCTAssertEqual(placements(plain, u: 0)["navigationBar"]?.opacity, 1)
        // scrollEdge: transparent: iOS 15+'s scrollEdgeAppearance, fading in over 10 pt.
        let edge = try screen("navigationBar: {style: standard, title: Inbox, scrollEdge: transparent}")
        let alphas = [-20.0, 0, 2.5, 5, 10, 40].map { edge.metrics(u: $0, measured: nil).flattened["navigationBackgroundAlpha"] }
        XCTAssertEqual(alphas, [0, 0, 0.25, 0.5, 1, 1])
        XCTAssertEqual(edge.metrics(u: 0, measured: nil).flattened["navigationBarHeight"], 44)
        XCTAssertNil(placements(edge, u: 0)["navigationBar.background"], "transparent at the edge: no material, no hairline")
        XCTAssertNil(placements(edge, u: 0)["navigationBar.hairline"])
        XCTAssertEqual(placements(edge, u: 5)["navigationBar.background"]?.opacity, 0.5)
        XCTAssertEqual(placements(edge, u: 40)["navigationBar.background"]?.opacity, 1)
        // The inline title and buttons are there from the start.
        XCTAssertNotNil(placements(edge, u: 0)["navigationBar.title"])
        // At the edge the bar's background (red here) and hairline are not drawn: the screen's white shows.
        let redPlain = try screen("navigationBar: {style: standard, title: Inbox, color: '#FF0000'}")
        let redEdge = try screen("navigationBar: {style: standard, title: Inbox, color: '#FF0000', scrollEdge: transparent}")
        let (p, q) = (render(redEdge, u: 0), render(redPlain, u: 0))
        XCTAssertEqual([p[300 * 3, 80 * 3].r, p[300 * 3, 80 * 3].g, p[300 * 3, 80 * 3].b], [255, 255, 255])
        XCTAssertEqual([q[300 * 3, 80 * 3].r, q[300 * 3, 80 * 3].g, q[300 * 3, 80 * 3].b], [255, 0, 0])
        XCTAssertEqual([p[300 * 3, 98 * 3].r, p[300 * 3, 98 * 3].g], [255, 255], "no hairline at the edge")
        XCTAssertLessThan(render(plain, u: 0)[300 * 3, 98 * 3].g, 250, "the plain bar's hairline")
        // Half way in, the red is half there; once scrolled the two bars are one: the same pixels.
        XCTAssertEqual(Double(render(redEdge, u: 5)[300 * 3, 80 * 3].g), 255 * 0.5, accuracy: 3)
        XCTAssertEqual(render(plain, u: 40), render(edge, u: 40))
        XCTAssertEqual(render(redPlain, u: 40), render(redEdge, u: 40))
    }

    func testScrollEdgeOpaqueKeepsALargeTitleBarsMaterial() throws {
        let s = try screen("navigationBar: {style: standard, title: Inbox, largeTitle: true, scrollEdge: opaque}")
        XCTAssertEqual(s.metrics(u: 0, measured: nil).flattened["navigationBackgroundAlpha"], 1)
        XCTAssertEqual(placements(s, u: 0)["navigationBar.background"]?.opacity, 1)
        XCTAssertEqual(
            try screen("navigationBar: {style: standard, title: Inbox, largeTitle: true}").metrics(u: 0, measured: nil)
                .flattened["navigationBackgroundAlpha"], 0)
    }

    func testABottomBarIsTransparentWhileTheContentsBottomIsAboveIt() throws {
        // 30 rows of 44 pt: the range ends where the last row's bottom meets the bar's top.
        for bar in [
            "tabBar: {scrollEdge: transparent, items: [{glyph: house}, {glyph: star}]}",
            "toolbar: {scrollEdge: transparent, items: [{glyph: share}]}",
        ] {
            let s = try screen(bar)
            let key = bar.hasPrefix("tabBar") ? "tabBarBackgroundAlpha" : "toolbarBackgroundAlpha"
            let name = bar.hasPrefix("tabBar") ? "tabBar" : "toolbar"
            let end = s.maxScroll
            XCTAssertGreaterThan(end, 100)
            let alphas = [0, end - 10, end - 5, end, end + 30].map { s.metrics(u: $0, measured: nil).flattened[key] }
            XCTAssertEqual(alphas, [1, 1, 0.5, 0, 0], bar)
            let material = try XCTUnwrap(layer(name, s, u: 0)), edge = try XCTUnwrap(layer(name, s, u: end))
            XCTAssertEqual(material.backgroundColor?.a, 204)
            XCTAssertEqual(material.backdropBlurRadius, BarMaterial.blurRadius)
            XCTAssertEqual(edge.backgroundColor?.a, 0, "\(bar): transparent at the bottom edge")
            XCTAssertEqual(edge.backdropBlurRadius, 0)
            XCTAssertEqual(layer("\(name).hairline", s, u: end)?.opacity, 0)
            XCTAssertEqual(layer("\(name).hairline", s, u: end - 5)?.opacity, 0.5)
            // Without the key: the material at the edge too, as before.
            let opaque = try screen(bar.replacingOccurrences(of: "scrollEdge: transparent, ", with: ""))
            XCTAssertNil(opaque.metrics(u: end, measured: nil).flattened[key])
            XCTAssertEqual(layer(name, opaque, u: end)?.backgroundColor?.a, 204)
        }
    }

    // MARK: Refusals

    func testUnknownSymbolsAreRefusedWithTheClosestNames() {
        let nav = problems("navigationBar: {style: standard, rightItems: [{symbol: heart.flil}]}")
        XCTAssertTrue(nav.contains("bars.yaml:4:"), nav)
        XCTAssertTrue(nav.contains("navigationBar.rightItems[0].symbol: no SF Symbol named \"heart.flil\""), nav)
        XCTAssertTrue(nav.contains("did you mean \"heart.fill\""), nav)
        XCTAssertFalse(nav.contains("drawn empty"), nav)
        let tab = problems("tabBar: {items: [{title: A, symbol: hous}, {title: B, glyph: star}]}")
        XCTAssertTrue(tab.contains("tabBar.items[0].symbol: no SF Symbol named \"hous\""), tab)
        XCTAssertTrue(tab.contains("\"house\""), tab)
        let tool = problems("toolbar: {items: [{symbol: trsh}]}")
        XCTAssertTrue(tool.contains("toolbar.items[0].symbol: no SF Symbol named \"trsh\""), tool)
    }

    func testAGlyphNamedAsAnSFSymbolPointsToSymbol() {
        let nav = problems("navigationBar: {style: standard, rightItems: [{glyph: square.and.arrow.up}]}")
        XCTAssertTrue(nav.contains("did you mean \"share\", or symbol: square.and.arrow.up for the SF Symbol itself?"), nav)
        let tab = problems("tabBar: {items: [{title: A, glyph: house.fill}, {title: B, glyph: star}]}")
        XCTAssertTrue(
            tab.contains("did you mean \"house\" (the SF Symbol house.fill's glyph here), or symbol: house.fill for the SF Symbol itself?"), tab)
        // The same name under symbol: is drawn.
        XCTAssertEqual(problems("navigationBar: {style: standard, rightItems: [{symbol: square.and.arrow.up}]}"), "")
        XCTAssertEqual(problems("tabBar: {items: [{title: A, symbol: house.fill}, {title: B, glyph: star}]}"), "")
    }

    func testContradictionsAreRefused() {
        XCTAssertTrue(
            problems("navigationBar: {style: standard, rightItems: [{glyph: plus, symbol: plus}]}")
                .contains("navigationBar.rightItems[0].symbol: a bar button has a glyph or a symbol, not both; keep one"))
        XCTAssertTrue(
            problems("navigationBar: {style: standard, rightItems: [{title: Add, symbol: plus}]}")
                .contains("navigationBar.rightItems[0].symbol: a bar button has a title or a symbol, not both; keep one"))
        XCTAssertTrue(
            problems("navigationBar: {style: standard, rightItems: [{symbol: plus, style: done}]}")
                .contains("navigationBar.rightItems[0].style: applies to a title only"))
        XCTAssertTrue(
            problems("tabBar: {items: [{title: A, glyph: star, symbol: star}, {title: B}]}")
                .contains("tabBar.items[0].symbol: an item has a glyph or a symbol, not both; keep one"))
        XCTAssertTrue(
            problems("toolbar: {items: [{flexible: true, tint: red}]}").contains("toolbar.items[0].tint: a flexible space draws nothing to tint"))
        XCTAssertTrue(problems("navigationBar: {style: standard, tint: blu}").contains("navigationBar.tint:"))
        XCTAssertTrue(
            problems("navigationBar: {style: fading, scrollEdge: transparent}").contains("navigationBar.scrollEdge: applies to style: standard only"))
        XCTAssertTrue(problems("navigationBar: {style: standard, scrollEdge: clear}").contains("navigationBar.scrollEdge:"))
        XCTAssertTrue(problems("navigationBar: {style: floating, tint: systemRed}").contains("navigationBar.tint: applies to style: standard only"))
        XCTAssertTrue(problems("tabBar: {items: [{title: A}, {title: B}], scrollEdge: yes}").contains("tabBar.scrollEdge:"))
    }
}

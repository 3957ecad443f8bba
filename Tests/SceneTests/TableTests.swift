import Foundation
import Raster
import XCTest
@testable import ScenarioFormat
@testable import Scene

/// `table:` content: UITableView's layout (row tops, self-sizing heights, header pinning, inset
/// grouped sections), the cells' pixels, and the loader's refusals.
final class TableTests: XCTestCase {
    let timeline = "timeline: {keyframes: [{time: 0, offset: 0}, {time: 1, offset: 0}]}\n"

    func screen(_ yaml: String, device: String = "iphone-15") throws -> Screen {
        try ScenarioLoader.parse("device: \(device)\neffect: none\n" + yaml + "\n" + timeline, file: "t.yaml", baseDirectory: "").screen
    }

    func table(_ s: Screen) -> Table {
        guard case .table(let t) = s.content else { XCTFail("not a table"); fatalError() }
        return t
    }

    func messages(_ yaml: String) -> [String] { scenarioErrorLines(yaml) { _ = try screen(yaml) } }

    /// The named layers on screen at scroll position `u`.
    func placements(_ s: Screen, u: Double) -> [String: Rect] {
        let list = LayerRenderer.placements(of: s.layers(u: u, pixelScale: 1), screen: s.device.size)
        var out: [String: Rect] = [:]
        for p in list { out[p.name] = Rect(x: p.frame[0], y: p.frame[1], width: p.frame[2], height: p.frame[3]) }
        return out
    }

    // MARK: Layout

    func testFixedRowHeightsStackUnderThePlainHeader() throws {
        let t = table(
            try screen(
                """
                table:
                  rowHeight: 50
                  sections:
                    - {count: 3, rows: [{text: A}]}
                    - {header: Second, count: 2, rows: [{text: B}]}
                """))
        // A plain section without a header or footer takes no room: rows from 0, 50 pt apiece.
        XCTAssertEqual(t.layouts[0].rowTops, [0, 50, 100, 150])
        XCTAssertEqual(t.layouts[0].footer.frame.height, 0)
        // The header: 6 pt, a 17 pt semibold line (rounded up to @3x pixels), 6 pt.
        let line = Table.headerText("Second", isHeader: true, style: .plain, palette: .light, typography: .standard).paragraph(width: 300).height
        let header = 6 + (line * 3).rounded(.up) / 3 + 6
        XCTAssertEqual(t.layouts[1].header.frame.minY, 150)
        XCTAssertEqual(t.layouts[1].header.frame.height, header, accuracy: 1e-9)
        XCTAssertEqual(t.layouts[1].rowTops, [150 + header, 200 + header, 250 + header])
        XCTAssertEqual(t.height, 250 + header, accuracy: 1e-9)
        XCTAssertEqual(t.totalRows, 5)
    }

    func testSelfSizingRowsAreAtLeast44WithTheSeparatorWithin() throws {
        let t = table(
            try screen(
                """
                table:
                  sections:
                    - rows:
                        - {text: One line}
                        - {text: Title, detail: A subtitle under it, style: subtitle}
                        - {text: Icon, imageColor: "#FF9500"}
                        - {text: Big, imageColor: "#FF9500", imageSize: 60}
                """))
        let tops = t.layouts[0].rowTops
        let px = 1.0 / 3
        // One line of 17 pt text with 11 pt above and below is under 44: the minimum, which holds
        // the separator (iOS's one-line rows are 44 pt apart, not 44 and a pixel).
        XCTAssertEqual(tops[1] - tops[0], 44, accuracy: 1e-9)
        // Subtitle: the text's line, 3 pt, the 15 pt detail's line, 11 pt padding each side.
        let text = TableCell.textContent(TableRow(text: "Title", style: .subtitle), palette: .light, typography: .standard, lines: 0).paragraph(
            width: 300
        ).height
        let detail = TableCell.detailContent("A", TableRow(text: "", style: .subtitle), palette: .light, typography: .standard, lines: 0).paragraph(
            width: 300
        ).height
        func ceil3(_ v: Double) -> Double { (v * 3 - 1e-9).rounded(.up) / 3 }
        let subtitle = ceil3(ceil3(text) + 3 + ceil3(detail) + 22) + px
        XCTAssertEqual(tops[2] - tops[1], subtitle, accuracy: 1e-9)
        XCTAssertGreaterThan(subtitle, 58)
        XCTAssertLessThan(subtitle, 68)
        // A 29 pt Settings icon keeps the 44 pt row; a 60 pt image grows it (7 pt above and below).
        XCTAssertEqual(tops[3] - tops[2], 44, accuracy: 1e-9)
        XCTAssertEqual(tops[4] - tops[3], 74 + px, accuracy: 1e-9)
    }

    /// The scenario route draws the empty rows' separators as UITableView does (TableParityTests
    /// checks the same numbers on the UIKit route): a plain table of three rows on an 852-pt
    /// screen, lines 44 pt apart from 176 less a pixel, at the 16 pt inset; a grouped table none.
    func testPlainTablesDrawEmptyRowSeparatorsToTheBottom() throws {
        let t = table(try screen("table: {sections: [{rows: [{text: A}, {text: B}, {text: C}]}]}"))
        XCTAssertEqual(t.height, 132, accuracy: 1e-9)
        let style = ContentStyle(width: 393, palette: .light, background: .white, pixelScale: 3, margin: 16, typography: .standard)
        let lines = t.emptyRowSeparators(from: 0, to: 852, originY: 0, style: style)
        XCTAssertEqual(lines.count, 16, "132 + 44 k less a pixel above 852: k = 1 ... 16")
        XCTAssertEqual(lines[0].frame, Rect(x: 16, y: 176 - 1.0 / 3, width: 377, height: 1.0 / 3))
        XCTAssertEqual(lines[1].frame.minY - lines[0].frame.minY, 44, accuracy: 1e-9)
        let grouped = table(try screen("table: {style: grouped, sections: [{rows: [{text: A}]}]}"))
        XCTAssertTrue(grouped.emptyRowSeparators(from: 0, to: 852, originY: 0, style: style).isEmpty)
    }

    func testLongTextWrapsInASelfSizingCellAndNotInAFixedOne() throws {
        let long = String(repeating: "word ", count: 40)
        let auto = table(try screen("table: {sections: [{rows: [{text: \"\(long)\"}]}]}"))
        let fixed = table(try screen("table: {rowHeight: 44, sections: [{rows: [{text: \"\(long)\"}]}]}"))
        XCTAssertGreaterThan(auto.layouts[0].rowTops[1], 100)
        XCTAssertEqual(fixed.layouts[0].rowTops[1], 44)
    }

    func testGroupedSectionsAreSpacedByUntitledHeadersAndFooters() throws {
        let t = table(try screen("table: {style: grouped, rowHeight: 44, sections: [{rows: [{text: A}]}, {rows: [{text: B}]}]}"))
        XCTAssertEqual(t.layouts[0].rowsTop, 18)
        XCTAssertEqual(t.layouts[1].rowsTop, 18 + 44 + 17 + 18)
        XCTAssertEqual(t.height, 18 + 44 + 17 + 18 + 44 + 17)
    }

    // MARK: Sticky headers

    func testAPlainHeaderPinsUnderTheBarsAndIsPushedUpByTheNextSection() throws {
        let s = try screen(
            """
            navigationBar: {title: Contacts}
            table:
              rowHeight: 44
              sections:
                - {header: A, count: 10, rows: [{text: Anna}]}
                - {header: B, count: 30, rows: [{text: Bob}]}
            """)
        let t = table(s)
        let h = t.layouts[0].header.frame.height
        let bars = s.device.statusBarHeight + s.device.navigationBarHeight
        XCTAssertEqual(s.insetTop, bars)
        // At rest the header sits at the content's top, under the bars.
        XCTAssertEqual(placements(s, u: 0)["sectionHeader.0"]!.minY, bars, accuracy: 1e-9)
        // Scrolled 200 pt into section A: the header stays pinned under the bars, rows pass under it.
        XCTAssertEqual(t.headerY(section: 0, pinTop: 200), 200)
        XCTAssertEqual(placements(s, u: 200)["sectionHeader.0"]!.minY, bars, accuracy: 1e-9)
        // Section A ends at 10 rows: once the pin line is within a header's height of B's header,
        // A's header is pushed up, its bottom on B's top.
        let end = t.layouts[1].header.frame.minY
        XCTAssertEqual(end, h + 440, accuracy: 1e-9)
        let u = end - h / 2
        let placed = placements(s, u: u)
        XCTAssertEqual(placed["sectionHeader.0"]!.minY, bars - h / 2, accuracy: 1e-3)
        XCTAssertEqual(placed["sectionHeader.0"]!.maxY, placed["sectionHeader.1"]!.minY, accuracy: 1e-3)
        // Past it, B's header is the pinned one and A's has scrolled away under the bars.
        let later = placements(s, u: end + 100)
        XCTAssertEqual(later["sectionHeader.1"]!.minY, bars, accuracy: 1e-9)
        XCTAssertNil(later["sectionHeader.0"])
        // The pinned header draws above the cells.
        let order = LayerRenderer.placements(of: s.layers(u: end + 100, pixelScale: 1), screen: s.device.size).map(\.name)
        XCTAssertGreaterThan(order.firstIndex(of: "sectionHeader.1")!, order.firstIndex(of: "cell.1.2")!)
    }

    /// UIKit pins at contentOffset + adjustedContentInset.top: under a large title and search band
    /// that follows the bar as it collapses; under a pinned segmented control, below the control; a
    /// footer pins above a tab bar.
    func testPinnedHeadersFollowTheBarsAndControls() throws {
        let large = try screen(
            """
            navigationBar: {style: standard, title: Contacts, largeTitle: true, searchBar: true}
            table: {rowHeight: 44, sections: [{header: A, count: 30, rows: [{text: Anna}]}, {header: B, count: 30, rows: [{text: Bob}]}]}
            """)
        for u in [0.0, 30, 80, 104, 300] {
            let g = try XCTUnwrap(large.standardBarGeometry(u: u))
            let header = try XCTUnwrap(placements(large, u: u)["sectionHeader.0"], "u \(u)")
            XCTAssertEqual(header.minY, g.bottom, accuracy: 1e-9, "u \(u): the header's top on the bar's bottom")
        }
        XCTAssertEqual(placements(large, u: 300)["sectionHeader.0"]!.minY, 98, accuracy: 1e-9, "collapsed: under the 44 pt bar")

        let tabs = try screen(
            """
            navigationBar: {title: Music}
            segmentedControl: {segments: [Albums, Songs], pinned: true}
            tabBar: {items: [{title: Library, glyph: house}, {title: Search, glyph: search}]}
            table: {rowHeight: 44, sections: [{header: A, footer: 30 albums, count: 30, rows: [{text: Abbey Road}]}, {header: B, count: 30, rows: [{text: Blue}]}]}
            """)
        let placed = placements(tabs, u: 300)
        let band = try XCTUnwrap(placed["segmentedControl.band"] ?? placed["segmentedControl"])
        XCTAssertEqual(tabs.segmentedBandY(u: 300), 98, accuracy: 1e-9, "the band pins under the bar")
        XCTAssertEqual(placed["sectionHeader.0"]!.minY, 98 + tabs.sectionBandHeight, accuracy: 1e-9, "the header pins under the band")
        XCTAssertGreaterThanOrEqual(placed["sectionHeader.0"]!.minY, band.minY)
        let footer = try XCTUnwrap(placements(tabs, u: 0)["sectionFooter.0"])
        XCTAssertEqual(footer.maxY, tabs.device.size.height - 83, accuracy: 1e-9, "the footer pins above the 49 + 34 pt tab bar")
    }

    func testATableWithoutAnEffectIsAPlainScreen() throws {
        let s = try ScenarioLoader.parse("table: {sections: [{rows: [{text: Wi-Fi}]}]}\n" + timeline, file: "t.yaml", baseDirectory: "").screen
        XCTAssertNil(s.presetName, "no profile header over a table of one's own")
    }

    func testGroupedHeadersScrollWithTheirSection() throws {
        let s = try screen("table: {style: insetGrouped, rowHeight: 44, sections: [{header: A, count: 20, rows: [{text: X}]}]}")
        let t = table(s)
        XCTAssertEqual(t.headerY(section: 0, pinTop: 300), t.layouts[0].header.frame.minY)
        XCTAssertNil(placements(s, u: 300)["sectionHeader.0"])
    }

    func testAPlainFooterPinsToTheBottomWhileItsSectionIsOnScreen() throws {
        let s = try screen("table: {rowHeight: 44, sections: [{header: A, footer: The end, count: 40, rows: [{text: X}]}]}")
        let t = table(s)
        let f = t.layouts[0].footer.frame
        // At rest the section runs past the screen: the footer sits at the visible bottom (above the home indicator's inset).
        let y = placements(s, u: 0)["sectionFooter.0"]!
        XCTAssertEqual(y.maxY, s.device.size.height - s.insetBottom, accuracy: 1e-9)
        XCTAssertEqual(t.footerY(section: 0, pinBottom: 10_000), f.minY)
    }

    // MARK: Inset grouped

    func testInsetGroupedSectionsUseTheLayoutMarginAndTenPointCorners() throws {
        let yaml = "table: {style: insetGrouped, rowHeight: 44, sections: [{rows: [{text: Wi-Fi}, {text: Bluetooth}]}]}"
        for device in ["iphone-15", "ipad-air-11"] {
            let s = try screen(yaml, device: device)
            let t = table(s)
            let margin = s.device.layoutMargin
            XCTAssertEqual(t.cellX, margin, device)
            XCTAssertEqual(t.cellWidth, s.device.size.width - 2 * margin, device)
            let section = s.layers(u: 0, pixelScale: 1).sublayers[0].sublayers.first { $0.name == "section.0" }!
            XCTAssertEqual(section.cornerRadius, 10)
            XCTAssertTrue(section.masksToBounds)
            XCTAssertEqual(section.frame.minX, margin)
        }
        XCTAssertEqual(Device.named("iphone-15")!.layoutMargin, 16)
        XCTAssertEqual(Device.named("ipad-air-11")!.layoutMargin, 20)
        // From 414 pt wide in portrait, as iOS snapshot references of a 414-pt phone show (20 pt
        // cell margins), in either orientation; the narrower phones keep 16 in landscape.
        XCTAssertEqual(Device.named("iphone-11")!.layoutMargin, 20)
        XCTAssertEqual(Device.named("iphone-16-pro-max")!.layoutMargin, 20)
        XCTAssertEqual(Device.named("iphone-16-pro-max")!.oriented(.landscape).layoutMargin, 20)
        XCTAssertEqual(Device.named("iphone-16-pro")!.layoutMargin, 16)
        XCTAssertEqual(Device.named("iphone-15")!.oriented(.landscape).layoutMargin, 16)

        // Pixels at @3x: the section's corner is rounded (the grouped background shows at its very
        // corner), its edge 10 pt down is the cell's white, and the background around is F2F2F7.
        let s = try screen(yaml)
        let p = LayerRenderer().render(s.layers(u: 0, pixelScale: 3), width: 1179, height: 2556, scale: 3)
        let top = Int(((s.insetTop + 18) * 3).rounded())
        XCTAssertEqual(p[16 * 3, top].straight, Color(242, 242, 247))
        XCTAssertEqual(p[16 * 3 + 1, top + 30].straight, Color(255, 255, 255))
        XCTAssertEqual(p[16 * 3 + 40, top + 1].straight, Color(255, 255, 255))
        XCTAssertEqual(p[8 * 3, top + 30].straight, Color(242, 242, 247))
    }

    func testLandscapeKeepsCellContentInsideTheSafeArea() throws {
        let s = try screen("orientation: landscape\ntable: {rowHeight: 44, sections: [{rows: [{text: Wi-Fi}]}]}")
        let placed = placements(s, u: 0)
        XCTAssertEqual(placed["cell.0.0.text"]!.minX, s.device.safeAreaLeft + 16)
        XCTAssertEqual(placed["cell.0.0"]!.width, s.device.size.width)
    }

    // MARK: Cells

    /// value1's text label hugs its text at the leading edge: Arabic text there is drawn by the
    /// image, not right-aligned against the detail; a default cell's full-width label aligns it right.
    func testValue1TextStaysAtTheLeadingEdgeInAnyScript() {
        var row = TableRow(text: "\u{0627}\u{0644}\u{0628}\u{0644}\u{0648}\u{062A}\u{0648}\u{062B}")
        row.detail = "On"
        row.style = .value1
        let value1 = TableCell.textContent(row, palette: .light, typography: .standard, lines: 1)
        XCTAssertEqual(value1.lineX(value1.layout(), minX: 61, maxX: 300), 61)
        row.style = .default
        row.detail = nil
        let plain = TableCell.textContent(row, palette: .light, typography: .standard, lines: 1)
        let line = plain.layout()
        XCTAssertTrue(line.isRightToLeft)
        XCTAssertEqual(plain.lineX(line, minX: 61, maxX: 300), 300 - line.width, accuracy: 1e-9)
    }

    func testValue1DetailIsRightAlignedBeforeTheChevron() throws {
        let s = try screen(
            "table: {rowHeight: 44, sections: [{rows: [{text: Wi-Fi, detail: Home, style: value1, accessory: disclosureIndicator, imageColor: \"#007AFF\"}]}]}"
        )
        let placed = placements(s, u: 0)
        let chevron = placed["cell.0.0.accessory"]!, detail = placed["cell.0.0.detail"]!, text = placed["cell.0.0.text"]!
        let image = placed["cell.0.0.image"]!
        XCTAssertEqual(chevron.maxX, 393 - 16)
        XCTAssertEqual(chevron.size, Size(8, 13))
        XCTAssertEqual(detail.maxX, chevron.minX - 10, accuracy: 1e-9)
        XCTAssertEqual(image.minX, 16)
        XCTAssertEqual(image.size, Size(29, 29))
        XCTAssertEqual(text.minX, 16 + 29 + 16)
        // The separator starts under the text (UIKit's default inset past the image) and runs to the edge.
        let line = placed["cell.0.0.separator"]!
        XCTAssertEqual(line.minX, text.minX)
        XCTAssertEqual(line.maxX, 393)
        // Vertically centred in the 44 pt row.
        XCTAssertEqual(chevron.midY, placed["cell.0.0"]!.midY, accuracy: 1e-9)
    }

    func testSeparatorInsetIsConfigurable() throws {
        let s = try screen("table: {rowHeight: 44, separatorInset: {left: 60, right: 20}, sections: [{rows: [{text: A}, {text: B}]}]}")
        let line = placements(s, u: 0)["cell.0.0.separator"]!
        XCTAssertEqual(line.minX, 60)
        XCTAssertEqual(line.maxX, 393 - 20)
    }

    /// Pixels of one row rendered at 1x on white: the accessory's glyph is drawn where its layer is,
    /// in its color, and nothing is drawn between the text and the accessory.
    func testAccessoriesAreDrawnRightOfTheText() throws {
        for (accessory, ink) in [
            ("disclosureIndicator", Color(196, 196, 198)), ("checkmark", Color(0, 122, 255)), ("detailButton", Color(0, 122, 255)),
        ] {
            let s = try screen("navigationBar: false\ntable: {rowHeight: 44, sections: [{rows: [{text: Item, accessory: \(accessory)}]}]}")
            let root = s.layers(u: 0, pixelScale: 2)
            let p = LayerRenderer().render(root, width: 786, height: 1704, scale: 2)
            let placed = placements(s, u: 0)
            let box = placed["cell.0.0.accessory"]!, text = placed["cell.0.0.text"]!
            func pixels(_ r: Rect) -> [Color] {
                var out: [Color] = []
                for y in Int(r.minY * 2)..<Int(r.maxY * 2) { for x in Int(r.minX * 2)..<Int(r.maxX * 2) { out.append(p[x, y].straight) } }
                return out
            }
            let inside = pixels(box)
            // The strongest ink in the box is the accessory's color (a fully covered stroke pixel).
            let darkest = inside.min { Int($0.r) + Int($0.g) + Int($0.b) < Int($1.r) + Int($1.g) + Int($1.b) }!
            XCTAssertEqual(Int(darkest.r), Int(ink.r), accuracy: 3, accessory)
            XCTAssertEqual(Int(darkest.g), Int(ink.g), accuracy: 3, accessory)
            XCTAssertEqual(Int(darkest.b), Int(ink.b), accuracy: 3, accessory)
            XCTAssertGreaterThan(inside.filter { $0 != .white }.count, 20, accessory)
            // White from the end of "Item" to the accessory.
            let textEnd = text.minX + TableCell.textContent(TableRow(text: "Item"), palette: .light, typography: .standard, lines: 1).layout().width
            let gap = Rect(x: textEnd + 2, y: box.minY, width: box.minX - textEnd - 4, height: box.height)
            XCTAssertTrue(pixels(gap).allSatisfy { $0 == .white }, accessory)
        }
    }

    func testAColorSquareIsRoundedLikeSettingsIcons() throws {
        var row = TableRow(text: "Wi-Fi")
        row.imageColor = Color(0, 122, 255)
        XCTAssertEqual(row.resolvedImageCornerRadius, 29 * 0.225, accuracy: 1e-9)
        row.imageCornerRadius = 0
        XCTAssertEqual(row.resolvedImageCornerRadius, 0)
    }

    func testGroupedTablesDrawOnTheGroupedBackground() throws {
        let light = try screen("table: {style: insetGrouped, sections: [{rows: [{text: A}]}]}")
        XCTAssertEqual(light.backgroundColor, Color(242, 242, 247))
        let dark = try screen("appearance: dark\ntable: {style: grouped, sections: [{rows: [{text: A}]}]}")
        XCTAssertEqual(dark.backgroundColor, Color(0, 0, 0))
        let cell = dark.layers(u: 0, pixelScale: 1).sublayers[0].sublayers.first { $0.name == "section.0" }!
        XCTAssertEqual(cell.backgroundColor, Color(28, 28, 30))
        let plain = try screen("table: {sections: [{rows: [{text: A}]}]}")
        XCTAssertEqual(plain.backgroundColor, Color(255, 255, 255))
        let chosen = try screen("background: \"#102030\"\ntable: {style: grouped, sections: [{rows: [{text: A}]}]}")
        XCTAssertEqual(chosen.backgroundColor, Color(16, 32, 48))
    }

    func testOnlyVisibleRowsAreBuilt() throws {
        let s = try screen("table: {rowHeight: 44, sections: [{count: 10000, rows: [{text: A}]}]}")
        let names = placements(s, u: 200_000).keys.filter { $0.hasPrefix("cell.") && $0.split(separator: ".").count == 3 }
        XCTAssertLessThan(names.count, 25)
        XCTAssertTrue(names.contains("cell.0.\(Int((200_000.0) / 44))"), "\(names.sorted())")
    }

    // MARK: Refusals

    func testUnknownCellStyleAndAccessoryAreRefusedWithASuggestion() {
        XCTAssertEqual(
            messages("table: {sections: [{rows: [{text: A, style: subtitel}]}]}"),
            [
                "t.yaml:3:45: table.sections[0].rows[0].style: expected one of default, subtitle, value1, value2, got \"subtitel\"; did you mean \"subtitle\"?"
            ])
        XCTAssertEqual(
            messages("table: {sections: [{rows: [{text: A, accessory: checkmarks}]}]}"),
            [
                "t.yaml:3:49: table.sections[0].rows[0].accessory: expected one of none, disclosureIndicator, checkmark, detailButton, got \"checkmarks\"; did you mean \"checkmark\"?"
            ])
        XCTAssertEqual(
            messages("table: {style: insetgrouped, sections: [{rows: [{text: A}]}]}"),
            [
                "t.yaml:3:16: table.style: expected one of plain, grouped, insetGrouped, got \"insetgrouped\"; did you mean \"insetGrouped\"?"
            ])
    }

    func testBadTableInputIsRefused() {
        XCTAssertEqual(
            messages("table: {sections: [{rows: [{detail: A}]}]}"),
            ["t.yaml:3:28: table.sections[0].rows[0].text: missing; every row has a text, e.g. {text: Wi-Fi}"])
        XCTAssertEqual(
            messages("table: {rowHeight: tall, sections: [{rows: [{text: A}]}]}"),
            ["t.yaml:3:20: table.rowHeight: expected automatic (self-sizing, from the cell's text) or a height in points (1-1000), got \"tall\""])
        XCTAssertEqual(
            messages("table: {sections: [{rows: [{text: A, detail: B}]}]}"),
            [
                "t.yaml:3:46: table.sections[0].rows[0].detail: a default-style cell shows no detail; set style: subtitle, value1 or value2, or remove detail"
            ])
        XCTAssertEqual(
            messages("table: {sections: [{count: 10001, rows: [{text: A}]}]}"),
            ["t.yaml:3:28: table.sections[0].count: must be between 0 and 10000, got 10001"])
        XCTAssertEqual(messages("table: {sections: []}"), ["t.yaml:3:19: table.sections: the list is empty; add at least one section with rows"])
        XCTAssertEqual(
            messages("table: {sections: [{rows: [{text: A, imageSize: 40}]}]}"),
            ["t.yaml:3:49: table.sections[0].rows[0].imageSize: applies to a row's image; add image (a file) or imageColor, or remove imageSize"])
        XCTAssertEqual(
            messages("rows: {count: 3}\ntable: {sections: [{rows: [{text: A}]}]}"),
            ["t.yaml:4:8: table: a screen has one content: rows and table were both given; keep one"])
    }

    func testRowsWithoutAListAreNumbered() throws {
        let t = table(try screen("table: {sections: [{header: Empty}, {count: 3}]}"))
        XCTAssertEqual(t.sections[0].count, 0)
        XCTAssertEqual(t.sections[1].rows.map(\.text), ["Row 1", "Row 2", "Row 3"])
    }

    // MARK: Schema

    func testTheSchemaDescribesTheTableKeys() {
        let schema = SchemaTests.schema
        func object(_ path: [String]) -> [String: Any] {
            var node: Any = schema
            for p in path { node = (node as! [String: Any])[p]! }
            return node as! [String: Any]
        }
        func keys(_ path: [String]) -> [String] { (object(path)["properties"] as! [String: Any]).keys.sorted() }
        let table = ["properties", "table"]
        XCTAssertEqual(keys(table), ScenarioLoader.tableKeys.sorted())
        XCTAssertEqual(keys(table + ["properties", "separatorInset"]), ScenarioLoader.separatorInsetKeys.sorted())
        let section = table + ["properties", "sections", "items"]
        XCTAssertEqual(keys(section), ScenarioLoader.tableSectionKeys.sorted())
        let row = section + ["properties", "rows", "items"]
        XCTAssertEqual(keys(row), ScenarioLoader.tableRowKeys.sorted())
        XCTAssertEqual(object(table + ["properties", "style"])["enum"] as! [String], Table.Style.allCases.map(\.rawValue))
        XCTAssertEqual(object(row + ["properties", "style"])["enum"] as! [String], TableRow.Style.allCases.map(\.rawValue))
        XCTAssertEqual(object(row + ["properties", "accessory"])["enum"] as! [String], TableRow.Accessory.allCases.map(\.rawValue))
        XCTAssertEqual(object(section + ["properties", "count"])["maximum"] as? Int, ScenarioLoader.maximumTableRows)
        XCTAssertEqual(object(section + ["properties", "rows"])["maxItems"] as? Int, ScenarioLoader.maximumListedRows)
        XCTAssertEqual(object(table + ["properties", "sections"])["maxItems"] as? Int, ScenarioLoader.maximumTableSections)
        XCTAssertEqual(object(row + ["properties", "text"])["maxLength"] as? Int, ScenarioLoader.maximumCellText)
        // A table scenario passes the schema; a misspelt accessory does not.
        let good: [String: Any] = [
            "table": [
                "style": "insetGrouped", "rowHeight": "automatic",
                "sections": [["header": "A", "rows": [["text": "Wi-Fi", "accessory": "checkmark"]]]],
            ],
            "timeline": ["gestures": ["release"]],
        ]
        XCTAssertEqual(SchemaValidator(root: schema).validate(good), [])
        var bad = good
        bad["table"] = ["sections": [["rows": [["text": "Wi-Fi", "accessory": "chevron"]]]]]
        XCTAssertNotEqual(SchemaValidator(root: schema).validate(bad), [])
    }
}

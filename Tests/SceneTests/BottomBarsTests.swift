import Foundation
import Raster
import XCTest
@testable import ScenarioFormat
@testable import Scene

/// The tab bar, the toolbar and the segmented control (TabBar.swift, Toolbar.swift,
/// SegmentedControl.swift): UIKit's geometry, what they do to the scroll view, and their pixels.
final class BottomBarsTests: XCTestCase {
    static let tabs =
        "tabBar: {items: [{title: Home, glyph: house}, {title: Search, glyph: search}, {title: Alerts, glyph: bell}, "
        + "{title: Messages, glyph: message}, {title: Me, glyph: person}], selected: 1}\n"

    func screen(_ yaml: String) throws -> Screen {
        try ScenarioLoader.parse(yaml + "\ntimeline: {gestures: [wait: 1]}\n", file: "bars.yaml", baseDirectory: "/nonexistent").screen
    }

    func problems(_ yaml: String) -> String {
        do {
            _ = try screen(yaml)
            return ""
        } catch {
            return "\(error)"
        }
    }

    func placements(_ s: Screen, u: Double) -> [LayerPlacement] {
        LayerRenderer.placements(of: s.layers(u: u, pixelScale: 2), screen: s.device.size)
    }

    func frame(_ name: String, _ list: [LayerPlacement]) -> [Double]? { list.first { $0.name == name }?.frame }

    // MARK: Tab bar

    func testTabBarHeightIs49PlusTheBottomSafeArea() throws {
        for (device, orientation, height) in [
            ("iphone-15", "portrait", 83.0), ("iphone-15", "landscape", 53), ("ipad-air-11", "portrait", 70),
            ("iphone-8", "portrait", 49),
        ] {
            let s = try screen("device: \(device)\norientation: \(orientation)\neffect: none\n" + Self.tabs)
            XCTAssertEqual(TabBar.height(on: s.device), height, "\(device) \(orientation)")
            let bar = try XCTUnwrap(frame("tabBar", placements(s, u: 0)))
            XCTAssertEqual(bar, [0, s.device.size.height - height, s.device.size.width, height], "\(device) \(orientation)")
        }
    }

    func testTheTabBarSetsTheBottomInsetAndTheScrollRange() throws {
        let plain = try screen("device: iphone-15\neffect: none\nrows: {count: 40}\n")
        let tabbed = try screen("device: iphone-15\neffect: none\nrows: {count: 40}\n" + Self.tabs)
        XCTAssertEqual(plain.insetBottom, 34)
        XCTAssertEqual(tabbed.insetBottom, 83)
        XCTAssertEqual(tabbed.maxScroll - plain.maxScroll, 49, accuracy: 1e-9)
        // The indicator's track ends above the bar (3 pt inset), at the bottom of the range.
        let indicator = try XCTUnwrap(tabbed.indicatorFrame(u: tabbed.maxScroll))
        XCTAssertEqual(indicator.maxY, 852 - 83 - 3, accuracy: 1e-9)
        // The last row ends at the bar's top at the bottom of the range.
        let last = try XCTUnwrap(frame("row.39", placements(tabbed, u: tabbed.maxScroll)))
        XCTAssertEqual(last[1] + last[3], 852 - 83, accuracy: 1e-9)
    }

    func testTabItemsAreEvenlySpread() throws {
        let phone = try screen("device: iphone-15\neffect: none\n" + Self.tabs)
        let list = placements(phone, u: 0)
        for i in 0..<5 {
            XCTAssertEqual(try XCTUnwrap(frame("tabBar.item.\(i)", list)), [Double(i) * 393 / 5, 769, 393 / 5, 49].map(round4))
        }
        // In landscape the items share the width inside the side safe areas (59 pt each side).
        let landscape = try screen("device: iphone-15\norientation: landscape\neffect: none\n" + Self.tabs)
        let frames = landscape.tabBar!.itemFrames(on: landscape.device, typography: landscape.typography)
        XCTAssertEqual(frames.first!.minX, 59)
        XCTAssertEqual(frames.last!.maxX, 852 - 59, accuracy: 1e-9)
        XCTAssertEqual(Set(frames.map { ($0.width * 1e6).rounded() }).count, 1, "equal widths")
        // On an iPad they are centred.
        let pad = try screen("device: ipad-air-11\neffect: none\n" + Self.tabs)
        let padFrames = pad.tabBar!.itemFrames(on: pad.device, typography: pad.typography)
        XCTAssertEqual((padFrames.first!.minX + padFrames.last!.maxX) / 2, 410, accuracy: 1e-9)
        XCTAssertGreaterThan(padFrames.first!.minX, 100)
    }

    /// Pixels of the screen inside `rect` (points) at `scale`.
    func pixels(_ p: Pixmap, _ rect: [Double], scale: Double) -> [PremultipliedColor] {
        var out: [PremultipliedColor] = []
        for y in Int(rect[1] * scale)..<Int((rect[1] + rect[3]) * scale) {
            for x in Int(rect[0] * scale)..<Int((rect[0] + rect[2]) * scale) { out.append(p[x, y]) }
        }
        return out
    }

    func testTheSelectedItemIsBlueAndTheOthersGray() throws {
        for appearance in ["light", "dark"] {
            let s = try screen("device: iphone-15\neffect: none\nappearance: \(appearance)\nrows: {count: 0}\n" + Self.tabs)
            let root = s.layers(u: 0, pixelScale: 2)
            let image = LayerRenderer().render(root, width: 786, height: 1704, scale: 2)
            let list = LayerRenderer.placements(of: root, screen: s.device.size)
            let blue = s.palette.systemBlue
            func isBlue(_ c: PremultipliedColor) -> Bool {
                abs(Int(c.r) - Int(blue.r)) < 12 && abs(Int(c.g) - Int(blue.g)) < 12 && abs(Int(c.b) - Int(blue.b)) < 12
            }
            func isGray(_ c: PremultipliedColor) -> Bool { abs(Int(c.r) - 153) < 12 && c.r == c.g && c.g == c.b }
            for i in 0..<5 {
                let colors = pixels(image, try XCTUnwrap(frame("tabBar.item.\(i)", list)), scale: 2)
                let blues = colors.filter(isBlue).count, grays = colors.filter(isGray).count
                if i == 1 {
                    XCTAssertGreaterThan(blues, 150, "\(appearance): the selected glyph and title are systemBlue")
                    XCTAssertEqual(grays, 0, appearance)
                } else {
                    XCTAssertEqual(blues, 0, "\(appearance) item \(i)")
                    XCTAssertGreaterThan(grays, 150, "\(appearance) item \(i): gray glyph and title")
                }
            }
        }
    }

    func testTwoToFiveItems() {
        XCTAssertTrue(problems("tabBar: {items: [{title: Home, glyph: house}]}").contains("tabBar.items: has 1 item; a tab bar shows 2 to 5"))
        let six = (0..<6).map { _ in "{glyph: star}" }.joined(separator: ", ")
        XCTAssertTrue(problems("tabBar: {items: [\(six)]}").contains("tabBar.items: has 6 items; a tab bar shows 2 to 5"))
        XCTAssertEqual(problems("tabBar: {items: [{glyph: star}, {glyph: heart}]}"), "")
        XCTAssertTrue(
            problems("tabBar: {items: [{glyph: star}, {glyph: heart}], selected: 2}").contains("tabBar.selected: must be between 0 and 1, got 2"))
    }

    func testAnUnknownGlyphIsRefusedWithASuggestion() {
        let message = problems("tabBar: {items: [{title: Home, glyph: house}, {title: Search, glyph: serch}]}")
        XCTAssertTrue(message.contains("tabBar.items[1].glyph: expected one of house, search"), message)
        XCTAssertTrue(message.contains("did you mean \"search\"?"), message)
        let symbol = problems("toolbar: {items: [{glyph: magnifyingglass}]}")
        XCTAssertTrue(
            symbol.contains(
                "did you mean \"search\" (the SF Symbol magnifyingglass's glyph here), or symbol: magnifyingglass for the SF Symbol itself?"), symbol)
    }

    // MARK: Toolbar

    func testToolbarHeightInsetsAndSpreadItems() throws {
        let s = try screen("device: iphone-15\neffect: none\nrows: {count: 40}\ntoolbar: {items: [{glyph: share}, {title: Edit}, {glyph: trash}]}")
        XCTAssertEqual(Toolbar.height(on: s.device), 78)
        XCTAssertEqual(s.insetBottom, 78)
        let list = placements(s, u: 0)
        XCTAssertEqual(try XCTUnwrap(frame("toolbar", list)), [0, 852 - 78, 393, 78])
        // Spread evenly: the first at the left margin, the last at the right one, the middle centred.
        let items = (0..<3).map { frame("toolbar.item.\($0)", list)! }
        XCTAssertEqual(items[0][0], 16)
        XCTAssertEqual(items[2][0] + items[2][2], 393 - 16, accuracy: 1e-9)
        XCTAssertEqual(items[1][0] - (items[0][0] + items[0][2]), items[2][0] - (items[1][0] + items[1][2]), accuracy: 1e-9)
    }

    func testATabBarAndAToolbarAreRefusedTogether() {
        let message = problems("tabBar: {items: [{glyph: star}, {glyph: heart}]}\ntoolbar: {items: [{glyph: share}]}")
        XCTAssertTrue(message.contains("toolbar: a screen shows a tab bar or a toolbar, not both"), message)
    }

    // MARK: Segmented control

    static let profile = "device: iphone-15\nheader: {height: 160}\nrows: {count: 40}\n"

    func testTheSegmentedControlSitsAfterTheTableHeaderViewAndPins() throws {
        let s = try screen(Self.profile + "segmentedControl: {segments: [Tweets, Replies, Media, Likes], pinned: true}\n" + Self.tabs)
        let headerView = s.topViewHeight // the profile's avatar, name and handle
        XCTAssertGreaterThan(headerView, 0)
        XCTAssertEqual(s.pinLine(u: 0), 98, "under the stuck header: status bar 54 + navigation bar 44")
        // At rest: after the header (160) and the table header view, 8 pt into its band, inside the margins.
        let atRest = try XCTUnwrap(frame("segmentedControl", placements(s, u: 0)))
        XCTAssertEqual(atRest, [16, 160 + headerView + 8, 393 - 32, 32].map(round4))
        // Before the pin point it scrolls with the content; after, it holds 8 pt under the pin line.
        let pinAt = 160 + headerView - 98
        let before = try XCTUnwrap(frame("segmentedControl", placements(s, u: pinAt - 30)))
        XCTAssertEqual(before[1], 98 + 30 + 8, accuracy: 1e-4)
        for u in [pinAt, pinAt + 1, pinAt + 500] {
            XCTAssertEqual(try XCTUnwrap(frame("segmentedControl", placements(s, u: u)))[1], 98 + 8, accuracy: 1e-4, "u \(u)")
        }
        // Pinned, it draws over the rows that scroll under it.
        let list = placements(s, u: pinAt + 200)
        let band = try XCTUnwrap(list.first { $0.name == "segmentedControl.band" })
        let under = list.filter {
            $0.name.hasPrefix("row.") && $0.frame[1] < band.frame[1] + band.frame[3] && $0.frame[1] + $0.frame[3] > band.frame[1]
        }
        XCTAssertFalse(under.isEmpty)
        for row in under { XCTAssertGreaterThan(band.z, row.z, row.name) }
        // Not pinned, it scrolls away.
        let loose = try screen(Self.profile + "segmentedControl: {segments: [Tweets, Replies]}\n")
        XCTAssertEqual(loose.segmentedBandY(u: pinAt + 100), 98 - 100, accuracy: 1e-9)
    }

    func testTheBandPushesTheRowsDown() throws {
        let plain = try screen(Self.profile)
        let banded = try screen(Self.profile + "segmentedControl: {segments: [Tweets, Replies]}\n")
        XCTAssertEqual(banded.contentHeight - plain.contentHeight, 48)
        for u in [0.0, 150] {
            let a = try XCTUnwrap(frame("row.0", placements(plain, u: u))), b = try XCTUnwrap(frame("row.0", placements(banded, u: u)))
            XCTAssertEqual(b[1] - a[1], 48, accuracy: 1e-9)
        }
    }

    func testTheThumbIsWhiteOnTheGrayTrack() throws {
        let s = try screen("device: iphone-15\neffect: none\nrows: {count: 0}\nsegmentedControl: {segments: [One, Two, Three], selected: 1}\n")
        let root = s.layers(u: 0, pixelScale: 2)
        let image = LayerRenderer().render(root, width: 786, height: 1704, scale: 2)
        let control = try XCTUnwrap(frame("segmentedControl", LayerRenderer.placements(of: root, screen: s.device.size)))
        XCTAssertEqual(control[3], 32)
        let segment = control[2] / 3, midY = Int((control[1] + 16) * 2)
        // 8 pt inside each segment's left edge, level with the text: clear of the titles.
        let track = image[Int((control[0] + 8) * 2), midY].straight
        let thumb = image[Int((control[0] + segment + 8) * 2), midY].straight
        XCTAssertEqual([thumb.r, thumb.g, thumb.b], [255, 255, 255])
        // tertiarySystemFill (118, 118, 128 at 12 %) over white.
        XCTAssertEqual(Double(track.r), 255 - 0.12 * (255 - 118), accuracy: 2)
        XCTAssertEqual(Double(track.b), 255 - 0.12 * (255 - 128), accuracy: 2)
    }

    // MARK: Expansion

    func testAnExpandedScenarioKeepsTheBars() throws {
        let dir = NSTemporaryDirectory() + "bottombars-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/tabbed.yaml"
        try
            (Self.profile + "segmentedControl: {segments: [Tweets, Replies], pinned: true}\n" + Self.tabs
            + "timeline: {gestures: [wait: 1]}\n").write(toFile: path, atomically: true, encoding: .utf8)
        let original = try ScenarioLoader.load(path: path).screen
        let expanded = try PresetExpansion.expand(path: path)
        try expanded.write(toFile: dir + "/expanded.yaml", atomically: true, encoding: .utf8)
        let again = try ScenarioLoader.load(path: dir + "/expanded.yaml").screen
        XCTAssertEqual(original.insetBottom, 83, "the profile insets its table by the tab bar")
        XCTAssertEqual(again.insetBottom, original.insetBottom)
        for u in [0.0, 300] { XCTAssertEqual(placements(again, u: u), placements(original, u: u)) }
    }
}

import Raster
import XCTest
@testable import ScenarioFormat
@testable import Scene

/// The stretchy table header and its navigation fade (behaviour spec 1.1), the collection header
/// (1.2) and the self-sizing mail list (1.4), from their formulas and on screen.
final class EffectsTests: XCTestCase {
    let iphone15 = Device.named("iphone-15")!

    func placement(_ name: String, _ root: Layer, _ screen: Screen) -> LayerPlacement? {
        LayerRenderer.placements(of: root, screen: screen.device.size).first { $0.name == name }
    }

    // MARK: Stretchy table

    /// A preset's screen from scenario text (a preset is drawn as the layers it expands to).
    func presetScreen(_ yaml: String) throws -> Screen {
        try ScenarioLoader.parse(
            yaml + "\ntimeline: {gestures: [wait: 1]}\n", file: "preset.yaml",
            baseDirectory: GoldenFrameTests.root + "/Fixtures/scenarios"
        ).screen
    }

    func stretchyScreen() throws -> Screen {
        try presetScreen("effect: stretchyTable\nheader: {image: ../images/coffee.png}\nnavigationBar: {title: Title}")
    }

    func testStretchyHeaderHeight() {
        let fx = StretchyTableHeaderEffect(height: 260)
        XCTAssertEqual(fx.imageHeight(contentOffset: -100), 360, "pulled down: taller by the pull")
        XCTAssertEqual(fx.imageHeight(contentOffset: 0), 260)
        XCTAssertEqual(fx.imageHeight(contentOffset: 100), 160, "scrolled up: shorter")
        XCTAssertEqual(fx.imageHeight(contentOffset: 260), 0)
        XCTAssertEqual(fx.imageHeight(contentOffset: 400), 0, "never negative")
    }

    func testStretchyHeaderOnScreenIsRefittedNotScaled() throws {
        let s = try stretchyScreen()
        XCTAssertEqual(s.insetTop, 0, "the table starts at the top; its clear header view is content")
        for o in [-120.0, 0, 90] {
            let root = s.layers(u: o, pixelScale: 3)
            XCTAssertEqual(placement("header", root, s)!.frame, [0, 0, 393, 260 - o], "o = \(o)")
            // Aspect fill of the current bounds: the image layer has the view's bounds (no transform).
            XCTAssertEqual(placement("header.image", root, s)!.frame, [0, 0, 393, 260 - o])
            XCTAssertEqual(placement("row.0", root, s)!.frame[1], 260 - o, "rows start under the spacer")
        }
        XCTAssertNil(placement("header", s.layers(u: 300, pixelScale: 3), s), "scrolled away")
    }

    func testNavigationFade() throws {
        let fade = NavigationFade()
        XCTAssertEqual(fade.alpha(contentOffset: 149), 0)
        XCTAssertEqual(fade.alpha(contentOffset: 150), 0)
        XCTAssertEqual(fade.alpha(contentOffset: 181), 0.5)
        XCTAssertEqual(fade.alpha(contentOffset: 212), 1)
        XCTAssertEqual(fade.alpha(contentOffset: 300), 1)
        XCTAssertEqual(NavigationFade(start: 100, length: 20).alpha(contentOffset: 105), 0.25, "configurable")

        let s = try stretchyScreen()
        XCTAssertNil(placement("navigationBar", s.layers(u: 150, pixelScale: 3), s), "invisible at 0")
        let half = placement("navigationBar", s.layers(u: 181, pixelScale: 3), s)!
        XCTAssertEqual(half.opacity, 0.5)
        XCTAssertEqual(half.frame, [0, 0, 393, 54 + 44], "covers the status bar and the 44 pt bar")
        XCTAssertEqual(placement("navigationBar.title", s.layers(u: 300, pixelScale: 3), s)!.opacity, 1)
    }

    func testSeededUUIDs() {
        let a = Rows.uuidTexts(count: 31, seed: 1), b = Rows.uuidTexts(count: 31, seed: 1)
        XCTAssertEqual(a, b, "the same on every run")
        XCTAssertNotEqual(a, Rows.uuidTexts(count: 31, seed: 2))
        XCTAssertEqual(Set(a).count, 31)
        for s in a {
            XCTAssertNotNil(s.range(of: "^[0-9A-F]{8}-[0-9A-F]{4}-4[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}$", options: .regularExpression), s)
        }
    }

    // MARK: Collection

    func testCollectionHeaderFrame() {
        let fx = CollectionHeaderEffect(referenceSize: Size(393, 180), contentInsetTop: 98)
        XCTAssertEqual(fx.minY, -98)
        // deltaY = 0, 40, 200
        XCTAssertEqual(fx.headerFrame(contentOffset: -98), Rect(x: 0, y: 0, width: 393, height: 180))
        XCTAssertEqual(fx.deltaY(contentOffset: -138), 40)
        XCTAssertEqual(fx.headerFrame(contentOffset: -138), Rect(x: 0, y: -40, width: 393, height: 220))
        XCTAssertEqual(fx.headerFrame(contentOffset: -298), Rect(x: 0, y: -200, width: 393, height: 380))
        XCTAssertEqual(fx.headerFrame(contentOffset: 50), Rect(x: 0, y: 0, width: 393, height: 180), "scrolled up: unchanged")
    }

    func testCollectionHeaderOnScreenKeepsItsTopPinned() throws {
        let s = try presetScreen("effect: collection\ngrid: {count: 6, itemSize: {width: 181, height: 240}}\nheader: {title: \"Two\\nLines\"}")
        XCTAssertEqual(s.insetTop, 54 + 44, "under the status bar and the navigation bar")
        for deltaY in [0.0, 40, 200] {
            let u = -deltaY
            let root = s.layers(u: u, pixelScale: 3)
            let header = placement("header", root, s)!
            XCTAssertEqual(header.frame[1], 98, accuracy: 1e-9, "top pinned at the inset edge (deltaY \(deltaY))")
            XCTAssertEqual(header.frame[3], 180 + deltaY, accuracy: 1e-9)
            XCTAssertEqual(placement("item.0", root, s)!.frame[1], 98 + 180 + deltaY + 10, accuracy: 1e-9, "the bottom follows the content")
            // The title is centred in the grown header and not scaled (its layer is as tall as the header).
            let expected: [Double] = [16, 98, 361, 180 + deltaY]
            XCTAssertEqual(placement("header.title", root, s)!.frame, expected)
        }
        XCTAssertEqual(s.metrics(u: -40, measured: nil).preset["deltaY"], 40)
    }

    func testFlowLayoutColumns() {
        let two = FlowGrid(
            items: [], count: 5, itemSize: Size(181, 240), interitemSpacing: 10, lineSpacing: 10,
            sectionInset: .init(10), width: 393)
        XCTAssertEqual(two.columns, 2)
        XCTAssertEqual(two.frame(ofItem: 1), Rect(x: 202, y: 10, width: 181, height: 240), "the spare point goes between items")
        XCTAssertEqual(two.frame(ofItem: 4).minY, 510.0)
        XCTAssertEqual(two.height, 760.0, "10 + 3 x 240 + 2 x 10 + 10")
        let one = FlowGrid(items: [], count: 3, itemSize: Size(300, 494), width: 393)
        XCTAssertEqual(one.columns, 1)
        XCTAssertEqual(one.frame(ofItem: 0).minX, 46.5, "a line of one item is centred")
        XCTAssertEqual(FlowGrid(items: [], count: 9, itemSize: Size(100, 100), width: 393).columns, 3)
    }

    // MARK: Self-sizing cells

    static let longBody =
        "The schedule changed again. Simulator slots on Tuesday and Thursday moved to the afternoon; "
        + "the suit fitting stays in the morning. Please confirm by Monday so we can book the pool."

    func mailList(count: Int = 4, estimate: Double = 44) -> MailList {
        let photo = SceneImage(pixmap: Pixmap(width: 40, height: 30, fill: Color(20, 80, 200).premultiplied), id: 5)
        return MailList(
            messages: [
                MailList.Message(subject: "Lunch on Friday?"),
                MailList.Message(subject: "Re: Launch viewing", body: "Gates open at five."),
                MailList.Message(subject: "New coffee arrived", photo: photo),
                MailList.Message(subject: "Training", body: EffectsTests.longBody, photo: photo),
            ],
            count: count, estimatedRowHeight: estimate, width: 393, deviceScale: 3, typography: .standard)
    }

    func testWrappedLineCounts() {
        let bold = BundledFonts.shared.font(.semibold), regular = BundledFonts.shared.font(.regular)
        XCTAssertEqual(Paragraph("Lunch on Friday?", font: bold, pointSize: 17, width: 361, letterSpacing: -0.41).lines.count, 1)
        XCTAssertEqual(
            Paragraph(
                "Invoice 2026-114 for the espresso machine service", font: bold, pointSize: 17, width: 361,
                letterSpacing: -0.41
            ).texts, ["Invoice 2026-114 for the espresso machine", "service"])
        XCTAssertEqual(Paragraph(EffectsTests.longBody, font: regular, pointSize: 15, width: 361, letterSpacing: -0.24).lines.count, 4)
        XCTAssertEqual(Paragraph(EffectsTests.longBody, font: regular, pointSize: 15, width: 200, letterSpacing: -0.24).lines.count, 8)
        XCTAssertEqual(
            Paragraph(
                EffectsTests.longBody, font: regular, pointSize: 15, width: 361, maxLines: 2,
                letterSpacing: -0.24
            ).texts.last!.last, "\u{2026}")
    }

    func testRowHeightsFromTheirContent() {
        let m = mailList()
        // Inter's line height is (ascender + descender) / unitsPerEm x size: 20.57 pt at 17, 18.15 at 15;
        // labels round up to the device's pixels, and the separator adds one pixel.
        let subject = (20.5693 * 3).rounded(.up) / 3 // 20.6667
        let body1 = (18.1494 * 3).rounded(.up) / 3 // 18.3333
        let body4 = (4 * 18.1494 * 3).rounded(.up) / 3
        XCTAssertEqual(m.cells[0].height, 12 + subject + 12 + 1.0 / 3, accuracy: 1e-9, "subject only: 45 pt")
        XCTAssertEqual(m.cells[0].height, 45, accuracy: 1e-9)
        XCTAssertEqual(m.cells[1].height, 12 + subject + 4 + body1 + 12 + 1.0 / 3, accuracy: 1e-9, "subject + body")
        XCTAssertEqual(m.cells[2].height, 12 + subject + 10 + 160 + 12 + 1.0 / 3, accuracy: 1e-9, "subject + photo")
        XCTAssertEqual(m.cells[3].height, 12 + subject + 4 + body4 + 10 + 160 + 12 + 1.0 / 3, accuracy: 1e-9, "all three")
        XCTAssertEqual(m.messages.map(\.layout), ["subject", "subjectBody", "subjectPhoto", "subjectBodyPhoto"])
        XCTAssertEqual(m.cells[3].photo!.minY, m.cells[3].body!.maxY + 10)
    }

    func testContentHeightFollowsTheEstimatesAsRowsAreMeasured() {
        let m = mailList(count: 8)
        // Measured rows count their real height, the rest 44 each (behaviour spec 1.4). The real
        // heights, from testRowHeightsFromTheirContent: 45, 67 1/3, 215, 291 2/3, then again.
        let expected: [Double] = [
            8 * 44, 45 + 7 * 44, 112 + 1.0 / 3 + 6 * 44, 327 + 1.0 / 3 + 5 * 44, 619 + 4 * 44,
            664 + 3 * 44, 731 + 1.0 / 3 + 2 * 44, 946 + 1.0 / 3 + 44, 1238,
        ]
        for k in 0...8 {
            XCTAssertEqual(m.estimatedHeight(measured: 0..<k), expected[k], accuracy: 1e-9, "\(k) rows measured")
        }
        XCTAssertEqual(m.rowTops[8], 1238, accuracy: 1e-9, "all measured: the real height")
    }

    func testVisibleRowsStayStillWhenRowsAboveAreMeasured() {
        var s = Screen(device: iphone15)
        s.content = .mail(mailList(count: 40))
        let u = 3000.0
        let visible = s.visibleMailRows(u: u)
        // Jumped here (rows above never on screen), then the rows above get measured.
        let before = s.reportedGeometry(u: u, measured: visible)
        let after = s.reportedGeometry(u: u, measured: 0..<visible.upperBound)
        // Rows 19-24 are on screen at 3000 pt. Above them, 19 estimates of 44 pt (836) stand for
        // 2803 1/3 pt of real rows (four cycles of 619, then 45 + 67 1/3 + 215): UIKit keeps the
        // visible rows still by reporting a contentOffset 1967 1/3 pt smaller until they are measured.
        XCTAssertEqual(visible, 19..<25)
        XCTAssertEqual(after.contentOffset, 2902, accuracy: 1e-9, "3000 less the 98 pt of bars")
        XCTAssertEqual(before.contentOffset, 2902 - (2803 + 1.0 / 3 - 836), accuracy: 1e-9, "contentOffset moves by the estimates' error")
        // The rows on screen are where the real layout puts them either way.
        let root1 = s.layers(state: ScrollState(offset: u, phase: .idle), pixelScale: 3, measured: visible)
        let root2 = s.layers(state: ScrollState(offset: u, phase: .idle), pixelScale: 3, measured: 0..<visible.upperBound)
        let name = "mail.\(visible.lowerBound + 1)"
        XCTAssertEqual(placement(name, root1, s)!.frame, placement(name, root2, s)!.frame)
    }

    func testIndicatorFollowsTheEstimates() {
        var s = Screen(device: iphone15)
        s.content = .mail(mailList(count: 40))
        let few = s.indicatorFrame(u: 0, measured: 0..<4)!
        let all = s.indicatorFrame(u: 0, measured: 0..<40)!
        XCTAssertGreaterThan(few.height, all.height, "measuring taller rows makes the content longer, the thumb shorter")
        // Exact geometry (behaviour spec, scroll indicator): the track runs from under the bars
        // (98 + 3 = 101) to above the home indicator (852 - 34 - 3 = 815), 714 pt. The thumb is the
        // track times viewport / (content + insets): 40 measured rows are ten cycles of 619 pt,
        // 6190, plus 98 + 34 of insets, 6322 pt; four measured rows are 619 + 36 estimates of 44.
        XCTAssertEqual(s.maxScroll, 6190 + 98 + 34 - 852)
        XCTAssertEqual(all.minY, 101)
        let thumb: Double = 714.0 * 852 / 6322 // 96.22 pt
        XCTAssertEqual(all.height, thumb, accuracy: 1e-9)
        let fewLength: Double = 619 + 36 * 44 + 132
        XCTAssertEqual(few.height, 714.0 * 852 / fewLength, accuracy: 1e-9) // 260.53 pt
        let mid = s.indicatorFrame(u: s.maxScroll / 2, measured: 0..<40)!
        XCTAssertEqual(mid.minY, 101 + (714 - thumb) / 2, accuracy: 1e-9, "half way down the free track")
    }

    func testStretchyIndicatorGeometry() throws {
        let s = try stretchyScreen()
        XCTAssertEqual(s.maxScroll, 260 + 31 * 44 - 852)
        let track = (852.0 - 34 - 3) - (59 + 3)
        let top = s.indicatorFrame(u: 0)!
        XCTAssertEqual(top.minY, 62)
        XCTAssertEqual(top.height, track * 852 / (260 + 31 * 44), accuracy: 1e-9)
        XCTAssertEqual(s.indicatorFrame(u: s.maxScroll)!.maxY, 815, accuracy: 1e-9)
        XCTAssertEqual(s.indicatorFrame(u: -50)!.height, top.height - 50, accuracy: 1e-9, "shrinks while pulled down")
    }

    // MARK: Composition

    func testAProfileHeaderOverSelfSizingCells() throws {
        let yaml = """
            effect: profile
            header: {height: 160}
            mail:
              messages:
                - {subject: One}
                - {subject: Two, body: "A body that is long enough to wrap onto a second line at this width, surely."}
              count: 30
            timeline: {gestures: [{drag: {by: -300}}, release]}
            """
        let s = try ScenarioLoader.parse(yaml, file: "mix.yaml", baseDirectory: "/nonexistent")
        guard case .mail(let m) = s.screen.content else { return XCTFail("mail content expected") }
        // The profile's table header view: avatar at y -40, 69 pt (to 29), name 10 below (22 pt,
        // to 61), handle 2 below (16 pt, to 79), no bio, 14 pt of margin: 93 pt. Under it 30 rows
        // alternate One (45 pt) and Two (its body wraps to two lines: 85 1/3 pt), 15 x 130 1/3.
        let profileHeight = s.screen.topViewHeight
        XCTAssertEqual(profileHeight, 93)
        XCTAssertEqual(m.cells[1].height, 85 + 1.0 / 3, accuracy: 1e-9)
        XCTAssertEqual(s.screen.contentHeight, 93 + 1955, accuracy: 1e-9)
        let root = s.layers(ofFrame: 0)
        XCTAssertNotNil(placement("avatar", root, s.screen))
        XCTAssertEqual(placement("mail.0", root, s.screen)!.frame[1], 160 + profileHeight, accuracy: 1e-9)
        XCTAssertEqual(s.measuredRows(ofFrame: 0), s.screen.visibleMailRows(u: 0))
        let last = s.frameCount - 1
        XCTAssertGreaterThan(s.measuredRows(ofFrame: last)!.count, s.measuredRows(ofFrame: 0)!.count, "more rows seen")
    }
}

import Foundation
import Raster
import RenderFramesKit
import Scene
import UIKit
import XCTest

/// NSShadow (issue 43): under a label's attributed text and a button's attributed title, in the
/// navigation bar's title text attributes, and in a bar button item's title text attributes.
final class TextShadowTests: XCTestCase {
    /// A label of black "IIII" in 60 pt bold at (20, 100) on white, its text attributed with `shadow`
    /// (and `plain` after it without one, when given).
    @MainActor static func label(_ shadow: NSShadow, plain: String? = nil) -> Pixmap {
        ControlsHarness.render { view in
            let label = UILabel(frame: CGRect(x: 20, y: 100, width: 340, height: 80))
            let font = UIFont.boldSystemFont(ofSize: 60)
            let text = NSMutableAttributedString(string: "IIII", attributes: [.font: font, .foregroundColor: UIColor.black, .shadow: shadow])
            if let plain {
                text.append(NSAttributedString(string: plain, attributes: [.font: font, .foregroundColor: UIColor.black]))
            }
            label.attributedText = text
            view.addSubview(label)
        }
    }

    /// The first stem's column and its ink's bottom row: the first column from the left with black
    /// ink, and the lowest black row in it.
    static func stem(_ p: Pixmap) -> (x: Int, bottom: Int)? {
        for x in 20..<360 {
            let rows = (100..<180).filter { BarsAsDrawnTests.pixel(p, x, $0)[0] < 20 }
            if let last = rows.last, rows.count > 20 { return (x + 3, last) }
        }
        return nil
    }

    /// A red shadow 4 pt down, unblurred: the 4 rows under each stem are red, where the text
    /// without a shadow leaves white.
    func testAnAttributedShadowIsDrawnUnderTheGlyphsAtItsOffset() throws {
        try MainActor.assumeIsolated {
            let shadow = NSShadow()
            shadow.shadowOffset = CGSize(width: 0, height: 4)
            shadow.shadowColor = UIColor.red
            let p = Self.label(shadow)
            let stem = try XCTUnwrap(Self.stem(p))
            XCTAssertEqual(BarsAsDrawnTests.pixel(p, stem.x, stem.bottom + 2), [255, 0, 0, 255])
            XCTAssertEqual(BarsAsDrawnTests.pixel(p, stem.x, stem.bottom + 8), [255, 255, 255, 255], "nothing past the offset")
            XCTAssertEqual(BarsAsDrawnTests.pixel(p, stem.x, stem.bottom - 2), [0, 0, 0, 255], "the glyph over its shadow")
        }
    }

    /// Attributed text that names only a shadow takes the label's font, colour and alignment for
    /// the rest, as iOS drew AFSnapshotTesting's `testTextWithShadowRendering` (bold 20 pt, black,
    /// centred, set before `attributedText`): the same pixels as the text with those attributes written out.
    func testAttributedTextWithOnlyAShadowTakesTheLabelsFontColourAndAlignment() throws {
        try MainActor.assumeIsolated {
            let shadow = NSShadow()
            shadow.shadowColor = UIColor.black.withAlphaComponent(0.5)
            shadow.shadowOffset = CGSize(width: 2, height: 2)
            shadow.shadowBlurRadius = 4
            @MainActor func draw(_ attributes: [NSAttributedString.Key: Any]) -> Pixmap {
                ControlsHarness.render { view in
                    let label = UILabel(frame: CGRect(x: 20, y: 100, width: 340, height: 80))
                    label.font = UIFont.systemFont(ofSize: 40, weight: .bold)
                    label.textColor = .red
                    label.textAlignment = .center
                    label.attributedText = NSAttributedString(string: "Shadow", attributes: attributes)
                    view.addSubview(label)
                }
            }
            let inherited = draw([.shadow: shadow])
            let written = draw([.shadow: shadow, .font: UIFont.systemFont(ofSize: 40, weight: .bold), .foregroundColor: UIColor.red])
            XCTAssertEqual(inherited.bytes, written.bytes)
            let left = (20..<360).first { x in (100..<180).contains { BarsAsDrawnTests.pixel(inherited, x, $0)[1] < 60 } }
            XCTAssertGreaterThan(try XCTUnwrap(left), 70, "centred: the word starts well inside the label")
        }
    }

    /// No color: black at one third alpha, as UIKit draws NSShadow's default (255 · 2/3 = 170 over white).
    func testAShadowWithoutAColorIsBlackAtOneThird() throws {
        try MainActor.assumeIsolated {
            let shadow = NSShadow()
            shadow.shadowOffset = CGSize(width: 0, height: 4)
            let p = Self.label(shadow)
            let stem = try XCTUnwrap(Self.stem(p))
            let c = BarsAsDrawnTests.pixel(p, stem.x, stem.bottom + 2)
            XCTAssertEqual(Double(c[0]), 170, accuracy: 1)
            XCTAssertEqual(c[0], c[2])
        }
    }

    /// The blur radius spreads the shadow as Core Graphics' blur does (a Gaussian of sigma r / 2):
    /// 8 pt under the stem, past a 4 pt offset, a blur of 6 leaves some tint, no blur none.
    func testTheBlurRadiusSpreadsTheShadow() throws {
        try MainActor.assumeIsolated {
            let sharp = NSShadow()
            sharp.shadowOffset = CGSize(width: 0, height: 4)
            sharp.shadowColor = UIColor.red
            let blurred = NSShadow()
            blurred.shadowOffset = CGSize(width: 0, height: 4)
            blurred.shadowColor = UIColor.red
            blurred.shadowBlurRadius = 6
            let a = Self.label(sharp), b = Self.label(blurred)
            let stem = try XCTUnwrap(Self.stem(a))
            XCTAssertEqual(BarsAsDrawnTests.pixel(a, stem.x, stem.bottom + 8), [255, 255, 255, 255])
            let c = BarsAsDrawnTests.pixel(b, stem.x, stem.bottom + 8)
            XCTAssertEqual(c[0], 255)
            XCTAssertLessThan(c[1], 250, "tinted red by the blur")
            XCTAssertGreaterThan(c[1], 100, "but fainter than the shadow's core")
        }
    }

    /// A shadow belongs to its range: the run after it, without one, casts none.
    func testOnlyTheShadowedRunCastsAShadow() throws {
        try MainActor.assumeIsolated {
            let shadow = NSShadow()
            shadow.shadowOffset = CGSize(width: 0, height: 4)
            shadow.shadowColor = UIColor.red
            let p = Self.label(shadow, plain: "IIII")
            let stem = try XCTUnwrap(Self.stem(p))
            // The last stem: the rightmost column with black ink.
            let last = try XCTUnwrap((20..<360).reversed().first { x in (100..<180).contains { BarsAsDrawnTests.pixel(p, x, $0)[0] < 20 } })
            XCTAssertEqual(BarsAsDrawnTests.pixel(p, stem.x, stem.bottom + 2), [255, 0, 0, 255])
            XCTAssertEqual(BarsAsDrawnTests.pixel(p, last - 3, stem.bottom + 2), [255, 255, 255, 255])
        }
    }

    /// A button's attributed title casts its shadow too (its title label draws it).
    func testAButtonsAttributedTitleCastsItsShadow() throws {
        try MainActor.assumeIsolated {
            let shadow = NSShadow()
            shadow.shadowOffset = CGSize(width: 0, height: 3)
            shadow.shadowColor = UIColor.red
            let run = ControlsHarness.run { view in
                let button = UIButton(type: .custom)
                button.setAttributedTitle(NSAttributedString(string: "Go", attributes: [.shadow: shadow]), for: .normal)
                button.frame = CGRect(x: 20, y: 100, width: 200, height: 60)
                button.titleLabel?.accessibilityIdentifier = "go"
                view.addSubview(button)
            }
            let label = try XCTUnwrap(BarTests.layer("go", in: run.snapshot()))
            guard case .text(let text)? = label.contents else { return XCTFail("no text") }
            XCTAssertEqual(text.runs.first?.shadow, TextShadow(offset: Size(0, 3), blurRadius: 0, color: Color(255, 0, 0)))
        }
    }

    // MARK: The bars

    /// The bar's title text attributes' shadow (legacy `titleTextAttributes` and an appearance's
    /// `largeTitleTextAttributes`) is cast by the drawn titles.
    func testTheBarsTitlesCastTheirAttributesShadows() {
        MainActor.assumeIsolated {
            let inline = NSShadow()
            inline.shadowOffset = CGSize(width: 1, height: 2)
            inline.shadowBlurRadius = 3
            inline.shadowColor = UIColor.blue
            let large = NSShadow()
            large.shadowOffset = CGSize(width: 0, height: 5)
            let run = BarTests.run(
                {
                    let nav = BarTests.inbox(largeTitles: true)
                    nav.navigationBar.titleTextAttributes = [.shadow: inline]
                    let appearance = UINavigationBarAppearance()
                    appearance.configureWithDefaultBackground()
                    appearance.largeTitleTextAttributes = [.shadow: large]
                    nav.navigationBar.scrollEdgeAppearance = appearance
                    return nav
                }, offsets: [0, 400])
            run.advance(to: 0)
            let largeTitle = BarTests.layer("largeTitle", in: run.snapshot())
            XCTAssertEqual(largeTitle?.shadowOpacity, 1)
            XCTAssertEqual(largeTitle?.shadowOffset, Size(0, 5))
            XCTAssertEqual(largeTitle?.shadowColor, Color(0, 0, 0, alpha: 1.0 / 3), "NSShadow's default color")
            run.advance(to: 1)
            let title = BarTests.layer("navigationBar.title", in: run.snapshot())
            XCTAssertEqual(title?.shadowOffset, Size(1, 2))
            XCTAssertEqual(title?.coreAnimationShadowRadius ?? 0, 3, accuracy: 1e-9)
            XCTAssertEqual(title?.shadowColor, Color(0, 0, 255))
        }
    }

    /// `UIBarButtonItem.setTitleTextAttributes(_:for: .normal)`: the title in the attributes'
    /// color, font and shadow instead of the tint and the bar's 17 pt; read back by
    /// `titleTextAttributes(for:)`; `.disabled`'s while the item is not enabled.
    func testABarButtonItemsTitleTextAttributesAreDrawn() throws {
        try MainActor.assumeIsolated {
            let shadow = NSShadow()
            shadow.shadowOffset = CGSize(width: 0, height: 1)
            shadow.shadowColor = UIColor.black
            let item = UIBarButtonItem(title: "Save", style: .plain, target: nil, action: nil)
            item.setTitleTextAttributes([.foregroundColor: UIColor.red, .font: UIFont.boldSystemFont(ofSize: 20), .shadow: shadow], for: .normal)
            item.setTitleTextAttributes([.foregroundColor: UIColor.gray], for: .disabled)
            XCTAssertEqual(item.titleTextAttributes(for: .normal)?[.foregroundColor] as? UIColor, UIColor.red)
            let nav = BarTests.inbox(largeTitles: false)
            let run = BarTests.run({ nav }, offsets: [0])
            run.advance(to: 0)
            run.within { nav.topViewController!.navigationItem.rightBarButtonItem = item }
            let layer = try XCTUnwrap(BarTests.layer("navigationBar.right.0", in: run.snapshot()))
            guard case .text(let text)? = layer.contents else { return XCTFail("no title") }
            XCTAssertEqual(text.color, Color(255, 0, 0))
            XCTAssertEqual(text.pointSize, 20)
            XCTAssertEqual(text.weight, .bold)
            XCTAssertEqual(layer.shadowOffset, Size(0, 1))
            XCTAssertEqual(layer.shadowOpacity, 1)
            run.within { item.isEnabled = false }
            let disabled = try XCTUnwrap(BarTests.layer("navigationBar.right.0", in: run.snapshot()))
            guard case .text(let grey)? = disabled.contents else { return XCTFail("no title") }
            XCTAssertEqual(grey.color, UIColorProbe.color(.gray))
            XCTAssertEqual(grey.pointSize, 17, "the disabled attributes give no font: the bar's")
        }
    }
}

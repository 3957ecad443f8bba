import Raster
import Scene
import UIKit
import XCTest

/// UIVisualEffectView with UIBlurEffect: what is behind is blurred under the material's tint, the
/// chrome material being exactly the bars'.
final class ControlsVisualEffectTests: XCTestCase {
    @MainActor static func stripes(_ view: UIView) {
        for i in 0..<60 where i % 2 == 0 {
            let stripe = UIView(frame: CGRect(x: CGFloat(i) * 4, y: 100, width: 4, height: 300))
            stripe.backgroundColor = .black
            view.addSubview(stripe)
        }
    }

    func testMaterialsBlurAndTint() {
        let styles: [UIBlurEffect.Style] = [.systemUltraThinMaterial, .systemThickMaterial, .systemChromeMaterial, .systemMaterialDark]
        let pixels = ControlsHarness.onMain {
            ControlsHarness.render { view in
                Self.stripes(view)
                for (i, style) in styles.enumerated() {
                    let effect = UIVisualEffectView(effect: UIBlurEffect(style: style))
                    effect.frame = CGRect(x: 40, y: 110 + CGFloat(i) * 70, width: 160, height: 60)
                    let label = UILabel(frame: CGRect(x: 8, y: 8, width: 100, height: 20))
                    label.text = "Content"
                    effect.contentView.addSubview(label)
                    view.addSubview(effect)
                }
            }
        }
        ControlsHarness.dump(pixels, "materials")
        // Outside: the stripes as they are.
        XCTAssertEqual(ControlsHarness.pixel(pixels, 1, 150).0, 0)
        XCTAssertEqual(ControlsHarness.pixel(pixels, 5, 150).0, 255)
        // Inside, far from the edges: no stripes left (two neighbours within a level or two), and
        // the thinner the material the darker (more of the gray blur shows).
        func inside(_ i: Int) -> (Int, Int) {
            let y = 110 + i * 70 + 45
            return (ControlsHarness.pixel(pixels, 150, y).0, ControlsHarness.pixel(pixels, 152, y).0)
        }
        for i in styles.indices { XCTAssertLessThanOrEqual(abs(inside(i).0 - inside(i).1), 3, "style \(i) is blurred") }
        let (ultraThin, thick, chrome, dark) = (inside(0).0, inside(1).0, inside(2).0, inside(3).0)
        XCTAssertLessThan(ultraThin, thick)
        XCTAssertEqual(Double(chrome), 0.8 * 255 + 0.2 * 127.5, accuracy: 6, "chrome: white at 0.8 over the half gray blur")
        XCTAssertLessThan(dark, 100, "a Dark material is dark in light mode")
        // The content view's label is drawn over the material.
        var ink = 0
        for x in 48..<140 { for y in 118..<138 where ControlsHarness.pixel(pixels, x, y).0 < 60 { ink += 1 } }
        XCTAssertGreaterThan(ink, 30)
    }

    /// A rounded effect view blurs its rounded rectangle only: outside its corners what is behind
    /// stays sharp, as its background's corners do.
    func testARoundedEffectViewBlursItsRoundedShape() {
        let pixels = ControlsHarness.onMain {
            ControlsHarness.render { view in
                Self.stripes(view)
                let effect = UIVisualEffectView(effect: UIBlurEffect(style: .systemUltraThinMaterial))
                effect.frame = CGRect(x: 40, y: 150, width: 160, height: 100)
                effect.layer.cornerRadius = 30
                view.addSubview(effect)
            }
        }
        ControlsHarness.dump(pixels, "rounded-material")
        // Just inside the bounding box's corner, outside the 30 pt arc: the stripes as they are
        // (black from x 40, white from 44).
        XCTAssertEqual(ControlsHarness.pixel(pixels, 41, 151).0, 0)
        XCTAssertEqual(ControlsHarness.pixel(pixels, 45, 151).0, 255)
        XCTAssertEqual(ControlsHarness.pixel(pixels, 193, 247).0, 0, "the bottom right corner too (a black stripe from 192)")
        // The middle of the top edge and the centre: blurred, no stripes left.
        for (x, y) in [(120, 152), (120, 200)] {
            XCTAssertLessThanOrEqual(abs(ControlsHarness.pixel(pixels, x, y).0 - ControlsHarness.pixel(pixels, x + 2, y).0), 3, "(\(x), \(y))")
        }
    }

    func testTheChromeMaterialIsTheBarsMaterial() {
        ControlsHarness.onMain {
            for dark in [false, true] {
                let run = ControlsHarness.run(dark: dark) { view in
                    let effect = UIVisualEffectView(effect: UIBlurEffect(style: .systemChromeMaterial))
                    effect.accessibilityIdentifier = "material"
                    effect.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
                    view.addSubview(effect)
                    XCTAssertEqual(effect.contentView.superview, effect)
                }
                let layer = BarTests.layer("material", in: run.snapshot())
                XCTAssertEqual(layer?.backdropBlurRadius, BarMaterial.blurRadius)
                XCTAssertEqual(layer?.backgroundColor, BarMaterial.tint(over: Palette.forAppearance(dark ? .dark : .light).systemBackground))
            }
        }
    }
}

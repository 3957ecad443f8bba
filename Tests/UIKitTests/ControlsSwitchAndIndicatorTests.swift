import Raster
import UIKit
import XCTest

/// UISwitch (51 x 31, track and thumb) and UIActivityIndicatorView (its spokes, hidden when stopped).
final class ControlsSwitchAndIndicatorTests: XCTestCase {
    func testSwitchSizeIsFixed() {
        ControlsHarness.onMain {
            let s = UISwitch(frame: CGRect(x: 5, y: 6, width: 100, height: 100))
            XCTAssertEqual(s.frame, CGRect(x: 5, y: 6, width: 51, height: 31))
            XCTAssertEqual(s.intrinsicContentSize, CGSize(width: 51, height: 31))
            XCTAssertEqual(UISwitch().sizeThatFits(.zero), CGSize(width: 51, height: 31))
            s.setOn(true, animated: true)
            XCTAssertTrue(s.isOn)
        }
    }

    func testSwitchDrawsTrackAndThumb() {
        let pixels = ControlsHarness.onMain {
            ControlsHarness.render { view in
                let on = UISwitch(frame: CGRect(x: 20, y: 100, width: 0, height: 0))
                on.isOn = true
                view.addSubview(on)
                view.addSubview(UISwitch(frame: CGRect(x: 20, y: 150, width: 0, height: 0)))
                let tinted = UISwitch(frame: CGRect(x: 20, y: 200, width: 0, height: 0))
                tinted.isOn = true
                tinted.onTintColor = .systemPurple
                tinted.thumbTintColor = .black
                view.addSubview(tinted)
            }
        }
        ControlsHarness.dump(pixels, "switches")
        let green = ControlsHarness.pixel(pixels, 28, 115)
        XCTAssert(green.1 > 180 && green.0 < 80 && green.2 < 110, "on: systemGreen track at the left, got \(green)")
        XCTAssertEqual(ControlsHarness.pixel(pixels, 55, 115).0, 255, "on: the white thumb at the right")
        XCTAssertEqual(ControlsHarness.pixel(pixels, 35, 165).0, 255, "off: the thumb at the left")
        let off = ControlsHarness.pixel(pixels, 63, 165)
        XCTAssert(off.0 > 225 && off.0 < 245, "off: a light gray track, got \(off)")
        XCTAssertLessThan(ControlsHarness.pixel(pixels, 35, 182).0, 252, "the thumb's shadow falls below the track")
        XCTAssertEqual(ControlsHarness.pixel(pixels, 35, 190).0, 255)
        XCTAssertEqual(ControlsHarness.pixel(pixels, 19, 115).0, 255, "nothing left of the track")
        let purple = ControlsHarness.pixel(pixels, 28, 215)
        XCTAssert(purple.0 > 150 && purple.2 > 190 && purple.1 < 110, "onTintColor, got \(purple)")
        XCTAssertLessThan(ControlsHarness.pixel(pixels, 55, 215).0, 20, "thumbTintColor")
    }

    func testActivityIndicatorSpokesAndHiding() {
        let sizes = ControlsHarness.onMain {
            (UIActivityIndicatorView(style: .medium).intrinsicContentSize, UIActivityIndicatorView(style: .large).bounds.size)
        }
        let pixels = ControlsHarness.onMain {
            ControlsHarness.render { view in
                let spinning = UIActivityIndicatorView(style: .medium)
                spinning.frame.origin = CGPoint(x: 100, y: 300)
                spinning.startAnimating()
                view.addSubview(spinning)
                let stopped = UIActivityIndicatorView(style: .large)
                stopped.frame.origin = CGPoint(x: 200, y: 300)
                view.addSubview(stopped)
                let shown = UIActivityIndicatorView(style: .large)
                shown.hidesWhenStopped = false
                shown.color = .systemRed
                shown.frame.origin = CGPoint(x: 100, y: 400)
                view.addSubview(shown)
                XCTAssertTrue(stopped.isHidden)
                XCTAssertFalse(spinning.isHidden)
            }
        }
        ControlsHarness.dump(pixels, "indicators")
        XCTAssertEqual(sizes.0, CGSize(width: 20, height: 20))
        XCTAssertEqual(sizes.1, CGSize(width: 37, height: 37))
        // Medium: centre (110, 310); the top spoke (full) is darker than the bottom one (0.6).
        let top = ControlsHarness.pixel(pixels, 110, 302).0, bottom = ControlsHarness.pixel(pixels, 110, 317).0
        XCTAssertLessThan(top, 200)
        XCTAssertLessThan(top + 25, bottom, "the top spoke is the darkest: \(top) vs \(bottom)")
        XCTAssertEqual(ControlsHarness.pixel(pixels, 110, 310).0, 255, "the centre is empty")
        // The stopped large one is hidden.
        for x in 200..<237 { XCTAssertEqual(ControlsHarness.pixel(pixels, x, 303).0, 255) }
        // Large in red: the top spoke from 8.5 to 17 pt above the centre (118.5, 418.5).
        let red = ControlsHarness.pixel(pixels, 118, 405)
        XCTAssert(red.0 > 200 && red.1 < 100, "color, got \(red)")
    }
}

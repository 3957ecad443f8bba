import Raster
import UIKit
import XCTest

/// UIPageControl: its size, its clamped page, and its dots as iOS 14+ draws them.
final class ControlsPageControlTests: XCTestCase {
    func testSizeForNumberOfPagesAndClampedCurrentPage() {
        ControlsHarness.onMain {
            let control = UIPageControl()
            XCTAssertEqual(control.size(forNumberOfPages: 5), CGSize(width: 96, height: 26))
            XCTAssertEqual(control.size(forNumberOfPages: 1), CGSize(width: 32, height: 26))
            control.numberOfPages = 3
            XCTAssertEqual(control.intrinsicContentSize, CGSize(width: 64, height: 26))
            control.currentPage = 7
            XCTAssertEqual(control.currentPage, 2)
            control.currentPage = -1
            XCTAssertEqual(control.currentPage, 0)
            control.currentPage = 2
            control.numberOfPages = 2
            XCTAssertEqual(control.currentPage, 1)
        }
    }

    /// Five 7 pt dots 16 pt apart, centred: the current one in label (black on white), the others
    /// in tertiaryLabel (a light gray), the gaps the background; custom tints replace both.
    func testDotsAreDrawnCentredInTheirColors() {
        let pixels = ControlsHarness.onMain {
            ControlsHarness.render { view in
                let control = UIPageControl(frame: CGRect(x: 0, y: 700, width: 393, height: 26))
                control.numberOfPages = 5
                control.currentPage = 2
                view.addSubview(control)
                let tinted = UIPageControl(frame: CGRect(x: 0, y: 600, width: 393, height: 26))
                tinted.numberOfPages = 3
                tinted.currentPage = 0
                tinted.pageIndicatorTintColor = .systemRed
                tinted.currentPageIndicatorTintColor = .systemBlue
                view.addSubview(tinted)
                let single = UIPageControl(frame: CGRect(x: 0, y: 500, width: 393, height: 26))
                single.numberOfPages = 1
                single.hidesForSinglePage = true
                view.addSubview(single)
            }
        }
        ControlsHarness.dump(pixels, "pagecontrol-light")
        // Dot centres: 196.5 - 40 + 8 + 16 i = 164.5, 180.5, 196.5, 212.5, 228.5; y 713.
        let centre = ControlsHarness.pixel(pixels, 196, 712)
        XCTAssertLessThan(centre.0, 10, "the current page's dot is label (black)")
        for x in [164, 180, 212, 228] {
            let p = ControlsHarness.pixel(pixels, x, 712)
            XCTAssert(p.0 > 150 && p.0 < 225 && abs(p.0 - p.1) < 6, "page dot at x \(x) is tertiaryLabel gray, got \(p)")
        }
        for x in [172, 188, 156, 236] { XCTAssertEqual(ControlsHarness.pixel(pixels, x, 712).0, 255, "between dots at \(x)") }
        XCTAssertEqual(ControlsHarness.pixel(pixels, 196, 707).0, 255, "a dot is 7 pt: 3.5 above its centre")
        // Three tinted dots: 196.5 - 24 + 8 = 180.5 (current, blue), 196.5, 212.5 (red).
        let blue = ControlsHarness.pixel(pixels, 180, 612), red = ControlsHarness.pixel(pixels, 212, 612)
        XCTAssert(blue.2 > 200 && blue.0 < 40, "current dot in systemBlue, got \(blue)")
        XCTAssert(red.0 > 200 && red.2 < 80, "other dots in systemRed, got \(red)")
        // One page with hidesForSinglePage: nothing drawn.
        for x in 170..<225 { XCTAssertEqual(ControlsHarness.pixel(pixels, x, 512).0, 255) }
    }

    /// Dark mode: the current dot is white (label), the others a dim gray.
    func testDarkDots() {
        let pixels = ControlsHarness.onMain {
            ControlsHarness.render(dark: true) { view in
                let control = UIPageControl(frame: CGRect(x: 0, y: 700, width: 393, height: 26))
                control.numberOfPages = 2
                control.currentPage = 1
                view.addSubview(control)
            }
        }
        ControlsHarness.dump(pixels, "pagecontrol-dark")
        // Two dots: 188.5 and 204.5.
        XCTAssertGreaterThan(ControlsHarness.pixel(pixels, 204, 712).0, 240)
        let other = ControlsHarness.pixel(pixels, 188, 712).0
        XCTAssert(other > 40 && other < 120, "the other dot is tertiaryLabel on black, got \(other)")
    }

    /// `.prominent`: a 26 pt capsule (black at 0.25) behind white dots (the others white at 0.5).
    func testProminentDrawsACapsuleBehindWhiteDots() {
        let pixels = ControlsHarness.onMain {
            ControlsHarness.render { view in
                let prominent = UIPageControl(frame: CGRect(x: 0, y: 600, width: 393, height: 26))
                prominent.numberOfPages = 2
                prominent.backgroundStyle = .prominent
                view.addSubview(prominent)
            }
        }
        ControlsHarness.dump(pixels, "pagecontrol-prominent")
        // Dots at 188.5 and 204.5; the capsule from 188.5 - 8 - 4 = 176.5 to 216.5, y 600...626.
        XCTAssertGreaterThan(ControlsHarness.pixel(pixels, 188, 612).0, 240)
        let half = ControlsHarness.pixel(pixels, 204, 612).0
        XCTAssert(half > 200 && half < 240, "white at 0.5 over the capsule (191), got \(half)")
        let capsule = ControlsHarness.pixel(pixels, 196, 602).0
        XCTAssert(abs(capsule - 191) < 3, "black at 0.25 over white, got \(capsule)")
        XCTAssertEqual(ControlsHarness.pixel(pixels, 174, 612).0, 255, "left of the capsule")
        XCTAssertEqual(ControlsHarness.pixel(pixels, 196, 598).0, 255, "above the capsule")
    }
}

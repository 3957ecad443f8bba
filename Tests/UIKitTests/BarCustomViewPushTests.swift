import CoreGraphics
import Foundation
import Raster
import RenderFramesKit
import Scene
@testable import UIKit
import XCTest

/// The bar's custom views and title views in an animated push and pop: they cross-fade with the
/// titles and items on the slide's curve.
final class BarCustomViewPushTests: XCTestCase {
    /// First's right item is a custom view `a`; second's a custom view `b` and a title view `c`.
    /// Pushed at 0.1 s, at 0.15 s (a fraction p of the slide on ease in and out) `a` fades out
    /// (alpha 1 - p) and `b` in (p) where they stand, both in the bar; the title view comes from
    /// half the width to the right, fading in. At the end `a` has left the bar with its alpha
    /// back, and `b` and `c` stand at alpha 1, `c` in the middle.
    func testCustomViewsAndTitleViewCrossFadeInAPush() {
        MainActor.assumeIsolated {
            let (run, nav, first, second, _) = PushTransitionTests.start()
            let a = UIView(frame: CGRect(x: 0, y: 0, width: 30, height: 30))
            let b = UIView(frame: CGRect(x: 0, y: 0, width: 30, height: 30))
            let c = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 30))
            let w = nav.view.bounds.width
            run.within {
                first.navigationItem.rightBarButtonItem = UIBarButtonItem(customView: a)
                second.navigationItem.rightBarButtonItem = UIBarButtonItem(customView: b)
                second.navigationItem.titleView = c
            }
            run.advance(to: 2)
            run.within { nav.pushViewController(second, animated: true) }
            run.advance(to: 3)
            let p = CGFloat(PushTransitionTests.easeInOut(0.05 / UINavigationController.slideDuration))
            XCTAssertTrue(a.superview === nav.navigationBar, "the old item's view stays while it fades")
            XCTAssertTrue(b.superview === nav.navigationBar)
            XCTAssertEqual(a.alpha, 1 - p, accuracy: 1e-6)
            XCTAssertEqual(b.alpha, p, accuracy: 1e-6)
            XCTAssertEqual(c.alpha, p, accuracy: 1e-6)
            XCTAssertEqual(c.center.x, w / 2 + w / 2 * (1 - p), accuracy: 1e-6)
            run.advance(to: 20)
            XCTAssertNil(a.superview)
            XCTAssertEqual(a.alpha, 1)
            XCTAssertEqual(b.alpha, 1)
            XCTAssertEqual(c.alpha, 1)
            XCTAssertEqual(c.center.x, w / 2, accuracy: 1e-6)
        }
    }

    /// A pop plays it backwards: the popped controller's title view leaves to the right, fading
    /// out, while the custom view of the one beneath fades back in.
    func testThePopPlaysItBackwards() {
        MainActor.assumeIsolated {
            let (run, nav, first, second, _) = PushTransitionTests.start()
            let a = UIView(frame: CGRect(x: 0, y: 0, width: 30, height: 30))
            let c = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 30))
            let w = nav.view.bounds.width
            run.within {
                first.navigationItem.rightBarButtonItem = UIBarButtonItem(customView: a)
                second.navigationItem.titleView = c
                nav.pushViewController(second, animated: false)
            }
            run.advance(to: 2)
            XCTAssertNil(a.superview)
            run.within { _ = nav.popViewController(animated: true) }
            run.advance(to: 3)
            let p = CGFloat(PushTransitionTests.easeInOut(0.05 / UINavigationController.slideDuration))
            XCTAssertEqual(a.alpha, p, accuracy: 1e-6)
            XCTAssertEqual(c.alpha, 1 - p, accuracy: 1e-6)
            XCTAssertEqual(c.center.x, w / 2 + w / 2 * p, accuracy: 1e-6)
            run.advance(to: 20)
            XCTAssertNil(c.superview)
            XCTAssertEqual(c.alpha, 1)
            XCTAssertEqual(a.alpha, 1)
        }
    }
}

import UIKit
import XCTest

@MainActor final class LayoutCountingView: UIView {
    var layouts = 0
    override func layoutSubviews() {
        super.layoutSubviews()
        layouts += 1
    }
}

/// UIView's hierarchy, geometry and autoresizing as UIKit documents them.
final class ViewTests: XCTestCase {
    func testSubviewOrderMethods() {
        MainActor.assumeIsolated {
            let parent = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            let a = UIView(), b = UIView(), c = UIView()
            parent.addSubview(a); parent.addSubview(b); parent.addSubview(c)
            parent.bringSubviewToFront(a)
            XCTAssertEqual(parent.subviews, [b, c, a])
            parent.sendSubviewToBack(c)
            XCTAssertEqual(parent.subviews, [c, b, a])
            parent.exchangeSubview(at: 0, withSubviewAt: 2)
            XCTAssertEqual(parent.subviews, [a, b, c])
            parent.insertSubview(c, belowSubview: a)
            XCTAssertEqual(parent.subviews, [c, a, b])
            parent.insertSubview(c, aboveSubview: b)
            XCTAssertEqual(parent.subviews, [a, b, c])
            // The layers follow the views' order.
            XCTAssertEqual(parent.layer.sublayers, [a.layer, b.layer, c.layer])
            b.removeFromSuperview()
            XCTAssertEqual(parent.subviews, [a, c])
            XCTAssertNil(b.superview)
            b.tag = 7
            c.addSubview(b)
            XCTAssertTrue(parent.viewWithTag(7) === b)
            XCTAssertTrue(b.isDescendant(of: parent))
        }
    }

    func testFrameBoundsCenterAndTransform() {
        MainActor.assumeIsolated {
            let v = UIView(frame: CGRect(x: 10, y: 20, width: 100, height: 50))
            XCTAssertEqual(v.center, CGPoint(x: 60, y: 45))
            XCTAssertEqual(v.bounds, CGRect(x: 0, y: 0, width: 100, height: 50))
            v.transform = CGAffineTransform(scaleX: 2, y: 2)
            // The frame is the transformed box about the center; the bounds do not change.
            XCTAssertEqual(v.frame, CGRect(x: -40, y: -5, width: 200, height: 100))
            XCTAssertEqual(v.bounds.size, CGSize(width: 100, height: 50))
            let parent = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
            parent.addSubview(v)
            v.transform = .identity
            let child = UIView(frame: CGRect(x: 5, y: 5, width: 10, height: 10))
            v.addSubview(child)
            XCTAssertEqual(child.convert(CGPoint.zero, to: parent), CGPoint(x: 15, y: 25))
            XCTAssertEqual(parent.convert(CGPoint(x: 15, y: 25), to: child), .zero)
            // Setting anchorPoint keeps the position and moves the frame, as Core Animation does.
            v.layer.anchorPoint = CGPoint(x: 0, y: 0)
            XCTAssertEqual(v.frame.origin, CGPoint(x: 60, y: 45))
        }
    }

    func testAutoresizingSharesTheChangeAmongFlexibleParts() {
        MainActor.assumeIsolated {
            let parent = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            let stretch = UIView(frame: CGRect(x: 10, y: 10, width: 80, height: 20))
            stretch.autoresizingMask = [.flexibleWidth, .flexibleBottomMargin]
            let pinned = UIView(frame: CGRect(x: 70, y: 70, width: 20, height: 20))
            pinned.autoresizingMask = [.flexibleLeftMargin, .flexibleTopMargin]
            let both = UIView(frame: CGRect(x: 25, y: 0, width: 50, height: 10))
            both.autoresizingMask = [.flexibleLeftMargin, .flexibleRightMargin]
            parent.addSubview(stretch); parent.addSubview(pinned); parent.addSubview(both)
            parent.frame = CGRect(x: 0, y: 0, width: 200, height: 150)
            XCTAssertEqual(stretch.frame, CGRect(x: 10, y: 10, width: 180, height: 20))
            XCTAssertEqual(pinned.frame, CGRect(x: 170, y: 120, width: 20, height: 20))
            // Two flexible margins of 25 share 100 points equally.
            XCTAssertEqual(both.frame, CGRect(x: 75, y: 0, width: 50, height: 10))
        }
    }

    func testLayoutRunsWhenNeededOnly() {
        MainActor.assumeIsolated {
            let v = LayoutCountingView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            v.layoutIfNeeded()
            v.layoutIfNeeded()
            XCTAssertEqual(v.layouts, 1)
            v.frame.size.width = 20
            v.layoutIfNeeded()
            XCTAssertEqual(v.layouts, 2)
            v.frame.origin.x = 5
            v.layoutIfNeeded()
            XCTAssertEqual(v.layouts, 2)
            v.setNeedsLayout()
            v.layoutIfNeeded()
            XCTAssertEqual(v.layouts, 3)
        }
    }

    func testViewControllerLoadsItsViewOnce() {
        MainActor.assumeIsolated {
            final class Counting: UIViewController {
                var loads = 0
                override func viewDidLoad() {
                    super.viewDidLoad()
                    loads += 1
                }
            }
            let vc = Counting()
            XCTAssertFalse(vc.isViewLoaded)
            _ = vc.view
            _ = vc.view
            XCTAssertEqual(vc.loads, 1)
            XCTAssertTrue(vc.isViewLoaded)
        }
    }
}

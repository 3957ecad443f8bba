import Scene
import UIKit
import XCTest

/// A view controller's root view's layout margins, as Apple documents them: 0 pt above and
/// below, the system minimum (16 pt, or 20 pt on a phone 414 pt or wider) at the sides.
final class RootMarginsTests: XCTestCase {
    @MainActor static func pinnedToMargins(
        device: String, respectsMinimum: Bool = true, margins: NSDirectionalEdgeInsets? = nil
    ) -> (UIView, UIViewController) {
        let box = UIView()
        let vc = ControlsHostViewController { root in
            if let margins { root.directionalLayoutMargins = margins }
            box.translatesAutoresizingMaskIntoConstraints = false
            root.addSubview(box)
            let m = root.layoutMarginsGuide
            NSLayoutConstraint.activate([
                box.topAnchor.constraint(equalTo: m.topAnchor), box.leadingAnchor.constraint(equalTo: m.leadingAnchor),
                box.trailingAnchor.constraint(equalTo: m.trailingAnchor), box.heightAnchor.constraint(equalToConstant: 30),
            ])
        }
        vc.viewRespectsSystemMinimumLayoutMargins = respectsMinimum
        TraitChangeTests.run(device: device) { vc }.advance(to: 0)
        return (box, vc)
    }

    /// iPhone 15 (393 pt): margins (0, 16, 0, 16); a view pinned to the margins guide's top sits
    /// at the safe area's top (59 pt), not 8 pt below it.
    func testRootViewMarginsOnA393PointPhone() {
        MainActor.assumeIsolated {
            let (box, vc) = Self.pinnedToMargins(device: "iphone-15")
            XCTAssertEqual(vc.view.layoutMargins, UIEdgeInsets(top: 0, left: 16, bottom: 0, right: 16))
            XCTAssertEqual(vc.view.directionalLayoutMargins, NSDirectionalEdgeInsets(top: 0, leading: 16, bottom: 0, trailing: 16))
            XCTAssertEqual(box.frame, CGRect(x: 16, y: 59, width: 393 - 32, height: 30))
        }
    }

    /// iPhone 16 Pro Max (440 pt) and iPhone 11 (414 pt): 20 pt at the sides.
    func testRootViewMarginsOnWidePhones() {
        MainActor.assumeIsolated {
            for (device, width) in [("iphone-16-pro-max", 440.0), ("iphone-11", 414.0)] {
                let (box, _) = Self.pinnedToMargins(device: device)
                XCTAssertEqual(box.frame.minX, 20, device)
                XCTAssertEqual(box.frame.width, CGFloat(width) - 40, device)
            }
        }
    }

    /// Custom margins smaller than the minimum are raised to it at the sides; above and below
    /// they are kept (8 pt). Without viewRespectsSystemMinimumLayoutMargins they are used as set.
    func testCustomMarginsAndTheSystemMinimum() {
        MainActor.assumeIsolated {
            let eight = NSDirectionalEdgeInsets(top: 8, leading: 8, bottom: 8, trailing: 8)
            let (box, vc) = Self.pinnedToMargins(device: "iphone-15", margins: eight)
            XCTAssertEqual(vc.view.layoutMargins, UIEdgeInsets(top: 8, left: 16, bottom: 8, right: 16))
            XCTAssertEqual(box.frame.minY, 67)
            let (free, _) = Self.pinnedToMargins(device: "iphone-15", respectsMinimum: false, margins: eight)
            XCTAssertEqual(free.frame.minX, 8)
        }
    }

    /// Other views keep UIKit's 8 pt default.
    func testOtherViewsHaveEightPointMargins() {
        MainActor.assumeIsolated {
            XCTAssertEqual(UIView().layoutMargins, UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8))
        }
    }
}

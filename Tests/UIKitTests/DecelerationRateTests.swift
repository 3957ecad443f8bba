import Foundation
import Raster
import Scene
@testable import UIKit
import XCTest

/// A full-screen scroll view 20,000 pt tall whose `decelerationRate` the test sets.
@MainActor final class LongScrollController: UIViewController {
    let scroll = UIScrollView()
    var rate = UIScrollView.DecelerationRate.normal

    override func viewDidLoad() {
        super.viewDidLoad()
        scroll.frame = view.bounds
        scroll.contentInsetAdjustmentBehavior = .never
        scroll.contentSize = CGSize(width: view.bounds.width, height: 20_000)
        scroll.decelerationRate = rate
        view.addSubview(scroll)
    }
}

/// A flick of the main scroll view slows at the view's own `decelerationRate`: UIKit's velocity
/// kept per millisecond, so the content glides v / (1000 ln(1/r)) past the release.
final class DecelerationRateTests: XCTestCase {
    /// Where the content rests after a 1,000 pt/s flick up that lifts at 0.1 s (the drag itself
    /// moving it 100 pt), the run long enough for either rate to settle.
    @MainActor private static func rest(_ rate: UIScrollView.DecelerationRate) throws -> CGFloat {
        let device = Device.named("iphone-15")!
        let timeline = try GestureTimeline(
            steps: [.fling(velocity: -1000, duration: 0.1, at: nil), .wait(6)], physics: ScrollPhysics(), bounds: 0...0,
            viewportHeight: device.size.height, touchPlacement: { _ in Point(200, 600) })
        let settings = ScreenSettings(device: device, appearance: .light, typography: .standard, fps: 10, imageFolders: [])
        let vc = LongScrollController()
        vc.rate = rate
        let run = ScreenRun(settings: settings, motion: timeline, make: { vc })
        run.advance(to: 60)
        return vc.scroll.contentOffset.y
    }

    /// 100 pt of drag, then 1000 / (1000 ln(1/0.998)) = 499.5 pt of glide at the normal rate and
    /// 1000 / (1000 ln(1/0.99)) = 99.5 at the fast one (each within the half pixel where motion ends).
    func testAFastRateGlidesAFifthAsFar() throws {
        try MainActor.assumeIsolated {
            let glideNormal = 1000 / (1000 * log(1 / 0.998)), glideFast = 1000 / (1000 * log(1 / 0.99))
            XCTAssertEqual(Double(try Self.rest(.normal)), 100 + glideNormal, accuracy: 0.5)
            XCTAssertEqual(Double(try Self.rest(.fast)), 100 + glideFast, accuracy: 0.5)
        }
    }
}

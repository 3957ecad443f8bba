import Foundation
import Raster
import Scene
import RenderFramesKit
@testable import UIKit
import XCTest

/// A page (the scenario's scroll view, `scrollsToTop` false) with a list scrolled 600 pt down in
/// it; the list's delegate logs its calls with the frame time.
@MainActor final class StatusBarListController: UIViewController, UIScrollViewDelegate {
    let page = UIScrollView()
    let list = UIScrollView(frame: CGRect(x: 0, y: 300, width: 393, height: 300))
    var log: [String] = []
    var allows = true

    override func viewDidLoad() {
        super.viewDidLoad()
        page.frame = view.bounds
        page.scrollsToTop = false
        view.addSubview(page)
        list.contentSize = CGSize(width: 393, height: 2000)
        list.contentInsetAdjustmentBehavior = .never
        list.contentOffset = CGPoint(x: 0, y: 600)
        list.delegate = self
        view.addSubview(list)
    }

    func scrollViewShouldScrollToTop(_ scrollView: UIScrollView) -> Bool {
        log.append("should")
        return allows
    }
    func scrollViewDidScrollToTop(_ scrollView: UIScrollView) { log.append("top \(CACurrentMediaTime())") }
    func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) { log.append("end") }

    /// A run at 10 frames a second with a tap at (100, 20), in the status bar, at 0.2 s.
    static func run(_ vc: StatusBarListController, until frame: Int) throws -> ScreenRun {
        let device = Device.named("iphone-15")!
        let timeline = try GestureTimeline(
            steps: [.wait(0.2), .tap(.point(Point(100, 20))), .wait(1)], physics: ScrollPhysics(), bounds: 0...0,
            viewportHeight: device.size.height, touchPlacement: { _ in Point(100, 400) })
        let settings = ScreenSettings(device: device, appearance: .light, typography: .standard, fps: 10, imageFolders: [])
        ScreenRun.resetDiagnostics()
        let run = ScreenRun(settings: settings, motion: timeline, make: { vc })
        run.advance(to: frame)
        return run
    }
}

final class StatusBarTapTests: XCTestCase {
    /// The one scroll view with scrollsToTop asks its delegate, then moves to its top at
    /// setContentOffset(_:animated: true)'s pace (0.3 s, linearly: 200 pt a frame) and says it
    /// reached the top as it lands.
    func testStatusBarTapScrollsTheOneScrollViewToTop() throws {
        try MainActor.assumeIsolated {
            let vc = StatusBarListController()
            let run = try StatusBarListController.run(vc, until: 3)
            XCTAssertEqual(vc.list.contentOffset.y, 400, accuracy: 1e-6)
            XCTAssertEqual(vc.log, ["should"])
            run.advance(to: 6)
            XCTAssertEqual(vc.list.contentOffset.y, 0)
            XCTAssertEqual(vc.log, ["should", "top 0.5"])
        }
    }

    /// The delegate saying no keeps the content where it is.
    func testDelegateCanRefuse() throws {
        try MainActor.assumeIsolated {
            let vc = StatusBarListController()
            vc.allows = false
            _ = try StatusBarListController.run(vc, until: 6)
            XCTAssertEqual(vc.list.contentOffset.y, 600)
            XCTAssertEqual(vc.log, ["should"])
        }
    }

    /// Two visible scroll views with scrollsToTop: UIKit scrolls neither (said once).
    func testTwoCandidatesScrollNone() throws {
        try MainActor.assumeIsolated {
            let vc = StatusBarListController()
            vc.loadViewIfNeeded()
            vc.page.scrollsToTop = true
            _ = try StatusBarListController.run(vc, until: 6)
            XCTAssertEqual(vc.list.contentOffset.y, 600)
            XCTAssertEqual(vc.log, [])
            XCTAssertTrue(ScreenRun.takeDiagnostics().contains { $0.contains("found 2 visible scroll views with scrollsToTop true") })
        }
    }
}

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

/// The scenario's own scroll view (the controller's view), its delegate logging the end of a
/// scroll with the frame time.
@MainActor final class StatusBarMainController: UIViewController, UIScrollViewDelegate {
    let scroll = UIScrollView()
    var log: [String] = []

    override func loadView() {
        scroll.contentSize = CGSize(width: 393, height: 3000)
        scroll.contentInsetAdjustmentBehavior = .never
        scroll.delegate = self
        view = scroll
    }
    func scrollViewDidScrollToTop(_ scrollView: UIScrollView) { log.append("top \(CACurrentMediaTime())") }
    func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) { log.append("end") }

    /// The finger drags the content 600 pt up (0.5 s) and lets go still; the status bar is tapped
    /// at 1.05 s (between two frames at 10 a second); at 1.6 s a finger drags it 100 pt up.
    static func run(_ vc: StatusBarMainController, fps: Double, until frame: Int) throws -> ScreenRun {
        let device = Device.named("iphone-15")!
        let timeline = try GestureTimeline(
            steps: [
                .drag(by: -600, to: nil, duration: 0.5, easing: .linear, at: nil), .release(velocity: 0), .wait(0.55),
                .tap(.point(Point(100, 20))), .wait(0.45),
                .drag(by: -100, to: nil, duration: 0.2, easing: .linear, at: nil), .release(velocity: 0), .wait(1),
            ],
            physics: ScrollPhysics(), bounds: 0...0, viewportHeight: device.size.height, touchPlacement: { _ in Point(200, 600) })
        let settings = ScreenSettings(device: device, appearance: .light, typography: .standard, fps: fps, imageFolders: [])
        ScreenRun.resetDiagnostics()
        let run = ScreenRun(settings: settings, motion: timeline, make: { vc })
        run.advance(to: frame)
        return run
    }
}

final class StatusBarMainScrollTests: XCTestCase {
    /// A status-bar tap on the scroll view the scenario moves scrolls it to the top from where the
    /// finger left it, 600 pt in 0.3 s from the tap's landing (1.05 s), linearly: 500 at 1.1 s,
    /// 300 at 1.2 s, 100 at 1.3 s, the top at 1.4 s, where the delegate hears
    /// scrollViewDidScrollToTop; the next drag (1.6 to 1.8 s) starts from the top, so it ends at
    /// 100, not 700.
    func testStatusBarTapScrollsTheScenarioScrollViewToTop() throws {
        try MainActor.assumeIsolated {
            let vc = StatusBarMainController()
            let run = try StatusBarMainController.run(vc, fps: 10, until: 10)
            XCTAssertEqual(vc.scroll.contentOffset.y, 600, accuracy: 1e-6)
            var seen: [CGFloat] = []
            for frame in 11...14 {
                run.advance(to: frame)
                seen.append(vc.scroll.contentOffset.y)
            }
            XCTAssertEqual(seen.map { Double($0).rounded() }, [500, 300, 100, 0])
            XCTAssertEqual(vc.log, ["top 1.4"])
            run.advance(to: 17)
            XCTAssertEqual(vc.scroll.contentOffset.y, 50, accuracy: 1e-6)
            run.advance(to: 20)
            XCTAssertEqual(vc.scroll.contentOffset.y, 100, accuracy: 1e-6)
            XCTAssertEqual(vc.log, ["top 1.4"])
            XCTAssertEqual(ScreenRun.takeDiagnostics().filter { $0.contains("status-bar") }, [])
        }
    }

    /// At 30 frames a second the frame at 1.2 s shows the same offset: the scroll runs from the
    /// tap's time, not from the frame it is delivered at.
    func testTheScrollRunsFromTheTapsTime() throws {
        try MainActor.assumeIsolated {
            let vc = StatusBarMainController()
            _ = try StatusBarMainController.run(vc, fps: 30, until: 36)
            XCTAssertEqual(vc.scroll.contentOffset.y, 300, accuracy: 1e-6)
        }
    }
}

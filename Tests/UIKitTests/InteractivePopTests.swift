import CoreGraphics
import Foundation
import Raster
import RenderFramesKit
import Scene
@testable import UIKit
import XCTest

/// The swipe from the left edge that pops: `interactivePopGestureRecognizer` moves the pop with
/// the finger, then completes or plays back.
final class InteractivePopTests: XCTestCase {
    typealias Logged = PushTransitionTests.Logged

    /// A pushed controller with a carousel (a horizontal scroll view) across the screen at the
    /// finger's height; its appearance calls, the coordinator's completion and the delegate's
    /// didShow logged.
    @MainActor final class Pushed: UIViewController {
        let log: (String) -> Void
        let carousel = UIScrollView(frame: CGRect(x: 0, y: 300, width: 393, height: 200))
        init(_ log: @escaping (String) -> Void) { self.log = log; super.init(nibName: nil, bundle: nil) }
        required init?(coder: NSCoder) { fatalError() }
        override func viewDidLoad() {
            super.viewDidLoad()
            view.accessibilityIdentifier = "second"
            view.backgroundColor = .white
            carousel.contentSize = CGSize(width: 2000, height: 200)
            view.addSubview(carousel)
        }
        override func viewWillAppear(_ animated: Bool) { super.viewWillAppear(animated); log("second willAppear") }
        override func viewDidAppear(_ animated: Bool) { super.viewDidAppear(animated); log("second didAppear") }
        override func viewWillDisappear(_ animated: Bool) {
            super.viewWillDisappear(animated)
            log("second willDisappear interactive \(transitionCoordinator?.isInteractive ?? false)")
            transitionCoordinator?.animate(alongsideTransition: nil) { [log] c in log("completion cancelled \(c.isCancelled)") }
        }
        override func viewDidDisappear(_ animated: Bool) { super.viewDidDisappear(animated); log("second didDisappear") }
    }

    @MainActor final class Delegate: NSObject, UINavigationControllerDelegate {
        var log: (String) -> Void = { _ in }
        func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool) {
            log("didShow \(viewController.view.accessibilityIdentifier ?? "?")")
        }
    }

    /// A run at 8 frames a second (frame k at k/8 s, exactly) of a navigation controller with
    /// `second` pushed on `first`, and a sideways drag of `by` points over `duration` seconds from
    /// (x, 400) at 0.25 s, then the finger lifting.
    @MainActor static func start(by: Double, duration: Double, x: Double = 5) throws -> (
        ScreenRun, UINavigationController, Logged, Pushed, () -> [String]
    ) {
        var log: [String] = []
        let first = Logged("first") { log.append($0) }
        let second = Pushed { log.append($0) }
        let delegate = Delegate()
        delegate.log = { log.append($0) }
        var nav: UINavigationController!
        let device = Device.named("iphone-15")!
        let timeline = try GestureTimeline(
            steps: [.wait(0.25), .sideways(.drag(by: by, to: nil, duration: duration, easing: .linear, at: Point(x, 400))), .release(velocity: nil), .wait(1)],
            physics: ScrollPhysics(), bounds: 0...0, viewportHeight: device.size.height, touchPlacement: { _ in Point(200, 400) })
        let settings = ScreenSettings(device: device, appearance: .light, typography: .standard, fps: 8, imageFolders: [])
        ScreenRun.resetDiagnostics()
        let run = ScreenRun(settings: settings, motion: timeline) {
            nav = UINavigationController(rootViewController: first)
            nav.pushViewController(second, animated: false)
            nav.delegate = delegate
            return nav
        }
        run.advance(to: 1)
        log.removeAll()
        return (run, nav, first, second, { withExtendedLifetime(delegate) { log } })
    }

    static let w = 393.0

    /// The recognizer is a screen-edge pan at the left edge.
    func testTheRecognizerIsALeftEdgePan() {
        MainActor.assumeIsolated {
            let nav = UINavigationController(rootViewController: UIViewController())
            nav.loadViewIfNeeded()
            let g = nav.interactivePopGestureRecognizer as? UIScreenEdgePanGestureRecognizer
            XCTAssertEqual(g?.edges, .left)
            XCTAssertTrue(g?.view === nav.view)
        }
    }

    /// 240 pt to the right in 1 s (30 pt a frame): the top view follows the finger's translation
    /// (120 at 0.75 s, the view beneath at its parallax, the bar at the same fraction), the carousel
    /// under the finger stays still; let go past half the width, slowly, the pop completes from
    /// 240 on the ease in and out curve over the part of 0.35 s left.
    func testADragPastHalfTheWidthFollowsTheFingerThenCompletes() throws {
        try MainActor.assumeIsolated {
            let (run, nav, first, second, log) = try Self.start(by: 240, duration: 1)
            run.advance(to: 6)
            XCTAssertEqual(PushTransitionTests.x(run, "second") ?? -1, 120, accuracy: 1e-6)
            XCTAssertEqual(PushTransitionTests.x(run, "first") ?? 1, -Self.w / 3 * (1 - 120 / Self.w), accuracy: 1e-6)
            XCTAssertEqual(nav.navigationBar.transition?.progress(at: 0.75) ?? -1, 120 / Self.w, accuracy: 1e-9)
            XCTAssertEqual(second.transitionCoordinator?.percentComplete ?? -1, CGFloat(120 / Self.w), accuracy: 1e-9)
            XCTAssertEqual(nav.viewControllers.count, 1)
            XCTAssertEqual(log(), ["second willDisappear interactive true", "first willAppear"])
            run.advance(to: 10)
            XCTAssertEqual(PushTransitionTests.x(run, "second") ?? -1, 240, accuracy: 1e-6)
            run.advance(to: 11)
            let left = UINavigationController.slideDuration * (1 - 240 / Self.w)
            let p = PushTransitionTests.easeInOut(0.125 / left)
            XCTAssertEqual(PushTransitionTests.x(run, "second") ?? -1, 240 + (Self.w - 240) * p, accuracy: 0.01)
            run.advance(to: 12)
            XCTAssertNil(PushTransitionTests.x(run, "second"))
            XCTAssertEqual(PushTransitionTests.x(run, "first") ?? 1, 0, accuracy: 1e-9)
            XCTAssertEqual(second.carousel.contentOffset.x, 0)
            XCTAssertTrue(nav.viewControllers == [first])
            XCTAssertNil(second.parent)
            XCTAssertEqual(
                log(),
                [
                    "second willDisappear interactive true", "first willAppear", "completion cancelled false", "second didDisappear",
                    "first didAppear", "didShow first",
                ])
        }
    }

    /// Let go short of half the width and slowly (180 pt at 180 pt/s), the pop plays back from
    /// where it stands; the calls are the ones UIKit makes for a cancelled pop (the lower one
    /// disappears, the top one appears again), no didShow; the stack is as it was.
    func testADragShortOfHalfPlaysBack() throws {
        try MainActor.assumeIsolated {
            let (run, nav, first, second, log) = try Self.start(by: 180, duration: 1)
            run.advance(to: 10)
            XCTAssertEqual(PushTransitionTests.x(run, "second") ?? -1, 180, accuracy: 1e-6)
            run.advance(to: 11)
            let left = UINavigationController.slideDuration * 180 / Self.w
            let p = PushTransitionTests.easeInOut(0.125 / left)
            XCTAssertEqual(PushTransitionTests.x(run, "second") ?? -1, 180 * (1 - p), accuracy: 0.01)
            run.advance(to: 12)
            XCTAssertEqual(PushTransitionTests.x(run, "second") ?? -1, 0, accuracy: 1e-9)
            XCTAssertNil(PushTransitionTests.x(run, "first"))
            XCTAssertTrue(nav.viewControllers == [first, second])
            XCTAssertNil(nav.navigationBar.transition)
            XCTAssertEqual(
                log(),
                [
                    "second willDisappear interactive true", "first willAppear", "completion cancelled true", "first willDisappear",
                    "first didDisappear", "second willAppear", "second didAppear",
                ])
        }
    }

    /// Flung right faster than 500 pt/s (160 pt in 0.25 s, 640 pt/s), the pop completes though
    /// short of half the width.
    func testAFastFlingCompletesShortOfHalf() throws {
        try MainActor.assumeIsolated {
            let (run, nav, first, _, log) = try Self.start(by: 160, duration: 0.25)
            run.advance(to: 12)
            XCTAssertTrue(nav.viewControllers == [first])
            XCTAssertEqual(log().last, "didShow first")
        }
    }

    /// A drag that lands 100 pt from the edge is not the pop's: the carousel under it scrolls.
    func testADragAwayFromTheEdgeScrollsTheCarousel() throws {
        try MainActor.assumeIsolated {
            let (run, nav, first, second, _) = try Self.start(by: 240, duration: 1, x: 100)
            run.advance(to: 6)
            XCTAssertLessThan(second.carousel.contentOffset.x, -10)
            XCTAssertEqual(PushTransitionTests.x(run, "second") ?? -1, 0)
            run.advance(to: 12)
            XCTAssertEqual(nav.viewControllers.count, 2)
            XCTAssertTrue(nav.viewControllers.first === first)
        }
    }

    /// `--jobs 1`, `--jobs 2` and `--frames 20-26` give the same bytes for the swipe back.
    func testTheSwipeBackIsTheSameForAnyWorkersAndSelection() throws {
        let base = NSTemporaryDirectory() + "uikit-edge-pop-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: base) }
        let scenario = AnimationDeterminismTests.fixtures + "/edge-pop.yaml"
        @MainActor func make() -> UIViewController {
            let nav = UINavigationController(rootViewController: PushTransitionTests.Logged("first") { _ in })
            nav.pushViewController(Pushed { _ in }, animated: false)
            return nav
        }
        let names = try SameBytes.check({ make() }, scenario: scenario, in: base, selected: 20...26)
        XCTAssertEqual(names.count, 36)
        // The pushed view moves with the finger between frames 10 and 20.
        let manifest = try XCTUnwrap(Manifest.read(atPath: base + "/one/manifest.json"))
        func x(_ i: Int) -> Double? { manifest.frames.first { $0.index == i }?.layers?.first { $0.name == "second" }?.frame[0] }
        XCTAssertGreaterThan(x(20) ?? 0, (x(10) ?? 0) + 50)
    }
}

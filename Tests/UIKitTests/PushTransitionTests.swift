import CoreGraphics
import Foundation
import Raster
import RenderFramesKit
import Scene
@testable import UIKit
import XCTest

/// `pushViewController`/`popViewController(animated: true)` slide on the frame clock.
final class PushTransitionTests: XCTestCase {
    /// Records its appearance calls into a shared log.
    @MainActor final class Logged: UIViewController {
        let tag: String
        let log: (String) -> Void
        init(_ tag: String, _ log: @escaping (String) -> Void) { self.tag = tag; self.log = log; super.init(nibName: nil, bundle: nil) }
        required init?(coder: NSCoder) { fatalError() }
        override func viewDidLoad() {
            super.viewDidLoad()
            view.accessibilityIdentifier = tag
            view.backgroundColor = .white
        }
        override func viewWillAppear(_ animated: Bool) { super.viewWillAppear(animated); log("\(tag) willAppear") }
        override func viewDidAppear(_ animated: Bool) { super.viewDidAppear(animated); log("\(tag) didAppear") }
        override func viewWillDisappear(_ animated: Bool) { super.viewWillDisappear(animated); log("\(tag) willDisappear") }
        override func viewDidDisappear(_ animated: Bool) { super.viewDidDisappear(animated); log("\(tag) didDisappear") }
    }

    /// Cubic Bézier ease in and out (0.42, 0, 0.58, 1), UIKit's `.curveEaseInOut`, solved for x by
    /// bisection (independent of the module's own solver).
    static func easeInOut(_ x: Double) -> Double {
        func bez(_ t: Double, _ p1: Double, _ p2: Double) -> Double { 3 * (1 - t) * (1 - t) * t * p1 + 3 * (1 - t) * t * t * p2 + t * t * t }
        var lo = 0.0, hi = 1.0
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if bez(mid, 0.42, 0.58) < x { lo = mid } else { hi = mid }
        }
        return bez((lo + hi) / 2, 0, 1)
    }

    @MainActor static func start(fps: Double = 20) -> (ScreenRun, UINavigationController, Logged, Logged, () -> [String]) {
        var log: [String] = []
        let first = Logged("first") { log.append($0) }
        let second = Logged("second") { log.append($0) }
        var nav: UINavigationController!
        let settings = ScreenSettings(device: Device.named("iphone-15")!, appearance: .light, typography: .standard, fps: fps, imageFolders: [])
        let motion = KeyframeTimeline(keyframes: [.init(time: 0, offset: 0, easing: .linear), .init(time: 3, offset: 0, easing: .linear)])
        let run = ScreenRun(settings: settings, motion: motion, make: { nav = UINavigationController(rootViewController: first); return nav })
        run.advance(to: 1)
        log.removeAll()
        return (run, nav, first, second, { log })
    }

    /// The x of the named layer's frame in the snapshot (its superlayer's coordinates).
    @MainActor static func x(_ run: ScreenRun, _ name: String) -> Double? {
        func find(_ l: Layer) -> Layer? { l.name == name ? l : l.sublayers.lazy.compactMap(find).first }
        return find(run.snapshot()).map { $0.position.x - $0.anchorPoint.x * $0.bounds.width }
    }

    func testAPushSlidesInFromTheRightOnTheEaseInOutCurve() {
        MainActor.assumeIsolated {
            let (run, nav, _, second, _) = Self.start()
            let w = Double(nav.view.bounds.width)
            run.within { nav.pushViewController(second, animated: true) }
            // Pushed at frame 1 (0.05 s); frames 2, 3 and 5 are 0.05, 0.1 and 0.2 s into the slide.
            for (frame, elapsed) in [(2, 0.05), (3, 0.1), (5, 0.2)] {
                run.advance(to: frame)
                let u = Self.easeInOut(elapsed / UINavigationController.slideDuration)
                XCTAssertEqual(Self.x(run, "second") ?? -1, w * (1 - u), accuracy: 0.01, "frame \(frame)")
                XCTAssertEqual(Self.x(run, "first") ?? 1, -w / 3 * u, accuracy: 0.01, "the one beneath moves a third")
            }
            run.advance(to: 20)
            XCTAssertEqual(Self.x(run, "second") ?? -1, 0, accuracy: 1e-9)
            XCTAssertNil(Self.x(run, "first"), "gone at the end")
        }
    }

    func testAppearanceCallsComeAtTheStartAndTheEndOfThePushAndThePop() {
        MainActor.assumeIsolated {
            let (run, nav, _, second, log) = Self.start()
            run.within { nav.pushViewController(second, animated: true) }
            XCTAssertEqual(log(), ["first willDisappear", "second willAppear"])
            run.advance(to: 3)
            XCTAssertEqual(log().count, 2, "nothing more while it slides")
            run.advance(to: 10)
            XCTAssertEqual(log(), ["first willDisappear", "second willAppear", "first didDisappear", "second didAppear"])
            run.within { _ = nav.popViewController(animated: true) }
            XCTAssertEqual(Array(log().suffix(2)), ["second willDisappear", "first willAppear"])
            let w = Double(nav.view.bounds.width)
            // Popped at frame 10 (0.5 s): the one beneath comes back from a third to the left.
            run.advance(to: 11)
            var u = Self.easeInOut(0.05 / UINavigationController.slideDuration)
            XCTAssertEqual(Self.x(run, "first") ?? 1, -w / 3 * (1 - u), accuracy: 0.01)
            run.advance(to: 14)
            u = Self.easeInOut(0.2 / UINavigationController.slideDuration)
            XCTAssertEqual(Self.x(run, "second") ?? -1, w * u, accuracy: 0.01)
            run.advance(to: 20)
            XCTAssertEqual(Array(log().suffix(2)), ["second didDisappear", "first didAppear"])
            XCTAssertNil(Self.x(run, "second"))
        }
    }
}

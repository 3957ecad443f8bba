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

    /// Every layer named `name` in the snapshot, depth first.
    @MainActor static func all(_ run: ScreenRun, _ name: String) -> [Layer] {
        var found: [Layer] = []
        func visit(_ l: Layer) {
            if l.name == name { found.append(l) }
            l.sublayers.forEach(visit)
        }
        visit(run.snapshot())
        return found
    }

    static func text(_ l: Layer) -> String? {
        if case .text(let t)? = l.contents { return t.text }
        return nil
    }

    @MainActor static func titled(_ first: UIViewController, _ second: UIViewController) {
        first.title = "Inbox"
        second.title = "Message"
    }

    /// Mid-push the old title fades out moving toward the new back button's title, the new one
    /// fades in from half the width to the right, the chevron fades in; after it, one title.
    func testTheBarsTitlesCrossFadeAndMoveDuringThePush() {
        MainActor.assumeIsolated {
            let (run, nav, first, second, _) = Self.start()
            Self.titled(first, second)
            run.advance(to: 2)
            let w = Double(nav.view.bounds.width)
            run.within { nav.pushViewController(second, animated: true) }
            // Pushed at frame 2 (0.1 s); frame 5 is 0.15 s into the slide.
            run.advance(to: 5)
            let p = Self.easeInOut(0.15 / UINavigationController.slideDuration)
            let titles = Self.all(run, "navigationBar.title")
            XCTAssertEqual(titles.map(Self.text), ["Inbox", "Message"], "both titles drawn, the old one first")
            XCTAssertEqual(titles[0].opacity, 1 - p, accuracy: 1e-9)
            XCTAssertEqual(titles[1].opacity, p, accuracy: 1e-9)
            XCTAssertEqual(titles[1].position.x, w / 2 + w / 2 * (1 - p), accuracy: 1e-6, "comes from half the width to the right")
            let back = Self.all(run, "navigationBar.back")
            XCTAssertEqual(back.count, 1)
            let label = back[0].sublayers.first { $0.name == "navigationBar.back.title" }!
            let chevron = back[0].sublayers.first { $0.name == "navigationBar.back.chevron" }!
            XCTAssertEqual(Self.text(label), "Inbox")
            XCTAssertEqual(chevron.opacity, p, accuracy: 1e-9, "a new back button's chevron fades in")
            XCTAssertEqual(label.opacity, p, accuracy: 1e-9)
            // The back title, at `restCenter` when the push ends, starts from the middle of the bar;
            // the old title goes toward it.
            let restCenter = (back[0].frame.minX + label.frame.midX - (w / 2) * (1 - p)) / p
            XCTAssertEqual(titles[0].position.x, w / 2 + (restCenter - w / 2) * p, accuracy: 1e-6)
            run.advance(to: 12)
            XCTAssertEqual(Self.all(run, "navigationBar.title").map(Self.text), ["Message"])
            XCTAssertEqual(Self.all(run, "navigationBar.title")[0].opacity, 1)
        }
    }

    /// A pop plays the bar's part backwards: the title beneath comes back in as the pop goes.
    func testThePopPlaysTheBarBackwards() {
        MainActor.assumeIsolated {
            let (run, nav, first, second, _) = Self.start()
            Self.titled(first, second)
            run.within { nav.pushViewController(second, animated: false) }
            run.advance(to: 4)
            run.within { _ = nav.popViewController(animated: true) }
            // Popped at frame 4 (0.2 s); frame 6 is 0.1 s into it.
            run.advance(to: 6)
            let p = Self.easeInOut(0.1 / UINavigationController.slideDuration)
            let titles = Self.all(run, "navigationBar.title")
            XCTAssertEqual(titles.map(Self.text), ["Inbox", "Message"])
            XCTAssertEqual(titles[0].opacity, p, accuracy: 1e-9, "the root's title fades back in")
            XCTAssertEqual(titles[1].opacity, 1 - p, accuracy: 1e-9)
            run.advance(to: 14)
            XCTAssertEqual(Self.all(run, "navigationBar.title").map(Self.text), ["Inbox"])
            XCTAssertTrue(Self.all(run, "navigationBar.back").isEmpty)
        }
    }

    /// `transitionCoordinator` during a push: blocks given in viewWillAppear animate with the slide;
    /// the completions run at its end, before viewDidAppear; nil before and after.
    func testTheCoordinatorsAlongsideBlocksAnimateWithThePush() {
        MainActor.assumeIsolated {
            var log: [String] = []
            let first = Logged("first") { log.append($0) }
            let dot = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            var seen: (animated: Bool, duration: TimeInterval, from: UIViewController?, to: UIViewController?)?
            final class Second: UIViewController {
                var onWillAppear: ((UIViewController) -> Void)?
                var log: ((String) -> Void)?
                override func viewWillAppear(_ animated: Bool) { super.viewWillAppear(animated); onWillAppear?(self) }
                override func viewDidAppear(_ animated: Bool) { super.viewDidAppear(animated); log?("second didAppear") }
            }
            let second = Second()
            second.log = { log.append($0) }
            second.onWillAppear = { vc in
                vc.view.addSubview(dot)
                guard let c = vc.transitionCoordinator else { return log.append("no coordinator") }
                seen = (c.isAnimated, c.transitionDuration, c.viewController(forKey: .from), c.viewController(forKey: .to))
                c.animate(alongsideTransition: { _ in dot.alpha = 0 }, completion: { ctx in log.append("completion \(ctx.percentComplete)") })
            }
            var nav: UINavigationController!
            let run = StillRun.make(fps: 20, seconds: 3, make: { nav = UINavigationController(rootViewController: first); return nav })
            run.advance(to: 1)
            XCTAssertNil(run.within { first.transitionCoordinator })
            log.removeAll()
            run.within { nav.pushViewController(second, animated: true) }
            XCTAssertEqual(seen?.animated, true)
            XCTAssertEqual(seen?.duration ?? 0, UINavigationController.slideDuration, accuracy: 1e-12)
            XCTAssertTrue(seen?.from === first && seen?.to === second)
            XCTAssertTrue(run.within { nav.transitionCoordinator } != nil, "the navigation controller hands it out too")
            run.advance(to: 3)
            // Frame 3 is 0.1 s into the slide: the dot's alpha is on the slide's curve.
            let u = Self.easeInOut(0.1 / UINavigationController.slideDuration)
            XCTAssertEqual(Double(run.within { dot.layer.presentation()?.opacity ?? -1 }), 1 - u, accuracy: 1e-6)
            XCTAssertFalse(log.contains { $0.hasPrefix("completion") })
            run.advance(to: 10)
            XCTAssertEqual(log, ["first willDisappear", "completion 1.0", "first didDisappear", "second didAppear"])
            XCTAssertNil(run.within { second.transitionCoordinator })
        }
    }

    /// The controller leaving under a large title keeps its layout while the detail (no large
    /// title) slides in: its table's inset and offset stay, so its rows and title do not jump.
    func testTheLeavingTableKeepsItsInsetWhileTheBarShrinks() {
        MainActor.assumeIsolated {
            var nav: UINavigationController!
            let list = UITableViewController(style: .plain)
            let detail = UIViewController()
            detail.navigationItem.largeTitleDisplayMode = .never
            let settings = ScreenSettings(device: Device.named("iphone-15")!, appearance: .light, typography: .standard, fps: 20, imageFolders: [])
            let motion = KeyframeTimeline(keyframes: [.init(time: 0, offset: 0, easing: .linear), .init(time: 3, offset: 0, easing: .linear)])
            let run = ScreenRun(settings: settings, motion: motion, make: {
                nav = UINavigationController(rootViewController: list)
                nav.navigationBar.prefersLargeTitles = true
                list.title = "List"
                return nav
            })
            run.advance(to: 1)
            let inset = run.within { list.tableView.adjustedContentInset.top }
            let offset = run.within { list.tableView.contentOffset.y }
            XCTAssertGreaterThan(inset, 140, "under the large title")
            run.within { nav.pushViewController(detail, animated: true) }
            run.advance(to: 4)
            XCTAssertEqual(run.within { list.tableView.adjustedContentInset.top }, inset)
            XCTAssertEqual(run.within { list.tableView.contentOffset.y }, offset)
            XCTAssertLessThan(run.within { detail.view.safeAreaInsets.top }, inset, "the detail is under the small bar")
        }
    }

    /// A finger lifted on the back button pops, animated; one lifted on the title does not.
    func testATapOnTheBackButtonPops() {
        MainActor.assumeIsolated {
            let (run, nav, first, second, _) = Self.start()
            Self.titled(first, second)
            run.within { nav.pushViewController(second, animated: false) }
            run.advance(to: 2)
            let bar = nav.navigationBar
            run.within { bar.touchesEnded([UITouch(point: CGPoint(x: 196, y: 76), timestamp: 0.1)], with: nil) }
            XCTAssertEqual(nav.viewControllers.count, 2, "the title is not the back button")
            run.within { bar.touchesEnded([UITouch(point: CGPoint(x: 30, y: 76), timestamp: 0.1)], with: nil) }
            XCTAssertEqual(nav.viewControllers.count, 1)
            XCTAssertNotNil(bar.transition, "animated")
        }
    }
}

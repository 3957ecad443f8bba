import Foundation
import Raster
import RenderFramesKit
import ScenarioFormat
import Scene
@testable import UIKit
import XCTest

/// Logs the touches that reach it, moves counted.
@MainActor final class DragLogView: UIView {
    var log: [String] = []
    var lastPoint: CGPoint?
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { log.append("began") }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        log.append("moved")
        lastPoint = touches.first?.location(in: nil)
    }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { log.append("ended") }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { log.append("cancelled") }
}

/// A control that logs its tracking calls.
@MainActor final class TrackingLogControl: UIControl {
    var log: [String] = []
    override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        log.append("begin")
        return true
    }
    override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        log.append("continue")
        return true
    }
    override func endTracking(_ touch: UITouch?, with event: UIEvent?) { log.append("end") }
}

/// Writes down each action of its recognizers: name, state, translation and velocity (pans).
@MainActor final class GestureLog: NSObject {
    var entries: [String] = []
    var translations: [CGPoint] = []
    var velocities: [CGPoint] = []
    var resetEachTime = false
    func handle(_ g: UIGestureRecognizer) {
        entries.append("\(g.name ?? "?").\(TouchScreen.name(g.state))")
        if let pan = g as? UIPanGestureRecognizer {
            translations.append(pan.translation(in: g.view))
            velocities.append(pan.velocity(in: g.view))
            if resetEachTime { pan.setTranslation(.zero, in: g.view) }
        }
    }
}

/// A scroll view's delegate that reads its pan where real stretchy headers do.
@MainActor final class PanReadingDelegate: NSObject, UIScrollViewDelegate {
    var atEnd: (state: UIGestureRecognizer.State, translation: CGPoint, velocity: CGPoint)?
    var scrolled: [CGPoint] = []
    func scrollViewDidScroll(_ scrollView: UIScrollView) {
        if scrollView.isDragging { scrolled.append(scrollView.panGestureRecognizer.translation(in: scrollView)) }
    }
    func scrollViewWillEndDragging(
        _ scrollView: UIScrollView, withVelocity velocity: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>
    ) {
        let pan = scrollView.panGestureRecognizer
        atEnd = (pan.state, pan.translation(in: scrollView), pan.velocity(in: scrollView))
    }
}

final class PanSwipeTests: XCTestCase {
    static let down60 = GestureTimeline.Step.drag(by: 60, to: nil, duration: 0.5, easing: .linear, at: Point(100, 400))

    @MainActor static func register() {
        UIStoryboard.register(GestureLog.self) { $0.action("handle:", GestureLog.handle(_:)) }
    }

    @MainActor static func screen(_ build: @escaping (UIView) -> Void) -> TouchScreen {
        TouchScreen { screen in build(screen.view) }
    }

    @MainActor static func recognizer<G: UIGestureRecognizer>(_ g: G, _ name: String, on view: UIView, log: GestureLog) -> G {
        g.name = name
        g.addTarget(log, action: Selector("handle:"))
        view.addGestureRecognizer(g)
        return g
    }

    // MARK: Drags as touches

    /// A drag over a view outside any scroll view arrives as touches: began, one moved a frame
    /// (30 fps, 0.5 s: 14 frames inside the drag and one more where it lifts), ended, the finger
    /// last at its end point.
    func testADragOverAPlainViewArrivesAsTouchesOneMoveAFrame() throws {
        try MainActor.assumeIsolated {
            let target = DragLogView(frame: CGRect(x: 0, y: 300, width: 393, height: 300))
            let screen = Self.screen { $0.addSubview(target) }
            _ = try TouchTests.run(screen, [Self.down60, .release(velocity: nil)], until: 1)
            XCTAssertEqual(target.log, ["began"] + Array(repeating: "moved", count: 15) + ["ended"])
            XCTAssertEqual(target.lastPoint?.y ?? 0, 460, accuracy: 1e-9)
        }
    }

    /// The rule, view by view from the hit-tested one up: the scroll view the drag's axis moves
    /// pans; a view with a pan or swipe recognizer, or a control a delaying scroll view does not
    /// hold, takes the drag as touches; a tap recognizer does not; nothing found: the scroll view
    /// if there is one, else touches.
    func testTheDragRoutingRule() throws {
        MainActor.assumeIsolated {
            let window = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 800))
            let scroll = UIScrollView(frame: window.bounds)
            window.addSubview(scroll)
            let cell = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 100))
            scroll.addSubview(cell)
            let header = UIView()
            window.addSubview(header)
            XCTAssertEqual(ScreenRun.route(from: cell, scroll: scroll), .scroll(scroll))
            XCTAssertEqual(ScreenRun.route(from: header, scroll: scroll), .scroll(scroll))
            XCTAssertEqual(ScreenRun.route(from: header, scroll: nil), .views)
            header.addGestureRecognizer(UIPanGestureRecognizer())
            XCTAssertEqual(ScreenRun.route(from: header, scroll: scroll), .touches)
            cell.addGestureRecognizer(UITapGestureRecognizer(target: nil, action: nil))
            XCTAssertEqual(ScreenRun.route(from: cell, scroll: scroll), .scroll(scroll))
            let swipe = UISwipeGestureRecognizer(target: nil, action: nil)
            cell.addGestureRecognizer(swipe)
            XCTAssertEqual(ScreenRun.route(from: cell, scroll: scroll), .touches)
            swipe.isEnabled = false
            XCTAssertEqual(ScreenRun.route(from: cell, scroll: scroll), .scroll(scroll))
            let button = UIButton(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
            cell.addSubview(button)
            XCTAssertEqual(ScreenRun.route(from: button, scroll: scroll), .scroll(scroll))
            scroll.delaysContentTouches = false
            XCTAssertEqual(ScreenRun.route(from: button, scroll: scroll), .touches)
        }
    }

    /// Over the screen's scroll view a drag pans it as before: the content moves 200 points and
    /// the view under the finger hears nothing.
    func testADragOverTheScrollViewPansIt() throws {
        try MainActor.assumeIsolated {
            let scroll = UIScrollView()
            let content = DragLogView(frame: CGRect(x: 0, y: 0, width: 393, height: 3000))
            let screen = Self.screen { view in
                scroll.frame = view.bounds
                scroll.contentInsetAdjustmentBehavior = .never
                scroll.contentSize = CGSize(width: 393, height: 3000)
                scroll.addSubview(content)
                view.addSubview(scroll)
            }
            let up = GestureTimeline.Step.drag(by: -200, to: nil, duration: 0.5, easing: .linear, at: Point(100, 600))
            _ = try TouchTests.run(screen, [up, .wait(0.2)], until: 0.6)
            XCTAssertEqual(scroll.contentOffset.y, 200, accuracy: 1e-6)
            XCTAssertEqual(content.log, [])
        }
    }

    /// A control under a drag tracks it: beginTracking, continueTracking each move, endTracking.
    func testAControlUnderADragTracksIt() throws {
        try MainActor.assumeIsolated {
            let control = TrackingLogControl(frame: CGRect(x: 0, y: 350, width: 393, height: 200))
            var events: [String] = []
            control.addAction(UIAction { _ in events.append("dragInside") }, for: .touchDragInside)
            let screen = Self.screen { $0.addSubview(control) }
            _ = try TouchTests.run(screen, [Self.down60, .release(velocity: nil)], until: 1)
            XCTAssertEqual(control.log, ["begin"] + Array(repeating: "continue", count: 15) + ["end"])
            XCTAssertEqual(events.count, 15)
        }
    }

    // MARK: Pan

    /// A pan begins once the finger is 10 points from where it landed (4 points a frame: the
    /// third frame, 12 points), changes each frame after, and ends where it lifts; the view's
    /// touches are cancelled as it begins.
    func testAPansStatesAndTranslation() throws {
        try MainActor.assumeIsolated {
            Self.register()
            let log = GestureLog()
            let target = DragLogView(frame: CGRect(x: 0, y: 300, width: 393, height: 300))
            let screen = Self.screen { view in
                view.addSubview(target)
                _ = Self.recognizer(UIPanGestureRecognizer(), "pan", on: target, log: log)
            }
            _ = try TouchTests.run(screen, [Self.down60, .release(velocity: nil)], until: 1)
            XCTAssertEqual(log.entries, ["pan.began"] + Array(repeating: "pan.changed", count: 12) + ["pan.ended"])
            XCTAssertEqual(log.translations.first?.y ?? 0, 12, accuracy: 1e-9)
            XCTAssertEqual(log.translations.first?.x, 0)
            XCTAssertEqual(log.translations.last?.y ?? 0, 60, accuracy: 1e-9)
            XCTAssertEqual(target.log, ["began", "moved", "moved", "cancelled"])
        }
    }

    /// The velocity is the finger's over the last frame: 4 points in 1/30 s is 120 points a
    /// second, at every change and at the end.
    func testAPansVelocityComesFromTheFrameClock() throws {
        try MainActor.assumeIsolated {
            Self.register()
            let log = GestureLog()
            let screen = Self.screen { view in _ = Self.recognizer(UIPanGestureRecognizer(), "pan", on: view, log: log) }
            _ = try TouchTests.run(screen, [Self.down60, .release(velocity: nil)], until: 1)
            XCTAssertEqual(log.velocities.count, 14)
            for v in log.velocities {
                XCTAssertEqual(v.y, 120, accuracy: 1e-6)
                XCTAssertEqual(v.x, 0)
            }
        }
    }

    /// A finger that held still before lifting ends the pan with no velocity.
    func testAPanHeldStillEndsWithNoVelocity() throws {
        try MainActor.assumeIsolated {
            Self.register()
            let log = GestureLog()
            let screen = Self.screen { view in _ = Self.recognizer(UIPanGestureRecognizer(), "pan", on: view, log: log) }
            _ = try TouchTests.run(screen, [Self.down60, .wait(0.3), .release(velocity: nil)], until: 1.2)
            XCTAssertEqual(log.entries.last, "pan.ended")
            XCTAssertEqual(log.velocities.last, .zero)
        }
    }

    /// Nine points is not a pan: it fails when the finger lifts, and the view's touch ends.
    func testADragUnderTenPointsIsNoPan() throws {
        try MainActor.assumeIsolated {
            Self.register()
            let log = GestureLog()
            let target = DragLogView(frame: CGRect(x: 0, y: 300, width: 393, height: 300))
            let pan = UIPanGestureRecognizer()
            let screen = Self.screen { view in
                view.addSubview(target)
                _ = Self.recognizer(pan, "pan", on: target, log: log)
            }
            let short = GestureTimeline.Step.drag(by: 9, to: nil, duration: 0.3, easing: .linear, at: Point(100, 400))
            _ = try TouchTests.run(screen, [short, .release(velocity: nil)], until: 0.6)
            XCTAssertEqual(log.entries, [])
            XCTAssertEqual(target.log.first, "began")
            XCTAssertEqual(target.log.last, "ended")
            XCTAssertEqual(pan.state, .possible)
        }
    }

    /// `setTranslation(.zero, in:)` in each action makes the next translation one frame's move
    /// (4 points).
    func testSetTranslationStartsTheCountAgain() throws {
        try MainActor.assumeIsolated {
            Self.register()
            let log = GestureLog()
            log.resetEachTime = true
            let screen = Self.screen { view in _ = Self.recognizer(UIPanGestureRecognizer(), "pan", on: view, log: log) }
            _ = try TouchTests.run(screen, [Self.down60, .release(velocity: nil)], until: 1)
            XCTAssertEqual(log.translations.first?.y ?? 0, 12, accuracy: 1e-9)
            for t in log.translations.dropFirst().dropLast() { XCTAssertEqual(t.y, 4, accuracy: 1e-9) }
            // The end comes where the last change left the finger: nothing since.
            XCTAssertEqual(log.translations.last?.y ?? -1, 0, accuracy: 1e-9)
        }
    }

    /// A pan needing two fingers never begins under the scenario's one.
    func testAPanNeedingTwoFingersDoesNotBegin() throws {
        try MainActor.assumeIsolated {
            Self.register()
            let log = GestureLog()
            let screen = Self.screen { view in
                let pan = Self.recognizer(UIPanGestureRecognizer(), "pan", on: view, log: log)
                pan.minimumNumberOfTouches = 2
            }
            _ = try TouchTests.run(screen, [Self.down60, .release(velocity: nil)], until: 1)
            XCTAssertEqual(log.entries, [])
        }
    }

    /// A delegate that says no to shouldBegin keeps the pan from beginning; one that allows two
    /// at once lets a pan and a swipe on the same view both recognize.
    func testThePansDelegateDecides() throws {
        try MainActor.assumeIsolated {
            Self.register()
            let log = GestureLog()
            let delegate = RecognizerDelegate()
            delegate.begins = false
            let screen = Self.screen { view in
                let pan = Self.recognizer(UIPanGestureRecognizer(), "pan", on: view, log: log)
                pan.delegate = delegate
            }
            _ = try TouchTests.run(screen, [Self.down60, .release(velocity: nil)], until: 1)
            XCTAssertEqual(log.entries, [])

            let both = GestureLog()
            let together = RecognizerDelegate()
            together.simultaneous = true
            let second = Self.screen { view in
                let pan = Self.recognizer(UIPanGestureRecognizer(), "pan", on: view, log: both)
                pan.delegate = together
                let swipe = Self.recognizer(UISwipeGestureRecognizer(), "swipe", on: view, log: both)
                swipe.direction = .down
            }
            let fast = GestureTimeline.Step.drag(by: 120, to: nil, duration: 0.3, easing: .linear, at: Point(100, 300))
            _ = try TouchTests.run(second, [fast, .release(velocity: nil)], until: 0.6)
            XCTAssertTrue(both.entries.contains("swipe.ended"), "\(both.entries)")
            XCTAssertEqual(both.entries.first, "pan.began")
            XCTAssertEqual(both.entries.last, "pan.ended")
        }
    }

    // MARK: Swipe

    static func sideways(_ by: Double, _ duration: Double) -> [GestureTimeline.Step] {
        [.sideways(.drag(by: by, to: nil, duration: duration, easing: .linear, at: Point(300, 400))), .release(velocity: nil)]
    }

    /// A swipe left of 120 points in 0.2 s (20 points a frame) is recognized at once as it passes
    /// 50 points (the third frame), before the finger lifts.
    func testASwipeIsRecognizedWhenItGetsFarEnough() throws {
        try MainActor.assumeIsolated {
            Self.register()
            let log = GestureLog()
            var when: Double?
            let screen = Self.screen { view in
                let swipe = Self.recognizer(UISwipeGestureRecognizer(), "swipe", on: view, log: log)
                swipe.direction = .left
                swipe.addTarget(log, action: Selector("handle:"))
            }
            let run = try TouchTests.run(screen, Self.sideways(-120, 0.2), until: 0)
            for frame in 1...12 where when == nil {
                run.advance(to: frame)
                if !log.entries.isEmpty { when = Double(frame) / 30 }
            }
            XCTAssertEqual(log.entries, ["swipe.ended"])
            XCTAssertEqual(when ?? 0, 0.1, accuracy: 1e-9)
        }
    }

    /// A swipe the other way, a slow one (2 points a frame: 50 points after 0.8 s) and one needing
    /// two fingers fail.
    func testASwipeTheWrongWayOrTooSlowFails() throws {
        try MainActor.assumeIsolated {
            Self.register()
            for (steps, required) in [(Self.sideways(120, 0.2), 1), (Self.sideways(-120, 2), 1), (Self.sideways(-120, 0.2), 2)] {
                let log = GestureLog()
                let swipe = UISwipeGestureRecognizer()
                let screen = Self.screen { view in
                    _ = Self.recognizer(swipe, "swipe", on: view, log: log)
                    swipe.direction = .left
                    swipe.numberOfTouchesRequired = required
                }
                _ = try TouchTests.run(screen, steps, until: 2.5)
                XCTAssertEqual(log.entries, [], "\(steps) \(required)")
            }
        }
    }

    /// A tap that requires the swipe to fail waits for it: a tap (the swipe fails as the finger
    /// lifts) is then recognized; a swipe is recognized and the tap fails.
    func testATapRequiringASwipeToFailWaitsForIt() throws {
        try MainActor.assumeIsolated {
            Self.register()
            let log = GestureLog()
            let screen = Self.screen { view in
                let swipe = Self.recognizer(UISwipeGestureRecognizer(), "swipe", on: view, log: log)
                swipe.direction = .left
                let tap = Self.recognizer(UITapGestureRecognizer(), "tap", on: view, log: log)
                tap.require(toFail: swipe)
            }
            _ = try TouchTests.run(screen, [.tap(.point(Point(200, 400))), .wait(0.3)] + Self.sideways(-120, 0.2), until: 1.2)
            XCTAssertEqual(log.entries, ["tap.ended", "swipe.ended"])
        }
    }

    /// A tap that requires a pan to fail is held while the pan could begin: a short drag of 30
    /// points (the tap's 45-point slop not passed) makes the pan, and no tap.
    func testATapRequiringAPanToFailLosesToThePan() throws {
        try MainActor.assumeIsolated {
            Self.register()
            let log = GestureLog()
            let screen = Self.screen { view in
                let pan = Self.recognizer(UIPanGestureRecognizer(), "pan", on: view, log: log)
                let tap = Self.recognizer(UITapGestureRecognizer(), "tap", on: view, log: log)
                tap.require(toFail: pan)
            }
            let short = GestureTimeline.Step.drag(by: 30, to: nil, duration: 0.1, easing: .linear, at: Point(100, 400))
            _ = try TouchTests.run(screen, [short, .release(velocity: nil)], until: 0.5)
            XCTAssertEqual(log.entries.first, "pan.began")
            XCTAssertEqual(log.entries.last, "pan.ended")
            XCTAssertFalse(log.entries.contains("tap.ended"))
        }
    }

    // MARK: The scroll view's pan

    /// `scrollView.panGestureRecognizer` answers from the drag: 8 points a frame, the
    /// translation at each scroll, and at the release (ended) the whole 200 points with the
    /// finger's velocity of 400 points a second upward.
    func testTheScrollViewsPanAnswersFromTheDrag() throws {
        try MainActor.assumeIsolated {
            let scroll = UIScrollView()
            let delegate = PanReadingDelegate()
            let screen = Self.screen { view in
                scroll.frame = view.bounds
                scroll.contentInsetAdjustmentBehavior = .never
                scroll.contentSize = CGSize(width: 393, height: 3000)
                scroll.delegate = delegate
                view.addSubview(scroll)
            }
            let up = GestureTimeline.Step.drag(by: -200, to: nil, duration: 0.5, easing: .linear, at: Point(100, 600))
            _ = try TouchTests.run(screen, [up, .release(velocity: nil), .wait(0.2)], until: 0.7)
            XCTAssertEqual(delegate.scrolled.count, 14)
            for (i, t) in delegate.scrolled.enumerated() { XCTAssertEqual(t.y, -400 * Double(i + 1) / 30, accuracy: 1e-6) }
            let end = try XCTUnwrap(delegate.atEnd)
            XCTAssertEqual(end.state, .ended)
            XCTAssertEqual(end.translation.y, -200, accuracy: 1e-6)
            XCTAssertEqual(end.velocity.y, -400, accuracy: 1e-6)
            XCTAssertEqual(end.velocity.x, 0)
            // The gesture over, the pan is possible again, with nothing to tell.
            XCTAssertEqual(scroll.panGestureRecognizer.state, .possible)
            XCTAssertEqual(scroll.panGestureRecognizer.translation(in: scroll), .zero)
        }
    }

    /// A target added to the scroll view's pan hears began, each change and the end.
    func testTheScrollViewsPanSendsItsActions() throws {
        try MainActor.assumeIsolated {
            Self.register()
            let scroll = UIScrollView()
            let log = GestureLog()
            let screen = Self.screen { view in
                scroll.frame = view.bounds
                scroll.contentSize = CGSize(width: 393, height: 3000)
                scroll.panGestureRecognizer.name = "scroll"
                scroll.panGestureRecognizer.addTarget(log, action: Selector("handle:"))
                view.addSubview(scroll)
            }
            let up = GestureTimeline.Step.drag(by: -200, to: nil, duration: 0.5, easing: .linear, at: Point(100, 600))
            _ = try TouchTests.run(screen, [up, .release(velocity: nil), .wait(0.2)], until: 0.7)
            XCTAssertEqual(log.entries, ["scroll.began"] + Array(repeating: "scroll.changed", count: 14) + ["scroll.ended"])
        }
    }

    /// With showTouches, the indicator follows a drag delivered as touches: at frame 9 (0.3 s,
    /// 0.2 s into the pan.yaml drag of 150 points in 0.4 s from (200, 400)) it is at (200, 475);
    /// after the lift it is gone.
    func testTheTouchIndicatorFollowsADeliveredDrag() throws {
        try MainActor.assumeIsolated {
            let loaded = try ScenarioLoader.load(path: TouchScenarioTests.fixtures + "/pan.yaml", screenCode: true)
            var settings = ScreenSettings(device: loaded.screen.device, appearance: .light, typography: .standard, fps: 30, imageFolders: [])
            settings.showTouches = true
            let vc = PanFixtureViewController()
            let run = ScreenRun(settings: settings, motion: loaded.timeline, make: { vc })
            run.advance(to: 9)
            let touch = try XCTUnwrap(run.snapshot().sublayers.last { $0.name == "touch" })
            XCTAssertEqual(touch.frame.midX, 200, accuracy: 1e-6)
            XCTAssertEqual(touch.frame.midY, 475, accuracy: 1e-6)
            // The card followed: its centre moved as far as the finger (75 points).
            XCTAssertEqual(vc.card.center.y, 475, accuracy: 1e-6)
            run.advance(to: 20)
            XCTAssertNil(run.snapshot().sublayers.last { $0.name == "touch" })
        }
    }

    // MARK: Bytes

    /// A dragged screen with a pan recognizer gives the same bytes with one worker or two.
    func testDraggedFramesAreTheSameForAnyWorkers() throws {
        let base = NSTemporaryDirectory() + "uikit-pan-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: base) }
        let scenario = TouchScenarioTests.fixtures + "/pan.yaml"
        try renderFrames(of: { PanFixtureViewController() }, scenario: scenario, out: base + "/one", scale: 1, jobs: 1)
        try renderFrames(of: { PanFixtureViewController() }, scenario: scenario, out: base + "/two", scale: 1, jobs: 2)
        let names = try FileManager.default.contentsOfDirectory(atPath: base + "/one").filter { $0.hasSuffix(".png") }.sorted()
        XCTAssertEqual(names.count, 24)
        for name in names {
            XCTAssertEqual(
                FileManager.default.contents(atPath: base + "/one/" + name), FileManager.default.contents(atPath: base + "/two/" + name), name)
        }
        // The card follows the finger: the first frame and the last differ.
        XCTAssertNotEqual(FileManager.default.contents(atPath: base + "/one/0000.png"), FileManager.default.contents(atPath: base + "/one/0023.png"))
    }
}

/// A card dragged by a pan recognizer: its centre follows the translation.
@MainActor final class PanFixtureViewController: UIViewController {
    let card = UIView(frame: CGRect(x: 100, y: 300, width: 200, height: 200))
    private var start = CGPoint.zero

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        card.backgroundColor = .systemBlue
        card.layer.cornerRadius = 20
        view.addSubview(card)
        UIStoryboard.register(PanFixtureViewController.self) { $0.action("drag:", PanFixtureViewController.drag(_:)) }
        card.addGestureRecognizer(UIPanGestureRecognizer(target: self, action: Selector("drag:")))
    }

    func drag(_ pan: UIPanGestureRecognizer) {
        if pan.state == .began { start = card.center }
        let t = pan.translation(in: view)
        card.center = CGPoint(x: start.x + t.x, y: start.y + t.y)
    }
}

/// A button's title inside an animation block (issue 45's Follow finding).
final class ButtonTitleAnimationTests: XCTestCase {
    /// The title changed, then the button's frame set and `layoutIfNeeded()` called inside a
    /// linear 1 s block: the label's frame animates with the button's layout (halfway at 0.5 s
    /// between "Follow" centred in 84 points and "Following" centred in 112), its text is the new
    /// one at once.
    func testATitleLabelsFrameAnimatesWithItsButtonsLayout() throws {
        try MainActor.assumeIsolated {
            let vc = AnimatedBoxViewController()
            let button = UIButton(type: .custom)
            var before = CGRect.zero, after = CGRect.zero
            vc.onAppear = { vc in
                button.setTitle("Follow", for: .normal)
                button.frame = CGRect(x: 200, y: 300, width: 84, height: 30)
                vc.view.addSubview(button)
                button.layoutIfNeeded()
                before = button.titleLabel!.frame
                button.setTitle("Following", for: .normal)
                UIView.animate(withDuration: 1, delay: 0, options: .curveLinear) {
                    button.frame = CGRect(x: 172, y: 300, width: 112, height: 30)
                    button.layoutIfNeeded()
                }
                after = button.titleLabel!.frame
            }
            let run = AnimationRuns.make(vc)
            run.advance(to: 5)
            XCTAssertEqual(button.titleLabel?.text, "Following")
            XCTAssertGreaterThan(after.width, before.width)
            let mid = try XCTUnwrap(run.within { button.titleLabel!.layer.presentation() })
            XCTAssertEqual(mid.frame.width, (before.width + after.width) / 2, accuracy: 1e-6)
            XCTAssertEqual(mid.frame.minX, (before.minX + after.minX) / 2, accuracy: 1e-6)
        }
    }

    /// Mid-animation the label's text is the one laid out for its final bounds, stretched to the
    /// drawn bounds as a `.redraw` label's contents are (resize gravity): halfway, the text layer is
    /// as wide as the final frame, scaled by the drawn width over it.
    func testALabelsTextKeepsItsFinalLayoutWhileItsBoundsAnimate() throws {
        try MainActor.assumeIsolated {
            let vc = AnimatedBoxViewController()
            let label = UILabel(frame: CGRect(x: 20, y: 400, width: 60, height: 20))
            label.accessibilityIdentifier = "title"
            vc.onAppear = { vc in
                label.text = "Follow"
                vc.view.addSubview(label)
                label.text = "Following"
                UIView.animate(withDuration: 1, delay: 0, options: .curveLinear) { label.frame.size.width = 100 }
            }
            let run = AnimationRuns.make(vc)
            run.advance(to: 5)
            let drawn = try XCTUnwrap(AnimationRuns.layer("title", in: run))
            XCTAssertEqual(drawn.bounds.width, 80, accuracy: 1e-9)
            XCTAssertNil(drawn.contents)
            let text = try XCTUnwrap(drawn.sublayers.first)
            XCTAssertNotNil(text.contents)
            XCTAssertEqual(text.bounds.width, 100, accuracy: 1e-9)
            XCTAssertEqual(text.transform.a, 0.8, accuracy: 1e-9)
            XCTAssertEqual(text.transform.d, 1, accuracy: 1e-9)
            XCTAssertEqual(text.position.x, 40, accuracy: 1e-9)
            // At rest, the text is the label's own again.
            run.advance(to: 12)
            XCTAssertNotNil(try XCTUnwrap(AnimationRuns.layer("title", in: run)).contents)
        }
    }
}

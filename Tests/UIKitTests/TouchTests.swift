import Foundation
import Raster
import RenderFramesKit
import ScenarioFormat
import Scene
@testable import UIKit
import XCTest

/// Says which touches reach it, and passes them on.
@MainActor final class TouchLog {
    var entries: [String] = []
}

@MainActor final class LoggingView: UIView {
    var log: TouchLog?
    var name = ""
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        log?.entries.append("\(name).began")
        super.touchesBegan(touches, with: event)
    }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        log?.entries.append("\(name).ended")
        super.touchesEnded(touches, with: event)
    }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        log?.entries.append("\(name).cancelled")
        super.touchesCancelled(touches, with: event)
    }
}

/// A view whose touch area reaches 30 points beyond its bounds.
@MainActor final class WideTouchView: UIView {
    override func point(inside point: CGPoint, with event: UIEvent?) -> Bool { bounds.insetBy(dx: -30, dy: -30).contains(point) }
}

/// A screen built by `build`, with a log its views write to.
@MainActor final class TouchScreen: UIViewController {
    let log = TouchLog()
    let build: (TouchScreen) -> Void
    init(_ build: @escaping (TouchScreen) -> Void) {
        self.build = build
        super.init(nibName: nil, bundle: nil)
    }
    required init?(coder: NSCoder) { fatalError() }
    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        build(self)
    }
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { log.entries.append("controller.began") }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { log.entries.append("controller.ended") }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { log.entries.append("controller.cancelled") }
    func recognized(_ g: UIGestureRecognizer) { log.entries.append("\(g.name ?? "?").\(Self.name(g.state))") }
    static func name(_ s: UIGestureRecognizer.State) -> String {
        ["possible", "began", "changed", "ended", "cancelled", "failed"][s.rawValue]
    }
}

/// Answers a recognizer's questions as told.
@MainActor final class RecognizerDelegate: NSObject, UIGestureRecognizerDelegate {
    var begins = true
    var receives = true
    var simultaneous = false
    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { begins }
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool { receives }
    func gestureRecognizer(_ g: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith other: UIGestureRecognizer) -> Bool { simultaneous }
}

final class TouchTests: XCTestCase {
    /// Runs `controller` at 30 fps through `steps` (an iPhone 15, nothing to scroll) and returns the run.
    @MainActor static func run(_ controller: UIViewController, _ steps: [GestureTimeline.Step], until seconds: Double? = nil) throws -> ScreenRun {
        let device = Device.named("iphone-15")!
        let timeline = try GestureTimeline(
            steps: steps, physics: ScrollPhysics(), bounds: 0...0, viewportHeight: device.size.height, touchPlacement: { _ in Point(100, 400) })
        let settings = ScreenSettings(device: device, appearance: .light, typography: .standard, fps: 30, imageFolders: [])
        ScreenRun.resetDiagnostics()
        UIStoryboard.register(TouchScreen.self) { $0.action("recognized:", TouchScreen.recognized(_:)) }
        let run = ScreenRun(settings: settings, motion: timeline, make: { controller })
        run.advance(to: Int(((seconds ?? timeline.duration) * 30).rounded()))
        return run
    }

    @MainActor static func box(_ name: String, _ frame: CGRect, in parent: UIView, log: TouchLog?) -> LoggingView {
        let v = LoggingView(frame: frame)
        v.name = name
        v.log = log
        v.accessibilityIdentifier = name
        parent.addSubview(v)
        return v
    }

    // MARK: Hit-testing

    /// Subviews are asked front to back: of two overlapping siblings the one added last is hit; a
    /// point outside a view's bounds reaches none of its subviews, even one that sticks out.
    func testHitTestAsksSubviewsFrontToBack() throws {
        MainActor.assumeIsolated {
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
            let log = TouchLog()
            let back = Self.box("back", CGRect(x: 0, y: 0, width: 200, height: 200), in: root, log: log)
            let front = Self.box("front", CGRect(x: 100, y: 100, width: 150, height: 150), in: root, log: log)
            let child = Self.box("child", CGRect(x: 120, y: 0, width: 100, height: 50), in: back, log: log)
            XCTAssertTrue(root.hitTest(CGPoint(x: 150, y: 150), with: nil) === front)
            XCTAssertTrue(root.hitTest(CGPoint(x: 50, y: 50), with: nil) === back)
            XCTAssertTrue(root.hitTest(CGPoint(x: 150, y: 20), with: nil) === child)
            // The child sticks out of `back` (x 200...220): not hit there.
            XCTAssertTrue(root.hitTest(CGPoint(x: 210, y: 20), with: nil) === root)
            XCTAssertNil(root.hitTest(CGPoint(x: 350, y: 20), with: nil))
        }
    }

    /// A hidden view, one under 0.01 alpha, and one with isUserInteractionEnabled false are
    /// skipped with their subviews: the view behind them is hit.
    func testHiddenTransparentAndNonInteractiveViewsAreSkipped() throws {
        MainActor.assumeIsolated {
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
            let log = TouchLog()
            let back = Self.box("back", CGRect(x: 0, y: 0, width: 300, height: 300), in: root, log: log)
            let cover = Self.box("cover", CGRect(x: 0, y: 0, width: 300, height: 300), in: root, log: log)
            let p = CGPoint(x: 10, y: 10)
            XCTAssertTrue(root.hitTest(p, with: nil) === cover)
            cover.isHidden = true
            XCTAssertTrue(root.hitTest(p, with: nil) === back)
            cover.isHidden = false
            cover.alpha = 0.009
            XCTAssertTrue(root.hitTest(p, with: nil) === back)
            cover.alpha = 0.01
            XCTAssertTrue(root.hitTest(p, with: nil) === cover)
            cover.isUserInteractionEnabled = false
            XCTAssertTrue(root.hitTest(p, with: nil) === back)
            // A label takes no touches by default: the view under it is hit.
            let label = UILabel(frame: CGRect(x: 0, y: 0, width: 100, height: 40))
            root.addSubview(label)
            XCTAssertTrue(root.hitTest(p, with: nil) === back)
        }
    }

    /// An overridden `point(inside:with:)` widens a view's touch area.
    func testAnOverriddenPointInsideWidensTheTouchArea() throws {
        MainActor.assumeIsolated {
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
            let small = WideTouchView(frame: CGRect(x: 100, y: 100, width: 20, height: 20))
            root.addSubview(small)
            XCTAssertTrue(root.hitTest(CGPoint(x: 80, y: 80), with: nil) === small)
            XCTAssertTrue(root.hitTest(CGPoint(x: 60, y: 80), with: nil) === root)
        }
    }

    // MARK: Touches

    /// A tap's touches reach the view hit, then go up the responder chain to the superview and the
    /// view controller; the touch says where it is in any view, its phase and its time.
    func testATapsTouchesGoUpTheResponderChain() throws {
        try MainActor.assumeIsolated {
            var seen: [String] = []
            final class Probe: UIView {
                var report: ((UITouch, UIEvent?) -> Void)?
                override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
                    report?(touches.first!, event)
                    super.touchesBegan(touches, with: event)
                }
            }
            let screen = TouchScreen { vc in
                let outer = Self.box("outer", CGRect(x: 50, y: 200, width: 300, height: 300), in: vc.view, log: vc.log)
                let probe = Probe(frame: CGRect(x: 10, y: 10, width: 100, height: 100))
                probe.accessibilityIdentifier = "probe"
                probe.report = { touch, event in
                    let p = touch.location(in: probe)
                    seen.append("at \(p.x),\(p.y) window \(touch.location(in: nil).x),\(touch.location(in: nil).y) phase \(touch.phase.rawValue)")
                    seen.append("time \(touch.timestamp) count \(touch.tapCount) view \(touch.view === probe) all \(event?.allTouches?.count ?? 0)")
                }
                outer.addSubview(probe)
            }
            _ = try Self.run(screen, [.wait(0.5), .tap(.view("probe"))])
            XCTAssertEqual(seen, ["at 50.0,50.0 window 110.0,260.0 phase 0", "time 0.5 count 1 view true all 1"])
            XCTAssertEqual(screen.log.entries, ["outer.began", "controller.began", "outer.ended", "controller.ended"])
        }
    }

    /// A tap aimed at an identifier no view has is an error that names its step and frame and
    /// the identifiers there are.
    func testATapOnAnUnknownIdentifierIsAnErrorAtItsFrame() throws {
        try MainActor.assumeIsolated {
            let screen = TouchScreen { vc in _ = Self.box("card", CGRect(x: 0, y: 100, width: 100, height: 100), in: vc.view, log: vc.log) }
            let run = try Self.run(screen, [.wait(0.4), .tap(.view("follow"))])
            XCTAssertEqual(
                run.touchProblems,
                [
                    "timeline.gestures[1].tap.view: no view on screen has accessibilityIdentifier \"follow\" at frame 12 (0.4 s); "
                        + "the identifiers on screen are card"
                ])
            XCTAssertEqual(screen.log.entries, [])
        }
    }

    // MARK: Controls

    /// A tap on a button: touchDown as the finger lands (highlighted while it is down), then
    /// touchUpInside and primaryActionTriggered as it lifts, through targets and UIActions alike.
    func testATapOnAButtonSendsItsEventsInUIKitsOrder() throws {
        try MainActor.assumeIsolated {
            var events: [String] = []
            let button = UIButton(type: .system)
            let screen = TouchScreen { vc in
                button.setTitle("Follow", for: .normal)
                button.frame = CGRect(x: 100, y: 300, width: 120, height: 44)
                button.accessibilityIdentifier = "follow"
                vc.view.addSubview(button)
                for (name, event) in [("down", UIControl.Event.touchDown), ("upInside", .touchUpInside), ("upOutside", .touchUpOutside), ("primary", .primaryActionTriggered)] {
                    button.addAction(UIAction { _ in events.append("\(name) highlighted \(button.isHighlighted)") }, for: event)
                }
            }
            let run = try Self.run(screen, [.wait(0.5), .tap(.view("follow"))], until: 0.55)
            XCTAssertEqual(events, ["down highlighted true"])
            XCTAssertTrue(button.isHighlighted)
            XCTAssertTrue(button.isTracking)
            run.advance(to: 30)
            XCTAssertEqual(events, ["down highlighted true", "upInside highlighted false", "primary highlighted false"])
            XCTAssertFalse(button.isHighlighted)
            // The controller heard none of the touches: the button took them.
            XCTAssertEqual(screen.log.entries, [])
        }
    }

    /// A highlighted system button draws its title at 20 % opacity.
    func testAHighlightedSystemButtonDimsItsTitle() throws {
        try MainActor.assumeIsolated {
            let button = UIButton(type: .system)
            let screen = TouchScreen { vc in
                button.setTitle("Follow", for: .normal)
                button.frame = CGRect(x: 100, y: 300, width: 120, height: 44)
                button.accessibilityIdentifier = "follow"
                vc.view.addSubview(button)
            }
            let run = try Self.run(screen, [.wait(0.5), .tap(.view("follow"))], until: 0.55)
            XCTAssertEqual(button.titleLabel?.alpha ?? 0, 0.2, accuracy: 1e-6)
            run.advance(to: 30)
            XCTAssertEqual(button.titleLabel?.alpha ?? 0, 1, accuracy: 1e-6)
        }
    }

    /// A tap on a switch turns it over with its animation on the frame clock (the thumb part way
    /// a frame after), and sends valueChanged then primaryActionTriggered.
    func testATapTogglesASwitchAnimated() throws {
        try MainActor.assumeIsolated {
            var events: [String] = []
            let toggle = UISwitch()
            let screen = TouchScreen { vc in
                toggle.frame.origin = CGPoint(x: 100, y: 300)
                toggle.accessibilityIdentifier = "toggle"
                vc.view.addSubview(toggle)
                toggle.addAction(UIAction { _ in events.append("changed \(toggle.isOn)") }, for: .valueChanged)
                toggle.addAction(UIAction { _ in events.append("primary") }, for: .primaryActionTriggered)
            }
            let run = try Self.run(screen, [.wait(0.5), .tap(.view("toggle"))], until: 0.6)
            XCTAssertTrue(toggle.isOn)
            XCTAssertEqual(events, ["changed true", "primary"])
            run.advance(to: 21)
            let middle = toggle.position(at: ScreenEnvironment.time)
            XCTAssertGreaterThan(middle, 0.1)
            XCTAssertLessThan(middle, 0.9)
            run.advance(to: 30)
            XCTAssertEqual(toggle.position(at: 1.0), 1)
        }
    }

    /// A tap on a segmented control's third segment selects it and sends valueChanged.
    func testATapSelectsASegment() throws {
        try MainActor.assumeIsolated {
            var changed: [Int] = []
            let control = UISegmentedControl(items: ["One", "Two", "Three"])
            let screen = TouchScreen { vc in
                control.frame = CGRect(x: 30, y: 300, width: 300, height: 32)
                control.selectedSegmentIndex = 0
                vc.view.addSubview(control)
                control.addAction(UIAction { _ in changed.append(control.selectedSegmentIndex) }, for: .valueChanged)
            }
            _ = try Self.run(screen, [.wait(0.2), .tap(.point(Point(280, 316)))])
            XCTAssertEqual(control.selectedSegmentIndex, 2)
            XCTAssertEqual(changed, [2])
        }
    }

    // MARK: Gesture recognizers

    /// A tap recognizer on a view recognizes as the finger lifts, sends its action through the
    /// registered selector, and cancels the view's touches.
    func testATapRecognizerRecognizesAndCancelsTheViewsTouches() throws {
        try MainActor.assumeIsolated {
            let screen = TouchScreen { vc in
                let card = Self.box("card", CGRect(x: 50, y: 200, width: 200, height: 200), in: vc.view, log: vc.log)
                let tap = UITapGestureRecognizer(target: vc, action: Selector("recognized:"))
                tap.name = "tap"
                card.addGestureRecognizer(tap)
            }
            _ = try Self.run(screen, [.wait(0.2), .tap(.view("card"))])
            XCTAssertEqual(screen.log.entries, ["card.began", "controller.began", "tap.ended", "card.cancelled", "controller.cancelled"])
        }
    }

    /// With cancelsTouchesInView false the view's touches end as usual, after the action.
    func testARecognizerThatDoesNotCancelLetsTheTouchesEnd() throws {
        try MainActor.assumeIsolated {
            let screen = TouchScreen { vc in
                let card = Self.box("card", CGRect(x: 50, y: 200, width: 200, height: 200), in: vc.view, log: vc.log)
                let tap = UITapGestureRecognizer(target: vc, action: Selector("recognized:"))
                tap.name = "tap"
                tap.cancelsTouchesInView = false
                card.addGestureRecognizer(tap)
            }
            _ = try Self.run(screen, [.wait(0.2), .tap(.view("card"))])
            XCTAssertEqual(screen.log.entries, ["card.began", "controller.began", "tap.ended", "card.ended", "controller.ended"])
        }
    }

    /// A single tap that requires a double tap to fail: two quick taps make the double tap, one
    /// tap makes the single tap only once the double tap's wait for a second tap (0.35 s) ran out.
    func testAFailureRequirementWaitsForTheDoubleTap() throws {
        try MainActor.assumeIsolated {
            @MainActor func screen() -> TouchScreen {
                TouchScreen { vc in
                    let card = Self.box("card", CGRect(x: 50, y: 200, width: 200, height: 200), in: vc.view, log: nil)
                    let single = UITapGestureRecognizer(target: vc, action: Selector("recognized:"))
                    single.name = "single"
                    let double = UITapGestureRecognizer(target: vc, action: Selector("recognized:"))
                    double.name = "double"
                    double.numberOfTapsRequired = 2
                    single.require(toFail: double)
                    card.addGestureRecognizer(single)
                    card.addGestureRecognizer(double)
                }
            }
            let twice = screen()
            _ = try Self.run(twice, [.wait(0.2), .tap(.view("card")), .wait(0.1), .tap(.view("card")), .wait(1)])
            XCTAssertEqual(twice.log.entries, ["controller.began", "controller.began", "double.ended", "controller.cancelled", "controller.cancelled"])
            let once = screen()
            let run = try Self.run(once, [.wait(0.2), .tap(.view("card")), .wait(1)], until: 0.6)
            // The view's touchesEnded is held while the double tap could still recognize.
            XCTAssertEqual(once.log.entries, ["controller.began"])
            run.advance(to: 25)
            // Lifted at 0.3: the double tap fails at 0.65, and the single tap is recognized then.
            XCTAssertEqual(once.log.entries, ["controller.began", "single.ended", "controller.cancelled"])
        }
    }

    /// A long press begins after 0.5 s and ends as the finger lifts; the tap recognizer on the
    /// same view fails, since the two do not recognize together.
    func testALongPressBeginsAfterHalfASecondAndExcludesTheTap() throws {
        try MainActor.assumeIsolated {
            let screen = TouchScreen { vc in
                let card = Self.box("card", CGRect(x: 50, y: 200, width: 200, height: 200), in: vc.view, log: nil)
                let press = UILongPressGestureRecognizer(target: vc, action: Selector("recognized:"))
                press.name = "press"
                let tap = UITapGestureRecognizer(target: vc, action: Selector("recognized:"))
                tap.name = "tap"
                card.addGestureRecognizer(tap)
                card.addGestureRecognizer(press)
            }
            let run = try Self.run(screen, [.wait(0.2), .longPress(.view("card"), duration: 1)], until: 0.65)
            XCTAssertEqual(screen.log.entries, ["controller.began"])
            run.advance(to: 22)
            XCTAssertEqual(screen.log.entries, ["controller.began", "press.began", "controller.cancelled"])
            run.advance(to: 40)
            XCTAssertEqual(screen.log.entries, ["controller.began", "press.began", "controller.cancelled", "press.ended"])
        }
    }

    /// The delegate decides: shouldReceive false gives the recognizer no touch, shouldBegin false
    /// fails it, shouldRecognizeSimultaneously true lets two recognize together.
    func testTheDelegateDecidesWhatRecognizes() throws {
        try MainActor.assumeIsolated {
            @MainActor func screen(_ delegate: RecognizerDelegate) -> TouchScreen {
                TouchScreen { vc in
                    let card = Self.box("card", CGRect(x: 50, y: 200, width: 200, height: 200), in: vc.view, log: nil)
                    let inner = UITapGestureRecognizer(target: vc, action: Selector("recognized:"))
                    inner.name = "inner"
                    inner.delegate = delegate
                    card.addGestureRecognizer(inner)
                    let outer = UITapGestureRecognizer(target: vc, action: Selector("recognized:"))
                    outer.name = "outer"
                    vc.view.addGestureRecognizer(outer)
                }
            }
            let steps: [GestureTimeline.Step] = [.wait(0.2), .tap(.view("card")), .wait(0.5)]
            let plain = screen(RecognizerDelegate())
            _ = try Self.run(plain, steps)
            XCTAssertEqual(plain.log.entries, ["controller.began", "inner.ended", "controller.cancelled"])
            let deaf = RecognizerDelegate()
            deaf.receives = false
            let notReceiving = screen(deaf)
            _ = try Self.run(notReceiving, steps)
            XCTAssertEqual(notReceiving.log.entries, ["controller.began", "outer.ended", "controller.cancelled"])
            let refusing = RecognizerDelegate()
            refusing.begins = false
            let notBeginning = screen(refusing)
            _ = try Self.run(notBeginning, steps)
            XCTAssertEqual(notBeginning.log.entries, ["controller.began", "outer.ended", "controller.cancelled"])
            let together = RecognizerDelegate()
            together.simultaneous = true
            let both = screen(together)
            _ = try Self.run(both, steps)
            XCTAssertEqual(both.log.entries, ["controller.began", "inner.ended", "controller.cancelled", "outer.ended"])
        }
    }

    /// A disabled recognizer gets no touches.
    func testADisabledRecognizerDoesNotRecognize() throws {
        try MainActor.assumeIsolated {
            let screen = TouchScreen { vc in
                let card = Self.box("card", CGRect(x: 50, y: 200, width: 200, height: 200), in: vc.view, log: vc.log)
                let tap = UITapGestureRecognizer(target: vc, action: Selector("recognized:"))
                tap.name = "tap"
                tap.isEnabled = false
                card.addGestureRecognizer(tap)
            }
            _ = try Self.run(screen, [.wait(0.2), .tap(.view("card"))])
            XCTAssertEqual(screen.log.entries, ["card.began", "controller.began", "card.ended", "controller.ended"])
        }
    }

    /// A button keeps its tap: the single-tap recognizer on the view around it does not begin.
    func testAButtonKeepsItsTapFromATapRecognizerAroundIt() throws {
        try MainActor.assumeIsolated {
            var taps = 0
            let screen = TouchScreen { vc in
                let button = UIButton(type: .system)
                button.setTitle("Follow", for: .normal)
                button.frame = CGRect(x: 100, y: 300, width: 120, height: 44)
                button.accessibilityIdentifier = "follow"
                button.addAction(UIAction { _ in taps += 1 }, for: .touchUpInside)
                vc.view.addSubview(button)
                let tap = UITapGestureRecognizer(target: vc, action: Selector("recognized:"))
                tap.name = "background"
                vc.view.addGestureRecognizer(tap)
            }
            _ = try Self.run(screen, [.wait(0.2), .tap(.view("follow")), .wait(0.5), .tap(.point(Point(20, 700)))])
            XCTAssertEqual(taps, 1)
            XCTAssertEqual(screen.log.entries, ["controller.began", "background.ended", "controller.cancelled"])
        }
    }
}

/// A switch and a button to tap (Fixtures/uikit/tap.yaml).
@MainActor final class TapFixtureViewController: UIViewController {
    let toggle = UISwitch()
    let button = UIButton(type: .system)
    var pressed = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        toggle.frame.origin = CGPoint(x: 40, y: 200)
        toggle.accessibilityIdentifier = "toggle"
        view.addSubview(toggle)
        button.setTitle("Follow", for: .normal)
        button.frame = CGRect(x: 40, y: 300, width: 120, height: 44)
        button.accessibilityIdentifier = "follow"
        button.addAction(UIAction { [unowned self] _ in pressed += 1 }, for: .primaryActionTriggered)
        view.addSubview(button)
    }
}

final class TouchScenarioTests: XCTestCase {
    static let fixtures = ScreenSmokeTests.fixtures

    /// `tap:` and `longPress:` steps are checked where they are written: a step with neither
    /// view nor at, one with both, and a longPress's duration out of range.
    func testBadTapStepsAreReportedAtTheirLines() throws {
        let path = NSTemporaryDirectory() + "bad-taps-\(getpid()).yaml"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try """
        device: iphone-15
        timeline:
          gestures:
            - tap: {}
            - tap: {view: follow, at: [10, 10]}
            - longPress: {view: follow, duration: 100}
        """.write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try ScenarioLoader.load(path: path, screenCode: true)) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("4:"), text)
            XCTAssertTrue(text.contains("timeline.gestures[0].tap: needs view (a view's accessibilityIdentifier, or a layer's name) or at"), text)
            XCTAssertTrue(text.contains("timeline.gestures[1].tap.at: give view or at, not both; keep one"), text)
            XCTAssertTrue(text.contains("timeline.gestures[2].longPress.duration"), text)
        }
    }

    /// A tap while a drag's finger is down is refused at its step.
    func testATapDuringADragIsRefused() throws {
        XCTAssertThrowsError(
            try GestureTimeline(
                steps: [.drag(by: 100, to: nil, duration: 0.3, easing: .linear, at: nil), .tap(.point(Point(10, 10)))], physics: ScrollPhysics(),
                bounds: 0...100, viewportHeight: 800, touchPlacement: { _ in Point(0, 0) })
        ) { error in
            XCTAssertEqual((error as? GestureTimeline.ScriptError)?.step, 1)
            XCTAssertEqual(
                (error as? GestureTimeline.ScriptError)?.message,
                "tap: a finger is down on a drag; release it first (two fingers at once are not supported)")
        }
    }

    /// The touch indicator shows where a tap aimed at a view landed, while the finger is down.
    func testTheTouchIndicatorShowsATapOnAView() throws {
        try MainActor.assumeIsolated {
            let loaded = try ScenarioLoader.load(path: Self.fixtures + "/tap.yaml", screenCode: true)
            let settings = ScreenSettings(device: loaded.screen.device, appearance: .light, typography: .standard, fps: 30, imageFolders: [])
            let vc = TapFixtureViewController()
            let run = ScreenRun(settings: settings, motion: loaded.timeline, make: { vc })
            run.advance(to: 30)
            XCTAssertTrue(vc.toggle.isOn)
            XCTAssertEqual(vc.pressed, 1)
            let touch = try XCTUnwrap(run.timeline.state(at: 0.25).touch)
            XCTAssertEqual(touch.x, 40 + 25.5, accuracy: 1e-9)
            XCTAssertEqual(touch.y, 200 + 15.5, accuracy: 1e-9)
            XCTAssertNil(run.timeline.state(at: 0.35).touch)
        }
    }

    /// With showTouches, a UIKit screen's frame draws the indicator over its views while the
    /// finger is down (frame 7, 0.233 s, in the tap from 0.2 to 0.3 s), and not after.
    func testAUIKitScreenDrawsTheTouchIndicator() throws {
        try MainActor.assumeIsolated {
            let loaded = try ScenarioLoader.load(path: Self.fixtures + "/tap.yaml", screenCode: true)
            var settings = ScreenSettings(device: loaded.screen.device, appearance: .light, typography: .standard, fps: 30, imageFolders: [])
            settings.showTouches = true
            let run = ScreenRun(settings: settings, motion: loaded.timeline, make: { TapFixtureViewController() })
            run.advance(to: 7)
            let touch = try XCTUnwrap(run.snapshot().sublayers.last { $0.name == "touch" })
            XCTAssertEqual(touch.frame.midX, 65.5, accuracy: 1e-9)
            XCTAssertEqual(touch.frame.midY, 215.5, accuracy: 1e-9)
            run.advance(to: 10)
            XCTAssertNil(run.snapshot().sublayers.last { $0.name == "touch" })
        }
    }

    /// A tapped screen gives the same bytes with one worker or two.
    func testTappedFramesAreTheSameForAnyWorkers() throws {
        let base = NSTemporaryDirectory() + "uikit-taps-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: base) }
        let scenario = Self.fixtures + "/tap.yaml"
        try renderFrames(of: { TapFixtureViewController() }, scenario: scenario, out: base + "/one", scale: 1, jobs: 1)
        try renderFrames(of: { TapFixtureViewController() }, scenario: scenario, out: base + "/two", scale: 1, jobs: 2)
        let names = try FileManager.default.contentsOfDirectory(atPath: base + "/one").filter { $0.hasSuffix(".png") }.sorted()
        XCTAssertEqual(names.count, 30)
        for name in names {
            XCTAssertEqual(
                FileManager.default.contents(atPath: base + "/one/" + name), FileManager.default.contents(atPath: base + "/two/" + name), name)
        }
        // The switch moves: the first frame and the last differ.
        XCTAssertNotEqual(FileManager.default.contents(atPath: base + "/one/0000.png"), FileManager.default.contents(atPath: base + "/one/0029.png"))
    }

    /// A tap aimed at an identifier no view has stops the render with the step, frame and fix.
    func testRenderingATapOnAMissingViewFails() throws {
        let base = NSTemporaryDirectory() + "uikit-taps-missing-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: base) }
        XCTAssertThrowsError(try renderFrames(of: { UIViewController() }, scenario: Self.fixtures + "/tap.yaml", out: base, scale: 1)) { error in
            XCTAssertTrue(
                "\(error)".hasSuffix(
                    "tap.yaml: timeline.gestures[1].tap.view: no view on screen has accessibilityIdentifier \"toggle\" at frame 6 (0.2 s); "
                        + "no view has one: set it on the view, or give at: [x, y]"), "\(error)")
        }
    }
}

/// A plain table of 20 rows that records its delegate's selection calls.
@MainActor final class SelectingTableViewController: UIViewController, UITableViewDataSource, UITableViewDelegate {
    let table = UITableView(frame: .zero, style: .plain)
    var calls: [String] = []
    override func viewDidLoad() {
        super.viewDidLoad()
        table.frame = view.bounds
        table.dataSource = self
        table.delegate = self
        table.register(UITableViewCell.self, forCellReuseIdentifier: "row")
        view.addSubview(table)
    }
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 20 }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        cell.textLabel?.text = "Row \(indexPath.row)"
        return cell
    }
    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) { calls.append("select \(indexPath.row)") }
    func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) { calls.append("deselect \(indexPath.row)") }
}

/// A grid of 12 items that records its delegate's selection calls (refusing item 1).
@MainActor final class SelectingCollectionViewController: UIViewController, UICollectionViewDataSource, UICollectionViewDelegate {
    var grid: UICollectionView!
    var calls: [String] = []
    override func viewDidLoad() {
        super.viewDidLoad()
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 100, height: 100)
        grid = UICollectionView(frame: view.bounds, collectionViewLayout: layout)
        grid.dataSource = self
        grid.delegate = self
        grid.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "item")
        view.addSubview(grid)
    }
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 12 }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        collectionView.dequeueReusableCell(withReuseIdentifier: "item", for: indexPath)
    }
    func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool { indexPath.item != 1 }
    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) { calls.append("select \(indexPath.item)") }
    func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) { calls.append("deselect \(indexPath.item)") }
}

final class TouchSelectionTests: XCTestCase {
    /// A tap on a row: its cell highlighted while the finger is down past the scroll view's
    /// 0.15 s delay, then selected (a systemGray4 background behind its content) and
    /// `didSelectRowAt`; a tap on another row deselects the first (`didDeselectRowAt` first).
    func testATapSelectsATableRow() throws {
        try MainActor.assumeIsolated {
            let vc = SelectingTableViewController()
            let run = try TouchTests.run(vc, [.wait(0.2), .longPress(.point(Point(100, 80)), duration: 0.3), .wait(0.2), .tap(.point(Point(100, 200)))], until: 0.4)
            let first = try XCTUnwrap(vc.table.indexPathForRow(at: CGPoint(x: 100, y: 80 + vc.table.contentOffset.y)))
            let cell = try XCTUnwrap(vc.table.cellForRow(at: first))
            XCTAssertTrue(cell.isHighlighted)
            XCTAssertFalse(cell.isSelected)
            XCTAssertEqual(vc.calls, [])
            run.advance(to: 18)
            XCTAssertFalse(cell.isHighlighted)
            XCTAssertTrue(cell.isSelected)
            XCTAssertEqual(vc.calls, ["select \(first.row)"])
            XCTAssertTrue(cell.subviews.contains { $0.backgroundColor == .systemGray4 })
            run.advance(to: 40)
            let second = try XCTUnwrap(vc.table.indexPathForRow(at: CGPoint(x: 100, y: 200 + vc.table.contentOffset.y)))
            XCTAssertNotEqual(first, second)
            XCTAssertEqual(vc.calls, ["select \(first.row)", "deselect \(first.row)", "select \(second.row)"])
            XCTAssertEqual(vc.table.indexPathsForSelectedRows, [second])
            XCTAssertFalse(cell.isSelected)
        }
    }

    /// A tap on an item selects it (`didSelectItemAt`) unless `shouldSelectItemAt` refuses.
    func testATapSelectsACollectionItemTheDelegateAllows() throws {
        try MainActor.assumeIsolated {
            let vc = SelectingCollectionViewController()
            // Three items 100 pt square a line under the safe area: item 0 under (50, 150), item 1 under (196, 150).
            _ = try TouchTests.run(vc, [.wait(0.2), .tap(.point(Point(50, 150))), .wait(0.2), .tap(.point(Point(196, 150)))])
            XCTAssertEqual(vc.calls, ["select 0"])
            XCTAssertEqual(vc.grid.indexPathsForSelectedItems, [IndexPath(item: 0, section: 0)])
            XCTAssertTrue(vc.grid.cellForItem(at: IndexPath(item: 0, section: 0))?.isSelected ?? false)
            XCTAssertFalse(vc.grid.cellForItem(at: IndexPath(item: 1, section: 0))?.isSelected ?? true)
        }
    }
}

import Foundation
import Raster
import Scene
import RenderFramesKit
@testable import UIKit
import XCTest

/// A screen with a box; `onAppear` runs in viewDidAppear (frame 0, time 0).
@MainActor final class AnimatedBoxViewController: UIViewController {
    let box = UIView(frame: CGRect(x: 20, y: 100, width: 100, height: 100))
    var onAppear: (AnimatedBoxViewController) -> Void = { _ in }
    var log: [String] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        box.backgroundColor = .red
        box.accessibilityIdentifier = "box"
        view.addSubview(box)
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        onAppear(self)
    }
}

@MainActor enum AnimationRuns {
    /// A run of `controller` at 10 frames a second for 4 seconds, nothing scrolling.
    static func make(_ controller: AnimatedBoxViewController) -> ScreenRun {
        ScreenRun.resetDiagnostics()
        return StillRun.make(fps: 10, seconds: 4, make: { controller })
    }

    static func layer(_ name: String, in run: ScreenRun) -> Layer? {
        func find(_ l: Layer) -> Layer? {
            if l.name == name { return l }
            for s in l.sublayers { if let f = find(s) { return f } }
            return nil
        }
        return find(run.snapshot())
    }
}

/// The timing curves against Apple's published definitions: cubic Béziers through the named
/// control points, and the damped spring's equation.
final class TimingCurveTests: XCTestCase {
    /// The Bézier's point at parameter s, straight from its definition.
    private func bezier(_ c: CubicCurve, _ s: Double) -> (x: Double, y: Double) {
        let u = 1 - s
        let x = 3 * u * u * s * Double(c.p1.x) + 3 * u * s * s * Double(c.p2.x) + s * s * s
        let y = 3 * u * u * s * Double(c.p1.y) + 3 * u * s * s * Double(c.p2.y) + s * s * s
        return (x, y)
    }

    func testNamedCurvesAreApplesControlPoints() {
        XCTAssertEqual(CubicCurve.easeIn, CubicCurve(p1: CGPoint(x: 0.42, y: 0), p2: CGPoint(x: 1, y: 1)))
        XCTAssertEqual(CubicCurve.easeOut, CubicCurve(p1: CGPoint(x: 0, y: 0), p2: CGPoint(x: 0.58, y: 1)))
        XCTAssertEqual(CubicCurve.easeInOut, CubicCurve(p1: CGPoint(x: 0.42, y: 0), p2: CGPoint(x: 0.58, y: 1)))
        XCTAssertEqual(UIView.AnimationOptions.curveEaseIn.curve, .easeIn)
        XCTAssertEqual(UIView.AnimationOptions.curveEaseOut.curve, .easeOut)
        XCTAssertEqual(UIView.AnimationOptions([]).curve, .easeInOut)
        XCTAssertEqual(UIView.AnimationOptions.curveLinear.curve, .linear)
    }

    func testEachCurveAtSampleTimesFollowsTheBezier() {
        for curve in [CubicCurve.easeIn, .easeOut, .easeInOut, .caDefault, CubicCurve(p1: CGPoint(x: 0.1, y: 0.7), p2: CGPoint(x: 0.3, y: 1))] {
            for s in [0.1, 0.25, 0.5, 0.75, 0.9] {
                let point = bezier(curve, s)
                XCTAssertEqual(curve.value(at: point.x), point.y, accuracy: 1e-6, "\(curve) at x \(point.x)")
            }
        }
        // Known values: ease in and out is symmetric about the middle; ease in starts slow.
        XCTAssertEqual(CubicCurve.easeInOut.value(at: 0.5), 0.5, accuracy: 1e-9)
        XCTAssertEqual(CubicCurve.easeIn.value(at: 0.5), 0.3153, accuracy: 1e-3)
        XCTAssertEqual(CubicCurve.easeOut.value(at: 0.5), 0.6847, accuracy: 1e-3)
        XCTAssertEqual(CubicCurve.linear.value(at: 0.3), 0.3)
    }

    /// The closed form against the equation m x'' + c x' + k (x - 1) = 0 integrated step by step.
    func testSpringFollowsTheDampedOscillatorEquation() {
        for spring in [
            SpringCurve(mass: 1, stiffness: 100, damping: 5, initialVelocity: 0), SpringCurve(mass: 1, stiffness: 100, damping: 20, initialVelocity: 2),
            SpringCurve(mass: 2, stiffness: 100, damping: 60, initialVelocity: -1),
        ] {
            var x = 0.0, v = spring.initialVelocity
            let dt = 1e-5
            var t = 0.0
            for sample in [0.05, 0.2, 0.5, 1.0] {
                while t < sample - dt / 2 {
                    // Semi-implicit Euler at a tiny step.
                    let a = (-spring.damping * v - spring.stiffness * (x - 1)) / spring.mass
                    v += a * dt
                    x += v * dt
                    t += dt
                }
                XCTAssertEqual(spring.value(at: sample), x, accuracy: 2e-3, "\(spring) at \(sample) s")
            }
        }
    }

    /// Apple's published examples: mass 1, stiffness 100, damping 5 settles in about 2.85 s;
    /// damping 15 in just over a second.
    func testSettlingDurationMatchesApplesExamples() {
        XCTAssertEqual(SpringCurve(mass: 1, stiffness: 100, damping: 5).settlingDuration, 2.85, accuracy: 0.05)
        let stiff = SpringCurve(mass: 1, stiffness: 100, damping: 15).settlingDuration
        XCTAssertGreaterThan(stiff, 1.0)
        XCTAssertLessThan(stiff, 1.1)
        // Critically damped: settled where the motion stays within the tolerance.
        let critical = SpringCurve(mass: 1, stiffness: 100, damping: 20)
        XCTAssertLessThan(abs(critical.value(at: critical.settlingDuration) - 1), SpringCurve.settledWithin * 1.001)
        XCTAssertGreaterThan(abs(critical.value(at: critical.settlingDuration * 0.9) - 1), SpringCurve.settledWithin)
    }

    /// iOS 17's spring(duration:bounce:): stiffness (2π/d)², damping 4π(1 - bounce)/d, so its damping ratio is 1 - bounce.
    func testPerceptualSpringUsesApplesFormulas() {
        let s = SpringCurve.perceptual(duration: 0.5, bounce: 0.3)
        XCTAssertEqual(s.stiffness, pow(2 * Double.pi / 0.5, 2), accuracy: 1e-9)
        XCTAssertEqual(s.damping, 4 * Double.pi * 0.7 / 0.5, accuracy: 1e-9)
        XCTAssertEqual(s.dampingRatio, 0.7, accuracy: 1e-9)
        XCTAssertEqual(SpringCurve.perceptual(duration: 1, bounce: -0.5).damping, 4 * Double.pi / 0.5, accuracy: 1e-9)
    }
}

/// UIView.animate on the frame clock: what a frame draws, when completions run.
final class ViewAnimationTests: XCTestCase {
    func testMediaTimeIsTheFramesTime() throws {
        try MainActor.assumeIsolated {
        let vc = AnimatedBoxViewController()
        var seen: [Double] = []
        vc.onAppear = { _ in seen.append(CACurrentMediaTime()) }
        let run = AnimationRuns.make(vc)
        run.advance(to: 7)
        run.within { seen.append(CACurrentMediaTime()) }
        XCTAssertEqual(seen, [0, 0.7])
        }
    }

    /// Model values at once, drawn values at the curve's progress at each frame's time.
    func testAnimationIsDrawnAtTheFramesTime() throws {
        try MainActor.assumeIsolated {
        let vc = AnimatedBoxViewController()
        vc.onAppear = { vc in
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear) {
                vc.box.alpha = 0
                vc.box.center.x += 100
            }
            vc.log.append("model alpha \(vc.box.alpha)")
        }
        let run = AnimationRuns.make(vc)
        run.advance(to: 0)
        XCTAssertEqual(vc.log, ["model alpha 0.0"])
        XCTAssertEqual(try XCTUnwrap(AnimationRuns.layer("box", in: run)).opacity, 1, accuracy: 1e-9)
        run.advance(to: 4)
        let mid = try XCTUnwrap(AnimationRuns.layer("box", in: run))
        XCTAssertEqual(mid.opacity, 0.6, accuracy: 1e-9)
        XCTAssertEqual(mid.position.x, 70 + 40, accuracy: 1e-9)
        run.advance(to: 12)
        let end = try XCTUnwrap(AnimationRuns.layer("box", in: run))
        XCTAssertEqual(end.opacity, 0, accuracy: 1e-9)
        XCTAssertEqual(end.position.x, 170, accuracy: 1e-9)
        XCTAssertTrue(run.clock.isIdle)
        }
    }

    func testCurveOptionPacesTheAnimation() throws {
        try MainActor.assumeIsolated {
        let vc = AnimatedBoxViewController()
        vc.onAppear = { vc in UIView.animate(withDuration: 1, delay: 0, options: .curveEaseIn, animations: { vc.box.center.x += 100 }) }
        let run = AnimationRuns.make(vc)
        run.advance(to: 3)
        XCTAssertEqual(try XCTUnwrap(AnimationRuns.layer("box", in: run)).position.x, 70 + 100 * CubicCurve.easeIn.value(at: 0.3), accuracy: 1e-9)
        // The default curve is ease in and out.
        let plain = AnimatedBoxViewController()
        plain.onAppear = { vc in UIView.animate(withDuration: 1) { vc.box.center.x += 100 } }
        let run2 = AnimationRuns.make(plain)
        run2.advance(to: 3)
        XCTAssertEqual(try XCTUnwrap(AnimationRuns.layer("box", in: run2)).position.x, 70 + 100 * CubicCurve.easeInOut.value(at: 0.3), accuracy: 1e-9)
        }
    }

    /// Completions run at the first frame whose time passes the end, in the order the animations end.
    func testCompletionsRunAtTheFrameThatPassesTheEndInOrder() throws {
        try MainActor.assumeIsolated {
        let vc = AnimatedBoxViewController()
        vc.onAppear = { vc in
            UIView.animate(withDuration: 0.55, animations: { vc.box.alpha = 0.5 }, completion: { f in vc.log.append("long \(f) at \(CACurrentMediaTime())") })
            UIView.animate(withDuration: 0.2, delay: 0.1, options: [], animations: { vc.box.center.y += 10 }) { f in
                vc.log.append("short \(f) at \(CACurrentMediaTime())")
            }
        }
        let run = AnimationRuns.make(vc)
        run.advance(to: 2)
        XCTAssertEqual(vc.log, [])
        run.advance(to: 10)
        XCTAssertEqual(vc.log, ["short true at 0.3", "long true at 0.6"])
        }
    }

    func testDelayShowsTheStartUntilItBegins() throws {
        try MainActor.assumeIsolated {
        let vc = AnimatedBoxViewController()
        vc.onAppear = { vc in UIView.animate(withDuration: 1, delay: 0.5, options: .curveLinear, animations: { vc.box.alpha = 0 }) }
        let run = AnimationRuns.make(vc)
        run.advance(to: 4)
        XCTAssertEqual(try XCTUnwrap(AnimationRuns.layer("box", in: run)).opacity, 1, accuracy: 1e-9)
        run.advance(to: 10)
        XCTAssertEqual(try XCTUnwrap(AnimationRuns.layer("box", in: run)).opacity, 0.5, accuracy: 1e-9)
        }
    }

    func testRepeatAndAutoreverseNeverComplete() throws {
        try MainActor.assumeIsolated {
        let vc = AnimatedBoxViewController()
        vc.onAppear = { vc in
            UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear, .repeat, .autoreverse], animations: { vc.box.alpha = 0 }) { _ in
                vc.log.append("done")
            }
        }
        let run = AnimationRuns.make(vc)
        run.advance(to: 15)
        // Forward over the first second, back over the next.
        XCTAssertEqual(try XCTUnwrap(AnimationRuns.layer("box", in: run)).opacity, 0.5, accuracy: 1e-9)
        run.advance(to: 22)
        XCTAssertEqual(try XCTUnwrap(AnimationRuns.layer("box", in: run)).opacity, 0.8, accuracy: 1e-9)
        XCTAssertEqual(vc.log, [])
        }
    }

    /// A second animation of the same property: from the model's old value (the first is
    /// replaced and completes unfinished), or from what is drawn with beginFromCurrentState.
    func testBeginFromCurrentStateStartsWhereTheDrawingIs() throws {
        try MainActor.assumeIsolated {
        for fromCurrent in [false, true] {
            let vc = AnimatedBoxViewController()
            let run = AnimationRuns.make(vc)
            run.advance(to: 0)
            run.within {
                UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { vc.box.alpha = 0 }) { f in vc.log.append("first \(f)") }
            }
            run.advance(to: 5)
            run.within {
                UIView.animate(withDuration: 1, delay: 0, options: fromCurrent ? [.curveLinear, .beginFromCurrentState] : .curveLinear) {
                    vc.box.alpha = 1
                }
            }
            run.advance(to: 6)
            let drawn = try XCTUnwrap(AnimationRuns.layer("box", in: run)).opacity
            XCTAssertEqual(drawn, fromCurrent ? 0.5 + 0.5 * 0.1 : 0.1, accuracy: 1e-9)
            run.advance(to: 16)
            XCTAssertEqual(vc.log, ["first false"])
        }
        }
    }

    /// beginFromCurrentState with nothing in flight animates from the value before the block, as
    /// without it (a title shown from `scrollViewDidScroll` with the option drew its end at once).
    func testBeginFromCurrentStateWithNothingInFlightStartsFromTheValueBefore() throws {
        try MainActor.assumeIsolated {
        let vc = AnimatedBoxViewController()
        let run = AnimationRuns.make(vc)
        run.advance(to: 0)
        run.within {
            UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear, .beginFromCurrentState]) {
                vc.box.alpha = 0
                vc.box.transform = CGAffineTransform(translationX: 0, y: 40)
            }
        }
        run.advance(to: 3)
        let drawn = try XCTUnwrap(AnimationRuns.layer("box", in: run))
        XCTAssertEqual(drawn.opacity, 0.7, accuracy: 1e-9)
        XCTAssertEqual(drawn.transform.ty, 12, accuracy: 1e-9)
        run.advance(to: 10)
        XCTAssertEqual(try XCTUnwrap(AnimationRuns.layer("box", in: run)).opacity, 0, accuracy: 1e-9)
        }
    }

    /// The constraint-animation idiom: a constant changed, `layoutIfNeeded()` inside the block.
    func testLayoutIfNeededInsideTheBlockAnimatesAutoLayoutsFrames() throws {
        try MainActor.assumeIsolated {
        let vc = AnimatedBoxViewController()
        var top: NSLayoutConstraint!
        let bar = UIView()
        vc.onAppear = { vc in
            bar.accessibilityIdentifier = "bar"
            bar.translatesAutoresizingMaskIntoConstraints = false
            vc.view.addSubview(bar)
            top = bar.topAnchor.constraint(equalTo: vc.view.topAnchor, constant: 300)
            NSLayoutConstraint.activate([
                top, bar.leadingAnchor.constraint(equalTo: vc.view.leadingAnchor), bar.widthAnchor.constraint(equalToConstant: 50),
                bar.heightAnchor.constraint(equalToConstant: 20),
            ])
            vc.view.layoutIfNeeded()
            top.constant = 500
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear) { vc.view.layoutIfNeeded() }
        }
        let run = AnimationRuns.make(vc)
        run.advance(to: 0)
        XCTAssertEqual(bar.frame.minY, 500)
        run.advance(to: 5)
        XCTAssertEqual(try XCTUnwrap(AnimationRuns.layer("bar", in: run)).position.y, 400 + 10, accuracy: 1e-9)
        }
    }

    func testPerformWithoutAnimationAndNestedBlocks() throws {
        try MainActor.assumeIsolated {
        let vc = AnimatedBoxViewController()
        let other = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        vc.onAppear = { vc in
            other.accessibilityIdentifier = "other"
            vc.view.addSubview(other)
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear) {
                vc.box.alpha = 0
                UIView.performWithoutAnimation { other.alpha = 0.5 }
                vc.log.append("inherited \(UIView.inheritedAnimationDuration)")
                // Nested: inherits the outer duration and curve.
                UIView.animate(withDuration: 5) { other.center.x = 105 }
            }
        }
        let run = AnimationRuns.make(vc)
        run.advance(to: 5)
        let o = try XCTUnwrap(AnimationRuns.layer("other", in: run))
        XCTAssertEqual(o.opacity, 0.5, accuracy: 1e-9)
        XCTAssertEqual(o.position.x, 5 + 50, accuracy: 1e-9)
        XCTAssertEqual(vc.log, ["inherited 1.0"])
        }
    }

    func testSpringFormsOvershootAndSettle() throws {
        try MainActor.assumeIsolated {
        for (ratio, overshoots) in [(0.3, true), (1.0, false)] {
            let vc = AnimatedBoxViewController()
            vc.onAppear = { vc in
                UIView.animate(withDuration: 1, delay: 0, usingSpringWithDamping: ratio, initialSpringVelocity: 0, options: []) { vc.box.center.x += 100 }
            }
            let run = AnimationRuns.make(vc)
            var most = -Double.infinity
            for f in 0...12 {
                run.advance(to: f)
                most = max(most, try XCTUnwrap(AnimationRuns.layer("box", in: run)).position.x)
            }
            XCTAssertEqual(most > 170.5, overshoots, "damping \(ratio): furthest \(most)")
            XCTAssertEqual(try XCTUnwrap(AnimationRuns.layer("box", in: run)).position.x, 170, accuracy: 1e-9)
        }
        // iOS 17's form lasts until the spring settles.
        let vc = AnimatedBoxViewController()
        let settle = SpringCurve.perceptual(duration: 0.5, bounce: 0.2).settlingDuration
        vc.onAppear = { vc in
            UIView.animate(springDuration: 0.5, bounce: 0.2, animations: { vc.box.center.x += 100 }, completion: { _ in vc.log.append("at \(CACurrentMediaTime())") })
        }
        let run = AnimationRuns.make(vc)
        run.advance(to: 30)
        XCTAssertEqual(vc.log, ["at \(Double(Int((settle * 10).rounded(.up)))/10)"])
        }
    }

    func testKeyframesGoThroughEachValue() throws {
        try MainActor.assumeIsolated {
        let vc = AnimatedBoxViewController()
        vc.onAppear = { vc in
            let linear = UIView.KeyframeAnimationOptions(rawValue: UIView.AnimationOptions.curveLinear.rawValue)
            UIView.animateKeyframes(withDuration: 1, delay: 0, options: linear, animations: {
                UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { vc.box.center.x = 170 }
                UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { vc.box.center.x = 370 }
            })
        }
        let run = AnimationRuns.make(vc)
        run.advance(to: 2)
        XCTAssertEqual(try XCTUnwrap(AnimationRuns.layer("box", in: run)).position.x, 70 + 40, accuracy: 1e-9)
        run.advance(to: 8)
        XCTAssertEqual(try XCTUnwrap(AnimationRuns.layer("box", in: run)).position.x, 170 + 120, accuracy: 1e-9)
        }
    }

    func testPresentationAnswersTheDrawnValues() throws {
        try MainActor.assumeIsolated {
        let vc = AnimatedBoxViewController()
        vc.onAppear = { vc in UIView.animate(withDuration: 1, delay: 0, options: .curveLinear) { vc.box.frame.origin.y = 300 } }
        let run = AnimationRuns.make(vc)
        run.advance(to: 5)
        let p = try XCTUnwrap(run.within { vc.box.layer.presentation() })
        XCTAssertEqual(p.frame.minY, 200, accuracy: 1e-9)
        XCTAssertEqual(vc.box.layer.frame.minY, 300)
        }
    }

    /// Colors go through premultiplied alpha: a fade from clear keeps the target's hue.
    func testBackgroundColorIsInterpolated() throws {
        try MainActor.assumeIsolated {
        let vc = AnimatedBoxViewController()
        vc.onAppear = { vc in
            vc.box.backgroundColor = .clear
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear) { vc.box.backgroundColor = UIColor(red: 0, green: 0, blue: 1, alpha: 1) }
        }
        let run = AnimationRuns.make(vc)
        run.advance(to: 5)
        XCTAssertEqual(try XCTUnwrap(AnimationRuns.layer("box", in: run)).backgroundColor, Color(0, 0, 255, alpha: 0.5))
        }
    }
}

/// A scroll that starts an animation: once the content has moved 40 pt, a badge (outside the
/// scroll view) slides right and fades over 2 s, linearly.
@MainActor final class ScrollStartsAnimationViewController: UIViewController, UIScrollViewDelegate {
    let scroll = UIScrollView()
    let badge = UIView(frame: CGRect(x: 10, y: 120, width: 60, height: 60))
    private var started = false

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        scroll.frame = view.bounds
        scroll.delegate = self
        scroll.contentSize = CGSize(width: view.bounds.width, height: 3000)
        view.addSubview(scroll)
        for i in 0..<40 {
            let row = UIView(frame: CGRect(x: 0, y: CGFloat(i) * 80, width: view.bounds.width, height: 70))
            row.backgroundColor = i % 2 == 0 ? .systemTeal : .systemOrange
            scroll.addSubview(row)
        }
        badge.backgroundColor = .systemRed
        badge.accessibilityIdentifier = "badge"
        view.addSubview(badge)
    }

    func scrollViewDidScroll(_ scrollView: UIScrollView) {
        guard !started, scrollView.contentOffset.y > 40 else { return }
        started = true
        UIView.animate(withDuration: 2, delay: 0, options: .curveLinear) {
            self.badge.center.x += 200
            self.badge.alpha = 0.2
        }
    }
}

final class AnimationDeterminismTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/uikit").path

    /// `--jobs 1`, `--jobs 2` and `--frames 40-50` give the same bytes, and the badge is drawn mid
    /// animation at the same place in each (the selection replays the frames before it).
    func testAnimatedFramesAreTheSameForAnyWorkersAndSelection() throws {
        let base = NSTemporaryDirectory() + "uikit-animated-same-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: base) }
        let scenario = Self.fixtures + "/drag.yaml"
        let names = try SameBytes.check({ ScrollStartsAnimationViewController() }, scenario: scenario, in: base, selected: 40...50)
        XCTAssertGreaterThan(names.count, 50)
        // The badge moves between frames 40 and 50 (in flight), at the same place in the selection.
        func badge(_ folder: String, _ index: Int) throws -> LayerPlacement {
            let manifest = try XCTUnwrap(Manifest.read(atPath: folder + "/manifest.json"))
            let frame = try XCTUnwrap(manifest.frames.first { $0.index == index })
            return try XCTUnwrap(frame.layers?.first { $0.name == "badge" })
        }
        let whole40 = try badge(base + "/one", 40), whole50 = try badge(base + "/one", 50)
        XCTAssertGreaterThan(whole50.frame[0], whole40.frame[0] + 20)
        XCTAssertLessThan(whole50.opacity, whole40.opacity)
        XCTAssertEqual(try badge(base + "/some", 45), try badge(base + "/one", 45))
    }
}

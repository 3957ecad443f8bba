import Foundation
import Raster
import Scene
@testable import UIKit
import XCTest

/// UIViewPropertyAnimator on the frame clock: scrubbed, started, paused, reversed, stopped.
final class PropertyAnimatorTests: XCTestCase {
    /// Paused scrubbing, as real screens do from scrollViewDidScroll: the model is the end, the
    /// drawing at the fraction (linearly, whatever the curve).
    func testFractionCompleteScrubsAPausedAnimator() throws {
        try MainActor.assumeIsolated {
        let vc = AnimatedBoxViewController()
        var animator: UIViewPropertyAnimator!
        vc.onAppear = { vc in
            animator = UIViewPropertyAnimator(duration: 3, curve: .easeIn) { vc.box.alpha = 0 }
            vc.log.append("\(animator.state) \(animator.isRunning)")
            animator.fractionComplete = 0.25
            vc.log.append("\(animator.state) \(animator.isRunning) model \(vc.box.alpha)")
        }
        let run = AnimationRuns.make(vc)
        run.advance(to: 0)
        XCTAssertEqual(vc.log, ["inactive false", "active false model 0.0"])
        XCTAssertEqual(try XCTUnwrap(AnimationRuns.layer("box", in: run)).opacity, 0.75, accuracy: 1e-9)
        run.advance(to: 20)
        // Paused: time does not move it.
        XCTAssertEqual(try XCTUnwrap(AnimationRuns.layer("box", in: run)).opacity, 0.75, accuracy: 1e-9)
        run.within { animator.fractionComplete = 0.6 }
        XCTAssertEqual(try XCTUnwrap(AnimationRuns.layer("box", in: run)).opacity, 0.4, accuracy: 1e-9)
        // Not linearly when told so: the curve's progress at the fraction.
        run.within { animator.scrubsLinearly = false }
        XCTAssertEqual(try XCTUnwrap(AnimationRuns.layer("box", in: run)).opacity, 1 - CubicCurve.easeIn.value(at: 0.6), accuracy: 1e-9)
        }
    }

    /// A blur made inside the animator's block animates in from no effect: its radius and tint
    /// at the fraction (the corpus's stretchy-header blur).
    func testBlurEffectAnimatesInFromNil() throws {
        try MainActor.assumeIsolated {
        let vc = AnimatedBoxViewController()
        var animator: UIViewPropertyAnimator!
        vc.onAppear = { vc in
            animator = UIViewPropertyAnimator(duration: 3, curve: .linear) {
                let blur = UIVisualEffectView(effect: UIBlurEffect(style: .regular))
                blur.accessibilityIdentifier = "blur"
                blur.frame = vc.box.bounds
                vc.box.addSubview(blur)
            }
            animator.fractionComplete = 0
        }
        let run = AnimationRuns.make(vc)
        run.advance(to: 0)
        let none = try XCTUnwrap(AnimationRuns.layer("blur", in: run))
        XCTAssertEqual(none.backdropBlurRadius, 0)
        XCTAssertEqual(none.backgroundColor?.a ?? 0, 0)
        run.within { animator.fractionComplete = 0.5 }
        let half = try XCTUnwrap(AnimationRuns.layer("blur", in: run))
        XCTAssertEqual(half.backdropBlurRadius, BarMaterial.blurRadius / 2, accuracy: 1e-9)
        let full = UIBlurEffect(style: .regular).tint(run.traits)
        XCTAssertEqual(Double(try XCTUnwrap(half.backgroundColor).a), (Double(full.a) / 2).rounded(), accuracy: 1)
        run.within { animator.fractionComplete = 1 }
        XCTAssertEqual(try XCTUnwrap(AnimationRuns.layer("blur", in: run)).backdropBlurRadius, BarMaterial.blurRadius, accuracy: 1e-9)
        }
    }

    /// Started: runs on the frame clock with its curve; at the end its completions run with
    /// `.end`, in the order added, and it is inactive.
    func testStartedAnimatorRunsAndCompletes() throws {
        try MainActor.assumeIsolated {
        let vc = AnimatedBoxViewController()
        var animator: UIViewPropertyAnimator!
        vc.onAppear = { vc in
            animator = UIViewPropertyAnimator(duration: 1, curve: .easeOut) { vc.box.center.x += 100 }
            animator.addCompletion { p in vc.log.append("first \(p) at \(CACurrentMediaTime()) \(animator.state)") }
            animator.addCompletion { p in vc.log.append("second \(p)") }
            animator.startAnimation()
        }
        let run = AnimationRuns.make(vc)
        run.advance(to: 4)
        XCTAssertTrue(animator.isRunning)
        XCTAssertEqual(animator.fractionComplete, 0.4, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(AnimationRuns.layer("box", in: run)).position.x, 70 + 100 * CubicCurve.easeOut.value(at: 0.4), accuracy: 1e-9)
        run.advance(to: 9)
        XCTAssertEqual(vc.log, [])
        run.advance(to: 10)
        XCTAssertEqual(vc.log, ["first end at 1.0 inactive", "second end"])
        XCTAssertEqual(try XCTUnwrap(AnimationRuns.layer("box", in: run)).position.x, 170)
        }
    }

    /// Reversed while running: goes back and finishes at `.start`, the model back at the start.
    func testReversedAnimatorFinishesAtTheStart() throws {
        try MainActor.assumeIsolated {
        let vc = AnimatedBoxViewController()
        var animator: UIViewPropertyAnimator!
        vc.onAppear = { vc in
            animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { vc.box.alpha = 0 }
            animator.addCompletion { p in vc.log.append("\(p) at \(CACurrentMediaTime())") }
            animator.startAnimation()
        }
        let run = AnimationRuns.make(vc)
        run.advance(to: 4)
        run.within { animator.isReversed = true }
        run.advance(to: 6)
        XCTAssertEqual(try XCTUnwrap(AnimationRuns.layer("box", in: run)).opacity, 0.8, accuracy: 1e-9)
        run.advance(to: 9)
        XCTAssertEqual(vc.log, ["start at 0.8"])
        XCTAssertEqual(vc.box.alpha, 1)
        }
    }

    func testPausesOnCompletionStaysActiveAtTheEnd() throws {
        try MainActor.assumeIsolated {
        let vc = AnimatedBoxViewController()
        var animator: UIViewPropertyAnimator!
        vc.onAppear = { vc in
            animator = UIViewPropertyAnimator(duration: 0.5, curve: .linear) { vc.box.alpha = 0 }
            animator.pausesOnCompletion = true
            animator.addCompletion { _ in vc.log.append("done") }
            animator.startAnimation()
        }
        let run = AnimationRuns.make(vc)
        run.advance(to: 10)
        XCTAssertEqual(animator.state, .active)
        XCTAssertFalse(animator.isRunning)
        XCTAssertEqual(animator.fractionComplete, 1)
        XCTAssertEqual(vc.log, [])
        // Scrubbed back from the end.
        run.within { animator.fractionComplete = 0.3 }
        XCTAssertEqual(try XCTUnwrap(AnimationRuns.layer("box", in: run)).opacity, 0.7, accuracy: 1e-9)
        }
    }

    /// Stopped: the properties keep what was drawn; finished at `.current` the completions run
    /// with that position; stopped without finishing, none run.
    func testStopAndFinish() throws {
        try MainActor.assumeIsolated {
        for withoutFinishing in [false, true] {
            let vc = AnimatedBoxViewController()
            var animator: UIViewPropertyAnimator!
            vc.onAppear = { vc in
                animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { vc.box.alpha = 0 }
                animator.addCompletion { p in vc.log.append("\(p)") }
                animator.startAnimation()
            }
            let run = AnimationRuns.make(vc)
            run.advance(to: 3)
            run.within { animator.stopAnimation(withoutFinishing) }
            XCTAssertEqual(vc.box.alpha, 0.7, accuracy: 1e-6)
            XCTAssertEqual(animator.state, withoutFinishing ? .inactive : .stopped)
            if !withoutFinishing { run.within { animator.finishAnimation(at: .current) } }
            run.advance(to: 20)
            XCTAssertEqual(vc.log, withoutFinishing ? [] : ["current"])
            XCTAssertEqual(try XCTUnwrap(AnimationRuns.layer("box", in: run)).opacity, 0.7, accuracy: 1e-6)
        }
        }
    }

    /// Added while running: from where the animator is, after `delayFactor` of the time left.
    func testAddAnimationsWhileRunningWithDelayFactor() throws {
        try MainActor.assumeIsolated {
        let vc = AnimatedBoxViewController()
        var animator: UIViewPropertyAnimator!
        vc.onAppear = { vc in
            animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { vc.box.alpha = 0 }
            animator.startAnimation()
        }
        let run = AnimationRuns.make(vc)
        run.advance(to: 2)
        run.within { animator.addAnimations({ vc.box.center.x += 100 }, delayFactor: 0.5) }
        run.advance(to: 5)
        // Begins at fraction 0.2 + 0.5 * 0.8 = 0.6.
        XCTAssertEqual(try XCTUnwrap(AnimationRuns.layer("box", in: run)).position.x, 70, accuracy: 1e-9)
        run.advance(to: 8)
        XCTAssertEqual(try XCTUnwrap(AnimationRuns.layer("box", in: run)).position.x, 70 + 50, accuracy: 1e-9)
        }
    }

    /// Continued with a duration factor: the rest of the run takes the factor times the duration.
    func testContinueAnimationWithDurationFactor() throws {
        try MainActor.assumeIsolated {
        let vc = AnimatedBoxViewController()
        var animator: UIViewPropertyAnimator!
        vc.onAppear = { vc in
            animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { vc.box.alpha = 0 }
            animator.addCompletion { p in vc.log.append("\(p) at \(CACurrentMediaTime())") }
            animator.fractionComplete = 0.5
            animator.continueAnimation(withTimingParameters: nil, durationFactor: 2)
        }
        let run = AnimationRuns.make(vc)
        run.advance(to: 5)
        // Half left over 2 s: a quarter of it a second.
        XCTAssertEqual(try XCTUnwrap(AnimationRuns.layer("box", in: run)).opacity, 0.375, accuracy: 1e-9)
        run.advance(to: 19)
        XCTAssertEqual(vc.log, [])
        run.advance(to: 20)
        XCTAssertEqual(vc.log, ["end at 2.0"])
        }
    }

    func testRunningPropertyAnimatorAndDelayedStart() throws {
        try MainActor.assumeIsolated {
        let vc = AnimatedBoxViewController()
        vc.onAppear = { vc in
            _ = UIViewPropertyAnimator.runningPropertyAnimator(withDuration: 0.5, delay: 0.3, options: .curveLinear, animations: { vc.box.alpha = 0 }) { p in
                vc.log.append("\(p) at \(CACurrentMediaTime())")
            }
        }
        let run = AnimationRuns.make(vc)
        run.advance(to: 3)
        XCTAssertEqual(try XCTUnwrap(AnimationRuns.layer("box", in: run)).opacity, 1, accuracy: 1e-9)
        run.advance(to: 5)
        XCTAssertEqual(try XCTUnwrap(AnimationRuns.layer("box", in: run)).opacity, 0.6, accuracy: 1e-9)
        run.advance(to: 10)
        XCTAssertEqual(vc.log, ["end at 0.8"])
        }
    }

    /// The timing parameters' forms: a spring by damping ratio overshoots within the duration; a
    /// physical spring lasts its settling time.
    func testSpringTimingParameters() throws {
        try MainActor.assumeIsolated {
        let vc = AnimatedBoxViewController()
        let spring = UISpringTimingParameters(mass: 1, stiffness: 100, damping: 10, initialVelocity: CGVector(dx: 0, dy: 0))
        vc.onAppear = { vc in
            let a = UIViewPropertyAnimator(duration: 99, timingParameters: spring)
            a.addAnimations { vc.box.center.x += 100 }
            a.addCompletion { _ in vc.log.append("at \(CACurrentMediaTime())") }
            a.startAnimation()
        }
        let run = AnimationRuns.make(vc)
        run.advance(to: 2)
        let s = SpringCurve(mass: 1, stiffness: 100, damping: 10)
        XCTAssertEqual(try XCTUnwrap(AnimationRuns.layer("box", in: run)).position.x, 70 + 100 * s.value(at: 0.2), accuracy: 1e-6)
        run.advance(to: 39)
        XCTAssertEqual(vc.log, ["at \(Double(Int((s.settlingDuration * 10).rounded(.up))) / 10)"])
        }
    }
}

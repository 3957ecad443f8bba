import Foundation
import Raster
import Scene
import RenderFramesKit
@testable import UIKit
import XCTest

/// Core Animation on the frame clock: a box screen run at 10 frames a second; animations added in
/// viewDidAppear (frame 0, time 0) or by code run inside a frame (`run.within` after
/// `advance(to:)`, as a frame's code would).
final class CoreAnimationTests: XCTestCase {
    // MARK: Timing functions

    func testNamedTimingFunctionsHaveApplesControlPoints() {
        MainActor.assumeIsolated {
            func points(_ f: CAMediaTimingFunction) -> [Float] {
                var out: [Float] = []
                for i in 0..<4 {
                    var v: [Float] = [0, 0]
                    f.getControlPoint(at: i, values: &v)
                    out += v
                }
                return out
            }
            XCTAssertEqual(points(CAMediaTimingFunction(name: .linear)), [0, 0, 0, 0, 1, 1, 1, 1])
            XCTAssertEqual(points(CAMediaTimingFunction(name: .easeIn)), [0, 0, 0.42, 0, 1, 1, 1, 1])
            XCTAssertEqual(points(CAMediaTimingFunction(name: .easeOut)), [0, 0, 0, 0, 0.58, 1, 1, 1])
            XCTAssertEqual(points(CAMediaTimingFunction(name: .easeInEaseOut)), [0, 0, 0.42, 0, 0.58, 1, 1, 1])
            XCTAssertEqual(points(CAMediaTimingFunction(name: .default)), [0, 0, 0.25, 0.1, 0.25, 1, 1, 1])
            XCTAssertEqual(points(CAMediaTimingFunction(controlPoints: 0.1, 0.7, 0.3, 1)), [0, 0, 0.1, 0.7, 0.3, 1, 1, 1])
        }
    }

    /// Each function's value at sample times is its cubic Bézier's y where its x is the time.
    func testTimingFunctionsFollowTheirBezierAtSampleTimes() {
        MainActor.assumeIsolated {
            for f in [CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(name: .easeOut), CAMediaTimingFunction(name: .easeInEaseOut),
                CAMediaTimingFunction(name: .default), CAMediaTimingFunction(controlPoints: 0.1, 0.7, 0.3, 1)]
            {
                var c1: [Float] = [0, 0], c2: [Float] = [0, 0]
                f.getControlPoint(at: 1, values: &c1)
                f.getControlPoint(at: 2, values: &c2)
                for s in [0.1, 0.3, 0.5, 0.7, 0.9] {
                    let u = 1 - s
                    let x = 3 * u * u * s * Double(c1[0]) + 3 * u * s * s * Double(c2[0]) + s * s * s
                    let y = 3 * u * u * s * Double(c1[1]) + 3 * u * s * s * Double(c2[1]) + s * s * s
                    let anim = CABasicAnimation()
                    anim.duration = 1
                    anim.timingFunction = f
                    XCTAssertEqual(anim.paced(x), y, accuracy: 1e-6)
                }
            }
            // Linear (nil) is the time itself.
            let plain = CABasicAnimation()
            plain.duration = 2
            XCTAssertEqual(plain.paced(0.5), 0.25, accuracy: 1e-12)
        }
    }

    // MARK: CABasicAnimation

    func testBasicAnimationIsDrawnAtTheFramesTimeAndTheModelKeepsItsValue() throws {
        try MainActor.assumeIsolated {
            let (run, vc) = CARuns.start { vc in
                let a = CABasicAnimation(keyPath: "opacity")
                a.fromValue = 1
                a.toValue = 0
                a.duration = 1
                vc.box.layer.add(a, forKey: "fade")
            }
            run.advance(to: 3)
            XCTAssertEqual(try CARuns.box(run).opacity, 0.7, accuracy: 1e-6)
            XCTAssertEqual(vc.box.layer.opacity, 1)
            run.within { XCTAssertEqual(Double(vc.box.layer.presentation()!.opacity), 0.7, accuracy: 1e-6) }
            XCTAssertEqual(vc.box.layer.animationKeys(), ["fade"])
            XCTAssertEqual(vc.box.layer.animation(forKey: "fade")?.beginTime, 0)
            run.advance(to: 10)
            // Removed at the first frame whose time passes the end: the model is drawn.
            XCTAssertNil(vc.box.layer.animationKeys())
            XCTAssertEqual(try CARuns.box(run).opacity, 1, accuracy: 1e-6)
        }
    }

    func testFromToByCombineAsAppleDocuments() throws {
        try MainActor.assumeIsolated {
            @MainActor func value(_ set: @escaping (CABasicAnimation) -> Void) throws -> Double {
                let (run, _) = CARuns.start { vc in
                    vc.box.layer.position.x = 100
                    let a = CABasicAnimation(keyPath: "position.x")
                    a.duration = 1
                    set(a)
                    vc.box.layer.add(a, forKey: nil)
                }
                run.advance(to: 5)
                return try CARuns.box(run).position.x
            }
            // Halfway between the two ends each time.
            XCTAssertEqual(try value { $0.fromValue = 0; $0.toValue = 40 }, 20, accuracy: 1e-9)
            XCTAssertEqual(try value { $0.fromValue = 0; $0.byValue = 40 }, 20, accuracy: 1e-9)
            XCTAssertEqual(try value { $0.toValue = 40; $0.byValue = 40 }, 20, accuracy: 1e-9)
            XCTAssertEqual(try value { $0.fromValue = 0 }, 50, accuracy: 1e-9)  // to the model's 100
            XCTAssertEqual(try value { $0.toValue = 0 }, 50, accuracy: 1e-9)  // from the model's 100
            XCTAssertEqual(try value { $0.byValue = 40 }, 120, accuracy: 1e-9)  // 100 to 140
        }
    }

    func testDurationZeroTakesTheTransactionsQuarterSecond() {
        MainActor.assumeIsolated {
            let (run, vc) = CARuns.start { vc in
                let a = CABasicAnimation(keyPath: "opacity")
                a.toValue = 0
                vc.box.layer.add(a, forKey: "a")
            }
            run.advance(to: 1)
            XCTAssertEqual(vc.box.layer.animation(forKey: "a")?.duration, 0.25)
        }
    }

    // MARK: Timing: fill, removal, repeat, speed

    func testFillModeAndRemovalDecideWhatIsDrawnAfterTheEnd() throws {
        try MainActor.assumeIsolated {
            @MainActor func opacity(fill: CAMediaTimingFillMode, removed: Bool, at frame: Int) throws -> Double {
                let (run, _) = CARuns.start { vc in
                    let a = CABasicAnimation(keyPath: "opacity")
                    a.fromValue = 0.5
                    a.toValue = 0.2
                    a.duration = 0.5
                    a.beginTime = CACurrentMediaTime() + 0.5
                    a.fillMode = fill
                    a.isRemovedOnCompletion = removed
                    vc.box.layer.add(a, forKey: "a")
                }
                run.advance(to: frame)
                return try CARuns.box(run).opacity
            }
            // Before the begin time: the from value only when filling backwards.
            XCTAssertEqual(try opacity(fill: .removed, removed: true, at: 2), 1, accuracy: 1e-6)
            XCTAssertEqual(try opacity(fill: .backwards, removed: true, at: 2), 0.5, accuracy: 1e-6)
            XCTAssertEqual(try opacity(fill: .both, removed: false, at: 2), 0.5, accuracy: 1e-6)
            XCTAssertEqual(try opacity(fill: .forwards, removed: true, at: 2), 1, accuracy: 1e-6)
            // After the end: the end value only when kept and filling forwards.
            XCTAssertEqual(try opacity(fill: .forwards, removed: false, at: 15), 0.2, accuracy: 1e-6)
            XCTAssertEqual(try opacity(fill: .both, removed: false, at: 15), 0.2, accuracy: 1e-6)
            XCTAssertEqual(try opacity(fill: .removed, removed: false, at: 15), 1, accuracy: 1e-6)
            XCTAssertEqual(try opacity(fill: .forwards, removed: true, at: 15), 1, accuracy: 1e-6)
        }
    }

    func testRepeatCountAutoreversesAndSpeed() throws {
        try MainActor.assumeIsolated {
            // 1 s plays, back and forth, twice: 4 s in all. At 1.5 s it is halfway back.
            let (run, vc) = CARuns.start { vc in
                let a = CABasicAnimation(keyPath: "position.x")
                a.fromValue = 0
                a.toValue = 100
                a.duration = 1
                a.autoreverses = true
                a.repeatCount = 2
                vc.box.layer.add(a, forKey: "a")
            }
            run.advance(to: 15)
            XCTAssertEqual(try CARuns.box(run).position.x, 50, accuracy: 1e-9)
            run.advance(to: 24)
            XCTAssertEqual(try CARuns.box(run).position.x, 40, accuracy: 1e-9)  // second play, 2.4 s: 0.4 forward
            run.advance(to: 39)
            XCTAssertNotNil(vc.box.layer.animation(forKey: "a"))
            run.advance(to: 40)
            XCTAssertNil(vc.box.layer.animation(forKey: "a"))

            // Speed 2 and a time offset of 0.1 s: at 0.3 s the animation is at 0.7 s of its 1 s.
            let (fast, _) = CARuns.start { vc in
                let a = CABasicAnimation(keyPath: "position.x")
                a.fromValue = 0
                a.toValue = 100
                a.duration = 1
                a.speed = 2
                a.timeOffset = 0.1
                vc.box.layer.add(a, forKey: "a")
            }
            fast.advance(to: 3)
            XCTAssertEqual(try CARuns.box(fast).position.x, 70, accuracy: 1e-9)
        }
    }

    /// The scrubbing idiom: a layer with speed 0 holds its animations at its timeOffset.
    func testLayerSpeedZeroHoldsAtItsTimeOffset() throws {
        try MainActor.assumeIsolated {
            let (run, vc) = CARuns.start { vc in
                vc.box.layer.speed = 0
                let a = CABasicAnimation(keyPath: "opacity")
                a.fromValue = 1
                a.toValue = 0
                a.duration = 1
                vc.box.layer.add(a, forKey: "a")
                vc.box.layer.timeOffset = 0.25
            }
            run.advance(to: 8)
            XCTAssertEqual(try CARuns.box(run).opacity, 0.75, accuracy: 1e-6)
            run.within { vc.box.layer.timeOffset = 0.5 }
            run.advance(to: 9)
            XCTAssertEqual(try CARuns.box(run).opacity, 0.5, accuracy: 1e-6)
        }
    }

    // MARK: Delegate

    @MainActor final class Recorder: CAAnimationDelegate {
        var log: [String] = []
        func animationDidStart(_ anim: CAAnimation) { log.append("start \(CACurrentMediaTime())") }
        func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { log.append("stop \(flag) \(CACurrentMediaTime())") }
    }

    func testDelegateIsToldAtTheFramesThatPassTheStartAndEnd() {
        MainActor.assumeIsolated {
            let recorder = Recorder(), other = Recorder()
            let (run, vc) = CARuns.start { vc in
                let a = CABasicAnimation(keyPath: "opacity")
                a.toValue = 0
                a.duration = 0.35
                a.delegate = recorder
                vc.box.layer.add(a, forKey: "a")
                let b = CABasicAnimation(keyPath: "cornerRadius")
                b.toValue = 10
                b.duration = 2
                b.delegate = other
                vc.box.layer.add(b, forKey: "b")
            }
            run.advance(to: 3)
            XCTAssertEqual(recorder.log, ["start 0.1"])
            run.advance(to: 4)
            XCTAssertEqual(recorder.log, ["start 0.1", "stop true 0.4"])
            // Removed before its end: told it did not finish, at the next frame.
            run.within { vc.box.layer.removeAnimation(forKey: "b") }
            XCTAssertEqual(other.log, ["start 0.1"])
            run.advance(to: 5)
            XCTAssertEqual(other.log, ["start 0.1", "stop false 0.5"])
        }
    }

    // MARK: Keyframes

    func testKeyframeCalculationModes() throws {
        try MainActor.assumeIsolated {
            @MainActor func x(_ set: @escaping (CAKeyframeAnimation) -> Void, at frame: Int) throws -> Double {
                let (run, _) = CARuns.start { vc in
                    let a = CAKeyframeAnimation(keyPath: "position.x")
                    a.duration = 1
                    set(a)
                    vc.box.layer.add(a, forKey: nil)
                }
                run.advance(to: frame)
                return try CARuns.box(run).position.x
            }
            // Linear, evenly spaced: 0 → 100 in the first half, 100 → 40 in the second.
            XCTAssertEqual(try x({ $0.values = [0, 100, 40] }, at: 3), 60, accuracy: 1e-9)
            XCTAssertEqual(try x({ $0.values = [0, 100, 40] }, at: 7), 76, accuracy: 1e-9)
            // Linear at key times 0, 0.8, 1: at 0.4 halfway to 100.
            XCTAssertEqual(try x({ $0.values = [0, 100, 40]; $0.keyTimes = [0, 0.8, 1] }, at: 4), 50, accuracy: 1e-9)
            // A step's timing function: ease in over the first step.
            XCTAssertEqual(
                try x({ $0.values = [0, 100, 40]; $0.timingFunctions = [CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(name: .linear)] }, at: 3),
                100 * CubicCurve.easeIn.value(at: 0.6), accuracy: 1e-9)
            // Discrete: each of three values held a third of the time.
            XCTAssertEqual(try x({ $0.values = [0, 100, 40]; $0.calculationMode = .discrete }, at: 3), 0, accuracy: 1e-9)
            XCTAssertEqual(try x({ $0.values = [0, 100, 40]; $0.calculationMode = .discrete }, at: 4), 100, accuracy: 1e-9)
            XCTAssertEqual(try x({ $0.values = [0, 100, 40]; $0.calculationMode = .discrete }, at: 7), 40, accuracy: 1e-9)
            // Paced: 0 → 100 → 40 covers 160; at 0.8 of the time 128 covered: 100, then 28 back.
            XCTAssertEqual(try x({ $0.values = [0, 100, 40]; $0.calculationMode = .paced; $0.keyTimes = [0, 0.1, 1] }, at: 8), 72, accuracy: 1e-9)
            // Cubic: Catmull-Rom through 0, 100, 40 (the ends repeated), key times 0, 0.5, 1: at 0.2 s
            // the first step's Hermite curve at 0.4 with tangents 50 (at 0) and 20 (at 100).
            let s = 0.4, h10 = s * s * s - 2 * s * s + s, h01 = -2 * s * s * s + 3 * s * s, h11 = s * s * s - s * s
            XCTAssertEqual(
                try x({ $0.values = [0, 100, 40]; $0.calculationMode = .cubic; $0.keyTimes = [0, 0.5, 1] }, at: 2), h10 * 50 + h01 * 100 + h11 * 20,
                accuracy: 1e-9)
        }
    }

    func testKeyframePathMovesThePositionAlongIt() throws {
        try MainActor.assumeIsolated {
            let path = CGMutablePath()
            path.move(to: CGPoint(x: 0, y: 0))
            path.addLine(to: CGPoint(x: 100, y: 0))
            path.addLine(to: CGPoint(x: 100, y: 300))
            @MainActor func at(_ mode: CAAnimationCalculationMode, _ frame: Int) throws -> Point {
                let (run, _) = CARuns.start { vc in
                    let a = CAKeyframeAnimation(keyPath: "position")
                    a.path = path
                    a.duration = 1
                    a.calculationMode = mode
                    vc.box.layer.add(a, forKey: nil)
                }
                run.advance(to: frame)
                return try CARuns.box(run).position
            }
            // Linear: each line half the time.
            XCTAssertEqual(try at(.linear, 3).x, 60, accuracy: 1e-9)
            XCTAssertEqual(try at(.linear, 3).y, 0, accuracy: 1e-9)
            XCTAssertEqual(try at(.linear, 7).x, 100, accuracy: 1e-9)
            XCTAssertEqual(try at(.linear, 7).y, 120, accuracy: 1e-9)
            // Paced: 400 pt at an even speed; at 0.2 s 80 pt along, at 0.5 s 200 pt (100 down).
            XCTAssertEqual(try at(.paced, 2).x, 80, accuracy: 1e-6)
            XCTAssertEqual(try at(.paced, 5).y, 100, accuracy: 1e-6)
        }
    }

    // MARK: Spring

    /// The drawn value follows x(t) = 1 − e^(−ζω t)(cos ω_d t + (ζω − v0)/ω_d sin ω_d t), the
    /// underdamped oscillator's solution, ω = √(k/m), ζ = c / (2√(km)).
    func testSpringFollowsTheDampedOscillator() throws {
        try MainActor.assumeIsolated {
            let (m, k, c, v0) = (1.0, 100.0, 5.0, 2.0)
            let (run, _) = CARuns.start { vc in
                let s = CASpringAnimation(keyPath: "position.x")
                s.fromValue = 0
                s.toValue = 100
                (s.mass, s.stiffness, s.damping, s.initialVelocity) = (CGFloat(m), CGFloat(k), CGFloat(c), CGFloat(v0))
                s.duration = s.settlingDuration
                vc.box.layer.add(s, forKey: nil)
            }
            let w = (k / m).squareRoot(), z = c / (2 * (k * m).squareRoot()), wd = w * (1 - z * z).squareRoot()
            for frame in [1, 2, 3, 5, 8, 13] {
                run.advance(to: frame)
                let t = Double(frame) / 10
                let x = 1 - exp(-z * w * t) * (cos(wd * t) + (z * w - v0) / wd * sin(wd * t))
                XCTAssertEqual(try CARuns.box(run).position.x, 100 * x, accuracy: 1e-6, "t \(t)")
            }
        }
    }

    func testSettlingDurationGivesApplesDocumentedExamples() {
        MainActor.assumeIsolated {
            let s = CASpringAnimation(keyPath: "position.x")
            s.damping = 5
            XCTAssertEqual(s.settlingDuration, 2.85, accuracy: 0.03)
            s.damping = 15
            XCTAssertGreaterThan(s.settlingDuration, 1)
            XCTAssertLessThan(s.settlingDuration, 1.1)
        }
    }

    // MARK: Groups

    func testGroupRunsItsChildrenOnItsTimeAndCutsThemOff() throws {
        try MainActor.assumeIsolated {
            let (run, vc) = CARuns.start { vc in
                let fade = CABasicAnimation(keyPath: "opacity")
                fade.fromValue = 1
                fade.toValue = 0
                fade.duration = 1
                let move = CABasicAnimation(keyPath: "position.x")
                move.fromValue = 0
                move.toValue = 100
                move.duration = 1
                move.beginTime = 0.5
                let group = CAAnimationGroup()
                group.animations = [fade, move]
                group.duration = 1
                vc.box.layer.add(group, forKey: "g")
            }
            run.advance(to: 2)
            XCTAssertEqual(try CARuns.box(run).opacity, 0.8, accuracy: 1e-6)
            XCTAssertEqual(try CARuns.box(run).position.x, 70, accuracy: 1e-9)  // the model's: the move has not begun
            run.advance(to: 8)
            XCTAssertEqual(try CARuns.box(run).position.x, 30, accuracy: 1e-9)
            run.advance(to: 10)
            XCTAssertNil(vc.box.layer.animation(forKey: "g"))
        }
    }

    // MARK: Key paths drawn

    func testTransformKeyPathsSetTheirPart() throws {
        try MainActor.assumeIsolated {
            let (run, vc) = CARuns.start { vc in
                let r = CABasicAnimation(keyPath: "transform.rotation.z")
                r.fromValue = 0
                r.toValue = Double.pi * 2
                r.duration = 1
                vc.box.layer.add(r, forKey: "spin")
                let s = CABasicAnimation(keyPath: "transform.scale")
                s.fromValue = 1
                s.toValue = 2
                s.duration = 1
                vc.box.layer.add(s, forKey: "grow")
            }
            // At 0.75 s: three quarters of a full turn (not the short way), scale 1.75.
            run.advance(to: 7)
            let t = run.within { CATransform3DGetAffineTransform(vc.box.layer.presentation()!.transform) }
            let angle = Double(atan2(t.b, t.a)), scale = Double((t.a * t.a + t.b * t.b).squareRoot())
            XCTAssertEqual(angle, 2 * Double.pi * 0.7 - 2 * Double.pi, accuracy: 1e-6)
            XCTAssertEqual(scale, 1.7, accuracy: 1e-6)
            // Drawn: the turn with the scale (the layer value carries the whole affine transform).
            let drawn = try CARuns.box(run).transform
            XCTAssertEqual(drawn.a, Double(t.a), accuracy: 1e-9)
            XCTAssertEqual(drawn.b, Double(t.b), accuracy: 1e-9)
            XCTAssertEqual(drawn.b, 1.7 * sin(2 * Double.pi * 0.7), accuracy: 1e-6)
            XCTAssertFalse(ScreenRun.takeDiagnostics().contains { $0.contains("is not drawn") })
        }
    }

    func testStrokeEndAndGradientColorsAreDrawn() throws {
        try MainActor.assumeIsolated {
            let (run, _) = CARuns.start { vc in
                let shape = CAShapeLayer(), gradient = CAGradientLayer()
                shape.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 40, height: 40), transform: nil)
                shape.strokeColor = CGColor.black
                shape.name = "ring"
                vc.box.layer.addSublayer(shape)
                gradient.frame = CGRect(x: 0, y: 0, width: 50, height: 50)
                gradient.colors = [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1)]
                gradient.name = "wash"
                vc.box.layer.addSublayer(gradient)
                let e = CABasicAnimation(keyPath: "strokeEnd")
                e.fromValue = 0
                e.toValue = 1
                e.duration = 1
                shape.add(e, forKey: nil)
                let g = CABasicAnimation(keyPath: "colors")
                g.toValue = [CGColor(red: 0, green: 1, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1)]
                g.duration = 1
                gradient.add(g, forKey: nil)
            }
            run.advance(to: 4)
            guard case .shape(let s)? = try XCTUnwrap(AnimationRuns.layer("ring", in: run)).contents else { return XCTFail("no shape") }
            XCTAssertEqual(s.strokeEnd, 0.4, accuracy: 1e-9)
            XCTAssertEqual(run.within { (AnimatedShapes.find("ring", in: run) as? CAShapeLayer)?.strokeEnd }, 1)
            guard case .gradient(let lg)? = try XCTUnwrap(AnimationRuns.layer("wash", in: run)).contents else { return XCTFail("no gradient") }
            XCTAssertEqual(lg.colors.first, Color(153, 102, 0))
        }
    }

    // MARK: Transactions and implicit actions

    func testStandaloneLayerAnimatesAChangeAndAViewsLayerDoesNot() throws {
        try MainActor.assumeIsolated {
            var standalone = CALayer()
            let (run, vc) = CARuns.start { vc in
                standalone = CALayer()
                standalone.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
                standalone.name = "dot"
                vc.box.layer.addSublayer(standalone)
            }
            run.advance(to: 2)
            run.within {
                standalone.opacity = 0
                vc.box.layer.opacity = 0.5
            }
            XCTAssertEqual(standalone.animationKeys(), ["opacity"])
            XCTAssertNil(vc.box.layer.animationKeys())
            run.advance(to: 3)
            // 0.1 s of the default 0.25 s, linearly: 1 → 0 is at 0.6.
            XCTAssertEqual(try XCTUnwrap(AnimationRuns.layer("dot", in: run)).opacity, 0.6, accuracy: 1e-6)
            XCTAssertEqual(try CARuns.box(run).opacity, 0.5, accuracy: 1e-6)
        }
    }

    func testNewLayerAndDisabledActionsChangeAtOnce() {
        MainActor.assumeIsolated {
            let (run, vc) = CARuns.start { _ in }
            run.advance(to: 2)
            var made = CALayer(), kept = CALayer()
            run.within {
                (made, kept) = (CALayer(), CALayer())
                vc.box.layer.addSublayer(made)
                made.opacity = 0  // made this frame: no action
            }
            XCTAssertNil(made.animationKeys())
            run.within { vc.box.layer.addSublayer(kept) }
            run.advance(to: 3)
            run.within {
                CATransaction.begin()
                CATransaction.setDisableActions(true)
                kept.opacity = 0
                CATransaction.commit()
                UIView.performWithoutAnimation { kept.position = CGPoint(x: 5, y: 5) }
            }
            XCTAssertNil(kept.animationKeys())
        }
    }

    func testTransactionSetsDurationTimingAndCallsItsCompletionAfterItsAnimations() throws {
        try MainActor.assumeIsolated {
            var dot = CALayer()
            var log: [String] = []
            let (run, _) = CARuns.start { vc in
                dot = CALayer()
                dot.name = "dot"
                dot.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
                vc.box.layer.addSublayer(dot)
            }
            run.advance(to: 1)
            run.within {
                CATransaction.begin()
                CATransaction.setAnimationDuration(1)
                CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .easeIn))
                CATransaction.setCompletionBlock { log.append("done \(CACurrentMediaTime())") }
                dot.position = CGPoint(x: 105, y: 5)
                let fade = CABasicAnimation(keyPath: "opacity")
                fade.fromValue = 1
                fade.toValue = 0
                fade.duration = 0.5
                dot.add(fade, forKey: "fade")
                CATransaction.commit()
                XCTAssertEqual(CATransaction.animationDuration(), 0.25)
            }
            XCTAssertEqual(dot.animation(forKey: "position")?.duration, 1)
            run.advance(to: 4)
            XCTAssertEqual(try XCTUnwrap(AnimationRuns.layer("dot", in: run)).position.x, 5 + 100 * CubicCurve.easeIn.value(at: 0.3), accuracy: 1e-9)
            run.advance(to: 10)
            XCTAssertEqual(log, [])
            run.advance(to: 11)
            XCTAssertEqual(log, ["done 1.1"])
            // A transaction that adds nothing completes at the next frame.
            run.within {
                CATransaction.begin()
                CATransaction.setCompletionBlock { log.append("empty \(CACurrentMediaTime())") }
                CATransaction.commit()
            }
            run.advance(to: 12)
            XCTAssertEqual(log, ["done 1.1", "empty 1.2"])
        }
    }

    /// A frame with no animation does no Core Animation work: the clock stays idle.
    func testNoAnimationLeavesTheClockIdle() {
        MainActor.assumeIsolated {
            let (run, _) = CARuns.start { _ in }
            run.advance(to: 3)
            XCTAssertTrue(run.clock.isIdle)
        }
    }
}

@MainActor enum AnimatedShapes {
    /// The model layer named `name` under the run's window.
    static func find(_ name: String, in run: ScreenRun) -> CALayer? {
        func search(_ l: CALayer) -> CALayer? {
            if l.name == name { return l }
            for c in l.sublayers ?? [] { if let f = search(c) { return f } }
            return nil
        }
        return search(run.window.layer)
    }
}

@MainActor enum CARuns {
    static func start(_ appear: @escaping (AnimatedBoxViewController) -> Void) -> (ScreenRun, AnimatedBoxViewController) {
        let vc = AnimatedBoxViewController()
        vc.onAppear = appear
        return (AnimationRuns.make(vc), vc)
    }

    static func box(_ run: ScreenRun) throws -> Layer { try XCTUnwrap(AnimationRuns.layer("box", in: run)) }
}

/// A scroll that starts Core Animation: once the content has moved 40 pt, a badge (outside the
/// scroll view) gets a 2 s group moving it right and fading it, and a standalone dot layer on it
/// is moved (an implicit action).
@MainActor final class ScrollStartsCoreAnimationViewController: UIViewController, UIScrollViewDelegate {
    let scroll = UIScrollView()
    let badge = UIView(frame: CGRect(x: 10, y: 120, width: 60, height: 60))
    let dot = CALayer()
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
        dot.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        dot.backgroundColor = CGColor.black
        badge.layer.addSublayer(dot)
    }

    func scrollViewDidScroll(_ scrollView: UIScrollView) {
        guard !started, scrollView.contentOffset.y > 40 else { return }
        started = true
        let move = CABasicAnimation(keyPath: "position.x")
        move.byValue = 200
        move.duration = 2
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.toValue = 0.2
        fade.duration = 2
        let group = CAAnimationGroup()
        group.animations = [move, fade]
        group.duration = 2
        group.fillMode = .forwards
        group.isRemovedOnCompletion = false
        badge.layer.add(group, forKey: "slide")
        dot.position = CGPoint(x: 45, y: 45)
    }
}

final class CoreAnimationDeterminismTests: XCTestCase {
    /// `--jobs 1`, `--jobs 2` and `--frames 40-50` give the same bytes while the badge's group is
    /// in flight.
    func testCoreAnimationFramesAreTheSameForAnyWorkersAndSelection() throws {
        let base = NSTemporaryDirectory() + "uikit-ca-same-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: base) }
        let scenario = AnimationDeterminismTests.fixtures + "/drag.yaml"
        try renderFrames(of: { ScrollStartsCoreAnimationViewController() }, scenario: scenario, out: base + "/one", layout: true, scale: 1, jobs: 1)
        try renderFrames(of: { ScrollStartsCoreAnimationViewController() }, scenario: scenario, out: base + "/two", scale: 1, jobs: 2)
        try renderFrames(of: { ScrollStartsCoreAnimationViewController() }, scenario: scenario, out: base + "/some", layout: true, frames: "40-50", scale: 1)
        let names = try FileManager.default.contentsOfDirectory(atPath: base + "/one").filter { $0.hasSuffix(".png") }.sorted()
        XCTAssertGreaterThan(names.count, 50)
        for name in names {
            XCTAssertEqual(FileManager.default.contents(atPath: base + "/one/" + name), FileManager.default.contents(atPath: base + "/two/" + name), name)
        }
        for i in 40...50 {
            let name = String(format: "%04d.png", i)
            XCTAssertEqual(FileManager.default.contents(atPath: base + "/one/" + name), FileManager.default.contents(atPath: base + "/some/" + name), name)
        }
        // The badge slides while the frames 40 to 50 are drawn: they differ from one another.
        let one = (40...50).map { FileManager.default.contents(atPath: base + "/one/" + String(format: "%04d.png", $0)) }
        XCTAssertEqual(Set(one).count, 11)
    }
}

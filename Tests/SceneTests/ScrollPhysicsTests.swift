import Raster
import XCTest
@testable import ScenarioFormat
@testable import Scene

/// Behaviour spec section 2, with its numbers.
final class ScrollPhysicsTests: XCTestCase {
    let physics = ScrollPhysics()

    func testRubberBand() {
        XCTAssertEqual(physics.rubberBand(100, dimension: 667), 50.81, accuracy: 0.005)
        XCTAssertEqual(physics.rubberBand(0, dimension: 667), 0)
        let raw = physics.rawOverscroll(displayed: 50.81, dimension: 667)
        XCTAssertEqual(raw, 100, accuracy: 0.02, "the inverse picks an overscrolled view back up")
        XCTAssertLessThan(physics.rubberBand(100_000, dimension: 667), 667, "never past the viewport's height")
        XCTAssertEqual(physics.displayed(raw: -100, bounds: 0...500, dimension: 667), -50.81, accuracy: 0.005)
        XCTAssertEqual(physics.displayed(raw: 600, bounds: 0...500, dimension: 667), 550.81, accuracy: 0.005)
        XCTAssertEqual(physics.displayed(raw: 250, bounds: 0...500, dimension: 667), 250, "1:1 inside bounds")
    }

    func testDecelerationDistanceAndDecay() {
        XCTAssertEqual(physics.decelerationDistance(v0: 1000), 499.5, accuracy: 0.05)
        XCTAssertEqual(physics.decelerated(x0: 0, v0: 1000, t: 100).x, 499.5, accuracy: 0.05)
        XCTAssertEqual(physics.decelerated(x0: 0, v0: 1000, t: 1).v, 1000 * pow(0.998, 1000), accuracy: 1e-6)
        var fast = ScrollPhysics()
        fast.decelerationRate = ScrollPhysics.fastRate
        XCTAssertEqual(fast.decelerationDistance(v0: 1000), 99.5, accuracy: 0.05)
        let end = physics.decelerationEndTime(v0: 1000)
        let remaining = 499.5 - physics.decelerated(x0: 0, v0: 1000, t: end).x
        XCTAssertEqual(remaining, physics.settleDistance, accuracy: 0.01, "stops when under the settle distance")
    }

    func testCriticallyDampedSpring() {
        let spring = ScrollPhysics.Spring()
        XCTAssertEqual(spring.effectiveDamping, 20)
        XCTAssertEqual(spring.displacement(x0: 100, v0: 0, t: 0.5), 4.04, accuracy: 0.01) // e^-5 * (100 + 500)
        // From rest it decays monotonically: no overshoot.
        var previous = 100.0
        for i in 1...300 {
            let x = spring.displacement(x0: 100, v0: 0, t: Double(i) / 100)
            XCTAssertLessThanOrEqual(x, previous)
            XCTAssertGreaterThanOrEqual(x, 0)
            previous = x
        }
        let under = ScrollPhysics.Spring(mass: 1, stiffness: 100, damping: 4)
        XCTAssertLessThan((1...200).map { under.displacement(x0: 100, v0: 0, t: Double($0) / 100) }.min()!, 0, "underdamped overshoots")
        let over = ScrollPhysics.Spring(mass: 1, stiffness: 100, damping: 40)
        XCTAssertGreaterThan(over.displacement(x0: 100, v0: 0, t: 0.5), spring.displacement(x0: 100, v0: 0, t: 0.5))
        // Velocities are the derivatives of the displacements.
        for s in [spring, under, over] {
            let h = 1e-6, t = 0.3
            let numeric = (s.displacement(x0: 50, v0: -200, t: t + h) - s.displacement(x0: 50, v0: -200, t: t - h)) / (2 * h)
            XCTAssertEqual(s.evaluate(x0: 50, v0: -200, t: t).v, numeric, accuracy: 1e-3)
        }
    }

    func testMathFunctions() {
        for x in [1e-6, 0.5, 0.998, 1, 2, 1000] { XCTAssertEqual(naturalLog(x), log(x), accuracy: 1e-13 * max(1, abs(log(x)))) }
        for x in [-20.0, -5, -0.1, 0, 1, 3] { XCTAssertEqual(exponential(x), exp(x), accuracy: 1e-14 * exp(x)) }
        for x in [-4.0, -1, 0, 0.5, 2, 7] {
            XCTAssertEqual(sine(x), sin(x), accuracy: 1e-12)
            XCTAssertEqual(cosine(x), cos(x), accuracy: 1e-12)
        }
    }
}

final class GestureTimelineTests: XCTestCase {
    let physics: ScrollPhysics = {
        var p = ScrollPhysics()
        p.settleDistance = 0.5 / 3
        return p
    }()

    func timeline(_ steps: [GestureTimeline.Step], bounds: ClosedRange<Double> = 0...2000) throws -> GestureTimeline {
        try GestureTimeline(
            steps: steps, physics: physics, bounds: bounds, viewportHeight: 852,
            touchPlacement: { _ in Point(100, 400) })
    }

    func testDragTracksOneToOneAndRubberBandsPastTheTop() throws {
        let t = try timeline([
            .drag(by: -300, to: nil, duration: 1, easing: .linear, at: nil), .wait(1),
            .drag(by: 600, to: nil, duration: 1, easing: .linear, at: nil),
        ])
        XCTAssertEqual(t.state(at: 0.5).offset, 150, accuracy: 1e-9)
        XCTAssertEqual(t.state(at: 0.5).phase, .tracking)
        XCTAssertEqual(t.state(at: 0.5).touch, Point(100, 250))
        XCTAssertEqual(t.state(at: 1.5).offset, 300, accuracy: 1e-9, "held")
        // The second drag continues the same touch: 300 down to the edge, then 300 of raw overscroll.
        XCTAssertEqual(t.state(at: 3).offset, -physics.rubberBand(300, dimension: 852), accuracy: 1e-9)
        XCTAssertEqual(t.state(at: 3).touch, Point(100, 700))
    }

    func testDragToATargetPastTheEdge() throws {
        let t = try timeline([.drag(by: nil, to: -150, duration: 1, easing: .easeOut, at: nil)])
        XCTAssertEqual(t.state(at: 1).offset, -150, accuracy: 1e-9)
    }

    func testReleaseWhileOverscrolledSpringsBackWithoutOvershoot() throws {
        let t = try timeline([.drag(by: 300, to: nil, duration: 1, easing: .easeOut, at: nil), .release(velocity: nil)])
        let start = t.state(at: 1).offset
        XCTAssertLessThan(start, -100)
        var previous = start
        for i in 1...300 {
            let s = t.state(at: 1 + Double(i) / 100)
            XCTAssertLessThanOrEqual(s.offset, 0, "never past the edge into the content")
            XCTAssertGreaterThanOrEqual(s.offset, previous - 1e-9, "returns monotonically")
            previous = s.offset
        }
        XCTAssertEqual(t.state(at: 1.5).offset, start * 6 * exponential(-5), accuracy: 0.01, "the spring's closed form")
        XCTAssertEqual(t.state(at: 1.5).phase, .bouncing)
        XCTAssertEqual(t.state(at: 5), ScrollState(offset: 0, phase: .idle))
    }

    func testFlingCoastsWithTheSpecsDeceleration() throws {
        let t = try timeline([.fling(velocity: -1000, duration: 0.1, at: nil)])
        XCTAssertEqual(t.state(at: 0.05).offset, 50, accuracy: 1e-9, "the drag part")
        XCTAssertEqual(t.state(at: 0.1 + 0.3).offset, 100 + physics.decelerated(x0: 0, v0: 1000, t: 0.3).x, accuracy: 1e-9)
        XCTAssertEqual(t.state(at: 0.4).phase, .decelerating)
        XCTAssertEqual(t.state(at: 20).offset, 100 + 499.5, accuracy: 0.05)
        XCTAssertEqual(t.state(at: 20).phase, .idle)
    }

    func testAFlingIntoTheTopHandsItsVelocityToTheSpring() throws {
        let t = try timeline([
            .drag(by: -100, to: nil, duration: 0.5, easing: .linear, at: nil), .release(velocity: 0),
            .fling(velocity: 1500, duration: 0.02, at: nil),
        ])
        // After the fling's drag the content is at 70 moving at -1500 pt/s; it reaches 0 at te.
        let te = physics.decelerationTime(toReach: 0, x0: 70, v0: -1500)!
        let edgeVelocity = physics.decelerated(x0: 70, v0: -1500, t: te).v
        let start = 0.52 + te
        XCTAssertEqual(t.state(at: start - 0.001).phase, .decelerating)
        XCTAssertEqual(t.state(at: start + 0.001).phase, .bouncing)
        let h = 1e-5
        let velocityAfter = (t.state(at: start + h).offset - t.state(at: start).offset) / h
        XCTAssertEqual(velocityAfter, edgeVelocity, accuracy: abs(edgeVelocity) * 0.01, "the spring starts with the edge velocity")
        XCTAssertLessThan(t.state(at: start + 0.1).offset, 0, "it overshoots past the top, then returns")
        XCTAssertEqual(t.state(at: start + 10).offset, 0)
    }

    func testATouchStopsTheMotionUnderWay() throws {
        let t = try timeline([
            .fling(velocity: -3000, duration: 0.05, at: nil), .wait(0.3),
            .drag(by: 0, to: nil, duration: 0.5, easing: .linear, at: nil),
        ])
        let caught = t.state(at: 0.35).offset
        XCTAssertEqual(t.state(at: 0.6).offset, caught, accuracy: 1e-9)
        XCTAssertEqual(t.state(at: 0.6).phase, .tracking)
    }

    func testScrollToAnimates() throws {
        let t = try timeline([.scrollTo(offset: 400, duration: 0.3, easing: .easeInOut)])
        XCTAssertEqual(t.state(at: 0.15).offset, 200, accuracy: 1e-9)
        XCTAssertEqual(t.state(at: 0.15).phase, .animating)
        XCTAssertEqual(t.state(at: 1).offset, 400)
    }

    func testScriptErrors() {
        XCTAssertThrowsError(try timeline([.wait(1), .release(velocity: nil)])) { error in
            XCTAssertEqual(error as? GestureTimeline.ScriptError, .init(step: 1, message: "release: no finger is down; put a drag before it"))
        }
        XCTAssertThrowsError(
            try timeline([.drag(by: 10, to: nil, duration: 1, easing: .linear, at: nil), .scrollTo(offset: 0, duration: 0.3, easing: .linear)]))
    }

    func testFrameRateIndependence() throws {
        let text = """
            fps: 60
            timeline:
              gestures:
                - drag: {by: 200, duration: 0.7, easing: easeOut}
                - release
                - wait: 0.5
                - fling: {velocity: -2000}
            """
        let at60 = try ScenarioLoader.parse(text, file: "a.yaml", baseDirectory: "")
        let at120 = try ScenarioLoader.parse(text, file: "a.yaml", baseDirectory: "", fpsOverride: 120)
        XCTAssertEqual(at120.frameCount, 2 * at60.frameCount, accuracy: 1)
        for k in 0..<at60.frameCount {
            XCTAssertEqual(at60.state(ofFrame: k), at120.state(ofFrame: 2 * k), "frame \(k) at 60 fps vs \(2 * k) at 120")
        }
    }
}

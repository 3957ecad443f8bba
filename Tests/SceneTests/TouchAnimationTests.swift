import Foundation
import Raster
import RenderFramesKit
import XCTest
@testable import ScenarioFormat
@testable import Scene

/// Touches that land on an animation: a tap while it plays (`begin: current`, UIKit's
/// `beginFromCurrentState`, or `begin: start`), `toggle: true` (every second touch plays it back),
/// and `over: longPress`. Values are checked against the curve written out here and against the
/// spring's equation integrated step by step (not the closed form the code uses).
final class TouchAnimationTests: XCTestCase {
    func load(_ text: String) throws -> Scenario {
        try ScenarioLoader.parse(text, file: "s.yaml", baseDirectory: GoldenFrameTests.root + "/Fixtures/scenarios")
    }

    func tx(_ s: Scenario, frame: Int) throws -> Double {
        func find(_ l: Layer) -> Layer? { l.name == "box" ? l : l.sublayersInDrawingOrder.lazy.compactMap(find).first }
        return try XCTUnwrap(find(s.layers(ofFrame: frame))).transform.tx
    }

    /// A box at [0, 200, 300, 40] (under the finger at x 150 wherever it moves) whose translateX plays `animation` over keyframes 0 to 100, at
    /// 20 fps, and a timeline of `gestures` (a tap's finger lifts 0.1 s after it lands).
    func scene(_ animation: String, _ gestures: String, duration: Double = 2) -> String {
        """
        fps: 20
        navigationBar: false
        scrollView: {contentInsetAdjustmentBehavior: never}
        layers:
          - {type: rectangle, name: box, frame: [0, 200, 300, 40], fill: "#007AFF",
             translateX: {\(animation), keyframes: [[0, 0], [1, 100]]}}
        timeline: {duration: \(duration), gestures: [\(gestures)]}

        """
    }

    let tap = "{tap: {at: [150, 220]}}"

    /// The y of the cubic Bézier (x1, y1, x2, y2) at time fraction x, by Newton's method.
    func bezier(_ x: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
        func coord(_ s: Double, _ a: Double, _ b: Double) -> Double { 3 * (1 - s) * (1 - s) * s * a + 3 * (1 - s) * s * s * b + s * s * s }
        func slope(_ s: Double, _ a: Double, _ b: Double) -> Double { 3 * (1 - s) * (1 - s) * a + 6 * (1 - s) * s * (b - a) + 3 * s * s * (1 - b) }
        var s = x
        for _ in 0..<40 { s = min(max(s - (coord(s, x1, x2) - x) / slope(s, x1, x2), 0), 1) }
        return coord(s, y1, y2)
    }

    /// x'' + c x' + k (x - target) = 0 from rest at 0 at time `start`, the target 100 until `turn`
    /// and `back` after it, integrated with RK4 in steps of about 1e-5 s that land on the turn: the
    /// spring as Newton writes it, the target switched by the second tap.
    func integrate(k: Double, c: Double, start: Double, turn: Double, back: Double = 0, end: Double) -> Double {
        var x = 0.0, v = 0.0
        func run(_ from: Double, _ to: Double, _ target: Double) {
            guard to > from else { return }
            let n = Int(((to - from) / 1e-5).rounded(.up)), h = (to - from) / Double(n)
            func a(_ x: Double, _ v: Double) -> Double { -c * v - k * (x - target) }
            for _ in 0..<n {
                let k1x = v, k1v = a(x, v)
                let k2x = v + h / 2 * k1v, k2v = a(x + h / 2 * k1x, v + h / 2 * k1v)
                let k3x = v + h / 2 * k2v, k3v = a(x + h / 2 * k2x, v + h / 2 * k2v)
                let k4x = v + h * k3v, k4v = a(x + h * k3x, v + h * k3v)
                x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
                v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
            }
        }
        run(start, min(end, turn), 100)
        run(turn, end, back)
        return x
    }

    /// Linear over 0.5 s, taps lifting at 0.1 s and 0.4 s: at 0.4 s the first has the box at 60;
    /// the second starts from there, so at 0.5 s it is 60 + 40 · 0.1 / 0.5 = 68 (not 20, a restart).
    func testATapWhileItPlaysStartsFromTheValueOnScreen() throws {
        let s = try load(scene("over: tap, view: box, duration: 0.5, curve: linear", "\(tap), {wait: 0.2}, \(tap), {wait: 1}"))
        XCTAssertEqual(try tx(s, frame: 6), 40, accuracy: 1e-9)
        XCTAssertEqual(try tx(s, frame: 8), 60, accuracy: 1e-9)
        XCTAssertEqual(try tx(s, frame: 10), 68, accuracy: 1e-9)
        XCTAssertEqual(try tx(s, frame: 16), 60 + 40 * 0.8, accuracy: 1e-9)
        XCTAssertEqual(try tx(s, frame: 18), 100, accuracy: 1e-9)
    }

    /// `begin: start`: the second tap plays it again from the first keyframe, 0.1 s in at 0.5 s.
    func testBeginStartRestartsFromTheFirstKeyframe() throws {
        let s = try load(scene("over: tap, view: box, duration: 0.5, curve: linear, begin: start", "\(tap), {wait: 0.2}, \(tap), {wait: 1}"))
        XCTAssertEqual(try tx(s, frame: 10), 20, accuracy: 1e-9)
    }

    /// A tap after the animation has ended plays it again from its first keyframe: taps lifting at
    /// 0.1 s and 0.8 s (the first ended at 0.6 s), so 100 at 0.75 s and 20 at 0.9 s.
    func testATapAfterItEndsPlaysItAgain() throws {
        let s = try load(scene("over: tap, view: box, duration: 0.5, curve: linear", "\(tap), {wait: 0.6}, \(tap), {wait: 1}"))
        XCTAssertEqual(try tx(s, frame: 15), 100, accuracy: 1e-9)
        XCTAssertEqual(try tx(s, frame: 18), 20, accuracy: 1e-9)
    }

    /// `toggle: true`, easeIn over 0.5 s: the first tap (lifting at 0.1 s) plays 0 to 100, the second
    /// (lifting at 1 s) plays 100 back to 0 on the same curve, a third (at 1.8 s) forwards again.
    func testAToggleGoesBackOnTheSameCurve() throws {
        let s = try load(
            scene("over: tap, view: box, duration: 0.5, curve: easeIn, toggle: true", "\(tap), {wait: 0.8}, \(tap), {wait: 0.7}, \(tap), {wait: 1}", duration: 3))
        XCTAssertEqual(try tx(s, frame: 6), 100 * bezier(0.2 / 0.5, 0.42, 0, 1, 1), accuracy: 1e-6)
        XCTAssertEqual(try tx(s, frame: 18), 100, accuracy: 1e-9)
        XCTAssertEqual(try tx(s, frame: 24), 100 * (1 - bezier(0.2 / 0.5, 0.42, 0, 1, 1)), accuracy: 1e-6)
        XCTAssertEqual(try tx(s, frame: 32), 0, accuracy: 1e-9)
        XCTAssertEqual(try tx(s, frame: 40), 100 * bezier(0.2 / 0.5, 0.42, 0, 1, 1), accuracy: 1e-6)
    }

    /// A toggled CASpringAnimation spring (mass 1, stiffness 100, damping 10) turned back by a tap
    /// lifting at 0.3 s, 0.2 s into its way out: it carries its velocity, so the box follows
    /// x'' + 10 x' + 100 (x - target) = 0 through the turn, the target 100 from 0.1 s and 0 from
    /// 0.3 s (within 1e-6 points of the integrated equation), and passes under 0 on the way back.
    func testAToggledSpringTurnedMidFlightKeepsItsVelocity() throws {
        let s = try load(
            scene("over: tap, view: box, spring: {mass: 1, stiffness: 100, damping: 10}, toggle: true", "\(tap), {wait: 0.1}, \(tap), {wait: 1.5}"))
        for frame in [4, 6, 7, 8, 10, 12, 16, 20, 26] {
            let t = Double(frame) / 20
            let expected = integrate(k: 100, c: 10, start: 0.1, turn: 0.3, end: t)
            XCTAssertEqual(try tx(s, frame: frame), expected, accuracy: 1e-6, "frame \(frame)")
        }
        XCTAssertLessThan(try tx(s, frame: 12), -1)
    }

    /// `begin: start` on the same spring: the turn starts at rest from 100 instead (the velocity
    /// dropped and the box jumps to the far end), 100 - the spring from rest 0.1 s later.
    func testAToggledSpringWithBeginStartStartsAtRest() throws {
        let s = try load(
            scene(
                "over: tap, view: box, spring: {mass: 1, stiffness: 100, damping: 10}, toggle: true, begin: start",
                "\(tap), {wait: 0.1}, \(tap), {wait: 1.5}"))
        XCTAssertEqual(try tx(s, frame: 8), 100 - integrate(k: 100, c: 10, start: 0.3, turn: 0.4, end: 0.4), accuracy: 1e-6)
    }

    /// UIKit's fitted spring (ratio 0.5 fitted into 0.8 s) turned at 0.3 s: the same equation on the
    /// spring's stretched clock, w = span / 0.8 with span its settling time at w = 1.
    func testAToggledFittedSpringKeepsItsVelocity() throws {
        let s = try load(
            scene("over: tap, view: box, duration: 0.8, spring: {dampingRatio: 0.5}, toggle: true", "\(tap), {wait: 0.1}, \(tap), {wait: 1.5}"))
        let z = 0.5, wd = (1 - z * z).squareRoot()
        let w = log((1 + (z / wd) * (z / wd)).squareRoot() / 0.0008) / z / 0.8
        for frame in [4, 6, 8, 12, 16, 21] {
            let t = Double(frame) / 20
            let expected = integrate(k: w * w, c: 2 * z * w, start: 0.1, turn: 0.3, end: t)
            XCTAssertEqual(try tx(s, frame: frame), expected, accuracy: 1e-6, "frame \(frame)")
        }
        XCTAssertEqual(try tx(s, frame: 23), 0, accuracy: 1e-9)  // 0.8 s after the turn: ended
    }

    /// `over: longPress` starts when the finger has been held 0.5 s (UILongPressGestureRecognizer's
    /// minimumPressDuration): a press landing at 0 s starts it at 0.5 s, linear over 0.5 s, so 50 at
    /// 0.75 s. A tap on the box does not start it, and a long press does not start `over: tap`.
    func testALongPressStartsItsAnimationOnceRecognized() throws {
        let s = try load(
            scene("over: longPress, view: box, duration: 0.5, curve: linear", "{longPress: {at: [150, 220], duration: 1}}, \(tap), {wait: 1}"))
        XCTAssertEqual(try tx(s, frame: 9), 0, accuracy: 1e-9)
        XCTAssertEqual(try tx(s, frame: 15), 50, accuracy: 1e-9)
        XCTAssertEqual(try tx(s, frame: 22), 100, accuracy: 1e-9)
        XCTAssertEqual(Array(s.screen.tapHits.times.keys.map(\.longPress)).sorted { !$0 && $1 }, [false, true])
        let tapOnly = try load(scene("over: tap, view: box, duration: 0.5, curve: linear", "{longPress: {at: [150, 220], duration: 1}}, {wait: 1}"))
        XCTAssertEqual(try tx(tapOnly, frame: 15), 0, accuracy: 1e-9)
    }

    /// A press shorter than 0.5 s is not recognized: nothing starts, and the value's `view:` gets a
    /// warning (line 6, column 42), as an `over: tap` no tap hits.
    func testAShortPressStartsNothingAndWarns() throws {
        let s = try load(scene("over: longPress, view: box, duration: 0.5", "{longPress: {at: [150, 220], duration: 0.4}}, {wait: 1}"))
        XCTAssertEqual(try tx(s, frame: 15), 0, accuracy: 1e-9)
        let warning = try XCTUnwrap(s.warnings.first { $0.field == "layers[0].translateX.view" })
        XCTAssertEqual([warning.line, warning.column], [6, 42])
        XCTAssertTrue(warning.message.hasPrefix("no long press in the timeline hits box for 0.5 s or more"), warning.message)
    }

    /// The spring's state in closed form against the integrated equation, from a displacement with a
    /// velocity, in the three regimes (damping 6, 20 and 40 on stiffness 100).
    func testTheSpringStateSolvesItsEquation() {
        for damping in [6.0, 20, 40] {
            let spring = SpringCurve(mass: 1, stiffness: 100, damping: damping)
            for t in [0.05, 0.2, 0.7] {
                // From x = 0.3 with velocity -4 towards 1: displacement -0.7.
                var x = 0.3, v = -4.0, u = 0.0
                let h = 1e-5
                while u < t - h / 2 {
                    let a = { (x: Double, v: Double) in -damping * v - 100 * (x - 1) }
                    let k1 = (v, a(x, v)), k2 = (v + h / 2 * k1.1, a(x + h / 2 * k1.0, v + h / 2 * k1.1))
                    let k3 = (v + h / 2 * k2.1, a(x + h / 2 * k2.0, v + h / 2 * k2.1)), k4 = (v + h * k3.1, a(x + h * k3.0, v + h * k3.1))
                    x += h / 6 * (k1.0 + 2 * k2.0 + 2 * k3.0 + k4.0); v += h / 6 * (k1.1 + 2 * k2.1 + 2 * k3.1 + k4.1); u += h
                }
                let state = spring.state(at: t, displacement: -0.7, velocity: -4)
                XCTAssertEqual(1 + state.displacement, x, accuracy: 1e-8, "damping \(damping), t \(t)")
                XCTAssertEqual(state.velocity, v, accuracy: 1e-6, "damping \(damping), t \(t)")
            }
        }
    }
}

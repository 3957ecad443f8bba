import Raster
import XCTest

@testable import Scene

/// Sideways steps: each axis is its own 1-D timeline over the same clock.
final class SidewaysGestureTests: XCTestCase {
    let physics: ScrollPhysics = {
        var p = ScrollPhysics()
        p.settleDistance = 0.5 / 3
        return p
    }()

    func script(_ steps: [GestureTimeline.Step], duration: Double? = nil) throws -> GestureTimeline {
        try GestureTimeline(
            steps: steps, physics: physics, bounds: 0...2000, viewportHeight: 852, touchPlacement: { _ in Point(100, 400) },
            duration: duration, sidewaysPlacement: { d in Point(d > 0 ? 100 : 300, 200) })
    }

    func sidewaysDrag(_ by: Double, duration: Double = 0.4, at: Point? = nil) -> GestureTimeline.Step {
        .sideways(.drag(by: by, to: nil, duration: duration, easing: .linear, at: at))
    }

    /// A sideways drag is time passing vertically; vertically the script moves as without it.
    func testTheVerticalAxisSeesSidewaysStepsAsTime() throws {
        let both = try script([sidewaysDrag(-150), .release(velocity: nil), .drag(by: -200, to: nil, duration: 0.5, easing: .linear, at: nil)])
        let plain = try script([.wait(0.4), .wait(0), .drag(by: -200, to: nil, duration: 0.5, easing: .linear, at: nil)])
        for i in 0...60 {
            let t = Double(i) / 30
            XCTAssertEqual(both.state(at: t).offset, plain.state(at: t).offset, "t = \(t)")
        }
        XCTAssertEqual(both.state(at: 0.2).phase, .idle)
        XCTAssertNil(both.state(at: 0.2).touch)
    }

    /// Horizontally the finger moves along x and pulls the content the other way, 1:1 inside the range.
    func testTheHorizontalAxisTracksTheFingerAlongX() throws {
        let s = try script([.wait(0.5), sidewaysDrag(-150, at: Point(250, 300)), .release(velocity: 0)])
        let x = try s.horizontal(taking: nil, startOffset: 0, bounds: 0...1179, viewportWidth: 393)
        XCTAssertEqual(x.axis, .horizontal)
        XCTAssertEqual(x.state(at: 0.4).offset, 0)
        XCTAssertEqual(x.state(at: 0.7).offset, 75, accuracy: 1e-9)
        XCTAssertEqual(x.state(at: 0.7).touch, Point(175, 300))
        XCTAssertEqual(x.state(at: 0.7).phase, .tracking)
        XCTAssertEqual(x.touchDowns, [GestureTimeline.TouchDown(time: 0.5, point: Point(250, 300), steps: [1, 2])])
        XCTAssertEqual(x.releases.count, 1)
        XCTAssertEqual(x.releases[0].offset, 150, accuracy: 1e-9)
    }

    /// Paging on x: the release's target moved to a page boundary is where the content rests, and
    /// past the start the rubber band pulls it back.
    func testAChangedTargetOnXSnapsToThePage() throws {
        let s = try script([sidewaysDrag(-150), .release(velocity: -200)])
        let free = try s.horizontal(taking: nil, startOffset: 0, bounds: 0...1179, viewportWidth: 393)
        XCTAssertNotEqual(free.state(at: 5).offset, 393)
        let paged = try s.horizontal(taking: nil, startOffset: 0, bounds: 0...1179, viewportWidth: 393, releaseTargets: [0: 393])
        XCTAssertEqual(paged.state(at: 5).offset, 393)
        XCTAssertEqual(paged.releases[0].target, 393, accuracy: 1e-9)
        XCTAssertEqual(paged.state(at: 0.5).phase, .decelerating)
        // A paging view's release settles at paging's pace: within half a second here, where the
        // same changed target at the release's own speed (2 per second) is 70 points short.
        let quick = try s.horizontal(
            taking: nil, startOffset: 0, bounds: 0...1179, viewportWidth: 393, releaseTargets: [0: 393], pagedReleases: [0])
        XCTAssertLessThan(393 - quick.state(at: 0.4 + 0.5).offset, 2)
        XCTAssertGreaterThan(393 - paged.state(at: 0.4 + 0.5).offset, 70)
        let back = try script([sidewaysDrag(120), .release(velocity: 0)]).horizontal(
            taking: nil, startOffset: 0, bounds: 0...1179, viewportWidth: 393)
        XCTAssertLessThan(back.state(at: 0.4).offset, -1)
        XCTAssertEqual(back.state(at: 3).offset, 0)
    }

    /// Touches not taken (they landed in another scroll view) are time passing for this one.
    func testATouchNotTakenDoesNotMoveIt() throws {
        let s = try script([sidewaysDrag(-100), .release(velocity: 0), sidewaysDrag(-50), .release(velocity: 0)])
        let all = try s.horizontal(taking: nil, startOffset: 0, bounds: 0...1000, viewportWidth: 393)
        XCTAssertEqual(all.touchDowns.map(\.steps), [[0, 1], [2, 3]])
        XCTAssertEqual(all.state(at: 3).offset, 150, accuracy: 1e-9)
        let second = try s.horizontal(taking: [2, 3], startOffset: 40, bounds: 0...1000, viewportWidth: 393)
        XCTAssertEqual(second.state(at: 0.3).offset, 40)
        XCTAssertEqual(second.state(at: 3).offset, 90, accuracy: 1e-9)
    }

    /// The timeline lasts until the sideways motion too has settled.
    func testTheDurationCoversTheSidewaysCoast() throws {
        let fling = GestureTimeline.Step.sideways(.fling(velocity: -3000, duration: 0.05, at: nil))
        let s = try script([fling])
        let coast = physics.decelerationEndTime(v0: 3000)
        XCTAssertGreaterThan(coast, 2)
        XCTAssertEqual(s.duration, 0.05 + coast + ScrollIndicator.fadeDelay + ScrollIndicator.fadeDuration + 0.05, accuracy: 0.01)
        XCTAssertEqual(try script([fling], duration: 1).duration, 1)
    }

    /// A finger on one axis while one is down on the other is refused with the step's index.
    func testAFingerOnBothAxesIsRefused() throws {
        XCTAssertThrowsError(try script([.drag(by: -100, to: nil, duration: 0.3, easing: .linear, at: nil), sidewaysDrag(-100)])) {
            XCTAssertEqual(
                $0 as? GestureTimeline.ScriptError,
                .init(
                    step: 1, message: "drag: a finger is down on a vertical drag; release it first (a diagonal or two-finger drag is not supported)"))
        }
        XCTAssertThrowsError(try script([sidewaysDrag(-100), .scrollTo(offset: 10, duration: 0.3, easing: .linear)])) {
            XCTAssertEqual(
                $0 as? GestureTimeline.ScriptError, .init(step: 1, message: "scrollTo: a finger is down on a sideways drag; release it first"))
        }
        XCTAssertThrowsError(try script([.sideways(.drag(by: nil, to: 10, duration: 0.3, easing: .linear, at: nil))])) {
            XCTAssertEqual((($0 as? GestureTimeline.ScriptError)?.step), 0)
        }
        XCTAssertThrowsError(try script([.sideways(.wait(1))])) {
            XCTAssertEqual($0 as? GestureTimeline.ScriptError, .init(step: 0, message: "only a drag or a fling goes sideways"))
        }
        // Waiting while a sideways finger is down is fine.
        XCTAssertNoThrow(try script([sidewaysDrag(-100), .wait(0.5), .release(velocity: nil)]))
    }
}

/// The settle time stops scanning once the spring's envelope is under the threshold: the same
/// answer as the full 30 s scan, for each damping regime.
final class SettleTimeTests: XCTestCase {
    func fullScan(_ s: ScrollPhysics.Spring, x0: Double, v0: Double, threshold: Double) -> Double {
        var last = 0.0
        var t = 0.0
        while t <= 30 {
            if abs(s.displacement(x0: x0, v0: v0, t: t)) >= threshold { last = t }
            t += 0.001
        }
        return last == 0 && abs(x0) < threshold ? 0 : last + 0.001
    }

    func testTheSettleTimeIsTheFullScans() {
        let springs = [
            ScrollPhysics.Spring(), ScrollPhysics.Spring(mass: 1, stiffness: 300, damping: 10),
            ScrollPhysics.Spring(mass: 2, stiffness: 50, damping: 40), ScrollPhysics.Spring(mass: 1, stiffness: 100, damping: 1),
        ]
        for s in springs {
            for (x0, v0) in [(0.0, 166.7), (120.0, 0.0), (-80.0, 900.0), (0.1, 0.0), (300.0, -4000.0), (0.0, 0.0)] {
                XCTAssertEqual(
                    s.settleTime(x0: x0, v0: v0, threshold: 1 / 6), fullScan(s, x0: x0, v0: v0, threshold: 1 / 6),
                    "\(s) x0 \(x0) v0 \(v0)")
            }
        }
    }
}

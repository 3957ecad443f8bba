import Raster

/// A gesture script (drag, release, fling, wait, scrollTo) turned into motion.
///
/// The script is compiled once, at load, into time segments (a finger tracking, a deceleration, a
/// bounce, an animation, rest); each segment is a closed form of time from its start. A frame's
/// state is the segment at its time evaluated at that time, so frame k at 60 fps equals frame 2k at
/// 120 fps. A new touch interrupts whatever motion is under way, as a finger on a scrolling
/// UIScrollView does.
public struct GestureTimeline: ScrollTimeline {
    /// One step of a script. Finger distances and velocities are in screen points (y down):
    /// a positive `by` moves the finger down, pulling the content down.
    public enum Step: Equatable, Sendable {
        /// Time passes; any motion under way goes on.
        case wait(Double)
        /// The finger moves by `by` points, or until the content offset reaches `to`, over
        /// `duration` seconds along `easing`, starting at `at` (screen points) or where it is.
        case drag(by: Double?, to: Double?, duration: Double, easing: Easing, at: Point?)
        /// The finger lifts; `velocity` (finger, points per second) defaults to its last motion.
        case release(velocity: Double?)
        /// A short linear drag at `velocity`, then a release at that velocity.
        case fling(velocity: Double, duration: Double, at: Point?)
        /// An animated offset change, like setContentOffset(_:animated:).
        case scrollTo(offset: Double, duration: Double, easing: Easing)
    }

    /// Where a new touch lands when a step does not say: given the finger's coming motion.
    public typealias TouchPlacement = @Sendable (_ fingerDelta: Double) -> Point

    enum Motion: Equatable, Sendable {
        case rest(offset: Double)
        case held(offset: Double, touch: Point)
        case track(rawStart: Double, touchStart: Point, delta: Double, duration: Double, easing: Easing)
        case animate(from: Double, to: Double, duration: Double, easing: Easing)
        case decelerate(x0: Double, v0: Double)
        case spring(edge: Double, x0: Double, v0: Double)
        /// Toward `target` from `x0`, the distance left shrinking by e^(-rate t): a release whose
        /// target the scroll view's delegate changed (paging, snapping cards).
        case approach(x0: Double, target: Double, rate: Double)
    }

    struct Segment: Equatable, Sendable {
        var start: Double
        var end: Double
        var motion: Motion
    }

    public let duration: Double
    let segments: [Segment]
    let physics: ScrollPhysics
    let bounds: ClosedRange<Double>
    let viewport: Double
    /// What the timeline was compiled from, to compile it again for another scroll view's range.
    let steps: [Step]
    let startOffset: Double
    let touchPlacement: TouchPlacement
    let requestedDuration: Double?

    /// A finger lifting: when, where the content was, its velocity (points per second, positive
    /// while the offset grows), and where the motion after it comes to rest.
    public struct Release: Equatable, Sendable {
        public var time: Double
        public var offset: Double
        public var velocity: Double
        public var target: Double
    }
    /// The releases in time order (a fling's included).
    public let releases: [Release]

    /// A problem in a script: the step's index and what to do.
    public struct ScriptError: Error, Equatable {
        public let step: Int
        public let message: String
    }

    /// Compiles `steps`. `bounds` is the valid offset range, `viewportHeight` the rubber band's
    /// dimension; `duration` defaults to the time the last motion settles plus the indicator's fade.
    public init(
        steps: [Step], startOffset: Double = 0, physics: ScrollPhysics, bounds: ClosedRange<Double>,
        viewportHeight: Double, touchPlacement: @escaping TouchPlacement, duration: Double? = nil,
        releaseTargets: [Int: Double] = [:]
    ) throws {
        self.steps = steps
        self.startOffset = startOffset
        self.touchPlacement = touchPlacement
        self.requestedDuration = duration
        self.physics = physics
        self.bounds = bounds
        self.viewport = viewportHeight
        var segments = [Segment(start: 0, end: .infinity, motion: .rest(offset: startOffset))]
        var t = 0.0
        var finger: (point: Point, velocity: Double)?
        var releases: [Release] = []

        func evaluate(_ s: Segment, _ time: Double) -> ScrollState {
            GestureTimeline.evaluate(s, at: time, physics: physics, bounds: bounds, viewport: viewportHeight)
        }
        /// Ends the motion under way at `time` and returns its state then.
        func cut(at time: Double) -> ScrollState {
            let i = segments.lastIndex { $0.start <= time } ?? 0
            let state = evaluate(segments[i], time)
            segments.removeSubrange((i + 1)...)
            segments[i].end = time
            if segments[i].end <= segments[i].start { segments.removeLast() }
            return state
        }
        func append(_ motion: Motion, from start: Double, length: Double) -> Double {
            segments.append(Segment(start: start, end: start + length, motion: motion))
            return start + length
        }
        /// Free motion after the finger lifts: deceleration, a bounce at an edge, rest.
        func release(at time: Double, offset x: Double, velocity v: Double) {
            let ordinal = releases.count
            releases.append(Release(time: time, offset: x, velocity: v, target: x))
            defer { releases[ordinal].target = segments.last.map { GestureTimeline.evaluate($0, at: $0.start, physics: physics, bounds: bounds, viewport: viewportHeight).offset } ?? x }
            if let target = releaseTargets[ordinal] {
                // The delegate's target: approached at the rate that keeps the release's speed
                // (within 2...20 per second), until under a quarter point away.
                let goal = min(max(target, bounds.lowerBound), bounds.upperBound)
                let distance = goal - x
                guard abs(distance) > physics.settleDistance else {
                    _ = append(.rest(offset: goal), from: time, length: .infinity)
                    return
                }
                let natural = v / distance
                let rate = natural > 0 ? min(max(natural, 2), 20) : 8
                let end = append(.approach(x0: x, target: goal, rate: rate), from: time, length: naturalLog(abs(distance) / physics.settleDistance) / rate)
                _ = append(.rest(offset: goal), from: end, length: .infinity)
                return
            }
            let lo = bounds.lowerBound, hi = bounds.upperBound
            if x < lo - 1e-9 || x > hi + 1e-9 {
                let edge = x < lo ? lo : hi
                let settle = physics.spring.settleTime(x0: x - edge, v0: v, threshold: physics.settleDistance)
                let end = append(.spring(edge: edge, x0: x - edge, v0: v), from: time, length: settle)
                _ = append(.rest(offset: edge), from: end, length: .infinity)
                return
            }
            let final = x + physics.decelerationDistance(v0: v)
            let edge: Double? = final > hi ? hi : (final < lo ? lo : nil)
            if let edge, let te = physics.decelerationTime(toReach: edge, x0: x, v0: v) {
                let ve = physics.decelerated(x0: x, v0: v, t: te).v
                var end = append(.decelerate(x0: x, v0: v), from: time, length: te)
                let settle = physics.spring.settleTime(x0: 0, v0: ve, threshold: physics.settleDistance)
                end = append(.spring(edge: edge, x0: 0, v0: ve), from: end, length: settle)
                _ = append(.rest(offset: edge), from: end, length: .infinity)
                return
            }
            let stop = physics.decelerationEndTime(v0: v)
            let end = stop > 0 ? append(.decelerate(x0: x, v0: v), from: time, length: stop) : time
            _ = append(.rest(offset: stop > 0 ? min(max(final, lo), hi) : x), from: end, length: .infinity)
        }

        for (index, step) in steps.enumerated() {
            switch step {
            case .wait(let seconds):
                t += seconds
            case .drag(let by, let to, let length, let easing, let at):
                let now = cut(at: t)
                let rawStart = physics.raw(displayed: now.offset, bounds: bounds, dimension: viewportHeight)
                let delta: Double
                if let by {
                    delta = by
                } else if let to {
                    delta = rawStart - physics.raw(displayed: to, bounds: bounds, dimension: viewportHeight)
                } else {
                    throw ScriptError(step: index, message: "drag needs `by` (finger points) or `to` (content offset)")
                }
                let touch = finger?.point ?? at ?? touchPlacement(delta)
                t = append(
                    .track(rawStart: rawStart, touchStart: touch, delta: delta, duration: length, easing: easing),
                    from: t, length: length)
                let endState = evaluate(segments.last!, t)
                _ = append(.held(offset: endState.offset, touch: endState.touch ?? touch), from: t, length: .infinity)
                let slope = length > 0 ? (easing.progress(1) - easing.progress(1 - 1e-6)) / 1e-6 : 0
                finger = (endState.touch ?? touch, length > 0 ? delta * slope / length : 0)
            case .release(let velocity):
                guard let down = finger else {
                    throw ScriptError(step: index, message: "release: no finger is down; put a drag before it")
                }
                let now = cut(at: t)
                release(at: t, offset: now.offset, velocity: contentVelocity(finger: velocity ?? down.velocity, at: now.offset))
                finger = nil
            case .fling(let velocity, let length, let at):
                let now = cut(at: t)
                let rawStart = physics.raw(displayed: now.offset, bounds: bounds, dimension: viewportHeight)
                let delta = velocity * length
                let touch = finger?.point ?? at ?? touchPlacement(delta)
                t = append(
                    .track(rawStart: rawStart, touchStart: touch, delta: delta, duration: length, easing: .linear),
                    from: t, length: length)
                let end = cut(at: t)
                release(at: t, offset: end.offset, velocity: contentVelocity(finger: velocity, at: end.offset))
                finger = nil
            case .scrollTo(let offset, let length, let easing):
                guard finger == nil else {
                    throw ScriptError(step: index, message: "scrollTo: a finger is down; release it first")
                }
                let now = cut(at: t)
                t = append(.animate(from: now.offset, to: offset, duration: length, easing: easing), from: t, length: length)
                _ = append(.rest(offset: offset), from: t, length: .infinity)
            }
        }
        self.segments = segments
        self.releases = releases
        let settled = segments.last.map { $0.start } ?? 0
        // Long enough for the scroll indicator to fade out, so a looping GIF does not pop.
        self.duration = duration ?? (max(t, settled) + ScrollIndicator.fadeDelay + ScrollIndicator.fadeDuration + 0.05)

        func contentVelocity(finger v: Double, at offset: Double) -> Double {
            // The finger moving down (positive) pulls the offset down; past an edge the content
            // follows the finger at the rubber band's slope.
            let raw = -v
            let lo = bounds.lowerBound, hi = bounds.upperBound
            if offset < lo {
                let x = physics.rawOverscroll(displayed: lo - offset, dimension: viewportHeight)
                return raw * physics.rubberBandSlope(x, dimension: viewportHeight)
            }
            if offset > hi {
                let x = physics.rawOverscroll(displayed: offset - hi, dimension: viewportHeight)
                return raw * physics.rubberBandSlope(x, dimension: viewportHeight)
            }
            return raw
        }
    }

    public func state(at time: Double) -> ScrollState {
        let i = segments.lastIndex { $0.start <= time } ?? 0
        var state = GestureTimeline.evaluate(segments[i], at: max(time, 0), physics: physics, bounds: bounds, viewport: viewport)
        // The indicator shows from the first touch or motion, while anything but rest is under way,
        // and for a while after.
        var since: Double?
        if case .rest = segments[i].motion {
            if i > 0 { since = max(0, time - segments[i].start) }
        } else {
            since = 0
        }
        state.indicatorOpacity = ScrollIndicator.opacity(sinceMotion: since)
        return state
    }

    static func evaluate(
        _ s: Segment, at time: Double, physics: ScrollPhysics, bounds: ClosedRange<Double>,
        viewport: Double
    ) -> ScrollState {
        let t = min(time, s.end) - s.start
        switch s.motion {
        case .rest(let offset):
            return ScrollState(offset: offset, phase: .idle)
        case .held(let offset, let touch):
            return ScrollState(offset: offset, phase: .tracking, touch: touch)
        case .track(let rawStart, let touchStart, let delta, let duration, let easing):
            let p = duration > 0 ? easing.progress(t / duration) : 1
            let moved = delta * p
            let offset = physics.displayed(raw: rawStart - moved, bounds: bounds, dimension: viewport)
            return ScrollState(offset: offset, phase: .tracking, touch: Point(touchStart.x, touchStart.y + moved))
        case .animate(let from, let to, let duration, let easing):
            let p = duration > 0 ? easing.progress(t / duration) : 1
            return ScrollState(offset: from + (to - from) * p, phase: .animating)
        case .decelerate(let x0, let v0):
            return ScrollState(offset: physics.decelerated(x0: x0, v0: v0, t: t).x, phase: .decelerating)
        case .spring(let edge, let x0, let v0):
            return ScrollState(offset: edge + physics.spring.displacement(x0: x0, v0: v0, t: t), phase: .bouncing)
        case .approach(let x0, let target, let rate):
            return ScrollState(offset: target + (x0 - target) * exponential(-rate * t), phase: .decelerating)
        }
    }

    /// The same script compiled for a scroll view whose offsets run over `bounds` (a UIKit
    /// screen's, known once its views are laid out), with releases whose rest the delegate moved
    /// (`releaseTargets`, by the release's place in `releases`).
    public func recompiled(bounds: ClosedRange<Double>, viewportHeight: Double, releaseTargets: [Int: Double] = [:]) throws -> GestureTimeline {
        try GestureTimeline(
            steps: steps, startOffset: startOffset, physics: physics, bounds: bounds, viewportHeight: viewportHeight,
            touchPlacement: touchPlacement, duration: requestedDuration, releaseTargets: releaseTargets)
    }

    /// The scroll view's valid range the timeline was compiled for.
    public var offsetBounds: ClosedRange<Double> { bounds }
}

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
        /// A `drag` or `fling` along the horizontal axis: a positive `by` or `velocity` moves the
        /// finger right, pulling the content right (its x offset falls). `to` is not taken (where a
        /// horizontal scroll view's offsets run is known only once the touch lands in one). The
        /// `release` after it lifts this finger. A step on one axis is time passing on the other.
        indirect case sideways(Step)
        /// A finger lands on `target` and lifts after `GestureTimeline.tapDuration` seconds
        /// without moving: a tap, delivered to the view under it. The scroll's motion goes on.
        case tap(TouchTarget)
        /// A finger held still on `target` for `duration` seconds, then lifted.
        case longPress(TouchTarget, duration: Double)
    }

    /// Where a tap or long press lands: the view with this `accessibilityIdentifier` (a UIKit
    /// screen's; in a scene, the layer with this `name`), its centre, or a point on the screen.
    public enum TouchTarget: Equatable, Sendable {
        case view(String)
        case point(Point)
    }

    /// How long a tap's finger stays down (a quick tap on a phone lasts about a tenth of a second).
    public static let tapDuration = 0.1

    /// A tap or long press: its step's index in the script, when the finger lands and lifts, and
    /// where.
    public struct Press: Equatable, Sendable {
        public var step: Int
        public var time: Double
        public var duration: Double
        public var target: TouchTarget
        public var isLongPress: Bool
        public var end: Double { time + duration }

        package init(step: Int, time: Double, duration: Double, target: TouchTarget, isLongPress: Bool) {
            self.step = step; self.time = time; self.duration = duration; self.target = target; self.isLongPress = isLongPress
        }
    }
    /// The script's taps and long presses in time order.
    public let presses: [Press]

    /// A scroll the screen starts when a tap lands (a status-bar tap's scroll to the top): from
    /// where the content is then to `offset`, over `duration` seconds along `easing`. The steps
    /// after it continue from where it takes the content, as a finger would find it.
    public struct TapScroll: Equatable, Sendable {
        public var offset: Double
        public var duration: Double
        public var easing: Easing
        public init(offset: Double, duration: Double, easing: Easing) {
            self.offset = offset; self.duration = duration; self.easing = easing
        }
    }
    /// The scrolls taps start, by the tap's step index.
    public let tapScrolls: [Int: TapScroll]

    /// A scroll the screen's code starts at `time` (a UIKit screen's `setContentOffset(_:animated:
    /// true)` on the scroll view the scenario moves, made in the frame at that time): from where
    /// the content is then, cutting a fling or an earlier scroll under way; the steps after it
    /// continue from where it takes the content. While a finger of this timeline is down the
    /// finger wins: the scroll is not made.
    public struct TimedScroll: Equatable, Sendable {
        public var time: Double
        public var scroll: TapScroll
        public init(time: Double, scroll: TapScroll) { self.time = time; self.scroll = scroll }
    }
    /// The scrolls the screen's code started, in the order made (time order).
    public let timedScrolls: [TimedScroll]
    /// When each animated scroll (a `scrollTo` step, a tap's or a timed scroll) lands: the
    /// scrolls that ran to their end, not those a later step or scroll cut.
    public let landings: [Double]
    /// Where the presses aimed at a view landed on the screen, by step index (a UIKit screen's run
    /// finds the view), for the touch indicator.
    package var pressPoints: [Int: Point] = [:]

    /// The axis a timeline moves along: the scenario's vertical scroll, or a horizontal scroll view.
    public enum Axis: String, Sendable { case vertical, horizontal }

    /// A finger landing on a horizontal scroll view: when, where on the screen (points), and the
    /// steps it makes (its drags and fling, and the release that lifts it), by index in the script.
    public struct TouchDown: Equatable, Sendable {
        public var time: Double
        public var point: Point
        public var steps: [Int]
    }

    /// Where a new touch lands when a step does not say: given the finger's coming motion.
    public typealias TouchPlacement = @Sendable (_ fingerDelta: Double) -> Point

    enum Motion: Equatable, Sendable {
        case rest(offset: Double)
        case held(offset: Double, touch: Point)
        /// `along`: the finger's direction on the screen, (0, 1) vertical or (1, 0) horizontal.
        case track(rawStart: Double, touchStart: Point, delta: Double, duration: Double, easing: Easing, along: Point)
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
    /// Compiling again with other physics (a UIKit scroll view's own deceleration rate) changes it.
    package var physics: ScrollPhysics
    let bounds: ClosedRange<Double>
    let viewport: Double
    /// What the timeline was compiled from, to compile it again for another scroll view's range.
    package let steps: [Step]
    let startOffset: Double
    let touchPlacement: TouchPlacement
    let sidewaysPlacement: TouchPlacement?
    let requestedDuration: Double?
    /// The scenario gave `timeline.duration`: the frame count does not depend on where the content ends.
    public var durationGiven: Bool { requestedDuration != nil }
    /// The axis this timeline moves, and which sideways steps it takes (nil: all).
    public let axis: Axis
    let sidewaysSteps: Set<Int>?
    let pagedReleases: Set<Int>
    /// The touches of sideways steps, in time order (the same for every compile of a script).
    public let touchDowns: [TouchDown]

    /// A finger this timeline's drags and flings move: the index of its first step (the drag or
    /// fling that puts it down), when it lands and where (screen points), and when it lifts (the
    /// release, or a fling's end; infinity when the script never lifts it).
    public struct Finger: Equatable, Sendable {
        public var step: Int
        public var time: Double
        public var point: Point
        public var lift: Double
    }
    /// The fingers of the steps this timeline takes, in time order.
    public let fingers: [Finger]
    /// The fingers (by first step) whose steps no axis takes: a UIKit screen delivers them to its
    /// views as touches.
    package let excluding: Set<Int>

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
    /// dimension (the viewport's length along `axis`); `duration` defaults to the time the last
    /// motion settles, on either axis, plus the indicator's fade.
    ///
    /// `axis` picks the steps that move this timeline: `.vertical` the plain ones, `.horizontal`
    /// the `sideways` ones (of them only `sidewaysSteps` when given, by index: the touches that
    /// landed in one scroll view); the others are time passing. `sidewaysPlacement` places a
    /// sideways touch a step does not place (default: `touchPlacement`). A release in
    /// `pagedReleases` (a paging scroll view's) reaches its target at 10 per second or faster, so a
    /// page settles in about half a second, as UIKit's paging does.
    public init(
        steps: [Step], startOffset: Double = 0, physics: ScrollPhysics, bounds: ClosedRange<Double>,
        viewportHeight: Double, touchPlacement: @escaping TouchPlacement, duration: Double? = nil,
        releaseTargets: [Int: Double] = [:], axis: Axis = .vertical, sidewaysPlacement: TouchPlacement? = nil,
        sidewaysSteps: Set<Int>? = nil, pagedReleases: Set<Int> = [], excluding: Set<Int> = [], tapScrolls: [Int: TapScroll] = [:],
        timedScrolls: [TimedScroll] = []
    ) throws {
        self.steps = steps
        self.startOffset = startOffset
        self.touchPlacement = touchPlacement
        self.sidewaysPlacement = sidewaysPlacement
        self.requestedDuration = duration
        self.physics = physics
        self.bounds = bounds
        self.viewport = viewportHeight
        self.axis = axis
        self.sidewaysSteps = sidewaysSteps
        self.pagedReleases = pagedReleases
        self.excluding = excluding
        let tapScrolls = axis == .vertical ? tapScrolls : [:]
        self.tapScrolls = tapScrolls
        let timedScrolls = axis == .vertical ? timedScrolls : []
        self.timedScrolls = timedScrolls
        let (projected, touches) = try GestureTimeline.project(steps, onto: axis, taking: sidewaysSteps, excluding: excluding)
        presses = GestureTimeline.presses(in: steps)
        let along = axis == .vertical ? Point(0, 1) : Point(1, 0)
        let placement = axis == .vertical ? touchPlacement : (sidewaysPlacement ?? touchPlacement)
        var touchDowns: [TouchDown] = []
        var fingers: [Finger] = []
        var motion = MotionBuilder(
            segments: [Segment(start: 0, end: .infinity, motion: .rest(offset: startOffset))], physics: physics, bounds: bounds,
            viewport: viewportHeight, releaseTargets: releaseTargets, pagedReleases: pagedReleases)
        var t = 0.0
        var finger: (point: Point, velocity: Double)?
        motion.timed = timedScrolls[...]

        for (index, step) in projected.enumerated() {
            motion.startTimedScrolls(before: t, fingers: fingers)
            if let scroll = tapScrolls[index], finger == nil {
                // The tap lands: the screen's scroll starts from where the content is.
                motion.scroll(scroll, at: t)
            }
            switch step {
            case .sideways, .tap, .longPress:
                break // `project` left none
            case .wait(let seconds):
                t += seconds
            case .drag(let by, let to, let length, let easing, let at):
                let now = motion.cut(at: t)
                let rawStart = physics.raw(displayed: now.offset, bounds: bounds, dimension: viewportHeight)
                let delta: Double
                if let by {
                    delta = by
                } else if let to {
                    delta = rawStart - physics.raw(displayed: to, bounds: bounds, dimension: viewportHeight)
                } else {
                    throw ScriptError(step: index, message: "drag needs `by` (finger points) or `to` (content offset)")
                }
                let touch = finger?.point ?? at ?? placement(delta)
                if finger == nil, let group = touches[index] { touchDowns.append(TouchDown(time: t, point: touch, steps: group)) }
                if finger == nil { fingers.append(Finger(step: index, time: t, point: touch, lift: .infinity)) }
                t = motion.append(
                    .track(rawStart: rawStart, touchStart: touch, delta: delta, duration: length, easing: easing, along: along),
                    from: t, length: length)
                let endState = motion.evaluate(motion.segments.last!, t)
                _ = motion.append(.held(offset: endState.offset, touch: endState.touch ?? touch), from: t, length: .infinity)
                let slope = length > 0 ? (easing.progress(1) - easing.progress(1 - 1e-6)) / 1e-6 : 0
                finger = (endState.touch ?? touch, length > 0 ? delta * slope / length : 0)
            case .release(let velocity):
                guard let down = finger else {
                    throw ScriptError(step: index, message: "release: no finger is down; put a drag before it")
                }
                let now = motion.cut(at: t)
                motion.release(at: t, offset: now.offset, velocity: motion.contentVelocity(finger: velocity ?? down.velocity, at: now.offset))
                finger = nil
                fingers[fingers.count - 1].lift = t
            case .fling(let velocity, let length, let at):
                let now = motion.cut(at: t)
                let rawStart = physics.raw(displayed: now.offset, bounds: bounds, dimension: viewportHeight)
                let delta = velocity * length
                let touch = finger?.point ?? at ?? placement(delta)
                if finger == nil, let group = touches[index] { touchDowns.append(TouchDown(time: t, point: touch, steps: group)) }
                if finger == nil { fingers.append(Finger(step: index, time: t, point: touch, lift: .infinity)) }
                t = motion.append(
                    .track(rawStart: rawStart, touchStart: touch, delta: delta, duration: length, easing: .linear, along: along),
                    from: t, length: length)
                fingers[fingers.count - 1].lift = t
                let end = motion.cut(at: t)
                motion.release(at: t, offset: end.offset, velocity: motion.contentVelocity(finger: velocity, at: end.offset))
                finger = nil
            case .scrollTo(let offset, let length, let easing):
                guard finger == nil else {
                    throw ScriptError(step: index, message: "scrollTo: a finger is down; release it first")
                }
                let now = motion.cut(at: t)
                t = motion.append(.animate(from: now.offset, to: offset, duration: length, easing: easing), from: t, length: length)
                _ = motion.append(.rest(offset: offset), from: t, length: .infinity)
            }
        }
        motion.startTimedScrolls(before: .infinity, fingers: fingers)
        self.segments = motion.segments
        self.releases = motion.releases
        landings = motion.landings
        self.touchDowns = touchDowns
        self.fingers = fingers
        var settled = motion.segments.last.map { $0.start } ?? 0
        if duration == nil, axis == .vertical, sidewaysSteps == nil,
            steps.contains(where: { if case .sideways = $0 { return true } else { return false } })
        {
            // The sideways motion settles too before the end: compiled free of edges (a horizontal
            // scroll view's range is known only once a touch lands in one), as paging would not
            // take longer than a free coast.
            let free = -1e7...1e7
            let sideways = try GestureTimeline(
                steps: steps, physics: physics, bounds: free, viewportHeight: viewportHeight, touchPlacement: touchPlacement,
                duration: 0, axis: .horizontal, sidewaysPlacement: sidewaysPlacement)
            settled = max(settled, sideways.segments.last.map { $0.start } ?? 0)
        }
        // Long enough for the scroll indicator to fade out, so a looping GIF does not pop.
        self.duration = duration ?? (max(t, settled) + ScrollIndicator.fadeDelay + ScrollIndicator.fadeDuration + 0.05)
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
        if state.touch == nil, let press = presses.last(where: { $0.time <= time && time < $0.end }) {
            switch press.target {
            case .point(let p): state.touch = p
            case .view: state.touch = pressPoints[press.step]
            }
        }
        return state
    }

    /// Where the finger of a drag or fling is at `time` (its lift included), in screen points; nil
    /// when none is down.
    public func fingerPoint(at time: Double) -> Point? {
        for s in segments.reversed() where s.start <= time && time <= s.end {
            switch s.motion {
            case .track, .held:
                return GestureTimeline.evaluate(s, at: time, physics: physics, bounds: bounds, viewport: viewport).touch
            default:
                continue
            }
        }
        return nil
    }

    /// The taps and long presses of `steps`, with their times.
    static func presses(in steps: [Step]) -> [Press] {
        var t = 0.0
        var out: [Press] = []
        for (index, step) in steps.enumerated() {
            switch step {
            case .tap(let target):
                out.append(Press(step: index, time: t, duration: tapDuration, target: target, isLongPress: false))
            case .longPress(let target, let duration):
                out.append(Press(step: index, time: t, duration: duration, target: target, isLongPress: true))
            default:
                break
            }
            t += stepTime(step)
        }
        return out
    }

    /// The time a step takes.
    static func stepTime(_ step: Step) -> Double {
        switch step {
        case .wait(let s): return s
        case .drag(_, _, let d, _, _), .fling(_, let d, _), .scrollTo(_, let d, _): return d
        case .release: return 0
        case .sideways(let inner): return stepTime(inner)
        case .tap: return tapDuration
        case .longPress(_, let d): return d
        }
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
        case .track(let rawStart, let touchStart, let delta, let duration, let easing, let along):
            let p = duration > 0 ? easing.progress(t / duration) : 1
            let moved = delta * p
            let offset = physics.displayed(raw: rawStart - moved, bounds: bounds, dimension: viewport)
            let touch = along.x == 0 ? Point(touchStart.x, touchStart.y + moved) : Point(touchStart.x + moved, touchStart.y)
            return ScrollState(offset: offset, phase: .tracking, touch: touch)
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
    public func recompiled(
        bounds: ClosedRange<Double>, viewportHeight: Double, releaseTargets: [Int: Double] = [:], pagedReleases: Set<Int> = [],
        tapScrolls: [Int: TapScroll]? = nil, timedScrolls: [TimedScroll]? = nil
    ) throws -> GestureTimeline {
        try GestureTimeline(
            steps: steps, startOffset: startOffset, physics: physics, bounds: bounds, viewportHeight: viewportHeight,
            touchPlacement: touchPlacement, duration: requestedDuration, releaseTargets: releaseTargets, axis: axis,
            sidewaysPlacement: sidewaysPlacement, sidewaysSteps: sidewaysSteps, pagedReleases: pagedReleases, excluding: excluding,
            tapScrolls: tapScrolls ?? self.tapScrolls, timedScrolls: timedScrolls ?? self.timedScrolls)
    }

    /// The same script's sideways steps (those in `taking`, nil: all) as a horizontal scroll
    /// view's motion: offsets over `bounds` from `startOffset`, `viewportWidth` its rubber band's.
    public func horizontal(
        taking: Set<Int>?, startOffset: Double, bounds: ClosedRange<Double>, viewportWidth: Double, releaseTargets: [Int: Double] = [:],
        pagedReleases: Set<Int> = []
    ) throws -> GestureTimeline {
        try GestureTimeline(
            steps: steps, startOffset: startOffset, physics: physics, bounds: bounds, viewportHeight: viewportWidth,
            touchPlacement: touchPlacement, duration: requestedDuration, releaseTargets: releaseTargets, axis: .horizontal,
            sidewaysPlacement: sidewaysPlacement, sidewaysSteps: taking, pagedReleases: pagedReleases, excluding: excluding)
    }

    /// The same script with the fingers whose first step is in `excluding` moving no scroll view
    /// (their steps are time passing on every axis): a UIKit screen delivers them as touches.
    package func excluding(_ fingers: Set<Int>) throws -> GestureTimeline {
        try GestureTimeline(
            steps: steps, startOffset: startOffset, physics: physics, bounds: bounds, viewportHeight: viewport,
            touchPlacement: touchPlacement, duration: requestedDuration, axis: axis, sidewaysPlacement: sidewaysPlacement,
            sidewaysSteps: sidewaysSteps, pagedReleases: pagedReleases, excluding: fingers, tapScrolls: tapScrolls, timedScrolls: timedScrolls)
    }

    /// Paging: where a release comes to rest on a scroll view of pages `page` points long (its
    /// bounds' length): the next page in the release's direction when it is fast enough (over 0.3
    /// points per millisecond), else the nearest page, within `range`.
    public static func pageTarget(_ r: Release, page: Double, range: ClosedRange<Double>) -> Double {
        let current = (r.offset / page).rounded(.down)
        var target: Double
        if r.velocity > 300 {
            target = (current + 1) * page
        } else if r.velocity < -300 {
            target = current * page
        } else {
            target = (r.offset / page).rounded() * page
        }
        target = min(max(target, range.lowerBound), range.upperBound)
        return target
    }

    /// Whether the script swipes sideways at all.
    public var hasSidewaysSteps: Bool { steps.contains { if case .sideways = $0 { return true } else { return false } } }

    /// `steps` as `axis` sees them, one for one (so a step's index is the script's): the other
    /// axis's steps, and sideways steps not `taking`, become the time they take; a release goes to
    /// the axis whose finger is down. Also, on the horizontal axis, the step groups of its touches
    /// by the index of their first step. A finger on one axis while one is down on the other is
    /// refused (a diagonal or two-finger gesture is not modelled).
    static func project(_ steps: [Step], onto axis: Axis, taking: Set<Int>?, excluding: Set<Int> = []) throws -> ([Step], [Int: [Int]]) {
        var out: [Step] = []
        var groups: [Int: [Int]] = [:]
        var down: (axis: Axis, taken: Bool, first: Int)?
        func time(_ step: Step) -> Double { stepTime(step) }
        for (index, step) in steps.enumerated() {
            var stepAxis = Axis.vertical
            var inner = step
            if case .sideways(let s) = step {
                stepAxis = .horizontal
                inner = s
                switch s {
                case .drag(_, let to, _, _, _):
                    if to != nil { throw ScriptError(step: index, message: "a sideways drag takes by (finger points, positive moves right), not to") }
                case .fling: break
                default: throw ScriptError(step: index, message: "only a drag or a fling goes sideways")
                }
            }
            if case .release = step, let d = down { stepAxis = d.axis }
            switch step {
            case .tap, .longPress:
                let name: String
                if case .tap = step { name = "tap" } else { name = "longPress" }
                if down != nil {
                    throw ScriptError(step: index, message: "\(name): a finger is down on a drag; release it first (two fingers at once are not supported)")
                }
                out.append(.wait(time(step)))
                continue
            default:
                break
            }
            let passesTime: Bool
            if case .wait = step { passesTime = true } else { passesTime = false }
            if let d = down, d.axis != stepAxis, !passesTime {
                let name: String
                switch inner {
                case .scrollTo: name = "scrollTo"
                case .fling: name = "fling"
                default: name = "drag"
                }
                let other = d.axis == .horizontal ? "sideways" : "vertical"
                let why = name == "scrollTo" ? "" : " (a diagonal or two-finger drag is not supported)"
                throw ScriptError(step: index, message: "\(name): a finger is down on a \(other) drag; release it first\(why)")
            }
            let excluded: Bool
            switch inner {
            case .drag, .fling, .release: excluded = excluding.contains(down?.first ?? index)
            default: excluded = false
            }
            let taken =
                stepAxis == axis && !excluded && (axis == .vertical || down.map { $0.taken } ?? (taking?.contains(index) ?? true))
            switch inner {
            case .drag, .fling:
                if down == nil { down = (stepAxis, taken, index) }
                if stepAxis == .horizontal, taken, let first = down?.first { groups[first, default: []].append(index) }
                if case .fling = inner { down = nil }
            case .release:
                if stepAxis == .horizontal, taken, let first = down?.first { groups[first, default: []].append(index) }
                down = nil
            default:
                break
            }
            out.append(taken ? inner : .wait(time(inner)))
        }
        return (out, axis == .horizontal ? groups : [:])
    }

    /// The scroll view's valid range the timeline was compiled for.
    public var offsetBounds: ClosedRange<Double> { bounds }
}

extension GestureTimeline {
    /// The segments a script compiles to, built step by step: a step cuts the motion under way
    /// and appends its own; a release appends the free motion after it (and is recorded).
    fileprivate struct MotionBuilder {
        var segments: [Segment]
        let physics: ScrollPhysics
        let bounds: ClosedRange<Double>
        let viewport: Double
        let releaseTargets: [Int: Double]
        let pagedReleases: Set<Int>
        var releases: [Release] = []
        /// The screen's scrolls (`TimedScroll`) not started yet, in time order.
        var timed: ArraySlice<TimedScroll> = []

        func evaluate(_ s: Segment, _ time: Double) -> ScrollState {
            GestureTimeline.evaluate(s, at: time, physics: physics, bounds: bounds, viewport: viewport)
        }
        /// Ends the motion under way at `time` and returns its state then.
        mutating func cut(at time: Double) -> ScrollState {
            let i = segments.lastIndex { $0.start <= time } ?? 0
            let state = evaluate(segments[i], time)
            segments.removeSubrange((i + 1)...)
            segments[i].end = time
            if segments[i].end <= segments[i].start { segments.removeLast() }
            return state
        }
        /// A scroll the screen starts at `time`: from where the content is then to its offset.
        mutating func scroll(_ scroll: TapScroll, at time: Double) {
            let now = cut(at: time)
            let end = append(
                .animate(from: now.offset, to: scroll.offset, duration: scroll.duration, easing: scroll.easing), from: time, length: scroll.duration)
            _ = append(.rest(offset: scroll.offset), from: end, length: .infinity)
        }
        /// The screen's scrolls made before `time` start, each from where the content is then,
        /// unless one of `fingers` is down (it wins). (One made at a step's time starts after that
        /// step: after the release that lifts a finger then; a drag starting then wins over it.)
        mutating func startTimedScrolls(before time: Double, fingers: [Finger]) {
            while let next = timed.first, next.time < time {
                timed.removeFirst()
                let at = next.time
                guard !fingers.contains(where: { $0.time <= at + 1e-9 && at < $0.lift - 1e-9 }) else { continue }
                scroll(next.scroll, at: at)
            }
        }
        /// When each animated scroll that ran to its end (not cut by a later one or a step) lands.
        var landings: [Double] {
            segments.compactMap { s in
                guard case .animate(_, _, let length, _) = s.motion, abs(s.end - s.start - length) < 1e-9 else { return nil }
                return s.end
            }
        }
        mutating func append(_ motion: Motion, from start: Double, length: Double) -> Double {
            segments.append(Segment(start: start, end: start + length, motion: motion))
            return start + length
        }
        /// Free motion after the finger lifts: deceleration, a bounce at an edge, rest.
        mutating func release(at time: Double, offset x: Double, velocity v: Double) {
            let ordinal = releases.count
            releases.append(Release(time: time, offset: x, velocity: v, target: x))
            defer {
                releases[ordinal].target =
                    segments.last.map {
                        GestureTimeline.evaluate($0, at: $0.start, physics: physics, bounds: bounds, viewport: viewport).offset
                    } ?? x
            }
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
                var rate = natural > 0 ? min(max(natural, 2), 20) : 8
                if pagedReleases.contains(ordinal) { rate = max(rate, 10) }
                let end = append(
                    .approach(x0: x, target: goal, rate: rate), from: time, length: naturalLog(abs(distance) / physics.settleDistance) / rate)
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

        func contentVelocity(finger v: Double, at offset: Double) -> Double {
            // The finger moving down (positive) pulls the offset down; past an edge the content
            // follows the finger at the rubber band's slope.
            let raw = -v
            let lo = bounds.lowerBound, hi = bounds.upperBound
            if offset < lo {
                let x = physics.rawOverscroll(displayed: lo - offset, dimension: viewport)
                return raw * physics.rubberBandSlope(x, dimension: viewport)
            }
            if offset > hi {
                let x = physics.rawOverscroll(displayed: offset - hi, dimension: viewport)
                return raw * physics.rubberBandSlope(x, dimension: viewport)
            }
            return raw
        }
    }
}

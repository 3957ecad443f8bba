import Raster

/// The scroll state of one frame: what the effects are functions of. Everything a frame draws is
/// a function of this state, so two frames with equal states have identical pixels (the frame
/// pipeline reuses the encoded PNG of a repeated state: holds and waits cost nothing).
public struct ScrollState: Hashable, Sendable {
    /// Distance scrolled from the rest position, in points: 0 at rest, negative when pulled down
    /// (the effects' `u`; UIKit's contentOffset.y is `u - contentInset.top`).
    public var offset: Double
    /// What the scroll view is doing.
    public var phase: ScrollPhase
    /// Where the finger touches the screen, in points, while one is down.
    public var touch: Point?
    /// The scroll indicator's opacity: 1 while scrolling and for 1.2 s after, then fading out.
    public var indicatorOpacity: Double

    public init(offset: Double, phase: ScrollPhase, touch: Point? = nil, indicatorOpacity: Double = 0) {
        self.offset = offset; self.phase = phase; self.touch = touch; self.indicatorOpacity = indicatorOpacity
    }
}

/// What a scroll view is doing, as SwiftUI's `ScrollPhase` names it (the manifest writes the names).
public enum ScrollPhase: String, Hashable, Sendable, CaseIterable {
    /// At rest.
    case idle
    /// A finger is down.
    case tracking
    /// Coasting after a fling.
    case decelerating
    /// The spring at an edge.
    case bouncing
    /// Keyframes or scrollTo.
    case animating
}

/// Turns time into scroll state. A frame is a pure function of its index: frame i is at
/// t = i / fps and its state is `state(at: t)`, whatever was rendered before.
///
/// This is the seam for physics and gesture scripts: anything that can say where the content is
/// at time t plugs in here.
public protocol ScrollTimeline: Sendable {
    /// Seconds from the first frame to the end of the last segment.
    var duration: Double { get }
    func state(at time: Double) -> ScrollState
}

/// Timing curves for keyframed motion (Core Animation's named timing functions).
public enum Easing: String, Sendable, CaseIterable {
    case linear, easeIn, easeOut, easeInOut

    /// Progress (0...1) at time fraction `t` (0...1).
    public func progress(_ t: Double) -> Double {
        let t = min(max(t, 0), 1)
        switch self {
        case .linear: return t
        default: return curve.value(at: t)
        }
    }

    /// Core Animation's control points for the name (`CubicCurve`).
    public var curve: CubicCurve {
        switch self {
        case .linear: return .linear
        case .easeIn: return .easeIn
        case .easeOut: return .easeOut
        case .easeInOut: return .easeInOut
        }
    }

    /// y at x = t on the cubic Bezier from (0,0) to (1,1) with control points (x1,y1), (x2,y2).
    static func cubicBezier(_ t: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
        CubicCurve(x1: x1, y1: y1, x2: x2, y2: y2).value(at: t)
    }
}

/// Offset keyframes: the offset holds at each keyframe's value and moves to the next one along
/// that keyframe's easing.
public struct KeyframeTimeline: ScrollTimeline {
    public struct Keyframe: Equatable, Sendable {
        public var time: Double
        public var offset: Double
        /// The curve of the segment that arrives at this keyframe.
        public var easing: Easing
        public init(time: Double, offset: Double, easing: Easing = .easeInOut) {
            self.time = time; self.offset = offset; self.easing = easing
        }
    }

    /// Sorted by time, at least one.
    public let keyframes: [Keyframe]
    public let duration: Double

    /// `duration` defaults to the last keyframe's time.
    public init(keyframes: [Keyframe], duration: Double? = nil) {
        precondition(!keyframes.isEmpty, "a keyframe timeline needs at least one keyframe")
        self.keyframes = keyframes.sorted { $0.time < $1.time }
        self.duration = duration ?? self.keyframes.last!.time
    }

    public func state(at time: Double) -> ScrollState {
        let first = keyframes[0]
        if time <= first.time { return ScrollState(offset: first.offset, phase: .idle) }
        // When the content last moved: the end of the latest moving segment that started before `time`.
        var lastMotionEnd: Double?
        for i in 1..<keyframes.count where keyframes[i - 1].offset != keyframes[i].offset && keyframes[i - 1].time < time {
            lastMotionEnd = keyframes[i].time
        }
        let since = lastMotionEnd.map { max(0, time - $0) }
        let opacity = ScrollIndicator.opacity(sinceMotion: since)
        for i in 1..<max(keyframes.count, 1) {
            let a = keyframes[i - 1], b = keyframes[i]
            if time < b.time {
                let span = b.time - a.time
                let p = span > 0 ? b.easing.progress((time - a.time) / span) : 1
                let moving = a.offset != b.offset
                return ScrollState(
                    offset: a.offset + (b.offset - a.offset) * p, phase: moving ? .animating : .idle,
                    indicatorOpacity: opacity)
            }
        }
        return ScrollState(offset: keyframes.last!.offset, phase: .idle, indicatorOpacity: opacity)
    }
}

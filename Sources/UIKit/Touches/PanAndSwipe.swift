import Foundation

/// Recognizes a finger dragged at least `hysteresis` (10) points from where it landed: began
/// then, changed as it moves, ended when it lifts (failed if it lifts first). The translation
/// counts from where the finger landed, so the first one reported is already 10 points or more
/// long; the velocity is the finger's over its last two samples (the frame clock's: one a frame,
/// and one where it lifts), zero once it has held still.
/// https://developer.apple.com/documentation/uikit/uipangesturerecognizer
@preconcurrency @MainActor open class UIPanGestureRecognizer: UIGestureRecognizer {
    /// https://developer.apple.com/documentation/uikit/uipangesturerecognizer/minimumnumberoftouches
    open var minimumNumberOfTouches = 1
    /// https://developer.apple.com/documentation/uikit/uipangesturerecognizer/maximumnumberoftouches
    open var maximumNumberOfTouches = Int.max

    /// How far (points) a finger moves before a pan begins. UIKit does not document it; 10 points
    /// is the figure commonly reported for the pan recognizer (not measured here): a drag of 9
    /// points stays a possible pan, one of 10 begins it.
    static let hysteresis: CGFloat = 10

    /// Where the translation counts from, in the window's points.
    private var origin: CGPoint?
    /// The finger's last places, with their times (the scenario's seconds).
    private var samples: [(time: TimeInterval, point: CGPoint)] = []
    /// The scroll view this is the pan of (its `panGestureRecognizer`): moved by the scroll's
    /// motion, not by touches.
    weak var scrollView: UIScrollView?
    /// A velocity given at the lift (a scroll's release), in the window's points per second.
    private var liftVelocity: CGPoint?

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard state == .possible else { return }
        if numberOfTouches > maximumNumberOfTouches {
            state = .failed
            return
        }
        let p = location(in: nil)
        if origin == nil { origin = p }
        sample(p, at: event.timestamp)
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        let p = location(in: nil)
        sample(p, at: event.timestamp)
        switch state {
        case .possible:
            guard let o = origin, numberOfTouches >= minimumNumberOfTouches else { return }
            if hypot(p.x - o.x, p.y - o.y) >= Self.hysteresis { state = .began }
        case .began, .changed:
            state = .changed
        default:
            break
        }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        // A finger still since its last sample: the velocity at the lift is zero.
        sample(location(in: nil), at: event.timestamp)
        switch state {
        case .possible: state = .failed
        case .began, .changed: state = .ended
        default: break
        }
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        switch state {
        case .possible: state = .failed
        case .began, .changed: state = .cancelled
        default: break
        }
    }

    open override func reset() {
        super.reset()
        origin = nil
        samples = []
        liftVelocity = nil
    }

    private func sample(_ p: CGPoint, at time: TimeInterval) {
        if let last = samples.last, time <= last.time {
            samples[samples.count - 1].point = p
            return
        }
        samples.append((time, p))
        if samples.count > 2 { samples.removeFirst(samples.count - 2) }
    }

    /// How far the finger has moved since it landed (or since `setTranslation`), in `view`'s
    /// coordinate system (nil: the window's).
    /// https://developer.apple.com/documentation/uikit/uipangesturerecognizer/translation(in:)
    open func translation(in view: UIView?) -> CGPoint {
        guard let o = origin else { return .zero }
        let p = location(in: nil)
        return Self.vector(CGPoint(x: p.x - o.x, y: p.y - o.y), in: view)
    }

    /// Makes the translation `translation` (in `view`'s coordinates) from here, and the velocity
    /// start over.
    /// https://developer.apple.com/documentation/uikit/uipangesturerecognizer/settranslation(_:in:)
    open func setTranslation(_ translation: CGPoint, in view: UIView?) {
        let p = location(in: nil)
        let w = Self.vector(translation, from: view)
        origin = CGPoint(x: p.x - w.x, y: p.y - w.y)
        if let last = samples.last { samples = [last] }
        liftVelocity = nil
    }

    /// The finger's velocity in points per second in `view`'s coordinate system (nil: the
    /// window's): between its last two samples.
    /// https://developer.apple.com/documentation/uikit/uipangesturerecognizer/velocity(in:)
    open func velocity(in view: UIView?) -> CGPoint {
        if let v = liftVelocity { return Self.vector(v, in: view) }
        guard samples.count >= 2 else { return .zero }
        let a = samples[samples.count - 2], b = samples[samples.count - 1]
        let dt = CGFloat(b.time - a.time)
        guard dt > 0 else { return .zero }
        return Self.vector(CGPoint(x: (b.point.x - a.point.x) / dt, y: (b.point.y - a.point.y) / dt), in: view)
    }

    /// A window vector in `view`'s coordinates (its rotation and scale applied).
    private static func vector(_ v: CGPoint, in view: UIView?) -> CGPoint {
        guard let view else { return v }
        let a = view.convert(CGPoint.zero, from: nil), b = view.convert(v, from: nil)
        return CGPoint(x: b.x - a.x, y: b.y - a.y)
    }

    /// A vector of `view`'s in the window's coordinates.
    private static func vector(_ v: CGPoint, from view: UIView?) -> CGPoint {
        guard let view else { return v }
        let a = view.convert(CGPoint.zero, to: nil), b = view.convert(v, to: nil)
        return CGPoint(x: b.x - a.x, y: b.y - a.y)
    }

    // MARK: A scroll view's pan (moved by the scenario's scroll motion)

    /// The scroll's finger landed at `point` at `time` and is at `now` at `nowTime`: began.
    func scrollBegan(at point: CGPoint, time: TimeInterval, now: CGPoint, nowTime: TimeInterval) {
        resetForNextGesture()
        origin = point
        lastLocation = point
        samples = [(time, point)]
        sample(now, at: nowTime)
        lastLocation = now
        state = .began
        settledState = .began
    }

    /// The scroll's finger is at `point` at `time`: changed, if it moved (true then).
    func scrollMoved(to point: CGPoint, at time: TimeInterval) -> Bool {
        guard state == .began || state == .changed, point != lastLocation else { return false }
        sample(point, at: time)
        lastLocation = point
        state = .changed
        settledState = .changed
        return true
    }

    /// The scroll's finger lifted at `point` with `velocity` (window points per second): ended.
    func scrollEnded(at point: CGPoint, time: TimeInterval, velocity: CGPoint) {
        sample(point, at: time)
        lastLocation = point
        liftVelocity = velocity
        state = .ended
        settledState = .ended
    }
}

/// Recognizes a finger moved mostly along `direction` far and fast enough: at least 50 points
/// along it, no more than 50 across it (or further along than across), within 0.5 s of landing.
/// Recognized (ended) at once when the finger gets that far, as a discrete gesture; failed when
/// it moves the other way, too far across, takes too long, or lifts first.
/// https://developer.apple.com/documentation/uikit/uiswipegesturerecognizer
@preconcurrency @MainActor open class UISwipeGestureRecognizer: UIGestureRecognizer {
    /// https://developer.apple.com/documentation/uikit/uiswipegesturerecognizer/direction-swift.struct
    public struct Direction: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let right = Direction(rawValue: 1 << 0)
        public static let left = Direction(rawValue: 1 << 1)
        public static let up = Direction(rawValue: 1 << 2)
        public static let down = Direction(rawValue: 1 << 3)
    }

    /// The directions that count (default: right).
    /// https://developer.apple.com/documentation/uikit/uiswipegesturerecognizer/direction-swift.property
    open var direction: Direction = .right
    /// https://developer.apple.com/documentation/uikit/uiswipegesturerecognizer/numberoftouchesrequired
    open var numberOfTouchesRequired = 1

    /// The distance along the direction a swipe needs, in points.
    static let minimumDistance: CGFloat = 50
    /// The time a swipe may take to get that far, in seconds.
    static let maximumDuration: TimeInterval = 0.5

    private var start: (time: TimeInterval, point: CGPoint)?

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard state == .possible else { return }
        if numberOfTouches > numberOfTouchesRequired {
            state = .failed
            return
        }
        if start == nil { start = (event.timestamp, location(in: nil)) }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard state == .possible, let s = start else { return }
        let p = location(in: nil)
        let dx = p.x - s.point.x, dy = p.y - s.point.y
        let horizontal = abs(dx) >= abs(dy)
        let along = horizontal ? abs(dx) : abs(dy), across = horizontal ? abs(dy) : abs(dx)
        let moving: Direction = horizontal ? (dx > 0 ? .right : .left) : (dy > 0 ? .down : .up)
        if event.timestamp - s.time > Self.maximumDuration {
            state = .failed
            return
        }
        guard along >= Self.minimumDistance else { return }
        if !direction.contains(moving) || across > Self.minimumDistance || numberOfTouches != numberOfTouchesRequired {
            state = .failed
            return
        }
        state = .ended
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .possible { state = .failed }
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .possible { state = .failed }
    }

    open override func reset() {
        super.reset()
        start = nil
    }
}

/// A pan that starts at an edge of the screen: the finger must land within `edgeWidth` points of
/// one of `edges` (of the window) and move away from that edge, mostly along the axis across it;
/// it then begins as a pan does, 10 points from where it landed. Landing elsewhere, or moving
/// along the edge or back toward it first, fails it. Apple does not document the edge's width:
/// 20 points is assumed (the margin UIKit's back-swipe is commonly reported to start within).
/// https://developer.apple.com/documentation/uikit/uiscreenedgepangesturerecognizer
@preconcurrency @MainActor open class UIScreenEdgePanGestureRecognizer: UIPanGestureRecognizer {
    /// The edges the gesture may start at (none by default: set it, e.g. `.left`).
    /// https://developer.apple.com/documentation/uikit/uiscreenedgepangesturerecognizer/edges
    open var edges: UIRectEdge = []

    /// How close to an edge the finger must land, in points (assumed).
    static let edgeWidth: CGFloat = 20

    /// The edge the finger landed at.
    private var edge: UIRectEdge?

    /// The edge of `edges` within `edgeWidth` of `point` (window points) in a window of `size`.
    static func edge(at point: CGPoint, of edges: UIRectEdge, size: CGSize) -> UIRectEdge? {
        if edges.contains(.left), point.x <= edgeWidth { return .left }
        if edges.contains(.right), point.x >= size.width - edgeWidth { return .right }
        if edges.contains(.top), point.y <= edgeWidth { return .top }
        if edges.contains(.bottom), point.y >= size.height - edgeWidth { return .bottom }
        return nil
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard state == .possible else { return }
        if edge == nil {
            let size = touches.first?.window?.bounds.size ?? view?.window?.bounds.size ?? .zero
            guard let found = Self.edge(at: location(in: nil), of: edges, size: size) else {
                state = .failed
                return
            }
            edge = found
        }
        super.touchesBegan(touches, with: event)
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .possible, let edge {
            // Away from the edge, and more across it than along it, before the pan may begin.
            let t = translation(in: nil)
            let away: CGFloat, along: CGFloat
            switch edge {
            case .left: (away, along) = (t.x, t.y)
            case .right: (away, along) = (-t.x, t.y)
            case .top: (away, along) = (t.y, t.x)
            default: (away, along) = (-t.y, t.x)
            }
            if hypot(t.x, t.y) >= Self.hysteresis, away <= abs(along) {
                state = .failed
                return
            }
        }
        super.touchesMoved(touches, with: event)
    }

    open override func reset() {
        super.reset()
        edge = nil
    }
}

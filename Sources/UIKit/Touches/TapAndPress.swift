import Foundation

/// Recognizes `numberOfTapsRequired` taps in a row (each landing within 0.35 s of the last lift
/// and 45 points of the first tap) by `numberOfTouchesRequired` fingers; fails when a finger
/// moves more than 45 points or the next tap does not come in time. Recognized (ended) when the
/// last tap lifts.
/// https://developer.apple.com/documentation/uikit/uitapgesturerecognizer
@preconcurrency @MainActor open class UITapGestureRecognizer: UIGestureRecognizer {
    /// https://developer.apple.com/documentation/uikit/uitapgesturerecognizer/numberoftapsrequired
    open var numberOfTapsRequired = 1
    /// https://developer.apple.com/documentation/uikit/uitapgesturerecognizer/numberoftouchesrequired
    open var numberOfTouchesRequired = 1

    static let interval: TimeInterval = 0.35
    static let movement: CGFloat = 45
    private var taps = 0
    private var start: CGPoint?

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard state == .possible, let touch = touches.first else { return }
        deadline = nil
        let p = touch.location(in: nil)
        if let s = start, hypot(p.x - s.x, p.y - s.y) > Self.movement {
            state = .failed
            return
        }
        if start == nil { start = p }
        if numberOfTouches > numberOfTouchesRequired { state = .failed }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard state == .possible, let touch = touches.first, let s = start else { return }
        let p = touch.location(in: nil)
        if hypot(p.x - s.x, p.y - s.y) > Self.movement { state = .failed }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        guard state == .possible else { return }
        guard numberOfTouchesRequired <= 1 else {
            // One finger at a time is what a scenario gives.
            state = .failed
            return
        }
        taps += 1
        if taps >= numberOfTapsRequired {
            state = .ended
        } else {
            deadline = event.timestamp + Self.interval
        }
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .possible { state = .failed }
    }

    override func timeReached(_ time: TimeInterval) {
        if state == .possible { state = .failed }
    }

    open override func reset() {
        super.reset()
        taps = 0
        start = nil
    }
}

/// Recognizes a finger held still (within `allowableMovement` points) for `minimumPressDuration`
/// seconds: began then, changed as it moves, ended when it lifts.
/// https://developer.apple.com/documentation/uikit/uilongpressgesturerecognizer
@preconcurrency @MainActor open class UILongPressGestureRecognizer: UIGestureRecognizer {
    /// https://developer.apple.com/documentation/uikit/uilongpressgesturerecognizer/minimumpressduration
    open var minimumPressDuration: TimeInterval = 0.5
    /// https://developer.apple.com/documentation/uikit/uilongpressgesturerecognizer/allowablemovement
    open var allowableMovement: CGFloat = 10
    /// Taps before the press (0: the press alone).
    /// https://developer.apple.com/documentation/uikit/uilongpressgesturerecognizer/numberoftapsrequired
    open var numberOfTapsRequired = 0
    /// https://developer.apple.com/documentation/uikit/uilongpressgesturerecognizer/numberoftouchesrequired
    open var numberOfTouchesRequired = 1

    private var start: CGPoint?
    private var taps = 0

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard state == .possible, let touch = touches.first else { return }
        if taps < numberOfTapsRequired {
            deadline = nil
            return
        }
        start = touch.location(in: nil)
        deadline = event.timestamp + minimumPressDuration
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let touch = touches.first else { return }
        switch state {
        case .possible:
            guard let s = start else { return }
            let p = touch.location(in: nil)
            if hypot(p.x - s.x, p.y - s.y) > allowableMovement { state = .failed }
        case .began, .changed:
            state = .changed
        default:
            break
        }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        switch state {
        case .possible:
            if taps < numberOfTapsRequired {
                taps += 1
                deadline = event.timestamp + UITapGestureRecognizer.interval
            } else {
                state = .failed
            }
        case .began, .changed:
            state = .ended
        default:
            break
        }
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        switch state {
        case .possible: state = .failed
        case .began, .changed: state = .cancelled
        default: break
        }
    }

    override func timeReached(_ time: TimeInterval) {
        guard state == .possible else { return }
        // Waiting for a tap before the press that did not come, or the press held long enough.
        if start == nil { state = .failed } else if numberOfTouches > 0 { state = .began } else { state = .failed }
    }

    open override func reset() {
        super.reset()
        start = nil
        taps = 0
    }
}

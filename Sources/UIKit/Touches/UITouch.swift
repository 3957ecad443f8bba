import Foundation

/// A finger on the screen: the scenario's taps and long presses (`tap:`, `longPress:` steps), with
/// times on the frame clock (the scenario's seconds) and places in the window's points.
/// https://developer.apple.com/documentation/uikit/uitouch
@preconcurrency @MainActor open class UITouch: NSObject {
    /// https://developer.apple.com/documentation/uikit/uitouch/phase-swift.enum
    public enum Phase: Int, Sendable {
        case began = 0, moved, stationary, ended, cancelled, regionEntered, regionMoved, regionExited
    }

    /// https://developer.apple.com/documentation/uikit/uitouch/touchtype
    public enum TouchType: Int, Sendable {
        case direct = 0, indirect, pencil, indirectPointer
    }

    /// https://developer.apple.com/documentation/uikit/uitouch/phase-swift.property
    open internal(set) var phase = Phase.began
    /// How many taps in a row this one is: 1, or one more than a touch that lifted less than
    /// 0.35 s before this one landed within 45 points of it.
    /// https://developer.apple.com/documentation/uikit/uitouch/tapcount
    open internal(set) var tapCount = 1
    /// When the touch last changed, in the scenario's seconds.
    /// https://developer.apple.com/documentation/uikit/uitouch/timestamp
    open internal(set) var timestamp: TimeInterval = 0
    /// The view hit-tested where the touch landed (nil: none took it).
    /// https://developer.apple.com/documentation/uikit/uitouch/view
    open internal(set) var view: UIView?
    /// https://developer.apple.com/documentation/uikit/uitouch/window
    open internal(set) var window: UIWindow?
    /// The recognizers the touch is delivered to.
    /// https://developer.apple.com/documentation/uikit/uitouch/gesturerecognizers
    open internal(set) var gestureRecognizers: [UIGestureRecognizer]?
    /// A finger.
    /// https://developer.apple.com/documentation/uikit/uitouch/type
    open var type: TouchType { .direct }

    /// Where the finger is and was, in the window's coordinates.
    var point: CGPoint
    var previousPoint: CGPoint

    init(point: CGPoint, timestamp: TimeInterval) {
        self.point = point
        previousPoint = point
        self.timestamp = timestamp
        super.init()
    }

    /// The touch's place in `view`'s coordinates (nil: the window's).
    /// https://developer.apple.com/documentation/uikit/uitouch/location(in:)
    open func location(in view: UIView?) -> CGPoint { convert(point, to: view) }

    /// Where the touch was before its last move, in `view`'s coordinates (nil: the window's).
    /// https://developer.apple.com/documentation/uikit/uitouch/previouslocation(in:)
    open func previousLocation(in view: UIView?) -> CGPoint { convert(previousPoint, to: view) }

    private func convert(_ p: CGPoint, to target: UIView?) -> CGPoint {
        guard let target else { return p }
        return target.convert(p, from: window ?? target.window)
    }
}

/// One user interaction: the touches of the scenario's finger as they change.
/// https://developer.apple.com/documentation/uikit/uievent
@preconcurrency @MainActor open class UIEvent: NSObject {
    /// https://developer.apple.com/documentation/uikit/uievent/eventtype
    public enum EventType: Int, Sendable {
        case touches = 0, motion, remoteControl, presses, scroll = 10, hover, transform
    }

    /// https://developer.apple.com/documentation/uikit/uievent/eventsubtype
    public enum EventSubtype: Int, Sendable {
        case none = 0
    }

    /// Touch events (the only kind delivered).
    /// https://developer.apple.com/documentation/uikit/uievent/type
    open var type: EventType { .touches }
    /// https://developer.apple.com/documentation/uikit/uievent/subtype
    open var subtype: EventSubtype { .none }
    /// When the event happened, in the scenario's seconds.
    /// https://developer.apple.com/documentation/uikit/uievent/timestamp
    open internal(set) var timestamp: TimeInterval = 0

    var touchList: [UITouch] = []

    public override init() { super.init() }

    /// The event's touches (nil when it has none).
    /// https://developer.apple.com/documentation/uikit/uievent/alltouches
    open var allTouches: Set<UITouch>? { touchList.isEmpty ? nil : Set(touchList) }

    /// The touches whose view is `view`.
    /// https://developer.apple.com/documentation/uikit/uievent/touches(for:)-6w2ef
    open func touches(for view: UIView) -> Set<UITouch>? {
        let found = touchList.filter { $0.view === view }
        return found.isEmpty ? nil : Set(found)
    }

    /// The touches in `window`.
    /// https://developer.apple.com/documentation/uikit/uievent/touches(for:)-4xuog
    open func touches(for window: UIWindow) -> Set<UITouch>? {
        let found = touchList.filter { $0.window === window }
        return found.isEmpty ? nil : Set(found)
    }

    /// The touches delivered to `gestureRecognizer`.
    /// https://developer.apple.com/documentation/uikit/uievent/touches(for:)-8q5ew
    open func touches(for gestureRecognizer: UIGestureRecognizer) -> Set<UITouch>? {
        let found = touchList.filter { $0.gestureRecognizers?.contains { $0 === gestureRecognizer } ?? false }
        return found.isEmpty ? nil : Set(found)
    }
}

import Foundation

/// The methods a gesture recognizer's delegate may implement (each optional).
/// https://developer.apple.com/documentation/uikit/uigesturerecognizerdelegate
@preconcurrency @MainActor public protocol UIGestureRecognizerDelegate: NSObjectProtocol {
    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool
    func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldRequireFailureOf otherGestureRecognizer: UIGestureRecognizer) -> Bool
    func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer, shouldBeRequiredToFailBy otherGestureRecognizer: UIGestureRecognizer) -> Bool
}

extension UIGestureRecognizerDelegate {
    public func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool { true }
    public func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool { false }
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldRequireFailureOf otherGestureRecognizer: UIGestureRecognizer)
        -> Bool
    { false }
    public func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer, shouldBeRequiredToFailBy otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool { false }
}

/// The base class of gesture recognizers: touches delivered to the recognizers of the touched view
/// and its superviews before the view, a state machine (possible, then began / changed / ended, or
/// recognized at once, or failed, or cancelled), target-action sent on each change of a recognized
/// gesture, a delegate, failure requirements, and the view's touches cancelled when a gesture is
/// recognized (`cancelsTouchesInView`). Actions reach their targets as a control's do: through
/// the methods their classes registered (`render-frames port` registers every `@objc` method).
/// https://developer.apple.com/documentation/uikit/uigesturerecognizer
@preconcurrency @MainActor open class UIGestureRecognizer: NSObject {
    /// https://developer.apple.com/documentation/uikit/uigesturerecognizer/state-swift.enum
    public enum State: Int, Sendable {
        case possible = 0, began, changed, ended, cancelled, failed
        public static let recognized = State.ended
    }

    /// Set by the recognizer as touches arrive; the run checks each change (`shouldBegin`,
    /// failure requirements) before sending actions.
    /// https://developer.apple.com/documentation/uikit/uigesturerecognizer/state-swift.property
    open var state = State.possible
    /// https://developer.apple.com/documentation/uikit/uigesturerecognizer/delegate
    open weak var delegate: UIGestureRecognizerDelegate?
    /// A disabled recognizer receives no touches; disabling one mid-gesture cancels it.
    /// https://developer.apple.com/documentation/uikit/uigesturerecognizer/isenabled
    open var isEnabled = true {
        didSet { if !isEnabled, state == .began || state == .changed { state = .cancelled } }
    }
    /// https://developer.apple.com/documentation/uikit/uigesturerecognizer/view
    open internal(set) weak var view: UIView?
    /// https://developer.apple.com/documentation/uikit/uigesturerecognizer/cancelstouchesinview
    open var cancelsTouchesInView = true
    /// https://developer.apple.com/documentation/uikit/uigesturerecognizer/delaystouchesbegan
    open var delaysTouchesBegan = false
    /// https://developer.apple.com/documentation/uikit/uigesturerecognizer/delaystouchesended
    open var delaysTouchesEnded = true
    /// https://developer.apple.com/documentation/uikit/uigesturerecognizer/name
    open var name: String?

    struct Target {
        weak var object: AnyObject?
        var action: Selector
    }
    private(set) var targets: [Target] = []
    /// The recognizers that must fail before this one may recognize (`require(toFail:)`).
    private(set) var failureRequirements: [UIGestureRecognizer] = []
    /// The touches this recognizer tracks now.
    var touches: [UITouch] = []
    /// When the recognizer wants to hear the time (a long press's minimum duration, a multiple
    /// tap's wait for the next tap): `timeReached(_:)` is called then, in the scenario's seconds.
    var deadline: TimeInterval?
    /// The state the run last acted on.
    var settledState = State.possible
    /// A recognition held until the recognizers it requires to fail have failed.
    var waitingState: State?
    /// UIKit's own handling of a recognizer it made (a navigation controller's interactive pop):
    /// whether it may begin (asked before the delegate), and its action (sent before the targets').
    var builtIn: (mayBegin: () -> Bool, action: () -> Void)?

    /// https://developer.apple.com/documentation/uikit/uigesturerecognizer/init(target:action:)
    public init(target: Any?, action: Selector?) {
        super.init()
        if let target, let action { addTarget(target, action: action) }
    }

    public convenience override init() { self.init(target: nil, action: nil) }

    /// https://developer.apple.com/documentation/uikit/uigesturerecognizer/addtarget(_:action:)
    open func addTarget(_ target: Any, action: Selector) {
        let object = target as AnyObject
        guard !targets.contains(where: { $0.object === object && $0.action == action }) else { return }
        targets.append(Target(object: object, action: action))
    }

    /// https://developer.apple.com/documentation/uikit/uigesturerecognizer/removetarget(_:action:)
    open func removeTarget(_ target: Any?, action: Selector?) {
        let object = target.map { $0 as AnyObject }
        targets.removeAll { (object == nil || $0.object === object) && (action == nil || $0.action == action) }
    }

    /// This recognizer recognizes only once `otherGestureRecognizer` has failed.
    /// https://developer.apple.com/documentation/uikit/uigesturerecognizer/require(tofail:)
    open func require(toFail otherGestureRecognizer: UIGestureRecognizer) {
        guard !failureRequirements.contains(where: { $0 === otherGestureRecognizer }) else { return }
        failureRequirements.append(otherGestureRecognizer)
    }

    /// https://developer.apple.com/documentation/uikit/uigesturerecognizer/shouldrequirefailure(of:)
    open func shouldRequireFailure(of otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }
    /// https://developer.apple.com/documentation/uikit/uigesturerecognizer/shouldberequiredtofail(by:)
    open func shouldBeRequiredToFail(by otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }
    /// https://developer.apple.com/documentation/uikit/uigesturerecognizer/canprevent(_:)
    open func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool { true }
    /// https://developer.apple.com/documentation/uikit/uigesturerecognizer/canbeprevented(by:)
    open func canBePrevented(by preventingGestureRecognizer: UIGestureRecognizer) -> Bool { true }

    /// The centroid of the touches (the last one's place after they lifted), in `view`'s
    /// coordinates (nil: the window's).
    /// https://developer.apple.com/documentation/uikit/uigesturerecognizer/location(in:)
    open func location(in view: UIView?) -> CGPoint {
        guard !touches.isEmpty else { return lastLocation.map { convert($0, to: view) } ?? .zero }
        var x: CGFloat = 0, y: CGFloat = 0
        for t in touches {
            let p = t.location(in: view)
            x += p.x; y += p.y
        }
        let n = CGFloat(touches.count)
        return CGPoint(x: x / n, y: y / n)
    }
    /// The place of the last touch, in the window, kept after it lifts.
    var lastLocation: CGPoint?
    private weak var lastWindow: UIWindow?

    private func convert(_ p: CGPoint, to target: UIView?) -> CGPoint {
        guard let target else { return p }
        return target.convert(p, from: lastWindow ?? target.window)
    }

    /// https://developer.apple.com/documentation/uikit/uigesturerecognizer/location(oftouch:in:)
    open func location(ofTouch touchIndex: Int, in view: UIView?) -> CGPoint {
        touches.indices.contains(touchIndex) ? touches[touchIndex].location(in: view) : .zero
    }

    /// https://developer.apple.com/documentation/uikit/uigesturerecognizer/numberoftouches
    open var numberOfTouches: Int { touches.count }

    // MARK: For subclasses (UIGestureRecognizerSubclass)

    /// https://developer.apple.com/documentation/uikit/uigesturerecognizer/touchesbegan(_:with:)
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {}
    /// https://developer.apple.com/documentation/uikit/uigesturerecognizer/touchesmoved(_:with:)
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {}
    /// https://developer.apple.com/documentation/uikit/uigesturerecognizer/touchesended(_:with:)
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {}
    /// https://developer.apple.com/documentation/uikit/uigesturerecognizer/touchescancelled(_:with:)
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {}
    /// Back to `.possible` once a gesture is over (recognized, failed or cancelled).
    /// https://developer.apple.com/documentation/uikit/uigesturerecognizer/reset()
    open func reset() {}
    /// https://developer.apple.com/documentation/uikit/uigesturerecognizer/ignore(_:for:)
    open func ignore(_ touch: UITouch, for event: UIEvent) { touches.removeAll { $0 === touch } }

    /// The time `deadline` named has come (at `time`, the scenario's seconds).
    func timeReached(_ time: TimeInterval) {}

    // MARK: Delivery (TouchDelivery.swift)

    func receive(_ touch: UITouch) {
        if !touches.contains(where: { $0 === touch }) { touches.append(touch) }
        lastLocation = touch.point
        lastWindow = touch.window
    }

    func release(_ touch: UITouch) {
        lastLocation = touch.point
        touches.removeAll { $0 === touch }
    }

    /// Back to possible, forgetting the gesture.
    func resetForNextGesture() {
        reset()
        state = .possible
        settledState = .possible
        waitingState = nil
        deadline = nil
        touches = []
    }

    /// Sends the actions to the targets, in the order they were added.
    func sendActions() {
        builtIn?.action()
        for target in targets {
            guard let object = target.object else { continue }
            guard let sent = InterfaceBuilderClasses.send(target.action.name, to: object, from: self, event: nil) else {
                Diagnostics.once(
                    "selector \(target.action.name)",
                    "\(type(of: self)): the action \(target.action.name) was not sent: \(type(of: object)) registered no such action "
                        + "(no Objective-C runtime finds methods by name; register it with UIStoryboard.register)")
                continue
            }
            if !sent {
                Diagnostics.once(
                    "selector \(target.action.name)", "\(type(of: self)): the action \(target.action.name) of \(type(of: object)) does not take a \(type(of: self))")
            }
        }
    }
}

import Foundation

/// The base class for controls: a state (enabled, selected, highlighted), how content aligns, and
/// the targets and actions that events reach. The scenario's taps track as UIKit tracks a finger:
/// `beginTracking` and `.touchDown` when it lands (highlighted while it is down), `continueTracking`
/// and the drag events as it moves, `endTracking` and `.touchUpInside` (or `.touchUpOutside`,
/// beyond 70 points of the bounds) when it lifts, then the control's own change (a button's
/// `.primaryActionTriggered`, a switch's and segmented control's `.valueChanged`).
/// `sendActions(for:)` runs the UIAction handlers registered for those events and sends the
/// targets' selectors to the methods their classes registered (no Objective-C runtime finds a
/// method by its name).
/// https://developer.apple.com/documentation/uikit/uicontrol
@preconcurrency @MainActor open class UIControl: UIView {
    /// https://developer.apple.com/documentation/uikit/uicontrol/state
    public struct State: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let normal = State([])
        public static let highlighted = State(rawValue: 1 << 0)
        public static let disabled = State(rawValue: 1 << 1)
        public static let selected = State(rawValue: 1 << 2)
        public static let focused = State(rawValue: 1 << 3)
        public static let application = State(rawValue: 0x00FF_0000)
        public static let reserved = State(rawValue: 0xFF00_0000)
    }

    /// https://developer.apple.com/documentation/uikit/uicontrol/event
    public struct Event: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let touchDown = Event(rawValue: 1 << 0)
        public static let touchDownRepeat = Event(rawValue: 1 << 1)
        public static let touchDragInside = Event(rawValue: 1 << 2)
        public static let touchDragOutside = Event(rawValue: 1 << 3)
        public static let touchDragEnter = Event(rawValue: 1 << 4)
        public static let touchDragExit = Event(rawValue: 1 << 5)
        public static let touchUpInside = Event(rawValue: 1 << 6)
        public static let touchUpOutside = Event(rawValue: 1 << 7)
        public static let touchCancel = Event(rawValue: 1 << 8)
        public static let valueChanged = Event(rawValue: 1 << 12)
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
        public static let menuActionTriggered = Event(rawValue: 1 << 14)
        public static let editingDidBegin = Event(rawValue: 1 << 16)
        public static let editingChanged = Event(rawValue: 1 << 17)
        public static let editingDidEnd = Event(rawValue: 1 << 18)
        public static let editingDidEndOnExit = Event(rawValue: 1 << 19)
        public static let allTouchEvents = Event(rawValue: 0x0000_0FFF)
        public static let allEditingEvents = Event(rawValue: 0x000F_0000)
        public static let applicationReserved = Event(rawValue: 0x0F00_0000)
        public static let systemReserved = Event(rawValue: 0xF000_0000)
        public static let allEvents = Event(rawValue: 0xFFFF_FFFF)
    }

    /// https://developer.apple.com/documentation/uikit/uicontrol/contenthorizontalalignment
    public enum ContentHorizontalAlignment: Int, Sendable {
        case center = 0, left, right, fill, leading, trailing
    }

    /// https://developer.apple.com/documentation/uikit/uicontrol/contentverticalalignment
    public enum ContentVerticalAlignment: Int, Sendable {
        case center = 0, top, bottom, fill
    }

    /// https://developer.apple.com/documentation/uikit/uicontrol/isenabled
    open var isEnabled = true { didSet { if isEnabled != oldValue { stateDidChange() } } }
    /// https://developer.apple.com/documentation/uikit/uicontrol/isselected
    open var isSelected = false { didSet { if isSelected != oldValue { stateDidChange() } } }
    /// https://developer.apple.com/documentation/uikit/uicontrol/ishighlighted
    open var isHighlighted = false { didSet { if isHighlighted != oldValue { stateDidChange() } } }
    /// https://developer.apple.com/documentation/uikit/uicontrol/contenthorizontalalignment
    open var contentHorizontalAlignment = ContentHorizontalAlignment.center { didSet { setNeedsLayout() } }
    /// https://developer.apple.com/documentation/uikit/uicontrol/contentverticalalignment
    open var contentVerticalAlignment = ContentVerticalAlignment.center { didSet { setNeedsLayout() } }
    /// The horizontal alignment with leading and trailing made left and right (left to right).
    /// https://developer.apple.com/documentation/uikit/uicontrol/effectivecontenthorizontalalignment
    open var effectiveContentHorizontalAlignment: ContentHorizontalAlignment {
        switch contentHorizontalAlignment {
        case .leading: return .left
        case .trailing: return .right
        default: return contentHorizontalAlignment
        }
    }

    /// https://developer.apple.com/documentation/uikit/uicontrol/state
    open var state: State {
        var s = State.normal
        if isHighlighted { s.insert(.highlighted) }
        if !isEnabled { s.insert(.disabled) }
        if isSelected { s.insert(.selected) }
        return s
    }

    /// https://developer.apple.com/documentation/uikit/uicontrol/istracking
    open private(set) var isTracking = false
    /// https://developer.apple.com/documentation/uikit/uicontrol/istouchinside
    open private(set) var isTouchInside = false
    /// https://developer.apple.com/documentation/uikit/uicontrol/showsmenuasprimaryaction
    open var showsMenuAsPrimaryAction = false
    /// https://developer.apple.com/documentation/uikit/uicontrol/iscontextmenuinteractionenabled
    open var isContextMenuInteractionEnabled = false
    /// https://developer.apple.com/documentation/uikit/uicontrol/tooltip
    open var toolTip: String?

    /// One registration: a target and selector, or an action, for some events.
    struct Registration {
        var target: AnyObject?
        var selector: Selector?
        var action: UIAction?
        var events: Event
    }
    private(set) var registrations: [Registration] = []

    public override init(frame: CGRect) { super.init(frame: frame) }

    /// https://developer.apple.com/documentation/uikit/uicontrol/init(frame:primaryaction:)
    public convenience init(frame: CGRect, primaryAction: UIAction?) {
        self.init(frame: frame)
        if let primaryAction { addAction(primaryAction, for: .primaryActionTriggered) }
    }

    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// Called when isEnabled, isSelected or isHighlighted change: a control redraws or relays out.
    func stateDidChange() { setNeedsLayout() }

    // MARK: Targets and actions

    /// Keeps the target and selector for `controlEvents` (sent as the class comment says).
    /// https://developer.apple.com/documentation/uikit/uicontrol/addtarget(_:action:for:)
    open func addTarget(_ target: Any?, action: Selector, for controlEvents: UIControl.Event) {
        let object = target.map { $0 as AnyObject }
        if let i = registrations.firstIndex(where: { $0.action == nil && $0.target === object && $0.selector == action }) {
            registrations[i].events.formUnion(controlEvents)
        } else {
            registrations.append(Registration(target: object, selector: action, action: nil, events: controlEvents))
        }
    }

    /// https://developer.apple.com/documentation/uikit/uicontrol/removetarget(_:action:for:)
    open func removeTarget(_ target: Any?, action: Selector?, for controlEvents: UIControl.Event) {
        let object = target.map { $0 as AnyObject }
        for i in registrations.indices where registrations[i].action == nil {
            guard object == nil || registrations[i].target === object, action == nil || registrations[i].selector == action else { continue }
            registrations[i].events.subtract(controlEvents)
        }
        registrations.removeAll { $0.action == nil && $0.events.isEmpty }
    }

    /// The targets with a selector kept (NSNull stands for a nil target, as in UIKit).
    /// https://developer.apple.com/documentation/uikit/uicontrol/alltargets
    open var allTargets: Set<AnyHashable> {
        Set(registrations.filter { $0.action == nil }.map { r in r.target.map { AnyHashable(ObjectIdentifier($0)) } ?? AnyHashable(NSNull()) })
    }

    /// https://developer.apple.com/documentation/uikit/uicontrol/allcontrolevents
    open var allControlEvents: UIControl.Event { registrations.reduce(Event()) { $0.union($1.events) } }

    /// The names of the selectors kept for `target` and `controlEvent`, or nil.
    /// https://developer.apple.com/documentation/uikit/uicontrol/actions(fortarget:forcontrolevent:)
    open func actions(forTarget target: Any?, forControlEvent controlEvent: UIControl.Event) -> [String]? {
        let object = target.map { $0 as AnyObject }
        let names = registrations.filter { $0.action == nil && $0.target === object && !$0.events.isDisjoint(with: controlEvent) }
            .compactMap { $0.selector?.name }
        return names.isEmpty ? nil : names
    }

    /// https://developer.apple.com/documentation/uikit/uicontrol/addaction(_:for:)
    open func addAction(_ action: UIAction, for controlEvents: UIControl.Event) {
        if let i = registrations.firstIndex(where: { $0.action?.identifier == action.identifier }) {
            registrations[i].action = action
            registrations[i].events.formUnion(controlEvents)
        } else {
            registrations.append(Registration(target: nil, selector: nil, action: action, events: controlEvents))
        }
    }

    /// https://developer.apple.com/documentation/uikit/uicontrol/removeaction(_:for:)
    open func removeAction(_ action: UIAction, for controlEvents: UIControl.Event) {
        removeAction(identifiedBy: action.identifier, for: controlEvents)
    }

    /// https://developer.apple.com/documentation/uikit/uicontrol/removeaction(identifiedby:for:)
    open func removeAction(identifiedBy actionIdentifier: UIAction.Identifier, for controlEvents: UIControl.Event) {
        for i in registrations.indices where registrations[i].action?.identifier == actionIdentifier {
            registrations[i].events.subtract(controlEvents)
        }
        registrations.removeAll { $0.action != nil && $0.events.isEmpty }
    }

    // MARK: Tracking a touch

    /// How far outside its bounds a finger still counts as inside (UIKit's 70 points).
    static let touchSlop: CGFloat = 70

    /// https://developer.apple.com/documentation/uikit/uicontrol/begintracking(_:with:)
    open func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { true }
    /// https://developer.apple.com/documentation/uikit/uicontrol/continuetracking(_:with:)
    open func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { true }
    /// https://developer.apple.com/documentation/uikit/uicontrol/endtracking(_:with:)
    open func endTracking(_ touch: UITouch?, with event: UIEvent?) {}
    /// https://developer.apple.com/documentation/uikit/uicontrol/canceltracking(with:)
    open func cancelTracking(with event: UIEvent?) {}

    /// What the control does when a tap lifts inside it, after `.touchUpInside` (a button sends
    /// `.primaryActionTriggered`; a switch toggles).
    func touchUpInsideAction(_ touch: UITouch, _ event: UIEvent?) {}

    private func inside(_ touch: UITouch) -> Bool {
        bounds.insetBy(dx: -Self.touchSlop, dy: -Self.touchSlop).contains(touch.location(in: self))
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isEnabled, let touch = touches.first else { return }
        isTouchInside = true
        isTracking = beginTracking(touch, with: event)
        isHighlighted = true
        sendActions(for: touch.tapCount > 1 ? [.touchDown, .touchDownRepeat] : .touchDown, event: event)
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isEnabled, let touch = touches.first else { return }
        let was = isTouchInside
        isTouchInside = inside(touch)
        isHighlighted = isTouchInside
        if isTracking { isTracking = continueTracking(touch, with: event) }
        var events: UIControl.Event = isTouchInside ? .touchDragInside : .touchDragOutside
        if was != isTouchInside { events.insert(isTouchInside ? .touchDragEnter : .touchDragExit) }
        sendActions(for: events, event: event)
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isEnabled, let touch = touches.first else { return }
        isTouchInside = inside(touch)
        isHighlighted = false
        if isTracking { endTracking(touch, with: event) }
        isTracking = false
        if isTouchInside {
            sendActions(for: .touchUpInside, event: event)
            touchUpInsideAction(touch, event)
        } else {
            sendActions(for: .touchUpOutside, event: event)
        }
        isTouchInside = false
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        isHighlighted = false
        if isTracking { cancelTracking(with: event) }
        isTracking = false
        isTouchInside = false
        sendActions(for: .touchCancel, event: event)
    }

    /// A control keeps its own tap: a single-tap recognizer on a view around it does not begin.
    /// https://developer.apple.com/documentation/uikit/uiview/1622524-gesturerecognizershouldbegin
    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        if let tap = gestureRecognizer as? UITapGestureRecognizer, tap.view !== self, tap.numberOfTapsRequired == 1,
            tap.numberOfTouchesRequired == 1
        {
            return false
        }
        return super.gestureRecognizerShouldBegin(gestureRecognizer)
    }

    /// Runs the handlers of the actions registered for `controlEvents` and sends the targets'
    /// actions, in the order they were added. A selector reaches its target's method when the
    /// target's class registered it (`UIStoryboard.register`: `render-frames port` registers every
    /// `@objc` method of an app); else it is said once, since there is no Objective-C runtime to
    /// find the method by its name.
    /// https://developer.apple.com/documentation/uikit/uicontrol/sendactions(for:)
    open func sendActions(for controlEvents: UIControl.Event) { sendActions(for: controlEvents, event: nil) }

    /// The same, with the touch's event (a selector taking `forEvent:` gets it).
    func sendActions(for controlEvents: UIControl.Event, event: UIEvent?) {
        for r in registrations where !r.events.isDisjoint(with: controlEvents) {
            if let action = r.action {
                sendAction(action)
            } else if let selector = r.selector {
                sendAction(selector, to: r.target, for: event)
            }
        }
    }

    /// https://developer.apple.com/documentation/uikit/uicontrol/sendaction(_:)
    open func sendAction(_ action: UIAction) {
        action.sender = self
        action.handler(action)
        action.sender = nil
    }

    /// Sends `action` to `target` with this control as the sender; a nil target is the first
    /// object of the responder chain, from this control up, whose class registered the action.
    /// https://developer.apple.com/documentation/uikit/uicontrol/sendaction(_:to:for:)
    open func sendAction(_ action: Selector, to target: Any?, for event: UIEvent?) {
        action.send(to: target, from: self, chainFrom: self, event: event, describe: describe)
    }

    /// https://developer.apple.com/documentation/uikit/uicontrol/enumerateeventshandlers(_:)
    open func enumerateEventHandlers(_ iterator: (UIAction?, (Any?, Selector)?, UIControl.Event, inout Bool) -> Void) {
        var stop = false
        for r in registrations {
            if let action = r.action {
                iterator(action, nil, r.events, &stop)
            } else if let selector = r.selector {
                iterator(nil, (r.target as Any?, selector), r.events, &stop)
            }
            if stop { return }
        }
    }
}

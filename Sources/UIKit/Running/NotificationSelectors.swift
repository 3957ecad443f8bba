import Foundation

/// `addObserver(_:selector:name:object:)` without the Objective-C runtime: swift-corelibs-foundation's
/// `NotificationCenter` has only the block form, and `#selector` does not compile on Linux (the port
/// writes `Selector("keyboardWillShow:")`). Each observation is a block observation of the center
/// that sends the selector to the method the observer's class registered (`UIStoryboard.register`,
/// which the port generates for an app's `@objc` methods), with the notification (a method that
/// takes none gets none). Delivery is Foundation's: synchronous, on the posting thread, as `post`
/// runs. The observer is not retained; once it is gone its observations are dropped.
extension NotificationCenter {
    /// One observation: the block observation's token, and what removing it by observer matches.
    struct SelectorObservation {
        let id: Int
        let center: ObjectIdentifier
        /// Matched by identity even during the observer's `deinit`, when weak references are nil.
        let observer: ObjectIdentifier
        weak var object: AnyObject?
        let name: NSNotification.Name?
        let sender: ObjectIdentifier?
        let token: NSObjectProtocol
    }

    private static let postedKey = "UIKit.NotificationCenter.posted"

    /// Every center's selector observations, in the order added. The main actor's, as the
    /// observers are (an observation added or removed on another thread is Foundation's alone).
    @MainActor static var selectorObservations: (next: Int, list: [SelectorObservation]) = (0, [])

    /// Calls `selector` of `observer` with each notification named `name` (any, when nil) that
    /// `object` posts (any sender, when nil). The observer's class must have registered the
    /// selector (`UIStoryboard.register`; `render-frames port` does it for `@objc` methods).
    /// https://developer.apple.com/documentation/foundation/notificationcenter/addobserver(_:selector:name:object:)
    @MainActor
    public func addObserver(_ observer: Any, selector aSelector: Selector, name aName: NSNotification.Name?, object anObject: Any?) {
        let target = observer as AnyObject
        let sender = anObject.map { ObjectIdentifier($0 as AnyObject) }
        let center = ObjectIdentifier(self)
        // Observations whose observer is gone go first, so a new object at a freed one's address
        // is never taken for it.
        for g in Self.selectorObservations.list where g.center == center && g.object == nil {
            removeObserver(g.token as Any, name: nil, object: nil)
        }
        Self.selectorObservations.list.removeAll { $0.center == center && $0.object == nil }
        Self.selectorObservations.next += 1
        let id = Self.selectorObservations.next
        let token = addObserver(forName: aName, object: anObject, queue: nil) { notification in
            NotificationCenter.deliver(notification, observation: id, selector: aSelector)
        }
        Self.selectorObservations.list.append(
            SelectorObservation(
                id: id, center: center, observer: ObjectIdentifier(target), object: target, name: aName, sender: sender, token: token))
    }

    /// Removes every observation of `observer`: a token `addObserver(forName:object:queue:using:)`
    /// returned, or an object given to `addObserver(_:selector:name:object:)`.
    /// https://developer.apple.com/documentation/foundation/notificationcenter/removeobserver(_:)
    public func removeObserver(_ observer: AnyObject) {
        removeObserver(observer, name: nil, object: nil)
    }

    /// Removes the observations of `observer` for `aName` (every name, when nil) and `anObject`
    /// (every sender, when nil).
    /// https://developer.apple.com/documentation/foundation/notificationcenter/removeobserver(_:name:object:)
    public func removeObserver(_ observer: AnyObject, name aName: NSNotification.Name?, object anObject: Any?) {
        let center = ObjectIdentifier(self)
        let who = ObjectIdentifier(observer)
        let sender = anObject.map { ObjectIdentifier($0 as AnyObject) }
        if Thread.isMainThread {
            MainActor.assumeIsolated {
                let removed = Self.selectorObservations.list.filter {
                    $0.center == center && $0.observer == who && (aName == nil || $0.name == aName) && (sender == nil || $0.sender == sender)
                }
                Self.selectorObservations.list.removeAll { o in removed.contains { $0.id == o.id } }
                for r in removed { removeObserver(r.token as Any, name: nil, object: nil) }
            }
        }
        // Foundation's own: a block observation's token.
        removeObserver(observer as Any, name: aName, object: anObject)
    }

    /// Sends the observation's selector to its observer with the notification, on the main actor
    /// (UIKit's objects live there; a notification posted from another thread is not delivered
    /// to them, and that is said).
    private static func deliver(_ notification: Notification, observation id: Int, selector: Selector) {
        guard Thread.isMainThread else {
            Diagnostics.once(
                "notification off main \(selector.name)",
                "\(notification.name.rawValue): posted off the main thread; \(selector.name) was not called (UIKit's objects are the main actor's)")
            return
        }
        // The notification reaches the main actor through this thread's own dictionary (the main
        // thread's on both sides), taken before any of the observer's code runs.
        Thread.current.threadDictionary[postedKey] = notification
        MainActor.assumeIsolated {
            let posted = Thread.current.threadDictionary[postedKey] as? Notification
            Thread.current.threadDictionary[postedKey] = nil
            guard let notification = posted, let o = selectorObservations.list.first(where: { $0.id == id }), let target = o.object else { return }
            switch InterfaceBuilderClasses.send(selector.name, to: target, from: notification, event: nil) {
            case true?: break
            case false?:
                Diagnostics.once(
                    "notification selector \(selector.name)",
                    "\(notification.name.rawValue): \(type(of: target)).\(selector.name) does not take a Notification, so it was not called")
            case nil:
                Diagnostics.once(
                    "notification selector \(selector.name)",
                    "\(notification.name.rawValue): \(type(of: target)) registered no method \(selector.name), so it was not called "
                        + "(no Objective-C runtime finds methods by name; register it with UIStoryboard.register, as render-frames port does "
                        + "for @objc methods, or use addObserver(forName:object:queue:using:))")
            }
        }
    }
}

/// The keyboard's notifications and their `userInfo` keys, so that code observing them compiles.
/// No keyboard is shown on Linux: none of them is ever posted.
/// https://developer.apple.com/documentation/uikit/uiresponder/keyboardwillshownotification
extension UIResponder {
    nonisolated public static let keyboardWillShowNotification = Notification.Name("UIKeyboardWillShowNotification")
    nonisolated public static let keyboardDidShowNotification = Notification.Name("UIKeyboardDidShowNotification")
    nonisolated public static let keyboardWillHideNotification = Notification.Name("UIKeyboardWillHideNotification")
    nonisolated public static let keyboardDidHideNotification = Notification.Name("UIKeyboardDidHideNotification")
    nonisolated public static let keyboardWillChangeFrameNotification = Notification.Name("UIKeyboardWillChangeFrameNotification")
    nonisolated public static let keyboardDidChangeFrameNotification = Notification.Name("UIKeyboardDidChangeFrameNotification")
    nonisolated public static let keyboardFrameBeginUserInfoKey = "UIKeyboardFrameBeginUserInfoKey"
    nonisolated public static let keyboardFrameEndUserInfoKey = "UIKeyboardFrameEndUserInfoKey"
    nonisolated public static let keyboardAnimationDurationUserInfoKey = "UIKeyboardAnimationDurationUserInfoKey"
    nonisolated public static let keyboardAnimationCurveUserInfoKey = "UIKeyboardAnimationCurveUserInfoKey"
    nonisolated public static let keyboardIsLocalUserInfoKey = "UIKeyboardIsLocalUserInfoKey"
}

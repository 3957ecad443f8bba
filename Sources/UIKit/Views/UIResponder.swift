import Foundation

/// The base of views and view controllers (events are not delivered: a screen's run has no touches
/// but the scroll gestures).
/// https://developer.apple.com/documentation/uikit/uiresponder
@preconcurrency @MainActor open class UIResponder: NSObject {
    public override init() { super.init() }
    open var next: UIResponder? { nil }
    open var canBecomeFirstResponder: Bool { false }
    open var isFirstResponder: Bool { false }
    @discardableResult open func becomeFirstResponder() -> Bool { false }
    @discardableResult open func resignFirstResponder() -> Bool { true }
    /// Sent to every object a storyboard or XIB made, after all of them are made and their outlets
    /// and actions connected (Apple declares it on NSObject; views and view controllers inherit it here).
    /// https://developer.apple.com/documentation/objectivec/nsobject/1402907-awakefromnib
    open func awakeFromNib() {}
}

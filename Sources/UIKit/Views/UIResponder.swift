import Foundation

/// The base of views and view controllers. The scenario's taps and long presses arrive as touches
/// (`touchesBegan` ... on the view hit-tested, passed up the responder chain by default).
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

    // MARK: Touches (each passes them to the next responder unless overridden)

    /// https://developer.apple.com/documentation/uikit/uiresponder/1621142-touchesbegan
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesBegan(touches, with: event) }
    /// https://developer.apple.com/documentation/uikit/uiresponder/1621107-touchesmoved
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesMoved(touches, with: event) }
    /// https://developer.apple.com/documentation/uikit/uiresponder/1621084-touchesended
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesEnded(touches, with: event) }
    /// https://developer.apple.com/documentation/uikit/uiresponder/1621116-touchescancelled
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesCancelled(touches, with: event) }
}

/// A method's name, as a target-action pair names it. Linux has no Objective-C runtime, so
/// `#selector` does not compile here: pass `nil`, or `Selector("name")`; actions are kept, not sent.
/// https://developer.apple.com/documentation/objectivec/selector
public struct Selector: Hashable, Sendable, ExpressibleByStringLiteral {
    public let name: String
    public init(_ name: String) { self.name = name }
    public init(stringLiteral value: String) { name = value }
}

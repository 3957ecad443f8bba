/// A method's name, as a target-action pair names it. Linux has no Objective-C runtime, so
/// `#selector` does not compile here: write `Selector("name:")` (the port writes it for you); a
/// control sends it to the method its target's class registered (`UIStoryboard.register`).
/// https://developer.apple.com/documentation/objectivec/selector
public struct Selector: Hashable, Sendable, ExpressibleByStringLiteral {
    public let name: String
    public init(_ name: String) { self.name = name }
    public init(stringLiteral value: String) { name = value }
}

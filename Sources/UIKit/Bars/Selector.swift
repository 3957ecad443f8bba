/// A method's name, as a target-action pair names it. Linux has no Objective-C runtime, so
/// `#selector` does not compile here: write `Selector("name:")` (the port writes it for you); a
/// control sends it to the method its target's class registered (`UIStoryboard.register`).
/// https://developer.apple.com/documentation/objectivec/selector
public struct Selector: Hashable, Sendable, ExpressibleByStringLiteral {
    public let name: String
    public init(_ name: String) { self.name = name }
    public init(stringLiteral value: String) { name = value }
}

extension Selector {
    /// Sends this action to `target` with `sender`; a nil target is the first object of the
    /// responder chain from `chainFrom` up whose class registered the action (no Objective-C
    /// runtime finds a method by its name: one not registered is said once).
    @MainActor func send(to target: Any?, from sender: Any, chainFrom: UIResponder, event: UIEvent?, describe: String) {
        var receivers: [AnyObject] = []
        if let target { receivers = [target as AnyObject] } else {
            var responder: UIResponder? = chainFrom
            while let r = responder {
                receivers.append(r)
                responder = r.next
            }
        }
        for receiver in receivers {
            guard let sent = InterfaceBuilderClasses.send(name, to: receiver, from: sender, event: event) else { continue }
            if !sent {
                Diagnostics.once("selector \(name)", "\(describe): the action \(name) of \(type(of: receiver)) does not take a \(type(of: sender))")
            }
            return
        }
        Diagnostics.once(
            "selector \(name)",
            "\(describe): the action \(name) was not sent: \(target.map { "\(type(of: $0))" } ?? "no responder") registered no such action "
                + "(no Objective-C runtime finds methods by name; register it with UIStoryboard.register, or use addAction(_:for:))")
    }
}

/// A symbol that cannot be drawn. Callers draw an empty image and go on (`SFSymbols.shapesOrEmpty`),
/// printing the message once: an unknown name is a warning, never the end of a render.
public enum SymbolError: Error, Equatable, CustomStringConvertible, Sendable {
    /// No SF Symbol of that name in the table; `closest` are the nearest names by edit distance.
    case unknownName(String, closest: [String])

    public var description: String { reason + " The image is drawn empty." }

    /// What is wrong and the names meant, without what happens next (a bar item's `symbol:` is
    /// refused with it).
    public var reason: String {
        switch self {
        case .unknownName(let name, let closest):
            let shown = name.count > 60 ? String(name.prefix(60)) + "..." : name
            var message =
                "no SF Symbol named \"\(shown)\" among the \(SFSymbols.names.count) this renderer draws (from Phosphor Icons); "
            if closest.isEmpty {
                message += "the names are listed in docs/layer-language.md, \"Symbols\""
            } else {
                message += "did you mean " + closest.map { "\"\($0)\"" }.joined(separator: ", ") + "?"
            }
            return message
        }
    }
}

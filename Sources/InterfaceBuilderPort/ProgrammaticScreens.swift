/// Screens an app makes in code (no storyboard scene names them): the view controller classes of
/// its files, and how its app or scene delegate makes each, read from the delegate's source, since
/// the delegate itself is left out of the Linux copy.
public enum ProgrammaticScreens {
    /// The classes of the app that are view controllers: those whose superclass, followed through
    /// the app's own classes, is a UIKit class whose name ends in `Controller`.
    public static func viewControllerClasses(_ sources: AppSources) -> [String] {
        var superclass: [String: String] = [:]
        for f in sources.swiftFiles {
            for t in f.declarations.types where t.keyword == "class" {
                if let first = t.inherits.first { superclass[t.name] = first }
            }
        }
        let delegates = sources.delegates
        return superclass.keys.filter { name in
            guard !delegates.contains(name) else { return false }
            var current = name
            var seen: Set<String> = []
            while let s = superclass[current], seen.insert(current).inserted { current = s }
            return current != name && current.hasSuffix("Controller")
        }.sorted()
    }

    /// The expression that makes `className`'s screen as the delegates' `source`s do: the
    /// initializer call they write (`ViewController(nibName: "ViewController", bundle: nil)`),
    /// else `ClassName()`; inside `UINavigationController(rootViewController:)` when they put it
    /// in one (directly, or through a constant made from that call).
    public static func construction(of className: String, delegateSources: [String]) -> String {
        for source in delegateSources {
            let lexer = SwiftLexer(source)
            let code = lexer.tokens().filter { $0.kind != .space && $0.kind != .comment && $0.kind != .newline }
            func text(_ k: Int) -> String { k < code.count ? lexer.text(code[k]) : "" }
            guard let call = code.indices.first(where: { text($0) == className && text($0 + 1) == "(" }) else { continue }
            let close = SwiftFileDeclarations.closing(code, lexer, call + 1)
            let expression = String(decoding: lexer.bytes[code[call].start..<code[close].end], as: UTF8.self)
            // A constant holding it: `let root = ViewController()`.
            var names: Set<String> = [className]
            if call >= 2, text(call - 1) == "=", code[call - 2].kind == .identifier { names.insert(text(call - 2)) }
            for k in code.indices where text(k) == "UINavigationController" && text(k + 1) == "(" && text(k + 2) == "rootViewController" {
                let end = SwiftFileDeclarations.closing(code, lexer, k + 1)
                if (k + 3...max(k + 3, end)).contains(where: { names.contains(text($0)) }) {
                    return "UINavigationController(rootViewController: \(expression))"
                }
            }
            return expression
        }
        return className + "()"
    }
}

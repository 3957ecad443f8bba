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
    /// in one (directly, or through a constant made from that call). When the call reads the
    /// launch method's own variables or the delegate's properties (`CollectionViewController(
    /// collectionViewLayout: layout)`), the statements before it that make them come along, in a
    /// closure called at once (see `DelegateSlice`).
    public static func construction(of className: String, delegateSources: [String]) -> String {
        for source in delegateSources {
            let lexer = SwiftLexer(source)
            let code = lexer.tokens().filter { $0.kind != .space && $0.kind != .comment && $0.kind != .newline }
            func text(_ k: Int) -> String { k < code.count ? lexer.text(code[k]) : "" }
            guard let call = code.indices.first(where: { text($0) == className && text($0 + 1) == "(" }) else { continue }
            let close = SwiftFileDeclarations.closing(code, lexer, call + 1)
            var expression = String(decoding: lexer.bytes[code[call].start..<code[close].end], as: UTF8.self)
            // A constant holding it: `let root = ViewController()`.
            var names: Set<String> = [className]
            if call >= 2, text(call - 1) == "=", code[call - 2].kind == .identifier { names.insert(text(call - 2)) }
            for k in code.indices where text(k) == "UINavigationController" && text(k + 1) == "(" && text(k + 2) == "rootViewController" {
                let end = SwiftFileDeclarations.closing(code, lexer, k + 1)
                if (k + 3...max(k + 3, end)).contains(where: { names.contains(text($0)) }) {
                    expression = "UINavigationController(rootViewController: \(expression))"
                    break
                }
            }
            let slice = DelegateSlice(lexer, call: code[call].start, reads: code[call...close].map { lexer.text($0) })
            return slice.wrapping(expression)
        }
        return className + "()"
    }
}

/// The statements of a delegate's launch method that an expression in it needs: a backward slice
/// over the method's top-level statements before the expression's own. A statement comes along
/// when it declares, assigns or changes (`layout.itemSize = ...`) a name the expression or an
/// earlier-chosen statement reads; the names still unmade then come from the delegate's stored
/// properties, declared as local constants (`self.` dropped). Only what precedes the expression
/// in the same method is looked at: what the method does after it (showing the window) is not run.
struct DelegateSlice {
    static let keywords: Set<String> = [
        "self", "Self", "true", "false", "nil", "let", "var", "in", "try", "as", "is", "return", "if", "else", "switch",
        "case", "default", "where", "guard", "for", "while", "super", "func", "init",
    ]
    static let modifiers: Set<String> = ["private", "fileprivate", "internal", "public", "open", "lazy", "final", "weak", "unowned"]
    /// The declarations and statements to run before the expression, in order, as source text.
    var lines: [String] = []

    init(_ lexer: SwiftLexer, call start: Int, reads expressionTokens: [String]) {
        let all = lexer.tokens().filter { $0.kind != .space && $0.kind != .comment }
        guard let call = all.firstIndex(where: { $0.start == start }) else { return }
        func text(_ k: Int) -> String { all.indices.contains(k) ? lexer.text(all[k]) : "" }
        guard let body = Self.enclosingFunctionBody(all, lexer, before: call) else { return }
        // The statement that holds the call is cut at it: only whole statements before it count.
        let statements = Self.statements(all, lexer, from: body + 1, to: call).filter { $0.upperBound < call }
        var needed = Set(Self.reads(expressionTokens))
        var chosen: [Range<Int>] = []
        for s in statements.reversed() where !Self.writes(all, lexer, s).isDisjoint(with: needed) {
            chosen.insert(s, at: 0)
            needed.formUnion(Self.reads(s.map { text($0) }))
        }
        // The delegate's stored properties the chosen statements still need.
        var declared = Set(chosen.flatMap { Self.declared(all, lexer, $0) })
        var properties: [Range<Int>] = []
        if let typeBody = Self.enclosingBrace(all, lexer, before: body) {
            let members = Self.statements(all, lexer, from: typeBody + 1, to: Self.matching(all, lexer, typeBody))
            var grew = true
            while grew {
                grew = false
                for m in members where !properties.contains(m) {
                    let names = Self.declared(all, lexer, m)
                    guard !names.isEmpty, !names.isDisjoint(with: needed.subtracting(declared)) else { continue }
                    properties.append(m)
                    declared.formUnion(names)
                    needed.formUnion(Self.reads(m.map { text($0) }))
                    grew = true
                }
            }
            properties.sort { $0.lowerBound < $1.lowerBound }
        }
        let lifted = Set(properties.flatMap { Self.declared(all, lexer, $0) })
        lines = properties.map { Self.source(all, lexer, $0, dropping: lifted, modifiers: true) }
            + chosen.map { Self.source(all, lexer, $0, dropping: lifted, modifiers: false) }
    }

    /// `expression` alone when nothing comes along; else a closure that runs the lines and returns it.
    func wrapping(_ expression: String) -> String {
        guard !lines.isEmpty else { return expression }
        let body = lines.flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false).map { "            " + $0 } }
        return "{ () -> UIViewController in\n" + body.joined(separator: "\n") + "\n            return \(expression)\n        }()"
    }

    /// The names a statement reads: identifiers that are not argument labels, members (`.x`) or keywords.
    static func reads(_ tokens: [String]) -> [String] {
        tokens.indices.compactMap { k in
            let t = tokens[k]
            guard let first = t.unicodeScalars.first, first == "_" || first.properties.isAlphabetic || t.hasPrefix("`") else { return nil }
            if keywords.contains(t) || modifiers.contains(t) { return nil }
            if k > 0, tokens[k - 1] == "." { return nil }
            if k + 1 < tokens.count, tokens[k + 1] == ":", k > 0, ["(", ","].contains(tokens[k - 1]) { return nil }
            return t
        }
    }

    /// What `let`/`var` in the statement declares (a tuple's names too).
    static func declared(_ all: [SwiftToken], _ lexer: SwiftLexer, _ s: Range<Int>) -> Set<String> {
        var k = s.lowerBound
        while k < s.upperBound, all[k].kind == .attribute || modifiers.contains(lexer.text(all[k])) { k += 1 }
        guard k + 1 < s.upperBound, ["let", "var"].contains(lexer.text(all[k])) else { return [] }
        if all[k + 1].kind == .identifier { return [lexer.text(all[k + 1])] }
        guard lexer.text(all[k + 1]) == "(" else { return [] }
        let end = SwiftFileDeclarations.closing(all, lexer, k + 1)
        return Set((k + 2..<end).filter { all[$0].kind == .identifier }.map { lexer.text(all[$0]) })
    }

    /// What the statement declares, assigns (`x = `, `self.x = ` at any depth) or changes through
    /// its first name (`x.y = `, `x.configure()`).
    static func writes(_ all: [SwiftToken], _ lexer: SwiftLexer, _ s: Range<Int>) -> Set<String> {
        func text(_ k: Int) -> String { s.contains(k) ? lexer.text(all[k]) : "" }
        var out = declared(all, lexer, s)
        var first = s.lowerBound
        if text(first) == "self", text(first + 1) == "." { first += 2 }
        if s.contains(first), all[first].kind == .identifier { out.insert(text(first)) }
        for k in s where all[k].kind == .identifier && text(k + 1) == "=" && text(k + 2) != "=" {
            if text(k - 1) != "." || text(k - 2) == "self" { out.insert(text(k)) }
        }
        return out
    }

    /// The top-level statements between two token indices: split at line ends and `;` outside
    /// brackets, unless the next line continues the statement (`.member`, `else`, an operator).
    static func statements(_ all: [SwiftToken], _ lexer: SwiftLexer, from: Int, to: Int) -> [Range<Int>] {
        let continuing: Set<String> = [".", "else", "catch", "where", "?", ":", "&", "|", "+", "-", "*", "/", "=", "<", ">", "!"]
        let trailing: Set<String> = ["=", ",", "(", "[", "{", "+", "-", "*", "/", "&", "|", ":", "."]
        var out: [Range<Int>] = []
        var depth = 0
        var start: Int?
        var k = from
        while k < to {
            let t = lexer.text(all[k])
            if all[k].kind == .newline || t == ";" {
                if depth == 0, let s = start {
                    var next = k + 1
                    while next < to, all[next].kind == .newline { next += 1 }
                    let last = k - 1 >= s ? lexer.text(all[k - 1]) : ""
                    if t == ";" || next >= to || !(continuing.contains(lexer.text(all[next])) || trailing.contains(last)) {
                        out.append(s..<k)
                        start = nil
                    }
                }
            } else {
                if start == nil { start = k }
                if ["(", "[", "{"].contains(t) { depth += 1 }
                if [")", "]", "}"].contains(t) { depth -= 1 }
            }
            k += 1
        }
        if let s = start { out.append(s..<to) }
        return out.filter { !$0.isEmpty && $0.upperBound <= to }
    }

    /// The `{` of the function around token `index`, or nil when it is in none.
    static func enclosingFunctionBody(_ all: [SwiftToken], _ lexer: SwiftLexer, before index: Int) -> Int? {
        var k = index
        while let open = enclosingBrace(all, lexer, before: k) {
            var back = open - 1
            while back >= 0, !["{", "}"].contains(lexer.text(all[back])) {
                if lexer.text(all[back]) == "func" { return open }
                back -= 1
            }
            k = open
        }
        return nil
    }

    /// The nearest unclosed `{` before token `index`.
    static func enclosingBrace(_ all: [SwiftToken], _ lexer: SwiftLexer, before index: Int) -> Int? {
        var depth = 0
        var k = index - 1
        while k >= 0 {
            switch lexer.text(all[k]) {
            case "}": depth += 1
            case "{":
                if depth == 0 { return k }
                depth -= 1
            default: break
            }
            k -= 1
        }
        return nil
    }

    /// The `}` that closes the `{` at `open`.
    static func matching(_ all: [SwiftToken], _ lexer: SwiftLexer, _ open: Int) -> Int {
        var depth = 0
        for k in open..<all.count {
            switch lexer.text(all[k]) {
            case "{": depth += 1
            case "}":
                depth -= 1
                if depth == 0 { return k }
            default: break
            }
        }
        return all.count
    }

    /// The statement's source without `self.` before the lifted names (and, for a property, its
    /// attributes and modifiers, which a local constant cannot have), its lines dedented.
    static func source(_ all: [SwiftToken], _ lexer: SwiftLexer, _ s: Range<Int>, dropping lifted: Set<String>, modifiers dropModifiers: Bool) -> String {
        var skip: [Range<Int>] = []
        var k = s.lowerBound
        if dropModifiers {
            while k < s.upperBound, all[k].kind == .attribute || modifiers.contains(lexer.text(all[k])) { k += 1 }
        }
        let begin = all[k].start
        for j in k..<s.upperBound where lexer.text(all[j]) == "self" && j + 2 < s.upperBound && lexer.text(all[j + 1]) == "."
            && lifted.contains(lexer.text(all[j + 2])) {
            skip.append(all[j].start..<all[j + 2].start)
        }
        var bytes: [UInt8] = []
        var b = begin
        for r in skip {
            bytes += lexer.bytes[b..<r.lowerBound]
            b = r.upperBound
        }
        bytes += lexer.bytes[b..<all[s.upperBound - 1].end]
        // Dedent by the first line's column.
        var column = 0
        var p = all[s.lowerBound].start - 1
        while p >= 0, lexer.bytes[p] != 0x0A { column += 1; p -= 1 }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { i, line in
            guard i > 0 else { return String(line) }
            let spaces = line.prefix { $0 == " " || $0 == "\t" }.count
            return String(line.dropFirst(min(spaces, column)))
        }.joined(separator: "\n")
    }
}

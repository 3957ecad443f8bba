/// What a storyboard or XIB needs from one Swift declaration: an `@IBOutlet` (one object or a
/// collection), an `@IBAction` (by its Objective-C selector) or an `@IBInspectable` property.
public struct InterfaceBuilderMember: Equatable, Sendable {
    public enum Kind: String, Equatable, Sendable { case outlet, outletCollection, action, inspectable }
    public var kind: Kind
    /// The property's or method's Swift name.
    public var name: String
    /// An action's argument labels (`_` for none); empty for properties.
    public var labels: [String] = []
    public var line: Int
}

/// A type declared (or extended) in a file, with its Interface Builder members.
public struct SwiftTypeDeclaration: Equatable, Sendable {
    /// `Outer.Inner` for a nested type.
    public var name: String
    /// `class`, `struct`, `enum`, `actor`, `protocol` or `extension`.
    public var keyword: String
    public var line: Int
    /// The type is declared `private` or `fileprivate`: other files cannot name it.
    public var isPrivate = false
    /// The names in its inheritance clause and `where` clause (`UIViewController`, `UITableViewDataSource`).
    public var inherits: [String] = []
    public var members: [InterfaceBuilderMember] = []
}

/// One Swift file's declarations, as far as the port needs them.
public struct SwiftFileDeclarations: Sendable {
    /// What makes a class the app's delegate or its scenes' delegate: left out of the Linux copy,
    /// since the app is not launched there (the package's `screens` is the entry point).
    public static let delegateProtocols: Set<String> = ["UIApplicationDelegate", "UIWindowSceneDelegate", "UISceneDelegate"]

    public var types: [SwiftTypeDeclaration] = []
    /// Every method's name with the argument labels of each of its declarations (for `#selector`).
    public var methods: [String: [[String]]] = [:]

    static let typeKeywords: Set<String> = ["class", "struct", "enum", "extension", "actor", "protocol"]
    /// Words after `class` that make it a modifier (`class func`), not a class declaration.
    static let notClassNames: Set<String> = [
        "func", "var", "let", "override", "final", "static", "private", "public", "internal", "fileprivate", "open", "required",
        "convenience", "subscript", "typealias", "dynamic", "lazy", "weak", "unowned", "nonisolated", "mutating",
    ]
    static let access: Set<String> = ["private", "fileprivate"]

    public init(scanning lexer: SwiftLexer) {
        let code = lexer.tokens().filter { $0.kind != .space && $0.kind != .comment }
        var stack: [(name: String, depth: Int)] = []
        var depth = 0
        var pending: (name: String, keyword: String, line: Int, isPrivate: Bool)?
        var inherits: [String] = []
        var attributes: [String] = []
        var modifiers: [String] = []
        var j = 0
        func text(_ k: Int) -> String { k < code.count ? lexer.text(code[k]) : "" }
        func next(_ k: Int) -> Int {
            var m = k + 1
            while m < code.count, code[m].kind == .newline { m += 1 }
            return m
        }
        func owner() -> String? { stack.isEmpty ? nil : stack.map(\.name).joined(separator: ".") }
        func add(_ member: InterfaceBuilderMember) {
            guard let name = owner() else { return }
            if let t = types.lastIndex(where: { $0.name == name }) { types[t].members.append(member) }
        }
        while j < code.count {
            let t = code[j]
            let word = lexer.text(t)
            switch t.kind {
            case .attribute:
                attributes.append(String(word.dropFirst()))
                if j + 1 < code.count, lexer.text(code[j + 1]) == "(", code[j + 1].start == t.end { j = Self.closing(code, lexer, j + 1) }
            case .punctuation where word == "{":
                depth += 1
                if let p = pending {
                    let name = (owner().map { $0 + "." } ?? "") + p.name
                    stack.append((p.name, depth))
                    types.append(SwiftTypeDeclaration(name: name, keyword: p.keyword, line: p.line, isPrivate: p.isPrivate, inherits: inherits))
                    pending = nil
                    inherits = []
                }
                attributes = []; modifiers = []
            case .punctuation where word == "}":
                if let last = stack.last, last.depth == depth { stack.removeLast() }
                depth -= 1
                attributes = []; modifiers = []
            case .identifier where Self.typeKeywords.contains(word):
                let n = next(j)
                let name = text(n)
                if word == "class", Self.notClassNames.contains(name) || n >= code.count || code[n].kind != .identifier {
                    modifiers.append(word)
                    break
                }
                var full = name
                var k = n
                while word == "extension", text(k + 1) == ".", k + 2 < code.count {
                    full += "." + text(k + 2); k += 2
                }
                pending = (full, word, lexer.line(of: t.start), modifiers.contains { Self.access.contains($0) })
                inherits = []
                attributes = []; modifiers = []
                j = k
            case .identifier where word == "var" || word == "let":
                let n = next(j)
                if attributes.contains("IBOutlet") || attributes.contains("IBInspectable") {
                    let name = text(n)
                    let type = Self.typeText(code, lexer, after: n)
                    let kind: InterfaceBuilderMember.Kind =
                        attributes.contains("IBInspectable") ? .inspectable : (type.hasPrefix("[") ? .outletCollection : .outlet)
                    add(InterfaceBuilderMember(kind: kind, name: name, line: lexer.line(of: t.start)))
                }
                attributes = []; modifiers = []
            case .identifier where word == "func":
                let n = next(j)
                let name = text(n)
                var k = n + 1
                if text(k) == "<" { while k < code.count, text(k) != ">" { k += 1 }; k += 1 }
                if text(k) == "(" {
                    let labels = Self.labels(code, lexer, open: k)
                    methods[name, default: []].append(labels)
                    // An @objc method is a target-action's or a selector's target (`#selector(refresh)`):
                    // registered like an action when it returns nothing and belongs to an instance.
                    let returnsNothing = text(next(Self.closing(code, lexer, k))) == "{"
                    let isInstance = !modifiers.contains("static") && !modifiers.contains("class")
                    if attributes.contains("IBAction") || attributes.contains("objc") && returnsNothing && isInstance {
                        add(InterfaceBuilderMember(kind: .action, name: name, labels: labels, line: lexer.line(of: t.start)))
                    }
                }
                attributes = []; modifiers = []
            case .identifier:
                if pending != nil { inherits.append(word) }
                modifiers.append(word)
            case .newline:
                break
            default:
                if word != "(" && word != ")" { modifiers.append(word) }
            }
            j += 1
        }
    }

    /// The index of the `)` (or `]`, `>`) that closes the bracket at `open`.
    static func closing(_ code: [SwiftToken], _ lexer: SwiftLexer, _ open: Int) -> Int {
        var depth = 0
        var k = open
        while k < code.count {
            switch lexer.text(code[k]) {
            case "(", "[": depth += 1
            case ")", "]":
                depth -= 1
                if depth == 0 { return k }
            default: break
            }
            k += 1
        }
        return code.count - 1
    }

    /// A property's type as written after `name:`, up to its initial value, accessors or line end.
    static func typeText(_ code: [SwiftToken], _ lexer: SwiftLexer, after name: Int) -> String {
        guard name + 1 < code.count, lexer.text(code[name + 1]) == ":" else { return "" }
        var k = name + 2
        var depth = 0
        var end = k
        while k < code.count {
            let w = lexer.text(code[k])
            if depth == 0, code[k].kind == .newline || w == "=" || w == "{" || w == ";" { break }
            if w == "(" || w == "[" || w == "<" { depth += 1 }
            if w == ")" || w == "]" || w == ">" { depth -= 1 }
            end = k
            k += 1
        }
        guard end < code.count, name + 2 <= end else { return "" }
        return String(decoding: lexer.bytes[code[name + 2].start..<code[end].end], as: UTF8.self)
    }

    /// The argument labels of the parameter list opening at `open`: `_` where there is none.
    static func labels(_ code: [SwiftToken], _ lexer: SwiftLexer, open: Int) -> [String] {
        let close = closing(code, lexer, open)
        var out: [String] = []
        var depth = 0
        var expectingLabel = true
        var k = open + 1
        while k < close {
            let w = lexer.text(code[k])
            if code[k].kind == .newline || code[k].kind == .attribute {
                k += 1; continue
            }
            if w == "(" || w == "[" || w == "<" { depth += 1 }
            if w == ")" || w == "]" || w == ">" { depth -= 1 }
            if depth == 0, w == "," { expectingLabel = true }
            if depth == 0, expectingLabel, code[k].kind == .identifier || w == "_", w != "inout" {
                out.append(w.hasPrefix("`") ? String(w.dropFirst().dropLast()) : w)
                expectingLabel = false
            }
            k += 1
        }
        return out
    }
}

/// Objective-C selectors, spelled as Swift exports a method to the runtime.
public enum ObjCSelector {
    /// The prepositions after which Swift adds no `With` to the first piece
    /// (`move(to:)` is `moveTo:`, `tap(sender:)` is `tapWithSender:`).
    static let prepositions: Set<String> = [
        "above", "after", "along", "alongside", "as", "at", "before", "below", "by", "following", "for", "from", "given", "in",
        "including", "inside", "into", "matching", "of", "on", "passing", "preceding", "since", "to", "until", "using", "via", "when",
        "with", "within",
    ]

    /// `tap` with labels `["_"]` is `tap:`; `["sender"]` is `tapWithSender:`; none is `tap`.
    public static func spelling(_ name: String, labels: [String]) -> String {
        guard let first = labels.first else { return name }
        var out = name
        if first != "_" {
            let word = String(first.prefix { !$0.isUppercase })
            out += (prepositions.contains(word) ? "" : "With") + first.prefix(1).uppercased() + first.dropFirst()
        }
        out += ":"
        for label in labels.dropFirst() { out += (label == "_" ? "" : label) + ":" }
        return out
    }

    /// The selector a `#selector(...)` expression names: `tap(_:)`, `Self.tap`, `getter: title`.
    /// A bare name takes the labels of the method of that name declared in the app's files
    /// (`methods`), none when there is no such method.
    public static func spelling(ofExpression expression: String, methods: [String: [[String]]]) -> String {
        var e = Substring(expression.filter { !$0.isWhitespace })
        var accessor = ""
        for prefix in ["getter:", "setter:"] where e.hasPrefix(prefix) {
            accessor = String(prefix.dropLast()); e = e.dropFirst(prefix.count)
        }
        var labels: [String]?
        if let open = e.firstIndex(of: "("), e.hasSuffix(")") {
            let inner = e[e.index(after: open)..<e.index(before: e.endIndex)]
            labels = inner.split(separator: ":", omittingEmptySubsequences: false).dropLast().map(String.init)
            e = e[..<open]
        }
        let name = e.split(separator: ".").last.map(String.init) ?? String(e)
        if accessor == "getter" { return name }
        if accessor == "setter" { return "set" + name.prefix(1).uppercased() + name.dropFirst() + ":" }
        return spelling(name, labels: labels ?? methods[name]?.first ?? [])
    }
}

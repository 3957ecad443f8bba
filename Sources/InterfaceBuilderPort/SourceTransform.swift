/// The build-time copy of an app's Swift file that compiles on Linux: what needs the Objective-C
/// runtime only to be found by name is taken out, each by blanks of its own length so that every
/// other character keeps its line and column, and `#sourceLocation` points the compiler's
/// messages at the user's own file.
///
/// - `@IBOutlet`, `@IBAction`, `@IBInspectable`, `@IBDesignable`: gone (the generated
///   registrations set the outlets and send the actions by name); `private` and `fileprivate` on
///   those declarations too, since the registrations name them from another file.
/// - `@objc`, `@objc(name)`, `@objcMembers`, `@nonobjc`: gone, except in a file that declares
///   `optional` protocol requirements, which need the runtime (the file is then left as it is).
/// - `#selector(tap(_:))` in a target-action call: `Selector("tap:")`, spelled as Objective-C does.
/// - `@main` and `@UIApplicationMain`: gone; the app's and its scenes' delegates (classes of
///   `leftOut`, or adopting `UIApplicationDelegate` or `UIWindowSceneDelegate`) and their
///   extensions are left out whole: the app is not launched on Linux, the package's `screens`
///   executable is the entry point.
public enum SourceTransform {
    static let removed: Set<String> = [
        "IBOutlet", "IBAction", "IBInspectable", "IBDesignable", "IBSegueAction", "objc", "objcMembers", "nonobjc", "main", "UIApplicationMain",
    ]
    /// Attributes whose declarations the registrations name from another file: `private` goes too.
    static let interfaceBuilder: Set<String> = ["IBOutlet", "IBAction", "IBInspectable", "objc"]
    static let declarationKeywords: Set<String> = ["var", "let", "func", "class", "struct", "enum", "extension", "init", "subscript", "{"]

    /// The Linux copy of `source`; `path` is the user's file for `#sourceLocation`, `methods` the
    /// app's methods and their labels (for `#selector(name)` without labels).
    public static func transform(_ source: String, path: String, methods: [String: [[String]]], leftOut: Set<String> = []) -> String {
        let lexer = SwiftLexer(source)
        let tokens = lexer.tokens()
        var bytes = lexer.bytes
        let code = tokens.indices.filter { tokens[$0].kind != .space && tokens[$0].kind != .comment && tokens[$0].kind != .newline }
        let keepObjC = hasOptionalRequirements(tokens, lexer)
        var replacements: [(range: Range<Int>, text: [UInt8])] = []
        func blank(_ from: Int, _ to: Int) { for b in from..<to where bytes[b] != 0x0A { bytes[b] = 0x20 } }
        let delegates = delegateDeclarations(code, tokens, lexer, leftOut: leftOut)
        for d in delegates { blank(tokens[code[d.lowerBound]].start, tokens[code[d.upperBound]].end) }
        var c = 0
        while c < code.count {
            if let d = delegates.first(where: { $0.contains(c) }) {
                c = d.upperBound + 1
                continue
            }
            let t = tokens[code[c]]
            let word = lexer.text(t)
            if t.kind == .attribute, removed.contains(String(word.dropFirst())), !(keepObjC && word.hasPrefix("@objc")) {
                var end = t.end
                if c + 1 < code.count, lexer.text(tokens[code[c + 1]]) == "(", tokens[code[c + 1]].start == t.end {
                    let close = closingIndex(code, tokens, lexer, c + 1)
                    end = tokens[code[close]].end
                }
                blank(t.start, end)
                if interfaceBuilder.contains(String(word.dropFirst())) { blankAccess(after: c, code, tokens, lexer, blank) }
            } else if t.kind == .pound, word == "#selector", c + 1 < code.count, lexer.text(tokens[code[c + 1]]) == "(" {
                let close = closingIndex(code, tokens, lexer, c + 1)
                let inner = String(decoding: lexer.bytes[tokens[code[c + 1]].end..<tokens[code[close]].start], as: UTF8.self)
                let selector = ObjCSelector.spelling(ofExpression: inner, methods: methods)
                replacements.append((t.start..<tokens[code[close]].end, Array("Selector(\"\(selector)\")".utf8)))
                c = close
            }
            c += 1
        }
        for r in replacements.reversed() { bytes.replaceSubrange(r.range, with: r.text) }
        let quoted = path.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        var out = "#sourceLocation(file: \"\(quoted)\", line: 1)\n" + String(decoding: bytes, as: UTF8.self)
        if !out.hasSuffix("\n") { out += "\n" }
        return out + "#sourceLocation()\n"
    }

    /// `private`, `fileprivate` and their `(set)` among an IB declaration's modifiers, blanked.
    private static func blankAccess(
        after c: Int, _ code: [Int], _ tokens: [SwiftToken], _ lexer: SwiftLexer, _ blank: (Int, Int) -> Void
    ) {
        var k = c + 1
        while k < code.count, !declarationKeywords.contains(lexer.text(tokens[code[k]])) {
            let w = lexer.text(tokens[code[k]])
            if w == "private" || w == "fileprivate" {
                let start = tokens[code[k]].start
                var end = tokens[code[k]].end
                if k + 3 < code.count, lexer.text(tokens[code[k + 1]]) == "(", lexer.text(tokens[code[k + 2]]) == "set" {
                    end = tokens[code[k + 3]].end; k += 3
                }
                blank(start, end)
            }
            if k - c > 12 { return }
            k += 1
        }
    }

    private static func closingIndex(_ code: [Int], _ tokens: [SwiftToken], _ lexer: SwiftLexer, _ open: Int) -> Int {
        var depth = 0
        for k in open..<code.count {
            let w = lexer.text(tokens[code[k]])
            if w == "(" { depth += 1 }
            if w == ")" {
                depth -= 1
                if depth == 0 { return k }
            }
        }
        return code.count - 1
    }

    static let modifiers: Set<String> = ["final", "public", "internal", "open", "private", "fileprivate", "package"]

    /// The code-token ranges of the delegate classes and their extensions, from their first
    /// attribute or modifier to their closing brace.
    static func delegateDeclarations(_ code: [Int], _ tokens: [SwiftToken], _ lexer: SwiftLexer, leftOut: Set<String>) -> [ClosedRange<Int>] {
        var out: [ClosedRange<Int>] = []
        var c = 0
        while c + 1 < code.count {
            let word = lexer.text(tokens[code[c]])
            guard word == "class" || word == "extension", tokens[code[c + 1]].kind == .identifier else {
                c += 1; continue
            }
            let name = lexer.text(tokens[code[c + 1]])
            var open = c + 2
            var adopted: [String] = []
            while open < code.count, lexer.text(tokens[code[open]]) != "{" {
                adopted.append(lexer.text(tokens[code[open]])); open += 1
            }
            let isDelegate = leftOut.contains(name) || adopted.contains { SwiftFileDeclarations.delegateProtocols.contains($0) }
            guard isDelegate, open < code.count else {
                c += 1; continue
            }
            var start = c
            while start > 0 {
                let before = tokens[code[start - 1]]
                guard before.kind == .attribute || modifiers.contains(lexer.text(before)) else { break }
                start -= 1
            }
            var depth = 0
            var end = open
            while end < code.count {
                let w = lexer.text(tokens[code[end]])
                if w == "{" { depth += 1 }
                if w == "}" {
                    depth -= 1
                    if depth == 0 { break }
                }
                end += 1
            }
            end = min(end, code.count - 1)
            out.append(start...end)
            c = end + 1
        }
        return out
    }

    /// `optional func` or `optional var` in the file: an `@objc protocol`'s optional requirements.
    static func hasOptionalRequirements(_ tokens: [SwiftToken], _ lexer: SwiftLexer) -> Bool {
        let words = tokens.filter { $0.kind == .identifier }
        for (a, b) in zip(words, words.dropFirst()) where lexer.text(a) == "optional" {
            if ["func", "var"].contains(lexer.text(b)) { return true }
        }
        return false
    }
}

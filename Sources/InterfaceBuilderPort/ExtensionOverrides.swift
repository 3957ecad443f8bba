/// Overrides written in extensions, moved into their class's own declaration. Swift compiles
/// `extension FeedViewController { override func scrollViewDidScroll(...) }` only with the
/// Objective-C runtime ("cannot be overridden from extension"); moved into the class body it
/// compiles anywhere and means the same.
///
/// A member moves when it is marked `override`, its extension is at the top level of a file and
/// extends a class the app declares at the top level of a file (the same file or another). Its
/// text is blanked where it was, every newline kept, so the rest of that file keeps its lines and
/// columns; it is written again before the class's closing brace, at its own column, between two
/// `#sourceLocation` lines: the first names its own file and line, so the compiler's messages
/// point at the user's code where it is, the second gives the class's file back its line numbers.
public enum ExtensionOverrides {
    /// One member to move: its bytes in its file and where it goes.
    struct Move {
        var from: Int
        var range: Range<Int>
        var line: Int
        var column: Int
        var toFile: Int
        /// The byte offset of the class's closing brace in its file.
        var toOffset: Int
    }

    /// A top-level declaration block: `class Name` or `extension Name`, its braces' byte offsets.
    struct Block {
        var keyword: String
        var name: String
        var open: Int
        var close: Int
        /// Code-token indices of the body, depth one inside the block.
        var memberTokens: [Int]
    }

    static let memberKeywords: Set<String> = ["func", "var", "subscript", "init", "let"]

    /// The sources with their extensions' overrides moved into their classes; `paths` name the
    /// files for `#sourceLocation`; the classes of `leftOut` (the app's delegates, left out whole)
    /// are not given members. Sources without such overrides come back unchanged.
    public static func move(_ sources: [String], paths: [String], leftOut: Set<String> = []) -> [String] {
        let lexers = sources.map { SwiftLexer($0) }
        let tokens = lexers.map { l in l.tokens().filter { $0.kind != .space && $0.kind != .comment && $0.kind != .newline } }
        let blocks = tokens.indices.map { topLevelBlocks(tokens[$0], lexers[$0]) }
        var classes: [String: (file: Int, close: Int)] = [:]
        for f in blocks.indices {
            for b in blocks[f] where b.keyword == "class" && classes[b.name] == nil && !leftOut.contains(b.name) { classes[b.name] = (f, b.close) }
        }
        var moves: [Move] = []
        for f in blocks.indices {
            let code = tokens[f], lexer = lexers[f]
            for b in blocks[f] where b.keyword == "extension" {
                guard let target = classes[b.name] else { continue }
                var k = 0
                var depth = 0
                let body = b.memberTokens
                while k < body.count {
                    let w = lexer.text(code[body[k]])
                    if w == "{" { depth += 1 }
                    if w == "}" { depth -= 1 }
                    guard depth == 0, w == "override" else { k += 1; continue }
                    var start = k
                    while start > 0 {
                        let before = code[body[start - 1]]
                        if before.kind == .attribute || modifiers.contains(lexer.text(before)) {
                            start -= 1
                        } else if lexer.text(before) == ")", let attribute = attributeArguments(body, start - 1, code, lexer) {
                            start = attribute
                        } else {
                            break
                        }
                    }
                    guard let end = memberEnd(body, from: k, code, lexer) else { k += 1; continue }
                    let first = code[body[start]].start
                    moves.append(
                        Move(
                            from: f, range: first..<code[body[end]].end, line: lexer.line(of: first),
                            column: column(of: first, in: lexer.bytes), toFile: target.file, toOffset: target.close))
                    k = end + 1
                }
            }
        }
        guard !moves.isEmpty else { return sources }
        var bytes = lexers.map(\.bytes)
        var inserts: [Int: [(offset: Int, text: [UInt8])]] = [:]
        for m in moves {
            let text = Array(bytes[m.from][m.range])
            let indent = String(repeating: " ", count: m.column - 1)
            let closeLine = lexers[m.toFile].line(of: m.toOffset)
            let block =
                "\n#sourceLocation(file: \"\(quoted(paths[m.from]))\", line: \(m.line))\n" + indent + String(decoding: text, as: UTF8.self)
                + "\n#sourceLocation(file: \"\(quoted(paths[m.toFile]))\", line: \(closeLine))\n"
            inserts[m.toFile, default: []].append((m.toOffset, Array(block.utf8)))
            for b in m.range where bytes[m.from][b] != 0x0A { bytes[m.from][b] = 0x20 }
        }
        for (file, list) in inserts {
            // Before each closing brace, in the order the members come; from the file's end so that
            // earlier offsets hold. The brace keeps its column: the text before it on its line is
            // repeated as spaces on the brace's new line.
            let byBrace = Dictionary(grouping: list, by: \.offset)
            for offset in byBrace.keys.sorted(by: >) {
                var lineStart = offset
                while lineStart > 0, bytes[file][lineStart - 1] != 0x0A { lineStart -= 1 }
                let leading = Array(repeating: UInt8(0x20), count: String(decoding: bytes[file][lineStart..<offset], as: UTF8.self).count)
                let text = byBrace[offset]!.flatMap(\.text)
                bytes[file].insert(contentsOf: text + leading, at: offset)
            }
        }
        return bytes.map { String(decoding: $0, as: UTF8.self) }
    }

    static let modifiers: Set<String> = [
        "public", "internal", "open", "private", "fileprivate", "package", "final", "dynamic", "required", "convenience", "nonisolated",
        "class", "static", "lazy", "weak", "unowned", "mutating",
    ]

    /// When the token at `k` closes an attribute's arguments (`@objc(name)`), the index of the attribute.
    static func attributeArguments(_ body: [Int], _ k: Int, _ code: [SwiftToken], _ lexer: SwiftLexer) -> Int? {
        var depth = 0
        var m = k
        while m >= 0 {
            let w = lexer.text(code[body[m]])
            if w == ")" { depth += 1 }
            if w == "(" {
                depth -= 1
                if depth == 0 { return m > 0 && code[body[m - 1]].kind == .attribute ? m - 1 : nil }
            }
            m -= 1
        }
        return nil
    }

    /// The index (in `body`) of the last token of the member whose `override` is at `k`: the
    /// closing brace of its body or accessors, or the end of its line for a stored property.
    static func memberEnd(_ body: [Int], from k: Int, _ code: [SwiftToken], _ lexer: SwiftLexer) -> Int? {
        var m = k + 1
        while m < body.count, !memberKeywords.contains(lexer.text(code[body[m]])) { m += 1 }
        var depth = 0
        var sawBody = false
        while m < body.count {
            let w = lexer.text(code[body[m]])
            if w == "(" || w == "[" { depth += 1 }
            if w == ")" || w == "]" { depth -= 1 }
            if w == "{" {
                depth += 1; sawBody = true
            }
            if w == "}" {
                depth -= 1
                if depth == 0 && sawBody { return m }
            }
            m += 1
        }
        return nil
    }

    /// The top-level `class` and `extension` blocks of a file (nested ones are left alone).
    static func topLevelBlocks(_ code: [SwiftToken], _ lexer: SwiftLexer) -> [Block] {
        var out: [Block] = []
        var depth = 0
        var k = 0
        var pending: (keyword: String, name: String)?
        var current: Block?
        while k < code.count {
            let w = lexer.text(code[k])
            if depth == 0, w == "class" || w == "extension", k + 1 < code.count, code[k + 1].kind == .identifier,
                !SwiftFileDeclarations.notClassNames.contains(lexer.text(code[k + 1]))
            {
                var name = lexer.text(code[k + 1])
                var m = k + 1
                while w == "extension", m + 2 < code.count, lexer.text(code[m + 1]) == "." {
                    name += "." + lexer.text(code[m + 2]); m += 2
                }
                pending = (w, name)
                k = m + 1
                continue
            }
            if w == "{" {
                depth += 1
                if depth == 1, let p = pending {
                    current = Block(keyword: p.keyword, name: p.name, open: code[k].start, close: code[k].start, memberTokens: [])
                    pending = nil
                    k += 1
                    continue
                }
            } else if w == "}" {
                depth -= 1
                if depth == 0, var c = current {
                    c.close = code[k].start
                    out.append(c)
                    current = nil
                    k += 1
                    continue
                }
            }
            if depth >= 1, current != nil { current!.memberTokens.append(k) }
            k += 1
        }
        return out
    }

    static func column(of offset: Int, in bytes: [UInt8]) -> Int {
        var start = offset
        while start > 0, bytes[start - 1] != 0x0A { start -= 1 }
        return String(decoding: bytes[start..<offset], as: UTF8.self).count + 1
    }

    static func quoted(_ s: String) -> String { s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") }
}

/// A Swift lexer that knows what the port needs: where code is, and where strings (with their
/// interpolations, multi-line and raw forms) and comments (nested too) are, so that an attribute
/// or `#selector` is found only in code. Tokens are byte ranges of the file's UTF-8.
public struct SwiftToken: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// A name or keyword (`class`, `headerView`, `` `default` ``).
        case identifier
        /// `@name`, the name without arguments.
        case attribute
        /// `#name` (`#selector`, `#if`).
        case pound
        case string
        case comment
        case newline
        case space
        case number
        /// One character of punctuation or an operator (`{`, `(`, `:`, `!`).
        case punctuation
    }
    public var kind: Kind
    public var start: Int
    public var end: Int
}

public struct SwiftLexer {
    public let bytes: [UInt8]

    public init(_ text: String) { bytes = Array(text.utf8) }

    public func text(_ token: SwiftToken) -> String { String(decoding: bytes[token.start..<token.end], as: UTF8.self) }

    /// The 1-based line of byte `offset`.
    public func line(of offset: Int) -> Int { 1 + bytes[0..<min(offset, bytes.count)].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) } }

    public func tokens() -> [SwiftToken] {
        var out: [SwiftToken] = []
        var i = 0
        let n = bytes.count
        while i < n {
            let c = bytes[i]
            let start = i
            var kind: SwiftToken.Kind
            if c == 0x0A {
                i += 1; kind = .newline
            } else if c == 0x20 || c == 0x09 || c == 0x0D {
                while i < n, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0D { i += 1 }
                kind = .space
            } else if c == 0x2F, i + 1 < n, bytes[i + 1] == 0x2F {
                while i < n, bytes[i] != 0x0A { i += 1 }
                kind = .comment
            } else if c == 0x2F, i + 1 < n, bytes[i + 1] == 0x2A {
                i = skipBlockComment(i)
                kind = .comment
            } else if c == 0x22 || (c == 0x23 && rawStringStarts(i)) {
                i = skipString(i)
                kind = .string
            } else if c == 0x40 || c == 0x23 {
                i += 1
                while i < n, isIdentifierByte(bytes[i]) { i += 1 }
                kind = i - start > 1 ? (c == 0x40 ? .attribute : .pound) : .punctuation
            } else if c == 0x60 {
                i += 1
                while i < n, bytes[i] != 0x60, bytes[i] != 0x0A { i += 1 }
                if i < n, bytes[i] == 0x60 { i += 1 }
                kind = .identifier
            } else if isIdentifierByte(c), !(c >= 0x30 && c <= 0x39) {
                while i < n, isIdentifierByte(bytes[i]) { i += 1 }
                kind = .identifier
            } else if c >= 0x30 && c <= 0x39 {
                while i < n, isIdentifierByte(bytes[i]) || bytes[i] == 0x2E && i + 1 < n && bytes[i + 1] >= 0x30 && bytes[i + 1] <= 0x39 { i += 1 }
                kind = .number
            } else {
                i += 1
                kind = .punctuation
            }
            out.append(SwiftToken(kind: kind, start: start, end: i))
        }
        return out
    }

    /// Letters, digits, `_` and every byte of a non-ASCII character (Swift names may use them).
    private func isIdentifierByte(_ b: UInt8) -> Bool {
        (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39) || b == 0x5F || b >= 0x80
    }

    private func skipBlockComment(_ from: Int) -> Int {
        var i = from + 2
        var depth = 1
        while i < bytes.count, depth > 0 {
            if bytes[i] == 0x2F, i + 1 < bytes.count, bytes[i + 1] == 0x2A {
                depth += 1; i += 2
            } else if bytes[i] == 0x2A, i + 1 < bytes.count, bytes[i + 1] == 0x2F {
                depth -= 1; i += 2
            } else {
                i += 1
            }
        }
        return i
    }

    /// `#"`, `##"`, `#"""`: a raw string's opening.
    private func rawStringStarts(_ from: Int) -> Bool {
        var i = from
        while i < bytes.count, bytes[i] == 0x23 { i += 1 }
        return i < bytes.count && bytes[i] == 0x22
    }

    /// The end of the string literal starting at `from` (its `#`s or its quote): single-line,
    /// multi-line and raw, with `\(...)` interpolations that hold code and strings of their own.
    func skipString(_ from: Int) -> Int {
        var i = from
        var hashes = 0
        while i < bytes.count, bytes[i] == 0x23 { hashes += 1; i += 1 }
        let multiLine = i + 2 < bytes.count && bytes[i + 1] == 0x22 && bytes[i + 2] == 0x22
        i += multiLine ? 3 : 1
        let quotes = multiLine ? 3 : 1
        while i < bytes.count {
            let c = bytes[i]
            if c == 0x0A, !multiLine { return i }
            if c == 0x5C, hashesFollow(i + 1, hashes) {
                let after = i + 1 + hashes
                if after < bytes.count, bytes[after] == 0x28 {
                    i = skipInterpolation(after)
                } else {
                    i = after + 1
                }
                continue
            }
            if c == 0x22, closes(i, quotes: quotes, hashes: hashes) { return i + quotes + hashes }
            i += 1
        }
        return i
    }

    private func hashesFollow(_ at: Int, _ count: Int) -> Bool {
        guard at + count <= bytes.count else { return false }
        return (0..<count).allSatisfy { bytes[at + $0] == 0x23 }
    }

    private func closes(_ at: Int, quotes: Int, hashes: Int) -> Bool {
        guard at + quotes + hashes <= bytes.count else { return false }
        for k in 0..<quotes where bytes[at + k] != 0x22 { return false }
        return hashesFollow(at + quotes, hashes)
    }

    /// From an interpolation's `(` to just after its `)`, past the strings and comments inside.
    private func skipInterpolation(_ open: Int) -> Int {
        var i = open + 1
        var depth = 1
        while i < bytes.count, depth > 0 {
            let c = bytes[i]
            if c == 0x22 || (c == 0x23 && rawStringStarts(i)) {
                i = skipString(i); continue
            }
            if c == 0x2F, i + 1 < bytes.count, bytes[i + 1] == 0x2A {
                i = skipBlockComment(i); continue
            }
            if c == 0x28 { depth += 1 }
            if c == 0x29 { depth -= 1 }
            i += 1
        }
        return i
    }
}

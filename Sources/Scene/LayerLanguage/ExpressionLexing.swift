import Raster

/// The characters of an expression: spaces, operators, names, numbers, and how a character is
/// named in a message. The parser (ExpressionParser.swift) calls these as it goes.
extension ExpressionParser {
    mutating func skipSpace() {
        while i < chars.count, chars[i] == " " || chars[i] == "\t" || chars[i] == "\n" || chars[i] == "\r" { i += 1 }
    }

    func describe(_ at: Int) -> String {
        guard at < chars.count else { return "end of the expression" }
        let c = chars[at]
        if c.value < 32 || c.value == 127 {
            let hex = String(c.value, radix: 16, uppercase: true)
            return "control character U+" + String(repeating: "0", count: 4 - hex.count) + hex
        }
        return "\"\(Character(c))\""
    }

    /// Consumes `op` (after spaces) if it is next.
    mutating func take(_ op: String) -> Bool {
        skipSpace()
        let s = Array(op.unicodeScalars)
        guard i + s.count <= chars.count, Array(chars[i..<(i + s.count)]) == s else { return false }
        // `<` must not swallow the `<` of `<=`, nor `=` start `==` by accident.
        if s.count == 1, op == "<" || op == ">" || op == "!", i + 1 < chars.count, chars[i + 1] == "=" { return false }
        i += s.count
        return true
    }

    static func isNameStart(_ c: Unicode.Scalar) -> Bool { (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || c == "_" }
    static func isNamePart(_ c: Unicode.Scalar) -> Bool { isNameStart(c) || isDigit(c) }
    static func isDigit(_ c: Unicode.Scalar) -> Bool { c >= "0" && c <= "9" }
    static func isHex(_ c: Unicode.Scalar) -> Bool { isDigit(c) || (c >= "a" && c <= "f") || (c >= "A" && c <= "F") }

    mutating func number() throws -> Double {
        let start = i
        while i < chars.count, ExpressionParser.isDigit(chars[i]) { i += 1 }
        if i < chars.count, chars[i] == "." { i += 1; while i < chars.count, ExpressionParser.isDigit(chars[i]) { i += 1 } }
        if i < chars.count, chars[i] == "e" || chars[i] == "E" {
            var j = i + 1
            if j < chars.count, chars[j] == "+" || chars[j] == "-" { j += 1 }
            if j < chars.count, ExpressionParser.isDigit(chars[j]) {
                i = j
                while i < chars.count, ExpressionParser.isDigit(chars[i]) { i += 1 }
            }
        }
        let text = String(String.UnicodeScalarView(chars[start..<i]))
        guard let v = Double(text), v.isFinite else {
            throw ExpressionError(position: start, message: "\"\(text)\" is not a finite number")
        }
        return v
    }
}

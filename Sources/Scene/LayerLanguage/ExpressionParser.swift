import Raster

/// Recursive descent over the grammar, lowest precedence first:
///
///     conditional := or ("?" conditional ":" conditional)?
///     or          := and ("||" and)*
///     and         := equality ("&&" equality)*
///     equality    := comparison (("==" | "!=") comparison)*
///     comparison  := sum (("<" | "<=" | ">" | ">=") sum)*
///     sum         := product (("+" | "-") product)*
///     product     := unary (("*" | "/") unary)*
///     unary       := ("-" | "!") unary | primary
///     primary     := number | color | name | name "(" arguments ")" | "(" conditional ")"
///
/// Parentheses, unary operators and `? :` nest at most 64 levels while parsing; a chain of binary
/// operators is parsed in a loop, and the tree is at most 256 deep, checked as each node is built
/// (before any walk of the tree: its depth, its names, resolving, evaluating), so neither parsing
/// nor evaluation (on worker threads, with small stacks) can exhaust the stack.
package struct ExpressionParser {
    static let maximumLength = 2000
    static let maximumDepth = 64
    /// The deepest tree an expression may build (a chain of binary operators is one level each).
    static let maximumTreeDepth = 256

    /// The text, and where the parser stands in it (read by the lexing steps, ExpressionLexing.swift).
    let chars: [Unicode.Scalar]
    var i = 0
    private var depth = 0
    /// The depth of the tree the last parsing step built.
    private var built = 0

    package static func parse(_ text: String) throws -> ExpressionSyntax {
        var p = ExpressionParser(chars: Array(text.unicodeScalars))
        if p.chars.count > maximumLength {
            throw ExpressionError(
                position: 0,
                message: "the expression is \(p.chars.count) characters long, over the limit of "
                    + "\(maximumLength); split it into vars")
        }
        p.skipSpace()
        if p.i == p.chars.count { throw ExpressionError(position: 0, message: "the expression is empty; write a number or a formula") }
        let e = try p.conditional()
        p.skipSpace()
        if p.i < p.chars.count {
            throw ExpressionError(
                position: p.i,
                message: "unexpected \(p.describe(p.i)) after a complete expression; "
                    + "an operator (+ - * / < > == ? :) or the end was expected")
        }
        return e
    }

    private init(chars: [Unicode.Scalar]) { self.chars = chars }

    /// Records the depth of the node just built, refusing a tree deeper than the limit.
    private mutating func build(_ treeDepth: Int, at position: Int) throws {
        built = treeDepth
        if treeDepth > ExpressionParser.maximumTreeDepth {
            throw ExpressionError(
                position: position,
                message: "the expression is a chain of over \(ExpressionParser.maximumTreeDepth) "
                    + "operations; split it into vars")
        }
    }

    private mutating func nest() throws {
        depth += 1
        if depth > ExpressionParser.maximumDepth {
            throw ExpressionError(
                position: i,
                message: "the expression nests more than \(ExpressionParser.maximumDepth) levels deep; "
                    + "split it into vars")
        }
    }

    private mutating func conditional() throws -> ExpressionSyntax {
        try nest(); defer { depth -= 1 }
        let condition = try or()
        let conditionDepth = built
        let at = i
        guard take("?") else { return condition }
        let a = try conditional()
        let aDepth = built
        guard take(":") else {
            throw ExpressionError(position: i, message: "expected \":\" (condition ? then : else), got \(describe(i))")
        }
        let b = try conditional()
        try build(1 + max(conditionDepth, aDepth, built), at: at)
        return .conditional(condition, a, b, at: at)
    }

    private mutating func binaryLevel(_ ops: [String], _ next: (inout ExpressionParser) throws -> ExpressionSyntax) throws -> ExpressionSyntax {
        var left = try next(&self)
        var leftDepth = built
        while true {
            skipSpace()
            let at = i
            guard let op = ops.first(where: { take($0) }) else { built = leftDepth; return left }
            let right = try next(&self)
            try build(1 + max(leftDepth, built), at: at)
            leftDepth = built
            left = .binary(op, left, right, at: at)
        }
    }

    private mutating func or() throws -> ExpressionSyntax { try binaryLevel(["||"]) { try $0.and() } }
    private mutating func and() throws -> ExpressionSyntax { try binaryLevel(["&&"]) { try $0.equality() } }
    private mutating func equality() throws -> ExpressionSyntax { try binaryLevel(["==", "!="]) { try $0.comparison() } }
    private mutating func comparison() throws -> ExpressionSyntax { try binaryLevel(["<=", ">=", "<", ">"]) { try $0.sum() } }
    private mutating func sum() throws -> ExpressionSyntax { try binaryLevel(["+", "-"]) { try $0.product() } }
    private mutating func product() throws -> ExpressionSyntax { try binaryLevel(["*", "/"]) { try $0.unary() } }

    private mutating func unary() throws -> ExpressionSyntax {
        try nest(); defer { depth -= 1 }
        skipSpace()
        let at = i
        for op: Character in ["-", "!"] where take(String(op)) {
            let operand = try unary()
            try build(built + 1, at: at)
            return .unary(op, operand, at: at)
        }
        if take("+") { return try unary() }
        return try primary()
    }

    private mutating func primary() throws -> ExpressionSyntax {
        skipSpace()
        let at = i
        guard i < chars.count else {
            throw ExpressionError(position: i, message: "the expression ends too soon; a number, a name or \"(\" was expected")
        }
        let c = chars[i]
        if ExpressionParser.isDigit(c) || (c == "." && i + 1 < chars.count && ExpressionParser.isDigit(chars[i + 1])) {
            built = 1
            return .number(try number(), at: at)
        }
        if c == "#" {
            i += 1
            let start = i
            while i < chars.count, ExpressionParser.isHex(chars[i]) { i += 1 }
            let digits = String(String.UnicodeScalarView(chars[start..<i]))
            // What was meant, for the message: the letters and digits that follow.
            var end = i
            while end < chars.count, ExpressionParser.isNamePart(chars[end]) { end += 1 }
            let written = String(String.UnicodeScalarView(chars[start..<end]))
            guard end == i, let color = Color(hex: "#" + digits), [3, 6, 8].contains(digits.count) else {
                let problem = end > i ? "\"\(Character(chars[i]))\" is not a hex digit" : "a color has 3, 6 or 8 hex digits"
                throw ExpressionError(
                    position: end > i ? i : at,
                    message: "expected a color as #RGB, #RRGGBB or #RRGGBBAA, got "
                        + "\"#\(written)\": \(problem)")
            }
            built = 1
            return .color(ColorValue(color), at: at)
        }
        if ExpressionParser.isNameStart(c) {
            var name = ""
            // Dotted names are one name: screen.width, safeArea.top.
            while i < chars.count,
                ExpressionParser.isNamePart(chars[i])
                    || (chars[i] == "." && i + 1 < chars.count
                        && ExpressionParser.isNameStart(chars[i + 1]))
            {
                name.unicodeScalars.append(chars[i]); i += 1
            }
            skipSpace()
            if i < chars.count, chars[i] == "(" {
                i += 1
                var args: [ExpressionSyntax] = []
                skipSpace()
                if i < chars.count, chars[i] == ")" {
                    i += 1
                    built = 1
                    return .call(name, [], at: at, close: i - 1)
                }
                var deepest = 0
                while true {
                    args.append(try conditional())
                    deepest = max(deepest, built)
                    skipSpace()
                    if take(",") { continue }
                    if take(")") { try build(1 + deepest, at: at); return .call(name, args, at: at, close: i - 1) }
                    throw ExpressionError(position: i, message: "expected \",\" or \")\" in the arguments of \(name)(...), got \(describe(i))")
                }
            }
            built = 1
            return .name(name, at: at)
        }
        if c == "(" {
            i += 1
            let e = try conditional()
            guard take(")") else {
                throw ExpressionError(position: i, message: "expected \")\" to close the \"(\" at character \(at + 1), got \(describe(i))")
            }
            return e
        }
        var hint = ""
        if c == "%" { hint = "; there is no %: for a remainder write mod(x, y), for a percentage the fraction (0.5)" }
        if c == "=" { hint = "; compare with ==" }
        if c == "'" || c == "\"" { hint = "; expressions have no strings" }
        throw ExpressionError(position: at, message: "unexpected \(describe(at)); a number, a name, a color or \"(\" was expected\(hint)")
    }

}

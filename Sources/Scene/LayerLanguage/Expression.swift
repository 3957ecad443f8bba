import Raster

// The scenario files' expression language: a small pure language for the formulas of a
// `scrollViewDidScroll`, such as `max(0, 260 - offset)` or `offset > 100 ? 1 : 0`.
//
// Numbers are Doubles; colors are a second type (`#RRGGBB`, `rgba(...)`, `mix(a, b, t)`).
// No loops, no assignment, no strings, no general-purpose scripting: every expression ends in
// time linear in its length. Evaluation is deterministic: IEEE arithmetic in a fixed order and
// the elementary functions of `MathFunctions.swift` instead of the C library.

/// The type of an expression's value.
public enum ValueKind: String, Sendable {
    case number, color
}

/// A color as four components 0...255 (not premultiplied), so it can be interpolated.
public struct ColorValue: Equatable, Sendable {
    public var r: Double, g: Double, b: Double, a: Double

    public init(r: Double, g: Double, b: Double, a: Double) { self.r = r; self.g = g; self.b = b; self.a = a }
    public init(_ c: Color) { r = Double(c.r); g = Double(c.g); b = Double(c.b); a = Double(c.a) }

    /// Rounded to 8-bit components (half away from zero), clamped to 0...255.
    public var color: Color {
        func c(_ v: Double) -> UInt8 { v.isFinite ? UInt8(min(max(v, 0), 255).rounded()) : 0 }
        return Color(r: c(r), g: c(g), b: c(b), a: c(a))
    }

    public var isFinite: Bool { r.isFinite && g.isFinite && b.isFinite && a.isFinite }

    /// Component-wise `a + (b - a) * t`.
    public static func mix(_ x: ColorValue, _ y: ColorValue, _ t: Double) -> ColorValue {
        ColorValue(r: x.r + (y.r - x.r) * t, g: x.g + (y.g - x.g) * t, b: x.b + (y.b - x.b) * t, a: x.a + (y.a - x.a) * t)
    }

    /// `#RRGGBB` or `#RRGGBBAA`.
    public var hex: String {
        let c = color
        let parts = c.a == 255 ? [c.r, c.g, c.b] : [c.r, c.g, c.b, c.a]
        let digits = Array("0123456789ABCDEF")
        return "#" + parts.map { String([digits[Int($0 >> 4)], digits[Int($0 & 15)]]) }.joined()
    }
}

/// A problem in an expression, at a character of its text (0-based, in Unicode scalars).
public struct ExpressionError: Error, Equatable, Sendable {
    public var position: Int
    public var message: String
    public init(position: Int, message: String) { self.position = position; self.message = message }
}

/// The syntax tree of an expression as written, before names are resolved.
indirect enum ExpressionSyntax: Equatable {
    case number(Double, at: Int)
    case color(ColorValue, at: Int)
    case name(String, at: Int)
    case unary(Character, ExpressionSyntax, at: Int)
    case binary(String, ExpressionSyntax, ExpressionSyntax, at: Int)
    case conditional(ExpressionSyntax, ExpressionSyntax, ExpressionSyntax, at: Int)
    case call(String, [ExpressionSyntax], at: Int, close: Int)

    var position: Int {
        switch self {
        case .number(_, let p), .color(_, let p), .name(_, let p), .unary(_, _, let p), .binary(_, _, _, let p),
             .conditional(_, _, _, let p), .call(_, _, let p, _):
            return p
        }
    }

    /// Every name the expression reads (variables, not functions), with where it is read.
    /// The tree's depth (1 for a number or a name).
    var depth: Int {
        switch self {
        case .number, .color, .name: return 1
        case .unary(_, let e, _): return 1 + e.depth
        case .binary(_, let l, let r, _): return 1 + max(l.depth, r.depth)
        case .conditional(let c, let a, let b, _): return 1 + max(c.depth, a.depth, b.depth)
        case .call(_, let args, _, _): return 1 + (args.map(\.depth).max() ?? 0)
        }
    }

    var names: [(String, Int)] {
        switch self {
        case .number, .color: return []
        case .name(let n, let p): return [(n, p)]
        case .unary(_, let e, _): return e.names
        case .binary(_, let l, let r, _): return l.names + r.names
        case .conditional(let c, let a, let b, _): return c.names + a.names + b.names
        case .call(_, let args, _, _): return args.flatMap(\.names)
        }
    }
}

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
struct ExpressionParser {
    static let maximumLength = 2000
    static let maximumDepth = 64
    /// The deepest tree an expression may build (a chain of binary operators is one level each).
    static let maximumTreeDepth = 256

    private let chars: [Unicode.Scalar]
    private var i = 0
    private var depth = 0
    /// The depth of the tree the last parsing step built.
    private var built = 0

    static func parse(_ text: String) throws -> ExpressionSyntax {
        var p = ExpressionParser(chars: Array(text.unicodeScalars))
        if p.chars.count > maximumLength {
            throw ExpressionError(position: 0, message: "the expression is \(p.chars.count) characters long, over the limit of "
                + "\(maximumLength); split it into vars")
        }
        p.skipSpace()
        if p.i == p.chars.count { throw ExpressionError(position: 0, message: "the expression is empty; write a number or a formula") }
        let e = try p.conditional()
        p.skipSpace()
        if p.i < p.chars.count {
            throw ExpressionError(position: p.i, message: "unexpected \(p.describe(p.i)) after a complete expression; "
                + "an operator (+ - * / < > == ? :) or the end was expected")
        }
        return e
    }

    private init(chars: [Unicode.Scalar]) { self.chars = chars }

    private mutating func skipSpace() {
        while i < chars.count, chars[i] == " " || chars[i] == "\t" || chars[i] == "\n" || chars[i] == "\r" { i += 1 }
    }

    private func describe(_ at: Int) -> String {
        guard at < chars.count else { return "end of the expression" }
        let c = chars[at]
        if c.value < 32 || c.value == 127 {
            let hex = String(c.value, radix: 16, uppercase: true)
            return "control character U+" + String(repeating: "0", count: 4 - hex.count) + hex
        }
        return "\"\(Character(c))\""
    }

    /// Consumes `op` (after spaces) if it is next.
    private mutating func take(_ op: String) -> Bool {
        skipSpace()
        let s = Array(op.unicodeScalars)
        guard i + s.count <= chars.count, Array(chars[i..<(i + s.count)]) == s else { return false }
        // `<` must not swallow the `<` of `<=`, nor `=` start `==` by accident.
        if s.count == 1, (op == "<" || op == ">" || op == "!"), i + 1 < chars.count, chars[i + 1] == "=" { return false }
        i += s.count
        return true
    }

    /// Records the depth of the node just built, refusing a tree deeper than the limit.
    private mutating func build(_ treeDepth: Int, at position: Int) throws {
        built = treeDepth
        if treeDepth > ExpressionParser.maximumTreeDepth {
            throw ExpressionError(position: position, message: "the expression is a chain of over \(ExpressionParser.maximumTreeDepth) "
                + "operations; split it into vars")
        }
    }

    private mutating func nest() throws {
        depth += 1
        if depth > ExpressionParser.maximumDepth {
            throw ExpressionError(position: i, message: "the expression nests more than \(ExpressionParser.maximumDepth) levels deep; "
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

    private static func isNameStart(_ c: Unicode.Scalar) -> Bool { (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || c == "_" }
    private static func isNamePart(_ c: Unicode.Scalar) -> Bool { isNameStart(c) || isDigit(c) }
    private static func isDigit(_ c: Unicode.Scalar) -> Bool { c >= "0" && c <= "9" }
    private static func isHex(_ c: Unicode.Scalar) -> Bool { isDigit(c) || (c >= "a" && c <= "f") || (c >= "A" && c <= "F") }

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
                throw ExpressionError(position: end > i ? i : at, message: "expected a color as #RGB, #RRGGBB or #RRGGBBAA, got "
                    + "\"#\(written)\": \(problem)")
            }
            built = 1
            return .color(ColorValue(color), at: at)
        }
        if ExpressionParser.isNameStart(c) {
            var name = ""
            // Dotted names are one name: screen.width, safeArea.top.
            while i < chars.count, ExpressionParser.isNamePart(chars[i]) || (chars[i] == "." && i + 1 < chars.count
                    && ExpressionParser.isNameStart(chars[i + 1])) {
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

    private mutating func number() throws -> Double {
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

/// The built-in functions: name, how many arguments, and what they compute.
enum ExpressionFunction: String, CaseIterable {
    case min, max, clamp, abs, floor, ceil, round, sqrt, pow, mod, mix, smoothstep, step, rgb, rgba

    var arity: ClosedRange<Int> {
        switch self {
        case .min, .max: return 2...16
        case .abs, .floor, .ceil, .round, .sqrt: return 1...1
        case .pow, .mod, .step: return 2...2
        case .clamp, .mix, .smoothstep, .rgb: return 3...3
        case .rgba: return 4...4
        }
    }

    var signature: String {
        switch self {
        case .min, .max: return "\(rawValue)(a, b, ...)"
        case .clamp: return "clamp(x, low, high)"
        case .abs, .floor, .ceil, .round, .sqrt: return "\(rawValue)(x)"
        case .pow: return "pow(x, y)"
        case .mod: return "mod(x, y), the remainder x - y * floor(x / y)"
        case .mix: return "mix(a, b, t)"
        case .smoothstep: return "smoothstep(edge0, edge1, x)"
        case .step: return "step(edge, x)"
        case .rgb: return "rgb(r, g, b) with 0-255 components"
        case .rgba: return "rgba(r, g, b, alpha) with 0-255 components and alpha 0-1"
        }
    }
}

/// Names an expression may read: each a slot in an `ExpressionEnvironment` and a type.
public struct ExpressionScope: Sendable {
    public struct Entry: Sendable { public var slot: Int; public var kind: ValueKind }
    private(set) var entries: [String: Entry] = [:]
    /// In the order they were declared (for messages and `explain`).
    public private(set) var names: [String] = []
    private(set) var numberSlots = 0
    private(set) var colorSlots = 0
    /// Colors known by name that are not variables (UIKit's system colors, `SystemColor`).
    var colorNames: [String: ColorValue] = [:]

    public init() {}

    @discardableResult
    public mutating func declare(_ name: String, _ kind: ValueKind) -> Entry {
        if let e = entries[name] { return e }
        let entry: Entry
        switch kind {
        case .number: entry = Entry(slot: numberSlots, kind: .number); numberSlots += 1
        case .color: entry = Entry(slot: colorSlots, kind: .color); colorSlots += 1
        }
        entries[name] = entry
        names.append(name)
        return entry
    }

    public subscript(name: String) -> Entry? { entries[name] }

    public func makeEnvironment() -> ExpressionEnvironment {
        ExpressionEnvironment(numbers: Array(repeating: 0, count: numberSlots),
                              colors: Array(repeating: ColorValue(r: 0, g: 0, b: 0, a: 0), count: colorSlots))
    }
}

/// The values of a scope's names at one moment.
public struct ExpressionEnvironment {
    public var numbers: [Double]
    public var colors: [ColorValue]
}

/// A resolved, type-checked expression.
public final class CompiledExpression: Sendable {
    indirect enum Node: Sendable {
        case number(Double)
        case color(ColorValue)
        case numberSlot(Int)
        case colorSlot(Int)
        case negate(Node)
        case not(Node)
        case arithmetic(Character, Node, Node)
        case compare(String, Node, Node)
        case compareColors(Bool, Node, Node)
        case logic(Bool, Node, Node)
        case conditional(Node, Node, Node)
        case call(ExpressionFunction, [Node])
    }

    public let source: String
    public let kind: ValueKind
    /// The names it reads.
    public let reads: Set<String>
    let root: Node

    init(source: String, kind: ValueKind, reads: Set<String>, root: Node) {
        self.source = source; self.kind = kind; self.reads = reads; self.root = root
    }

    /// Parses and resolves `source` against `scope`. Unknown names and functions get a did-you-mean.
    public static func compile(_ source: String, scope: ExpressionScope) throws -> CompiledExpression {
        // At most `ExpressionParser.maximumTreeDepth` deep: checked by the parser as it builds.
        let syntax = try ExpressionParser.parse(source)
        var reads = Set<String>()
        let (node, kind) = try resolve(syntax, scope, &reads)
        return CompiledExpression(source: source, kind: kind, reads: reads, root: node)
    }

    private static func resolve(_ e: ExpressionSyntax, _ scope: ExpressionScope, _ reads: inout Set<String>) throws -> (Node, ValueKind) {
        func expect(_ sub: ExpressionSyntax, _ kind: ValueKind, _ role: String) throws -> Node {
            let (n, k) = try resolve(sub, scope, &reads)
            guard k == kind else {
                throw ExpressionError(position: sub.position, message: "\(role) must be a \(kind.rawValue), got a \(k.rawValue)")
            }
            return n
        }
        switch e {
        case .number(let v, _): return (.number(v), .number)
        case .color(let c, _): return (.color(c), .color)
        case .name(let name, let at):
            guard let entry = scope[name] else {
                if let c = scope.colorNames[name] { return (.color(c), .color) }
                if ExpressionFunction(rawValue: name) != nil {
                    throw ExpressionError(position: at, message: "\(name) is a function; call it as \(ExpressionFunction(rawValue: name)!.signature)")
                }
                var message = "unknown variable \"\(name)\""
                if let color = SystemColor.suggestion(for: name) {
                    throw ExpressionError(position: at, message: message + "; \(SystemColor.howWritten): did you mean \(color)?")
                }
                if let s = ScenarioReader.closest(to: name, in: scope.names) {
                    message += "; did you mean \"\(s)\"?"
                } else {
                    let names = scope.names.prefix(24).joined(separator: ", ") + (scope.names.count > 24 ? ", ..." : "")
                    message += "; variables are \(names) (declare your own under vars:)"
                }
                throw ExpressionError(position: at, message: message)
            }
            reads.insert(name)
            return (entry.kind == .number ? .numberSlot(entry.slot) : .colorSlot(entry.slot), entry.kind)
        case .unary(let op, let sub, _):
            let n = try expect(sub, .number, op == "-" ? "the operand of unary -" : "the operand of !")
            return (op == "-" ? .negate(n) : .not(n), .number)
        case .binary(let op, let l, let r, let at):
            if op == "==" || op == "!=" {
                let (ln, lk) = try resolve(l, scope, &reads)
                let (rn, rk) = try resolve(r, scope, &reads)
                guard lk == rk else {
                    throw ExpressionError(position: at, message: "\(op) compares a \(lk.rawValue) with a \(rk.rawValue); compare like with like")
                }
                if lk == .color { return (.compareColors(op == "==", ln, rn), .number) }
                return (.compare(op, ln, rn), .number)
            }
            let ln = try expect(l, .number, "the left side of \(op)")
            let rn = try expect(r, .number, "the right side of \(op)")
            switch op {
            case "+", "-", "*", "/": return (.arithmetic(Character(op), ln, rn), .number)
            case "&&", "||": return (.logic(op == "&&", ln, rn), .number)
            default: return (.compare(op, ln, rn), .number)
            }
        case .conditional(let c, let a, let b, let at):
            let cn = try expect(c, .number, "the condition before ?")
            let (an, ak) = try resolve(a, scope, &reads)
            let (bn, bk) = try resolve(b, scope, &reads)
            guard ak == bk else {
                throw ExpressionError(position: at, message: "the two branches of ? : must have one type, got a \(ak.rawValue) and a \(bk.rawValue)")
            }
            return (.conditional(cn, an, bn), ak)
        case .call(let name, let args, let at, let close):
            guard let f = ExpressionFunction(rawValue: name) else {
                var message = "unknown function \"\(name)\""
                if let s = ScenarioReader.closest(to: name, in: ExpressionFunction.allCases.map(\.rawValue)) {
                    message += "; did you mean \"\(s)\"?"
                } else {
                    message += "; functions are \(ExpressionFunction.allCases.map(\.rawValue).joined(separator: ", "))"
                }
                throw ExpressionError(position: at, message: message)
            }
            guard f.arity.contains(args.count) else {
                let wanted = f.arity.lowerBound == f.arity.upperBound ? "\(f.arity.lowerBound)" : "at least \(f.arity.lowerBound)"
                throw ExpressionError(position: args.count > f.arity.upperBound ? args[f.arity.upperBound].position : close,
                                      message: "\(name) takes \(wanted) argument\(f.arity.lowerBound == 1 && f.arity.upperBound == 1 ? "" : "s"), "
                                        + "got \(args.count): \(f.signature)")
            }
            if f == .mix {
                let (an, ak) = try resolve(args[0], scope, &reads)
                let bn = try expect(args[1], ak, "the second argument of mix (like the first)")
                let tn = try expect(args[2], .number, "the third argument of mix")
                return (.call(.mix, [an, bn, tn]), ak)
            }
            let nodes = try args.enumerated().map { i, a in try expect(a, .number, "argument \(i + 1) of \(name)") }
            return (.call(f, nodes), f == .rgb || f == .rgba ? .color : .number)
        }
    }

    public func number(_ env: ExpressionEnvironment) -> Double { CompiledExpression.number(root, env) }
    public func color(_ env: ExpressionEnvironment) -> ColorValue { CompiledExpression.color(root, env) }

    static func number(_ n: Node, _ env: ExpressionEnvironment) -> Double {
        switch n {
        case .number(let v): return v
        case .numberSlot(let s): return env.numbers[s]
        case .negate(let a): return -number(a, env)
        case .not(let a): return number(a, env) == 0 ? 1 : 0
        case .arithmetic(let op, let a, let b):
            let x = number(a, env), y = number(b, env)
            switch op {
            case "+": return x + y
            case "-": return x - y
            case "*": return x * y
            default: return x / y
            }
        case .compare(let op, let a, let b):
            let x = number(a, env), y = number(b, env)
            let r: Bool
            switch op {
            case "<": r = x < y
            case "<=": r = x <= y
            case ">": r = x > y
            case ">=": r = x >= y
            case "==": r = x == y
            default: r = x != y
            }
            return r ? 1 : 0
        case .compareColors(let equal, let a, let b):
            return (color(a, env).color == color(b, env).color) == equal ? 1 : 0
        case .logic(let isAnd, let a, let b):
            let x = number(a, env) != 0
            if isAnd { return x && number(b, env) != 0 ? 1 : 0 }
            return x || number(b, env) != 0 ? 1 : 0
        case .conditional(let c, let a, let b):
            return number(c, env) != 0 ? number(a, env) : number(b, env)
        case .call(let f, let args):
            func arg(_ i: Int) -> Double { number(args[i], env) }
            switch f {
            case .min:
                var v = arg(0)
                for i in 1..<args.count { let x = arg(i); if x < v || x.isNaN { v = x } }
                return v
            case .max:
                var v = arg(0)
                for i in 1..<args.count { let x = arg(i); if x > v || x.isNaN { v = x } }
                return v
            case .clamp:
                let x = arg(0), lo = arg(1), hi = arg(2)
                return x < lo ? lo : (x > hi ? hi : x)
            case .abs: return Swift.abs(arg(0))
            case .floor: return arg(0).rounded(.down)
            case .ceil: return arg(0).rounded(.up)
            case .round: return arg(0).rounded(.toNearestOrAwayFromZero)
            case .sqrt: return arg(0).squareRoot()
            case .pow: return deterministicPower(arg(0), arg(1))
            case .mod:
                let x = arg(0), y = arg(1)
                return x - y * (x / y).rounded(.down)
            case .mix:
                let a = arg(0), b = arg(1), t = arg(2)
                return a + (b - a) * t
            case .smoothstep:
                let e0 = arg(0), e1 = arg(1), x = arg(2)
                var t = (x - e0) / (e1 - e0)
                if e0 == e1 { t = x < e0 ? 0 : 1 }
                t = Swift.min(Swift.max(t, 0), 1)
                return t * t * (3 - 2 * t)
            case .step: return arg(1) < arg(0) ? 0 : 1
            case .rgb, .rgba: return .nan
            }
        case .color, .colorSlot: return .nan
        }
    }

    static func color(_ n: Node, _ env: ExpressionEnvironment) -> ColorValue {
        switch n {
        case .color(let c): return c
        case .colorSlot(let s): return env.colors[s]
        case .conditional(let c, let a, let b): return number(c, env) != 0 ? color(a, env) : color(b, env)
        case .call(.mix, let args): return ColorValue.mix(color(args[0], env), color(args[1], env), number(args[2], env))
        case .call(.rgb, let args): return ColorValue(r: number(args[0], env), g: number(args[1], env), b: number(args[2], env), a: 255)
        case .call(.rgba, let args):
            return ColorValue(r: number(args[0], env), g: number(args[1], env), b: number(args[2], env), a: number(args[3], env) * 255)
        default: return ColorValue(r: .nan, g: .nan, b: .nan, a: .nan)
        }
    }
}

/// x^y without the C library: whole exponents up to 1024 by repeated squaring, others as
/// e^(y ln x) with our own exp and log. NaN for a negative base with a fractional exponent.
func deterministicPower(_ x: Double, _ y: Double) -> Double {
    if y == 0 { return 1 }
    if y == y.rounded(), Swift.abs(y) <= 1024 {
        var result = 1.0, base = x, n = Int(Swift.abs(y))
        while n > 0 {
            if n & 1 == 1 { result *= base }
            base *= base
            n >>= 1
        }
        return y < 0 ? 1 / result : result
    }
    if x == 0 { return y > 0 ? 0 : .infinity }
    if x < 0 || !x.isFinite || !y.isFinite { return x.isFinite && y.isFinite ? .nan : (x > 1 || x == .infinity ? .infinity : .nan) }
    let p = y * naturalLog(x)
    if p > 709.7 { return .infinity }
    if p < -745 { return 0 }
    return exponential(p)
}

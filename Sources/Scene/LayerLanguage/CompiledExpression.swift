import Raster

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

    /// The number or color the expression is when it is a literal one (the loader keeps it as a constant).
    package var literalNumber: Double? { if case .number(let v) = root { return v } else { return nil } }
    package var literalColor: ColorValue? { if case .color(let c) = root { return c } else { return nil } }

    init(source: String, kind: ValueKind, reads: Set<String>, root: Node) {
        self.source = source; self.kind = kind; self.reads = reads; self.root = root
    }

    /// Parses and resolves `source` against `scope`. Unknown names and functions get a did-you-mean.
    /// `expecting`: the kind the field takes, when known: a field that takes a number given one
    /// unknown word is not told how colors are written (`width: fill` names no color).
    public static func compile(_ source: String, scope: ExpressionScope, expecting: ValueKind? = nil) throws -> CompiledExpression {
        // At most `ExpressionParser.maximumTreeDepth` deep: checked by the parser as it builds.
        let syntax = try ExpressionParser.parse(source)
        if expecting == .number, case .name(let name, let at) = syntax, scope[name] == nil, scope.colorNames[name] == nil,
            ExpressionFunction(rawValue: name) == nil
        {
            throw ExpressionError(position: at, message: unknownVariable(name, scope, colorHint: false))
        }
        var reads = Set<String>()
        let (node, kind) = try resolve(syntax, scope, &reads)
        return CompiledExpression(source: source, kind: kind, reads: reads, root: node)
    }

    /// The message for a name that is no variable: the system color it may mean (`colorHint`), else
    /// the nearest variable, else the variables there are.
    private static func unknownVariable(_ name: String, _ scope: ExpressionScope, colorHint: Bool) -> String {
        let message = "unknown variable \"\(name)\""
        if colorHint, let color = SystemColor.suggestion(for: name) { return message + "; \(SystemColor.howWritten): did you mean \(color)?" }
        if let s = Suggestion.closest(to: name, in: scope.names) { return message + "; did you mean \"\(s)\"?" }
        let names = scope.names.prefix(24).joined(separator: ", ") + (scope.names.count > 24 ? ", ..." : "")
        return message + "; variables are \(names) (declare your own under vars:)"
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
                throw ExpressionError(position: at, message: unknownVariable(name, scope, colorHint: true))
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
                if let s = Suggestion.closest(to: name, in: ExpressionFunction.allCases.map(\.rawValue)) {
                    message += "; did you mean \"\(s)\"?"
                } else {
                    message += "; functions are \(ExpressionFunction.allCases.map(\.rawValue).joined(separator: ", "))"
                }
                throw ExpressionError(position: at, message: message)
            }
            guard f.arity.contains(args.count) else {
                let wanted = f.arity.lowerBound == f.arity.upperBound ? "\(f.arity.lowerBound)" : "at least \(f.arity.lowerBound)"
                throw ExpressionError(
                    position: args.count > f.arity.upperBound ? args[f.arity.upperBound].position : close,
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
}

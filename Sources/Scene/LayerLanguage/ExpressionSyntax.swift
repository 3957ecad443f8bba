import Raster

/// The syntax tree of an expression as written, before names are resolved.
package indirect enum ExpressionSyntax: Equatable {
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

    package var names: [(String, Int)] {
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

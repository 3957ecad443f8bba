import Raster

/// Evaluating a compiled expression: IEEE arithmetic in a fixed order and the elementary functions
/// of `MathFunctions.swift`, so every worker gets the same bits.
extension CompiledExpression {
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

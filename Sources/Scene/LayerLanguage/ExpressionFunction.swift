import Raster

/// The built-in functions: name, how many arguments, and what they compute.
package enum ExpressionFunction: String, CaseIterable {
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

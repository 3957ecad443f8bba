import Raster

// The scenario files' expression language: a small pure language for the formulas of a
// `scrollViewDidScroll`, such as `max(0, 260 - offset)` or `offset > 100 ? 1 : 0`.
//
// Numbers are Doubles; colors are a second type (`#RRGGBB`, `rgba(...)`, `mix(a, b, t)`).
// No loops, no assignment, no strings, no general-purpose scripting: every expression ends in
// time linear in its length. Evaluation is deterministic: IEEE arithmetic in a fixed order and
// the elementary functions of `MathFunctions.swift` instead of the C library.
//
// Text to value in four steps, one file each: ExpressionLexing and ExpressionParser read the text
// into an `ExpressionSyntax` tree (its depth and names checked as it is built); CompiledExpression
// resolves its names against an `ExpressionScope` (the built-ins, `BuiltinVariable`, then the
// scenario's vars) and checks its types; ExpressionEvaluation computes it in an
// `ExpressionEnvironment`; the functions it may call are `ExpressionFunction`.

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

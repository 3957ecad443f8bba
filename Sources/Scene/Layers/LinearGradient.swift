import Foundation
import Raster

/// A linear gradient (CAGradientLayer's `axial` type): colors at locations 0...1 along the line
/// from `start` to `end`, both in the layer's unit coordinates.
public struct LinearGradient: Hashable, Sendable {
    /// The color space the colors are interpolated in.
    public enum Space: Hashable, Sendable {
        /// The colors' sRGB components as they are: a `CGGradient` made in device RGB (sRGB on iOS).
        case sRGB
        /// Generic RGB, as Core Graphics draws a gradient made without a color space and Core
        /// Animation draws CAGradientLayer's: the colors are converted into it (clamped to its
        /// gamut), interpolated in its gamma-1.8 components and converted back to sRGB.
        case genericRGB
    }

    public var colors: [Color] { didSet { stops = Self.stops(colors, space) } }
    public var locations: [Double]
    public var start: Point
    public var end: Point
    public var space: Space { didSet { stops = Self.stops(colors, space) } }
    /// Generic RGB's gamma-1.8 components of the colors, premultiplied, alpha last (empty in sRGB).
    private var stops: [SIMD4<Double>]

    public init(colors: [Color], locations: [Double], start: Point, end: Point, space: Space) {
        self.colors = colors; self.locations = locations; self.start = start; self.end = end
        self.space = space
        stops = Self.stops(colors, space)
    }

    /// The premultiplied color at `t` along the line (clamped to the end colors); interpolated in
    /// premultiplied components, so a fade to clear has no dark fringe.
    public func color(at t: Double) -> PremultipliedColor {
        guard let first = colors.first else { return .clear }
        let n = min(colors.count, locations.count)
        if space == .genericRGB { return GenericRGB.sRGB(premultiplied: generic(at: t, n)) }
        if n <= 1 || t <= locations[0] { return first.premultiplied }
        if t >= locations[n - 1] { return colors[n - 1].premultiplied }
        let (i, f) = segment(t, n)
        let a = colors[i].premultiplied, b = colors[i + 1].premultiplied
        func mix(_ x: UInt8, _ y: UInt8) -> UInt8 { UInt8((Double(x) + (Double(y) - Double(x)) * f).rounded()) }
        return PremultipliedColor(r: mix(a.r, b.r), g: mix(a.g, b.g), b: mix(a.b, b.b), a: mix(a.a, b.a))
    }

    private func generic(at t: Double, _ n: Int) -> SIMD4<Double> {
        if n <= 1 || t <= locations[0] { return stops[0] }
        if t >= locations[n - 1] { return stops[n - 1] }
        let (i, f) = segment(t, n)
        return stops[i] + (stops[i + 1] - stops[i]) * f
    }

    /// The pair of colors `t` lies between and how far along.
    private func segment(_ t: Double, _ n: Int) -> (Int, Double) {
        var i = 0
        while i + 1 < n - 1, locations[i + 1] <= t { i += 1 }
        let span = locations[i + 1] - locations[i]
        return (i, span > 0 ? (t - locations[i]) / span : 1)
    }

    private static func stops(_ colors: [Color], _ space: Space) -> [SIMD4<Double>] {
        space == .genericRGB ? colors.map(GenericRGB.components) : []
    }
}

/// Generic RGB: Apple's older RGB space (the primaries of a Trinitron monitor, red (0.630, 0.340),
/// green (0.295, 0.605), blue (0.155, 0.077), the D65 white) with a pure gamma of 1.8.
///
/// Measured: three CAGradientLayers iOS Simulators drew (iOS 13 and iOS 17) are this space's
/// interpolation within 1.5 of 255 in every channel (0.24 RMS): a red (sRGB 255, 0, 0) end draws
/// (255, 38, 0), blue (0, 0, 255) draws (4, 50, 255), the middle of red to blue (146, 33, 149)
/// rather than sRGB's (128, 0, 128). See docs/parity.md.
enum GenericRGB {
    static let gamma = 1.8

    /// Linear Generic RGB from linear sRGB, and back; each row of `toSRGB` sums to 1 (white is white).
    static let (fromSRGB, toSRGB): (Matrix3, Matrix3) = {
        let srgb = Matrix3.rgbToXYZ(red: (0.64, 0.33), green: (0.30, 0.60), blue: (0.15, 0.06))
        let generic = Matrix3.rgbToXYZ(red: (0.630, 0.340), green: (0.295, 0.605), blue: (0.155, 0.077))
        return (generic.inverse * srgb, srgb.inverse * generic)
    }()

    /// sRGB's transfer function, 8-bit components to linear light.
    static let sRGBToLinear: [Double] = (0..<256).map { i in
        let v = Double(i) / 255
        return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
    }

    /// `size + 1` samples of `f` over 0...1, read with linear interpolation.
    struct Curve {
        let samples: [Double]
        init(size: Int, _ f: (Double) -> Double) { samples = (0...size).map { f(Double($0) / Double(size)) } }
        func callAsFunction(_ x: Double) -> Double {
            let n = samples.count - 1
            let p = min(max(x, 0), 1) * Double(n)
            let i = min(Int(p), n - 1)
            return samples[i] + (samples[i + 1] - samples[i]) * (p - Double(i))
        }
    }
    /// Generic RGB's gamma-1.8 component to linear light.
    static let decode = Curve(size: 4096) { pow($0, gamma) }
    /// Linear light to sRGB's encoded component (its linear toe below 0.0031308).
    static let encodeSRGB = Curve(size: 4096) { $0 <= 0.0031308 ? $0 * 12.92 : 1.055 * pow($0, 1 / 2.4) - 0.055 }

    /// A color's gamma-1.8 Generic RGB components, premultiplied, alpha (0...1) last.
    static func components(_ c: Color) -> SIMD4<Double> {
        let linear = fromSRGB * SIMD3(sRGBToLinear[Int(c.r)], sRGBToLinear[Int(c.g)], sRGBToLinear[Int(c.b)])
        let a = Double(c.a) / 255
        func encode(_ v: Double) -> Double { pow(min(max(v, 0), 1), 1 / gamma) * a }
        return SIMD4(encode(linear.x), encode(linear.y), encode(linear.z), a)
    }

    /// The 8-bit premultiplied sRGB color of premultiplied gamma-1.8 Generic RGB components.
    static func sRGB(premultiplied p: SIMD4<Double>) -> PremultipliedColor {
        let a = min(max(p.w, 0), 1)
        guard a > 0 else { return .clear }
        let linear = toSRGB * SIMD3(decode(p.x / a), decode(p.y / a), decode(p.z / a))
        func channel(_ v: Double) -> UInt8 { UInt8((encodeSRGB(min(max(v, 0), 1)) * a * 255).rounded()) }
        return PremultipliedColor(r: channel(linear.x), g: channel(linear.y), b: channel(linear.z), a: UInt8((a * 255).rounded()))
    }
}

/// A 3×3 matrix of rows, for color conversions.
struct Matrix3 {
    var rows: (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>)

    static func * (m: Matrix3, v: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3((m.rows.0 * v).sum(), (m.rows.1 * v).sum(), (m.rows.2 * v).sum())
    }
    static func * (m: Matrix3, n: Matrix3) -> Matrix3 {
        let c0 = SIMD3(n.rows.0.x, n.rows.1.x, n.rows.2.x), c1 = SIMD3(n.rows.0.y, n.rows.1.y, n.rows.2.y)
        let c2 = SIMD3(n.rows.0.z, n.rows.1.z, n.rows.2.z)
        func row(_ r: SIMD3<Double>) -> SIMD3<Double> { SIMD3((r * c0).sum(), (r * c1).sum(), (r * c2).sum()) }
        return Matrix3(rows: (row(m.rows.0), row(m.rows.1), row(m.rows.2)))
    }
    var inverse: Matrix3 {
        let (a, b, c) = rows
        let x = SIMD3(b.y * c.z - b.z * c.y, b.z * c.x - b.x * c.z, b.x * c.y - b.y * c.x)
        let y = SIMD3(c.y * a.z - c.z * a.y, c.z * a.x - c.x * a.z, c.x * a.y - c.y * a.x)
        let z = SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
        let det = (a * x).sum()
        // The cofactors' columns are the inverse's rows' entries.
        return Matrix3(rows: (SIMD3(x.x, y.x, z.x) / det, SIMD3(x.y, y.y, z.y) / det, SIMD3(x.z, y.z, z.z) / det))
    }

    /// Linear RGB to CIE XYZ for primaries of these chromaticities and the D65 white.
    static func rgbToXYZ(red: (Double, Double), green: (Double, Double), blue: (Double, Double)) -> Matrix3 {
        func xyz(_ p: (Double, Double)) -> SIMD3<Double> { SIMD3(p.0 / p.1, 1, (1 - p.0 - p.1) / p.1) }
        let r = xyz(red), g = xyz(green), b = xyz(blue)
        let primaries = Matrix3(rows: (SIMD3(r.x, g.x, b.x), SIMD3(r.y, g.y, b.y), SIMD3(r.z, g.z, b.z)))
        let s = primaries.inverse * xyz((0.3127, 0.3290))
        return Matrix3(rows: (primaries.rows.0 * s, primaries.rows.1 * s, primaries.rows.2 * s))
    }
}

// Colors. Straight (un-premultiplied) colors are what users write and what PNG stores; the
// renderer works in premultiplied alpha. They are different types so they cannot be mixed up.

/// A straight-alpha sRGB color, 8 bits a channel.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    public var r: UInt8, g: UInt8, b: UInt8, a: UInt8
    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
        self.r = r; self.g = g; self.b = b; self.a = a
    }
    /// A color from 0...255 channels and an alpha in 0...1 (rounded to the nearest 8-bit value).
    public init(_ r: Int, _ g: Int, _ b: Int, alpha: Double = 1) {
        self.r = UInt8(clamping: r); self.g = UInt8(clamping: g); self.b = UInt8(clamping: b)
        self.a = UInt8((min(max(alpha, 0), 1) * 255).rounded())
    }

    public static let black = Color(r: 0, g: 0, b: 0)
    public static let white = Color(r: 255, g: 255, b: 255)
    public static let clear = Color(r: 0, g: 0, b: 0, a: 0)

    /// The same color with its alpha multiplied by `opacity` (0...1).
    public func withAlpha(multipliedBy opacity: Double) -> Color {
        var c = self
        c.a = UInt8((Double(a) * min(max(opacity, 0), 1)).rounded())
        return c
    }

    public var premultiplied: PremultipliedColor {
        PremultipliedColor(r: mul255(r, a), g: mul255(g, a), b: mul255(b, a), a: a)
    }

    /// Parses `#RGB`, `#RRGGBB` or `#RRGGBBAA` (the leading # optional).
    public init?(hex: String) {
        var s = Substring(hex)
        if s.hasPrefix("#") { s = s.dropFirst() }
        guard s.allSatisfy(\.isHexDigit) else { return nil }
        let digits = s.map { UInt8(String($0), radix: 16)! }
        switch digits.count {
        case 3: self.init(r: digits[0] * 17, g: digits[1] * 17, b: digits[2] * 17)
        case 6, 8:
            let v = stride(from: 0, to: digits.count, by: 2).map { digits[$0] * 16 + digits[$0 + 1] }
            self.init(r: v[0], g: v[1], b: v[2], a: v.count == 4 ? v[3] : 255)
        default: return nil
        }
    }

    public var hexString: String {
        let parts = a == 255 ? [r, g, b] : [r, g, b, a]
        return "#" + parts.map { String($0, radix: 16, uppercase: true).leftPadded(to: 2) }.joined()
    }

    public var description: String { hexString }
}

/// A premultiplied-alpha color: every channel is at most `a`.
public struct PremultipliedColor: Hashable, Sendable {
    public var r: UInt8, g: UInt8, b: UInt8, a: UInt8
    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        self.r = r; self.g = g; self.b = b; self.a = a
    }
    public static let clear = PremultipliedColor(r: 0, g: 0, b: 0, a: 0)

    /// Back to straight alpha, rounding to nearest.
    public var straight: Color {
        guard a != 0 else { return .clear }
        if a == 255 { return Color(r: r, g: g, b: b, a: 255) }
        func un(_ c: UInt8) -> UInt8 { UInt8(min(255, (Int(c) * 255 + Int(a) / 2) / Int(a))) }
        return Color(r: un(r), g: un(g), b: un(b), a: a)
    }
}

extension String {
    func leftPadded(to width: Int, with pad: Character = "0") -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }
}

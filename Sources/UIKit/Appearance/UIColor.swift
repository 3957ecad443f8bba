import Foundation
internal import Raster
internal import Scene

/// A color: fixed sRGB components, or dynamic (resolved with the traits of where it is drawn:
/// the system colors and `init(dynamicProvider:)`).
/// https://developer.apple.com/documentation/uikit/uicolor
///
/// Not an `NSObject` here (it is on iOS): swift-corelibs-foundation traps (an illegal
/// instruction in CFBasicHashesAreEqual) when it compares attribute values that are NSObject
/// subclasses from outside Foundation, which it does as an `NSMutableAttributedString` gains a
/// third run. A plain Swift class crosses into attributes as a boxed value, compared with `==`.
// @unchecked: Sendable is checked only for final classes (a subclass may add state);
// UIKit declares it Sendable, and its state is set while it is made (a dynamic color's
// provider is a `@Sendable` closure).
open class UIColor: Hashable, CustomStringConvertible, @unchecked Sendable {
    enum Kind {
        case rgba(CGFloat, CGFloat, CGFloat, CGFloat)
        case system(String, alpha: CGFloat)
        case dynamic((UITraitCollection) -> UIColor)
    }
    let kind: Kind
    /// The color space the color was made in, as `getWhite` and `getRed` answer by it: gray
    /// (`init(white:alpha:)` and the colors made so: black, white, gray, clear...), RGB, or a pattern.
    enum Model { case gray, rgb, pattern }
    var model = Model.rgb

    init(kind: Kind) { self.kind = kind }

    /// Components in 0...1 (extended sRGB values outside are clamped when drawn).
    /// https://developer.apple.com/documentation/uikit/uicolor/1621925-init
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) { kind = .rgba(red, green, blue, alpha) }

    /// https://developer.apple.com/documentation/uikit/uicolor/1621925-init (Display P3 drawn as sRGB)
    public convenience init(displayP3Red red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// https://developer.apple.com/documentation/uikit/uicolor/1621944-init
    public convenience init(white: CGFloat, alpha: CGFloat) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
        model = .gray
    }

    /// https://developer.apple.com/documentation/uikit/uicolor/1621930-init
    public convenience init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
        let h = (hue - hue.rounded(.down)) * 6, s = min(max(saturation, 0), 1), v = min(max(brightness, 0), 1)
        let i = Int(h) % 6, f = h - h.rounded(.down)
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        let (r, g, b): (CGFloat, CGFloat, CGFloat) = [(v, t, p), (q, v, p), (p, v, t), (p, q, v), (t, p, v), (v, p, q)][i]
        self.init(red: r, green: g, blue: b, alpha: alpha)
    }

    /// `#colorLiteral(red:green:blue:alpha:)`: sRGB components in 0...1 (ObjectLiterals.swift).
    public required convenience init(_colorLiteralRed red: Float, green: Float, blue: Float, alpha: Float) {
        self.init(red: CGFloat(red), green: CGFloat(green), blue: CGFloat(blue), alpha: CGFloat(alpha))
    }

    /// A color resolved by `dynamicProvider` with the traits of where it is drawn.
    /// https://developer.apple.com/documentation/uikit/uicolor/3238041-init
    public init(dynamicProvider: @escaping (UITraitCollection) -> UIColor) { kind = .dynamic(dynamicProvider) }

    /// https://developer.apple.com/documentation/uikit/uicolor/1621933-init
    public convenience init(cgColor: CGColor) {
        let c = cgColor.rgba
        self.init(red: c.0, green: c.1, blue: c.2, alpha: c.3)
    }

    /// https://developer.apple.com/documentation/uikit/uicolor/1621938-init
    public convenience init(patternImage image: UIImage) {
        // A pattern is drawn as the image's average would be: not at all. Clear, said once.
        Diagnostics.once("UIColor(patternImage:)", "UIColor(patternImage:) is not drawn (a pattern fill); the color is clear")
        self.init(red: 0, green: 0, blue: 0, alpha: 0)
        model = .pattern
    }

    static func system(_ name: String) -> UIColor { UIColor(kind: .system(name, alpha: 1)) }

    /// The color as the traits make it: fixed components.
    /// https://developer.apple.com/documentation/uikit/uicolor/3238042-resolvedcolor
    open func resolvedColor(with traitCollection: UITraitCollection) -> UIColor {
        switch kind {
        case .rgba: return self
        case .system(let name, let alpha):
            let c = UIColor.systemComponents(name, traitCollection.appearance)
            return UIColor(red: c.0, green: c.1, blue: c.2, alpha: c.3 * alpha)
        case .dynamic(let provider): return provider(traitCollection).resolvedColor(with: traitCollection)
        }
    }

    static func systemComponents(_ name: String, _ appearance: Appearance) -> (CGFloat, CGFloat, CGFloat, CGFloat) {
        guard let c = SystemColor.named(name, appearance: appearance) ?? tableSystemColor(name, appearance) else {
            Diagnostics.once("UIColor.\(name)", "UIColor.\(name) has no value in this build's color table; drawn as label")
            let label = Palette.forAppearance(appearance).label
            return (CGFloat(label.r) / 255, CGFloat(label.g) / 255, CGFloat(label.b) / 255, CGFloat(label.a) / 255)
        }
        return (CGFloat(c.r) / 255, CGFloat(c.g) / 255, CGFloat(c.b) / 255, CGFloat(c.a) / 255)
    }

    /// Fixed components under `UITraitCollection.current`.
    var components: (CGFloat, CGFloat, CGFloat, CGFloat) {
        switch resolvedColor(with: UITraitCollection.current).kind {
        case .rgba(let r, let g, let b, let a): return (r, g, b, a)
        default: return (0, 0, 0, 0)
        }
    }

    /// The drawn color under `traits`.
    func color(_ traits: UITraitCollection) -> Color {
        guard case .rgba(let r, let g, let b, let a) = resolvedColor(with: traits).kind else { return .clear }
        func byte(_ v: CGFloat) -> Int { Int((min(max(Double(v), 0), 1) * 255).rounded()) }
        return Color(byte(r), byte(g), byte(b), alpha: Double(a))
    }

    /// https://developer.apple.com/documentation/uikit/uicolor/1621922-withalphacomponent
    open func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        switch kind {
        case .rgba(let r, let g, let b, _):
            let c = UIColor(red: r, green: g, blue: b, alpha: alpha)
            c.model = model
            return c
        case .system(let name, _): return UIColor(kind: .system(name, alpha: alpha))
        case .dynamic(let provider): return UIColor(dynamicProvider: { provider($0).withAlphaComponent(alpha) })
        }
    }

    /// The color as Core Graphics takes it, resolved with the current traits.
    /// https://developer.apple.com/documentation/uikit/uicolor/1621954-cgcolor
    open var cgColor: CGColor {
        let c = components
        return CGColor(red: c.0, green: c.1, blue: c.2, alpha: c.3)
    }

    /// The components in sRGB under the current traits. False, the arguments left as they were,
    /// for a pattern color (it has no components).
    /// https://developer.apple.com/documentation/uikit/uicolor/1621919-getred
    @discardableResult
    open func getRed(
        _ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
        blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?
    ) -> Bool {
        guard model != .pattern else { return false }
        let c = components
        red?.pointee = c.0; green?.pointee = c.1; blue?.pointee = c.2; alpha?.pointee = c.3
        return true
    }

    /// The gray level and alpha of a color made in the gray color space (`init(white:alpha:)`,
    /// `.black`, `.white`, `.gray`, `.clear`..., or a dynamic color that resolves to one under the
    /// current traits). False for any other color (an RGB color is not
    /// converted to gray, as on iOS), the arguments left as they were.
    /// https://developer.apple.com/documentation/uikit/uicolor/1621927-getwhite
    @discardableResult
    open func getWhite(_ white: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        let resolved = resolvedColor(with: UITraitCollection.current)
        guard resolved.model == .gray, case .rgba(let w, _, _, let a) = resolved.kind else { return false }
        white?.pointee = w; alpha?.pointee = a
        return true
    }

    /// Hue, saturation and brightness (HSB, each in 0...1, hue 0 for a gray) of the sRGB components
    /// under the current traits: brightness is the largest component, saturation the spread over
    /// it. False for a pattern color, the arguments left as they were.
    /// https://developer.apple.com/documentation/uikit/uicolor/1621949-gethue
    @discardableResult
    open func getHue(
        _ hue: UnsafeMutablePointer<CGFloat>?, saturation: UnsafeMutablePointer<CGFloat>?,
        brightness: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?
    ) -> Bool {
        guard model != .pattern else { return false }
        let (r, g, b, a) = components
        let maxC = max(r, g, b), minC = min(r, g, b), spread = maxC - minC
        var h: CGFloat = 0
        if spread > 0 {
            if maxC == r {
                h = (g - b) / spread
            } else if maxC == g {
                h = 2 + (b - r) / spread
            } else {
                h = 4 + (r - g) / spread
            }
            h /= 6
            if h < 0 { h += 1 }
        }
        hue?.pointee = h
        saturation?.pointee = maxC > 0 ? spread / maxC : 0
        brightness?.pointee = maxC
        alpha?.pointee = a
        return true
    }

    open func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UIColor else { return false }
        switch (kind, other.kind) {
        case (.rgba(let a, let b, let c, let d), .rgba(let e, let f, let g, let h)): return a == e && b == f && c == g && d == h
        case (.system(let n, let a), .system(let m, let b)): return n == m && a == b
        default: return self === other
        }
    }

    public static func == (a: UIColor, b: UIColor) -> Bool { a.isEqual(b) }
    public func hash(into hasher: inout Hasher) { hasher.combine(hash) }

    open var hash: Int {
        switch kind {
        case .rgba(let r, let g, let b, let a): return [r, g, b, a].hashValue
        case .system(let n, let a): return n.hashValue ^ a.hashValue
        case .dynamic: return ObjectIdentifier(self).hashValue
        }
    }

    open var description: String {
        switch kind {
        case .rgba(let r, let g, let b, let a): return "UIExtendedSRGBColorSpace \(r) \(g) \(b) \(a)"
        case .system(let n, _): return "<UIDynamicSystemColor: \(n)>"
        case .dynamic: return "<UIDynamicProviderColor>"
        }
    }

    // MARK: Fixed colors (https://developer.apple.com/documentation/uikit/uicolor/standard_colors)

    open class var black: UIColor { UIColor(white: 0, alpha: 1) }
    open class var darkGray: UIColor { UIColor(white: 1.0 / 3, alpha: 1) }
    open class var lightGray: UIColor { UIColor(white: 2.0 / 3, alpha: 1) }
    open class var white: UIColor { UIColor(white: 1, alpha: 1) }
    open class var gray: UIColor { UIColor(white: 0.5, alpha: 1) }
    open class var red: UIColor { UIColor(red: 1, green: 0, blue: 0, alpha: 1) }
    open class var green: UIColor { UIColor(red: 0, green: 1, blue: 0, alpha: 1) }
    open class var blue: UIColor { UIColor(red: 0, green: 0, blue: 1, alpha: 1) }
    open class var cyan: UIColor { UIColor(red: 0, green: 1, blue: 1, alpha: 1) }
    open class var yellow: UIColor { UIColor(red: 1, green: 1, blue: 0, alpha: 1) }
    open class var magenta: UIColor { UIColor(red: 1, green: 0, blue: 1, alpha: 1) }
    open class var orange: UIColor { UIColor(red: 1, green: 0.5, blue: 0, alpha: 1) }
    open class var purple: UIColor { UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1) }
    open class var brown: UIColor { UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1) }
    open class var clear: UIColor { UIColor(white: 0, alpha: 0) }

    // MARK: System colors, resolved per appearance (https://developer.apple.com/documentation/uikit/uicolor/standard_colors)

    open class var systemRed: UIColor { .system("systemRed") }
    open class var systemOrange: UIColor { .system("systemOrange") }
    open class var systemYellow: UIColor { .system("systemYellow") }
    open class var systemGreen: UIColor { .system("systemGreen") }
    open class var systemMint: UIColor { .system("systemMint") }
    open class var systemTeal: UIColor { .system("systemTeal") }
    open class var systemCyan: UIColor { .system("systemCyan") }
    open class var systemBlue: UIColor { .system("systemBlue") }
    open class var systemIndigo: UIColor { .system("systemIndigo") }
    open class var systemPurple: UIColor { .system("systemPurple") }
    open class var systemPink: UIColor { .system("systemPink") }
    open class var systemBrown: UIColor { .system("systemBrown") }
    open class var systemGray: UIColor { .system("systemGray") }
    open class var systemGray2: UIColor { .system("systemGray2") }
    open class var systemGray3: UIColor { .system("systemGray3") }
    open class var systemGray4: UIColor { .system("systemGray4") }
    open class var systemGray5: UIColor { .system("systemGray5") }
    open class var systemGray6: UIColor { .system("systemGray6") }
    /// The app's tint: systemBlue unless a view's tintColor says otherwise.
    open class var tintColor: UIColor { .system("systemBlue") }

    // MARK: Semantic colors (https://developer.apple.com/documentation/uikit/uicolor/ui_element_colors)

    open class var label: UIColor { .system("label") }
    open class var secondaryLabel: UIColor { .system("secondaryLabel") }
    open class var tertiaryLabel: UIColor { .system("tertiaryLabel") }
    open class var quaternaryLabel: UIColor { .system("quaternaryLabel") }
    open class var link: UIColor { .system("link") }
    open class var placeholderText: UIColor { .system("placeholderText") }
    open class var separator: UIColor { .system("separator") }
    open class var opaqueSeparator: UIColor { .system("opaqueSeparator") }
    open class var systemFill: UIColor { .system("systemFill") }
    open class var secondarySystemFill: UIColor { .system("secondarySystemFill") }
    open class var tertiarySystemFill: UIColor { .system("tertiarySystemFill") }
    open class var quaternarySystemFill: UIColor { .system("quaternarySystemFill") }
    open class var systemBackground: UIColor { .system("systemBackground") }
    open class var secondarySystemBackground: UIColor { .system("secondarySystemBackground") }
    open class var tertiarySystemBackground: UIColor { .system("tertiarySystemBackground") }
    open class var systemGroupedBackground: UIColor { .system("systemGroupedBackground") }
    open class var secondarySystemGroupedBackground: UIColor { .system("secondarySystemGroupedBackground") }
    open class var tertiarySystemGroupedBackground: UIColor { .system("tertiarySystemGroupedBackground") }
    open class var lightText: UIColor { .system("lightText") }
    open class var darkText: UIColor { .system("darkText") }

    /// Every system and semantic color's name, as the class properties spell them.
    static let systemNames = [
        "systemRed", "systemOrange", "systemYellow", "systemGreen", "systemMint", "systemTeal", "systemCyan", "systemBlue",
        "systemIndigo", "systemPurple", "systemPink", "systemBrown", "systemGray", "systemGray2", "systemGray3", "systemGray4",
        "systemGray5", "systemGray6", "label", "secondaryLabel", "tertiaryLabel", "quaternaryLabel", "link", "placeholderText",
        "separator", "opaqueSeparator", "systemFill", "secondarySystemFill", "tertiarySystemFill", "quaternarySystemFill",
        "systemBackground", "secondarySystemBackground", "tertiarySystemBackground", "systemGroupedBackground",
        "secondarySystemGroupedBackground", "tertiarySystemGroupedBackground", "lightText", "darkText",
    ]
}

/// A color as Core Graphics takes it (a layer's borderColor, shadowColor): fixed sRGB components.
/// https://developer.apple.com/documentation/coregraphics/cgcolor
public final class CGColor: Equatable, Hashable, Sendable {
    let rgba: (CGFloat, CGFloat, CGFloat, CGFloat)

    /// https://developer.apple.com/documentation/coregraphics/cgcolor/1455631-init
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) { rgba = (red, green, blue, alpha) }
    /// https://developer.apple.com/documentation/coregraphics/cgcolor/1455089-init
    public convenience init(gray: CGFloat, alpha: CGFloat) { self.init(red: gray, green: gray, blue: gray, alpha: alpha) }
    /// https://developer.apple.com/documentation/coregraphics/cgcolor/2920999-init
    public convenience init(srgbRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(red: red, green: green, blue: blue, alpha: alpha)
    }

    public var alpha: CGFloat { rgba.3 }
    public var components: [CGFloat]? { [rgba.0, rgba.1, rgba.2, rgba.3] }
    public var numberOfComponents: Int { 4 }
    /// https://developer.apple.com/documentation/coregraphics/cgcolor/1455153-copy
    public func copy(alpha: CGFloat) -> CGColor? { CGColor(red: rgba.0, green: rgba.1, blue: rgba.2, alpha: alpha) }

    public static let black = CGColor(gray: 0, alpha: 1)
    public static let white = CGColor(gray: 1, alpha: 1)
    public static let clear = CGColor(gray: 0, alpha: 0)

    public static func == (a: CGColor, b: CGColor) -> Bool {
        a.rgba.0 == b.rgba.0 && a.rgba.1 == b.rgba.1 && a.rgba.2 == b.rgba.2 && a.rgba.3 == b.rgba.3
    }
    public func hash(into h: inout Hasher) { h.combine(rgba.0); h.combine(rgba.1); h.combine(rgba.2); h.combine(rgba.3) }

    var color: Color {
        func byte(_ v: CGFloat) -> Int { Int((min(max(Double(v), 0), 1) * 255).rounded()) }
        return Color(byte(rgba.0), byte(rgba.1), byte(rgba.2), alpha: Double(rgba.3))
    }
}

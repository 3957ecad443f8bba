import Foundation
internal import Raster
internal import Scene

/// A font: the system font (SF Pro on the phone; the scenario's fonts here, Inter by default) at
/// a size and weight, or a text style's font at the screen's Dynamic Type size.
/// https://developer.apple.com/documentation/uikit/uifont
///
/// Not an `NSObject` here (it is on iOS), as `UIColor` is not: an attribute value that is an
/// NSObject subclass from outside Foundation traps swift-corelibs-foundation's attributed
/// strings at their third run.
open class UIFont: Hashable, @unchecked Sendable {
    /// https://developer.apple.com/documentation/uikit/uifont/weight
    public struct Weight: RawRepresentable, Hashable, Comparable, Sendable {
        public var rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }
        public static let ultraLight = Weight(-0.8)
        public static let thin = Weight(-0.6)
        public static let light = Weight(-0.4)
        public static let regular = Weight(0)
        public static let medium = Weight(0.23)
        public static let semibold = Weight(0.3)
        public static let bold = Weight(0.4)
        public static let heavy = Weight(0.56)
        public static let black = Weight(0.62)
        public static func < (a: Weight, b: Weight) -> Bool { a.rawValue < b.rawValue }

        /// The weight of the scenario's fonts that draws it: below medium regular, then medium,
        /// semibold, and bold for bold, heavy and black.
        var drawn: FontWeight {
            rawValue < 0.115 ? .regular : rawValue < 0.265 ? .medium : rawValue < 0.35 ? .semibold : .bold
        }
    }

    /// https://developer.apple.com/documentation/uikit/uifont/textstyle
    public struct TextStyle: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let largeTitle = TextStyle(rawValue: "UICTFontTextStyleTitle0")
        public static let title1 = TextStyle(rawValue: "UICTFontTextStyleTitle1")
        public static let title2 = TextStyle(rawValue: "UICTFontTextStyleTitle2")
        public static let title3 = TextStyle(rawValue: "UICTFontTextStyleTitle3")
        public static let headline = TextStyle(rawValue: "UICTFontTextStyleHeadline")
        public static let subheadline = TextStyle(rawValue: "UICTFontTextStyleSubhead")
        public static let body = TextStyle(rawValue: "UICTFontTextStyleBody")
        public static let callout = TextStyle(rawValue: "UICTFontTextStyleCallout")
        public static let footnote = TextStyle(rawValue: "UICTFontTextStyleFootnote")
        public static let caption1 = TextStyle(rawValue: "UICTFontTextStyleCaption1")
        public static let caption2 = TextStyle(rawValue: "UICTFontTextStyleCaption2")

        var scene: Scene.TextStyle {
            let table: [TextStyle: Scene.TextStyle] = [
                .largeTitle: .largeTitle, .title1: .title1, .title2: .title2, .title3: .title3, .headline: .headline,
                .subheadline: .subheadline, .body: .body, .callout: .callout, .footnote: .footnote,
                .caption1: .caption1, .caption2: .caption2,
            ]
            return table[self] ?? .body
        }
    }

    public let pointSize: CGFloat
    let weight: Weight
    /// The text style the font was made for (it then follows the Dynamic Type size).
    let textStyle: TextStyle?
    /// The font file's own name, for `UIFont(name:size:)`; nil for the system font.
    let customName: String?

    init(size: CGFloat, weight: Weight, textStyle: TextStyle? = nil, customName: String? = nil) {
        pointSize = size; self.weight = weight; self.textStyle = textStyle; self.customName = customName
    }

    /// A font the scenario's `fonts:` gives by family or file name (case-insensitive), else nil.
    /// https://developer.apple.com/documentation/uikit/uifont/1619041-init
    public convenience init?(name fontName: String, size fontSize: CGFloat) {
        let typography = ScreenEnvironment.typography
        let regular = typography.fonts(.regular).primary
        let names = [regular.name, regular.familyName, ".SFUI-Regular", "SFProText-Regular", "SF Pro", "SFProDisplay-Regular"]
        guard names.contains(where: { $0.caseInsensitiveCompare(fontName) == .orderedSame }) else { return nil }
        self.init(size: fontSize, weight: .regular, customName: fontName)
    }

    /// https://developer.apple.com/documentation/uikit/uifont/1619027-systemfont
    open class func systemFont(ofSize fontSize: CGFloat) -> UIFont { UIFont(size: fontSize, weight: .regular) }
    /// https://developer.apple.com/documentation/uikit/uifont/1619022-systemfont
    open class func systemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont { UIFont(size: fontSize, weight: weight) }
    /// https://developer.apple.com/documentation/uikit/uifont/1619046-boldsystemfont
    open class func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont { UIFont(size: fontSize, weight: .bold) }
    /// Drawn upright: the scenario's fonts have no italic (said once).
    /// https://developer.apple.com/documentation/uikit/uifont/1619040-italicsystemfont
    open class func italicSystemFont(ofSize fontSize: CGFloat) -> UIFont {
        Diagnostics.once("italic", "UIFont.italicSystemFont: drawn upright (the scenario's fonts have no italic)")
        return UIFont(size: fontSize, weight: .regular)
    }
    /// https://developer.apple.com/documentation/uikit/uifont/1619059-monospaceddigitsystemfont
    open class func monospacedDigitSystemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont { UIFont(size: fontSize, weight: weight) }

    /// The text style's font at the current Dynamic Type size (body: 17 pt at Large).
    /// https://developer.apple.com/documentation/uikit/uifont/1619030-preferredfont
    open class func preferredFont(forTextStyle style: TextStyle) -> UIFont {
        preferredFont(forTextStyle: style, compatibleWith: nil)
    }

    /// https://developer.apple.com/documentation/uikit/uifont/1619038-preferredfont
    open class func preferredFont(forTextStyle style: TextStyle, compatibleWith traitCollection: UITraitCollection?) -> UIFont {
        let category = (traitCollection?.preferredContentSizeCategory).flatMap { $0 == .unspecified ? nil : $0 }
            ?? UITraitCollection.current.preferredContentSizeCategory
        let s = style.scene
        return UIFont(size: CGFloat(s.pointSize(category.sceneCategory)), weight: s.weight == .semibold ? .semibold : .regular, textStyle: style)
    }

    /// https://developer.apple.com/documentation/uikit/uifont/1619049-withsize
    open func withSize(_ fontSize: CGFloat) -> UIFont { UIFont(size: fontSize, weight: weight, textStyle: nil, customName: customName) }

    /// https://developer.apple.com/documentation/uikit/uifont/1619042-fontname
    open var fontName: String { customName ?? (weight.drawn == .regular ? ".SFUI-Regular" : ".SFUI-\(weight.drawn.rawValue.capitalized)") }
    open var familyName: String { ".AppleSystemUIFont" }

    private var metrics: (ascender: Double, descender: Double, leading: Double, capHeight: Double, xHeight: Double) {
        let font = ScreenEnvironment.typography.fonts(weight.drawn).primary
        let em = Double(max(font.unitsPerEm, 1)), size = Double(pointSize)
        return (
            Double(font.ascender) / em * size, Double(font.descender) / em * size, Double(font.lineGap) / em * size,
            0.7 * size, 0.52 * size
        )
    }

    /// https://developer.apple.com/documentation/uikit/uifont/1619026-ascender
    open var ascender: CGFloat { CGFloat(metrics.ascender) }
    /// Negative: below the baseline, as UIKit gives it.
    open var descender: CGFloat { -CGFloat(metrics.descender) }
    open var leading: CGFloat { CGFloat(metrics.leading) }
    open var capHeight: CGFloat { CGFloat(metrics.capHeight) }
    open var xHeight: CGFloat { CGFloat(metrics.xHeight) }
    /// https://developer.apple.com/documentation/uikit/uifont/1619032-lineheight
    open var lineHeight: CGFloat { CGFloat(metrics.ascender + metrics.descender + metrics.leading) }

    open func isEqual(_ object: Any?) -> Bool {
        guard let o = object as? UIFont else { return false }
        return pointSize == o.pointSize && weight == o.weight && customName == o.customName
    }
    open var hash: Int { pointSize.hashValue ^ weight.rawValue.hashValue }
    public static func == (a: UIFont, b: UIFont) -> Bool { a.isEqual(b) }
    public func hash(into hasher: inout Hasher) { hasher.combine(hash) }
}

/// Sizes that follow Dynamic Type as a text style does.
/// https://developer.apple.com/documentation/uikit/uifontmetrics
open class UIFontMetrics: NSObject, @unchecked Sendable {
    let style: UIFont.TextStyle

    public init(forTextStyle textStyle: UIFont.TextStyle) { style = textStyle }

    /// The body style's metrics.
    /// https://developer.apple.com/documentation/uikit/uifontmetrics/2877385-default
    open class var `default`: UIFontMetrics { UIFontMetrics(forTextStyle: .body) }

    /// https://developer.apple.com/documentation/uikit/uifontmetrics/2877386-scaledfont
    open func scaledFont(for font: UIFont) -> UIFont { scaledFont(for: font, compatibleWith: nil) }

    /// https://developer.apple.com/documentation/uikit/uifontmetrics/2877384-scaledfont
    open func scaledFont(for font: UIFont, compatibleWith traitCollection: UITraitCollection?) -> UIFont {
        UIFont(size: scaledValue(for: font.pointSize, compatibleWith: traitCollection), weight: font.weight, textStyle: nil, customName: font.customName)
    }

    /// https://developer.apple.com/documentation/uikit/uifontmetrics/2877388-scaledvalue
    open func scaledValue(for value: CGFloat) -> CGFloat { scaledValue(for: value, compatibleWith: nil) }

    open func scaledValue(for value: CGFloat, compatibleWith traitCollection: UITraitCollection?) -> CGFloat {
        let category = (traitCollection?.preferredContentSizeCategory).flatMap { $0 == .unspecified ? nil : $0 }
            ?? UITraitCollection.current.preferredContentSizeCategory
        // The style's own size follows Apple's table exactly; other sizes follow its curve.
        let s = style.scene
        if Double(value) == s.pointSize(.large) { return CGFloat(s.pointSize(category.sceneCategory)) }
        return CGFloat(DynamicType.scaled(Double(value), style: s, to: category.sceneCategory))
    }
}

import Foundation
internal import Raster
internal import Scene

/// A font: the system font (SF Pro on the phone; the scenario's fonts here, Inter by default) at
/// a size, weight and slant, a text style's font at the screen's Dynamic Type size, or a font iOS
/// ships asked for by name (drawn in the installed face that stands in for it: `FontCatalog`).
/// https://developer.apple.com/documentation/uikit/uifont
///
/// Not an `NSObject` here (it is on iOS), as `UIColor` is not: an attribute value that is an
/// NSObject subclass from outside Foundation traps swift-corelibs-foundation's attributed
/// strings at their third run.
// @unchecked: Sendable is checked only for final classes (a subclass may add state);
// UIKit declares it Sendable, and its state is set while it is made.
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

        /// The weight of the scenario's fonts that draws it: the nearest of SF Pro's nine.
        var drawn: FontWeight {
            let steps: [(Weight, FontWeight)] = [
                (.ultraLight, .ultraLight), (.thin, .thin), (.light, .light), (.regular, .regular), (.medium, .medium),
                (.semibold, .semibold), (.bold, .bold), (.heavy, .heavy), (.black, .black),
            ]
            return steps.min { abs($0.0.rawValue - rawValue) < abs($1.0.rawValue - rawValue) }!.1
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
    /// Italic (the system font's italic, or a named face's).
    let italic: Bool
    /// The text style the font was made for (it then follows the Dynamic Type size).
    let textStyle: TextStyle?
    /// The name the scenario's own font was asked for by (`UIFont(name:size:)`); nil otherwise.
    let customName: String?
    /// The font iOS ships that this is (by name), drawn in its stand-in; nil for the system font.
    let face: FontCatalog.Face?

    init(size: CGFloat, weight: Weight, italic: Bool = false, textStyle: TextStyle? = nil, customName: String? = nil, face: FontCatalog.Face? = nil) {
        pointSize = size; self.weight = face?.weight ?? weight; self.italic = face?.italic ?? italic; self.textStyle = textStyle
        self.customName = customName; self.face = face
    }

    /// The same font at another size, weight or slant (a named font: its family's nearest face).
    func with(size: CGFloat? = nil, weight: Weight? = nil, italic: Bool? = nil) -> UIFont {
        let w = weight ?? self.weight, i = italic ?? self.italic
        let face = self.face.flatMap { f in (w == f.weight && i == f.italic) ? f : FontCatalog.face(family: f.family, weight: w, italic: i) }
        return UIFont(size: size ?? pointSize, weight: w, italic: i, textStyle: size == nil ? textStyle : nil, customName: customName, face: face)
    }

    /// A font iOS ships, by PostScript name (`HelveticaNeue-Thin`) or family name (`Georgia`),
    /// drawn in the installed face that stands in for it (said once per name); a font of the
    /// scenario's `fonts:` by its family or file name; else nil, as on iOS for a font it does not
    /// ship. The system font's private names (`.SFUI-Regular`) give Times New Roman, as iOS 13 and
    /// later do. Case-insensitive.
    /// https://developer.apple.com/documentation/uikit/uifont/1619041-init
    public convenience init?(name fontName: String, size fontSize: CGFloat) {
        let regular = ScreenEnvironment.typography.fonts(.regular).primary
        if [regular.name, regular.familyName].contains(where: { $0.caseInsensitiveCompare(fontName) == .orderedSame }) {
            self.init(size: fontSize, weight: .regular, customName: fontName)
            return
        }
        let isPrivateSystemName = fontName.hasPrefix(".SF") || fontName.hasPrefix(".AppleSystemUIFont")
        guard let face = FontCatalog.face(named: isPrivateSystemName ? "TimesNewRomanPSMT" : fontName) else { return nil }
        if isPrivateSystemName {
            Diagnostics.once(
                "UIFont(name:) \(fontName)",
                "UIFont(name: \"\(fontName)\"): the system font's private name gives Times New Roman, as on iOS; use UIFont.systemFont(ofSize:weight:)")
        } else if FileManager.default.isReadableFile(atPath: face.path) {
            Diagnostics.once(
                "UIFont(name:) \(fontName)",
                "UIFont(name: \"\(fontName)\"): drawn in \(face.fileName), the installed face closest to \(face.name) by its metrics")
        } else {
            Diagnostics.once(
                "UIFont(name:) \(fontName)",
                "UIFont(name: \"\(fontName)\"): its stand-in \(face.path) is not installed, so the system font draws it; "
                    + "run scripts/setup.sh (installs \(face.package))")
        }
        self.init(size: fontSize, weight: face.weight, italic: face.italic, face: face)
    }

    /// The families of the fonts iOS ships that `UIFont(name:size:)` gives here, in alphabetical order.
    /// https://developer.apple.com/documentation/uikit/uifont/1619040-familynames
    open class var familyNames: [String] { FontCatalog.families.sorted() }

    /// The PostScript names of a family's faces; empty for a family iOS does not ship.
    /// https://developer.apple.com/documentation/uikit/uifont/1619044-fontnames
    open class func fontNames(forFamilyName familyName: String) -> [String] { FontCatalog.names(family: familyName) }

    /// https://developer.apple.com/documentation/uikit/uifont/1619027-systemfont
    open class func systemFont(ofSize fontSize: CGFloat) -> UIFont { UIFont(size: fontSize, weight: .regular) }
    /// https://developer.apple.com/documentation/uikit/uifont/1619022-systemfont
    open class func systemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont { UIFont(size: fontSize, weight: weight) }
    /// https://developer.apple.com/documentation/uikit/uifont/1619046-boldsystemfont
    open class func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont { UIFont(size: fontSize, weight: .bold) }
    /// Inter Italic here (a scenario's own fonts have no italic: they draw upright).
    /// https://developer.apple.com/documentation/uikit/uifont/1619040-italicsystemfont
    open class func italicSystemFont(ofSize fontSize: CGFloat) -> UIFont { UIFont(size: fontSize, weight: .regular, italic: true) }
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
    open func withSize(_ fontSize: CGFloat) -> UIFont { with(size: fontSize) }

    /// The system font's names as iOS gives them (`.SFUI-Semibold`, `.SFUI-RegularItalic`), a named
    /// font's PostScript name, or the name a scenario's font was asked for by.
    /// https://developer.apple.com/documentation/uikit/uifont/1619042-fontname
    open var fontName: String {
        if let customName { return customName }
        if let face { return face.name }
        let w = weight.drawn == .ultraLight ? "Ultralight" : weight.drawn.rawValue.capitalized
        return ".SFUI-\(w)\(italic ? "Italic" : "")"
    }
    /// https://developer.apple.com/documentation/uikit/uifont/1619033-familyname
    open var familyName: String { face?.family ?? (customName != nil ? ScreenEnvironment.typography.fonts(.regular).primary.familyName : ".AppleSystemUIFont") }

    /// The fonts text in this font is set in here.
    var cascade: FontCascade { ScreenEnvironment.typography.fonts(weight.drawn, italic: italic, face: drawnFace) }
    /// The stand-in's file, when it is installed (else the system font draws).
    var drawnFace: FontSource? { face.flatMap { FileManager.default.isReadableFile(atPath: $0.path) ? $0.source : nil } }

    /// The metrics of the face drawn, at the point size.
    private var metrics: (ascender: Double, descender: Double, leading: Double, capHeight: Double, xHeight: Double) {
        let font = cascade.primary
        let em = Double(max(font.unitsPerEm, 1)), size = Double(pointSize)
        return (
            Double(font.ascender) / em * size, Double(font.descender) / em * size, Double(font.lineGap) / em * size,
            Double(font.capHeight) / em * size, Double(font.xHeight) / em * size
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
        return pointSize == o.pointSize && weight == o.weight && italic == o.italic && customName == o.customName && face?.name == o.face?.name
    }
    open var hash: Int { pointSize.hashValue ^ weight.rawValue.hashValue }
    public static func == (a: UIFont, b: UIFont) -> Bool { a.isEqual(b) }
    public func hash(into hasher: inout Hasher) { hasher.combine(hash) }
}

/// Sizes that follow Dynamic Type as a text style does.
/// https://developer.apple.com/documentation/uikit/uifontmetrics
// @unchecked: Sendable is checked only for final classes (a subclass may add state);
// UIKit declares it Sendable, and its one property is a `let`.
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
        font.with(size: scaledValue(for: font.pointSize, compatibleWith: traitCollection))
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

import Foundation

/// What a font is, as attributes: its name or the system font, size, weight and symbolic traits.
/// A font's descriptor makes the same font again (`UIFont(descriptor:size:)`), or the font with
/// bold or italic added or taken away (`withSymbolicTraits(_:)`).
/// https://developer.apple.com/documentation/uikit/uifontdescriptor
// @unchecked: Sendable is checked only for final classes (a subclass may add state);
// UIKit declares it Sendable, and its own state is `let`s set while it is made.
open class UIFontDescriptor: NSObject, @unchecked Sendable {
    /// https://developer.apple.com/documentation/uikit/uifontdescriptor/symbolictraits
    public struct SymbolicTraits: OptionSet, Hashable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let traitItalic = SymbolicTraits(rawValue: 1 << 0)
        public static let traitBold = SymbolicTraits(rawValue: 1 << 1)
        public static let traitCondensed = SymbolicTraits(rawValue: 1 << 6)
        public static let traitMonoSpace = SymbolicTraits(rawValue: 1 << 10)
    }

    /// The font the descriptor describes; nil for a name iOS does not ship.
    let font: UIFont?
    /// The name it was made with.
    let name: String?
    public let pointSize: CGFloat

    init(font: UIFont) { self.font = font; name = nil; pointSize = font.pointSize }

    /// The font of that PostScript or family name (as `UIFont(name:size:)`).
    /// https://developer.apple.com/documentation/uikit/uifontdescriptor/1618018-init
    public init(name fontName: String, size: CGFloat) {
        font = UIFont(name: fontName, size: size)
        name = fontName
        pointSize = size
    }

    /// https://developer.apple.com/documentation/uikit/uifontdescriptor/1618012-postscriptname
    open var postscriptName: String { font?.fontName ?? name ?? "" }

    /// Bold for semibold and heavier, italic, condensed and monospaced faces.
    /// https://developer.apple.com/documentation/uikit/uifontdescriptor/1618025-symbolictraits
    open var symbolicTraits: SymbolicTraits {
        guard let font else { return [] }
        var traits: SymbolicTraits = []
        if font.weight >= .semibold { traits.insert(.traitBold) }
        if font.italic { traits.insert(.traitItalic) }
        if font.fontName.contains("Condensed") { traits.insert(.traitCondensed) }
        if ["Menlo", "Courier", "Courier New"].contains(font.face?.family ?? "") { traits.insert(.traitMonoSpace) }
        return traits
    }

    /// The same font with exactly `symbolicTraits`' bold and italic: bold makes a font lighter than
    /// bold bold, no bold makes a bold font regular. Nil when the family has no such face, or for
    /// traits other than bold and italic that the font lacks, as UIKit returns nil when it cannot.
    /// https://developer.apple.com/documentation/uikit/uifontdescriptor/1618026-withsymbolictraits
    open func withSymbolicTraits(_ symbolicTraits: SymbolicTraits) -> UIFontDescriptor? {
        guard let font else { return nil }
        let others = symbolicTraits.subtracting([.traitBold, .traitItalic])
        guard self.symbolicTraits.isSuperset(of: others) else { return nil }
        let bold = symbolicTraits.contains(.traitBold), italic = symbolicTraits.contains(.traitItalic)
        let wasBold = font.weight >= .semibold
        let weight: UIFont.Weight = bold == wasBold ? font.weight : bold ? .bold : .regular
        let changed = font.with(weight: weight, italic: italic)
        if let face = changed.face, face.italic != italic || (bold != (face.weight >= .semibold)) { return nil }
        return UIFontDescriptor(font: changed)
    }

    /// https://developer.apple.com/documentation/uikit/uifontdescriptor/1618037-withsize
    open func withSize(_ newPointSize: CGFloat) -> UIFontDescriptor {
        guard let font else { return UIFontDescriptor(name: name ?? "", size: newPointSize) }
        return UIFontDescriptor(font: font.with(size: newPointSize))
    }
}

extension UIFont {
    /// https://developer.apple.com/documentation/uikit/uifont/1619035-fontdescriptor
    public var fontDescriptor: UIFontDescriptor { UIFontDescriptor(font: self) }

    /// The descriptor's font at `pointSize` (0: the descriptor's size). A name iOS does not ship
    /// gives the system font, as UIKit gives a font for any descriptor.
    /// https://developer.apple.com/documentation/uikit/uifont/1619037-init
    public convenience init(descriptor: UIFontDescriptor, size pointSize: CGFloat) {
        let size = pointSize > 0 ? pointSize : descriptor.pointSize
        let font = descriptor.font ?? UIFont(size: size, weight: .regular)
        self.init(
            size: size, weight: font.weight, italic: font.italic, textStyle: pointSize > 0 ? nil : font.textStyle,
            customName: font.customName, face: font.face)
    }

    /// SF Mono on the phone; the stand-in of Menlo (DejaVu Sans Mono) here, at the weight nearest.
    /// https://developer.apple.com/documentation/uikit/uifont/3042484-monospacedsystemfont
    public class func monospacedSystemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
        let face = FontCatalog.face(family: "Menlo", weight: weight, italic: false)
        return UIFont(size: fontSize, weight: weight, face: face)
    }
}

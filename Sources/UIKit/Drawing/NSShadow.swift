import Foundation
internal import Raster
internal import Scene

/// A shadow under attributed text (`NSAttributedString.Key.shadow`): in a label's
/// `attributedText`, a button's attributed title and the navigation bar's title text attributes,
/// the glyphs' shadow moved by `shadowOffset` (points; positive height moves it down, as on iOS),
/// blurred by `shadowBlurRadius` as Core Graphics blurs a shadow, in `shadowColor` (nil: black at
/// one third alpha, as UIKit draws it), under all of the text.
/// Not an `NSObject` here, as `NSParagraphStyle` is not: an attribute value that is an NSObject
/// subclass from outside Foundation traps swift-corelibs-foundation's attributed strings.
/// https://developer.apple.com/documentation/uikit/nsshadow
open class NSShadow: Hashable {
    /// https://developer.apple.com/documentation/uikit/nsshadow/1429865-shadowoffset
    open var shadowOffset = CGSize.zero
    /// https://developer.apple.com/documentation/uikit/nsshadow/1429870-shadowblurradius
    open var shadowBlurRadius: CGFloat = 0
    /// A `UIColor` (or `CGColor`); nil draws black at one third alpha.
    /// https://developer.apple.com/documentation/uikit/nsshadow/1429866-shadowcolor
    open var shadowColor: Any?

    /// https://developer.apple.com/documentation/uikit/nsshadow/1429867-init
    public init() {}

    public static func == (a: NSShadow, b: NSShadow) -> Bool {
        a.shadowOffset == b.shadowOffset && a.shadowBlurRadius == b.shadowBlurRadius
            && (a.shadowColor as? UIColor) == (b.shadowColor as? UIColor) && (a.shadowColor as? CGColor) == (b.shadowColor as? CGColor)
            && (a.shadowColor == nil) == (b.shadowColor == nil)
    }
    public func hash(into hasher: inout Hasher) { hasher.combine(shadowBlurRadius) }

    /// The shadow as the renderer draws it under `traits`.
    func drawn(_ traits: UITraitCollection) -> TextShadow {
        let color: Color =
            (shadowColor as? UIColor)?.color(traits) ?? (shadowColor as? CGColor)?.color ?? Color(r: 0, g: 0, b: 0, a: 85)
        return TextShadow(
            offset: Size(Double(shadowOffset.width), Double(shadowOffset.height)), blurRadius: max(0, Double(shadowBlurRadius)), color: color)
    }
}

extension NSAttributedString.Key {
    /// An `NSShadow` under the range's glyphs.
    /// https://developer.apple.com/documentation/foundation/nsattributedstring/key/1524788-shadow
    public static let shadow = NSAttributedString.Key(rawValue: "NSShadow")
}

import Foundation
internal import Raster
internal import Scene

/// A bar's background and shadow: the default material (a blur of what is under the bar under a
/// tint), opaque (the system background), or transparent; a color and effect of one's own.
/// https://developer.apple.com/documentation/uikit/uibarappearance
@preconcurrency @MainActor open class UIBarAppearance: NSObject {
    /// The three starting points UIKit offers.
    enum Background: Equatable { case material, opaque, transparent }
    var background = Background.material

    /// https://developer.apple.com/documentation/uikit/uibarappearance/3198009-init
    public init(idiom: UIUserInterfaceIdiom) { super.init() }
    public override convenience init() { self.init(idiom: .phone) }
    /// https://developer.apple.com/documentation/uikit/uibarappearance/3198008-init
    public init(barAppearance: UIBarAppearance) {
        super.init()
        copyBar(from: barAppearance)
    }

    /// https://developer.apple.com/documentation/uikit/uibarappearance/3198005-configurewithdefaultbackground
    open func configureWithDefaultBackground() { reset(.material) }
    /// https://developer.apple.com/documentation/uikit/uibarappearance/3198006-configurewithopaquebackground
    open func configureWithOpaqueBackground() { reset(.opaque) }
    /// https://developer.apple.com/documentation/uikit/uibarappearance/3198007-configurewithtransparentbackground
    open func configureWithTransparentBackground() { reset(.transparent) }

    private func reset(_ b: Background) {
        background = b
        backgroundColor = nil
        backgroundEffect = b == .material ? UIBlurEffectStyleRecord.systemChromeMaterial : nil
        shadowColor = b == .transparent ? nil : UIColor.separator
        backgroundImage = nil
    }

    /// Drawn over the background effect; with `.opaque` the system background when nil.
    /// https://developer.apple.com/documentation/uikit/uibarappearance/3198003-backgroundcolor
    open var backgroundColor: UIColor?
    /// The material behind the bar's color: any effect draws as the bars' material (a blur of
    /// what is under the bar); nil: none, the color alone (a transparent or opaque background).
    /// https://developer.apple.com/documentation/uikit/uibarappearance/3198002-backgroundeffect
    open var backgroundEffect: AnyObject? = UIBlurEffectStyleRecord.systemChromeMaterial
    /// Drawn over the color and effect, filling the bar and the status bar above it as
    /// `backgroundImageContentMode` places it; `UIImage()` draws nothing.
    /// https://developer.apple.com/documentation/uikit/uibarappearance/backgroundimage
    open var backgroundImage: UIImage?
    /// https://developer.apple.com/documentation/uikit/uibarappearance/backgroundimagecontentmode
    open var backgroundImageContentMode = UIView.ContentMode.scaleToFill
    /// The hairline under a navigation bar (over a tab bar); nil: none.
    /// https://developer.apple.com/documentation/uikit/uibarappearance/3198010-shadowcolor
    open var shadowColor: UIColor? = UIColor.separator
    /// Drawn instead of the hairline at its own height, stretched across the bar (a template in
    /// `shadowColor`); `UIImage()`: no hairline; nil: the `shadowColor` hairline.
    /// https://developer.apple.com/documentation/uikit/uibarappearance/shadowimage
    open var shadowImage: UIImage?

    func copyBar(from a: UIBarAppearance) {
        background = a.background
        backgroundColor = a.backgroundColor
        backgroundEffect = a.backgroundEffect
        backgroundImage = a.backgroundImage
        backgroundImageContentMode = a.backgroundImageContentMode
        shadowColor = a.shadowColor
        shadowImage = a.shadowImage
    }
    func copyOwn(from a: UIBarAppearance) {}

    /// The drawn background's color: nil for the default material's own tint; a color (clear
    /// when transparent). A color set is drawn over the material when there is one.
    func drawnBackground(_ traits: UITraitCollection, palette: Palette) -> Color? {
        if let c = backgroundColor { return c.color(traits) }
        switch background {
        case .material: return backgroundEffect == nil ? .clear : nil
        case .opaque: return palette.systemBackground
        case .transparent: return .clear
        }
    }

    /// The background as drawn: the material (a blur under the color) when there is an effect,
    /// the color, and the image over them.
    func drawnBar(_ traits: UITraitCollection, palette: Palette) -> BarBackground {
        let image = backgroundImage.flatMap { $0.isEmpty ? nil : $0 }
        return BarBackground(
            color: drawnBackground(traits, palette: palette), material: backgroundEffect != nil,
            image: image.map { $0.drawn(traits, tint: nil) }, imageMode: backgroundImageContentMode.drawn)
    }

    /// The hairline as drawn: nil for none, else its color (nil: the appearance's separator) or image.
    func drawnShadow(_ traits: UITraitCollection) -> (color: Color?, image: SceneImage?)? {
        if let image = shadowImage {
            guard !image.isEmpty else { return nil }
            return (nil, image.drawn(traits, tint: shadowColor))
        }
        guard let c = shadowColor else { return nil }
        let color = c.color(traits)
        if color.a == 0 { return nil }
        return (c.color(traits) == UIColor.separator.color(traits) ? nil : color, nil)
    }

    /// True when something is drawn behind the items: a color that is not clear, the material, or an image.
    func drawsBackground(_ traits: UITraitCollection, palette: Palette) -> Bool {
        let b = drawnBar(traits, palette: palette)
        return b.material || b.image != nil || (b.color.map { $0.a > 0 } ?? true)
    }
}

/// A bar's background as it is drawn: a color (nil: the material's own tint), the material's blur
/// under it, an image over it.
struct BarBackground {
    var color: Color?
    var material: Bool
    var image: SceneImage?
    var imageMode = Raster.ContentMode.scaleToFill
}

/// The blur a default appearance names (UIBlurEffect lives with the visual effect views).
final class UIBlurEffectStyleRecord: NSObject, Sendable {
    static let systemChromeMaterial = UIBlurEffectStyleRecord()
}

/// A navigation bar's look: the bar's background and shadow plus its titles' attributes.
/// https://developer.apple.com/documentation/uikit/uinavigationbarappearance
@preconcurrency @MainActor open class UINavigationBarAppearance: UIBarAppearance {
    /// The inline title's attributes: `.foregroundColor` is drawn (the font is the bar's 17 pt semibold).
    /// https://developer.apple.com/documentation/uikit/uinavigationbarappearance/3198028-titletextattributes
    open var titleTextAttributes: [NSAttributedString.Key: Any] = [:]
    /// The large title's attributes: `.foregroundColor` is drawn (34 pt bold).
    /// https://developer.apple.com/documentation/uikit/uinavigationbarappearance/3198026-largetitletextattributes
    open var largeTitleTextAttributes: [NSAttributedString.Key: Any] = [:]
    open var titlePositionAdjustment = UIOffset.zero

    override func copyOwn(from a: UIBarAppearance) {
        guard let n = a as? UINavigationBarAppearance else { return }
        titleTextAttributes = n.titleTextAttributes
        largeTitleTextAttributes = n.largeTitleTextAttributes
        titlePositionAdjustment = n.titlePositionAdjustment
    }
    public override init(barAppearance: UIBarAppearance) {
        super.init(barAppearance: barAppearance)
        copyOwn(from: barAppearance)
    }
    public override init(idiom: UIUserInterfaceIdiom) { super.init(idiom: idiom) }
}

/// A tab bar's look: the bar's background and shadow; item appearances are kept, not drawn.
/// https://developer.apple.com/documentation/uikit/uitabbarappearance
@preconcurrency @MainActor open class UITabBarAppearance: UIBarAppearance {
    public override init(idiom: UIUserInterfaceIdiom) { super.init(idiom: idiom) }
    public override init(barAppearance: UIBarAppearance) { super.init(barAppearance: barAppearance) }
}

/// https://developer.apple.com/documentation/uikit/uibarstyle
public enum UIBarStyle: Int, Sendable {
    case `default` = 0, black = 1
}

/// The bar's height class an image is for: `.default` on an iPhone in portrait and an iPad,
/// `.compact` on an iPhone in landscape (falling back to `.default` when none is set for it).
/// https://developer.apple.com/documentation/uikit/uibarmetrics
public enum UIBarMetrics: Int, Sendable {
    case `default` = 0, compact = 1, defaultPrompt = 101, compactPrompt = 102
}

/// Where a bar is: a navigation controller's bar is `.topAttached` (its background runs up under
/// the status bar); an image for `.any` serves every position.
/// https://developer.apple.com/documentation/uikit/uibarposition
public enum UIBarPosition: Int, Sendable {
    case any = 0, bottom = 1, top = 2, topAttached = 3
}

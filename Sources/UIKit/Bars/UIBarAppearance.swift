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
    /// Kept as the blur's name (any effect draws as the bars' material).
    /// https://developer.apple.com/documentation/uikit/uibarappearance/3198002-backgroundeffect
    open var backgroundEffect: AnyObject? = UIBlurEffectStyleRecord.systemChromeMaterial
    /// Not drawn (said once).
    open var backgroundImage: UIImage?
    /// The hairline under a navigation bar (over a tab bar); nil: none.
    /// https://developer.apple.com/documentation/uikit/uibarappearance/3198010-shadowcolor
    open var shadowColor: UIColor? = UIColor.separator
    open var shadowImage: UIImage?

    func copyBar(from a: UIBarAppearance) {
        background = a.background
        backgroundColor = a.backgroundColor
        backgroundEffect = a.backgroundEffect
        backgroundImage = a.backgroundImage
        shadowColor = a.shadowColor
        shadowImage = a.shadowImage
    }
    func copyOwn(from a: UIBarAppearance) {}

    /// The drawn background: nil for the default material; a color (clear when transparent).
    func drawnBackground(_ traits: UITraitCollection, palette: Palette) -> Color? {
        if backgroundImage != nil { Diagnostics.once("bar backgroundImage", "UIBarAppearance.backgroundImage is not drawn; its backgroundColor is") }
        // A color over the effect: the material's blur under it (Scene's bar keeps its blur).
        if let c = backgroundColor { return c.color(traits) }
        switch background {
        case .material: return backgroundEffect == nil ? .clear : nil
        case .opaque: return palette.systemBackground
        case .transparent: return .clear
        }
    }
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

import Foundation
internal import Raster
internal import Scene

/// An effect a visual effect view applies.
/// https://developer.apple.com/documentation/uikit/uivisualeffect
@preconcurrency @MainActor open class UIVisualEffect: NSObject {}

/// A blur over what lies behind the view, drawn as our bars' material (Scene's BarMaterial):
/// what is behind, blurred with the bars' Gaussian (sigma 10 pt), under a tint of the
/// appearance's background. The materials differ by the tint's opacity: ultra thin 0.35, thin
/// 0.55, regular 0.7, thick 0.85, chrome the bars' 0.8 (so `.systemChromeMaterial` is exactly a
/// bar's material). The Light and Dark variants fix the appearance; the others follow the view's.
/// The older styles: `.extraLight` white at 0.8, `.light` white at 0.5, `.dark` a dark gray at
/// 0.6, `.regular` the regular material, `.prominent` the thick one. The opacities are our
/// estimates; Apple documents the materials' order, not their values.
/// https://developer.apple.com/documentation/uikit/uiblureffect
@preconcurrency @MainActor open class UIBlurEffect: UIVisualEffect {
    /// https://developer.apple.com/documentation/uikit/uiblureffect/style
    public enum Style: Int, Sendable {
        case extraLight = 0, light, dark
        case regular = 4, prominent = 5
        case systemUltraThinMaterial = 6, systemThinMaterial, systemMaterial, systemThickMaterial, systemChromeMaterial
        case systemUltraThinMaterialLight, systemThinMaterialLight, systemMaterialLight, systemThickMaterialLight, systemChromeMaterialLight
        case systemUltraThinMaterialDark, systemThinMaterialDark, systemMaterialDark, systemThickMaterialDark, systemChromeMaterialDark
    }

    /// Kept for drawing (UIKit does not show it).
    let style: Style

    /// https://developer.apple.com/documentation/uikit/uiblureffect/init(style:)
    public init(style: UIBlurEffect.Style) {
        self.style = style
        super.init()
    }

    /// The tint over the blur under `traits`.
    func tint(_ traits: UITraitCollection) -> Color {
        func material(_ alpha: Double, _ appearance: Appearance?) -> Color {
            let background = Palette.forAppearance(appearance ?? traits.appearance).systemBackground
            // The chrome material is the bars' own tint.
            return alpha == 0.8 ? BarMaterial.tint(over: background) : background.withAlpha(multipliedBy: alpha)
        }
        switch style {
        case .extraLight: return Color(255, 255, 255, alpha: 0.8)
        case .light: return Color(255, 255, 255, alpha: 0.5)
        case .dark: return Color(28, 28, 30, alpha: 0.6)
        case .regular: return material(0.7, nil)
        case .prominent: return material(0.85, nil)
        case .systemUltraThinMaterial: return material(0.35, nil)
        case .systemThinMaterial: return material(0.55, nil)
        case .systemMaterial: return material(0.7, nil)
        case .systemThickMaterial: return material(0.85, nil)
        case .systemChromeMaterial: return material(0.8, nil)
        case .systemUltraThinMaterialLight: return material(0.35, .light)
        case .systemThinMaterialLight: return material(0.55, .light)
        case .systemMaterialLight: return material(0.7, .light)
        case .systemThickMaterialLight: return material(0.85, .light)
        case .systemChromeMaterialLight: return material(0.8, .light)
        case .systemUltraThinMaterialDark: return material(0.35, .dark)
        case .systemThinMaterialDark: return material(0.55, .dark)
        case .systemMaterialDark: return material(0.7, .dark)
        case .systemThickMaterialDark: return material(0.85, .dark)
        case .systemChromeMaterialDark: return material(0.8, .dark)
        }
    }
}

/// Vibrancy for content over a blur: kept, not drawn (the content view is drawn as it is; said once).
/// https://developer.apple.com/documentation/uikit/uivibrancyeffect
@preconcurrency @MainActor open class UIVibrancyEffect: UIVisualEffect {
    /// Kept (UIKit does not show them).
    let blurEffect: UIBlurEffect
    let style: UIVibrancyEffectStyle?

    /// https://developer.apple.com/documentation/uikit/uivibrancyeffect/init(blureffect:)
    public init(blurEffect: UIBlurEffect) {
        self.blurEffect = blurEffect
        style = nil
        super.init()
    }

    /// https://developer.apple.com/documentation/uikit/uivibrancyeffect/init(blureffect:style:)
    public init(blurEffect: UIBlurEffect, style: UIVibrancyEffectStyle) {
        self.blurEffect = blurEffect
        self.style = style
        super.init()
    }
}

/// https://developer.apple.com/documentation/uikit/uivibrancyeffectstyle
public enum UIVibrancyEffectStyle: Int, Sendable {
    case label = 0, secondaryLabel, tertiaryLabel, quaternaryLabel, fill, secondaryFill, tertiaryFill, separator
}

/// An object that implements some complex visual effects: a blur behind its `contentView` (a
/// subview that fills it, where you add your views).
/// https://developer.apple.com/documentation/uikit/uivisualeffectview
@preconcurrency @MainActor open class UIVisualEffectView: UIView {
    /// https://developer.apple.com/documentation/uikit/uivisualeffectview/effect
    open var effect: UIVisualEffect? {
        didSet {
            layer.captureChange(.effect, from: .effect(oldValue))
            effectChanged()
        }
    }
    /// https://developer.apple.com/documentation/uikit/uivisualeffectview/contentview
    public let contentView = UIView()

    /// https://developer.apple.com/documentation/uikit/uivisualeffectview/init(effect:)
    public init(effect: UIVisualEffect?) {
        super.init(frame: .zero)
        self.effect = effect
        // Inside an animation block the effect animates in from none, as on iOS (the blur of
        // a view made inside a property animator's block is scrubbed with it).
        layer.captureChange(.effect, from: .effect(nil))
        setUp()
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUp()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }

    private func setUp() {
        contentView.frame = bounds
        contentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addSubview(contentView)
        effectChanged()
    }

    private func effectChanged() {
        if effect is UIVibrancyEffect {
            Diagnostics.once("UIVibrancyEffect", "\(describe): a vibrancy effect is not drawn; its content view is drawn as it is")
        }
    }

    override func decorate(_ layer: Layer, _ traits: UITraitCollection) {
        if let (from, to, p) = self.layer.presentedEffect() {
            // Going between effects: the blur's radius and tint from none (or the other blur),
            // as iOS animates a blur in from nil.
            let a = from as? UIBlurEffect, b = to as? UIBlurEffect
            let amount = (a == nil ? 0 : 1) + ((b == nil ? 0 : 1) - (a == nil ? 0 : 1)) * p
            guard amount > 0 else { return }
            layer.backdropBlurRadius = BarMaterial.blurRadius * amount
            if backgroundColor == nil {
                let ta = a.map { $0.tint(traits) } ?? b!.tint(traits).withAlpha(multipliedBy: 0)
                let tb = b.map { $0.tint(traits) } ?? a!.tint(traits).withAlpha(multipliedBy: 0)
                layer.backgroundColor = Interpolate.color(ta, tb, p)
            }
            return
        }
        guard let blur = effect as? UIBlurEffect else { return }
        layer.backdropBlurRadius = BarMaterial.blurRadius
        // The view's own background color, if it has one, replaces the tint (UIKit warns against setting one).
        if backgroundColor == nil { layer.backgroundColor = blur.tint(traits) }
    }
}

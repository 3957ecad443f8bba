import Foundation

/// A transformer that takes in a color and returns a new, modified color (a button
/// configuration's image color).
/// https://developer.apple.com/documentation/uikit/uiconfigurationcolortransformer
public struct UIConfigurationColorTransformer {
    /// https://developer.apple.com/documentation/uikit/uiconfigurationcolortransformer/transform
    public let transform: (UIColor) -> UIColor

    /// https://developer.apple.com/documentation/uikit/uiconfigurationcolortransformer/init(_:)
    public init(_ transform: @escaping (UIColor) -> UIColor) { self.transform = transform }

    /// https://developer.apple.com/documentation/uikit/uiconfigurationcolortransformer/callasfunction(_:)
    public func callAsFunction(_ input: UIColor) -> UIColor { transform(input) }

    /// The color as a gray of its luminance (Rec. 601 weights).
    /// https://developer.apple.com/documentation/uikit/uiconfigurationcolortransformer/grayscale
    public static var grayscale: UIConfigurationColorTransformer {
        UIConfigurationColorTransformer { color in
            UIColor { traits in
                let c = color.resolvedColor(with: traits).components
                return UIColor(white: 0.299 * c.0 + 0.587 * c.1 + 0.114 * c.2, alpha: c.3)
            }
        }
    }
    /// The tint (systemBlue unless a view says otherwise; a transformer cannot see the view).
    /// https://developer.apple.com/documentation/uikit/uiconfigurationcolortransformer/preferredtint
    public static var preferredTint: UIConfigurationColorTransformer { UIConfigurationColorTransformer { _ in UIColor.tintColor } }
    /// https://developer.apple.com/documentation/uikit/uiconfigurationcolortransformer/monochrometint
    public static var monochromeTint: UIConfigurationColorTransformer { UIConfigurationColorTransformer { _ in UIColor.tintColor } }
}

/// A transformer for a configuration's text attributes: it gets the font and color the
/// configuration would use (`incoming.font`, `incoming.foregroundColor`) and returns the ones to use.
/// https://developer.apple.com/documentation/uikit/uiconfigurationtextattributestransformer
public struct UIConfigurationTextAttributesTransformer {
    /// https://developer.apple.com/documentation/uikit/uiconfigurationtextattributestransformer/transform
    public let transform: (AttributeContainer) -> AttributeContainer

    /// https://developer.apple.com/documentation/uikit/uiconfigurationtextattributestransformer/init(_:)
    public init(_ transform: @escaping (AttributeContainer) -> AttributeContainer) { self.transform = transform }

    /// https://developer.apple.com/documentation/uikit/uiconfigurationtextattributestransformer/callasfunction(_:)
    public func callAsFunction(_ input: AttributeContainer) -> AttributeContainer { transform(input) }

    /// The font and color after the transformer, from `font` and `color`.
    func apply(font: UIFont, color: UIColor) -> (UIFont, UIColor) {
        var incoming = AttributeContainer()
        incoming[AttributeScopes.UIKitAttributes.FontAttribute.self] = font
        incoming[AttributeScopes.UIKitAttributes.ForegroundColorAttribute.self] = color
        let out = transform(incoming)
        return (
            out[AttributeScopes.UIKitAttributes.FontAttribute.self] ?? font,
            out[AttributeScopes.UIKitAttributes.ForegroundColorAttribute.self] ?? color
        )
    }
}

import Foundation
internal import Raster
internal import Scene

extension UIImage {
    /// https://developer.apple.com/documentation/uikit/uiimage/symbolweight
    public enum SymbolWeight: Int, Sendable {
        case unspecified = 0, ultraLight, thin, light, regular, medium, semibold, bold, heavy, black

        var drawn: Scene.SymbolWeight {
            switch self {
            case .ultraLight: return .ultraLight
            case .thin: return .thin
            case .light: return .light
            case .unspecified, .regular: return .regular
            case .medium: return .medium
            case .semibold: return .semibold
            case .bold: return .bold
            case .heavy: return .heavy
            case .black: return .black
            }
        }
    }

    /// https://developer.apple.com/documentation/uikit/uiimage/symbolscale
    public enum SymbolScale: Int, Sendable {
        case `default` = -1, unspecified = 0, small = 1, medium = 2, large = 3

        var drawn: Scene.SymbolScale {
            switch self {
            case .small: return .small
            case .large: return .large
            default: return .medium
            }
        }
    }

    /// A symbol's point size, weight and scale (or a text style's size).
    /// https://developer.apple.com/documentation/uikit/uiimage/symbolconfiguration
    // @unchecked: Sendable is checked only for final classes (a subclass may add state);
    // UIKit declares configurations Sendable, and this one's state is `let`s.
    open class SymbolConfiguration: NSObject, @unchecked Sendable {
        let pointSize: CGFloat?
        let weight: SymbolWeight
        let scale: SymbolScale
        let textStyle: UIFont.TextStyle?

        init(pointSize: CGFloat?, weight: SymbolWeight, scale: SymbolScale, textStyle: UIFont.TextStyle?) {
            self.pointSize = pointSize; self.weight = weight; self.scale = scale; self.textStyle = textStyle
        }

        public convenience init(pointSize: CGFloat) { self.init(pointSize: pointSize, weight: .unspecified, scale: .unspecified, textStyle: nil) }
        public convenience init(pointSize: CGFloat, weight: SymbolWeight) { self.init(pointSize: pointSize, weight: weight, scale: .unspecified, textStyle: nil) }
        public convenience init(pointSize: CGFloat, weight: SymbolWeight, scale: SymbolScale) {
            self.init(pointSize: pointSize, weight: weight, scale: scale, textStyle: nil)
        }
        public convenience init(weight: SymbolWeight) { self.init(pointSize: nil, weight: weight, scale: .unspecified, textStyle: nil) }
        public convenience init(scale: SymbolScale) { self.init(pointSize: nil, weight: .unspecified, scale: scale, textStyle: nil) }
        public convenience init(textStyle: UIFont.TextStyle) { self.init(pointSize: nil, weight: .unspecified, scale: .unspecified, textStyle: textStyle) }
        public convenience init(textStyle: UIFont.TextStyle, scale: SymbolScale) {
            self.init(pointSize: nil, weight: .unspecified, scale: scale, textStyle: textStyle)
        }
        /// The font's size and weight.
        public convenience init(font: UIFont) {
            let w: SymbolWeight =
                font.weight >= .black ? .black : font.weight >= .heavy ? .heavy : font.weight >= .bold ? .bold
                : font.weight >= .semibold ? .semibold : font.weight >= .medium ? .medium : font.weight >= .regular ? .regular
                : font.weight >= .light ? .light : font.weight >= .thin ? .thin : .ultraLight
            self.init(pointSize: font.pointSize, weight: w, scale: .unspecified, textStyle: nil)
        }
        public convenience init(font: UIFont, scale: SymbolScale) {
            let plain = SymbolConfiguration(font: font)
            self.init(pointSize: plain.pointSize, weight: plain.weight, scale: scale, textStyle: nil)
        }

        /// https://developer.apple.com/documentation/uikit/uiimage/symbolconfiguration/3294245-unspecified
        open class var unspecified: SymbolConfiguration { SymbolConfiguration(pointSize: nil, weight: .unspecified, scale: .unspecified, textStyle: nil) }

        /// This configuration with what `other` specifies.
        /// https://developer.apple.com/documentation/uikit/uiimage/configuration/3295946-applying
        open func applying(_ other: SymbolConfiguration?) -> SymbolConfiguration {
            guard let other else { return self }
            return SymbolConfiguration(
                pointSize: other.pointSize ?? (other.textStyle == nil ? pointSize : nil),
                weight: other.weight != .unspecified ? other.weight : weight,
                scale: other.scale != .unspecified ? other.scale : scale,
                textStyle: other.textStyle ?? (other.pointSize == nil ? textStyle : nil))
        }

        /// The point size: the given one, the text style's at the screen's text size, or body's.
        var resolvedPointSize: Double {
            if let pointSize { return Double(pointSize) }
            return Double(UIFont.preferredFont(forTextStyle: textStyle ?? .body).pointSize)
        }
    }

    /// A system symbol by its SF Symbols name, drawn from Phosphor Icons (NOTICE). A name the
    /// table lacks gives an empty image of a symbol's size and a message with the closest names,
    /// once (Apple's returns nil for names it lacks; names the phone has would then crash here).
    /// https://developer.apple.com/documentation/uikit/uiimage/3294232-init
    public convenience init?(systemName name: String) {
        self.init(systemName: name, withConfiguration: nil)
    }

    /// https://developer.apple.com/documentation/uikit/uiimage/3294233-init
    public convenience init?(systemName name: String, withConfiguration configuration: UIImage.Configuration?) {
        self.init(symbol: name, configuration: configuration ?? .unspecified)
    }

    /// https://developer.apple.com/documentation/uikit/uiimage/3294234-init
    public convenience init?(systemName name: String, compatibleWith traitCollection: UITraitCollection?) {
        self.init(systemName: name, withConfiguration: nil)
    }

    /// https://developer.apple.com/documentation/uikit/uiimage/3295947-withconfiguration
    public func withConfiguration(_ configuration: UIImage.Configuration) -> UIImage {
        guard let name = symbolName else { return self }
        let c = configuration
        return UIImage(symbol: name, configuration: (symbolConfiguration ?? .unspecified).applying(c), renderingMode: renderingMode, tint: fixedTint)
    }

    /// https://developer.apple.com/documentation/uikit/uiimage/3294226-applyingsymbolconfiguration
    public func applyingSymbolConfiguration(_ configuration: SymbolConfiguration) -> UIImage? { withConfiguration(configuration) }

    /// https://developer.apple.com/documentation/uikit/uiimage/3295944-issymbolimage
    public var isSymbolImage: Bool { symbolName != nil }

    /// The symbol as shapes at its configuration.
    var symbolShapes: SymbolShapes? {
        guard let name = symbolName else { return nil }
        let c = symbolConfiguration ?? .unspecified
        let (shapes, error) = SymbolCache.shapes(named: name, pointSize: c.resolvedPointSize, weight: c.weight.drawn, scale: c.scale.drawn)
        if let error { Diagnostics.once("symbol \(name)", "UIImage(systemName: \"\(name)\"): \(error)") }
        return shapes
    }

    /// The symbol's vector drawing placed in `bounds` by `mode`, in the image's tint (or the view's).
    func symbolContents(in bounds: CGRect, mode: UIView.ContentMode, traits: UITraitCollection, tint: UIColor?) -> LayerContents? {
        guard let shapes = symbolShapes, shapes.outline != nil, shapes.size.width > 0, shapes.size.height > 0 else { return nil }
        let box = Rect(x: 0, y: 0, width: Double(bounds.width), height: Double(bounds.height))
        let rect = mode.drawn.rect(for: shapes.size, in: box)
        let color = renderingMode == .alwaysOriginal && fixedTint == nil ? UIColor.label.color(traits) : (fixedTint ?? tint ?? .systemBlue).color(traits)
        let sx = rect.width / shapes.size.width, sy = rect.height / shapes.size.height
        guard let outline = shapes.outline else { return nil }
        return .shapes([(outline.applying(Transform.scale(sx, sy).translated(rect.minX, rect.minY)), color)])
    }
}

extension UIImage {
    /// https://developer.apple.com/documentation/uikit/uiimage/configuration
    public typealias Configuration = SymbolConfiguration
}

/// Symbols as shapes by name and configuration, made once: decoding and flattening an outline
/// costs more than a table cell's whole layout, and layout asks a symbol image's size each frame.
private enum SymbolCache {
    struct Key: Hashable {
        let name: String
        let pointSize: Double
        let weight: Scene.SymbolWeight
        let scale: Scene.SymbolScale
    }
    private static let entries = Locked<[Key: (SymbolShapes, SymbolError?)]>([:])

    static func shapes(named name: String, pointSize: Double, weight: Scene.SymbolWeight, scale: Scene.SymbolScale) -> (SymbolShapes, SymbolError?) {
        let key = Key(name: name, pointSize: pointSize, weight: weight, scale: scale)
        if let hit = entries.withLock({ $0[key] }) { return hit }
        let made = SFSymbols.shapesOrEmpty(named: name, pointSize: pointSize, weight: weight, scale: scale)
        entries.withLock { entries in
            // Bounded: a screen uses a few sizes of a few names.
            if entries.count >= 512 { entries.removeAll() }
            entries[key] = (made.symbol, made.error)
        }
        return (made.symbol, made.error)
    }
}

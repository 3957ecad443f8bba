/// A symbol's weight, as `UIImage.SymbolWeight` names them (`UIImage.SymbolConfiguration(weight:)`).
///
/// Phosphor has four outline weights, so the nine map onto the nearest by stroke width
/// (Phosphor's strokes are 8, 12, 16 and 24 units of its 256-unit grid; SF Symbols' strokes per
/// weight are our estimate, not measured): ultraLight and thin draw Phosphor thin, light draws light,
/// regular, medium and semibold draw regular, bold, heavy and black draw bold. A `.fill` name has
/// one weight (Phosphor's fill style) for all nine.
public enum SymbolWeight: String, CaseIterable, Sendable {
    case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black

    /// The Phosphor weight that draws it.
    var phosphorWeight: String {
        switch self {
        case .ultraLight, .thin: return "thin"
        case .light: return "light"
        case .regular, .medium, .semibold: return "regular"
        case .bold, .heavy, .black: return "bold"
        }
    }
}

/// A symbol's scale relative to its point size, as `UIImage.SymbolScale` names them
/// (`UIImage.SymbolConfiguration(scale:)`; UIKit's `.default` is `medium`).
public enum SymbolScale: String, CaseIterable, Sendable {
    case small, medium, large

    /// The symbol's size relative to a medium one of the same point size: 0.78 small, 1.29 large
    /// (our choice, near the ratios of the three scales on iOS; not measured from Apple's fonts).
    public var factor: Double {
        switch self {
        case .small: return 0.78
        case .medium: return 1
        case .large: return 1.29
        }
    }
}

/// Dynamic Type: the text size a person picks in Settings (Display & Brightness → Text Size,
/// and Accessibility → Larger Text) and the size, weight and leading each UIKit text style takes
/// at that size.
///
/// Source: Apple Human Interface Guidelines, "Typography" → "Specifications" → "iOS, iPadOS
/// Dynamic Type sizes" and "iOS, iPadOS larger accessibility type sizes"
/// (https://developer.apple.com/design/human-interface-guidelines/typography), one table per
/// size category: style, weight, size (points), leading (points). The page as of the iOS 17/18
/// guidelines; docs/text.md reprints the table and says which copies were compared.

/// The user's preferred text size (`UIContentSizeCategory`, SwiftUI's `DynamicTypeSize`).
/// Raw values are the scenario spelling; `.large` is the system default.
public enum ContentSizeCategory: String, CaseIterable, Sendable {
    case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge
    case accessibility1, accessibility2, accessibility3, accessibility4, accessibility5

    /// The size every device starts with ("Large (Default)" in the HIG).
    public static let `default`: ContentSizeCategory = .large

    /// The five sizes behind Accessibility → Larger Text (AX1...AX5), as
    /// `UIContentSizeCategory.isAccessibilityCategory`.
    public var isAccessibilityCategory: Bool {
        switch self {
        case .accessibility1, .accessibility2, .accessibility3, .accessibility4, .accessibility5: return true
        default: return false
        }
    }

    /// Position in `allCases`, xSmall = 0; the row of the size table.
    var index: Int {
        switch self {
        case .xSmall: return 0
        case .small: return 1
        case .medium: return 2
        case .large: return 3
        case .xLarge: return 4
        case .xxLarge: return 5
        case .xxxLarge: return 6
        case .accessibility1: return 7
        case .accessibility2: return 8
        case .accessibility3: return 9
        case .accessibility4: return 10
        case .accessibility5: return 11
        }
    }
}

/// UIKit's text styles (`UIFont.TextStyle`) on iOS, in the HIG table's order.
public enum TextStyle: String, CaseIterable, Sendable {
    case largeTitle, title1, title2, title3, headline, body, callout, subheadline, footnote, caption1, caption2

    /// The weight the style's font has at every size: Semibold for Headline, Regular for the rest.
    public var weight: FontWeight { self == .headline ? .semibold : .regular }

    /// The font size in points at `category` (body: 17 at `.large`).
    public func pointSize(_ category: ContentSizeCategory) -> Double {
        Double(TextStyle.table[category.index][index].size)
    }

    /// The line height in points at `category` (the HIG's "Leading" column; body: 22 at `.large`).
    public func leading(_ category: ContentSizeCategory) -> Double {
        Double(TextStyle.table[category.index][index].leading)
    }

    /// Position in `allCases`; the column of the size table.
    var index: Int {
        switch self {
        case .largeTitle: return 0
        case .title1: return 1
        case .title2: return 2
        case .title3: return 3
        case .headline: return 4
        case .body: return 5
        case .callout: return 6
        case .subheadline: return 7
        case .footnote: return 8
        case .caption1: return 9
        case .caption2: return 10
        }
    }

    /// HIG Typography → Specifications, (size, leading) in points. One row per
    /// `ContentSizeCategory` (xSmall ... accessibility5), one column per `TextStyle` (largeTitle,
    /// title1, title2, title3, headline, body, callout, subheadline, footnote, caption1, caption2).
    static let table: [[(size: Int, leading: Int)]] = [
        /* xSmall */ [(31, 38), (25, 31), (19, 24), (17, 22), (14, 19), (14, 19), (13, 18), (12, 16), (12, 16), (11, 13), (11, 13)],
        /* small  */ [(32, 39), (26, 32), (20, 25), (18, 23), (15, 20), (15, 20), (14, 19), (13, 18), (12, 16), (11, 13), (11, 13)],
        /* medium */ [(33, 40), (27, 33), (21, 26), (19, 24), (16, 21), (16, 21), (15, 20), (14, 19), (12, 16), (11, 13), (11, 13)],
        /* large  */ [(34, 41), (28, 34), (22, 28), (20, 25), (17, 22), (17, 22), (16, 21), (15, 20), (13, 18), (12, 16), (11, 13)],
        /* xLarge */ [(36, 43), (30, 37), (24, 30), (22, 28), (19, 24), (19, 24), (18, 23), (17, 22), (15, 20), (14, 19), (13, 18)],
        /* xxL    */ [(38, 46), (32, 39), (26, 32), (24, 30), (21, 26), (21, 26), (20, 25), (19, 24), (17, 22), (16, 21), (15, 20)],
        /* xxxL   */ [(40, 48), (34, 41), (28, 34), (26, 32), (23, 29), (23, 29), (22, 28), (21, 28), (19, 24), (18, 23), (17, 22)],
        /* AX1    */ [(44, 52), (38, 46), (34, 41), (31, 38), (28, 34), (28, 34), (26, 32), (25, 31), (23, 29), (22, 28), (20, 25)],
        /* AX2    */ [(48, 57), (43, 51), (39, 47), (37, 44), (33, 40), (33, 40), (32, 39), (30, 37), (27, 33), (26, 32), (24, 30)],
        /* AX3    */ [(52, 61), (48, 57), (44, 52), (43, 51), (40, 48), (40, 48), (38, 46), (36, 43), (33, 40), (32, 39), (29, 35)],
        /* AX4    */ [(56, 66), (53, 62), (50, 59), (49, 58), (47, 56), (47, 56), (44, 52), (42, 50), (38, 46), (37, 44), (34, 41)],
        /* AX5    */ [(60, 70), (58, 68), (56, 66), (55, 65), (53, 62), (53, 62), (51, 60), (49, 58), (44, 52), (43, 51), (40, 48)],
    ]
}

/// Scaling custom lengths with the text size, as `UIFontMetrics` does.
public enum DynamicType {
    /// What `UIFontMetrics(forTextStyle: style).scaledValue(for: value)` gives at `category`:
    /// `value` times the style's leading at `category` over its leading at `.large`. `value` in
    /// points (a custom font size or any length); `.large` returns it unchanged. Not rounded.
    ///
    /// Not the ratio of point sizes: UIKit documents `scaledValue(for:)` as scaling "the height of
    /// the object that contains the text", and measured on a device it is not proportional to the
    /// font size: body, 17 at `.medium` gives 16.333…, not 16 (Jared Sinclair, "Scaled Metric
    /// Surprises on iOS & iPadOS", 2024, jaredsinclair.com/2024/03/02/scaled-metrics.html). The
    /// leading ratio, 17 × 21/22 = 16.23, rounded to the @3x pixel grid is that 16.333…; see
    /// `scaled(_:style:to:displayScale:)`. One published measurement backs this; UIKit's exact
    /// curve is not documented.
    public static func scaled(_ value: Double, style: TextStyle = .body, to category: ContentSizeCategory) -> Double {
        value * style.leading(category) / style.leading(.large)
    }

    /// As `scaled(_:style:to:)`, rounded to the pixel grid (`displayScale` pixels per point, half
    /// away from zero), as a device reports it: body, 17 at `.medium` on a @3x screen gives
    /// 49/3 = 16.333… (17 × 21/22 = 16.227 pt = 48.68 px → 49 px). `displayScale` ≤ 0: not rounded.
    public static func scaled(_ value: Double, style: TextStyle = .body, to category: ContentSizeCategory, displayScale: Double) -> Double {
        let points = scaled(value, style: style, to: category)
        guard displayScale > 0 else { return points }
        return (points * displayScale).rounded(.toNearestOrAwayFromZero) / displayScale
    }
}

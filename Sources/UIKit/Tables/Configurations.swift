import Foundation

/// The state a configuration is updated for (a cell's selection, highlight ...).
/// https://developer.apple.com/documentation/uikit/uiconfigurationstate
@preconcurrency @MainActor public protocol UIConfigurationState {
    var traitCollection: UITraitCollection { get set }
}

/// A cell's state: its traits; selection and highlight are never on in a screen's frames.
/// https://developer.apple.com/documentation/uikit/uicellconfigurationstate
public struct UICellConfigurationState: UIConfigurationState {
    public var traitCollection: UITraitCollection
    public var isSelected = false
    public var isHighlighted = false
    public var isDisabled = false
    public var isFocused = false
    public var isEditing = false
    public var isSwiped = false
    public var isExpanded = false
    public init(traitCollection: UITraitCollection) { self.traitCollection = traitCollection }
}

/// What a cell's content view shows, made into its view by `makeContentView()`.
/// https://developer.apple.com/documentation/uikit/uicontentconfiguration
@preconcurrency @MainActor public protocol UIContentConfiguration {
    func makeContentView() -> any UIView & UIContentView
    func updated(for state: any UIConfigurationState) -> Self
}

/// A view made from a content configuration.
/// https://developer.apple.com/documentation/uikit/uicontentview
@preconcurrency @MainActor public protocol UIContentView: NSObjectProtocol {
    var configuration: any UIContentConfiguration { get set }
}

/// A list's content: text, secondary text and an image laid out as UIKit's list cells, headers
/// and footers are. In a table cell it sets the cell's text label, detail and image view, laid
/// out in the configuration's style (cell: default, subtitleCell: subtitle, valueCell: value1).
/// https://developer.apple.com/documentation/uikit/uilistcontentconfiguration
public struct UIListContentConfiguration: UIContentConfiguration {
    enum Kind: Hashable {
        case cell, subtitleCell, valueCell, sidebarCell, sidebarSubtitleCell, accompaniedSidebarCell, sidebarHeader
        case plainHeader, plainFooter, groupedHeader, groupedFooter, prominentInsetGroupedHeader, extraProminentInsetGroupedHeader

        var cellStyle: UITableViewCell.CellStyle {
            switch self {
            case .subtitleCell, .sidebarSubtitleCell: return .subtitle
            case .valueCell: return .value1
            default: return .default
            }
        }
    }
    let kind: Kind

    /// https://developer.apple.com/documentation/uikit/uilistcontentconfiguration/textproperties
    public struct TextProperties: Hashable {
        /// https://developer.apple.com/documentation/uikit/uilistcontentconfiguration/textproperties/textalignment
        public enum TextAlignment: Int, Hashable, Sendable {
            case natural, center, justified
            func nsAlignment(_ natural: NSTextAlignment) -> NSTextAlignment {
                switch self {
                case .natural: return natural
                case .center: return .center
                case .justified: return .justified
                }
            }
        }
        public var font: UIFont
        public var color: UIColor
        public var alignment = TextAlignment.natural
        public var numberOfLines = 0
        public var lineBreakMode = NSLineBreakMode.byTruncatingTail
        public var adjustsFontForContentSizeCategory = true
        public var adjustsFontSizeToFitWidth = false
        public var minimumScaleFactor: CGFloat = 0
        public var allowsDefaultTighteningForTruncation = true
        public var showsExpansionTextWhenTruncated = false
        public var transform = TextTransform.none
        public enum TextTransform: Int, Hashable, Sendable { case none, uppercase, lowercase, capitalized }
        public func resolvedColor() -> UIColor { color }
    }

    /// https://developer.apple.com/documentation/uikit/uilistcontentconfiguration/imageproperties
    public struct ImageProperties: Hashable {
        public var tintColor: UIColor?
        public var cornerRadius: CGFloat = 0
        public var maximumSize = CGSize.zero
        public var reservedLayoutSize = CGSize.zero
        public var accessibilityIgnoresInvertColors = false
        public func resolvedTintColor(for tintColor: UIColor) -> UIColor { self.tintColor ?? tintColor }
        public static let standardDimension: CGFloat = -CGFloat.greatestFiniteMagnitude
    }

    public var text: String?
    public var attributedText: NSAttributedString?
    public var secondaryText: String?
    public var secondaryAttributedText: NSAttributedString?
    public var image: UIImage?
    public var textProperties: TextProperties
    public var secondaryTextProperties: TextProperties
    public var imageProperties = ImageProperties()
    public var axesPreservingSuperviewLayoutMargins: UIAxis = [.horizontal]
    public var directionalLayoutMargins = NSDirectionalEdgeInsets(top: 11, leading: 16, bottom: 11, trailing: 16)
    public var prefersSideBySideTextAndSecondaryText: Bool
    public var imageToTextPadding: CGFloat = 16
    public var textToSecondaryTextHorizontalPadding: CGFloat = 8
    public var textToSecondaryTextVerticalPadding: CGFloat = 3

    init(kind: Kind) {
        self.kind = kind
        let body = UIFont.preferredFont(forTextStyle: .body)
        switch kind {
        case .subtitleCell, .sidebarSubtitleCell:
            textProperties = TextProperties(font: body, color: .label)
            secondaryTextProperties = TextProperties(font: .preferredFont(forTextStyle: .subheadline), color: .secondaryLabel)
        case .valueCell:
            textProperties = TextProperties(font: body, color: .label)
            secondaryTextProperties = TextProperties(font: body, color: .secondaryLabel)
        case .groupedHeader, .groupedFooter, .plainFooter:
            textProperties = TextProperties(font: .preferredFont(forTextStyle: .footnote), color: .secondaryLabel)
            secondaryTextProperties = TextProperties(font: .preferredFont(forTextStyle: .footnote), color: .secondaryLabel)
        case .plainHeader, .sidebarHeader, .prominentInsetGroupedHeader, .extraProminentInsetGroupedHeader:
            textProperties = TextProperties(font: .preferredFont(forTextStyle: .headline), color: .label)
            secondaryTextProperties = TextProperties(font: .preferredFont(forTextStyle: .subheadline), color: .secondaryLabel)
        default:
            textProperties = TextProperties(font: body, color: .label)
            secondaryTextProperties = TextProperties(font: .preferredFont(forTextStyle: .subheadline), color: .secondaryLabel)
        }
        prefersSideBySideTextAndSecondaryText = kind == .valueCell
    }

    public static func cell() -> UIListContentConfiguration { .init(kind: .cell) }
    public static func subtitleCell() -> UIListContentConfiguration { .init(kind: .subtitleCell) }
    public static func valueCell() -> UIListContentConfiguration { .init(kind: .valueCell) }
    public static func sidebarCell() -> UIListContentConfiguration { .init(kind: .sidebarCell) }
    public static func sidebarSubtitleCell() -> UIListContentConfiguration { .init(kind: .sidebarSubtitleCell) }
    public static func accompaniedSidebarCell() -> UIListContentConfiguration { .init(kind: .accompaniedSidebarCell) }
    public static func sidebarHeader() -> UIListContentConfiguration { .init(kind: .sidebarHeader) }
    public static func plainHeader() -> UIListContentConfiguration { .init(kind: .plainHeader) }
    public static func plainFooter() -> UIListContentConfiguration { .init(kind: .plainFooter) }
    public static func groupedHeader() -> UIListContentConfiguration { .init(kind: .groupedHeader) }
    public static func groupedFooter() -> UIListContentConfiguration { .init(kind: .groupedFooter) }
    public static func prominentInsetGroupedHeader() -> UIListContentConfiguration { .init(kind: .prominentInsetGroupedHeader) }
    public static func extraProminentInsetGroupedHeader() -> UIListContentConfiguration { .init(kind: .extraProminentInsetGroupedHeader) }

    /// In a table cell the cell draws the configuration with its own parts; elsewhere, a view of
    /// its text (the secondary text and image are not drawn there: said once).
    public func makeContentView() -> any UIView & UIContentView { UIListContentView(configuration: self) }
    public func updated(for state: any UIConfigurationState) -> UIListContentConfiguration { self }
}

/// A view that shows a list content configuration's text.
/// https://developer.apple.com/documentation/uikit/uilistcontentview
@preconcurrency @MainActor open class UIListContentView: UIView, UIContentView {
    private let label = UILabel()
    open var configuration: any UIContentConfiguration {
        didSet { apply() }
    }

    public init(configuration: UIListContentConfiguration) {
        self.configuration = configuration
        super.init(frame: .zero)
        addSubview(label)
        apply()
    }
    public required init?(coder: NSCoder) { fatalError("UIListContentView is made in code") }

    private func apply() {
        guard let c = configuration as? UIListContentConfiguration else { return }
        label.text = c.text
        label.font = c.textProperties.font
        label.textColor = c.textProperties.color
        label.numberOfLines = c.textProperties.numberOfLines
        if c.secondaryText != nil || c.image != nil {
            Diagnostics.once("UIListContentView", "\(describe): a list configuration's secondary text and image are drawn in table cells only")
        }
        setNeedsLayout()
    }

    open override func layoutSubviews() {
        let m = directionalLayoutMargins
        label.frame = CGRect(x: m.leading, y: 0, width: max(0, bounds.width - m.leading - m.trailing), height: bounds.height)
    }
}

/// https://developer.apple.com/documentation/uikit/uiaxis
public struct UIAxis: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let horizontal = UIAxis(rawValue: 1)
    public static let vertical = UIAxis(rawValue: 2)
    public static let both: UIAxis = [.horizontal, .vertical]
}

/// A cell's background: a color and a corner radius (the rest is kept, not drawn).
/// https://developer.apple.com/documentation/uikit/uibackgroundconfiguration
public struct UIBackgroundConfiguration {
    public var backgroundColor: UIColor?
    public var cornerRadius: CGFloat = 0
    public var strokeColor: UIColor?
    public var strokeWidth: CGFloat = 0
    public var backgroundInsets = NSDirectionalEdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0)

    init(backgroundColor: UIColor?) { self.backgroundColor = backgroundColor }

    public static func listPlainCell() -> UIBackgroundConfiguration { .init(backgroundColor: .systemBackground) }
    public static func listGroupedCell() -> UIBackgroundConfiguration { .init(backgroundColor: .secondarySystemGroupedBackground) }
    public static func listSidebarCell() -> UIBackgroundConfiguration { .init(backgroundColor: .clear) }
    public static func listPlainHeaderFooter() -> UIBackgroundConfiguration { .init(backgroundColor: .systemBackground) }
    public static func listGroupedHeaderFooter() -> UIBackgroundConfiguration { .init(backgroundColor: .clear) }
    public static func clear() -> UIBackgroundConfiguration { .init(backgroundColor: .clear) }
    public func updated(for state: any UIConfigurationState) -> UIBackgroundConfiguration { self }
    public func resolvedBackgroundColor(for tintColor: UIColor) -> UIColor { backgroundColor ?? .clear }
}

import Foundation

extension UIButton {
    /// The look and content of a button (iOS 15): a style (plain, gray, tinted, filled, and the
    /// bordered names of the same four), title, subtitle, image, colors, background, corner style,
    /// size and insets. A button with a configuration lays out and draws from it.
    ///
    /// Sizes (Apple documents the names, not the numbers): `.medium`, the default, is the body
    /// font (17 pt at the default text size) with 7 pt above and below and 12 pt at the sides, so a
    /// one-line medium button is 34.33 pt tall (20.33 pt of text) and "Button" is 75 pt wide, as
    /// Interface Builder's default filled button is; `.large` 14 and 20 pt around the body font;
    /// `.small` 5 and 10 pt around subheadline (15 pt); `.mini` 3 and 8 pt around footnote
    /// (13 pt). Corner radii (`.small` 4, `.medium` 8, `.large` 12 pt; `.dynamic` picks by the
    /// button size) and the tinted/gray fills are our estimates of iOS 17's look.
    /// https://developer.apple.com/documentation/uikit/uibutton/configuration-swift.struct
    public struct Configuration {
        /// https://developer.apple.com/documentation/uikit/uibutton/configuration-swift.struct/size-swift.enum
        public enum Size: Int, Sendable {
            case mini = 0, small, medium, large
        }

        /// https://developer.apple.com/documentation/uikit/uibutton/configuration-swift.struct/cornerstyle-swift.enum
        public enum CornerStyle: Int, Sendable {
            case dynamic = -1, fixed = 0, small, medium, large, capsule
        }

        /// https://developer.apple.com/documentation/uikit/uibutton/configuration-swift.struct/titlealignment-swift.enum
        public enum TitleAlignment: Int, Sendable {
            case automatic = 0, leading, center, trailing
        }

        /// https://developer.apple.com/documentation/uikit/uibutton/configuration-swift.struct/macidiomstyle-swift.enum
        public enum MacIdiomStyle: Int, Sendable {
            case automatic = 0, bordered, borderless, borderlessTinted
        }

        /// https://developer.apple.com/documentation/uikit/uibutton/configuration-swift.struct/indicator-swift.enum
        public enum Indicator: Int, Sendable {
            case automatic = 0, none, popup
        }

        /// Which of the four looks: the bordered names are the same looks.
        enum Style: Sendable { case plain, gray, tinted, filled }
        var style: Style

        /// https://developer.apple.com/documentation/uikit/uibutton/configuration-swift.struct/title
        public var title: String?
        /// The title's runs with their UIKit font, foreground color and kern (`title.font = ...`);
        /// where a run sets none, the configuration's font and foreground color.
        /// https://developer.apple.com/documentation/uikit/uibutton/configuration-swift.struct/attributedtitle
        public var attributedTitle: AttributedString?
        /// https://developer.apple.com/documentation/uikit/uibutton/configuration-swift.struct/subtitle
        public var subtitle: String?
        /// https://developer.apple.com/documentation/uikit/uibutton/configuration-swift.struct/attributedsubtitle
        public var attributedSubtitle: AttributedString?
        /// https://developer.apple.com/documentation/uikit/uibutton/configuration-swift.struct/image
        public var image: UIImage?
        /// Where the image goes relative to the text: `.leading` (the default), `.trailing`, `.top`, `.bottom`.
        /// https://developer.apple.com/documentation/uikit/uibutton/configuration-swift.struct/imageplacement
        public var imagePlacement = NSDirectionalRectEdge.leading
        /// https://developer.apple.com/documentation/uikit/uibutton/configuration-swift.struct/imagepadding
        public var imagePadding: CGFloat = 0
        /// Between the title and the subtitle.
        /// https://developer.apple.com/documentation/uikit/uibutton/configuration-swift.struct/titlepadding
        public var titlePadding: CGFloat = 0
        /// https://developer.apple.com/documentation/uikit/uibutton/configuration-swift.struct/titlealignment-swift.property
        public var titleAlignment = TitleAlignment.automatic
        /// https://developer.apple.com/documentation/uikit/uibutton/configuration-swift.struct/titlelinebreakmode
        public var titleLineBreakMode = NSLineBreakMode.byTruncatingTail
        /// https://developer.apple.com/documentation/uikit/uibutton/configuration-swift.struct/subtitlelinebreakmode
        public var subtitleLineBreakMode = NSLineBreakMode.byTruncatingTail
        /// The text and image color; nil: the style's (white on filled, the tint otherwise).
        /// https://developer.apple.com/documentation/uikit/uibutton/configuration-swift.struct/baseforegroundcolor
        public var baseForegroundColor: UIColor?
        /// The fill's color; nil: the style's (the tint, the tint faint, or a gray fill).
        /// https://developer.apple.com/documentation/uikit/uibutton/configuration-swift.struct/basebackgroundcolor
        public var baseBackgroundColor: UIColor?
        /// https://developer.apple.com/documentation/uikit/uibutton/configuration-swift.struct/background
        public var background = UIBackgroundConfiguration.clear()
        /// https://developer.apple.com/documentation/uikit/uibutton/configuration-swift.struct/cornerstyle-swift.property
        public var cornerStyle = CornerStyle.dynamic
        /// https://developer.apple.com/documentation/uikit/uibutton/configuration-swift.struct/buttonsize
        public var buttonSize = Size.medium
        /// Around the content; the button size's unless set.
        /// https://developer.apple.com/documentation/uikit/uibutton/configuration-swift.struct/contentinsets
        public var contentInsets: NSDirectionalEdgeInsets {
            get { ownInsets ?? Self.defaultInsets(buttonSize) }
            set { ownInsets = newValue }
        }
        private var ownInsets: NSDirectionalEdgeInsets?
        /// Changes the title's font and color (`incoming.font`, `incoming.foregroundColor`).
        /// https://developer.apple.com/documentation/uikit/uibutton/configuration-swift.struct/titletextattributestransformer
        public var titleTextAttributesTransformer: UIConfigurationTextAttributesTransformer?
        /// https://developer.apple.com/documentation/uikit/uibutton/configuration-swift.struct/subtitletextattributestransformer
        public var subtitleTextAttributesTransformer: UIConfigurationTextAttributesTransformer?
        /// Changes the image's color.
        /// https://developer.apple.com/documentation/uikit/uibutton/configuration-swift.struct/imagecolortransformer
        public var imageColorTransformer: UIConfigurationColorTransformer?
        /// https://developer.apple.com/documentation/uikit/uibutton/configuration-swift.struct/preferredsymbolconfigurationforimage
        public var preferredSymbolConfigurationForImage: UIImage.SymbolConfiguration?
        /// Kept; an activity indicator in the button is not drawn.
        /// https://developer.apple.com/documentation/uikit/uibutton/configuration-swift.struct/showsactivityindicator
        public var showsActivityIndicator = false
        /// https://developer.apple.com/documentation/uikit/uibutton/configuration-swift.struct/macidiomstyle-swift.property
        public var macIdiomStyle = MacIdiomStyle.automatic
        /// https://developer.apple.com/documentation/uikit/uibutton/configuration-swift.struct/indicator-swift.property
        public var indicator = Indicator.automatic
        /// https://developer.apple.com/documentation/uikit/uibutton/configuration-swift.struct/automaticallyupdateforselection
        public var automaticallyUpdateForSelection = true

        init(style: Style) { self.style = style }

        /// https://developer.apple.com/documentation/uikit/uibutton/configuration-swift.struct/plain()
        public static func plain() -> Configuration { Configuration(style: .plain) }
        /// https://developer.apple.com/documentation/uikit/uibutton/configuration-swift.struct/gray()
        public static func gray() -> Configuration { Configuration(style: .gray) }
        /// https://developer.apple.com/documentation/uikit/uibutton/configuration-swift.struct/tinted()
        public static func tinted() -> Configuration { Configuration(style: .tinted) }
        /// https://developer.apple.com/documentation/uikit/uibutton/configuration-swift.struct/filled()
        public static func filled() -> Configuration { Configuration(style: .filled) }
        /// https://developer.apple.com/documentation/uikit/uibutton/configuration-swift.struct/borderless()
        public static func borderless() -> Configuration { Configuration(style: .plain) }
        /// https://developer.apple.com/documentation/uikit/uibutton/configuration-swift.struct/bordered()
        public static func bordered() -> Configuration { Configuration(style: .gray) }
        /// https://developer.apple.com/documentation/uikit/uibutton/configuration-swift.struct/borderedtinted()
        public static func borderedTinted() -> Configuration { Configuration(style: .tinted) }
        /// https://developer.apple.com/documentation/uikit/uibutton/configuration-swift.struct/borderedprominent()
        public static func borderedProminent() -> Configuration { Configuration(style: .filled) }

        /// Restores the button size's insets.
        /// https://developer.apple.com/documentation/uikit/uibutton/configuration-swift.struct/setdefaultcontentinsets()
        public mutating func setDefaultContentInsets() { ownInsets = nil }

        /// The configuration for the button's state: the same here (the state's colors are
        /// resolved when drawn).
        /// https://developer.apple.com/documentation/uikit/uibutton/configuration-swift.struct/updated(for:)
        @MainActor public func updated(for button: UIButton) -> Configuration { self }

        static func defaultInsets(_ size: Size) -> NSDirectionalEdgeInsets {
            switch size {
            case .mini: return NSDirectionalEdgeInsets(top: 3, leading: 8, bottom: 3, trailing: 8)
            case .small: return NSDirectionalEdgeInsets(top: 5, leading: 10, bottom: 5, trailing: 10)
            case .medium: return NSDirectionalEdgeInsets(top: 7, leading: 12, bottom: 7, trailing: 12)
            case .large: return NSDirectionalEdgeInsets(top: 14, leading: 20, bottom: 14, trailing: 20)
            }
        }

        /// The title's text style for the button size; with a subtitle, the title is headline.
        var titleStyle: UIFont.TextStyle {
            if subtitle != nil || attributedSubtitle != nil { return buttonSize == .mini || buttonSize == .small ? .subheadline : .headline }
            switch buttonSize {
            case .mini: return .footnote
            case .small: return .subheadline
            case .medium, .large: return .body
            }
        }

        /// The subtitle's text style: a step below the title's.
        var subtitleStyle: UIFont.TextStyle { buttonSize == .mini || buttonSize == .small ? .caption1 : .subheadline }

        /// The corner radius for a background of `height`.
        func cornerRadius(height: CGFloat) -> CGFloat {
            switch cornerStyle {
            case .fixed: return background.cornerRadius
            case .small: return 4
            case .medium: return 8
            case .large: return 12
            case .capsule: return height / 2
            case .dynamic:
                switch buttonSize {
                case .mini, .small: return 4
                case .medium: return 8
                case .large: return 12
                }
            }
        }

        /// The text and image color for `tint` and the control's state.
        func foreground(tint: UIColor, enabled: Bool) -> UIColor {
            guard enabled else { return .tertiaryLabel }
            if let baseForegroundColor { return baseForegroundColor }
            return style == .filled ? .white : tint
        }

        /// The fill for `tint` and the state, or nil (plain).
        func fill(tint: UIColor, enabled: Bool) -> UIColor? {
            if let color = background.backgroundColor, color != UIColor.clear { return color }
            switch style {
            case .plain: return nil
            case .gray: return enabled ? (baseBackgroundColor ?? .secondarySystemFill) : .quaternarySystemFill
            case .tinted: return enabled ? (baseBackgroundColor ?? tint).withAlphaComponent(0.15) : .quaternarySystemFill
            case .filled: return enabled ? (baseBackgroundColor ?? tint) : .tertiarySystemFill
            }
        }
    }
}

/// Edges of a rectangle, leading and trailing in the reading direction.
/// https://developer.apple.com/documentation/uikit/nsdirectionalrectedge
public struct NSDirectionalRectEdge: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let top = NSDirectionalRectEdge(rawValue: 1 << 0)
    public static let leading = NSDirectionalRectEdge(rawValue: 1 << 1)
    public static let bottom = NSDirectionalRectEdge(rawValue: 1 << 2)
    public static let trailing = NSDirectionalRectEdge(rawValue: 1 << 3)
    public static let all: NSDirectionalRectEdge = [.top, .leading, .bottom, .trailing]
}

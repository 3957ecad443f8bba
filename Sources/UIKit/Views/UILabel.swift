import Foundation
internal import Raster
internal import Scene

/// How text is aligned.
/// https://developer.apple.com/documentation/uikit/nstextalignment
public enum NSTextAlignment: Int, Sendable {
    case left = 0, center = 1, right = 2, justified = 3, natural = 4

    var drawn: Scene.TextAlignment {
        switch self {
        case .left: return .left
        case .center: return .center
        case .right: return .right
        case .justified, .natural: return .natural
        }
    }
}

/// How a label cuts text that does not fit.
/// https://developer.apple.com/documentation/uikit/nslinebreakmode
public enum NSLineBreakMode: Int, Sendable {
    case byWordWrapping = 0, byCharWrapping, byClipping, byTruncatingHead, byTruncatingTail, byTruncatingMiddle
}

/// A view that displays one or more lines of read-only text: vertically centred in its bounds,
/// one line by default, cut at the tail.
/// https://developer.apple.com/documentation/uikit/uilabel
@MainActor open class UILabel: UIView {
    /// https://developer.apple.com/documentation/uikit/uilabel/1620538-text
    open var text: String? {
        didSet { storedAttributed = nil; invalidateIntrinsicContentSize() }
    }
    private var storedAttributed: NSAttributedString?
    /// https://developer.apple.com/documentation/uikit/uilabel/1620542-attributedtext
    open var attributedText: NSAttributedString? {
        get { storedAttributed ?? text.map { NSAttributedString(string: $0) } }
        set {
            text = newValue?.string
            storedAttributed = newValue
        }
    }
    /// nil sets the default: the system font at 17 points.
    open var font: UIFont! = UIFont.systemFont(ofSize: 17) {
        didSet {
            if font == nil { font = UIFont.systemFont(ofSize: 17) }
            invalidateIntrinsicContentSize()
        }
    }
    /// nil sets the default: label.
    open var textColor: UIColor! = UIColor.label {
        didSet { if textColor == nil { textColor = UIColor.label } }
    }
    open var textAlignment = NSTextAlignment.natural
    /// 0: as many lines as the text needs.
    open var numberOfLines = 1 { didSet { invalidateIntrinsicContentSize() } }
    open var lineBreakMode = NSLineBreakMode.byTruncatingTail
    /// https://developer.apple.com/documentation/uikit/uilabel/1620533-preferredmaxlayoutwidth
    open var preferredMaxLayoutWidth: CGFloat = 0
    /// The font follows the Dynamic Type size when it came from `preferredFont(forTextStyle:)` or
    /// `UIFontMetrics` (the screen's size is fixed for a run, so it is applied when made).
    open var adjustsFontForContentSizeCategory = false
    open var adjustsFontSizeToFitWidth = false
    open var minimumScaleFactor: CGFloat = 0
    open var isEnabled = true
    open var isHighlighted = false
    open var highlightedTextColor: UIColor?
    open var shadowColor: UIColor?
    open var shadowOffset = CGSize(width: 0, height: -1)

    public override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// The text as the renderer sets it, in the label's font and color under `traits`.
    func content(_ traits: UITraitCollection) -> TextContent? {
        guard let string = text, !string.isEmpty else { return nil }
        var f: UIFont = font
        var color: UIColor = textColor
        var alignment = textAlignment
        var kern: CGFloat = 0
        var lineSpacing: CGFloat = 0
        var lineHeightMultiple: CGFloat = 0
        if let attributed = storedAttributed, attributed.length > 0 {
            // The first run's attributes (runs of their own are drawn alike for now).
            let attributes = attributed.attributes(at: 0, effectiveRange: nil)
            if let v = attributes[.font] as? UIFont { f = v }
            if let v = attributes[.foregroundColor] as? UIColor { color = v }
            if let v = attributes[.kern] as? NSNumber { kern = CGFloat(v.doubleValue) } else if let v = attributes[.kern] as? CGFloat { kern = v }
            if let p = attributes[.paragraphStyle] as? NSParagraphStyle {
                alignment = p.alignment; lineSpacing = p.lineSpacing; lineHeightMultiple = p.lineHeightMultiple
            }
        }
        let typography = ScreenEnvironment.typography
        var content = TextContent(
            string, weight: f.weight.drawn, pointSize: Double(f.pointSize), color: color.color(traits),
            alignment: alignment.drawn, letterSpacing: Double(kern), typography: typography)
        content.letterSpacingIsOwn = kern != 0
        content.numberOfLines = numberOfLines
        if lineSpacing != 0 || lineHeightMultiple != 0 {
            let natural = Double(f.lineHeight)
            content.lineHeight = natural * (lineHeightMultiple > 0 ? Double(lineHeightMultiple) : 1) + Double(lineSpacing)
        }
        return content
    }

    /// The size the text takes within `size`'s width (unlimited when 0 or huge), rounded up to
    /// whole points as UILabel reports it.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        guard let content = content(traitCollection) else { return .zero }
        let width = size.width > 0 && size.width < 1e6 ? Double(size.width) : .infinity
        let p = content.paragraph(width: width)
        return CGSize(width: CGFloat(p.width.rounded(.up)), height: CGFloat(p.height.rounded(.up)))
    }

    open override var intrinsicContentSize: CGSize {
        let limit = preferredMaxLayoutWidth > 0 ? preferredMaxLayoutWidth : (numberOfLines == 1 ? 0 : bounds.width)
        return sizeThatFits(CGSize(width: limit, height: 0))
    }

    override func drawnContents(_ traits: UITraitCollection) -> LayerContents? {
        content(traits).map { .text($0) }
    }
}

extension NSAttributedString.Key {
    /// https://developer.apple.com/documentation/foundation/nsattributedstring/key/1524833-font
    public static let font = NSAttributedString.Key(rawValue: "NSFont")
    public static let foregroundColor = NSAttributedString.Key(rawValue: "NSColor")
    public static let backgroundColor = NSAttributedString.Key(rawValue: "NSBackgroundColor")
    public static let kern = NSAttributedString.Key(rawValue: "NSKern")
    public static let underlineStyle = NSAttributedString.Key(rawValue: "NSUnderline")
    public static let strikethroughStyle = NSAttributedString.Key(rawValue: "NSStrikethrough")
    public static let underlineColor = NSAttributedString.Key(rawValue: "NSUnderlineColor")
    public static let strikethroughColor = NSAttributedString.Key(rawValue: "NSStrikethroughColor")
    public static let paragraphStyle = NSAttributedString.Key(rawValue: "NSParagraphStyle")
    public static let baselineOffset = NSAttributedString.Key(rawValue: "NSBaselineOffset")
}

/// https://developer.apple.com/documentation/uikit/nsunderlinestyle
public struct NSUnderlineStyle: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let single = NSUnderlineStyle(rawValue: 0x01)
    public static let thick = NSUnderlineStyle(rawValue: 0x02)
    public static let double = NSUnderlineStyle(rawValue: 0x09)
}

/// https://developer.apple.com/documentation/uikit/nsparagraphstyle
open class NSParagraphStyle: NSObject, @unchecked Sendable {
    open internal(set) var alignment = NSTextAlignment.natural
    open internal(set) var lineSpacing: CGFloat = 0
    open internal(set) var lineHeightMultiple: CGFloat = 0
    open internal(set) var paragraphSpacing: CGFloat = 0
    open internal(set) var minimumLineHeight: CGFloat = 0
    open internal(set) var maximumLineHeight: CGFloat = 0
    open internal(set) var lineBreakMode = NSLineBreakMode.byWordWrapping
    open class var `default`: NSParagraphStyle { NSParagraphStyle() }
    public override init() { super.init() }
}

/// https://developer.apple.com/documentation/uikit/nsmutableparagraphstyle
open class NSMutableParagraphStyle: NSParagraphStyle, @unchecked Sendable {
    open override var alignment: NSTextAlignment { get { super.alignment } set { super.alignment = newValue } }
    open override var lineSpacing: CGFloat { get { super.lineSpacing } set { super.lineSpacing = newValue } }
    open override var lineHeightMultiple: CGFloat { get { super.lineHeightMultiple } set { super.lineHeightMultiple = newValue } }
    open override var paragraphSpacing: CGFloat { get { super.paragraphSpacing } set { super.paragraphSpacing = newValue } }
    open override var minimumLineHeight: CGFloat { get { super.minimumLineHeight } set { super.minimumLineHeight = newValue } }
    open override var maximumLineHeight: CGFloat { get { super.maximumLineHeight } set { super.maximumLineHeight = newValue } }
    open override var lineBreakMode: NSLineBreakMode { get { super.lineBreakMode } set { super.lineBreakMode = newValue } }
    public override init() { super.init() }
}

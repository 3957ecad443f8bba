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

    var drawn: LineBreakMode {
        switch self {
        case .byWordWrapping: return .byWordWrapping
        case .byCharWrapping: return .byCharWrapping
        case .byClipping: return .byClipping
        case .byTruncatingHead: return .byTruncatingHead
        case .byTruncatingTail: return .byTruncatingTail
        case .byTruncatingMiddle: return .byTruncatingMiddle
        }
    }
}

/// A view that displays one or more lines of read-only text: vertically centred in its bounds,
/// one line by default, cut at the tail.
/// https://developer.apple.com/documentation/uikit/uilabel
@preconcurrency @MainActor open class UILabel: UIView {
    /// https://developer.apple.com/documentation/uikit/uilabel/1620538-text
    /// The same text set again changes nothing (a button's layout sets its label's text at every
    /// pass: invalidating its size there laid the button out again without end).
    open var text: String? {
        didSet {
            guard text != oldValue || storedAttributed != nil else { return }
            storedAttributed = nil
            invalidateIntrinsicContentSize()
        }
    }
    private var storedAttributed: NSAttributedString?
    /// https://developer.apple.com/documentation/uikit/uilabel/1620542-attributedtext
    open var attributedText: NSAttributedString? {
        get { storedAttributed ?? text.map { NSAttributedString(string: $0) } }
        set {
            if let newValue, let stored = storedAttributed, newValue.isEqual(to: stored) { return }
            text = newValue?.string
            storedAttributed = newValue
            invalidateIntrinsicContentSize()
        }
    }
    /// nil sets the default: the system font at 17 points.
    open var font: UIFont! = UIFont.systemFont(ofSize: 17) {
        didSet {
            if font == nil { font = UIFont.systemFont(ofSize: 17) }
            if font != oldValue { invalidateIntrinsicContentSize() }
        }
    }
    /// nil sets the default: label.
    open var textColor: UIColor! = UIColor.label {
        didSet { if textColor == nil { textColor = UIColor.label } }
    }
    open var textAlignment = NSTextAlignment.natural
    /// 0: as many lines as the text needs.
    open var numberOfLines = 1 { didSet { if numberOfLines != oldValue { invalidateIntrinsicContentSize() } } }
    open var lineBreakMode = NSLineBreakMode.byTruncatingTail { didSet { if lineBreakMode != oldValue { invalidateIntrinsicContentSize() } } }
    /// https://developer.apple.com/documentation/uikit/uilabel/1620533-preferredmaxlayoutwidth
    open var preferredMaxLayoutWidth: CGFloat = 0 { didSet { if preferredMaxLayoutWidth != oldValue { invalidateIntrinsicContentSize() } } }
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

    /// The text as the renderer sets it under `traits`: the label's font, color, alignment and
    /// line break mode, or the attributed text's runs (font, foregroundColor, kern, underline and
    /// strikethrough per range; the first range's paragraph style), the label's own values where
    /// a range gives none.
    func content(_ traits: UITraitCollection) -> TextContent? {
        guard let string = text, !string.isEmpty else { return nil }
        let typography = ScreenEnvironment.typography
        let baseFont: UIFont = font
        let baseColor = textColor.color(traits)
        var paragraph = ParagraphStyle(alignment: textAlignment.drawn, lineBreakMode: lineBreakMode.drawn)
        var content: TextContent
        if let attributed = storedAttributed, attributed.length > 0 {
            let runs = TextDrawing.runs(
                of: attributed, font: baseFont, color: baseColor, traits: traits, paragraph: &paragraph, lineBreakModeFromStyle: false)
            content = TextContent(runs: runs, paragraph: paragraph, typography: typography)
        } else {
            content = TextContent(
                string, weight: baseFont.weight.drawn, pointSize: Double(baseFont.pointSize), color: baseColor,
                alignment: paragraph.alignment, typography: typography)
            content.italic = baseFont.italic
            content.face = baseFont.drawnFace
            content.lineBreakMode = paragraph.lineBreakMode
        }
        content.numberOfLines = numberOfLines
        return content
    }

    /// The size the text takes within `size`'s width (unlimited when 0 or huge), rounded up to
    /// whole points as UILabel reports it.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        guard let content = content(traitCollection) else { return .zero }
        let width = size.width > 0 && size.width < 1e6 ? Double(size.width) : .infinity
        let fitted = content.size(fitting: width)
        // Up to whole device pixels, as UILabel reports it.
        let scale = Double(ScreenEnvironment.device.scale)
        return CGSize(width: CGFloat((fitted.width * scale).rounded(.up) / scale), height: CGFloat((fitted.height * scale).rounded(.up) / scale))
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

    /// The pattern drawn: none, single, thick or double (dots and dashes drawn as their lines).
    var drawn: UnderlineStyle {
        if rawValue == 0 { return .none }
        if rawValue & 0x0F == 0x09 { return .double }
        return rawValue & 0x02 != 0 ? .thick : .single
    }
}

/// https://developer.apple.com/documentation/uikit/nsparagraphstyle
/// Not an `NSObject` here, as `UIFont` is not: an attribute value that is an NSObject subclass
/// from outside Foundation traps swift-corelibs-foundation's attributed strings at their third run.
/// Not Sendable, as iOS 18's UIKit has it (NSParagraphStyle.h marks neither style NS_SWIFT_SENDABLE).
open class NSParagraphStyle: Hashable {
    open internal(set) var alignment = NSTextAlignment.natural
    open internal(set) var lineSpacing: CGFloat = 0
    open internal(set) var lineHeightMultiple: CGFloat = 0
    open internal(set) var paragraphSpacing: CGFloat = 0
    open internal(set) var minimumLineHeight: CGFloat = 0
    open internal(set) var maximumLineHeight: CGFloat = 0
    open internal(set) var lineBreakMode = NSLineBreakMode.byWordWrapping
    open class var `default`: NSParagraphStyle { NSParagraphStyle() }
    public init() {}

    public static func == (a: NSParagraphStyle, b: NSParagraphStyle) -> Bool {
        a.alignment == b.alignment && a.lineSpacing == b.lineSpacing && a.lineHeightMultiple == b.lineHeightMultiple
            && a.paragraphSpacing == b.paragraphSpacing && a.minimumLineHeight == b.minimumLineHeight
            && a.maximumLineHeight == b.maximumLineHeight && a.lineBreakMode == b.lineBreakMode
    }
    public func hash(into hasher: inout Hasher) { hasher.combine(lineSpacing); hasher.combine(paragraphSpacing) }
}

/// https://developer.apple.com/documentation/uikit/nsmutableparagraphstyle
open class NSMutableParagraphStyle: NSParagraphStyle {
    open override var alignment: NSTextAlignment { get { super.alignment } set { super.alignment = newValue } }
    open override var lineSpacing: CGFloat { get { super.lineSpacing } set { super.lineSpacing = newValue } }
    open override var lineHeightMultiple: CGFloat { get { super.lineHeightMultiple } set { super.lineHeightMultiple = newValue } }
    open override var paragraphSpacing: CGFloat { get { super.paragraphSpacing } set { super.paragraphSpacing = newValue } }
    open override var minimumLineHeight: CGFloat { get { super.minimumLineHeight } set { super.minimumLineHeight = newValue } }
    open override var maximumLineHeight: CGFloat { get { super.maximumLineHeight } set { super.maximumLineHeight = newValue } }
    open override var lineBreakMode: NSLineBreakMode { get { super.lineBreakMode } set { super.lineBreakMode = newValue } }
    public override init() { super.init() }
}

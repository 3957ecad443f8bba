import Foundation
internal import Raster
internal import Scene

extension UIColor {
    /// Makes the color the current context's fill and stroke color.
    /// https://developer.apple.com/documentation/uikit/uicolor/1621933-set
    public func set() { setFill(); setStroke() }
    /// https://developer.apple.com/documentation/uikit/uicolor/1621931-setfill
    public func setFill() { UIGraphicsGetCurrentContext()?.setFillColor(cgColor) }
    /// https://developer.apple.com/documentation/uikit/uicolor/1621920-setstroke
    public func setStroke() { UIGraphicsGetCurrentContext()?.setStrokeColor(cgColor) }
}

extension UIImage {
    /// Draws the image at its size in points with its top-left corner at `point`, in the current context.
    /// https://developer.apple.com/documentation/uikit/uiimage/1624132-draw
    public func draw(at point: CGPoint) { draw(in: CGRect(origin: point, size: size), blendMode: .normal, alpha: 1) }
    /// https://developer.apple.com/documentation/uikit/uiimage/1624092-draw
    public func draw(at point: CGPoint, blendMode: CGBlendMode, alpha: CGFloat) {
        draw(in: CGRect(origin: point, size: size), blendMode: blendMode, alpha: alpha)
    }
    /// Draws the image scaled to fill `rect`, upright, in the current context.
    /// https://developer.apple.com/documentation/uikit/uiimage/1624101-draw
    public func draw(in rect: CGRect) { draw(in: rect, blendMode: .normal, alpha: 1) }
    /// https://developer.apple.com/documentation/uikit/uiimage/1624104-draw
    public func draw(in rect: CGRect, blendMode: CGBlendMode, alpha: CGFloat) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        guard symbolName == nil else {
            Diagnostics.once("symbol draw", "UIImage(systemName:) drawn into a graphics context is not drawn (an image view draws symbols)")
            return
        }
        let traits = UITraitCollection.current
        let pixels = drawn(traits, tint: nil).pixmap
        context.drawPixels(pixels, in: rect.standardized.raster, upright: true, alpha: Double(alpha), mode: blendMode)
    }
}

/// The text attributes drawing uses: font (12-point system font by default), color (black),
/// kern, underline and strikethrough, and the paragraph style's alignment and spacing.
enum TextDrawing {
    static func content(_ string: String, _ attributes: [NSAttributedString.Key: Any]?) -> TextContent {
        content(NSAttributedString(string: string, attributes: attributes))
    }

    static func content(_ attributed: NSAttributedString) -> TextContent {
        var paragraph = ParagraphStyle()
        var runs = Self.runs(
            of: attributed, font: UIFont.systemFont(ofSize: 12), color: .black, traits: UITraitCollection.current, paragraph: &paragraph,
            lineBreakModeFromStyle: true)
        if runs.isEmpty { runs = [TextRun("", weight: .regular, pointSize: 12, color: .black)] }
        var content = TextContent(runs: runs, paragraph: paragraph, typography: ScreenEnvironment.typography)
        content.numberOfLines = 0
        return content
    }

    /// The runs of an attributed string as a label and a drawing set them: each range in its font
    /// (`font` where it has none: a named font's face and italics too), color, kern, underline and
    /// strikethrough; the first range's paragraph style into `paragraph` (its line break mode only
    /// when `lineBreakModeFromStyle`: a label's own `lineBreakMode` rules there).
    static func runs(
        of attributed: NSAttributedString, font baseFont: UIFont, color baseColor: Color, traits: UITraitCollection,
        paragraph: inout ParagraphStyle, lineBreakModeFromStyle: Bool
    ) -> [TextRun] {
        var runs: [TextRun] = []
        var style: NSParagraphStyle?
        attributed.enumerateAttributes(in: NSRange(location: 0, length: attributed.length), options: []) { attributes, range, _ in
            let piece = (attributed.string as NSString).substring(with: range)
            let font = attributes[.font] as? UIFont ?? baseFont
            let color = (attributes[.foregroundColor] as? UIColor)?.color(traits) ?? baseColor
            var kern = 0.0
            if let v = attributes[.kern] as? NSNumber { kern = v.doubleValue } else if let v = attributes[.kern] as? CGFloat { kern = Double(v) }
            func line(_ key: NSAttributedString.Key) -> UnderlineStyle {
                let raw = (attributes[key] as? NSNumber)?.intValue ?? (attributes[key] as? Int) ?? (attributes[key] as? NSUnderlineStyle)?.rawValue ?? 0
                return NSUnderlineStyle(rawValue: raw).drawn
            }
            var run = TextRun(
                piece, weight: font.weight.drawn, pointSize: Double(font.pointSize), color: color, letterSpacing: kern,
                underline: line(.underlineStyle), strikethrough: line(.strikethroughStyle))
            run.italic = font.italic
            run.face = font.drawnFace
            run.shadow = (attributes[.shadow] as? NSShadow)?.drawn(traits)
            runs.append(run)
            if runs.count == 1 { style = attributes[.paragraphStyle] as? NSParagraphStyle }
        }
        if let p = style {
            paragraph.alignment = p.alignment.drawn
            paragraph.lineSpacing = Double(p.lineSpacing)
            paragraph.lineHeightMultiple = Double(p.lineHeightMultiple)
            if lineBreakModeFromStyle { paragraph.lineBreakMode = p.lineBreakMode.drawn }
            if p.minimumLineHeight > 0, p.minimumLineHeight == p.maximumLineHeight { paragraph.lineHeight = Double(p.minimumLineHeight) }
        }
        return runs
    }

    static func draw(_ content: TextContent, in rect: CGRect?, at point: CGPoint) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        if let rect {
            let r = rect.standardized
            context.drawText(content, at: r.origin, width: Double(r.width), maxHeight: Double(r.height))
        } else {
            context.drawText(content, at: point, width: .infinity, maxHeight: nil)
        }
    }

    static func size(_ content: TextContent) -> CGSize {
        let s = content.size(fitting: .infinity)
        return CGSize(width: s.width, height: s.height)
    }

    /// `boundingRect(with:options:attributes:context:)`: with `.usesLineFragmentOrigin`, the text
    /// wrapped to `size.width` from (0, 0), every line's height counted; without it, one line
    /// whose origin is its baseline (the rectangle starts the first font's ascender above it).
    /// Not rounded: UIKit's documentation says to round the size up (`ceil`) before using it.
    static func boundingRect(_ content: TextContent, size: CGSize, options: NSStringDrawingOptions, ascender: CGFloat) -> CGRect {
        if options.contains(.usesLineFragmentOrigin) {
            let s = content.size(fitting: size.width > 0 ? Double(size.width) : .infinity)
            return CGRect(x: 0, y: 0, width: s.width, height: s.height)
        }
        let s = content.size(fitting: .infinity)
        return CGRect(x: 0, y: -ascender, width: s.width, height: s.height)
    }
}

/// How `boundingRect(with:options:attributes:context:)` lays the text out.
/// https://developer.apple.com/documentation/uikit/nsstringdrawingoptions
public struct NSStringDrawingOptions: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Lines wrapped to the size's width, the rectangle's origin their top left (else: one line, from its baseline).
    public static let usesLineFragmentOrigin = NSStringDrawingOptions(rawValue: 1 << 0)
    /// The font's leading in the line height (ours always is: the line height is the font's).
    public static let usesFontLeading = NSStringDrawingOptions(rawValue: 1 << 1)
    public static let usesDeviceMetrics = NSStringDrawingOptions(rawValue: 1 << 3)
    public static let truncatesLastVisibleLine = NSStringDrawingOptions(rawValue: 1 << 5)
}

/// What `boundingRect(with:options:attributes:context:)` may be given; kept, not read (our text
/// is never scaled down to fit).
/// https://developer.apple.com/documentation/uikit/nsstringdrawingcontext
open class NSStringDrawingContext {
    open var minimumScaleFactor: CGFloat = 0
    open private(set) var actualScaleFactor: CGFloat = 1
    open private(set) var totalBounds: CGRect = .zero
    public init() {}
}

extension NSString {
    /// Draws the text in one line per line break with its top-left corner at `point`, in the current context.
    /// https://developer.apple.com/documentation/foundation/nsstring/1531474-draw
    public func draw(at point: CGPoint, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        TextDrawing.draw(TextDrawing.content(self as String, attrs), in: nil, at: point)
    }
    /// Draws the text wrapped to `rect`'s width from its top, lines below its bottom not drawn.
    /// https://developer.apple.com/documentation/foundation/nsstring/1529855-draw
    public func draw(in rect: CGRect, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        TextDrawing.draw(TextDrawing.content(self as String, attrs), in: rect, at: rect.origin)
    }
    /// The size the text takes drawn with `draw(at:withAttributes:)`.
    /// https://developer.apple.com/documentation/foundation/nsstring/1531844-size
    public func size(withAttributes attrs: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        TextDrawing.size(TextDrawing.content(self as String, attrs))
    }
    /// The rectangle the text takes drawn within `size` (see `NSStringDrawingOptions`).
    /// https://developer.apple.com/documentation/foundation/nsstring/1524729-boundingrect
    public func boundingRect(
        with size: CGSize, options: NSStringDrawingOptions = [], attributes: [NSAttributedString.Key: Any]? = nil,
        context: NSStringDrawingContext?
    ) -> CGRect {
        let font = attributes?[.font] as? UIFont ?? UIFont.systemFont(ofSize: 12)
        return TextDrawing.boundingRect(TextDrawing.content(self as String, attributes), size: size, options: options, ascender: font.ascender)
    }
}

extension String {
    /// `NSString.draw(at:withAttributes:)`, as Swift's String has it on Apple platforms.
    public func draw(at point: CGPoint, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        (self as NSString).draw(at: point, withAttributes: attrs)
    }
    /// `NSString.draw(in:withAttributes:)`.
    public func draw(in rect: CGRect, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        (self as NSString).draw(in: rect, withAttributes: attrs)
    }
    /// `NSString.size(withAttributes:)`.
    public func size(withAttributes attrs: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        (self as NSString).size(withAttributes: attrs)
    }
    /// `NSString.boundingRect(with:options:attributes:context:)`.
    public func boundingRect(
        with size: CGSize, options: NSStringDrawingOptions = [], attributes: [NSAttributedString.Key: Any]? = nil,
        context: NSStringDrawingContext?
    ) -> CGRect {
        (self as NSString).boundingRect(with: size, options: options, attributes: attributes, context: context)
    }
}

extension NSAttributedString {
    /// Draws the text with its top-left corner at `point`, in the current context.
    /// https://developer.apple.com/documentation/foundation/nsattributedstring/1531460-draw
    public func draw(at point: CGPoint) { TextDrawing.draw(TextDrawing.content(self), in: nil, at: point) }
    /// Draws the text wrapped to `rect`'s width from its top, lines below its bottom not drawn.
    /// https://developer.apple.com/documentation/foundation/nsattributedstring/1529126-draw
    public func draw(in rect: CGRect) { TextDrawing.draw(TextDrawing.content(self), in: rect, at: rect.origin) }
    /// The rectangle the text takes drawn within `size` (see `NSStringDrawingOptions`).
    /// https://developer.apple.com/documentation/foundation/nsattributedstring/1529154-boundingrect
    public func boundingRect(with size: CGSize, options: NSStringDrawingOptions = [], context: NSStringDrawingContext?) -> CGRect {
        let font = length > 0 ? attribute(.font, at: 0, effectiveRange: nil) as? UIFont : nil
        return TextDrawing.boundingRect(TextDrawing.content(self), size: size, options: options, ascender: (font ?? UIFont.systemFont(ofSize: 12)).ascender)
    }
}

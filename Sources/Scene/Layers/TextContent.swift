import Raster

public enum TextAlignment: String, Sendable {
    /// Left for a paragraph that runs left to right, right for one that runs right to left
    /// (NSTextAlignment.natural, UILabel's default).
    case natural, left, center, right
}

/// A stretch of attributed text in its own look (NSAttributedString's attributes: the font's
/// weight and size, foregroundColor, kern, underlineStyle, strikethroughStyle).
public struct TextRun: Sendable, Equatable {
    public var text: String
    public var weight: FontWeight
    /// Points (UIFont's pointSize).
    public var pointSize: Double
    public var color: Color
    /// Points added after each character (the kern attribute). With SF Pro, UIKit's tracking for
    /// the system font at this size is added to it.
    public var letterSpacing: Double
    public var underline: UnderlineStyle
    public var strikethrough: UnderlineStyle
    /// Drawn in the weight's italic.
    public var italic = false
    /// The file of a font asked for by name (UIFont(name:size:)'s stand-in); nil for the role's.
    public var face: FontSource?
    /// A shadow under the run's glyphs (NSShadow's); nil for none.
    package var shadow: TextShadow?

    public init(
        _ text: String, weight: FontWeight = .regular, pointSize: Double = 17, color: Color = Palette.light.label,
        letterSpacing: Double = 0, underline: UnderlineStyle = .none, strikethrough: UnderlineStyle = .none
    ) {
        self.text = text; self.weight = weight; self.pointSize = pointSize; self.color = color
        self.letterSpacing = letterSpacing; self.underline = underline; self.strikethrough = strikethrough
    }
}

/// A shadow under text (NSShadow): the glyphs' coverage moved by `offset`, blurred by
/// `blurRadius` as Core Graphics blurs a shadow (a Gaussian of sigma `blurRadius` / 2, as
/// `Layer.coreAnimationShadowRadius`), tinted with `color` (its alpha times the glyphs'), drawn
/// under every run's glyphs and over the layer's background.
package struct TextShadow: Sendable, Equatable {
    /// Points, y down (NSShadow's shadowOffset as UIKit draws it: positive height moves it down).
    package var offset: Size
    package var blurRadius: Double
    package var color: Color

    package init(offset: Size, blurRadius: Double, color: Color) {
        self.offset = offset; self.blurRadius = blurRadius; self.color = color
    }
}

extension Layer {
    /// A text layer without a background casts `shadow` from its glyphs as text in one look does
    /// (the layer's shadow, blurred as Core Graphics blurs a text shadow); nil casts none.
    package func castTextShadow(_ shadow: TextShadow?) {
        guard let shadow else { return }
        shadowColor = shadow.color
        shadowOpacity = 1
        coreAnimationShadowRadius = shadow.blurRadius
        shadowOffset = shadow.offset
    }
}

/// NSParagraphStyle's settings a label uses, and UILabel's line break mode.
public struct ParagraphStyle: Sendable, Equatable {
    public var alignment: TextAlignment
    /// Points added between lines.
    public var lineSpacing: Double
    /// Multiplies the natural line height (0: none), the extra space above the text as TextKit puts it.
    public var lineHeightMultiple: Double
    /// Baseline to baseline in points (minimumLineHeight = maximumLineHeight); nil for the fonts' own.
    public var lineHeight: Double?
    public var lineBreakMode: LineBreakMode

    public init(
        alignment: TextAlignment = .natural, lineSpacing: Double = 0, lineHeightMultiple: Double = 0, lineHeight: Double? = nil,
        lineBreakMode: LineBreakMode = .byTruncatingTail
    ) {
        self.alignment = alignment; self.lineSpacing = lineSpacing; self.lineHeightMultiple = lineHeightMultiple
        self.lineHeight = lineHeight; self.lineBreakMode = lineBreakMode
    }
}

/// Text, vertically centred in the layer's bounds as UILabel does. One line by default (cut at the
/// tail with an ellipsis if too wide); `numberOfLines` 0 wraps at the bounds' width without limit,
/// n > 1 wraps and ends the n-th line as `lineBreakMode` says; only the lines that fit the bounds'
/// height are drawn, the last of them ended the same way. Set by `Paragraph` (HarfBuzz, FriBidi,
/// fallback fonts) in the typography it is made with.
///
/// Text in one look has `text`, `weight`, `pointSize`, `color` and `letterSpacing`; attributed
/// text (UILabel's `attributedText`) has `runs`, each in its own look, set as one paragraph per
/// newline (a line may mix runs), and then `text` is the runs' text and the one-look properties
/// are the first run's.
public struct TextContent {
    public var text: String
    public var weight: FontWeight
    public var pointSize: Double
    public var color: Color
    public var alignment: TextAlignment
    /// Added between glyphs, in points (UIKit's kern attribute). With SF Pro, UIKit's tracking
    /// for the system font replaces it unless `letterSpacingIsOwn`.
    public var letterSpacing: Double
    /// The letter spacing was asked for (a layer's `letterSpacing:`), not set to imitate SF Pro's
    /// tracking with Inter: with SF Pro it is added to the tracking.
    public var letterSpacingIsOwn = false
    /// Drawn in the weight's italic.
    public var italic = false
    /// The file of a font asked for by name (UIFont(name:size:)'s stand-in); nil for the role's.
    public var face: FontSource?
    /// UILabel's numberOfLines: 1 (default), 0 for unlimited, or a maximum.
    public var numberOfLines = 1
    /// Baseline to baseline in points; nil for the fonts' own.
    public var lineHeight: Double?
    /// What the last line allowed does with the text that does not fit (UILabel's lineBreakMode).
    public var lineBreakMode = LineBreakMode.byTruncatingTail
    /// Points between lines, and the natural line height's multiple (0: none); either sets the
    /// text as attributed text.
    public var lineSpacing = 0.0
    public var lineHeightMultiple = 0.0
    /// Attributed text's runs; empty for text in one look.
    public var runs: [TextRun] = []
    /// The fonts and text size the text is set in.
    public var typography: Typography

    public init(
        _ text: String, weight: FontWeight = .regular, pointSize: Double = 17, color: Color = Palette.light.label,
        alignment: TextAlignment = .natural, letterSpacing: Double = 0, typography: Typography
    ) {
        self.text = text; self.weight = weight; self.pointSize = pointSize; self.color = color
        self.alignment = alignment; self.letterSpacing = letterSpacing
        self.typography = typography
    }

    /// Attributed text: the runs in order, in one paragraph style. No runs is an empty text.
    public init(runs: [TextRun], paragraph: ParagraphStyle = ParagraphStyle(), typography: Typography) {
        let first = runs.first ?? TextRun("")
        self.init(
            runs.map(\.text).joined(), weight: first.weight, pointSize: first.pointSize, color: first.color,
            alignment: paragraph.alignment, letterSpacing: first.letterSpacing, typography: typography)
        self.runs = runs.isEmpty ? [first] : runs
        letterSpacingIsOwn = true
        lineSpacing = paragraph.lineSpacing
        lineHeightMultiple = paragraph.lineHeightMultiple
        lineHeight = paragraph.lineHeight
        lineBreakMode = paragraph.lineBreakMode
    }

    /// The paragraph style the text is set in.
    public var paragraphStyle: ParagraphStyle {
        ParagraphStyle(
            alignment: alignment, lineSpacing: lineSpacing, lineHeightMultiple: lineHeightMultiple, lineHeight: lineHeight,
            lineBreakMode: lineBreakMode)
    }

    /// The letter spacing the text is set with.
    public var effectiveLetterSpacing: Double {
        guard typography.isSystemFont, face == nil else { return letterSpacing }
        return SystemFontTracking.tracking(pointSize: pointSize) + (letterSpacingIsOwn ? letterSpacing : 0)
    }

    /// The fonts text in one look is set in.
    var fonts: FontCascade { typography.fonts(weight, italic: italic, face: face) }

    private var oneLookRun: TextRun {
        var run = TextRun(text, weight: weight, pointSize: pointSize, color: color, letterSpacing: letterSpacingIsOwn ? letterSpacing : 0)
        run.italic = italic
        run.face = face
        return run
    }

    /// Some run casts a shadow (NSShadow).
    var hasRunShadows: Bool { runs.contains { $0.shadow != nil } }

    /// The largest point size in the text.
    public var maximumPointSize: Double { runs.map(\.pointSize).max() ?? pointSize }

    /// Set as attributed text: it has runs, or paragraph settings only attributed text has.
    var isAttributed: Bool { !runs.isEmpty || lineSpacing != 0 || lineHeightMultiple != 0 }

    /// The runs as Raster's spans (text in one look as one run), each in its weight's fonts.
    var spans: [TextSpan] {
        let runs =
            self.runs.isEmpty
            ? [oneLookRun]
            : self.runs
        return runs.map { run in
            // One look's own spacing imitates SF Pro's tracking with Inter when not its own.
            var spacing = run.letterSpacing
            if typography.isSystemFont && run.face == nil {
                spacing += SystemFontTracking.tracking(pointSize: run.pointSize)
            } else if self.runs.isEmpty && !letterSpacingIsOwn {
                spacing = letterSpacing
            }
            return TextSpan(
                run.text,
                TextAttributes(
                    fonts: typography.fonts(run.weight, italic: run.italic, face: run.face), pointSize: run.pointSize, color: run.color, letterSpacing: spacing,
                    underline: run.underline, strikethrough: run.strikethrough))
        }
    }

    var rasterStyle: Paragraph.Style {
        Paragraph.Style(lineHeight: lineHeight, lineHeightMultiple: lineHeightMultiple, lineSpacing: lineSpacing, lineBreakMode: lineBreakMode)
    }

    /// The set line (positions in points), not cut.
    public func layout() -> TextLayout {
        if isAttributed {
            var one = self
            one.numberOfLines = 0
            one.lineBreakMode = .byClipping
            return one.set(width: .infinity, maxLines: 0).lines.first
                ?? TextContent.cache.line("", fonts: fonts, pointSize: pointSize, letterSpacing: 0)
        }
        return TextContent.cache.line(text, fonts: fonts, pointSize: pointSize, letterSpacing: effectiveLetterSpacing)
    }

    /// The lines set at `width` with at most `maxLines` (0: no limit), or nil with `onlyCached`
    /// when they were not set already.
    func set(width: Double, maxLines: Int, onlyCached: Bool = false) -> Paragraph! {
        if isAttributed {
            return TextContent.cache.paragraph(spans, width: width, maxLines: maxLines, style: rasterStyle, onlyCached: onlyCached)
        }
        if onlyCached {
            return TextContent.cache.cached(
                text, fonts: fonts, pointSize: pointSize, width: width,
                lineHeight: lineHeight, maxLines: maxLines, letterSpacing: effectiveLetterSpacing, lineBreakMode: lineBreakMode)
        }
        return TextContent.cache.paragraph(
            text, fonts: fonts, pointSize: pointSize, width: width,
            lineHeight: lineHeight, maxLines: maxLines, letterSpacing: effectiveLetterSpacing, lineBreakMode: lineBreakMode)
    }

    /// The lines as they fit `width`, and their heights. Set once and kept: text does not change as
    /// the view scrolls.
    public func paragraph(width: Double) -> Paragraph {
        set(width: width, maxLines: numberOfLines)
    }

    /// The size the text takes at most `width` wide (`.infinity`: unbounded) in `numberOfLines`
    /// (UILabel's `sizeThatFits(_:)`; `intrinsicContentSize` is this at `.infinity`, or at
    /// `preferredMaxLayoutWidth`): the widest line, trailing spaces not counted, and the lines'
    /// height, in points (UILabel rounds them up to device pixels); zero for an empty text. Drawn
    /// in a box of this size, the text is set in the same lines, none cut.
    public func size(fitting width: Double) -> Size {
        // No text takes no room (UILabel's size for an empty text is zero), whatever its font.
        if text.isEmpty { return Size(width: 0, height: 0) }
        let p = paragraph(width: width)
        // Up to the next 1/1024 point: the widest line, summed again in another order, must not
        // come out a rounding error wider than the box.
        return Size(width: min(width, (p.width * 1024 + 1e-6).rounded(.up) / 1024), height: p.height)
    }

    /// The lines as UILabel draws them in a box `width` x `height`: as many as fit its height (one
    /// at least), the last one shown ended as `lineBreakMode` says when more would follow.
    public func paragraph(width: Double, height: Double) -> Paragraph {
        // The whole text if it is set already (a cell measured it to size its box); else only as
        // far as lines can fit: no line is lower than an empty one (the first font's line, or
        // lineHeight), so a long text in a small box is set only that far.
        var all: Paragraph
        if let whole = set(width: width, maxLines: numberOfLines, onlyCached: true) {
            all = whole
        } else {
            var empty = self
            empty.text = ""
            empty.runs = empty.runs.isEmpty ? [] : [TextRun("", weight: weight, pointSize: minimumRunPointSize)]
            empty.numberOfLines = 1
            empty.lineSpacing = 0
            let least = empty.paragraph(width: width).height
            var bounded = self
            if least > 0, height.isFinite {
                let most = Int(min(10_000, max(0, height / least).rounded(.down))) + 1
                if numberOfLines == 0 || numberOfLines > most { bounded.numberOfLines = most }
            }
            all = bounded.paragraph(width: width)
        }
        guard all.lines.count > 1, all.height > height + 0.001 else { return all }
        var fit = 0, total = 0.0
        for (i, h) in all.lineHeights.enumerated() {
            // The spacing after a line is not needed for the line to show.
            let own = i + 1 < all.lineHeights.count && isAttributed ? h - lineSpacing : h
            if total + own > height + 0.001 { break }
            total += h
            fit += 1
        }
        var shown = self
        shown.numberOfLines = max(1, fit)
        return shown.paragraph(width: width)
    }

    /// The smallest run's size (an empty line in it is the lowest a line can be).
    private var minimumRunPointSize: Double { runs.map(\.pointSize).min() ?? pointSize }

    /// Where a line starts in a box from `minX` to `maxX`.
    public func lineX(_ line: TextLayout, minX: Double, maxX: Double) -> Double {
        switch alignment {
        case .natural: return line.isRightToLeft ? maxX - line.width : minX
        case .left: return minX
        case .center: return (minX + maxX) / 2 - line.width / 2
        case .right: return maxX - line.width
        }
    }

    static let cache = ParagraphCache()
}

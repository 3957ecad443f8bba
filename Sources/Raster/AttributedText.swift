import Foundation

/// How a line under or through text is drawn (NSUnderlineStyle's patterns that UILabel shows).
public enum UnderlineStyle: String, Sendable, Hashable, CaseIterable {
    case none, single, thick, double
}

/// How the text that does not fit is handled, as NSLineBreakMode and UILabel's `lineBreakMode`:
/// lines wrap by word (by character for `.byCharWrapping`) and the mode says what the last line
/// allowed (`maxLines`) does with the rest.
public enum LineBreakMode: String, Sendable, Hashable, CaseIterable {
    /// The last line ends at a word break; the rest is not drawn.
    case byWordWrapping
    /// Lines break between any two characters; the last line ends where the width is full.
    case byCharWrapping
    /// The last line holds the rest of the paragraph unbroken, drawn up to the box's edge.
    case byClipping
    /// The last line shows the paragraph's end after an ellipsis.
    case byTruncatingHead
    /// The last line is cut with an ellipsis after the last character that fits (UILabel's default).
    case byTruncatingTail
    /// The last line shows its start and the paragraph's end with an ellipsis between them.
    case byTruncatingMiddle
}

/// The look of a stretch of attributed text (NSAttributedString's font, foregroundColor, kern,
/// underlineStyle and strikethroughStyle).
public struct TextAttributes: Sendable, Hashable {
    /// The fonts, the first the run's own (its weight), then the fallbacks.
    public var fonts: FontCascade
    public var pointSize: Double
    public var color: Color
    /// Points added after each character (the kern attribute).
    public var letterSpacing: Double
    public var underline: UnderlineStyle
    public var strikethrough: UnderlineStyle

    public init(
        fonts: FontCascade, pointSize: Double, color: Color, letterSpacing: Double = 0, underline: UnderlineStyle = .none,
        strikethrough: UnderlineStyle = .none
    ) {
        self.fonts = fonts; self.pointSize = pointSize; self.color = color; self.letterSpacing = letterSpacing
        self.underline = underline; self.strikethrough = strikethrough
    }
}

/// A stretch of text in one look.
public struct TextSpan: Sendable, Hashable {
    public var text: String
    public var attributes: TextAttributes
    public init(_ text: String, _ attributes: TextAttributes) { self.text = text; self.attributes = attributes }
}

/// A line drawn under or through glyphs of one look: from `x0` to `x1` in points from the line's
/// start, in the style `style` of the line's `attributes` (its underline and strikethrough).
public struct TextDecoration: Sendable, Equatable {
    public var x0: Double
    public var x1: Double
    public var style: UInt16
}

extension Paragraph {
    /// Paragraph-wide settings (NSParagraphStyle's): `lineHeight` is baseline to baseline (nil for
    /// the fonts' own); `lineHeightMultiple` (0 for none) multiplies the natural line height, the
    /// extra space above the text as TextKit puts it; `lineSpacing` is added between lines.
    public struct Style: Sendable, Hashable {
        public var lineHeight: Double?
        public var lineHeightMultiple: Double
        public var lineSpacing: Double
        public var lineBreakMode: LineBreakMode

        public init(
            lineHeight: Double? = nil, lineHeightMultiple: Double = 0, lineSpacing: Double = 0, lineBreakMode: LineBreakMode = .byTruncatingTail
        ) {
            self.lineHeight = lineHeight; self.lineHeightMultiple = lineHeightMultiple; self.lineSpacing = lineSpacing
            self.lineBreakMode = lineBreakMode
        }
    }

    /// Attributed text set as one paragraph (per newline): shaped, ordered and broken into lines
    /// across its spans, a line mixing them; each line as tall as the largest font on it (TextKit's
    /// line fragment: the tallest ascent, the deepest descent and the largest leading of the fonts
    /// used, at least each font's own line height), times `lineHeightMultiple`, `lineSpacing`
    /// between lines. The lines carry the spans' looks (`TextLayout.attributes`) and their
    /// underlines and strikethroughs (`TextLayout.decorations`).
    ///
    /// - Parameters:
    ///   - width: the line width in points (`.infinity` for no wrapping).
    ///   - maxLines: 0 for no limit; the last line allowed ends as `style.lineBreakMode` says.
    public init(_ spans: [TextSpan], width: Double, maxLines: Int = 0, style: Style = Style()) {
        let first = spans.first?.attributes
        let styles = spans.map(\.attributes)
        guard let first else {
            self.init(lines: [], lineHeight: 0, lineHeights: [], baselines: [], truncated: false)
            return
        }
        var setter = Typesetter(fonts: first.fonts, pointSize: first.pointSize, letterSpacing: first.letterSpacing)
        setter.styles = styles
        setter.lineBreakMode = style.lineBreakMode
        // A glyph names its look in 16 bits: spans past 65 535 take the last look that fits.
        let (lines, truncated) = setter.set(
            spans: spans.enumerated().map { ($0.element.text, UInt16(min($0.offset, Int(UInt16.max)))) }, width: width, maxLines: maxLines)
        let multiple = style.lineHeightMultiple > 0 ? style.lineHeightMultiple : 1
        var heights: [Double] = [], baselines: [Double] = []
        for (i, line) in lines.enumerated() {
            let natural = max(line.naturalHeight, line.ascent + line.descent + line.leading)
            let box = style.lineHeight ?? natural * multiple
            // Centred in its natural height, as text in one look is; the multiple's extra space above.
            let baseline =
                style.lineHeight != nil ? (box + line.ascent - line.descent) / 2 : (natural + line.ascent - line.descent) / 2 + (box - natural)
            heights.append(box + (i + 1 < lines.count ? style.lineSpacing : 0))
            baselines.append(baseline)
        }
        self.init(
            lines: lines, lineHeight: style.lineHeight ?? first.fonts.primary.lineHeight(pointSize: first.pointSize) * multiple,
            lineHeights: heights, baselines: baselines, truncated: truncated)
    }
}

extension Canvas {
    /// Draws a line of attributed text (`layout.attributes` not empty): each glyph in its span's
    /// fonts, size and color, then the spans' underlines and strikethroughs. Underline position
    /// and thickness come from the span's font (post table, as FreeType reads it), a
    /// strikethrough sits at half the x-height; both are snapped to whole device pixels, a pixel
    /// thick at least. `thick` is twice as thick; `double` is two lines a thickness apart.
    mutating func drawAttributed(
        _ layout: TextLayout, with rasterizers: GlyphRasterizers, originX: Double, baselineY: Double,
        pixelsPerPoint: Double, opacity: Double
    ) {
        let steps = Double(GlyphRasterizer.subpixelSteps)
        func split(_ v: Double) -> (Int, Int) {
            let q = (v * steps).rounded()
            let whole = (q / steps).rounded(.down)
            return (Int(whole), Int(q - whole * steps))
        }
        var current: (style: UInt16, index: UInt16, rasterizer: GlyphRasterizer)?
        for placed in layout.glyphs {
            let attributes = layout.attributes[Int(placed.style)]
            if current?.index != placed.font || current?.style != placed.style {
                guard let font = attributes.fonts.loadedFont(Int(placed.font)) else { continue }
                current = (placed.style, placed.font, rasterizers.rasterizer(font))
            }
            let (bx, phaseX) = split(originX + placed.x * pixelsPerPoint)
            let (by, phaseY) = split(baselineY + placed.y * pixelsPerPoint)
            let pixelSize = attributes.pointSize * pixelsPerPoint
            guard let g = current!.rasterizer.render(placed.glyph, pixelSize: pixelSize, phaseX: phaseX, phaseY: phaseY) else { continue }
            if let pixels = g.color {
                draw(pixels, atX: bx + g.left, y: by + g.top, opacity: opacity)
            } else if g.mask.width > 0 {
                fill(mask: g.mask, atX: bx + g.left, y: by + g.top, color: attributes.color, opacity: opacity)
            }
        }
        for decoration in layout.decorations {
            let attributes = layout.attributes[Int(decoration.style)]
            let font = attributes.fonts.primary
            let scale = attributes.pointSize / Double(font.unitsPerEm) * pixelsPerPoint
            let x0 = originX + decoration.x0 * pixelsPerPoint, x1 = originX + decoration.x1 * pixelsPerPoint
            guard x1 > x0 else { continue }
            let thickness = max(1, (Double(font.underlineThickness) * scale).rounded())
            func lines(_ style: UnderlineStyle, centre: Double) {
                let t = style == .thick ? 2 * thickness : thickness
                let top = (centre - t / 2).rounded()
                fill(.rect(Rect(x: x0, y: top, width: x1 - x0, height: t)), color: attributes.color, opacity: opacity)
                if style == .double {
                    fill(.rect(Rect(x: x0, y: top + 2 * t, width: x1 - x0, height: t)), color: attributes.color, opacity: opacity)
                }
            }
            if attributes.underline != .none {
                lines(attributes.underline, centre: baselineY - Double(font.underlinePosition) * scale)
            }
            if attributes.strikethrough != .none {
                lines(attributes.strikethrough, centre: baselineY - Double(font.xHeight) / 2 * scale)
            }
        }
    }
}

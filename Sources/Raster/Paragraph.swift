import Foundation
internal import CHarfBuzz
internal import CFriBidi

/// Text set as UILabel sets it: shaped by HarfBuzz (kerning, ligatures, marks, Arabic joining),
/// ordered by FriBidi (right-to-left and mixed runs), each character in the first font of the
/// cascade that has it, wrapped at a width and cut at the tail.
///
/// - Lines wrap by word (`.byWordWrapping`): after spaces (which hang at the line's end), after
///   hyphens, and around CJK characters and emoji; a word wider than the line breaks between
///   characters. `\n` (and `\r\n`, `\r`, U+2028, U+2029, NEL, VT, FF: UAX #14's mandatory breaks)
///   ends a paragraph; each paragraph takes its direction from its first strong character.
/// - With `maxLines`, the last line holds the rest of the text cut at the tail as UILabel's
///   `.byTruncatingTail` cuts it: mid-word, an ellipsis right after the last character that fits
///   (no space before it).
/// - Each character is tried in the cascade's fonts in order; one shown as emoji (U+FE0F, a flag,
///   an emoji-presentation character) in the emoji font first. A character no font has draws one
///   `.notdef` box; default-ignorable characters (joiners, variation selectors, bidi controls) draw
///   nothing; an emoji ZWJ sequence or a flag is one glyph where the emoji font has it.
/// - A line is as tall as its tallest font: a line with Chinese or emoji grows as it does on iOS.
///
/// The work is linear in the text's length: each run is shaped once (a long paragraph only as far as
/// its lines reach), lines are found from running sums of the characters' advances, and each line's
/// glyphs are found by binary search. A character (grapheme) keeps at most
/// `Typesetter.maximumGraphemeScalars` scalars: HarfBuzz's time grows with the square of a run of
/// combining marks, and a base carrying thousands of them would take minutes.
public struct Paragraph: Sendable, Equatable {
    /// The lines, laid out (glyph positions in points from each line's start, in visual order).
    public let lines: [TextLayout]
    /// Baseline to baseline of the first font alone (or as given).
    public let lineHeight: Double
    /// Each line's height: `lineHeight` when one was given, else its tallest font's line height.
    public let lineHeights: [Double]
    /// True when text was cut for `maxLines`.
    public let truncated: Bool
    /// Each line's baseline, in points below the line's top.
    public let baselines: [Double]

    /// The text of each line, in logical order, without trailing spaces.
    public var texts: [String] { lines.map(\.text) }
    /// The paragraph's height in points.
    public var height: Double { lineHeights.reduce(0, +) }
    public var width: Double { lines.map(\.width).max() ?? 0 }
    /// The first paragraph runs right to left.
    public var isRightToLeft: Bool { lines.first?.isRightToLeft ?? false }

    /// - Parameters:
    ///   - width: the line width in points (`.infinity` for no wrapping).
    ///   - lineHeight: baseline to baseline; nil uses the fonts' (ascender + descender + line gap).
    ///   - maxLines: 0 for no limit.
    ///   - letterSpacing: points added after each character but the last (UIKit's kern attribute).
    ///   - lineBreakMode: what the last line allowed does with the rest (UILabel's default cuts at the tail).
    public init(
        _ text: String, fonts: FontCascade, pointSize: Double, width: Double, lineHeight: Double? = nil,
        maxLines: Int = 0, letterSpacing: Double = 0, lineBreakMode: LineBreakMode = .byTruncatingTail
    ) {
        var setter = Typesetter(fonts: fonts, pointSize: pointSize, letterSpacing: letterSpacing)
        setter.lineBreakMode = lineBreakMode
        let (lines, truncated) = setter.set(text, width: width, maxLines: maxLines)
        let natural = fonts.primary.lineHeight(pointSize: pointSize)
        self.lineHeight = lineHeight ?? natural
        let gap = Double(fonts.primary.lineGap) / Double(fonts.primary.unitsPerEm) * pointSize
        let heights = lines.map { line in lineHeight ?? max(natural, line.ascent + line.descent + gap) }
        lineHeights = heights
        baselines = zip(heights, lines).map { h, line in (h + line.ascent - line.descent) / 2 }
        self.lines = lines
        self.truncated = truncated
    }

    init(lines: [TextLayout], lineHeight: Double, lineHeights: [Double], baselines: [Double], truncated: Bool) {
        self.lines = lines; self.lineHeight = lineHeight; self.lineHeights = lineHeights; self.baselines = baselines
        self.truncated = truncated
    }

    /// Convenience for one font and no fallback.
    public init(
        _ text: String, font: Font, pointSize: Double, width: Double, lineHeight: Double? = nil,
        maxLines: Int = 0, letterSpacing: Double = 0
    ) {
        self.init(
            text, fonts: FontCascade(font), pointSize: pointSize, width: width, lineHeight: lineHeight,
            maxLines: maxLines, letterSpacing: letterSpacing)
    }
}

/// Shaping, bidi, fallback and line breaking for one cascade at one size.
struct Typesetter {
    let fonts: FontCascade
    let pointSize: Double
    let letterSpacing: Double
    /// Attributed text's looks, one per span (a grapheme's style indexes them); empty for text in
    /// one look (`fonts`, `pointSize`, `letterSpacing`), which is set exactly as before spans were.
    var styles: [TextAttributes] = []
    var lineBreakMode = LineBreakMode.byTruncatingTail

    init(fonts: FontCascade, pointSize: Double, letterSpacing: Double) {
        self.fonts = fonts; self.pointSize = pointSize; self.letterSpacing = letterSpacing
    }

    func cascade(_ style: UInt16) -> FontCascade { styles.isEmpty ? fonts : styles[Int(style)].fonts }
    func size(_ style: UInt16) -> Double { styles.isEmpty ? pointSize : styles[Int(style)].pointSize }
    func spacing(_ style: UInt16) -> Double { styles.isEmpty ? letterSpacing : styles[Int(style)].letterSpacing }

    /// One line, neither wrapped nor cut (a newline ends it).
    static func line(_ text: String, fonts: FontCascade, pointSize: Double, letterSpacing: Double) -> TextLayout {
        let setter = Typesetter(fonts: fonts, pointSize: pointSize, letterSpacing: letterSpacing)
        var paragraphs = Typesetter.paragraphs(of: text)
        return setter.set(paragraphs.removeFirst(), width: .infinity, maxLines: 0, morePending: false).lines[0]
    }

    func set(_ text: String, width: Double, maxLines: Int) -> ([TextLayout], Bool) {
        var lines: [TextLayout] = []
        var truncated = false
        let paragraphs = Typesetter.paragraphs(of: text)
        for (i, paragraph) in paragraphs.enumerated() {
            let left = maxLines > 0 ? maxLines - lines.count : 0
            let result = set(paragraph, width: width, maxLines: left, morePending: i + 1 < paragraphs.count)
            lines += result.lines
            if result.truncated { truncated = true; break }
        }
        return (lines, truncated)
    }

    /// Attributed text: each span's text with its style (an index into `styles`).
    func set(spans: [(String, UInt16)], width: Double, maxLines: Int) -> ([TextLayout], Bool) {
        var lines: [TextLayout] = []
        var truncated = false
        let paragraphs = Typesetter.paragraphs(of: spans)
        for (i, paragraph) in paragraphs.enumerated() {
            let left = maxLines > 0 ? maxLines - lines.count : 0
            let result = set(
                paragraph.scalars, styles: paragraph.styles, emptyStyle: paragraph.emptyStyle, width: width, maxLines: left,
                morePending: i + 1 < paragraphs.count)
            lines += result.lines
            if result.truncated { truncated = true; break }
        }
        return (lines, truncated)
    }

    /// `paragraphs(of:)` for spans: each paragraph's scalars, the style of each, and the style an
    /// empty paragraph's line takes (that of the break that ends it, as TextKit's newline).
    static func paragraphs(of spans: [(String, UInt16)]) -> [(scalars: [Unicode.Scalar], styles: [UInt16], emptyStyle: UInt16)] {
        var out: [(scalars: [Unicode.Scalar], styles: [UInt16], emptyStyle: UInt16)] = []
        var current: [Unicode.Scalar] = [], styles: [UInt16] = []
        var afterCR = false
        var lastStyle = spans.first?.1 ?? 0
        for (text, style) in spans {
            lastStyle = style
            for s in text.unicodeScalars {
                switch s.value {
                case 0x0A where afterCR: afterCR = false; continue
                case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029:
                    out.append((current, styles, styles.first ?? style)); current = []; styles = []
                    afterCR = s.value == 0x0D
                    continue
                case 0x09: current.append(" "); styles.append(style)
                default:
                    if s.properties.generalCategory != .control { current.append(s); styles.append(style) }
                }
                afterCR = false
            }
        }
        out.append((current, styles, styles.first ?? lastStyle))
        return out
    }

    /// The text's paragraphs, control characters dropped (a tab becomes a space).
    static func paragraphs(of text: String) -> [[Unicode.Scalar]] {
        var out: [[Unicode.Scalar]] = []
        var current: [Unicode.Scalar] = []
        var afterCR = false
        for s in text.unicodeScalars {
            if s.value >= 0x20 && s.value < 0x7F {
                current.append(s)
                afterCR = false
                continue
            }
            switch s.value {
            case 0x0A where afterCR: afterCR = false; continue
            case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: // UAX #14's mandatory breaks (BK, CR, LF, NL)
                out.append(current); current = []
                afterCR = s.value == 0x0D
                continue
            case 0x09: current.append(" ")
            default:
                if s.properties.generalCategory != .control { current.append(s) }
            }
            afterCR = false
        }
        out.append(current)
        return out
    }

    // MARK: One paragraph

    /// A stretch of graphemes in one font, one bidi level and one script, shaped.
    struct Run {
        var start: Int, end: Int // graphemes
        var level: Int8
        var font: UInt16
        var style: UInt16 = 0
        var glyphs: [UInt32] = []
        var graphemes: [Int32] = [] // each glyph's grapheme, monotone (decreasing when right to left)
        var advances: [Double] = [] // points
        var offsetsX: [Double] = []
        var offsetsY: [Double] = [] // points, y up as HarfBuzz gives them
        var rightToLeft: Bool { level & 1 == 1 }
    }

    /// The scalars a grapheme keeps at most (UAX #15's stream-safe text allows 30 combining marks
    /// in a row; an emoji ZWJ family or a tag flag has under 10).
    static let maximumGraphemeScalars = 32

    func set(_ scalars: [Unicode.Scalar], width: Double, maxLines: Int, morePending: Bool) -> (lines: [TextLayout], truncated: Bool) {
        set(scalars, styles: nil, emptyStyle: 0, width: width, maxLines: maxLines, morePending: morePending)
    }

    /// One paragraph; `scalarStyles` gives each scalar's style in attributed text (nil in one look).
    func set(
        _ scalars: [Unicode.Scalar], styles scalarStyles: [UInt16]?, emptyStyle: UInt16, width: Double, maxLines: Int,
        morePending: Bool
    ) -> (lines: [TextLayout], truncated: Bool) {
        let (scalars, starts, graphemeStyles) = Typesetter.graphemes(scalars, styles: scalarStyles)
        let styleOf = graphemeStyles, oneLook = graphemeStyles.isEmpty
        let codes = scalars.map(\.value)
        let m = starts.count - 1

        let levels = Typesetter.bidiLevels(codes)
        let baseRTL = levels.base
        let fontOf = graphemeFonts(scalars, starts: starts, styles: styleOf)
        /// The style of grapheme `g`, and the spacing after it.
        // Inlined: a nested function left out of line checks exclusivity at run time on every
        // captured var it touches (`sum`, `shapedTo`), which cost plain text 6 % of its setting.
        @inline(__always) func styleAt(_ g: Int) -> UInt16 { oneLook ? 0 : styleOf[g] }
        @inline(__always) func spacingAfter(_ g: Int) -> Double { oneLook ? letterSpacing : styles[Int(styleOf[g])].letterSpacing }
        let scripts = Typesetter.scripts(codes, starts: starts)

        var runs = Typesetter.runs(codes, starts: starts, levels: levels.levels, fonts: fontOf, scripts: scripts, styles: styleOf)
        // Shaping, run by run as the lines need it. Running sums: sum[i] is the advance of
        // graphemes before i, letter spacing after each; valid up to sum[shapedTo].
        var advance = [Double](repeating: 0, count: m)
        var sum = [Double](repeating: 0, count: m + 1)
        var shapedRuns = 0, shapedTo = 0
        let buffer = hb_buffer_create()
        defer { hb_buffer_destroy(buffer) }
        let language = hb_language_from_string("en", -1)
        func shapeNext() {
            let i = shapedRuns
            codes.withUnsafeBufferPointer { text in
                shape(&runs[i], text: text, starts: starts, script: scripts[runs[i].start], language: language, buffer: buffer)
            }
            for (j, gi) in runs[i].graphemes.enumerated() { advance[Int(gi)] += runs[i].advances[j] }
            if styleOf.isEmpty {
                for k in runs[i].start..<runs[i].end { sum[k + 1] = sum[k] + advance[k] + letterSpacing }
            } else {
                for k in runs[i].start..<runs[i].end { sum[k + 1] = sum[k] + advance[k] + spacingAfter(k) }
            }
            shapedRuns += 1
            shapedTo = runs[i].end
        }
        /// Shapes what `sum[b]` needs.
        @inline(__always) func ensure(_ b: Int) { while shapedTo < b { shapeNext() } }
        // A paragraph of up to a chunk is shaped whole (and its width, below, is its full width).
        let lazy = m > Typesetter.chunk
        if !lazy { ensure(m) }
        @inline(__always) func measure(_ a: Int, _ b: Int) -> Double { ensure(b); return b > a ? sum[b] - sum[a] - spacingAfter(b - 1) : 0 }
        /// Graphemes [a, b) fit the width. A long paragraph is shaped only until a stretch from `a`
        /// is wider than the width.
        func restFits(_ a: Int, _ b: Int) -> Bool {
            while lazy && shapedTo < b && measure(a, max(a, shapedTo)) <= width { shapeNext() }
            return shapedTo >= b ? measure(a, b) <= width : false
        }

        let space = (0..<m).map { Typesetter.isSpace(codes[starts[$0]]) }
        let thaiWordBefore = ThaiWords.shared.breaksBefore(codes, starts: starts)
        func trimEnd(_ a: Int, _ b: Int) -> Int { var e = b; while e > a && space[e - 1] { e -= 1 }; return e }
        let byCharacter = lineBreakMode == .byCharWrapping
        func breakAfter(_ i: Int) -> Bool {
            guard i + 1 < m else { return false }
            if byCharacter { return !space[i + 1] }
            let here = codes[starts[i]], next = codes[starts[i + 1]]
            if space[i] { return !space[i + 1] }
            if space[i + 1] { return false }
            // UAX #14's LB25: no break between a hyphen-minus and a digit ("10:00-22:00", "-5").
            if here == 0x2D { return !(0x30...0x39).contains(next) }
            if here == 0x2010 || here == 0x200B { return true }
            if let thaiWordBefore, thaiWordBefore[i + 1] { return true }
            if Typesetter.isIdeographic(here) || Typesetter.isIdeographic(next) {
                return !Typesetter.closes(next) && !Typesetter.opens(here)
            }
            return false
        }

        /// Graphemes [a, b) as a line, shaped first if need be.
        func lineOf(_ a: Int, _ b: Int, ellipsis: Bool) -> TextLayout {
            lineOf(ellipsis ? [.graphemes(a, b), .ellipsis] : [.graphemes(a, b)])
        }
        func lineOf(_ parts: [LinePart]) -> TextLayout {
            for case .graphemes(_, let b) in parts { ensure(b) }
            return layoutLine(parts, runs: runs, starts: starts, scalars: scalars, baseRTL: baseRTL, emptyStyle: emptyStyle)
        }
        var lines: [TextLayout] = []
        var lineStart = 0
        var lastBreak = -1
        var g2 = 0
        let wraps = lineBreakMode == .byWordWrapping || lineBreakMode == .byCharWrapping
        if m == 0 {
            let cut = morePending && maxLines == 1
            return ([lineOf(0, 0, ellipsis: cut && !wraps && lineBreakMode != .byClipping)], cut)
        }
        while g2 < m {
            if maxLines > 0 && lines.count == maxLines - 1 && !wraps {
                // The last line allowed: the rest, cut as the line break mode says if it does not fit.
                let end = trimEnd(lineStart, m)
                let (line, cut) = lastLine(
                    lineStart, end, fits: restFits(lineStart, end), morePending: morePending, width: width, space: space, fontOf: fontOf,
                    styleAt: styleAt, spacingAfter: spacingAfter, measure: measure, trimEnd: trimEnd, lineOf: lineOf)
                lines.append(line)
                return (lines, cut)
            }
            if !space[g2] && g2 > lineStart && measure(lineStart, g2 + 1) > width {
                let cut = lastBreak > lineStart ? lastBreak : g2
                lines.append(lineOf(lineStart, trimEnd(lineStart, cut), ellipsis: false))
                lineStart = cut
                lastBreak = -1
                // Wrapping modes: the last line allowed ends at a break; the rest is not drawn.
                if maxLines > 0 && lines.count == maxLines { return (lines, true) }
                continue // g2 is checked again on its new line
            }
            if breakAfter(g2) { lastBreak = g2 + 1 }
            g2 += 1
        }
        lines.append(lineOf(lineStart, trimEnd(lineStart, m), ellipsis: false))
        return (lines, wraps && morePending && maxLines > 0 && lines.count >= maxLines)
    }

    /// The last line a paragraph may have when it does not wrap: graphemes [lineStart, end), cut
    /// as the line break mode says when they do not fit (`fits`) or more text follows: clipped, or
    /// an ellipsis at the head, in the middle or at the tail. Says whether anything was cut.
    func lastLine(
        _ lineStart: Int, _ end: Int, fits: Bool, morePending: Bool, width: Double, space: [Bool], fontOf: [UInt16],
        styleAt: (Int) -> UInt16, spacingAfter: (Int) -> Double, measure: (Int, Int) -> Double, trimEnd: (Int, Int) -> Int,
        lineOf: ([LinePart]) -> TextLayout
    ) -> (TextLayout, Bool) {
        // The ellipsis's width in the font it is drawn in, kept per font. Made here, on the
        // last line only (a var the loop's other functions capture costs each of their calls
        // an exclusivity check).
        var ellipsisWidths: [UInt32: Double] = [:]
        func ellipsisWidth(font: UInt16, style: UInt16) -> Double {
            let key = UInt32(style) << 16 | UInt32(font)
            if let w = ellipsisWidths[key] { return w }
            let w = self.ellipsis(after: font, style: style).advance
            ellipsisWidths[key] = w
            return w
        }
        if fits && !morePending {
            return (lineOf([.graphemes(lineStart, end)]), false)
        } else if lineBreakMode == .byClipping {
            // The rest unbroken (drawn up to the box's edge).
            return (lineOf([.graphemes(lineStart, end)]), true)
        } else if lineBreakMode == .byTruncatingHead && !morePending {
            // The ellipsis, then as many of the last graphemes as fit after it.
            var k = end
            while k > lineStart,
                measure(k - 1, end) + spacingAfter(k - 1) + ellipsisWidth(font: fontOf[k - 1], style: styleAt(k - 1)) <= width
            { k -= 1 }
            while k < end && space[k] { k += 1 }
            return (lineOf([.ellipsis, .graphemes(k, end)]), true)
        } else if lineBreakMode == .byTruncatingMiddle && !morePending {
            // Half the room for the start, the rest for the end, the ellipsis between them.
            let room = width - ellipsisWidth(font: fontOf[lineStart], style: styleAt(lineStart))
            var a = lineStart
            while a < end, measure(lineStart, a + 1) + spacingAfter(a) <= room / 2 { a += 1 }
            let used = a > lineStart ? measure(lineStart, a) + spacingAfter(a - 1) : 0
            var b = end
            while b > a, measure(b - 1, end) + spacingAfter(b - 1) <= room - used { b -= 1 }
            while b < end && space[b] { b += 1 }
            return (lineOf([.graphemes(lineStart, trimEnd(lineStart, a)), .ellipsis, .graphemes(b, end)]), true)
        } else {
            // As many graphemes as fit with the ellipsis after them, the ellipsis measured in
            // the font it is drawn in (that of the last grapheme kept but trailing spaces),
            // even when the whole paragraph fits and only later paragraphs are cut.
            var k = lineStart, lastKept = -1 // the last grapheme kept that is not a space
            while k < end {
                let last = space[k] ? lastKept : k
                guard
                    measure(lineStart, k + 1) + spacingAfter(k)
                        + ellipsisWidth(font: last >= 0 ? fontOf[last] : 0, style: styleAt(max(last, lineStart))) <= width
                else { break }
                lastKept = last
                k += 1
            }
            return (lineOf([.graphemes(lineStart, trimEnd(lineStart, k)), .ellipsis]), true)
        }
    }

    /// The scalars' graphemes (the string's characters, extended grapheme clusters) as scalar
    /// offsets, with each grapheme's style (that of its first scalar; empty in one look). A grapheme
    /// keeps at most `maximumGraphemeScalars` scalars: the scalars returned are those kept.
    static func graphemes(
        _ scalars: [Unicode.Scalar], styles scalarStyles: [UInt16]?
    ) -> (scalars: [Unicode.Scalar], starts: [Int], styles: [UInt16]) {
        guard scalars.contains(where: { $0.value >= 0x80 }) else {
            // Printable ASCII (controls, CR LF among them, are gone): every scalar is a grapheme.
            return (scalars, Array(0...scalars.count), scalarStyles ?? [])
        }
        var starts: [Int] = []
        var graphemeStyles: [UInt16] = []
        starts.reserveCapacity(scalars.count + 1)
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        var kept: [Unicode.Scalar] = []
        var cut = false
        var offset = 0, original = 0
        for ch in String(view) {
            starts.append(offset)
            if let scalarStyles { graphemeStyles.append(scalarStyles[original]) }
            original += ch.unicodeScalars.count
            var count = 0
            for s in ch.unicodeScalars {
                guard count < Typesetter.maximumGraphemeScalars else { cut = true; break }
                kept.append(s)
                count += 1
            }
            offset += count
        }
        starts.append(offset)
        return (cut ? kept : scalars, starts, graphemeStyles)
    }

    /// Each grapheme's font: in the paragraph's cascade, or (attributed text) in its style's, the
    /// styles sharing a few cascades (one a weight).
    func graphemeFonts(_ scalars: [Unicode.Scalar], starts: [Int], styles styleOf: [UInt16]) -> [UInt16] {
        if styleOf.isEmpty { return chooseFonts(scalars, starts: starts, in: fonts) }
        let m = starts.count - 1
        var byCascade: [FontCascade: [UInt16]] = [:]
        var fontOf = [UInt16](repeating: 0, count: m)
        for g in 0..<m {
            let c = cascade(styleOf[g])
            if byCascade[c] == nil { byCascade[c] = chooseFonts(scalars, starts: starts, in: c) }
            fontOf[g] = byCascade[c]![g]
        }
        return fontOf
    }

    /// The paragraph's runs: graphemes of one font, bidi level, script and style. A run past
    /// `Typesetter.chunk` graphemes ends after a space (or, in a word that long, anywhere), so that
    /// a long text is shaped only as far as its lines reach.
    static func runs(
        _ codes: [UInt32], starts: [Int], levels: [Int8], fonts fontOf: [UInt16], scripts: [hb_script_t], styles styleOf: [UInt16]
    ) -> [Run] {
        let m = starts.count - 1
        var runs: [Run] = []
        var g = 0
        while g < m {
            var e = g + 1
            let level = levels.isEmpty ? 0 : levels[starts[g]]
            while e < m, fontOf[e] == fontOf[g], scripts[e] == scripts[g],
                (levels.isEmpty ? 0 : levels[starts[e]]) == level, styleOf.isEmpty || styleOf[e] == styleOf[g]
            {
                if e - g >= Typesetter.chunk,
                    e - g >= 4 * Typesetter.chunk
                        || (Typesetter.isSpace(codes[starts[e - 1]]) && !Typesetter.isSpace(codes[starts[e]]))
                {
                    break
                }
                e += 1
            }
            runs.append(Run(start: g, end: e, level: level, font: fontOf[g], style: styleOf.isEmpty ? 0 : styleOf[g]))
            g = e
        }
        return runs
    }

    /// What a line shows, in logical order: graphemes [a, b), or an ellipsis.
    enum LinePart {
        case graphemes(Int, Int)
        case ellipsis
    }

    // MARK: Fonts

    /// Each grapheme's font in the cascade.
    func chooseFonts(_ scalars: [Unicode.Scalar], starts: [Int], in fonts: FontCascade) -> [UInt16] {
        let m = starts.count - 1
        var out = [UInt16](repeating: 0, count: m)
        var covering: [Int: Bool] = [:] // (font << 21 | scalar) memo for this paragraph
        func has(_ f: Int, _ s: Unicode.Scalar) -> Bool {
            let key = f << 21 | Int(s.value)
            if let hit = covering[key] { return hit }
            let yes = fonts.loadedFont(f)?.glyph(for: s) != nil
            covering[key] = yes
            return yes
        }
        // A one-scalar grapheme's font depends on its scalar alone (but for the rule for spaces):
        // each scalar's choice is made once (-1 unknown, -2 none visible).
        var ascii = [Int32](repeating: -1, count: 128)
        var single: [UInt32: Int32] = [:]
        func remember(_ cluster: ArraySlice<Unicode.Scalar>, _ choice: Int32) {
            guard cluster.count == 1, let s = cluster.first else { return }
            if s.value < 128 { ascii[Int(s.value)] = choice } else { single[s.value] = choice }
        }
        for g in 0..<m {
            if starts[g + 1] - starts[g] == 1 {
                let s = scalars[starts[g]]
                if g > 0, Typesetter.isSpace(s.value), Int(out[g - 1]) != fonts.emojiIndex, has(Int(out[g - 1]), s) {
                    out[g] = out[g - 1]
                    continue
                }
                let known = s.value < 128 ? ascii[Int(s.value)] : single[s.value] ?? -1
                if known != -1 {
                    out[g] = known == -2 ? (g > 0 ? out[g - 1] : 0) : UInt16(known)
                    continue
                }
            }
            let cluster = scalars[starts[g]..<starts[g + 1]]
            let visible = cluster.filter { !$0.properties.isDefaultIgnorableCodePoint && !(0xFE00...0xFE0F).contains($0.value) }
            guard let first = visible.first else {
                out[g] = g > 0 ? out[g - 1] : 0
                remember(cluster, -2)
                continue
            }
            // Spaces stay in the font before them, so a run of Arabic or Chinese is shaped whole.
            if g > 0, Typesetter.isSpace(first.value), Int(out[g - 1]) != fonts.emojiIndex, has(Int(out[g - 1]), first) {
                out[g] = out[g - 1]
                continue
            }
            if let e = fonts.emojiIndex, Typesetter.showsAsEmoji(cluster), has(e, first) {
                out[g] = UInt16(e)
                remember(cluster, Int32(e))
                continue
            }
            var chosen: Int?
            for f in 0..<fonts.count where f != fonts.emojiIndex || !Typesetter.prefersText(cluster) {
                if visible.allSatisfy({ has(f, $0) }) { chosen = f; break }
            }
            if chosen == nil {
                // A base character some font has, with a mark none has alongside it: that font.
                chosen = (0..<fonts.count).first { has($0, first) }
            }
            out[g] = UInt16(chosen ?? 0)
            remember(cluster, Int32(out[g]))
        }
        return out
    }

    /// An emoji: a variation selector 16, a flag, a keycap, a skin tone, a ZWJ sequence of
    /// pictographs, or a character that shows as emoji by default.
    static func showsAsEmoji(_ cluster: ArraySlice<Unicode.Scalar>) -> Bool {
        guard let first = cluster.first else { return false }
        var zwj = false
        for s in cluster {
            switch s.value {
            case 0xFE0E: return false
            case 0xFE0F, 0x20E3, 0x1F3FB...0x1F3FF: return true
            case 0x1F1E6...0x1F1FF: return true
            case 0x200D: zwj = true
            default: break
            }
        }
        if first.properties.isEmojiPresentation { return true }
        return zwj && first.properties.isEmoji && first.value > 0xFF
    }

    /// A character with variation selector 15 asks for its text form.
    static func prefersText(_ cluster: ArraySlice<Unicode.Scalar>) -> Bool { cluster.contains { $0.value == 0xFE0E } }

    // MARK: Bidi and scripts

    /// FriBidi's embedding level of each scalar and the paragraph's direction; no levels (all
    /// left to right) when the text has no right-to-left character or bidi control.
    static func bidiLevels(_ codes: [UInt32]) -> (levels: [Int8], base: Bool) {
        guard codes.contains(where: { $0 >= 0x0590 && Typesetter.mayBeRightToLeft($0) }) else { return ([], false) }
        let n = codes.count
        var types = [FriBidiCharType](repeating: FriBidiCharType(rawValue: 0), count: n)
        var brackets = [FriBidiBracketType](repeating: 0, count: n)
        var levels = [FriBidiLevel](repeating: 0, count: n)
        var direction = rf_fribidi_par_on()
        let ok = codes.withUnsafeBufferPointer { text -> Bool in
            fribidi_get_bidi_types(text.baseAddress, FriBidiStrIndex(n), &types)
            fribidi_get_bracket_types(text.baseAddress, FriBidiStrIndex(n), types, &brackets)
            return fribidi_get_par_embedding_levels_ex(types, brackets, FriBidiStrIndex(n), &direction, &levels) != 0
        }
        guard ok else { return ([], false) }
        return (levels.map { Int8($0) }, rf_fribidi_par_is_rtl(direction) != 0)
    }

    /// Hebrew, Arabic, Syriac, Thaana, N'Ko and the other right-to-left blocks, and bidi controls.
    static func mayBeRightToLeft(_ c: UInt32) -> Bool {
        (0x0590...0x08FF).contains(c) || (0x200E...0x200F).contains(c) || (0x202A...0x202E).contains(c)
            || (0x2066...0x2069).contains(c) || (0xFB1D...0xFDFF).contains(c) || (0xFE70...0xFEFF).contains(c)
            || (0x10800...0x10FFF).contains(c) || (0x1E800...0x1EFFF).contains(c)
    }

    /// Each grapheme's script; common characters (spaces, digits, punctuation) take the script
    /// before them (or after, at the start), so they do not split a run.
    static func scripts(_ codes: [UInt32], starts: [Int]) -> [hb_script_t] {
        let m = starts.count - 1
        let funcs = hb_unicode_funcs_get_default()
        var out = [hb_script_t](repeating: HB_SCRIPT_COMMON, count: m)
        var last = HB_SCRIPT_INVALID
        var firstReal = HB_SCRIPT_INVALID
        for g in 0..<m {
            let s = hb_unicode_script(funcs, codes[starts[g]])
            if s != HB_SCRIPT_COMMON && s != HB_SCRIPT_INHERITED && s != HB_SCRIPT_UNKNOWN {
                last = s
                if firstReal == HB_SCRIPT_INVALID { firstReal = s }
            }
            out[g] = last
        }
        let fallback = firstReal == HB_SCRIPT_INVALID ? HB_SCRIPT_LATIN : firstReal
        for g in 0..<m where out[g] == HB_SCRIPT_INVALID { out[g] = fallback }
        return out
    }

    // MARK: Shaping

    func shape(
        _ run: inout Run, text: UnsafeBufferPointer<UInt32>, starts: [Int], script: hb_script_t,
        language: hb_language_t?, buffer: OpaquePointer?
    ) {
        let fonts = cascade(run.style), pointSize = size(run.style)
        guard let font = fonts.loadedFont(Int(run.font)) else { return }
        let s0 = starts[run.start], s1 = starts[run.end]
        hb_buffer_clear_contents(buffer)
        hb_buffer_set_direction(buffer, run.rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, script)
        hb_buffer_set_language(buffer, language)
        var flags = rf_hb_flags()
        if s0 == 0 { flags |= HB_BUFFER_FLAG_BOT.rawValue }
        if s1 == text.count { flags |= HB_BUFFER_FLAG_EOT.rawValue }
        hb_buffer_set_flags(buffer, hb_buffer_flags_t(rawValue: flags))
        hb_buffer_set_cluster_level(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_GRAPHEMES)
        hb_buffer_add_utf32(buffer, text.baseAddress, Int32(text.count), UInt32(s0), Int32(s1 - s0))
        hb_shape(font.hbFont, buffer, nil, 0)
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
            let positions = hb_buffer_get_glyph_positions(buffer, &count)
        else { return }
        let scale = pointSize / Double(font.unitsPerEm)
        let c = Int(count)
        run.glyphs.reserveCapacity(c)
        // Bundled Inter stands in for SF Pro, whose x stays an x between digits ("1920x1080",
        // "0x1F"): Inter's contextual alternates make it a multiplication sign, undone here glyph by
        // glyph. Inter named by the scenario keeps its ×, as it would on iOS.
        let plainX = run.font == 0 && fonts.standsInForSystemFont ? font.glyph(for: "x").map { ($0, font.advance(of: $0)) } : nil
        // Scalar offset to grapheme: walk the starts alongside the (monotone) clusters.
        var lastNotdef = Int32(-1)
        for i in 0..<c {
            let cluster = Int(infos[i].cluster)
            let gi = Int32(Typesetter.grapheme(containing: cluster, starts: starts, in: run.start..<run.end))
            var glyph = infos[i].codepoint
            var advance = Double(positions[i].x_advance) * scale
            if let (x, xAdvance) = plainX, text[cluster] == 0x78, glyph != x, starts[Int(gi) + 1] - starts[Int(gi)] == 1 {
                glyph = x
                advance = Double(xAdvance) * scale
            }
            if glyph == 0 {
                // One .notdef box for a character no font has, however many scalars it has.
                if lastNotdef == gi { continue }
                lastNotdef = gi
            }
            run.glyphs.append(glyph)
            run.graphemes.append(gi)
            run.advances.append(advance)
            run.offsetsX.append(Double(positions[i].x_offset) * scale)
            run.offsetsY.append(Double(positions[i].y_offset) * scale)
        }
    }

    /// The grapheme whose scalars include `offset`, by binary search over `starts`.
    static func grapheme(containing offset: Int, starts: [Int], in range: Range<Int>) -> Int {
        var lo = range.lowerBound, hi = range.upperBound // starts[lo] <= offset < starts[hi]
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if starts[mid] <= offset { lo = mid } else { hi = mid }
        }
        return lo
    }

    /// The ellipsis, in the font of the character before it if that has one.
    func ellipsis(after font: UInt16, style: UInt16 = 0) -> (font: UInt16, glyph: UInt32, advance: Double) {
        let mark: Unicode.Scalar = "\u{2026}"
        let fonts = cascade(style), pointSize = size(style)
        for f in [Int(font), 0] {
            if let loaded = fonts.loadedFont(f), let g = loaded.glyph(for: mark), !loaded.hasColorGlyphs {
                return (UInt16(f), g, Double(loaded.advance(of: g)) * pointSize / Double(loaded.unitsPerEm))
            }
        }
        return (0, 0, 0)
    }

    // MARK: Lines

    /// The parts (graphemes and an ellipsis) as a line in visual order (UAX #9's rule L2 over the
    /// runs), the ellipsis at the paragraph's level, in the font of the graphemes before it (after
    /// it when it comes first).
    func layoutLine(
        _ parts: [LinePart], runs: [Run], starts: [Int], scalars: [Unicode.Scalar], baseRTL: Bool, emptyStyle: UInt16
    ) -> TextLayout {
        struct Piece { var run: Int; var lo: Int; var hi: Int; var level: Int8 }
        var pieces: [Piece] = []
        var ellipsisAt = -1
        for part in parts {
            guard case .graphemes(let a, let b) = part else { ellipsisAt = pieces.count; continue }
            guard b > a else { continue }
            // The first run reaching past a, by binary search; then the runs up to b.
            var lo = 0, hi = runs.count
            while lo < hi { let mid = (lo + hi) / 2; if runs[mid].end <= a { lo = mid + 1 } else { hi = mid } }
            var r = lo
            while r < runs.count && runs[r].start < b {
                let run = runs[r]
                let range = Typesetter.glyphRange(run, a, b)
                if !range.isEmpty { pieces.append(Piece(run: r, lo: range.lowerBound, hi: range.upperBound, level: run.level)) }
                r += 1
            }
        }
        var mark: (font: UInt16, glyph: UInt32, advance: Double)?
        var markStyle = emptyStyle
        if ellipsisAt >= 0 {
            let beside = ellipsisAt > 0 ? pieces[ellipsisAt - 1] : pieces.first
            markStyle = beside.map { runs[$0.run].style } ?? emptyStyle
            mark = self.ellipsis(after: beside.map { runs[$0.run].font } ?? 0, style: markStyle)
            pieces.insert(Piece(run: -1, lo: 0, hi: 1, level: baseRTL ? 1 : 0), at: ellipsisAt)
        }
        // L2: from the highest level down to the lowest odd one, reverse every sequence at or above it.
        if let highest = pieces.map(\.level).max(), highest > 0 {
            let lowestOdd = pieces.map(\.level).filter { $0 & 1 == 1 }.min() ?? highest
            var level = highest
            while level >= max(1, lowestOdd) {
                var i = 0
                while i < pieces.count {
                    guard pieces[i].level >= level else { i += 1; continue }
                    var j = i
                    while j < pieces.count && pieces[j].level >= level { j += 1 }
                    pieces[i..<j].reverse()
                    i = j
                }
                level -= 1
            }
        }
        var glyphs: [PlacedGlyph] = []
        var pen = 0.0
        var previousGrapheme = Int32.min
        var spacing = letterSpacing // after the glyph before (its style's)
        var used = Set<UInt16>([0])
        // Attributed text: the (style, font) pairs used, and the underlines and strikethroughs.
        var usedStyled = Set<UInt32>()
        var decorations: [TextDecoration] = []
        /// Glyphs side by side in one style share one line under them (over the letter spacing between them).
        func decorate(_ style: UInt16, from x0: Double, to x1: Double) {
            guard styles[Int(style)].underline != .none || styles[Int(style)].strikethrough != .none else { return }
            if let last = decorations.last, last.style == style, glyphs.count >= 2, glyphs[glyphs.count - 2].style == style {
                decorations[decorations.count - 1].x1 = max(last.x1, x1)
            } else {
                decorations.append(TextDecoration(x0: x0, x1: x1, style: style))
            }
        }
        for piece in pieces {
            if piece.run < 0, let mark {
                if !glyphs.isEmpty { pen += spacing }
                glyphs.append(PlacedGlyph(glyph: mark.glyph, font: mark.font, x: pen, y: 0, style: markStyle))
                if !styles.isEmpty {
                    usedStyled.insert(UInt32(markStyle) << 16 | UInt32(mark.font))
                    decorate(markStyle, from: pen, to: pen + mark.advance)
                    spacing = styles[Int(markStyle)].letterSpacing
                }
                pen += mark.advance
                used.insert(mark.font)
                previousGrapheme = Int32.min
                continue
            }
            let run = runs[piece.run]
            used.insert(run.font)
            if !styles.isEmpty { usedStyled.insert(UInt32(run.style) << 16 | UInt32(run.font)) }
            for i in piece.lo..<piece.hi {
                if run.graphemes[i] != previousGrapheme && !glyphs.isEmpty { pen += spacing }
                previousGrapheme = run.graphemes[i]
                glyphs.append(PlacedGlyph(glyph: run.glyphs[i], font: run.font, x: pen + run.offsetsX[i], y: -run.offsetsY[i], style: run.style))
                if !styles.isEmpty {
                    decorate(run.style, from: pen, to: pen + run.advances[i])
                    spacing = styles[Int(run.style)].letterSpacing
                }
                pen += run.advances[i]
            }
        }
        let (ascent, descent, naturalHeight, leading) = lineMetrics(fonts: used, styledFonts: usedStyled, emptyStyle: emptyStyle)
        var text = String.UnicodeScalarView()
        for part in parts {
            switch part {
            case .graphemes(let a, let b): if b > a { text.append(contentsOf: scalars[starts[a]..<starts[b]]) }
            case .ellipsis: text.append("\u{2026}")
            }
        }
        var layout = TextLayout(
            glyphs: glyphs, fonts: fonts, width: pen, pointSize: pointSize, ascent: ascent, descent: descent,
            isRightToLeft: baseRTL, text: String(text))
        if !styles.isEmpty {
            layout.attributes = styles
            layout.decorations = decorations
            layout.naturalHeight = naturalHeight
            layout.leading = leading
        }
        return layout
    }

    /// A line's ascent and descent (the largest of its fonts'), and for attributed text its natural
    /// height and leading (the largest of its styles' own fonts'): `used` the fonts of a plain
    /// line, `usedStyled` an attributed line's (style << 16 | font) pairs.
    private func lineMetrics(
        fonts used: Set<UInt16>, styledFonts usedStyled: Set<UInt32>, emptyStyle: UInt16
    ) -> (ascent: Double, descent: Double, naturalHeight: Double, leading: Double) {
        var ascent = 0.0, descent = 0.0
        var naturalHeight = 0.0, leading = 0.0
        if styles.isEmpty {
            for f in used.sorted() {
                guard let font = fonts.loadedFont(Int(f)) else { continue }
                let scale = pointSize / Double(font.unitsPerEm)
                ascent = max(ascent, Double(font.ascender) * scale)
                descent = max(descent, Double(font.descender) * scale)
            }
        } else {
            // Each style on the line counts with its own font (its weight's) and any fallback used.
            var usedStyled = usedStyled
            if usedStyled.isEmpty { usedStyled.insert(UInt32(emptyStyle) << 16) }
            for key in usedStyled { usedStyled.insert(key & 0xFFFF_0000) }
            for key in usedStyled.sorted() {
                let style = UInt16(key >> 16)
                guard let font = cascade(style).loadedFont(Int(key & 0xFFFF)) else { continue }
                let scale = size(style) / Double(font.unitsPerEm)
                ascent = max(ascent, Double(font.ascender) * scale)
                descent = max(descent, Double(font.descender) * scale)
                if key & 0xFFFF == 0 {
                    naturalHeight = max(naturalHeight, font.lineHeight(pointSize: size(style)))
                    leading = max(leading, Double(font.lineGap) / Double(font.unitsPerEm) * size(style))
                }
            }
        }
        return (ascent, descent, naturalHeight, leading)
    }

    /// The glyphs of `run` that belong to graphemes [a, b): a contiguous stretch, as a run's
    /// graphemes are monotone.
    static func glyphRange(_ run: Run, _ a: Int, _ b: Int) -> Range<Int> {
        let g = run.graphemes
        func first(_ p: (Int32) -> Bool) -> Int {
            var lo = 0, hi = g.count
            while lo < hi { let mid = (lo + hi) / 2; if p(g[mid]) { hi = mid } else { lo = mid + 1 } }
            return lo
        }
        if run.rightToLeft {
            return first { $0 < Int32(b) }..<first { $0 < Int32(a) }
        }
        return first { $0 >= Int32(a) }..<first { $0 >= Int32(b) }
    }

    /// Graphemes of a paragraph longer than this are shaped a run at a time, as far as its lines
    /// reach; a run ends after a space once it is this long (or anywhere at four times this, in a
    /// word that long): a 100 000-character title cut to one line shapes its first run.
    static let chunk = 1024

    // MARK: Character classes

    /// Spaces that hang at a line's end and after which a line may break.
    static func isSpace(_ c: UInt32) -> Bool {
        c == 0x20 || c == 0x3000 || c == 0x1680 || ((0x2000...0x200A).contains(c) && c != 0x2007) || c == 0x205F
    }

    /// Han, Hiragana, Katakana, Hangul, CJK punctuation and emoji: lines may break around each one.
    static func isIdeographic(_ c: UInt32) -> Bool {
        (0x2E80...0x9FFF).contains(c) || (0xAC00...0xD7AF).contains(c) || (0xF900...0xFAFF).contains(c)
            || (0xFF00...0xFFEF).contains(c) || (0x20000...0x3FFFF).contains(c) || (0x1F300...0x1FAFF).contains(c)
    }

    /// Closing punctuation no line may start with.
    static func closes(_ c: UInt32) -> Bool {
        [
            0x3001, 0x3002, 0xFF0C, 0xFF0E, 0xFF1A, 0xFF1B, 0xFF01, 0xFF1F, 0xFF09, 0x300D, 0x300F, 0x3011, 0x3015, 0x3009,
            0x300B, 0x2C, 0x2E, 0x21, 0x3F, 0x3A, 0x3B, 0x29, 0x5D, 0x7D, 0x30FC, 0x2026, 0x30FB,
        ].contains(c)
    }

    /// Opening punctuation no line may end with.
    static func opens(_ c: UInt32) -> Bool {
        [0xFF08, 0x300C, 0x300E, 0x3010, 0x3014, 0x3008, 0x300A, 0x28, 0x5B, 0x7B].contains(c)
    }
}

import Foundation

/// Paragraphs already set, shared by every worker: text does not change as the view scrolls, so a
/// text is shaped and broken into lines once, not once a frame. Bounded by the characters it
/// holds (it starts afresh past that).
public final class ParagraphCache: Sendable {
    struct Key: Hashable {
        let text: ExactText
        let fonts: FontCascade
        let pointSize: Double
        let width: Double
        let lineHeight: Double?
        let maxLines: Int
        let letterSpacing: Double
        let lineBreakMode: LineBreakMode
    }
    struct SpansKey: Hashable {
        let spans: [TextSpan]
        let width: Double
        let maxLines: Int
        let style: Paragraph.Style

        // The spans' texts by their bytes, as `ExactText` compares them.
        static func == (a: SpansKey, b: SpansKey) -> Bool {
            a.width == b.width && a.maxLines == b.maxLines && a.style == b.style && a.spans.count == b.spans.count
                && zip(a.spans, b.spans).allSatisfy { ExactText.same($0.text, $1.text) && $0.attributes == $1.attributes }
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(width)
            hasher.combine(maxLines)
            hasher.combine(style)
            hasher.combine(spans.count)
            for span in spans {
                hasher.combine(ExactText(span.text))
                hasher.combine(span.attributes)
            }
        }
    }
    private let table = Locked<(entries: [Key: Paragraph], spans: [SpansKey: Paragraph], characters: Int)>(([:], [:], 0))
    /// UTF-8 bytes of text kept at most.
    public static let capacity = 16 << 20

    public init() {}

    public func paragraph(
        _ text: String, fonts: FontCascade, pointSize: Double, width: Double, lineHeight: Double?,
        maxLines: Int, letterSpacing: Double, lineBreakMode: LineBreakMode = .byTruncatingTail
    ) -> Paragraph {
        let key = Key(
            text: ExactText(text), fonts: fonts, pointSize: pointSize, width: width, lineHeight: lineHeight, maxLines: maxLines,
            letterSpacing: letterSpacing, lineBreakMode: lineBreakMode)
        if let hit = table.withLock({ $0.entries[key] }) { return hit }
        let p = Paragraph(
            text, fonts: fonts, pointSize: pointSize, width: width, lineHeight: lineHeight, maxLines: maxLines,
            letterSpacing: letterSpacing, lineBreakMode: lineBreakMode)
        table.withLock { t in
            if t.characters + text.utf8.count > ParagraphCache.capacity { t = ([:], [:], 0) }
            if t.entries.updateValue(p, forKey: key) == nil { t.characters += text.utf8.count }
        }
        return p
    }

    /// The paragraph if it was set already, else nil (nothing is set).
    public func cached(
        _ text: String, fonts: FontCascade, pointSize: Double, width: Double, lineHeight: Double?,
        maxLines: Int, letterSpacing: Double, lineBreakMode: LineBreakMode = .byTruncatingTail
    ) -> Paragraph? {
        let key = Key(
            text: ExactText(text), fonts: fonts, pointSize: pointSize, width: width, lineHeight: lineHeight, maxLines: maxLines,
            letterSpacing: letterSpacing, lineBreakMode: lineBreakMode)
        return table.withLock { $0.entries[key] }
    }

    /// Attributed text set (or found set already); with `onlyCached`, nil when it was not set.
    public func paragraph(_ spans: [TextSpan], width: Double, maxLines: Int, style: Paragraph.Style, onlyCached: Bool = false) -> Paragraph? {
        let key = SpansKey(spans: spans, width: width, maxLines: maxLines, style: style)
        if let hit = table.withLock({ $0.spans[key] }) { return hit }
        if onlyCached { return nil }
        let p = Paragraph(spans, width: width, maxLines: maxLines, style: style)
        let bytes = spans.reduce(0) { $0 + $1.text.utf8.count }
        table.withLock { t in
            if t.characters + bytes > ParagraphCache.capacity { t = ([:], [:], 0) }
            if t.spans.updateValue(p, forKey: key) == nil { t.characters += bytes }
        }
        return p
    }

    /// One line, neither wrapped nor cut.
    public func line(_ text: String, fonts: FontCascade, pointSize: Double, letterSpacing: Double) -> TextLayout {
        paragraph(
            text, fonts: fonts, pointSize: pointSize, width: .infinity, lineHeight: nil, maxLines: 0,
            letterSpacing: letterSpacing
        ).lines[0]
    }
}

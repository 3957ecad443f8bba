/// Multi-line text: greedy word wrapping at a width, as UILabel with `.byWordWrapping`.
///
/// Breaks are allowed after spaces (which hang at the line end), after hyphens, and on both sides
/// of CJK characters; a word wider than the line breaks between characters. `\n` ends a line.
/// With `maxLines`, the last kept line ends in an ellipsis (removing characters until it fits).
public struct Paragraph: Sendable, Equatable {
    /// The lines, laid out (positions in points from each line's start).
    public let lines: [TextLayout]
    /// The text of each line, without trailing spaces.
    public let texts: [String]
    /// Baseline to baseline, in points.
    public let lineHeight: Double
    /// True when lines were dropped for `maxLines`.
    public let truncated: Bool

    /// The paragraph's height in points: one line height per line.
    public var height: Double { Double(lines.count) * lineHeight }
    public var width: Double { lines.map(\.width).max() ?? 0 }

    /// - Parameters:
    ///   - width: the line width in points.
    ///   - lineHeight: baseline to baseline; nil uses the font's (ascender + descender).
    ///   - maxLines: 0 for no limit.
    public init(_ text: String, font: Font, pointSize: Double, width: Double, lineHeight: Double? = nil,
                maxLines: Int = 0, letterSpacing: Double = 0) {
        let natural = Double(font.ascender + font.descender) / Double(font.unitsPerEm) * pointSize
        self.lineHeight = lineHeight ?? natural
        func measure(_ s: String) -> Double { font.layout(s, pointSize: pointSize, letterSpacing: letterSpacing).width }
        func trimmed(_ s: String) -> String {
            var t = Substring(s)
            while t.last == " " { t = t.dropLast() }
            return String(t)
        }
        var texts: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var current = ""
            for segment in Paragraph.segments(of: String(paragraph)) {
                let candidate = current + segment
                if current.isEmpty || measure(trimmed(candidate)) <= width {
                    current = candidate
                } else {
                    texts.append(trimmed(current))
                    current = segment
                }
                // A segment wider than the line on its own breaks between characters.
                while measure(trimmed(current)) > width && trimmed(current).count > 1 {
                    var head = ""
                    for ch in current {
                        if !head.isEmpty && measure(head + String(ch)) > width { break }
                        head.append(ch)
                    }
                    texts.append(head)
                    current = String(current.dropFirst(head.count))
                }
            }
            texts.append(trimmed(current))
        }
        var truncated = false
        if maxLines > 0 && texts.count > maxLines {
            truncated = true
            texts = Array(texts.prefix(maxLines))
            var last = texts[maxLines - 1]
            while !last.isEmpty && measure(trimmed(last) + "\u{2026}") > width { last.removeLast() }
            texts[maxLines - 1] = trimmed(last) + "\u{2026}"
        }
        self.texts = texts
        self.truncated = truncated
        lines = texts.map { font.layout($0, pointSize: pointSize, letterSpacing: letterSpacing) }
    }

    /// One line already set: no wrapping work.
    public init(line: TextLayout, text: String, font: Font, lineHeight: Double? = nil) {
        self.lineHeight = lineHeight ?? Double(font.ascender + font.descender) / Double(font.unitsPerEm) * line.pointSize
        lines = [line]
        texts = [text]
        truncated = false
    }

    /// Pieces between break opportunities: a word with its trailing spaces or hyphen, or one CJK character.
    static func segments(of text: String) -> [String] {
        var out: [String] = []
        var current = ""
        var sawSpace = false
        for ch in text {
            if isCJK(ch) {
                if !current.isEmpty { out.append(current); current = "" }
                out.append(String(ch))
                sawSpace = false
                continue
            }
            if ch == " " {
                current.append(ch); sawSpace = true
                continue
            }
            if sawSpace { out.append(current); current = ""; sawSpace = false }
            current.append(ch)
            if ch == "-" || ch == "\u{2010}" { out.append(current); current = "" }
        }
        if !current.isEmpty { out.append(current) }
        return out
    }

    /// Han, Hiragana, Katakana, Hangul and CJK punctuation: lines may break around each one.
    static func isCJK(_ ch: Character) -> Bool {
        guard let v = ch.unicodeScalars.first?.value else { return false }
        return (0x3000...0x30FF).contains(v) || (0x3400...0x4DBF).contains(v) || (0x4E00...0x9FFF).contains(v)
            || (0xAC00...0xD7AF).contains(v) || (0xF900...0xFAFF).contains(v) || (0xFF00...0xFFEF).contains(v)
    }
}

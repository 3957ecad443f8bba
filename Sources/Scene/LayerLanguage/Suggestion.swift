import Raster

/// Suggestions for a misspelt word in messages ("did you mean ...?"), and values as messages show them:
/// the scenario format's reader, the layer language, symbol names and the chrome parts share them.
package enum Suggestion {
    /// At most 80 characters of a value for a message: a line break as \n, other control characters
    /// as `\u{7}`, as every message writes them (nothing a terminal would act on; "U+7" inside a
    /// quoted formula read as part of it).
    package static func clip(_ s: String) -> String {
        var out = ""
        for (i, c) in s.unicodeScalars.enumerated() {
            if i == 80 { out += "…"; break }
            if c == "\n" { out += "\\n"; continue }
            out += String.isControl(c) ? String(c).escapingControlCharacters(keepingLineBreaks: false) : String(c)
        }
        return out
    }

    /// A value as a message shows it: at most 60 characters, then how long it is.
    package static func shown(_ text: String) -> String { text.shownInMessages }

    /// The allowed word nearest to `word` (edit distance at most 2, or a case-insensitive match).
    /// A candidate the word begins (`rect`: rectangle) or contains (`scaleAspectFill`: aspectFill)
    /// comes first. A word over 64 characters gets no suggestion.
    package static func closest(to word: String, in candidates: [String]) -> String? {
        let lower = word.lowercased()
        guard lower.count <= 64, !lower.isEmpty else { return nil }
        if let c = candidates.first(where: { $0.lowercased() == lower }) { return c }
        if lower.count >= 3, let c = candidates.first(where: { $0.lowercased().hasPrefix(lower) }) { return c }
        if let c = candidates.filter({ $0.count >= 4 && lower.contains($0.lowercased()) }).max(by: { $0.count < $1.count }) { return c }
        var best: (String, Int)?
        for c in candidates where c.count <= 64 {
            let d = editDistance(lower, c.lowercased())
            // Not a word that shares (almost) nothing with the candidate: "Hh" is not "u".
            if d <= max(2, c.count / 4), d < lower.count, best == nil || d < best!.1 { best = (c, d) }
        }
        return best?.0
    }

    package static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var prev = Array(0...b.count)
        for i in 1...a.count {
            var cur = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            prev = cur
        }
        return prev[b.count]
    }
}

extension String {
    /// The text as messages and explain show a value: itself up to 80 characters, else its first
    /// 60 and how long it is.
    public var shownInMessages: String {
        count <= 80 ? self : String(prefix(60)) + "... (\(count) characters)"
    }
}

import Raster

/// Characters of a scenario's texts that no font it has can draw (each would draw as a box):
/// warnings, not errors, since the scenario still renders. A character is drawable when any font
/// of the typography has a glyph for it: a role's own font, a `fonts.fallback` file, the Noto
/// fallbacks or the emoji font. Spaces, controls, joiners and variation selectors draw nothing
/// and are not looked up. The warnings at a text's line and column are the scenario reader's
/// (`ScenarioFile/MissingGlyphWarnings.swift`).
package struct MissingGlyphs {
    /// At most this many characters are named per text.
    static let shownPerText = 5

    // Each role's own font, then the regular role's fallbacks (the bold ones cover the same
    // characters: only the regular files are read).
    private let regular: FontCascade
    private let fonts: [Font]
    private var known: [UInt32: Bool] = [:]

    package init(typography: Typography) {
        regular = typography.fonts(.regular)
        fonts = FontWeight.bundled.map { typography.fonts($0).primary }
    }

    private mutating func drawable(_ u: Unicode.Scalar) -> Bool {
        if let hit = known[u.value] { return hit }
        let p = u.properties
        let found =
            p.isWhitespace || p.isDefaultIgnorableCodePoint || String.isControl(u) || p.generalCategory == .format
            || fonts.contains { $0.glyph(for: u) != nil } || (1..<regular.count).contains { regular.loadedFont($0)?.glyph(for: u) != nil }
        known[u.value] = found
        return found
    }

    /// The characters of `text` that no font draws, each once, in the order they come.
    package mutating func missing(in text: String) -> [Unicode.Scalar] {
        var missing: [Unicode.Scalar] = []
        var seen = Set<UInt32>()
        for u in text.unicodeScalars where !drawable(u) && seen.insert(u.value).inserted {
            missing.append(u)
        }
        return missing
    }

    /// The warning for a text whose `missing` characters no font has.
    package static func message(_ missing: [Unicode.Scalar]) -> String {
        let named = missing.prefix(shownPerText).map { "\"\(Character($0))\" (U+\(String(format: "%04X", $0.value)))" }
        let more = missing.count > shownPerText ? " and \(missing.count - shownPerText) more" : ""
        let what = missing.count == 1 ? "the character \(named[0]) is" : "the characters \(named.joined(separator: ", "))\(more) are"
        return
            "\(what) in none of the scenario's fonts, so \(missing.count == 1 ? "it draws" : "each draws") as a box; name a font that has \(missing.count == 1 ? "it" : "them") "
            + "in fonts: (fonts.fallback: [a .ttf or .otf file], README, Text)"
    }
}

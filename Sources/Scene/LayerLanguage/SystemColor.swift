import Raster

/// UIKit's system colors by name (`systemRed`, `label`, ...), as a scenario may write them where a
/// color goes: in its light or dark value for the scenario's `appearance` (UIKit resolves them the
/// same way). The tints and grays are iOS 15's (UIColor documentation, "Standard colors"); the
/// label and background colors are the palette's (behaviour spec, section 5).
public enum SystemColor {
    /// (name, light, dark) as 0xRRGGBB.
    private static let tints: [(String, UInt32, UInt32)] = [
        ("systemRed", 0xFF3B30, 0xFF453A), ("systemOrange", 0xFF9500, 0xFF9F0A), ("systemYellow", 0xFFCC00, 0xFFD60A),
        ("systemGreen", 0x34C759, 0x30D158), ("systemMint", 0x00C7BE, 0x63E6E2), ("systemTeal", 0x30B0C7, 0x40C8E0),
        ("systemCyan", 0x32ADE6, 0x64D2FF), ("systemBlue", 0x007AFF, 0x0A84FF), ("systemIndigo", 0x5856D6, 0x5E5CE6),
        ("systemPurple", 0xAF52DE, 0xBF5AF2), ("systemPink", 0xFF2D55, 0xFF375F), ("systemBrown", 0xA2845E, 0xAC8E68),
        ("systemGray", 0x8E8E93, 0x8E8E93), ("systemGray2", 0xAEAEB2, 0x636366), ("systemGray3", 0xC7C7CC, 0x48484A),
        ("systemGray4", 0xD1D1D6, 0x3A3A3C), ("systemGray5", 0xE5E5EA, 0x2C2C2E), ("systemGray6", 0xF2F2F7, 0x1C1C1E),
    ]
    private static let semantic: [(String, @Sendable (Palette) -> Color)] = [
        ("label", { $0.label }), ("secondaryLabel", { $0.secondaryLabel }), ("separator", { $0.separator }),
        ("systemBackground", { $0.systemBackground }), ("secondarySystemBackground", { $0.secondarySystemBackground }),
    ]

    /// Every name, tints first.
    public static let names: [String] = tints.map(\.0) + semantic.map(\.0)

    /// The color called `name` (exactly as UIKit spells it) in `appearance`, or nil.
    public static func named(_ name: String, appearance: Appearance) -> Color? {
        if let t = tints.first(where: { $0.0 == name }) {
            let v = appearance == .light ? t.1 : t.2
            return Color(Int(v >> 16), Int(v >> 8 & 0xFF), Int(v & 0xFF))
        }
        return semantic.first { $0.0 == name }.map { $0.1(Palette.forAppearance(appearance)) }
    }

    /// The system color a bare word means (`red` -> systemRed, `Label` -> label, `grey` -> systemGray),
    /// matched case-insensitively with or without "system"; nil for other words.
    static func suggestion(for word: String) -> String? {
        let w = word.lowercased().replacingOccurrences(of: "grey", with: "gray")
        return names.first { $0.lowercased() == w || $0.lowercased() == "system" + w }
    }

    /// What a message says of how colors are written.
    static let howWritten =
        "colors are written \"#RRGGBB\" (in quotes: # starts a YAML comment) or by system color name "
        + "(systemRed, systemBlue, systemGray, label, systemBackground, ...)"

    /// The message for a bare word where a color goes.
    static func notAColor(_ word: String) -> String {
        "\(howWritten), got \"\(ScenarioReader.shown(word))\"" + (suggestion(for: word).map { "; did you mean \($0)?" } ?? "")
    }
}

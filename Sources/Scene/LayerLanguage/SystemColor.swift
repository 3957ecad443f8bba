import Raster

/// UIKit's system and semantic colors by name (`systemRed`, `label`, `systemGroupedBackground`,
/// ...), each with its light and dark value, as UIColor resolves them through
/// `UITraitCollection.userInterfaceStyle`. A scenario may write the name wherever a color goes
/// (resolved for its `appearance`, per variant of a matrix); the UIKit module takes its dynamic
/// colors from here.
///
/// Sources: the tints and grays are iOS 15's and later (UIColor documentation, "Standard colors");
/// the label, fill, text, separator and background colors are UIKit's values of the iOS 13-18
/// SDKs (UIColor documentation, "UI element colors"), 8 bits a channel. Those the chrome draws
/// with (label, secondaryLabel, separator, the two system backgrounds, tertiarySystemFill) are the
/// palette's (behaviour spec, section 5), so a layer and a bar of the same name match. The base
/// (not elevated) dark values are given; `tintColor` is UIKit's default tint, systemBlue.
public enum SystemColor {
    /// One named color: its value in light and in dark mode.
    public struct Entry: Sendable, Equatable {
        public let name: String
        public let light: Color
        public let dark: Color

        /// The value for `appearance`.
        public func color(_ appearance: Appearance) -> Color { appearance == .light ? light : dark }
    }

    private static func rgb(_ v: UInt32) -> Color { Color(Int(v >> 16), Int(v >> 8 & 0xFF), Int(v & 0xFF)) }
    /// 0xRRGGBBAA.
    private static func rgba(_ v: UInt32) -> Color { Color(r: UInt8(v >> 24), g: UInt8(v >> 16 & 0xFF), b: UInt8(v >> 8 & 0xFF), a: UInt8(v & 0xFF)) }

    /// (name, light, dark) as 0xRRGGBB.
    private static let tints: [(String, UInt32, UInt32)] = [
        ("systemRed", 0xFF3B30, 0xFF453A), ("systemOrange", 0xFF9500, 0xFF9F0A), ("systemYellow", 0xFFCC00, 0xFFD60A),
        ("systemGreen", 0x34C759, 0x30D158), ("systemMint", 0x00C7BE, 0x63E6E2), ("systemTeal", 0x30B0C7, 0x40C8E0),
        ("systemCyan", 0x32ADE6, 0x64D2FF), ("systemBlue", 0x007AFF, 0x0A84FF), ("systemIndigo", 0x5856D6, 0x5E5CE6),
        ("systemPurple", 0xAF52DE, 0xBF5AF2), ("systemPink", 0xFF2D55, 0xFF375F), ("systemBrown", 0xA2845E, 0xAC8E68),
        ("systemGray", 0x8E8E93, 0x8E8E93), ("systemGray2", 0xAEAEB2, 0x636366), ("systemGray3", 0xC7C7CC, 0x48484A),
        ("systemGray4", 0xD1D1D6, 0x3A3A3C), ("systemGray5", 0xE5E5EA, 0x2C2C2E), ("systemGray6", 0xF2F2F7, 0x1C1C1E),
    ]

    /// The semantic colors, in the order of UIColor's documentation.
    private static let semantic: [Entry] = {
        let l = Palette.light, d = Palette.dark
        func e(_ name: String, _ light: Color, _ dark: Color) -> Entry { Entry(name: name, light: light, dark: dark) }
        return [
            e("label", l.label, d.label), e("secondaryLabel", l.secondaryLabel, d.secondaryLabel),
            e("tertiaryLabel", rgba(0x3C3C_434C), rgba(0xEBEB_F54C)), e("quaternaryLabel", rgba(0x3C3C_432D), rgba(0xEBEB_F52D)),
            e("systemFill", rgba(0x7878_8033), rgba(0x7878_805B)), e("secondarySystemFill", rgba(0x7878_8028), rgba(0x7878_8051)),
            e("tertiarySystemFill", Palette.tertiarySystemFill(.light), Palette.tertiarySystemFill(.dark)),
            e("quaternarySystemFill", rgba(0x7474_8014), rgba(0x7676_802D)),
            e("placeholderText", rgba(0x3C3C_434C), rgba(0xEBEB_F54C)),
            e("systemBackground", l.systemBackground, d.systemBackground),
            e("secondarySystemBackground", l.secondarySystemBackground, d.secondarySystemBackground),
            e("tertiarySystemBackground", rgb(0xFFFFFF), rgb(0x2C2C2E)),
            e("systemGroupedBackground", rgb(0xF2F2F7), rgb(0x000000)),
            e("secondarySystemGroupedBackground", rgb(0xFFFFFF), rgb(0x1C1C1E)),
            e("tertiarySystemGroupedBackground", rgb(0xF2F2F7), rgb(0x2C2C2E)),
            e("separator", l.separator, d.separator), e("opaqueSeparator", rgb(0xC6C6C8), rgb(0x38383A)),
            e("link", rgb(0x007AFF), rgb(0x0984FF)),
            e("lightText", rgba(0xFFFF_FF99), rgba(0xFFFF_FF99)), e("darkText", rgb(0x000000), rgb(0x000000)),
            e("tintColor", rgb(0x007AFF), rgb(0x0A84FF)),
        ]
    }()

    /// Every named color, tints and grays first, then the semantic colors.
    public static let all: [Entry] = tints.map { Entry(name: $0.0, light: rgb($0.1), dark: rgb($0.2)) } + semantic

    private static let byName: [String: Entry] = Dictionary(all.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })

    /// Every name, tints first.
    public static let names: [String] = all.map(\.name)

    /// The light and dark values of the color called `name` (exactly as UIKit spells it), or nil.
    public static func entry(_ name: String) -> Entry? { byName[name] }

    /// The color called `name` (exactly as UIKit spells it) in `appearance`, or nil.
    public static func named(_ name: String, appearance: Appearance) -> Color? { byName[name]?.color(appearance) }

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
    package static func notAColor(_ word: String) -> String {
        "\(howWritten), got \"\(Suggestion.shown(word))\"" + (suggestion(for: word).map { "; did you mean \($0)?" } ?? "")
    }
}

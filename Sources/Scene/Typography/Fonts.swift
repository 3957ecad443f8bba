import Foundation
import Raster

/// Font weights the scenes use (the roles a scenario's `fonts:` maps to files); each maps to one
/// bundled Inter file by default.
public enum FontWeight: String, Sendable, CaseIterable {
    case regular, medium, semibold, bold

    var fileName: String {
        switch self {
        case .regular: return "Inter-Regular.otf"
        case .medium: return "Inter-Medium.otf"
        case .semibold: return "Inter-SemiBold.otf"
        case .bold: return "Inter-Bold.otf"
        }
    }

    /// The weight axis value of the role (a variable font is set to it).
    public var axisValue: Double {
        switch self {
        case .regular: return 400
        case .medium: return 500
        case .semibold: return 600
        case .bold: return 700
        }
    }

    var isBold: Bool { self == .semibold || self == .bold }
}

/// The fonts that ship with the package (Inter, SIL Open Font License, licence beside the files),
/// so glyphs are the same on every machine: no system font lookup.
public final class BundledFonts: Sendable {
    public static let shared: BundledFonts = {
        do { return try BundledFonts() } catch { fatalError("bundled fonts are missing from the package resources: \(error)") }
    }()

    private let fonts: [FontWeight: Font]

    init() throws {
        var loaded: [FontWeight: Font] = [:]
        for weight in FontWeight.allCases {
            guard let path = BundledFonts.path(weight) else { throw FontError.unreadable(path: "Fonts/\(weight.fileName)") }
            loaded[weight] = try Font(path: path)
        }
        fonts = loaded
    }

    public func font(_ weight: FontWeight) -> Font { fonts[weight]! }

    /// The font files' paths, for what a render depends on.
    public static var filePaths: [String] { FontWeight.allCases.compactMap(path) }

    static func path(_ weight: FontWeight) -> String? {
        Bundle.module.url(forResource: weight.fileName, withExtension: nil, subdirectory: "Fonts")?.path
    }
}

/// The fonts other scripts fall back to, at the paths Debian's packages install them
/// (`scripts/setup.sh` installs fonts-noto-core, fonts-noto-cjk and fonts-noto-color-emoji): Arabic,
/// Hebrew, Thai, Devanagari, Chinese, Japanese and Korean (Noto Sans CJK, its Simplified Chinese
/// face), and color emoji. Nothing else on the machine is looked up; a file that is missing is
/// skipped, and its characters draw as one `.notdef` box each.
public enum SystemFallbackFonts {
    public static let folder = "/usr/share/fonts"

    public static func sources(_ weight: FontWeight) -> [FontSource] {
        let style = weight.isBold ? "Bold" : "Regular"
        return ["Arabic", "Hebrew", "Thai", "Devanagari"].map {
            FontSource(path: "\(folder)/truetype/noto/NotoSans\($0)-\(style).ttf")
        } + [
            FontSource(path: "\(folder)/opentype/noto/NotoSansCJK-\(style).ttc", faceIndex: 2),
            FontSource(path: "\(folder)/truetype/noto/NotoColorEmoji.ttf", isEmoji: true),
        ]
    }

    /// The scripts the fallback fonts cover, for messages and the README.
    public static let scripts = "Latin, Greek and Cyrillic (Inter), Arabic, Hebrew, Thai, Devanagari, Chinese, Japanese, Korean and color emoji"
}

/// The fonts and text size a screen's text is set in: a font per role (regular, medium, semibold,
/// bold), the fallbacks tried after it, and the Dynamic Type size. It is passed, not ambient: a
/// screen's (`Screen.typography`) travels to the parts and content that draw text (`ChromeFrame`,
/// `ContentStyle`, `UserScene.Metrics`) and each text holds the one it is set in (`TextContent`).
public final class Typography: Sendable {
    /// Inter, the Noto fallbacks and emoji, at the Large text size.
    public static let standard = Typography()

    public let textSize: ContentSizeCategory
    /// True when the regular role is SF Pro: UIKit's size-specific tracking for the system font
    /// applies (`SystemFontTracking`), in place of the letter spacing that imitates it with Inter.
    public let isSystemFont: Bool
    private let cascades: [FontWeight: FontCascade]
    /// The files the fonts come from (own and fallback), for what a render depends on.
    public let files: [String]

    /// - Parameters:
    ///   - fonts: a font for each role given; the others are Inter's.
    ///   - fallbacks: fonts for other scripts, tried (in order) before the system fallbacks.
    public init(
        fonts: [FontWeight: Font] = [:], fallbacks: [FontSource] = [], textSize: ContentSizeCategory = .large,
        files: [String] = []
    ) {
        var cascades: [FontWeight: FontCascade] = [:]
        for weight in FontWeight.allCases {
            let primary = fonts[weight] ?? BundledFonts.shared.font(weight)
            cascades[weight] = FontCascade(
                primary, fallbacks: fallbacks + SystemFallbackFonts.sources(weight),
                standsInForSystemFont: fonts[weight] == nil)
        }
        self.cascades = cascades
        self.textSize = textSize
        let family = (fonts[.regular]?.familyName ?? "").lowercased()
        isSystemFont = family.hasPrefix("sf pro") || family.hasPrefix(".sf")
        self.files = files
    }

    /// The same fonts at another text size.
    public func with(textSize: ContentSizeCategory) -> Typography {
        Typography(cascades: cascades, textSize: textSize, isSystemFont: isSystemFont, files: files)
    }

    private init(cascades: [FontWeight: FontCascade], textSize: ContentSizeCategory, isSystemFont: Bool, files: [String]) {
        self.cascades = cascades; self.textSize = textSize; self.isSystemFont = isSystemFont; self.files = files
    }

    public func fonts(_ weight: FontWeight) -> FontCascade { cascades[weight]! }

    /// A text style's size at this typography's text size (body: 17 at Large).
    public func size(_ style: TextStyle) -> Double { style.pointSize(textSize) }

    /// A size that follows Dynamic Type as `style` does (UIFontMetrics), unchanged at Large.
    /// A size that is the style's own at Large is the style's size at this text size (Apple's table).
    public func scaled(_ size: Double, style: TextStyle = .body) -> Double {
        if textSize == .large { return size }
        if size == style.pointSize(.large) { return style.pointSize(textSize) }
        return DynamicType.scaled(size, style: style, to: textSize)
    }
}

import Foundation
import Raster

/// Font weights the scenes use (the roles a scenario's `fonts:` maps to files), SF Pro's nine from
/// ultraLight to black. Regular, medium, semibold and bold are Inter files bundled with the package;
/// the others, and every italic, are Inter's files from Debian's fonts-inter (`scripts/setup.sh`).
public enum FontWeight: String, Sendable, CaseIterable {
    case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black

    /// The four weights bundled with the package (the others are read from fonts-inter).
    public static let bundled: [FontWeight] = [.regular, .medium, .semibold, .bold]

    /// Inter's style name for the weight (SF Pro's ultraLight is weight 100, Inter's Thin).
    var interStyle: String {
        switch self {
        case .ultraLight: return "Thin"
        case .thin: return "ExtraLight"
        case .light: return "Light"
        case .regular: return "Regular"
        case .medium: return "Medium"
        case .semibold: return "SemiBold"
        case .bold: return "Bold"
        case .heavy: return "ExtraBold"
        case .black: return "Black"
        }
    }

    /// The Inter file of the weight, upright or italic.
    func fileName(italic: Bool = false) -> String {
        if italic { return self == .regular ? "Inter-Italic.otf" : "Inter-\(interStyle)Italic.otf" }
        return "Inter-\(interStyle).otf"
    }

    /// The weight axis value of the role (a variable font is set to it): 100 to 900, as SF Pro's.
    public var axisValue: Double { Double(FontWeight.allCases.firstIndex(of: self)! + 1) * 100 }

    var isBold: Bool { axisValue >= 600 }

    /// The nearest of the bundled weights (what draws when fonts-inter is not installed).
    var nearestBundled: FontWeight { axisValue <= 400 ? .regular : axisValue >= 700 ? .bold : self }
}

/// The fonts that ship with the package (Inter, SIL Open Font License, licence beside the files),
/// so glyphs are the same on every machine: no system font lookup. Inter's other weights and its
/// italics are the same release's files from Debian's fonts-inter, read when text first asks.
public final class BundledFonts: Sendable {
    public static let shared: BundledFonts = {
        do { return try BundledFonts() } catch { fatalError("bundled fonts are missing from the package resources: \(error)") }
    }()

    /// Where fonts-inter installs its files.
    public static let systemFolder = "/usr/share/fonts/opentype/inter"

    private let fonts: [FontWeight: Font]
    private let installed = Locked<[String: Font?]>([:])

    init() throws {
        var loaded: [FontWeight: Font] = [:]
        for weight in FontWeight.bundled {
            guard let path = BundledFonts.path(weight) else { throw FontError.unreadable(path: "Fonts/\(weight.fileName())") }
            loaded[weight] = try Font(path: path)
        }
        fonts = loaded
    }

    /// A bundled weight's font (the upright regular, medium, semibold or bold).
    public func font(_ weight: FontWeight) -> Font { fonts[weight.nearestBundled]! }

    /// The weight's font, upright or italic: bundled, or fonts-inter's file. Nil when that file is
    /// not installed (said once on standard error, with the fix).
    public func font(_ weight: FontWeight, italic: Bool) -> Font? {
        if !italic, let f = fonts[weight] { return f }
        let path = "\(BundledFonts.systemFolder)/\(weight.fileName(italic: italic))"
        if let hit = installed.withLock({ $0[path] }) { return hit }
        let font = try? Font(path: path)
        return installed.withLock { table in
            if let hit = table[path] { return hit }
            if font == nil {
                FontNotices.say(
                    "render-frames: \(path) is missing (Inter \(weight.interStyle)\(italic ? " Italic" : "")): "
                        + "text in it draws in Inter \(weight.nearestBundled.interStyle) upright; run scripts/setup.sh (installs fonts-inter)")
            }
            table[path] = font
            return font
        }
    }

    /// The font files' paths, for what a render depends on.
    public static var filePaths: [String] { FontWeight.bundled.compactMap(path) }

    static func path(_ weight: FontWeight) -> String? {
        Bundle.module.url(forResource: weight.fileName(), withExtension: nil, subdirectory: "Fonts")?.path
    }
}

/// Font files a text asked for and did not find: said once each on standard error, with the fix.
public enum FontNotices {
    private static let said = Locked<Set<String>>([])

    public static func say(_ message: String) {
        guard said.withLock({ $0.insert(message).inserted }) else { return }
        FileHandle.standardError.write(Data((message + "\n").utf8))
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
    /// The cascades of the roles' upright fonts, made at init for the bundled weights.
    private let cascades: [FontWeight: FontCascade]
    /// The roles' own fonts (the scenario's `fonts:`); a role not given is Inter's.
    private let ownFonts: [FontWeight: Font]
    private let fallbacks: [FontSource]
    /// Cascades made when text first asks: other weights, italics, named faces.
    private let more: Locked<[FaceKey: FontCascade]>
    /// The files the fonts come from (own and fallback), for what a render depends on.
    public let files: [String]

    private struct FaceKey: Hashable {
        var weight: FontWeight
        var italic: Bool
        var face: FontSource?
    }

    /// - Parameters:
    ///   - fonts: a font for each role given; the others are Inter's.
    ///   - fallbacks: fonts for other scripts, tried (in order) before the system fallbacks.
    public init(
        fonts: [FontWeight: Font] = [:], fallbacks: [FontSource] = [], textSize: ContentSizeCategory = .large,
        files: [String] = []
    ) {
        var cascades: [FontWeight: FontCascade] = [:]
        for weight in FontWeight.allCases where fonts[weight] != nil || FontWeight.bundled.contains(weight) {
            let primary = fonts[weight] ?? BundledFonts.shared.font(weight)
            cascades[weight] = FontCascade(
                primary, fallbacks: fallbacks + SystemFallbackFonts.sources(weight),
                standsInForSystemFont: fonts[weight] == nil)
        }
        self.cascades = cascades
        ownFonts = fonts
        self.fallbacks = fallbacks
        more = Locked([:])
        self.textSize = textSize
        let family = (fonts[.regular]?.familyName ?? "").lowercased()
        isSystemFont = family.hasPrefix("sf pro") || family.hasPrefix(".sf")
        self.files = files
    }

    /// The same fonts at another text size.
    public func with(textSize: ContentSizeCategory) -> Typography {
        Typography(
            cascades: cascades, ownFonts: ownFonts, fallbacks: fallbacks, more: more, textSize: textSize, isSystemFont: isSystemFont,
            files: files)
    }

    private init(
        cascades: [FontWeight: FontCascade], ownFonts: [FontWeight: Font], fallbacks: [FontSource], more: Locked<[FaceKey: FontCascade]>,
        textSize: ContentSizeCategory, isSystemFont: Bool, files: [String]
    ) {
        self.cascades = cascades; self.ownFonts = ownFonts; self.fallbacks = fallbacks; self.more = more
        self.textSize = textSize; self.isSystemFont = isSystemFont; self.files = files
    }

    /// The upright fonts of a weight.
    public func fonts(_ weight: FontWeight) -> FontCascade { fonts(weight, italic: false, face: nil) }

    /// The fonts a text is set in: `face`'s file when given (a font asked for by name), else the
    /// weight's role, italic or upright. A role's own font has no italic here: it draws upright.
    /// A file that cannot be read draws in the role's font (said once on standard error).
    public func fonts(_ weight: FontWeight, italic: Bool, face: FontSource? = nil) -> FontCascade {
        if face == nil, !italic || ownFonts[weight] != nil, let c = cascades[weight] { return c }
        let key = FaceKey(weight: weight, italic: italic, face: face)
        if let hit = more.withLock({ $0[key] }) { return hit }
        var primary: Font?
        var standsIn = false
        if let face {
            switch FontLibrary.font(face) {
            case .success(let f): primary = f
            case .failure(let error): FontNotices.say("render-frames: \(error); drawn in the system font instead")
            }
        }
        if primary == nil, let own = ownFonts[weight] { primary = own }
        if primary == nil {
            primary = BundledFonts.shared.font(weight, italic: italic)
                ?? (italic ? BundledFonts.shared.font(weight, italic: false) : nil) ?? BundledFonts.shared.font(weight)
            standsIn = true
        }
        let cascade = FontCascade(primary!, fallbacks: fallbacks + SystemFallbackFonts.sources(weight), standsInForSystemFont: standsIn)
        return more.withLock { table in
            if let hit = table[key] { return hit }
            table[key] = cascade
            return cascade
        }
    }

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

import Foundation
import XCTest
@testable import Raster

/// The fonts the text tests use: Inter (bundled with Scene) and the Noto fallbacks at the paths
/// Debian's packages install them (fonts-noto-core, fonts-noto-cjk, fonts-noto-color-emoji, which
/// scripts/setup.sh installs). A test that needs a missing file is skipped, saying so.
enum TestFonts {
    static let interPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Sources/Scene/Resources/Fonts/Inter-Regular.otf").standardized.path
    static let noto = "/usr/share/fonts/truetype/noto"
    static let arabicPath = "\(noto)/NotoSansArabic-Regular.ttf"
    static let hebrewPath = "\(noto)/NotoSansHebrew-Regular.ttf"
    static let emojiPath = "\(noto)/NotoColorEmoji.ttf"
    static let cjkPath = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
    /// Noto Sans CJK's Simplified Chinese face.
    static let cjkFace = 2

    static var inter: Font { FontTests.font }

    static func font(_ path: String, face: Int = 0) throws -> Font {
        guard FileManager.default.fileExists(atPath: path) else {
            throw XCTSkip("\(path) is missing: run scripts/setup.sh to install Debian's Noto fonts")
        }
        return try FontLibrary.font(FontSource(path: path, faceIndex: face)).get()
    }

    static var arabic: Font { get throws { try font(arabicPath) } }
    static var hebrew: Font { get throws { try font(hebrewPath) } }
    static var emoji: Font { get throws { try font(emojiPath) } }
    static var cjk: Font { get throws { try font(cjkPath, face: cjkFace) } }

    /// Positions of the fallbacks in `cascade()`.
    static let arabicIndex: UInt16 = 1, hebrewIndex: UInt16 = 2, cjkIndex: UInt16 = 3, emojiIndex: UInt16 = 4

    private static let shared = FontCascade(
        FontTests.font,
        fallbacks: [
            FontSource(path: arabicPath), FontSource(path: hebrewPath), FontSource(path: cjkPath, faceIndex: cjkFace),
            FontSource(path: emojiPath, isEmoji: true),
        ])

    /// Inter, then Arabic, Hebrew, Chinese and color emoji, as Scene's fallbacks are ordered.
    static func cascade() throws -> FontCascade {
        for path in [arabicPath, hebrewPath, cjkPath, emojiPath] where !FileManager.default.fileExists(atPath: path) {
            throw XCTSkip("\(path) is missing: run scripts/setup.sh to install Debian's Noto fonts")
        }
        return shared
    }
}

/// One glyph of `hb-shape --output-format=json`: glyph id, cluster, offsets and advances in font units.
struct HBGlyph: Decodable, Equatable {
    var g: UInt32
    var cl: Int
    var dx: Int
    var dy: Int
    var ax: Int
    var ay: Int
}

/// HarfBuzz's own command-line shaper (Debian's libharfbuzz-bin), the reference our shaping is
/// checked against. Run with no font size (so positions are in font units), language `en` and
/// the beginning/end-of-text flags and default-ignorable removal our Typesetter sets.
enum HBShape {
    static let executable: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/hb-shape" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// Glyphs in visual order (left to right), as HarfBuzz outputs them.
    static func shape(_ text: String, fontPath: String, faceIndex: Int = 0, direction: String? = nil) throws -> [HBGlyph] {
        guard let executable else {
            throw XCTSkip("hb-shape (Debian's libharfbuzz-bin) is not installed: run scripts/setup.sh --test")
        }
        var arguments = [
            "--output-format=json", "--no-glyph-names", "--font-file=\(fontPath)", "--face-index=\(faceIndex)",
            "--language=en", "--bot", "--eot", "--remove-default-ignorables",
            "--unicodes=" + text.unicodeScalars.map { String(format: "U+%04X", $0.value) }.joined(separator: ","),
        ]
        if let direction { arguments.append("--direction=\(direction)") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw NSError(domain: "hb-shape", code: Int(process.terminationStatus), userInfo: [NSLocalizedDescriptionKey: message])
        }
        return try JSONDecoder().decode([HBGlyph].self, from: data)
    }
}

extension TextLayout {
    /// The glyphs drawn from font `index` of the cascade, in visual order.
    func glyphs(inFont index: UInt16) -> [PlacedGlyph] { glyphs.filter { $0.font == index } }

    /// The x of the one glyph `glyph` of font `font` on the line (fails the test if not exactly one).
    func x(of glyph: UInt32?, font: UInt16, file: StaticString = #filePath, line: UInt = #line) -> Double {
        let hits = glyphs.filter { $0.glyph == glyph && $0.font == font }
        XCTAssertEqual(hits.count, 1, "glyph \(String(describing: glyph)) of font \(font) appears once", file: file, line: line)
        return hits.first?.x ?? .nan
    }
}

import Foundation
import XCTest
@testable import Raster

/// Attributed text at Raster's level: spans, their own kern, decorations, font metrics.
final class AttributedParagraphTests: XCTestCase {
    let font = FontTests.font

    func attributes(
        size: Double = 17, spacing: Double = 0, underline: UnderlineStyle = .none, strikethrough: UnderlineStyle = .none
    ) -> TextAttributes {
        TextAttributes(
            fonts: FontCascade(font), pointSize: size, color: .black, letterSpacing: spacing, underline: underline,
            strikethrough: strikethrough)
    }

    /// A big-endian integer of the font file at `offset`.
    func int16(_ bytes: [UInt8], _ offset: Int) -> Int { Int(Int16(bitPattern: UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1]))) }

    /// The underline's position and thickness are the post table's, the x-height OS/2's, read here
    /// from the file's bytes as the OpenType spec lays them out.
    func testUnderlineAndXHeightAreTheFontFilesOwn() throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: TestFonts.interPath)))
        let tables = int16(bytes, 4)
        var offsets: [String: Int] = [:]
        for i in 0..<tables {
            let record = 12 + 16 * i
            let tag = String(decoding: bytes[record..<record + 4], as: UTF8.self)
            offsets[tag] = Int(bytes[record + 8]) << 24 | Int(bytes[record + 9]) << 16 | Int(bytes[record + 10]) << 8 | Int(bytes[record + 11])
        }
        let post = try XCTUnwrap(offsets["post"]), os2 = try XCTUnwrap(offsets["OS/2"])
        // The post table gives the line's top; FreeType (and so `underlinePosition`) its centre.
        XCTAssertEqual(font.underlineThickness, int16(bytes, post + 10))
        XCTAssertEqual(font.underlinePosition, int16(bytes, post + 8) - int16(bytes, post + 10) / 2)
        XCTAssertGreaterThanOrEqual(int16(bytes, os2), 2, "OS/2 version 2 has sxHeight")
        XCTAssertEqual(font.xHeight, int16(bytes, os2 + 86))
        XCTAssertLessThan(font.underlinePosition, 0, "below the baseline")
    }

    /// Each span's kern follows its own characters: the space after the last character of a span
    /// is that span's.
    func testEachSpanKeepsItsOwnLetterSpacing() {
        let p = Paragraph([TextSpan("ab", attributes()), TextSpan("cd", attributes(spacing: 5))], width: .infinity)
        let ab = Paragraph("ab", font: font, pointSize: 17, width: .infinity).width
        let cd = Paragraph("cd", font: font, pointSize: 17, width: .infinity, letterSpacing: 5).width
        XCTAssertEqual(p.width, ab + cd, accuracy: 1e-9)
        XCTAssertEqual(p.lines[0].glyphs.map(\.style), [0, 0, 1, 1])
    }

    /// Adjacent glyphs of one underlined span share one line, over the kern between them; a span
    /// without one has none; the ellipsis of a cut span is underlined with it.
    func testDecorationsSpanTheirRunsGlyphs() {
        let p = Paragraph(
            [TextSpan("plain ", attributes()), TextSpan("under", attributes(spacing: 2, underline: .single)), TextSpan(" tail", attributes())],
            width: .infinity)
        let line = p.lines[0]
        XCTAssertEqual(line.decorations.count, 1)
        let own = line.glyphs.enumerated().filter { $0.element.style == 1 }
        XCTAssertEqual(line.decorations[0].x0, own.first!.element.x, accuracy: 1e-9)
        let lastAdvance = Double(font.advance(of: own.last!.element.glyph)) * 17 / Double(font.unitsPerEm)
        XCTAssertEqual(line.decorations[0].x1, own.last!.element.x + lastAdvance, accuracy: 1e-6)
        let cut = Paragraph(
            [TextSpan("plain ", attributes()), TextSpan("underlined to the end", attributes(underline: .single))], width: 120, maxLines: 1)
        XCTAssertTrue(cut.truncated)
        XCTAssertTrue(cut.texts[0].hasSuffix("\u{2026}"))
        XCTAssertEqual(cut.lines[0].glyphs.last!.style, 1, "the ellipsis in the look of what it follows")
        XCTAssertEqual(cut.lines[0].decorations.last!.x1, cut.lines[0].width, accuracy: 1e-6)
    }

    /// One span in the look of a plain text sets the same lines at the same places.
    func testOneSpanIsSetAsThePlainText() {
        let text = "Wrap this sentence across a few lines of a narrow box, then cut it at the tail"
        let plain = Paragraph(text, font: font, pointSize: 15, width: 90, maxLines: 3, letterSpacing: 0.5)
        let spans = Paragraph([TextSpan(text, attributes(size: 15, spacing: 0.5))], width: 90, maxLines: 3)
        XCTAssertEqual(plain.texts, spans.texts)
        XCTAssertEqual(plain.lineHeights, spans.lineHeights)
        XCTAssertEqual(plain.baselines, spans.baselines)
        XCTAssertEqual(plain.lines.map(\.positions), spans.lines.map(\.positions))
    }
}

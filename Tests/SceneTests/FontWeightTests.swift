import Raster
import Scene
import XCTest

/// The system font's stand-in in SF Pro's nine weights and their italics: Inter's files, four
/// bundled and the rest from Debian's fonts-inter.
final class FontWeightTests: XCTestCase {
    /// The glyph's coverage at 100 pixels per em: its ink, and the mask.
    private func glyph(_ scalar: Unicode.Scalar, _ weight: FontWeight, italic: Bool = false) throws -> GlyphRasterizer.RenderedGlyph {
        let font = try XCTUnwrap(BundledFonts.shared.font(weight, italic: italic), "Inter \(weight) is not installed: run scripts/setup.sh")
        let g = try XCTUnwrap(font.glyph(for: scalar))
        return try XCTUnwrap(GlyphRasterizer(font: font).render(g, pixelSize: 100, phaseX: 0, phaseY: 0))
    }

    private func ink(_ g: GlyphRasterizer.RenderedGlyph) -> Int { g.mask.bytes.reduce(0) { $0 + Int($1) } }

    func testEachWeightDrawsAHeavierStemThanTheOneBelow() throws {
        var previous = 0
        for weight in FontWeight.allCases {
            let stem = ink(try glyph("l", weight))
            XCTAssertGreaterThan(stem, previous, "\(weight): the l's ink, \(stem), is not above the weight below's, \(previous)")
            previous = stem
        }
    }

    func testEachWeightIsItsOwnInterFile() throws {
        let names = try FontWeight.allCases.map { try XCTUnwrap(BundledFonts.shared.font($0, italic: false)).styleName }
        XCTAssertEqual(names, ["Thin", "Extra Light", "Light", "Regular", "Medium", "Semi Bold", "Bold", "Extra Bold", "Black"])
    }

    /// The centre of the ink of the top and bottom fifths of an l: an upright l's are within a
    /// pixel, an italic one leans right by its slant (Inter's italics: about 9.4 degrees).
    func testItalicsAreSlanted() throws {
        func lean(_ g: GlyphRasterizer.RenderedGlyph) -> Double {
            let m = g.mask, band = m.height / 5
            func centre(_ rows: Range<Int>) -> Double {
                var sum = 0.0, total = 0.0
                for y in rows { for x in 0..<m.width { let v = Double(m.bytes[y * m.width + x]); sum += v * Double(x); total += v } }
                return sum / total
            }
            return centre(0..<band) - centre((m.height - band)..<m.height)
        }
        for weight in FontWeight.allCases {
            let upright = lean(try glyph("l", weight)), italic = lean(try glyph("l", weight, italic: true))
            XCTAssertLessThan(abs(upright), 1, "\(weight) upright")
            // 4/5 of the l's height (about 73 px) at tan(9.4°) = 0.166: about 12 px.
            XCTAssertGreaterThan(italic, 9, "\(weight) italic")
        }
    }

    func testTypographyGivesTheItalicCascadeAndKeepsTheBundledUprights() throws {
        let t = Typography.standard
        XCTAssertTrue(t.fonts(.bold) === t.fonts(.bold, italic: false))
        XCTAssertEqual(t.fonts(.regular, italic: true).primary.styleName, "Italic")
        XCTAssertEqual(t.fonts(.black, italic: true).primary.styleName, "Black Italic")
        XCTAssertTrue(t.fonts(.thin, italic: true) === t.fonts(.thin, italic: true), "made once")
    }

    func testAFaceByFileIsTheTextsFirstFontAndAMissingOneFallsBackToTheRole() {
        let t = Typography.standard
        let menlo = t.fonts(.regular, italic: false, face: FontSource(path: "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"))
        XCTAssertEqual(menlo.primary.familyName, "DejaVu Sans Mono")
        XCTAssertFalse(menlo.standsInForSystemFont)
        let missing = t.fonts(.bold, italic: false, face: FontSource(path: "/nonexistent/font.ttf"))
        XCTAssertEqual(missing.primary.familyName, "Inter")
        XCTAssertEqual(missing.primary.styleName, "Bold")
    }

    func testLayerLanguageWeightsAreSFProsNine() {
        XCTAssertEqual(FontWeight.allCases.map(\.axisValue), [100, 200, 300, 400, 500, 600, 700, 800, 900])
    }
}

import XCTest
@testable import Raster

/// The text engine against independent references: glyphs, advances and offsets against HarfBuzz's
/// own `hb-shape`; color emoji pixels; right-to-left order against the logical order; fallback
/// and `.notdef` counts against what the fonts' character maps say.
final class ShapingTests: XCTestCase {

    // MARK: Glyphs, advances and offsets equal hb-shape's

    /// Sets `text` in `font` alone at a point size of its units per em (so points are font units)
    /// and checks every glyph id, every pen position (the advances before it plus its x offset),
    /// every y offset and the line's width against `hb-shape`'s output. Returns the reference.
    @discardableResult
    func assertShapedAsHBShape(
        _ text: String, font: Font, path: String, faceIndex: Int = 0,
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> [HBGlyph] {
        let reference = try HBShape.shape(text, fontPath: path, faceIndex: faceIndex)
        let ours = Typesetter.line(text, fonts: FontCascade(font), pointSize: Double(font.unitsPerEm), letterSpacing: 0)
        XCTAssertEqual(ours.glyphs.map(\.glyph), reference.map(\.g), "glyph ids of \(text)", file: file, line: line)
        XCTAssertEqual(Set(ours.glyphs.map(\.font)), [0], file: file, line: line)
        var pen = 0
        var expectedX: [Double] = [], expectedY: [Double] = []
        for r in reference {
            expectedX.append(Double(pen + r.dx))
            expectedY.append(Double(-r.dy)) // HarfBuzz's y is up, ours down
            pen += r.ax
            XCTAssertEqual(r.ay, 0, file: file, line: line)
        }
        XCTAssertEqual(ours.glyphs.map(\.x), expectedX, "pen positions (advances and x offsets) of \(text)", file: file, line: line)
        XCTAssertEqual(ours.glyphs.map(\.y), expectedY, "y offsets of \(text)", file: file, line: line)
        XCTAssertEqual(ours.width, Double(pen), "width of \(text)", file: file, line: line)
        return reference
    }

    func testLatinKerningAndInterContextualAlternatesMatchHBShape() throws {
        let inter = TestFonts.inter
        let reference = try assertShapedAsHBShape("AVATAR Wave 9:41 A-Z 1->2 office Tokyo", font: inter, path: TestFonts.interPath)
        // The sample exercises what it is meant to (else the comparison proves little): a kerned
        // pair, Inter's colon raised between digits and hyphen raised between capitals (calt,
        // case) and its arrow ligature.
        XCTAssertLessThan(reference[0].ax, inter.advance(of: inter.glyph(for: "A")!), "A is kerned before V")
        XCTAssertTrue(reference.contains { $0.cl == 13 && $0.g != inter.glyph(for: ":")! }, "the colon of 9:41 is an alternate")
        XCTAssertTrue(reference.contains { $0.cl == 18 && $0.g != inter.glyph(for: "-")! }, "the hyphen of A-Z is an alternate")
        XCTAssertFalse(reference.contains { $0.cl == 23 }, "-> is one glyph")
    }

    func testArabicJoiningLigatureAndMarksMatchHBShape() throws {
        let arabic = try TestFonts.arabic
        // السلام عليكم: joining forms and the lam-alef ligature; بِسْمِ اللَّهِ: marks placed by GPOS.
        let greeting = try assertShapedAsHBShape("السلام عليكم", font: arabic, path: TestFonts.arabicPath)
        XCTAssertEqual(greeting.count, 11, "12 characters, lam-alef one glyph")
        XCTAssertEqual(greeting.first?.cl, 11, "right to left: the last character is leftmost")
        XCTAssertNotEqual(greeting.last?.g, nil)
        let marked = try assertShapedAsHBShape("بِسْمِ اللَّهِ", font: arabic, path: TestFonts.arabicPath)
        XCTAssertTrue(marked.contains { $0.dx != 0 && $0.dy != 0 }, "marks are offset")
        // Joining: the initial seen is not the isolated one.
        XCTAssertNotEqual(greeting.last(where: { $0.cl == 2 })?.g, arabic.glyph(for: "\u{0633}"))
        try assertShapedAsHBShape("لا دار", font: arabic, path: TestFonts.arabicPath)
        // Persian with a zero-width non-joiner: it breaks the joining, then draws nothing.
        try assertShapedAsHBShape("می\u{200C}خواهم", font: arabic, path: TestFonts.arabicPath)
    }

    func testEmojiZWJFamilyAndFlagAreOneGlyphEachAsInHBShape() throws {
        let emoji = try TestFonts.emoji
        let text = "👨‍👩‍👧‍👦🇫🇷😀👍🏽"
        let reference = try assertShapedAsHBShape(text, font: emoji, path: TestFonts.emojiPath)
        XCTAssertEqual(reference.count, 4, "a ZWJ family, a flag, a face and a toned thumb: one glyph each")
        XCTAssertFalse(reference.contains { $0.g == 0 })
    }

    /// In a cascade, a fallback font's run is shaped whole (joined, ligated) as hb-shape shapes it alone.
    func testFallbackRunsAreShapedWhole() throws {
        let fonts = try TestFonts.cascade()
        let arabic = try TestFonts.arabic
        let reference = try HBShape.shape("السلام عليكم", fontPath: TestFonts.arabicPath)
        // Arabic's units per em, so its run is in font units.
        let line = Typesetter.line("Hello السلام عليكم!", fonts: fonts, pointSize: Double(arabic.unitsPerEm), letterSpacing: 0)
        let run = line.glyphs(inFont: TestFonts.arabicIndex)
        XCTAssertEqual(run.map(\.glyph), reference.map(\.g))
        var pen = 0
        for (placed, r) in zip(run, reference) {
            XCTAssertEqual(placed.x - run[0].x + Double(reference[0].dx), Double(pen + r.dx))
            pen += r.ax
        }
        let family = Typesetter.line("Family 👨‍👩‍👧‍👦 and 🇫🇷", fonts: fonts, pointSize: 17, letterSpacing: 0)
        let emojiGlyphs = family.glyphs(inFont: TestFonts.emojiIndex).map(\.glyph)
        XCTAssertEqual(emojiGlyphs, try HBShape.shape("👨‍👩‍👧‍👦🇫🇷", fontPath: TestFonts.emojiPath).map(\.g))
        XCTAssertEqual(family.glyphs.count, "Family  and ".count + 2)
    }

    // MARK: Color emoji

    func testEmojiGlyphIsAColorBitmapScaledToThePixelSize() throws {
        let emoji = try TestFonts.emoji
        let glyph = try XCTUnwrap(emoji.glyph(for: "😀"))
        let rasterizer = GlyphRasterizer(font: emoji)
        for pixelSize in [17.0, 40, 51, 160] {
            let rendered = try XCTUnwrap(rasterizer.render(glyph, pixelSize: pixelSize, phaseX: 0, phaseY: 0))
            let pixels = try XCTUnwrap(rendered.color, "a color glyph")
            // As wide as the glyph's advance at that size (the bitmap fills its advance), within a pixel.
            let advance = Double(emoji.advance(of: glyph)) / Double(emoji.unitsPerEm) * pixelSize
            XCTAssertEqual(Double(pixels.width), advance, accuracy: 1, "width at \(pixelSize) px")
            // Its top at the ascender, within a pixel, its bottom near the descender.
            let ascent = Double(emoji.ascender) / Double(emoji.unitsPerEm) * pixelSize
            XCTAssertEqual(Double(-rendered.top), ascent, accuracy: 1.5, "top at \(pixelSize) px")
            XCTAssertEqual(Double(pixels.height), advance * 128 / 136, accuracy: 1.5, "the strike's 136 × 128 aspect")
            // 😀 is yellow: many opaque pixels with much red and green and little blue.
            let yellow = ShapingTests.count(pixels) { r, g, b, a in a > 200 && r > 200 && g > 150 && b < 110 }
            XCTAssertGreaterThan(Double(yellow), 0.3 * Double(pixels.width * pixels.height), "yellow at \(pixelSize) px")
        }
    }

    func testCanvasDrawsEmojiInItsOwnColorsNotTheTextColor() throws {
        let fonts = try TestFonts.cascade()
        let line = Typesetter.line("H😀", fonts: fonts, pointSize: 20, letterSpacing: 0)
        XCTAssertEqual(line.glyphs.map(\.font), [0, TestFonts.emojiIndex])
        var canvas = Canvas(pixmap: Pixmap(width: 100, height: 60, fill: Color.white.premultiplied))
        canvas.draw(
            line, with: GlyphRasterizers(), originX: 4, baselineY: 45, pixelsPerPoint: 2,
            color: Color(r: 0, g: 0, b: 255), opacity: 1)
        let split = 4 + Int((line.glyphs[1].x * 2).rounded())
        let left = canvas.pixmap.cropped(to: PixelRect(x: 0, y: 0, width: split, height: 60))
        let right = canvas.pixmap.cropped(to: PixelRect(x: split, y: 0, width: 100 - split, height: 60))
        // The H is in the text color (blue); the emoji is yellow, with no blue text pixels.
        XCTAssertGreaterThan(ShapingTests.count(left) { r, g, b, _ in b > 200 && r < 60 && g < 60 }, 20)
        XCTAssertGreaterThan(ShapingTests.count(right) { r, g, b, _ in r > 200 && g > 150 && b < 110 }, 200)
        XCTAssertEqual(ShapingTests.count(right) { r, g, b, _ in b > 150 && r < 100 && g < 100 }, 0)
    }

    static func count(_ pixmap: Pixmap, _ where: (Int, Int, Int, Int) -> Bool) -> Int {
        var n = 0
        let b = pixmap.bytes
        for i in stride(from: 0, to: b.count, by: 4) where `where`(Int(b[i]), Int(b[i + 1]), Int(b[i + 2]), Int(b[i + 3])) { n += 1 }
        return n
    }

    // MARK: Right to left

    func testHebrewFirstLogicalCharacterIsRightmost() throws {
        let fonts = try TestFonts.cascade()
        let hebrew = try TestFonts.hebrew
        let line = Typesetter.line("שלום", fonts: fonts, pointSize: 17, letterSpacing: 0)
        XCTAssertTrue(line.isRightToLeft)
        let xs = ["ש", "ל", "ו", "ם"].map { line.x(of: hebrew.glyph(for: $0), font: TestFonts.hebrewIndex) }
        XCTAssertEqual(xs, xs.sorted(by: >), "logical order runs right to left")
        XCTAssertEqual(line.glyphs.first?.glyph, hebrew.glyph(for: "ם"), "the last character is leftmost")
        XCTAssertEqual(line.text, "שלום", "text stays in logical order")
    }

    func testArabicFirstLogicalCharacterIsRightmost() throws {
        let fonts = try TestFonts.cascade()
        let arabic = try TestFonts.arabic
        // دار: dal and reh do not join to the left, so each letter is its own glyph.
        let line = Typesetter.line("دار", fonts: fonts, pointSize: 17, letterSpacing: 0)
        XCTAssertTrue(line.isRightToLeft)
        XCTAssertEqual(line.glyphs.count, 3)
        XCTAssertEqual(line.glyphs.last?.glyph, arabic.glyph(for: "\u{062F}"), "dal, first in logical order, is rightmost")
        XCTAssertEqual(line.glyphs.map(\.x), line.glyphs.map(\.x).sorted())
        XCTAssertFalse(Typesetter.line("Hello", fonts: fonts, pointSize: 17, letterSpacing: 0).isRightToLeft)
    }

    func testHebrewRunInEnglishIsReversedInPlace() throws {
        let fonts = try TestFonts.cascade()
        let hebrew = try TestFonts.hebrew, inter = TestFonts.inter
        let line = Typesetter.line("Hello שלום world", fonts: fonts, pointSize: 17, letterSpacing: 0)
        XCTAssertFalse(line.isRightToLeft, "the first strong character is Latin")
        let o = line.glyphs.filter { $0.font == 0 && $0.glyph == inter.glyph(for: "o") }.map(\.x) // hell-o, w-o-rld
        XCTAssertEqual(o.count, 2)
        let h = ["ש", "ל", "ו", "ם"].map { line.x(of: hebrew.glyph(for: $0), font: TestFonts.hebrewIndex) }
        XCTAssertLessThan(line.x(of: inter.glyph(for: "H"), font: 0), o[0])
        XCTAssertLessThan(o[0], h[3], "Hello, then the Hebrew")
        XCTAssertEqual(h, h.sorted(by: >), "the Hebrew word is reversed")
        XCTAssertLessThan(h[0], line.x(of: inter.glyph(for: "w"), font: 0), "then world")
        XCTAssertLessThan(line.x(of: inter.glyph(for: "w"), font: 0), o[1])
    }

    func testNumbersInRightToLeftTextStayLeftToRight() throws {
        let fonts = try TestFonts.cascade()
        let hebrew = try TestFonts.hebrew, inter = TestFonts.inter
        let line = Typesetter.line("שלום 123 עולם", fonts: fonts, pointSize: 17, letterSpacing: 0)
        XCTAssertTrue(line.isRightToLeft)
        let digits = ["1", "2", "3"].map { line.x(of: inter.glyph(for: $0), font: 0) }
        XCTAssertEqual(digits, digits.sorted(), "123 reads left to right")
        XCTAssertEqual(line.text, "שלום 123 עולם")
        let shin = line.x(of: hebrew.glyph(for: "ש"), font: TestFonts.hebrewIndex)
        let ayin = line.x(of: hebrew.glyph(for: "ע"), font: TestFonts.hebrewIndex)
        XCTAssertGreaterThan(shin, digits[2], "the first word is right of the number")
        XCTAssertLessThan(ayin, digits[0], "the last word is left of it")
        // Arabic-Indic digits in Arabic text too.
        let arabic = try TestFonts.arabic
        let a = Typesetter.line("دار ١٢٣", fonts: fonts, pointSize: 17, letterSpacing: 0)
        let ad = ["\u{0661}", "\u{0662}", "\u{0663}"].map { a.x(of: arabic.glyph(for: Unicode.Scalar($0)!), font: TestFonts.arabicIndex) }
        XCTAssertEqual(ad, ad.sorted(), "١٢٣ reads left to right")
        XCTAssertLessThan(ad[2], a.x(of: arabic.glyph(for: "\u{062F}"), font: TestFonts.arabicIndex), "and sits left of دار")
    }

    func testBracketsAreMirroredAndTheEllipsisLeadsInRightToLeftText() throws {
        let fonts = try TestFonts.cascade()
        let inter = TestFonts.inter
        // "(שלום)" right to left: the opening parenthesis is rightmost, drawn mirrored as "(" reads there.
        let line = Typesetter.line("(שלום)", fonts: fonts, pointSize: 17, letterSpacing: 0)
        XCTAssertEqual(line.glyphs.first.map { [$0.font, UInt16($0.glyph)] }, [0, UInt16(inter.glyph(for: "(")!)])
        XCTAssertEqual(line.glyphs.last.map { [$0.font, UInt16($0.glyph)] }, [0, UInt16(inter.glyph(for: ")")!)])
        // Cut at the tail of right-to-left text: the ellipsis is at the left end.
        let cut = Paragraph("שלום עולם שלום עולם", fonts: fonts, pointSize: 17, width: 60, maxLines: 1).lines[0]
        XCTAssertTrue(cut.text.hasPrefix("שלום") && cut.text.hasSuffix("\u{2026}"), cut.text)
        XCTAssertEqual(cut.glyphs.first?.glyph, inter.glyph(for: "\u{2026}"))
        XCTAssertEqual(cut.glyphs.first?.x, 0)
        XCTAssertEqual(cut.glyphs.last?.glyph, try TestFonts.hebrew.glyph(for: "ש"), "the first letter is rightmost")
    }

    // MARK: Fallback, .notdef and default-ignorables

    func testChineseComesFromTheCJKFace() throws {
        let fonts = try TestFonts.cascade()
        let cjk = try TestFonts.cjk
        XCTAssertNil(TestFonts.inter.glyph(for: "中"), "Inter has no Han")
        let line = Typesetter.line("Hi 中文。", fonts: fonts, pointSize: 17, letterSpacing: 0)
        XCTAssertEqual(line.glyphs.map(\.font), [0, 0, 0, TestFonts.cjkIndex, TestFonts.cjkIndex, TestFonts.cjkIndex])
        XCTAssertEqual(
            line.glyphs.suffix(3).map(\.glyph), try HBShape.shape("中文。", fontPath: TestFonts.cjkPath, faceIndex: TestFonts.cjkFace).map(\.g))
        XCTAssertEqual(cjk.familyName, "Noto Sans CJK SC")
    }

    func testEmojiPresentationPicksTheEmojiFontBeforeTheTextsOwn() throws {
        let fonts = try TestFonts.cascade()
        let inter = TestFonts.inter, emoji = try TestFonts.emoji
        XCTAssertNotNil(inter.glyph(for: "\u{2764}"), "Inter has a text heart")
        func glyphs(_ text: String) -> [[UInt32]] {
            Typesetter.line(text, fonts: fonts, pointSize: 17, letterSpacing: 0).glyphs.map { [UInt32($0.font), $0.glyph] }
        }
        // ❤ with VS16 is the emoji; bare or with VS15 it is the text's own heart.
        XCTAssertEqual(glyphs("\u{2764}\u{FE0F}"), [[UInt32(TestFonts.emojiIndex), emoji.glyph(for: "\u{2764}")!]])
        XCTAssertEqual(glyphs("\u{2764}"), [[0, inter.glyph(for: "\u{2764}")!]])
        XCTAssertEqual(glyphs("\u{2764}\u{FE0E}"), [[0, inter.glyph(for: "\u{2764}")!]])
        // A keycap is one emoji glyph, as hb-shape makes it; a plain digit stays Inter's.
        let keycap = try HBShape.shape("1\u{FE0F}\u{20E3}", fontPath: TestFonts.emojiPath)
        XCTAssertEqual(glyphs("1\u{FE0F}\u{20E3}1"), [[UInt32(TestFonts.emojiIndex), keycap[0].g], [0, inter.glyph(for: "1")!]])
    }

    func testACharacterNoFontHasIsOneNotdefEvenWithMarks() throws {
        let fonts = try TestFonts.cascade()
        // U+0378 is unassigned; U+0301 is a mark Inter has, U+1AB0 one no font here has.
        for text in ["\u{0378}", "\u{0378}\u{0301}", "\u{0378}\u{1AB0}\u{1AB0}", "\u{0378}\u{0301}\u{0308}\u{1AB0}"] {
            let line = Typesetter.line("a" + text + "b", fonts: fonts, pointSize: 17, letterSpacing: 0)
            XCTAssertEqual(
                line.glyphs.filter { $0.glyph == 0 }.count, 1, text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " "))
            XCTAssertEqual(line.glyphs.first?.glyph, TestFonts.inter.glyph(for: "a"))
            XCTAssertEqual(line.glyphs.last?.glyph, TestFonts.inter.glyph(for: "b"))
        }
        let three = Typesetter.line("\u{0378}\u{0379}\u{0380}", fonts: fonts, pointSize: 17, letterSpacing: 0)
        XCTAssertEqual(three.glyphs.map(\.glyph), [0, 0, 0], "three unassigned characters, three boxes")
        XCTAssertEqual(three.glyphs.map(\.font), [0, 0, 0], "the text's own .notdef")
        XCTAssertGreaterThan(three.width, 0)
    }

    func testDefaultIgnorablesDrawNothing() throws {
        let fonts = try TestFonts.cascade()
        let plain = Typesetter.line("abcdefg", fonts: fonts, pointSize: 17, letterSpacing: 0)
        // ZWJ, VS16, RLM, word joiner, soft hyphen, LRM, zero width space.
        let text = "a\u{200D}b\u{FE0F}c\u{200F}d\u{2060}e\u{00AD}f\u{200E}\u{200B}g"
        let line = Typesetter.line(text, fonts: fonts, pointSize: 17, letterSpacing: 0)
        XCTAssertEqual(line.glyphs.map(\.glyph), plain.glyphs.map(\.glyph))
        XCTAssertEqual(line.width, plain.width, accuracy: 1e-9)
        for only in ["\u{200D}", "\u{FE0F}", "\u{200F}", "\u{2066}\u{2069}", "\u{200B}\u{200C}"] {
            XCTAssertEqual(Typesetter.line(only, fonts: fonts, pointSize: 17, letterSpacing: 0).glyphs, [], "no glyph for invisible characters")
        }
        // Letter spacing counts no invisible character.
        let spaced = Typesetter.line(text, fonts: fonts, pointSize: 17, letterSpacing: 1)
        XCTAssertEqual(spaced.width, plain.width + 6, accuracy: 1e-9)
    }
}

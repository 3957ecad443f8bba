import XCTest
@testable import Raster

final class ParagraphTests: XCTestCase {
    let font = FontTests.font
    func wrap(_ text: String, _ width: Double, maxLines: Int = 0) -> Paragraph {
        Paragraph(text, font: font, pointSize: 17, width: width, maxLines: maxLines)
    }

    // A paragraph longer than `Typesetter.chunk` graphemes is shaped a run at a time, as far as its
    // lines reach: what it sets must be what the whole text set at once gives.
    let words = "The quick launch window opens at dawn and the crews check every valve before fuelling begins "
    func longText(_ count: Int) -> String { String(String(repeating: words, count: count / words.count + 1).prefix(count)) }

    func testALongTextCutToLinesIsSetAsItsBeginningIs() {
        let long = wrap(longText(100_000), 300, maxLines: 2), short = wrap(longText(400), 300, maxLines: 2)
        XCTAssertTrue(long.truncated)
        XCTAssertEqual(long.texts, short.texts)
        XCTAssertEqual(long.lines.map(\.positions), short.lines.map(\.positions))
        XCTAssertEqual(long.lines.map(\.width), short.lines.map(\.width))
        XCTAssertTrue(long.texts[1].hasSuffix("\u{2026}"))
    }

    /// Inter's contextual alternates turn an x between digits into a multiplication sign; SF Pro,
    /// which the bundled Inter stands in for, does not, so neither do we. The colon's alternate
    /// stays; Inter as a font of the scenario's own keeps its ×.
    func testAnXBetweenDigitsStaysAnX() {
        let x = font.glyph(for: "x")!
        let standIn = FontCascade(font, standsInForSystemFont: true)
        func wrap(_ text: String, _ width: Double) -> Paragraph { Paragraph(text, fonts: standIn, pointSize: 17, width: width) }
        XCTAssertNotEqual(self.wrap("1920x1080", .infinity).lines[0].glyphs[4].glyph, x, "Inter's own ×")
        for text in ["1920x1080", "0x1F", "3 x 4"] {
            let line = wrap(text, .infinity).lines[0]
            let i = text.unicodeScalars.firstIndex(of: "x")!
            let at = text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: i)
            XCTAssertEqual(line.glyphs[at].glyph, x, text)
            let plain = wrap("x", .infinity).lines[0].width
            let before = at + 1 < line.glyphs.count ? line.glyphs[at + 1].x - line.glyphs[at].x : line.width - line.glyphs[at].x
            XCTAssertEqual(before, plain, accuracy: 0.01, "the x's own advance: \(text)")
        }
        XCTAssertNotEqual(wrap("9:41", .infinity).lines[0].glyphs[1].glyph, font.glyph(for: ":"), "the colon between digits is raised")
    }

    /// HarfBuzz's time grows with the square of a run of combining marks: a character keeps its
    /// first 32 scalars, so a base with 200 000 accents is set at once (no timing: without the cap
    /// this takes minutes), and the characters around it are whole.
    func testACharacterWithThousandsOfMarksKeepsItsFirst32() {
        let bomb = "x" + String(repeating: "\u{0301}", count: 200_000) + "y"
        let p = wrap(bomb, .infinity)
        XCTAssertEqual(p.lines.count, 1)
        XCTAssertEqual(p.texts[0].unicodeScalars.count, Typesetter.maximumGraphemeScalars + 1)
        XCTAssertTrue(p.texts[0].hasSuffix("y"))
        XCTAssertLessThanOrEqual(p.lines[0].glyphs.count, Typesetter.maximumGraphemeScalars + 1)
        // A short cluster is untouched.
        XCTAssertEqual(wrap("e\u{0301}\u{0323}", .infinity).texts, ["e\u{0301}\u{0323}"])
    }

    func testALongTextWrapsWhole() {
        let text = longText(3 * Typesetter.chunk + 500)
        let p = wrap(text, 300)
        XCTAssertEqual(p.texts.joined(separator: " "), text.trimmingCharacters(in: .whitespaces))
        for (i, line) in p.lines.enumerated() {
            // Shaped: a glyph per letter (Inter has no ligatures among these), and each line fits.
            XCTAssertEqual(line.glyphs.count, line.text.count, "line \(i)")
            XCTAssertLessThanOrEqual(line.width, 300)
            if i + 1 < p.lines.count { XCTAssertGreaterThan(line.width, 200, "line \(i) is full") }
        }
        // Its first lines are a short text's.
        XCTAssertEqual(Array(p.lines.prefix(5).map(\.positions)), wrap(longText(400), 300).lines.prefix(5).map(\.positions))
    }

    func testAnUnbrokenWordLongerThanFourChunksBreaksByCharacter() {
        let word = String(repeating: "abcdefghijklmnopqrstuvwxyz", count: 5 * Typesetter.chunk / 26)
        let p = wrap(word, 200)
        XCTAssertEqual(p.texts.joined(), word)
        for line in p.lines {
            XCTAssertEqual(line.glyphs.count, line.text.count)
            XCTAssertLessThanOrEqual(line.width, 200)
        }
        let cut = wrap(word, 200, maxLines: 1)
        XCTAssertEqual(cut.lines.count, 1)
        XCTAssertTrue(cut.texts[0].hasSuffix("\u{2026}"))
        XCTAssertEqual(cut.texts[0].dropLast(), p.texts[0].prefix(cut.texts[0].count - 1))
    }

    func testShortTextIsOneLine() {
        let p = wrap("Hello world", 300)
        XCTAssertEqual(p.texts, ["Hello world"])
        XCTAssertEqual(p.height, p.lineHeight)
        XCTAssertEqual(p.lineHeight, Double(font.ascender + font.descender) / Double(font.unitsPerEm) * 17, accuracy: 1e-12)
    }

    func testWordsWrapGreedilyAndEveryLineFits() {
        let text = "The quick brown fox jumps over the lazy dog and keeps on running"
        let p = wrap(text, 150)
        XCTAssertGreaterThan(p.lines.count, 2)
        for (i, line) in p.lines.enumerated() {
            XCTAssertLessThanOrEqual(line.width, 150, p.texts[i])
            // Greedy: the next line's first word would not have fitted.
            if i + 1 < p.texts.count, let next = p.texts[i + 1].split(separator: " ").first {
                XCTAssertGreaterThan(font.layout(p.texts[i] + " " + next, pointSize: 17).width, 150)
            }
        }
        XCTAssertEqual(p.texts.joined(separator: " "), text, "no characters lost, spaces hang at line ends")
    }

    func testBreaksAfterHyphens() {
        let p = wrap("state-of-the-art", font.layout("state-of-", pointSize: 17).width + 1)
        XCTAssertEqual(p.texts.first, "state-of-")
        XCTAssertEqual(p.texts.joined(), "state-of-the-art")
    }

    func testOverlongWordsBreakByCharacter() {
        let p = wrap("Supercalifragilisticexpialidocious", 60)
        XCTAssertGreaterThan(p.lines.count, 3)
        for line in p.lines { XCTAssertLessThanOrEqual(line.width, 60) }
        XCTAssertEqual(p.texts.joined(), "Supercalifragilisticexpialidocious")
    }

    func testCJKBreaksBetweenCharacters() {
        let one = font.layout("日", pointSize: 17).width
        let p = wrap("日本語のテキスト", one * 3 + 0.5)
        XCTAssertEqual(p.texts, ["日本語", "のテキ", "スト"])
    }

    func testNewlinesForceBreaks() {
        XCTAssertEqual(wrap("one\ntwo", 300).texts, ["one", "two"])
    }

    func testMaxLinesEndsWithAnEllipsisThatFits() {
        let p = wrap("The quick brown fox jumps over the lazy dog and keeps on running", 150, maxLines: 2)
        XCTAssertEqual(p.lines.count, 2)
        XCTAssertTrue(p.truncated)
        XCTAssertTrue(p.texts[1].hasSuffix("\u{2026}"))
        XCTAssertLessThanOrEqual(p.lines[1].width, 150)
        XCTAssertFalse(wrap("short", 150, maxLines: 2).truncated)
    }

    /// The paragraph cache keys a text by its bytes: two spellings of é that String calls equal are
    /// two keys (each set from its own scalars), the same bytes one key, and a text of a letter with
    /// 150,000 accents sits in the table beside others without their lookups normalising it (they
    /// compare its bytes: with String's equality, a lookup that probed past it took seconds).
    func testTheParagraphCacheKeysATextByItsBytes() {
        let composed = "caf\u{E9}", decomposed = "cafe\u{301}"
        XCTAssertEqual(composed, decomposed, "String compares canonical equivalence")
        XCTAssertNotEqual(ExactText(composed), ExactText(decomposed))
        XCTAssertEqual(ExactText(composed), ExactText(String("xcaf\u{E9}".dropFirst())))
        XCTAssertEqual(ExactText(composed).hashValue, ExactText(String("xcaf\u{E9}".dropFirst())).hashValue)
        XCTAssertEqual(ExactText(""), ExactText(String()))

        let cache = ParagraphCache(), fonts = FontCascade(font)
        func set(_ text: String) -> Paragraph {
            cache.paragraph(text, fonts: fonts, pointSize: 17, width: 300, lineHeight: nil, maxLines: 0, letterSpacing: 0)
        }
        XCTAssertEqual(set(composed).texts, [composed])
        XCTAssertEqual(set(decomposed).texts.map { Array($0.unicodeScalars) }, [Array(decomposed.unicodeScalars)])
        let accents = "a" + String(repeating: "\u{301}", count: 150_000)
        _ = set(accents)
        for n in 0..<200 { _ = set("mmmm \(n)") }
        for n in 0..<200 {
            XCTAssertNotNil(
                cache.cached("mmmm \(n)", fonts: fonts, pointSize: 17, width: 300, lineHeight: nil, maxLines: 0, letterSpacing: 0))
        }
        XCTAssertNotNil(cache.cached(accents, fonts: fonts, pointSize: 17, width: 300, lineHeight: nil, maxLines: 0, letterSpacing: 0))
        XCTAssertNil(cache.cached(accents + "b", fonts: fonts, pointSize: 17, width: 300, lineHeight: nil, maxLines: 0, letterSpacing: 0))
    }
}

import XCTest
@testable import Raster

final class ParagraphTests: XCTestCase {
    let font = FontTests.font
    func wrap(_ text: String, _ width: Double, maxLines: Int = 0) -> Paragraph {
        Paragraph(text, font: font, pointSize: 17, width: width, maxLines: maxLines)
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
}

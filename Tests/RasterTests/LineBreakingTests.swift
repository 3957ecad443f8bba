import XCTest
@testable import Raster

/// Line breaking and truncation as UILabel does them (`.byWordWrapping`, `.byTruncatingTail` on
/// the last line), for widths taken from the text's own measure: each case states the exact lines
/// expected and checks, independently of the breaker, that each line fits and that the greedy
/// choice was forced (one more word or character would not have fitted).
final class LineBreakingTests: XCTestCase {
    let font = FontTests.font
    let size = 17.0

    /// The width of `text` on one line, in Inter at 17 pt.
    func measure(_ text: String) -> Double { font.layout(text, pointSize: size).width }
    var ellipsis: Double { measure("\u{2026}") }

    func set(_ text: String, width: Double, maxLines: Int = 0) -> Paragraph {
        Paragraph(text, font: font, pointSize: size, width: width, maxLines: maxLines)
    }

    /// Each line fits, and each line but the last would not have fitted with the next line's first
    /// word (or first character, `byCharacter`) added.
    func assertGreedy(_ p: Paragraph, width: Double, byCharacter: Bool = false, file: StaticString = #filePath, line: UInt = #line) {
        for (i, text) in p.texts.enumerated() {
            XCTAssertLessThanOrEqual(p.lines[i].width, width, "line \(i) fits", file: file, line: line)
            XCTAssertEqual(p.lines[i].width, measure(text), accuracy: 1e-9, file: file, line: line)
            guard i + 1 < p.texts.count else { continue }
            let next = p.texts[i + 1]
            let more = byCharacter ? text + String(next.prefix(1)) : text + " " + (next.split(separator: " ").first.map(String.init) ?? "")
            XCTAssertGreaterThan(measure(more), width, "\"\(more)\" would not have fitted", file: file, line: line)
        }
    }

    // MARK: Wrapping

    func testWordsWrapAtSpaces() {
        let text = "The quick brown fox jumps over the lazy dog"
        let w = measure("The quick brown") + 0.25
        XCTAssertGreaterThan(measure("The quick brown fox"), w)
        let p = set(text, width: w)
        XCTAssertEqual(p.texts, ["The quick brown", "fox jumps over", "the lazy dog"])
        XCTAssertFalse(p.truncated)
        assertGreedy(p, width: w)
        XCTAssertEqual(p.height, 3 * p.lineHeight, accuracy: 1e-9)
    }

    func testSpacesHangAtTheLineEnd() {
        // Any number of spaces after a word that fills the line hang past it: no empty line.
        let w = measure("word") + 0.25
        XCTAssertEqual(set("word     next", width: w).texts, ["word", "next"])
        XCTAssertEqual(set("word next", width: w).lines[0].width, measure("word"), accuracy: 1e-9)
    }

    func testAnOverlongWordBreaksBetweenCharactersAfterTheWordsBeforeIt() {
        let w = measure("Supercalifr") + 0.25
        let p = set("Hi Supercalifragilisticexpialidocious", width: w)
        XCTAssertEqual(p.texts, ["Hi", "Supercalifr", "agilisticex", "pialidociou", "s"])
        for (i, line) in p.lines.enumerated() { XCTAssertLessThanOrEqual(line.width, w, p.texts[i]) }
        assertGreedy(Paragraph(p.texts.dropFirst().joined(), font: font, pointSize: size, width: w), width: w, byCharacter: true)
        XCTAssertEqual(p.texts.dropFirst().joined(), "Supercalifragilisticexpialidocious")
    }

    // MARK: Truncation

    func testTailTruncationCutsMidWordWithNoSpaceBeforeTheEllipsis() {
        // UILabel: "Opinions are my o…", not "Opinions are my…" or "Opinions …".
        let text = "Opinions are my own"
        let w = measure("Opinions are my o") + ellipsis + 0.25
        XCTAssertGreaterThan(measure("Opinions are my ow") + ellipsis, w, "the cut falls inside \"own\"")
        let p = set(text, width: w, maxLines: 1)
        XCTAssertEqual(p.texts, ["Opinions are my o\u{2026}"])
        XCTAssertTrue(p.truncated)
        XCTAssertLessThanOrEqual(p.lines[0].width, w)
        XCTAssertEqual(p.lines[0].glyphs.last?.glyph, font.glyph(for: "\u{2026}"))
        // Cut right after a word: the space before the cut goes, the ellipsis follows the word.
        let w2 = measure("Opinions are my") + ellipsis + 0.25
        XCTAssertGreaterThan(measure("Opinions are my o") + ellipsis, w2)
        XCTAssertEqual(set(text, width: w2, maxLines: 1).texts, ["Opinions are my\u{2026}"])
        // Wide enough: no cut.
        let whole = set(text, width: measure(text) + 0.25, maxLines: 1)
        XCTAssertEqual(whole.texts, [text])
        XCTAssertFalse(whole.truncated)
    }

    func testMaxLinesTwoCutsTheSecondLine() {
        let text = "The quick brown fox jumps over the lazy dog"
        let w = measure("The quick brown") + 0.25
        let p = set(text, width: w, maxLines: 2)
        // The space after "over" fits but the "t" after it does not: the ellipsis follows "over".
        XCTAssertEqual(p.texts, ["The quick brown", "fox jumps over\u{2026}"])
        XCTAssertTrue(p.truncated)
        XCTAssertLessThanOrEqual(p.lines[1].width, w)
        XCTAssertEqual(p.lines[1].width, measure("fox jumps over") + ellipsis, accuracy: 1e-9)
        XCTAssertGreaterThan(measure("fox jumps over t") + ellipsis, w, "no more of the text fits before the ellipsis")
        XCTAssertEqual(set(text, width: w, maxLines: 3).texts, ["The quick brown", "fox jumps over", "the lazy dog"])
        XCTAssertFalse(set(text, width: w, maxLines: 3).truncated)
    }

    func testTheEllipsisFitsWhenLaterParagraphsAreCut() {
        // "one" fits, but "two" is cut: the ellipsis after "one" must fit too, so "one" is cut.
        let w = measure("one") + 0.25
        XCTAssertGreaterThan(measure("on") + ellipsis, w)
        let p = set("one\ntwo", width: w, maxLines: 1)
        XCTAssertEqual(p.texts, ["o\u{2026}"])
        XCTAssertTrue(p.truncated)
        XCTAssertLessThanOrEqual(p.lines[0].width, w)
        XCTAssertEqual(set("one\ntwo", width: measure("one") + ellipsis + 0.25, maxLines: 1).texts, ["one\u{2026}"])
    }

    func testTheEllipsisIsMeasuredInTheFontItIsDrawnIn() throws {
        // Cut among Chinese characters, the ellipsis is Noto Sans CJK's (an em wide), not Inter's
        // (the font of the text's last character), and the line must fit with it.
        let fonts = try TestFonts.cascade()
        let w = 2 * size + ellipsis + 1
        let p = Paragraph("中文中文中文 end", fonts: fonts, pointSize: size, width: w, maxLines: 1)
        XCTAssertEqual(p.lines[0].glyphs.last?.font, TestFonts.cjkIndex)
        XCTAssertEqual(p.texts, ["中\u{2026}"])
        XCTAssertLessThanOrEqual(p.lines[0].width, w)
    }

    // MARK: Chinese

    func testChineseBreaksBetweenCharactersButNotBeforeClosingPunctuation() throws {
        let fonts = try TestFonts.cascade()
        func set(_ text: String, _ width: Double) -> [String] {
            Paragraph(text, fonts: fonts, pointSize: size, width: width).texts
        }
        let em = Typesetter.line("中", fonts: fonts, pointSize: size, letterSpacing: 0).width
        XCTAssertEqual(em, size, accuracy: 1e-9, "Noto Sans CJK's ideographs are an em wide")
        XCTAssertEqual(Typesetter.line("。，", fonts: fonts, pointSize: size, letterSpacing: 0).width, 2 * size, accuracy: 1e-9)
        let three = 3 * em + 0.25
        XCTAssertEqual(set("一二三四五六七", three), ["一二三", "四五六", "七"])
        // "。" and "，" may not start a line: the character before them moves down with them.
        XCTAssertEqual(set("一二三。四五", three), ["一二", "三。四", "五"])
        XCTAssertEqual(set("一二三，四五", three), ["一二", "三，四", "五"])
        XCTAssertEqual(set("一二，三四五", three), ["一二，", "三四五"])
        // Latin words inside Chinese still break only at their ends.
        XCTAssertEqual(set("一二Swift", 2 * em + measure("Swift") - 1), ["一二", "Swift"])
    }

    /// A line may break after a hyphen, but not between a hyphen-minus and a digit (UAX #14's
    /// LB25): "10:00-22:00" stays whole, as UILabel keeps it.
    func testNoBreakBetweenAHyphenAndADigit() {
        let w = measure("Open 10:00-") + 0.25
        XCTAssertEqual(set("Open 10:00-22:00", width: w).texts, ["Open", "10:00-22:00"])
        let w2 = max(measure("well-"), measure("known")) + 0.25
        XCTAssertEqual(set("well-known", width: w2).texts, ["well-", "known"])
    }

    // MARK: Thai

    /// Thai has no spaces between words: a line breaks between dictionary words (libthai's, as
    /// UIKit breaks by ICU's dictionary), not between characters, and never inside a cluster of a
    /// consonant with its vowel and tone marks.
    func testThaiBreaksBetweenWords() throws {
        _ = try TestFonts.font("\(TestFonts.noto)/NotoSansThai-Regular.ttf") // skips when it is missing
        let fonts = FontCascade(FontTests.font, fallbacks: [FontSource(path: "\(TestFonts.noto)/NotoSansThai-Regular.ttf")])
        // "The Thai language is a very beautiful language", word by word.
        let words = ["ภาษา", "ไทย", "เป็น", "ภาษา", "ที่", "สวย", "งาม", "มาก"] // libthai has สวย and งาม apart
        let text = words.joined()
        var ends = Set<Int>(), offset = 0
        for w in words { offset += w.unicodeScalars.count; ends.insert(offset) }
        for width in [40.0, 60, 80, 100, 140] {
            let p = Paragraph(text, fonts: fonts, pointSize: size, width: width)
            XCTAssertEqual(p.texts.joined(), text, "width \(width)")
            XCTAssertGreaterThan(p.texts.count, 1, "width \(width)")
            var at = 0
            for line in p.texts.dropLast() {
                at += line.unicodeScalars.count
                XCTAssertTrue(ends.contains(at), "width \(width): \(p.texts) breaks inside a word")
            }
            for line in p.lines { XCTAssertLessThanOrEqual(line.width, width + 0.001, "width \(width): \(p.texts)") }
        }
        // A long run of Thai goes to libthai 1000 scalars at a time, each stretch cut back to its
        // last word: still no line breaks inside a word (no timing here).
        let long = String(repeating: text, count: 2000)
        let p = Paragraph(long, fonts: fonts, pointSize: size, width: 100)
        XCTAssertEqual(p.texts.joined(), long)
        let period = text.unicodeScalars.count
        var at = 0, inside = 0
        for line in p.texts.dropLast() {
            at += line.unicodeScalars.count
            if !ends.contains(at % period == 0 ? period : at % period) { inside += 1 }
        }
        XCTAssertEqual(inside, 0, "\(p.texts.count) lines")
        // Every word boundary libthai gives is one of the words', across the stretches' seams too.
        let codes = long.unicodeScalars.map(\.value)
        var starts: [Int] = [], scalar = 0
        for ch in long { starts.append(scalar); scalar += ch.unicodeScalars.count }
        starts.append(scalar)
        let before = try XCTUnwrap(ThaiWords.shared.breaksBefore(codes, starts: starts))
        let wrong = before.indices.filter { before[$0] && !ends.contains(starts[$0] % period == 0 ? period : starts[$0] % period) }
        XCTAssertEqual(wrong.count, 0, "boundaries inside words at scalars \(wrong.prefix(5).map { starts[$0] })")
        XCTAssertEqual(before.filter { $0 }.count, 2000 * words.count - 1, "every boundary but the text's start, the seams' too")
    }

    // MARK: Paragraphs and degenerate text

    func testNewlinesEndParagraphs() {
        XCTAssertEqual(set("one\ntwo\n\nthree", width: 300).texts, ["one", "two", "", "three"])
        XCTAssertEqual(set("one\r\ntwo\u{2028}three\u{2029}four", width: 300).texts, ["one", "two", "three", "four"])
        XCTAssertEqual(set("one\n", width: 300).texts, ["one", ""])
        let p = set("one\ntwo\nthree", width: 300, maxLines: 2)
        XCTAssertEqual(p.lines.count, 2)
        XCTAssertTrue(p.truncated)
        XCTAssertEqual(p.texts[0], "one")
    }

    func testNextLineVerticalTabAndFormFeedEndParagraphs() {
        // UAX #14's mandatory breaks (NL, BK; NSString's line ranges end at NEL too): dropping them
        // as control characters would join the words.
        for separator in ["\u{85}", "\u{0B}", "\u{0C}"] {
            XCTAssertEqual(set("one" + separator + "two", width: 300).texts, ["one", "two"])
        }
        XCTAssertEqual(set("one\u{07}two\ttab", width: 300).texts, ["onetwo tab"], "other controls draw nothing; a tab is a space")
    }

    func testEmptyStringIsOneEmptyLine() {
        let p = set("", width: 300)
        XCTAssertEqual(p.texts, [""])
        XCTAssertEqual(p.lines[0].glyphs, [])
        XCTAssertEqual(p.width, 0)
        XCTAssertEqual(p.height, p.lineHeight, accuracy: 1e-9)
        XCTAssertFalse(p.truncated)
        XCTAssertEqual(set("", width: 300, maxLines: 1).texts, [""])
    }

    func testOnlySpacesIsOneLineHowEverNarrow() {
        for width in [300.0, 5, 0.5] {
            let p = set("          ", width: width)
            XCTAssertEqual(p.lines.count, 1, "at \(width) pt")
            XCTAssertEqual(p.texts, [""])
            XCTAssertEqual(p.width, 0)
            XCTAssertFalse(p.truncated)
        }
        XCTAssertEqual(set("   ", width: 5, maxLines: 1).texts, [""])
    }

    // MARK: Long text (linear time; the benchmark measures the speed)

    func testA200000CharacterWordWrapsIntoLinesThatEachFit() {
        let n = 200_000
        let a = measure("a")
        XCTAssertEqual(measure("aaaa"), 4 * a, accuracy: 1e-9, "a is not kerned against itself")
        let perLine = Int((300 / a).rounded(.down))
        XCTAssertGreaterThan(300 / a - Double(perLine), 1e-6, "the width is not an exact multiple")
        let p = set(String(repeating: "a", count: n), width: 300)
        XCTAssertEqual(p.lines.count, (n + perLine - 1) / perLine)
        XCTAssertEqual(p.texts.dropLast().filter { $0.count != perLine }.count, 0, "every full line has \(perLine) characters")
        XCTAssertEqual(p.texts.last?.count, n - (p.lines.count - 1) * perLine)
        XCTAssertEqual(p.lines.filter { $0.width > 300 }.count, 0, "every line fits")
        XCTAssertEqual(p.texts.reduce(0) { $0 + $1.count }, n)
    }

    func testA100000CharacterLineCutToOneLine() {
        let n = 100_000
        let words = String(repeating: "lorem ipsum ", count: n / 12)
        let p = set(words, width: 300, maxLines: 1)
        XCTAssertEqual(p.lines.count, 1)
        XCTAssertTrue(p.truncated)
        XCTAssertTrue(p.texts[0].hasSuffix("\u{2026}"))
        XCTAssertLessThanOrEqual(p.lines[0].width, 300)
        let kept = String(p.texts[0].dropLast())
        XCTAssertTrue(words.hasPrefix(kept))
        var next = kept.count + 1 // the next character that is not a space, included
        while words[words.index(words.startIndex, offsetBy: next - 1)] == " " { next += 1 }
        XCTAssertGreaterThan(measure(String(words.prefix(next))) + ellipsis, 300, "as much as fits is kept")
        // One unbroken word too.
        let word = set(String(repeating: "m", count: n), width: 300, maxLines: 1)
        XCTAssertEqual(word.lines.count, 1)
        XCTAssertEqual(word.texts[0].count, Int(((300 - ellipsis) / measure("m")).rounded(.down)) + 1)
    }
}

import Raster
import XCTest
@testable import ScenarioFormat
@testable import Scene

/// Attributed text (issue 30: UILabel's attributedText, text runs): runs in their own weight,
/// size, colour, kern, underline and strikethrough set as one paragraph; line break modes;
/// measuring as sizeThatFits does.
final class AttributedTextTests: XCTestCase {
    let red = Color(255, 0, 0), blue = Color(0, 0, 255)

    /// The text drawn on white in a `width` x `height` point layer at `scale`.
    func render(_ text: TextContent, width: Double, height: Double, scale: Double = 2) -> Pixmap {
        let root = Layer(frame: Rect(x: 0, y: 0, width: width, height: height))
        root.backgroundColor = .white
        let label = Layer(frame: Rect(x: 0, y: 0, width: width, height: height))
        label.contents = .text(text)
        root.addSublayer(label)
        return LayerRenderer().render(root, width: Int(width * scale), height: Int(height * scale), scale: scale)
    }

    /// Columns (in pixels) where some pixel is mostly `channel` (0 red, 2 blue), between rows y0..<y1.
    func inkColumns(_ p: Pixmap, rows: Range<Int>, where test: (PremultipliedColor) -> Bool) -> [Int] {
        (0..<p.width).filter { x in rows.contains { y in test(p[x, y]) } }
    }
    func isRed(_ c: PremultipliedColor) -> Bool { Int(c.r) - Int(c.b) > 80 && Int(c.r) - Int(c.g) > 80 }
    func isBlue(_ c: PremultipliedColor) -> Bool { Int(c.b) - Int(c.r) > 80 && Int(c.b) - Int(c.g) > 80 }

    func testTwoRunsOfTwoWeightsAndColoursShareALineEachInItsColour() throws {
        let text = TextContent(
            runs: [TextRun("Bold ", weight: .bold, color: red), TextRun("light", weight: .regular, color: blue)], typography: .standard)
        let p = text.paragraph(width: 300, height: 40)
        XCTAssertEqual(p.lines.count, 1)
        XCTAssertEqual(p.texts, ["Bold light"])
        let line = p.lines[0]
        XCTAssertEqual(Set(line.glyphs.map(\.style)), [0, 1])
        // The bold run's glyphs come from the bold font, the other's from the regular one.
        XCTAssertTrue(line.attributes[0].fonts.primary === Typography.standard.fonts(.bold).primary)
        XCTAssertTrue(line.attributes[1].fonts.primary === Typography.standard.fonts(.regular).primary)
        let boundary = line.glyphs.first { $0.style == 1 }!.x
        let pixels = render(text, width: 300, height: 40)
        let reds = inkColumns(pixels, rows: 0..<80, where: isRed), blues = inkColumns(pixels, rows: 0..<80, where: isBlue)
        XCTAssertFalse(reds.isEmpty)
        XCTAssertFalse(blues.isEmpty)
        XCTAssertLessThan(Double(reds.max() ?? Int.max), boundary * 2, "red only left of the second run")
        XCTAssertGreaterThanOrEqual(Double(blues.min() ?? -100), boundary * 2 - 1, "blue only in the second run")
        XCTAssertGreaterThan(Double(blues.max() ?? -100), line.width * 2 - 12, "the blue run reaches the line's end")
    }

    /// One run in the text's look is set and drawn as the text itself is.
    func testOneRunDrawsAsThePlainText() {
        var plain = TextContent("Hello, attributed wörld", weight: .semibold, pointSize: 20, color: red, typography: .standard)
        plain.numberOfLines = 0
        var runs = TextContent(runs: [TextRun("Hello, attributed wörld", weight: .semibold, pointSize: 20, color: red)], typography: .standard)
        runs.numberOfLines = 0
        XCTAssertEqual(plain.paragraph(width: 120).texts, runs.paragraph(width: 120).texts)
        XCTAssertEqual(plain.paragraph(width: 120).lineHeights, runs.paragraph(width: 120).lineHeights)
        XCTAssertEqual(render(plain, width: 120, height: 80).bytes, render(runs, width: 120, height: 80).bytes)
    }

    func testAnUnderlineRunsUnderItsRunOnly() throws {
        let text = TextContent(
            runs: [TextRun("plain ", color: .black), TextRun("under", color: .black, underline: .single), TextRun(" plain", color: .black)],
            typography: .standard)
        let line = text.paragraph(width: 300, height: 40).lines[0]
        XCTAssertEqual(line.decorations.count, 1)
        let d = line.decorations[0]
        let x0 = line.glyphs.first { $0.style == 1 }!.x, last = line.glyphs.last { $0.style == 1 }!
        XCTAssertEqual(d.x0, x0, accuracy: 0.01)
        XCTAssertGreaterThan(d.x1, last.x)
        XCTAssertLessThanOrEqual(d.x1, line.glyphs.first { $0.style == 2 }!.x + 1e-9)
        // Drawn: a row below the baseline dark right under the run and nowhere else.
        let scale = 2.0
        let pixels = render(text, width: 300, height: 40, scale: scale)
        let p = text.paragraph(width: 300, height: 40)
        let baseline = (20 - p.height / 2 + p.baselines[0]) * scale
        let font = Typography.standard.fonts(.regular).primary
        let y = Int(baseline - Double(font.underlinePosition) / Double(font.unitsPerEm) * 17 * scale)
        let dark = (0..<pixels.width).filter { pixels[$0, y].r < 100 }
        guard let left = dark.min(), let right = dark.max() else { return XCTFail("no underline row at y \(y)") }
        XCTAssertEqual(Double(left), (d.x0 * scale).rounded(.down), accuracy: 1)
        XCTAssertEqual(Double(right), (d.x1 * scale).rounded(.up) - 1, accuracy: 1)
        // Without the underline, that row is blank there (a descender-free word).
        let bare = TextContent(
            runs: [TextRun("plain ", color: .black), TextRun("under", color: .black), TextRun(" plain", color: .black)], typography: .standard)
        let barePixels = render(bare, width: 300, height: 40, scale: scale)
        XCTAssertTrue((0..<barePixels.width).allSatisfy { barePixels[$0, y].r > 200 })
    }

    func testStrikethroughCrossesTheRunAtHalfTheXHeight() {
        let text = TextContent(runs: [TextRun("gone", color: .black, strikethrough: .thick), TextRun(" kept", color: .black)], typography: .standard)
        let scale = 2.0
        let pixels = render(text, width: 200, height: 40, scale: scale)
        let p = text.paragraph(width: 200, height: 40)
        let font = Typography.standard.fonts(.regular).primary
        let baseline = (20 - p.height / 2 + p.baselines[0]) * scale
        let y = Int(baseline - Double(font.xHeight) / 2 / Double(font.unitsPerEm) * 17 * scale)
        let end = p.lines[0].decorations[0].x1 * scale
        // Dark all along the struck run (through the letters' counters too), not after it.
        let dark = (0..<pixels.width).filter { pixels[$0, y].r < 100 }
        XCTAssertGreaterThanOrEqual(dark.count, Int(end) - 2)
        XCTAssertTrue((0..<Int(end) - 1).allSatisfy { pixels[$0, y].r < 128 })
    }

    /// A line is as tall as the largest font on it (TextKit's line fragment).
    func testALineIsAsTallAsItsLargestFont() {
        let typo = Typography.standard
        var text = TextContent(
            runs: [TextRun("small ", pointSize: 12), TextRun("BIG", pointSize: 34), TextRun("\nsmall again", pointSize: 12)], typography: typo)
        text.numberOfLines = 0
        let p = text.paragraph(width: 300)
        XCTAssertEqual(p.lines.count, 2)
        let big = typo.fonts(.regular).primary.lineHeight(pointSize: 34), small = typo.fonts(.regular).primary.lineHeight(pointSize: 12)
        XCTAssertEqual(p.lineHeights[0], big, accuracy: 0.01)
        XCTAssertEqual(p.lineHeights[1], small, accuracy: 0.01)
        // The baselines line up: the small run sits on the big one's baseline.
        XCTAssertTrue(p.lines[0].glyphs.allSatisfy { $0.y == 0 })
        // lineSpacing is added between lines, lineHeightMultiple multiplies each line.
        text.lineSpacing = 5
        XCTAssertEqual(text.paragraph(width: 300).height, big + small + 5, accuracy: 0.01)
        text.lineSpacing = 0
        text.lineHeightMultiple = 1.5
        let tall = text.paragraph(width: 300)
        XCTAssertEqual(tall.height, 1.5 * (big + small), accuracy: 0.01)
        XCTAssertEqual(tall.baselines[0] - p.baselines[0], 0.5 * big, accuracy: 0.01, "the extra space is above the text")
    }

    func testLinesWrapAcrossRunsAndMixThem() {
        var text = TextContent(
            runs: (0..<8).map { TextRun("word\($0) ", weight: $0 % 2 == 0 ? .bold : .regular, color: $0 % 2 == 0 ? red : blue) },
            typography: .standard)
        text.numberOfLines = 0
        let p = text.paragraph(width: 130)
        XCTAssertGreaterThan(p.lines.count, 2)
        XCTAssertEqual(p.texts.joined(separator: " "), (0..<8).map { "word\($0)" }.joined(separator: " "))
        XCTAssertTrue(p.lines.contains { Set($0.glyphs.map(\.style)).count >= 2 }, "a line holds more than one run")
        for line in p.lines { XCTAssertLessThanOrEqual(line.width, 130) }
        // Measuring is drawing: the size it needs holds every line, none cut.
        let size = text.size(fitting: 130)
        XCTAssertEqual(size.height, p.height)
        let shown = text.paragraph(width: size.width, height: size.height)
        XCTAssertEqual(shown.texts, p.texts)
        XCTAssertFalse(shown.truncated)
        let pixels = render(text, width: size.width, height: size.height)
        // Ink on the first and the last line, inside the measured box.
        XCTAssertFalse(inkColumns(pixels, rows: 0..<Int(p.lineHeights[0] * 2), where: { $0.r < 200 || $0.b < 200 }).isEmpty)
        XCTAssertFalse(inkColumns(pixels, rows: Int((size.height - p.lineHeights.last!) * 2)..<pixels.height, where: { $0.g < 200 }).isEmpty)
        // No text takes no room, as UILabel's sizeThatFits says; one line takes its line.
        XCTAssertEqual(TextContent(runs: [TextRun("")], typography: .standard).size(fitting: 100), Size(width: 0, height: 0))
        XCTAssertEqual(TextContent("", typography: .standard).size(fitting: .infinity), Size(width: 0, height: 0))
        let one = TextContent("One", typography: .standard)
        XCTAssertEqual(one.size(fitting: .infinity).height, Typography.standard.fonts(.regular).primary.lineHeight(pointSize: 17), accuracy: 1e-9)
        XCTAssertEqual(one.size(fitting: .infinity).width, one.layout().width, accuracy: 0.001)
        // A box one pixel lower than measured drops the last line.
        XCTAssertEqual(text.paragraph(width: size.width, height: size.height - 0.5).lines.count, p.lines.count - 1)
    }

    func testRightToLeftRunsAmongLatinOnesAreSetAndDrawn() throws {
        for path in ["/usr/share/fonts/truetype/noto/NotoSansArabic-Bold.ttf", "/usr/share/fonts/truetype/noto/NotoSansHebrew-Regular.ttf"]
        where !FileManager.default.fileExists(atPath: path) {
            throw XCTSkip("\(path) is missing: run scripts/setup.sh")
        }
        var text = TextContent(
            runs: [
                TextRun("مرحبا بالعالم ", weight: .bold, color: red, underline: .single), TextRun("hello ", color: blue),
                TextRun("שלום עולם", weight: .medium, pointSize: 22, color: .black, strikethrough: .single),
            ], typography: .standard)
        text.numberOfLines = 0
        for width in [400.0, 90, 40] {
            let p = text.paragraph(width: width)
            XCTAssertTrue(p.isRightToLeft)
            XCTAssertEqual(Set(p.lines.flatMap { $0.glyphs.map(\.style) }), [0, 1, 2])
            XCTAssertFalse(p.lines.flatMap(\.glyphs).contains { $0.glyph == 0 }, "no .notdef box")
        }
        let pixels = render(text, width: 400, height: 40)
        XCTAssertFalse(inkColumns(pixels, rows: 0..<80, where: isRed).isEmpty)
        XCTAssertFalse(inkColumns(pixels, rows: 0..<80, where: isBlue).isEmpty)
        // The paragraph runs right to left: the Arabic run (first) is on the right.
        XCTAssertGreaterThan(
            inkColumns(pixels, rows: 0..<80, where: isRed).min() ?? -1, inkColumns(pixels, rows: 0..<80, where: isBlue).max() ?? Int.max)
        // Cut to one line at every mode, without a crash.
        for mode in LineBreakMode.allCases {
            var one = text
            one.numberOfLines = 1
            one.lineBreakMode = mode
            XCTAssertEqual(one.paragraph(width: 120).lines.count, 1, "\(mode)")
        }
    }

    func testLineBreakModesEndTheLastLineAsUILabelDoes() {
        func lines(_ mode: LineBreakMode, _ n: Int = 2, width: Double = 110) -> [String] {
            var text = TextContent("The quick brown fox jumps over the lazy dog", typography: .standard)
            text.numberOfLines = n
            text.lineBreakMode = mode
            return text.paragraph(width: width).texts
        }
        let tail = lines(.byTruncatingTail)
        XCTAssertEqual(tail.count, 2)
        XCTAssertTrue(tail[1].hasSuffix("\u{2026}"))
        let word = lines(.byWordWrapping)
        XCTAssertEqual(word[0], tail[0])
        XCTAssertFalse(word[1].contains("\u{2026}"))
        XCTAssertTrue("The quick brown fox jumps over the lazy dog".hasPrefix(word.joined(separator: " ")), "whole words: \(word)")
        let clip = lines(.byClipping)
        XCTAssertEqual(clip[1], "The quick brown fox jumps over the lazy dog".dropFirst(tail[0].count + 1).description)
        let char = lines(.byCharWrapping)
        XCTAssertGreaterThan(char[0].count, word[0].count, "a line filled to the width, mid-word: \(char)")
        let head = lines(.byTruncatingHead, 1)
        XCTAssertTrue(head[0].hasPrefix("\u{2026}") && head[0].hasSuffix("lazy dog"), "\(head)")
        let middle = lines(.byTruncatingMiddle, 1)
        XCTAssertTrue(middle[0].hasPrefix("The") && middle[0].hasSuffix("dog") && middle[0].contains("\u{2026}"), "\(middle)")
        // Every cut line fits the width.
        for mode in LineBreakMode.allCases where mode != .byClipping {
            var text = TextContent("The quick brown fox jumps over the lazy dog", typography: .standard)
            text.lineBreakMode = mode
            XCTAssertLessThanOrEqual(text.paragraph(width: 110).lines[0].width, 110, "\(mode)")
        }
    }

    /// `byClipping` draws the one long line up to the label's right edge, not past it.
    func testAClippedLineStopsAtTheLabelsEdge() {
        var text = TextContent("Clipped at the edge of its label", color: .black, typography: .standard)
        text.lineBreakMode = .byClipping
        let root = Layer(frame: Rect(x: 0, y: 0, width: 200, height: 40))
        root.backgroundColor = .white
        let label = Layer(frame: Rect(x: 0, y: 0, width: 100, height: 40))
        label.contents = .text(text)
        root.addSublayer(label)
        let pixels = LayerRenderer().render(root, width: 400, height: 80, scale: 2)
        let ink = inkColumns(pixels, rows: 0..<80) { $0.r < 128 }
        XCTAssertGreaterThan(ink.max() ?? -1, 190, "the text reaches the edge")
        XCTAssertLessThan(ink.max() ?? Int.max, 200, "and stops there")
    }
}

/// `runs:` of a text layer in a scenario.
final class TextRunsScenarioTests: XCTestCase {
    func testATextLayersRunsDrawEachInItsLookWithTheLayersDefaults() throws {
        let yaml = """
            navigationBar: false
            background: "#FFFFFF"
            layers:
              - type: text
                name: label
                frame: [0, 0, 300, 40]
                size: 20
                color: "#0000FF"
                runs:
                  - {text: "Red ", color: "#FF0000", weight: bold}
                  - {text: "blue", underline: single}
            timeline: {keyframes: [{time: 0, offset: 0}, {time: 1, offset: 10}]}
            """
        let s = try ScenarioLoader.parse(yaml, file: "s.yaml", baseDirectory: "/nonexistent")
        func find(_ l: Layer) -> Layer? { l.name == "label" ? l : l.sublayersInDrawingOrder.lazy.compactMap(find).first }
        let label = try XCTUnwrap(find(s.layers(ofFrame: 0)))
        guard case .text(let text)? = label.contents else { return XCTFail("a text layer") }
        XCTAssertEqual(text.runs.map(\.text), ["Red ", "blue"])
        XCTAssertEqual(text.runs.map(\.weight), [.bold, .regular])
        XCTAssertEqual(text.runs.map(\.pointSize), [20, 20], "the layer's size")
        XCTAssertEqual(text.runs.map(\.color), [Color(255, 0, 0), Color(0, 0, 255)], "the layer's color where the run gives none")
        XCTAssertEqual(text.runs.map(\.underline), [.none, .single])
        XCTAssertEqual(text.text, "Red blue")
    }

    func testTextAndRunsTogetherAreRefusedWhereWritten() {
        let yaml = """
            layers:
              - {type: text, frame: [0, 0, 300, 40], text: Hi, runs: [{text: Hi, underline: wavy}]}
            timeline: {keyframes: [{time: 0, offset: 0}, {time: 1, offset: 10}]}
            """
        XCTAssertThrowsError(try ScenarioLoader.parse(yaml, file: "s.yaml", baseDirectory: "/nonexistent")) { error in
            let message = "\(error)"
            XCTAssertTrue(message.contains("s.yaml:2:48: layers[0].text: runs already give the text; keep text or runs"), message)
            XCTAssertTrue(message.contains("layers[0].runs[0].underline: expected one of none, single, thick, double, got \"wavy\""), message)
        }
    }
}

extension TextRunsScenarioTests {
    /// A run's color is bound as a layer's: one that reads `time` makes every frame its own, and
    /// `explain` shows it.
    func testARunsColorFormulaIsEvaluatedEachFrame() throws {
        let yaml = """
            navigationBar: false
            layers:
              - type: text
                name: label
                frame: [0, 100, 300, 40]
                runs:
                  - {text: "Still "}
                  - {text: pulsing, color: "mix(#FF0000, #0000FF, time)"}
            timeline: {duration: 1, keyframes: [{time: 0, offset: 0}]}
            """
        let s = try ScenarioLoader.parse(yaml, file: "s.yaml", baseDirectory: "/nonexistent")
        XCTAssertTrue(s.screen.scene!.readsTime)
        func colors(_ frame: Int) throws -> [Color] {
            func find(_ l: Layer) -> Layer? { l.name == "label" ? l : l.sublayersInDrawingOrder.lazy.compactMap(find).first }
            guard case .text(let text)? = try XCTUnwrap(find(s.layers(ofFrame: frame))).contents else { return [] }
            return text.runs.map(\.color)
        }
        XCTAssertEqual(try colors(0)[1], Color(255, 0, 0))
        XCTAssertNotEqual(try colors(30)[1], Color(255, 0, 0))
        XCTAssertEqual(try colors(0)[0], try colors(30)[0])
    }
}

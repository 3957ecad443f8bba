import Foundation
import XCTest
@testable import ScenarioFormat
@testable import Scene

/// Every recursive walk of a scenario has a bound checked before it recurses; each test drives
/// one walk past its bound and expects a positioned message, not a crash: YAML nesting (aliases
/// included), expressions, vars, layer trees. (View timelines: CycleTests.)
final class DepthBoundTests: XCTestCase {
    let timeline = "timeline: {keyframes: [{time: 0, offset: 0}, {time: 1, offset: 100}]}\n"

    func load(_ text: String) throws -> Scenario {
        try ScenarioLoader.parse(text, file: "s.yaml", baseDirectory: "/nonexistent")
    }

    func messages(_ text: String) -> [String] { scenarioErrorLines(text) { _ = try load(text) } }

    // MARK: YAML

    func testNestingTheTextScanMisreadsIsCountedAsYAMLReadsIt() {
        // A quote inside a plain word hides the rest of the line from the text scan; libyaml's own
        // stop (1000 levels) is put in our words.
        for depth in [40, 100_000] {
            let quoted = "values: [it's, " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "]\n" + timeline
            let m = messages(quoted)
            XCTAssertEqual(m.count, 1)
            guard m.count == 1 else { continue }
            XCTAssertTrue(
                m[0].hasPrefix("s.yaml:1:") && m[0].contains(": (nesting): lists and mappings nest ")
                    && m[0].contains("over the limit of 32") || m[0].contains("over 32 levels"), m[0])
            XCTAssertFalse(m[0].contains("yaml_set_max_nest_level"), m[0])
        }
        // Explicit keys nest a mapping per "? " on one line.
        let keys = messages(String(repeating: "? ", count: 100_000) + "a\n")
        XCTAssertTrue(keys.first?.contains("(nesting): lists and mappings nest 33 levels deep here") == true, "\(keys)")
    }

    func testAliasesCountAsTheLevelsTheyRepeat() throws {
        // Each line nests one level more than the last through its alias: 100,000 such lines built a
        // tree whose release overflowed the stack.
        var text = "vars:\n  x0: &x0 [1]\n"
        for i in 1..<100_000 { text += "  x\(i): &x\(i) [*x\(i - 1)]\n" }
        XCTAssertEqual(
            messages(text + timeline),
            [
                "s.yaml:32:14: (nesting): lists and mappings nest 33 levels deep here (the alias *x29 "
                    + "counted as the 30 levels it repeats), over the limit of 32; write the value out flatter, or share it with vars"
            ])
        // The same file read for its matrix after a failed load is checked too.
        let path = NSTemporaryDirectory() + "depth-\(getpid()).yaml"
        try (text + timeline).write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        XCTAssertThrowsError(try ScenarioLoader.checkEveryVariant(path: path)) { error in
            XCTAssertTrue("\(error)".contains("(nesting)"), "\(error)")
        }
    }

    func testAliasesRepeatAtMostAHundredThousandValues() {
        // Forty doubling aliases stand for 2^40 values: validate hung walking them.
        var text = "vars:\n  x0: &x0 [a, a]\n"
        for i in 1..<40 { text += "  x\(i): &x\(i) [*x\(i - 1), *x\(i - 1)]\n" }
        XCTAssertEqual(
            messages(text + timeline),
            [
                "s.yaml:16:20: (aliases): aliases repeat over 100000 values in all here (*x13 stands "
                    + "for 32767); write the values out, repeat layers with repeat:, or share a value with vars"
            ])
        // A few aliases are read as before.
        XCTAssertNoThrow(try load("vars:\n  w: &w 120\n  h: *w\nlayers: [{type: rectangle, width: w, height: h}]\n" + timeline))
    }

    func testEveryScenarioFixtureKeepsWithinTheYAMLBounds() throws {
        let folder = GoldenFrameTests.root + "/Fixtures/scenarios"
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) where name.hasSuffix(".yaml") {
            let text = try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
            XCTAssertNil(YAMLNesting.problem(in: text, limit: ScenarioLoader.maximumNesting), name)
        }
    }

    // MARK: expressions

    func testAnExpressionTreeIsBoundedAsItIsBuilt() {
        // 256 operations chained pass; the 257th is refused at its operator, by the parser itself
        // (before any walk of the tree).
        let within = Array(repeating: "1", count: 256).joined(separator: "+")
        XCTAssertNoThrow(try ExpressionParser.parse(within))
        let past = Array(repeating: "1", count: 300).joined(separator: "+")
        XCTAssertThrowsError(try ExpressionParser.parse(past)) { error in
            XCTAssertEqual((error as? ExpressionError)?.position, 511, "the 256th +")
            XCTAssertEqual((error as? ExpressionError)?.message, "the expression is a chain of over 256 operations; split it into vars")
        }
        // Parentheses, unary minus and calls nest at most 64 parsing levels.
        for deep in [
            String(repeating: "(", count: 999) + "1" + String(repeating: ")", count: 999),
            String(repeating: "-", count: 1999) + "1",
            String(repeating: "abs(", count: 300) + "1" + String(repeating: ")", count: 300),
        ] {
            XCTAssertThrowsError(try ExpressionParser.parse(deep)) { error in
                XCTAssertTrue((error as? ExpressionError)?.message.contains("nests more than 64 levels") == true, "\(error)")
            }
        }
        // Conditionals group to the right: a long chain of them is a deep tree too.
        let conditionals = Array(repeating: "u > 1 ? 1 :", count: 150).joined(separator: " ") + " 0"
        XCTAssertThrowsError(try ExpressionParser.parse(conditionals))
        // In a file: positioned at the operator.
        let m = messages("layers:\n  - {type: rectangle, height: \"\(past)\"}\n" + timeline)
        XCTAssertEqual(m.count, 1)
        guard m.count == 1 else { return }
        XCTAssertTrue(m[0].hasPrefix("s.yaml:2:543: layers[0].height: in \"1+1+"), m[0])
    }

    // MARK: vars

    func testAThousandVarsChainedLoadAndOneMoreIsRefused() throws {
        var text = "vars:\n"
        for i in 0..<999 { text += "  v\(i): v\(i + 1) + 1\n" }
        let s = try load(text + "  v999: 1\nlayers: [{type: rectangle, in: content, height: v0}]\n" + timeline)
        let built = try XCTUnwrap(s.screen.scene).layers(s.screen.sceneMoment(u: 0), s.screen.sceneMetrics(pixelScale: 1))
        XCTAssertEqual(built.content.first?.frame.height, 1000)
        XCTAssertEqual(
            messages(text + "  v999: v1000\n  v1000: 1\nlayers: [{type: rectangle}]\n" + timeline),
            ["s.yaml:2:3: vars: 1001 vars, over the limit of 1000; compute some inside the formulas that use them"])
    }

    // MARK: layer trees

    func testLayersNestAtMostTwelveLevels() throws {
        func nested(_ levels: Int) -> String {
            var layer = "{type: rectangle, name: deepest, height: 10}"
            for _ in 1..<levels { layer = "{type: group, children: [\(layer)]}" }
            return "layers:\n  - \(layer)\n  - {type: rectangle, opacity: {over: view, view: deepest, keyframes: [[0, 0], [1, 1]]}}\n"
        }
        XCTAssertNoThrow(try load(nested(12) + timeline))
        let m = messages(nested(13) + timeline)
        XCTAssertEqual(m.count, 2, "\(m)")
        guard m.count == 2 else { return }
        XCTAssertTrue(
            m[0].hasPrefix("s.yaml:2:")
                && m[0].hasSuffix(
                    ".children: layers nest 13 levels deep here, over the limit of 12; flatten "
                        + "the tree: move the deeper layers up into an ancestor, adding up the x and y of the layers between"),
            m[0])
        // The layer past the limit is not read, so it cannot be named.
        XCTAssertTrue(m[1].contains("no layer is named \"deepest\""), m[1])
    }
}

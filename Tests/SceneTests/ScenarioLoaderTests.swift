import Foundation
import XCTest
@testable import ScenarioFormat
@testable import Scene

final class ScenarioLoaderTests: XCTestCase {
    let minimal = "timeline:\n  keyframes:\n    - {time: 0, offset: 0}\n    - {time: 1, offset: -100}\n"

    func load(_ text: String) throws -> Scenario {
        try ScenarioLoader.parse(text, file: "s.yaml", baseDirectory: "/nonexistent")
    }

    func messages(_ text: String) -> [String] { scenarioErrorLines(text) { _ = try load(text) } }

    func testMinimalScenarioHasDefaults() throws {
        let s = try load(minimal)
        XCTAssertEqual(s.screen.device.id, "iphone-15")
        XCTAssertEqual(s.fps, 60)
        XCTAssertEqual(s.scale, 3)
        XCTAssertEqual(s.frameCount, 60)
        XCTAssertEqual(s.contentOffsetY(ofFrame: 0), -110)
    }

    func testJSONIsAccepted() throws {
        let s = try load(#"{"device": "iphone-8", "fps": 30, "timeline": {"keyframes": [{"time": 0, "offset": 0}, {"time": 2, "offset": 50}]}}"#)
        XCTAssertEqual(s.frameCount, 60)
        XCTAssertEqual(s.scale, 2)
    }

    /// A UTF-8 byte order mark (as Windows editors write) is skipped: the file loads, and a problem
    /// on its first line is placed at the column the editor shows.
    func testAByteOrderMarkIsSkipped() throws {
        let s = try load("\u{FEFF}device: iphone-8\nfps: 30\n" + minimal)
        XCTAssertEqual(s.screen.device.id, "iphone-8")
        XCTAssertEqual(s.fps, 30)
        XCTAssertEqual(
            messages("\u{FEFF}fps: 0\n" + minimal),
            ["s.yaml:1:6: fps: must be between 1 and 240 frames per second, got 0"])
    }

    /// A file that is not UTF-8 is refused at its first bad byte, by line and column.
    func testAFileNotInUTF8IsRefusedAtItsFirstBadByte() {
        func issue(_ bytes: [UInt8]) -> String? { ScenarioLoader.encodingIssue(bytes, file: "s.yaml")?.description }
        XCTAssertNil(issue(Array("a: caf\u{E9} \u{1F600}\n".utf8)))
        XCTAssertEqual(
            issue(Array("a: 1\nb: caf".utf8) + [0xE9]),
            "s.yaml:2:7: (file): byte 0xE9 (byte 12 of the file) is not UTF-8; "
                + "the file is in another encoding (such as Latin-1 or Windows-1252): save it as UTF-8")
        XCTAssertEqual(ScenarioLoader.encodingIssue([0x61, 0xC0, 0xAF], file: "s")?.column, 2, "an overlong form")
        XCTAssertEqual(ScenarioLoader.encodingIssue([0xED, 0xA0, 0x80], file: "s")?.column, 1, "a surrogate")
        XCTAssertEqual(ScenarioLoader.encodingIssue([0x61, 0x62, 0xF0, 0x9F, 0x98], file: "s")?.column, 3, "cut off at the end")
        XCTAssertEqual(ScenarioLoader.encodingIssue([0xF4, 0x90, 0x80, 0x80], file: "s")?.column, 1, "past U+10FFFF")
        XCTAssertEqual(
            issue([0xFF, 0xFE, 0x61, 0x00]), "s.yaml:1:1: (file): the file is UTF-16 text (it starts with a UTF-16 byte order mark); save it as UTF-8"
        )
    }

    func testAnEmptyValueSaysWhatToDo() {
        XCTAssertEqual(
            messages("navigationBar: {title: \"\"}\n" + minimal),
            ["s.yaml:1:24: navigationBar.title: expected text, got an empty value; write the value, or remove the key"])
    }

    func testAControlCharacterIsGivenItsOwnEscape() {
        XCTAssertEqual(ScenarioLoader.yamlEscape("\u{07}"), "\\a")
        XCTAssertEqual(ScenarioLoader.yamlEscape("\u{1B}"), "\\e")
        XCTAssertEqual(ScenarioLoader.yamlEscape("\u{01}"), "\\x01")
        XCTAssertEqual(ScenarioLoader.yamlEscape("\u{9F}"), "\\x9F")
    }

    func testUnknownKeySuggestsTheRightOne() {
        XCTAssertEqual(
            messages("hedaer:\n  height: 100\n" + minimal),
            ["s.yaml:1:1: hedaer: unknown key \"hedaer\"; did you mean \"header\"?"])
    }

    func testEveryProblemIsReportedWithItsPosition() {
        let text = """
            device: iphone-99
            fps: 500
            header:
              height: -3
              color: blue
            timeline:
              keyframes:
                - {time: 0, offset: zero}
            """
        XCTAssertEqual(
            messages(text),
            [
                "s.yaml:1:9: device: expected a device id (render-frames presets lists them: iphone-se-1, iphone-8, iphone-8-plus, iphone-x, iphone-11, iphone-12, iphone-15, iphone-15-pro-max, iphone-16, iphone-16-plus, iphone-16-pro, iphone-16-pro-max, iphone-17, iphone-17-pro, iphone-17-pro-max, iphone-air, ipad-10, ipad-air-11, ipad-air-13, ipad-pro-11, ipad-pro-13), got \"iphone-99\"; did you mean \"iphone-8\"?",
                "s.yaml:2:6: fps: must be between 1 and 240 frames per second, got 500",
                "s.yaml:4:11: header.height: must be between 20 and 2000 points, got -3",
                "s.yaml:5:10: header.color: colors are written \"#RRGGBB\" (in quotes: # starts a YAML comment) or by system color name (systemRed, systemBlue, systemGray, label, systemBackground, ...), got \"blue\"; did you mean systemBlue?",
                "s.yaml:8:25: timeline.keyframes[0].offset: expected a number (points), got \"zero\"",
            ])
    }

    func testMissingImageNamesTheResolvedPath() {
        XCTAssertEqual(
            messages("header:\n  image: photos/missing.jpg\n" + minimal),
            [
                "s.yaml:2:10: header.image: image file not found: /nonexistent/photos/missing.jpg (paths are relative to the scenario file); fix the path"
            ])
    }

    func testInvalidYAMLGivesLineAndColumn() {
        let m = messages("header:\n  height: [1, 2\n")
        XCTAssertEqual(m.count, 1)
        XCTAssertTrue(m[0].hasPrefix("s.yaml:3:1: invalid YAML:"), m[0])
    }

    func testMissingAndEmptyTimeline() {
        XCTAssertEqual(
            messages("fps: 30\n"),
            ["s.yaml:1:1: timeline: missing; add a timeline with gestures or keyframes, e.g. gestures: [{drag: {by: 150}}, release]"])
        XCTAssertEqual(
            messages("timeline:\n  keyframes: []\n"),
            ["s.yaml:2:14: timeline.keyframes: the list is empty; add at least one keyframe, e.g. - {time: 0, offset: 0}"])
    }

    func testHeaderMustReachBelowTheBars() {
        XCTAssertEqual(
            messages("header:\n  height: 90\n" + minimal),
            [
                "s.yaml:2:11: header.height: must be at least 98 points on iphone-15 (status bar 54 + navigation bar 44), got 90; make the header taller"
            ])
        XCTAssertNoThrow(try load("navigationBar: false\nheader:\n  height: 90\n" + minimal))
    }

    func testMissingFileIsItsOwnError() {
        XCTAssertThrowsError(try ScenarioLoader.load(path: "/nonexistent/s.yaml")) { error in
            XCTAssertEqual(error as? ScenarioError, .fileNotFound(path: "/nonexistent/s.yaml"))
        }
    }

    // MARK: Limits: absurd scenarios are refused before work starts

    func testAHugeFileIsRefusedBeforeItIsRead() throws {
        let path = NSTemporaryDirectory() + "huge-\(getpid()).yaml"
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        defer { try? FileManager.default.removeItem(atPath: path) }
        // A sparse 1 GB file: refused from its size, never read into memory.
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: 1 << 30)
        try handle.close()
        XCTAssertThrowsError(try ScenarioLoader.load(path: path)) { error in
            XCTAssertEqual(error as? ScenarioError, .unreadable(path: path, reason: "1073741824 bytes, over the 4194304-byte limit for a scenario"))
        }
    }

    func testDeepNestingIsRefusedBeforeParsing() {
        // Flow style: a million brackets would overflow the parser's stack.
        let flow = "timeline: {gestures: " + String(repeating: "[", count: 1_000_000) + "}"
        XCTAssertEqual(
            messages(flow),
            [
                "s.yaml:1:52: (nesting): lists and mappings nest 33 levels deep here, over the limit of 32 "
                    + "(a scenario needs about 5); flatten them"
            ])
        // Block style: indentation and "- " items.
        var block = "timeline:\n"
        for level in 0..<40 { block += String(repeating: " ", count: level + 1) + "k\(level):\n" }
        XCTAssertEqual(messages(block).first?.hasPrefix("s.yaml:33:33: (nesting): lists and mappings nest 33 levels"), true)
        XCTAssertEqual(
            messages("timeline:\n  gestures:\n" + String(repeating: "- ", count: 40) + "release\n").first?
                .contains("(nesting)"), true)
        // Brackets inside quotes and comments do not count.
        XCTAssertNoThrow(
            try load(
                "rows: {texts: [\"" + String(repeating: "[", count: 100) + "\"]}  # " + String(repeating: "{", count: 100)
                    + "\n" + minimal))
    }

    func testTooManyFramesAreRefused() {
        let long = "fps: 240\ntimeline:\n  duration: 3600\n  keyframes: [{time: 0, offset: 0}]\n"
        XCTAssertEqual(
            messages(long),
            [
                "s.yaml:3:3: timeline: lasts 3600 s at 240 fps: 864000 frames, over the limit of 100000; "
                    + "shorten the timeline or lower fps"
            ])
        // The command line's --fps counts too.
        let hour = "timeline:\n  duration: 1000\n  keyframes: [{time: 0, offset: 0}]\n"
        XCTAssertNoThrow(try load(hour))
        XCTAssertThrowsError(try ScenarioLoader.parse(hour, file: "s.yaml", baseDirectory: "/", fpsOverride: 120))
    }

    func testTallContentCostsOnlyWhatIsOnScreen() throws {
        // 10000 rows of 1000 pt: ten million points of content, of which one screen is built.
        let s = try load(
            "effect: none\nrows: {count: 10000, height: 1000}\n"
                + "timeline: {keyframes: [{time: 0, offset: 0}, {time: 1, offset: 9000000}]}\n")
        XCTAssertEqual(s.screen.contentHeight, 10_000_000)
        let rows = s.layers(ofFrame: 30).sublayers.first { $0.name == "table" }!.sublayers.filter { $0.name.hasPrefix("row.") }
        XCTAssertLessThanOrEqual(rows.count, 3)
        XCTAssertEqual(
            FrameRenderer(
                scenario: try load(
                    "scale: 0.25\neffect: none\nrows: {count: 10000, height: 1000}\n"
                        + "timeline: {keyframes: [{time: 0, offset: 0}, {time: 1, offset: 9000000}]}\n")
            ).render(frame: 30).width, 98)
    }
}

/// The lines of the ScenarioError `body` throws for the scenario `text`; a test failure when it
/// throws none, or something else.
func scenarioErrorLines(_ text: String, file: StaticString = #filePath, line: UInt = #line, _ body: () throws -> Void) -> [String] {
    do {
        try body()
        XCTFail("expected an error for:\n\(text)", file: file, line: line)
        return []
    } catch let error as ScenarioError {
        return error.description.split(separator: "\n").map(String.init)
    } catch {
        XCTFail("unexpected \(error)", file: file, line: line)
        return []
    }
}

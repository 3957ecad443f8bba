import XCTest
@testable import Scene

final class ScenarioLoaderTests: XCTestCase {
    let minimal = "timeline:\n  keyframes:\n    - {time: 0, offset: 0}\n    - {time: 1, offset: -100}\n"

    func load(_ text: String) throws -> Scenario {
        try ScenarioLoader.parse(text, file: "s.yaml", baseDirectory: "/nonexistent")
    }

    func messages(_ text: String) -> [String] {
        do {
            _ = try load(text)
            XCTFail("expected an error for:\n\(text)")
            return []
        } catch let error as ScenarioError {
            return error.description.split(separator: "\n").map(String.init)
        } catch {
            XCTFail("unexpected \(error)")
            return []
        }
    }

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

    func testUnknownKeySuggestsTheRightOne() {
        XCTAssertEqual(messages("hedaer:\n  height: 100\n" + minimal),
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
        XCTAssertEqual(messages(text), [
            "s.yaml:1:9: device: expected one of iphone-se-1, iphone-8, iphone-8-plus, iphone-x, iphone-11, iphone-12, iphone-15, iphone-15-pro-max, got \"iphone-99\"; did you mean \"iphone-8\"?",
            "s.yaml:2:6: fps: must be between 1 and 240 frames per second, got 500",
            "s.yaml:4:11: header.height: must be between 20 and 2000 points, got -3",
            "s.yaml:5:10: header.color: expected a colour as \"#RRGGBB\" or \"#RRGGBBAA\" (quote it: # starts a YAML comment), got \"blue\"",
            "s.yaml:8:25: timeline.keyframes[0].offset: expected a number (points), got \"zero\"",
        ])
    }

    func testMissingImageNamesTheResolvedPath() {
        XCTAssertEqual(messages("header:\n  image: photos/missing.jpg\n" + minimal),
                       ["s.yaml:2:10: header.image: image file not found: /nonexistent/photos/missing.jpg (paths are relative to the scenario file); fix the path"])
    }

    func testInvalidYAMLGivesLineAndColumn() {
        let m = messages("header:\n  height: [1, 2\n")
        XCTAssertEqual(m.count, 1)
        XCTAssertTrue(m[0].hasPrefix("s.yaml:3:1: invalid YAML:"), m[0])
    }

    func testMissingAndEmptyTimeline() {
        XCTAssertEqual(messages("fps: 30\n"), ["s.yaml:1:1: timeline: missing; add a timeline with gestures or keyframes, e.g. gestures: [{drag: {by: 150}}, release]"])
        XCTAssertEqual(messages("timeline:\n  keyframes: []\n"),
                       ["s.yaml:2:14: timeline.keyframes: the list is empty; add at least one keyframe, e.g. - {time: 0, offset: 0}"])
    }

    func testHeaderMustReachBelowTheBars() {
        XCTAssertEqual(messages("header:\n  height: 90\n" + minimal),
                       ["s.yaml:2:11: header.height: must be at least 98 points on iphone-15 (status bar 54 + navigation bar 44), got 90; make the header taller"])
        XCTAssertNoThrow(try load("navigationBar: false\nheader:\n  height: 90\n" + minimal))
    }

    func testMissingFileIsItsOwnError() {
        XCTAssertThrowsError(try ScenarioLoader.load(path: "/nonexistent/s.yaml")) { error in
            XCTAssertEqual(error as? ScenarioError, .fileNotFound(path: "/nonexistent/s.yaml"))
        }
    }
}

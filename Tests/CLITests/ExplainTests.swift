import Foundation
import RenderFramesKit
import XCTest

/// `render-frames explain`: JSON with the scroll state, every var and every layer's resolved values.
final class ExplainTests: XCTestCase {
    /// `explain PATH --frame N` or `--offset Y`, in this process from the package root: what it
    /// prints (parsed) and its warnings.
    func explain(_ path: String, _ moment: Explanation.Moment) throws -> (json: [String: Any]?, text: String, warnings: [String]) {
        let (text, warnings) = try InProcess.inPackageRoot { try Explanation.explain(path, at: moment) }
        return ((try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any], text, warnings)
    }

    func testAFrameOfTheParallaxHeader() throws {
        let r = try explain("Fixtures/scenarios/parallax-header.yaml", .frame(54))
        XCTAssertEqual(r.warnings, [])
        let json = try XCTUnwrap(r.json)
        let scroll = try XCTUnwrap(json["scroll"] as? [String: Any])
        let o = try XCTUnwrap(scroll["offset"] as? Double)
        XCTAssertLessThan(o, -100, "frame 54 is pulled down")
        XCTAssertEqual((json["vars"] as? [String: Any])?["pull"] as? Double ?? -1, -o, accuracy: 0.0001)
        let layers = try XCTUnwrap(json["layers"] as? [[String: Any]])
        let photo = try XCTUnwrap(layers.first { $0["name"] as? String == "photo" })
        XCTAssertEqual(photo["in"] as? String, "content")
        let onScreen = try XCTUnwrap((photo["onScreen"] as? [String: Any])?["frame"] as? [Double])
        XCTAssertEqual(onScreen[1], 0, accuracy: 0.0001)
        XCTAssertEqual(onScreen[3], 300 - o, accuracy: 0.0001)
        let properties = try XCTUnwrap(photo["properties"] as? [String: Any])
        XCTAssertEqual(properties["y"] as? Double ?? 0, o, accuracy: 0.0001)
        let scrim = try XCTUnwrap(layers.first { $0["name"] as? String == "scrim" })
        XCTAssertEqual((scrim["properties"] as? [String: Any])?["colors[1]"] as? String, "#000000B3")
        // Chrome too, in drawing order.
        let named = (json["onScreen"] as? [[String: Any]])?.compactMap { $0["name"] as? String } ?? []
        XCTAssertTrue(named.contains("statusBar") && named.contains("photo"), "\(named)")
    }

    /// Formulas are printed as written: a division's / is not escaped as \/ (JSON allows both).
    func testFormulasAreWrittenAsWritten() throws {
        let dir = NSTemporaryDirectory() + "explain-slash-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = dir + "/slash.yaml"
        try """
        navigationBar: false
        vars: {half: screen.width / 2}
        layers:
          - {type: rectangle, name: r, height: 10, width: half}
        timeline: {keyframes: [{time: 0, offset: 0}, {time: 1, offset: 100}]}
        """.write(toFile: file, atomically: true, encoding: .utf8)
        let r = try explain(file, .frame(0))
        XCTAssertTrue(r.text.contains("\"screen.width / 2\""), r.text)
        XCTAssertFalse(r.text.contains("\\/"), r.text)
    }

    func testAnOffsetAndAFormulaThatIsNaNThere() throws {
        let dir = NSTemporaryDirectory() + "explain-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = dir + "/nan.yaml"
        try """
        navigationBar: false
        scrollView: {contentInsetAdjustmentBehavior: never}
        layers:
          - {type: rectangle, name: r, height: 10, opacity: "sqrt(offset)"}
        timeline: {keyframes: [{time: 0, offset: 0}, {time: 1, offset: 100}]}
        """.write(toFile: file, atomically: true, encoding: .utf8)
        let r = try explain(file, .offset(-50))
        let layer = (r.json?["layers"] as? [[String: Any]])?.first
        XCTAssertEqual((layer?["properties"] as? [String: Any])?["opacity"] as? String, "NaN")
    }

    /// A text layer says how it is set: its size after Dynamic Type, the fonts its glyphs come
    /// from (fallbacks included), its lines as drawn and whether it was cut.
    func testATextLayerShowsHowItIsSet() throws {
        let dir = NSTemporaryDirectory() + "explain-text-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = dir + "/text.yaml"
        try """
        navigationBar: false
        textSize: accessibility1
        layers:
          - {type: text, name: t, frame: [16, 100, 200, 80], style: body, lines: 0,
             text: "Dawn مرصد launch window opens and the crews check every valve"}
        timeline: {keyframes: [{time: 0, offset: 0}, {time: 1, offset: 100}]}
        """.write(toFile: file, atomically: true, encoding: .utf8)
        let r = try explain(file, .frame(0))
        let layer = try XCTUnwrap((r.json?["layers"] as? [[String: Any]])?.first { $0["name"] as? String == "t" })
        let text = try XCTUnwrap(layer["text"] as? [String: Any])
        XCTAssertEqual(text["pointSize"] as? Double, 28, "body at accessibility1")
        XCTAssertEqual(text["textSize"] as? String, "accessibility1")
        let fonts = try XCTUnwrap(text["fonts"] as? [String])
        XCTAssertEqual(fonts.first, "Inter Regular")
        XCTAssertTrue(fonts.contains { $0.hasPrefix("Noto Sans Arabic") }, "\(fonts)")
        let lines = try XCTUnwrap(text["lines"] as? [String])
        XCTAssertEqual(text["lineCount"] as? Int, lines.count)
        XCTAssertLessThanOrEqual(text["height"] as? Double ?? .infinity, 80, "only the lines that fit the frame")
        XCTAssertEqual(text["truncated"] as? Bool, true)
        XCTAssertTrue(lines.last?.hasSuffix("\u{2026}") == true, "\(lines)")
    }

    func testBadArgumentsExitTwo() throws {
        // Neither --frame nor --offset: an argument error, exit code 2 (the binary's own).
        XCTAssertEqual(try Shell.run(CLITests.binary, ["explain", "Fixtures/scenarios/parallax-header.yaml"], cwd: CLITests.root).code, 2)
        XCTAssertThrowsError(try explain("Fixtures/scenarios/parallax-header.yaml", .frame(5000))) { error in
            XCTAssertTrue(error is ExplainError, "\(type(of: error)): bad input, exit code 2")
            XCTAssertEqual("\(error)", "--frame 5000: Fixtures/scenarios/parallax-header.yaml has frames 0 to 299; give one of them")
        }
        XCTAssertThrowsError(try explain("Fixtures/scenarios/parallax-header.yaml", .frame(-1))) { error in
            XCTAssertEqual(
                "\(error)",
                "--frame -1: frames count from 0 (the first); Fixtures/scenarios/parallax-header.yaml has "
                    + "frames 0 to 299; give one of them")
        }
    }
}

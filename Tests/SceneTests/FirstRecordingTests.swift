import Foundation
import Raster
import RenderFramesKit
import XCTest

/// A golden the Swift API records without being asked (no `record:`, no RENDER_FRAMES_RECORD,
/// outside CI) fails its test once, naming the files written and what to do, as
/// swift-snapshot-testing does; the next run compares. Asked for, recording passes.
final class FirstRecordingTests: XCTestCase {
    /// `body` with CI and RENDER_FRAMES_RECORD as given (nil: unset), restored after.
    func with(record: String?, _ body: () throws -> Void) rethrows {
        let names = ["CI", RecordMode.environmentVariable]
        let saved = names.map { name in getenv(name).map { String(cString: $0) } }
        unsetenv("CI")
        if let record { setenv(RecordMode.environmentVariable, record, 1) } else { unsetenv(RecordMode.environmentVariable) }
        defer { for (name, value) in zip(names, saved) { if let value { setenv(name, value, 1) } else { unsetenv(name) } } }
        try body()
    }

    func testAGoldenRecordedUnaskedFailsOnceWithItsPath() throws {
        let tmp = NSTemporaryDirectory() + "first-recording-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: tmp) }
        try FileManager.default.createDirectory(atPath: tmp, withIntermediateDirectories: true)
        // Small and quick: one rectangle moving, at a quarter of a point's pixels.
        let scenario = tmp + "/square.yaml"
        try """
        layers: [{type: rectangle, x: 0, y: "100 - offset", width: 100, height: 100, fill: "#F00"}]
        timeline: {keyframes: [{time: 0, offset: 0}, {time: 1, offset: 100}]}
        """.write(toFile: scenario, atomically: true, encoding: .utf8)
        let note =
            "Look at them, then run the same test again to check against the newly recorded goldens "
            + "(to record without failing, set RENDER_FRAMES_RECORD=missing)."
        try with(record: nil) {
            XCTAssertThrowsError(try assertFrames(ofScenario: scenario, golden: "\(tmp)/golden", frames: "0,5", scale: 0.25)) { error in
                XCTAssertEqual(
                    "\(error)",
                    "No golden was found on disk. Automatically recorded: \(tmp)/golden/0000.png, \(tmp)/golden/0005.png (2 frames). " + note)
                XCTAssertEqual((error as? GoldenMismatch)?.outcome.recorded, ["0000.png", "0005.png"])
            }
            XCTAssertTrue(FileManager.default.fileExists(atPath: "\(tmp)/golden/0005.png"))
            // The second run compares against them and passes.
            XCTAssertEqual(try assertFrames(ofScenario: scenario, golden: "\(tmp)/golden", frames: "0,5", scale: 0.25).matched, 2)
            // Frames already rendered: the same.
            try FileManager.default.createDirectory(atPath: "\(tmp)/frames", withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: "\(tmp)/golden/0000.png", toPath: "\(tmp)/frames/0000.png")
            XCTAssertThrowsError(try assertFrames(inDirectory: "\(tmp)/frames", golden: "\(tmp)/copy")) { error in
                XCTAssertEqual("\(error)", "No golden was found on disk. Automatically recorded: \(tmp)/copy/0000.png (1 frame). " + note)
            }
            XCTAssertEqual(try assertFrames(inDirectory: "\(tmp)/frames", golden: "\(tmp)/copy").matched, 1)
            // Asked for, by the parameter: recorded, and the test passes.
            XCTAssertEqual(try assertFrames(inDirectory: "\(tmp)/frames", golden: "\(tmp)/asked", record: .missing).recorded, ["0000.png"])
        }
        // Asked for, by the variable: the same.
        try with(record: "missing") {
            XCTAssertEqual(try assertFrames(ofScenario: scenario, golden: "\(tmp)/variable", frames: "0", scale: 0.25).recorded, ["0000.png"])
        }
    }
}

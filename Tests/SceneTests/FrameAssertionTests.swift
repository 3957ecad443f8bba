import Foundation
import Raster
import ScenarioFormat
import Scene
@testable import RenderFramesKit
@testable import GoldenCompare
import XCTest

final class FrameAssertionTests: XCTestCase {
    func testPassesRecordsAndFailsWithAUsefulMessage() throws {
        let tmp = NSTemporaryDirectory() + "assert-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: tmp); try? FileManager.default.removeItem(atPath: tmp + "/golden-failures") }
        let scenario = GoldenFrameTests.root + "/Fixtures/scenarios/profile-dark.yaml"
        // First run records (mode missing), the second compares.
        let recorded = try assertFrames(ofScenario: scenario, golden: "\(tmp)/golden", frames: "0-2", scale: 0.5, record: .missing)
        XCTAssertEqual(recorded.recorded.count, 3)
        let compared = try assertFrames(ofScenario: scenario, golden: "\(tmp)/golden", frames: "0-2", scale: 0.5, record: .never)
        XCTAssertEqual(compared.matched, 3)
        // Swap one golden for another frame: a mismatch that names the frame and the way to re-record.
        try FileManager.default.removeItem(atPath: "\(tmp)/golden/0001.png")
        _ = try assertFrames(ofScenario: scenario, golden: "\(tmp)/other", frames: "40", scale: 0.5, record: .all)
        try FileManager.default.copyItem(atPath: "\(tmp)/other/0040.png", toPath: "\(tmp)/golden/0001.png")
        XCTAssertThrowsError(try assertFrames(ofScenario: scenario, golden: "\(tmp)/golden", frames: "0-2", scale: 0.5, record: .never)) { error in
            let message = "\(error)"
            XCTAssertTrue(message.hasPrefix("1 of 3 frames fail against \(tmp)/golden: frame 1 differs (1 frame); worst 0001.png: "), message)
            // swift test has no --record flag: the hint names the variable, in a command that works.
            XCTAssertTrue(
                message.hasSuffix(
                    "If the change is intended, re-record: run the same test again with RENDER_FRAMES_RECORD=failed, "
                        + "such as RENDER_FRAMES_RECORD=failed swift test --filter NAME"), message)
            XCTAssertFalse(message.contains("--record failed"), message)
            XCTAssertTrue(FileManager.default.fileExists(atPath: "\(tmp)/golden-failures/0001.diff.png"))
        }
    }
}

/// A scenario with a matrix is checked as `render-frames SCENARIO --golden DIR` checks it: every
/// variant against DIR/NAME (before `Render`, only the first variant, against DIR itself).
final class FrameAssertionMatrixTests: XCTestCase {
    func testEveryVariantIsCheckedAgainstItsOwnFolder() throws {
        let tmp = NSTemporaryDirectory() + "assert-matrix-\(getpid())"
        try? FileManager.default.removeItem(atPath: tmp)
        defer { try? FileManager.default.removeItem(atPath: tmp) }
        let scenario = GoldenFrameTests.root + "/Fixtures/scenarios/international.yaml"
        let variants = try ScenarioLoader.load(path: scenario, scaleOverride: 0.25).variantNames
        XCTAssertEqual(variants.count, 2)
        let recorded = try assertFrames(ofScenario: scenario, golden: "\(tmp)/golden", frames: "0", scale: 0.25, record: .missing)
        XCTAssertEqual(recorded.recorded.count, 2)
        for variant in variants { XCTAssertTrue(FileManager.default.fileExists(atPath: "\(tmp)/golden/\(variant)/0000.png"), variant) }
        XCTAssertEqual(try assertFrames(ofScenario: scenario, golden: "\(tmp)/golden", frames: "0", scale: 0.25, record: .never).matched, 2)
        // The second variant's golden swapped for the first's (another text size): that variant fails, by name.
        let (first, second) = ("\(tmp)/golden/\(variants[0])/0000.png", "\(tmp)/golden/\(variants[1])/0000.png")
        try FileManager.default.removeItem(atPath: second)
        try FileManager.default.copyItem(atPath: first, toPath: second)
        XCTAssertThrowsError(try assertFrames(ofScenario: scenario, golden: "\(tmp)/golden", frames: "0", scale: 0.25, record: .never)) { error in
            let message = "\(error)"
            XCTAssertTrue(message.hasPrefix("1 of 1 frames fail against \(tmp)/golden/\(variants[1]): "), message)
            XCTAssertFalse(message.contains("against \(tmp)/golden/\(variants[0])"), message)
            XCTAssertEqual((error as? GoldenMismatch)?.outcome.matched, 1)
        }
    }
}

/// Golden failures in a few lines however many frames fail (a one-character change fails 91).
final class GoldenSummaryTests: XCTestCase {
    func testFailuresCollapseIntoRangesWithTheWorst() {
        var outcome = GoldenCheck.Outcome()
        for i in [5] + Array(40...130) {
            var r = PixelMatch.Result(width: 393, height: 852)
            r.differingPixels = i == 87 ? 1204 : 30
            r.worst = PixelMatch.PixelPosition(x: 120, y: 400)
            outcome.failures.append(FrameVerdict(file: String(format: "%04d.png", i), result: r, passed: false))
        }
        for i in 200...202 { outcome.failures.append(FrameVerdict(file: "\(i).png", problem: "no golden in g (record mode never; ...)")) }
        XCTAssertEqual(
            outcome.failureSummary(golden: "g"),
            [
                "no golden for frames 200-202 (3 frames) in g; record mode never (CI): record them with --record missing, or RENDER_FRAMES_RECORD=missing",
                "frames 5, 40-130 differ (92 frames); worst 0087.png: 1204 pixels (0.3596 %) at (120, 400)",
            ])
    }
}

import Foundation
import Raster
import RenderFramesKit
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
            XCTAssertTrue(message.hasPrefix("1 of 3 frames differ from \(tmp)/golden; worst 0001.png: "), message)
            XCTAssertTrue(message.contains("RENDER_FRAMES_RECORD=failed"), message)
            XCTAssertTrue(FileManager.default.fileExists(atPath: "\(tmp)/golden-failures/0001.diff.png"))
        }
    }
}

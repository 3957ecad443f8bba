import Foundation
import XCTest
@testable import RenderFramesKit

/// `--golden DIR --record MODE`: the modes, the CI default, and pruning.
final class GoldenRecordTests: XCTestCase {
    var tmp = ""
    override func setUpWithError() throws { tmp = try makeTemporaryFolder("golden") }
    override func tearDown() { try? FileManager.default.removeItem(atPath: tmp) }

    let scenario = CLITests.root + "/Fixtures/scenarios/profile-dark.yaml"

    func render(scale: String = "0.5", frames: String = "0-3", _ extra: [String], environment: [String: String] = [:]) throws -> Shell.Result {
        let env = environment.map { "\($0.key)=\($0.value)" }
        return try InProcess.run(
            "/usr/bin/env",
            ["-u", "CI", "-u", RecordMode.environmentVariable] + env
                + [CLITests.binary, scenario, "--out", "\(tmp)/out", "--scale", scale, "--frames", frames, "--quiet", "--golden", "\(tmp)/golden"]
                + extra)
    }

    func goldens() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "\(tmp)/golden")) ?? []).filter { $0.hasSuffix(".png") }.sorted()
    }

    func testTheDefaultRecordsLocallyButNeverInCI() throws {
        let ci = try render([], environment: ["CI": "true"])
        XCTAssertEqual(ci.code, 1, "a missing golden fails in CI")
        // Missing goldens said once for the scenario, as a range, with how to record them.
        XCTAssertTrue(
            ci.stdout.contains(
                "FAIL no golden for frames 0-3 (4 frames) in \(tmp)/golden; record mode never (CI): "
                    + "record them with --record missing, or RENDER_FRAMES_RECORD=missing\n"), ci.stdout)
        XCTAssertEqual(ci.stdout.components(separatedBy: "no golden").count - 1, 1, ci.stdout)
        XCTAssertFalse(ci.stdout.contains("--record failed"), "no re-record hint for goldens never recorded: \(ci.stdout)")
        XCTAssertEqual(goldens(), [], "nothing recorded silently")
        let local = try render([])
        XCTAssertEqual(local.code, 0, local.stdout)
        XCTAssertEqual(goldens(), ["0000.png", "0001.png", "0002.png", "0003.png"])
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(tmp)/golden/manifest.json"))
        let again = try render([], environment: ["CI": "true"])
        XCTAssertEqual(again.code, 0, again.stdout)
        XCTAssertTrue(again.stdout.contains("4 passed, 0 failed"), again.stdout)
    }

    /// Failure images stay bounded: every failing frame gets 1:1 crops of its changed region, and
    /// only the worst three get full-size images (a one-character change in the default demo's
    /// bio fails 253 frames at @3x and writes 9 MB, where full images of each came to about 650 MB).
    func testFailureImagesAreCropsAndTheWorstThreeInFull() throws {
        XCTAssertEqual(try render(frames: "0-5", ["--record", "all"]).code, 0)
        let other = try InProcess.run(CLITests.binary, [scenario, "--out", "\(tmp)/other", "--scale", "0.5", "--frames", "40", "--quiet"])
        XCTAssertEqual(other.code, 0)
        for i in 0...5 {
            let golden = "\(tmp)/golden/000\(i).png"
            try FileManager.default.removeItem(atPath: golden)
            try FileManager.default.copyItem(atPath: "\(tmp)/other/0040.png", toPath: golden)
        }
        let r = try render(frames: "0-5", ["--record", "never"])
        XCTAssertEqual(r.code, 1)
        XCTAssertTrue(r.stdout.contains("FAIL frames 0-5 differ (6 frames)"), r.stdout)
        let names = try FileManager.default.contentsOfDirectory(atPath: "\(tmp)/out-diff")
        XCTAssertEqual(names.filter { $0.contains(".crop.") }.count, 18, "\(names.sorted())")
        XCTAssertEqual(names.filter { !$0.contains(".crop.") && $0.hasSuffix(".png") }.count, 9, "\(names.sorted())")
    }

    func testModes() throws {
        XCTAssertEqual(try render(["--record", "all"]).code, 0)
        let before = FileManager.default.contents(atPath: "\(tmp)/golden/0001.png")
        let same = try render(frames: "1-2", ["--record", "never"])
        XCTAssertEqual(same.code, 0, "the same frames match")
        // A golden that no longer matches fails in never mode and gets the three images.
        let moved = try InProcess.run(CLITests.binary, [scenario, "--out", "\(tmp)/out2", "--scale", "0.5", "--frames", "5", "--quiet"])
        XCTAssertEqual(moved.code, 0)
        try FileManager.default.removeItem(atPath: "\(tmp)/golden/0001.png")
        try FileManager.default.copyItem(atPath: "\(tmp)/out2/0005.png", toPath: "\(tmp)/golden/0001.png")
        let never = try render(["--record", "never"])
        XCTAssertEqual(never.code, 1)
        XCTAssertTrue(never.stdout.contains("FAIL frame 1 differs (1 frame); worst 0001.png: "), never.stdout)
        XCTAssertTrue(
            never.stdout.contains(
                "if the change is intended, re-record: run the same command again with --record failed, "
                    + "or with RENDER_FRAMES_RECORD=failed"), never.stdout)
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(tmp)/out-diff/0001.diff.png"))
        // failed re-records only that frame; the environment variable sets the mode too.
        let failed = try render([], environment: [RecordMode.environmentVariable: "failed"])
        XCTAssertEqual(failed.code, 0, failed.stdout)
        XCTAssertTrue(failed.stdout.contains("recorded 1 golden frame(s)"), failed.stdout)
        XCTAssertEqual(FileManager.default.contents(atPath: "\(tmp)/golden/0001.png"), before)
        // A run that passes leaves no failure images of an earlier run behind.
        XCTAssertEqual(try render(["--record", "never"]).code, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(tmp)/out-diff"), "stale failure folder removed")
        let bad = try render([], environment: [RecordMode.environmentVariable: "sometimes"])
        XCTAssertEqual(bad.code, 2)
        XCTAssertTrue(bad.stderr.contains("RENDER_FRAMES_RECORD=sometimes is not a record mode"), bad.stderr)
    }

    func testPruneRemovesOnlyStaleFramesAndNeedsAllFrames() throws {
        XCTAssertEqual(try render(["--record", "all"]).code, 0)
        try Data().write(to: URL(fileURLWithPath: "\(tmp)/golden/9999.png"))
        try Data().write(to: URL(fileURLWithPath: "\(tmp)/golden/notes.png"))
        let partial = try render(["--prune"])
        XCTAssertEqual(partial.code, 2, "refused on a partial frame range")
        let whole = try InProcess.run(
            "/usr/bin/env",
            [
                "-u", "CI", CLITests.binary, scenario, "--out", "\(tmp)/out", "--scale", "0.25",
                "--fps", "2", "--quiet", "--golden", "\(tmp)/golden", "--record", "all", "--prune",
            ])
        XCTAssertEqual(whole.code, 0, whole.stdout + whole.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(tmp)/golden/9999.png"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(tmp)/golden/notes.png"), "only frame names are pruned")
        XCTAssertEqual(goldens(), ["0000.png", "0001.png", "0002.png", "0003.png", "0004.png", "notes.png"])
    }

    func testModeResolution() throws {
        XCTAssertEqual(try RecordMode.resolve(flag: nil, environment: [:]), .missing)
        XCTAssertEqual(try RecordMode.resolve(flag: nil, environment: ["CI": "true"]), .never)
        XCTAssertEqual(try RecordMode.resolve(flag: nil, environment: ["CI": "true", "RENDER_FRAMES_RECORD": "all"]), .all)
        XCTAssertEqual(try RecordMode.resolve(flag: .failed, environment: ["CI": "true"]), .failed)
    }
}

import Foundation
import Raster
import XCTest

/// A render stopped by Ctrl-C leaves only whole frames and a manifest marked partial; resumed, it
/// ends byte-identical to an uninterrupted run; a complete run removes stale frames of a longer one.
final class InterruptTests: XCTestCase {
    var tmp = ""
    override func setUpWithError() throws { tmp = try makeTemporaryFolder("interrupt") }
    override func tearDown() { try? FileManager.default.removeItem(atPath: tmp) }

    let scenario = CLITests.root + "/Fixtures/scenarios/profile-dark.yaml"

    func pngs(_ dir: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).filter { $0.hasSuffix(".png") }.sorted()
    }

    /// Starts a render that pauses once `frames` frames are written (a test-only environment
    /// variable), so a signal sent then arrives at that frame on any machine, fast or slow.
    func startPausedRender(jobs: Int, pausingAfter frames: Int, stderr: Any) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLITests.binary)
        process.arguments = [scenario, "--out", "\(tmp)/run", "--scale", "0.5", "--jobs", "\(jobs)", "--quiet"]
        process.environment = ProcessInfo.processInfo.environment.merging(["RENDER_FRAMES_TEST_PAUSE_AFTER": "\(frames)"]) { $1 }
        process.standardError = stderr
        try process.run()
        let deadline = Date().addingTimeInterval(300)
        while pngs("\(tmp)/run").count < frames && Date() < deadline && process.isRunning { usleep(20_000) }
        XCTAssertTrue(process.isRunning, "the render waits at frame \(frames) for the signal")
        return process
    }

    func testCtrlCLeavesWholeFramesAndResumeFinishesIdentically() throws {
        let err = Pipe()
        let process = try startPausedRender(jobs: 1, pausingAfter: 5, stderr: err)
        kill(process.processIdentifier, SIGINT)
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 130, message)
        XCTAssertTrue(message.contains("interrupted: 5 frames are whole") && message.contains("--resume"), message)
        let written = pngs("\(tmp)/run")
        XCTAssertEqual(written, (0..<5).map { String(format: "%04d.png", $0) }, "exactly the frames before the signal")
        for name in written { XCTAssertNoThrow(try ImageDecoder.decode(fileAt: "\(tmp)/run/\(name)"), "\(name) is whole") }
        let manifest = try String(contentsOfFile: "\(tmp)/run/manifest.json", encoding: .utf8)
        XCTAssertTrue(manifest.contains("\"partial\" : true"))

        let resumed = try Shell.run(CLITests.binary, [scenario, "--out", "\(tmp)/run", "--scale", "0.5", "--quiet", "--resume"])
        XCTAssertEqual(resumed.code, 0, resumed.stderr)
        XCTAssertEqual(try Shell.run(CLITests.binary, [scenario, "--out", "\(tmp)/full", "--scale", "0.5", "--quiet"]).code, 0)
        for name in pngs("\(tmp)/full") + ["manifest.json"] {
            XCTAssertEqual(FileManager.default.contents(atPath: "\(tmp)/run/\(name)"), FileManager.default.contents(atPath: "\(tmp)/full/\(name)"), name)
        }
    }

    /// SIGKILL gives the tool no chance to tidy up: what it leaves is whole frames (and at most a
    /// temporary file per worker, never under a frame's name); --resume finishes the run identically.
    func testAKilledRunLeavesWholeFramesAndResumesIdentically() throws {
        let process = try startPausedRender(jobs: 2, pausingAfter: 8, stderr: FileHandle.nullDevice)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .uncaughtSignal)
        let written = pngs("\(tmp)/run")
        // The second worker finishes the frame it was drawing when the first reached 8.
        XCTAssertTrue((8...9).contains(written.count), "\(written.count) frames")
        for name in written { XCTAssertNoThrow(try ImageDecoder.decode(fileAt: "\(tmp)/run/\(name)"), "\(name) is whole") }
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(tmp)/run/manifest.json"), "no manifest from a killed run")

        let resumed = try Shell.run(CLITests.binary, [scenario, "--out", "\(tmp)/run", "--scale", "0.5", "--quiet", "--resume"])
        XCTAssertEqual(resumed.code, 0, resumed.stderr)
        XCTAssertEqual(try Shell.run(CLITests.binary, [scenario, "--out", "\(tmp)/full", "--scale", "0.5", "--quiet"]).code, 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: "\(tmp)/run").sorted()
        XCTAssertEqual(names, try FileManager.default.contentsOfDirectory(atPath: "\(tmp)/full").sorted(), "temporary files removed")
        for name in names {
            XCTAssertEqual(FileManager.default.contents(atPath: "\(tmp)/run/\(name)"), FileManager.default.contents(atPath: "\(tmp)/full/\(name)"), name)
        }
    }

    func testACompleteRunRemovesStaleFramesOnly() throws {
        try FileManager.default.createDirectory(atPath: "\(tmp)/out", withIntermediateDirectories: true)
        for name in ["0999.png", "0003.png.tmp-12", "notes.txt", "cover.png"] {
            try Data("x".utf8).write(to: URL(fileURLWithPath: "\(tmp)/out/\(name)"))
        }
        let r = try Shell.run(CLITests.binary, [scenario, "--out", "\(tmp)/out", "--scale", "0.25", "--fps", "2", "--quiet"])
        XCTAssertEqual(r.code, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("removed 2 frame file(s)"), r.stderr)
        XCTAssertEqual(pngs("\(tmp)/out"), ["0000.png", "0001.png", "0002.png", "0003.png", "0004.png", "cover.png"])
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(tmp)/out/notes.txt"))
        // A partial range never removes anything.
        try Data("x".utf8).write(to: URL(fileURLWithPath: "\(tmp)/out/0999.png"))
        XCTAssertEqual(try Shell.run(CLITests.binary, [scenario, "--out", "\(tmp)/out", "--scale", "0.25", "--fps", "2", "--frames", "0", "--quiet"]).code, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(tmp)/out/0999.png"))
    }
}

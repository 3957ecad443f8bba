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
    /// `slowFrame` takes 60 s more (another test-only variable); returns once `written` frames are (default: `frames`).
    func startPausedRender(
        jobs: Int, pausingAfter frames: Int, slowFrame: Int? = nil, written: Int? = nil, stderr: Any, environment more: [String: String] = [:]
    ) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLITests.binary)
        process.arguments = [scenario, "--out", "\(tmp)/run", "--scale", "0.5", "--jobs", "\(jobs)", "--quiet"]
        var environment = ["RENDER_FRAMES_TEST_PAUSE_AFTER": "\(frames)"]
        if let slowFrame { environment["RENDER_FRAMES_TEST_SLOW_FRAME"] = "\(slowFrame)" }
        environment.merge(more) { $1 }
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardError = stderr
        try process.run()
        let deadline = Date().addingTimeInterval(300)
        while pngs("\(tmp)/run").count < written ?? frames && Date() < deadline && process.isRunning { usleep(20_000) }
        XCTAssertTrue(process.isRunning, "the render waits at frame \(written ?? frames) for the signal")
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

        let resumed = try InProcess.run(CLITests.binary, [scenario, "--out", "\(tmp)/run", "--scale", "0.5", "--quiet", "--resume"])
        XCTAssertEqual(resumed.code, 0, resumed.stderr)
        XCTAssertEqual(try InProcess.run(CLITests.binary, [scenario, "--out", "\(tmp)/full", "--scale", "0.5", "--quiet"]).code, 0)
        for name in pngs("\(tmp)/full") + ["manifest.json"] {
            XCTAssertEqual(
                FileManager.default.contents(atPath: "\(tmp)/run/\(name)"), FileManager.default.contents(atPath: "\(tmp)/full/\(name)"), name)
        }
    }

    /// Sends `sig` to a render once a worker is inside frame 3, which takes a minute (the frame
    /// makes the file RENDER_FRAMES_TEST_SLOW_FRAME_STARTED names as it starts); returns the exit
    /// status and what it said. The run never finishes frame 3: that it ends, with the frame said
    /// dropped and its file absent, is the stop within the frame.
    func interruptSlowFrame(_ sig: Int32, jobs: Int, pausingAfter frames: Int, written: Int) throws -> (status: Int32, message: String) {
        let err = Pipe()
        let started = tmp + "/slow-frame-started"
        let process = try startPausedRender(
            jobs: jobs, pausingAfter: frames, slowFrame: 3, written: written, stderr: err,
            environment: ["RENDER_FRAMES_TEST_SLOW_FRAME_STARTED": started])
        let deadline = Date().addingTimeInterval(300)
        while !FileManager.default.fileExists(atPath: started) && process.isRunning && Date() < deadline { usleep(5_000) }
        XCTAssertTrue(FileManager.default.fileExists(atPath: started), "a worker is inside frame 3")
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(tmp)/run/0003.png"))
        kill(process.processIdentifier, sig)
        process.waitUntilExit()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return (process.terminationStatus, message)
    }

    /// What the interrupted run left: only whole frames (these), no temporary file, a partial manifest listing them.
    func assertWholeFramesOnly(_ expected: [Int], file: StaticString = #filePath, line: UInt = #line) throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: "\(tmp)/run").sorted()
        XCTAssertEqual(names, expected.map { String(format: "%04d.png", $0) } + ["manifest.json"], "no temporary file", file: file, line: line)
        for name in names where name.hasSuffix(".png") {
            XCTAssertNoThrow(try ImageDecoder.decode(fileAt: "\(tmp)/run/\(name)"), "\(name) is whole", file: file, line: line)
        }
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(tmp)/run/manifest.json"))) as? [String: Any]
        XCTAssertEqual(manifest?["partial"] as? Bool, true, file: file, line: line)
        XCTAssertEqual((manifest?["frames"] as? [[String: Any]])?.compactMap { $0["index"] as? Int }, expected, file: file, line: line)
    }

    /// Ctrl-C while a frame takes a minute: the run stops inside that frame, without it.
    func testCtrlCDuringASlowFrameStopsWithoutFinishingIt() throws {
        let (status, message) = try interruptSlowFrame(SIGINT, jobs: 1, pausingAfter: 1000, written: 3)
        XCTAssertEqual(status, 130, message)
        XCTAssertTrue(
            message.contains("interrupted: 3 frames are whole") && message.contains("1 frame(s) under way dropped")
                && message.contains("--resume"), message)
        try assertWholeFramesOnly([0, 1, 2])
    }

    /// SIGTERM with two workers, one inside the slow frame and one waiting after frame 6: the whole
    /// frames on both sides of the slow one are kept, and --resume ends identical to a full run.
    func testSIGTERMDuringASlowFrameKeepsTheOtherWorkersFramesAndResumes() throws {
        let (status, message) = try interruptSlowFrame(SIGTERM, jobs: 2, pausingAfter: 6, written: 6)
        XCTAssertEqual(status, 143, message)
        XCTAssertTrue(message.contains("interrupted: 6 frames are whole") && message.contains("1 frame(s) under way dropped"), message)
        try assertWholeFramesOnly([0, 1, 2, 4, 5, 6])

        let resumed = try InProcess.run(CLITests.binary, [scenario, "--out", "\(tmp)/run", "--scale", "0.5", "--quiet", "--resume"])
        XCTAssertEqual(resumed.code, 0, resumed.stderr)
        XCTAssertEqual(try InProcess.run(CLITests.binary, [scenario, "--out", "\(tmp)/full", "--scale", "0.5", "--quiet"]).code, 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: "\(tmp)/run").sorted()
        XCTAssertEqual(names, try FileManager.default.contentsOfDirectory(atPath: "\(tmp)/full").sorted())
        for name in names {
            XCTAssertEqual(
                FileManager.default.contents(atPath: "\(tmp)/run/\(name)"), FileManager.default.contents(atPath: "\(tmp)/full/\(name)"), name)
        }
    }

    /// Ctrl-C while the scenario's animation is written, after the frames: as before, the encoder
    /// stops, the half-written animation is removed, and the frames and their complete manifest stay.
    func testCtrlCWhileWritingAnAnimationRemovesItAndKeepsTheFrames() throws {
        let yaml =
            try String(contentsOfFile: scenario, encoding: .utf8)
            .replacingOccurrences(of: "../images/", with: CLITests.root + "/Fixtures/images/")
            + "output: {file: \(tmp)/anim.gif, width: 750}\n"
        try yaml.write(toFile: "\(tmp)/anim.yaml", atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLITests.binary)
        process.arguments = ["\(tmp)/anim.yaml", "--out", "\(tmp)/run", "--scale", "0.25", "--quiet"]
        let err = Pipe()
        process.standardError = err
        try process.run()
        func partials() -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: tmp)) ?? []).filter { $0.contains(".tmp-") } }
        let deadline = Date().addingTimeInterval(300)
        while partials().isEmpty && process.isRunning && Date() < deadline { usleep(5_000) }
        XCTAssertTrue(process.isRunning, "the animation is being written")
        kill(process.processIdentifier, SIGINT)
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 130, message)
        XCTAssertTrue(message.contains("interrupted: stopped writing animations; removed 1 half-written file(s)"), message)
        XCTAssertEqual(partials(), [])
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(tmp)/anim.gif"))
        let manifest = try String(contentsOfFile: "\(tmp)/run/manifest.json", encoding: .utf8)
        XCTAssertFalse(manifest.contains("partial"), "the frames were all written")
        for name in pngs("\(tmp)/run") { XCTAssertNoThrow(try ImageDecoder.decode(fileAt: "\(tmp)/run/\(name)"), name) }
    }

    /// SIGKILL gives the tool no chance to tidy up: what it leaves is whole frames (and at most a
    /// temporary file per worker, never under a frame's name). With no manifest nothing says what
    /// rendered those frames, so --resume is refused; --resume --force finishes the run identically.
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

        let refused = try InProcess.run(CLITests.binary, [scenario, "--out", "\(tmp)/run", "--scale", "0.5", "--quiet", "--resume"])
        XCTAssertEqual(refused.code, 2, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("but no manifest.json (a run killed with SIGKILL leaves none)"), refused.stderr)
        let resumed = try InProcess.run(CLITests.binary, [scenario, "--out", "\(tmp)/run", "--scale", "0.5", "--quiet", "--resume", "--force"])
        XCTAssertEqual(resumed.code, 0, resumed.stderr)
        XCTAssertEqual(try InProcess.run(CLITests.binary, [scenario, "--out", "\(tmp)/full", "--scale", "0.5", "--quiet"]).code, 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: "\(tmp)/run").sorted()
        XCTAssertEqual(names, try FileManager.default.contentsOfDirectory(atPath: "\(tmp)/full").sorted(), "temporary files removed")
        for name in names {
            XCTAssertEqual(
                FileManager.default.contents(atPath: "\(tmp)/run/\(name)"), FileManager.default.contents(atPath: "\(tmp)/full/\(name)"), name)
        }
    }

    func testACompleteRunRemovesStaleFramesOnly() throws {
        try FileManager.default.createDirectory(atPath: "\(tmp)/out", withIntermediateDirectories: true)
        for name in ["0999.png", "0003.png.tmp-12", "notes.txt", "cover.png"] {
            try Data("x".utf8).write(to: URL(fileURLWithPath: "\(tmp)/out/\(name)"))
        }
        let r = try InProcess.run(CLITests.binary, [scenario, "--out", "\(tmp)/out", "--scale", "0.25", "--fps", "2", "--quiet"])
        XCTAssertEqual(r.code, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("removed 2 frame file(s)"), r.stderr)
        XCTAssertEqual(pngs("\(tmp)/out"), ["0000.png", "0001.png", "0002.png", "0003.png", "0004.png", "cover.png"])
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(tmp)/out/notes.txt"))
        // A partial range never removes anything.
        try Data("x".utf8).write(to: URL(fileURLWithPath: "\(tmp)/out/0999.png"))
        XCTAssertEqual(
            try InProcess.run(CLITests.binary, [scenario, "--out", "\(tmp)/out", "--scale", "0.25", "--fps", "2", "--frames", "0", "--quiet"]).code, 0
        )
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(tmp)/out/0999.png"))
    }
}

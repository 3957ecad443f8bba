import Foundation
import XCTest

@testable import Animation
@testable import RenderFramesKit

/// What a stop signal does to a run, without sending one: `Interruption` in each phase, and runs
/// wired through `Render.Hooks.interruptible(by:)` stopped during and after their frames (the
/// binary's signal handlers only call `handle` and exit; CLITests' InterruptTests send real signals).
final class InterruptionTests: XCTestCase {
    func testEachPhaseStopsWhatIsUnderWay() throws {
        let interruption = Interruption()
        XCTAssertEqual(interruption.handle(SIGINT), .nothingUnderWay)

        let cancellation = RenderJob.Cancellation()
        interruption.renderingFrames(cancellation)
        XCTAssertNil(interruption.received, "the frames start with no signal received")
        XCTAssertEqual(interruption.handle(SIGTERM), .cancelledFrames)
        XCTAssertTrue(cancellation.isCancelled)
        XCTAssertEqual(interruption.handle(SIGINT), .cancelledFrames)
        XCTAssertEqual(interruption.received, SIGTERM, "the first signal decides the exit code")

        let halfWritten = NSTemporaryDirectory() + "interruption-\(getpid()).gif.tmp"
        XCTAssertTrue(FileManager.default.createFile(atPath: halfWritten, contents: Data([0x47])))
        TemporaryFiles.shared.add(halfWritten)
        interruption.writingAnimations()
        XCTAssertEqual(interruption.handle(SIGINT), .removedAnimations(1))
        XCTAssertFalse(FileManager.default.fileExists(atPath: halfWritten))

        interruption.idle()
        XCTAssertEqual(interruption.handle(SIGINT), .nothingUnderWay)
    }

    func testASignalDuringTheFramesStopsThemWithAPartialManifest() throws {
        let folder = NSTemporaryDirectory() + "interruption-frames-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let interruption = Interruption()
        var hooks = Render.Hooks().interruptible(by: interruption)
        hooks.frameStarted = { if $0 == 2 { _ = interruption.handle(SIGINT) } }
        XCTAssertThrowsError(try Render(settings(folder), hooks: hooks).run()) { error in
            guard let stopped = error as? Render.Stopped else { return XCTFail("\(error)") }
            XCTAssertTrue(stopped.duringFrames)
            XCTAssertLessThan(stopped.summary.framesWritten, 8)
        }
        XCTAssertEqual(interruption.received, SIGINT)
        XCTAssertEqual(Manifest.read(atPath: folder + "/manifest.json")?.partial, true)
    }

    func testASignalAfterTheFramesSkipsTheGoldenChecks() throws {
        let folder = NSTemporaryDirectory() + "interruption-after-\(getpid())"
        defer { for f in [folder, folder + "-golden"] { try? FileManager.default.removeItem(atPath: f) } }
        let interruption = Interruption()
        var hooks = Render.Hooks()
        // Said once the frames are written: the interruption is idle by then, so nothing is cancelled.
        hooks.finishFrames = { _, _ in XCTAssertEqual(interruption.handle(SIGTERM), .nothingUnderWay) }
        var settings = settings(folder)
        settings.golden = folder + "-golden"
        XCTAssertThrowsError(try Render(settings, hooks: hooks.interruptible(by: interruption)).run()) { error in
            guard let stopped = error as? Render.Stopped else { return XCTFail("\(error)") }
            XCTAssertFalse(stopped.duringFrames)
            XCTAssertEqual(stopped.summary.framesWritten, 8)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "-golden"), "no golden was recorded")
    }

    private func settings(_ folder: String) -> Render.Settings {
        var settings = Render.Settings(scenario: GoldenFrameTests.root + "/Fixtures/scenarios/profile-dark.yaml", outputDirectory: folder)
        (settings.scale, settings.frames, settings.jobs, settings.record) = (0.25, "0-7", 1, .missing)
        return settings
    }
}

import Foundation
import GoldenCompare
import Raster
import Scene

/// Golden checks for users' own tests, XCTest or Swift Testing alike: the functions throw a
/// `GoldenMismatch` whose description says how many frames differ, the worst one, where the
/// expected / actual / diff images are, and how to re-record. In a throwing test, `try` is all
/// it takes:
///
///     func testProfileHeader() throws {                                   // XCTest
///         try assertFrames(ofScenario: "Fixtures/scenarios/profile.yaml", golden: "Goldens/profile", scale: 1)
///     }
///     @Test func profileHeader() throws {                                  // Swift Testing
///         try assertFrames(ofScenario: "Fixtures/scenarios/profile.yaml", golden: "Goldens/profile", scale: 1)
///     }
///
/// Recording follows `RecordMode.resolve`: `RENDER_FRAMES_RECORD`, else never under CI, else
/// missing goldens are recorded.
public struct GoldenMismatch: Error, CustomStringConvertible {
    public let outcome: GoldenCheck.Outcome
    public let description: String
}

/// Renders a scenario (all frames, or `frames` such as "0,30-40") and checks it against `golden`.
@discardableResult
public func assertFrames(ofScenario path: String, golden: String, frames: String? = nil, scale: Double? = nil,
                         options: PixelMatch.Options = .init(), record: RecordMode? = nil) throws -> GoldenCheck.Outcome {
    let scenario = try ScenarioLoader.load(path: path, scaleOverride: scale)
    return try assertFrames(of: scenario, golden: golden, frames: frames, options: options, record: record)
}

/// Renders a loaded scenario (one whose screen may carry a Swift `SceneProvider`) and checks it
/// against `golden`:
///
///     var scenario = try ScenarioLoader.load(path: "header.yaml", scaleOverride: 1)
///     scenario.screen.provider = ParallaxHeader()
///     try assertFrames(of: scenario, golden: "Goldens/parallax", frames: "0,40,120")
@discardableResult
public func assertFrames(of scenario: Scenario, golden: String, frames: String? = nil, options: PixelMatch.Options = .init(),
                         record: RecordMode? = nil) throws -> GoldenCheck.Outcome {
    let selection = try frames.map { try FrameSelection(parsing: $0, frameCount: scenario.frameCount) }
    let directory = NSTemporaryDirectory() + "render-frames-assert-\(getpid())-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let job = RenderJob(scenario: scenario, outputDirectory: directory, selection: selection,
                        jobs: RenderJob.defaultWorkers())
    _ = try job.run()
    let files = job.selection.indices.map { frameFileName(index: $0, frameCount: scenario.frameCount) }
    return try assertFrames(inDirectory: directory, files: files, golden: golden, options: options, record: record,
                            rerun: "the same test")
}

/// Checks frames already rendered in `directory` (every NNNN.png there, or `files`) against `golden`.
@discardableResult
public func assertFrames(inDirectory directory: String, files: [String]? = nil, golden: String,
                         options: PixelMatch.Options = .init(), record: RecordMode? = nil,
                         rerun: String = "the same test") throws -> GoldenCheck.Outcome {
    let names = try files ?? FileManager.default.contentsOfDirectory(atPath: directory).filter(RenderJob.isFrameName).sorted()
    var check = GoldenCheck(framesDirectory: directory, goldenDirectory: golden, mode: try RecordMode.resolve(flag: record))
    check.options = options
    let failures = (golden as NSString).standardizingPath + "-failures"
    check.diffDirectory = failures
    let outcome = try check.run(files: names)
    guard outcome.passed else {
        let description = """
            \(outcome.failures.count) of \(names.count) frames fail against \(golden): \(outcome.failureSummary(golden: golden).joined(separator: "; ")). \
            \(outcome.diffsWritten > 0 ? "Expected / actual / diff images in \(failures). " : "")\
            \(GoldenCheck.testRerecordHint(rerun: rerun))
            """
        throw GoldenMismatch(outcome: outcome, description: description)
    }
    return outcome
}

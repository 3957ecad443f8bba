import Foundation
import GoldenCompare
import Raster
import ScenarioFormat
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
/// missing goldens are recorded, and then, unless recording was asked for (`record:` or
/// `RENDER_FRAMES_RECORD`), the test fails once with the files written: run it again to check
/// against them.
public struct GoldenMismatch: Error, CustomStringConvertible {
    public let outcome: GoldenCheck.Outcome
    public let description: String
}

/// Renders a scenario (all frames, or `frames` such as "0,30-40") and checks it against `golden`,
/// as `render-frames SCENARIO --golden GOLDEN` does: a matrix's variants are all checked first,
/// then each is rendered and checked against GOLDEN/NAME. Failure images go to GOLDEN-failures.
@discardableResult
public func assertFrames(
    ofScenario path: String, golden: String, frames: String? = nil, scale: Double? = nil,
    options: PixelMatch.Options = .init(), record: RecordMode? = nil
) throws -> GoldenCheck.Outcome {
    let directory = NSTemporaryDirectory() + "render-frames-assert-\(getpid())-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let settings = assertionSettings(path, directory: directory, golden: golden, frames: frames, scale: scale, options: options, record: record)
    return try goldenVerdict(try Render(settings).run(), golden: golden, directory: directory, record: record)
}

/// Renders a loaded scenario (one whose screen may carry a Swift `SceneProvider`) and checks it
/// against `golden`:
///
///     var scenario = try ScenarioLoader.load(path: "header.yaml", scaleOverride: 1)
///     scenario.screen.provider = ParallaxHeader()
///     try assertFrames(of: scenario, golden: "Goldens/parallax", frames: "0,40,120")
@discardableResult
public func assertFrames(
    of scenario: Scenario, golden: String, frames: String? = nil, options: PixelMatch.Options = .init(),
    record: RecordMode? = nil
) throws -> GoldenCheck.Outcome {
    let directory = NSTemporaryDirectory() + "render-frames-assert-\(getpid())-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let settings = assertionSettings(
        scenario.file, directory: directory, golden: golden, frames: frames, scale: nil, options: options, record: record)
    return try goldenVerdict(try Render(settings).run(scenario, path: scenario.file), golden: golden, directory: directory, record: record)
}

func assertionSettings(
    _ path: String, directory: String, golden: String, frames: String?, scale: Double?,
    options: PixelMatch.Options, record: RecordMode?
) -> Render.Settings {
    var settings = Render.Settings(scenario: path, outputDirectory: directory)
    (settings.golden, settings.frames, settings.scale, settings.comparison, settings.record) = (golden, frames, scale, options, record)
    settings.diff = (golden as NSString).standardizingPath + "-failures"
    settings.writeAnimations = false
    settings.rerun = "the same test"
    return settings
}

/// The run's golden outcomes as one (a matrix's variants summed), or a `GoldenMismatch` saying
/// what failed in each variant, and what was recorded when recording was not asked for (`record`
/// nil and no `RENDER_FRAMES_RECORD`).
func goldenVerdict(_ result: Render.Result, golden: String, directory: String, record: RecordMode?) throws -> GoldenCheck.Outcome {
    var whole = GoldenCheck.Outcome()
    var problems: [String] = []
    var recordings: [String] = []
    let failures = (golden as NSString).standardizingPath + "-failures"
    for (variant, outcome) in result.goldenOutcomes {
        whole.compared += outcome.compared
        whole.matched += outcome.matched
        whole.diffsWritten += outcome.diffsWritten
        whole.recorded += outcome.recorded
        whole.pruned += outcome.pruned
        whole.failures += outcome.failures
        whole.verdicts += outcome.verdicts
        let folder = variant.map { golden + "/" + $0 } ?? golden, images = variant.map { failures + "/" + $0 } ?? failures
        if !outcome.recorded.isEmpty { recordings.append(GoldenMismatch.recorded(outcome.recorded, in: folder)) }
        guard !outcome.passed else { continue }
        problems.append(
            """
            \(outcome.failures.count) of \(outcome.recorded.count + outcome.verdicts.count) frames fail against \(folder): \(outcome.failureSummary(golden: folder).joined(separator: "; ")). \
            \(outcome.diffsWritten > 0 ? "Expected / actual / diff images in \(images). " : "")
            """)
    }
    let unasked = try !RecordMode.isAsked(flag: record) && RecordMode.resolve(flag: record) == .missing ? recordings : []
    guard problems.isEmpty, unasked.isEmpty else {
        let rerecord = problems.isEmpty ? "" : GoldenCheck.testRerecordHint(rerun: "the same test")
        throw GoldenMismatch(
            outcome: whole, description: problems.joined() + GoldenMismatch.recordedNote(unasked, rerun: "the same test", then: rerecord))
    }
    return whole
}

extension GoldenMismatch {
    /// The goldens recorded in `folder`: each file when there are a few, else the first and last.
    static func recorded(_ files: [String], in folder: String) -> String {
        let paths = files.map { folder + "/" + $0 }
        let count = "\(files.count) frame\(files.count == 1 ? "" : "s")"
        return paths.count <= 3 ? "\(paths.joined(separator: ", ")) (\(count))" : "\(paths[0]) ... \(paths[paths.count - 1]) (\(count))"
    }

    /// What a test that recorded goldens without being asked says (swift-snapshot-testing's
    /// "No reference was found on disk. Automatically recorded snapshot: ..."), before `then`.
    static func recordedNote(_ recordings: [String], rerun: String, then: String) -> String {
        guard !recordings.isEmpty else { return then }
        return "No golden was found on disk. Automatically recorded: \(recordings.joined(separator: "; ")). Look at them, then run \(rerun) "
            + "again to check against the newly recorded goldens (to record without failing, set \(RecordMode.environmentVariable)=missing)."
            + (then.isEmpty ? "" : " " + then)
    }
}

/// Checks frames already rendered in `directory` (every NNNN.png there, or `files`) against `golden`.
@discardableResult
public func assertFrames(
    inDirectory directory: String, files: [String]? = nil, golden: String,
    options: PixelMatch.Options = .init(), record: RecordMode? = nil,
    rerun: String = "the same test"
) throws -> GoldenCheck.Outcome {
    let names = try files ?? FileManager.default.contentsOfDirectory(atPath: directory).filter(RenderJob.isFrameName).sorted()
    var check = GoldenCheck(framesDirectory: directory, goldenDirectory: golden, mode: try RecordMode.resolve(flag: record))
    check.options = options
    let failures = (golden as NSString).standardizingPath + "-failures"
    check.diffDirectory = failures
    let outcome = try check.run(files: names)
    let unasked = !RecordMode.isAsked(flag: record) && check.mode == .missing && !outcome.recorded.isEmpty
    let recordings = unasked ? [GoldenMismatch.recorded(outcome.recorded, in: golden)] : []
    guard outcome.passed else {
        let description = """
            \(outcome.failures.count) of \(names.count) frames fail against \(golden): \(outcome.failureSummary(golden: golden).joined(separator: "; ")). \
            \(outcome.diffsWritten > 0 ? "Expected / actual / diff images in \(failures). " : "")
            """
        throw GoldenMismatch(
            outcome: outcome,
            description: description + GoldenMismatch.recordedNote(recordings, rerun: rerun, then: GoldenCheck.testRerecordHint(rerun: rerun)))
    }
    if unasked { throw GoldenMismatch(outcome: outcome, description: GoldenMismatch.recordedNote(recordings, rerun: rerun, then: "")) }
    return outcome
}

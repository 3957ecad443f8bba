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
    return try goldenVerdict(try Render(settings).run(), golden: golden, directory: directory)
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
    return try goldenVerdict(try Render(settings).run(scenario, path: scenario.file), golden: golden, directory: directory)
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
/// what failed in each variant.
func goldenVerdict(_ result: Render.Result, golden: String, directory: String) throws -> GoldenCheck.Outcome {
    var whole = GoldenCheck.Outcome()
    var problems: [String] = []
    let failures = (golden as NSString).standardizingPath + "-failures"
    for (variant, outcome) in result.goldenOutcomes {
        whole.compared += outcome.compared
        whole.matched += outcome.matched
        whole.diffsWritten += outcome.diffsWritten
        whole.recorded += outcome.recorded
        whole.pruned += outcome.pruned
        whole.failures += outcome.failures
        whole.verdicts += outcome.verdicts
        guard !outcome.passed else { continue }
        let folder = variant.map { golden + "/" + $0 } ?? golden, images = variant.map { failures + "/" + $0 } ?? failures
        problems.append(
            """
            \(outcome.failures.count) of \(outcome.recorded.count + outcome.verdicts.count) frames fail against \(folder): \(outcome.failureSummary(golden: folder).joined(separator: "; ")). \
            \(outcome.diffsWritten > 0 ? "Expected / actual / diff images in \(images). " : "")
            """)
    }
    guard problems.isEmpty else {
        throw GoldenMismatch(outcome: whole, description: problems.joined() + GoldenCheck.testRerecordHint(rerun: "the same test"))
    }
    return whole
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

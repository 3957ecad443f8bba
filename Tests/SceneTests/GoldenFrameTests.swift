import Foundation
import GoldenCompare
import Raster
import RenderFramesKit
import ScenarioFormat
import Scene
import XCTest

/// Whole frames against the goldens in Fixtures/golden/<scenario>/, through the path users' goldens
/// take (`render-frames --golden`): `Render` renders the frames into a folder and checks them
/// with GoldenCheck (exactly, as `compare --exact`), and its record modes
/// re-record them (`RENDER_FRAMES_RECORD=all swift test --filter GoldenFrameTests`, or
/// scripts/record-goldens.sh). Nothing is recorded unless asked: a missing golden fails. A failure
/// writes expected / actual / diff PNGs to .golden-failures/<scenario>/ (git-ignored).
final class GoldenFrameTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    func testProfileGoldens() throws {
        try checkGoldens(scenario: "profile")
    }

    func testProfileDarkGoldens() throws {
        try checkGoldens(scenario: "profile-dark")
    }

    func testProfileGesturesGoldens() throws {
        try checkGoldens(scenario: "profile-gestures")
    }

    func testClassicStatusBarGoldens() throws {
        try checkGoldens(scenario: "classic-status-bar")
    }

    func testSettingsGroupedGoldens() throws {
        try checkGoldens(scenario: "settings-grouped")
    }

    func testTableStickyHeadersGoldens() throws {
        try checkGoldens(scenario: "table-sticky-headers")
    }

    /// A matrix: four variants, each its own golden folder.
    func testTabbedProfileGoldens() throws {
        try checkGoldens(scenario: "tabbed-profile")
    }

    /// English, Arabic, Chinese and emoji at the Large and accessibility3 text sizes.
    func testInternationalGoldens() throws {
        try checkGoldens(scenario: "international")
    }

    func testStretchyTableGoldens() throws {
        try checkGoldens(scenario: "stretchy-table")
    }

    func testStretchyCollectionGoldens() throws {
        try checkGoldens(scenario: "stretchy-collection")
    }

    func testSelfSizingMailGoldens() throws {
        try checkGoldens(scenario: "self-sizing-mail")
    }

    func testParallaxHeaderGoldens() throws {
        try checkGoldens(scenario: "parallax-header")
    }

    func testCollapsingLargeTitleGoldens() throws {
        try checkGoldens(scenario: "collapsing-large-title")
    }

    func testCardsScrollTransitionGoldens() throws {
        try checkGoldens(scenario: "cards-scroll-transition")
    }

    /// A horizontally paging `scroll:` layer driven by sideways gestures, its page dots reading its offset.
    func testCarouselGoldens() throws {
        try checkGoldens(scenario: "carousel")
    }

    /// Animations started by a tap (the Follow button's spring and colour) and at a time (the
    /// banner's spring), and a tap at a point that fades the banner.
    func testTapAnimationsGoldens() throws {
        try checkGoldens(scenario: "tap-animations")
    }

    /// A Follow button toggled by three taps, the second landing mid-spring (it turns back from
    /// where it stands), and a card lifted by a long press: rest (0), following and swelling (16),
    /// just turned back, still green and wide (22), cross-fading back to Follow (25), unfollowed at
    /// rest (45), the card lifting under the held finger (84), lifted (95).
    func testTapTogglesGoldens() throws {
        try checkGoldens(scenario: "tap-toggles")
    }

    /// A profile block of labels of unknown length: `height: fit` and `stack:` place it, no height guessed.
    func testFittedProfileGoldens() throws {
        try checkGoldens(scenario: "fitted-profile")
    }

    /// A scenario's goldens; with a matrix, each variant's in Fixtures/golden/<scenario>/<variant>/.
    func checkGoldens(scenario name: String) throws {
        let path = "\(Self.root)/Fixtures/scenarios/\(name).yaml"
        let variants = try ScenarioLoader.load(path: path, scaleOverride: 1).variantNames
        guard !variants.isEmpty else { return try checkGoldens(scenario: name, variant: nil) }
        let recorded = ((try? FileManager.default.contentsOfDirectory(atPath: "\(Self.root)/Fixtures/golden/\(name)")) ?? []).sorted()
        XCTAssertEqual(recorded, variants.sorted(), "\(name): one golden folder per variant")
        for variant in variants { try checkGoldens(scenario: name, variant: variant) }
    }

    func checkGoldens(scenario file: String, variant: String?) throws {
        let name = variant.map { "\(file)/\($0)" } ?? file
        let goldenDir = "\(Self.root)/Fixtures/golden/\(name)"
        var scenario = try ScenarioLoader.load(path: "\(Self.root)/Fixtures/scenarios/\(file).yaml", scaleOverride: 1, variant: variant)
        scenario.file = "Fixtures/scenarios/\(file).yaml" // as the manifest names it when rendered from the package root
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: goldenDir)) ?? [])
            .filter { $0.hasSuffix(".png") }.sorted()
        XCTAssertFalse(names.isEmpty, "no goldens in \(goldenDir); record them with scripts/record-goldens.sh")
        let indices = names.compactMap { Int($0.dropLast(4)) }

        // Geometry first: the layout recorded beside the goldens must match (no pixels needed).
        let manifestData = try Data(contentsOf: URL(fileURLWithPath: "\(goldenDir)/manifest.json"))
        let golden = try JSONDecoder().decode(Manifest.self, from: manifestData)
        let job = RenderJob(scenario: scenario, outputDirectory: "/dev/null", includeLayout: true)
        for frame in golden.frames {
            // The file's size and hash are the PNG writer's, not the layout's (a golden recorded
            // by scripts/record-goldens.sh has them).
            var layout = frame
            (layout.bytes, layout.xxh3) = (nil, nil)
            XCTAssertEqual(
                job.record(index: frame.index, file: frame.file), layout,
                "\(name)/\(frame.file): layout differs from the golden manifest")
        }

        // The frames, as `render-frames SCENARIO --scale 1 --frames ... --layout --golden DIR` checks them.
        let frames = NSTemporaryDirectory() + "golden-frames-\(getpid())-\(name.replacingOccurrences(of: "/", with: "-"))"
        try? FileManager.default.removeItem(atPath: frames)
        defer { try? FileManager.default.removeItem(atPath: frames) }
        var settings = Render.Settings(scenario: "\(Self.root)/Fixtures/scenarios/\(file).yaml", outputDirectory: frames)
        (settings.frames, settings.jobs, settings.includeLayout, settings.golden) = (FrameRanges.text(indices), 2, true, goldenDir)
        // The product's record variable; without it nothing is recorded (as in CI).
        var environment = ProcessInfo.processInfo.environment
        environment["CI"] = "true"
        settings.record = try RecordMode.resolve(flag: nil, environment: environment)
        let failures = "\(Self.root)/.golden-failures/\(name)"
        try? FileManager.default.removeItem(atPath: failures)
        settings.diff = failures
        // Frames are deterministic, so every byte counts (as compare --exact): no threshold, no
        // anti-aliased pixels let through.
        settings.comparison = PixelMatch.Options(exact: true)
        let result = try Render(settings).run(scenario, path: "\(Self.root)/Fixtures/scenarios/\(file).yaml")
        let outcome = try XCTUnwrap(result.goldenOutcomes.first?.outcome)
        if !outcome.recorded.isEmpty {
            print("re-recorded \(outcome.recorded.count) goldens in \(goldenDir) (mode \(settings.record!.rawValue)); look at them before committing")
        }
        for failure in outcome.failures {
            XCTFail(
                "\(name): \(failure.failureLine); expected/actual/diff in \(failures). "
                    + "If the change is intended, re-record: scripts/record-goldens.sh")
        }
    }
}

final class DeterminismTests: XCTestCase {
    func testSameBytesForAnyWorkerCountAndRerun() throws {
        let scenario = try ScenarioLoader.load(path: "\(GoldenFrameTests.root)/Fixtures/scenarios/profile.yaml", scaleOverride: 0.5)
        let indices = [0, 1, 66, 193, 194, 240, 241]
        var outputs: [[String: Data]] = []
        for jobs in [1, 3, 1] {
            let dir = NSTemporaryDirectory() + "determinism-\(getpid())-\(outputs.count)"
            defer { try? FileManager.default.removeItem(atPath: dir) }
            _ = try RenderJob(scenario: scenario, outputDirectory: dir, selection: FrameSelection(indices: indices), jobs: jobs).run()
            var files: [String: Data] = [:]
            for name in try FileManager.default.contentsOfDirectory(atPath: dir) {
                files[name] = try Data(contentsOf: URL(fileURLWithPath: "\(dir)/\(name)"))
            }
            XCTAssertEqual(files.count, indices.count + 1)
            outputs.append(files)
        }
        XCTAssertEqual(outputs[0], outputs[1], "--jobs 1 and --jobs 3 differ")
        XCTAssertEqual(outputs[0], outputs[2], "a rerun differs")
    }

    /// The layer language too: view timelines, repeats, time-reading bindings, keyframes.
    func testScenesOfOneOwnAreTheSameForAnyWorkerCount() throws {
        for (name, frames) in [("cards-scroll-transition", [0, 40, 41, 70, 200, 300]), ("collapsing-large-title", [0, 48, 110, 190])] {
            let scenario = try ScenarioLoader.load(path: "\(GoldenFrameTests.root)/Fixtures/scenarios/\(name).yaml", scaleOverride: 0.5)
            var outputs: [[String: Data]] = []
            for jobs in [1, 3] {
                let dir = NSTemporaryDirectory() + "determinism-scene-\(getpid())-\(jobs)"
                defer { try? FileManager.default.removeItem(atPath: dir) }
                _ = try RenderJob(scenario: scenario, outputDirectory: dir, selection: FrameSelection(indices: frames), jobs: jobs).run()
                var files: [String: Data] = [:]
                for file in try FileManager.default.contentsOfDirectory(atPath: dir) {
                    files[file] = try Data(contentsOf: URL(fileURLWithPath: "\(dir)/\(file)"))
                }
                outputs.append(files)
            }
            XCTAssertEqual(outputs[0], outputs[1], "\(name): --jobs 1 and --jobs 3 differ")
        }
    }
}

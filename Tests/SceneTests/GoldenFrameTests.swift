import Foundation
import GoldenCompare
import Raster
import RenderFramesKit
import Scene
import XCTest

/// Whole frames against the goldens in Fixtures/golden/<scenario>/, recorded by the tool itself
/// (scripts/record-goldens.sh). A failure writes expected / actual / diff PNGs to
/// .golden-failures/<scenario>/ (git-ignored) and names the re-record command.
/// To re-record from the tests instead: RECORD_GOLDENS=1 swift test --filter GoldenFrameTests
final class GoldenFrameTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    /// Per-channel difference still accepted (rounding noise across machines, not visible).
    static let tolerance = 2

    func testProfileGoldens() throws {
        try checkGoldens(scenario: "profile")
    }

    func testProfileDarkGoldens() throws {
        try checkGoldens(scenario: "profile-dark")
    }

    func testProfileGesturesGoldens() throws {
        try checkGoldens(scenario: "profile-gestures")
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

    func checkGoldens(scenario name: String) throws {
        let goldenDir = "\(Self.root)/Fixtures/golden/\(name)"
        let scenario = try ScenarioLoader.load(path: "\(Self.root)/Fixtures/scenarios/\(name).yaml", scaleOverride: 1)
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: goldenDir)) ?? [])
            .filter { $0.hasSuffix(".png") }.sorted()
        XCTAssertFalse(names.isEmpty, "no goldens in \(goldenDir); record them with scripts/record-goldens.sh")
        let indices = names.compactMap { Int($0.dropLast(4)) }

        if ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1" {
            let job = RenderJob(scenario: scenario, outputDirectory: goldenDir, selection: FrameSelection(indices: indices),
                                jobs: 2, includeLayout: true)
            _ = try job.run()
            print("re-recorded \(indices.count) goldens in \(goldenDir); look at them before committing")
            return
        }

        // Geometry first: the layout recorded beside the goldens must match (no pixels needed).
        let manifestData = try Data(contentsOf: URL(fileURLWithPath: "\(goldenDir)/manifest.json"))
        let golden = try JSONDecoder().decode(Manifest.self, from: manifestData)
        let job = RenderJob(scenario: scenario, outputDirectory: "/dev/null", includeLayout: true)
        for frame in golden.frames {
            XCTAssertEqual(job.record(index: frame.index, file: frame.file), frame,
                           "\(name)/\(frame.file): layout differs from the golden manifest")
        }

        let renderer = FrameRenderer(scenario: scenario)
        for (file, index) in zip(names, indices) {
            let expected = try ImageDecoder.decode(fileAt: "\(goldenDir)/\(file)")
            let actual = renderer.render(frame: index)
            let result = ImageComparison.compare(actual, expected, tolerance: Self.tolerance)
            guard !result.matches else { continue }
            let failures = "\(Self.root)/.golden-failures/\(name)"
            try FileManager.default.createDirectory(atPath: failures, withIntermediateDirectories: true)
            let encoder = PNGEncoder(options: .fast)
            let stem = String(file.dropLast(4))
            for (suffix, image) in [("expected", expected), ("actual", actual),
                                    ("diff", ImageComparison.diffImage(actual, expected, tolerance: Self.tolerance))] {
                try Data(encoder.encode(image)).write(to: URL(fileURLWithPath: "\(failures)/\(stem).\(suffix).png"))
            }
            let worst = result.worstPixel.map { "(\($0.x), \($0.y))" } ?? "-"
            XCTFail("""
                \(name)/\(file): \(result.sizeMismatch ? "size differs" : "\(result.differingPixels) pixels differ"), \
                max channel delta \(result.maxChannelDelta), worst at \(worst); expected/actual/diff in \(failures). \
                If the change is intended, re-record: scripts/record-goldens.sh
                """)
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

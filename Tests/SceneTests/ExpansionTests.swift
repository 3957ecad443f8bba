import Foundation
import XCTest
import Raster
@testable import Scene

/// `render-frames expand`: every fixture that uses a preset, written in the layer language only,
/// renders the same pixels as the preset (so the same PNG bytes: the encoder is deterministic).
/// Every 9th frame at scale 0.5 here (every frame at 1 and samples at @3x were compared with the
/// CLI when the expansions were written: see the README).
final class ExpansionTests: XCTestCase {
    func testEveryPresetFixtureExpandsToIdenticalFrames() throws {
        let dir = GoldenFrameTests.root + "/Fixtures/scenarios"
        let out = NSTemporaryDirectory() + "expansion-\(getpid())"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: out) }
        var presets: [String] = []
        var pairs: [(String, Scenario, Scenario)] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: dir).filter({ $0.hasSuffix(".yaml") }).sorted() {
            let source = "\(dir)/\(file)"
            let original = try ScenarioLoader.load(path: source, scaleOverride: 0.5)
            let target = "\(out)/\(file)"
            guard original.variantNames.isEmpty else {
                // An expansion is written for one device: a matrix is refused, with the way out.
                XCTAssertThrowsError(try PresetExpansion.expand(path: source, outputPath: target), file) { error in
                    XCTAssertTrue("\(error)".contains("its matrix makes \(original.variantNames.count) variants"), "\(error)")
                }
                continue
            }
            let yaml = try PresetExpansion.expand(path: source, outputPath: target)
            guard original.screen.presetName != nil || original.screen.scene == nil else {
                XCTAssertEqual(yaml, try String(contentsOfFile: source, encoding: .utf8), "\(file) is already in the layer language")
                continue
            }
            presets.append(file)
            try yaml.write(toFile: target, atomically: true, encoding: .utf8)
            for key in ["effect:", "header:", "avatar:", "profile:"] {
                XCTAssertFalse(yaml.split(separator: "\n").contains { $0.hasPrefix(key) }, "\(file): the expansion still has \(key)")
            }
            let expanded = try ScenarioLoader.load(path: target, scaleOverride: 0.5)
            XCTAssertNil(expanded.screen.presetName)
            XCTAssertNotNil(expanded.screen.scene)
            XCTAssertEqual(expanded.frameCount, original.frameCount, file)
            pairs.append((file, original, expanded))
        }
        let differing = Parallel.map(pairs.count, workers: ProcessInfo.processInfo.activeProcessorCount) { _, i in
            let (_, original, expanded) = pairs[i]
            let a = FrameRenderer(scenario: original), b = FrameRenderer(scenario: expanded)
            return stride(from: 0, to: original.frameCount, by: 9).filter { a.render(frame: $0).bytes != b.render(frame: $0).bytes }
        }
        for (pair, bad) in zip(pairs, differing) { XCTAssertEqual(bad, [], "\(pair.0): frames that differ from the preset's") }
        XCTAssertEqual(presets.count, 9, "\(presets)")
    }

    func testImagePathsAreRebasedForTheOutputFolder() throws {
        let source = GoldenFrameTests.root + "/Fixtures/scenarios/stretchy-collection.yaml"
        let yaml = try PresetExpansion.expand(path: source, outputPath: GoldenFrameTests.root + "/Fixtures/expanded/stretchy-collection.yaml")
        XCTAssertTrue(yaml.contains("image: \"../images/rocket.jpg\""), yaml)
        let same = try PresetExpansion.expand(path: source)
        XCTAssertTrue(same.contains("image: \"../images/rocket.jpg\""))
        let deeper = try PresetExpansion.expand(path: source, outputPath: GoldenFrameTests.root + "/Fixtures/a/b/c.yaml")
        XCTAssertTrue(deeper.contains("image: \"../../images/rocket.jpg\""), deeper)
    }
}

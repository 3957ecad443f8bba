import Foundation
import XCTest
import Raster
@testable import ScenarioFormat
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
                    XCTAssertTrue("\(error)".contains("set its device, appearance, orientation and textSize"), "\(error)")
                }
                // The way out: a copy of its last variant, and fonts of its own, expands like any other.
                let copy = try Self.lastVariantWithFonts(source, in: out)
                let yaml = try PresetExpansion.expand(path: copy, outputPath: target)
                try yaml.write(toFile: target, atomically: true, encoding: .utf8)
                let one = try ScenarioLoader.load(path: copy, scaleOverride: 0.5)
                let expanded = try ScenarioLoader.load(path: target, scaleOverride: 0.5)
                XCTAssertNil(expanded.screen.presetName, file)
                XCTAssertEqual(expanded.frameCount, one.frameCount, file)
                XCTAssertTrue(yaml.contains("\n  regular: fonts/Inter-SemiBold.otf\n"), "\(file): the font's path, rebased: \(yaml)")
                if file == "international.yaml" { XCTAssertTrue(yaml.contains("\ntextSize: accessibility3\n"), yaml) }
                presets.append(file)
                pairs.append((file, one, expanded))
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
        let expansions = pairs
        let differing = Parallel.map(expansions.count, workers: ProcessInfo.processInfo.activeProcessorCount) { _, i in
            let (_, original, expanded) = expansions[i]
            let a = FrameRenderer(scenario: original), b = FrameRenderer(scenario: expanded)
            return stride(from: 0, to: original.frameCount, by: 9).filter { a.render(frame: $0).bytes != b.render(frame: $0).bytes }
        }
        for (pair, bad) in zip(pairs, differing) { XCTAssertEqual(bad, [], "\(pair.0): frames that differ from the preset's") }
        XCTAssertEqual(presets.count, 11, "\(presets)")
        XCTAssertTrue(presets.contains("international.yaml"), "\(presets)")
    }

    /// A copy of a matrix scenario at `source` as its last variant (each axis set to the last value
    /// its list gives, `matrix:` removed), with `fonts: {regular: Inter SemiBold}` and a fallback, in
    /// `folder`/src/, beside a link to the fixtures' images and copies of two bundled fonts (the
    /// copy's paths are the fixture's; the expansion, written in `folder`, rebases the fonts').
    static func lastVariantWithFonts(_ source: String, in folder: String) throws -> String {
        let fm = FileManager.default
        if !fm.fileExists(atPath: folder + "/images") {
            try fm.createSymbolicLink(atPath: folder + "/images", withDestinationPath: GoldenFrameTests.root + "/Fixtures/images")
            // Copies, not a link: the expansion's paths are rebased from where the files are.
            try fm.createDirectory(atPath: folder + "/fonts", withIntermediateDirectories: true)
            for font in ["Inter-SemiBold.otf", "Inter-Bold.otf"] {
                try fm.copyItem(atPath: GoldenFrameTests.root + "/Sources/Scene/Resources/Fonts/" + font, toPath: folder + "/fonts/" + font)
            }
        }
        try fm.createDirectory(atPath: folder + "/src", withIntermediateDirectories: true)
        var kept: [Substring] = [], axes: [String] = []
        var inMatrix = false
        for line in try String(contentsOfFile: source, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false) {
            if line == "matrix:" { inMatrix = true; continue }
            if inMatrix, line.hasPrefix("  ") {
                // `  textSize: [large, accessibility3]` -> `textSize: accessibility3`
                let parts = line.dropFirst(2).split(separator: ":", maxSplits: 1)
                let last = parts[1].split(separator: ",").last!.trimmingCharacters(in: CharacterSet(charactersIn: " []"))
                axes.append("\(parts[0]): \(last)")
                continue
            }
            inMatrix = false
            kept.append(line)
        }
        XCTAssertFalse(axes.isEmpty, source)
        let fonts = ["fonts:", "  regular: ../fonts/Inter-SemiBold.otf", "  fallback: [{file: ../fonts/Inter-Bold.otf, index: 0}]"]
        let copy = "\(folder)/src/\((source as NSString).lastPathComponent)"
        try ((axes + fonts).joined(separator: "\n") + "\n" + kept.joined(separator: "\n")).write(toFile: copy, atomically: true, encoding: .utf8)
        return copy
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

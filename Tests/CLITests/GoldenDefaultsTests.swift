import Foundation
import GoldenCompare
import Raster
import XCTest
@testable import RenderFramesKit

/// The default golden comparison catches what a reviewer would (a changed color of a solid area
/// by 3 levels or more in a channel) and passes what a reviewer would not see (1 level of noise,
/// the same scenario rendered again); folders that overlap are refused before any work.
final class GoldenDefaultsTests: XCTestCase {
    var tmp = ""
    override func setUpWithError() throws { tmp = try makeTemporaryFolder("golden-defaults") }
    override func tearDown() { try? FileManager.default.removeItem(atPath: tmp) }

    func run(_ arguments: [String]) throws -> Shell.Result {
        try InProcess.run("/usr/bin/env", ["-u", "CI", "-u", RecordMode.environmentVariable, CLITests.binary] + arguments)
    }

    /// The Settings scenario with one of its icon colors replaced (the icons are 29 pt squares
    /// with rounded corners: about 800 solid pixels at scale 1).
    func settings(replacing color: String, with replacement: String, name: String) throws -> String {
        let text = try String(contentsOfFile: CLITests.root + "/Fixtures/scenarios/settings-grouped.yaml", encoding: .utf8)
        XCTAssertTrue(text.contains("\"\(color)\""))
        let path = "\(tmp)/\(name).yaml"
        try text.replacingOccurrences(of: "\"\(color)\"", with: "\"\(replacement)\"").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// `compare ACTUAL GOLDEN` through the library, as the command calls it: its exit code (1 when
    /// a frame fails) and what it prints.
    func compare(
        _ actual: String, _ golden: String, _ options: PixelMatch.Options = .init(), diff: String? = nil,
        report: String? = nil
    ) throws -> (code: Int32, stdout: String) {
        let outcome = try Comparison(actual: actual, golden: golden, options: options, diff: diff, report: report).run()
        return (outcome.failed > 0 ? 1 : 0, outcome.lines.map { $0 + "\n" }.joined())
    }

    /// Frames 0 and 40 (or `frames`) at scale 1, rendered in this process.
    func frames(_ scenario: String, into out: String, frames: String = "0,40", jobs: Int = 2) throws {
        try InProcess.render(scenario, into: out, scale: 1, frames: frames, jobs: jobs)
    }

    func render(_ scenario: String, into out: String, _ extra: [String] = []) throws -> Shell.Result {
        let r = try run([scenario, "--out", out, "--scale", "1", "--frames", "0,40", "--quiet"] + extra)
        return r
    }

    func testTheAuditsBrandColorChangesFailWithTheDefaults() throws {
        // #FA2D48 -> #FF375F and #1ED760 -> #1DB954, each in place of a Settings icon's color.
        for (original, before, after) in [("#FF2D55", "#FA2D48", "#FF375F"), ("#34C759", "#1ED760", "#1DB954")] {
            try frames(try settings(replacing: original, with: before, name: "before"), into: "\(tmp)/golden")
            let changed = try settings(replacing: original, with: after, name: "after")
            try frames(changed, into: "\(tmp)/after")
            let compare = try self.compare("\(tmp)/after", "\(tmp)/golden")
            XCTAssertEqual(compare.code, 1, "\(before) -> \(after) must fail: \(compare.stdout)")
            XCTAssertTrue(compare.stdout.contains("frames 0, 40 differ (2 frames); worst "), compare.stdout)
            XCTAssertTrue(compare.stdout.contains(" levels off"), compare.stdout)
            // pixelmatch's perceptual 0.1, the old default, lets both through.
            XCTAssertEqual(try self.compare("\(tmp)/after", "\(tmp)/golden", .init(threshold: 0.1)).code, 0)
            // The render's own check fails too, and a tolerance past the change passes it.
            let check = try render(changed, into: "\(tmp)/check", ["--golden", "\(tmp)/golden", "--record", "never"])
            XCTAssertEqual(check.code, 1, check.stdout)
            XCTAssertTrue(check.stdout.contains("0 passed, 2 failed"), check.stdout)
            let loose = try render(changed, into: "\(tmp)/check", ["--golden", "\(tmp)/golden", "--record", "never", "--tolerance", "40"])
            XCTAssertEqual(loose.code, 0, loose.stdout)
            for folder in ["golden", "after", "check", "check-diff"] { try? FileManager.default.removeItem(atPath: "\(tmp)/\(folder)") }
        }
    }

    func testTheSameScenarioRenderedTwicePasses() throws {
        let scenario = CLITests.root + "/Fixtures/scenarios/settings-grouped.yaml"
        try frames(scenario, into: "\(tmp)/one", jobs: 1)
        try frames(scenario, into: "\(tmp)/two", jobs: 2)
        XCTAssertEqual(try compare("\(tmp)/two", "\(tmp)/one", .init(exact: true)).code, 0, "byte for byte the same")
        let again = try render(scenario, into: "\(tmp)/three", ["--golden", "\(tmp)/one", "--record", "never"])
        XCTAssertEqual(again.code, 0, again.stdout)
        XCTAssertTrue(again.stdout.contains("2 passed, 0 failed"), again.stdout)
    }

    func testOneLevelOfNoiseOnARenderPassesAndThreeLevelsOfColorFail() throws {
        let scenario = CLITests.root + "/Fixtures/scenarios/settings-grouped.yaml"
        try frames(scenario, into: "\(tmp)/golden", frames: "0")
        let frame = try ImageDecoder.decode(fileAt: "\(tmp)/golden/0000.png")
        func write(_ pixmap: Pixmap, to folder: String) throws {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try Data(PNGEncoder().encode(pixmap)).write(to: URL(fileURLWithPath: folder + "/0000.png"))
        }
        // +1 or -1 level in every channel of every pixel, in a fixed pattern.
        var noisy = frame
        for y in 0..<noisy.height {
            for x in 0..<noisy.width {
                let p = noisy[x, y]
                func nudge(_ v: UInt8, _ k: Int) -> UInt8 { UInt8(min(max(Int(v) + ((x + 2 * y + k) % 2 == 0 ? 1 : -1), 0), 255)) }
                noisy[x, y] = PremultipliedColor(r: nudge(p.r, 0), g: nudge(p.g, 1), b: nudge(p.b, 2), a: 255)
            }
        }
        try write(noisy, to: "\(tmp)/noisy")
        XCTAssertEqual(try compare("\(tmp)/noisy", "\(tmp)/golden", .init(exact: true)).code, 1, "the noise is there")
        let passes = try compare("\(tmp)/noisy", "\(tmp)/golden")
        XCTAssertEqual(passes.code, 0, passes.stdout)
        // A 10x10 patch of the background 3 levels bluer: 100 pixels, a channel 3 levels off.
        var patched = frame
        for y in 300..<310 {
            for x in 5..<15 {
                let p = patched[x, y]
                patched[x, y] = PremultipliedColor(r: p.r, g: p.g, b: p.b > 3 ? p.b - 3 : p.b + 3, a: p.a)
            }
        }
        try write(patched, to: "\(tmp)/patched")
        let fails = try compare("\(tmp)/patched", "\(tmp)/golden", report: "\(tmp)/report")
        XCTAssertEqual(fails.code, 1, fails.stdout)
        XCTAssertTrue(fails.stdout.contains("FAIL frame 0 differs (1 frame); worst 0000.png: 100 pixels (0.0"), fails.stdout)
        XCTAssertTrue(fails.stdout.contains(", a channel 3 levels off"), fails.stdout)
        let page = try String(contentsOfFile: "\(tmp)/report/index.html", encoding: .utf8)
        XCTAssertTrue(page.contains("100 pixels differ (0.0"), page)
        XCTAssertTrue(page.contains(", a channel 3 levels off"), "the report says how far off too")
        XCTAssertEqual(try compare("\(tmp)/patched", "\(tmp)/golden", .init(tolerance: 3)).code, 0)
    }

    func testGoldensThatAreInsideOrHoldTheFramesAreRefusedBeforeAnyWork() throws {
        let scenario = CLITests.root + "/Fixtures/scenarios/settings-grouped.yaml"
        try FileManager.default.createDirectory(atPath: "\(tmp)/o", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: "\(tmp)/link", withDestinationPath: "\(tmp)/o")
        let cases: [(out: String, golden: String, diff: String?, says: String)] = [
            ("\(tmp)/o", "\(tmp)/o", nil, "--golden \(tmp)/o is --out \(tmp)/o"),
            ("\(tmp)/o", "\(tmp)/link", nil, "is --out"),
            ("\(tmp)/o", "\(tmp)/o/sub/..", nil, "is --out"),
            ("\(tmp)/o", "\(tmp)/o/goldens", nil, "--golden \(tmp)/o/goldens lies inside --out \(tmp)/o"),
            ("\(tmp)/link/frames", "\(tmp)/o", nil, "--out \(tmp)/link/frames lies inside --golden \(tmp)/o"),
            ("\(tmp)/frames", "\(tmp)/g", "\(tmp)/g/diff", "--diff \(tmp)/g/diff lies inside --golden \(tmp)/g"),
            ("\(tmp)/frames", "\(tmp)/g", "\(tmp)/frames", "--diff \(tmp)/frames is --out \(tmp)/frames"),
        ]
        for c in cases {
            let r = try run([scenario, "--out", c.out, "--golden", c.golden, "--quiet"] + (c.diff.map { ["--diff", $0] } ?? []))
            XCTAssertEqual(r.code, 2, "\(c): \(r.stdout)")
            XCTAssertTrue(r.stderr.hasPrefix("error: "), r.stderr)
            XCTAssertTrue(r.stderr.contains(c.says), "\(c.says) in \(r.stderr)")
            XCTAssertTrue(
                r.stderr.contains("keep the goldens and the frames in separate folders")
                    || r.stderr.contains("write them outside the compared folders"), r.stderr)
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: "\(tmp)/o"), [], "nothing rendered or recorded")
            for never in ["frames", "g", "o/goldens", "o-diff", "frames-diff"] {
                XCTAssertFalse(FileManager.default.fileExists(atPath: "\(tmp)/\(never)"), "\(never) made for \(c)")
            }
        }
        // The default failure folder sits beside the frames, whatever the spelling of --out.
        XCTAssertEqual(GoldenCheck.defaultDiffDirectory(frames: "frames/"), "frames-diff")
        XCTAssertEqual(GoldenCheck.defaultDiffDirectory(frames: "a/frames//"), "a/frames-diff")
        XCTAssertEqual(GoldenCheck.defaultDiffDirectory(frames: "."), FileManager.default.currentDirectoryPath + "-diff")
    }

    func testCompareRefusesADiffFolderInsideEitherComparedFolder() throws {
        let scenario = CLITests.root + "/Fixtures/scenarios/settings-grouped.yaml"
        try frames(scenario, into: "\(tmp)/a", frames: "0")
        try frames(scenario, into: "\(tmp)/b", frames: "40")
        try FileManager.default.moveItem(atPath: "\(tmp)/b/0040.png", toPath: "\(tmp)/b/0000.png")
        try FileManager.default.createSymbolicLink(atPath: "\(tmp)/b-link", withDestinationPath: "\(tmp)/b")
        let before = try FileManager.default.contentsOfDirectory(atPath: "\(tmp)/a").sorted()
        for (diff, says) in [
            ("\(tmp)/a", "is the compared folder \(tmp)/a"), ("\(tmp)/a/diff", "lies inside the compared folder \(tmp)/a"),
            ("\(tmp)/b", "is the golden folder \(tmp)/b"), ("\(tmp)/b-link/x/../diff", "lies inside the golden folder \(tmp)/b"),
            ("\(tmp)/a/../b/d", "lies inside the golden folder"),
        ] {
            XCTAssertThrowsError(try compare("\(tmp)/a", "\(tmp)/b", diff: diff), diff) { error in
                XCTAssertTrue(error is ComparisonError, "bad input (exit code 2): \(type(of: error))")
                XCTAssertTrue("\(error)".hasPrefix("--diff \(diff) \(says)"), "\(error)")
                XCTAssertTrue("\(error)".contains("write them outside the compared folders, such as /"), "\(error)")
            }
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: "\(tmp)/a").sorted(), before, "nothing written")
            XCTAssertFalse(FileManager.default.fileExists(atPath: "\(tmp)/b/diff"))
            XCTAssertFalse(FileManager.default.fileExists(atPath: "\(tmp)/b/d"))
        }
        XCTAssertEqual(try compare("\(tmp)/a", "\(tmp)/b", diff: "\(tmp)/diff").code, 1)
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(tmp)/diff/summary.json"))
    }

    func testComparisonFlagsAreOneAtATime() throws {
        let scenario = CLITests.root + "/Fixtures/scenarios/settings-grouped.yaml"
        let two = try run(["compare", "a", "b", "--tolerance", "3", "--threshold", "0.1"])
        XCTAssertEqual(two.code, 2)
        XCTAssertTrue(two.stderr.contains("--tolerance 3 and --threshold 0.1 are two ways of comparing colors: keep one"), two.stderr)
        XCTAssertEqual(try run(["compare", "a", "b", "--exact", "--threshold", "0.1"]).code, 2)
        let range = try run(["compare", "a", "b", "--tolerance", "256"])
        XCTAssertTrue(range.stderr.contains("--tolerance must be between 0 and 255 levels, got 256"), range.stderr)
        let alone = try run([scenario, "--out", "\(tmp)/o", "--tolerance", "3"])
        XCTAssertEqual(alone.code, 2)
        XCTAssertTrue(alone.stderr.contains("they need --golden"), alone.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(tmp)/o"))
    }
}

import Foundation
import RenderFramesKit
import XCTest

/// Runs the built `render-frames` executable as a user would.
final class CLITests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    static var binary: String {
        let beside = Bundle.main.bundleURL.appendingPathComponent("render-frames").path
        if FileManager.default.isExecutableFile(atPath: beside) { return beside }
        return root + "/.build/debug/render-frames"
    }

    /// Runs render-frames.
    @discardableResult
    func run(_ arguments: [String]) throws -> Shell.Result { try InProcess.run(CLITests.binary, arguments) }

    @discardableResult
    func exec(_ executable: String, _ arguments: [String], cwd: String? = nil) throws -> Shell.Result {
        try InProcess.run(executable, arguments, cwd: cwd)
    }

    var tmp = ""
    override func setUpWithError() throws { tmp = try makeTemporaryFolder("cli") }
    override func tearDown() { try? FileManager.default.removeItem(atPath: tmp) }

    func write(_ text: String, to name: String) throws -> String {
        let path = "\(tmp)/\(name)"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static let small = """
        device: iphone-8
        fps: 10
        header: {height: 107, title: Hello}
        rows: {count: 12}
        timeline:
          keyframes:
            - {time: 0, offset: 0}
            - {time: 1, offset: -60, easing: linear}
        """

    func files(in dir: String) -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted() }

    func testHelp() throws {
        let r = try run(["--help"])
        XCTAssertEqual(r.code, 0)
        XCTAssertTrue(r.stdout.contains("USAGE: render-frames [SCENARIO] [-o <dir>] [<options>]"), r.stdout)
        for line in [
            "render-frames screen.yaml -o out -j 4", "1    frames differ from their goldens (--golden, compare)",
            "2    bad input: a scenario, an option, a file", "130  interrupted by Ctrl-C (143 by SIGTERM)",
        ] {
            XCTAssertTrue(r.stdout.contains(line), "\(line) in:\n\(r.stdout)")
        }
        XCTAssertFalse(r.stdout.split(separator: "\n").contains { $0.count > 80 }, "lines fit 80 columns:\n\(r.stdout)")
        let render = try run(["render", "--help"]).stdout
        XCTAssertTrue(render.contains("-o, --out <dir>") && render.contains("-j, --jobs <n>") && render.contains("-q, --quiet"), render)
        // Each default once: ArgumentParser prints "(default: ...)"; the texts do not repeat it.
        XCTAssertEqual(render.components(separatedBy: "default: balanced").count - 1, 1, render)
        XCTAssertFalse(render.contains("balanced (default)"), render)
    }

    func testVersionAndShortFlags() throws {
        let v = try run(["--version"])
        XCTAssertEqual(v.code, 0)
        XCTAssertEqual(v.stdout, "render-frames \(ToolVersion.string)\n")
        let r = try run(["-o", "\(tmp)/short", "-j", "2", "-q", "--frames", "0", "--scale", "0.25"])
        XCTAssertEqual(r.code, 0, r.stderr)
        XCTAssertEqual(r.stderr, "", "-q: no progress")
        XCTAssertEqual(files(in: "\(tmp)/short"), ["0000.png", "manifest.json"])
    }

    func testBadArgumentsExitWith2() throws {
        let r = try run(["--jobs", "0", "--out", "\(tmp)/out"])
        XCTAssertEqual(r.code, 2)
        XCTAssertTrue(r.stderr.contains("--jobs must be between 1 and 64, got 0"), r.stderr)
        XCTAssertEqual(try run(["--no-such-option"]).code, 2)
        XCTAssertEqual(files(in: "\(tmp)/out"), [])
    }

    func testMissingScenarioNamesTheFileAndWritesNothing() throws {
        let r = try run(["\(tmp)/nope.yaml", "--out", "\(tmp)/out"])
        XCTAssertEqual(r.code, 2)
        XCTAssertTrue(r.stderr.contains("\(tmp)/nope.yaml: scenario file not found"), r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(tmp)/out"))
    }

    func testInvalidYAMLAndBadImageAreBadInput() throws {
        let yaml = try write("timeline:\n  keyframes: [{time: 0\n", to: "bad.yaml")
        let r = try run([yaml, "--out", "\(tmp)/out"])
        XCTAssertEqual(r.code, 2)
        XCTAssertTrue(r.stderr.contains("\(yaml):3:1: invalid YAML"), r.stderr)
        try "not an image".write(toFile: "\(tmp)/photo.png", atomically: true, encoding: .utf8)
        let image = try write(
            "header: {image: photo.png}\n" + CLITests.small.replacingOccurrences(of: "header: {height: 107, title: Hello}\n", with: ""),
            to: "img.yaml")
        let r2 = try run([image, "--out", "\(tmp)/out"])
        XCTAssertEqual(r2.code, 2)
        XCTAssertTrue(r2.stderr.contains("img.yaml:1:17: header.image: \(tmp)/photo.png: not a PNG or JPEG file"), r2.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(tmp)/out"))
    }

    func testRendersFramesAndManifest() throws {
        let scenario = try write(CLITests.small, to: "small.yaml")
        let r = try run([scenario, "--out", "\(tmp)/out", "--scale", "0.5", "--frames", "0-3,9", "--layout", "--quiet"])
        XCTAssertEqual(r.code, 0, r.stderr)
        XCTAssertEqual(files(in: "\(tmp)/out"), ["0000.png", "0001.png", "0002.png", "0003.png", "0009.png", "manifest.json"])
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(tmp)/out/manifest.json"))) as! [String: Any]
        XCTAssertEqual(manifest["fps"] as? Double, 10)
        XCTAssertEqual(manifest["width"] as? Int, 188) // 375 * 0.5, rounded
        XCTAssertEqual(manifest["height"] as? Int, 334)
        XCTAssertEqual(manifest["scale"] as? Double, 0.5)
        XCTAssertEqual(manifest["frameCount"] as? Int, 10)
        let frames = manifest["frames"] as! [[String: Any]]
        XCTAssertEqual(frames.map { $0["index"] as! Int }, [0, 1, 2, 3, 9])
        XCTAssertEqual(frames[1]["time"] as? Double, 0.1)
        XCTAssertEqual(frames[1]["contentOffsetY"] as! Double, -107 - 6, accuracy: 1e-9)
        XCTAssertNotNil((frames[0]["layers"] as? [[String: Any]])?.first { $0["name"] as? String == "avatar" })
    }

    func testDefaultDemoRendersWithoutAScenario() throws {
        let r = try run(["--out", "\(tmp)/out", "--scale", "0.25", "--frames", "0,329", "--quiet"])
        XCTAssertEqual(r.code, 0, r.stderr)
        XCTAssertEqual(files(in: "\(tmp)/out"), ["0000.png", "0329.png", "manifest.json"])
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(tmp)/out/manifest.json"))) as! [String: Any]
        XCTAssertEqual(manifest["scenario"] as? String, "default demo (Fixtures/scenarios/profile.yaml)")
        XCTAssertEqual(manifest["device"] as? String, "iphone-15")
        XCTAssertEqual(manifest["width"] as? Int, 98)
        XCTAssertEqual(manifest["frameCount"] as? Int, 330)
    }

    func testJobsDoNotChangeBytes() throws {
        let scenario = try write(CLITests.small, to: "small.yaml")
        for jobs in ["1", "2"] {
            XCTAssertEqual(try run([scenario, "--out", "\(tmp)/j\(jobs)", "--scale", "0.5", "--jobs", jobs, "--quiet"]).code, 0)
        }
        for name in files(in: "\(tmp)/j1") {
            XCTAssertEqual(FileManager.default.contents(atPath: "\(tmp)/j1/\(name)"), FileManager.default.contents(atPath: "\(tmp)/j2/\(name)"), name)
        }
    }

    func testFrameNamesPadToTheLastIndex() throws {
        let long = CLITests.small.replacingOccurrences(of: "fps: 10", with: "fps: 240")
            .replacingOccurrences(of: "{time: 1, offset: -60, easing: linear}", with: "{time: 45, offset: -60, easing: linear}")
        let scenario = try write(long, to: "long.yaml")
        let r = try run([scenario, "--out", "\(tmp)/out", "--scale", "0.25", "--frames", "10799", "--quiet"])
        XCTAssertEqual(r.code, 0, r.stderr)
        XCTAssertEqual(files(in: "\(tmp)/out"), ["10799.png", "manifest.json"])
        let r2 = try run([scenario, "--out", "\(tmp)/out", "--frames", "10800"])
        XCTAssertEqual(r2.code, 2)
        XCTAssertTrue(r2.stderr.contains("frame 10800 is past the last frame, 10799"), r2.stderr)
    }

    func testCompareExitCodes() throws {
        let scenario = try write(CLITests.small, to: "small.yaml")
        XCTAssertEqual(try run([scenario, "--out", "\(tmp)/a", "--scale", "0.5", "--frames", "0-2", "--quiet"]).code, 0)
        XCTAssertEqual(try run([scenario, "--out", "\(tmp)/b", "--scale", "0.5", "--frames", "0,1,5", "--quiet"]).code, 0)
        try FileManager.default.copyItem(atPath: "\(tmp)/a", toPath: "\(tmp)/a-copy")
        let same = try run(["compare", "\(tmp)/a", "\(tmp)/a-copy"])
        XCTAssertEqual(same.code, 0)
        XCTAssertTrue(same.stdout.contains("3 passed, 0 failed"), same.stdout)
        // One folder on both sides would pass against itself: refused.
        let itself = try run(["compare", "\(tmp)/a", "\(tmp)/a"])
        XCTAssertEqual(itself.code, 2)
        XCTAssertTrue(itself.stderr.contains("the frames would be checked against themselves and always pass"), itself.stderr)
        let differ = try run(["compare", "\(tmp)/a", "\(tmp)/b", "--diff", "\(tmp)/diff"])
        XCTAssertEqual(differ.code, 1)
        XCTAssertTrue(
            differ.stdout.contains("FAIL no golden for frame 2 (1 frame) in \(tmp)/b; compare folders that hold the same frames"), differ.stdout)
        XCTAssertTrue(
            differ.stdout.contains(
                "FAIL frame 5 (1 frame) missing from \(tmp)/a, which the goldens hold; render it too, "
                    + "or compare folders that hold the same frames"), differ.stdout)
        // Frames missing on the rendered side are said once, as ranges, as missing goldens are.
        XCTAssertEqual(try run([scenario, "--out", "\(tmp)/c", "--scale", "0.5", "--frames", "0-7", "--quiet"]).code, 0)
        let fewer = try run(["compare", "\(tmp)/a", "\(tmp)/c"])
        XCTAssertEqual(fewer.code, 1)
        XCTAssertTrue(
            fewer.stdout.contains("FAIL frames 3-7 (5 frames) missing from \(tmp)/a, which the goldens hold; render them too"), fewer.stdout)
        XCTAssertEqual(fewer.stdout.components(separatedBy: "FAIL").count, 2, fewer.stdout)
        let frame0 = "\(tmp)/a/0000.png", frame1 = "\(tmp)/b/0001.png"
        let one = try run(["compare", frame0, frame1, "--diff", "\(tmp)/diff"])
        XCTAssertEqual(one.code, 1, one.stdout)
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(tmp)/diff/0000.diff.png"))
        XCTAssertEqual(try run(["compare", "\(tmp)/none", "\(tmp)/a"]).code, 2)
    }

    func testMakeGIFChecksTimingAndCount() throws {
        let scenario = try write(CLITests.small.replacingOccurrences(of: "fps: 10", with: "fps: 30"), to: "gif.yaml")
        XCTAssertEqual(try run([scenario, "--out", "\(tmp)/frames", "--scale", "0.5", "--quiet"]).code, 0)
        let r = try exec(
            "/usr/bin/env",
            [
                "RENDER_FRAMES=\(CLITests.binary)", "bash", "\(CLITests.root)/scripts/make-gif.sh",
                "\(tmp)/frames", "\(tmp)/out.gif", "--width", "120", "--fps", "30",
            ])
        XCTAssertEqual(r.code, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("\(tmp)/out.gif: "), r.stdout)
        XCTAssertTrue(r.stdout.contains("1.00 s, 120x"), r.stdout)
        let probe = try exec("/usr/bin/ffprobe", ["-v", "error", "-show_entries", "packet=duration_time", "-of", "csv=p=0", "\(tmp)/out.gif"])
        let delays = probe.stdout.split(separator: "\n").compactMap { Double($0) }
        XCTAssertGreaterThan(delays.count, 1)
        XCTAssertEqual(delays.reduce(0, +), 1.0, accuracy: 0.011)
        XCTAssertGreaterThanOrEqual(delays.min() ?? 0, 0.03 - 1e-9, "30 fps: delays of 3 and 4 cs (or longer, merged), never under 2")
        // The refusal is encode's: the script hands it over, here to the stand-in whose calls run in this process.
        let standIn = try StandIn(in: "\(tmp)/stand-in")
        let bad = try standIn.serve {
            try exec(
                "/usr/bin/env",
                [
                    "RENDER_FRAMES=\(standIn.path)", "bash", "\(CLITests.root)/scripts/make-gif.sh",
                    "\(tmp)/frames", "\(tmp)/x.gif", "--fps", "60",
                ])
        }
        XCTAssertEqual(standIn.calls, [["encode", "\(tmp)/frames", "\(tmp)/x.gif", "--fps", "60"]])
        XCTAssertEqual(bad.code, 2)
        XCTAssertTrue(bad.stderr.contains("at most 50 fps"), bad.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(tmp)/x.gif"))
        let mp4 = try exec("/bin/bash", ["\(CLITests.root)/scripts/make-gif.sh", "\(tmp)/frames", "\(tmp)/x.mp4"])
        XCTAssertEqual(mp4.code, 2)
        XCTAssertTrue(mp4.stderr.contains("must end in .gif"), mp4.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(tmp)/x.mp4"))
    }
}

import Foundation
import XCTest
import Yams

/// The GitHub Action (action.yml) and its steps, scripts/action/*.sh, run here as a workflow would
/// run them: with GITHUB_OUTPUT, GITHUB_STEP_SUMMARY and the inputs in the environment.
final class ActionTests: XCTestCase {
    var tmp = ""
    override func setUpWithError() throws { tmp = try makeTemporaryFolder("action") }
    override func tearDown() { try? FileManager.default.removeItem(atPath: tmp) }

    let script = { (name: String) in CLITests.root + "/scripts/action/\(name).sh" }

    /// Runs a step script with the environment a workflow gives it. Its render-frames is the stand-in,
    /// whose calls this process runs (`StandIn`), or with `binary` the built binary itself.
    func step(_ name: String, _ arguments: [String] = [], _ environment: [String: String], binary: Bool = false) throws -> Shell.Result {
        let standIn = try StandIn(in: "\(tmp)/stand-in")
        let env =
            [
                "GITHUB_OUTPUT=\(tmp)/github-output", "GITHUB_STEP_SUMMARY=\(tmp)/step-summary",
                "RENDER_FRAMES=\(binary ? CLITests.binary : standIn.path)",
                "GITHUB_SERVER_URL=https://github.com", "GITHUB_REPOSITORY=acme/app", "GITHUB_RUN_ID=42", "GITHUB_RUN_ATTEMPT=1",
            ]
            + environment.map { "\($0.key)=\($0.value)" }
        let result = try standIn.serve {
            try Shell.run("/usr/bin/env", ["-u", "CI", "-u", "RENDER_FRAMES_RECORD"] + env + ["bash", script(name)] + arguments, cwd: tmp)
        }
        calls = standIn.calls
        return result
    }

    /// The arguments the last step gave the stand-in, a call a line.
    var calls: [[String]] = []

    func outputs() throws -> [String: String] {
        let text = (try? String(contentsOfFile: "\(tmp)/github-output", encoding: .utf8)) ?? ""
        return Dictionary(
            text.split(separator: "\n").compactMap { line in
                line.firstIndex(of: "=").map { (String(line[..<$0]), String(line[line.index(after: $0)...])) }
            }, uniquingKeysWith: { _, last in last })
    }

    /// Every step's script exists, every input a step reads is declared, and every declared input is used.
    func testTheActionsStepsAndInputsAgree() throws {
        let text = try String(contentsOfFile: CLITests.root + "/action.yml", encoding: .utf8)
        let action = try XCTUnwrap(try Yams.load(yaml: text) as? [String: Any])
        let runs = try XCTUnwrap(action["runs"] as? [String: Any])
        XCTAssertEqual(runs["using"] as? String, "composite")
        let steps = try XCTUnwrap(runs["steps"] as? [[String: Any]])
        let declared = Set(try XCTUnwrap(action["inputs"] as? [String: Any]).keys)
        var used = Set<String>()
        let pattern = try NSRegularExpression(pattern: #"inputs\.([a-z-]+)"#)
        for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            used.insert(String(text[Range(match.range(at: 1), in: text)!]))
        }
        XCTAssertEqual(used.subtracting(declared), [], "inputs used but not declared")
        XCTAssertEqual(declared.subtracting(used), [], "inputs declared but never used")
        for step in steps {
            if let run = step["run"] as? String {
                XCTAssertEqual(step["shell"] as? String, "bash", "composite run steps name their shell")
                for script in run.components(separatedBy: "$GITHUB_ACTION_PATH/").dropFirst().map({ String($0.prefix { $0 != "\"" && $0 != " " }) }) {
                    XCTAssertTrue(FileManager.default.fileExists(atPath: CLITests.root + "/" + script), "\(script) exists")
                }
            } else {
                XCTAssertNotNil(step["uses"], "a step runs a script or uses an action")
            }
        }
        let outputs = try XCTUnwrap(action["outputs"] as? [String: [String: Any]])
        XCTAssertEqual(Set(outputs.keys), ["failed", "report", "comment"])
    }

    func testTheCacheKeyFollowsTheSourcesAndNamesTheShardsArtifact() throws {
        let r = try step("cache-key", [], ["RF_ARTIFACT": "frames", "RF_SHARD": "2/3"])
        XCTAssertEqual(r.code, 0, r.stderr)
        let out = try outputs()
        XCTAssertEqual(out["artifact"], "frames-shard-2-of-3")
        XCTAssertTrue(out["key"]?.hasPrefix("render-frames-") == true && out["key"]!.count > 30, "\(out)")
    }

    /// Two scenarios: one matches its goldens, one has a golden that differs. The run step tries
    /// both, makes the GIFs, says which failed; the summary step writes the job summary and the
    /// pull-request comment with the worst frame's crops as pictures.
    func testRunAndSummaryStepsOnAFailingGolden() throws {
        let scenarios = "\(tmp)/screens"
        try FileManager.default.createDirectory(atPath: scenarios, withIntermediateDirectories: true)
        let small = CLITests.small.replacingOccurrences(of: "fps: 10", with: "fps: 4")
        try small.write(toFile: "\(scenarios)/home.yaml", atomically: true, encoding: .utf8)
        try small.replacingOccurrences(of: "Hello", with: "Settings").write(toFile: "\(scenarios)/settings.yaml", atomically: true, encoding: .utf8)
        // Goldens recorded by the tool, then one of settings' replaced by another frame (scrolled less).
        for name in ["home", "settings"] {
            let record = try InProcess.run(
                CLITests.binary,
                [
                    "\(scenarios)/\(name).yaml", "--out", "\(tmp)/rec-\(name)", "--scale", "1", "--quiet",
                    "--golden", "\(tmp)/goldens/\(name)", "--record", "all",
                ])
            XCTAssertEqual(record.code, 0, record.stderr)
        }
        try FileManager.default.removeItem(atPath: "\(tmp)/goldens/settings/0002.png")
        try FileManager.default.copyItem(atPath: "\(tmp)/goldens/settings/0000.png", toPath: "\(tmp)/goldens/settings/0002.png")

        let inputs = [
            "RF_SCENARIOS": "screens/*.yaml", "RF_GOLDENS": "goldens", "RF_FORMATS": "gif", "RF_SCALE": "1", "RF_OUT": "out",
            "RF_WIDTH": "200",
        ]
        let run = try step("run", [], inputs)
        XCTAssertEqual(run.code, 1, run.stdout + run.stderr)
        XCTAssertTrue(run.stdout.contains("::error title=render-frames: settings::frame 2 differs (1 frame)"), run.stdout)
        XCTAssertEqual(
            calls.filter { $0.first == "encode" },
            ["home", "settings"].map { ["encode", "out/frames/\($0)", "out/animations/\($0).gif", "--width", "200"] })
        XCTAssertEqual(try outputs()["failed"], "true")
        XCTAssertEqual(try outputs()["report"], "out/report/index.html")
        for gif in ["home", "settings"] { XCTAssertTrue(FileManager.default.fileExists(atPath: "\(tmp)/out/animations/\(gif).gif"), gif) }
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(tmp)/out/failures/settings/0002.crop.diff.png"))

        let summary = try step("summary", [], ["RF_OUT": "out", "RF_IMAGE_URL": "https://example.com/run-42/", "RF_ARTIFACT": "render-frames"])
        XCTAssertEqual(summary.code, 0, summary.stderr)
        let md = try String(contentsOfFile: "\(tmp)/step-summary", encoding: .utf8)
        XCTAssertTrue(md.contains("### render-frames: 1 of "), md)
        XCTAssertTrue(md.contains("| ❌ | settings | "), md)
        XCTAssertTrue(md.contains("| ✅ | home | "), md)
        XCTAssertTrue(md.contains("<img src=\"https://example.com/run-42/settings-0002.expected.png\""), md)
        XCTAssertTrue(md.contains("settings-0002.diff.png"), md)
        XCTAssertTrue(md.contains("| home | 🎞️ home.gif | "), md)
        XCTAssertTrue(md.contains("https://github.com/acme/app/actions/runs/42"), md)
        let comment = try String(contentsOfFile: "\(tmp)/out/pr-comment.md", encoding: .utf8)
        XCTAssertTrue(comment.hasPrefix("<!-- render-frames-comment -->\n"), comment)
        XCTAssertEqual(try outputs()["comment"], "out/pr-comment.md")
        XCTAssertLessThan(comment.utf8.count, 65_536, "fits a GitHub comment")

        // With an image branch the few pictured crops are pushed there and shown from it.
        let remote = "\(tmp)/remote.git"
        XCTAssertEqual(try Shell.run("/usr/bin/git", ["init", "-q", "--bare", remote]).code, 0)
        let published = try step(
            "summary", [],
            [
                "RF_OUT": "out", "RF_IMAGE_BRANCH": "render-frames-images", "RF_IMAGE_REMOTE": remote,
                "RF_ARTIFACT": "render-frames",
            ])
        XCTAssertEqual(published.code, 0, published.stderr)
        let files = try Shell.run("/usr/bin/git", ["-C", remote, "ls-tree", "-r", "--name-only", "render-frames-images"]).stdout
        XCTAssertTrue(files.contains("runs/42-1-render-frames/settings-0002.expected.png"), files)
        let shown = try String(contentsOfFile: "\(tmp)/out/summary.md", encoding: .utf8)
        XCTAssertTrue(shown.contains("https://github.com/acme/app/raw/render-frames-images/runs/42-1-render-frames/settings-0002.actual.png"), shown)

        // Bad inputs stop the step with the input's name and what would do.
        let bad = try step("run", [], inputs.merging(["RF_FORMATS": "gif avi"]) { $1 })
        XCTAssertEqual(bad.code, 2)
        XCTAssertTrue(bad.stderr.contains("formats: 'avi' is not an animation format; use gif, webp, mp4 or apng"), bad.stderr)
        let none = try step("run", [], inputs.merging(["RF_SCENARIOS": "nothing/*.yaml"]) { $1 })
        XCTAssertEqual(none.code, 2)
        XCTAssertTrue(none.stderr.contains("scenarios: 'nothing/*.yaml' matches no file"), none.stderr)
        try FileManager.default.createDirectory(atPath: "\(tmp)/empty", withIntermediateDirectories: true)
        let empty = try step("run", [], inputs.merging(["RF_SCENARIOS": "empty"]) { $1 })
        XCTAssertEqual(empty.code, 2)
        XCTAssertTrue(empty.stderr.contains("scenarios: 'empty' matches no scenario file (*.yaml, *.yml, *.json)"), empty.stderr)
        let shard = try step("run", [], inputs.merging(["RF_SHARD": "2"]) { $1 })
        XCTAssertEqual(shard.code, 2)
        XCTAssertTrue(shard.stderr.contains("shard: '2' is not I/N, such as 2/4"), shard.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(tmp)/out/report"), "a run stopped by bad input leaves no earlier results")
        // screens/** matches the folder and its files: each scenario once, the README not at all.
        try "notes".write(toFile: "\(scenarios)/README.md", atomically: true, encoding: .utf8)
        let star = try step("run", [], inputs.merging(["RF_SCENARIOS": "screens/**", "RF_FORMATS": ""]) { $1 })
        XCTAssertEqual(star.code, 1, star.stderr)
        let rows = try String(contentsOfFile: "\(tmp)/out/results.tsv", encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(rows.map { $0.split(separator: "\t")[0] }, ["home", "settings"])
    }

    /// A scenario that cannot be rendered is an error row, and the others still run.
    func testABrokenScenarioDoesNotHideTheOthers() throws {
        try FileManager.default.createDirectory(atPath: "\(tmp)/s", withIntermediateDirectories: true)
        try
            "device: iphone-8\nfps: 2\nheader: {height: 107}\nrows: {count: 3}\ntimeline: {keyframes: [{time: 0, offset: 0}, {time: 1, offset: -20}]}\n"
            .write(toFile: "\(tmp)/s/a.yaml", atomically: true, encoding: .utf8)
        try String(contentsOfFile: "\(tmp)/s/a.yaml", encoding: .utf8).replacingOccurrences(of: "iphone-8", with: "iphone-99")
            .write(toFile: "\(tmp)/s/b.yaml", atomically: true, encoding: .utf8)
        // The one run of a step against the built binary itself, end to end: the others use the stand-in.
        let run = try step("run", [], ["RF_SCENARIOS": "s", "RF_FORMATS": "", "RF_SCALE": "0.5", "RF_OUT": "out"], binary: true)
        XCTAssertEqual(calls, [], "the binary ran, not the stand-in")
        XCTAssertEqual(run.code, 2, run.stdout + run.stderr)
        let results = try String(contentsOfFile: "\(tmp)/out/results.tsv", encoding: .utf8)
        XCTAssertTrue(results.contains("a\tok\t"), results)
        XCTAssertTrue(results.contains("b\terror\t"), results)
        XCTAssertTrue(results.contains("iphone-99"), results)
        let summary = try step("summary", [], ["RF_OUT": "out"])
        XCTAssertEqual(summary.code, 0, summary.stderr)
        let md = try String(contentsOfFile: "\(tmp)/out/summary.md", encoding: .utf8)
        XCTAssertTrue(md.contains("### render-frames: 1 scenario(s) could not be rendered ⛔"), md)
        XCTAssertTrue(md.contains("| b | ⛔ not rendered | "), md)
        XCTAssertTrue(md.contains("| a | ✅ rendered | "), md)
    }
}

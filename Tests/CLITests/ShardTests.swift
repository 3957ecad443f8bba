import Foundation
import Raster
import RenderFramesKit
import XCTest

/// `--shard I/N`: the merged result of N shards is byte-identical to a single run.
final class ShardTests: XCTestCase {
    var tmp = ""
    override func setUpWithError() throws { tmp = try makeTemporaryFolder("shards") }
    override func tearDown() { try? FileManager.default.removeItem(atPath: tmp) }

    let scenario = CLITests.root + "/Fixtures/scenarios/profile-dark.yaml"

    func render(_ out: String, _ extra: [String] = []) throws -> Shell.Result {
        try InProcess.run(CLITests.binary, [scenario, "--out", out, "--scale", "0.5", "--frames", "0-29", "--layout", "--quiet"] + extra)
    }

    func contents(_ dir: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: dir) {
            files[name] = try Data(contentsOf: URL(fileURLWithPath: "\(dir)/\(name)"))
        }
        return files
    }

    func testOneShardAndThreeShardsGiveTheSameBytes() throws {
        XCTAssertEqual(try render("\(tmp)/single").code, 0)
        XCTAssertEqual(try render("\(tmp)/one", ["--shard", "1/1"]).code, 0)
        XCTAssertEqual(try contents("\(tmp)/one"), try contents("\(tmp)/single"), "1/1 is a whole run")
        for i in 1...3 { XCTAssertEqual(try render("\(tmp)/s\(i)", ["--shard", "\(i)/3"]).code, 0) }
        // Each shard rendered a third of the frames and wrote only its own manifest.
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: "\(tmp)/s2").filter { $0.hasSuffix(".png") }.count, 10)
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(tmp)/s2/manifest.shard-2-of-3.json"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(tmp)/s2/manifest.json"))
        // Merge by copying files, as a CI job that downloads every shard's artifact would.
        try FileManager.default.createDirectory(atPath: "\(tmp)/merged", withIntermediateDirectories: true)
        for i in 1...3 {
            for (name, data) in try contents("\(tmp)/s\(i)") { try data.write(to: URL(fileURLWithPath: "\(tmp)/merged/\(name)")) }
        }
        let merge = try InProcess.run(CLITests.binary, ["merge", "\(tmp)/merged"])
        XCTAssertEqual(merge.code, 0, merge.stderr)
        XCTAssertEqual(try contents("\(tmp)/merged"), try contents("\(tmp)/single"))
    }

    func testShardsSharingAFolderMergeWhenTheLastFinishes() throws {
        XCTAssertEqual(try render("\(tmp)/single").code, 0)
        for i in [2, 1] { XCTAssertEqual(try render("\(tmp)/shared", ["--shard", "\(i)/2"]).code, 0) }
        XCTAssertEqual(try contents("\(tmp)/shared"), try contents("\(tmp)/single"))
        // merge afterwards, as a workflow written for separate machines runs it, is no failure.
        let again = try InProcess.run(CLITests.binary, ["merge", "\(tmp)/shared"])
        XCTAssertEqual(again.code, 0, again.stderr)
        XCTAssertTrue(again.stdout.contains("manifest.json: already whole, "), again.stdout)
        XCTAssertEqual(try contents("\(tmp)/shared"), try contents("\(tmp)/single"), "nothing rewritten")
        // An empty folder still has nothing to merge.
        try FileManager.default.createDirectory(atPath: "\(tmp)/empty", withIntermediateDirectories: true)
        XCTAssertEqual(try InProcess.run(CLITests.binary, ["merge", "\(tmp)/empty"]).code, 2)
    }

    /// Shards that finish at the same moment in one shared folder merge exactly once (before, each
    /// could see every shard manifest, both merged, and the second failed with exit 2). Two shard
    /// processes of the binary started together, then four shards of two frames each started
    /// together on threads of this process (the folder's lock is an flock, one per open file, so
    /// threads contend for it as processes do), three times over.
    func testConcurrentShardsInOneFolderMergeOnce() throws {
        XCTAssertEqual(
            try InProcess.run(CLITests.binary, [scenario, "--out", "\(tmp)/single", "--scale", "0.25", "--frames", "0-7", "--quiet"]).code, 0)
        let processes = try (1...2).map { i -> (Process, Pipe) in
            let p = Process(), err = Pipe()
            p.executableURL = URL(fileURLWithPath: CLITests.binary)
            p.arguments = [scenario, "--out", "\(tmp)/processes", "--scale", "0.25", "--frames", "0-7", "--quiet", "--shard", "\(i)/2"]
            p.standardError = err
            try p.run()
            return (p, err)
        }
        for (p, err) in processes {
            let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            p.waitUntilExit()
            XCTAssertEqual(p.terminationStatus, 0, "processes: \(message)")
        }
        XCTAssertEqual(try contents("\(tmp)/processes"), try contents("\(tmp)/single"), "processes: merged once, as a single run")
        for round in 0..<3 {
            let out = "\(tmp)/shared\(round)"
            let results = InProcess.renderTogether(
                (1...4).map { [scenario, "--out", out, "--scale", "0.25", "--frames", "0-7", "--quiet", "--shard", "\($0)/4"] })
            for r in results { XCTAssertEqual(r.code, 0, "round \(round): \(r.stderr)") }
            XCTAssertEqual(try contents(out), try contents("\(tmp)/single"), "round \(round): merged once, as a single run")
        }
    }

    /// The same at the moment it matters: eight threads ask to merge one complete folder at once
    /// (the naive look-then-merge lets several merge, and all but the first fail when the shard
    /// manifests they saw are gone). Exactly one merges; none fails.
    func testMergeIfCompleteMergesOnceUnderContention() throws {
        for i in 1...4 {
            XCTAssertEqual(
                try InProcess.run(
                    CLITests.binary,
                    [
                        scenario, "--out", "\(tmp)/p\(i)", "--scale", "0.25", "--frames", "0-7",
                        "--quiet", "--shard", "\(i)/4",
                    ]
                ).code, 0)
        }
        for round in 0..<3 {
            let folder = "\(tmp)/contended\(round)"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for i in 1...4 {
                for (name, data) in try contents("\(tmp)/p\(i)") { try data.write(to: URL(fileURLWithPath: "\(folder)/\(name)")) }
            }
            let start = DispatchSemaphore(value: 0)
            let outcomes = Locked<[Result<Bool, Error>]>([])
            let group = DispatchGroup()
            for _ in 0..<8 {
                DispatchQueue.global().async(group: group) {
                    start.wait()
                    let r = Result { try ShardMerge.mergeIfComplete(folder) }
                    outcomes.withLock { $0.append(r) }
                }
            }
            for _ in 0..<8 { start.signal() }
            group.wait()
            let results = outcomes.current
            XCTAssertEqual(results.count, 8)
            XCTAssertEqual(results.filter { (try? $0.get()) == true }.count, 1, "round \(round): one merge")
            XCTAssertTrue(results.allSatisfy { (try? $0.get()) != nil }, "round \(round): no failure")
            XCTAssertTrue(FileManager.default.fileExists(atPath: "\(folder)/manifest.json"))
        }
    }

    /// `--shard auto` reads the engine's environment and says which variables it used.
    func testShardAutoTakesTheEnginesIndex() throws {
        let clean = [
            "RENDER_FRAMES_SHARD": "", "RENDER_FRAMES_SHARDS": "", "CI_NODE_INDEX": "", "CI_NODE_TOTAL": "",
            "JOB_COMPLETION_INDEX": "", "AWS_BATCH_JOB_ARRAY_INDEX": "",
        ]
        func auto(_ out: String, _ env: [String: String]) throws -> Shell.Result {
            try InProcess.run(
                CLITests.binary, [scenario, "--out", "\(tmp)/\(out)", "--scale", "0.25", "--frames", "0-5", "--shard", "auto"],
                environment: clean.merging(env) { $1 })
        }
        XCTAssertEqual(
            try InProcess.run(
                CLITests.binary,
                [
                    scenario, "--out", "\(tmp)/explicit", "--scale", "0.25", "--frames", "0-5",
                    "--quiet", "--shard", "2/3",
                ]
            ).code, 0)
        let expected = try contents("\(tmp)/explicit")
        for (out, env, said) in [
            ("own", ["RENDER_FRAMES_SHARD": "2/3"], "shard 2/3 from RENDER_FRAMES_SHARD"),
            ("gitlab", ["CI_NODE_INDEX": "2", "CI_NODE_TOTAL": "3"], "shard 2/3 from CI_NODE_INDEX/CI_NODE_TOTAL (GitLab parallel:)"),
            (
                "k8s", ["JOB_COMPLETION_INDEX": "1", "RENDER_FRAMES_SHARDS": "3"],
                "shard 2/3 from JOB_COMPLETION_INDEX (a Kubernetes Indexed Job, 0-based) and RENDER_FRAMES_SHARDS"
            ),
            (
                "aws", ["AWS_BATCH_JOB_ARRAY_INDEX": "1", "RENDER_FRAMES_SHARDS": "3"],
                "shard 2/3 from AWS_BATCH_JOB_ARRAY_INDEX (an AWS Batch array job, 0-based) and RENDER_FRAMES_SHARDS"
            ),
        ] {
            let r = try auto(out, env)
            XCTAssertEqual(r.code, 0, r.stderr)
            XCTAssertTrue(r.stderr.hasPrefix(said + "\n"), r.stderr)
            XCTAssertEqual(try contents("\(tmp)/\(out)"), expected, out)
        }
        let none = try auto("none", [:])
        XCTAssertEqual(none.code, 2)
        XCTAssertTrue(none.stderr.contains("--shard auto: no shard in the environment; set RENDER_FRAMES_SHARD=I/N"), none.stderr)
        let countless = try auto("countless", ["JOB_COMPLETION_INDEX": "0"])
        XCTAssertEqual(countless.code, 2)
        XCTAssertTrue(
            countless.stderr.contains("JOB_COMPLETION_INDEX is set (a Kubernetes Indexed Job) but not the number of shards"), countless.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(tmp)/none"), "nothing written")
    }

    func testBadShardsAreBadInput() throws {
        let bad = try render("\(tmp)/x", ["--shard", "4/3"])
        XCTAssertEqual(bad.code, 2)
        XCTAssertTrue(bad.stderr.contains("--shard: 4/3 is not a shard"), bad.stderr)
        XCTAssertEqual(try render("\(tmp)/x", ["--shard", "two"]).code, 2)
        XCTAssertEqual(try render("\(tmp)/part", ["--shard", "1/3"]).code, 0)
        let merge = try InProcess.run(CLITests.binary, ["merge", "\(tmp)/part"])
        XCTAssertEqual(merge.code, 2)
        XCTAssertTrue(merge.stderr.contains("shards 2/3, 3/3 missing"), merge.stderr)
    }
}

/// A re-run with nothing changed does no work: the manifest's `inputs` hash covers the scenario,
/// its images, the fonts, the settings and the tool.
final class UpToDateTests: XCTestCase {
    var tmp = ""
    override func setUpWithError() throws { tmp = try makeTemporaryFolder("uptodate") }
    override func tearDown() { try? FileManager.default.removeItem(atPath: tmp) }

    func testAnUnchangedRerunIsUpToDateAndAnyChangeRendersAgain() throws {
        // A scenario of one's own with an image beside it, so both can be changed.
        let images = CLITests.root + "/Fixtures/images"
        try FileManager.default.copyItem(atPath: images + "/coffee.png", toPath: tmp + "/photo.png")
        let text = try String(contentsOfFile: CLITests.root + "/Fixtures/scenarios/stretchy-table.yaml", encoding: .utf8)
            .replacingOccurrences(of: "../images/coffee.png", with: "photo.png")
        try text.write(toFile: tmp + "/s.yaml", atomically: true, encoding: .utf8)
        func render(_ extra: [String] = []) throws -> Shell.Result {
            try InProcess.run(CLITests.binary, [tmp + "/s.yaml", "-o", tmp + "/out", "--scale", "0.25", "--frames", "0-9"] + extra)
        }
        func rendered(_ r: Shell.Result) -> Bool { r.stderr.contains("wrote 10 frames") }
        XCTAssertTrue(rendered(try render()))
        let manifest = try Data(contentsOf: URL(fileURLWithPath: tmp + "/out/manifest.json"))
        XCTAssertTrue(String(decoding: manifest, as: UTF8.self).contains("\"inputs\" : \""))
        let again = try render()
        XCTAssertEqual(again.code, 0)
        XCTAssertTrue(
            again.stderr.hasPrefix("up to date: \(tmp)/out holds these 10 frames of the same scenario, images, settings and tool"), again.stderr)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: tmp + "/out/manifest.json")), manifest, "nothing written")
        XCTAssertTrue(rendered(try render(["--force"])), "--force renders anyway")
        XCTAssertTrue(rendered(try render(["--compression", "fast"])), "another setting")
        XCTAssertTrue(rendered(try render())) // back to the first settings
        // One byte of the image changed (its pixels need not change: the bytes are what is hashed).
        var photo = try Data(contentsOf: URL(fileURLWithPath: tmp + "/photo.png"))
        photo.append(0)
        try photo.write(to: URL(fileURLWithPath: tmp + "/photo.png"))
        XCTAssertTrue(rendered(try render()), "the image changed")
        XCTAssertFalse(rendered(try render()))
        try (text + "\n# a comment\n").replacingOccurrences(of: "../images/coffee.png", with: "photo.png")
            .write(toFile: tmp + "/s.yaml", atomically: true, encoding: .utf8)
        XCTAssertTrue(rendered(try render()), "the scenario changed")
        // A frame gone from the folder: rendered again.
        try FileManager.default.removeItem(atPath: tmp + "/out/0003.png")
        XCTAssertTrue(rendered(try render()))
    }
}

import Foundation
import XCTest

/// `--shard I/N`: the merged result of N shards is byte-identical to a single run.
final class ShardTests: XCTestCase {
    var tmp = ""
    override func setUpWithError() throws { tmp = try makeTemporaryFolder("shards") }
    override func tearDown() { try? FileManager.default.removeItem(atPath: tmp) }

    let scenario = CLITests.root + "/Fixtures/scenarios/profile-dark.yaml"

    func render(_ out: String, _ extra: [String] = []) throws -> Shell.Result {
        try Shell.run(CLITests.binary, [scenario, "--out", out, "--scale", "0.5", "--frames", "0-29", "--layout", "--quiet"] + extra)
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
        let merge = try Shell.run(CLITests.binary, ["merge", "\(tmp)/merged"])
        XCTAssertEqual(merge.code, 0, merge.stderr)
        XCTAssertEqual(try contents("\(tmp)/merged"), try contents("\(tmp)/single"))
    }

    func testShardsSharingAFolderMergeWhenTheLastFinishes() throws {
        XCTAssertEqual(try render("\(tmp)/single").code, 0)
        for i in [2, 1] { XCTAssertEqual(try render("\(tmp)/shared", ["--shard", "\(i)/2"]).code, 0) }
        XCTAssertEqual(try contents("\(tmp)/shared"), try contents("\(tmp)/single"))
    }

    func testBadShardsAreBadInput() throws {
        let bad = try render("\(tmp)/x", ["--shard", "4/3"])
        XCTAssertEqual(bad.code, 2)
        XCTAssertTrue(bad.stderr.contains("--shard: 4/3 is not a shard"), bad.stderr)
        XCTAssertEqual(try render("\(tmp)/x", ["--shard", "two"]).code, 2)
        XCTAssertEqual(try render("\(tmp)/part", ["--shard", "1/3"]).code, 0)
        let merge = try Shell.run(CLITests.binary, ["merge", "\(tmp)/part"])
        XCTAssertEqual(merge.code, 2)
        XCTAssertTrue(merge.stderr.contains("shards 2/3, 3/3 missing"), merge.stderr)
    }
}

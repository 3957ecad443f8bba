import Foundation
import XCTest

/// Frames of other inputs are never taken for this render's: `--resume` into a folder rendered
/// from another scenario, image or setting is refused, saying what changed, and so is a `merge` of
/// shards that overlap, come from different inputs, or belong to two splits. Each refusal exits 2
/// and leaves the folder as it was.
final class StaleStateTests: XCTestCase {
    var tmp = ""
    var text = ""
    override func tearDown() { try? FileManager.default.removeItem(atPath: tmp) }

    /// A scenario of one's own (`s.yaml`) with its image beside it (`photo.png`), so both can change.
    override func setUpWithError() throws {
        tmp = try makeTemporaryFolder("stale")
        try FileManager.default.copyItem(atPath: CLITests.root + "/Fixtures/images/coffee.png", toPath: tmp + "/photo.png")
        text = try String(contentsOfFile: CLITests.root + "/Fixtures/scenarios/stretchy-table.yaml", encoding: .utf8)
            .replacingOccurrences(of: "../images/coffee.png", with: "photo.png")
        try text.write(toFile: tmp + "/s.yaml", atomically: true, encoding: .utf8)
    }

    func render(_ out: String, _ extra: [String] = []) throws -> Shell.Result {
        try InProcess.run(CLITests.binary, [tmp + "/s.yaml", "-o", out, "--scale", "0.25", "--frames", "0-9", "--quiet"] + extra)
    }

    func editScenario() throws {
        try (text + "\n# an edit\n").write(toFile: tmp + "/s.yaml", atomically: true, encoding: .utf8)
    }

    /// Every file in `dir` with its bytes.
    func contents(_ dir: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: dir) {
            files[name] = try Data(contentsOf: URL(fileURLWithPath: "\(dir)/\(name)"))
        }
        return files
    }

    func assertRefused(_ r: Shell.Result, _ parts: [String], file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(r.code, 2, r.stderr, file: file, line: line)
        for part in parts { XCTAssertTrue(r.stderr.contains(part), "\(part) in: \(r.stderr)", file: file, line: line) }
        XCTAssertEqual(r.stderr.components(separatedBy: "\n").filter { !$0.isEmpty }.count, 1, "one line: \(r.stderr)", file: file, line: line)
    }

    // MARK: --resume

    /// Before: the edited scenario's --resume kept the old frames, stamped them with the new
    /// inputs, and every later run said "up to date".
    func testResumeAfterTheScenarioChangedIsRefusedNamingIt() throws {
        let out = tmp + "/out"
        XCTAssertEqual(try render(out).code, 0)
        let before = try contents(out)
        try editScenario()
        let refused = try render(out, ["--resume"])
        assertRefused(
            refused,
            [
                "error: \(out): --resume refused: the frames here were rendered from other inputs (changed: the scenario \(tmp)/s.yaml)",
                "drop --resume to render every frame again", "add --force",
            ])
        XCTAssertFalse(refused.stderr.contains("image"), refused.stderr)
        XCTAssertEqual(try contents(out), before, "nothing written")
        // Without --resume it renders again; then --resume has nothing to refuse.
        XCTAssertEqual(try render(out).code, 0)
        XCTAssertNotEqual(try contents(out)["manifest.json"], before["manifest.json"])
        let resumed = try render(out, ["--resume"])
        XCTAssertEqual(resumed.code, 0, resumed.stderr)
    }

    func testResumeAfterAnImageChangedNamesTheImage() throws {
        let out = tmp + "/out"
        XCTAssertEqual(try render(out).code, 0)
        let before = try contents(out)
        var photo = try Data(contentsOf: URL(fileURLWithPath: tmp + "/photo.png"))
        photo.append(0)
        try photo.write(to: URL(fileURLWithPath: tmp + "/photo.png"))
        let refused = try render(out, ["--resume"])
        assertRefused(refused, ["--resume refused: the frames here were rendered from other inputs (changed: image photo.png)"])
        XCTAssertFalse(refused.stderr.contains("the scenario"), refused.stderr)
        XCTAssertEqual(try contents(out), before, "nothing written")
    }

    func testResumeAfterAFontChangedNamesTheFont() throws {
        let fonts = CLITests.root + "/Sources/Scene/Resources/Fonts"
        try FileManager.default.copyItem(atPath: fonts + "/Inter-Bold.otf", toPath: tmp + "/brand.otf")
        text += "fonts:\n  regular: brand.otf\n"
        try text.write(toFile: tmp + "/s.yaml", atomically: true, encoding: .utf8)
        let out = tmp + "/out"
        XCTAssertEqual(try render(out).code, 0)
        try FileManager.default.removeItem(atPath: tmp + "/brand.otf")
        try FileManager.default.copyItem(atPath: fonts + "/Inter-Medium.otf", toPath: tmp + "/brand.otf")
        let refused = try render(out, ["--resume"])
        assertRefused(refused, ["--resume refused: the frames here were rendered from other inputs (changed: font brand.otf)"])
    }

    /// Settings named with the old and new value; --force keeps the frames anyway and says so.
    func testResumeWithOtherSettingsNamesThemAndForceKeepsTheFrames() throws {
        let out = tmp + "/out"
        XCTAssertEqual(try render(out).code, 0)
        assertRefused(
            try render(out, ["--resume", "--compression", "fast", "--layout"]),
            ["(changed: compression balanced -> fast; layout off -> on)"])
        assertRefused(
            try InProcess.run(CLITests.binary, [tmp + "/s.yaml", "-o", out, "--scale", "0.5", "--frames", "0-4", "--resume"]),
            ["(changed: scale 0.25 -> 0.5)"])
        try editScenario()
        let forced = try render(out, ["--resume", "--force"])
        XCTAssertEqual(forced.code, 0, forced.stderr)
        XCTAssertTrue(
            forced.stderr.contains(
                "warning: --force kept 10 whole frame(s) in \(out) although the frames here were rendered from other inputs (changed: the scenario"),
            forced.stderr)
    }

    /// No manifest, or one that cannot say what made the frames: refused, since nothing says
    /// whether the frames are stale. An older manifest (a hash, no parts) says the inputs changed.
    func testResumeRefusesFramesNothingAccountsFor() throws {
        let out = tmp + "/out"
        XCTAssertEqual(try render(out).code, 0)
        let manifest = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out + "/manifest.json"))) as? [String: Any])
        func writeManifest(dropping keys: [String]) throws {
            var m = manifest
            for key in keys { m.removeValue(forKey: key) }
            try JSONSerialization.data(withJSONObject: m).write(to: URL(fileURLWithPath: out + "/manifest.json"))
        }
        // A manifest written before `inputParts` still reads, and with the same inputs resumes.
        try writeManifest(dropping: ["inputParts"])
        let same = try render(out, ["--resume"])
        XCTAssertEqual(same.code, 0, same.stderr)
        try editScenario()
        try writeManifest(dropping: ["inputParts"])
        assertRefused(
            try render(out, ["--resume"]),
            [
                "--resume refused: the frames here were rendered from other inputs (manifest.json was written by a render-frames that "
                    + "did not record them part by part, so it cannot tell which changed)"
            ])
        try writeManifest(dropping: ["inputParts", "inputs"])
        assertRefused(try render(out, ["--resume"]), ["--resume refused: manifest.json records no inputs"])
        try "{".write(toFile: out + "/manifest.json", atomically: true, encoding: .utf8)
        assertRefused(try render(out, ["--resume"]), ["--resume refused: manifest.json does not read as a manifest"])
        try FileManager.default.removeItem(atPath: out + "/manifest.json")
        let before = try contents(out)
        assertRefused(
            try render(out, ["--resume"]),
            [
                "--resume refused: 10 frame files are here but no manifest.json (a run killed with SIGKILL leaves none), so nothing says "
                    + "what rendered them; drop --resume"
            ])
        XCTAssertEqual(try contents(out), before, "nothing written")
        // An empty folder, or none: --resume renders every frame.
        let fresh = try render(tmp + "/fresh", ["--resume"])
        XCTAssertEqual(fresh.code, 0, fresh.stderr)
        XCTAssertEqual(try contents(tmp + "/fresh").count, 11)
    }

    /// A partial manifest vouches only for the frames it lists: a frame file it does not list (left
    /// by an earlier render of other inputs) is rendered again, not kept because it decodes.
    func testResumeKeepsOnlyTheFramesItsManifestLists() throws {
        XCTAssertEqual(try render(tmp + "/whole").code, 0)
        let whole = try contents(tmp + "/whole")
        // Frames of another photo, then a partial manifest of this render listing frames 0-4.
        try FileManager.default.removeItem(atPath: tmp + "/photo.png")
        try FileManager.default.copyItem(atPath: CLITests.root + "/Fixtures/images/chelsea.png", toPath: tmp + "/photo.png")
        XCTAssertEqual(try render(tmp + "/out").code, 0)
        try FileManager.default.removeItem(atPath: tmp + "/photo.png")
        try FileManager.default.copyItem(atPath: CLITests.root + "/Fixtures/images/coffee.png", toPath: tmp + "/photo.png")
        let other = try contents(tmp + "/out")
        XCTAssertNotEqual(other["0007.png"], whole["0007.png"], "the photos differ in frame 7")
        var manifest = try XCTUnwrap(JSONSerialization.jsonObject(with: whole["manifest.json"]!) as? [String: Any])
        manifest["partial"] = true
        manifest["frames"] = Array(try XCTUnwrap(manifest["frames"] as? [Any]).prefix(5))
        try JSONSerialization.data(withJSONObject: manifest).write(to: URL(fileURLWithPath: tmp + "/out/manifest.json"))
        for i in 0..<5 { try whole[String(format: "%04d.png", i)]!.write(to: URL(fileURLWithPath: tmp + String(format: "/out/%04d.png", i))) }
        let resumed = try render(tmp + "/out", ["--resume"])
        XCTAssertEqual(resumed.code, 0, resumed.stderr)
        XCTAssertEqual(try contents(tmp + "/out"), whole, "frames 5-9 rendered again, the manifest as a whole run's")
    }

    /// The inode of each frame file in `dir`: a frame kept by --resume keeps its inode, one written
    /// again is renamed into place under a new one.
    func inodes(_ dir: String) throws -> [String: UInt64] {
        var found: [String: UInt64] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: dir) where name.hasSuffix(".png") {
            found[name] = (try FileManager.default.attributesOfItem(atPath: "\(dir)/\(name)")[.systemFileNumber] as? NSNumber)?.uint64Value
        }
        return found
    }

    /// Runs the CLI on s.yaml at scale 0.25 with `arguments`, not quiet (it says how many frames it wrote).
    func run(_ arguments: [String]) throws -> Shell.Result {
        try InProcess.run(CLITests.binary, [tmp + "/s.yaml", "--scale", "0.25"] + arguments)
    }

    /// Before: refused, "(changed: frames 0-3 -> 0-5)", although a frame's pixels do not depend on
    /// which frames were selected.
    func testResumeWithMoreFramesKeepsTheFramesRenderedAndRendersTheRest() throws {
        let out = tmp + "/out"
        XCTAssertEqual(try run(["-o", out, "--frames", "0-3"]).code, 0)
        let first = try inodes(out)
        XCTAssertEqual(first.count, 4)
        let resumed = try run(["-o", out, "--frames", "0-5", "--resume"])
        XCTAssertEqual(resumed.code, 0, resumed.stderr)
        XCTAssertTrue(resumed.stderr.contains("wrote 2 frames"), resumed.stderr)
        let after = try inodes(out)
        for (name, inode) in first { XCTAssertEqual(after[name], inode, "\(name) kept, not written again") }
        XCTAssertEqual(after.count, 6)
        XCTAssertEqual(try run(["-o", tmp + "/whole", "--frames", "0-5"]).code, 0)
        XCTAssertEqual(try contents(out), try contents(tmp + "/whole"), "frames and manifest as a render of 0-5")
        // The selection still counts for "up to date": 0-5 is, 0-7 is not (and renders only 6-7 with --resume).
        XCTAssertTrue(try run(["-o", out, "--frames", "0-5"]).stderr.contains("up to date"))
        let more = try run(["-o", out, "--frames", "0-7"])
        XCTAssertFalse(more.stderr.contains("up to date"), more.stderr)
        XCTAssertTrue(more.stderr.contains("wrote 8 frames"), more.stderr)
        // Fewer frames: kept, nothing written, the manifest that of the smaller selection.
        let fewer = try run(["-o", out, "--frames", "0-2", "--resume"])
        XCTAssertEqual(fewer.code, 0, fewer.stderr)
        XCTAssertTrue(fewer.stderr.contains("wrote 0 frames"), fewer.stderr)
        XCTAssertEqual(try run(["-o", tmp + "/three", "--frames", "0-2"]).code, 0)
        XCTAssertEqual(try contents(out)["manifest.json"], try contents(tmp + "/three")["manifest.json"])
        // Another input as well as another selection: refused, naming the input and not the selection.
        try editScenario()
        let refused = try run(["-o", out, "--frames", "0-5", "--resume"])
        assertRefused(refused, ["--resume refused: the frames here were rendered from other inputs (changed: the scenario \(tmp)/s.yaml)"])
        XCTAssertFalse(refused.stderr.contains("frames 0-2"), refused.stderr)
    }

    /// Before: shard 1/2 of frames 0-9, then the whole of 0-11 with --resume, was refused
    /// ("frames 0-9 -> 0-11"); so was another split's shard.
    func testResumeAfterAShardKeepsItsFramesForTheWholeOrAnotherShard() throws {
        let out = tmp + "/out"
        XCTAssertEqual(try run(["-o", out, "--frames", "0-9", "--shard", "1/2"]).code, 0) // frames 0-4
        let first = try inodes(out)
        XCTAssertEqual(first.count, 5)
        // Shard 2/3 of 0-11 is frames 4-7: 4 is kept.
        let other = try run(["-o", out, "--frames", "0-11", "--shard", "2/3", "--resume"])
        XCTAssertEqual(other.code, 0, other.stderr)
        XCTAssertTrue(other.stderr.contains("wrote 3 frames"), other.stderr)
        XCTAssertEqual(try inodes(out)["0004.png"], first["0004.png"])
        // The whole of 0-11: frames 0-7 kept, 8-11 rendered, and the folder is a single run's.
        let whole = try run(["-o", out, "--frames", "0-11", "--resume"])
        XCTAssertEqual(whole.code, 0, whole.stderr)
        XCTAssertTrue(whole.stderr.contains("wrote 4 frames"), whole.stderr)
        for (name, inode) in first { XCTAssertEqual(try inodes(out)[name], inode, "\(name) kept, not written again") }
        XCTAssertEqual(try run(["-o", tmp + "/single", "--frames", "0-11"]).code, 0)
        // The shard manifests stay (they vouch for their frames); the frames and manifest.json are a single run's.
        XCTAssertEqual(try contents(out).filter { !$0.key.hasPrefix("manifest.shard-") }, try contents(tmp + "/single"))
    }

    // MARK: merge

    /// Renders shard I/N (with `extra`) into a folder of its own and copies its files into `into`.
    func shard(_ i: Int, of n: Int, into folder: String, _ extra: [String] = []) throws {
        let own = "\(tmp)/shard-\(i)-of-\(n)-\(extra.joined().filter(\.isLetter))-\(UUID().uuidString.prefix(6))"
        let r = try render(own, ["--shard", "\(i)/\(n)"] + extra)
        XCTAssertEqual(r.code, 0, r.stderr)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (name, data) in try contents(own) { try data.write(to: URL(fileURLWithPath: "\(folder)/\(name)")) }
    }

    func merge(_ folder: String) throws -> Shell.Result { try InProcess.run(CLITests.binary, ["merge", folder]) }

    /// Before: merged into a manifest listing frames 3 and 4 twice, exit 0.
    func testMergeRefusesOverlappingShards() throws {
        let folder = tmp + "/merged"
        try shard(1, of: 2, into: folder) // frames 0-4
        try shard(2, of: 2, into: folder, ["--frames", "0-5"]) // frames 3-5 of another selection
        let before = try contents(folder)
        assertRefused(
            try merge(folder),
            [
                "error: \(folder): shards 1/2 and 2/2 both hold frames 3-4, so they are not shares of one render; "
                    + "render every shard again with one command (only --shard differs), then merge"
            ])
        XCTAssertEqual(try contents(folder), before, "nothing written")
        // A shard manifest copied under another shard's name: every frame overlaps.
        let copied = tmp + "/copied"
        try shard(1, of: 2, into: copied)
        try FileManager.default.copyItem(atPath: copied + "/manifest.shard-1-of-2.json", toPath: copied + "/manifest.shard-2-of-2.json")
        assertRefused(try merge(copied), ["shards 1/2 and 2/2 both hold frames 0-4"])
    }

    /// Before: shards of an edited scenario merged, exit 0.
    func testMergeRefusesShardsOfDifferentInputs() throws {
        let folder = tmp + "/merged"
        try shard(1, of: 2, into: folder)
        try editScenario()
        try shard(2, of: 2, into: folder)
        let before = try contents(folder)
        assertRefused(
            try merge(folder),
            [
                "error: \(folder): shards 1/2 and 2/2 were rendered from different inputs (shard 2/2 against 1/2: "
                    + "the scenario \(tmp)/s.yaml), so their frames do not belong together; render every shard again"
            ])
        XCTAssertEqual(try contents(folder), before, "nothing written")
    }

    /// Before: a stray shard 1/3 beside shards 1/2 and 2/2 was ignored, exit 0. Then the fixed folder
    /// merges into what a single run writes.
    func testMergeRefusesTwoSplitsAndMergesGoodShards() throws {
        let folder = tmp + "/merged"
        try shard(1, of: 2, into: folder)
        try shard(2, of: 2, into: folder)
        try shard(1, of: 3, into: folder)
        let before = try contents(folder)
        assertRefused(
            try merge(folder),
            [
                "error: \(folder): holds shard manifests of 2 splits (shards 1/2, 2/2; shard 1/3), so it cannot tell "
                    + "which frames belong together; keep the manifest.shard-I-of-N.json files of one split"
            ])
        XCTAssertEqual(try contents(folder), before, "nothing written")
        try FileManager.default.removeItem(atPath: folder + "/manifest.shard-1-of-3.json")
        let moved = tmp + "/manifest.shard-2-of-2.json"
        try FileManager.default.moveItem(atPath: folder + "/manifest.shard-2-of-2.json", toPath: moved)
        assertRefused(try merge(folder), ["shard 2/2 missing; copy their files here too"])
        try FileManager.default.moveItem(atPath: moved, toPath: folder + "/manifest.shard-2-of-2.json")
        // An interrupted shard (its manifest says partial) is finished first, not merged short.
        let shardTwo = try Data(contentsOf: URL(fileURLWithPath: folder + "/manifest.shard-2-of-2.json"))
        var partial = try XCTUnwrap(JSONSerialization.jsonObject(with: shardTwo) as? [String: Any])
        partial["partial"] = true
        try JSONSerialization.data(withJSONObject: partial).write(to: URL(fileURLWithPath: folder + "/manifest.shard-2-of-2.json"))
        assertRefused(
            try merge(folder),
            [
                "manifest.shard-2-of-2.json: shard 2/2 was interrupted (its manifest says partial, 5 frames); "
                    + "finish it with the same command and --resume, then merge"
            ])
        try shardTwo.write(to: URL(fileURLWithPath: folder + "/manifest.shard-2-of-2.json"))
        let merged = try merge(folder)
        XCTAssertEqual(merged.code, 0, merged.stderr)
        XCTAssertEqual(try render(tmp + "/single").code, 0)
        XCTAssertEqual(try contents(folder), try contents(tmp + "/single"), "byte-identical to a single run")
    }
}

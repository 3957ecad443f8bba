import Foundation
import XCTest

/// `render-frames encode` and a scenario's `output:`, run as a user would.
final class EncodeTests: XCTestCase {
    var tmp = ""
    override func setUpWithError() throws { tmp = try makeTemporaryFolder("encode") }
    override func tearDown() { try? FileManager.default.removeItem(atPath: tmp) }

    @discardableResult
    func run(_ arguments: [String]) throws -> Shell.Result { try Shell.run(CLITests.binary, arguments) }

    let scenario = """
        device: iphone-8
        fps: 20
        header: {height: 107, title: Hello}
        rows: {count: 12}
        timeline:
          keyframes:
            - {time: 0, offset: 0}
            - {time: 0.5, offset: 0}
            - {time: 1.5, offset: -60, easing: linear}
        """

    func render(_ text: String? = nil, scale: String = "0.25", out: String = "frames") throws -> String {
        let path = "\(tmp)/s.yaml"
        try (text ?? scenario).write(toFile: path, atomically: true, encoding: .utf8)
        let r = try run([path, "--out", "\(tmp)/\(out)", "--scale", scale, "--quiet"])
        XCTAssertEqual(r.code, 0, r.stderr)
        return "\(tmp)/\(out)"
    }

    func testEveryFormatIsWrittenAndChecked() throws {
        let frames = try render()
        let outs = ["gif", "webp", "apng", "mp4"].map { "\(tmp)/a.\($0)" }
        let r = try run(["encode", frames] + outs + ["--width", "80"])
        XCTAssertEqual(r.code, 0, r.stderr)
        for out in outs {
            XCTAssertTrue(FileManager.default.fileExists(atPath: out), out)
            XCTAssertTrue(r.stdout.contains("\(out): "), r.stdout)
        }
        // 1.5 s at 20 fps: 30 frames; the first half second holds (frames 0-10 show offset 0), so 20 frames in GIF / APNG.
        XCTAssertTrue(r.stdout.contains("\(tmp)/a.gif: ") && r.stdout.contains("20 frames (30 at 20 fps, identical ones merged), 1.50 s, 80x"), r.stdout)
        XCTAssertTrue(r.stdout.contains("\(tmp)/a.mp4: ") && r.stdout.contains("30 frames, 1.50 s, 80x142"), r.stdout)
        XCTAssertFalse(files(in: tmp).contains { $0.contains("partial") }, "no temporary file left: \(files(in: tmp))")
    }

    func testAnIncompleteFolderIsRefusedAndNothingWritten() throws {
        let frames = try render()
        let out = "\(tmp)/x.gif"
        func refused(_ contains: String, file: StaticString = #filePath, line: UInt = #line) throws {
            let r = try run(["encode", frames, out])
            XCTAssertEqual(r.code, 2, r.stdout, file: file, line: line)
            XCTAssertTrue(r.stderr.contains(contains), r.stderr, file: file, line: line)
            XCTAssertFalse(r.stderr.contains("NSCocoaErrorDomain"), r.stderr, file: file, line: line)
            XCTAssertFalse(FileManager.default.fileExists(atPath: out), file: file, line: line)
        }
        let manifest = frames + "/manifest.json"
        let original = try String(contentsOfFile: manifest, encoding: .utf8)
        // The top level's "fps" (the first; inputParts.settings has one too).
        try original.replacingCharacters(in: original.range(of: "\"fps\" :")!, with: "\"partial\" : true,\n  \"fps\" :")
            .write(toFile: manifest, atomically: true, encoding: .utf8)
        try refused("manifest.json: says partial: the render was interrupted after 30 of 30 frames; finish it with the same render command and --resume")
        try original.write(toFile: manifest, atomically: true, encoding: .utf8)
        try FileManager.default.moveItem(atPath: frames + "/0007.png", toPath: tmp + "/0007.png")
        try refused("\(frames): 0007.png is missing; render the frames again into an empty folder")
        // A frame of another size.
        let other = try render(scale: "0.5", out: "other")
        try FileManager.default.copyItem(atPath: other + "/0007.png", toPath: frames + "/0007.png")
        try refused("0007.png is 188x334, not the manifest's 94x167")
        // Shards not merged.
        try FileManager.default.moveItem(atPath: manifest, toPath: frames + "/manifest.shard-1-of-2.json")
        try refused("holds shard manifests but no manifest.json; merge the shards first: render-frames merge \(frames)")
        let unknown = try run(["encode", other, "\(tmp)/x.mov"])
        XCTAssertEqual(unknown.code, 2)
        XCTAssertTrue(unknown.stderr.contains("\(tmp)/x.mov: unknown extension .mov; the formats are .gif, .webp, .mp4, .apng (or .png with --apng)"), unknown.stderr)
        let overwrite = try run(["encode", other, other + "/0000.png", "--apng"])
        XCTAssertEqual(overwrite.code, 2)
        XCTAssertTrue(overwrite.stderr.contains("would overwrite the frames' own 0000.png"), overwrite.stderr)
        XCTAssertEqual(try run(["encode", other, "\(tmp)/y.gif", "\(tmp)/y.gif"]).code, 2)
        let noFolder = try run(["encode", other, "\(tmp)/nowhere/x.gif"])
        XCTAssertEqual(noFolder.code, 2)
        XCTAssertTrue(noFolder.stderr.contains("the folder \(tmp)/nowhere does not exist; create it first"), noFolder.stderr)
    }

    func testAScenariosOutputIsWrittenAfterItsFrames() throws {
        let text = scenario + "\noutput: [anim.webp, {file: anim.gif, width: 100, fps: 10}]\n"
        let frames = try render(text, scale: "1")
        XCTAssertTrue(FileManager.default.fileExists(atPath: frames + "/manifest.json"))
        // Drawn at its own width: 100 px for a 375 pt screen, not scaled from the frames.
        let gif = try Shell.run("/usr/bin/ffprobe", ["-v", "error", "-show_entries", "stream=width,height", "-of", "csv=p=0", "\(tmp)/anim.gif"])
        XCTAssertEqual(gif.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "100,178")
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(tmp)/anim.webp"))
        // The same scenario with --frames renders no animation, and says so.
        let partial = try run(["\(tmp)/s.yaml", "--out", "\(tmp)/some", "--frames", "0-3", "--quiet"])
        XCTAssertEqual(partial.code, 0, partial.stderr)
        XCTAssertTrue(partial.stderr.contains("not writing the scenario's output: (anim.webp, anim.gif): it needs every frame"), partial.stderr)
    }

    func testMaxBytesFitsOrSaysWhyNot() throws {
        let frames = try render(scale: "0.5")
        let r = try run(["encode", frames, "\(tmp)/fit.gif", "--max-bytes", "40KB"])
        XCTAssertEqual(r.code, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("fitted to 40 KB after"), r.stdout)
        let size = (try FileManager.default.attributesOfItem(atPath: "\(tmp)/fit.gif")[.size] as! NSNumber).intValue
        XCTAssertLessThanOrEqual(size, 40_000)
        let no = try run(["encode", frames, "\(tmp)/tiny.gif", "--max-bytes", "1KB"])
        XCTAssertEqual(no.code, 2)
        XCTAssertTrue(no.stderr.contains("\(tmp)/tiny.gif: cannot fit in 1 KB: the smallest try was"), no.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(tmp)/tiny.gif"))
    }

    func testDemoScriptHelpDeletesNothing() throws {
        // --help exits before the script changes folder or removes ./frames.
        let marker = "\(tmp)/frames/keep.txt"
        try FileManager.default.createDirectory(atPath: "\(tmp)/frames", withIntermediateDirectories: true)
        try "x".write(toFile: marker, atomically: true, encoding: .utf8)
        let r = try Shell.run("/bin/bash", ["\(CLITests.root)/scripts/demo.sh", "--help"], cwd: tmp)
        XCTAssertEqual(r.code, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("demo.webp and ./demo.gif"), r.stdout)
        XCTAssertTrue(FileManager.default.fileExists(atPath: marker))
    }

    func files(in dir: String) -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted() }
}

import Foundation
import RenderFramesKit
import XCTest

/// `render-frames encode` (through the library, as the command calls it) and a scenario's `output:`.
final class EncodeTests: XCTestCase {
    var tmp = ""
    override func setUpWithError() throws { tmp = try makeTemporaryFolder("encode") }
    override func tearDown() { try? FileManager.default.removeItem(atPath: tmp) }

    @discardableResult
    func run(_ arguments: [String]) throws -> Shell.Result { try InProcess.run(CLITests.binary, arguments) }

    /// `encode FRAMES OUTPUTS...`: the lines it prints.
    func encode(_ frames: String, _ outputs: [String], width: Int? = nil, maxBytes: String? = nil, apng: Bool = false) throws -> String {
        var lines: [String] = []
        try EncodingPlan(frames: frames, outputs: outputs, width: width, maxBytes: maxBytes, apng: apng).write(jobs: 2) { lines.append($0) }
        return lines.map { $0 + "\n" }.joined()
    }

    /// The message `encode` refuses with (nil when it does not).
    func refusal(_ frames: String, _ outputs: [String], maxBytes: String? = nil, apng: Bool = false) -> String? {
        do { _ = try encode(frames, outputs, maxBytes: maxBytes, apng: apng); return nil } catch { return "\(error)" }
    }

    let scenario = EncodeTests.holdThenScroll(fps: 20)

    /// An iPhone 8 table under a header: held for half a second, then scrolled up 60 pt in a second.
    static func holdThenScroll(fps: Int) -> String {
        """
        device: iphone-8
        fps: \(fps)
        header: {height: 107, title: Hello}
        rows: {count: 12}
        timeline:
          keyframes:
            - {time: 0, offset: 0}
            - {time: 0.5, offset: 0}
            - {time: 1.5, offset: -60, easing: linear}
        """
    }

    func render(_ text: String? = nil, scale: Double = 0.25, out: String = "frames") throws -> String {
        let path = "\(tmp)/s.yaml"
        try (text ?? scenario).write(toFile: path, atomically: true, encoding: .utf8)
        try InProcess.render(path, into: "\(tmp)/\(out)", scale: scale)
        return "\(tmp)/\(out)"
    }

    func testEveryFormatIsWrittenAndChecked() throws {
        let frames = try render()
        let outs = ["gif", "webp", "apng", "mp4"].map { "\(tmp)/a.\($0)" }
        let stdout = try encode(frames, outs, width: 80)
        for out in outs {
            XCTAssertTrue(FileManager.default.fileExists(atPath: out), out)
            XCTAssertTrue(stdout.contains("\(out): "), stdout)
        }
        // 1.5 s at 20 fps: 30 frames; the first half second holds (frames 0-10 show offset 0), so 20 frames in GIF / APNG.
        XCTAssertTrue(stdout.contains("\(tmp)/a.gif: ") && stdout.contains("20 frames (30 at 20 fps, identical ones merged), 1.50 s, 80x"), stdout)
        XCTAssertTrue(stdout.contains("\(tmp)/a.mp4: ") && stdout.contains("30 frames, 1.50 s, 80x142"), stdout)
        XCTAssertFalse(files(in: tmp).contains { $0.contains("partial") }, "no temporary file left: \(files(in: tmp))")
    }

    func testAnIncompleteFolderIsRefusedAndNothingWritten() throws {
        let frames = try render()
        let out = "\(tmp)/x.gif"
        func refused(_ contains: String, file: StaticString = #filePath, line: UInt = #line) throws {
            let message = try XCTUnwrap(refusal(frames, [out]), "refused", file: file, line: line)
            XCTAssertTrue(message.contains(contains), message, file: file, line: line)
            XCTAssertFalse(message.contains("NSCocoaErrorDomain"), message, file: file, line: line)
            XCTAssertFalse(FileManager.default.fileExists(atPath: out), file: file, line: line)
        }
        let manifest = frames + "/manifest.json"
        let original = try String(contentsOfFile: manifest, encoding: .utf8)
        // The top level's "fps" (the first; inputParts.settings has one too).
        try original.replacingCharacters(in: original.range(of: "\"fps\" :")!, with: "\"partial\" : true,\n  \"fps\" :")
            .write(toFile: manifest, atomically: true, encoding: .utf8)
        try refused(
            "manifest.json: says partial: the render was interrupted after 30 of 30 frames; finish it with the same render command and --resume")
        try original.write(toFile: manifest, atomically: true, encoding: .utf8)
        try FileManager.default.moveItem(atPath: frames + "/0007.png", toPath: tmp + "/0007.png")
        try refused("\(frames): 0007.png is missing; render the frames again into an empty folder")
        // A frame of another size.
        let other = try render(scale: 0.5, out: "other")
        try FileManager.default.copyItem(atPath: other + "/0007.png", toPath: frames + "/0007.png")
        try refused("0007.png is 188x334, not the manifest's 94x167")
        // Shards not merged.
        try FileManager.default.moveItem(atPath: manifest, toPath: frames + "/manifest.shard-1-of-2.json")
        try refused("holds shard manifests but no manifest.json; merge the shards first: render-frames merge \(frames)")
        let unknown = refusal(other, ["\(tmp)/x.mov"]) ?? ""
        XCTAssertTrue(
            unknown.contains("\(tmp)/x.mov: unknown extension .mov; the formats are .gif, .webp, .mp4, .apng (or .png with --apng)"), unknown)
        let overwrite = refusal(other, [other + "/0000.png"], apng: true) ?? ""
        XCTAssertTrue(overwrite.contains("would overwrite the frames' own 0000.png"), overwrite)
        XCTAssertEqual(refusal(other, ["\(tmp)/y.gif", "\(tmp)/y.gif"]), "\(tmp)/y.gif: given twice; give each animation once")
        let noFolder = refusal(other, ["\(tmp)/nowhere/x.gif"]) ?? ""
        XCTAssertTrue(noFolder.contains("the folder \(tmp)/nowhere does not exist; create it first"), noFolder)
    }

    func testAScenariosOutputIsWrittenAfterItsFrames() throws {
        let text = scenario + "\noutput: [anim.webp, {file: anim.gif, width: 100, fps: 10}]\n"
        // A render's own (the binary's, until the render run is in the library).
        try text.write(toFile: "\(tmp)/s.yaml", atomically: true, encoding: .utf8)
        let frames = "\(tmp)/frames"
        let r = try run(["\(tmp)/s.yaml", "--out", frames, "--scale", "1", "--quiet"])
        XCTAssertEqual(r.code, 0, r.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: frames + "/manifest.json"))
        // Drawn at its own width: 100 px for a 375 pt screen, not scaled from the frames.
        let gif = try Shell.run("/usr/bin/ffprobe", ["-v", "error", "-show_entries", "stream=width,height", "-of", "csv=p=0", "\(tmp)/anim.gif"])
        XCTAssertEqual(gif.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "100,178")
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(tmp)/anim.webp"))
        // The same scenario with --frames renders no animation, and says so.
        let partial = try run(["\(tmp)/s.yaml", "--out", "\(tmp)/some", "--frames", "0-3", "--quiet"])
        XCTAssertEqual(partial.code, 0, partial.stderr)
        XCTAssertTrue(partial.stderr.contains("not writing the scenario's output (anim.webp, anim.gif): it needs every frame"), partial.stderr)
    }

    func testMaxBytesFitsOrSaysWhyNot() throws {
        let frames = try render(scale: 0.5)
        let stdout = try encode(frames, ["\(tmp)/fit.gif"], maxBytes: "40KB")
        XCTAssertTrue(stdout.contains("fitted to 40 KB after"), stdout)
        let size = (try FileManager.default.attributesOfItem(atPath: "\(tmp)/fit.gif")[.size] as! NSNumber).intValue
        XCTAssertLessThanOrEqual(size, 40_000)
        let no = refusal(frames, ["\(tmp)/tiny.gif"], maxBytes: "1KB") ?? ""
        XCTAssertTrue(no.contains("\(tmp)/tiny.gif: cannot fit in 1 KB: the smallest try was"), no)
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

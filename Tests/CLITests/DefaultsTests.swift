import Raster
import RenderFramesKit
import XCTest

final class DefaultsTests: XCTestCase {
    /// `--jobs` takes 1-64; its default must be inside that on any machine (a 96-core machine
    /// refused `render-frames` with no arguments).
    func testDefaultWorkersFitTheJobsRange() {
        XCTAssertEqual(RenderJob.defaultWorkers(cores: 96), 64)
        XCTAssertEqual(RenderJob.defaultWorkers(cores: 64), 64)
        XCTAssertEqual(RenderJob.defaultWorkers(cores: 2), 2)
        XCTAssertEqual(RenderJob.defaultWorkers(cores: 0), 1)
    }
}

final class ShellTests: XCTestCase {
    /// A child that writes 200 KB to stderr and then to stdout finishes (reading stdout to its end
    /// first would wait forever on a child blocked on a full stderr pipe).
    func testBothPipesAreDrainedAtOnce() throws {
        let r = try Shell.run("/bin/sh", ["-c", "head -c 200000 /dev/zero | tr '\\0' x >&2; echo done"])
        XCTAssertEqual(r.code, 0)
        XCTAssertEqual(r.stdout, "done\n")
        XCTAssertEqual(r.stderr.count, 200_000)
    }
}

final class MessageTests: XCTestCase {
    var tmp = ""
    override func setUpWithError() throws { tmp = try makeTemporaryFolder("messages") }
    override func tearDown() { try? FileManager.default.removeItem(atPath: tmp) }

    func validate(_ text: String) throws -> Shell.Result {
        try text.write(toFile: "\(tmp)/s.yaml", atomically: true, encoding: .utf8)
        return try InProcess.run(CLITests.binary, ["validate", "\(tmp)/s.yaml"])
    }

    func testAnOutFolderUnderAFileIsSaidInWords() throws {
        _ = FileManager.default.createFile(atPath: "\(tmp)/afile", contents: Data("x".utf8))
        let r = try InProcess.run(CLITests.binary, ["--out", "\(tmp)/afile/sub", "--frames", "0", "--scale", "0.25", "--quiet"])
        XCTAssertEqual(r.code, 2)
        XCTAssertEqual(r.stderr, "error: \(tmp)/afile/sub: cannot create the folder: \(tmp)/afile is a file, not a folder; pick another --out\n")
        // --golden given a file printed Foundation's "NSCocoaErrorDomain Code=516".
        let g = try InProcess.run(
            CLITests.binary, ["--out", "\(tmp)/frames", "--golden", "\(tmp)/afile", "--frames", "0", "--scale", "0.25", "--quiet"])
        XCTAssertEqual(g.code, 2)
        XCTAssertEqual(g.stderr, "error: \(tmp)/afile: exists and is a file, not a folder; pick another --golden\n")
    }

    #if os(Linux)
    /// Under a memory limit (`ulimit -v`, here 600 MB of address space) images the system will not
    /// give memory for are reported at their field with exit 2; before, Swift stopped the process
    /// with "failed to allocate" (SIGABRT, exit 134). Ten 4000 x 4000 images take 640 MB decoded.
    func testAMemoryLimitGivesAMessageNotAnAbort() throws {
        let png = PNGEncoder(options: .fast).encode(Pixmap(width: 4000, height: 4000, fill: Color(90, 90, 90).premultiplied))
        var items = ""
        for i in 0..<10 {
            try Data(png).write(to: URL(fileURLWithPath: "\(tmp)/m\(i).png"))
            items += "    - {image: m\(i).png}\n"
        }
        let scenario =
            "effect: collection\nheader: {height: 180, title: Budget}\ngrid:\n  itemSize: {width: 181, height: 240}\n  items:\n"
            + items + "timeline: {keyframes: [{time: 0, offset: 0}, {time: 0.05, offset: 10}]}\n"
        try scenario.write(toFile: "\(tmp)/ten.yaml", atomically: true, encoding: .utf8)
        let r = try Shell.run(
            "/bin/bash",
            [
                "-c", "ulimit -v 600000; exec \"$0\" validate \"$1\" --max-image-memory 2GB",
                CLITests.binary, "\(tmp)/ten.yaml",
            ])
        XCTAssertEqual(r.code, 2, r.stderr)
        XCTAssertTrue(
            r.stderr.contains(
                "image: \(tmp)/m9.png: not enough memory to decode this image (192.0 MB needed; the system "
                    + "refused it); free memory, raise the process's memory limit, or scale the image down"), r.stderr)
        XCTAssertFalse(r.stderr.contains("Fatal error"), r.stderr)
    }

    /// Frame buffers too: at @4x, two workers need about 257 MB, refused under a 300 MB address
    /// space with a message and exit 2 (before, Swift aborted, or at 90 MB libdispatch hung).
    func testFramesTheSystemCannotHoldAreAMessage() throws {
        let r = try Shell.run(
            "/bin/bash",
            [
                "-c", "ulimit -v 300000; exec \"$0\" \"$1\" -o \"$2\" --scale 4 --frames 0 -j 2 -q",
                CLITests.binary, CLITests.root + "/Fixtures/scenarios/profile.yaml", "\(tmp)/big",
            ])
        XCTAssertEqual(r.code, 2, r.stderr)
        XCTAssertTrue(r.stderr.contains("error: not enough memory to render 1572x3408 frames with 2 worker(s): about 257.2 MB needed"), r.stderr)
    }
    #endif

    /// From a second outside audit: raw control bytes in the file are placed; any YAML tag is
    /// refused, the verbatim form too; a long image path is cut; a folder that is a symlink loop is
    /// said so; escape codes in arguments are never echoed raw; a pixel limit beyond 4 gigapixels is refused.
    func testHostileBytesTagsPathsAndArguments() throws {
        let ctl = try validate("header: {height: 160, title: \"red\u{1B}[31m\"}\ntimeline: {gestures: [{drag: {by: 10}}, release]}\n")
        XCTAssertEqual(ctl.code, 2)
        XCTAssertTrue(ctl.stderr.contains("s.yaml:1:34: (file): a control character (U+001B) stands here, and YAML allows none"), ctl.stderr)
        let tag = try validate("fps: !<tag:yaml.org,2002:str> 30\ntimeline: {gestures: [{drag: {by: 10}}, release]}\n")
        XCTAssertTrue(tag.stderr.contains("s.yaml:1:6: (YAML tag): the tag !<tag:yaml.org,2002:str> is not read here"), tag.stderr)
        let long = try validate(
            "header: {height: 160, image: \(String(repeating: "x", count: 100_000)).png}\ntimeline: {gestures: [{drag: {by: 10}}, release]}\n")
        XCTAssertTrue(long.stderr.contains("... (") && long.stderr.count < 600, "\(long.stderr.count) characters")
        try FileManager.default.createSymbolicLink(atPath: "\(tmp)/l1", withDestinationPath: "\(tmp)/l2")
        try FileManager.default.createSymbolicLink(atPath: "\(tmp)/l2", withDestinationPath: "\(tmp)/l1")
        let loop = try InProcess.run(CLITests.binary, ["-o", "\(tmp)/l1", "--frames", "0", "--scale", "0.25", "-q"])
        XCTAssertEqual(loop.stderr, "error: \(tmp)/l1: is a symbolic link that leads nowhere (to a missing folder, or a loop); pick another --out\n")
        for arguments in [["nope\u{1B}[31m.yaml"], ["--frames", "1\u{1B}[31m"], ["--bogus\u{1B}"]] {
            let r = try InProcess.run(CLITests.binary, arguments + ["-o", "\(tmp)/esc"])
            XCTAssertEqual(r.code, 2)
            XCTAssertFalse(r.stderr.contains("\u{1B}"), r.stderr)
            XCTAssertTrue(r.stderr.contains("\\u{1B}"), r.stderr)
        }
        let pixels = try InProcess.run(
            CLITests.binary, ["validate", CLITests.root + "/Fixtures/scenarios/profile.yaml", "--max-image-pixels", "9000000000000000000"])
        XCTAssertEqual(pixels.code, 2)
        XCTAssertTrue(pixels.stderr.contains("--max-image-pixels must be between 1 and 4294967296 (4 gigapixels)"), pixels.stderr)
    }

    func testControlCharactersAreEscapedAndLongValuesElided() throws {
        let r = try validate("header: {height: \"\\e[31mred\"}\ntimeline: {gestures: [{drag: {by: 10}}, release]}\n")
        XCTAssertEqual(r.code, 2)
        XCTAssertFalse(r.stderr.contains("\u{1B}"), r.stderr)
        XCTAssertTrue(r.stderr.contains("\\u{1B}[31mred"), r.stderr)
        let long = try validate(
            "header: {height: " + String(repeating: "y", count: 100_000) + "}\ntimeline: {gestures: [{drag: {by: 10}}, release]}\n")
        XCTAssertEqual(long.code, 2)
        XCTAssertTrue(long.stderr.contains("... (100000 characters)"), String(long.stderr.prefix(300)))
        XCTAssertLessThan(long.stderr.count, 400)
    }

    func testYAMLTagsAreRefused() throws {
        let r = try validate("header: {height: !!str 160}\ntimeline: {gestures: [{drag: {by: 10}}, release]}\n")
        XCTAssertEqual(r.code, 2)
        XCTAssertTrue(
            r.stderr.contains("s.yaml:1:18: (YAML tag): the tag !!str is not read here; remove it (quote a value to make it text)"), r.stderr)
        // Inside plain text, !! is text.
        let text = try validate("header: {height: 160, title: Wow !!}\ntimeline: {gestures: [{drag: {by: 10}}, release]}\n")
        XCTAssertEqual(text.code, 0, text.stderr)
    }

    func testHashesKeysLinksAndPipesAreSaidInWords() throws {
        let hash = try validate("header: {height: 160, color: #FF0000}\ntimeline: {gestures: [{drag: {by: 10}}, release]}\n")
        XCTAssertTrue(
            hash.stderr.contains("a # after a space starts a comment in YAML, which cut that line short: put colors in quotes"), hash.stderr)
        // The block form, as most people write it: the # comments the value away entirely.
        let block = try validate("header:\n  height: 160\n  color: #FF0000\ntimeline: {gestures: [{drag: {by: 10}}, release]}\n")
        XCTAssertTrue(
            block.stderr.contains(
                "s.yaml:3:9: header.color: expected text, got an empty value; a # after a space starts a YAML comment: "
                    + "quote the value, as \"#FF0000\""), block.stderr)
        let key = try validate("header: {height: 160}\n? [a, b]\n: 3\ntimeline: {gestures: [{drag: {by: 10}}, release]}\n")
        XCTAssertTrue(
            key.stderr.contains("s.yaml:2:3: (key): a key must be a word, and this one is a list of 2 items; write it as key: value"), key.stderr)
        try FileManager.default.createSymbolicLink(atPath: "\(tmp)/loop1", withDestinationPath: "\(tmp)/loop2")
        try FileManager.default.createSymbolicLink(atPath: "\(tmp)/loop2", withDestinationPath: "\(tmp)/loop1")
        let loop = try InProcess.run(CLITests.binary, ["validate", "\(tmp)/loop1"])
        XCTAssertEqual(loop.code, 2)
        XCTAssertTrue(loop.stderr.contains("it is a symbolic link that leads nowhere (a loop, or a missing target)"), loop.stderr)
        let device = try InProcess.run(CLITests.binary, ["validate", "/dev/zero"])
        XCTAssertEqual(device.code, 2)
        XCTAssertTrue(
            device.stderr.contains(
                "/dev/zero: cannot read the scenario file (it is not a regular file (a pipe, socket or device); give a scenario file)"), device.stderr
        )
    }
}

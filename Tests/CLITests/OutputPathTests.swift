import Foundation
import XCTest

/// Only regular files the tool made are replaced: an output path that is a FIFO, a socket, a
/// folder where a file goes (or a file where a folder goes) is refused before any work, exit 2,
/// saying what it is; the FIFO is still a FIFO afterwards and nothing else is written. One file
/// named twice, however it is spelled, is refused naming both spellings. FIFOs, sockets, folders
/// and links are made in a temporary folder; no test touches a real device.
final class OutputPathTests: XCTestCase {
    var tmp = ""
    override func setUpWithError() throws { tmp = try makeTemporaryFolder("outpaths") }
    override func tearDown() { try? FileManager.default.removeItem(atPath: tmp) }

    let scenario = """
        device: iphone-8
        fps: 10
        rows: {count: 12}
        timeline:
          keyframes:
            - {time: 0, offset: 0}
            - {time: 0.5, offset: 100, easing: linear}
        """

    func writeScenario(_ extra: String = "", name: String = "s.yaml") throws -> String {
        let path = "\(tmp)/\(name)"
        try (scenario + "\n" + extra).write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func fifo(_ name: String) throws -> String {
        let path = "\(tmp)/\(name)"
        XCTAssertEqual(mkfifo(path, 0o644), 0, "mkfifo \(path)")
        return path
    }

    /// A listening Unix socket at `name` (closed when the test ends; the file stays).
    func socketFile(_ name: String) throws -> String {
        let path = "\(tmp)/\(name)"
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        XCTAssertGreaterThanOrEqual(fd, 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { throw XCTSkip("temporary path too long for a socket") }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, b) in bytes.enumerated() { raw[i] = b }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        XCTAssertEqual(bound, 0, "bind \(path)")
        addTeardownBlock { close(fd) }
        return path
    }

    func isFIFO(_ path: String) -> Bool {
        var s = stat()
        return lstat(path, &s) == 0 && (s.st_mode & S_IFMT) == S_IFIFO
    }

    /// Every path under the temporary folder with its type and size: what a refused command must leave as it was.
    func snapshot() -> [String: String] {
        var entries: [String: String] = [:]
        let base = URL(fileURLWithPath: tmp)
        guard let e = FileManager.default.enumerator(atPath: tmp) else { return entries }
        while let name = e.nextObject() as? String {
            var s = stat()
            guard lstat(base.appendingPathComponent(name).path, &s) == 0 else { continue }
            entries[name] = "\(s.st_mode & S_IFMT) \(s.st_size) \(s.st_ino)"
        }
        return entries
    }

    /// Runs the tool under a time limit (a writer that opened a FIFO would wait forever).
    func run(_ arguments: [String], cwd: String? = nil) throws -> Shell.Result {
        try InProcess.run("/usr/bin/timeout", ["60", CLITests.binary] + arguments, cwd: cwd)
    }

    /// Runs a command that must be refused: exit 2, exactly `message` on stderr, nothing under
    /// the temporary folder changed (so each FIFO is still the FIFO it was).
    func assertRefused(_ arguments: [String], _ message: String, cwd: String? = nil, file: StaticString = #filePath, line: UInt = #line) throws {
        let before = snapshot()
        let r = try run(arguments, cwd: cwd)
        XCTAssertEqual(r.code, 2, r.stderr, file: file, line: line)
        XCTAssertEqual(r.stderr, "error: \(message)\n", file: file, line: line)
        XCTAssertEqual(snapshot(), before, "nothing written, nothing replaced", file: file, line: line)
    }

    /// A small whole render to encode from.
    func renderFrames() throws -> String {
        let frames = "\(tmp)/frames"
        let r = try run([try writeScenario(), "--out", frames, "--scale", "0.5", "-q"])
        XCTAssertEqual(r.code, 0, r.stderr)
        return frames
    }

    // MARK: the frames folder and what is written in it

    func testAFIFOAsTheFramesFolderIsRefused() throws {
        let s = try writeScenario()
        let pipe = try fifo("pipe")
        try assertRefused([s, "--out", pipe, "-q"], "\(pipe): is a FIFO (named pipe), not a folder; pick another --out")
        XCTAssertTrue(isFIFO(pipe))
        let sock = try socketFile("sock")
        try assertRefused([s, "--out", sock, "-q"], "\(sock): is a socket, not a folder; pick another --out")
        // A FIFO on the way to the folder.
        try assertRefused(
            [s, "--out", pipe + "/frames", "-q"],
            "\(pipe)/frames: cannot create the folder: \(pipe) is a FIFO (named pipe), not a folder; pick another --out")
        XCTAssertTrue(isFIFO(pipe))
    }

    func testAFIFOWhereAFrameOrTheManifestGoesIsRefusedBeforeAnyFrame() throws {
        let s = try writeScenario()
        let out = "\(tmp)/frames"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        XCTAssertEqual(mkfifo(out + "/0002.png", 0o644), 0)
        try assertRefused(
            [s, "--out", out, "-q"],
            "\(out)/0002.png: is a FIFO (named pipe), not a regular file; only a regular file is replaced: remove it, or give another --out")
        XCTAssertTrue(isFIFO(out + "/0002.png"))
        unlink(out + "/0002.png")
        XCTAssertEqual(mkfifo(out + "/manifest.json", 0o644), 0)
        try assertRefused(
            [s, "--out", out, "-q"],
            "\(out)/manifest.json: is a FIFO (named pipe), not a regular file; only a regular file is replaced: remove it, or give another --out")
        XCTAssertTrue(isFIFO(out + "/manifest.json"))
        unlink(out + "/manifest.json")
        // A folder where a frame goes: refused before any frame is drawn (it used to fail after the others were written).
        try FileManager.default.createDirectory(atPath: out + "/0003.png", withIntermediateDirectories: true)
        try assertRefused(
            [s, "--out", out, "-q"],
            "\(out)/0003.png: is a folder, and a file is written here; remove it, or pick another --out")
    }

    // MARK: goldens, failure images, reports

    func testGoldenDiffAndReportPathsAreCheckedBeforeRendering() throws {
        let s = try writeScenario()
        let out = "\(tmp)/frames", golden = "\(tmp)/golden"
        try FileManager.default.createDirectory(atPath: golden, withIntermediateDirectories: true)
        XCTAssertEqual(mkfifo(golden + "/0001.png", 0o644), 0)
        try assertRefused(
            [s, "--out", out, "--golden", golden, "--record", "all", "-q"],
            "\(golden)/0001.png: is a FIFO (named pipe), not a regular file; only a regular file is replaced: remove it, or give another --golden")
        XCTAssertTrue(isFIFO(golden + "/0001.png"))
        unlink(golden + "/0001.png")
        let pipe = try fifo("pipe")
        try assertRefused(
            [s, "--out", out, "--golden", golden, "--diff", pipe, "-q"],
            "\(pipe): is a FIFO (named pipe), not a folder; pick another --diff")
        try assertRefused(
            [s, "--out", out, "--golden", golden, "--report", pipe, "-q"],
            "\(pipe): is a FIFO (named pipe), not a folder; pick another --report")
        let report = "\(tmp)/report"
        try FileManager.default.createDirectory(atPath: report, withIntermediateDirectories: true)
        XCTAssertEqual(mkfifo(report + "/index.html", 0o644), 0)
        try assertRefused(
            [s, "--out", out, "--golden", golden, "--report", report, "-q"],
            "\(report)/index.html: is a FIFO (named pipe), not a regular file; only a regular file is replaced: remove it, or give another --report")
        unlink(report + "/index.html")
        XCTAssertEqual(mkfifo(report + "/data", 0o644), 0)
        try assertRefused(
            [s, "--out", out, "--golden", golden, "--report", report, "-q"],
            "\(report)/data: is a FIFO (named pipe), and a folder is written here; remove it, or pick another --report")
        XCTAssertTrue(isFIFO(pipe) && isFIFO(report + "/data"))
        // Failure images or a report among the frames: one folder named twice.
        try FileManager.default.createDirectory(atPath: "\(tmp)/sub", withIntermediateDirectories: true)
        try assertRefused(
            [s, "--out", out, "--golden", golden, "--diff", "\(tmp)/sub/../frames", "-q"],
            "--diff \(tmp)/sub/../frames is --out \(out): its expected / actual / diff images would sit among the frames "
                + "and be compared as frames next time; write them outside the compared folders, such as \(out)-diff")
        try assertRefused(
            [s, "--out", out, "--golden", golden, "--diff", "\(tmp)/d", "--report", "\(tmp)/./d", "-q"],
            "--diff \(tmp)/d and --report \(tmp)/./d are one folder; give each its own folder")
    }

    func testCompareMergeAndSummaryRefuseAFIFO() throws {
        let frames = try renderFrames()
        let pipe = try fifo("pipe")
        try assertRefused(["compare", frames, frames, "--diff", pipe], "\(pipe): is a FIFO (named pipe), not a folder; pick another --diff")
        try assertRefused(["compare", frames, frames, "--report", pipe], "\(pipe): is a FIFO (named pipe), not a folder; pick another --report")
        let diff = "\(tmp)/diff"
        try FileManager.default.createDirectory(atPath: diff, withIntermediateDirectories: true)
        XCTAssertEqual(mkfifo(diff + "/summary.json", 0o644), 0)
        try assertRefused(
            ["compare", frames, frames, "--diff", diff],
            "\(diff)/summary.json: is a FIFO (named pipe), not a regular file; only a regular file is replaced: remove it, or give another --diff")
        try assertRefused(["merge", "--report", pipe], "\(pipe): is a FIFO (named pipe), not a folder; pick another --report")
        let shards = "\(tmp)/shards"
        try FileManager.default.createDirectory(atPath: shards, withIntermediateDirectories: true)
        XCTAssertEqual(mkfifo(shards + "/manifest.json", 0o644), 0)
        try assertRefused(
            ["merge", shards],
            "\(shards)/manifest.json: is a FIFO (named pipe), not a regular file; only a regular file is replaced: remove it, or give another folder")
        try FileManager.default.createDirectory(atPath: "\(tmp)/report/data", withIntermediateDirectories: true)
        try assertRefused(
            ["summary", "\(tmp)/report", "--images-out", pipe], "\(pipe): is a FIFO (named pipe), not a folder; pick another --images-out")
        XCTAssertTrue(isFIFO(pipe) && isFIFO(diff + "/summary.json") && isFIFO(shards + "/manifest.json"))
    }

    // MARK: animations

    func testEncodeRefusesFIFOsSocketsFoldersAndBrokenLinks() throws {
        let frames = try renderFrames()
        let pipe = try fifo("pipe.gif")
        try assertRefused(
            ["encode", frames, pipe],
            "\(pipe): is a FIFO (named pipe), not a regular file; only a regular file is replaced: remove it, or give another output file")
        // Another output first: nothing at all is written when any one is refused.
        try assertRefused(
            ["encode", frames, "\(tmp)/fine.webp", pipe],
            "\(pipe): is a FIFO (named pipe), not a regular file; only a regular file is replaced: remove it, or give another output file")
        let sock = try socketFile("sock.gif")
        try assertRefused(
            ["encode", frames, sock],
            "\(sock): is a socket, not a regular file; only a regular file is replaced: remove it, or give another output file")
        let folder = "\(tmp)/folder.gif"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try assertRefused(
            ["encode", frames, folder],
            "\(folder): is a folder, and a file is written here; give a file name, such as \(folder)/output.gif, or another output file")
        // A link to a FIFO is what it leads to; a link to nothing is refused too.
        try FileManager.default.createSymbolicLink(atPath: "\(tmp)/link.gif", withDestinationPath: pipe)
        try assertRefused(
            ["encode", frames, "\(tmp)/link.gif"],
            "\(tmp)/link.gif: is a FIFO (named pipe), not a regular file; only a regular file is replaced: remove it, or give another output file")
        try FileManager.default.createSymbolicLink(atPath: "\(tmp)/nowhere.gif", withDestinationPath: "\(tmp)/missing/x.gif")
        try assertRefused(
            ["encode", frames, "\(tmp)/nowhere.gif"],
            "\(tmp)/nowhere.gif: is a symbolic link that leads nowhere (to a missing file, or a loop), not a regular file; only a regular file is replaced: remove it, or give another output file"
        )
        XCTAssertTrue(isFIFO(pipe))
    }

    func testOneAnimationNamedTwiceIsRefusedNamingBothSpellings() throws {
        let frames = try renderFrames()
        try FileManager.default.createDirectory(atPath: "\(tmp)/sub", withIntermediateDirectories: true)
        try assertRefused(["encode", frames, "a.gif", "./sub/../a.gif"], "a.gif and ./sub/../a.gif are one file; give each animation once", cwd: tmp)
        // An existing file and a link to it: the same device and inode.
        _ = FileManager.default.createFile(atPath: "\(tmp)/b.gif", contents: Data("old".utf8))
        try FileManager.default.createSymbolicLink(atPath: "\(tmp)/sub/b-link.gif", withDestinationPath: "\(tmp)/b.gif")
        try assertRefused(
            ["encode", frames, "\(tmp)/sub/b-link.gif", "\(tmp)/b.gif"],
            "\(tmp)/sub/b-link.gif and \(tmp)/b.gif are one file; give each animation once")
        XCTAssertEqual(try String(contentsOfFile: "\(tmp)/b.gif", encoding: .utf8), "old")
    }

    func testAScenarioOutputThatIsAFIFOOrNamedTwiceIsRefused() throws {
        let pipe = try fifo("demo.gif")
        let s = try writeScenario("output: [demo.gif]\n")
        // Refused by line and column when the scenario is read, by validate and render alike.
        let said =
            "\(s):8:10: output[0]: demo.gif: is a FIFO (named pipe), not a regular file; only a regular file is replaced: "
            + "remove it, or give another file name\n"
        try assertRefused([s, "--out", "\(tmp)/frames", "-q"], String(said.dropLast()))
        let validate = try run(["validate", s])
        XCTAssertEqual(validate.code, 2)
        XCTAssertEqual(validate.stderr, said)
        XCTAssertTrue(isFIFO(pipe))
        try FileManager.default.createDirectory(atPath: "\(tmp)/sub", withIntermediateDirectories: true)
        let twice = try writeScenario("output: [demo.webp, ./sub/../demo.webp]\n", name: "twice.yaml")
        let r = try run(["validate", twice])
        XCTAssertEqual(r.code, 2)
        XCTAssertTrue(
            r.stderr.contains(
                "twice.yaml:8:21: output[1]: output[0] writes demo.webp too, the same file as ./sub/../demo.webp; "
                    + "give each animation its own file"), r.stderr)
    }

    func testExpandRefusesAFIFOAFolderAndTheScenarioItself() throws {
        let profile = CLITests.root + "/Fixtures/scenarios/profile.yaml"
        let pipe = try fifo("pipe.yaml")
        try assertRefused(
            ["expand", profile, "--out", pipe],
            "\(pipe): is a FIFO (named pipe), not a regular file; only a regular file is replaced: remove it, or give another --out")
        XCTAssertTrue(isFIFO(pipe))
        try assertRefused(
            ["expand", profile, "--out", tmp],
            "\(tmp): is a folder, and a file is written here; give a file name, such as \(tmp)/output, or another --out")
        try "effect: profile\nheader: {height: 160, title: Jane}\ntimeline: {gestures: [{drag: {by: -200}}, release]}\n"
            .write(toFile: "\(tmp)/profile.yaml", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: "\(tmp)/sub", withIntermediateDirectories: true)
        try assertRefused(
            ["expand", "profile.yaml", "--out", "sub/../profile.yaml"],
            "--out sub/../profile.yaml: is the scenario profile.yaml itself; write the expansion to another file", cwd: tmp)
    }

    // MARK: what is replaced, and how

    /// A regular file is replaced by a rename (a new inode: a reader holding the old file sees it
    /// whole), keeping its permissions; no temporary file is left.
    func testARegularFileIsReplacedAtomically() throws {
        let frames = try renderFrames()
        let target = "\(tmp)/demo.gif"
        _ = FileManager.default.createFile(atPath: target, contents: Data("old".utf8))
        chmod(target, 0o600)
        var before = stat()
        XCTAssertEqual(stat(target, &before), 0)
        let r = try run(["encode", frames, target])
        XCTAssertEqual(r.code, 0, r.stderr)
        var after = stat()
        XCTAssertEqual(stat(target, &after), 0)
        XCTAssertNotEqual(after.st_ino, before.st_ino, "renamed over, not written in place")
        XCTAssertEqual(after.st_mode & 0o777, 0o600, "the replaced file's permissions are kept")
        XCTAssertEqual(Array(try Data(contentsOf: URL(fileURLWithPath: target)).prefix(6)), Array("GIF89a".utf8))
        let left = try FileManager.default.contentsOfDirectory(atPath: tmp).filter { $0.contains(".partial") || $0.contains(".tmp-") }
        XCTAssertEqual(left, [])
    }

    /// A symbolic link to a regular file is written through: the file it leads to is replaced (in
    /// its own folder) and the link stays a link.
    func testALinkToARegularFileReplacesItsTarget() throws {
        let frames = try renderFrames()
        try FileManager.default.createDirectory(atPath: "\(tmp)/assets", withIntermediateDirectories: true)
        let real = "\(tmp)/assets/demo.gif", link = "\(tmp)/demo.gif"
        _ = FileManager.default.createFile(atPath: real, contents: Data("old".utf8))
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "assets/demo.gif")
        let r = try run(["encode", frames, link])
        XCTAssertEqual(r.code, 0, r.stderr)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link), "assets/demo.gif", "the link is kept")
        XCTAssertEqual(Array(try Data(contentsOf: URL(fileURLWithPath: real)).prefix(6)), Array("GIF89a".utf8), "its target replaced")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: "\(tmp)/assets"), ["demo.gif"], "no temporary file left")
    }

    // MARK: a failed write leaves the target as it was

    /// The names in `folder` that look like temporary files (ours, or the old `.partial-` ones).
    func temporaries(_ folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.contains(".partial") || $0.contains(".tmp-") }
    }

    /// An animation that misses its size budget is never placed: the old file stays, a link to it
    /// stays a link to it, and the next write through the link works.
    func testAMissedBudgetLeavesTheOldFileAndItsLink() throws {
        let frames = try renderFrames()
        let target = "\(tmp)/tgt.gif", link = "\(tmp)/lk.gif", plain = "\(tmp)/a.gif"
        try "old\n".write(toFile: target, atomically: false, encoding: .utf8)
        try "plain\n".write(toFile: plain, atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "tgt.gif")
        for path in [link, plain] {
            let r = try run(["encode", frames, path, "--max-bytes", "1KB"])
            XCTAssertEqual(r.code, 2, r.stderr)
            XCTAssertTrue(r.stderr.contains("cannot fit in 1 KB"), r.stderr)
        }
        XCTAssertEqual(try String(contentsOfFile: target, encoding: .utf8), "old\n", "the file the link leads to is kept")
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link), "tgt.gif", "the link is kept")
        XCTAssertEqual(try String(contentsOfFile: plain, encoding: .utf8), "plain\n", "a regular file is kept")
        XCTAssertEqual(try temporaries(tmp), [], "no temporary file left")
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg") {
            let video = "\(tmp)/v.mp4"
            try "video\n".write(toFile: video, atomically: false, encoding: .utf8)
            let r = try run(["encode", frames, video, "--max-bytes", "1KB"])
            XCTAssertEqual(r.code, 2, r.stderr)
            XCTAssertEqual(try String(contentsOfFile: video, encoding: .utf8), "video\n", "an MP4 that misses its budget is not placed")
            XCTAssertEqual(try temporaries(tmp), [])
        }
        let again = try run(["encode", frames, link])
        XCTAssertEqual(again.code, 0, again.stderr)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link), "tgt.gif")
        XCTAssertEqual(Array(try Data(contentsOf: URL(fileURLWithPath: target)).prefix(6)), Array("GIF89a".utf8), "written through the link")
    }

    /// A process id no process has (for the name of a killed run's temporary file).
    func deadPID() -> Int32 {
        var pid: Int32 = 4_000_000
        while kill(pid, 0) == 0 || errno != ESRCH { pid -= 1 }
        return pid
    }

    /// A killed run's temporary files are removed where the README says: an animation's by the
    /// next write of that animation, a render's (frames and manifest) by the next full render of
    /// the folder. Only regular files of those names whose process is gone; a FIFO is left alone.
    func testLeftoversOfAKilledWriteAreSwept() throws {
        let frames = try renderFrames()
        let pid = deadPID()
        let gifLeft = "\(tmp)/demo.gif.tmp-\(pid)", gifLeft2 = "\(tmp)/demo.gif.tmp-\(pid)-2"
        let manifestLeft = "\(frames)/manifest.json.tmp-\(pid)", frameLeft = "\(frames)/0001.png.tmp-\(pid)-3"
        for path in [gifLeft, gifLeft2, manifestLeft, frameLeft] { _ = FileManager.default.createFile(atPath: path, contents: Data("half".utf8)) }
        let pipe = try fifo("demo.gif.tmp-\(pid - 1)")
        let other = "\(tmp)/other.gif.tmp-\(pid)"
        _ = FileManager.default.createFile(atPath: other, contents: Data("not ours to sweep now".utf8))
        let r = try run(["encode", frames, "\(tmp)/demo.gif"])
        XCTAssertEqual(r.code, 0, r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: gifLeft), "swept by the next write of demo.gif")
        XCTAssertFalse(FileManager.default.fileExists(atPath: gifLeft2))
        XCTAssertTrue(isFIFO(pipe), "a FIFO is never removed")
        XCTAssertTrue(FileManager.default.fileExists(atPath: other), "another file's temporary is not this write's to sweep")
        let again = try run([try writeScenario(), "--out", frames, "--scale", "0.5", "-q", "--force"])
        XCTAssertEqual(again.code, 0, again.stderr)
        XCTAssertEqual(try temporaries(frames), [], "a full render sweeps its folder's temporary files")
    }
}

import Foundation
import XCTest
@testable import Raster

/// Output that cannot be written is a clear error naming the frame, and leaves only whole frames.
final class OutputSafetyTests: XCTestCase {
    var tmp = ""
    override func setUpWithError() throws { tmp = try makeTemporaryFolder("out") }
    override func tearDown() { try? FileManager.default.removeItem(atPath: tmp) }

    let scenario = """
        device: iphone-8
        fps: 20
        rows: {count: 12}
        timeline:
          keyframes:
            - {time: 0, offset: 0}
            - {time: 1, offset: 300, easing: linear}
        """

    func writeScenario() throws -> String {
        let path = tmp + "/s.yaml"
        try scenario.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func testOutPathThatIsAFile() throws {
        let file = tmp + "/taken"
        try "not a folder".write(toFile: file, atomically: true, encoding: .utf8)
        let r = try InProcess.run(CLITests.binary, [try writeScenario(), "--out", file, "--quiet"])
        XCTAssertEqual(r.code, 2)
        XCTAssertEqual(r.stderr, "error: \(file): exists and is a file, not a folder; pick another --out\n")
        XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), "not a folder", "left alone")
    }

    func testAFrameThatCannotBeReplacedIsNamed() throws {
        let out = tmp + "/frames"
        // A folder where frame 0003.png should go: refused, by name, before any frame is written
        // (a frame whose place is taken while the run goes is refused at its rename: AtomicFileTests).
        try FileManager.default.createDirectory(atPath: out + "/0003.png", withIntermediateDirectories: true)
        let r = try InProcess.run(CLITests.binary, [try writeScenario(), "--out", out, "--quiet", "--jobs", "1"])
        XCTAssertEqual(r.code, 2)
        XCTAssertEqual(r.stderr, "error: \(out)/0003.png: is a folder, and a file is written here; remove it, or pick another --out\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out), ["0003.png"], "nothing written")
    }

    /// A full disk, made with a 200 KB tmpfs in a private mount namespace (unshare; the test
    /// needs user namespaces or root, as this project's CI machine has).
    func testAFullDiskIsAClearErrorAndLeavesOnlyWholeFrames() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare") else {
            throw XCTSkip("unshare(1) is not installed")
        }
        let mountPoint = tmp + "/small-disk", copy = tmp + "/copy"
        try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: true)
        let script = """
            mount -t tmpfs -o size=200k tmpfs "$1" || exit 90
            "$2" "$3" --out "$1/frames" --quiet --jobs 2 --scale 1 2> "$4/stderr"
            echo $? > "$4/code"
            cp -r "$1/frames/." "$4/"
            """
        let r = try Shell.run("/usr/bin/unshare", ["-rm", "sh", "-c", script, "sh", mountPoint, CLITests.binary, try writeScenario(), copy])
        if r.code == 90 { throw XCTSkip("cannot mount a tmpfs here: \(r.stderr)") }
        let code = try String(contentsOfFile: copy + "/code", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        let stderr = try String(contentsOfFile: copy + "/stderr", encoding: .utf8)
        XCTAssertNotEqual(code, "0", "the render must fail")
        XCTAssertNotNil(
            stderr.range(
                of: #"frames/\d{4}\.png: cannot write frame \d{4}\.png: the disk is full; free some space or write elsewhere"#,
                options: .regularExpression), stderr)
        let names = try FileManager.default.contentsOfDirectory(atPath: copy).filter { $0.hasSuffix(".png") || $0.contains(".tmp-") }
        XCTAssertFalse(names.isEmpty, "some frames fit before the disk filled")
        XCTAssertFalse(names.contains { $0.contains(".tmp-") }, "no temporary files: \(names)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: copy + "/manifest.json"))
        for name in names {
            XCTAssertNoThrow(try ImageDecoder.decode(fileAt: copy + "/" + name), "\(name) is whole (its CRCs check)")
        }
    }

    func testTheImagePixelLimitIsAnOption() throws {
        let scenario = CLITests.root + "/Fixtures/scenarios/profile.yaml"
        let strict = try InProcess.run(CLITests.binary, ["validate", "--max-image-pixels", "300000", scenario])
        XCTAssertEqual(strict.code, 0, "640x427 and 512x512 fit under 300000: \(strict.stderr)")
        let tight = try InProcess.run(CLITests.binary, [scenario, "--out", tmp + "/never", "--max-image-pixels", "270000", "--quiet"])
        XCTAssertEqual(tight.code, 2)
        XCTAssertTrue(
            tight.stderr.contains(
                "rocket.jpg: image is 640x427 = 273280 pixels, over the limit of 270000; scale it down "
                    + "(or raise the limit with --max-image-pixels, which render, validate and encode take)"), tight.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: tmp + "/never"), "nothing written")
    }
}

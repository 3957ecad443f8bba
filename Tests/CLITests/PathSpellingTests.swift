import Foundation
import Raster
import XCTest

/// One resolution of paths for every overlap check: a spelling with `..` after a link and an
/// absent folder names the folder the kernel reaches, for `--report` against `--out` as for
/// `--golden`; `compare` keeps failure images out of the folder of a compared PNG, and refuses
/// one folder (or file) on both sides, however spelled.
final class PathSpellingTests: XCTestCase {
    var tmp = ""
    override func setUpWithError() throws {
        tmp = ResolvedPath(try makeTemporaryFolder("spelling")).path
    }
    override func tearDown() { try? FileManager.default.removeItem(atPath: tmp) }

    func run(_ arguments: [String]) throws -> Shell.Result {
        try InProcess.run("/usr/bin/timeout", ["60", CLITests.binary] + arguments)
    }

    func listing(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    /// A 4x4 PNG of one red level.
    func frame(_ path: String, red: Int) throws {
        try FileManager.default.createDirectory(atPath: path.parentPath, withIntermediateDirectories: true)
        try Data(PNGEncoder().encode(Pixmap(width: 4, height: 4, fill: Color(red, 0, 0).premultiplied)))
            .write(to: URL(fileURLWithPath: path))
    }

    func testAReportSpelledThroughALinkAndAnAbsentFolderIsTheFramesFolder() throws {
        let scenario = "\(tmp)/s.yaml"
        try """
        device: iphone-8
        fps: 10
        rows: {count: 12}
        timeline:
          keyframes:
            - {time: 0, offset: 0}
            - {time: 0.5, offset: 100, easing: linear}
        """.write(toFile: scenario, atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: "\(tmp)/d/real", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: "\(tmp)/lnk", withDestinationPath: "\(tmp)/d/real")
        // `lnk/../absent/../frames` is d/frames (the kernel applies `..` after the link).
        let report = "\(tmp)/lnk/../absent/../frames"
        let r = try run([scenario, "--out", "\(tmp)/d/frames", "--golden", "\(tmp)/g", "--report", report, "-q"])
        XCTAssertEqual(r.code, 2, r.stdout + r.stderr)
        XCTAssertEqual(r.stderr, "error: --out \(tmp)/d/frames and --report \(report) are one folder; give each its own folder\n")
        XCTAssertEqual(listing("\(tmp)/d"), ["real"], "nothing rendered")
        XCTAssertEqual(listing(tmp), ["d", "lnk", "s.yaml"], "nothing recorded")
    }

    func testCompareOfOnePNGKeepsFailureImagesOutOfItsFolder() throws {
        try frame("\(tmp)/fr/0100.png", red: 10)
        try frame("\(tmp)/gold/0000.png", red: 90)
        try FileManager.default.createSymbolicLink(atPath: "\(tmp)/fr2", withDestinationPath: "\(tmp)/fr")
        for (actual, diff, says) in [
            ("\(tmp)/fr/0100.png", "\(tmp)/fr", "is the folder of the compared file \(tmp)/fr/0100.png"),
            ("\(tmp)/fr2/0100.png", "\(tmp)/fr", "is the folder of the compared file \(tmp)/fr2/0100.png"),
            ("\(tmp)/fr/0100.png", "\(tmp)/fr2/./d", "lies inside the folder of the compared file"),
            ("\(tmp)/fr/0100.png", "\(tmp)/gold", "is the folder of the golden file \(tmp)/gold/0000.png"),
        ] {
            let r = try run(["compare", actual, "\(tmp)/gold/0000.png", "--diff", diff])
            XCTAssertEqual(r.code, 2, "\(actual) --diff \(diff): \(r.stdout)")
            XCTAssertTrue(r.stderr.hasPrefix("error: --diff \(diff) \(says)"), r.stderr)
            XCTAssertTrue(r.stderr.contains("write them outside the compared folders, such as "), r.stderr)
            XCTAssertEqual(listing("\(tmp)/fr"), ["0100.png"], "nothing written among the frames")
            XCTAssertEqual(listing("\(tmp)/gold"), ["0000.png"], "nothing written among the goldens")
        }
        // Beside them, the failure images are written and the frames folder stays frames only.
        let beside = try run(["compare", "\(tmp)/fr/0100.png", "\(tmp)/gold/0000.png", "--diff", "\(tmp)/fr-diff"])
        XCTAssertEqual(beside.code, 1, beside.stderr)
        XCTAssertTrue(listing("\(tmp)/fr-diff").contains("summary.json"))
        XCTAssertEqual(listing("\(tmp)/fr"), ["0100.png"])
    }

    func testCompareOfAFolderOrFileWithItselfIsRefused() throws {
        try frame("\(tmp)/fr/0000.png", red: 10)
        try FileManager.default.createSymbolicLink(atPath: "\(tmp)/link", withDestinationPath: "\(tmp)/fr")
        for (actual, golden) in [
            ("\(tmp)/fr", "\(tmp)/fr"), ("\(tmp)/fr", "\(tmp)/fr/."), ("\(tmp)/fr", "\(tmp)/link"),
            ("\(tmp)/fr", "\(tmp)/link/../fr"),
            ("\(tmp)/fr/0000.png", "\(tmp)/link/0000.png"),
        ] {
            let r = try run(["compare", actual, golden])
            XCTAssertEqual(r.code, 2, "compare \(actual) \(golden): \(r.stdout)")
            XCTAssertTrue(r.stderr.hasPrefix("error: the golden "), r.stderr)
            XCTAssertTrue(r.stderr.contains(" \(golden) is the compared "), r.stderr)
            XCTAssertTrue(
                r.stderr.contains(
                    "the frames would be checked against themselves and always pass; "
                        + "keep the goldens and the frames in separate folders"), r.stderr)
        }
        // Two folders holding equal frames still pass.
        try frame("\(tmp)/other/0000.png", red: 10)
        XCTAssertEqual(try run(["compare", "\(tmp)/fr", "\(tmp)/other"]).code, 0)
    }
}

import Foundation
import XCTest

/// A negative number given to an option that takes a number is that option's value, and the
/// option's own check refuses it (exit 2), never ArgumentParser's "Missing value".
final class NegativeNumberTests: XCTestCase {
    func testEveryNumericOptionReadsANegativeValue() throws {
        let s = "Fixtures/scenarios/profile.yaml"
        let out = NSTemporaryDirectory() + "negative-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: out) }
        let cases: [([String], String)] = [
            (["explain", s, "--frame", "-1"], "--frame -1: frames count from 0"),
            (["explain", s, "--offset", "-300", "--scale", "-2"], "--scale must be between 0.25 and 4"),
            ([s, "-o", out, "--fps", "-30"], "--fps must be between 1 and 240"),
            ([s, "-o", out, "--scale", "-1"], "--scale must be between 0.25 and 4"),
            ([s, "-o", out, "--frames", "-5"], "(frames count from 0, the first)"),
            ([s, "-o", out, "-j", "-2"], "--jobs must be between 1 and 64"),
            ([s, "-o", out, "--jobs", "-2"], "--jobs must be between 1 and 64"),
            ([s, "-o", out, "--max-image-pixels", "-1"], "--max-image-pixels must be between"),
            ([s, "-o", out, "--max-image-memory", "-1MB"], "--max-image-memory: expected a size"),
            (["encode", out, out + ".gif", "--width", "-10"], "--width must be between"),
            (["encode", out, out + ".gif", "--fps", "-5"], "--fps must be above 0"),
            (["encode", out, out + ".webp", "--quality", "-1"], "--quality must be between 0 and 100"),
            (["encode", out, out + ".gif", "--max-bytes", "-5MB"], "--max-bytes expects a size"),
            (["compare", out, out, "--threshold", "-0.1"], "--threshold must be between 0 and 1"),
            (["compare", out, out, "--tolerance", "-1"], "--tolerance must be between 0 and 255 levels, got -1"),
            (["compare", out, out, "--max-diff-pixels", "-1"], "--max-diff-pixels must be 0 or more"),
            (["compare", out, out, "--max-diff-ratio", "-0.5"], "--max-diff-ratio must be between 0 and 1"),
            (["summary", out, "--pictured", "-1"], "--pictured must be between 0 and 20"),
        ]
        for (args, expected) in cases {
            let r = try InProcess.run(CLITests.binary, args, cwd: CLITests.root)
            XCTAssertEqual(r.code, 2, "\(args): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains(expected), "\(args): \(r.stderr)")
            XCTAssertFalse(r.stderr.contains("Missing value"), "\(args): \(r.stderr)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: out), "nothing was rendered")
    }

    /// A numeric option takes the next word whatever it starts with (`parsing: .unconditional`, the
    /// option's own declaration, instead of a rewrite of the arguments): an option written where its
    /// number belongs is refused as that value, naming both (exit 2), and nothing is rendered.
    func testAnOptionWhereANumberBelongsIsRefusedAsItsValue() throws {
        let s = "Fixtures/scenarios/profile.yaml"
        let out = NSTemporaryDirectory() + "option-value-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: out) }
        let cases: [([String], String)] = [
            ([s, "-o", out, "--fps", "--scale", "2"], "Error: The value '--scale' is invalid for '--fps <fps>'"),
            ([s, "-o", out, "-j", "--quiet"], "Error: The value '--quiet' is invalid for '-j <n>'"),
            (["explain", s, "--offset", "--frame", "2"], "Error: The value '--frame' is invalid for '--offset <points>'"),
        ]
        for (args, expected) in cases {
            let r = try InProcess.run(CLITests.binary, args, cwd: CLITests.root)
            XCTAssertEqual(r.code, 2, "\(args): \(r.stderr)")
            XCTAssertEqual(r.stderr.split(separator: "\n").first.map(String.init), expected, "\(args)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: out), "nothing was rendered")
    }
}

import Foundation
import XCTest

/// Every file in Fixtures/bad-scenarios is refused with its exact message (the `.expected` file
/// beside it), exit code 2, and nothing written.
final class BadScenarioTests: XCTestCase {
    func testEveryBadScenarioIsRefusedWithItsMessage() throws {
        let root = CLITests.root
        let dir = "Fixtures/bad-scenarios"
        let names = try FileManager.default.contentsOfDirectory(atPath: "\(root)/\(dir)").filter { $0.hasSuffix(".yaml") }.sorted()
        XCTAssertGreaterThanOrEqual(names.count, 25)
        let out = NSTemporaryDirectory() + "bad-scenarios-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: out) }
        for name in names {
            let scenario = "\(dir)/\(name)"
            let expected = try String(contentsOfFile: "\(root)/\(dir)/\(name.dropLast(5)).expected", encoding: .utf8)
            let validate = try Shell.run(CLITests.binary, ["validate", scenario], cwd: root)
            XCTAssertEqual(validate.code, 2, name)
            XCTAssertEqual(validate.stderr, expected, name)
            let render = try Shell.run(CLITests.binary, [scenario, "--out", out, "--quiet"], cwd: root)
            XCTAssertEqual(render.code, 2, name)
            XCTAssertEqual(render.stderr, "error: " + expected, name)
            XCTAssertFalse(FileManager.default.fileExists(atPath: out), "\(name): something was written to --out")
            XCTAssertTrue(expected.hasPrefix("\(scenario):"), "\(name): the message names the file")
            let location = expected.dropFirst(scenario.count + 1).split(separator: ":").prefix(2)
            XCTAssertEqual(location.count, 2)
            XCTAssertTrue(location.allSatisfy { Int($0) != nil }, "\(name): line and column")
        }
    }

    func testValidateAcceptsTheFixtures() throws {
        let r = try Shell.run(CLITests.binary, ["validate", "Fixtures/scenarios/profile.yaml", "Fixtures/scenarios/profile-gestures.yaml"],
                                    cwd: CLITests.root)
        XCTAssertEqual(r.code, 0, r.stderr)
        XCTAssertEqual(r.stdout.split(separator: "\n").count, 2)
        XCTAssertTrue(r.stdout.contains("profile-gestures.yaml: ok: iphone-15"), r.stdout)
    }

    func testPresetsListEveryDevice() throws {
        let r = try Shell.run(CLITests.binary, ["presets"])
        XCTAssertEqual(r.code, 0)
        for id in ["iphone-se-1", "iphone-8", "iphone-8-plus", "iphone-x", "iphone-11", "iphone-12", "iphone-15", "iphone-15-pro-max"] {
            XCTAssertTrue(r.stdout.contains(id), id)
        }
        XCTAssertTrue(r.stdout.contains("1179x2556"))
    }
}

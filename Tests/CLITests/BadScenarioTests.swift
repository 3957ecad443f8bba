import Foundation
import RenderFramesKit
import ScenarioFormat
import Scene
import XCTest

/// Every file in Fixtures/bad-scenarios is refused with its exact message (the `.expected` file
/// beside it), and nothing written. `validate` and `render` load a scenario alike (every variant
/// first); the library's error is what both print, `render` after `error: `, each with exit code 2.
final class BadScenarioTests: XCTestCase {
    func testEveryBadScenarioIsRefusedWithItsMessage() throws {
        let dir = "Fixtures/bad-scenarios"
        let names = try FileManager.default.contentsOfDirectory(atPath: "\(CLITests.root)/\(dir)").filter { $0.hasSuffix(".yaml") }.sorted()
        XCTAssertGreaterThanOrEqual(names.count, 25)
        try InProcess.inPackageRoot {
            for name in names {
                let scenario = "\(dir)/\(name)"
                let expected = try String(contentsOfFile: "\(dir)/\(name.dropLast(5)).expected", encoding: .utf8)
                XCTAssertThrowsError(try ScenarioCheck.check(scenario), name) { error in
                    XCTAssertEqual("\(error)\n", expected, name)
                }
                XCTAssertThrowsError(try ScenarioLoader.checkEveryVariant(path: scenario), name) { error in
                    XCTAssertEqual("\(error)\n", expected, "\(name): render's check")
                }
                XCTAssertTrue(expected.hasPrefix("\(scenario):"), "\(name): the message names the file")
                let location = expected.dropFirst(scenario.count + 1).split(separator: ":").prefix(2)
                XCTAssertEqual(location.count, 2)
                XCTAssertTrue(location.allSatisfy { Int($0) != nil }, "\(name): line and column")
            }
        }
    }

    /// What only the binary does: exit code 2, the message on stderr (after `error: ` for render),
    /// nothing written to --out.
    func testTheBinaryExitsTwoWithTheMessage() throws {
        let scenario = "Fixtures/bad-scenarios/06-unknown-top-key.yaml"
        let expected = try String(contentsOfFile: "\(CLITests.root)/Fixtures/bad-scenarios/06-unknown-top-key.expected", encoding: .utf8)
        let validate = try Shell.run(CLITests.binary, ["validate", "Fixtures/scenarios/profile.yaml", scenario], cwd: CLITests.root)
        XCTAssertEqual(validate.code, 2)
        XCTAssertEqual(validate.stderr, expected)
        XCTAssertTrue(validate.stdout.hasPrefix("Fixtures/scenarios/profile.yaml: ok: "), validate.stdout)
        let out = NSTemporaryDirectory() + "bad-scenarios-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: out) }
        let render = try Shell.run(CLITests.binary, [scenario, "--out", out, "--quiet"], cwd: CLITests.root)
        XCTAssertEqual(render.code, 2)
        XCTAssertEqual(render.stderr, "error: " + expected)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out), "something was written to --out")
    }

    func testValidateAcceptsTheFixtures() throws {
        let reports = try InProcess.inPackageRoot {
            try ["Fixtures/scenarios/profile.yaml", "Fixtures/scenarios/profile-gestures.yaml"].map { try ScenarioCheck.check($0) }
        }
        XCTAssertEqual(reports.count, 2)
        XCTAssertTrue(reports[1].summary.hasPrefix("Fixtures/scenarios/profile-gestures.yaml: ok: iphone-15"), reports[1].summary)
        XCTAssertFalse(reports.contains { $0.summary.contains("\n") })
    }

    func testPresetsListEveryDevice() throws {
        let table = Device.table
        for id in ["iphone-se-1", "iphone-8", "iphone-8-plus", "iphone-x", "iphone-11", "iphone-12", "iphone-15", "iphone-15-pro-max"] {
            XCTAssertTrue(table.contains(id), id)
        }
        XCTAssertTrue(table.contains("1179x2556"))
    }
}

import Foundation
import XCTest

/// The YAML library stays out of Scene: the scenario format (Sources/ScenarioFormat: the readers
/// and the presets' expansions, which write YAML) imports Yams; the layer language, the layers,
/// chrome, motion and typography take values that the readers made (the chrome parts read their
/// keys through `ScenarioReading`). Scene imports no animation format either.
final class YamsImportTests: XCTestCase {
    static let yamsImport = try! NSRegularExpression(
        pattern: #"^[ \t]*(@\w+[ \t]+)*(\w+[ \t]+)?import[ \t]+(\w+[ \t]+)?(Yams|Animation)\b"#, options: [.anchorsMatchLines])

    /// The Swift files of `Sources/<module>/` that import Yams or Animation.
    static func importers(_ module: String) throws -> [String] {
        let root = GoldenFrameTests.root + "/Sources/" + module + "/"
        let files = try XCTUnwrap(FileManager.default.subpaths(atPath: root)).filter { $0.hasSuffix(".swift") }.sorted()
        XCTAssertGreaterThan(files.count, 20)
        return try files.filter { file in
            // `import Yams`, `@_exported import Yams`, `internal import Yams`, `import struct Yams.Node` ...
            let text = try String(contentsOfFile: root + file, encoding: .utf8)
            return yamsImport.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
        }
    }

    func testSceneImportsNeitherYamsNorAnimation() throws {
        XCTAssertEqual(try Self.importers("Scene"), [], "Scene files that import Yams or Animation: read their keys in ScenarioFormat instead")
    }

    func testTheScenarioFormatReadsTheYAML() throws {
        let importers = try Self.importers("ScenarioFormat")
        XCTAssertTrue(importers.contains("ScenarioFile/ScenarioLoader.swift"), "\(importers)")
        XCTAssertTrue(importers.contains("ScenarioFile/ScenarioOutput.swift"), "\(importers)")
    }
}

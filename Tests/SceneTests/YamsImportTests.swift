import Foundation
import XCTest

/// The YAML library stays at the edge of Scene: only the scenario file's readers (ScenarioFile/)
/// and the presets' expansions (Presets/, which write YAML) import Yams; the layer language, the
/// layers, chrome, motion and typography take values that the readers made.
final class YamsImportTests: XCTestCase {
    static let allowedFolders = ["ScenarioFile/", "Presets/"]
    /// None: the chrome parts read their keys through `ScenarioValue` (ScenarioFile/).
    static let remainingExceptions: Set<String> = []

    static let yamsImport = try! NSRegularExpression(
        pattern: #"^[ \t]*(@\w+[ \t]+)*(\w+[ \t]+)?import[ \t]+(\w+[ \t]+)?Yams\b"#, options: [.anchorsMatchLines])

    func testOnlyTheScenarioFileAndPresetsImportYams() throws {
        let root = GoldenFrameTests.root + "/Sources/Scene/"
        let files = try XCTUnwrap(FileManager.default.subpaths(atPath: root)).filter { $0.hasSuffix(".swift") }.sorted()
        XCTAssertGreaterThan(files.count, 40)
        var importers: [String] = []
        for file in files {
            let text = try String(contentsOfFile: root + file, encoding: .utf8)
            // `import Yams`, `@_exported import Yams`, `internal import Yams`, `import struct Yams.Node` ...
            let range = NSRange(text.startIndex..., in: text)
            let imports = Self.yamsImport.firstMatch(in: text, range: range) != nil
            if imports { importers.append(file) }
        }
        let outside = importers.filter { file in !Self.allowedFolders.contains { file.hasPrefix($0) } && !Self.remainingExceptions.contains(file) }
        XCTAssertEqual(outside, [], "Scene files outside \(Self.allowedFolders) that import Yams: read their keys in ScenarioFile/ instead")
        let stale = Self.remainingExceptions.filter { !importers.contains($0) }.sorted()
        XCTAssertEqual(stale, [], "no longer import Yams: remove them from YamsImportTests.remainingExceptions")
        XCTAssertTrue(importers.contains("ScenarioFile/ScenarioLoader.swift"), "\(importers)")
    }
}

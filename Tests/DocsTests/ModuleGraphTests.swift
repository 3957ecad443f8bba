import Foundation
import XCTest

/// docs/architecture.md's module graph is Package.swift's, and both module tables (README.md's and
/// docs/architecture.md's) name every Swift module.
final class ModuleGraphTests: XCTestCase {
    /// Package.swift's regular and executable targets, each with its dependencies in order (a
    /// product by its name: `Yams`, `ArgumentParser`).
    static func packageGraph() throws -> [String: [String]] {
        var text = try DocsPages.text("Package.swift")
        text = text.replacingOccurrences(of: #"\.product\(name: "([^"]+)", package: "[^"]+"\)"#, with: "\"$1\"", options: .regularExpression)
        var graph: [String: [String]] = [:]
        for chunk in text.components(separatedBy: ".target(").dropFirst() + text.components(separatedBy: ".executableTarget(").dropFirst() {
            guard let name = firstMatch(#"name: "([^"]+)""#, in: chunk) else { continue }
            var dependencies: [String] = []
            if let start = chunk.range(of: "dependencies: ["), chunk[..<start.lowerBound].components(separatedBy: ")").count == 1 {
                let list = chunk[start.upperBound...].prefix { $0 != "]" }
                dependencies = list.split(separator: ",").compactMap { firstMatch(#""([^"]+)""#, in: String($0)) }
            }
            graph[name] = dependencies
        }
        return graph
    }

    static func firstMatch(_ pattern: String, in text: String) -> String? {
        guard let r = text.range(of: pattern, options: .regularExpression) else { return nil }
        let found = String(text[r])
        guard let open = found.firstIndex(of: "\"") else { return nil }
        return String(found[found.index(after: open)...].prefix { $0 != "\"" })
    }

    /// The graph docs/architecture.md draws: the `Module: A, B` lines of its first text block.
    static func documentedGraph() throws -> [String: [String]] {
        let code = DocsPages.split(try DocsPages.text("docs/architecture.md")).code
        var graph: [String: [String]] = [:]
        for line in code {
            guard let colon = line.firstIndex(of: ":"), !line.hasPrefix(" ") else { continue }
            let rest = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            graph[String(line[..<colon])] = rest == "-" ? [] : rest.components(separatedBy: ", ")
        }
        return graph
    }

    func testTheArchitecturePageDrawsPackageSwiftsModuleGraph() throws {
        let package = try Self.packageGraph()
        XCTAssertEqual(package["Scene"], ["Raster"], "the parse of Package.swift")
        XCTAssertGreaterThanOrEqual(package.count, 15)
        XCTAssertEqual(try Self.documentedGraph(), package)
    }

    /// Scene depends on neither the YAML library nor Animation (the scenario format is its own module).
    func testSceneDependsOnNeitherYamsNorAnimation() throws {
        let package = try Self.packageGraph()
        XCTAssertFalse(package["Scene"]!.contains("Yams"))
        XCTAssertFalse(package["Scene"]!.contains("Animation"))
        XCTAssertFalse(package["UIKit"]!.contains("ScenarioFormat"))
        XCTAssertEqual(package["ScenarioFormat"]?.contains("Yams"), true)
    }

    /// Every Swift module (a folder of Sources/ with Swift files, or a target elsewhere) is named
    /// in the module tables of README.md and docs/architecture.md.
    func testBothModuleTablesNameEveryModule() throws {
        let swiftModules = try Self.packageGraph().keys.filter { name in
            let folder = DocsPages.root + "/Sources/" + name
            guard let files = FileManager.default.enumerator(atPath: folder) else { return true }
            return files.contains { ($0 as? String)?.hasSuffix(".swift") == true }
        }
        XCTAssertTrue(swiftModules.contains("UIKit"))
        XCTAssertTrue(swiftModules.contains("ScenarioFormat"))
        XCTAssertFalse(swiftModules.contains("CImageIO"))
        for page in ["README.md", "docs/architecture.md"] {
            let table = DocsPages.split(try DocsPages.text(page)).prose.filter { $0.hasPrefix("| `") }.joined(separator: "\n")
            for module in swiftModules.sorted() {
                XCTAssertTrue(table.contains("`\(module)`"), "\(page)'s module table does not name `\(module)`")
            }
        }
    }
}

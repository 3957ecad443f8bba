import Foundation
import XCTest

/// docs/architecture.md's module graph is Package.swift's, and both module tables (README.md's and
/// docs/architecture.md's) name every Swift module.
final class ModuleGraphTests: XCTestCase {
    /// The kinds of target Package.swift declares: `.target(`, `.executableTarget(` and so on.
    static let everyKind = ["target", "executableTarget", "systemLibrary", "plugin", "testTarget"]

    /// Package.swift's targets of `kinds` (every kind by default), each with its dependencies in
    /// order (a product by its name: `Yams`, `ArgumentParser`). Read from the package's `targets:`
    /// list, so the products' `.plugin(` is not taken for the plugin target.
    static func packageGraph(kinds: [String] = everyKind) throws -> [String: [String]] {
        var text = try DocsPages.text("Package.swift")
        text = text.replacingOccurrences(of: #"\.product\(name: "([^"]+)", package: "[^"]+"\)"#, with: "\"$1\"", options: .regularExpression)
        guard let targets = text.range(of: "\n    targets: [") else { return [:] }
        let list = String(text[targets.upperBound...])
        // Each target's text runs from its `.kind(` to the next target's.
        let starts = try NSRegularExpression(pattern: #"\.(\#(everyKind.joined(separator: "|")))\("#)
            .matches(in: list, range: NSRange(list.startIndex..., in: list))
        var graph: [String: [String]] = [:]
        for (i, start) in starts.enumerated() {
            let kind = String(list[Range(start.range(at: 1), in: list)!])
            let end = i + 1 < starts.count ? Range(starts[i + 1].range, in: list)!.lowerBound : list.endIndex
            let chunk = String(list[Range(start.range, in: list)!.upperBound..<end])
            guard kinds.contains(kind), let name = firstMatch(#"name: "([^"]+)""#, in: chunk) else { continue }
            var dependencies: [String] = []
            if let deps = chunk.range(of: "dependencies: [") {
                dependencies = chunk[deps.upperBound...].prefix { $0 != "]" }.split(separator: ",")
                    .compactMap { firstMatch(#""([^"]+)""#, in: String($0)) }
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
        XCTAssertEqual(package["CWebP"], [], "a system library is in the graph")
        XCTAssertEqual(package["InterfaceBuilderPortPlugin"], ["render-frames-ibport"], "the plugin target, not the plugin product")
        XCTAssertEqual(package["DocsTests"], ["render-frames", "ArgumentParser"], "a test target, its product by name")
        XCTAssertGreaterThanOrEqual(package.count, 35)
        let documented = try Self.documentedGraph()
        XCTAssertEqual(Set(documented.keys).symmetricDifference(package.keys).sorted(), [], "targets in one and not the other")
        for (name, dependencies) in package.sorted(by: { $0.key < $1.key }) {
            XCTAssertEqual(documented[name], dependencies, "\(name)'s dependencies")
        }
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
        let swiftModules = try Self.packageGraph(kinds: ["target", "executableTarget"]).keys.filter { name in
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

import Foundation
import XCTest

/// docs/porting.md's manifest for a package that also builds for iOS, written as the page prints it
/// into a temporary folder beside a link to this repository named `render-frames` (what
/// `.package(path: "../render-frames")` is known by), and read by SwiftPM: the manifest compiles,
/// our `UIKit` product is a dependency on Linux only, and the package graph resolves (every
/// product it names exists in this repository). Nothing is built.
final class PortingPageTests: XCTestCase {
    /// The page's fenced Swift block that is a whole manifest with a Linux-only condition.
    static func manifest() throws -> String {
        let page = try DocsPages.text("docs/porting.md")
        var blocks: [String] = [], current: [String]? = nil
        for line in page.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("```") {
                if let block = current { blocks.append(block.joined(separator: "\n")); current = nil } else if line == "```swift" { current = [] }
                continue
            }
            current?.append(line)
        }
        let manifests = blocks.filter { $0.hasPrefix("// swift-tools-version") && $0.contains("condition: .when(platforms: [.linux])") }
        XCTAssertEqual(manifests.count, 1, "docs/porting.md should show one manifest with a Linux-only condition")
        return try XCTUnwrap(manifests.first) + "\n"
    }

    /// Runs `swift package ARGUMENTS` in `folder`; its exit status, standard output and error.
    static func swiftPackage(_ arguments: [String], in folder: String) throws -> (status: Int32, out: String, err: String) {
        let process = Process(), out = Pipe(), err = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "package", "--package-path", folder] + arguments
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read before waiting: a full pipe would block the child.
        let output = out.fileHandleForReading.readDataToEndOfFile(), error = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self), String(decoding: error, as: UTF8.self))
    }

    func testTheLinuxOnlyManifestResolvesAgainstThisRepository() throws {
        let manifest = try Self.manifest()
        let root = NSTemporaryDirectory() + "porting-page-\(getpid())-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        let package = root + "/MyScreens", files = FileManager.default
        try files.createDirectory(atPath: root, withIntermediateDirectories: true)
        try files.createSymbolicLink(atPath: root + "/render-frames", withDestinationPath: DocsPages.root)
        // The targets the page's manifest declares, each with one file.
        for (folder, file) in [("Sources/Screens", "ProfileViewController.swift"), ("Tests/ScreensTests", "ProfileTests.swift")] {
            try files.createDirectory(atPath: package + "/" + folder, withIntermediateDirectories: true)
            try "import UIKit\n".write(toFile: package + "/" + folder + "/" + file, atomically: true, encoding: .utf8)
        }
        try manifest.write(toFile: package + "/Package.swift", atomically: true, encoding: .utf8)

        let dump = try Self.swiftPackage(["dump-package"], in: package)
        XCTAssertEqual(dump.status, 0, dump.err)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(dump.out.utf8)) as? [String: Any])
        let targets = try XCTUnwrap(json["targets"] as? [[String: Any]])
        XCTAssertEqual(Set(targets.compactMap { $0["name"] as? String }), ["Screens", "ScreensTests"])
        // Every dependency on one of render-frames' products is conditioned on Linux alone.
        var products: [String] = []
        for target in targets {
            for dependency in target["dependencies"] as? [[String: Any]] ?? [] {
                guard let product = dependency["product"] as? [Any], product.count == 4, product[1] as? String == "render-frames" else { continue }
                products.append(try XCTUnwrap(product[0] as? String))
                let condition = try XCTUnwrap(product[3] as? [String: Any], "\(product[0]) has no condition")
                XCTAssertEqual(condition["platformNames"] as? [String], ["linux"], "\(product[0])")
            }
        }
        XCTAssertEqual(Set(products), ["UIKit", "RenderFramesKit"])

        // The graph loads: the path resolves to this repository and the products exist in it
        // (a misspelt product fails here: "product 'UIKitX' ... not found in package 'render-frames'").
        let graph = try Self.swiftPackage(["show-dependencies", "--format", "json"], in: package)
        XCTAssertEqual(graph.status, 0, graph.err)
        XCTAssertTrue(graph.out.contains("\"identity\": \"render-frames\""), graph.out)
    }
}

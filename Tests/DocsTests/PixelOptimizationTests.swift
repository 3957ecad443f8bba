import Foundation
import XCTest

/// Package.swift compiles the pixel modules with -O in every configuration, also when an app's
/// package depends on render-frames by URL and version: SwiftPM allows a dependency's unsafe flags
/// when its manifest says swift-tools-version 6.2 or later. `RENDER_FRAMES_OPTIMIZE_PIXELS=0` turns
/// it off. The flags are read with `swift package dump-package`; the rule SwiftPM applies is
/// checked by resolving a package that depends on a tagged copy of this one (nothing is built).
final class PixelOptimizationTests: XCTestCase {
    struct Run {
        var status: Int32
        var output: String
        var error: String
    }

    func swift(_ arguments: [String], in folder: String, setting: String? = nil) throws -> Run {
        let process = Process(), out = Pipe(), err = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["-u", "RENDER_FRAMES_OPTIMIZE_PIXELS"] + (setting.map { ["RENDER_FRAMES_OPTIMIZE_PIXELS=\($0)"] } ?? [])
            + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let output = out.fileHandleForReading.readDataToEndOfFile(), error = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, output: String(decoding: output, as: UTF8.self), error: String(decoding: error, as: UTF8.self))
    }

    /// The Raster target's unsafe Swift flags as SwiftPM reads the manifest, with the variable set
    /// to `setting` (nil: unset).
    func rasterFlags(setting: String?) throws -> [String] {
        let run = try swift(["swift", "package", "--package-path", DocsPages.root, "dump-package"], in: DocsPages.root, setting: setting)
        XCTAssertEqual(run.status, 0, run.error)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        let targets = try XCTUnwrap(json["targets"] as? [[String: Any]])
        let raster = try XCTUnwrap(targets.first { $0["name"] as? String == "Raster" })
        let settings = raster["settings"] as? [[String: Any]] ?? []
        return settings.compactMap { (($0["kind"] as? [String: Any])?["unsafeFlags"] as? [String: Any])?["_0"] as? [String] }.flatMap { $0 }
    }

    func testThePixelModulesAreOptimisedUnlessTurnedOff() throws {
        XCTAssertEqual(try rasterFlags(setting: nil), ["-O"])
        XCTAssertEqual(try rasterFlags(setting: "1"), ["-O"])
        XCTAssertEqual(try rasterFlags(setting: "0"), [], "turned off")
    }

    /// A copy of this package's manifest and sources, committed and tagged 1.0.0 in a git
    /// repository, with its first line replaced by `toolsLine`.
    func taggedCopy(at folder: String, toolsLine: String) throws {
        let fm = FileManager.default
        try fm.createDirectory(atPath: folder + "/Examples/StretchyHeader", withIntermediateDirectories: true)
        for part in ["Sources", "Plugins", "Tests", "Examples/StretchyHeader/Sources"] {
            try fm.copyItem(atPath: DocsPages.root + "/" + part, toPath: folder + "/" + part)
        }
        var manifest = try String(contentsOfFile: DocsPages.root + "/Package.swift", encoding: .utf8)
        let firstLine = try XCTUnwrap(manifest.firstIndex(of: "\n"))
        manifest.replaceSubrange(manifest.startIndex..<firstLine, with: toolsLine)
        try manifest.write(toFile: folder + "/Package.swift", atomically: true, encoding: .utf8)
        for step in [["init", "-q"], ["add", "-A"], ["-c", "user.email=test@example.com", "-c", "user.name=test", "commit", "-qm", "copy"], ["tag", "1.0.0"]] {
            let run = try swift(["git"] + step, in: folder)
            XCTAssertEqual(run.status, 0, "git \(step.joined(separator: " ")): \(run.error)")
        }
    }

    /// Whether SwiftPM resolves an app that depends on `repository` by URL, from version 1.0.0,
    /// using its UIKit product: its status and what it said.
    func resolveApp(at folder: String, dependingOn repository: String) throws -> Run {
        try FileManager.default.createDirectory(atPath: folder + "/Sources/App", withIntermediateDirectories: true)
        try """
        // swift-tools-version:6.0
        import PackageDescription
        let package = Package(
            name: "App", platforms: [.macOS(.v13)],
            dependencies: [.package(url: "file://\(repository)", from: "1.0.0")],
            targets: [.target(name: "App", dependencies: [.product(name: "UIKit", package: "render-frames")])])
        """.write(toFile: folder + "/Package.swift", atomically: true, encoding: .utf8)
        try "import UIKit\n".write(toFile: folder + "/Sources/App/App.swift", atomically: true, encoding: .utf8)
        return try swift(["swift", "package", "show-dependencies"], in: folder)
    }

    func testAnAppResolvesRenderFramesByURLWithItsPixelModulesOptimised() throws {
        let tmp = NSTemporaryDirectory() + "pixel-optimisation-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: tmp) }
        let toolsLine = try XCTUnwrap(
            String(contentsOfFile: DocsPages.root + "/Package.swift", encoding: .utf8).split(separator: "\n").first.map(String.init))
        try taggedCopy(at: tmp + "/ours/render-frames", toolsLine: toolsLine)
        let ours = try resolveApp(at: tmp + "/app", dependingOn: tmp + "/ours/render-frames")
        XCTAssertEqual(ours.status, 0, "an app depending on render-frames by URL: \(ours.output) \(ours.error)")
        XCTAssertTrue(ours.output.contains("render-frames"), ours.output)

        // The same manifest at tools version 6.0 is refused: the version line is what allows it.
        try taggedCopy(at: tmp + "/older/render-frames", toolsLine: "// swift-tools-version:6.0")
        let older = try resolveApp(at: tmp + "/older-app", dependingOn: tmp + "/older/render-frames")
        XCTAssertNotEqual(older.status, 0)
        XCTAssertTrue((older.output + older.error).contains("unsafe build flags"), older.output + older.error)
    }
}

import Foundation
import XCTest

/// Package.swift compiles the pixel modules with -O in every configuration where SwiftPM allows it
/// (this package as the root, or a path dependency), and never where it does not (a clone resolved
/// by URL, under `checkouts/`, where unsafe flags would stop the user's build); the variable
/// RENDER_FRAMES_OPTIMIZE_PIXELS overrides both ways. Read with `swift package dump-package` from
/// copies of the manifest in a folder of each kind; nothing is built.
final class PixelOptimizationTests: XCTestCase {
    /// The Raster target's Swift flags as SwiftPM reads the manifest at `folder`, with the variable
    /// set to `setting` (nil: unset).
    func rasterFlags(inFolder folder: String, setting: String?) throws -> [String] {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let manifest = folder + "/Package.swift"
        try? FileManager.default.removeItem(atPath: manifest)
        try FileManager.default.copyItem(atPath: DocsPages.root + "/Package.swift", toPath: manifest)
        let process = Process(), out = Pipe(), err = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["-u", "RENDER_FRAMES_OPTIMIZE_PIXELS"] + (setting.map { ["RENDER_FRAMES_OPTIMIZE_PIXELS=\($0)"] } ?? [])
            + ["swift", "package", "--package-path", folder, "dump-package"]
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let output = out.fileHandleForReading.readDataToEndOfFile(), error = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, String(decoding: error, as: UTF8.self))
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: output) as? [String: Any])
        let targets = try XCTUnwrap(json["targets"] as? [[String: Any]])
        let raster = try XCTUnwrap(targets.first { $0["name"] as? String == "Raster" })
        let settings = raster["settings"] as? [[String: Any]] ?? []
        return settings.compactMap { (($0["kind"] as? [String: Any])?["unsafeFlags"] as? [String: Any])?["_0"] as? [String] }.flatMap { $0 }
    }

    func testThePixelModulesAreOptimisedWhereSwiftPMAllowsIt() throws {
        let tmp = NSTemporaryDirectory() + "pixel-optimisation-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: tmp) }
        let local = tmp + "/work/render-frames", clone = tmp + "/app/.build/checkouts/render-frames"
        XCTAssertEqual(try rasterFlags(inFolder: local, setting: nil), ["-O"], "the root package or a path dependency")
        XCTAssertEqual(try rasterFlags(inFolder: clone, setting: nil), [], "resolved by URL: no unsafe flags")
        XCTAssertEqual(try rasterFlags(inFolder: local, setting: "0"), [], "turned off")
        XCTAssertEqual(try rasterFlags(inFolder: clone, setting: "1"), ["-O"], "forced")
    }
}

import Foundation
import RenderFramesKit
import UIKit
import XCTest

/// `renderFrames(of:)` says where its frames went, as `render-frames` does on standard error
/// (`wrote N frames (X MB) to OUT in ...`, each variant's folder first), and returns the folders.
final class RenderFramesReportTests: XCTestCase {
    /// Standard error while `body` runs.
    func standardError(_ body: () throws -> Void) rethrows -> String {
        let file = NSTemporaryDirectory() + "render-frames-report-stderr-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: file) }
        fflush(nil)
        let saved = dup(2), target = open(file, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        dup2(target, 2)
        close(target)
        defer {
            fflush(nil)
            dup2(saved, 2)
            close(saved)
        }
        try body()
        return String(decoding: FileManager.default.contents(atPath: file) ?? Data(), as: UTF8.self)
    }

    func testItSaysAndReturnsWhereTheFramesWent() throws {
        let base = NSTemporaryDirectory() + "render-frames-report-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: base) }
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        var result: Render.Result?
        let said = try standardError {
            result = try renderFrames(
                of: { StripesViewController() }, scenario: ScreenSmokeTests.fixtures + "/still.yaml", out: base + "/one", scale: 1, jobs: 1)
        }
        XCTAssertEqual(result?.frameFolders, [base + "/one"])
        XCTAssertTrue(said.hasPrefix("wrote 2 frames ("), said)
        XCTAssertTrue(said.contains(" MB) to \(base)/one in "), said)
        XCTAssertEqual(said.split(separator: "\n").count, 1, said)

        let matrix = base + "/matrix.yaml"
        try "device: iphone-15\nfps: 10\nmatrix: {appearance: [light, dark]}\ntimeline: {keyframes: [{time: 0, offset: 0}], duration: 0.1}\n"
            .write(toFile: matrix, atomically: true, encoding: .utf8)
        let variants = try standardError {
            result = try renderFrames(of: { StripesViewController() }, scenario: matrix, out: base + "/matrix", scale: 1, jobs: 1)
        }
        let lines = variants.split(separator: "\n").map(String.init)
        let folders = try XCTUnwrap(result?.frameFolders)
        XCTAssertEqual(folders.count, 2)
        XCTAssertEqual(lines.count, 4, variants)
        guard lines.count == 4, folders.count == 2 else { return }
        for (k, folder) in folders.enumerated() {
            XCTAssertTrue(folder.hasPrefix(base + "/matrix/"), folder)
            XCTAssertEqual(lines[2 * k], "variant \(folder.dropFirst(base.count + 8)): \(folder)")
            XCTAssertTrue(lines[2 * k + 1].hasPrefix("wrote 1 frame (") && lines[2 * k + 1].contains(" MB) to \(folder) in "), lines[2 * k + 1])
        }
    }
}

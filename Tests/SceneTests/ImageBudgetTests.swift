import Foundation
import XCTest
@testable import Raster
@testable import ScenarioFormat
@testable import Scene

/// The decoded-image budget (audit item 3): a file is decoded once whatever `imageScale` it is
/// listed with, the decoded images together stay within `--max-image-memory`, checked from each
/// file's header before it is decoded, and the system refusing memory is a message, not an abort.
final class ImageBudgetTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "image-budget-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

    /// A flat grey RGB PNG of `width` x `height`: a few kilobytes for millions of pixels.
    private func writeFlatPNG(_ name: String, width: Int, height: Int) throws {
        let row = [UInt8](repeating: 0, count: 1) + [UInt8](repeating: 128, count: width * 3)
        var raw: [UInt8] = []
        raw.reserveCapacity(row.count * height)
        for _ in 0..<height { raw += row }
        var png = PNGChunks.signature
        var ihdr: [UInt8] = []
        ihdr.appendBigEndian(UInt32(width)); ihdr.appendBigEndian(UInt32(height)); ihdr += [8, 2, 0, 0, 0]
        PNGChunks.append("IHDR", ihdr, to: &png)
        PNGChunks.append("IDAT", PNGEncoder.zlibCompress(raw), to: &png)
        PNGChunks.append("IEND", [UInt8](), to: &png)
        try Data(png).write(to: URL(fileURLWithPath: folder + "/" + name))
    }

    /// A collection whose grid lists `files` (each with its own `imageScale`).
    private func scenario(_ items: [(file: String, scale: Int)]) -> String {
        """
        effect: collection
        header: {height: 180, title: Budget}
        grid:
          itemSize: {width: 181, height: 240}
          items:
        \(items.map { "    - {image: \($0.file), imageScale: \($0.scale)}" }.joined(separator: "\n"))
        timeline: {keyframes: [{time: 0, offset: 0}, {time: 0.1, offset: 10}]}
        """
    }

    private func load(_ text: String, memory: Int) throws -> Scenario {
        try ScenarioLoader.parse(
            text, file: folder + "/s.yaml", baseDirectory: folder,
            imageLimits: ImageLimits(pixels: ImageDecoder.defaultPixelLimit, memory: memory))
    }

    /// 2000 x 1500 is 12 MB decoded: listed at four scales it fits a 20 MB budget, because it is
    /// decoded once and the four images share its pixels (before, each scale decoded it anew).
    func testAFileListedAtManyScalesIsDecodedOnce() throws {
        try writeFlatPNG("big.png", width: 2000, height: 1500)
        let scenario = try load(scenario([("big.png", 1), ("big.png", 2), ("big.png", 3), ("big.png", 4)]), memory: 20_000_000)
        guard case .grid(let grid) = scenario.screen.content else { return XCTFail("a grid") }
        let images = grid.items.compactMap(\.image)
        XCTAssertEqual(images.map(\.scale), [1, 2, 3, 4])
        XCTAssertEqual(Set(images.map(\.id)).count, 4, "one image a scale, for the renderer's caches")
        // One buffer of pixels behind all four.
        let addresses = Set(images.map { $0.pixmap.bytes.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) } })
        XCTAssertEqual(addresses.count, 1, "the four scales share one decoded copy")
    }

    /// The same file written three ways is one file: decoded once, counted once.
    func testAPathWrittenThreeWaysIsDecodedOnce() throws {
        try writeFlatPNG("big.png", width: 2000, height: 1500)
        try FileManager.default.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: true)
        XCTAssertNoThrow(try load(scenario([("big.png", 1), ("./big.png", 1), ("sub/../big.png", 2)]), memory: 20_000_000))
    }

    /// A 45-byte PNG whose IHDR claims 2^32-1 x 2^32-1: refused in words. Before, the budget check
    /// multiplied the sides, wrapped around, and the next product trapped ("arithmetic overflow").
    func testAHostileIHDRIsRefusedNotACrash() throws {
        var png = PNGChunks.signature
        var ihdr: [UInt8] = []
        ihdr.appendBigEndian(UInt32.max); ihdr.appendBigEndian(UInt32.max); ihdr += [8, 6, 0, 0, 0]
        PNGChunks.append("IHDR", ihdr, to: &png)
        PNGChunks.append("IEND", [UInt8](), to: &png)
        try Data(png).write(to: URL(fileURLWithPath: folder + "/evil.png"))
        XCTAssertThrowsError(try load(scenario([("evil.png", 1)]), memory: 20_000_000)) { error in
            XCTAssertTrue(
                "\(error)".contains(
                    "evil.png: corrupt PNG image: IHDR gives a size of 4294967295x4294967295, beyond PNG's "
                        + "2^31-1 limit; re-export the image"), "\(error)")
        }
    }

    /// Two different files of 12 MB each do not fit 20 MB: the second is refused from its header,
    /// at its field, with the sizes and the fix.
    func testTheBudgetCoversAllDecodedImages() throws {
        try writeFlatPNG("a.png", width: 2000, height: 1500)
        try writeFlatPNG("b.png", width: 2000, height: 1500)
        XCTAssertThrowsError(try load(scenario([("a.png", 1), ("b.png", 1)]), memory: 20_000_000)) { error in
            let text = "\(error)"
            XCTAssertTrue(
                text.contains(
                    "s.yaml:7:15: grid.items[1].image: \(self.folder)/b.png: decoding this 2000x1500 image takes 12.0 MB; "
                        + "with the 12.0 MB of images decoded before it that is over the budget of 20.0 MB for a render's images; "
                        + "scale images down, use fewer different images, or raise the budget with --max-image-memory"), text)
        }
        XCTAssertNoThrow(try load(scenario([("a.png", 1), ("b.png", 1)]), memory: 24_000_000))
    }

    /// A file far larger than any image within the pixel limit is refused before it is read.
    func testAnOversizedFileIsNotRead() throws {
        _ = FileManager.default.createFile(atPath: folder + "/huge.png", contents: Data(count: 2_000_000))
        XCTAssertThrowsError(try ImageDecoder.readFile(folder + "/huge.png", maxBytes: 1_000_000)) { error in
            XCTAssertEqual(
                "\(error)",
                "\(self.folder)/huge.png: the file is 2.0 MB, more than an image within --max-image-pixels can take; "
                    + "scale it down")
        }
    }

    /// What the system refuses is reported: a probe of more than the address space can hold.
    func testMemoryTheSystemRefusesIsAMessage() {
        XCTAssertThrowsError(try ImageDecoder.reserve(Int.max / 2, for: "x.png")) { error in
            XCTAssertTrue("\(error)".hasPrefix("x.png: not enough memory to decode this image"), "\(error)")
        }
        XCTAssertNoThrow(try ImageDecoder.reserve(1_000_000, for: "x.png"))
    }
}

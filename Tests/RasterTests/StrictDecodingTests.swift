import Foundation
import XCTest
@testable import Raster

/// Files libpng refuses are refused by both decoders alike, each with the problem named; a JPEG
/// whose data ends early is refused, a harmless warning is not. (Issue: "lenient fast path",
/// "truncated JPEGs render".)
final class StrictDecodingTests: XCTestCase {
    func rgb(_ patch: (inout [UInt8]) -> Void = { _ in }) -> [UInt8] {
        var png = PNGFactory.make(
            width: 4, height: 2, colorType: 2, bitDepth: 8, scanlines: Array(repeating: Array(repeating: 200, count: 12), count: 2))
        patch(&png)
        return png
    }

    /// Sets IHDR byte `index` (0: the first width byte) and fixes its CRC.
    func ihdr(_ index: Int, _ value: UInt8) -> [UInt8] {
        rgb { png in
            png[16 + index] = value
            let crc = PNGChunks.crc(png, from: 12, count: 17)
            for i in 0..<4 { png[29 + i] = UInt8((crc >> (24 - 8 * UInt32(i))) & 0xFF) }
        }
    }

    func refused(_ png: [UInt8], _ reason: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try ImageDecoder.decode(data: png, name: "x.png"), file: file, line: line) { error in
            XCTAssertEqual((error as? ImageError)?.description, "x.png: corrupt PNG image: \(reason); re-export the image", file: file, line: line)
        }
        XCTAssertNil(FastPNGDecoder.decode(png, pixelLimit: 1 << 20), "the fast path must not accept it either", file: file, line: line)
    }

    func testIHDRFieldsAreCheckedAndNamed() {
        XCTAssertNoThrow(try ImageDecoder.decode(data: rgb(), name: "x.png"))
        refused(ihdr(10, 1), "IHDR gives compression method 1; PNG has only 0 (deflate)")
        refused(ihdr(11, 1), "IHDR gives filter method 1; PNG has only 0")
        refused(ihdr(12, 2), "IHDR gives interlace method 2; PNG has 0 (none) and 1 (Adam7)")
        refused(ihdr(8, 4), "IHDR gives bit depth 4 for color type 2, which allows 8, 16")
        refused(ihdr(9, 5), "IHDR gives color type 5; PNG has 0 (grey), 2 (RGB), 3 (palette), 4 (grey + alpha) and 6 (RGBA)")
    }

    func testChunkOrderIsChecked() throws {
        // Rebuild the file from its chunks, with changes.
        let png = rgb()
        let chunks = try PNGChunks.walk(png).get()
        func build(_ body: (inout [UInt8], PNGChunks.Chunk) -> Void) -> [UInt8] {
            var out = PNGChunks.signature
            for c in chunks { body(&out, c) }
            return out
        }
        let idat = chunks.first { $0.type == "IDAT" }!
        let data = Array(png[idat.body])
        let split = build { out, c in
            if c.type == "IDAT" {
                PNGChunks.append("IDAT", data.prefix(5), to: &out)
                PNGChunks.append("tEXt", Array("Comment\0hi".utf8), to: &out)
                PNGChunks.append("IDAT", data.dropFirst(5), to: &out)
            } else {
                out += png[c.offset..<(c.body.upperBound + 4)]
            }
        }
        refused(split, "its IDAT chunks are not consecutive (tEXt at byte 50 comes between them)")
        let critical = build { out, c in
            if c.type == "IDAT" { PNGChunks.append("ABCD", [1, 2, 3], to: &out) }
            out += png[c.offset..<(c.body.upperBound + 4)]
        }
        refused(critical, "chunk ABCD at byte 33 is marked critical (upper-case first letter) and is not a PNG chunk")
        let noData = build { out, c in if c.type != "IDAT" { out += png[c.offset..<(c.body.upperBound + 4)] } }
        refused(noData, "it has no IDAT chunk, so no image data")
        // An unknown ancillary chunk (lower-case first letter) is fine.
        let ancillary = build { out, c in
            if c.type == "IDAT" { PNGChunks.append("abCd", [1], to: &out) }
            out += png[c.offset..<(c.body.upperBound + 4)]
        }
        XCTAssertNoThrow(try ImageDecoder.decode(data: ancillary, name: "x.png"))
    }

    func testAJPEGCutShortIsRefusedAndAHarmlessWarningIsNot() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Fixtures/images/rocket.jpg").path
        let whole = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let original = try ImageDecoder.decode(data: whole, name: "rocket.jpg")
        XCTAssertThrowsError(try ImageDecoder.decode(data: Array(whole.prefix(2000)), name: "cut.jpg")) { error in
            XCTAssertEqual(
                (error as? ImageError)?.description,
                "cut.jpg: corrupt JPEG image: its data ends after 2000 bytes, before the image is complete: the file was cut short; re-export the image"
            )
        }
        // All its pixels but no final EOI marker: decoded, not refused.
        XCTAssertEqual(try ImageDecoder.decode(data: Array(whole.dropLast(2)), name: "noeoi.jpg"), original)
        // Two stray bytes before the marker after the first segment: libjpeg warns "extraneous
        // bytes before marker" and loses nothing.
        let next = 4 + (Int(whole[4]) << 8 | Int(whole[5]))
        XCTAssertEqual(whole[next], 0xFF)
        let stray = Array(whole.prefix(next)) + [0x00, 0x00] + Array(whole.dropFirst(next))
        XCTAssertEqual(try ImageDecoder.decode(data: stray, name: "stray.jpg"), original)
    }
}

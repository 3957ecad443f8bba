import Foundation
import XCTest

@testable import Raster

/// `ImageDecoder.decodeReduced`: a PNG decoded and area-averaged row by row, never whole.
final class PNGReductionTests: XCTestCase {
    /// Edges, gradients and, when asked, alpha of every level.
    func picture(_ w: Int, _ h: Int, alpha: Bool) -> Pixmap {
        var straight = [UInt8](repeating: 0, count: w * h * 4)
        for y in 0..<h {
            for x in 0..<w {
                let i = 4 * (y * w + x)
                straight[i] = UInt8((x * 13) % 256)
                straight[i + 1] = UInt8((y * 29) % 256)
                straight[i + 2] = (x / 5 + y / 3) % 2 == 0 ? 0 : 255
                straight[i + 3] = alpha ? UInt8((x * 7 + y * 3) % 256) : 255
            }
        }
        return Pixmap(width: w, height: h, straightBytes: straight)
    }

    func written(_ p: Pixmap) throws -> String {
        let path = NSTemporaryDirectory() + "reduction-\(getpid())-\(p.width)x\(p.height).png"
        try Data(PNGEncoder().encode(p)).write(to: URL(fileURLWithPath: path))
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    /// Each output pixel the mean of the premultiplied source area it covers (fractional at the edges), in Double.
    func areaAverage(_ p: Pixmap, _ w: Int, _ h: Int) -> [Double] {
        let straight = p.straightBytes()
        let sx = Double(p.width) / Double(w), sy = Double(p.height) / Double(h)
        func overlap(_ i: Int, _ start: Double, _ end: Double) -> Double { max(0, min(end, Double(i + 1)) - max(start, Double(i))) }
        var out = [Double](repeating: 0, count: w * h * 4)
        for oy in 0..<h {
            for ox in 0..<w {
                for y in Int(Double(oy) * sy)..<min(p.height, Int((Double(oy + 1) * sy).rounded(.up))) {
                    let wy = overlap(y, Double(oy) * sy, Double(oy + 1) * sy)
                    for x in Int(Double(ox) * sx)..<min(p.width, Int((Double(ox + 1) * sx).rounded(.up))) {
                        let weight = wy * overlap(x, Double(ox) * sx, Double(ox + 1) * sx) / (sx * sy)
                        let i = 4 * (y * p.width + x), a = Double(straight[i + 3])
                        for k in 0..<3 { out[4 * (oy * w + ox) + k] += weight * Double(straight[i + k]) * a / 255 }
                        out[4 * (oy * w + ox) + 3] += weight * a
                    }
                }
            }
        }
        return out
    }

    func testReducesToTheAreaAverageWithinOneLevel() throws {
        for (alpha, source, target) in [
            (false, (90, 60), (30, 20)), (true, (100, 71), (33, 23)), (true, (50, 50), (1, 1)), (false, (64, 40), (63, 39)),
        ] {
            let p = picture(source.0, source.1, alpha: alpha)
            let reduced = try XCTUnwrap(
                ImageDecoder.decodeReduced(fileAt: try written(p), sourceWidth: p.width, sourceHeight: p.height, width: target.0, height: target.1))
            XCTAssertEqual([reduced.width, reduced.height], [target.0, target.1])
            let expected = areaAverage(p, target.0, target.1)
            var worst = 0.0
            for (i, v) in reduced.bytes.enumerated() { worst = max(worst, abs(Double(v) - expected[i])) }
            XCTAssertLessThanOrEqual(worst, 1.0, "\(source) -> \(target), alpha \(alpha)")
        }
    }

    func testOtherFilesAndSizesAreLeftToTheFullDecoder() throws {
        let path = try written(picture(40, 30, alpha: false))
        // Another size than the caller expects, an enlargement, a pixel limit, a missing file, not a PNG.
        XCTAssertNil(ImageDecoder.decodeReduced(fileAt: path, sourceWidth: 41, sourceHeight: 30, width: 20, height: 15))
        XCTAssertNil(ImageDecoder.decodeReduced(fileAt: path, sourceWidth: 40, sourceHeight: 30, width: 80, height: 60))
        XCTAssertNil(ImageDecoder.decodeReduced(fileAt: path, sourceWidth: 40, sourceHeight: 30, width: 20, height: 15, pixelLimit: 1000))
        XCTAssertNil(ImageDecoder.decodeReduced(fileAt: path + ".gone", sourceWidth: 40, sourceHeight: 30, width: 20, height: 15))
        let cut = NSTemporaryDirectory() + "reduction-cut-\(getpid()).png"
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: cut))
        defer { try? FileManager.default.removeItem(atPath: cut) }
        XCTAssertNil(ImageDecoder.decodeReduced(fileAt: cut, sourceWidth: 40, sourceHeight: 30, width: 20, height: 15))
        XCTAssertNotNil(ImageDecoder.decodeReduced(fileAt: path, sourceWidth: 40, sourceHeight: 30, width: 20, height: 15))
    }

    /// The libdeflate path (the files this tool writes) and libpng's row path give the same bytes,
    /// RGB and RGBA, one IDAT or several; a damaged file is refused by both.
    func testTheFastPathIsLibpngsBytes() throws {
        for (alpha, size, target) in [(false, (90, 61), (31, 20)), (true, (101, 73), (33, 23)), (true, (40, 30), (40, 30))] {
            let p = picture(size.0, size.1, alpha: alpha)
            let path = try written(p)
            let fast = ImageDecoder.decodeReduced(fileAt: path, sourceWidth: p.width, sourceHeight: p.height, width: target.0, height: target.1)
            let slow = ImageDecoder.decodeReduced(
                fileAt: path, sourceWidth: p.width, sourceHeight: p.height, width: target.0, height: target.1, libpngOnly: true)
            XCTAssertNotNil(fast)
            XCTAssertEqual(fast, slow, "\(size) -> \(target), alpha \(alpha)")
            // The same image data cut into IDAT chunks of 100 bytes.
            let data = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            let chunks = try PNGChunks.walk(data, checkCRC: true).get()
            var split = Array(data[0..<8])
            let idat = chunks.filter { $0.code == PNGChunks.Chunk.code("IDAT") }.flatMap { data[$0.body] }
            for chunk in chunks {
                if chunk.code == PNGChunks.Chunk.code("IDAT") {
                    if chunk.body.lowerBound == chunks.first(where: { $0.code == PNGChunks.Chunk.code("IDAT") })!.body.lowerBound {
                        for start in stride(from: 0, to: idat.count, by: 100) {
                            PNGChunks.append("IDAT", idat[start..<min(idat.count, start + 100)], to: &split)
                        }
                    }
                    continue
                }
                split += data[(chunk.body.lowerBound - 8)..<(chunk.body.upperBound + 4)]
            }
            let splitPath = path + ".split.png"
            try Data(split).write(to: URL(fileURLWithPath: splitPath))
            defer { try? FileManager.default.removeItem(atPath: splitPath) }
            XCTAssertEqual(
                ImageDecoder.decodeReduced(fileAt: splitPath, sourceWidth: p.width, sourceHeight: p.height, width: target.0, height: target.1),
                slow)
            // One image byte changed: the CRC no longer matches, and neither path gives pixels.
            var damaged = data
            damaged[chunks.first { $0.code == PNGChunks.Chunk.code("IDAT") }!.body.lowerBound + 5] ^= 0x40
            let damagedPath = path + ".damaged.png"
            try Data(damaged).write(to: URL(fileURLWithPath: damagedPath))
            defer { try? FileManager.default.removeItem(atPath: damagedPath) }
            XCTAssertNil(ImageDecoder.decodeReduced(fileAt: damagedPath, sourceWidth: p.width, sourceHeight: p.height, width: target.0, height: target.1))
        }
    }
}

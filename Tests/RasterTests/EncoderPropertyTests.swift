import XCTest
import CImageIO
@testable import Raster

/// The PNG encoder against decoders it shares no code with: random sizes and content (noise, flat
/// color, gradients, text-like rows, repeated rows, every kind of alpha), every compression
/// setting the CLI offers and every filter with both coders at random levels. Each file is read
/// three ways: libdeflate with our unfiltering (the fast path), libpng (zlib inside), and zlib's
/// own `uncompress` followed by the PNG specification's unfiltering written out below.
final class EncoderPropertyTests: XCTestCase {
    /// One random image: a few horizontal bands, each of one kind of content.
    private func randomImage(_ random: inout SplitMix) -> Pixmap {
        let width = random.int(1...160), height = random.int(1...90)
        let alphaKind = random.int(0...3) // 0 opaque, 1 random, 2 some clear, 3 all clear
        var straight = [UInt8](repeating: 0, count: width * height * 4)
        var y = 0
        while y < height {
            let band = min(height - y, random.int(1...24)), kind = random.int(0...4)
            let base = (0..<4).map { _ in random.byte() }
            for row in y..<(y + band) {
                for x in 0..<width {
                    let i = (row * width + x) * 4
                    for c in 0..<4 {
                        switch kind {
                        case 0: straight[i + c] = random.byte() // noise
                        case 1: straight[i + c] = base[c] // flat
                        case 2: straight[i + c] = UInt8(truncatingIfNeeded: Int(base[c]) + x * (c + 1) + row) // gradient
                        case 3: straight[i + c] = (x / 3 + row / 2) % 5 == 0 ? base[c] / 4 : 250 // text-like
                        default: straight[i + c] = row > 0 ? straight[i + c - width * 4] : base[c] // repeats the row above
                        }
                    }
                    switch alphaKind {
                    case 0: straight[i + 3] = 255
                    case 2: if (x + row) % 5 == 0 { straight[i + 3] = 0 } else { straight[i + 3] = 255 }
                    case 3: straight[i + 3] = 0
                    default: break
                    }
                }
            }
            y += band
        }
        return Pixmap(width: width, height: height, straightBytes: straight)
    }

    /// The IDAT data inflated by zlib and unfiltered as the PNG specification (section 9) says,
    /// as straight RGBA8.
    private func referenceDecode(_ png: [UInt8]) throws -> (width: Int, height: Int, straight: [UInt8]) {
        let walked = PNGChunks.walk(png, checkCRC: true)
        guard case .success(let chunks) = walked else {
            XCTFail("the encoder's chunks do not walk: \(walked)")
            throw CancellationError()
        }
        let ihdr = chunks[0].body.lowerBound
        let width = Int(PNGChunks.readUInt32(png, ihdr)), height = Int(PNGChunks.readUInt32(png, ihdr + 4))
        XCTAssertEqual(png[ihdr + 8], 8, "bit depth")
        let channels = png[ihdr + 9] == 6 ? 4 : 3
        let idat = chunks.filter { $0.type == "IDAT" }.flatMap { png[$0.body] }
        let stride = width * channels
        var raw = [UInt8](repeating: 0, count: (stride + 1) * height)
        var produced = raw.count
        let status = idat.withUnsafeBufferPointer { src in
            raw.withUnsafeMutableBufferPointer { rf_zlib_uncompress(src.baseAddress, src.count, $0.baseAddress, &produced) }
        }
        XCTAssertEqual(status, 0, "zlib inflates the stream")
        XCTAssertEqual(produced, raw.count, "zlib's inflated size")
        var rows = [[UInt8]](repeating: [UInt8](repeating: 0, count: stride), count: height)
        for y in 0..<height {
            let filter = raw[y * (stride + 1)]
            for i in 0..<stride {
                let x = Int(raw[y * (stride + 1) + 1 + i])
                let a = i >= channels ? Int(rows[y][i - channels]) : 0
                let b = y > 0 ? Int(rows[y - 1][i]) : 0
                let c = i >= channels && y > 0 ? Int(rows[y - 1][i - channels]) : 0
                let predicted: Int
                switch filter {
                case 0: predicted = 0
                case 1: predicted = a
                case 2: predicted = b
                case 3: predicted = (a + b) / 2
                case 4:
                    let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                    predicted = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
                default: XCTFail("row \(y) has filter type \(filter)"); predicted = 0
                }
                rows[y][i] = UInt8((x + predicted) & 0xFF)
            }
        }
        var straight: [UInt8] = []
        straight.reserveCapacity(width * height * 4)
        for row in rows {
            for x in 0..<width {
                let p = x * channels
                straight += [row[p], row[p + 1], row[p + 2], channels == 4 ? row[p + 3] : 255]
            }
        }
        return (width, height, straight)
    }

    /// The first pixel where two pixmaps differ, in words, or nil (a whole pixmap is too long to print).
    private func difference(_ decoded: Pixmap, _ expected: Pixmap) -> String? {
        guard decoded.width == expected.width, decoded.height == expected.height else {
            return "size \(decoded.width)x\(decoded.height), expected \(expected.width)x\(expected.height)"
        }
        guard let i = decoded.bytes.indices.first(where: { decoded.bytes[$0] != expected.bytes[$0] }) else { return nil }
        let p = i / 4
        return "pixel (\(p % expected.width), \(p / expected.width)) is \(Array(decoded.bytes[4 * p..<4 * p + 4])), "
            + "expected \(Array(expected.bytes[4 * p..<4 * p + 4]))"
    }

    func testEveryEncoderSettingDecodesExactlyWithThreeDecoders() throws {
        var random = SplitMix(seed: 2026)
        let presets: [PNGEncoder.Options] = [.fast, .balanced, .small]
        var files = 0
        for _ in 0..<40 {
            let image = randomImage(&random)
            let filters = PNGEncoder.Filter.allCases
            let drawn = (0..<2).map { _ in
                PNGEncoder.Options(
                    filter: filters[random.int(0...filters.count - 1)], level: random.int(0...12),
                    coder: random.byte() & 1 == 0 ? .rows : .libdeflate)
            }
            for options in presets + drawn {
                let what = "\(image.width)x\(image.height) with \(options)"
                let png = PNGEncoder(options: options).encode(image)
                files += 1
                XCTAssertEqual(png[25], image.isOpaque ? 2 : 6, "\(what): RGB when opaque, RGBA otherwise")
                let fast = try XCTUnwrap(FastPNGDecoder.decode(png, pixelLimit: 1 << 20), "\(what): the fast path refused it")
                XCTAssertNil(difference(fast, image), "\(what): libdeflate")
                XCTAssertNil(difference(try ImageDecoder.decodePNG(png, name: "p.png", pixelLimit: 1 << 20), image), "\(what): libpng")
                let reference = try referenceDecode(png)
                XCTAssertEqual(reference.width, image.width, what)
                XCTAssertEqual(reference.height, image.height, what)
                XCTAssertNil(
                    difference(Pixmap(width: image.width, height: image.height, straightBytes: reference.straight), image),
                    "\(what): zlib and the specification's unfiltering")
            }
        }
        XCTAssertEqual(files, 40 * 5)
    }

    /// The settings the CLI's --compression offers, by name, are the ones tested above.
    func testTheCLISettingsAreThePresets() {
        XCTAssertEqual(PNGEncoder.Options.fast, .init(filter: .up, level: 1, coder: .rows))
        XCTAssertEqual(PNGEncoder.Options.balanced, .init(filter: .paethOrFlat, level: 2, coder: .rows))
        XCTAssertEqual(PNGEncoder.Options.small, .init(filter: .bandSearch, level: 7, coder: .libdeflate))
    }
}

import XCTest
@testable import Raster

/// The default coder writes its own deflate stream: every file must decode exactly with both
/// libdeflate (our fast path) and zlib through libpng (what other tools use).
final class RowDeflaterTests: XCTestCase {
    private func bothDecoders(_ png: [UInt8], file: StaticString = #filePath, line: UInt = #line) throws -> (Pixmap, Pixmap) {
        let fast = try XCTUnwrap(FastPNGDecoder.decode(png, pixelLimit: 1 << 30), "libdeflate refused the stream", file: file, line: line)
        let zlib = try ImageDecoder.decodePNG(png, name: "rows.png", pixelLimit: 1 << 30)
        return (fast, zlib)
    }

    private func assertRoundTrip(_ image: Pixmap, _ what: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let png = PNGEncoder(options: .balanced).encode(image)
        let (fast, zlib) = try bothDecoders(png, file: file, line: line)
        XCTAssertEqual(fast, image, "\(what): libdeflate", file: file, line: line)
        XCTAssertEqual(zlib, image, "\(what): zlib", file: file, line: line)
        XCTAssertEqual(png, PNGEncoder(options: .balanced).encode(image), "\(what): same bytes twice", file: file, line: line)
    }

    /// A photo-like band (noise: Paeth rows, runs only), a text-like band (unfiltered rows, LZ77),
    /// flat rows and rows equal to the ones above, over many blocks.
    func testMixedFrameRoundTripsThroughBothDecoders() throws {
        var random = SplitMix(seed: 7)
        var image = Pixmap(width: 301, height: 700, fill: Color.white.premultiplied)
        for y in 0..<700 {
            for x in 0..<301 {
                switch y {
                case 0..<200: image[x, y] = Color(r: random.byte(), g: random.byte(), b: random.byte(), a: 255).premultiplied
                case 200..<400 where (x / 3 + y / 5) % 7 == 0: image[x, y] = Color(30, 30, 30).premultiplied
                case 400..<500: image[x, y] = Color(r: UInt8(x % 256), g: UInt8(y % 256), b: 9, a: 255).premultiplied
                case 600..<700: image[x, y] = Color(r: UInt8((x * y) % 256), g: random.byte() & 3, b: 200, a: 255).premultiplied
                default: break
                }
            }
        }
        try assertRoundTrip(image, "mixed")
        // The noise alone is over one block of tokens: several blocks.
        XCTAssertGreaterThan(200 * 301 * 3, RowDeflater.blockTokens)
    }

    /// Dense anti-aliased text: lines of glyphs from a small alphabet in a few greys on white. Few
    /// of its bytes equal their left neighbour, but it has few colors.
    private func denseText(width: Int = 600, height: Int = 400) -> Pixmap {
        var random = SplitMix(seed: 5)
        let inks: [UInt8] = [0, 40, 90, 140, 190, 230]
        let glyphs: [[UInt8]] = (0..<12).map { _ in
            (0..<(8 * 14)).map { _ -> UInt8 in random.byte() < 90 ? inks[Int(random.byte()) % 6] : 255 }
        }
        var image = Pixmap(width: width, height: height, fill: Color.white.premultiplied)
        for top in stride(from: 3, to: height - 20, by: 20) {
            for left in stride(from: 4, to: width - 9, by: 9) {
                let glyph = glyphs[Int(random.byte()) % 12]
                for y in 0..<14 { for x in 0..<8 { let v = glyph[y * 8 + x]; image[left + x, top + y] = Color(r: v, g: v, b: v).premultiplied } }
            }
        }
        return image
    }

    /// Text rows are left unfiltered and matched by LZ77 all along, also where a match from the
    /// row before runs into them: the default's file stays within 10 % of libdeflate's fastest
    /// level on the same rows (runs only there are 1.5x and more).
    func testTextFramesCompressLikeAGeneralDeflate() throws {
        let text = denseText()
        let ours = PNGEncoder(options: .balanced).encode(text)
        let general = PNGEncoder(options: PNGEncoder.Options(filter: .paethOrFlat, level: 1)).encode(text)
        XCTAssertLessThan(Double(ours.count), 1.1 * Double(general.count), "\(ours.count) against \(general.count) bytes")
        XCTAssertEqual(try bothDecoders(ours).1, text)
    }

    /// The row test behind the filter choice: dense text rows are not flat by neighbour equality
    /// but have few colors (unfiltered); smooth photo rows have many (Paeth).
    func testTextRowsAreToldFromPhotoRowsByTheirColors() {
        let text = denseText()
        let row = (0..<600).flatMap { x -> [UInt8] in
            let c = text[x, 10]; return [c.r, c.g, c.b]
        }
        XCTAssertFalse(PNGEncoder.isFlat(row, row.count, 3))
        XCTAssertTrue(PNGEncoder.fewColors(row, row.count))
        var random = SplitMix(seed: 9)
        var sky = [UInt8]()
        for x in 0..<600 {
            let noise = random.byte() & 15
            sky += [UInt8(10 + x / 40), UInt8(20 + x / 30), UInt8(60 + x / 20) &+ noise]
        }
        XCTAssertFalse(PNGEncoder.fewColors(sky, sky.count))
        var out = [UInt8](repeating: 0, count: row.count + 1), scratch = [UInt8](repeating: 0, count: 4 * row.count)
        let above = [UInt8](repeating: 255, count: row.count)
        PNGEncoder.filterRow(row, prev: above, count: row.count, bpp: 3, filter: .paethOrFlat, out: &out, scratch: &scratch)
        XCTAssertEqual(out[0], 0, "text row: unfiltered")
        PNGEncoder.filterRow(sky, prev: above, count: sky.count, bpp: 3, filter: .paethOrFlat, out: &out, scratch: &scratch)
        XCTAssertEqual(out[0], 4, "photo row: Paeth")
    }

    func testEdgeCases() throws {
        try assertRoundTrip(Pixmap(width: 1, height: 1, fill: Color(r: 1, g: 2, b: 3, a: 255).premultiplied), "1x1")
        try assertRoundTrip(Pixmap(width: 2000, height: 3, fill: Color(80, 80, 80).premultiplied), "runs past 258 bytes")
        var translucent = Pixmap(width: 40, height: 30, fill: Color(r: 200, g: 0, b: 0, a: 128).premultiplied)
        translucent[3, 3] = .clear
        try assertRoundTrip(translucent, "RGBA")
        // Rows longer than deflate's 32 KB window: the row above is out of reach.
        var wide = Pixmap(width: 11_000, height: 4, fill: Color.white.premultiplied)
        for x in stride(from: 0, to: 11_000, by: 5) { wide[x, 1] = Color(10, 10, 10).premultiplied; wide[x, 2] = Color(10, 10, 10).premultiplied }
        try assertRoundTrip(wide, "wide")
    }

    /// Length-limited codes: a Fibonacci-like distribution wants codes longer than 15 bits; the
    /// limited code is complete (Kraft sum exactly 1) and no code is longer than the limit.
    func testHuffmanCodesAreLimitedAndComplete() {
        var frequencies = [UInt32](repeating: 0, count: 30)
        var a: UInt32 = 1, b: UInt32 = 1
        for s in 0..<30 { frequencies[s] = a; (a, b) = (b, a &+ b) }
        for limit in [7, 15] {
            let code = frequencies.withUnsafeBufferPointer { HuffmanCode(frequencies: $0.baseAddress!, count: 30, maxBits: limit) }
            XCTAssertLessThanOrEqual(Int(code.lengths.max()!), limit)
            let kraft = code.lengths.reduce(0.0) { $0 + ($1 > 0 ? pow(2, -Double($1)) : 0) }
            XCTAssertEqual(kraft, 1, accuracy: 1e-12)
            // The most frequent symbol has the shortest code.
            XCTAssertEqual(code.lengths[29], code.lengths.filter { $0 > 0 }.min())
        }
    }

    /// Paeth sixteen bytes at a time equals the PNG spec's predictor byte by byte.
    func testVectorPaethEqualsTheSpec() {
        var random = SplitMix(seed: 3)
        let count = 3 * 101
        let row = (0..<count).map { _ in random.byte() }, prev = (0..<count).map { i in i % 5 == 0 ? 255 : random.byte() }
        var out = [UInt8](repeating: 0, count: count)
        PNGEncoder.paethOnly(row, prev, count, 3, &out)
        for i in 0..<count {
            let a = i >= 3 ? Int(row[i - 3]) : 0, b = Int(prev[i]), c = i >= 3 ? Int(prev[i - 3]) : 0
            XCTAssertEqual(out[i], row[i] &- UInt8(PNGEncoder.paethPredictor(a, b, c)), "byte \(i)")
        }
    }

    func testFlatRowEstimate() {
        let flat = [UInt8](repeating: 255, count: 300)
        XCTAssertTrue(PNGEncoder.isFlat(flat, 300, 3))
        var text = flat
        for i in stride(from: 0, to: 300, by: 30) { text[i] = 0 } // 10 of 297 differ, twice each
        XCTAssertTrue(PNGEncoder.isFlat(text, 300, 3))
        let ramp = (0..<300).map { UInt8($0 % 256) }
        XCTAssertFalse(PNGEncoder.isFlat(ramp, 300, 3))
    }
}

/// A seeded generator for test pixels.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func byte() -> UInt8 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return UInt8(truncatingIfNeeded: z ^ (z >> 31))
    }
    /// A whole number in `range`.
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        let wide = Int(byte()) << 16 | Int(byte()) << 8 | Int(byte())
        return range.lowerBound + wide % (range.count)
    }
}

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

    /// The runs matcher's C kernel gives the Swift loop's stream byte for byte: noise (literals),
    /// noise with runs of every length from 1 to 600 (shorter and longer than a match, across
    /// rows and the kernel's 32-byte steps), and rows filtered as the encoder filters them.
    func testRunsKernelAndSwiftLoopWriteTheSameStream() {
        var random = SplitMix(seed: 23)
        var rows: [(bytes: [UInt8], rowBytes: Int)] = []
        let rowBytes = 1 + 3 * 97
        var noisy = [UInt8](), runs = [UInt8]()
        for _ in 0..<60 { noisy += [4] + (0..<(rowBytes - 1)).map { _ in random.byte() } }
        var length = 1
        while runs.count < 300 * rowBytes {
            runs += [UInt8](repeating: random.byte() & 7, count: length) + [random.byte()]
            length = length % 600 + 1
        }
        runs = Array(runs[0..<(300 * rowBytes)])
        for r in 0..<300 { runs[r * rowBytes] = 1 } // any filter but NONE: the runs matcher
        rows += [(noisy, rowBytes), (runs, rowBytes)]
        let filtered = PNGEncoder(options: .balanced).filteredRows(denseText())
        rows.append((filtered.bytes, filtered.rowBytes))
        for (k, data) in rows.enumerated() {
            let kernel = RowDeflater(), swift = RowDeflater()
            swift.kernels = false
            let a = data.bytes.withUnsafeBufferPointer { Array(kernel.zlib($0.baseAddress!, count: $0.count, rowBytes: data.rowBytes)) }
            let b = data.bytes.withUnsafeBufferPointer { Array(swift.zlib($0.baseAddress!, count: $0.count, rowBytes: data.rowBytes)) }
            XCTAssertEqual(a, b, "input \(k)")
        }
    }

    /// The token writer's C kernel gives the Swift loop's stream byte for byte: photo-like noise
    /// (literals, four between flushes when the codes allow), rows of runs of every length to 258
    /// (near distances), and text rows matched by LZ77 one row up (far distances, over 512), in
    /// blocks of up to 64 K tokens.
    func testTokenKernelAndSwiftLoopWriteTheSameStream() {
        var random = SplitMix(seed: 31)
        let rowBytes = 1 + 3 * 97
        var noisy = [UInt8](), runs = [UInt8]()
        for _ in 0..<300 { noisy += [4] + (0..<(rowBytes - 1)).map { _ in random.byte() & (random.byte() < 20 ? 255 : 7) } }
        var length = 1
        while runs.count < 300 * rowBytes {
            runs += [UInt8](repeating: random.byte() & 7, count: length) + [random.byte()]
            length = length % 300 + 1
        }
        runs = Array(runs[0..<(300 * rowBytes)])
        for r in 0..<300 { runs[r * rowBytes] = 1 }
        let filtered = PNGEncoder(options: .balanced).filteredRows(denseText())
        let inputs: [(bytes: [UInt8], rowBytes: Int)] = [(noisy, rowBytes), (runs, rowBytes), (filtered.bytes, filtered.rowBytes)]
        XCTAssertGreaterThan(filtered.rowBytes, 512, "text rows a row apart are far distances")
        for (k, data) in inputs.enumerated() {
            let kernel = RowDeflater(), swift = RowDeflater()
            swift.tokenKernel = false
            let a = data.bytes.withUnsafeBufferPointer { Array(kernel.zlib($0.baseAddress!, count: $0.count, rowBytes: data.rowBytes)) }
            let b = data.bytes.withUnsafeBufferPointer { Array(swift.zlib($0.baseAddress!, count: $0.count, rowBytes: data.rowBytes)) }
            XCTAssertEqual(a, b, "input \(k)")
            XCTAssertGreaterThan(b.count, 100)
        }
    }

    /// The few-colours test's C kernel (eight pixels compared with their left neighbours at once)
    /// answers as the Swift loop, on rows of 0 to 900 pixels drawn from palettes of 1 to 400
    /// colours with 0-99 % of pixels repeating the one before (both answers occur often).
    func testFewColorsKernelAndSwiftLoopAgree() {
        var random = SplitMix(seed: 41)
        var few = 0
        for trial in 0..<2000 {
            let count = (Int(random.byte()) * 256 + Int(random.byte())) % 901 * 3
            let palette = 1 + (Int(random.byte()) << 8 | Int(random.byte())) % 400, repeatPercent = Int(random.byte()) % 100
            var row = [UInt8](repeating: 0, count: count)
            for i in stride(from: 0, to: count, by: 3) {
                if i >= 3 && Int(random.byte()) % 100 < repeatPercent {
                    for c in 0..<3 { row[i + c] = row[i + c - 3] }
                } else {
                    let color = UInt32((Int(random.byte()) << 8 | Int(random.byte())) % palette) &* 2_654_435_761
                    for c in 0..<3 { row[i + c] = UInt8(truncatingIfNeeded: color >> (8 * UInt32(c))) }
                }
            }
            let kernel = PNGEncoder.fewColors(row, count, kernels: true), swift = PNGEncoder.fewColors(row, count, kernels: false)
            XCTAssertEqual(kernel, swift, "trial \(trial), \(count / 3) pixels, \(palette) colours")
            if swift { few += 1 }
        }
        XCTAssertGreaterThan(few, 200)
        XCTAssertLessThan(few, 1800)
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

    /// The AVX2 kernel and the Swift loop give the same bytes as the spec's predictor, for RGB and
    /// RGBA rows whose bytes often tie (a, b and c drawn from four values) and rows of any length.
    func testPaethKernelAndSwiftLoopEqualTheSpec() {
        var random = SplitMix(seed: 11)
        let values: [UInt8] = [0, 1, 128, 255]
        for bpp in [3, 4] {
            for count in [bpp, bpp * 7, bpp * 11 + 32, bpp * 409] {
                for tied in [true, false] {
                    let draw = { tied ? values[Int(random.byte()) % 4] : random.byte() }
                    let row = (0..<count).map { _ in draw() }, prev = (0..<count).map { _ in draw() }
                    for kernels in [true, false] {
                        var out = [UInt8](repeating: 0, count: count)
                        PNGEncoder.paethOnly(row, prev, count, bpp, &out, kernels: kernels)
                        for i in 0..<count {
                            let a = i >= bpp ? Int(row[i - bpp]) : 0, b = Int(prev[i]), c = i >= bpp ? Int(prev[i - bpp]) : 0
                            XCTAssertEqual(out[i], row[i] &- UInt8(PNGEncoder.paethPredictor(a, b, c)), "bpp \(bpp), count \(count), kernels \(kernels), byte \(i)")
                        }
                    }
                }
            }
        }
    }

    /// RGBA to RGB by the AVX2 kernel and by the Swift loop: the same bytes, and the same answer
    /// to "every alpha 255", for every length up to 40 pixels and one pixel anywhere not opaque.
    func testPackRGBKernelAndSwiftLoopAgree() {
        var random = SplitMix(seed: 5)
        for count in 0...40 {
            for translucent in [-1] + Array(0..<count) {
                var rgba = (0..<(4 * count)).map { _ in random.byte() }
                for i in 0..<count { rgba[4 * i + 3] = i == translucent ? 254 : 255 }
                var results: [[UInt8]] = [], answers: [Bool] = []
                for kernels in [true, false] {
                    var rgb = [UInt8](repeating: 0, count: 3 * count + 1)
                    answers.append(rgba.withUnsafeBytes { PNGEncoder.packRGB($0.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!, count: count, into: &rgb, kernels: kernels) })
                    results.append(rgb)
                }
                let expected: [UInt8] = (0..<count).flatMap { Array(rgba[(4 * $0)..<(4 * $0 + 3)]) } + [0]
                XCTAssertEqual(results[0], expected, "count \(count), kernels")
                XCTAssertEqual(results[1], expected, "count \(count), Swift")
                XCTAssertEqual(answers, [translucent < 0, translucent < 0], "count \(count), pixel \(translucent) at alpha 254")
            }
        }
    }

    /// The AVX2 kernel and the Swift loop answer "flat" alike, for rows near the 7/8 threshold
    /// (each byte repeats the pixel to its left with a chance from 70 % to 100 %), RGB and RGBA.
    func testFlatKernelAndSwiftLoopAgree() {
        var random = SplitMix(seed: 17)
        var flats = 0
        for trial in 0..<2000 {
            let bpp = 3 + trial % 2, count = Int(random.byte()) * 3 + Int(random.byte() % 8)
            let repeatPercent = 70 + Int(random.byte()) % 31
            var row = [UInt8](repeating: 0, count: count)
            for i in 0..<count { row[i] = i >= bpp && Int(random.byte()) % 100 < repeatPercent ? row[i - bpp] : random.byte() }
            let kernel = PNGEncoder.isFlat(row, count, bpp, kernels: true), swift = PNGEncoder.isFlat(row, count, bpp, kernels: false)
            XCTAssertEqual(kernel, swift, "trial \(trial), \(count) bytes")
            if swift { flats += 1 }
        }
        // Both answers occur.
        XCTAssertGreaterThan(flats, 200)
        XCTAssertLessThan(flats, 1800)
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

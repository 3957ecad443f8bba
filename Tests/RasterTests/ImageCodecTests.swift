import XCTest
@testable import Raster

/// Builds small PNGs of every color type and bit depth by hand, so the decoder is checked
/// against known pixels (no external tool needed).
enum PNGFactory {
    /// `scanlines`: unfiltered rows, each already packed at the bit depth.
    static func make(
        width: Int, height: Int, colorType: UInt8, bitDepth: UInt8, scanlines: [[UInt8]],
        palette: [UInt8]? = nil, transparency: [UInt8]? = nil, gamma: UInt32? = nil,
        interlaced: Bool = false, rawData: [UInt8]? = nil
    ) -> [UInt8] {
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var ihdr = [UInt8]()
        ihdr.appendBigEndian(UInt32(width)); ihdr.appendBigEndian(UInt32(height))
        ihdr += [bitDepth, colorType, 0, 0, interlaced ? 1 : 0]
        PNGChunks.append("IHDR", ihdr, to: &png)
        if let gamma { var g = [UInt8](); g.appendBigEndian(gamma); PNGChunks.append("gAMA", g, to: &png) }
        if let palette { PNGChunks.append("PLTE", palette, to: &png) }
        if let transparency { PNGChunks.append("tRNS", transparency, to: &png) }
        let data = rawData ?? scanlines.flatMap { [0] + $0 }
        PNGChunks.append("IDAT", PNGEncoder.zlibCompress(data), to: &png)
        PNGChunks.append("IEND", [UInt8](), to: &png)
        return png
    }
}

final class ImageCodecTests: XCTestCase {
    func decode(_ bytes: [UInt8]) throws -> Pixmap { try ImageDecoder.decode(data: bytes, name: "test.png") }

    func testGrey1Bit() throws {
        let png = PNGFactory.make(width: 8, height: 1, colorType: 0, bitDepth: 1, scanlines: [[0b1010_0000]])
        let p = try decode(png)
        XCTAssertEqual((0..<4).map { p[$0, 0].r }, [255, 0, 255, 0])
        XCTAssertEqual(p[0, 0].a, 255)
    }

    func testGrey2And4Bit() throws {
        let g2 = try decode(PNGFactory.make(width: 4, height: 1, colorType: 0, bitDepth: 2, scanlines: [[0b00_01_10_11]]))
        XCTAssertEqual((0..<4).map { g2[$0, 0].g }, [0, 85, 170, 255])
        let g4 = try decode(PNGFactory.make(width: 2, height: 1, colorType: 0, bitDepth: 4, scanlines: [[0x0F]]))
        XCTAssertEqual([g4[0, 0].b, g4[1, 0].b], [0, 255])
    }

    func testGrey16BitWithoutGammaKeepsItsValues() throws {
        let p = try decode(PNGFactory.make(width: 2, height: 1, colorType: 0, bitDepth: 16, scanlines: [[0x80, 0x00, 0xFF, 0xFF]]))
        XCTAssertEqual(Int(p[0, 0].r), 128, accuracy: 1)
        XCTAssertEqual(p[1, 0].r, 255)
    }

    func testGrey16BitWithGammaIsConvertedToSRGB() throws {
        // gAMA 1.0 (100000): the values are linear light, so mid grey becomes sRGB ~188.
        let p = try decode(PNGFactory.make(width: 1, height: 1, colorType: 0, bitDepth: 16, scanlines: [[0x80, 0x00]], gamma: 100000))
        XCTAssertEqual(Int(p[0, 0].r), 188, accuracy: 2)
    }

    func testPaletteWithTransparency() throws {
        let palette: [UInt8] = [255, 0, 0, 0, 0, 255, 0, 255, 0]
        let p = try decode(
            PNGFactory.make(
                width: 3, height: 1, colorType: 3, bitDepth: 4, scanlines: [[0x01, 0x20]],
                palette: palette, transparency: [255, 0, 128]))
        XCTAssertEqual(p[0, 0], PremultipliedColor(r: 255, g: 0, b: 0, a: 255))
        XCTAssertEqual(p[1, 0].a, 0)
        XCTAssertEqual(p[2, 0].a, 128)
        XCTAssertEqual(p[2, 0].g, 128) // premultiplied green at alpha 128
    }

    func testRGBAndRGBA8And16() throws {
        let rgb = try decode(PNGFactory.make(width: 1, height: 1, colorType: 2, bitDepth: 8, scanlines: [[10, 20, 30]]))
        XCTAssertEqual(rgb[0, 0], PremultipliedColor(r: 10, g: 20, b: 30, a: 255))
        let rgba = try decode(PNGFactory.make(width: 1, height: 1, colorType: 6, bitDepth: 8, scanlines: [[200, 100, 50, 51]]))
        XCTAssertEqual(rgba[0, 0], Color(r: 200, g: 100, b: 50, a: 51).premultiplied)
        let rgba16 = try decode(
            PNGFactory.make(
                width: 1, height: 1, colorType: 6, bitDepth: 16,
                scanlines: [[0xFF, 0xFF, 0, 0, 0x80, 0x00, 0xFF, 0xFF]]))
        XCTAssertEqual(rgba16[0, 0].r, 255)
        XCTAssertEqual(rgba16[0, 0].g, 0)
        XCTAssertEqual(Int(rgba16[0, 0].b), 128, accuracy: 1)
        XCTAssertEqual(rgba16[0, 0].a, 255)
    }

    func testGreyAlpha() throws {
        let p = try decode(PNGFactory.make(width: 1, height: 1, colorType: 4, bitDepth: 8, scanlines: [[255, 0]]))
        XCTAssertEqual(p[0, 0], .clear)
    }

    func testInterlacedRGB() throws {
        // Adam7 over an 8x8 image whose pixel (x, y) is (8x, 8y, 100).
        let passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
        var data: [UInt8] = []
        for (x0, y0, dx, dy) in passes {
            for y in stride(from: y0, to: 8, by: dy) {
                data.append(0)
                for x in stride(from: x0, to: 8, by: dx) { data += [UInt8(8 * x), UInt8(8 * y), 100] }
            }
        }
        let p = try decode(PNGFactory.make(width: 8, height: 8, colorType: 2, bitDepth: 8, scanlines: [], interlaced: true, rawData: data))
        for y in 0..<8 { for x in 0..<8 { XCTAssertEqual(p[x, y], PremultipliedColor(r: UInt8(8 * x), g: UInt8(8 * y), b: 100, a: 255)) } }
    }

    func testBrokenFilesAreRefusedWithTheirName() {
        let good = PNGFactory.make(
            width: 4, height: 4, colorType: 2, bitDepth: 8, scanlines: Array(repeating: Array(repeating: 7, count: 12), count: 4))
        for cut in [20, 40, good.count - 13] {
            XCTAssertThrowsError(try ImageDecoder.decode(data: Array(good.prefix(cut)), name: "cut.png")) { error in
                XCTAssertTrue("\(error)".hasPrefix("cut.png: corrupt PNG image"), "\(error)")
            }
        }
        XCTAssertThrowsError(try ImageDecoder.decode(data: [1, 2, 3], name: "x.gif")) { error in
            XCTAssertEqual(error as? ImageError, .unknownFormat(path: "x.gif"))
        }
        XCTAssertThrowsError(try ImageDecoder.decode(fileAt: "/nonexistent/photo.png")) { error in
            XCTAssertTrue("\(error)".contains("/nonexistent/photo.png"))
        }
    }

    func testABadCRCIsRefusedEvenOnTheFastPath() {
        var png = PNGEncoder().encode(Pixmap(width: 8, height: 8, fill: Color(10, 20, 30).premultiplied))
        XCTAssertNoThrow(try decode(png))
        png[png.count - 13] ^= 0xFF // the last byte of IDAT's CRC
        XCTAssertThrowsError(try ImageDecoder.decode(data: png, name: "crc.png")) { error in
            XCTAssertTrue("\(error)".hasPrefix("crc.png: corrupt PNG image"), "\(error)")
        }
    }

    func testPixelLimitRefusesBeforeDecoding() {
        let png = PNGFactory.make(
            width: 100, height: 100, colorType: 0, bitDepth: 8, scanlines: Array(repeating: Array(repeating: 0, count: 100), count: 100))
        XCTAssertThrowsError(try ImageDecoder.decode(data: png, name: "big.png", pixelLimit: 9999)) { error in
            XCTAssertEqual(error as? ImageError, .tooLarge(path: "big.png", width: 100, height: 100, limit: 9999))
        }
    }

    func testJPEGDecodes() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Fixtures/images/rocket.jpg").path
        let p = try ImageDecoder.decode(fileAt: path)
        XCTAssertEqual(p.width, 640)
        XCTAssertEqual(p.height, 427)
        XCTAssertTrue(p.isOpaque)
    }

    func testEncoderRoundTripsEveryFilterOpaqueAndTranslucent() throws {
        var image = Pixmap(width: 37, height: 23)
        for y in 0..<23 {
            for x in 0..<37 { image[x, y] = Color(r: UInt8(x * 7 % 256), g: UInt8(y * 11 % 256), b: UInt8((x * y) % 256), a: 255).premultiplied }
        }
        var translucent = image
        translucent[3, 4] = Color(r: 200, g: 10, b: 10, a: 128).premultiplied
        translucent[5, 5] = .clear
        for filter in PNGEncoder.Filter.allCases {
            for source in [image, translucent] {
                let png = PNGEncoder(options: .init(filter: filter, level: 6)).encode(source)
                XCTAssertEqual(png[25], source.isOpaque ? 2 : 6, "color type: RGB when opaque, RGBA when not")
                XCTAssertEqual(try decode(png), source, "filter \(filter)")
            }
        }
    }

    /// Size first: bands where unfiltered rows deflate smaller are switched (here the text-like band);
    /// the pixels are exact and the file no larger than adaptiveFlat's.
    func testBandSearchKeepsPixelsAndSavesBytes() throws {
        var image = Pixmap(width: 200, height: 160, fill: Color.white.premultiplied)
        for y in 0..<160 {
            for x in 0..<200 {
                if y < 64, (x / 3 + y / 5) % 7 == 0 { image[x, y] = Color(30, 30, 30).premultiplied } // text-like
                if y >= 64 { image[x, y] = Color(r: UInt8((x * 5 + y * 3) % 256), g: UInt8((x ^ y) % 256), b: UInt8(y), a: 255).premultiplied }
            }
        }
        let band = PNGEncoder(options: .init(filter: .bandSearch, level: 7)).encode(image)
        let flat = PNGEncoder(options: .init(filter: .adaptiveFlat, level: 7)).encode(image)
        XCTAssertEqual(try decode(band), image)
        XCTAssertLessThanOrEqual(band.count, flat.count)
        XCTAssertEqual(PNGEncoder.Options.small.filter, .bandSearch)
    }
}

/// The report's JPEG thumbnails: they decode back to the picture, over white where it is clear.
final class JPEGEncoderTests: XCTestCase {
    func testAJPEGDecodesBackCloseToThePicture() throws {
        var c = Canvas(pixmap: Pixmap(width: 64, height: 48, fill: .clear))
        c.fill(.rect(Rect(x: 0, y: 0, width: 32, height: 48)), color: Color(r: 200, g: 40, b: 30))
        let bytes = try JPEGEncoder.encode(c.pixmap, quality: 90)
        XCTAssertEqual(Array(bytes.prefix(3)), [0xFF, 0xD8, 0xFF], "a JPEG")
        let back = try ImageDecoder.decode(data: bytes, name: "thumb.jpg")
        XCTAssertEqual(back.width, 64)
        XCTAssertEqual(back.height, 48)
        func near(_ p: PremultipliedColor, _ r: Int, _ g: Int, _ b: Int) -> Bool {
            abs(Int(p.r) - r) <= 8 && abs(Int(p.g) - g) <= 8 && abs(Int(p.b) - b) <= 8 && p.a == 255
        }
        XCTAssertTrue(near(back[8, 24], 200, 40, 30), "\(back[8, 24])")
        XCTAssertTrue(near(back[56, 24], 255, 255, 255), "clear pixels over white: \(back[56, 24])")
    }

    /// Noise does not compress: the output outgrows the encoder's first 64 KB buffer, which grows.
    func testALargeJPEGGrowsItsBuffer() throws {
        var state: UInt32 = 1
        let bytes = (0..<(400 * 300 * 4)).map { i -> UInt8 in
            if i % 4 == 3 { return 255 }
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(truncatingIfNeeded: state >> 24)
        }
        let noise = Pixmap(width: 400, height: 300, premultipliedBytes: bytes)
        let jpeg = try JPEGEncoder.encode(noise, quality: 95)
        XCTAssertGreaterThan(jpeg.count, 65536)
        XCTAssertEqual(Array(jpeg.suffix(2)), [0xFF, 0xD9], "whole: it ends with EOI")
        let back = try ImageDecoder.decode(data: jpeg, name: "noise.jpg")
        XCTAssertEqual(back.width, 400)
    }
}

/// Foundation's file errors in plain words.
final class FileProblemTests: XCTestCase {
    func testAWriteIntoAMissingFolderSaysThePathAndWhatToDo() {
        let path = NSTemporaryDirectory() + "no-such-folder-\(getpid())/frame.png"
        do {
            try Data([1]).write(to: URL(fileURLWithPath: path))
            XCTFail("the write cannot succeed")
        } catch {
            let text = FileProblem.describe(error)
            XCTAssertEqual(text, "\(path): does not exist (or a folder on its way is missing); check the path")
            XCTAssertFalse(text?.contains("Domain") ?? true)
        }
        XCTAssertNil(FileProblem.describe(NSError(domain: "SomeLibrary", code: 3)), "not about files")
    }
}

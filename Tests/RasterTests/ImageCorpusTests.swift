import Foundation
import XCTest
@testable import Raster

/// The decoder against Fixtures/images/corpus (written by scripts/make-image-corpus.py): every PNG
/// flavour decodes to the exact pixels, JPEGs to their source within a tolerance, and every
/// broken file is refused with a message naming the file, never a crash.
final class ImageCorpusTests: XCTestCase {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/images/corpus").path

    struct Manifest: Decodable {
        struct Good: Decodable { let file: String; let width: Int; let height: Int; let tolerance: Int; let what: String }
        struct JPEG: Decodable { let file: String; let source: String; let grey: Bool; let tolerance: Int }
        struct Broken: Decodable { let file: String; let expect: String; let what: String }
        let good: [Good]
        let jpeg: [JPEG]
        let broken: [Broken]
    }

    func manifest() throws -> Manifest {
        try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: URL(fileURLWithPath: Self.corpus + "/manifest.json")))
    }

    /// Straight RGBA of a premultiplied pixmap, as decoders report it (alpha 0 has no color).
    func straight(_ p: Pixmap) -> [UInt8] {
        var out = p.bytes
        for i in stride(from: 0, to: out.count, by: 4) {
            let a = Int(out[i + 3])
            for c in 0..<3 { out[i + c] = a == 0 ? 0 : UInt8(min(255, (Int(out[i + c]) * 255 + a / 2) / a)) }
        }
        return out
    }

    func testEveryPNGFlavourDecodesToItsPixels() throws {
        let m = try manifest()
        XCTAssertGreaterThanOrEqual(m.good.count, 40)
        for entry in m.good {
            let image = try ImageDecoder.decode(fileAt: Self.corpus + "/" + entry.file)
            XCTAssertEqual(image.width, entry.width, entry.file)
            XCTAssertEqual(image.height, entry.height, entry.file)
            let expectedStraight = [UInt8](
                try Data(
                    contentsOf: URL(
                        fileURLWithPath:
                            Self.corpus + "/expected/" + entry.file.replacingOccurrences(of: ".png", with: ".rgba"))))
            // Compare premultiplied: that is what the renderer uses, and it is exact for 8-bit files.
            let expected = Pixmap(width: entry.width, height: entry.height, straightBytes: expectedStraight)
            var worst = 0, at = 0
            for i in 0..<image.bytes.count {
                let d = abs(Int(image.bytes[i]) - Int(expected.bytes[i]))
                if d > worst { worst = d; at = i }
            }
            XCTAssertLessThanOrEqual(
                worst, entry.tolerance,
                "\(entry.file) (\(entry.what)): channel \(at % 4) of pixel "
                    + "(\(at / 4 % entry.width), \(at / 4 / entry.width)) is \(image.bytes[at]), expected \(expected.bytes[at])")
        }
    }

    func testJPEGsDecodeCloseToTheirSource() throws {
        let m = try manifest()
        XCTAssertEqual(m.jpeg.map(\.file).sorted(), ["baseline.jpg", "greyscale.jpg", "progressive.jpg"])
        for entry in m.jpeg {
            let image = try ImageDecoder.decode(fileAt: Self.corpus + "/" + entry.file)
            let source = try ImageDecoder.decode(fileAt: Self.corpus + "/" + entry.source)
            XCTAssertEqual(image.width, source.width, entry.file)
            XCTAssertEqual(image.height, source.height, entry.file)
            var total = 0, worst = 0
            for i in stride(from: 0, to: image.bytes.count, by: 4) {
                XCTAssertEqual(image.bytes[i + 3], 255, "\(entry.file): JPEG is opaque")
                if entry.grey {
                    XCTAssertEqual(image.bytes[i], image.bytes[i + 1], "\(entry.file): grey has R = G")
                    XCTAssertEqual(image.bytes[i], image.bytes[i + 2], "\(entry.file): grey has R = B")
                }
                let expected: [Int] = [Int(source.bytes[i]), Int(source.bytes[i + 1]), Int(source.bytes[i + 2])]
                for c in 0..<3 {
                    let d: Int = abs(Int(image.bytes[i + c]) - expected[c])
                    total += d
                    worst = max(worst, d)
                }
            }
            XCTAssertLessThanOrEqual(worst, entry.tolerance, "\(entry.file): worst channel difference")
            XCTAssertLessThan(Double(total) / Double(image.width * image.height * 3), 4, "\(entry.file): mean difference")
        }
    }

    func testBrokenFilesAreRefusedWithTheFileAndTheProblem() throws {
        let m = try manifest()
        XCTAssertGreaterThanOrEqual(m.broken.count, 15)
        for entry in m.broken {
            let path = Self.corpus + "/" + entry.file
            do {
                let image = try ImageDecoder.decode(fileAt: path)
                XCTFail("\(entry.file) (\(entry.what)) decoded as \(image.width)x\(image.height); it must be refused")
            } catch let error as ImageError {
                let message = error.description
                XCTAssertTrue(message.hasPrefix(path + ": "), "\(entry.file): the message names the file: \(message)")
                if !entry.expect.isEmpty {
                    XCTAssertTrue(message.contains(entry.expect), "\(entry.file) (\(entry.what)): \"\(message)\" lacks \"\(entry.expect)\"")
                }
                // A reason a person can act on: more than the bare file name.
                XCTAssertGreaterThan(message.count, path.count + 20, message)
            }
        }
    }

    func testThePixelLimitIsConfigurable() throws {
        let path = Self.corpus + "/rgba8.png"
        XCTAssertThrowsError(try ImageDecoder.decode(fileAt: path, pixelLimit: 19 * 13 - 1)) { error in
            XCTAssertEqual(error as? ImageError, .tooLarge(path: path, width: 19, height: 13, limit: 19 * 13 - 1))
        }
        XCTAssertNoThrow(try ImageDecoder.decode(fileAt: path, pixelLimit: 19 * 13))
    }
}

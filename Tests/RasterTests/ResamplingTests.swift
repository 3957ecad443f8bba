import XCTest
@testable import Raster

final class ResamplingTests: XCTestCase {
    func checkerboard(_ n: Int) -> Pixmap {
        var p = Pixmap(width: n, height: n)
        for y in 0..<n { for x in 0..<n { p[x, y] = (x + y) % 2 == 0 ? Color.white.premultiplied : Color.black.premultiplied } }
        return p
    }

    func testIdentityScaleCopiesExactly() {
        let source = checkerboard(8)
        XCTAssertEqual(Resampler.resize(source, width: 8, height: 8), source)
    }

    func testConstantImageStaysConstant() {
        let source = Pixmap(width: 7, height: 5, fill: Color(10, 200, 90).premultiplied)
        for (w, h) in [(3, 2), (20, 13), (7, 50)] {
            let out = Resampler.resize(source, width: w, height: h)
            for y in 0..<h { for x in 0..<w { XCTAssertEqual(out[x, y], source[0, 0]) } }
        }
    }

    func testShrinkingAOnePixelCheckerboardAveragesInsteadOfAliasing() {
        // Nearest-neighbour sampling at 1/4 would pick all white or all black; an area-aware
        // filter gives mid grey everywhere.
        let out = Resampler.resize(checkerboard(64), width: 16, height: 16)
        for y in 2..<14 {
            for x in 2..<14 {
                XCTAssertEqual(Double(out[x, y].r), 127.5, accuracy: 4, "pixel \(x),\(y)")
            }
        }
    }

    func testEnlargingAStepGivesAMonotoneRamp() {
        var source = Pixmap(width: 2, height: 1)
        source[0, 0] = Color.black.premultiplied
        source[1, 0] = Color.white.premultiplied
        let out = Resampler.resize(source, width: 8, height: 1, enlarge: .triangle)
        let values = (0..<8).map { Int(out[$0, 0].r) }
        XCTAssertEqual(values.first, 0)
        XCTAssertEqual(values.last, 255)
        XCTAssertEqual(values, values.sorted())
        XCTAssertEqual(values, [0, 0, 32, 96, 159, 223, 255, 255]) // bilinear of centre-aligned pixels
    }

    func testCatmullRomOvershootIsClampedAndPremultiplied() {
        var source = Pixmap(width: 4, height: 1)
        source[0, 0] = .clear; source[1, 0] = .clear
        source[2, 0] = Color.white.premultiplied; source[3, 0] = Color.white.premultiplied
        let out = Resampler.resize(source, width: 16, height: 1)
        for x in 0..<16 { XCTAssertLessThanOrEqual(out[x, 0].r, out[x, 0].a) }
    }

    func testContentModeRectangles() {
        let bounds = Rect(x: 0, y: 0, width: 393, height: 160)
        let image = Size(640, 427)
        let fill = ContentMode.aspectFill.rect(for: image, in: bounds)
        let s = max(393.0 / 640, 160.0 / 427)
        XCTAssertEqual(fill.width, 640 * s, accuracy: 1e-9)
        XCTAssertEqual(fill.height, 427 * s, accuracy: 1e-9)
        XCTAssertEqual(fill.midX, 196.5, accuracy: 1e-9)
        XCTAssertEqual(fill.midY, 80, accuracy: 1e-9)
        XCTAssertEqual(fill.minY, 80 - 427 * s / 2, accuracy: 1e-9)
        let fit = ContentMode.aspectFit.rect(for: image, in: bounds)
        XCTAssertEqual(fit.height, 160, accuracy: 1e-9)
        XCTAssertEqual(fit.width, 640 * 160 / 427, accuracy: 1e-9)
        XCTAssertEqual(ContentMode.scaleToFill.rect(for: image, in: bounds), bounds)
        // The unscaled modes: the image at its own size, centred or against an edge or a corner.
        let small = Size(20, 10), box = Rect(x: 10, y: 20, width: 100, height: 50)
        XCTAssertEqual(ContentMode.center.rect(for: small, in: box), Rect(x: 50, y: 40, width: 20, height: 10))
        XCTAssertEqual(ContentMode.top.rect(for: small, in: box), Rect(x: 50, y: 20, width: 20, height: 10))
        XCTAssertEqual(ContentMode.bottom.rect(for: small, in: box), Rect(x: 50, y: 60, width: 20, height: 10))
        XCTAssertEqual(ContentMode.left.rect(for: small, in: box), Rect(x: 10, y: 40, width: 20, height: 10))
        XCTAssertEqual(ContentMode.right.rect(for: small, in: box), Rect(x: 90, y: 40, width: 20, height: 10))
        XCTAssertEqual(ContentMode.topLeft.rect(for: small, in: box), Rect(x: 10, y: 20, width: 20, height: 10))
        XCTAssertEqual(ContentMode.bottomRight.rect(for: small, in: box), Rect(x: 90, y: 60, width: 20, height: 10))
        XCTAssertEqual(ContentMode.topRight.rect(for: Size(200, 100), in: box), Rect(x: -90, y: 20, width: 200, height: 100), "overflows")
    }

    func testGaussianBlurKeepsConstantsAndSpreadsAnImpulse() {
        let flat = Pixmap(width: 30, height: 30, fill: Color(50, 100, 150).premultiplied)
        XCTAssertEqual(GaussianBlur.apply(flat, sigma: 5), flat)
        var impulse = Pixmap(width: 61, height: 61, fill: Color.black.premultiplied)
        impulse[30, 30] = Color.white.premultiplied
        for sigma in [1.0, 4.0] {
            let out = GaussianBlur.apply(impulse, sigma: sigma)
            XCTAssertLessThan(out[30, 30].r, 255)
            XCTAssertEqual(out[30 - 3, 30].r, out[30 + 3, 30].r) // symmetric
            XCTAssertEqual(out[30, 30 - 2].r, out[30, 30 + 2].r)
            let total = (0..<61).flatMap { y in (0..<61).map { x in Int(out[x, y].r) } }.reduce(0, +)
            XCTAssertEqual(Double(total), 255, accuracy: 255 * 0.35) // energy roughly kept (8-bit rounding)
        }
    }

    /// The reduced-resolution blur (bars, glows) against the full one on hard-edged content: cards,
    /// stripes of text-like detail, a photo-like gradient.
    func testReducedBlurIsCloseToTheFullBlur() {
        var image = Pixmap(width: 360, height: 110, fill: Color.white.premultiplied)
        for y in 0..<110 {
            for x in 0..<360 {
                if x > 40 && x < 150 && y > 20 { image[x, y] = Color(255, 149, 0).premultiplied }
                if x >= 200 { image[x, y] = Color(x - 100, y * 2, 255 - y).premultiplied }
                if y % 9 < 2 && x % 13 < 7 && x < 200 { image[x, y] = Color(20, 20, 20).premultiplied }
            }
        }
        for sigma in [16.0, 30.0] {
            let full = GaussianBlur.apply(image, sigma: sigma), reduced = GaussianBlur.applyReduced(image, sigma: sigma)
            var worst = 0, total = 0
            for i in 0..<full.bytes.count {
                let d = abs(Int(full.bytes[i]) - Int(reduced.bytes[i]))
                worst = max(worst, d); total += d
            }
            // Worst where the edge repeats (a block's average at reduced resolution, a pixel at full).
            XCTAssertLessThanOrEqual(worst, 20, "sigma \(sigma): worst channel difference")
            XCTAssertLessThan(Double(total) / Double(full.bytes.count), 2, "sigma \(sigma): mean difference")
        }
        let flat = Pixmap(width: 90, height: 40, fill: Color(50, 100, 150).premultiplied)
        XCTAssertEqual(GaussianBlur.applyReduced(flat, sigma: 20), flat, "a flat color stays exactly itself")
        XCTAssertEqual(GaussianBlur.applyReduced(image, sigma: 5), GaussianBlur.apply(image, sigma: 5), "small sigmas: the full blur")
    }

    /// A premultiplied picture of random pixels (a fixed seed), some of them transparent.
    func noise(_ w: Int, _ h: Int, seed: UInt64) -> Pixmap {
        var state = seed
        var p = Pixmap(width: w, height: h)
        for y in 0..<h {
            for x in 0..<w {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let bits = UInt32(truncatingIfNeeded: state >> 32)
                let a = (bits & 7) == 0 ? UInt8(truncatingIfNeeded: bits >> 24) : 255
                func channel(_ shift: UInt32) -> UInt8 { UInt8(UInt32(UInt8(truncatingIfNeeded: bits >> shift)) * UInt32(a) / 255) }
                p[x, y] = PremultipliedColor(r: channel(0), g: channel(8), b: channel(16), a: a)
            }
        }
        return p
    }

    func testTheCKernelsGiveTheSwiftLoopsBytes() {
        // Enlarged and reduced on each axis, every filter, parts of the picture and parts of the
        // destination, sizes that are not multiples of four (the kernels' steps), and the last
        // pixels of the buffer (the horizontal kernel reads 16 bytes at a time).
        let filters: [ResamplingFilter] = [.box, .triangle, .catmullRom, .mitchell, .lanczos3]
        let cases: [(sw: Int, sh: Int, src: Rect, dst: Rect, region: PixelRect)] = [
            (5, 3, Rect(x: 0, y: 0, width: 5, height: 3), Rect(x: 0, y: 0, width: 41, height: 29), PixelRect(x: 0, y: 0, width: 41, height: 29)),
            (64, 48, Rect(x: 0, y: 0, width: 64, height: 48), Rect(x: 0, y: 0, width: 23, height: 17), PixelRect(x: 0, y: 0, width: 23, height: 17)),
            (37, 50, Rect(x: 3.5, y: 2.25, width: 30, height: 40), Rect(x: -7.3, y: 4.6, width: 91.2, height: 33.1), PixelRect(x: 0, y: 5, width: 83, height: 30)),
            (30, 31, Rect(x: 0, y: 0, width: 30, height: 31), Rect(x: 0.5, y: 0.25, width: 13, height: 70.5), PixelRect(x: 1, y: 3, width: 11, height: 63)),
            (1, 1, Rect(x: 0, y: 0, width: 1, height: 1), Rect(x: 0, y: 0, width: 6, height: 7), PixelRect(x: 0, y: 0, width: 6, height: 7)),
        ]
        for (n, c) in cases.enumerated() {
            let source = noise(c.sw, c.sh, seed: UInt64(n + 1))
            for enlarge in filters {
                for reduce in filters {
                    let kernels = Resampler.resample(source, sourceRect: c.src, to: c.dst, region: c.region, enlarge: enlarge, reduce: reduce, kernels: true)
                    let swift = Resampler.resample(source, sourceRect: c.src, to: c.dst, region: c.region, enlarge: enlarge, reduce: reduce, kernels: false)
                    XCTAssertEqual(kernels.bytes, swift.bytes, "case \(n), enlarge \(enlarge.name), reduce \(reduce.name)")
                }
            }
        }
    }
}

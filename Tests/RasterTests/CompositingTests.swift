import XCTest
@testable import Raster

final class CompositingTests: XCTestCase {
    /// The same bytes on every run: a linear congruential generator from `seed`, its high bits.
    static func seededBytes(_ seed: UInt64) -> () -> UInt8 {
        var state = seed
        return {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt8(truncatingIfNeeded: state >> 33)
        }
    }

    /// `count` coverage bytes (at least one) in runs of 1 to 9: of 0 and of 255 (whole groups of
    /// four now and then), and of single values between.
    static func coverageRuns(_ count: Int, _ next: () -> UInt8) -> [UInt8] {
        var coverage = [UInt8](repeating: 0, count: max(count, 1))
        var i = 0
        while i < count {
            let run = 1 + Int(next()) % 9
            let kind = Int(next()) % 3
            for j in i..<min(count, i + run) { coverage[j] = kind == 0 ? 0 : kind == 1 ? 255 : next() }
            i += run
        }
        return coverage
    }

    func testMul255IsExactOnAllPairs() {
        for a in 0...255 {
            for b in 0...255 {
                let expected = UInt8((Double(a * b) / 255).rounded())
                XCTAssertEqual(mul255(UInt8(a), UInt8(b)), expected, "\(a) * \(b) / 255")
            }
        }
    }

    func testSourceOverMatchesDoubleReference() {
        // Every source alpha and coverage factor on a grid of colors; the 8-bit result must be
        // within one step of the exact premultiplied formula.
        var worst = 0.0
        for sa in stride(from: 0, through: 255, by: 5) {
            for factor in stride(from: 0, through: 255, by: 15) {
                for dv in [0, 77, 200, 255] {
                    let sc = UInt8(sa * 3 / 5) // a premultiplied channel <= alpha
                    let src = PremultipliedColor(r: sc, g: UInt8(sa), b: 0, a: UInt8(sa))
                    let dst = PremultipliedColor(r: UInt8(dv), g: UInt8(dv), b: UInt8(dv), a: 255)
                    let out = sourceOver(src, onto: dst, factor: UInt8(factor))
                    let k = Double(factor) / 255
                    let s = Double(sc) * k, a = Double(sa) * k
                    let reference = s + Double(dv) * (1 - a / 255)
                    worst = max(worst, abs(Double(out.r) - reference))
                    XCTAssertLessThanOrEqual(out.r, out.a)
                }
            }
        }
        // Two roundings (the scaled source, then the destination term) can each be off by half.
        XCTAssertLessThan(worst, 1.5)
    }

    /// A translucent solid span is blended four pixels at a time: the same bytes as `sourceOver`
    /// pixel by pixel, over every alpha, on premultiplied destinations, tail pixels included.
    func testTranslucentSpanEqualsSourceOverPerPixel() {
        var state: UInt32 = 12345
        func next() -> UInt8 { state = state &* 1_664_525 &+ 1_013_904_223; return UInt8(truncatingIfNeeded: state >> 24) }
        let count = 23
        for alpha in 1...254 {
            let color = PremultipliedColor(r: UInt8(alpha / 2), g: UInt8(alpha), b: UInt8(alpha / 3), a: UInt8(alpha))
            var row = [UInt8]()
            for _ in 0..<count { let a = next(); row += [mul255(next(), a), mul255(next(), a), mul255(next(), a), a] }
            let expected = (0..<count).flatMap { i -> [UInt8] in
                let d = sourceOver(color, onto: PremultipliedColor(r: row[4 * i], g: row[4 * i + 1], b: row[4 * i + 2], a: row[4 * i + 3]))
                return [d.r, d.g, d.b, d.a]
            }
            row.withUnsafeMutableBufferPointer { Spans.fill($0.baseAddress!, count: count, color: color, coverage: nil) }
            XCTAssertEqual(row, expected, "alpha \(alpha)")
        }
    }

    func testOpaqueSourceReplacesAndClearSourceKeeps() {
        let dst = PremultipliedColor(r: 10, g: 20, b: 30, a: 255)
        XCTAssertEqual(sourceOver(PremultipliedColor(r: 1, g: 2, b: 3, a: 255), onto: dst), PremultipliedColor(r: 1, g: 2, b: 3, a: 255))
        XCTAssertEqual(sourceOver(.clear, onto: dst), dst)
    }

    func testCanvasFillHalfPixelEdgeIsHalfCovered() {
        var canvas = Canvas(pixmap: Pixmap(width: 4, height: 1, fill: Color.white.premultiplied))
        canvas.fill(.rect(Rect(x: 0, y: 0, width: 1.5, height: 1)), color: .black)
        XCTAssertEqual(canvas.pixmap[0, 0], PremultipliedColor(r: 0, g: 0, b: 0, a: 255))
        XCTAssertEqual(canvas.pixmap[1, 0].r, 127) // 255 * (1 - 0.5) with coverage 128
        XCTAssertEqual(canvas.pixmap[2, 0], Color.white.premultiplied)
    }

    /// The C kernel for a fill through coverage (`rf_fill_coverage`, SSE2) writes the bytes the
    /// Swift loop writes: every count from 1 to 40 (the four-pixel steps and their tails) and a
    /// frame's width, coverage runs of 0 and 255 and values between, opaque, translucent and
    /// clear colors, over premultiplied pixels.
    func testFillCoverageKernelAndSwiftLoopAgree() {
        let next = Self.seededBytes(0x9E37_79B9_7F4A_7C15)
        var compared = 0
        for count in Array(1...40) + [1179] {
            for trial in 0..<40 {
                let a = [255, 0, 128, next()][trial % 4]
                let color = PremultipliedColor(r: mul255(next(), a), g: mul255(next(), a), b: mul255(next(), a), a: a)
                var pixels = [UInt8](repeating: 0, count: 4 * count)
                for i in 0..<count {
                    let pa = [255, 0, next()][Int(next()) % 3]
                    pixels[4 * i] = mul255(next(), pa); pixels[4 * i + 1] = mul255(next(), pa)
                    pixels[4 * i + 2] = mul255(next(), pa); pixels[4 * i + 3] = pa
                }
                let coverage = Self.coverageRuns(count, next)
                var kernel = pixels, swift = pixels
                coverage.withUnsafeBufferPointer { cov in
                    kernel.withUnsafeMutableBufferPointer { Spans.fill($0.baseAddress!, count: count, color: color, coverage: cov.baseAddress!) }
                    swift.withUnsafeMutableBufferPointer { Spans.fillSwift($0.baseAddress!, count: count, color: color, coverage: cov.baseAddress!) }
                }
                XCTAssertEqual(kernel, swift, "count \(count), color \(color)")
                compared += count
            }
        }
        XCTAssertGreaterThan(compared, 40_000)
    }

    /// The C kernel for compositing a picture (`rf_composite`, SSE2) writes the bytes the Swift
    /// loop writes: with and without coverage, runs of opaque source pixels (copied), clear ones
    /// (kept; without coverage even with color bytes that are not premultiplied), translucent
    /// ones, every count from 1 to 40 and a frame's width.
    func testCompositeKernelAndSwiftLoopAgree() {
        let next = Self.seededBytes(0x2545_F491_4F6C_DD1D)
        var compared = 0
        for count in Array(1...40) + [1179] {
            for trial in 0..<40 {
                func pixels(_ alphas: [UInt8], loose: Bool = false) -> [UInt8] {
                    var out = [UInt8](repeating: 0, count: 4 * count)
                    var i = 0
                    while i < count {
                        let run = 1 + Int(next()) % 9
                        let a = alphas[Int(next()) % alphas.count]
                        for j in i..<min(count, i + run) {
                            let pa = a == 1 ? next() : a
                            // Now and then color under alpha 0: the kernel keeps the pixel as the loop does.
                            let limit = loose && pa == 0 && next() < 40 ? 255 : pa
                            out[4 * j] = mul255(next(), limit); out[4 * j + 1] = mul255(next(), limit)
                            out[4 * j + 2] = mul255(next(), limit); out[4 * j + 3] = pa
                        }
                        i += run
                    }
                    return out
                }
                let source = pixels([255, 255, 0, 1], loose: trial % 2 == 1)
                let destination = pixels([255, 0, 1])
                let coverage = Self.coverageRuns(count, next)
                var kernel = destination, swift = destination
                source.withUnsafeBufferPointer { src in
                    coverage.withUnsafeBufferPointer { cov in
                        let c = trial % 2 == 0 ? cov.baseAddress! : nil
                        kernel.withUnsafeMutableBufferPointer { Spans.composite($0.baseAddress!, src.baseAddress!, count: count, coverage: c) }
                        swift.withUnsafeMutableBufferPointer { Spans.compositeSwift($0.baseAddress!, src.baseAddress!, count: count, coverage: c) }
                    }
                }
                XCTAssertEqual(kernel, swift, "count \(count), trial \(trial)")
                compared += count
            }
        }
        XCTAssertGreaterThan(compared, 40_000)
    }

    /// Drawing at a step before an occluder's leaves alone the rows the occluder covers from side
    /// to side (they would be overwritten); at the occluder's own step, or where it is narrower
    /// than what is drawn, every row is drawn.
    func testDrawingSkipsRowsALaterOccluderCoversAcross() {
        let red = Color(255, 0, 0)
        var canvas = Canvas(pixmap: Pixmap(width: 10, height: 10))
        canvas.occluders = [Occluder(step: 2, rect: PixelRect(x: 0, y: 3, width: 10, height: 4))]
        canvas.step = 1
        canvas.fill(.rect(Rect(x: 0, y: 0, width: 10, height: 10)), color: red)
        for y in 0..<10 {
            XCTAssertEqual(canvas.pixmap[5, y].a, (3..<7).contains(y) ? 0 : 255, "row \(y)")
        }
        // A fill wider than the occluder draws its rows in full.
        canvas.occluders = [Occluder(step: 2, rect: PixelRect(x: 1, y: 3, width: 9, height: 4))]
        canvas.fill(.rect(Rect(x: 0, y: 0, width: 10, height: 10)), color: red)
        XCTAssertEqual(canvas.pixmap[5, 4].a, 255)
        // At the occluder's own step nothing is skipped; a glyph mask and a picture skip too.
        var later = Canvas(pixmap: Pixmap(width: 4, height: 4))
        later.occluders = [Occluder(step: 1, rect: PixelRect(x: 0, y: 0, width: 4, height: 2))]
        later.fill(mask: AlphaMask(width: 4, height: 4, bytes: [UInt8](repeating: 255, count: 16)), atX: 0, y: 0, color: red)
        XCTAssertEqual([0, 1, 2, 3].map { later.pixmap[0, $0].a }, [0, 0, 255, 255])
        later.draw(Pixmap(width: 4, height: 4, fill: Color.white.premultiplied), atX: 0, y: 0)
        XCTAssertEqual([0, 1, 2, 3].map { later.pixmap[0, $0].r }, [0, 0, 255, 255])
        later.step = 1
        later.fill(.rect(Rect(x: 0, y: 0, width: 4, height: 4)), color: red)
        XCTAssertEqual([0, 1, 2, 3].map { later.pixmap[0, $0] }, Array(repeating: red.premultiplied, count: 4))
        // Clearing stores the color everywhere but under the occluder.
        var cleared = Canvas(pixmap: Pixmap(width: 3, height: 3, fill: Color.white.premultiplied))
        cleared.occluders = [Occluder(step: 1, rect: PixelRect(x: 0, y: 1, width: 3, height: 1))]
        cleared.clear(to: .clear)
        XCTAssertEqual([0, 1, 2].map { cleared.pixmap[2, $0].a }, [0, 255, 0])
    }

    /// The pixels a fill replaces whatever they held: a plain rectangle's inner pixels, opaque,
    /// inside every clip; anything else (translucent, rounded, partly clipped by a curve) has none.
    func testOpaqueRegionIsAnOpaqueRectanglesInnerPixelsWithinTheClips() {
        var canvas = Canvas(pixmap: Pixmap(width: 20, height: 20))
        let rect = Shape.rect(Rect(x: 0.5, y: 1, width: 5, height: 4.5))
        XCTAssertEqual(canvas.opaqueRegion(of: rect, color: .black), PixelRect(x: 1, y: 1, width: 4, height: 4))
        XCTAssertNil(canvas.opaqueRegion(of: rect, color: .black, opacity: 0.5))
        XCTAssertNil(canvas.opaqueRegion(of: rect, color: Color(r: 0, g: 0, b: 0, a: 254)))
        XCTAssertNil(canvas.opaqueRegion(of: .roundedRect(Rect(x: 0, y: 0, width: 8, height: 8), radius: 2), color: .black))
        XCTAssertNil(canvas.opaqueRegion(of: .rect(Rect(x: 0.2, y: 0, width: 0.6, height: 8)), color: .black), "no whole pixel")
        canvas.pushClip(.rect(Rect(x: 2, y: 0, width: 20, height: 3)))
        XCTAssertEqual(canvas.opaqueRegion(of: rect, color: .black), PixelRect(x: 2, y: 1, width: 3, height: 2))
        canvas.pushClip(.circle(center: Point(3, 2), radius: 1.5))
        XCTAssertNil(canvas.opaqueRegion(of: rect, color: .black), "a curved clip cuts the rectangle's pixels")
        // A canvas of clips only has the same clip bounds and draws nothing.
        var plan = Canvas(clipsOnly: PixelRect(x: 0, y: 0, width: 20, height: 20))
        XCTAssertEqual(plan.clipBounds, PixelRect(x: 0, y: 0, width: 20, height: 20))
        plan.fill(rect, color: .black)
        XCTAssertEqual(plan.pixmap.bytes.count, 0)
    }

    func testClipRestrictsDrawing() {
        var canvas = Canvas(pixmap: Pixmap(width: 10, height: 10))
        canvas.pushClip(.rect(Rect(x: 2, y: 2, width: 3, height: 3)))
        canvas.fill(.rect(Rect(x: 0, y: 0, width: 10, height: 10)), color: .black)
        canvas.popClip()
        var covered = 0
        for y in 0..<10 { for x in 0..<10 where canvas.pixmap[x, y].a == 255 { covered += 1 } }
        XCTAssertEqual(covered, 9)
        XCTAssertEqual(canvas.pixmap[1, 1].a, 0)
    }

    func testCircleCoverageMatchesArea() {
        var canvas = Canvas(pixmap: Pixmap(width: 40, height: 40))
        canvas.fill(.circle(center: Point(20, 20), radius: 15), color: .black)
        let area = canvas.pixmap.bytes.enumerated().filter { $0.offset % 4 == 3 }.reduce(0.0) { $0 + Double($1.element) / 255 }
        XCTAssertEqual(area, Double.pi * 225, accuracy: Double.pi * 225 * 0.01)
    }

    func testInsideBorderCoversOnlyTheBand() {
        var canvas = Canvas(pixmap: Pixmap(width: 20, height: 20))
        canvas.fill(.border(Rect(x: 0, y: 0, width: 20, height: 20), radius: 0, width: 3), color: .black)
        XCTAssertEqual(canvas.pixmap[0, 10].a, 255)
        XCTAssertEqual(canvas.pixmap[2, 10].a, 255)
        XCTAssertEqual(canvas.pixmap[3, 10].a, 0)
        XCTAssertEqual(canvas.pixmap[10, 10].a, 0)
    }

    func testOpacityScalesSource() {
        var canvas = Canvas(pixmap: Pixmap(width: 1, height: 1, fill: Color.white.premultiplied))
        canvas.fill(.rect(Rect(x: 0, y: 0, width: 1, height: 1)), color: .black, opacity: 0.5)
        XCTAssertEqual(canvas.pixmap[0, 0].r, 127)
    }
}

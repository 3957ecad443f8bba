import XCTest
@testable import Raster

final class CompositingTests: XCTestCase {
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

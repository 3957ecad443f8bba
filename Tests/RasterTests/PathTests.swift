import XCTest
@testable import Raster

/// Paths (CGPath's elements), their fill by the nonzero and even-odd rules, the stroker's caps and
/// joins, and rectangles rounded on some corners only (CACornerMask).
final class PathTests: XCTestCase {
    /// The coverage of a shape over a `w` x `h` pixmap, in 0...255 (white filled on clear).
    func coverage(_ shape: Shape, _ w: Int = 40, _ h: Int = 40) -> Pixmap {
        var canvas = Canvas(pixmap: Pixmap(width: w, height: h))
        canvas.fill(shape, color: .white)
        return canvas.pixmap
    }

    func total(_ p: Pixmap) -> Double { (0..<p.height).reduce(0.0) { s, y in (0..<p.width).reduce(s) { $0 + Double(p[$1, y].a) / 255 } } }

    func testMaskedCornersRoundOnlyThoseCorners() {
        let r = Rect(x: 0, y: 0, width: 40, height: 40)
        let top = coverage(.rounded(r, radius: 12, corners: [.minXMinY, .maxXMinY]))
        XCTAssertEqual(top[0, 0].a, 0, "top-left rounded")
        XCTAssertEqual(top[39, 0].a, 0, "top-right rounded")
        XCTAssertEqual(top[0, 39].a, 255, "bottom-left square")
        XCTAssertEqual(top[39, 39].a, 255, "bottom-right square")
        let one = coverage(.rounded(r, radius: 12, corners: .maxXMaxY))
        XCTAssertEqual(one[39, 39].a, 0)
        XCTAssertEqual([one[0, 0].a, one[39, 0].a, one[0, 39].a], [255, 255, 255])
        // All four: the plain rounded rectangle, the same pixels.
        XCTAssertEqual(coverage(.rounded(r, radius: 12, corners: .all)).bytes, coverage(.roundedRect(r, radius: 12)).bytes)
        // A border follows the same corners: the band is square at the bottom, round at the top.
        let band = coverage(.roundedBorder(r, radius: 12, width: 3, corners: [.minXMinY, .maxXMinY]))
        XCTAssertEqual(band[0, 39].a, 255)
        XCTAssertEqual(band[0, 0].a, 0)
        XCTAssertEqual(band[20, 20].a, 0, "inside the band")
    }

    func testAFilledPathCoversItsArea() {
        // A circle of radius 15: area π·225 pixels within half a percent.
        let circle = coverage(.fill(.ellipse(in: Rect(x: 5, y: 5, width: 30, height: 30))))
        XCTAssertEqual(total(circle), Double.pi * 225, accuracy: Double.pi * 225 * 0.005)
        XCTAssertEqual(circle[20, 20].a, 255)
        XCTAssertEqual(circle[6, 6].a, 0)
        // A rectangle on half pixels: exact area (the edges' coverage is exact horizontally, in 16ths vertically).
        let rect = coverage(.fill(.rect(Rect(x: 2.5, y: 3, width: 10, height: 5))))
        XCTAssertEqual(total(rect), 50, accuracy: 0.1)
        XCTAssertEqual(rect[2, 4].a, 128, accuracy: 1)
    }

    func testEvenOddLeavesAHoleWhereNonzeroFills() {
        var p = Path.rect(Rect(x: 0, y: 0, width: 40, height: 40))
        p.addPath(.rect(Rect(x: 10, y: 10, width: 20, height: 20))) // the same direction
        XCTAssertEqual(coverage(.fill(p))[20, 20].a, 255)
        XCTAssertEqual(coverage(.fill(p, evenOdd: true))[20, 20].a, 0)
        XCTAssertEqual(coverage(.fill(p, evenOdd: true))[5, 5].a, 255)
    }

    func testStrokeCapsAndWidth() {
        var line = Path()
        line.move(to: Point(10, 20))
        line.addLine(to: Point(30, 20))
        let butt = coverage(.stroke(line, style: StrokeStyle(width: 4)))
        XCTAssertEqual(total(butt), 80, accuracy: 0.2, "20 long, 4 wide")
        XCTAssertEqual(butt[20, 18].a, 255)
        XCTAssertEqual(butt[20, 22].a, 0)
        XCTAssertEqual(butt[9, 20].a, 0, "a butt cap ends at the point")
        let square = coverage(.stroke(line, style: StrokeStyle(width: 4, cap: .square)))
        XCTAssertEqual(total(square), 96, accuracy: 0.2, "each end 2 longer")
        let round = coverage(.stroke(line, style: StrokeStyle(width: 4, cap: .round)))
        XCTAssertEqual(total(round), 80 + Double.pi * 4, accuracy: 0.6, "two half discs")
        // Overlapping pieces are not drawn twice: a closed square's corners stay fully opaque, not more.
        let frame = coverage(.stroke(.rect(Rect(x: 10, y: 10, width: 20, height: 20)), style: StrokeStyle(width: 4)))
        XCTAssertEqual(total(frame), 24 * 24 - 16 * 16, accuracy: 0.5)
        XCTAssertEqual(frame[20, 20].a, 0)
    }

    func testMiterLimitBevelsASharpJoin() {
        // A spike: the segments meet at about 10°, whose miter is 11.5 widths long.
        var spike = Path()
        spike.move(to: Point(5, 35))
        spike.addLine(to: Point(20, 5)) // going up
        spike.addLine(to: Point(11, 35))
        let mitered = coverage(.stroke(spike, style: StrokeStyle(width: 2, join: .miter, miterLimit: 12)), 40, 40)
        let beveled = coverage(.stroke(spike, style: StrokeStyle(width: 2, join: .miter, miterLimit: 11)), 40, 40)
        XCTAssertGreaterThan(total(mitered), total(beveled) + 3, "the miter's point reaches above the join")
        XCTAssertEqual(beveled[20, 0].a, 0)
    }

    func testArcGoesTheAskedWay() {
        // Clockwise on screen (y down) from the right (0) to the bottom (π/2): a quarter in the lower right.
        var arc = Path()
        arc.addArc(center: Point(20, 20), radius: 15, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        let cw = coverage(.stroke(arc, style: StrokeStyle(width: 2)))
        XCTAssertGreaterThan(cw[30, 30].a, 100)
        XCTAssertEqual(cw[10, 10].a, 0)
        var other = Path()
        other.addArc(center: Point(20, 20), radius: 15, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        let ccw = coverage(.stroke(other, style: StrokeStyle(width: 2)))
        XCTAssertEqual(ccw[30, 30].a, 0)
        XCTAssertGreaterThan(ccw[9, 9].a, 100, "three quarters, through the upper left")
    }
}

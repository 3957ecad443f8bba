import XCTest
@testable import Raster

/// Outlines of lines and cubics filled by area coverage (PathFill.swift).
final class PathFillTests: XCTestCase {
    func fill(_ elements: [Path.Element], width: Int = 40, height: Int = 40, transform: Transform = .identity) -> Pixmap {
        var canvas = Canvas(pixmap: Pixmap(width: width, height: height))
        canvas.fill(.path(PathFill(Path(elements)).applying(transform)), color: .black)
        return canvas.pixmap
    }

    func alphaSum(_ p: Pixmap) -> Double { stride(from: 3, to: p.bytes.count, by: 4).reduce(0) { $0 + Double(p.bytes[$1]) } / 255 }

    func square(_ x: Double, _ y: Double, _ s: Double, clockwise: Bool = true) -> [Path.Element] {
        let pts = [Point(x, y), Point(x + s, y), Point(x + s, y + s), Point(x, y + s)]
        let order = clockwise ? pts : pts.reversed()
        return [.move(order[0]), .line(order[1]), .line(order[2]), .line(order[3]), .close]
    }

    /// A circle of four cubics (the usual 0.5523 handle length) centred at c.
    func circle(_ c: Point, _ r: Double, clockwise: Bool = true) -> [Path.Element] {
        let k = 0.552284749831 * r
        let s: Double = clockwise ? 1 : -1
        return [
            .move(Point(c.x + r, c.y)),
            .cubic(Point(c.x + r, c.y + s * k), Point(c.x + k, c.y + s * r), Point(c.x, c.y + s * r)),
            .cubic(Point(c.x - k, c.y + s * r), Point(c.x - r, c.y + s * k), Point(c.x - r, c.y)),
            .cubic(Point(c.x - r, c.y - s * k), Point(c.x - k, c.y - s * r), Point(c.x, c.y - s * r)),
            .cubic(Point(c.x + k, c.y - s * r), Point(c.x + r, c.y - s * k), Point(c.x + r, c.y)),
            .close,
        ]
    }

    func testSquareCoverageIsExactArea() {
        // Edges at fractional positions: the area is 10.5 x 10.5 pixels, both windings alike.
        let a = fill(square(5.25, 7.75, 10.5))
        let b = fill(square(5.25, 7.75, 10.5, clockwise: false))
        XCTAssertEqual(alphaSum(a), 110.25, accuracy: 0.3)
        XCTAssertEqual(a, b)
        XCTAssertEqual(a.bytes[(10 * 40 + 10) * 4 + 3], 255)
        XCTAssertEqual(a.bytes[(10 * 40 + 5) * 4 + 3], 191) // three quarters of the pixel
        XCTAssertEqual(a.bytes[(10 * 40 + 4) * 4 + 3], 0)
    }

    func testCircleOfCubicsAndAHoleWoundTheOtherWay() {
        let disc = fill(circle(Point(20, 20), 15))
        XCTAssertEqual(alphaSum(disc), Double.pi * 225, accuracy: 1.5)
        let ring = fill(circle(Point(20, 20), 15) + circle(Point(20, 20), 8, clockwise: false))
        XCTAssertEqual(alphaSum(ring), Double.pi * (225 - 64), accuracy: 1.5)
        XCTAssertEqual(ring.bytes[(20 * 40 + 20) * 4 + 3], 0)
        // Two overlapping contours wound the same way fill once (nonzero), not twice.
        let overlap = fill(square(5, 5, 10) + square(5, 5, 10))
        XCTAssertEqual(alphaSum(overlap), 100, accuracy: 0.01)
    }

    func testApplyingFlattensAgainAtTheNewScale() {
        // A unit-sized circle scaled 30 times stays round: its area is the scaled circle's.
        let big = fill(circle(Point(0.66, 0.66), 0.5), width: 40, height: 40, transform: .scale(30, 30))
        XCTAssertEqual(alphaSum(big), Double.pi * 225, accuracy: 1.5)
        // Outlines partly left of or above the canvas still fill the part inside it.
        let clipped = fill(square(-10, -10, 20))
        XCTAssertEqual(alphaSum(clipped), 100, accuracy: 0.01)
    }

    /// A span of the row sees the same coverage as the whole row: segments left of it count in
    /// full, those right of it not at all, whatever the outline's width.
    func testASpanOfARowMatchesTheWholeRow() {
        let shape = Shape.path(PathFill(Path(circle(Point(40, 20), 18) + circle(Point(40, 20), 9, clockwise: false))))
        var whole = Canvas(pixmap: Pixmap(width: 80, height: 40))
        whole.fill(shape, color: .black)
        var part = Canvas(pixmap: Pixmap(width: 20, height: 40), originX: 30)
        part.fill(shape, color: .black)
        for y in 0..<40 {
            for x in 0..<20 {
                let a = Int(whole.pixmap.bytes[(y * 80 + x + 30) * 4 + 3]), b = Int(part.pixmap.bytes[(y * 20 + x) * 4 + 3])
                XCTAssertLessThanOrEqual(abs(a - b), 1, "(\(x + 30), \(y))")
            }
        }
        XCTAssertEqual(part.pixmap.bytes[(20 * 20 + 0) * 4 + 3], 255) // x 30: 9-10 px from the centre, in the ring
        XCTAssertEqual(part.pixmap.bytes[(20 * 20 + 5) * 4 + 3], 0) // x 35: in the hole
        // An outline a million pixels wide covers the canvas it spans.
        let wide = fill(square(-500_000, -500_000, 1_000_000))
        XCTAssertTrue(stride(from: 3, to: wide.bytes.count, by: 4).allSatisfy { wide.bytes[$0] == 255 })
    }

    func alpha(_ p: Pixmap, _ x: Int, _ y: Int) -> Int { Int(p.bytes[(y * p.width + x) * 4 + 3]) }

    /// Overlapping contours, the even-odd rule and strokes get each pixel's exact area, not 16
    /// sub-scanlines' count (a 0.7 row is 179, not 11/16's 175), nor a sum over contours.
    func testOverlapsEvenOddAndStrokesAreExactArea() {
        // Two squares wound alike overlapping: the union, once.
        var canvas = Canvas(pixmap: Pixmap(width: 40, height: 40))
        var two = Path.rect(Rect(x: 2.3, y: 2.3, width: 10, height: 10))
        two.addPath(.rect(Rect(x: 7.3, y: 7.3, width: 10, height: 10)))
        canvas.fill(.fill(two), color: .black)
        XCTAssertEqual(alpha(canvas.pixmap, 5, 2), 179, "0.7 of the row")
        // Where the first's right edge (0.3 of the pixel) meets the second's top (0.7): 0.3 + 0.7 - 0.21.
        XCTAssertEqual(alpha(canvas.pixmap, 12, 7), 201)
        XCTAssertEqual(alphaSum(canvas.pixmap), 175, accuracy: 0.2)
        // Even-odd: a square hole in a square wound the same way; 0.3 of the hole's top row is ink.
        var ring = Path.rect(Rect(x: 0.3, y: 0.3, width: 20, height: 20))
        ring.addPath(.rect(Rect(x: 5.3, y: 5.3, width: 10, height: 10)))
        var evenOdd = Canvas(pixmap: Pixmap(width: 40, height: 40))
        evenOdd.fill(.fill(ring, evenOdd: true), color: .black)
        XCTAssertEqual(Double(alpha(evenOdd.pixmap, 10, 5)), 76.5, accuracy: 0.6, "0.3 of the pixel (16 sub-scanlines: 80)")
        XCTAssertEqual(alpha(evenOdd.pixmap, 10, 10), 0)
        XCTAssertEqual(alphaSum(evenOdd.pixmap), 300, accuracy: 0.2)
        // A 1-wide stroke centred on y = 10.3: 0.2 of row 9, 0.8 of row 10.
        var line = Path()
        line.move(to: Point(5, 10.3))
        line.addLine(to: Point(30, 10.3))
        var stroke = Canvas(pixmap: Pixmap(width: 40, height: 40))
        stroke.fill(.stroke(line, style: StrokeStyle(width: 1)), color: .black)
        XCTAssertEqual(alpha(stroke.pixmap, 10, 9), 51)
        XCTAssertEqual(alpha(stroke.pixmap, 10, 10), 204)
    }

    /// Contours wound opposite ways that meet inside one pixel both fill it: a sum of their areas
    /// with signs would cancel there (the 5 pixels of the symbol sheet that changed).
    func testContoursWoundOppositeWaysMeetingInAPixelBothFill() {
        let left = square(0.5, 0, 10), right = square(10.5, 0, 10, clockwise: false)
        let p = fill(left + right)
        XCTAssertEqual(p.bytes[(5 * 40 + 10) * 4 + 3], 255)
        XCTAssertEqual(alphaSum(p), 200, accuracy: 0.05)
    }

    /// CAShapeLayer's strokeStart / strokeEnd and dashes: parts of the path by length.
    func testTrimmingAndDashesCutThePathByLength() {
        var line = Path()
        line.move(to: Point(0, 0))
        line.addLine(to: Point(100, 0))
        let middle = line.trimmed(start: 0.25, end: 0.75, tolerance: 0.025)
        XCTAssertEqual(middle.elements, [.move(Point(25, 0)), .line(Point(75, 0))])
        XCTAssertTrue(line.trimmed(start: 0.5, end: 0.5, tolerance: 0.025).isEmpty)
        // A closed square kept whole stays closed; half of it is an open path over two sides.
        let box = Path.rect(Rect(x: 0, y: 0, width: 10, height: 10))
        XCTAssertEqual(box.trimmed(start: 0, end: 1, tolerance: 0.025).elements.last, .close)
        let half = box.trimmed(start: 0, end: 0.5, tolerance: 0.025)
        XCTAssertEqual(half.elements, [.move(Point(0, 0)), .line(Point(10, 0)), .line(Point(10, 10))])
        // Across subpaths, by the whole length: the second line's first half.
        var two = line
        two.addPath(line.applying(.translation(0, 10)))
        XCTAssertEqual(two.trimmed(start: 0.5, end: 0.75, tolerance: 0.025).elements, [.move(Point(0, 10)), .line(Point(50, 10))])
        func dashes(_ pattern: [Double], phase: Double = 0) -> [Double] {
            line.dashed(pattern, phase: phase, tolerance: 0.025).elements.compactMap {
                if case .move(let p) = $0 { return (p.x * 1e6).rounded() / 1e6 } else { return nil }
            }
        }
        XCTAssertEqual(dashes([10, 5]), [0, 15, 30, 45, 60, 75, 90])
        XCTAssertEqual(dashes([10, 5], phase: 5), [0, 10, 25, 40, 55, 70, 85])
        XCTAssertEqual(dashes([10]), [0, 20, 40, 60, 80], "an odd count repeats: 10 on, 10 off")
        XCTAssertEqual(line.dashed([0, 0], phase: 0, tolerance: 0.025), line, "a pattern of nothing is solid")
        // A tiny pattern on a long path stops at the limit.
        var long = Path()
        long.move(to: Point(0, 0))
        long.addLine(to: Point(1e9, 0))
        XCTAssertLessThanOrEqual(long.dashed([0.001, 0.001], phase: 0, tolerance: 0.025).elements.count, 2 * Path.maximumDashes)
    }
}

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
}

// Stroking: a path's outline widened into polygons, filled with the nonzero rule.
//
// Each segment becomes a rectangle `width` wide centred on it; each join adds the piece on its
// outer side (a wedge of the round join, the triangle of a bevel, or the miter's quadrilateral);
// each end of an open subpath adds its cap. Every piece is turned to the same orientation, so the
// nonzero rule fills their union: overlaps are not drawn twice. This is how Core Graphics strokes
// look (CGContextStrokePath): butt caps and miter joins with a miter limit of 10 by default.

/// CAShapeLayer's `lineCap` (CGLineCap).
public enum LineCap: String, Sendable, CaseIterable {
    case butt, round, square
}

/// CAShapeLayer's `lineJoin` (CGLineJoin).
public enum LineJoin: String, Sendable, CaseIterable {
    case miter, round, bevel
}

/// How a path is stroked: width in the path's units, cap, join, and the miter limit (a miter longer
/// than `miterLimit` times the width is drawn as a bevel).
public struct StrokeStyle: Hashable, Sendable {
    public var width: Double
    public var cap: LineCap
    public var join: LineJoin
    public var miterLimit: Double
    public init(width: Double = 1, cap: LineCap = .butt, join: LineJoin = .miter, miterLimit: Double = 10) {
        self.width = width; self.cap = cap; self.join = join; self.miterLimit = miterLimit
    }
}

enum Stroker {
    /// The polygons whose nonzero union is `path` stroked with `style` (the path in device pixels,
    /// `tolerance` the flattening error in pixels).
    static func polygons(_ path: Path, style: StrokeStyle, tolerance: Double) -> [[Point]] {
        let h = style.width / 2
        guard h > 0, h.isFinite else { return [] }
        var out: [[Point]] = []
        func add(_ polygon: [Point]) {
            guard polygon.count >= 3 else { return }
            var area = 0.0
            for i in polygon.indices {
                let a = polygon[i], b = polygon[(i + 1) % polygon.count]
                area += a.x * b.y - b.x * a.y
            }
            out.append(area < 0 ? polygon.reversed() : polygon)
        }
        // Points on a circle of radius h about c, from angle a0 turning by `sweep` (within half a turn).
        func arc(_ c: Point, from a0: Double, sweep: Double) -> [Point] {
            let step = 2 * acosApprox(max(-1, 1 - tolerance / max(h, tolerance)))
            let n = min(256, max(2, Int((abs(sweep) / max(step, 1e-3)).rounded(.up))))
            return (0...n).map { i in
                let a = a0 + sweep * Double(i) / Double(n)
                return Point(c.x + h * cosApprox(a), c.y + h * sinApprox(a))
            }
        }
        for (raw, closed) in path.flattened(tolerance: tolerance) {
            var pts: [Point] = []
            for p in raw where pts.last.map({ abs($0.x - p.x) > 1e-9 || abs($0.y - p.y) > 1e-9 }) ?? true { pts.append(p) }
            if closed, pts.count > 1, let f = pts.first, let l = pts.last, abs(f.x - l.x) <= 1e-9, abs(f.y - l.y) <= 1e-9 { pts.removeLast() }
            if pts.count == 1 {
                // A zero-length segment: only a round or square cap shows (as Core Graphics draws it).
                let p = pts[0]
                switch style.cap {
                case .butt: break
                case .round: add(arc(p, from: 0, sweep: .pi) + arc(p, from: .pi, sweep: .pi))
                case .square: add([Point(p.x - h, p.y - h), Point(p.x + h, p.y - h), Point(p.x + h, p.y + h), Point(p.x - h, p.y + h)])
                }
                continue
            }
            let n = pts.count
            let segments = closed ? n : n - 1
            var directions: [Point] = []
            for i in 0..<segments {
                let a = pts[i], b = pts[(i + 1) % n]
                let dx = b.x - a.x, dy = b.y - a.y
                let len = (dx * dx + dy * dy).squareRoot()
                let d = Point(dx / len, dy / len)
                directions.append(d)
                let nx = -d.y * h, ny = d.x * h
                add([Point(a.x + nx, a.y + ny), Point(b.x + nx, b.y + ny), Point(b.x - nx, b.y - ny), Point(a.x - nx, a.y - ny)])
            }
            // Joins: at every vertex of a closed subpath, at the inner ones of an open one.
            let joins = closed ? Array(0..<n) : Array(1..<max(1, n - 1))
            for v in joins {
                let din = directions[(v - 1 + segments) % segments], dout = directions[v % segments]
                let cross = din.x * dout.y - din.y * dout.x
                let dot = din.x * dout.x + din.y * dout.y
                if abs(cross) < 1e-12 && dot > 0 { continue }
                // A turn whose outer gap is under the tolerance (a flattened curve's joins) needs no piece.
                if dot > 0 && h * atan2Approx(abs(cross), dot) < tolerance { continue }
                // The outer side is away from the turn.
                let s = cross > 0 ? -1.0 : 1.0
                let p = pts[v]
                let nin = Point(-din.y * s, din.x * s), nout = Point(-dout.y * s, dout.x * s)
                let a = Point(p.x + nin.x * h, p.y + nin.y * h), b = Point(p.x + nout.x * h, p.y + nout.y * h)
                switch style.join {
                case .bevel:
                    add([p, a, b])
                case .round:
                    let a0 = atan2Approx(nin.y, nin.x)
                    var sweep = atan2Approx(nout.y, nout.x) - a0
                    while sweep > .pi { sweep -= 2 * .pi }
                    while sweep < -.pi { sweep += 2 * .pi }
                    add([p] + arc(p, from: a0, sweep: sweep))
                case .miter:
                    // The miter's length over the width is 1 / sin(φ/2), φ the angle between the segments.
                    let cosPhi = -dot
                    let sinHalf = ((1 - cosPhi) / 2).squareRoot()
                    if sinHalf > 1e-9, 1 / sinHalf <= style.miterLimit {
                        let mx = nin.x + nout.x, my = nin.y + nout.y
                        let ml = (mx * mx + my * my).squareRoot()
                        let reach = h / sinHalf
                        add([p, a, Point(p.x + mx / ml * reach, p.y + my / ml * reach), b])
                    } else {
                        add([p, a, b])
                    }
                }
            }
            if !closed {
                for (p, d) in [(pts[0], Point(-directions[0].x, -directions[0].y)), (pts[n - 1], directions[segments - 1])] {
                    let nx = -d.y * h, ny = d.x * h
                    switch style.cap {
                    case .butt: break
                    case .square:
                        add([
                            Point(p.x + nx, p.y + ny), Point(p.x + nx + d.x * h, p.y + ny + d.y * h),
                            Point(p.x - nx + d.x * h, p.y - ny + d.y * h), Point(p.x - nx, p.y - ny),
                        ])
                    case .round:
                        add([p] + arc(p, from: atan2Approx(ny, nx), sweep: -.pi))
                    }
                }
            }
        }
        return out
    }
}

@inline(__always)
func acosApprox(_ x: Double) -> Double { atan2Approx((max(0, 1 - x * x)).squareRoot(), x) }

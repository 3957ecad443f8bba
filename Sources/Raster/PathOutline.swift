// Filled outlines of straight and cubic Bézier segments (an icon, a symbol), as coverage.
//
// The curves are kept and flattened into line segments in the coordinates the outline is in, to
// a fortieth of a unit (`flatness`): an outline in points is flattened again when `applying` takes
// it to device pixels, so a curve stays smooth at any scale. Coverage is the exact area of each
// pixel inside the segments (the signed-area accumulation of font-rs and stb_truetype's second
// rasterizer): each segment adds its signed area to the cells of the row it crosses, a running
// sum along the row gives the winding-weighted coverage, and |sum| clamped to 1 fills by the
// nonzero rule for contours that do not overlap themselves (holes wound the other way, as SVG
// icons draw them). Pixel centres at x + 0.5, y down, as everywhere in Raster.

/// An outline of closed contours in some coordinate space (points or device pixels).
public struct PathOutline: Sendable, Equatable {
    public enum Element: Sendable, Equatable {
        case move(Point)
        case line(Point)
        case cubic(Point, Point, Point)
        case close

        /// The element with its points transformed.
        public func applying(_ t: Transform) -> Element {
            switch self {
            case .move(let p): return .move(t.apply(p))
            case .line(let p): return .line(t.apply(p))
            case .cubic(let a, let b, let c): return .cubic(t.apply(a), t.apply(b), t.apply(c))
            case .close: return .close
            }
        }
    }

    public private(set) var elements: [Element]
    /// Line segments (x0, y0, x1, y1), sorted by their top, none horizontal.
    private(set) var segments: [Segment]
    /// The rectangle around every point of the flattened outline.
    public private(set) var bounds: Rect

    struct Segment: Sendable, Equatable {
        var x0, y0, x1, y1: Double
        /// +1 when the segment runs down (y0 < y1 as given), -1 up; the ends are stored top first.
        var winding: Double
    }

    /// Deviation allowed between a curve and its line segments, in the outline's units.
    public static let flatness = 0.025
    /// Line segments one outline may flatten into: bounds the work of an outline drawn very large.
    public static let maximumSegments = 200_000

    public init(_ elements: [Element]) {
        self.elements = elements
        segments = []
        bounds = Rect(x: 0, y: 0, width: 0, height: 0)
        flatten()
    }

    /// The outline with every point transformed (any affine transform; the curves are flattened
    /// again in the new units).
    public func applying(_ t: Transform) -> PathOutline {
        PathOutline(elements.map { $0.applying(t) })
    }

    private mutating func flatten() {
        var out: [Segment] = []
        var start = Point(0, 0), current = Point(0, 0), open = false
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        func line(to p: Point) {
            guard out.count < PathOutline.maximumSegments, p.x.isFinite, p.y.isFinite, current.x.isFinite, current.y.isFinite else {
                current = p; return
            }
            minX = min(minX, current.x, p.x); maxX = max(maxX, current.x, p.x)
            minY = min(minY, current.y, p.y); maxY = max(maxY, current.y, p.y)
            if p.y != current.y {
                out.append(
                    current.y < p.y
                        ? Segment(x0: current.x, y0: current.y, x1: p.x, y1: p.y, winding: 1)
                        : Segment(x0: p.x, y0: p.y, x1: current.x, y1: current.y, winding: -1))
            }
            current = p
        }
        for element in elements {
            switch element {
            case .move(let p):
                if open { line(to: start) }
                start = p; current = p; open = true
            case .line(let p):
                line(to: p)
            case .cubic(let c1, let c2, let p):
                // Wang's formula: n = sqrt(3/4 * M / f) segments keep a cubic within f of its chords,
                // M the largest second difference of the control points.
                let p0 = current
                let ddx = max(abs(p0.x - 2 * c1.x + c2.x), abs(c1.x - 2 * c2.x + p.x))
                let ddy = max(abs(p0.y - 2 * c1.y + c2.y), abs(c1.y - 2 * c2.y + p.y))
                let dd = (ddx * ddx + ddy * ddy).squareRoot()
                let wang = (0.75 * dd / PathOutline.flatness).squareRoot()
                let n = wang.isFinite ? max(1, min(Int(wang.rounded(.up)), 1000)) : 1
                for i in 1...n {
                    let t = Double(i) / Double(n), s = 1 - t
                    let a = s * s * s, b = 3 * s * s * t, c = 3 * s * t * t, d = t * t * t
                    line(to: Point(a * p0.x + b * c1.x + c * c2.x + d * p.x, a * p0.y + b * c1.y + c * c2.y + d * p.y))
                }
            case .close:
                if open { line(to: start) }
                current = start; open = false
            }
        }
        if open { line(to: start) }
        out.sort { $0.y0 < $1.y0 }
        segments = out
        bounds = minX <= maxX ? Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY) : Rect(x: 0, y: 0, width: 0, height: 0)
    }

    /// Writes the coverage of pixels (x0 ..< x0 + count, y) to `out` (units are device pixels).
    /// The work is the row's segments plus `count` cells, whatever the outline's width: the
    /// part of a segment left of the span adds its whole signed height to the first cell (every
    /// pixel of the span is right of it), the part right of the span adds nothing.
    func coverage(row y: Int, x0: Int, count: Int, into out: UnsafeMutablePointer<UInt8>) {
        guard count > 0 else { return }
        out.update(repeating: 0, count: count)
        let top = Double(y), bottom = top + 1
        guard bounds.width > 0, top < bounds.maxY, bottom > bounds.minY, Double(x0) < bounds.maxX else { return }
        let width = count + 2
        withUnsafeTemporaryAllocation(of: Double.self, capacity: width) { acc in
            acc.initialize(repeating: 0)
            let base = Double(x0), span = Double(count)
            for s in segments {
                if s.y0 >= bottom { break }
                if s.y1 <= top { continue }
                let dxdy = (s.x1 - s.x0) / (s.y1 - s.y0)
                let ya = max(s.y0, top), yb = min(s.y1, bottom)
                guard ya < yb else { continue }
                let xa = s.x0 + (ya - s.y0) * dxdy - base
                let xb = s.x0 + (yb - s.y0) * dxdy - base
                PathOutline.clipAndAccumulate(xa, ya, xb, yb, winding: s.winding, span: span, into: acc.baseAddress!, width: width)
            }
            var sum = 0.0
            for i in 0..<count {
                sum += acc[i]
                let c = min(abs(sum), 1)
                out[i] = c >= 1 ? 255 : UInt8((c * 255).rounded())
            }
        }
    }

    /// Splits a row's piece of a segment (x relative to the span's first pixel) where it crosses
    /// x = 0 and x = span, and accumulates each part as the doc comment of `coverage` says.
    @inline(__always)
    private static func clipAndAccumulate(
        _ xa: Double, _ ya: Double, _ xb: Double, _ yb: Double, winding: Double, span: Double,
        into acc: UnsafeMutablePointer<Double>, width: Int
    ) {
        let lo = min(xa, xb), hi = max(xa, xb)
        if hi <= 0 {
            acc[0] += (yb - ya) * winding
            return
        }
        if lo >= span { return }
        if lo >= 0 && hi <= span {
            accumulate(xa, xb, (yb - ya) * winding, into: acc, width: width)
            return
        }
        // It crosses x = 0 or x = span (xa != xb): the part left of 0 adds its height to the
        // first cell, the part inside the span is accumulated, the part right of it is dropped.
        func y(at x: Double) -> Double { ya + (x - xa) / (xb - xa) * (yb - ya) }
        if xa < 0 { acc[0] += (y(at: 0) - ya) * winding } else if xb < 0 { acc[0] += (yb - y(at: 0)) * winding }
        let cxa = min(max(xa, 0), span), cxb = min(max(xb, 0), span)
        let yA = cxa == xa ? ya : y(at: cxa), yB = cxb == xb ? yb : y(at: cxb)
        accumulate(cxa, cxb, (yB - yA) * winding, into: acc, width: width)
    }

    /// Adds the signed area (`d` the signed height) a segment from x `xa` to `xb` within the span
    /// covers in its row to the cells right of it.
    @inline(__always)
    private static func accumulate(_ xa: Double, _ xb: Double, _ d: Double, into acc: UnsafeMutablePointer<Double>, width: Int) {
        let x0 = min(xa, xb), x1 = max(xa, xb)
        let x0floor = x0.rounded(.down), x1ceil = x1.rounded(.up)
        let i0 = max(0, Int(x0floor)), i1 = min(width - 1, Int(x1ceil))
        if i1 <= i0 + 1 {
            // Within one cell: the part right of the segment's mean x in this cell, the rest to the next.
            let xm = 0.5 * (xa + xb) - x0floor
            acc[i0] += d - d * xm
            if i0 + 1 < width { acc[i0 + 1] += d * xm }
            return
        }
        let inv = 1 / (x1 - x0)
        let x0f = x0 - x0floor
        let a0 = 0.5 * inv * (1 - x0f) * (1 - x0f)
        let x1f = x1 - x1ceil + 1
        let am = 0.5 * inv * x1f * x1f
        acc[i0] += d * a0
        if i1 == i0 + 2 {
            acc[i0 + 1] += d * (1 - a0 - am)
        } else {
            let a1 = inv * (1.5 - x0f)
            acc[i0 + 1] += d * (a1 - a0)
            var i = i0 + 2
            while i < i1 - 1 { acc[i] += d * inv; i += 1 }
            let a2 = a1 + Double(i1 - i0 - 3) * inv
            acc[i1 - 1] += d * (1 - a2 - am)
        }
        acc[i1] += d * am
    }
}

// Anti-aliased shapes as coverage: for each pixel, the fraction of it the shape covers, in 0...255.
//
// Rectangles get their exact area coverage (they are axis-aligned). Rounded corners, circles,
// capsules and arcs use a signed distance d from the pixel centre to the outline (negative inside):
// coverage = clamp(0.5 - d, 0, 1), which is the exact area for a straight edge through the pixel
// and within a percent or two for curves whose radius is over a pixel.

/// A fillable shape in device pixels.
public enum Shape: Sendable, Equatable {
    /// A rectangle with rounded corners (radius 0 for a plain rectangle); the radius is clamped
    /// to half the shorter side, so a square with radius = side/2 is a circle.
    case roundedRect(Rect, radius: Double)
    /// The band inside a rounded rectangle's edge, `width` thick: a layer's border.
    case border(Rect, radius: Double, width: Double)
    /// A line segment with round caps.
    case capsule(from: Point, to: Point, width: Double)
    /// A band of a ring (`radius` to its centre line, `width` thick) between two angles, in radians,
    /// measured clockwise from straight up.
    case ringSector(center: Point, radius: Double, width: Double, from: Double, to: Double)
    /// A path's inside by the nonzero or even-odd rule, or a stroke's polygons: an SF Symbol, a
    /// shape layer, a shadow path (`PathFill.swift`; made by `fill(_:)` and `stroke(_:style:)`).
    case path(PathFill)
    /// A rounded rectangle with only `corners` rounded (CACornerMask); the others are square.
    case partlyRoundedRect(Rect, radius: Double, corners: RectCorners)
    /// The band inside such a rectangle's edge, `width` thick.
    case partlyRoundedBorder(Rect, radius: Double, width: Double, corners: RectCorners)

    /// A rectangle with `radius` on `corners` only (all four: `.roundedRect`).
    public static func rounded(_ r: Rect, radius: Double, corners: RectCorners) -> Shape {
        corners == .all || radius <= 0 ? .roundedRect(r, radius: radius) : .partlyRoundedRect(r, radius: radius, corners: corners)
    }

    /// A border band with `radius` on `corners` only (all four: `.border`).
    public static func roundedBorder(_ r: Rect, radius: Double, width: Double, corners: RectCorners) -> Shape {
        corners == .all || radius <= 0
            ? .border(r, radius: radius, width: width) : .partlyRoundedBorder(r, radius: radius, width: width, corners: corners)
    }

    /// The inside of `path` (in device pixels), flattened to within `tolerance` pixels.
    /// `rows`: the pixel rows that can be drawn (the canvas's clip), for the edge table.
    public static func fill(_ path: Path, evenOdd: Bool = false, tolerance: Double = PathFill.flatness, rows: Range<Int>? = nil) -> Shape {
        .path(PathFill(path, evenOdd: evenOdd, tolerance: tolerance, rows: rows))
    }

    /// `path` (in device pixels) stroked with `style` (its width in pixels).
    public static func stroke(_ path: Path, style: StrokeStyle, tolerance: Double = 0.05, rows: Range<Int>? = nil) -> Shape {
        .path(PathFill(polygons: Stroker.polygons(path, style: style, tolerance: tolerance), rows: rows))
    }

    public static func rect(_ r: Rect) -> Shape { .roundedRect(r, radius: 0) }
    public static func circle(center: Point, radius: Double) -> Shape {
        .roundedRect(Rect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius), radius: radius)
    }

    /// A rectangle that contains every pixel the shape touches.
    public var bounds: Rect {
        switch self {
        case .roundedRect(let r, _), .border(let r, _, _), .partlyRoundedRect(let r, _, _), .partlyRoundedBorder(let r, _, _, _):
            return r
        case .path(let p):
            return p.bounds
        case .capsule(let a, let b, let w):
            let h = w / 2
            return Rect(
                x: min(a.x, b.x) - h, y: min(a.y, b.y) - h,
                width: abs(a.x - b.x) + w, height: abs(a.y - b.y) + w)
        case .ringSector(let c, let radius, let w, _, _):
            let r = radius + w / 2
            return Rect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r)
        }
    }

    /// True when every pixel of `span` is fully inside the shape (lets callers skip the work).
    func fullyCovers(_ span: PixelRect) -> Bool {
        guard case .roundedRect(let r, let radius) = self else { return false }
        let x0 = r.minX.rounded(.up), x1 = r.maxX.rounded(.down)
        let y0 = r.minY.rounded(.up), y1 = r.maxY.rounded(.down)
        guard Double(span.x) >= x0, Double(span.maxX) <= x1, Double(span.y) >= y0, Double(span.maxY) <= y1 else {
            return false
        }
        let rr = min(radius, r.width / 2, r.height / 2)
        if rr <= 0 { return true }
        // Outside the corner squares is enough.
        let inX = Double(span.x) >= r.minX + rr && Double(span.maxX) <= r.maxX - rr
        let inY = Double(span.y) >= r.minY + rr && Double(span.maxY) <= r.maxY - rr
        return inX || inY
    }

    /// Writes the coverage of pixels (x0 ..< x0 + count, y) to `out`. Returns true when all are 255.
    @discardableResult
    func coverage(row y: Int, x0: Int, count: Int, into out: UnsafeMutablePointer<UInt8>) -> Bool {
        switch self {
        case .roundedRect(let r, let radius):
            return Shape.roundedRectCoverage(r, radius: radius, row: y, x0: x0, count: count, into: out)
        case .partlyRoundedRect(let r, let radius, let corners):
            return Shape.roundedRectCoverage(r, radius: radius, corners: corners, row: y, x0: x0, count: count, into: out)
        case .path(let p):
            p.coverage(row: y, x0: x0, count: count, into: out)
            return false
        case .border(let r, let radius, let width), .partlyRoundedBorder(let r, let radius, let width, _):
            var corners = RectCorners.all
            if case .partlyRoundedBorder(_, _, _, let c) = self { corners = c }
            Shape.roundedRectCoverage(r, radius: radius, corners: corners, row: y, x0: x0, count: count, into: out)
            let inner = r.insetBy(dx: width, dy: width)
            guard !inner.isEmpty else { return false }
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { tmp in
                Shape.roundedRectCoverage(
                    inner, radius: max(0, radius - width), corners: corners, row: y, x0: x0, count: count,
                    into: tmp.baseAddress!)
                for i in 0..<count { out[i] = out[i] &- min(out[i], tmp[i]) }
                return false
            }
        case .capsule(let a, let b, let w):
            let dx = b.x - a.x, dy = b.y - a.y
            let len2 = max(dx * dx + dy * dy, 1e-12)
            let py = Double(y) + 0.5
            for i in 0..<count {
                let px = Double(x0 + i) + 0.5
                let t = min(max(((px - a.x) * dx + (py - a.y) * dy) / len2, 0), 1)
                let ex = px - (a.x + t * dx), ey = py - (a.y + t * dy)
                let d = (ex * ex + ey * ey).squareRoot() - w / 2
                out[i] = Shape.byte(0.5 - d)
            }
            return false
        case .ringSector(let c, let radius, let w, let from, let to):
            let py = Double(y) + 0.5
            let mid = (from + to) / 2, half = (to - from) / 2
            for i in 0..<count {
                let px = Double(x0 + i) + 0.5
                let vx = px - c.x, vy = py - c.y
                let dist = (vx * vx + vy * vy).squareRoot()
                var d = abs(dist - radius) - w / 2
                // Angle clockwise from up: atan2 of (x, -y).
                var angle = atan2Approx(vx, -vy) - mid
                while angle > .pi { angle -= 2 * .pi }
                while angle < -.pi { angle += 2 * .pi }
                let over = abs(angle) - half
                if over > 0 { d = max(d, dist * sinApprox(min(over, .pi / 2))) }
                out[i] = Shape.byte(0.5 - d)
            }
            return false
        }
    }

    @inline(__always)
    static func byte(_ f: Double) -> UInt8 {
        if f <= 0 { return 0 }
        if f >= 1 { return 255 }
        return UInt8((f * 255).rounded())
    }

    @discardableResult
    private static func roundedRectCoverage(
        _ r: Rect, radius: Double, corners: RectCorners = .all, row y: Int, x0: Int, count: Int,
        into out: UnsafeMutablePointer<UInt8>
    ) -> Bool {
        let fy = Double(y)
        let covY = min(fy + 1, r.maxY) - max(fy, r.minY)
        if covY <= 0 || count <= 0 || r.width <= 0 {
            out.update(repeating: 0, count: max(count, 0))
            return false
        }
        let rowByte = byte(covY)
        let x1 = x0 + count
        // Interior columns are those whose whole pixel is inside [minX, maxX).
        let ix0 = min(max(Int(r.minX.rounded(.up)), x0), x1)
        let ix1 = max(min(Int(r.maxX.rounded(.down)), x1), ix0)
        if ix0 > x0 { out.update(repeating: 0, count: ix0 - x0) }
        if ix1 > ix0 { (out + (ix0 - x0)).update(repeating: rowByte, count: ix1 - ix0) }
        if x1 > ix1 { (out + (ix1 - x0)).update(repeating: 0, count: x1 - ix1) }
        // Partial columns at the two edges (one pixel when the rectangle is narrower than a pixel).
        let leftEdge = Int(r.minX.rounded(.down)), rightEdge = Int(r.maxX.rounded(.down))
        @inline(__always) func edge(_ x: Int) {
            guard x >= x0 && x < x1 else { return }
            let fx = Double(x)
            let covX = min(fx + 1, r.maxX) - max(fx, r.minX)
            out[x - x0] = byte(max(0, covX) * covY)
        }
        edge(leftEdge)
        if rightEdge != leftEdge { edge(rightEdge) }
        let full = rowByte == 255 && ix0 == x0 && ix1 == x1
        let rr = min(radius, r.width / 2, r.height / 2)
        guard rr > 0 else { return full }
        let cy = fy + 0.5
        let centreY: Double
        let roundLeft: Bool, roundRight: Bool
        if cy < r.minY + rr {
            centreY = r.minY + rr
            (roundLeft, roundRight) = (corners.contains(.minXMinY), corners.contains(.maxXMinY))
        } else if cy > r.maxY - rr {
            centreY = r.maxY - rr
            (roundLeft, roundRight) = (corners.contains(.minXMaxY), corners.contains(.maxXMaxY))
        } else {
            return full
        }
        if !roundLeft && !roundRight { return full }
        let leftCentre = r.minX + rr, rightCentre = r.maxX - rr
        let dy = cy - centreY
        var x = max(leftEdge, x0)
        while roundLeft && x < x1 && Double(x) + 0.5 < leftCentre {
            let dx = Double(x) + 0.5 - leftCentre
            out[x - x0] = min(out[x - x0], byte(0.5 - ((dx * dx + dy * dy).squareRoot() - rr)))
            x += 1
        }
        x = max(Int(rightCentre.rounded(.down)), x0)
        while roundRight && x < x1 && Double(x) < r.maxX {
            let dx = Double(x) + 0.5 - rightCentre
            if dx > 0 { out[x - x0] = min(out[x - x0], byte(0.5 - ((dx * dx + dy * dy).squareRoot() - rr))) }
            x += 1
        }
        return false
    }
}

// Deterministic elementary functions: Foundation's libm is not used on golden paths so frames
// do not depend on the C library's version. These are accurate to well under 1e-6.
@inline(__always)
func sinApprox(_ x: Double) -> Double {
    // Range-reduce to [-pi, pi], fold to [-pi/2, pi/2], then the Taylor series to x^23
    // (truncation error under 1e-16 there).
    var v = x
    let twoPi = 2 * Double.pi
    v -= (v / twoPi).rounded() * twoPi
    if v > .pi / 2 { v = .pi - v } else if v < -.pi / 2 { v = -.pi - v }
    let v2 = v * v
    var sum = 1.0
    var k = 23.0
    while k > 1 {
        sum = 1 - v2 / (k * (k - 1)) * sum
        k -= 2
    }
    return v * sum
}

@inline(__always)
func atan2Approx(_ y: Double, _ x: Double) -> Double {
    if x == 0 && y == 0 { return 0 }
    let ax = abs(x), ay = abs(y)
    let swap = ay > ax
    let t = swap ? ax / ay : ay / ax // 0...1
    // atan on [0, 1] by argument halving and a series: atan(t) = 2 atan(t / (1 + sqrt(1 + t^2))).
    let h = t / (1 + (1 + t * t).squareRoot())
    let h2 = h * h
    var s = 0.0
    var term = h
    var k = 1.0
    for _ in 0..<12 { s += term / k; term *= -h2; k += 2 }
    var a = 2 * s
    if swap { a = .pi / 2 - a }
    if x < 0 { a = .pi - a }
    return y < 0 ? -a : a
}

extension Shape {
    /// The shape under an axis-aligned transform (lengths such as radii and widths scale by the
    /// mean of the two axis scales; layers in this renderer scale uniformly).
    public func applying(_ t: Transform) -> Shape {
        let k = (t.scaleX + t.scaleY) / 2
        switch self {
        case .roundedRect(let r, let radius): return .roundedRect(t.apply(r), radius: radius * k)
        case .border(let r, let radius, let width): return .border(t.apply(r), radius: radius * k, width: width * k)
        case .partlyRoundedRect(let r, let radius, let corners): return .partlyRoundedRect(t.apply(r), radius: radius * k, corners: corners)
        case .partlyRoundedBorder(let r, let radius, let width, let corners):
            return .partlyRoundedBorder(t.apply(r), radius: radius * k, width: width * k, corners: corners)
        case .path(let p): return .path(p.applying(t))
        case .capsule(let a, let b, let w): return .capsule(from: t.apply(a), to: t.apply(b), width: w * k)
        case .ringSector(let c, let radius, let w, let from, let to):
            return .ringSector(center: t.apply(c), radius: radius * k, width: w * k, from: from, to: to)
        }
    }
}

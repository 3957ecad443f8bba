// A vector path (CGPath's elements) and its flattening into polygons.
//
// Coordinates are whatever space the path is made in (a layer's points); `applying` moves it to
// device pixels before it is flattened, so the flattening tolerance is in pixels. Curves are cubic
// Béziers; an arc is written as cubics of at most a quarter turn each (the usual 4/3·tan(θ/4)
// control length, radial error under 0.03 % of the radius).

/// Which corners of a rectangle are rounded: CACornerMask's bits (layerMinXMinYCorner = 1,
/// layerMaxXMinYCorner = 2, layerMinXMaxYCorner = 4, layerMaxXMaxYCorner = 8). With y down, as on
/// iOS, minY is the top: `minXMinY` is the top-left corner.
public struct RectCorners: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let minXMinY = RectCorners(rawValue: 1)
    public static let maxXMinY = RectCorners(rawValue: 2)
    public static let minXMaxY = RectCorners(rawValue: 4)
    public static let maxXMaxY = RectCorners(rawValue: 8)
    public static let all: RectCorners = [.minXMinY, .maxXMinY, .minXMaxY, .maxXMaxY]
}

/// A path of straight lines and cubic curves in subpaths (CGPath / UIBezierPath).
public struct Path: Hashable, Sendable {
    public enum Element: Hashable, Sendable {
        case move(Point)
        case line(Point)
        case cubic(Point, Point, Point)
        case close
    }

    public private(set) var elements: [Element] = []
    /// The last point, and the start of the current subpath.
    private var current: Point?
    private var start: Point?

    public init() {}

    /// A path of these elements (a symbol's outline, decoded).
    public init(_ elements: [Element]) {
        for e in elements {
            switch e {
            case .move(let p): move(to: p)
            case .line(let p): addLine(to: p)
            case .cubic(let c1, let c2, let p): addCurve(to: p, control1: c1, control2: c2)
            case .close: closeSubpath()
            }
        }
    }

    public var isEmpty: Bool { elements.isEmpty }

    /// The point the next element starts from (CGPath's `currentPoint`); nil before the first move.
    public var currentPoint: Point? { current }

    public mutating func move(to p: Point) {
        elements.append(.move(p)); current = p; start = p
    }

    public mutating func addLine(to p: Point) {
        if current == nil { move(to: p); return }
        elements.append(.line(p)); current = p
    }

    public mutating func addCurve(to p: Point, control1 c1: Point, control2 c2: Point) {
        if current == nil { move(to: c1) }
        elements.append(.cubic(c1, c2, p)); current = p
    }

    public mutating func addQuadCurve(to p: Point, control c: Point) {
        let from = current ?? c
        addCurve(
            to: p, control1: Point(from.x + 2 / 3 * (c.x - from.x), from.y + 2 / 3 * (c.y - from.y)),
            control2: Point(p.x + 2 / 3 * (c.x - p.x), p.y + 2 / 3 * (c.y - p.y)))
    }

    /// Appends `other`'s subpaths (UIBezierPath's `append`).
    public mutating func addPath(_ other: Path) {
        elements += other.elements
        if other.current != nil { current = other.current; start = other.start }
    }

    public mutating func closeSubpath() {
        guard current != nil else { return }
        elements.append(.close); current = start
    }

    /// UIBezierPath's `addArc(withCenter:radius:startAngle:endAngle:clockwise:)`: angles in radians
    /// from the +x axis; with y down, `clockwise` turns clockwise on screen. A line joins the
    /// current point to the arc's start.
    public mutating func addArc(center c: Point, radius r: Double, startAngle a0: Double, endAngle a1: Double, clockwise: Bool) {
        var sweep = a1 - a0
        let full = 2 * Double.pi
        // As Core Graphics: the sweep goes the asked way, within one turn.
        if clockwise {
            if sweep < 0 { sweep = sweep.truncatingRemainder(dividingBy: full) + full }
            if sweep > full { sweep = full }
        } else {
            if sweep > 0 { sweep = sweep.truncatingRemainder(dividingBy: full) - full }
            if sweep < -full { sweep = -full }
        }
        func point(_ a: Double) -> Point { Point(c.x + r * cosApprox(a), c.y + r * sinApprox(a)) }
        let first = point(a0)
        if current == nil { move(to: first) } else { addLine(to: first) }
        // At most a quarter turn a piece (the tolerance keeps a sweep of exactly n quarters at n).
        let pieces = max(1, Int((abs(sweep) / (Double.pi / 2) - 1e-9).rounded(.up)))
        let step = sweep / Double(pieces)
        let k = 4.0 / 3.0 * tanApprox(step / 4) * r
        var a = a0
        for _ in 0..<pieces {
            let b = a + step
            let p0 = point(a), p3 = point(b)
            let c1 = Point(p0.x - k * sinApprox(a), p0.y + k * cosApprox(a))
            let c2 = Point(p3.x + k * sinApprox(b), p3.y - k * cosApprox(b))
            addCurve(to: p3, control1: c1, control2: c2)
            a = b
        }
    }

    /// A rectangle (UIBezierPath(rect:)), clockwise from the top-left corner.
    public static func rect(_ r: Rect) -> Path { roundedRect(r, cornerRadius: 0) }

    /// UIBezierPath(roundedRect:byRoundingCorners:cornerRadii:) with circular corners; the radius is
    /// clamped to half the shorter side.
    public static func roundedRect(_ r: Rect, cornerRadius: Double, corners: RectCorners = .all) -> Path {
        var p = Path()
        let rr = max(0, min(cornerRadius, r.width / 2, r.height / 2))
        func radius(_ c: RectCorners) -> Double { corners.contains(c) ? rr : 0 }
        let tl = radius(.minXMinY), tr = radius(.maxXMinY), br = radius(.maxXMaxY), bl = radius(.minXMaxY)
        p.move(to: Point(r.minX + tl, r.minY))
        p.addLine(to: Point(r.maxX - tr, r.minY))
        if tr > 0 { p.addArc(center: Point(r.maxX - tr, r.minY + tr), radius: tr, startAngle: -.pi / 2, endAngle: 0, clockwise: true) }
        p.addLine(to: Point(r.maxX, r.maxY - br))
        if br > 0 { p.addArc(center: Point(r.maxX - br, r.maxY - br), radius: br, startAngle: 0, endAngle: .pi / 2, clockwise: true) }
        p.addLine(to: Point(r.minX + bl, r.maxY))
        if bl > 0 { p.addArc(center: Point(r.minX + bl, r.maxY - bl), radius: bl, startAngle: .pi / 2, endAngle: .pi, clockwise: true) }
        p.addLine(to: Point(r.minX, r.minY + tl))
        if tl > 0 { p.addArc(center: Point(r.minX + tl, r.minY + tl), radius: tl, startAngle: .pi, endAngle: 1.5 * .pi, clockwise: true) }
        p.closeSubpath()
        return p
    }

    /// UIBezierPath(roundedRect:cornerRadius:) as iOS 7 and later draw it: continuous corners
    /// (CALayerCornerCurve.continuous), whose curvature eases in from the straight sides. Each corner
    /// is three cubics and two short lines reaching 1.52866 radii along its sides, the curve as it
    /// is commonly reverse-engineered (PaintCode, "Code for iOS 7 rounded rectangles"); the radius
    /// is held to a 1.52866th of half the shorter side so the corners fit. Clockwise from the top
    /// side's start.
    /// `corners` rounds some corners only (UIBezierPath(roundedRect:byRoundingCorners:cornerRadii:),
    /// which iOS draws with the same continuous curve: AFSnapshotTesting's rounded-shape reference);
    /// the others are square.
    public static func continuousRoundedRect(_ r: Rect, cornerRadius: Double, corners rounded: RectCorners = .all) -> Path {
        let reach = 1.52866483
        let k = max(0, min(cornerRadius, min(r.width, r.height) / 2 / reach))
        guard k > 0, !rounded.isEmpty else { return rect(r) }
        // One corner in units of the radius, from the side it is entered along: (along, into) pairs,
        // `along` measured back from the corner along the entering side, `into` away from that side.
        let steps: [[Double]] = [
            [1.08849323, 0, 0.86840689, 0, 0.66993427, 0.06549600], [0.63149399, 0.07491100],
            [0.37282392, 0.16905899, 0.16905899, 0.37282392, 0.07491100, 0.63149399], [0.06549600, 0.66993427],
            [0, 0.86840689, 0, 1.08849323, 0, reach],
        ]
        // Corners clockwise on screen: its point, the direction along the entering side, and into the shape.
        let corners: [(Point, Point, Point, RectCorners)] = [
            (Point(r.maxX, r.minY), Point(1, 0), Point(0, 1), .maxXMinY), (Point(r.maxX, r.maxY), Point(0, 1), Point(-1, 0), .maxXMaxY),
            (Point(r.minX, r.maxY), Point(-1, 0), Point(0, -1), .minXMaxY), (Point(r.minX, r.minY), Point(0, -1), Point(1, 0), .minXMinY),
        ]
        var p = Path()
        p.move(to: Point(r.minX + (rounded.contains(.minXMinY) ? reach * k : 0), r.minY))
        for (c, along, into, corner) in corners {
            guard rounded.contains(corner) else {
                p.addLine(to: c)
                continue
            }
            func at(_ a: Double, _ b: Double) -> Point { Point(c.x - along.x * a * k + into.x * b * k, c.y - along.y * a * k + into.y * b * k) }
            p.addLine(to: at(reach, 0))
            for s in steps {
                if s.count == 2 {
                    p.addLine(to: at(s[0], s[1]))
                } else {
                    p.addCurve(to: at(s[4], s[5]), control1: at(s[0], s[1]), control2: at(s[2], s[3]))
                }
            }
        }
        p.closeSubpath()
        return p
    }

    /// An ellipse inscribed in `r` (UIBezierPath(ovalIn:)), clockwise from the right.
    public static func ellipse(in r: Rect) -> Path {
        let cx = r.midX, cy = r.midY, rx = r.width / 2, ry = r.height / 2
        var unit = Path()
        unit.addArc(center: Point(0, 0), radius: 1, startAngle: 0, endAngle: 2 * .pi, clockwise: true)
        unit.closeSubpath()
        return unit.applying(Transform.scale(rx, ry).translated(cx, cy))
    }

    /// The path with every point mapped by `t` (any affine transform).
    public func applying(_ t: Transform) -> Path {
        var out = Path()
        out.elements = elements.map {
            switch $0 {
            case .move(let p): return .move(t.apply(p))
            case .line(let p): return .line(t.apply(p))
            case .cubic(let a, let b, let c): return .cubic(t.apply(a), t.apply(b), t.apply(c))
            case .close: return .close
            }
        }
        out.current = current.map(t.apply); out.start = start.map(t.apply)
        return out
    }

    /// A rectangle holding every point and control point (the curves lie inside it).
    public var controlBounds: Rect {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        func add(_ p: Point) { minX = min(minX, p.x); minY = min(minY, p.y); maxX = max(maxX, p.x); maxY = max(maxY, p.y) }
        for e in elements {
            switch e {
            case .move(let p), .line(let p): add(p)
            case .cubic(let a, let b, let c): add(a); add(b); add(c)
            case .close: break
            }
        }
        guard minX <= maxX else { return Rect(x: 0, y: 0, width: 0, height: 0) }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The rectangle holding the curves themselves (CGPath's boundingBoxOfPath): each cubic's
    /// extremes where its derivative is zero, not its control points.
    public var curveBounds: Rect {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        func add(_ p: Point) { minX = min(minX, p.x); minY = min(minY, p.y); maxX = max(maxX, p.x); maxY = max(maxY, p.y) }
        var current: Point?
        for e in elements {
            switch e {
            case .move(let p), .line(let p):
                add(p); current = p
            case .cubic(let c1, let c2, let p3):
                let p0 = current ?? c1
                add(p0); add(p3); current = p3
                // B'(t) = 3[(1-t)^2 (c1-p0) + 2t(1-t)(c2-c1) + t^2 (p3-c2)]: a quadratic a t^2 + b t + c per axis.
                func roots(_ v0: Double, _ v1: Double, _ v2: Double, _ v3: Double) -> [Double] {
                    let a = -v0 + 3 * v1 - 3 * v2 + v3, b = 2 * (v0 - 2 * v1 + v2), c = v1 - v0
                    if abs(a) < 1e-12 { return abs(b) < 1e-12 ? [] : [-c / b] }
                    let d = b * b - 4 * a * c
                    guard d >= 0 else { return [] }
                    let q = d.squareRoot()
                    return [(-b + q) / (2 * a), (-b - q) / (2 * a)]
                }
                for t in roots(p0.x, c1.x, c2.x, p3.x) + roots(p0.y, c1.y, c2.y, p3.y) where t > 0 && t < 1 {
                    let s = 1 - t
                    let a = s * s * s, b = 3 * s * s * t, c = 3 * s * t * t, d = t * t * t
                    add(Point(a * p0.x + b * c1.x + c * c2.x + d * p3.x, a * p0.y + b * c1.y + c * c2.y + d * p3.y))
                }
            case .close: break
            }
        }
        guard minX <= maxX else { return Rect(x: 0, y: 0, width: 0, height: 0) }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The subpaths as polylines, curves cut into lines that stay within `tolerance` of them
    /// (Wang's bound on a cubic's segment count, at most 1,000 per curve).
    public func flattened(tolerance: Double) -> [(points: [Point], closed: Bool)] {
        var out: [(points: [Point], closed: Bool)] = []
        var points: [Point] = []
        var closed = false
        func finish() {
            if points.count > 1 { out.append((points, closed)) }
            points = []; closed = false
        }
        for e in elements {
            switch e {
            case .move(let p):
                finish(); points = [p]
            case .line(let p):
                points.append(p)
            case .cubic(let c1, let c2, let p3):
                let p0 = points.last ?? c1
                if points.isEmpty { points = [p0] }
                // Wang's formula: n = sqrt(3/4 * M / f) segments keep a cubic within f of its chords,
                // M the largest second difference of the control points.
                let ddx = max(abs(p0.x - 2 * c1.x + c2.x), abs(c1.x - 2 * c2.x + p3.x))
                let ddy = max(abs(p0.y - 2 * c1.y + c2.y), abs(c1.y - 2 * c2.y + p3.y))
                let wang = (0.75 * (ddx * ddx + ddy * ddy).squareRoot() / max(tolerance, 1e-6)).squareRoot()
                let n = wang.isFinite ? max(1, min(Int(wang.rounded(.up)), 1000)) : 1
                for i in 1...n {
                    let t = Double(i) / Double(n), s = 1 - t
                    let a = s * s * s, b = 3 * s * s * t, c = 3 * s * t * t, d = t * t * t
                    points.append(Point(a * p0.x + b * c1.x + c * c2.x + d * p3.x, a * p0.y + b * c1.y + c * c2.y + d * p3.y))
                }
            case .close:
                closed = true
                let first = points.first
                finish()
                if let first { points = [first] }
                closed = false
            }
        }
        finish()
        return out
    }
}

@inline(__always)
func cosApprox(_ x: Double) -> Double { sinApprox(x + .pi / 2) }

@inline(__always)
func tanApprox(_ x: Double) -> Double { sinApprox(x) / cosApprox(x) }

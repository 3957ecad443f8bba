import Foundation
internal import Raster

/// How a path's inside is decided where subpaths overlap.
/// https://developer.apple.com/documentation/coregraphics/cgpathfillrule
public enum CGPathFillRule: Int, Sendable {
    case winding = 0
    case evenOdd = 1
}

/// The shape of a stroke's open ends.
/// https://developer.apple.com/documentation/coregraphics/cglinecap
public enum CGLineCap: Int32, Sendable {
    case butt = 0
    case round = 1
    case square = 2
}

/// The shape of a stroke's corners.
/// https://developer.apple.com/documentation/coregraphics/cglinejoin
public enum CGLineJoin: Int32, Sendable {
    case miter = 0
    case round = 1
    case bevel = 2
}

/// An immutable graphics path: lines and cubic curves in subpaths, in the coordinates of the
/// layer it is given to (points, y down). Curves are cubics: a quadratic curve is raised to one,
/// an arc is written as cubics of at most a quarter turn each.
/// https://developer.apple.com/documentation/coregraphics/cgpath
/// Not Sendable, as Core Graphics has it (its Swift overlay makes only CGColor, CGImage and
/// CGColorSpace Sendable); a path is handed to layers, which stay on the main thread.
public class CGPath: Equatable, Hashable {
    var path: Path

    init(path: Path) { self.path = path }

    /// A rectangle, clockwise on screen from its top-left corner.
    /// https://developer.apple.com/documentation/coregraphics/cgpath/1411192-init
    public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        self.init(path: Path.rect(rect.standardized.raster).applying(transform?.pointee))
    }

    /// An ellipse inscribed in the rectangle.
    /// https://developer.apple.com/documentation/coregraphics/cgpath/1411177-init
    public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        self.init(path: Path.ellipse(in: rect.standardized.raster).applying(transform?.pointee))
    }

    /// A rectangle whose corners are quarter ellipses `cornerWidth` by `cornerHeight` (circular
    /// when they are equal).
    /// https://developer.apple.com/documentation/coregraphics/cgpath/1411218-init
    public convenience init(
        roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat, transform: UnsafePointer<CGAffineTransform>?
    ) {
        let m = CGMutablePath()
        m.addRoundedRect(in: rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight, transform: transform?.pointee ?? .identity)
        self.init(path: m.path)
    }

    /// True when the path has no elements.
    /// https://developer.apple.com/documentation/coregraphics/cgpath/1411149-isempty
    public var isEmpty: Bool { path.isEmpty }

    /// The smallest rectangle holding every point of the path, control points included; `.null`
    /// for an empty path.
    /// https://developer.apple.com/documentation/coregraphics/cgpath/1411165-boundingbox
    public var boundingBox: CGRect {
        path.isEmpty ? .null : CGRect(path.controlBounds)
    }

    /// The smallest rectangle holding the path's curves themselves (not their control points).
    /// https://developer.apple.com/documentation/coregraphics/cgpath/1411200-boundingboxofpath
    public var boundingBoxOfPath: CGRect {
        path.isEmpty ? .null : CGRect(path.curveBounds)
    }

    /// The point the next element would start from; `.zero` for an empty path.
    /// https://developer.apple.com/documentation/coregraphics/cgpath/1411132-currentpoint
    public var currentPoint: CGPoint { path.currentPoint.map(CGPoint.init) ?? .zero }

    /// https://developer.apple.com/documentation/coregraphics/cgpath/1411209-copy
    public func copy() -> CGPath? { CGPath(path: path) }

    /// The path with every point transformed.
    /// https://developer.apple.com/documentation/coregraphics/cgpath/1411155-copy
    public func copy(using transform: UnsafePointer<CGAffineTransform>?) -> CGPath? { CGPath(path: path.applying(transform?.pointee)) }

    /// https://developer.apple.com/documentation/coregraphics/cgpath/1411163-mutablecopy
    public func mutableCopy() -> CGMutablePath? { CGMutablePath(path: path) }

    /// https://developer.apple.com/documentation/coregraphics/cgpath/1411150-mutablecopy
    public func mutableCopy(using transform: UnsafePointer<CGAffineTransform>?) -> CGMutablePath? {
        CGMutablePath(path: path.applying(transform?.pointee))
    }

    /// True when `point` is inside the path by `rule` (its curves flattened to a hundredth of a point).
    /// https://developer.apple.com/documentation/coregraphics/cgpath/2427117-contains
    public func contains(_ point: CGPoint, using rule: CGPathFillRule = .winding, transform: CGAffineTransform = .identity) -> Bool {
        let p = point.raster
        var winding = 0
        for line in path.applying(transform).flattened(tolerance: 0.01) {
            for i in line.points.indices {
                let a = line.points[i], b = line.points[(i + 1) % line.points.count]
                guard (a.y <= p.y) != (b.y <= p.y) else { continue }
                let x = a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x)
                if x > p.x { winding += a.y < b.y ? 1 : -1 }
            }
        }
        return rule == .evenOdd ? winding & 1 != 0 : winding != 0
    }

    public static func == (a: CGPath, b: CGPath) -> Bool { a.path == b.path }
    public func hash(into h: inout Hasher) { h.combine(path) }
}

/// A mutable graphics path. Each `transform` is applied to the points as they are added.
/// https://developer.apple.com/documentation/coregraphics/cgmutablepath
public final class CGMutablePath: CGPath {
    /// https://developer.apple.com/documentation/coregraphics/cgmutablepath/1411212-init
    public init() { super.init(path: Path()) }

    override init(path: Path) { super.init(path: path) }

    /// Starts a new subpath at `point`.
    /// https://developer.apple.com/documentation/coregraphics/cgmutablepath/2427121-move
    public func move(to point: CGPoint, transform: CGAffineTransform = .identity) {
        path.move(to: point.applying(transform).raster)
    }

    /// A straight line from the current point to `point`.
    /// https://developer.apple.com/documentation/coregraphics/cgmutablepath/2427113-addline
    public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {
        path.addLine(to: point.applying(transform).raster)
    }

    /// Lines through `points`: a move to the first, a line to each of the others.
    /// https://developer.apple.com/documentation/coregraphics/cgmutablepath/2427125-addlines
    public func addLines(between points: [CGPoint], transform: CGAffineTransform = .identity) {
        guard let first = points.first else { return }
        move(to: first, transform: transform)
        for p in points.dropFirst() { addLine(to: p, transform: transform) }
    }

    /// A cubic Bézier curve from the current point to `end`.
    /// https://developer.apple.com/documentation/coregraphics/cgmutablepath/2427140-addcurve
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint, transform: CGAffineTransform = .identity) {
        path.addCurve(
            to: end.applying(transform).raster, control1: control1.applying(transform).raster, control2: control2.applying(transform).raster)
    }

    /// A quadratic Bézier curve from the current point to `end`.
    /// https://developer.apple.com/documentation/coregraphics/cgmutablepath/2427112-addquadcurve
    public func addQuadCurve(to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity) {
        path.addQuadCurve(to: end.applying(transform).raster, control: control.applying(transform).raster)
    }

    /// An arc of a circle, a line joining the current point to its start. `clockwise` is in Core
    /// Graphics' unflipped space (y up), so in UIKit's y-down coordinates `clockwise: true` turns
    /// counterclockwise on screen (UIBezierPath's `clockwise` is the other way round).
    /// https://developer.apple.com/documentation/coregraphics/cgmutablepath/2427128-addarc
    public func addArc(
        center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool, transform: CGAffineTransform = .identity
    ) {
        var arc = Path()
        arc.addArc(
            center: center.raster, radius: Double(abs(radius)), startAngle: Double(startAngle), endAngle: Double(endAngle), clockwise: !clockwise)
        append(arc, transform: transform, connect: true)
    }

    /// A circular arc of `radius` tangent to the line from the current point to `tangent1End` and
    /// to the line from there to `tangent2End`, a line joining the current point to its start.
    /// https://developer.apple.com/documentation/coregraphics/cgmutablepath/2427107-addarc
    public func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat, transform: CGAffineTransform = .identity) {
        guard let current = path.currentPoint else { return }
        let p0 = current.applying(transform.inverted()), p1 = tangent1End.raster, p2 = tangent2End.raster
        let (ux, uy) = (p0.x - p1.x, p0.y - p1.y), (vx, vy) = (p2.x - p1.x, p2.y - p1.y)
        let lu = (ux * ux + uy * uy).squareRoot(), lv = (vx * vx + vy * vy).squareRoot()
        let cross = ux * vy - uy * vx
        // Collinear points or no radius: a straight line to the corner.
        guard lu > 0, lv > 0, abs(cross) > 1e-12 * lu * lv, radius > 0 else { return addLine(to: tangent1End, transform: transform) }
        let cosTheta = min(max((ux * vx + uy * vy) / (lu * lv), -1), 1)
        let half = acos(cosTheta) / 2
        let r = Double(radius), d = r / tan(half)
        let t1 = Point(p1.x + ux / lu * d, p1.y + uy / lu * d), t2 = Point(p1.x + vx / lv * d, p1.y + vy / lv * d)
        // The centre lies along the bisector, r / sin(half) from the corner.
        let bx = ux / lu + vx / lv, by = uy / lu + vy / lv, bl = (bx * bx + by * by).squareRoot()
        let c = Point(p1.x + bx / bl * r / sin(half), p1.y + by / bl * r / sin(half))
        var arc = Path()
        arc.addArc(
            center: c, radius: r, startAngle: atan2(t1.y - c.y, t1.x - c.x), endAngle: atan2(t2.y - c.y, t2.x - c.x),
            clockwise: cross < 0)
        append(arc, transform: transform, connect: true)
    }

    /// An arc from `startAngle` turning by `delta` radians (positive: counterclockwise on screen
    /// in UIKit's coordinates, as `addArc(center:...:clockwise: false)`).
    /// https://developer.apple.com/documentation/coregraphics/cgmutablepath/2427136-addrelativearc
    public func addRelativeArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, delta: CGFloat, transform: CGAffineTransform = .identity) {
        addArc(center: center, radius: radius, startAngle: startAngle, endAngle: startAngle + delta, clockwise: delta < 0, transform: transform)
    }

    /// A closed rectangle subpath.
    /// https://developer.apple.com/documentation/coregraphics/cgmutablepath/2427117-addrect
    public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        append(Path.rect(rect.standardized.raster), transform: transform, connect: false)
    }

    /// https://developer.apple.com/documentation/coregraphics/cgmutablepath/2427138-addrects
    public func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
        for r in rects { addRect(r, transform: transform) }
    }

    /// A closed rounded rectangle whose corners are quarter ellipses `cornerWidth` by
    /// `cornerHeight` (each at most half the rectangle's side).
    /// https://developer.apple.com/documentation/coregraphics/cgmutablepath/2427120-addroundedrect
    public func addRoundedRect(in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat, transform: CGAffineTransform = .identity) {
        let r = rect.standardized.raster
        let w = max(0, min(Double(cornerWidth), r.width / 2)), h = max(0, min(Double(cornerHeight), r.height / 2))
        guard w > 0, h > 0 else { return addRect(rect, transform: transform) }
        // Quarter ellipses as cubics with the usual 0.5523 handle length.
        var p = Path()
        let k = 0.5522847498307936
        p.move(to: Point(r.minX + w, r.minY))
        p.addLine(to: Point(r.maxX - w, r.minY))
        p.addCurve(to: Point(r.maxX, r.minY + h), control1: Point(r.maxX - w + k * w, r.minY), control2: Point(r.maxX, r.minY + h - k * h))
        p.addLine(to: Point(r.maxX, r.maxY - h))
        p.addCurve(to: Point(r.maxX - w, r.maxY), control1: Point(r.maxX, r.maxY - h + k * h), control2: Point(r.maxX - w + k * w, r.maxY))
        p.addLine(to: Point(r.minX + w, r.maxY))
        p.addCurve(to: Point(r.minX, r.maxY - h), control1: Point(r.minX + w - k * w, r.maxY), control2: Point(r.minX, r.maxY - h + k * h))
        p.addLine(to: Point(r.minX, r.minY + h))
        p.addCurve(to: Point(r.minX + w, r.minY), control1: Point(r.minX, r.minY + h - k * h), control2: Point(r.minX + w - k * w, r.minY))
        p.closeSubpath()
        append(p, transform: transform, connect: false)
    }

    /// A closed ellipse inscribed in `rect`.
    /// https://developer.apple.com/documentation/coregraphics/cgmutablepath/2427139-addellipse
    public func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        append(Path.ellipse(in: rect.standardized.raster), transform: transform, connect: false)
    }

    /// `path`'s subpaths appended.
    /// https://developer.apple.com/documentation/coregraphics/cgmutablepath/2427126-addpath
    public func addPath(_ path: CGPath, transform: CGAffineTransform = .identity) {
        append(path.path, transform: transform, connect: false)
    }

    /// Closes the current subpath with a line to its start.
    /// https://developer.apple.com/documentation/coregraphics/cgmutablepath/1411188-closesubpath
    public func closeSubpath() { path.closeSubpath() }

    /// Appends `piece` transformed; `connect`: its first move joins the current point with a line.
    func append(_ piece: Path, transform: CGAffineTransform, connect: Bool) {
        for (i, element) in piece.applying(transform).elements.enumerated() {
            switch element {
            case .move(let p) where i == 0 && connect && path.currentPoint != nil: path.addLine(to: p)
            case .move(let p): path.move(to: p)
            case .line(let p): path.addLine(to: p)
            case .cubic(let c1, let c2, let p): path.addCurve(to: p, control1: c1, control2: c2)
            case .close: path.closeSubpath()
            }
        }
    }
}

extension CGPoint {
    var raster: Point { Point(Double(x), Double(y)) }
    init(_ p: Point) { self.init(x: CGFloat(p.x), y: CGFloat(p.y)) }
}

extension Point {
    func applying(_ t: CGAffineTransform) -> Point { CGPoint(self).applying(t).raster }
}

extension CGRect {
    var raster: Rect { Rect(x: Double(minX), y: Double(minY), width: Double(width), height: Double(height)) }
}

extension Path {
    /// The path with `t` applied (nil: as it is).
    func applying(_ t: CGAffineTransform?) -> Path {
        guard let t, !t.isIdentity else { return self }
        return applying(Transform(a: Double(t.a), b: Double(t.b), c: Double(t.c), d: Double(t.d), tx: Double(t.tx), ty: Double(t.ty)))
    }
}

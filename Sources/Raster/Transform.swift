/// A 2D affine transform: `x' = a*x + c*y + tx`, `y' = b*x + d*y + ty` (Core Graphics' layout).
///
/// `translated`, `scaled` and `concatenating` follow Core Animation's reading of "translate then
/// scale" in the effects: `Transform.identity.scaled(s, s).translated(0, t)` scales a point about the
/// origin and *then* translates it, so the translation is not scaled.
public struct Transform: Hashable, Sendable, CustomStringConvertible {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    public static let identity = Transform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    public static func translation(_ tx: Double, _ ty: Double) -> Transform {
        Transform(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
    }

    public static func scale(_ sx: Double, _ sy: Double) -> Transform {
        Transform(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// `self` applied first, then `other`.
    public func concatenating(_ other: Transform) -> Transform {
        Transform(
            a: a * other.a + b * other.c,
            b: a * other.b + b * other.d,
            c: c * other.a + d * other.c,
            d: c * other.b + d * other.d,
            tx: tx * other.a + ty * other.c + other.tx,
            ty: tx * other.b + ty * other.d + other.ty)
    }

    /// This transform followed by a translation.
    public func translated(_ dx: Double, _ dy: Double) -> Transform {
        concatenating(.translation(dx, dy))
    }

    /// This transform followed by a scale about the origin.
    public func scaled(_ sx: Double, _ sy: Double) -> Transform {
        concatenating(.scale(sx, sy))
    }

    public func apply(_ p: Point) -> Point {
        Point(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty)
    }

    /// True when the transform keeps rectangles axis-aligned (no rotation or skew).
    public var isAxisAligned: Bool { b == 0 && c == 0 }

    /// True when the transform only scales (by zero or more) and translates: no turn, shear or flip.
    public var isUpright: Bool { b == 0 && c == 0 && a >= 0 && d >= 0 }

    /// The transform that undoes this one; nil when it flattens the plane (determinant 0).
    public var inverted: Transform? {
        let det = a * d - b * c
        guard det != 0, det.isFinite else { return nil }
        return Transform(a: d / det, b: -b / det, c: -c / det, d: a / det, tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
    }

    /// The bounding box of a rectangle's image.
    public func apply(_ r: Rect) -> Rect {
        let p = [
            apply(Point(r.minX, r.minY)), apply(Point(r.maxX, r.minY)),
            apply(Point(r.minX, r.maxY)), apply(Point(r.maxX, r.maxY)),
        ]
        let xs = p.map(\.x), ys = p.map(\.y)
        let x0 = xs.min()!, y0 = ys.min()!
        return Rect(x: x0, y: y0, width: xs.max()! - x0, height: ys.max()! - y0)
    }

    /// The factor by which lengths along x and y grow (for axis-aligned transforms, |a| and |d|).
    public var scaleX: Double { (a * a + b * b).squareRoot() }
    public var scaleY: Double { (c * c + d * d).squareRoot() }

    public var description: String { "[\(a) \(b) \(c) \(d) \(tx) \(ty)]" }
}

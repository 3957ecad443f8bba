import Foundation

/// An affine transformation matrix for use in drawing 2D graphics.
///
/// `x' = a*x + c*y + tx`, `y' = b*x + d*y + ty`, as Core Graphics lays it out.
/// https://developer.apple.com/documentation/corefoundation/cgaffinetransform
public struct CGAffineTransform: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var a: CGFloat
    public var b: CGFloat
    public var c: CGFloat
    public var d: CGFloat
    public var tx: CGFloat
    public var ty: CGFloat

    /// The identity transform.
    public init() { self.init(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0) }

    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    /// https://developer.apple.com/documentation/corefoundation/cgaffinetransform/1455822-init
    public init(translationX tx: CGFloat, y ty: CGFloat) { self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty) }

    /// https://developer.apple.com/documentation/corefoundation/cgaffinetransform/1455016-init
    public init(scaleX sx: CGFloat, y sy: CGFloat) { self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0) }

    /// A rotation by `angle` radians; positive angles turn clockwise on the screen (y down), as in UIKit.
    /// https://developer.apple.com/documentation/corefoundation/cgaffinetransform/1455666-init
    public init(rotationAngle angle: CGFloat) {
        let s = CGFloat(Foundation.sin(Double(angle))), c = CGFloat(Foundation.cos(Double(angle)))
        self.init(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
    }

    public static let identity = CGAffineTransform()

    public var isIdentity: Bool { self == .identity }

    /// `self` applied first, then `t2` (CGAffineTransformConcat(self, t2)).
    /// https://developer.apple.com/documentation/corefoundation/cgaffinetransform/1455996-concatenating
    public func concatenating(_ t2: CGAffineTransform) -> CGAffineTransform {
        CGAffineTransform(
            a: a * t2.a + b * t2.c, b: a * t2.b + b * t2.d,
            c: c * t2.a + d * t2.c, d: c * t2.b + d * t2.d,
            tx: tx * t2.a + ty * t2.c + t2.tx, ty: tx * t2.b + ty * t2.d + t2.ty)
    }

    /// The inverse; a transform that cannot be inverted is returned unchanged, as Core Graphics does.
    /// https://developer.apple.com/documentation/corefoundation/cgaffinetransform/1455264-inverted
    public func inverted() -> CGAffineTransform {
        let det = a * d - b * c
        guard det != 0, det.isFinite else { return self }
        return CGAffineTransform(
            a: d / det, b: -b / det, c: -c / det, d: a / det,
            tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
    }

    /// A translation by (tx, ty) applied first, then `self` (CGAffineTransformTranslate).
    /// https://developer.apple.com/documentation/corefoundation/cgaffinetransform/1455822-translatedby
    public func translatedBy(x tx: CGFloat, y ty: CGFloat) -> CGAffineTransform {
        CGAffineTransform(translationX: tx, y: ty).concatenating(self)
    }

    /// A scale applied first, then `self` (CGAffineTransformScale).
    /// https://developer.apple.com/documentation/corefoundation/cgaffinetransform/1455882-scaledby
    public func scaledBy(x sx: CGFloat, y sy: CGFloat) -> CGAffineTransform {
        CGAffineTransform(scaleX: sx, y: sy).concatenating(self)
    }

    /// A rotation applied first, then `self` (CGAffineTransformRotate).
    /// https://developer.apple.com/documentation/corefoundation/cgaffinetransform/1455962-rotated
    public func rotated(by angle: CGFloat) -> CGAffineTransform {
        CGAffineTransform(rotationAngle: angle).concatenating(self)
    }

    public var description: String { "CGAffineTransform(a: \(a), b: \(b), c: \(c), d: \(d), tx: \(tx), ty: \(ty))" }
}

extension CGPoint {
    /// https://developer.apple.com/documentation/corefoundation/cgpoint/1454251-applying
    public func applying(_ t: CGAffineTransform) -> CGPoint {
        CGPoint(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
    }
}

extension CGSize {
    /// The transform's linear part applied to the size (the translation ignored).
    /// https://developer.apple.com/documentation/corefoundation/cgsize/1454806-applying
    public func applying(_ t: CGAffineTransform) -> CGSize {
        CGSize(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
    }
}

extension CGRect {
    /// The smallest rectangle that contains the transformed corners of this rectangle.
    /// https://developer.apple.com/documentation/corefoundation/cgrect/1455875-applying
    public func applying(_ t: CGAffineTransform) -> CGRect {
        let r = standardized
        let corners = [
            CGPoint(x: r.minX, y: r.minY).applying(t), CGPoint(x: r.maxX, y: r.minY).applying(t),
            CGPoint(x: r.minX, y: r.maxY).applying(t), CGPoint(x: r.maxX, y: r.maxY).applying(t),
        ]
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let x0 = xs.min()!, y0 = ys.min()!
        return CGRect(x: x0, y: y0, width: xs.max()! - x0, height: ys.max()! - y0)
    }
}

/// A structure that contains a two-dimensional vector.
/// https://developer.apple.com/documentation/corefoundation/cgvector
public struct CGVector: Equatable, Hashable, Sendable {
    public var dx: CGFloat
    public var dy: CGFloat
    public init() { dx = 0; dy = 0 }
    public init(dx: CGFloat, dy: CGFloat) { self.dx = dx; self.dy = dy }
    public init(dx: Double, dy: Double) { self.dx = CGFloat(dx); self.dy = CGFloat(dy) }
    public init(dx: Int, dy: Int) { self.dx = CGFloat(dx); self.dy = CGFloat(dy) }
    public static let zero = CGVector()
}

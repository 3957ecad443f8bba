import Foundation

/// The standard transform matrix used throughout Core Animation: a 4x4 matrix applied to row
/// vectors, `[x y z 1] * M`, so `m41`, `m42`, `m43` are the translation and `m34` the
/// perspective term.
/// https://developer.apple.com/documentation/quartzcore/catransform3d
public struct CATransform3D: Equatable, Hashable, Sendable {
    public var m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat
    public var m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat
    public var m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat
    public var m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat

    /// The zero matrix, as Swift's imported C structure starts.
    public init() {
        (m11, m12, m13, m14) = (0, 0, 0, 0)
        (m21, m22, m23, m24) = (0, 0, 0, 0)
        (m31, m32, m33, m34) = (0, 0, 0, 0)
        (m41, m42, m43, m44) = (0, 0, 0, 0)
    }

    public init(
        m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat,
        m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat,
        m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat,
        m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat
    ) {
        (self.m11, self.m12, self.m13, self.m14) = (m11, m12, m13, m14)
        (self.m21, self.m22, self.m23, self.m24) = (m21, m22, m23, m24)
        (self.m31, self.m32, self.m33, self.m34) = (m31, m32, m33, m34)
        (self.m41, self.m42, self.m43, self.m44) = (m41, m42, m43, m44)
    }

    /// `a` then `b`: the product a * b (no arrays: user code calls it every frame).
    static func product(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D {
        func row(_ x1: CGFloat, _ x2: CGFloat, _ x3: CGFloat, _ x4: CGFloat) -> (CGFloat, CGFloat, CGFloat, CGFloat) {
            (
                x1 * b.m11 + x2 * b.m21 + x3 * b.m31 + x4 * b.m41, x1 * b.m12 + x2 * b.m22 + x3 * b.m32 + x4 * b.m42,
                x1 * b.m13 + x2 * b.m23 + x3 * b.m33 + x4 * b.m43, x1 * b.m14 + x2 * b.m24 + x3 * b.m34 + x4 * b.m44
            )
        }
        var t = CATransform3D()
        (t.m11, t.m12, t.m13, t.m14) = row(a.m11, a.m12, a.m13, a.m14)
        (t.m21, t.m22, t.m23, t.m24) = row(a.m21, a.m22, a.m23, a.m24)
        (t.m31, t.m32, t.m33, t.m34) = row(a.m31, a.m32, a.m33, a.m34)
        (t.m41, t.m42, t.m43, t.m44) = row(a.m41, a.m42, a.m43, a.m44)
        return t
    }

    var rows: [[CGFloat]] { [[m11, m12, m13, m14], [m21, m22, m23, m24], [m31, m32, m33, m34], [m41, m42, m43, m44]] }

    init(rows r: [[CGFloat]]) {
        self.init(
            m11: r[0][0], m12: r[0][1], m13: r[0][2], m14: r[0][3], m21: r[1][0], m22: r[1][1], m23: r[1][2], m24: r[1][3],
            m31: r[2][0], m32: r[2][1], m33: r[2][2], m34: r[2][3], m41: r[3][0], m42: r[3][1], m43: r[3][2], m44: r[3][3])
    }
}

/// The identity transform: [1 0 0 0; 0 1 0 0; 0 0 1 0; 0 0 0 1].
/// https://developer.apple.com/documentation/quartzcore/catransform3didentity
public let CATransform3DIdentity = CATransform3D(
    m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0,
    m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)

/// https://developer.apple.com/documentation/quartzcore/1522348-catransform3disidentity
public func CATransform3DIsIdentity(_ t: CATransform3D) -> Bool { t == CATransform3DIdentity }

/// https://developer.apple.com/documentation/quartzcore/1522356-catransform3dequaltotransform
public func CATransform3DEqualToTransform(_ a: CATransform3D, _ b: CATransform3D) -> Bool { a == b }

/// A translation by (tx, ty, tz).
/// https://developer.apple.com/documentation/quartzcore/1522186-catransform3dmaketranslation
public func CATransform3DMakeTranslation(_ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    var t = CATransform3DIdentity
    (t.m41, t.m42, t.m43) = (tx, ty, tz)
    return t
}

/// A scale by (sx, sy, sz).
/// https://developer.apple.com/documentation/quartzcore/1522230-catransform3dmakescale
public func CATransform3DMakeScale(_ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    var t = CATransform3DIdentity
    (t.m11, t.m22, t.m33) = (sx, sy, sz)
    return t
}

/// A rotation of `angle` radians about the vector (x, y, z); a zero vector gives the identity.
/// About the z axis, positive angles turn clockwise on the screen, as in UIKit.
/// https://developer.apple.com/documentation/quartzcore/1522087-catransform3dmakerotation
public func CATransform3DMakeRotation(_ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    let length = (x * x + y * y + z * z).squareRoot()
    guard length > 0, length.isFinite else { return CATransform3DIdentity }
    let (ux, uy, uz) = (x / length, y / length, z / length)
    let c = CGFloat(Foundation.cos(Double(angle))), s = CGFloat(Foundation.sin(Double(angle))), k = 1 - c
    return CATransform3D(
        m11: c + ux * ux * k, m12: ux * uy * k + uz * s, m13: ux * uz * k - uy * s, m14: 0,
        m21: uy * ux * k - uz * s, m22: c + uy * uy * k, m23: uy * uz * k + ux * s, m24: 0,
        m31: uz * ux * k + uy * s, m32: uz * uy * k - ux * s, m33: c + uz * uz * k, m34: 0,
        m41: 0, m42: 0, m43: 0, m44: 1)
}

/// `a` then `b` (the product a * b).
/// https://developer.apple.com/documentation/quartzcore/1522275-catransform3dconcat
public func CATransform3DConcat(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D { CATransform3D.product(a, b) }

/// A translation applied first, then `t`: translate(tx, ty, tz) * t.
/// https://developer.apple.com/documentation/quartzcore/1522167-catransform3dtranslate
public func CATransform3DTranslate(_ t: CATransform3D, _ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    CATransform3DConcat(CATransform3DMakeTranslation(tx, ty, tz), t)
}

/// A scale applied first, then `t`: scale(sx, sy, sz) * t.
/// https://developer.apple.com/documentation/quartzcore/1522168-catransform3dscale
public func CATransform3DScale(_ t: CATransform3D, _ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    CATransform3DConcat(CATransform3DMakeScale(sx, sy, sz), t)
}

/// A rotation applied first, then `t`: rotation(angle, x, y, z) * t.
/// https://developer.apple.com/documentation/quartzcore/1522112-catransform3drotate
public func CATransform3DRotate(_ t: CATransform3D, _ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    CATransform3DConcat(CATransform3DMakeRotation(angle, x, y, z), t)
}

/// The inverse, or `t` unchanged when it has none (as Core Animation does).
/// https://developer.apple.com/documentation/quartzcore/1522169-catransform3dinvert
public func CATransform3DInvert(_ t: CATransform3D) -> CATransform3D {
    var m = t.rows.map { $0.map { Double($0) } }
    var inv = (0..<4).map { i in (0..<4).map { j in i == j ? 1.0 : 0.0 } }
    for col in 0..<4 {
        guard let pivot = (col..<4).max(by: { abs(m[$0][col]) < abs(m[$1][col]) }), abs(m[pivot][col]) > 1e-12 else { return t }
        m.swapAt(col, pivot); inv.swapAt(col, pivot)
        let p = m[col][col]
        for j in 0..<4 { m[col][j] /= p; inv[col][j] /= p }
        for i in 0..<4 where i != col {
            let f = m[i][col]
            guard f != 0 else { continue }
            for j in 0..<4 { m[i][j] -= f * m[col][j]; inv[i][j] -= f * inv[col][j] }
        }
    }
    return CATransform3D(rows: inv.map { $0.map { CGFloat($0) } })
}

/// The transform as a 3D one (m11 = a, m12 = b, m21 = c, m22 = d, m41 = tx, m42 = ty).
/// https://developer.apple.com/documentation/quartzcore/1522325-catransform3dmakeaffinetransform
public func CATransform3DMakeAffineTransform(_ m: CGAffineTransform) -> CATransform3D {
    var t = CATransform3DIdentity
    (t.m11, t.m12, t.m21, t.m22, t.m41, t.m42) = (m.a, m.b, m.c, m.d, m.tx, m.ty)
    return t
}

/// True when the transform is an affine one in the screen's plane (no perspective, no z terms).
/// https://developer.apple.com/documentation/quartzcore/1522218-catransform3disaffine
public func CATransform3DIsAffine(_ t: CATransform3D) -> Bool {
    t.m13 == 0 && t.m14 == 0 && t.m23 == 0 && t.m24 == 0 && t.m31 == 0 && t.m32 == 0
        && t.m33 == 1 && t.m34 == 0 && t.m43 == 0 && t.m44 == 1
}

/// The affine part: the transform as it acts on the screen's plane, z and perspective dropped.
/// https://developer.apple.com/documentation/quartzcore/1522123-catransform3dgetaffinetransform
public func CATransform3DGetAffineTransform(_ t: CATransform3D) -> CGAffineTransform {
    CGAffineTransform(a: t.m11, b: t.m12, c: t.m21, d: t.m22, tx: t.m41, ty: t.m42)
}

extension CATransform3D {
    /// What this transform does that a flat drawing cannot show: perspective (m34, m14, m24) or a
    /// turn out of the screen's plane; nil when the affine part is the whole of it (z terms that
    /// only move or scale along z do not change the picture).
    var partNotDrawn: String? {
        if m14 != 0 || m24 != 0 || m34 != 0 { return "a perspective (m34 = \(m34))" }
        if m13 != 0 || m23 != 0 || m31 != 0 || m32 != 0 { return "a rotation out of the screen's plane" }
        return nil
    }
}

import Foundation
internal import Raster

/// A value a Core Animation animation goes through, of the kind its key path names.
enum CAValue {
    case number(Double)
    case point(CGPoint)
    case size(CGSize)
    case rect(CGRect)
    case transform(CATransform3D)
    case color(CGColor?)
    case colors([CGColor])
    case numbers([Double])
    case path(CGPath?)

    enum Kind { case number, point, size, rect, transform, color, colors, numbers, path }

    /// The kind of value a layer key path takes (nil: a key path that is not drawn).
    static func kind(_ keyPath: String) -> Kind? {
        switch keyPath {
        case "position", "bounds.origin", "anchorPoint", "startPoint", "endPoint": return .point
        case "bounds.size", "shadowOffset", "transform.translation": return .size
        case "bounds": return .rect
        case "transform": return .transform
        case "backgroundColor", "borderColor", "shadowColor", "fillColor", "strokeColor": return .color
        case "colors": return .colors
        case "locations": return .numbers
        case "path": return .path
        case "position.x", "position.y", "bounds.origin.x", "bounds.origin.y", "bounds.size.width", "bounds.size.height", "opacity",
            "cornerRadius", "borderWidth", "shadowOpacity", "shadowRadius", "strokeStart", "strokeEnd", "lineWidth", "zPosition",
            "transform.scale", "transform.scale.x", "transform.scale.y", "transform.rotation", "transform.rotation.z",
            "transform.translation.x", "transform.translation.y", "lineDashPhase", "shadowOffset.width", "shadowOffset.height":
            return .number
        default: return nil
        }
    }

    /// The part of a layer's drawing a key path changes.
    static func drawnPart(_ keyPath: String) -> String {
        switch keyPath {
        case "strokeStart", "strokeEnd", "lineWidth", "fillColor", "strokeColor", "path", "lineDashPhase", "colors", "locations", "startPoint",
            "endPoint":
            return "contents"
        default: return String(keyPath.prefix { $0 != "." })
        }
    }

    /// A value given to an animation (`fromValue`, a keyframe's value) as the kind the key path
    /// takes: numbers as CGFloat, Double, Float, Int or NSNumber; points, sizes, rects, transforms
    /// (CATransform3D or CGAffineTransform), CGColors, arrays of CGColors or numbers, CGPaths.
    init?(_ any: Any?, kind: Kind) {
        guard let any else { return nil }
        func number(_ x: Any) -> Double? {
            switch x {
            case let v as Double: return v
            case let v as CGFloat: return Double(v)
            case let v as Float: return Double(v)
            case let v as Int: return Double(v)
            case let v as NSNumber: return v.doubleValue
            default: return nil
            }
        }
        switch kind {
        case .number:
            guard let v = number(any) else { return nil }
            self = .number(v)
        case .point:
            guard let v = any as? CGPoint else { return nil }
            self = .point(v)
        case .size:
            guard let v = any as? CGSize else { return nil }
            self = .size(v)
        case .rect:
            guard let v = any as? CGRect else { return nil }
            self = .rect(v)
        case .transform:
            if let v = any as? CATransform3D {
                self = .transform(v)
            } else if let v = any as? CGAffineTransform {
                self = .transform(CATransform3DMakeAffineTransform(v))
            } else {
                return nil
            }
        case .color:
            guard let v = any as? CGColor else { return nil }
            self = .color(v)
        case .colors:
            guard let list = any as? [Any] else { return nil }
            let colors = list.compactMap { $0 as? CGColor }
            guard colors.count == list.count else { return nil }
            self = .colors(colors)
        case .numbers:
            guard let list = any as? [Any] else { return nil }
            let values = list.compactMap(number)
            guard values.count == list.count else { return nil }
            self = .numbers(values)
        case .path:
            guard let v = any as? CGPath else { return nil }
            self = .path(v)
        }
    }

    /// The value as an animation's `Any` (what `presentation()` properties hold).
    var any: Any? {
        switch self {
        case .number(let v): return CGFloat(v)
        case .point(let v): return v
        case .size(let v): return v
        case .rect(let v): return v
        case .transform(let v): return v
        case .color(let v): return v
        case .colors(let v): return v
        case .numbers(let v): return v.map { NSNumber(value: $0) }
        case .path(let v): return v
        }
    }

    // MARK: Arithmetic

    /// The value at progress p from a to b (p may pass 1: a spring overshoots). Transforms go by
    /// their decomposed parts (Interpolate.transform); colors through premultiplied alpha, clamped;
    /// paths point by point when they have the same elements (else b from the end).
    static func lerp(_ a: CAValue, _ b: CAValue, _ p: Double) -> CAValue {
        func n(_ x: Double, _ y: Double) -> Double { x + (y - x) * p }
        func g(_ x: CGFloat, _ y: CGFloat) -> CGFloat { x + (y - x) * CGFloat(p) }
        switch (a, b) {
        case (.number(let x), .number(let y)): return .number(n(x, y))
        case (.point(let x), .point(let y)): return .point(CGPoint(x: g(x.x, y.x), y: g(x.y, y.y)))
        case (.size(let x), .size(let y)): return .size(CGSize(width: g(x.width, y.width), height: g(x.height, y.height)))
        case (.rect(let x), .rect(let y)):
            return .rect(CGRect(x: g(x.minX, y.minX), y: g(x.minY, y.minY), width: g(x.width, y.width), height: g(x.height, y.height)))
        case (.transform(let x), .transform(let y)): return .transform(Interpolate.transform(x, y, p))
        case (.color(let x), .color(let y)): return .color(color(x, y, p))
        case (.colors(let x), .colors(let y)) where x.count == y.count: return .colors(zip(x, y).map { color($0, $1, p) ?? .clear })
        case (.numbers(let x), .numbers(let y)) where x.count == y.count: return .numbers(zip(x, y).map { n($0, $1) })
        case (.path(let x?), .path(let y?)):
            guard let path = pathLerp(x.path, y.path, p) else { return p < 1 ? a : b }
            return .path(CGPath(path: path))
        default: return p < 1 ? a : b
        }
    }

    /// Colors through premultiplied alpha (a fade from clear keeps the target's hue); nil is clear.
    static func color(_ a: CGColor?, _ b: CGColor?, _ p: Double) -> CGColor? {
        let q = CGFloat(min(max(p, 0), 1))
        let x = a?.rgba ?? (0, 0, 0, 0), y = b?.rgba ?? (0, 0, 0, 0)
        let alpha = x.3 + (y.3 - x.3) * q
        guard alpha > 0 else { return .clear }
        func c(_ u: CGFloat, _ v: CGFloat) -> CGFloat { min(max((u * x.3 + (v * y.3 - u * x.3) * q) / alpha, 0), 1) }
        return CGColor(red: c(x.0, y.0), green: c(x.1, y.1), blue: c(x.2, y.2), alpha: alpha)
    }

    private static func pathLerp(_ a: Path, _ b: Path, _ p: Double) -> Path? {
        guard a.elements.count == b.elements.count else { return nil }
        func m(_ x: Point, _ y: Point) -> Point { Point(x.x + (y.x - x.x) * p, x.y + (y.y - x.y) * p) }
        var out: [Path.Element] = []
        for (x, y) in zip(a.elements, b.elements) {
            switch (x, y) {
            case (.move(let u), .move(let v)): out.append(.move(m(u, v)))
            case (.line(let u), .line(let v)): out.append(.line(m(u, v)))
            case (.cubic(let u1, let u2, let u), .cubic(let v1, let v2, let v)): out.append(.cubic(m(u1, v1), m(u2, v2), m(u, v)))
            case (.close, .close): out.append(.close)
            default: return nil
            }
        }
        return Path(out)
    }

    /// a + b: `byValue` and additive animations (transforms concatenated: b applied after a).
    static func add(_ a: CAValue, _ b: CAValue) -> CAValue {
        switch (a, b) {
        case (.number(let x), .number(let y)): return .number(x + y)
        case (.point(let x), .point(let y)): return .point(CGPoint(x: x.x + y.x, y: x.y + y.y))
        case (.size(let x), .size(let y)): return .size(CGSize(width: x.width + y.width, height: x.height + y.height))
        case (.rect(let x), .rect(let y)): return .rect(CGRect(x: x.minX + y.minX, y: x.minY + y.minY, width: x.width + y.width, height: x.height + y.height))
        case (.transform(let x), .transform(let y)): return .transform(CATransform3DConcat(x, y))
        case (.color(let x), .color(let y)):
            let u = x?.rgba ?? (0, 0, 0, 0), v = y?.rgba ?? (0, 0, 0, 0)
            func c(_ s: CGFloat) -> CGFloat { min(max(s, 0), 1) }
            return .color(CGColor(red: c(u.0 + v.0), green: c(u.1 + v.1), blue: c(u.2 + v.2), alpha: c(u.3 + v.3)))
        case (.numbers(let x), .numbers(let y)) where x.count == y.count: return .numbers(zip(x, y).map { $0 + $1 })
        default: return b
        }
    }

    /// a − b (a `byValue` back from `toValue`).
    static func subtract(_ a: CAValue, _ b: CAValue) -> CAValue {
        switch b {
        case .number(let y): return add(a, .number(-y))
        case .point(let y): return add(a, .point(CGPoint(x: -y.x, y: -y.y)))
        case .size(let y): return add(a, .size(CGSize(width: -y.width, height: -y.height)))
        case .rect(let y): return add(a, .rect(CGRect(x: -y.minX, y: -y.minY, width: -y.width, height: -y.height)))
        case .transform(let y): return add(a, .transform(CATransform3DInvert(y)))
        case .numbers(let y): return add(a, .numbers(y.map { -$0 }))
        default: return a
        }
    }

    /// The value's parts as numbers (the cubic and paced keyframe modes); nil for paths.
    var components: [Double]? {
        switch self {
        case .number(let v): return [v]
        case .point(let v): return [Double(v.x), Double(v.y)]
        case .size(let v): return [Double(v.width), Double(v.height)]
        case .rect(let v): return [Double(v.minX), Double(v.minY), Double(v.width), Double(v.height)]
        case .transform(let m):
            let t = CATransform3DGetAffineTransform(m)
            return [t.a, t.b, t.c, t.d, t.tx, t.ty].map { Double($0) }
        case .color(let c):
            let x = c?.rgba ?? (0, 0, 0, 0)
            return [x.0, x.1, x.2, x.3].map { Double($0) }
        case .colors(let list): return list.flatMap { [$0.rgba.0, $0.rgba.1, $0.rgba.2, $0.rgba.3].map { Double($0) } }
        case .numbers(let v): return v
        case .path: return nil
        }
    }

    /// A value of the same kind as `self` with the given parts.
    func with(_ c: [Double]) -> CAValue {
        func f(_ i: Int) -> CGFloat { CGFloat(c[i]) }
        switch self {
        case .number: return .number(c[0])
        case .point: return .point(CGPoint(x: f(0), y: f(1)))
        case .size: return .size(CGSize(width: f(0), height: f(1)))
        case .rect: return .rect(CGRect(x: f(0), y: f(1), width: f(2), height: f(3)))
        case .transform: return .transform(CATransform3DMakeAffineTransform(CGAffineTransform(a: f(0), b: f(1), c: f(2), d: f(3), tx: f(4), ty: f(5))))
        case .color:
            func u(_ i: Int) -> CGFloat { min(max(f(i), 0), 1) }
            return .color(CGColor(red: u(0), green: u(1), blue: u(2), alpha: u(3)))
        case .colors(let list):
            func u(_ i: Int) -> CGFloat { min(max(f(i), 0), 1) }
            return .colors((0..<list.count).map { CGColor(red: u(4 * $0), green: u(4 * $0 + 1), blue: u(4 * $0 + 2), alpha: u(4 * $0 + 3)) })
        case .numbers: return .numbers(c)
        case .path: return self
        }
    }

    /// The straight distance between two values (the paced modes): Euclidean over their parts.
    static func distance(_ a: CAValue, _ b: CAValue) -> Double {
        guard let x = a.components, let y = b.components, x.count == y.count else { return 0 }
        return zip(x, y).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }.squareRoot()
    }
}

extension CALayer {
    /// The value of `keyPath` on this layer (a view's background resolved with its traits).
    func caValue(_ keyPath: String, traits: UITraitCollection) -> CAValue? {
        let affine = { Interpolate.decompose(CATransform3DGetAffineTransform(self.transform)) }
        switch keyPath {
        case "position": return .point(position)
        case "position.x": return .number(Double(position.x))
        case "position.y": return .number(Double(position.y))
        case "anchorPoint": return .point(anchorPoint)
        case "bounds": return .rect(bounds)
        case "bounds.origin": return .point(bounds.origin)
        case "bounds.origin.x": return .number(Double(bounds.minX))
        case "bounds.origin.y": return .number(Double(bounds.minY))
        case "bounds.size": return .size(bounds.size)
        case "bounds.size.width": return .number(Double(bounds.width))
        case "bounds.size.height": return .number(Double(bounds.height))
        case "transform": return .transform(transform)
        case "transform.scale": return .number((affine().sx + affine().sy) / 2)
        case "transform.scale.x": return .number(affine().sx)
        case "transform.scale.y": return .number(affine().sy)
        case "transform.rotation", "transform.rotation.z": return .number(affine().angle)
        case "transform.translation": return .size(CGSize(width: affine().tx, height: affine().ty))
        case "transform.translation.x": return .number(affine().tx)
        case "transform.translation.y": return .number(affine().ty)
        case "opacity": return .number(Double(opacity))
        case "zPosition": return .number(Double(zPosition))
        case "cornerRadius": return .number(Double(cornerRadius))
        case "borderWidth": return .number(Double(borderWidth))
        case "borderColor": return .color(borderColor)
        case "backgroundColor":
            guard let owner else { return .color(backgroundColor) }
            return .color(owner.backgroundColor.map { c in let x = c.color(traits); return CGColor(byte: x) })
        case "shadowColor": return .color(shadowColor)
        case "shadowOpacity": return .number(Double(shadowOpacity))
        case "shadowRadius": return .number(Double(shadowRadius))
        case "shadowOffset": return .size(shadowOffset)
        case "shadowOffset.width": return .number(Double(shadowOffset.width))
        case "shadowOffset.height": return .number(Double(shadowOffset.height))
        default: break
        }
        if let shape = self as? CAShapeLayer {
            switch keyPath {
            case "strokeStart": return .number(Double(shape.strokeStart))
            case "strokeEnd": return .number(Double(shape.strokeEnd))
            case "lineWidth": return .number(Double(shape.lineWidth))
            case "lineDashPhase": return .number(Double(shape.lineDashPhase))
            case "fillColor": return .color(shape.fillColor)
            case "strokeColor": return .color(shape.strokeColor)
            case "path": return .path(shape.path)
            default: return nil
            }
        }
        if let gradient = self as? CAGradientLayer {
            switch keyPath {
            case "colors":
                return .colors((gradient.colors ?? []).compactMap { item -> CGColor? in
                    if let c = item as? CGColor { return c }
                    if let c = item as? UIColor { return CGColor(byte: c.color(traits)) }
                    return nil
                })
            case "locations":
                let n = gradient.colors?.count ?? 0
                return .numbers(gradient.locations?.map { $0.doubleValue } ?? (0..<n).map { n > 1 ? Double($0) / Double(n - 1) : 0 })
            case "startPoint": return .point(gradient.startPoint)
            case "endPoint": return .point(gradient.endPoint)
            default: return nil
            }
        }
        return nil
    }

    /// Sets `keyPath` to `value` (on a presentation copy: no animation is made). A transform's key
    /// paths set their part of the decomposed transform (translation, rotation, scale, shear).
    func setCAValue(_ keyPath: String, _ value: CAValue) {
        func cg(_ v: Double) -> CGFloat { CGFloat(v) }
        func setAffine(_ change: (inout (angle: Double, sx: Double, sy: Double, shear: Double, tx: Double, ty: Double)) -> Void) {
            var d = Interpolate.decompose(CATransform3DGetAffineTransform(transform))
            change(&d)
            let c = cos(d.angle), s = sin(d.angle)
            transform = CATransform3DMakeAffineTransform(
                CGAffineTransform(
                    a: cg(d.sx * c), b: cg(d.sx * s), c: cg(d.shear * c - d.sy * s), d: cg(d.shear * s + d.sy * c), tx: cg(d.tx), ty: cg(d.ty)))
        }
        switch (keyPath, value) {
        case ("position", .point(let p)): position = p
        case ("position.x", .number(let v)): position.x = cg(v)
        case ("position.y", .number(let v)): position.y = cg(v)
        case ("anchorPoint", .point(let p)): anchorPoint = p
        case ("bounds", .rect(let r)): bounds = r
        case ("bounds.origin", .point(let p)): bounds.origin = p
        case ("bounds.origin.x", .number(let v)): bounds.origin.x = cg(v)
        case ("bounds.origin.y", .number(let v)): bounds.origin.y = cg(v)
        case ("bounds.size", .size(let s)): bounds.size = s
        case ("bounds.size.width", .number(let v)): bounds.size.width = cg(v)
        case ("bounds.size.height", .number(let v)): bounds.size.height = cg(v)
        case ("transform", .transform(let m)): transform = m
        case ("transform.scale", .number(let v)): setAffine { ($0.sx, $0.sy) = (v, v) }
        case ("transform.scale.x", .number(let v)): setAffine { $0.sx = v }
        case ("transform.scale.y", .number(let v)): setAffine { $0.sy = v }
        case ("transform.rotation", .number(let v)), ("transform.rotation.z", .number(let v)): setAffine { $0.angle = v }
        case ("transform.translation", .size(let s)): setAffine { ($0.tx, $0.ty) = (Double(s.width), Double(s.height)) }
        case ("transform.translation.x", .number(let v)): setAffine { $0.tx = v }
        case ("transform.translation.y", .number(let v)): setAffine { $0.ty = v }
        case ("opacity", .number(let v)): opacity = Float(v)
        case ("zPosition", .number(let v)): zPosition = cg(v)
        case ("cornerRadius", .number(let v)): cornerRadius = cg(v)
        case ("borderWidth", .number(let v)): borderWidth = cg(v)
        case ("borderColor", .color(let c)): borderColor = c
        case ("backgroundColor", .color(let c)): backgroundColor = c
        case ("shadowColor", .color(let c)): shadowColor = c
        case ("shadowOpacity", .number(let v)): shadowOpacity = Float(v)
        case ("shadowRadius", .number(let v)): shadowRadius = cg(v)
        case ("shadowOffset", .size(let s)): shadowOffset = s
        case ("shadowOffset.width", .number(let v)): shadowOffset.width = cg(v)
        case ("shadowOffset.height", .number(let v)): shadowOffset.height = cg(v)
        default:
            if let shape = self as? CAShapeLayer {
                switch (keyPath, value) {
                case ("strokeStart", .number(let v)): shape.strokeStart = cg(v)
                case ("strokeEnd", .number(let v)): shape.strokeEnd = cg(v)
                case ("lineWidth", .number(let v)): shape.lineWidth = cg(v)
                case ("lineDashPhase", .number(let v)): shape.lineDashPhase = cg(v)
                case ("fillColor", .color(let c)): shape.fillColor = c
                case ("strokeColor", .color(let c)): shape.strokeColor = c
                case ("path", .path(let p)): shape.path = p
                default: break
                }
            } else if let gradient = self as? CAGradientLayer {
                switch (keyPath, value) {
                case ("colors", .colors(let list)): gradient.colors = list
                case ("locations", .numbers(let list)): gradient.locations = list.map { NSNumber(value: $0) }
                case ("startPoint", .point(let p)): gradient.startPoint = p
                case ("endPoint", .point(let p)): gradient.endPoint = p
                default: break
                }
            }
        }
    }
}

extension CGColor {
    /// The CGColor of a drawn color's bytes.
    convenience init(byte c: Color) {
        self.init(red: CGFloat(c.r) / 255, green: CGFloat(c.g) / 255, blue: CGFloat(c.b) / 255, alpha: CGFloat(c.a) / 255)
    }
}

import Foundation
internal import Raster

/// The corners of a rectangle that `UIBezierPath(roundedRect:byRoundingCorners:cornerRadii:)` rounds.
/// https://developer.apple.com/documentation/uikit/uirectcorner
public struct UIRectCorner: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let topLeft = UIRectCorner(rawValue: 1)
    public static let topRight = UIRectCorner(rawValue: 2)
    public static let bottomLeft = UIRectCorner(rawValue: 4)
    public static let bottomRight = UIRectCorner(rawValue: 8)
    public static let allCorners: UIRectCorner = [.topLeft, .topRight, .bottomLeft, .bottomRight]
}

/// A path of straight and curved line segments, in UIKit's coordinates (points, y down), with the
/// attributes it is stroked with: drawn through a CAShapeLayer (`cgPath`), a layer's `shadowPath`,
/// or into the current graphics context (`fill()`, `stroke()`, `addClip()`).
/// https://developer.apple.com/documentation/uikit/uibezierpath
open class UIBezierPath: NSObject {
    private var path: CGMutablePath

    /// An empty path.
    /// https://developer.apple.com/documentation/uikit/uibezierpath/1624366-init
    public override init() {
        path = CGMutablePath()
        super.init()
    }

    /// A closed rectangle, clockwise from its top-left corner.
    /// https://developer.apple.com/documentation/uikit/uibezierpath/1624346-init
    public convenience init(rect: CGRect) {
        self.init()
        path.path = Path.rect(rect.standardized.raster)
    }

    /// A closed ellipse inscribed in `rect`.
    /// https://developer.apple.com/documentation/uikit/uibezierpath/1624379-init
    public convenience init(ovalIn rect: CGRect) {
        self.init()
        path.path = Path.ellipse(in: rect.standardized.raster)
    }

    /// A rounded rectangle with continuous corners of `cornerRadius` (the curve iOS 7 and later
    /// draw, as CALayerCornerCurve.continuous; its radius is held so the corners fit).
    /// https://developer.apple.com/documentation/uikit/uibezierpath/1624356-init
    public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        self.init()
        path.path = Path.continuousRoundedRect(rect.standardized.raster, cornerRadius: Double(cornerRadius))
    }

    /// A rectangle with continuous corners of radius `cornerRadii.width` on `corners` only, the others
    /// square: the curve of `init(roundedRect:cornerRadius:)`, as iOS draws it here too (an iOS 18
    /// reference of AFSnapshotTesting, a 13 pt rounded shape, matches it where circular arcs differ
    /// along the whole corner).
    /// https://developer.apple.com/documentation/uikit/uibezierpath/1624368-init
    public convenience init(roundedRect rect: CGRect, byRoundingCorners corners: UIRectCorner, cornerRadii: CGSize) {
        self.init()
        path.path = Path.continuousRoundedRect(
            rect.standardized.raster, cornerRadius: Double(cornerRadii.width), corners: RectCorners(rawValue: Int(corners.rawValue & 15)))
    }

    /// An open arc of a circle; `clockwise` as it looks on screen (angles in radians from the +x axis).
    /// https://developer.apple.com/documentation/uikit/uibezierpath/1624358-init
    public convenience init(arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        self.init()
        addArc(withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }

    /// A path with the elements of `CGPath`.
    /// https://developer.apple.com/documentation/uikit/uibezierpath/1624372-init
    public convenience init(cgPath CGPath: CGPath) {
        self.init()
        path.path = CGPath.path
    }

    /// The Core Graphics path (a copy; setting it replaces the elements).
    /// https://developer.apple.com/documentation/uikit/uibezierpath/1624357-cgpath
    open var cgPath: CGPath {
        get { CGPath(path: path.path) }
        set { path.path = newValue.path }
    }

    /// https://developer.apple.com/documentation/uikit/uibezierpath/1624359-isempty
    open var isEmpty: Bool { path.isEmpty }

    /// The rectangle holding every point of the path, control points included.
    /// https://developer.apple.com/documentation/uikit/uibezierpath/1624361-bounds
    open var bounds: CGRect { path.boundingBox }

    /// https://developer.apple.com/documentation/uikit/uibezierpath/1624365-currentpoint
    open var currentPoint: CGPoint { path.currentPoint }

    /// The stroke's width in points (used by CAShapeLayer only when set there: a path's own
    /// attributes are for `stroke()`).
    /// https://developer.apple.com/documentation/uikit/uibezierpath/1624349-linewidth
    open var lineWidth: CGFloat = 1
    /// https://developer.apple.com/documentation/uikit/uibezierpath/1624350-linecapstyle
    open var lineCapStyle: CGLineCap = .butt
    /// https://developer.apple.com/documentation/uikit/uibezierpath/1624337-linejoinstyle
    open var lineJoinStyle: CGLineJoin = .miter
    /// https://developer.apple.com/documentation/uikit/uibezierpath/1624371-miterlimit
    open var miterLimit: CGFloat = 10
    /// https://developer.apple.com/documentation/uikit/uibezierpath/1624367-flatness
    open var flatness: CGFloat = 0.6
    /// https://developer.apple.com/documentation/uikit/uibezierpath/1624360-usesevenoddfillrule
    open var usesEvenOddFillRule = false

    /// https://developer.apple.com/documentation/uikit/uibezierpath/1624343-move
    open func move(to point: CGPoint) { path.move(to: point) }

    /// https://developer.apple.com/documentation/uikit/uibezierpath/1624354-addline
    open func addLine(to point: CGPoint) { path.addLine(to: point) }

    /// https://developer.apple.com/documentation/uikit/uibezierpath/1624357-addcurve
    open func addCurve(to endPoint: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        path.addCurve(to: endPoint, control1: controlPoint1, control2: controlPoint2)
    }

    /// https://developer.apple.com/documentation/uikit/uibezierpath/1624351-addquadcurve
    open func addQuadCurve(to endPoint: CGPoint, controlPoint: CGPoint) { path.addQuadCurve(to: endPoint, control: controlPoint) }

    /// An arc of a circle, a line joining the current point to its start; `clockwise` as it looks
    /// on screen.
    /// https://developer.apple.com/documentation/uikit/uibezierpath/1624367-addarc
    open func addArc(withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        // Core Graphics' `clockwise` is in y-up space: UIKit's is the other way round.
        path.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: !clockwise)
    }

    /// Closes the current subpath with a line to its start.
    /// https://developer.apple.com/documentation/uikit/uibezierpath/1624338-close
    open func close() { path.closeSubpath() }

    /// https://developer.apple.com/documentation/uikit/uibezierpath/1624339-removeallpoints
    open func removeAllPoints() { path.path = Path() }

    /// Appends `bezierPath`'s subpaths.
    /// https://developer.apple.com/documentation/uikit/uibezierpath/1624344-append
    open func append(_ bezierPath: UIBezierPath) { path.addPath(bezierPath.path) }

    /// Transforms every point of the path.
    /// https://developer.apple.com/documentation/uikit/uibezierpath/1624340-apply
    open func apply(_ transform: CGAffineTransform) { path.path = path.path.applying(transform) }

    /// True when `point` is inside the path by its fill rule.
    /// https://developer.apple.com/documentation/uikit/uibezierpath/1624355-contains
    open func contains(_ point: CGPoint) -> Bool { path.contains(point, using: usesEvenOddFillRule ? .evenOdd : .winding) }

    /// Dashes for `stroke()`: lengths in points, alternately drawn and skipped, from `phase` into them.
    /// https://developer.apple.com/documentation/uikit/uibezierpath/1624342-setlinedash
    open func setLineDash(_ pattern: UnsafePointer<CGFloat>?, count: Int, phase: CGFloat) {
        dash = (pattern.map { Array(UnsafeBufferPointer(start: $0, count: max(count, 0))) } ?? [], phase)
    }
    /// The dash pattern and phase `setLineDash` set (empty: solid).
    var dash: ([CGFloat], CGFloat) = ([], 0)

    /// Fills the path's inside (by its fill rule) with the current fill color in the current context.
    /// https://developer.apple.com/documentation/uikit/uibezierpath/1624372-fill
    open func fill() { fill(with: .normal, alpha: 1) }

    /// Strokes the path with the current stroke color in the current context, with the path's own
    /// lineWidth, lineCapStyle, lineJoinStyle, miterLimit and dashes.
    /// https://developer.apple.com/documentation/uikit/uibezierpath/1624375-stroke
    open func stroke() { stroke(with: .normal, alpha: 1) }

    /// https://developer.apple.com/documentation/uikit/uibezierpath/1624356-fill
    open func fill(with blendMode: CGBlendMode, alpha: CGFloat) {
        guard let c = UIGraphicsGetCurrentContext() else { return }
        c.saveGState()
        defer { c.restoreGState() }
        c.setBlendMode(blendMode)
        c.setAlpha(alpha)
        c.beginPath()
        c.addPath(path)
        c.fillPath(using: usesEvenOddFillRule ? .evenOdd : .winding)
    }

    /// https://developer.apple.com/documentation/uikit/uibezierpath/1624377-stroke
    open func stroke(with blendMode: CGBlendMode, alpha: CGFloat) {
        guard let c = UIGraphicsGetCurrentContext() else { return }
        c.saveGState()
        defer { c.restoreGState() }
        c.setBlendMode(blendMode)
        c.setAlpha(alpha)
        c.setLineWidth(lineWidth)
        c.setLineCap(lineCapStyle)
        c.setLineJoin(lineJoinStyle)
        c.setMiterLimit(miterLimit)
        c.setLineDash(phase: dash.1, lengths: dash.0)
        c.beginPath()
        c.addPath(path)
        c.strokePath()
    }

    /// Intersects the current context's clip with the path's inside (by its fill rule).
    /// https://developer.apple.com/documentation/uikit/uibezierpath/1624359-addclip
    open func addClip() {
        guard let c = UIGraphicsGetCurrentContext() else { return }
        c.beginPath()
        c.addPath(path)
        c.clip(using: usesEvenOddFillRule ? .evenOdd : .winding)
    }
}

import Foundation
internal import Raster
internal import Scene

/// The curve of a layer's rounded corners: `.continuous` is the corner UIBezierPath(roundedRect:
/// cornerRadius:) draws (drawn when all four corners are rounded; with `maskedCorners` leaving some
/// square, the rounded ones are circular).
/// https://developer.apple.com/documentation/quartzcore/calayercornercurve
public struct CALayerCornerCurve: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let circular = CALayerCornerCurve(rawValue: "circular")
    public static let continuous = CALayerCornerCurve(rawValue: "continuous")
}

/// How a shape layer's fill decides the inside where subpaths overlap.
/// https://developer.apple.com/documentation/quartzcore/cashapelayerfillrule
public struct CAShapeLayerFillRule: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let nonZero = CAShapeLayerFillRule(rawValue: "non-zero")
    public static let evenOdd = CAShapeLayerFillRule(rawValue: "even-odd")
}

/// The shape of a shape layer's stroke at open ends.
/// https://developer.apple.com/documentation/quartzcore/cashapelayerlinecap
public struct CAShapeLayerLineCap: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let butt = CAShapeLayerLineCap(rawValue: "butt")
    public static let round = CAShapeLayerLineCap(rawValue: "round")
    public static let square = CAShapeLayerLineCap(rawValue: "square")
}

/// The shape of a shape layer's stroke at corners.
/// https://developer.apple.com/documentation/quartzcore/cashapelayerlinejoin
public struct CAShapeLayerLineJoin: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let miter = CAShapeLayerLineJoin(rawValue: "miter")
    public static let round = CAShapeLayerLineJoin(rawValue: "round")
    public static let bevel = CAShapeLayerLineJoin(rawValue: "bevel")
}

/// A layer that draws a path: filled with `fillColor` by `fillRule`, then stroked with
/// `strokeColor`, `lineWidth` (centred on the path), caps, joins, dashes and the
/// `strokeStart`...`strokeEnd` part of its length, over its background and under its sublayers.
/// The same drawing as a YAML `type: shape` layer.
/// https://developer.apple.com/documentation/quartzcore/cashapelayer
open class CAShapeLayer: CALayer {
    /// The path, in the layer's coordinates (it is not clipped to the bounds).
    /// https://developer.apple.com/documentation/quartzcore/cashapelayer/1521904-path
    open var path: CGPath?
    /// Opaque black by default; nil does not fill.
    /// https://developer.apple.com/documentation/quartzcore/cashapelayer/1522248-fillcolor
    open var fillColor: CGColor? = CGColor.black
    /// https://developer.apple.com/documentation/quartzcore/cashapelayer/1521956-fillrule
    open var fillRule: CAShapeLayerFillRule = .nonZero
    /// Nil (the default) does not stroke.
    /// https://developer.apple.com/documentation/quartzcore/cashapelayer/1521962-strokecolor
    open var strokeColor: CGColor?
    /// Where the stroke starts, as a fraction 0...1 of the path's length.
    /// https://developer.apple.com/documentation/quartzcore/cashapelayer/1521947-strokestart
    open var strokeStart: CGFloat = 0 { didSet { if strokeStart != oldValue { implicitAction("strokeStart", from: oldValue) } } }
    /// Where the stroke ends, as a fraction 0...1 of the path's length.
    /// https://developer.apple.com/documentation/quartzcore/cashapelayer/1522321-strokeend
    open var strokeEnd: CGFloat = 1 { didSet { if strokeEnd != oldValue { implicitAction("strokeEnd", from: oldValue) } } }
    /// https://developer.apple.com/documentation/quartzcore/cashapelayer/1522147-linewidth
    open var lineWidth: CGFloat = 1
    /// https://developer.apple.com/documentation/quartzcore/cashapelayer/1521943-miterlimit
    open var miterLimit: CGFloat = 10
    /// https://developer.apple.com/documentation/quartzcore/cashapelayer/1522147-linecap
    open var lineCap: CAShapeLayerLineCap = .butt
    /// https://developer.apple.com/documentation/quartzcore/cashapelayer/1522147-linejoin
    open var lineJoin: CAShapeLayerLineJoin = .miter
    /// How far into the dash pattern the stroke starts, in points.
    /// https://developer.apple.com/documentation/quartzcore/cashapelayer/1521921-linedashphase
    open var lineDashPhase: CGFloat = 0
    /// Dash lengths in points, alternately drawn and skipped; nil draws a solid line.
    /// https://developer.apple.com/documentation/quartzcore/cashapelayer/1521921-linedashpattern
    open var lineDashPattern: [NSNumber]?

    public required init() { super.init() }

    /// https://developer.apple.com/documentation/quartzcore/calayer/1410842-init
    public override init(layer: Any) { super.init(layer: layer) }

    override func contents(_ traits: UITraitCollection) -> LayerContents? {
        guard let path, !path.isEmpty else { return nil }
        var shape = ShapeLayerContents(
            path: path.path, fillColor: fillColor?.color, strokeColor: strokeColor?.color, lineWidth: max(0, Double(lineWidth)))
        shape.evenOddFill = fillRule == .evenOdd
        shape.lineCap = LineCap(rawValue: lineCap.rawValue) ?? .butt
        shape.lineJoin = LineJoin(rawValue: lineJoin.rawValue) ?? .miter
        shape.miterLimit = max(0, Double(miterLimit))
        shape.strokeStart = Double(strokeStart)
        shape.strokeEnd = Double(strokeEnd)
        shape.lineDashPattern = (lineDashPattern ?? []).map { $0.doubleValue }
        shape.lineDashPhase = Double(lineDashPhase)
        return .shape(shape)
    }
}

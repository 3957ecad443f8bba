import Raster

/// A node of the layer tree: Core Animation's geometry and appearance properties, in points.
///
/// Geometry follows CALayer: `position` is where the anchor point sits in the superlayer's
/// coordinates; `bounds.origin` shifts the coordinates of the sublayers (a scroll view sets it to
/// its content offset); `transform` applies about the anchor point. Sublayers draw back to front
/// by `zPosition`, equal values in insertion order (later on top).
///
/// One difference, so that the Swift API and a scenario's layers mean the same: setting
/// `anchorPoint` keeps the frame where it is (where the layer is drawn untransformed) and moves
/// `position` with the anchor; the anchor is only the pivot of the transform, as a scenario's
/// `anchor:` is. (CALayer keeps `position` and moves the frame instead.)
public final class Layer {
    public var name: String
    public var bounds: Rect
    public var position: Point
    /// The pivot of `transform`, in unit coordinates of the bounds; (0.5, 0.5) is the centre.
    /// Setting it keeps `frame` and moves `position` to the new anchor (see the type's notes).
    public var anchorPoint = Point(0.5, 0.5) {
        didSet {
            position = Point(
                position.x + (anchorPoint.x - oldValue.x) * bounds.width,
                position.y + (anchorPoint.y - oldValue.y) * bounds.height)
        }
    }
    public var transform = Transform.identity
    /// Applied to the sublayers as they are drawn, about the anchor point (CALayer's
    /// `sublayerTransform`, its affine part).
    public var sublayerTransform = Transform.identity
    public var zPosition = 0.0
    /// 0...1; applies to the layer and its sublayers as a group.
    public var opacity = 1.0
    public var isHidden = false
    public var backgroundColor: Color?
    /// In points; rounds the background, the border and (with `masksToBounds`) the clip.
    public var cornerRadius = 0.0
    /// Which corners `cornerRadius` rounds (CALayer's `maskedCorners`, CACornerMask's bits): all by
    /// default. `minXMinY` is the top-left corner, as on iOS.
    public var maskedCorners = RectCorners.all
    /// CALayer's `cornerCurve` `.continuous`: all four corners drawn as UIBezierPath(roundedRect:
    /// cornerRadius:) draws them (`Path.continuousRoundedRect`); false (`.circular`): quarter circles.
    public var continuousCorners = false
    /// In points, drawn inside the bounds, above the contents and sublayers.
    public var borderWidth = 0.0
    public var borderColor = Color.black
    public var masksToBounds = false
    /// A shadow behind the layer's drawing (its contents, sublayers and border; or `shadowPath`),
    /// moved by `shadowOffset`: with the default offset (0, 0), the soft glow of white text.
    /// `shadowRadius` is the blur in points, a Gaussian of that sigma. Core Animation's
    /// `shadowRadius` r is a Gaussian of sigma r / 2 (as CSS's blur radius; the segmented control's
    /// thumb is drawn so): set `coreAnimationShadowRadius` to take a CALayer's value.
    public var shadowColor = Color.black
    public var shadowOpacity = 0.0
    public var shadowRadius = 3.0
    /// The shadow's offset in points, in the layer's coordinates (y down: positive height moves it
    /// down). (0, 0) here, so that a scenario's shadow is not moved; CALayer's own default is (0, -3).
    public var shadowOffset = Size.zero
    /// The shadow's shape in the layer's coordinates (points), filled by the nonzero rule, instead
    /// of the layer's drawing (CALayer's `shadowPath`). Nil: the layer's drawing casts it.
    public var shadowPath: Path?
    /// CALayer's `shadowRadius` (a blur radius, twice the Gaussian sigma `shadowRadius` holds).
    public var coreAnimationShadowRadius: Double {
        get { shadowRadius * 2 }
        set { shadowRadius = newValue / 2 }
    }
    /// Blurs what is already drawn under the layer's bounds (Gaussian sigma in points) before the
    /// layer draws: the material of a translucent bar. 0 for none.
    public var backdropBlurRadius = 0.0
    public var contents: LayerContents?
    /// CALayer's `mask`: a layer in this layer's coordinates (not one of its sublayers) whose drawn
    /// alpha (background, contents, sublayers, opacity) multiplies everything this layer draws, its
    /// shadow too; where the mask draws nothing the layer is not drawn.
    public var mask: Layer?
    public private(set) var sublayers: [Layer] = []

    /// A layer whose frame (with the identity transform) is `frame`.
    public init(name: String = "", frame: Rect) {
        self.name = name
        bounds = Rect(origin: .zero, size: frame.size)
        position = Point(frame.midX, frame.midY)
    }

    /// The frame in the superlayer's coordinates, ignoring the transform.
    public var frame: Rect {
        Rect(
            x: position.x - anchorPoint.x * bounds.width, y: position.y - anchorPoint.y * bounds.height,
            width: bounds.width, height: bounds.height)
    }

    public func addSublayer(_ layer: Layer) { sublayers.append(layer) }

    /// Inserts `layer` at `index` of the sublayers (0: first, drawn first among equal zPositions).
    public func insertSublayer(_ layer: Layer, at index: Int) { sublayers.insert(layer, at: min(max(index, 0), sublayers.count)) }

    /// Maps points in this layer's coordinates to its superlayer's.
    public var transformToSuperlayer: Transform {
        let ax = bounds.minX + anchorPoint.x * bounds.width
        let ay = bounds.minY + anchorPoint.y * bounds.height
        return Transform.translation(-ax, -ay).concatenating(transform).translated(position.x, position.y)
    }

    /// Maps the sublayers' superlayer coordinates (this layer's, before `sublayerTransform`) to
    /// this layer's: the sublayer transform about the anchor point; nil when it is the identity.
    public var sublayerTransformToLayer: Transform? {
        guard sublayerTransform != .identity else { return nil }
        let ax = bounds.minX + anchorPoint.x * bounds.width
        let ay = bounds.minY + anchorPoint.y * bounds.height
        return Transform.translation(-ax, -ay).concatenating(sublayerTransform).translated(ax, ay)
    }

    /// Sublayers in drawing order: by zPosition, ties in insertion order.
    public var sublayersInDrawingOrder: [Layer] {
        sublayers.enumerated().sorted { l, r in
            l.element.zPosition != r.element.zPosition ? l.element.zPosition < r.element.zPosition : l.offset < r.offset
        }.map(\.element)
    }
}

/// What a layer draws between its background and its sublayers.
public enum LayerContents {
    case image(SceneImage, ContentMode)
    case text(TextContent)
    /// Vector shapes in the layer's coordinates (points), filled in order.
    case shapes([(Shape, Color)])
    /// A linear gradient filling the bounds (CAGradientLayer).
    case gradient(LinearGradient)
    /// A path filled and stroked (CAShapeLayer).
    case shape(ShapeLayerContents)
}

/// What a CAShapeLayer draws: its `path` (in the layer's coordinates, points) filled with
/// `fillColor` by `fillRule`, then stroked with `strokeColor`, `lineWidth` (points, centred on the
/// path), `lineCap`, `lineJoin`, `miterLimit`, dashes and trimming. Defaults are CAShapeLayer's: an
/// opaque black fill, no stroke, a 1-point butt-capped, miter-joined solid line, the nonzero rule.
public struct ShapeLayerContents: Sendable, Equatable {
    public var path: Path
    public var fillColor: Color? = .black
    /// CAShapeLayerFillRule.evenOdd when true; nonZero otherwise.
    public var evenOddFill = false
    public var strokeColor: Color?
    public var lineWidth = 1.0
    public var lineCap = LineCap.butt
    public var lineJoin = LineJoin.miter
    public var miterLimit = 10.0
    /// The stroke drawn between these fractions of the path's length (CAShapeLayer's strokeStart,
    /// strokeEnd); the fill is whole.
    public var strokeStart = 0.0, strokeEnd = 1.0
    /// Dash lengths in points, alternately drawn and skipped, and the phase into them (empty: solid).
    public var lineDashPattern: [Double] = []
    public var lineDashPhase = 0.0

    public init(path: Path, fillColor: Color? = .black, strokeColor: Color? = nil, lineWidth: Double = 1) {
        self.path = path; self.fillColor = fillColor; self.strokeColor = strokeColor; self.lineWidth = lineWidth
    }
}

/// A decoded image with its size in points (an @2x file is half its pixel size).
public final class SceneImage: Sendable {
    /// The pixels. A blurred copy (`blurred`) is made on first use, once, whichever thread asks
    /// first (the others wait for it): loading a scenario, `validate` and an "up to date" answer
    /// never blur.
    public var pixmap: Pixmap {
        pixels.withLock { pixels in
            switch pixels {
            case .ready(let pixmap): return pixmap
            case .blur(let source, let sigma):
                let made = GaussianBlur.apply(source, sigma: sigma)
                pixels = .ready(made)
                return made
            }
        }
    }
    public let pointSize: Size
    /// Pixels per point (`imageScale`).
    public let scale: Double
    /// Distinguishes images in the renderer's caches.
    public let id: Int

    private enum Pixels: Sendable {
        case ready(Pixmap)
        /// `source` blurred with this sigma (in pixels), when first drawn: the same size.
        case blur(Pixmap, sigma: Double)
    }
    private let pixels: Locked<Pixels>

    /// Whether this is a blurred copy not drawn yet (its blur not made).
    package var blurIsPending: Bool {
        pixels.withLock { if case .blur = $0 { true } else { false } }
    }

    public convenience init(pixmap: Pixmap, scale: Double = 1, id: Int) {
        self.init(.ready(pixmap), width: pixmap.width, height: pixmap.height, scale: scale, id: id)
    }

    private init(_ pixels: Pixels, width: Int, height: Int, scale: Double, id: Int) {
        self.pixels = Locked(pixels)
        self.scale = scale
        pointSize = Size(Double(width) / scale, Double(height) / scale)
        self.id = id
    }

    /// A copy blurred once, for drawing in a `size`-point frame with `mode`: `radius` is the
    /// Gaussian sigma in points of that frame (an image point spans `fill` frame points there).
    /// Nil when the image would be drawn under a point wide; the sigma is at most the image's
    /// size (wider is a flat average anyway). The profile header's blurred copy and an image
    /// layer's `blur` both come from here. The blur itself is done when the copy is first drawn.
    public func blurred(radius: Double, drawnIn size: Size, mode: ContentMode, id: Int) -> SceneImage? {
        let drawn = mode.rect(for: pointSize, in: Rect(origin: .zero, size: size)).width
        guard drawn >= 1, drawn.isFinite else { return nil }
        let source = pixmap
        let fill = drawn / pointSize.width
        let pixelsPerPoint = Double(source.width) / pointSize.width
        let sigma = min(radius / fill * pixelsPerPoint, Double(max(source.width, source.height)))
        return SceneImage(.blur(source, sigma: sigma), width: source.width, height: source.height, scale: pixelsPerPoint, id: id)
    }
}

import Foundation
internal import Raster
internal import Scene

/// How a drawing operation's colors combine with what is under them. Porter-Duff modes and the
/// separable blend modes are drawn; the others Core Graphics has (color dodge and burn, soft and
/// hard light, hue, saturation, color, luminosity, plus darker) are not declared here.
/// https://developer.apple.com/documentation/coregraphics/cgblendmode
public enum CGBlendMode: Int32, Sendable {
    case normal = 0, multiply = 1, screen = 2, overlay = 3, darken = 4, lighten = 5
    case difference = 10, exclusion = 11
    case clear = 16, copy = 17, sourceIn = 18, sourceOut = 19, sourceAtop = 20
    case destinationOver = 21, destinationIn = 22, destinationOut = 23, destinationAtop = 24, xor = 25
    case plusLighter = 27
}

/// How a path is filled, stroked or both.
/// https://developer.apple.com/documentation/coregraphics/cgpathdrawingmode
public enum CGPathDrawingMode: Int32, Sendable {
    case fill = 0, eoFill = 1, stroke = 2, fillStroke = 3, eoFillStroke = 4
}

/// A Quartz 2D drawing destination: a bitmap of `width` x `height` pixels drawn through a
/// current transformation matrix, a clip, fill and stroke colors and a line style kept in a
/// graphics state (`saveGState` / `restoreGState`). The context UIKit gives `draw(_:)` and
/// `UIGraphicsImageRenderer` is in points with the y axis down (UIKit's flip applied), scaled by
/// the backing scale: `ctm` reports that flip as Core Graphics does ((s, 0, 0, -s, 0, height)).
/// Paths are filled and stroked by the compositor's own rasteriser, so a path drawn here has the
/// pixels the same path has in a CAShapeLayer.
/// https://developer.apple.com/documentation/coregraphics/cgcontext
public final class CGContext {
    struct GState {
        /// User space to device pixels, y down.
        var transform: Transform
        var fill = Color.black
        var stroke = Color.black
        var lineWidth = 1.0
        var cap = LineCap.butt
        var join = LineJoin.miter
        var miterLimit = 10.0
        var dashes: [Double] = []
        var dashPhase = 0.0
        var alpha = 1.0
        var blend = CGBlendMode.normal
        /// Clip shapes in device pixels; `clipID` changes whenever they do.
        var clips: [Shape] = []
        var clipID = 0
    }

    /// Pixels wide and high.
    public let width: Int
    public let height: Int
    /// Drawn so far; allocated by the first drawing (a view that draws nothing costs no pixels).
    private var canvas: Canvas?
    private var canvasClipID = 0
    private var state: GState
    private var saved: [GState] = []
    private var nextClipID = 1
    /// The path being built, in device pixels.
    private var path = CGMutablePath()
    /// UIView's own draw(_:) ran (it draws nothing): with nothing drawn, the view has no contents.
    var baseViewDrawCalled = false
    /// The backing store's pixels per point (the transform's scale at creation).
    let scale: Double
    private lazy var rasterizers = GlyphRasterizers()

    /// A context of `width` x `height` pixels whose user space is points at `scale` pixels each, y down.
    init(width: Int, height: Int, scale: Double, previous: Pixmap? = nil) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.scale = scale
        state = GState(transform: .scale(scale, scale))
        if let previous, previous.width == self.width, previous.height == self.height { canvas = Canvas(pixmap: previous) }
    }

    /// The pixels drawn, or nil when nothing was drawn.
    var drawnPixels: Pixmap? { canvas?.pixmap }

    // MARK: Graphics state

    /// https://developer.apple.com/documentation/coregraphics/cgcontext/1456156-savegstate
    public func saveGState() { saved.append(state) }
    /// https://developer.apple.com/documentation/coregraphics/cgcontext/1456479-restoregstate
    public func restoreGState() {
        guard let last = saved.popLast() else { return }
        state = last
    }

    /// The current transformation matrix, from user space to Core Graphics' device space (y up,
    /// origin at the bottom left): UIKit's flip is part of it.
    /// https://developer.apple.com/documentation/coregraphics/cgcontext/1455069-ctm
    public var ctm: CGAffineTransform {
        let flip = CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: CGFloat(height))
        return CGAffineTransform(state.transform).concatenating(flip)
    }
    /// https://developer.apple.com/documentation/coregraphics/cgcontext/1455286-translateby
    public func translateBy(x tx: CGFloat, y ty: CGFloat) { concatenate(CGAffineTransform(translationX: tx, y: ty)) }
    /// https://developer.apple.com/documentation/coregraphics/cgcontext/1455793-scaleby
    public func scaleBy(x sx: CGFloat, y sy: CGFloat) { concatenate(CGAffineTransform(scaleX: sx, y: sy)) }
    /// A positive angle turns clockwise on screen in UIKit's flipped context.
    /// https://developer.apple.com/documentation/coregraphics/cgcontext/1455325-rotate
    public func rotate(by angle: CGFloat) { concatenate(CGAffineTransform(rotationAngle: angle)) }
    /// `transform` applied in user space, before the current matrix.
    /// https://developer.apple.com/documentation/coregraphics/cgcontext/1454353-concatenate
    public func concatenate(_ transform: CGAffineTransform) {
        state.transform = Transform(transform).concatenating(state.transform)
    }

    /// https://developer.apple.com/documentation/coregraphics/cgcontext/1456061-setfillcolor
    public func setFillColor(_ color: CGColor) { state.fill = color.color }
    /// https://developer.apple.com/documentation/coregraphics/cgcontext/1455233-setstrokecolor
    public func setStrokeColor(_ color: CGColor) { state.stroke = color.color }
    /// https://developer.apple.com/documentation/coregraphics/cgcontext/1454571-setfillcolor
    public func setFillColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        setFillColor(CGColor(red: red, green: green, blue: blue, alpha: alpha))
    }
    /// https://developer.apple.com/documentation/coregraphics/cgcontext/1454793-setstrokecolor
    public func setStrokeColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        setStrokeColor(CGColor(red: red, green: green, blue: blue, alpha: alpha))
    }
    /// https://developer.apple.com/documentation/coregraphics/cgcontext/1456311-setfillcolor
    public func setFillColor(gray: CGFloat, alpha: CGFloat) { setFillColor(CGColor(gray: gray, alpha: alpha)) }
    /// https://developer.apple.com/documentation/coregraphics/cgcontext/1455907-setstrokecolor
    public func setStrokeColor(gray: CGFloat, alpha: CGFloat) { setStrokeColor(CGColor(gray: gray, alpha: alpha)) }
    /// In user-space units (a point in UIKit's contexts).
    /// https://developer.apple.com/documentation/coregraphics/cgcontext/1456180-setlinewidth
    public func setLineWidth(_ width: CGFloat) { state.lineWidth = max(0, Double(width)) }
    /// https://developer.apple.com/documentation/coregraphics/cgcontext/1456489-setlinecap
    public func setLineCap(_ cap: CGLineCap) { state.cap = cap.drawn }
    /// https://developer.apple.com/documentation/coregraphics/cgcontext/1456536-setlinejoin
    public func setLineJoin(_ join: CGLineJoin) { state.join = join.drawn }
    /// https://developer.apple.com/documentation/coregraphics/cgcontext/1456499-setmiterlimit
    public func setMiterLimit(_ limit: CGFloat) { state.miterLimit = max(0, Double(limit)) }
    /// Dash lengths in user space, alternately drawn and skipped, starting `phase` into them; an
    /// empty array draws solid lines.
    /// https://developer.apple.com/documentation/coregraphics/cgcontext/1456090-setlinedash
    public func setLineDash(phase: CGFloat, lengths: [CGFloat]) {
        let list = lengths.map { max(0, Double($0)) }
        state.dashes = list.reduce(0, +) > 0 ? list : []
        state.dashPhase = Double(phase)
    }
    /// Multiplies the alpha of everything drawn after it (0...1).
    /// https://developer.apple.com/documentation/coregraphics/cgcontext/1456034-setalpha
    public func setAlpha(_ alpha: CGFloat) { state.alpha = min(max(Double(alpha), 0), 1) }
    /// https://developer.apple.com/documentation/coregraphics/cgcontext/1455994-setblendmode
    public func setBlendMode(_ mode: CGBlendMode) { state.blend = mode }

    // MARK: The path

    /// https://developer.apple.com/documentation/coregraphics/cgcontext/1454738-beginpath
    public func beginPath() { path = CGMutablePath() }
    /// https://developer.apple.com/documentation/coregraphics/cgcontext/1456625-move
    public func move(to point: CGPoint) { path.move(to: point, transform: userToDevice) }
    /// https://developer.apple.com/documentation/coregraphics/cgcontext/1455213-addline
    public func addLine(to point: CGPoint) { path.addLine(to: point, transform: userToDevice) }
    /// https://developer.apple.com/documentation/coregraphics/cgcontext/2427121-addlines
    public func addLines(between points: [CGPoint]) { path.addLines(between: points, transform: userToDevice) }
    /// https://developer.apple.com/documentation/coregraphics/cgcontext/1455978-addcurve
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        path.addCurve(to: end, control1: control1, control2: control2, transform: userToDevice)
    }
    /// https://developer.apple.com/documentation/coregraphics/cgcontext/1456307-addquadcurve
    public func addQuadCurve(to end: CGPoint, control: CGPoint) { path.addQuadCurve(to: end, control: control, transform: userToDevice) }
    /// An arc; `clockwise` in Core Graphics' sense (y up), so `false` turns clockwise on screen in
    /// UIKit's flipped context.
    /// https://developer.apple.com/documentation/coregraphics/cgcontext/2427129-addarc
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        path.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise, transform: userToDevice)
    }
    /// https://developer.apple.com/documentation/coregraphics/cgcontext/2427117-addarc
    public func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat) {
        path.addArc(tangent1End: tangent1End, tangent2End: tangent2End, radius: radius, transform: userToDevice)
    }
    /// https://developer.apple.com/documentation/coregraphics/cgcontext/1455756-addrect
    public func addRect(_ rect: CGRect) { path.addRect(rect, transform: userToDevice) }
    /// https://developer.apple.com/documentation/coregraphics/cgcontext/2427125-addrects
    public func addRects(_ rects: [CGRect]) { path.addRects(rects, transform: userToDevice) }
    /// https://developer.apple.com/documentation/coregraphics/cgcontext/1456378-addellipse
    public func addEllipse(in rect: CGRect) { path.addEllipse(in: rect, transform: userToDevice) }
    /// https://developer.apple.com/documentation/coregraphics/cgcontext/1454318-addpath
    public func addPath(_ path: CGPath) { self.path.addPath(path, transform: userToDevice) }
    /// https://developer.apple.com/documentation/coregraphics/cgcontext/1456176-closepath
    public func closePath() { path.closeSubpath() }
    /// https://developer.apple.com/documentation/coregraphics/cgcontext/1454778-ispathempty
    public var isPathEmpty: Bool { path.isEmpty }
    /// The current point in user space; `.zero` with no path.
    /// https://developer.apple.com/documentation/coregraphics/cgcontext/1454658-currentpointofpath
    public var currentPointOfPath: CGPoint { path.isEmpty ? .zero : path.currentPoint.applying(userToDevice.inverted()) }
    /// The path's bounding box in user space; `.null` with no path.
    /// https://developer.apple.com/documentation/coregraphics/cgcontext/1456360-boundingboxofpath
    public var boundingBoxOfPath: CGRect { path.isEmpty ? .null : path.boundingBox.applying(userToDevice.inverted()) }

    // MARK: Painting

    /// Fills the path by `rule` with the fill color, then clears the path.
    /// https://developer.apple.com/documentation/coregraphics/cgcontext/2427125-fillpath
    public func fillPath(using rule: CGPathFillRule = .winding) {
        defer { path = CGMutablePath() }
        paint(fillShape(path.path, evenOdd: rule == .evenOdd), color: state.fill)
    }
    /// Strokes the path with the stroke color and line style, then clears the path.
    /// https://developer.apple.com/documentation/coregraphics/cgcontext/1454490-strokepath
    public func strokePath() {
        defer { path = CGMutablePath() }
        guard state.lineWidth > 0 else { return }
        paint(strokeShape(path.path), color: state.stroke)
    }
    /// Fills and or strokes the path, then clears it.
    /// https://developer.apple.com/documentation/coregraphics/cgcontext/1455195-drawpath
    public func drawPath(using mode: CGPathDrawingMode) {
        let p = path.path
        defer { path = CGMutablePath() }
        switch mode {
        case .fill, .fillStroke: paint(fillShape(p, evenOdd: false), color: state.fill)
        case .eoFill, .eoFillStroke: paint(fillShape(p, evenOdd: true), color: state.fill)
        case .stroke: break
        }
        if mode == .stroke || mode == .fillStroke || mode == .eoFillStroke, state.lineWidth > 0 { paint(strokeShape(p), color: state.stroke) }
    }
    /// Fills `rect` with the fill color (the path is kept).
    /// https://developer.apple.com/documentation/coregraphics/cgcontext/1454617-fill
    public func fill(_ rect: CGRect) { paint(fillShape(Path.rect(rect.standardized.raster).applying(state.transform), evenOdd: false), color: state.fill) }
    /// https://developer.apple.com/documentation/coregraphics/cgcontext/2427127-fill
    public func fill(_ rects: [CGRect]) { for r in rects { fill(r) } }
    /// https://developer.apple.com/documentation/coregraphics/cgcontext/1455712-fillellipse
    public func fillEllipse(in rect: CGRect) {
        paint(fillShape(Path.ellipse(in: rect.standardized.raster).applying(state.transform), evenOdd: false), color: state.fill)
    }
    /// Strokes `rect`'s outline with the stroke color and line style.
    /// https://developer.apple.com/documentation/coregraphics/cgcontext/1456398-stroke
    public func stroke(_ rect: CGRect) {
        guard state.lineWidth > 0 else { return }
        paint(strokeShape(Path.rect(rect.standardized.raster).applying(state.transform)), color: state.stroke)
    }
    /// https://developer.apple.com/documentation/coregraphics/cgcontext/1455343-stroke
    public func stroke(_ rect: CGRect, width: CGFloat) {
        saveGState(); defer { restoreGState() }
        setLineWidth(width); stroke(rect)
    }
    /// https://developer.apple.com/documentation/coregraphics/cgcontext/1456486-strokeellipse
    public func strokeEllipse(in rect: CGRect) {
        guard state.lineWidth > 0 else { return }
        paint(strokeShape(Path.ellipse(in: rect.standardized.raster).applying(state.transform)), color: state.stroke)
    }
    /// https://developer.apple.com/documentation/coregraphics/cgcontext/2427120-strokelinesegments
    public func strokeLineSegments(between points: [CGPoint]) {
        guard state.lineWidth > 0 else { return }
        var p = Path()
        var i = 0
        while i + 1 < points.count {
            p.move(to: points[i].raster); p.addLine(to: points[i + 1].raster)
            i += 2
        }
        paint(strokeShape(p.applying(state.transform)), color: state.stroke)
    }
    /// Makes `rect` transparent (within the clip), whatever the blend mode.
    /// https://developer.apple.com/documentation/coregraphics/cgcontext/1454781-clear
    public func clear(_ rect: CGRect) {
        let shape = fillShape(Path.rect(rect.standardized.raster).applying(state.transform), evenOdd: false)
        composite(shape: shape, mode: .clear) { _, _ in .clear }
    }

    // MARK: Clipping

    /// Intersects the clip with the path's inside by `rule`, then clears the path.
    /// https://developer.apple.com/documentation/coregraphics/cgcontext/2427123-clip
    public func clip(using rule: CGPathFillRule = .winding) {
        addClip(.fill(path.path, evenOdd: rule == .evenOdd))
        path = CGMutablePath()
    }
    /// https://developer.apple.com/documentation/coregraphics/cgcontext/1454950-clip
    public func clip(to rect: CGRect) { addClip(.fill(Path.rect(rect.standardized.raster).applying(state.transform))) }
    /// https://developer.apple.com/documentation/coregraphics/cgcontext/2427124-clip
    public func clip(to rects: [CGRect]) {
        var p = Path()
        for r in rects { p.addPath(Path.rect(r.standardized.raster)) }
        addClip(.fill(p.applying(state.transform)))
    }
    /// The clip's bounding box in user space.
    /// https://developer.apple.com/documentation/coregraphics/cgcontext/1455948-boundingboxofclippath
    public var boundingBoxOfClipPath: CGRect {
        var r = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        for c in state.clips { r = r.intersection(c.bounds) }
        return CGRect(r).applying(userToDevice.inverted())
    }

    private func addClip(_ shape: Shape) {
        state.clips.append(shape)
        state.clipID = nextClipID
        nextClipID += 1
    }

    // MARK: Gradients and images

    /// Fills the clip with `gradient` along the line from `start` to `end` (user space): before
    /// the start and after the end only with `.drawsBeforeStartLocation` / `.drawsAfterEndLocation`.
    /// https://developer.apple.com/documentation/coregraphics/cgcontext/1454782-drawlineargradient
    public func drawLinearGradient(_ gradient: CGGradient, start: CGPoint, end: CGPoint, options: CGGradientDrawingOptions) {
        let inverse = state.transform.inverted
        let s = start.raster, dx = Double(end.x - start.x), dy = Double(end.y - start.y)
        let length2 = dx * dx + dy * dy
        guard length2 > 0, let inverse else { return }
        let before = options.contains(.drawsBeforeStartLocation), after = options.contains(.drawsAfterEndLocation)
        composite(shape: nil, mode: state.blend) { x, y in
            let p = inverse.apply(Point(Double(x) + 0.5, Double(y) + 0.5))
            let t = ((p.x - s.x) * dx + (p.y - s.y) * dy) / length2
            if (t < 0 && !before) || (t > 1 && !after) { return nil }
            return gradient.color(at: t)
        }
    }

    /// Fills the clip with `gradient` between the circle at `startCenter` with `startRadius` and
    /// the one at `endCenter` with `endRadius` (user space): each point takes the color of the
    /// largest circle between them through it; outside them only with the extending options.
    /// https://developer.apple.com/documentation/coregraphics/cgcontext/1455265-drawradialgradient
    public func drawRadialGradient(
        _ gradient: CGGradient, startCenter: CGPoint, startRadius: CGFloat, endCenter: CGPoint, endRadius: CGFloat,
        options: CGGradientDrawingOptions
    ) {
        guard let inverse = state.transform.inverted else { return }
        let c0 = startCenter.raster, r0 = Double(startRadius)
        let cdx = Double(endCenter.x - startCenter.x), cdy = Double(endCenter.y - startCenter.y), dr = Double(endRadius) - r0
        let before = options.contains(.drawsBeforeStartLocation), after = options.contains(.drawsAfterEndLocation)
        let a = cdx * cdx + cdy * cdy - dr * dr
        composite(shape: nil, mode: state.blend) { x, y in
            let p = inverse.apply(Point(Double(x) + 0.5, Double(y) + 0.5))
            let px = p.x - c0.x, py = p.y - c0.y
            // |p - c(t)| = r(t): a t^2 - 2 b t + c = 0, the larger root with r(t) >= 0 wins.
            let b = px * cdx + py * cdy + r0 * dr
            let c = px * px + py * py - r0 * r0
            var roots: [Double] = []
            if abs(a) < 1e-12 {
                if b != 0 { roots = [c / (2 * b)] }
            } else {
                let disc = b * b - a * c
                guard disc >= 0 else { return nil }
                let q = disc.squareRoot()
                roots = [(b + q) / a, (b - q) / a].sorted(by: >)
            }
            for t in roots where r0 + t * dr >= 0 {
                if t < 0 && !before { continue }
                if t > 1 && !after { continue }
                return gradient.color(at: t)
            }
            return nil
        }
    }

    /// Draws `image` into `rect` (user space) as Core Graphics does: upright in its own y-up
    /// space, so in UIKit's flipped context it shows upside down (UIImage's `draw(in:)` is upright).
    /// https://developer.apple.com/documentation/coregraphics/cgcontext/2427126-draw
    public func draw(_ image: CGImage, in rect: CGRect) {
        drawPixels(image.pixmap, in: rect.standardized.raster, upright: false, alpha: 1, mode: state.blend)
    }

    /// Draws `pixels` into `rect` (user space); `upright`: its first row at the rect's top in
    /// user space (UIKit's image drawing), else at its bottom (Core Graphics').
    func drawPixels(_ pixels: Pixmap, in rect: Rect, upright: Bool, alpha: Double, mode: CGBlendMode) {
        guard pixels.width > 0, pixels.height > 0, rect.width > 0, rect.height > 0 else { return }
        // Image pixel space to device pixels.
        let w = Double(pixels.width), h = Double(pixels.height)
        let imageToUser =
            upright
            ? Transform(a: rect.width / w, b: 0, c: 0, d: rect.height / h, tx: rect.minX, ty: rect.minY)
            : Transform(a: rect.width / w, b: 0, c: 0, d: -rect.height / h, tx: rect.minX, ty: rect.maxY)
        let t = imageToUser.concatenating(state.transform)
        let alphaByte = opacityByte(alpha * state.alpha)
        guard alphaByte > 0 else { return }
        if t.isAxisAligned {
            var source = pixels
            if t.a < 0 { source = source.mirrored(horizontally: true) }
            if t.d < 0 { source = source.mirrored(horizontally: false) }
            let dest = t.apply(Rect(x: 0, y: 0, width: w, height: h))
            let area = dest.enclosingPixels.intersection(clipArea)
            guard !area.isEmpty else { return }
            var drawn = Resampler.resample(source, sourceRect: Rect(x: 0, y: 0, width: w, height: h), to: dest, region: area)
            if alphaByte < 255 { drawn.multiply(by: alphaByte) }
            let shape = Shape.rect(dest)
            if mode == .normal {
                withCanvas { $0.draw(drawn, atX: area.x, y: area.y, mask: shape) }
            } else {
                composite(shape: shape, mode: mode) { x, y in drawn[x - area.x, y - area.y] }
            }
            return
        }
        // Rotated or skewed: each device pixel samples the image bilinearly at its centre.
        guard let inverse = t.inverted else { return }
        let shape = Shape.fill(Path.rect(Rect(x: 0, y: 0, width: w, height: h)).applying(t))
        composite(shape: shape, mode: mode) { x, y in
            let p = inverse.apply(Point(Double(x) + 0.5, Double(y) + 0.5))
            var c = pixels.bilinear(p.x - 0.5, p.y - 0.5)
            if alphaByte < 255 { c = PremultipliedColor(r: mul255(c.r, alphaByte), g: mul255(c.g, alphaByte), b: mul255(c.b, alphaByte), a: mul255(c.a, alphaByte)) }
            return c
        }
    }

    /// Draws a paragraph's lines with their top-left at `origin` (user space) in `color`, lines
    /// past `maxHeight` not drawn; `box`: the width alignment is taken in.
    func drawText(_ content: TextContent, at origin: CGPoint, width: Double, maxHeight: Double?) {
        let t = state.transform
        if !t.isAxisAligned || t.a < 0 || t.d < 0 {
            Diagnostics.once("rotated text", "CGContext: text drawn through a rotated or flipped matrix is drawn unrotated, upright")
        }
        if state.blend != .normal {
            Diagnostics.once("text blend", "CGContext: text is drawn in the normal blend mode (the context's \(state.blend) is not applied to glyphs)")
        }
        let paragraph = maxHeight.map { content.paragraph(width: width, height: $0) } ?? content.paragraph(width: width)
        var top = Double(origin.y)
        let pixelsPerPoint = t.scaleY
        let alpha = state.alpha
        withCanvas { canvas in
            for (i, line) in paragraph.lines.enumerated() {
                let lineWidth = width.isFinite ? width : line.width
                let x = content.lineX(line, minX: Double(origin.x), maxX: Double(origin.x) + lineWidth)
                let baseline = top + paragraph.baselines[i]
                top += paragraph.lineHeights[i]
                let p = t.apply(Point(x, baseline))
                canvas.draw(line, with: rasterizers, originX: p.x, baselineY: p.y, pixelsPerPoint: pixelsPerPoint, color: content.color, opacity: alpha)
            }
        }
    }

    // MARK: Drawing machinery

    var userToDevice: CGAffineTransform { CGAffineTransform(state.transform) }

    /// The device pixels drawing can reach: the bitmap within the clips' bounds.
    private var clipArea: PixelRect {
        var area = PixelRect(x: 0, y: 0, width: width, height: height)
        for c in state.clips { area = area.intersection(c.bounds.enclosingPixels) }
        return area
    }

    private func fillShape(_ p: Path, evenOdd: Bool) -> Shape {
        let area = clipArea
        return .fill(p, evenOdd: evenOdd, rows: area.y..<max(area.y, area.maxY))
    }

    /// The path stroked as CAShapeLayer strokes it: the line style's width and dashes scaled by
    /// the matrix's mean scale.
    private func strokeShape(_ p: Path) -> Shape {
        let k = (state.transform.scaleX + state.transform.scaleY) / 2
        let style = StrokeStyle(width: state.lineWidth * k, cap: state.cap, join: state.join, miterLimit: state.miterLimit)
        var line = p
        if !state.dashes.isEmpty { line = line.dashed(state.dashes.map { $0 * k }, phase: state.dashPhase * k, tolerance: 0.025) }
        let area = clipArea
        return .stroke(line, style: style, rows: area.y..<max(area.y, area.maxY))
    }

    /// Runs `body` on the bitmap with the current clips in place (the bitmap made on first use).
    private func withCanvas(_ body: (inout Canvas) -> Void) {
        guard width > 0, height > 0 else { return }
        var c = canvas ?? Canvas(pixmap: Pixmap(width: width, height: height))
        canvas = nil
        if canvasClipID != state.clipID {
            c = Canvas(pixmap: c.pixmap)
            for clip in state.clips { c.pushClip(clip) }
            canvasClipID = state.clipID
        }
        body(&c)
        canvas = c
    }

    /// Fills `shape` with `color` at the context's alpha in its blend mode.
    private func paint(_ shape: Shape, color: Color) {
        let c = color.withAlpha(multipliedBy: state.alpha)
        if state.blend == .normal {
            guard c.a > 0 else { return }
            withCanvas { $0.fill(shape, color: c) }
        } else {
            let p = c.premultiplied
            composite(shape: shape, mode: state.blend) { _, _ in p }
        }
    }

    /// The general path: for each device pixel the shape and clips cover (all of the clip when
    /// `shape` is nil), the source color (nil: nothing drawn there) is blended with the pixel by
    /// `mode`, and the result mixed with the old pixel by the coverage, as Core Graphics does.
    private func composite(shape: Shape?, mode: CGBlendMode, source: (Int, Int) -> PremultipliedColor?) {
        var area = clipArea
        if let shape { area = area.intersection(shape.bounds.enclosingPixels) }
        guard !area.isEmpty else { return }
        // Coverage of the shape times the clips, from the same rasteriser as any fill.
        var mask = Canvas(pixmap: Pixmap(width: area.width, height: area.height), originX: area.x, originY: area.y)
        for clip in state.clips { mask.pushClip(clip) }
        mask.fill(shape ?? .rect(area.rect), color: .white)
        let coverage = mask.pixmap
        let isNormal = mode == .normal
        let alpha = opacityByte(isNormal || shape == nil ? state.alpha : 1)
        withCanvas { canvas in
            let ox = canvas.originX, oy = canvas.originY, w = canvas.pixmap.width
            canvas.pixmap.bytes.withUnsafeMutableBufferPointer { px in
                for y in area.y..<area.maxY {
                    for x in area.x..<area.maxX {
                        let k = coverage[x - area.x, y - area.y].a
                        guard k > 0, var s = source(x, y) else { continue }
                        if alpha < 255 && shape == nil {
                            s = PremultipliedColor(r: mul255(s.r, alpha), g: mul255(s.g, alpha), b: mul255(s.b, alpha), a: mul255(s.a, alpha))
                        }
                        let i = ((y - oy) * w + (x - ox)) * 4
                        let d = PremultipliedColor(r: px[i], g: px[i + 1], b: px[i + 2], a: px[i + 3])
                        let out = isNormal ? sourceOver(s, onto: d, factor: k) : Blending.mix(d, Blending.blend(s, d, mode), coverage: k)
                        px[i] = out.r; px[i + 1] = out.g; px[i + 2] = out.b; px[i + 3] = out.a
                    }
                }
            }
        }
    }
}

/// Core Graphics' blend modes on premultiplied colors (W3C compositing's formulas).
enum Blending {
    static func blend(_ s: PremultipliedColor, _ d: PremultipliedColor, _ mode: CGBlendMode) -> PremultipliedColor {
        let sa = Double(s.a) / 255, da = Double(d.a) / 255
        func ch(_ sc: UInt8, _ dc: UInt8) -> Double {
            let s = Double(sc) / 255, d = Double(dc) / 255
            // Straight colors for the separable modes.
            let cs = sa > 0 ? s / sa : 0, cd = da > 0 ? d / da : 0
            func separable(_ b: Double) -> Double { s * (1 - da) + d * (1 - sa) + sa * da * b }
            switch mode {
            case .normal: return s + d * (1 - sa)
            case .multiply: return separable(cs * cd)
            case .screen: return separable(cs + cd - cs * cd)
            case .overlay: return separable(cd <= 0.5 ? 2 * cs * cd : 1 - 2 * (1 - cs) * (1 - cd))
            case .darken: return separable(min(cs, cd))
            case .lighten: return separable(max(cs, cd))
            case .difference: return separable(abs(cs - cd))
            case .exclusion: return separable(cs + cd - 2 * cs * cd)
            case .clear: return 0
            case .copy: return s
            case .sourceIn: return s * da
            case .sourceOut: return s * (1 - da)
            case .sourceAtop: return s * da + d * (1 - sa)
            case .destinationOver: return s * (1 - da) + d
            case .destinationIn: return d * sa
            case .destinationOut: return d * (1 - sa)
            case .destinationAtop: return s * (1 - da) + d * sa
            case .xor: return s * (1 - da) + d * (1 - sa)
            case .plusLighter: return min(1, s + d)
            }
        }
        func alphaOut() -> Double {
            switch mode {
            case .clear: return 0
            case .copy: return sa
            case .sourceIn: return sa * da
            case .sourceOut: return sa * (1 - da)
            case .sourceAtop: return da
            case .destinationIn: return da * sa
            case .destinationOut: return da * (1 - sa)
            case .destinationAtop: return sa
            case .xor: return sa * (1 - da) + da * (1 - sa)
            case .plusLighter: return min(1, sa + da)
            default: return sa + da * (1 - sa)
            }
        }
        func byte(_ v: Double) -> UInt8 { UInt8((min(max(v, 0), 1) * 255).rounded()) }
        let a = byte(alphaOut())
        return PremultipliedColor(r: min(byte(ch(s.r, d.r)), a), g: min(byte(ch(s.g, d.g)), a), b: min(byte(ch(s.b, d.b)), a), a: a)
    }

    /// `d` moved toward `r` by the coverage `k`.
    static func mix(_ d: PremultipliedColor, _ r: PremultipliedColor, coverage k: UInt8) -> PremultipliedColor {
        if k == 255 { return r }
        func m(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8(Int(a) + (Int(b) - Int(a)) * Int(k) / 255) }
        return PremultipliedColor(r: m(d.r, r.r), g: m(d.g, r.g), b: m(d.b, r.b), a: m(d.a, r.a))
    }
}

extension Transform {
    init(_ t: CGAffineTransform) { self.init(a: Double(t.a), b: Double(t.b), c: Double(t.c), d: Double(t.d), tx: Double(t.tx), ty: Double(t.ty)) }
    /// Nil when the transform cannot be inverted.
    var inverted: Transform? {
        let det = a * d - b * c
        guard det != 0, det.isFinite else { return nil }
        return Transform(a: d / det, b: -b / det, c: -c / det, d: a / det, tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
    }
}

extension CGAffineTransform {
    init(_ t: Transform) { self.init(a: CGFloat(t.a), b: CGFloat(t.b), c: CGFloat(t.c), d: CGFloat(t.d), tx: CGFloat(t.tx), ty: CGFloat(t.ty)) }
}

extension CGLineCap {
    var drawn: LineCap { self == .round ? .round : self == .square ? .square : .butt }
}

extension CGLineJoin {
    var drawn: LineJoin { self == .round ? .round : self == .bevel ? .bevel : .miter }
}

extension Pixmap {
    /// The pixels mirrored left to right (`horizontally`) or top to bottom.
    func mirrored(horizontally: Bool) -> Pixmap {
        var out = Pixmap(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let (sx, sy) = horizontally ? (width - 1 - x, y) : (x, height - 1 - y)
                let s = (sy * width + sx) * 4, d = (y * width + x) * 4
                out.bytes[d] = bytes[s]; out.bytes[d + 1] = bytes[s + 1]; out.bytes[d + 2] = bytes[s + 2]; out.bytes[d + 3] = bytes[s + 3]
            }
        }
        return out
    }

    /// Every pixel scaled by `factor` (an opacity byte).
    mutating func multiply(by factor: UInt8) {
        for i in bytes.indices { bytes[i] = mul255(bytes[i], factor) }
    }

    /// The premultiplied color at (x, y) in pixel-centre coordinates, bilinear; clear outside.
    func bilinear(_ x: Double, _ y: Double) -> PremultipliedColor {
        let x0 = Int(x.rounded(.down)), y0 = Int(y.rounded(.down))
        let fx = x - Double(x0), fy = y - Double(y0)
        var acc = (0.0, 0.0, 0.0, 0.0)
        for (dx, dy, w) in [(0, 0, (1 - fx) * (1 - fy)), (1, 0, fx * (1 - fy)), (0, 1, (1 - fx) * fy), (1, 1, fx * fy)] where w > 0 {
            let px = min(max(x0 + dx, 0), width - 1), py = min(max(y0 + dy, 0), height - 1)
            let c = self[px, py]
            acc.0 += Double(c.r) * w; acc.1 += Double(c.g) * w; acc.2 += Double(c.b) * w; acc.3 += Double(c.a) * w
        }
        func b(_ v: Double) -> UInt8 { UInt8(min(max(v.rounded(), 0), 255)) }
        return PremultipliedColor(r: b(acc.0), g: b(acc.1), b: b(acc.2), a: b(acc.3))
    }
}

import Raster

/// Where a layer landed on screen in one frame (the `--layout` dump).
public struct LayerPlacement: Codable, Equatable, Sendable {
    public var name: String
    /// On-screen rectangle in points: x, y, width, height.
    public var frame: [Double]
    /// Position in drawing order, 0 drawn first (bottom).
    public var z: Int
    /// Effective opacity (the product of the layer's and its ancestors').
    public var opacity: Double
}

/// Draws a layer tree into pixels. One renderer per worker: it owns glyph rasterizers and caches.
///
/// Per layer, back to front: shadow, background (rounded by cornerRadius on maskedCorners), contents, sublayers by
/// zPosition, border; a layer with `masksToBounds` clips its contents and sublayers to its
/// (rounded) bounds; a layer with opacity < 1 and sublayers is drawn offscreen and composited as
/// a group, as Core Animation does.
public final class LayerRenderer {
    private let rasterizers = GlyphRasterizers()
    private var imageCache: [ImageCacheKey: Pixmap] = [:]
    private var imageCacheOrder: [ImageCacheKey] = []
    private var imageCacheBytes = 0
    private var shadowCache: [String: Pixmap] = [:]
    private var shadowCacheOrder: [String] = []

    struct ImageCacheKey: Hashable {
        let image: Int
        let size: Size
        let region: PixelRect
    }

    public init() {}

    /// Device pixels per point beyond which a layer is not drawn (the device's 3 times a 100-times scale
    /// is 300; nesting multiplies scales).
    static let maximumMagnification = 10_000.0
    /// The widest shadow or backdrop blur, in device pixels (a Gaussian sigma).
    static let maximumSigma = 256.0

    /// Whether drawing that opaque layers later cover is skipped (see `render`). The frames are
    /// the same bytes either way; false draws every layer in full.
    public var skipsOccludedDrawing = true
    /// True during the planning pass: layers are walked as they will be drawn, but only steps,
    /// clips, opaque backgrounds and backdrop reads are noted.
    private var planning = false
    private var backdropReads: [PixelRect] = []

    /// Renders `root` (in points) into a pixmap of `width` x `height` pixels at `scale` pixels per point.
    ///
    /// Layers often paint the same pixels more than once (a white table over a white view, cells
    /// over the table): a first pass walks the tree as it will be drawn and notes each layer whose
    /// background is an opaque plain rectangle drawn straight onto the frame (full alpha, every
    /// pixel fully inside it and its clips), with its place in the drawing order; drawing then
    /// leaves out the rows such a rectangle later covers from side to side. A backdrop blur reads
    /// the pixels around it, so no rectangle over what it reads is used. The frame is cleared
    /// only where nothing opaque will cover it.
    public func render(_ root: Layer, width: Int, height: Int, scale: Double) -> Pixmap {
        // An opaque root background is filled as the pixmap is made (one pass instead of two).
        var initial = PremultipliedColor.clear
        if let bg = root.backgroundColor, bg.a == 255, root.cornerRadius == 0, root.transform == .identity,
            root.opacity == 1, root.mask == nil, root.frame == Rect(x: 0, y: 0, width: Double(width) / scale, height: Double(height) / scale)
        {
            initial = bg.premultiplied
        }
        let toDevice = Transform.scale(scale, scale)
        guard skipsOccludedDrawing else {
            var canvas = Canvas(pixmap: Pixmap(width: width, height: height, fill: initial))
            draw(root, toDevice: toDevice, canvas: &canvas, opacity: 1)
            return canvas.pixmap
        }
        var canvas = Canvas(pixmap: Pixmap(uninitializedWidth: width, height: height))
        canvas.countsSteps = true
        canvas.occluders = occluders(of: root, width: width, height: height, scale: scale)
        canvas.clear(to: initial)
        draw(root, toDevice: toDevice, canvas: &canvas, opacity: 1)
        return canvas.pixmap
    }

    /// The planning pass of `render`: the opaque rectangles drawn straight onto the frame, each
    /// with its step (the count of layers drawn onto the frame so far, itself included).
    func occluders(of root: Layer, width: Int, height: Int, scale: Double) -> [Occluder] {
        var plan = Canvas(clipsOnly: PixelRect(x: 0, y: 0, width: width, height: height))
        plan.countsSteps = true
        planning = true
        backdropReads = []
        defer { planning = false }
        draw(root, toDevice: .scale(scale, scale), canvas: &plan, opacity: 1)
        let reads = backdropReads
        return plan.occluders.filter { o in reads.allSatisfy { $0.intersection(o.rect).isEmpty } }
    }

    private func draw(_ layer: Layer, toDevice parent: Transform, canvas: inout Canvas, opacity: Double) {
        guard !layer.isHidden, layer.opacity > 0 else { return }
        let toDevice = layer.transformToSuperlayer.concatenating(parent)
        if !toDevice.isUpright {
            drawTransformed(layer, toDevice: toDevice, canvas: &canvas, opacity: opacity)
            return
        }
        drawPlaced(layer, toDevice: toDevice, canvas: &canvas, opacity: opacity)
    }

    /// Draws a layer whose coordinates map to the device by an upright transform (a scale, no
    /// turn, shear or flip, and a translation).
    private func drawPlaced(_ layer: Layer, toDevice: Transform, canvas: inout Canvas, opacity: Double, masked: Bool = true) {
        if masked, let mask = layer.mask {
            // Drawn offscreen: no step of the frame's own, nothing to plan.
            if planning { return }
            drawMasked(layer, by: mask, toDevice: toDevice, canvas: &canvas, opacity: opacity)
            return
        }
        let rect = toDevice.apply(layer.bounds)
        // A layer magnified beyond any screen (nested scales multiply), or placed beyond any pixel
        // coordinate, cannot be drawn meaningfully: it is skipped rather than sized in pixels.
        guard toDevice.scaleX <= LayerRenderer.maximumMagnification, toDevice.scaleY <= LayerRenderer.maximumMagnification,
            rect.minX.magnitude < 1e9, rect.minY.magnitude < 1e9, rect.maxX.magnitude < 1e9, rect.maxY.magnitude < 1e9
        else { return }
        if layer.masksToBounds && rect.intersection(canvas.clipBounds.rect).isEmpty { return }
        let effective = opacity * layer.opacity
        if planning {
            // What a backdrop blur reads; shadows and groups are drawn offscreen and composited
            // (each pixel from itself), so only the layer's body is planned.
            if layer.backdropBlurRadius > 0 { backdropReads.append(rect.enclosingPixels.intersection(canvas.clipBounds)) }
            if !(layer.opacity < 1 && !layer.sublayers.isEmpty) {
                drawLayerBody(layer, toDevice: toDevice, rect: rect, canvas: &canvas, opacity: effective)
            }
            return
        }
        if layer.backdropBlurRadius > 0 {
            blurBackdrop(
                rect, sigma: min(LayerRenderer.maximumSigma, layer.backdropBlurRadius * (toDevice.scaleX + toDevice.scaleY) / 2),
                canvas: &canvas, corners: layer.cornerRadius > 0 ? bodyShape(layer, toDevice: toDevice, rect: rect) : nil)
        }
        if layer.shadowOpacity > 0, layer.shadowColor.a > 0 {
            drawShadow(of: layer, toDevice: toDevice, rect: rect, canvas: &canvas, opacity: effective)
        }
        if layer.opacity < 1 && !layer.sublayers.isEmpty {
            // Group opacity: draw at full opacity offscreen, then composite once; the offscreen
            // covers where the group can draw (a faded chevron is a few pixels, not the screen).
            var area = canvas.clipBounds
            if let extent = LayerRenderer.drawnExtent(layer, toDevice: toDevice) { area = area.intersection(extent.enclosingPixels) }
            guard !area.isEmpty else { return }
            var offscreen = Canvas(pixmap: Pixmap(width: area.width, height: area.height), originX: area.x, originY: area.y)
            drawLayerBody(layer, toDevice: toDevice, rect: rect, canvas: &offscreen, opacity: 1)
            canvas.draw(offscreen.pixmap, atX: area.x, y: area.y, opacity: effective)
        } else {
            drawLayerBody(layer, toDevice: toDevice, rect: rect, canvas: &canvas, opacity: effective)
        }
    }

    /// Draws a layer through its mask: the layer (shadow, body, sublayers, at its own opacity) and
    /// the mask layer are drawn offscreen over the same pixels, the layer's pixels multiplied by the
    /// mask's alpha, and the result composited at `opacity`. Only where both can draw is drawn.
    private func drawMasked(_ layer: Layer, by mask: Layer, toDevice: Transform, canvas: inout Canvas, opacity: Double) {
        guard !mask.isHidden, mask.opacity > 0 else { return }
        var area = canvas.clipBounds
        if let extent = LayerRenderer.drawnExtent(layer, toDevice: toDevice) { area = area.intersection(extent.enclosingPixels) }
        if let extent = LayerRenderer.drawnExtent(mask, toDevice: mask.transformToSuperlayer.concatenating(toDevice)) {
            area = area.intersection(extent.enclosingPixels)
        }
        guard !area.isEmpty else { return }
        var content = Canvas(pixmap: Pixmap(width: area.width, height: area.height), originX: area.x, originY: area.y)
        drawPlaced(layer, toDevice: toDevice, canvas: &content, opacity: 1, masked: false)
        var alpha = Canvas(pixmap: Pixmap(width: area.width, height: area.height), originX: area.x, originY: area.y)
        draw(mask, toDevice: toDevice, canvas: &alpha, opacity: 1)
        alpha.pixmap.bytes.withUnsafeBufferPointer { m in
            content.pixmap.bytes.withUnsafeMutableBufferPointer { p in
                for i in stride(from: 0, to: p.count, by: 4) {
                    let a = m[i + 3]
                    if a == 255 { continue }
                    p[i] = mul255(p[i], a); p[i + 1] = mul255(p[i + 1], a); p[i + 2] = mul255(p[i + 2], a); p[i + 3] = mul255(p[i + 3], a)
                }
            }
        }
        canvas.draw(content.pixmap, atX: area.x, y: area.y, opacity: opacity)
    }

    /// Draws a turned, sheared or flipped layer: the layer and its sublayers are drawn upright at
    /// their scale offscreen (as any layer is: text, images, shapes, shadows), then that picture is
    /// turned into place (`Resampler.warp`, Catmull-Rom, anti-aliased edges) and composited at
    /// `opacity`, through the clips above it. Layers inside it that turn again are drawn the same
    /// way within the offscreen.
    private func drawTransformed(_ layer: Layer, toDevice: Transform, canvas: inout Canvas, opacity: Double) {
        // Drawn offscreen: no step of the frame's own, nothing to plan.
        if planning { return }
        let sx = toDevice.scaleX, sy = toDevice.scaleY
        guard sx > 0, sy > 0, sx <= LayerRenderer.maximumMagnification, sy <= LayerRenderer.maximumMagnification else { return }
        let upright = Transform.scale(sx, sy)
        // Offscreen pixels to device pixels: what is left of the transform once its scale is drawn.
        let turn = Transform.scale(1 / sx, 1 / sy).concatenating(toDevice)
        guard let back = turn.inverted else { return }
        let clip = canvas.clipBounds
        guard !clip.isEmpty else { return }
        let clipRect = Rect(x: Double(clip.x), y: Double(clip.y), width: Double(clip.width), height: Double(clip.height))
        // The upright picture needs only the part that lands in the clip (and the filter's reach).
        var local = back.apply(clipRect).insetBy(dx: -3, dy: -3)
        if let extent = LayerRenderer.drawnExtent(layer, toDevice: upright) { local = local.intersection(extent.insetBy(dx: -3, dy: -3)) }
        guard !local.isEmpty, local.width * local.height < Double(1 << 25) else { return }
        let area = local.enclosingPixels
        var offscreen = Canvas(pixmap: Pixmap(width: area.width, height: area.height), originX: area.x, originY: area.y)
        drawPlaced(layer, toDevice: upright, canvas: &offscreen, opacity: 1)
        let device = turn.apply(Rect(x: Double(area.x), y: Double(area.y), width: Double(area.width), height: Double(area.height)))
        let region = device.enclosingPixels.intersection(clip)
        guard !region.isEmpty else { return }
        let toSource = back.translated(-Double(area.x), -Double(area.y))
        let pixels = Resampler.warp(offscreen.pixmap, toSource: toSource, region: region)
        canvas.draw(pixels, atX: region.x, y: region.y, opacity: opacity)
    }

    /// A rectangle in device pixels that holds every pixel `layer` and its sublayers can draw, or
    /// nil when it cannot be told cheaply (then the caller's clip bounds it). Each layer adds its
    /// bounds, its shapes' bounds and its image's drawn rectangle (a content mode can overflow),
    /// grown by 2 pixels for anti-aliased edges and by 3 sigma for a shadow; a layer that masks
    /// clips its sublayers' extent. Text is taken whole only on one line (a wrapped paragraph can
    /// run past its label), so a faded multi-line label keeps the full-clip offscreen.
    static func drawnExtent(_ layer: Layer, toDevice: Transform) -> Rect? {
        guard toDevice.isUpright else {
            // A turned layer: the bounding box of its extent drawn upright at its scale.
            let upright = Transform.scale(toDevice.scaleX, toDevice.scaleY)
            guard toDevice.scaleX > 0, toDevice.scaleY > 0, let r = drawnExtent(layer, toDevice: upright) else { return nil }
            return Transform.scale(1 / toDevice.scaleX, 1 / toDevice.scaleY).concatenating(toDevice).apply(r).insetBy(dx: -2, dy: -2)
        }
        let bounds = toDevice.apply(layer.bounds)
        var own = bounds
        func add(_ r: Rect) {
            let x0 = min(own.minX, r.minX), y0 = min(own.minY, r.minY)
            own = Rect(x: x0, y: y0, width: max(own.maxX, r.maxX) - x0, height: max(own.maxY, r.maxY) - y0)
        }
        switch layer.contents {
        case .text(let text)?:
            // Text shadows reach past the lines by their offsets and blurs: the clip bounds them.
            guard text.numberOfLines == 1, !text.hasRunShadows else { return nil }
            // One line, centred: a line box taller than the label draws above and below it.
            let pad = text.maximumPointSize * 2 * abs(toDevice.scaleY)
            add(bounds.insetBy(dx: 0, dy: -pad))
        case .shapes(let items)?:
            for (shape, _) in items { add(shape.applying(toDevice).bounds) }
        case .image(let image, let mode)?:
            add(toDevice.apply(mode.rect(for: image.pointSize, in: layer.bounds)))
        case .shape(let shape)?:
            // A miter reaches at most miterLimit half-widths past the path; a square cap, √2.
            let reach = shape.strokeColor == nil ? 0 : shape.lineWidth / 2 * max(shape.miterLimit, 1.5)
            add(toDevice.apply(shape.path.controlBounds.insetBy(dx: -reach, dy: -reach)))
        case .gradient?, nil:
            break
        }
        var children: Rect?
        let sublayersToDevice = layer.sublayerTransformToLayer.map { $0.concatenating(toDevice) } ?? toDevice
        for sublayer in layer.sublayers where !sublayer.isHidden && sublayer.opacity > 0 {
            guard let r = drawnExtent(sublayer, toDevice: sublayer.transformToSuperlayer.concatenating(sublayersToDevice)) else { return nil }
            children =
                children.map { c in
                    let x0 = min(c.minX, r.minX), y0 = min(c.minY, r.minY)
                    return Rect(x: x0, y: y0, width: max(c.maxX, r.maxX) - x0, height: max(c.maxY, r.maxY) - y0)
                } ?? r
        }
        if var children {
            if layer.masksToBounds { children = children.intersection(bounds) }
            if !children.isEmpty { add(children) }
        }
        if layer.shadowOpacity > 0, layer.shadowOffset != .zero || layer.shadowPath != nil {
            let cast = layer.shadowPath.map { toDevice.apply($0.controlBounds) } ?? own
            add(cast.offsetBy(dx: layer.shadowOffset.width * toDevice.scaleX, dy: layer.shadowOffset.height * toDevice.scaleY))
        }
        var grow = 2.0
        if layer.shadowOpacity > 0 { grow += 3 * min(maximumSigma, layer.shadowRadius * (abs(toDevice.scaleX) + abs(toDevice.scaleY)) / 2) + 1 }
        return own.insetBy(dx: -grow, dy: -grow)
    }

    /// Replaces the canvas pixels under `rect` with a blurred copy (edges repeat inside the rect).
    /// A rounded layer's blur is drawn through its rounded body (`corners`), as its background is.
    private func blurBackdrop(_ rect: Rect, sigma: Double, canvas: inout Canvas, corners: Shape? = nil) {
        let area = rect.enclosingPixels.intersection(canvas.clipBounds)
        guard !area.isEmpty else { return }
        let cw = canvas.pixmap.width, rowBytes = 4 * area.width
        var region = Pixmap(width: area.width, height: area.height)
        for y in 0..<area.height {
            let src = 4 * ((area.y - canvas.originY + y) * cw + area.x - canvas.originX)
            region.bytes.replaceSubrange((y * rowBytes)..<((y + 1) * rowBytes), with: canvas.pixmap.bytes[src..<(src + rowBytes)])
        }
        let blurred = GaussianBlur.applyReduced(region, sigma: sigma)
        if let corners {
            canvas.draw(blurred, atX: area.x, y: area.y, mask: corners)
            return
        }
        for y in 0..<area.height {
            let dst = 4 * ((area.y - canvas.originY + y) * cw + area.x - canvas.originX)
            canvas.pixmap.bytes.replaceSubrange(dst..<(dst + rowBytes), with: blurred.bytes[(y * rowBytes)..<((y + 1) * rowBytes)])
        }
    }

    /// Core Animation's shadow: the layer's drawing (or its `shadowPath` filled), offscreen, moved
    /// by `shadowOffset`, blurred with a Gaussian of `shadowRadius` points, its alpha tinted with
    /// `shadowColor`, drawn underneath.
    /// A text layer's shadow (a glow) covers only its lines, is placed on whole pixels and is kept
    /// for the next frames: a title that moves or holds still is blurred once.
    private func drawShadow(of layer: Layer, toDevice: Transform, rect: Rect, canvas: inout Canvas, opacity: Double) {
        // Wider than this, a blur looks the same (it spreads past the screen) and only costs more.
        let sigma = min(LayerRenderer.maximumSigma, layer.shadowRadius * (toDevice.scaleX + toDevice.scaleY) / 2)
        let pad = Int((3 * sigma).rounded(.up))
        var drawn = rect
        var key: String?
        if let path = layer.shadowPath {
            drawn = toDevice.apply(path.controlBounds)
        } else if case .text(let text)? = layer.contents, layer.sublayers.isEmpty, layer.backgroundColor == nil, layer.borderWidth == 0 {
            let b = layer.bounds
            let paragraph = text.paragraph(width: b.width, height: b.height)
            let xs = paragraph.lines.map { text.lineX($0, minX: b.minX, maxX: b.maxX) }
            let x = xs.min() ?? b.minX
            let right = zip(xs, paragraph.lines).map { $0 + $1.width }.max() ?? x
            drawn = toDevice.apply(Rect(x: x, y: b.midY - paragraph.height / 2, width: right - x, height: paragraph.height))
            key = [
                "\(ObjectIdentifier(text.typography))", text.text, text.weight.rawValue, "\(text.pointSize)", text.alignment.rawValue,
                "\(text.numberOfLines)",
                "\(text.lineHeight ?? 0)", "\(text.letterSpacing)", "\(text.runs)", "\(text.paragraphStyle)", "\(b.width)",
                "\(paragraph.lines.count)", "\(toDevice.scaleX)",
                "\(toDevice.scaleY)",
                "\(sigma)", "\(layer.shadowColor)", "\(layer.shadowOpacity)", "\(drawn.size)",
            ].joined(separator: "\u{1}")
        }
        // The offset is in the layer's coordinates; transforms here only scale and move.
        let offset = Point(layer.shadowOffset.width * toDevice.scaleX, layer.shadowOffset.height * toDevice.scaleY)
        drawn = drawn.offsetBy(dx: offset.x, dy: offset.y)
        // On whole pixels: the blurred pixels are then the same wherever the layer is.
        let dx = drawn.minX.rounded() - drawn.minX, dy = drawn.minY.rounded() - drawn.minY
        let snapped = toDevice.translated(offset.x + dx, offset.y + dy)
        let origin = (x: Int(drawn.minX.rounded()) - pad, y: Int(drawn.minY.rounded()) - pad)
        var area = PixelRect(
            x: origin.x, y: origin.y, width: Int((drawn.width).rounded(.up)) + 2 * pad + 1,
            height: Int((drawn.height).rounded(.up)) + 2 * pad + 1)
        guard !area.intersection(canvas.clipBounds).isEmpty else { return }
        // Only what can reach the canvas is drawn and blurred: the canvas and the blur's reach
        // around it (a layer far larger than the screen costs no more than the screen). Such a
        // cut shadow depends on where the layer is, so it is not kept.
        let clip = canvas.clipBounds
        let reach = PixelRect(x: clip.x - pad, y: clip.y - pad, width: clip.width + 2 * pad, height: clip.height + 2 * pad)
        if area.intersection(reach) != area {
            area = area.intersection(reach)
            key = nil
        }
        if let key, let hit = shadowCache[key] {
            canvas.draw(hit, atX: area.x, y: area.y, opacity: opacity)
            return
        }
        var offscreen = Canvas(pixmap: Pixmap(width: area.width, height: area.height), originX: area.x, originY: area.y)
        if let path = layer.shadowPath {
            offscreen.fill(.fill(path.applying(snapped), rows: area.y..<(area.y + area.height)), color: .black)
        } else {
            drawLayerBody(layer, toDevice: snapped, rect: snapped.apply(layer.bounds), canvas: &offscreen, opacity: 1)
        }
        var blurred = GaussianBlur.apply(offscreen.pixmap, sigma: sigma)
        let c = layer.shadowColor
        let alphaScale = UInt8((Double(c.a) * layer.shadowOpacity).rounded())
        blurred.bytes.withUnsafeMutableBufferPointer { p in
            for i in stride(from: 0, to: p.count, by: 4) {
                let a = mul255(p[i + 3], alphaScale)
                p[i] = mul255(c.r, a); p[i + 1] = mul255(c.g, a); p[i + 2] = mul255(c.b, a); p[i + 3] = a
            }
        }
        if let key {
            shadowCache[key] = blurred
            shadowCacheOrder.append(key)
            if shadowCacheOrder.count > 4 { shadowCache[shadowCacheOrder.removeFirst()] = nil }
        }
        canvas.draw(blurred, atX: area.x, y: area.y, opacity: opacity)
    }

    /// The runs' shadows (NSShadow), under all of the text: per distinct shadow, the text set as
    /// it is with only that shadow's runs inked casts it, as a layer's shadow is cast (blurred
    /// once and kept while the text holds still).
    private func drawRunShadows(_ text: TextContent, of layer: Layer, toDevice: Transform, canvas: inout Canvas, opacity: Double) {
        var shadows: [TextShadow] = []
        for run in text.runs { if let s = run.shadow, !shadows.contains(s) { shadows.append(s) } }
        for shadow in shadows where shadow.color.a > 0 {
            var caster = text
            caster.runs = text.runs.map { run in
                var r = run
                if r.shadow != shadow { r.color = .clear }
                r.shadow = nil
                return r
            }
            caster.color = caster.runs.first?.color ?? .clear
            let cast = Layer(frame: .zero)
            cast.bounds = layer.bounds
            cast.contents = .text(caster)
            cast.shadowColor = shadow.color
            cast.shadowOpacity = 1
            cast.coreAnimationShadowRadius = shadow.blurRadius
            cast.shadowOffset = shadow.offset
            drawShadow(of: cast, toDevice: toDevice, rect: toDevice.apply(layer.bounds), canvas: &canvas, opacity: opacity)
        }
    }

    /// The layer's background shape in device pixels: its bounds rounded by its corner radius.
    private func bodyShape(_ layer: Layer, toDevice: Transform, rect: Rect) -> Shape {
        let radius = layer.cornerRadius * (toDevice.scaleX + toDevice.scaleY) / 2
        let continuous = layer.continuousCorners && radius > 0 && layer.maskedCorners == .all
        return continuous ? .fill(.continuousRoundedRect(rect, cornerRadius: radius)) : .rounded(rect, radius: radius, corners: layer.maskedCorners)
    }

    private func drawLayerBody(_ layer: Layer, toDevice: Transform, rect: Rect, canvas: inout Canvas, opacity: Double) {
        let k = (toDevice.scaleX + toDevice.scaleY) / 2
        let radius = layer.cornerRadius * k
        let corners = layer.maskedCorners
        let continuous = layer.continuousCorners && radius > 0 && corners == .all
        let body = bodyShape(layer, toDevice: toDevice, rect: rect)
        if canvas.countsSteps {
            canvas.step += 1
            if planning, let bg = layer.backgroundColor, let region = canvas.opaqueRegion(of: body, color: bg, opacity: opacity) {
                canvas.occluders.append(Occluder(step: canvas.step, rect: region))
            }
        }
        if let bg = layer.backgroundColor, bg.a > 0, !planning {
            canvas.fill(body, color: bg, opacity: opacity)
        }
        if layer.masksToBounds { canvas.pushClip(body) }
        if let contents = layer.contents, !planning {
            drawContents(contents, of: layer, toDevice: toDevice, canvas: &canvas, opacity: opacity)
        }
        let sublayersToDevice = layer.sublayerTransformToLayer.map { $0.concatenating(toDevice) } ?? toDevice
        for sublayer in layer.sublayersInDrawingOrder {
            draw(sublayer, toDevice: sublayersToDevice, canvas: &canvas, opacity: opacity)
        }
        if layer.masksToBounds { canvas.popClip() }
        if layer.borderWidth > 0, layer.borderColor.a > 0, !planning {
            let width = layer.borderWidth * k
            var border = Shape.roundedBorder(rect, radius: radius, width: width, corners: corners)
            if continuous {
                // The band between the outline and the outline inset by the width, its radius less the width.
                var band = Path.continuousRoundedRect(rect, cornerRadius: radius)
                let inner = rect.insetBy(dx: width, dy: width)
                if inner.width > 0, inner.height > 0 { band.addPath(.continuousRoundedRect(inner, cornerRadius: max(0, radius - width))) }
                border = .fill(band, evenOdd: true)
            }
            canvas.fill(border, color: layer.borderColor, opacity: opacity)
        }
    }

    private func drawContents(
        _ contents: LayerContents, of layer: Layer, toDevice: Transform, canvas: inout Canvas,
        opacity: Double
    ) {
        switch contents {
        case .image(let image, let mode):
            // The picture is placed on whole device pixels (at most half a pixel from its exact
            // place): a photo that only moves, as rows and cells do while scrolling, is then the
            // same pixels at another place, resampled once.
            // Its size is snapped to 1/1024 pixel, so float noise (720.0000000000002) is not a new size.
            var exact = toDevice.apply(mode.rect(for: image.pointSize, in: layer.bounds))
            exact.size = Size(width: (exact.width * 1024).rounded() / 1024, height: (exact.height * 1024).rounded() / 1024)
            let ox = exact.minX.rounded(), oy = exact.minY.rounded()
            let destination = exact.offsetBy(dx: ox - exact.minX, dy: oy - exact.minY)
            let region = destination.enclosingPixels.intersection(canvas.clipBounds)
            guard !region.isEmpty else { return }
            // The part that can show at all: the picture within its layer (an aspect-filled photo
            // overflows a cell that clips it).
            let reach = destination.enclosingPixels.intersection(toDevice.apply(layer.bounds).enclosingPixels)
            func relative(_ r: PixelRect) -> PixelRect { PixelRect(x: r.x - Int(ox), y: r.y - Int(oy), width: r.width, height: r.height) }
            let pixels = resampled(image, size: destination.size, region: relative(region), reach: relative(reach))
            canvas.draw(pixels, atX: region.x, y: region.y, opacity: opacity, mask: .rect(destination))
        case .text(let text):
            if text.hasRunShadows { drawRunShadows(text, of: layer, toDevice: toDevice, canvas: &canvas, opacity: opacity) }
            let b = layer.bounds
            let paragraph = text.paragraph(width: b.width, height: b.height)
            var top = b.midY - paragraph.height / 2
            // A line wider than the box (`byClipping`) is drawn up to the box's sides.
            let clips = text.lineBreakMode == .byClipping && paragraph.lines.contains { $0.width > b.width + 0.001 }
            if clips {
                let r = toDevice.apply(b)
                canvas.pushClip(.rect(Rect(x: r.minX, y: r.minY - 1e6, width: r.width, height: r.height + 2e6)))
            }
            defer { if clips { canvas.popClip() } }
            for (i, line) in paragraph.lines.enumerated() {
                let x = text.lineX(line, minX: b.minX, maxX: b.maxX)
                let baseline = top + paragraph.baselines[i]
                top += paragraph.lineHeights[i]
                let origin = toDevice.apply(Point(x, baseline))
                canvas.draw(
                    line, with: rasterizers, originX: origin.x, baselineY: origin.y,
                    pixelsPerPoint: toDevice.scaleY, color: text.color, opacity: opacity)
            }
        case .shapes(let items):
            for (shape, color) in items {
                canvas.fill(shape.applying(toDevice), color: color, opacity: opacity)
            }
        case .shape(let shape):
            let path = shape.path.applying(toDevice)
            let clip = canvas.clipBounds
            let rows = clip.y..<(clip.y + clip.height)
            if let fill = shape.fillColor, fill.a > 0 {
                canvas.fill(.fill(path, evenOdd: shape.evenOddFill, rows: rows), color: fill, opacity: opacity)
            }
            if let stroke = shape.strokeColor, stroke.a > 0, shape.lineWidth > 0 {
                let style = StrokeStyle(
                    width: shape.lineWidth * (toDevice.scaleX + toDevice.scaleY) / 2, cap: shape.lineCap, join: shape.lineJoin,
                    miterLimit: shape.miterLimit)
                var line = path
                if shape.strokeStart > 0 || shape.strokeEnd < 1 {
                    line = line.trimmed(start: shape.strokeStart, end: shape.strokeEnd, tolerance: 0.025)
                }
                if !shape.lineDashPattern.isEmpty {
                    let k = (toDevice.scaleX + toDevice.scaleY) / 2
                    line = line.dashed(shape.lineDashPattern.map { $0 * k }, phase: shape.lineDashPhase * k, tolerance: 0.025)
                }
                canvas.fill(.stroke(line, style: style, rows: rows), color: stroke, opacity: opacity)
            }
        case .gradient(let gradient):
            let rect = toDevice.apply(layer.bounds)
            let region = rect.enclosingPixels.intersection(canvas.clipBounds)
            guard !region.isEmpty, rect.width > 0, rect.height > 0 else { return }
            let pixels = LayerRenderer.gradientPixels(gradient, rect: rect, region: region)
            canvas.draw(pixels, atX: region.x, y: region.y, opacity: opacity, mask: .rect(rect))
        }
    }

    /// The gradient's pixels over `region` (device pixels) for a layer drawn at `rect`. A pixel's
    /// place along the line is measured in the layer's unit square, as Core Animation draws it: on
    /// a layer twice as wide as tall, a gradient from (0, 0) to (1, 1) has the same color along the
    /// other diagonal (iOS's references; UIKitTests.ParityCorpusTests). A vertical or horizontal
    /// gradient computes one color per row or column.
    static func gradientPixels(_ g: LinearGradient, rect: Rect, region: PixelRect) -> Pixmap {
        var out = Pixmap(width: region.width, height: region.height)
        let sx = rect.minX + g.start.x * rect.width, sy = rect.minY + g.start.y * rect.height
        let ex = g.end.x - g.start.x, ey = g.end.y - g.start.y
        let unit2 = ex * ex + ey * ey
        // t's change per pixel across and down.
        let dx = unit2 > 0 && rect.width > 0 ? ex / (rect.width * unit2) : 0
        let dy = unit2 > 0 && rect.height > 0 ? ey / (rect.height * unit2) : 0
        func t(_ px: Double, _ py: Double) -> Double { (px - sx) * dx + (py - sy) * dy }
        let w = region.width
        out.bytes.withUnsafeMutableBufferPointer { p in
            func put(_ i: Int, _ c: PremultipliedColor) { p[i] = c.r; p[i + 1] = c.g; p[i + 2] = c.b; p[i + 3] = c.a }
            if dx == 0 {
                for y in 0..<region.height {
                    let c = g.color(at: t(0, Double(region.y + y) + 0.5))
                    for x in 0..<w { put(4 * (y * w + x), c) }
                }
            } else if dy == 0 {
                let row = (0..<w).map { g.color(at: t(Double(region.x + $0) + 0.5, 0)) }
                for y in 0..<region.height { for x in 0..<w { put(4 * (y * w + x), row[x]) } }
            } else if g.space == .genericRGB {
                // Generic RGB's conversions cost twice sRGB's per pixel: one color per quarter
                // pixel along the line, each pixel taking the nearest.
                let ts = [(0, 0), (w, 0), (0, region.height), (w, region.height)].map { t(Double(region.x + $0.0), Double(region.y + $0.1)) }
                let lo = ts.min()!, hi = ts.max()!
                let perPixel = (dx * dx + dy * dy).squareRoot()
                let steps = max(1, Int(((hi - lo) / perPixel * 4).rounded(.up)))
                let ramp = (0...steps).map { g.color(at: lo + (hi - lo) * Double($0) / Double(steps)) }
                let k = hi > lo ? Double(steps) / (hi - lo) : 0
                for y in 0..<region.height {
                    for x in 0..<w {
                        let i = Int(((t(Double(region.x + x) + 0.5, Double(region.y + y) + 0.5) - lo) * k).rounded())
                        put(4 * (y * w + x), ramp[min(max(i, 0), steps)])
                    }
                }
            } else {
                for y in 0..<region.height {
                    for x in 0..<w { put(4 * (y * w + x), g.color(at: t(Double(region.x + x) + 0.5, Double(region.y + y) + 0.5))) }
                }
            }
        }
        return out
    }

    /// Resampling is the costliest step of a frame; frames that hold still, and pictures that only
    /// moved by whole pixels, reuse the last results. `region` is relative to the picture's
    /// top-left pixel, so the result does not depend on where the picture is.
    private func resampled(_ image: SceneImage, size: Size, region: PixelRect, reach: PixelRect? = nil) -> Pixmap {
        // A partly visible picture (a cell scrolling in or out) shows a different part each frame:
        // the part that can show (`reach`) is resampled once and the part copied out. Each output
        // pixel depends only on its own position, so the part is the same pixels either way.
        if let reach, region != reach, reach.intersection(region) == region, reach.width * reach.height <= 2 << 20 {
            let whole = resampled(image, size: size, region: reach)
            return whole.cropped(to: PixelRect(x: region.x - reach.x, y: region.y - reach.y, width: region.width, height: region.height))
        }
        let key = ImageCacheKey(image: image.id, size: size, region: region)
        if let hit = imageCache[key] { return hit }
        let srcRect = Rect(x: 0, y: 0, width: Double(image.pixmap.width), height: Double(image.pixmap.height))
        let pixels = Resampler.resample(image.pixmap, sourceRect: srcRect, to: Rect(origin: .zero, size: size), region: region)
        imageCache[key] = pixels
        imageCacheOrder.append(key)
        imageCacheBytes += pixels.bytes.count
        // The last dozen pictures, within 16 MB per renderer (peak memory stays flat).
        while imageCacheOrder.count > 12 || (imageCacheBytes > 16 << 20 && imageCacheOrder.count > 1) {
            let old = imageCacheOrder.removeFirst()
            imageCacheBytes -= imageCache[old]?.bytes.count ?? 0
            imageCache[old] = nil
        }
        return pixels
    }

    /// The named layers that are visible on a screen of `screen` points, in drawing order.
    public static func placements(of root: Layer, screen: Size) -> [LayerPlacement] {
        var out: [LayerPlacement] = []
        let screenRect = Rect(origin: .zero, size: screen)
        func visit(_ layer: Layer, _ parent: Transform, _ opacity: Double, _ clip: Rect) {
            guard !layer.isHidden, layer.opacity > 0 else { return }
            let t = layer.transformToSuperlayer.concatenating(parent)
            let rect = t.apply(layer.bounds)
            let effective = opacity * layer.opacity
            let visible = rect.intersection(clip)
            if !layer.name.isEmpty, !visible.isEmpty {
                out.append(
                    LayerPlacement(
                        name: layer.name, frame: [rect.minX, rect.minY, rect.width, rect.height].map(round4),
                        z: out.count, opacity: round4(effective)))
            }
            let childClip = layer.masksToBounds ? clip.intersection(rect) : clip
            if layer.masksToBounds && childClip.isEmpty { return }
            let toSublayers = layer.sublayerTransformToLayer.map { $0.concatenating(t) } ?? t
            for sub in layer.sublayersInDrawingOrder { visit(sub, toSublayers, effective, childClip) }
        }
        visit(root, .identity, 1, screenRect)
        return out
    }
}

/// Rounds to 4 decimals so manifests read well and do not carry float noise.
package func round4(_ v: Double) -> Double { (v * 10000).rounded() / 10000 }

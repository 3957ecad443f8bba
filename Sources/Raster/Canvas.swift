/// A pixmap to draw on, with a stack of clip shapes.
///
/// Coordinates are device pixels; `origin` is the device position of the pixmap's top-left pixel,
/// so an offscreen canvas for a group can use the same coordinates as the screen. Every drawing
/// call works a row at a time: the shape's coverage row, times each clip's coverage row, times the
/// opacity, then one span kernel.
///
/// Occlusion: a canvas can be told which rectangles later drawing will replace with opaque
/// stores (`occluders`, each with the drawing `step` that paints it). Drawing at an earlier step
/// then leaves alone the rows of its area that such a rectangle covers from side to side: those
/// pixels would be overwritten whatever they held, so the result is the same bytes.
public struct Canvas {
    public var pixmap: Pixmap
    public let originX: Int
    public let originY: Int
    private let bounds: PixelRect
    private var clips: [Shape] = []
    private var clipBoundsStack: [PixelRect] = []
    private var coverageRow: [UInt8]
    /// Whether the caller counts its drawing steps on this canvas (a frame's own canvas, not an
    /// offscreen one).
    public var countsSteps = false
    /// The drawing step now under way (the caller counts its steps; 0 until it does).
    public var step = 0
    /// Rectangles that steps after the current one fill with opaque stores, every pixel replaced.
    public var occluders: [Occluder] = []

    public init(pixmap: Pixmap, originX: Int = 0, originY: Int = 0) {
        self.pixmap = pixmap
        self.originX = originX
        self.originY = originY
        bounds = PixelRect(x: originX, y: originY, width: pixmap.width, height: pixmap.height)
        coverageRow = [UInt8](repeating: 0, count: max(pixmap.width, 1))
    }

    /// A canvas of `bounds` that holds no pixels, only its clips: for a pass that plans drawing
    /// (where the clips fall, which rectangles are opaque) before it is done. Drawing on it draws
    /// nothing.
    public init(clipsOnly bounds: PixelRect) {
        pixmap = Pixmap(width: 0, height: 0)
        originX = bounds.x
        originY = bounds.y
        self.bounds = bounds
        coverageRow = [0]
    }

    /// The device-pixel rectangle drawing can reach: the pixmap, less the clips.
    public var clipBounds: PixelRect {
        clipBoundsStack.last ?? bounds
    }

    /// The pixels `fill(shape, color:, opacity:)` would replace with `color`, opaque, whatever
    /// they held (every pixel fully inside the shape and every clip), or nil when that is not a
    /// rectangle of a plain rectangle's inner pixels or the color is not opaque.
    public func opaqueRegion(of shape: Shape, color: Color, opacity: Double = 1) -> PixelRect? {
        guard case .roundedRect(let r, let radius) = shape, radius <= 0 else { return nil }
        guard color.withAlpha(multipliedBy: opacity).premultiplied.a == 255 else { return nil }
        guard r.minX.magnitude < 1e9, r.maxX.magnitude < 1e9, r.minY.magnitude < 1e9, r.maxY.magnitude < 1e9 else { return nil }
        let x0 = Int(r.minX.rounded(.up)), x1 = Int(r.maxX.rounded(.down))
        let y0 = Int(r.minY.rounded(.up)), y1 = Int(r.maxY.rounded(.down))
        guard x1 > x0, y1 > y0 else { return nil }
        let region = PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0).intersection(clipBounds)
        guard !region.isEmpty, shape.fullyCovers(region), clips.allSatisfy({ $0.fullyCovers(region) }) else { return nil }
        return region
    }

    /// Stores `color` into every pixel (no blending), but for the rows a later occluder covers.
    public mutating func clear(to color: PremultipliedColor) {
        let word = (UInt32(color.r) | UInt32(color.g) << 8 | UInt32(color.b) << 16 | UInt32(color.a) << 24).littleEndian
        forEachRow(of: bounds) { _, _, count, dst, _ in
            let raw = UnsafeMutableRawPointer(dst)
            for i in 0..<count { raw.storeBytes(of: word, toByteOffset: 4 * i, as: UInt32.self) }
        }
    }

    /// Restricts drawing to a shape (intersected with the current clip) until the matching `popClip`.
    public mutating func pushClip(_ shape: Shape) {
        clips.append(shape)
        clipBoundsStack.append(clipBounds.intersection(shape.bounds.enclosingPixels))
    }

    public mutating func popClip() {
        clips.removeLast()
        clipBoundsStack.removeLast()
    }

    /// Fills a shape with a color at an opacity (0...1).
    public mutating func fill(_ shape: Shape, color: Color, opacity: Double = 1) {
        let c = color.withAlpha(multipliedBy: opacity).premultiplied
        guard c.a > 0 else { return }
        let area = clipBounds.intersection(shape.bounds.enclosingPixels)
        guard !area.isEmpty else { return }
        let skipShape = shape.fullyCovers(area)
        let clips = self.clips
        forEachRow(of: area) { y, x0, count, dst, cov in
            var full = true
            if !skipShape { full = shape.coverage(row: y, x0: x0, count: count, into: cov) }
            full = Canvas.applyClips(clips, row: y, x0: x0, count: count, coverage: cov, full: full)
            Spans.fill(dst, count: count, color: c, coverage: full ? nil : UnsafePointer(cov))
        }
    }

    /// Composites a pixmap whose top-left pixel lands on device pixel (x, y), at an opacity,
    /// optionally through a mask shape (for example the rounded rectangle of a clipping layer).
    public mutating func draw(_ image: Pixmap, atX x: Int, y: Int, opacity: Double = 1, mask: Shape? = nil) {
        let op = opacityByte(opacity)
        guard op > 0 else { return }
        var area = clipBounds.intersection(PixelRect(x: x, y: y, width: image.width, height: image.height))
        if let mask { area = area.intersection(mask.bounds.enclosingPixels) }
        guard !area.isEmpty else { return }
        let skipMask = mask.map { $0.fullyCovers(area) } ?? true
        let clips = self.clips
        image.bytes.withUnsafeBufferPointer { src in
            forEachRow(of: area) { row, x0, count, dst, cov in
                var full = true
                if !skipMask { full = mask!.coverage(row: row, x0: x0, count: count, into: cov) }
                full = Canvas.applyClips(clips, row: row, x0: x0, count: count, coverage: cov, full: full)
                if op < 255 {
                    if full {
                        cov.update(repeating: op, count: count); full = false
                    } else {
                        for i in 0..<count { cov[i] = mul255(cov[i], op) }
                    }
                }
                let s = src.baseAddress! + ((row - y) * image.width + (x0 - x)) * 4
                Spans.composite(dst, s, count: count, coverage: full ? nil : UnsafePointer(cov))
            }
        }
    }

    /// Fills `color` through an 8-bit alpha mask (a glyph) whose top-left pixel lands on (x, y).
    public mutating func fill(mask: AlphaMask, atX x: Int, y: Int, color: Color, opacity: Double = 1) {
        let c = color.withAlpha(multipliedBy: opacity).premultiplied
        guard c.a > 0 else { return }
        let area = clipBounds.intersection(PixelRect(x: x, y: y, width: mask.width, height: mask.height))
        guard !area.isEmpty else { return }
        let clips = self.clips
        mask.bytes.withUnsafeBufferPointer { m in
            forEachRow(of: area) { row, x0, count, dst, cov in
                let s = m.baseAddress! + (row - y) * mask.width + (x0 - x)
                cov.update(from: s, count: count)
                _ = Canvas.applyClips(clips, row: row, x0: x0, count: count, coverage: cov, full: false)
                Spans.fill(dst, count: count, color: c, coverage: UnsafePointer(cov))
            }
        }
    }

    /// Calls `body` for each row of `area` (device pixels, already clipped to the pixmap) with
    /// the row's destination pointer and a scratch coverage buffer of `count` bytes; rows that an
    /// occluder of a later step covers across the whole area are left out.
    private mutating func forEachRow(
        of area: PixelRect,
        _ body: (Int, Int, Int, UnsafeMutablePointer<UInt8>, UnsafeMutablePointer<UInt8>) -> Void
    ) {
        // A canvas of clips only has no pixels to draw on.
        let area = area.intersection(PixelRect(x: originX, y: originY, width: pixmap.width, height: pixmap.height))
        guard !area.isEmpty else { return }
        var hidden: [Range<Int>] = []
        for o in occluders where o.step > step && o.rect.x <= area.x && o.rect.maxX >= area.maxX {
            let y0 = max(o.rect.y, area.y), y1 = min(o.rect.maxY, area.maxY)
            if y0 < y1 { hidden.append(y0..<y1) }
        }
        if hidden.count > 1 { hidden.sort { $0.lowerBound < $1.lowerBound } }
        let w = pixmap.width, ox = originX, oy = originY
        coverageRow.withUnsafeMutableBufferPointer { cov in
            pixmap.bytes.withUnsafeMutableBufferPointer { px in
                var y = area.y, next = 0
                while y < area.maxY {
                    while next < hidden.count && hidden[next].upperBound <= y { next += 1 }
                    if next < hidden.count && hidden[next].lowerBound <= y {
                        y = hidden[next].upperBound
                        continue
                    }
                    let end = next < hidden.count ? min(hidden[next].lowerBound, area.maxY) : area.maxY
                    while y < end {
                        let dst = px.baseAddress! + ((y - oy) * w + (area.x - ox)) * 4
                        body(y, area.x, area.width, dst, cov.baseAddress!)
                        y += 1
                    }
                }
            }
        }
    }

    /// Multiplies a coverage row by every clip that does not fully contain it.
    private static func applyClips(_ clips: [Shape], row y: Int, x0: Int, count: Int, coverage: UnsafeMutablePointer<UInt8>, full: Bool) -> Bool {
        var full = full
        let span = PixelRect(x: x0, y: y, width: count, height: 1)
        for clip in clips where !clip.fullyCovers(span) {
            if full { coverage.update(repeating: 255, count: count); full = false }
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { tmp in
                clip.coverage(row: y, x0: x0, count: count, into: tmp.baseAddress!)
                for i in 0..<count { coverage[i] = mul255(coverage[i], tmp[i]) }
            }
        }
        return full
    }
}

/// A rectangle of device pixels that drawing step `step` fills with opaque stores: whatever the
/// pixels held before that step does not show.
public struct Occluder: Equatable, Sendable {
    public var step: Int
    public var rect: PixelRect
    public init(step: Int, rect: PixelRect) {
        self.step = step
        self.rect = rect
    }
}

/// An 8-bit coverage bitmap (a rendered glyph).
public struct AlphaMask: Sendable {
    public let width: Int
    public let height: Int
    public var bytes: [UInt8]
    public init(width: Int, height: Int, bytes: [UInt8]) {
        precondition(bytes.count == width * height)
        self.width = width; self.height = height; self.bytes = bytes
    }
}

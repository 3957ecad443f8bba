/// A pixmap to draw on, with a stack of clip shapes.
///
/// Coordinates are device pixels; `origin` is the device position of the pixmap's top-left pixel,
/// so an offscreen canvas for a group can use the same coordinates as the screen. Every drawing
/// call works a row at a time: the shape's coverage row, times each clip's coverage row, times the
/// opacity, then one span kernel.
public struct Canvas {
    public var pixmap: Pixmap
    public let originX: Int
    public let originY: Int
    private var clips: [Shape] = []
    private var clipBoundsStack: [PixelRect] = []
    private var coverageRow: [UInt8]

    public init(pixmap: Pixmap, originX: Int = 0, originY: Int = 0) {
        self.pixmap = pixmap
        self.originX = originX
        self.originY = originY
        coverageRow = [UInt8](repeating: 0, count: max(pixmap.width, 1))
    }

    /// The device-pixel rectangle drawing can reach: the pixmap, less the clips.
    public var clipBounds: PixelRect {
        clipBoundsStack.last ?? PixelRect(x: originX, y: originY, width: pixmap.width, height: pixmap.height)
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
    /// the row's destination pointer and a scratch coverage buffer of `count` bytes.
    private mutating func forEachRow(
        of area: PixelRect,
        _ body: (Int, Int, Int, UnsafeMutablePointer<UInt8>, UnsafeMutablePointer<UInt8>) -> Void
    ) {
        let w = pixmap.width, ox = originX, oy = originY
        coverageRow.withUnsafeMutableBufferPointer { cov in
            pixmap.bytes.withUnsafeMutableBufferPointer { px in
                for y in area.y..<area.maxY {
                    let dst = px.baseAddress! + ((y - oy) * w + (area.x - ox)) * 4
                    body(y, area.x, area.width, dst, cov.baseAddress!)
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

import Raster

/// Pixel-by-pixel comparison of two frames with a per-channel tolerance.
///
/// Channels are compared in straight (un-premultiplied) form would hide alpha changes; they are
/// compared premultiplied, as rendered, so any visible change counts. A size mismatch is never a
/// match: comparisons fail closed.
public struct ImageComparison: Sendable, Equatable {
    public var width: Int
    public var height: Int
    /// Pixels where some channel differs by more than the tolerance.
    public var differingPixels: Int
    /// The largest channel difference anywhere (0...255).
    public var maxChannelDelta: Int
    /// Where the largest difference is (nil when identical).
    public var worstPixel: (x: Int, y: Int)?
    public var sizeMismatch: Bool

    public var matches: Bool { !sizeMismatch && differingPixels == 0 }
    public var differingRatio: Double { width * height == 0 ? 0 : Double(differingPixels) / Double(width * height) }

    public static func == (l: ImageComparison, r: ImageComparison) -> Bool {
        l.width == r.width && l.height == r.height && l.differingPixels == r.differingPixels
            && l.maxChannelDelta == r.maxChannelDelta && l.worstPixel?.x == r.worstPixel?.x
            && l.worstPixel?.y == r.worstPixel?.y && l.sizeMismatch == r.sizeMismatch
    }

    /// Compares `actual` with `expected`; a pixel differs when a channel differs by more than `tolerance`.
    public static func compare(_ actual: Pixmap, _ expected: Pixmap, tolerance: Int = 0) -> ImageComparison {
        guard actual.width == expected.width, actual.height == expected.height else {
            return ImageComparison(width: actual.width, height: actual.height, differingPixels: max(actual.width * actual.height, 1),
                                   maxChannelDelta: 255, worstPixel: nil, sizeMismatch: true)
        }
        var differing = 0, worst = 0, worstIndex = -1
        actual.bytes.withUnsafeBufferPointer { a in
            expected.bytes.withUnsafeBufferPointer { e in
                for p in 0..<(actual.width * actual.height) {
                    var d = 0
                    for c in 0..<4 { d = max(d, abs(Int(a[4 * p + c]) - Int(e[4 * p + c]))) }
                    if d > tolerance { differing += 1 }
                    if d > worst { worst = d; worstIndex = p }
                }
            }
        }
        let worstPixel = worstIndex < 0 ? nil : (x: worstIndex % actual.width, y: worstIndex / actual.width)
        return ImageComparison(width: actual.width, height: actual.height, differingPixels: differing,
                               maxChannelDelta: worst, worstPixel: worstPixel, sizeMismatch: false)
    }

    /// A picture of where two same-sized frames differ: the expected frame faded to light grey,
    /// differing pixels in red (brighter for larger differences).
    public static func diffImage(_ actual: Pixmap, _ expected: Pixmap, tolerance: Int = 0) -> Pixmap {
        let w = min(actual.width, expected.width), h = min(actual.height, expected.height)
        var out = Pixmap(width: w, height: h)
        for y in 0..<h {
            for x in 0..<w {
                let a = actual[x, y], e = expected[x, y]
                let d = max(abs(Int(a.r) - Int(e.r)), abs(Int(a.g) - Int(e.g)), abs(Int(a.b) - Int(e.b)), abs(Int(a.a) - Int(e.a)))
                if d > tolerance {
                    let v = UInt8(min(255, 128 + d))
                    out[x, y] = PremultipliedColor(r: v, g: 0, b: 0, a: 255)
                } else {
                    let s = e.straight
                    let luma = (Int(s.r) * 299 + Int(s.g) * 587 + Int(s.b) * 114) / 1000
                    let faded = UInt8(255 - (255 - luma) / 4)
                    out[x, y] = PremultipliedColor(r: faded, g: faded, b: faded, a: 255)
                }
            }
        }
        return out
    }
}

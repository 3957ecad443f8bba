import Raster

/// Frame comparison. Frames are deterministic, so the default is strict about color and lenient
/// only about noise: a pixel differs when any of its four channels (premultiplied RGBA, as decoded)
/// differs by more than 2 levels of 255. A changed brand color (#FA2D48 to #FF375F, 5 to 23
/// levels a channel) fails; 1 level of rounding noise passes. Pixels that look like anti-aliasing
/// (an edge pixel whose neighbours show the same edge in the other image, pixelmatch's test) are
/// counted apart, not as differences, so a glyph edge drawn a fraction of a pixel over passes.
/// Two other metrics: pixelmatch's perceptual YIQ distance (`--threshold`), whose 0.1 lets green
/// alone move 37 levels and blue alone 78 (so both brand colors above pass it), and `exact`
/// (every changed byte counts).
public struct PixelMatch: Sendable {
    /// When two colors of one pixel count as different.
    public enum Metric: Sendable, Equatable {
        /// Any channel differs by more than this many levels (0...255); anti-aliasing counted apart.
        case channelLevels(Int)
        /// pixelmatch's YIQ distance over `35215 * threshold^2` (0...1; both colors blended over
        /// white); anti-aliasing counted apart.
        case perceptual(threshold: Double)
        /// Any changed byte: no tolerance, no anti-aliasing detection.
        case exact

        /// Levels a channel may move before its pixel differs, by default: 1 level of rounding
        /// noise passes, a 3-level color change fails.
        public static let defaultTolerance = 2
        /// The default: `channelLevels(2)`.
        public static let standard = Metric.channelLevels(defaultTolerance)
    }

    public struct Options: Sendable, Equatable {
        /// How colors are compared; by default `Metric.standard` (more than 2 levels in a channel).
        public var metric: Metric = .standard
        /// Differing pixels allowed (nil: none, unless a ratio is set).
        public var maxDiffPixels: Int?
        /// Differing pixels allowed as a ratio of all pixels, 0...1.
        public var maxDiffRatio: Double?

        public init(metric: Metric, maxDiffPixels: Int? = nil, maxDiffRatio: Double? = nil) {
            self.metric = metric; self.maxDiffPixels = maxDiffPixels; self.maxDiffRatio = maxDiffRatio
        }

        /// As the flags say it: `exact` wins, then a `threshold` (pixelmatch's perceptual metric),
        /// then a `tolerance` in levels, else the default (2 levels).
        public init(
            threshold: Double? = nil, exact: Bool = false, tolerance: Int? = nil, maxDiffPixels: Int? = nil,
            maxDiffRatio: Double? = nil
        ) {
            let metric: Metric = exact ? .exact : threshold.map { .perceptual(threshold: $0) } ?? .channelLevels(tolerance ?? Metric.defaultTolerance)
            self.init(metric: metric, maxDiffPixels: maxDiffPixels, maxDiffRatio: maxDiffRatio)
        }

        /// Every changed byte counts.
        public var exact: Bool { metric == .exact }
    }

    public struct Result: Sendable, Equatable {
        public var width: Int
        public var height: Int
        public var sizeMismatch = false
        public var differingPixels = 0
        public var antialiasedPixels = 0
        /// The pixel with the largest color distance by the metric (nil when none differs).
        public var worst: PixelPosition?
        /// That distance as a fraction of the largest possible (0...1): levels / 255 for the
        /// channel and exact metrics, the YIQ distance / 35215 for the perceptual one.
        public var worstDelta = 0.0
        /// The largest channel difference of that pixel, in levels (0...255; 0 when none differs).
        public var worstLevels = 0
        /// The smallest rectangle holding every differing pixel (nil when none differs): where a
        /// failure's crops are cut, so color noise under the threshold elsewhere does not widen them.
        public var changed: PixelRect?
        /// How far the worst pixel is off, for failure lines: ", a channel 23 levels off" (empty when unknown).
        static func levelsOff(_ levels: Int) -> String { levels > 0 ? ", a channel \(levels) level\(levels == 1 ? "" : "s") off" : "" }

        public var ratio: Double { width * height == 0 ? 0 : Double(differingPixels) / Double(width * height) }

        /// True when the sizes agree and the difference is within every budget that is set; with
        /// no budget, any differing pixel fails.
        public func passes(_ options: Options) -> Bool {
            guard !sizeMismatch else { return false }
            if options.maxDiffPixels == nil && options.maxDiffRatio == nil { return differingPixels == 0 }
            return (options.maxDiffPixels.map { differingPixels <= $0 } ?? true) && (options.maxDiffRatio.map { ratio <= $0 } ?? true)
        }
    }

    public struct PixelPosition: Sendable, Equatable, Codable {
        public var x: Int
        public var y: Int
    }

    /// Largest YIQ distance (white against black).
    static let maxYIQDelta = 35215.0

    /// Compares two frames.
    public static func compare(_ actual: Pixmap, _ expected: Pixmap, options: Options = Options()) -> Result {
        compare(actual, expected, options: options, makeDiff: false).0
    }

    /// Compares two frames and draws the diff picture: changed pixels red, anti-aliasing yellow,
    /// the rest a faded grey copy of `expected` (nil when the sizes differ).
    public static func compareWithDiff(_ actual: Pixmap, _ expected: Pixmap, options: Options = Options()) -> (Result, Pixmap?) {
        compare(actual, expected, options: options, makeDiff: true)
    }

    static func compare(_ actual: Pixmap, _ expected: Pixmap, options: Options, makeDiff: Bool) -> (Result, Pixmap?) {
        guard actual.width == expected.width, actual.height == expected.height else {
            return (
                Result(
                    width: actual.width, height: actual.height, sizeMismatch: true,
                    differingPixels: max(actual.width * actual.height, expected.width * expected.height)), nil
            )
        }
        let w = actual.width, h = actual.height
        var result = Result(width: w, height: h)
        // A pixel differs past `limit`, measured as the metric says: levels, or YIQ distance.
        let limit: Double, perceptual: Bool, detectAntialiasing: Bool
        switch options.metric {
        case .channelLevels(let levels): limit = Double(levels); perceptual = false; detectAntialiasing = true
        case .perceptual(let threshold): limit = maxYIQDelta * threshold * threshold; perceptual = true; detectAntialiasing = true
        case .exact: limit = 0; perceptual = false; detectAntialiasing = false
        }
        let scale = perceptual ? maxYIQDelta : 255
        // The diff picture's bytes, written in place (one byte buffer, not a pixel subscript a pixel).
        var diff = [UInt8](repeating: 0, count: makeDiff ? w * h * 4 : 0)
        var minX = w, minY = h, maxX = -1, maxY = -1
        actual.bytes.withUnsafeBufferPointer { a in
            expected.bytes.withUnsafeBufferPointer { e in
                diff.withUnsafeMutableBufferPointer { d in
                    @inline(__always) func paint(_ i: Int, _ r: UInt8, _ g: UInt8, _ b: UInt8) {
                        if makeDiff { d[i] = r; d[i + 1] = g; d[i + 2] = b; d[i + 3] = 255 }
                    }
                    for y in 0..<h {
                        for x in 0..<w {
                            let i = 4 * (y * w + x)
                            // Most pixels are equal: four byte compares, and nothing else, for them.
                            let same = a[i] == e[i] && a[i + 1] == e[i + 1] && a[i + 2] == e[i + 2] && a[i + 3] == e[i + 3]
                            let levels =
                                same
                                ? 0
                                : max(
                                    max(absDiff(a[i], e[i]), absDiff(a[i + 1], e[i + 1])),
                                    max(absDiff(a[i + 2], e[i + 2]), absDiff(a[i + 3], e[i + 3])))
                            let delta = same ? 0 : perceptual ? abs(colorDelta(a, i, e, i, yOnly: false)) : Double(levels)
                            if !same && delta > limit {
                                if detectAntialiasing && (antialiased(a, x, y, w, h, e) || antialiased(e, x, y, w, h, a)) {
                                    result.antialiasedPixels += 1
                                    paint(i, 255, 255, 0)
                                } else {
                                    result.differingPixels += 1
                                    minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
                                    let magnitude = delta / scale
                                    if magnitude > result.worstDelta || result.worst == nil {
                                        result.worstDelta = magnitude
                                        result.worstLevels = levels
                                        result.worst = PixelPosition(x: x, y: y)
                                    }
                                    paint(i, 255, 0, 0)
                                }
                            } else if makeDiff {
                                // A faded grey copy of the expected frame for orientation.
                                let luma = brightness(e, i)
                                let v = UInt8(255 - (255 - min(255, max(0, luma))) * 0.25)
                                paint(i, v, v, v)
                            }
                        }
                    }
                }
            }
        }
        let picture = makeDiff ? Pixmap(width: w, height: h, premultipliedBytes: diff) : nil
        if maxX >= 0 { result.changed = PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1) }
        return (result, picture)
    }

    @inline(__always)
    static func absDiff(_ p: UInt8, _ q: UInt8) -> Int { p > q ? Int(p - q) : Int(q - p) }

    // MARK: pixelmatch's measures (on colors blended over white)

    @inline(__always)
    static func blended(_ p: UnsafeBufferPointer<UInt8>, _ i: Int) -> (Double, Double, Double) {
        // Premultiplied over white: c + (255 - a).
        let inv = 255 - Double(p[i + 3])
        return (Double(p[i]) + inv, Double(p[i + 1]) + inv, Double(p[i + 2]) + inv)
    }

    @inline(__always)
    static func brightness(_ p: UnsafeBufferPointer<UInt8>, _ i: Int) -> Double {
        let (r, g, b) = blended(p, i)
        return r * 0.29889531 + g * 0.58662247 + b * 0.11448223
    }

    /// YIQ distance; negative when the second pixel is brighter (pixelmatch's sign convention).
    static func colorDelta(
        _ p1: UnsafeBufferPointer<UInt8>, _ i: Int, _ p2: UnsafeBufferPointer<UInt8>, _ j: Int,
        yOnly: Bool
    ) -> Double {
        let (r1, g1, b1) = blended(p1, i), (r2, g2, b2) = blended(p2, j)
        let y1 = r1 * 0.29889531 + g1 * 0.58662247 + b1 * 0.11448223
        let y2 = r2 * 0.29889531 + g2 * 0.58662247 + b2 * 0.11448223
        let y = y1 - y2
        if yOnly { return y }
        let iq = (r1 - r2) * 0.59597799 - (g1 - g2) * 0.27417610 - (b1 - b2) * 0.32180189
        let q = (r1 - r2) * 0.21147017 - (g1 - g2) * 0.52261711 + (b1 - b2) * 0.31114694
        let delta = 0.5053 * y * y + 0.299 * iq * iq + 0.1957 * q * q
        return y1 > y2 ? -delta : delta
    }

    /// pixelmatch's anti-aliasing test: the pixel sits on an edge (its neighbours are both darker
    /// and brighter, with at most two equal to it) and the darkest or brightest neighbour lies in a
    /// flat area in both images.
    static func antialiased(
        _ img: UnsafeBufferPointer<UInt8>, _ x1: Int, _ y1: Int, _ w: Int, _ h: Int,
        _ other: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0), x2 = min(x1 + 1, w - 1), y2 = min(y1 + 1, h - 1)
        let pos = 4 * (y1 * w + x1)
        var zeroes = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0
        var minDelta = 0.0, maxDelta = 0.0
        var minX = 0, minY = 0, maxX = 0, maxY = 0
        for x in x0...x2 {
            for y in y0...y2 where !(x == x1 && y == y1) {
                let delta = colorDelta(img, pos, img, 4 * (y * w + x), yOnly: true)
                if delta == 0 {
                    zeroes += 1
                    if zeroes > 2 { return false }
                } else if delta < minDelta {
                    minDelta = delta; minX = x; minY = y
                } else if delta > maxDelta {
                    maxDelta = delta; maxX = x; maxY = y
                }
            }
        }
        if minDelta == 0 || maxDelta == 0 { return false }
        return (hasManySiblings(img, minX, minY, w, h) && hasManySiblings(other, minX, minY, w, h))
            || (hasManySiblings(img, maxX, maxY, w, h) && hasManySiblings(other, maxX, maxY, w, h))
    }

    /// More than two of the pixel's neighbours have exactly its color.
    static func hasManySiblings(_ img: UnsafeBufferPointer<UInt8>, _ x1: Int, _ y1: Int, _ w: Int, _ h: Int) -> Bool {
        let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0), x2 = min(x1 + 1, w - 1), y2 = min(y1 + 1, h - 1)
        let pos = 4 * (y1 * w + x1)
        var zeroes = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0
        for x in x0...x2 {
            for y in y0...y2 where !(x == x1 && y == y1) {
                let p = 4 * (y * w + x)
                if img[pos] == img[p] && img[pos + 1] == img[p + 1] && img[pos + 2] == img[p + 2] && img[pos + 3] == img[p + 3] {
                    zeroes += 1
                }
                if zeroes > 2 { return true }
            }
        }
        return false
    }
}

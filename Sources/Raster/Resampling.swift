// Resampling: drawing an image at a different size without aliasing.
//
// Conventions: pixel i covers [i, i+1) and has its centre at i + 0.5, in source and destination
// alike. A destination pixel's centre maps back to a source coordinate; the filter is centred
// there. When the image is enlarged the filter keeps its own support; when it is reduced by a
// factor k the filter is stretched by k, so every source pixel contributes (no aliasing of a
// large photo shrunk into a small header). Source pixels outside the image repeat the edge.
// Weights are fixed point (sum 2^14) and accumulate in integers, so results are the same on
// every machine. Filtering happens on premultiplied pixels, and results are clamped to
// 0...255 with color <= alpha (Catmull-Rom's negative lobes can overshoot).

internal import CPixelKernels

/// A reconstruction filter: a support radius (at scale 1) and a weight function.
public struct ResamplingFilter: Sendable {
    public let name: String
    public let support: Double
    public let weight: @Sendable (Double) -> Double

    public init(name: String, support: Double, weight: @escaping @Sendable (Double) -> Double) {
        self.name = name; self.support = support; self.weight = weight
    }

    /// Area averaging when reducing, nearest neighbour when enlarging.
    public static let box = ResamplingFilter(name: "box", support: 0.5) { x in abs(x) <= 0.5 ? 1 : 0 }
    /// Bilinear.
    public static let triangle = ResamplingFilter(name: "triangle", support: 1) { x in max(0, 1 - abs(x)) }
    /// Bicubic with B = 0, C = 0.5: sharp, interpolating.
    public static let catmullRom = ResamplingFilter(name: "catmull-rom", support: 2) { x in cubic(x, b: 0, c: 0.5) }
    /// Bicubic with B = C = 1/3: a little softer, little ringing; a good reducer.
    public static let mitchell = ResamplingFilter(name: "mitchell", support: 2) { x in cubic(x, b: 1.0 / 3, c: 1.0 / 3) }
    /// Windowed sinc with three lobes.
    public static let lanczos3 = ResamplingFilter(name: "lanczos3", support: 3) { x in
        let ax = abs(x)
        if ax < 1e-9 { return 1 }
        if ax >= 3 { return 0 }
        let px = Double.pi * ax
        return 3 * sinApprox(px) * sinApprox(px / 3) / (px * px)
    }

    static func cubic(_ x: Double, b: Double, c: Double) -> Double {
        let ax = abs(x)
        if ax < 1 {
            return ((12 - 9 * b - 6 * c) * ax * ax * ax + (-18 + 12 * b + 6 * c) * ax * ax + (6 - 2 * b)) / 6
        }
        if ax < 2 {
            return ((-b - 6 * c) * ax * ax * ax + (6 * b + 30 * c) * ax * ax + (-12 * b - 48 * c) * ax + (8 * b + 24 * c)) / 6
        }
        return 0
    }
}

/// The weights one axis of a resample uses: for each destination pixel, a run of source indices.
struct AxisContributors {
    /// First source index of each destination pixel's run.
    var start: [Int32]
    /// Weights, `taps` for each destination pixel (zero-padded), fixed point summing to 2^14.
    var weights: [Int32]
    var taps: Int
    /// How many of each pixel's `taps` weights are in use.
    var counts: [Int32]

    static let one: Int32 = 1 << 14

    /// Contributors for destination pixels `outStart ..< outStart + outCount` when the source
    /// range `[srcMin, srcMin + srcLength)` is spread over `[dstMin, dstMin + dstLength)`.
    init(
        outStart: Int, outCount: Int, dstMin: Double, dstLength: Double, srcMin: Double, srcLength: Double,
        sourceSize: Int, filter: ResamplingFilter
    ) {
        let ratio = srcLength / dstLength // source pixels per destination pixel
        let stretch = max(ratio, 1)
        let radius = filter.support * stretch
        taps = max(1, Int((2 * radius).rounded(.up)) + 2)
        start = [Int32](repeating: 0, count: outCount)
        counts = [Int32](repeating: 0, count: outCount)
        weights = [Int32](repeating: 0, count: outCount * taps)
        var raw = [Double](repeating: 0, count: taps)
        for o in 0..<outCount {
            let centre = srcMin + (Double(outStart + o) + 0.5 - dstMin) * ratio
            let first = Int((centre - radius - 0.5).rounded(.up))
            var lo = Int.max, hi = Int.min
            // Gather weights by clamped source index so edge pixels absorb weight beyond the image.
            var byIndex: [(Int, Double)] = []
            var total = 0.0
            for j in first..<(first + taps) {
                let w = filter.weight((Double(j) + 0.5 - centre) / stretch)
                if w == 0 { continue }
                let idx = min(max(j, 0), sourceSize - 1)
                byIndex.append((idx, w))
                total += w
                lo = min(lo, idx); hi = max(hi, idx)
            }
            if byIndex.isEmpty || total == 0 {
                // Degenerate (a filter with zero weight everywhere here): nearest pixel.
                let idx = min(max(Int(centre.rounded(.down)), 0), sourceSize - 1)
                byIndex = [(idx, 1)]; total = 1; lo = idx; hi = idx
            }
            for k in 0..<taps { raw[k] = 0 }
            for (idx, w) in byIndex { raw[idx - lo] += w }
            start[o] = Int32(lo)
            counts[o] = Int32(hi - lo + 1)
            var sum: Int32 = 0
            var biggest = 0
            for k in 0...(hi - lo) {
                let q = Int32((raw[k] / total * Double(AxisContributors.one)).rounded())
                weights[o * taps + k] = q
                sum += q
                if abs(q) > abs(weights[o * taps + biggest]) { biggest = k }
            }
            weights[o * taps + biggest] += AxisContributors.one - sum
        }
    }
}

public enum Resampler {
    /// Resamples `sourceRect` of `source` (source pixels) so that it covers `destination` (device
    /// pixels, may be fractional and larger than the screen) and returns the pixels of `region`
    /// (device pixels), which is usually `destination.enclosingPixels` cut to the visible area.
    ///
    /// `enlarge` is used on an axis when the image grows along it, `reduce` when it shrinks.
    public static func resample(
        _ source: Pixmap, sourceRect: Rect, to destination: Rect, region: PixelRect,
        enlarge: ResamplingFilter = .catmullRom,
        reduce: ResamplingFilter = .mitchell
    ) -> Pixmap {
        resample(source, sourceRect: sourceRect, to: destination, region: region, enlarge: enlarge, reduce: reduce, kernels: true)
    }

    /// `kernels`: false keeps to the Swift loops (the tests hold the C kernels to them).
    static func resample(
        _ source: Pixmap, sourceRect: Rect, to destination: Rect, region: PixelRect,
        enlarge: ResamplingFilter, reduce: ResamplingFilter, kernels: Bool
    ) -> Pixmap {
        guard !region.isEmpty, source.width > 0, source.height > 0, !destination.isEmpty, !sourceRect.isEmpty else {
            return Pixmap(width: max(region.width, 0), height: max(region.height, 0))
        }
        let filterX = sourceRect.width > destination.width ? reduce : enlarge
        let filterY = sourceRect.height > destination.height ? reduce : enlarge
        let cx = AxisContributors(
            outStart: region.x, outCount: region.width, dstMin: destination.minX,
            dstLength: destination.width, srcMin: sourceRect.minX, srcLength: sourceRect.width,
            sourceSize: source.width, filter: filterX)
        let cy = AxisContributors(
            outStart: region.y, outCount: region.height, dstMin: destination.minY,
            dstLength: destination.height, srcMin: sourceRect.minY, srcLength: sourceRect.height,
            sourceSize: source.height, filter: filterY)
        // Source rows the vertical pass reads.
        var rowLo = Int.max, rowHi = Int.min
        for o in 0..<region.height {
            rowLo = min(rowLo, Int(cy.start[o]))
            rowHi = max(rowHi, min(Int(cy.start[o]) + cy.taps - 1, source.height - 1))
        }
        let rows = rowHi - rowLo + 1
        let outW = region.width
        // Horizontal pass: rows x outW pixels of four Int32 channels with 8 fractional bits.
        var mid = [SIMD4<Int32>](unsafeUninitializedCapacity: rows * outW) { _, count in count = rows * outW }
        // The C kernel (SSE2 multiply-adds, the same sums) unless a weight is past 16 bits.
        let horizontalDone = kernels && source.bytes.withUnsafeBufferPointer { src in
            mid.withUnsafeMutableBufferPointer { m in
                m.withMemoryRebound(to: Int32.self) { m32 in
                    rf_resample_horizontal(
                        src.baseAddress! + rowLo * source.width * 4, source.width * 4, src.baseAddress! + src.count, Int32(rows),
                        m32.baseAddress!, Int32(outW), cx.start, cx.counts, cx.weights, Int32(cx.taps))
                }
            }
        } != 0
        if !horizontalDone { horizontalPass(source, cx, rowLo: rowLo, rows: rows, into: &mid) }
        // Vertical pass. Intermediate values carry 8 fractional bits and weights 14: 255 * 2^22 fits
        // in Int32 with room for Catmull-Rom's overshoot.
        var result = Pixmap(
            width: outW, height: region.height,
            premultipliedBytes: [UInt8](unsafeUninitializedCapacity: outW * region.height * 4) { _, c in
                c = outW * region.height * 4
            })
        // The C kernel (AVX2's 32-bit multiplies, the same sums) when the processor has them.
        let verticalDone = kernels && result.bytes.withUnsafeMutableBufferPointer { dst in
            mid.withUnsafeBufferPointer { m in
                m.withMemoryRebound(to: Int32.self) { m32 in
                    rf_resample_vertical(
                        m32.baseAddress!, Int32(outW), Int32(region.height), cy.start, cy.counts, cy.weights, Int32(cy.taps),
                        Int32(rowLo), dst.baseAddress!)
                }
            }
        } != 0
        if !verticalDone { verticalPass(mid, cy, rowLo: rowLo, into: &result) }
        return result
    }

    /// The Swift horizontal pass (where the C kernel declines): `rows` source rows from `rowLo`,
    /// each widened to SIMD4<Int32> once, so a tap is one load, multiply and add.
    private static func horizontalPass(_ source: Pixmap, _ cx: AxisContributors, rowLo: Int, rows: Int, into mid: inout [SIMD4<Int32>]) {
        let outW = cx.start.count
        var wide = [SIMD4<Int32>](repeating: .zero, count: source.width)
        source.bytes.withUnsafeBufferPointer { src in
            cx.weights.withUnsafeBufferPointer { wx in
                cx.start.withUnsafeBufferPointer { sx in
                    cx.counts.withUnsafeBufferPointer { nx in
                        mid.withUnsafeMutableBufferPointer { m in
                            wide.withUnsafeMutableBufferPointer { row in
                                let tx = cx.taps
                                // Only the source columns some tap reads are widened (an enlarged
                                // picture drawn in part reads a part of each row).
                                var colLo = source.width, colHi = 0
                                for o in 0..<outW where nx[o] > 0 {
                                    colLo = min(colLo, Int(sx[o]))
                                    colHi = max(colHi, Int(sx[o]) + Int(nx[o]))
                                }
                                colHi = min(colHi, source.width)
                                for r in 0..<rows {
                                    let srcRow = src.baseAddress! + (rowLo + r) * source.width * 4
                                    for x in colLo..<max(colLo, colHi) {
                                        let p = srcRow + 4 * x
                                        row[x] = SIMD4<Int32>(Int32(p[0]), Int32(p[1]), Int32(p[2]), Int32(p[3]))
                                    }
                                    let out = m.baseAddress! + r * outW
                                    for o in 0..<outW {
                                        let s0 = Int(sx[o])
                                        let n = Int(nx[o])
                                        let w = wx.baseAddress! + o * tx
                                        let px = row.baseAddress! + s0
                                        var acc = SIMD4<Int32>(repeating: 0)
                                        for k in 0..<n { acc &+= px[k] &* w[k] }
                                        out[o] = (acc &+ 32) &>> 6
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// The Swift vertical pass (where the C kernel declines): whole rows at a time.
    private static func verticalPass(_ mid: [SIMD4<Int32>], _ cy: AxisContributors, rowLo: Int, into result: inout Pixmap) {
        let outW = result.width
        let region = (width: result.width, height: result.height)
        var accumulator = [SIMD4<Int32>](repeating: .zero, count: outW)
        result.bytes.withUnsafeMutableBufferPointer { dst in
            mid.withUnsafeBufferPointer { m in
                cy.weights.withUnsafeBufferPointer { wy in
                    accumulator.withUnsafeMutableBufferPointer { acc in
                        let ty = cy.taps
                        for o in 0..<region.height {
                            // Whole rows at a time: each tap streams one intermediate row.
                            let r0 = Int(cy.start[o]) - rowLo
                            let n = Int(cy.counts[o])
                            let w = wy.baseAddress! + o * ty
                            let first = m.baseAddress! + r0 * outW
                            let w0 = w[0]
                            for x in 0..<outW { acc[x] = first[x] &* w0 }
                            for k in 1..<max(n, 1) {
                                let src = first + k * outW
                                let wk = w[k]
                                for x in 0..<outW { acc[x] &+= src[x] &* wk }
                            }
                            let out = UnsafeMutableRawPointer(dst.baseAddress! + o * outW * 4)
                            let zero = SIMD4<Int32>.zero, full = SIMD4<Int32>(repeating: 255)
                            for x in 0..<outW {
                                // Round, clamp to 0...255, keep color <= alpha, narrow, store 4 bytes.
                                var v = ((acc[x] &+ (1 << 21)) &>> 22).clamped(lowerBound: zero, upperBound: full)
                                v = pointwiseMin(v, SIMD4(v[3], v[3], v[3], 255))
                                out.storeBytes(of: SIMD4<UInt8>(truncatingIfNeeded: v), toByteOffset: 4 * x, as: SIMD4<UInt8>.self)
                            }
                        }
                    }
                }
            }
        }
    }

    /// Resamples a whole image to a new pixel size.
    public static func resize(
        _ source: Pixmap, width: Int, height: Int,
        enlarge: ResamplingFilter = .catmullRom, reduce: ResamplingFilter = .mitchell
    ) -> Pixmap {
        resample(
            source, sourceRect: Rect(x: 0, y: 0, width: Double(source.width), height: Double(source.height)),
            to: Rect(x: 0, y: 0, width: Double(width), height: Double(height)),
            region: PixelRect(x: 0, y: 0, width: width, height: height), enlarge: enlarge, reduce: reduce)
    }
}

@inline(__always)
func clampByte(_ v: Int) -> UInt8 { UInt8(truncatingIfNeeded: min(max(v, 0), 255)) }

extension Resampler {
    /// Catmull-Rom's four weights for each 1/64 of a pixel between two source pixel centres,
    /// fixed point summing to 2^14 (`warp`'s filter: the one images are enlarged with).
    static let warpWeights: [Int32] = {
        var table = [Int32](repeating: 0, count: 64 * 4)
        for phase in 0..<64 {
            let f = Double(phase) / 64
            let raw = [f + 1, f, 1 - f, 2 - f].map { ResamplingFilter.cubic($0, b: 0, c: 0.5) }
            let total = raw.reduce(0, +)
            var sum: Int32 = 0
            for k in 0..<4 {
                table[phase * 4 + k] = Int32((raw[k] / total * Double(AxisContributors.one)).rounded())
                sum += table[phase * 4 + k]
            }
            table[phase * 4 + (f < 0.5 ? 1 : 2)] += AxisContributors.one - sum
        }
        return table
    }()

    /// `source` drawn through an affine map, turned, sheared or flipped: returns the pixels of
    /// `region` (device pixels). `toSource` maps device coordinates to the source's pixel
    /// coordinates; each device pixel's centre lands on a point of the source, filtered there by
    /// Catmull-Rom over 4 x 4 source pixels (at 1/64 pixel steps). Beyond the source is
    /// transparent, so a shape's edge comes out anti-aliased: a pixel whose centre sits on the
    /// edge is half covered. Integer arithmetic: the same bytes on every machine.
    public static func warp(_ source: Pixmap, toSource: Transform, region: PixelRect) -> Pixmap {
        var out = Pixmap(width: max(region.width, 0), height: max(region.height, 0))
        guard !region.isEmpty, source.width > 0, source.height > 0 else { return out }
        let sw = source.width, sh = source.height, t = toSource
        let limit = Double(1 << 40)
        source.bytes.withUnsafeBufferPointer { src in
            warpWeights.withUnsafeBufferPointer { table in
                out.bytes.withUnsafeMutableBufferPointer { dst in
                    let zero = SIMD4<Int32>.zero, full = SIMD4<Int32>(repeating: 255)
                    for oy in 0..<region.height {
                        let cy = Double(region.y + oy) + 0.5
                        for ox in 0..<region.width {
                            let cx = Double(region.x + ox) + 0.5
                            // Source position less half a pixel: the left/upper centre's index, and the phase past it.
                            let u = (t.a * cx + t.c * cy + t.tx - 0.5) * 64, v = (t.b * cx + t.d * cy + t.ty - 0.5) * 64
                            guard u.magnitude < limit, v.magnitude < limit else { continue }
                            let qu = Int(u.rounded(.down)), qv = Int(v.rounded(.down))
                            let x0 = (qu >> 6) - 1, y0 = (qv >> 6) - 1
                            if x0 + 3 < 0 || y0 + 3 < 0 || x0 >= sw || y0 >= sh { continue }
                            let wx = table.baseAddress! + (qu & 63) * 4, wy = table.baseAddress! + (qv & 63) * 4
                            var acc = SIMD4<Int32>.zero
                            for j in 0..<4 {
                                let y = y0 + j
                                if y < 0 || y >= sh { continue }
                                var row = SIMD4<Int32>.zero
                                let rowBase = src.baseAddress! + y * sw * 4
                                for i in 0..<4 {
                                    let x = x0 + i
                                    if x < 0 || x >= sw { continue }
                                    let p = rowBase + 4 * x
                                    row &+= SIMD4<Int32>(Int32(p[0]), Int32(p[1]), Int32(p[2]), Int32(p[3])) &* wx[i]
                                }
                                acc &+= ((row &+ 32) &>> 6) &* wy[j]
                            }
                            var c = ((acc &+ (1 << 21)) &>> 22).clamped(lowerBound: zero, upperBound: full)
                            c = pointwiseMin(c, SIMD4(c[3], c[3], c[3], 255))
                            let o = 4 * (oy * region.width + ox)
                            dst[o] = UInt8(c[0]); dst[o + 1] = UInt8(c[1]); dst[o + 2] = UInt8(c[2]); dst[o + 3] = UInt8(c[3])
                        }
                    }
                }
            }
        }
        return out
    }
}

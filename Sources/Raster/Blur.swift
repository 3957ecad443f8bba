/// Gaussian blur of premultiplied pixels.
///
/// For sigma >= 2 this is the three-box approximation the W3C Filter Effects spec prescribes for
/// feGaussianBlur (box size d = floor(sigma * 3 * sqrt(2 * pi) / 4 + 0.5); odd d: three boxes of
/// d; even d: two boxes of d offset half a pixel each way, then one of d + 1), which is within a few
/// percent of the true Gaussian and costs the same at any sigma. Below 2 it convolves with the
/// sampled Gaussian kernel. Pixels outside the image repeat the edge, so a blurred photo keeps
/// its colors at the borders (as UIKit's blurred image copies do).
public enum GaussianBlur {
    public static func apply(_ image: Pixmap, sigma: Double) -> Pixmap {
        guard sigma > 0, image.width > 0, image.height > 0 else { return image }
        var out = image
        if sigma < 2 {
            let radius = Int((3 * sigma).rounded(.up))
            var kernel = (-radius...radius).map { i -> Double in
                let x = Double(i)
                return expApprox(-x * x / (2 * sigma * sigma))
            }
            let total = kernel.reduce(0, +)
            kernel = kernel.map { $0 / total }
            let fixed = kernel.map { Int32(($0 * 65536).rounded()) }
            out = convolve(out, kernel: fixed, horizontal: true)
            out = convolve(out, kernel: fixed, horizontal: false)
            return out
        }
        let d = Int((sigma * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5).rounded(.down))
        for horizontal in [true, false] {
            if d % 2 == 1 {
                for _ in 0..<3 { out = box(out, size: d, offset: 0, horizontal: horizontal) }
            } else {
                out = box(out, size: d, offset: -1, horizontal: horizontal)
                out = box(out, size: d, offset: 0, horizontal: horizontal)
                out = box(out, size: d + 1, offset: 0, horizontal: horizontal)
            }
        }
        return out
    }

    /// A wide blur computed at reduced resolution: box-average `factor` x `factor` blocks (factor =
    /// sigma / 8), blur with sigma / factor, and scale back up bilinearly. Within 2 levels of the full
    /// blur on average (20 at worst, along the edges, where a block's average repeats instead of a
    /// pixel), at 1/factor^2 of the cost: a bar's material. Sigmas under 16 pixels use `apply`.
    public static func applyReduced(_ image: Pixmap, sigma: Double) -> Pixmap {
        let factor = min(8, Int(sigma / 8))
        guard factor >= 2, image.width >= 2 * factor, image.height >= 2 * factor else { return apply(image, sigma: sigma) }
        let w = image.width, h = image.height
        let sw = (w + factor - 1) / factor, sh = (h + factor - 1) / factor
        var small = Pixmap(width: sw, height: sh)
        // Block sums gathered a source row at a time into one accumulator per block column.
        var sums = [SIMD4<Int32>](repeating: .zero, count: sw)
        image.bytes.withUnsafeBufferPointer { src in
            small.bytes.withUnsafeMutableBufferPointer { dst in
                sums.withUnsafeMutableBufferPointer { acc in
                    for by in 0..<sh {
                        let y0 = by * factor, y1 = min(h, y0 + factor)
                        acc.update(repeating: .zero)
                        for y in y0..<y1 {
                            var p = src.baseAddress! + y * w * 4
                            for bx in 0..<sw {
                                var sum = acc[bx]
                                for _ in (bx * factor)..<min(w, bx * factor + factor) {
                                    sum &+= SIMD4(Int32(p[0]), Int32(p[1]), Int32(p[2]), Int32(p[3]))
                                    p += 4
                                }
                                acc[bx] = sum
                            }
                        }
                        for bx in 0..<sw {
                            let x0 = bx * factor, x1 = min(w, x0 + factor)
                            let n = Int32((y1 - y0) * (x1 - x0))
                            let v = (acc[bx] &* 2 &+ n) / (2 &* n)
                            let q = (by * sw + bx) * 4
                            dst[q] = UInt8(v[0]); dst[q + 1] = UInt8(v[1]); dst[q + 2] = UInt8(v[2]); dst[q + 3] = UInt8(v[3])
                        }
                    }
                }
            }
        }
        let blurred = apply(small, sigma: sigma / Double(factor))
        // Bilinear, sample centres aligned: output x maps to (x + 0.5) / factor - 0.5 in the small
        // image. Weights in 1/256, the same integers on every machine.
        func taps(_ count: Int, _ limit: Int) -> [(Int, Int, Int32)] {
            (0..<count).map { i in
                let pos = (2 * i + 1) * 128 / factor - 128 // (i + 0.5) / factor - 0.5, in 1/256
                let base = pos >> 8 // floor, also for negatives
                let frac = Int32(pos - base * 256)
                return (min(max(base, 0), limit - 1), min(max(base + 1, 0), limit - 1), frac)
            }
        }
        let xs = taps(w, sw), ys = taps(h, sh)
        var out = Pixmap(width: w, height: h)
        // Each output row mixes its two small rows once (vertical weights), then each pixel mixes
        // two of those (horizontal): the same integer sum as the four-tap formula, no rounding between.
        var mixed = [SIMD4<Int32>](repeating: .zero, count: sw)
        blurred.bytes.withUnsafeBufferPointer { src in
            out.bytes.withUnsafeMutableBufferPointer { dst in
                mixed.withUnsafeMutableBufferPointer { mix in
                    @inline(__always) func px(_ x: Int, _ y: Int) -> SIMD4<Int32> {
                        let p = (y * sw + x) * 4
                        return SIMD4(Int32(src[p]), Int32(src[p + 1]), Int32(src[p + 2]), Int32(src[p + 3]))
                    }
                    for y in 0..<h {
                        let (y0, y1, fy) = ys[y]
                        for x in 0..<sw { mix[x] = px(x, y0) &* (256 - fy) &+ px(x, y1) &* fy }
                        let row = UnsafeMutableRawPointer(dst.baseAddress! + y * w * 4)
                        for x in 0..<w {
                            let (x0, x1, fx) = xs[x]
                            var v = (mix[x0] &* (256 - fx) &+ mix[x1] &* fx &+ 32768) &>> 16
                            v = pointwiseMin(v, SIMD4(v[3], v[3], v[3], 255))
                            row.storeBytes(of: SIMD4<UInt8>(truncatingIfNeeded: v), toByteOffset: 4 * x, as: SIMD4<UInt8>.self)
                        }
                    }
                }
            }
        }
        return out
    }

    /// A running-sum box filter of `size` pixels; the window for output i is
    /// [i - size/2 + offset + (size odd ? 0 : 1), ...] so that the pair of even boxes averages
    /// to a centred blur.
    static func box(_ image: Pixmap, size: Int, offset: Int, horizontal: Bool) -> Pixmap {
        let w = image.width, h = image.height
        let lines = horizontal ? h : w
        let length = horizontal ? w : h
        let step = horizontal ? 4 : 4 * w
        let lineStep = horizontal ? 4 * w : 4
        let left = size / 2 - (size % 2 == 0 ? 1 + offset : 0)
        var out = image
        let div = Int32(size)
        // ceil(2^32 / (2 size)): n * reciprocal >> 32 == n / (2 size) while n * (error < 2 size) < 2^32,
        // and n <= 2 * 255 * size + size.
        let reciprocal = SIMD4<Int64>(repeating: ((1 << 32) + 2 * Int64(size) - 1) / (2 * Int64(size)))
        let byMultiply = Int64(511 * size) * Int64(2 * size) < 1 << 32
        // One line, padded with copies of its end pixels, so the running sum needs no clamping.
        var padded = [SIMD4<Int32>](repeating: .zero, count: length + size + 1)
        image.bytes.withUnsafeBufferPointer { src in
            out.bytes.withUnsafeMutableBufferPointer { dst in
                padded.withUnsafeMutableBufferPointer { line in
                    for l in 0..<lines {
                        let base = l * lineStep
                        @inline(__always) func pixel(_ i: Int) -> SIMD4<Int32> {
                            let p = base + i * step
                            return SIMD4(Int32(src[p]), Int32(src[p + 1]), Int32(src[p + 2]), Int32(src[p + 3]))
                        }
                        // line[j] is pixel j - left, clamped to the line.
                        for j in 0..<line.count { line[j] = pixel(min(max(j - left, 0), length - 1)) }
                        var sum = SIMD4<Int32>.zero
                        for j in 0..<size { sum &+= line[j] }
                        for i in 0..<length {
                            // (2 sum + size) / (2 size) by a multiply: exact for these numerators.
                            let v =
                                byMultiply
                                ? SIMD4<Int32>(truncatingIfNeeded: (SIMD4<Int64>(truncatingIfNeeded: sum &* 2 &+ div) &* reciprocal) &>> 32)
                                : (sum &* 2 &+ div) / (2 &* div)
                            let p = base + i * step
                            dst[p] = UInt8(v[0]); dst[p + 1] = UInt8(v[1]); dst[p + 2] = UInt8(v[2]); dst[p + 3] = UInt8(v[3])
                            sum &+= line[i + size] &- line[i]
                        }
                    }
                }
            }
        }
        return out
    }

    static func convolve(_ image: Pixmap, kernel: [Int32], horizontal: Bool) -> Pixmap {
        let w = image.width, h = image.height
        let r = kernel.count / 2
        var out = image
        image.bytes.withUnsafeBufferPointer { src in
            out.bytes.withUnsafeMutableBufferPointer { dst in
                for y in 0..<h {
                    for x in 0..<w {
                        var acc: (Int32, Int32, Int32, Int32) = (0, 0, 0, 0)
                        for k in -r...r {
                            let sx = horizontal ? min(max(x + k, 0), w - 1) : x
                            let sy = horizontal ? y : min(max(y + k, 0), h - 1)
                            let i = (sy * w + sx) * 4
                            let wk = kernel[k + r]
                            acc.0 += Int32(src[i]) * wk; acc.1 += Int32(src[i + 1]) * wk
                            acc.2 += Int32(src[i + 2]) * wk; acc.3 += Int32(src[i + 3]) * wk
                        }
                        let i = (y * w + x) * 4
                        let a = clampByte(Int((acc.3 + 32768) >> 16))
                        dst[i + 3] = a
                        dst[i] = min(clampByte(Int((acc.0 + 32768) >> 16)), a)
                        dst[i + 1] = min(clampByte(Int((acc.1 + 32768) >> 16)), a)
                        dst[i + 2] = min(clampByte(Int((acc.2 + 32768) >> 16)), a)
                    }
                }
            }
        }
        return out
    }
}

/// e^x by range reduction and a series; deterministic across C libraries.
func expApprox(_ x: Double) -> Double {
    if x < -700 { return 0 }
    let n = (x / 0.6931471805599453).rounded()
    let r = x - n * 0.6931471805599453
    var term = 1.0, sum = 1.0
    for k in 1...20 { term *= r / Double(k); sum += term }
    var result = sum
    var e = Int(n)
    while e > 0 { result *= 2; e -= 1 }
    while e < 0 { result /= 2; e += 1 }
    return result
}

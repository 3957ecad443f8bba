/// Gaussian blur of premultiplied pixels.
///
/// For sigma >= 2 this is the three-box approximation the W3C Filter Effects spec prescribes for
/// feGaussianBlur (box size d = floor(sigma * 3 * sqrt(2 * pi) / 4 + 0.5); odd d: three boxes of
/// d; even d: two boxes of d offset half a pixel each way, then one of d + 1), which is within a few
/// percent of the true Gaussian and costs the same at any sigma. Below 2 it convolves with the
/// sampled Gaussian kernel. Pixels outside the image repeat the edge, so a blurred photo keeps
/// its colours at the borders (as UIKit's blurred image copies do).
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
                            let v = (sum &* 2 &+ div) / (2 &* div)
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

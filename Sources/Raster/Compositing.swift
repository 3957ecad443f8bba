internal import CPixelKernels

// Source-over compositing in exact 8-bit arithmetic.
//
// Conventions (all of Raster's drawing follows them):
// - Pixel (x, y) covers the square [x, x+1) x [y, y+1); its centre is (x + 0.5, y + 0.5); y grows down.
// - Colors are premultiplied RGBA8: every channel is in 0...255 and at most alpha.
// - Products of two 8-bit values are divided by 255 with round-to-nearest (`mul255`), ties cannot
//   occur (a*b/255 is never exactly k + 0.5), so the result is the exact nearest integer.
// - Source-over: dst' = src + dst * (255 - srcA) / 255, where src has already been scaled by the
//   pixel's coverage and the layer's opacity (each an 8-bit factor, rounded the same way).

/// round(a * b / 255) for a, b in 0...255, exactly (tested on all 65,536 pairs).
@inline(__always)
public func mul255(_ a: UInt8, _ b: UInt8) -> UInt8 {
    let t = UInt32(a) &* UInt32(b) &+ 128
    return UInt8(truncatingIfNeeded: (t &+ (t >> 8)) >> 8)
}

@inline(__always)
func mul255(_ a: UInt32, _ b: UInt32) -> UInt32 {
    let t = a &* b &+ 128
    return (t &+ (t >> 8)) >> 8
}

/// Converts an opacity in 0...1 to the 8-bit factor the compositing maths uses.
@inline(__always)
public func opacityByte(_ opacity: Double) -> UInt8 {
    UInt8((min(max(opacity, 0), 1) * 255).rounded())
}

/// Source-over of one premultiplied pixel onto another, `src` scaled by `factor` first.
@inline(__always)
public func sourceOver(_ src: PremultipliedColor, onto dst: PremultipliedColor, factor: UInt8 = 255) -> PremultipliedColor {
    let f = UInt32(factor)
    let sr = mul255(UInt32(src.r), f), sg = mul255(UInt32(src.g), f)
    let sb = mul255(UInt32(src.b), f), sa = mul255(UInt32(src.a), f)
    let inv = 255 &- sa
    return PremultipliedColor(
        r: UInt8(sr &+ mul255(UInt32(dst.r), inv)), g: UInt8(sg &+ mul255(UInt32(dst.g), inv)),
        b: UInt8(sb &+ mul255(UInt32(dst.b), inv)), a: UInt8(sa &+ mul255(UInt32(dst.a), inv)))
}

/// Span kernels: each works on one row, `count` pixels, over contiguous bytes.
enum Spans {
    /// Fills `count` pixels at `dst` with `color`, each scaled by `coverage[i]` (nil: full coverage).
    @inline(__always)
    static func fill(
        _ dst: UnsafeMutablePointer<UInt8>, count: Int, color: PremultipliedColor,
        coverage: UnsafePointer<UInt8>?
    ) {
        let cr = UInt32(color.r), cg = UInt32(color.g), cb = UInt32(color.b), ca = UInt32(color.a)
        if coverage == nil {
            if ca == 255 {
                // Opaque solid span: a plain store.
                let word = UInt32(color.r) | UInt32(color.g) << 8 | UInt32(color.b) << 16 | UInt32(color.a) << 24
                // Raw stores: the bytes stay bound to UInt8 (rebinding them would be undefined behaviour).
                let raw = UnsafeMutableRawPointer(dst)
                for i in 0..<count { raw.storeBytes(of: word.littleEndian, toByteOffset: 4 * i, as: UInt32.self) }
                return
            }
            if ca == 0 { return }
            let inv = 255 &- ca
            // Four pixels at a time in 16-bit lanes: the same rounding as mul255 (a * b + 128 plus
            // its high byte stays under 65,536).
            let pixel = SIMD4<UInt16>(UInt16(cr), UInt16(cg), UInt16(cb), UInt16(ca))
            let two = SIMD8<UInt16>(lowHalf: pixel, highHalf: pixel)
            let color16 = SIMD16<UInt16>(lowHalf: two, highHalf: two)
            let inv16 = SIMD16<UInt16>(repeating: UInt16(inv))
            let raw = UnsafeMutableRawPointer(dst)
            var i = 0
            while i + 4 <= count {
                let bytes = raw.loadUnaligned(fromByteOffset: 4 * i, as: SIMD16<UInt8>.self)
                let t = SIMD16<UInt16>(truncatingIfNeeded: bytes) &* inv16 &+ 128
                let v = color16 &+ ((t &+ (t &>> 8)) &>> 8)
                raw.storeBytes(of: SIMD16<UInt8>(truncatingIfNeeded: v), toByteOffset: 4 * i, as: SIMD16<UInt8>.self)
                i += 4
            }
            for i in i..<count {
                let p = dst + 4 * i
                p[0] = UInt8(cr &+ mul255(UInt32(p[0]), inv))
                p[1] = UInt8(cg &+ mul255(UInt32(p[1]), inv))
                p[2] = UInt8(cb &+ mul255(UInt32(p[2]), inv))
                p[3] = UInt8(ca &+ mul255(UInt32(p[3]), inv))
            }
            return
        }
        let word = UInt32(color.r) | UInt32(color.g) << 8 | UInt32(color.b) << 16 | UInt32(color.a) << 24
        if rf_fill_coverage(dst, Int32(count), word, coverage!) != 0 { return }
        fillSwift(dst, count: count, color: color, coverage: coverage!)
    }

    /// The coverage path of `fill` in Swift (the C kernel `rf_fill_coverage` stands in for it on
    /// x86-64; RasterTests holds the two to the same bytes).
    static func fillSwift(
        _ dst: UnsafeMutablePointer<UInt8>, count: Int, color: PremultipliedColor, coverage cov: UnsafePointer<UInt8>
    ) {
        let cr = UInt32(color.r), cg = UInt32(color.g), cb = UInt32(color.b), ca = UInt32(color.a)
        for i in 0..<count {
            let k = UInt32(cov[i])
            if k == 0 { continue }
            let p = dst + 4 * i
            if k == 255 && ca == 255 {
                p[0] = color.r; p[1] = color.g; p[2] = color.b; p[3] = 255
                continue
            }
            let sr = mul255(cr, k), sg = mul255(cg, k), sb = mul255(cb, k), sa = mul255(ca, k)
            let inv = 255 &- sa
            p[0] = UInt8(sr &+ mul255(UInt32(p[0]), inv))
            p[1] = UInt8(sg &+ mul255(UInt32(p[1]), inv))
            p[2] = UInt8(sb &+ mul255(UInt32(p[2]), inv))
            p[3] = UInt8(sa &+ mul255(UInt32(p[3]), inv))
        }
    }

    /// Composites `count` source pixels over `dst`, each scaled by `coverage[i]` (nil: full).
    /// Runs of fully covered opaque source pixels are copied.
    @inline(__always)
    static func composite(
        _ dst: UnsafeMutablePointer<UInt8>, _ src: UnsafePointer<UInt8>, count: Int,
        coverage: UnsafePointer<UInt8>?
    ) {
        if rf_composite(dst, src, Int32(count), coverage) != 0 { return }
        compositeSwift(dst, src, count: count, coverage: coverage)
    }

    /// `composite` in Swift (the C kernel `rf_composite` stands in for it on x86-64; RasterTests
    /// holds the two to the same bytes).
    static func compositeSwift(
        _ dst: UnsafeMutablePointer<UInt8>, _ src: UnsafePointer<UInt8>, count: Int,
        coverage: UnsafePointer<UInt8>?
    ) {
        var i = 0
        while i < count {
            var j = i
            if let cov = coverage {
                while j < count && cov[j] == 255 && src[4 * j + 3] == 255 { j += 1 }
            } else {
                while j < count && src[4 * j + 3] == 255 { j += 1 }
            }
            if j > i {
                (dst + 4 * i).update(from: src + 4 * i, count: 4 * (j - i))
                i = j
                continue
            }
            let s = src + 4 * i
            let p = dst + 4 * i
            let k = coverage.map { UInt32($0[i]) } ?? 255
            i += 1
            if k == 0 { continue }
            let a = UInt32(s[3])
            if k == 255 {
                if a == 0 { continue }
                let inv = 255 &- a
                p[0] = UInt8(UInt32(s[0]) &+ mul255(UInt32(p[0]), inv))
                p[1] = UInt8(UInt32(s[1]) &+ mul255(UInt32(p[1]), inv))
                p[2] = UInt8(UInt32(s[2]) &+ mul255(UInt32(p[2]), inv))
                p[3] = UInt8(a &+ mul255(UInt32(p[3]), inv))
                continue
            }
            let sr = mul255(UInt32(s[0]), k), sg = mul255(UInt32(s[1]), k)
            let sb = mul255(UInt32(s[2]), k), sa = mul255(a, k)
            let inv = 255 &- sa
            p[0] = UInt8(sr &+ mul255(UInt32(p[0]), inv))
            p[1] = UInt8(sg &+ mul255(UInt32(p[1]), inv))
            p[2] = UInt8(sb &+ mul255(UInt32(p[2]), inv))
            p[3] = UInt8(sa &+ mul255(UInt32(p[3]), inv))
        }
    }
}

import Foundation
/// A rectangle of premultiplied RGBA8 pixels, rows top to bottom, no padding between rows.
///
/// Byte order in memory is R, G, B, A. Every color channel is at most the pixel's alpha.
public struct Pixmap: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// `4 * width * height` bytes.
    public var bytes: [UInt8]

    /// A pixmap filled with one color (transparent by default).
    public init(width: Int, height: Int, fill: PremultipliedColor = .clear) {
        precondition(width >= 0 && height >= 0, "negative pixmap size")
        self.width = width
        self.height = height
        if fill == .clear {
            bytes = [UInt8](repeating: 0, count: width * height * 4)
        } else {
            let word = (UInt32(fill.r) | UInt32(fill.g) << 8 | UInt32(fill.b) << 16 | UInt32(fill.a) << 24).littleEndian
            bytes = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
                let raw = UnsafeMutableRawPointer(buffer.baseAddress!)
                for i in 0..<(width * height) { raw.storeBytes(of: word, toByteOffset: 4 * i, as: UInt32.self) }
                count = width * height * 4
            }
        }
    }

    /// A pixmap whose bytes are whatever the memory held: for a caller that stores every pixel
    /// before any is read (a frame cleared but for what opaque layers later cover), so the frame
    /// is not written twice.
    package init(uninitializedWidth width: Int, height: Int) {
        precondition(width >= 0 && height >= 0, "negative pixmap size")
        self.width = width
        self.height = height
        bytes = [UInt8](unsafeUninitializedCapacity: width * height * 4) { _, count in count = width * height * 4 }
    }

    /// Wraps premultiplied bytes; `bytes.count` must be `4 * width * height`.
    public init(width: Int, height: Int, premultipliedBytes bytes: [UInt8]) {
        precondition(bytes.count == width * height * 4, "pixmap byte count does not match its size")
        self.width = width
        self.height = height
        self.bytes = bytes
    }

    /// Premultiplies straight-alpha RGBA8 bytes.
    public init(width: Int, height: Int, straightBytes: [UInt8]) {
        precondition(straightBytes.count == width * height * 4, "pixmap byte count does not match its size")
        self.width = width
        self.height = height
        var b = straightBytes
        b.withUnsafeMutableBufferPointer { p in
            var i = 0
            while i < p.count {
                let a = p[i + 3]
                if a != 255 {
                    p[i] = mul255(p[i], a); p[i + 1] = mul255(p[i + 1], a); p[i + 2] = mul255(p[i + 2], a)
                }
                i += 4
            }
        }
        bytes = b
    }

    public var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }
    public var size: Size { Size(Double(width), Double(height)) }

    /// The pixels of `rect` (which must lie inside the pixmap), as a pixmap of its size.
    public func cropped(to rect: PixelRect) -> Pixmap {
        precondition(rect.x >= 0 && rect.y >= 0 && rect.maxX <= width && rect.maxY <= height)
        // Every byte is copied below: not zeroed first.
        var out = Pixmap(uninitializedWidth: rect.width, height: rect.height)
        bytes.withUnsafeBufferPointer { src in
            out.bytes.withUnsafeMutableBufferPointer { dst in
                for y in 0..<rect.height {
                    (dst.baseAddress! + y * rect.width * 4).update(
                        from: src.baseAddress! + ((rect.y + y) * width + rect.x) * 4,
                        count: rect.width * 4)
                }
            }
        }
        return out
    }

    /// Replaces the pixels of `rect` (inside both, which are one size) with `source`'s.
    public mutating func copy(_ rect: PixelRect, from source: Pixmap) {
        precondition(source.width == width && source.height == height && rect.x >= 0 && rect.y >= 0)
        precondition(rect.maxX <= width && rect.maxY <= height)
        let width = width
        source.bytes.withUnsafeBufferPointer { src in
            bytes.withUnsafeMutableBufferPointer { dst in
                for y in rect.y..<rect.maxY {
                    let o = (y * width + rect.x) * 4
                    (dst.baseAddress! + o).update(from: src.baseAddress! + o, count: rect.width * 4)
                }
            }
        }
    }

    public subscript(x: Int, y: Int) -> PremultipliedColor {
        get {
            let i = 4 * (y * width + x)
            return PremultipliedColor(r: bytes[i], g: bytes[i + 1], b: bytes[i + 2], a: bytes[i + 3])
        }
        set {
            let i = 4 * (y * width + x)
            bytes[i] = newValue.r; bytes[i + 1] = newValue.g; bytes[i + 2] = newValue.b; bytes[i + 3] = newValue.a
        }
    }

    /// True when every pixel has alpha 255.
    public var isOpaque: Bool {
        bytes.withUnsafeBufferPointer { p in
            var i = 3
            while i < p.count {
                if p[i] != 255 { return false }
                i += 4
            }
            return true
        }
    }

    /// The pixels as straight-alpha RGBA8 (what PNG stores).
    public func straightBytes() -> [UInt8] {
        var out = bytes
        out.withUnsafeMutableBufferPointer { p in
            var i = 0
            while i < p.count {
                let a = Int(p[i + 3])
                if a != 255 {
                    if a == 0 {
                        p[i] = 0; p[i + 1] = 0; p[i + 2] = 0
                    } else {
                        p[i] = UInt8(min(255, (Int(p[i]) * 255 + a / 2) / a))
                        p[i + 1] = UInt8(min(255, (Int(p[i + 1]) * 255 + a / 2) / a))
                        p[i + 2] = UInt8(min(255, (Int(p[i + 2]) * 255 + a / 2) / a))
                    }
                }
                i += 4
            }
        }
        return out
    }
}

extension Pixmap {
    /// The smallest rectangle holding every pixel that differs between two frames of one size (a 1x1
    /// corner when none does).
    public func changedRect(from b: Pixmap) -> PixelRect {
        let a = self
        precondition(a.width == b.width && a.height == b.height)
        let w = a.width, h = a.height
        return a.bytes.withUnsafeBytes { pa in
            b.bytes.withUnsafeBytes { pb in
                @inline(__always) func rowDiffers(_ y: Int) -> Bool {
                    let o = 4 * w * y; return memcmp(pa.baseAddress! + o, pb.baseAddress! + o, 4 * w) != 0
                }
                var top = 0
                while top < h, !rowDiffers(top) { top += 1 }
                guard top < h else { return PixelRect(x: 0, y: 0, width: 1, height: 1) }
                var bottom = h - 1
                while bottom > top, !rowDiffers(bottom) { bottom -= 1 }
                var left = w, right = -1
                for y in top...bottom {
                    let ra = pa.baseAddress! + 4 * w * y, rb = pb.baseAddress! + 4 * w * y
                    var x = 0
                    while x < min(left, w),
                        ra.loadUnaligned(fromByteOffset: 4 * x, as: UInt32.self) == rb.loadUnaligned(fromByteOffset: 4 * x, as: UInt32.self)
                    { x += 1 }
                    if x < left { left = x }
                    var r = w - 1
                    while r > max(right, x - 1),
                        ra.loadUnaligned(fromByteOffset: 4 * r, as: UInt32.self) == rb.loadUnaligned(fromByteOffset: 4 * r, as: UInt32.self)
                    { r -= 1 }
                    if r > right, r >= x { right = r }
                }
                if right < left { return PixelRect(x: 0, y: top, width: w, height: bottom - top + 1) }
                return PixelRect(x: left, y: top, width: right - left + 1, height: bottom - top + 1)
            }
        }
    }
}

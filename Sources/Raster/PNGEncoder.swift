import Foundation
internal import CDeflate

/// Writes PNG files: RGB when every pixel is opaque, RGBA (straight alpha) otherwise.
///
/// The chunks are written here and the image data compressed with libdeflate in one call, which
/// is several times faster than zlib through libpng at the same size. Row filters are chosen per
/// `Options.filter`; `.adaptive` picks, for each row, the filter with the smallest sum of absolute
/// filtered bytes (libpng's heuristic), except that a row equal to the one above always gets UP
/// (all zeros), so still regions of a frame cost almost nothing.
public final class PNGEncoder {
    public enum Filter: String, Sendable, CaseIterable {
        case none, sub, up, average, paeth
        /// Per row, the cheapest of all five filters by libpng's minimum-sum heuristic.
        case adaptive
        /// Per row, the cheapest of none, sub and up: most of adaptive's gain at a third of its cost.
        case adaptiveFast
    }

    public struct Options: Sendable, Equatable {
        public var filter: Filter
        /// libdeflate level, 0 (store) to 12 (slowest, smallest).
        public var level: Int
        public init(filter: Filter, level: Int) { self.filter = filter; self.level = level }

        /// Previews: fastest, largest.
        public static let fast = Options(filter: .up, level: 1)
        /// The default: within about 10 % of libpng's default size, several times faster (UP turns
        /// unchanged rows into zeros; measured in the benchmark's --matrix).
        public static let balanced = Options(filter: .up, level: 3)
        /// Smallest files, slowest.
        public static let small = Options(filter: .adaptive, level: 9)
    }

    public let options: Options
    private let compressor: OpaquePointer
    private var filtered: [UInt8] = []
    private var compressed: [UInt8] = []

    public init(options: Options = .balanced) {
        self.options = options
        compressor = libdeflate_alloc_compressor(Int32(min(max(options.level, 0), 12)))
    }

    // libdeflate compressors are not shared between threads: each worker owns an encoder.
    deinit { libdeflate_free_compressor(compressor) }

    /// Encodes a premultiplied pixmap (converted to straight alpha when it has transparency).
    public func encode(_ pixmap: Pixmap) -> [UInt8] {
        let opaque = pixmap.isOpaque
        let channels = opaque ? 3 : 4
        let w = pixmap.width, h = pixmap.height
        let stride = w * channels
        let size = (stride + 1) * h
        if filtered.count < size { filtered = [UInt8](repeating: 0, count: size) }
        let filter = options.filter
        // Straight alpha needs a converted copy; opaque frames are converted a row at a time
        // straight into the filter, so no second full-frame buffer is made.
        let straight: [UInt8] = opaque ? [] : pixmap.straightBytes()
        pixmap.bytes.withUnsafeBufferPointer { rgba in
            straight.withUnsafeBufferPointer { straightRows in
                filtered.withUnsafeMutableBufferPointer { dst in
                    // Rows: current, previous, zeros (the row above the first), then 4 for filter trials.
                    var scratch = [UInt8](repeating: 0, count: stride * 7)
                    scratch.withUnsafeMutableBufferPointer { tmp in
                        var current = tmp.baseAddress!
                        var previous = tmp.baseAddress! + stride
                        let zeros = UnsafePointer(tmp.baseAddress! + 2 * stride)
                        let trials = tmp.baseAddress! + 3 * stride
                        for y in 0..<h {
                            let row: UnsafePointer<UInt8>
                            let prev: UnsafePointer<UInt8>
                            if opaque {
                                let src = rgba.baseAddress! + y * w * 4
                                for x in 0..<w {
                                    current[3 * x] = src[4 * x]; current[3 * x + 1] = src[4 * x + 1]; current[3 * x + 2] = src[4 * x + 2]
                                }
                                row = UnsafePointer(current)
                                prev = y > 0 ? UnsafePointer(previous) : zeros
                            } else {
                                row = straightRows.baseAddress! + y * stride
                                prev = y > 0 ? row - stride : zeros
                            }
                            PNGEncoder.filterRow(row, prev: prev, count: stride, bpp: channels, filter: filter,
                                                 out: dst.baseAddress! + y * (stride + 1), scratch: trials)
                            swap(&current, &previous)
                        }
                    }
                }
            }
        }
        let bound = libdeflate_zlib_compress_bound(compressor, size)
        if compressed.count < bound { compressed = [UInt8](repeating: 0, count: bound) }
        let compressedSize = filtered.withUnsafeBytes { f in
            compressed.withUnsafeMutableBytes { c in
                libdeflate_zlib_compress(compressor, f.baseAddress, size, c.baseAddress, bound)
            }
        }
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png.reserveCapacity(compressedSize + 64)
        var ihdr = [UInt8]()
        ihdr.appendBigEndian(UInt32(w)); ihdr.appendBigEndian(UInt32(h))
        ihdr += [8, opaque ? 2 : 6, 0, 0, 0]
        PNGEncoder.appendChunk("IHDR", ihdr, to: &png)
        compressed.withUnsafeBufferPointer { c in
            PNGEncoder.appendChunk("IDAT", UnsafeBufferPointer(rebasing: c[0..<compressedSize]), to: &png)
        }
        PNGEncoder.appendChunk("IEND", [], to: &png)
        return png
    }

    /// zlib-wrapped deflate of `bytes` (tests build PNGs of every flavour with it).
    static func zlibCompress(_ bytes: [UInt8], level: Int32 = 6) -> [UInt8] {
        let c = libdeflate_alloc_compressor(level)!
        defer { libdeflate_free_compressor(c) }
        let bound = libdeflate_zlib_compress_bound(c, bytes.count)
        var out = [UInt8](repeating: 0, count: bound)
        let n = out.withUnsafeMutableBytes { o in bytes.withUnsafeBytes { i in
            libdeflate_zlib_compress(c, i.baseAddress, bytes.count, o.baseAddress, bound) } }
        return Array(out[0..<n])
    }

    static func appendChunk<C: Collection>(_ type: String, _ data: C, to png: inout [UInt8]) where C.Element == UInt8 {
        png.appendBigEndian(UInt32(data.count))
        let start = png.count
        png += Array(type.utf8)
        png += data
        let crc = png.withUnsafeBufferPointer { p in
            libdeflate_crc32(0, p.baseAddress! + start, p.count - start)
        }
        png.appendBigEndian(crc)
    }

    /// Filters one row into `out` (filter byte then `count` bytes). `prev` is the row above (a row
    /// of zeros for the first row, as the PNG spec defines it); `scratch` holds 4 * count bytes.
    static func filterRow(_ row: UnsafePointer<UInt8>, prev: UnsafePointer<UInt8>, count: Int, bpp: Int,
                          filter: Filter, out: UnsafeMutablePointer<UInt8>, scratch: UnsafeMutablePointer<UInt8>) {
        let body = out + 1
        switch filter {
        case .none: out[0] = 0; body.update(from: row, count: count)
        case .sub: out[0] = 1; _ = sub(row, count, bpp, body)
        case .up: out[0] = 2; _ = up(row, prev, count, body)
        case .average: out[0] = 3; _ = average(row, prev, count, bpp, body)
        case .paeth: out[0] = 4; _ = paeth(row, prev, count, bpp, body)
        case .adaptive, .adaptiveFast:
            if memcmp(row, prev, count) == 0 {
                out[0] = 2
                body.update(repeating: 0, count: count)
                return
            }
            // libpng's heuristic: the filter whose output has the smallest sum of absolute values
            // (bytes read as signed).
            var best = 0, bestCost = cost(row, count)
            let c1 = sub(row, count, bpp, scratch), c2 = up(row, prev, count, scratch + count)
            if c1 < bestCost { best = 1; bestCost = c1 }
            if c2 < bestCost { best = 2; bestCost = c2 }
            if filter == .adaptive {
                let c3 = average(row, prev, count, bpp, scratch + 2 * count)
                let c4 = paeth(row, prev, count, bpp, scratch + 3 * count)
                if c3 < bestCost { best = 3; bestCost = c3 }
                if c4 < bestCost { best = 4; bestCost = c4 }
            }
            out[0] = UInt8(best)
            body.update(from: best == 0 ? row : UnsafePointer(scratch + (best - 1) * count), count: count)
        }
    }

    @inline(__always) static func absSigned(_ v: UInt8) -> Int { v < 128 ? Int(v) : 256 - Int(v) }

    static func cost(_ p: UnsafePointer<UInt8>, _ count: Int) -> Int {
        var s = 0
        for i in 0..<count { s &+= absSigned(p[i]) }
        return s
    }

    static func sub(_ row: UnsafePointer<UInt8>, _ count: Int, _ bpp: Int, _ o: UnsafeMutablePointer<UInt8>) -> Int {
        var s = 0
        for i in 0..<bpp { o[i] = row[i]; s &+= absSigned(row[i]) }
        for i in bpp..<count { let v = row[i] &- row[i - bpp]; o[i] = v; s &+= absSigned(v) }
        return s
    }

    static func up(_ row: UnsafePointer<UInt8>, _ prev: UnsafePointer<UInt8>, _ count: Int, _ o: UnsafeMutablePointer<UInt8>) -> Int {
        var s = 0
        for i in 0..<count { let v = row[i] &- prev[i]; o[i] = v; s &+= absSigned(v) }
        return s
    }

    static func average(_ row: UnsafePointer<UInt8>, _ prev: UnsafePointer<UInt8>, _ count: Int, _ bpp: Int,
                        _ o: UnsafeMutablePointer<UInt8>) -> Int {
        var s = 0
        for i in 0..<bpp { let v = row[i] &- (prev[i] >> 1); o[i] = v; s &+= absSigned(v) }
        for i in bpp..<count {
            let v = row[i] &- UInt8((UInt16(row[i - bpp]) + UInt16(prev[i])) >> 1)
            o[i] = v; s &+= absSigned(v)
        }
        return s
    }

    static func paeth(_ row: UnsafePointer<UInt8>, _ prev: UnsafePointer<UInt8>, _ count: Int, _ bpp: Int,
                      _ o: UnsafeMutablePointer<UInt8>) -> Int {
        var s = 0
        for i in 0..<bpp { let v = row[i] &- prev[i]; o[i] = v; s &+= absSigned(v) }
        for i in bpp..<count {
            let a = Int(row[i - bpp]), b = Int(prev[i]), c = Int(prev[i - bpp])
            let pa = abs(b - c), pb = abs(a - c), pc = abs(a + b - 2 * c)
            let pred = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
            let v = row[i] &- UInt8(pred)
            o[i] = v; s &+= absSigned(v)
        }
        return s
    }
}

extension Array where Element == UInt8 {
    mutating func appendBigEndian(_ v: UInt32) {
        append(UInt8(v >> 24)); append(UInt8((v >> 16) & 0xFF)); append(UInt8((v >> 8) & 0xFF)); append(UInt8(v & 0xFF))
    }
}

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
        case none, sub, up, average, paeth, adaptive
    }

    public struct Options: Sendable, Equatable {
        public var filter: Filter
        /// libdeflate level, 0 (store) to 12 (slowest, smallest).
        public var level: Int
        public init(filter: Filter, level: Int) { self.filter = filter; self.level = level }

        /// Previews: fastest, largest.
        public static let fast = Options(filter: .up, level: 1)
        /// The default: about libpng's default size, several times faster.
        public static let balanced = Options(filter: .adaptive, level: 4)
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
        let raw: [UInt8]
        if opaque {
            raw = [UInt8](unsafeUninitializedCapacity: w * h * 3) { out, count in
                pixmap.bytes.withUnsafeBufferPointer { src in
                    for i in 0..<(w * h) {
                        out[3 * i] = src[4 * i]; out[3 * i + 1] = src[4 * i + 1]; out[3 * i + 2] = src[4 * i + 2]
                    }
                }
                count = w * h * 3
            }
        } else {
            raw = pixmap.straightBytes()
        }
        let size = (stride + 1) * h
        if filtered.count < size { filtered = [UInt8](repeating: 0, count: size) }
        let filter = options.filter
        raw.withUnsafeBufferPointer { src in
            filtered.withUnsafeMutableBufferPointer { dst in
                var scratch = [UInt8](repeating: 0, count: stride * 5)
                scratch.withUnsafeMutableBufferPointer { tmp in
                    for y in 0..<h {
                        let row = src.baseAddress! + y * stride
                        let prev: UnsafePointer<UInt8>? = y > 0 ? UnsafePointer(row - stride) : nil
                        let out = dst.baseAddress! + y * (stride + 1)
                        PNGEncoder.filterRow(row, prev: prev, count: stride, bpp: channels, filter: filter,
                                             out: out, scratch: tmp.baseAddress!)
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

    /// Filters one row into `out` (filter byte then `count` bytes).
    static func filterRow(_ row: UnsafePointer<UInt8>, prev: UnsafePointer<UInt8>?, count: Int, bpp: Int,
                          filter: Filter, out: UnsafeMutablePointer<UInt8>, scratch: UnsafeMutablePointer<UInt8>) {
        func apply(_ f: Filter, into o: UnsafeMutablePointer<UInt8>) {
            switch f {
            case .none, .adaptive:
                o.update(from: row, count: count)
            case .sub:
                for i in 0..<count { o[i] = row[i] &- (i >= bpp ? row[i - bpp] : 0) }
            case .up:
                if let prev { for i in 0..<count { o[i] = row[i] &- prev[i] } } else { o.update(from: row, count: count) }
            case .average:
                for i in 0..<count {
                    let a = i >= bpp ? Int(row[i - bpp]) : 0
                    let b = prev.map { Int($0[i]) } ?? 0
                    o[i] = row[i] &- UInt8((a + b) / 2)
                }
            case .paeth:
                for i in 0..<count {
                    let a = i >= bpp ? Int(row[i - bpp]) : 0
                    let b = prev.map { Int($0[i]) } ?? 0
                    let c = (i >= bpp ? prev.map { Int($0[i - bpp]) } : nil) ?? 0
                    let p = a + b - c
                    let pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                    let pred = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
                    o[i] = row[i] &- UInt8(pred)
                }
            }
        }
        func code(_ f: Filter) -> UInt8 {
            switch f {
            case .none, .adaptive: return 0
            case .sub: return 1
            case .up: return 2
            case .average: return 3
            case .paeth: return 4
            }
        }
        guard filter == .adaptive else {
            out[0] = code(filter)
            apply(filter, into: out + 1)
            return
        }
        if let prev, memcmp(row, prev, count) == 0 {
            out[0] = 2
            (out + 1).update(repeating: 0, count: count)
            return
        }
        // Sum of absolute values, bytes read as signed: libpng's minimum-sum heuristic.
        func cost(_ p: UnsafePointer<UInt8>) -> Int {
            var s = 0
            for i in 0..<count { let v = Int(Int8(bitPattern: p[i])); s += v < 0 ? -v : v }
            return s
        }
        var best = Filter.none
        var bestCost = cost(row)
        for (k, f) in [Filter.sub, .up, .average, .paeth].enumerated() {
            let buf = scratch + k * count
            apply(f, into: buf)
            let c = cost(buf)
            if c < bestCost { bestCost = c; best = f }
        }
        out[0] = code(best)
        switch best {
        case .none: (out + 1).update(from: row, count: count)
        case .sub: (out + 1).update(from: scratch, count: count)
        case .up: (out + 1).update(from: scratch + count, count: count)
        case .average: (out + 1).update(from: scratch + 2 * count, count: count)
        default: (out + 1).update(from: scratch + 3 * count, count: count)
        }
    }
}

extension Array where Element == UInt8 {
    mutating func appendBigEndian(_ v: UInt32) {
        append(UInt8(v >> 24)); append(UInt8((v >> 16) & 0xFF)); append(UInt8((v >> 8) & 0xFF)); append(UInt8(v & 0xFF))
    }
}

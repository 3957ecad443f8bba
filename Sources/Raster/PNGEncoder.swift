import Foundation
internal import CDeflate
internal import CPixelKernels

/// Writes PNG files: RGB when every pixel is opaque, RGBA (straight alpha) otherwise.
///
/// The chunks are written here and the image data compressed by `Options.coder`: our own
/// `RowDeflater` (the default, matched per row to the row's filter) or libdeflate in one call (size
/// first); either is several times faster than zlib through libpng at the same size. Row filters are chosen per
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
        /// Adaptive, but NONE for rows that mostly repeat their own pixels (text on flat color).
        case adaptiveFlat
        /// Per row, UP for a row equal to the one above or unlike its left neighbours (photos), NONE
        /// for rows that repeat their own pixels (text on flat color), whose raw bytes deflate best.
        case flatOrUp
        /// adaptiveFlat's rows, then per band of 32 rows NONE for the whole band where that deflates
        /// smaller, judged by deflating both alone at level 1 (bands already unfiltered, or unchanged
        /// from the rows above, are left as they are). Size first: about 0.8 % smaller than adaptiveFlat.
        case bandSearch
        /// Per row, UP for a row equal to the one above (all zeros), NONE for text on flat color
        /// (rows that repeat their own pixels, or RGB rows of under 128 colors), Paeth otherwise
        /// (photos). Made for the `.rows` coder, which runs LZ77 on the NONE rows only.
        case paethOrFlat
    }

    /// What compresses the filtered rows.
    public enum Coder: String, Sendable {
        /// libdeflate at `Options.level`.
        case libdeflate
        /// `RowDeflater`: LZ77 on unfiltered rows, runs only on filtered ones, Huffman codes per block.
        case rows
    }

    public struct Options: Sendable, Equatable {
        public var filter: Filter
        /// libdeflate level, 0 (store) to 12 (slowest, smallest).
        public var level: Int
        public var coder: Coder
        public init(filter: Filter, level: Int, coder: Coder = .libdeflate) {
            self.filter = filter; self.level = level; self.coder = coder
        }

        /// Previews: fastest, largest (UP rows, runs only).
        public static let fast = Options(filter: .up, level: 1, coder: .rows)
        /// The default: Paeth photo rows, unfiltered text rows, UP for unchanged rows (zeros), all
        /// through the rows coder. About libpng's default size (0.98-1.02x), many times faster (see
        /// the benchmark).
        public static let balanced = Options(filter: .paethOrFlat, level: 2, coder: .rows)
        /// Size first: adaptive filters with unfiltered text rows and bands, libdeflate 7: about 1.3 %
        /// over libpng at level 9 and faster than libpng's default (see the benchmark).
        public static let small = Options(filter: .bandSearch, level: 7)
    }

    public let options: Options
    private let compressor: OpaquePointer
    /// bandSearch's quick judge of each band's two candidates.
    private let trialCompressor: OpaquePointer?
    private var filtered: [UInt8] = []
    private var compressed: [UInt8] = []
    private lazy var deflater = RowDeflater()

    public init(options: Options = .balanced) {
        self.options = options
        compressor = libdeflate_alloc_compressor(Int32(min(max(options.level, 0), 12)))
        trialCompressor = options.filter == .bandSearch ? libdeflate_alloc_compressor(1) : nil
    }

    // libdeflate compressors are not shared between threads: each worker owns an encoder.
    deinit {
        libdeflate_free_compressor(compressor)
        if let trialCompressor { libdeflate_free_compressor(trialCompressor) }
    }

    /// Encodes a premultiplied pixmap (converted to straight alpha when it has transparency).
    public func encode(_ pixmap: Pixmap) -> [UInt8] {
        imageData(pixmap, alpha: nil) { idat, alpha in
            var png = PNGChunks.signature
            png.reserveCapacity(idat.count + 64)
            PNGChunks.append("IHDR", PNGChunks.headerBody(width: pixmap.width, height: pixmap.height, alpha: alpha), to: &png)
            PNGChunks.append("IDAT", idat, to: &png)
            PNGChunks.append("IEND", [UInt8](), to: &png)
            return png
        }
    }

    /// The zlib stream of a pixmap's filtered rows (an IDAT's or APNG fdAT's data), as RGBA when
    /// `alpha` is true, RGB when false (the pixmap must then be opaque), or as `encode` chooses when nil.
    public func imageData(_ pixmap: Pixmap, alpha: Bool?) -> (data: [UInt8], alpha: Bool) {
        imageData(pixmap, alpha: alpha) { (Array($0), $1) }
    }

    private func imageData<R>(
        _ pixmap: Pixmap, alpha: Bool?, deflate: Bool = true, _ body: (UnsafeBufferPointer<UInt8>, Bool) -> R
    ) -> R {
        let w = pixmap.width, h = pixmap.height
        // Frames are nearly always opaque: convert to RGB speculatively, row by row straight into
        // the filter, and fall back to RGBA if a pixel turns out not to be.
        var opaque = true
        var size = (w * 3 + 1) * h
        if filtered.count < (w * 4 + 1) * h { filtered = [UInt8](repeating: 0, count: (w * 4 + 1) * h) }
        if alpha == true {
            opaque = false
        } else if options.filter == .bandSearch, filterOpaque(pixmap, filter: .adaptiveFlat) {
            bandSearch(pixmap)
        } else if !(options.filter == .paethOrFlat ? filterPaethOrFlatOpaque(pixmap) : filterOpaque(pixmap)) {
            precondition(alpha == nil, "imageData(alpha: false) of a pixmap with transparency")
            opaque = false
        }
        if !opaque {
            size = (w * 4 + 1) * h
            filterStraight(pixmap.straightBytes(), width: w, height: h)
        }
        if !deflate {
            return filtered.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[0..<size]), !opaque) }
        }
        if options.coder == .rows {
            return filtered.withUnsafeBufferPointer { body(deflater.zlib($0.baseAddress!, count: size, rowBytes: size / h), !opaque) }
        }
        let bound = libdeflate_zlib_compress_bound(compressor, size)
        if compressed.count < bound { compressed = [UInt8](repeating: 0, count: bound) }
        let compressedSize = filtered.withUnsafeBytes { f in
            compressed.withUnsafeMutableBytes { c in
                libdeflate_zlib_compress(compressor, f.baseAddress, size, c.baseAddress, bound)
            }
        }
        return compressed.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[0..<compressedSize]), !opaque) }
    }

    /// A frame's filtered rows (filter byte first in each row), as `encode` deflates them: the
    /// benchmark's floor measures deflate on exactly these bytes.
    package struct FilteredRows {
        package var bytes: [UInt8]
        package var rowBytes: Int
    }

    /// The rows `encode` would deflate for `pixmap`, filtered by this encoder's options.
    package func filteredRows(_ pixmap: Pixmap) -> FilteredRows {
        imageData(pixmap, alpha: nil, deflate: false) { rows, alpha in
            FilteredRows(bytes: Array(rows), rowBytes: pixmap.width * (alpha ? 4 : 3) + 1)
        }
    }

    /// Filters `pixmap` as `encode` does and returns how many bytes the rows take (the benchmark
    /// times the filtering alone with it).
    package func filterOnly(_ pixmap: Pixmap) -> Int {
        imageData(pixmap, alpha: nil, deflate: false) { rows, _ in rows.count }
    }

    /// The zlib stream of filtered rows by this encoder's coder (`RowDeflater` for `.rows`).
    package func deflateRows(_ rows: FilteredRows) -> [UInt8] {
        rows.bytes.withUnsafeBufferPointer { Array(deflater.zlib($0.baseAddress!, count: $0.count, rowBytes: rows.rowBytes)) }
    }

    /// The size of libdeflate's zlib stream of `bytes` at `level`.
    package static func libdeflateZlibSize(_ bytes: [UInt8], level: Int) -> Int {
        zlibCompress(bytes, level: Int32(level)).count
    }

    /// Converts to RGB and filters into `filtered`; false (and nothing usable) if a pixel is not opaque.
    private func filterOpaque(_ pixmap: Pixmap, filter requested: Filter? = nil) -> Bool {
        let w = pixmap.width, h = pixmap.height, stride = w * 3
        let filter = requested ?? (options.filter == .bandSearch ? .adaptiveFlat : options.filter)
        return pixmap.bytes.withUnsafeBytes { rgba in
            filtered.withUnsafeMutableBufferPointer { dst in
                var scratch = [UInt8](repeating: 0, count: stride * 7 + 16)
                return scratch.withUnsafeMutableBufferPointer { tmp in
                    var current = tmp.baseAddress!
                    var previous = tmp.baseAddress! + stride
                    let zeros = UnsafePointer(tmp.baseAddress! + 2 * stride)
                    let trials = tmp.baseAddress! + 3 * stride
                    for y in 0..<h {
                        let src = rgba.baseAddress! + y * w * 4
                        guard PNGEncoder.packRGB(src, count: w, into: current) else { return false }
                        let prev = y > 0 ? UnsafePointer(previous) : zeros
                        PNGEncoder.filterRow(
                            UnsafePointer(current), prev: prev, count: stride, bpp: 3, filter: filter,
                            out: dst.baseAddress! + y * (stride + 1), scratch: trials)
                        swap(&current, &previous)
                    }
                    return true
                }
            }
        }
    }

    /// `.paethOrFlat` on RGB rows, as `filterRow` chooses, but each row packed from RGBA straight
    /// into its place in `filtered`: a text row (NONE) is then done where it lies and a row equal
    /// to the one above only zeroed; just a photo row is copied aside, for Paeth to read. False
    /// (and nothing usable) if a pixel is not opaque.
    private func filterPaethOrFlatOpaque(_ pixmap: Pixmap) -> Bool {
        let w = pixmap.width, h = pixmap.height, stride = w * 3, rowBytes = stride + 1
        return pixmap.bytes.withUnsafeBytes { rgba in
            filtered.withUnsafeMutableBufferPointer { dst in
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 3 * stride) { tmp in
                    let zeros = tmp.baseAddress!
                    zeros.update(repeating: 0, count: stride)
                    let spares = (tmp.baseAddress! + stride, tmp.baseAddress! + 2 * stride)
                    var useSecond = false
                    // The unfiltered bytes of the row above (zeros above the first row, as the PNG spec says).
                    var previous = UnsafePointer(zeros)
                    for y in 0..<h {
                        let out = dst.baseAddress! + y * rowBytes, body = out + 1
                        guard PNGEncoder.packRGB(rgba.baseAddress! + y * w * 4, count: w, into: body) else { return false }
                        if memcmp(body, previous, stride) == 0 {
                            // `previous` holds these same bytes for the next row.
                            out[0] = 2
                            body.update(repeating: 0, count: stride)
                        } else if PNGEncoder.isFlat(body, stride, 3) || PNGEncoder.fewColors(body, stride) {
                            out[0] = 0
                            previous = UnsafePointer(body)
                        } else {
                            // The spare not holding `previous`.
                            let raw = useSecond ? spares.1 : spares.0
                            useSecond.toggle()
                            raw.update(from: body, count: stride)
                            out[0] = 4
                            PNGEncoder.paethOnly(raw, previous, stride, 3, body)
                            previous = UnsafePointer(raw)
                        }
                    }
                    return true
                }
            }
        }
    }

    /// Replaces bands of `filtered` (already adaptiveFlat) by unfiltered rows where that deflates smaller.
    /// Only for opaque frames (RGB rows), which is what the tool writes.
    private func bandSearch(_ pixmap: Pixmap) {
        guard let trialCompressor else { return }
        let w = pixmap.width, h = pixmap.height, rowStride = w * 3, rowBytes = rowStride + 1
        let band = 32
        var candidate = [UInt8](repeating: 0, count: rowBytes * band)
        var out = [UInt8](repeating: 0, count: libdeflate_zlib_compress_bound(trialCompressor, rowBytes * band))
        let zeros = [UInt8](repeating: 0, count: rowStride)
        pixmap.bytes.withUnsafeBytes { rgba in
            for y0 in stride(from: 0, to: h, by: band) {
                let rows = min(band, h - y0)
                let size = rows * rowBytes
                func trial(_ bytes: UnsafeRawPointer) -> Int {
                    out.withUnsafeMutableBytes { libdeflate_zlib_compress(trialCompressor, bytes, size, $0.baseAddress, $0.count) }
                }
                // Bands already unfiltered, or rows all equal to the ones above (UP zeros), stay as they are.
                let settled = filtered.withUnsafeBytes { f -> Bool in
                    (0..<rows).allSatisfy { r in
                        let row = f.baseAddress!.assumingMemoryBound(to: UInt8.self) + (y0 + r) * rowBytes
                        return row[0] == 0 || (row[0] == 2 && memcmp(row + 1, zeros, rowStride) == 0)
                    }
                }
                if settled { continue }
                let current = filtered.withUnsafeBytes { trial($0.baseAddress! + y0 * rowBytes) }
                candidate.withUnsafeMutableBufferPointer { c in
                    for r in 0..<rows {
                        c[r * rowBytes] = 0 // filter NONE: the row's RGB bytes as they are
                        _ = PNGEncoder.packRGB(rgba.baseAddress! + (y0 + r) * w * 4, count: w, into: c.baseAddress! + r * rowBytes + 1)
                    }
                }
                if candidate.withUnsafeBytes({ trial($0.baseAddress!) }) < current {
                    filtered.replaceSubrange((y0 * rowBytes)..<(y0 * rowBytes + size), with: candidate[0..<size])
                }
            }
        }
    }

    private func filterStraight(_ straight: [UInt8], width w: Int, height h: Int) {
        let stride = w * 4
        let filter = options.filter
        straight.withUnsafeBufferPointer { rows in
            filtered.withUnsafeMutableBufferPointer { dst in
                var scratch = [UInt8](repeating: 0, count: stride * 5)
                scratch.withUnsafeMutableBufferPointer { tmp in
                    let zeros = UnsafePointer(tmp.baseAddress! + 4 * stride)
                    for y in 0..<h {
                        let row = rows.baseAddress! + y * stride
                        PNGEncoder.filterRow(
                            row, prev: y > 0 ? row - stride : zeros, count: stride, bpp: 4, filter: filter,
                            out: dst.baseAddress! + y * (stride + 1), scratch: tmp.baseAddress!)
                    }
                }
            }
        }
    }

    /// RGBA to RGB: the C kernel (eight pixels a step) where the processor has AVX2, else four
    /// pixels (four words) into three words at a time; false if an alpha is not 255. `kernels`:
    /// false keeps to the Swift loop (the tests hold the two to each other).
    @inline(__always)
    static func packRGB(_ src: UnsafeRawPointer, count: Int, into dst: UnsafeMutablePointer<UInt8>, kernels: Bool = true) -> Bool {
        if kernels {
            let packed = rf_pack_rgb(src.assumingMemoryBound(to: UInt8.self), Int32(count), dst)
            if packed >= 0 { return packed == 1 }
        }
        let out = UnsafeMutableRawPointer(dst)
        var alpha: UInt32 = 0xFF00_0000
        var i = 0
        while i + 4 <= count {
            let p0 = UInt32(littleEndian: src.loadUnaligned(fromByteOffset: 4 * i, as: UInt32.self))
            let p1 = UInt32(littleEndian: src.loadUnaligned(fromByteOffset: 4 * i + 4, as: UInt32.self))
            let p2 = UInt32(littleEndian: src.loadUnaligned(fromByteOffset: 4 * i + 8, as: UInt32.self))
            let p3 = UInt32(littleEndian: src.loadUnaligned(fromByteOffset: 4 * i + 12, as: UInt32.self))
            alpha &= p0 & p1 & p2 & p3
            out.storeBytes(of: ((p0 & 0xFF_FFFF) | (p1 << 24)).littleEndian, toByteOffset: 3 * i, as: UInt32.self)
            out.storeBytes(of: (((p1 >> 8) & 0xFFFF) | (p2 << 16)).littleEndian, toByteOffset: 3 * i + 4, as: UInt32.self)
            out.storeBytes(of: (((p2 >> 16) & 0xFF) | (p3 << 8)).littleEndian, toByteOffset: 3 * i + 8, as: UInt32.self)
            i += 4
        }
        let bytes = src.assumingMemoryBound(to: UInt8.self)
        while i < count {
            alpha &= UInt32(bytes[4 * i + 3]) << 24
            dst[3 * i] = bytes[4 * i]; dst[3 * i + 1] = bytes[4 * i + 1]; dst[3 * i + 2] = bytes[4 * i + 2]
            i += 1
        }
        return alpha == 0xFF00_0000
    }

    /// zlib-wrapped deflate of `bytes` (tests build PNGs of every flavour with it).
    static func zlibCompress(_ bytes: [UInt8], level: Int32 = 6) -> [UInt8] {
        let c = libdeflate_alloc_compressor(level)!
        defer { libdeflate_free_compressor(c) }
        let bound = libdeflate_zlib_compress_bound(c, bytes.count)
        var out = [UInt8](repeating: 0, count: bound)
        let n = out.withUnsafeMutableBytes { o in
            bytes.withUnsafeBytes { i in
                libdeflate_zlib_compress(c, i.baseAddress, bytes.count, o.baseAddress, bound)
            }
        }
        return Array(out[0..<n])
    }

    /// Filters one row into `out` (filter byte then `count` bytes). `prev` is the row above (a row
    /// of zeros for the first row, as the PNG spec defines it); `scratch` holds 4 * count bytes.
    static func filterRow(
        _ row: UnsafePointer<UInt8>, prev: UnsafePointer<UInt8>, count: Int, bpp: Int,
        filter: Filter, out: UnsafeMutablePointer<UInt8>, scratch: UnsafeMutablePointer<UInt8>
    ) {
        let body = out + 1
        switch filter {
        case .none: out[0] = 0; body.update(from: row, count: count)
        case .sub: out[0] = 1; _ = sub(row, count, bpp, body)
        case .up: out[0] = 2; upOnly(row, prev, count, body)
        case .average: out[0] = 3; _ = average(row, prev, count, bpp, body)
        case .paeth: out[0] = 4; _ = paeth(row, prev, count, bpp, body)
        case .adaptiveFlat:
            if memcmp(row, prev, count) != 0 && isFlat(row, count, bpp) {
                out[0] = 0; body.update(from: row, count: count)
            } else {
                filterRow(row, prev: prev, count: count, bpp: bpp, filter: .adaptive, out: out, scratch: scratch)
            }
        case .flatOrUp:
            if memcmp(row, prev, count) != 0 && isFlat(row, count, bpp) {
                out[0] = 0; body.update(from: row, count: count)
            } else {
                out[0] = 2; upOnly(row, prev, count, body)
            }
        case .paethOrFlat:
            if memcmp(row, prev, count) == 0 {
                out[0] = 2; body.update(repeating: 0, count: count)
            } else if isFlat(row, count, bpp) || (bpp == 3 && fewColors(row, count)) {
                out[0] = 0; body.update(from: row, count: count)
            } else {
                out[0] = 4; paethOnly(row, prev, count, bpp, body)
            }
        case .adaptive, .adaptiveFast, .bandSearch:
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

    /// A cheap estimate of text-on-flat-color rows: over 7/8 of the bytes equal the byte one pixel
    /// to the left. Such rows deflate best unfiltered (the glyph patterns repeat as they are).
    /// Eight bytes at a time, and it stops once too many differ (photo rows stop early).
    /// The C kernel counts 32 bytes a step where the processor has AVX2 (`kernels`: false keeps
    /// to the Swift loop; the early stop does not change the answer, the count only grows).
    static func isFlat(_ row: UnsafePointer<UInt8>, _ count: Int, _ bpp: Int, kernels: Bool = true) -> Bool {
        if kernels {
            let flat = rf_is_flat(row, Int32(count), Int32(bpp))
            if flat >= 0 { return flat == 1 }
        }
        guard count > bpp else { return false }
        // Flat when same * 8 > count * 7, where same counts the bytes from bpp on.
        let checked = count - bpp
        let raw = UnsafeRawPointer(row)
        var differ = 0, i = bpp
        while i + 8 <= count {
            var x = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) ^ raw.loadUnaligned(fromByteOffset: i - bpp, as: UInt64.self)
            x |= x >> 4; x |= x >> 2; x |= x >> 1 // bit 0 of each byte: any bit of that byte set
            differ &+= (x & 0x0101_0101_0101_0101).nonzeroBitCount
            i += 8
            if i & 63 == 0 && (checked - differ) * 8 <= count * 7 { return false }
        }
        while i < count { if row[i] != row[i - bpp] { differ += 1 }; i += 1 }
        return (checked - differ) * 8 > count * 7
    }

    /// Text rows (glyphs on a flat color) have few distinct colors, under 128 across a whole @3x
    /// row even with anti-aliasing; photo rows pass that many within a few hundred pixels. Counts
    /// colors hashed into 4096 bits (a collision only lowers the count a little) and stops at 128.
    /// The C kernel hashes only the pixels unlike their left neighbour, found eight at a time with
    /// AVX2 (`kernels`: false keeps to the Swift loop).
    static func fewColors(_ row: UnsafePointer<UInt8>, _ count: Int, kernels: Bool = true) -> Bool {
        if kernels {
            let few = rf_few_colors(row, Int32(count))
            if few >= 0 { return few == 1 }
        }
        let limit = 128
        return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 64) { bits -> Bool in
            bits.initialize(repeating: 0)
            var distinct = 0, i = 0
            // A pixel the same as the one before sets no new bit: skipped (text rows are mostly such runs).
            var last = UInt32.max
            while i + 3 <= count {
                let rgb = UInt32(row[i]) | UInt32(row[i + 1]) << 8 | UInt32(row[i + 2]) << 16
                if rgb == last { i += 3; continue }
                last = rgb
                let h = Int((rgb &* 0x9E37_79B1) >> 20)
                let mask = UInt64(1) << UInt64(h & 63)
                let word = bits[h >> 6]
                if word & mask == 0 {
                    bits[h >> 6] = word | mask
                    distinct += 1
                    if distinct >= limit { return false }
                }
                i += 3
            }
            return true
        }
    }

    /// The PNG spec's Paeth predictor of a pixel from its left (a), upper (b) and upper-left (c) neighbours.
    @inline(__always) static func paethPredictor(_ a: Int, _ b: Int, _ c: Int) -> Int {
        let pa = abs(b - c), pb = abs(a - c), pc = abs(a + b - 2 * c)
        return pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
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

    /// UP without the cost estimate, sixteen bytes at a time.
    static func upOnly(_ row: UnsafePointer<UInt8>, _ prev: UnsafePointer<UInt8>, _ count: Int, _ o: UnsafeMutablePointer<UInt8>) {
        let r = UnsafeRawPointer(row), p = UnsafeRawPointer(prev), out = UnsafeMutableRawPointer(o)
        var i = 0
        while i + 16 <= count {
            let v = r.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self) &- p.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
            out.storeBytes(of: v, toByteOffset: i, as: SIMD16<UInt8>.self)
            i += 16
        }
        while i < count { o[i] = row[i] &- prev[i]; i += 1 }
    }

    /// Paeth without the cost estimate: the C kernel (32 bytes at a time) where the processor has
    /// AVX2, else sixteen bytes at a time here (the predictor needs only raw bytes). `kernels`:
    /// false keeps to the Swift loop (the tests hold the two to each other).
    static func paethOnly(
        _ row: UnsafePointer<UInt8>, _ prev: UnsafePointer<UInt8>, _ count: Int, _ bpp: Int,
        _ o: UnsafeMutablePointer<UInt8>, kernels: Bool = true
    ) {
        if kernels && rf_paeth_row(row, prev, Int32(count), Int32(bpp), o) != 0 { return }
        // With no left neighbour the predictor is the byte above.
        for i in 0..<min(bpp, count) { o[i] = row[i] &- prev[i] }
        let r = UnsafeRawPointer(row), p = UnsafeRawPointer(prev), out = UnsafeMutableRawPointer(o)
        var i = bpp
        while i + 16 <= count {
            // In bytes: pa = |b - c|, pb = |a - c|; pc = |(b - c) + (a - c)| is pa + pb when the two
            // differences share a sign (then pc is never the smallest, so 255 stands for it) and
            // |pa - pb| when they do not.
            let x = r.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
            let a = r.loadUnaligned(fromByteOffset: i - bpp, as: SIMD16<UInt8>.self)
            let b = p.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
            let c = p.loadUnaligned(fromByteOffset: i - bpp, as: SIMD16<UInt8>.self)
            let bc = b .>= c, ac = a .>= c
            let pa = (c &- b).replacing(with: b &- c, where: bc)
            let pb = (c &- a).replacing(with: a &- c, where: ac)
            let pc = SIMD16<UInt8>(repeating: 255).replacing(with: (pb &- pa).replacing(with: pa &- pb, where: pa .>= pb), where: bc .^ ac)
            var predictor = c
            predictor.replace(with: b, where: pb .<= pc)
            predictor.replace(with: a, where: (pa .<= pb) .& (pa .<= pc))
            out.storeBytes(of: x &- predictor, toByteOffset: i, as: SIMD16<UInt8>.self)
            i += 16
        }
        while i < count {
            o[i] = row[i] &- UInt8(paethPredictor(Int(row[i - bpp]), Int(prev[i]), Int(prev[i - bpp])))
            i += 1
        }
    }

    static func average(
        _ row: UnsafePointer<UInt8>, _ prev: UnsafePointer<UInt8>, _ count: Int, _ bpp: Int,
        _ o: UnsafeMutablePointer<UInt8>
    ) -> Int {
        var s = 0
        for i in 0..<bpp { let v = row[i] &- (prev[i] >> 1); o[i] = v; s &+= absSigned(v) }
        for i in bpp..<count {
            let v = row[i] &- UInt8((UInt16(row[i - bpp]) + UInt16(prev[i])) >> 1)
            o[i] = v; s &+= absSigned(v)
        }
        return s
    }

    static func paeth(
        _ row: UnsafePointer<UInt8>, _ prev: UnsafePointer<UInt8>, _ count: Int, _ bpp: Int,
        _ o: UnsafeMutablePointer<UInt8>
    ) -> Int {
        var s = 0
        for i in 0..<bpp { let v = row[i] &- prev[i]; o[i] = v; s &+= absSigned(v) }
        for i in bpp..<count {
            let v = row[i] &- UInt8(paethPredictor(Int(row[i - bpp]), Int(prev[i]), Int(prev[i - bpp])))
            o[i] = v; s &+= absSigned(v)
        }
        return s
    }
}

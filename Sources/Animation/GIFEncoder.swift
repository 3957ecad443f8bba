import Dispatch
import Raster

/// Animated GIF in two passes, with memory bounded by a batch of frames whatever the length:
///
/// 1. `observe` every frame: a histogram of the colors that change from frame to frame (the
///    first frame counts whole), as ffmpeg's `palettegen=stats_mode=diff`; `makePalette` then cuts
///    it into 255 colors by variance-first median cut (index 255 is transparency).
/// 2. `add` every frame again: only the pixels that changed since the previous frame are
///    quantised, with Sierra-2-4A error diffusion (ffmpeg's default dither) except where the palette
///    has the color exactly (drawn as it is, so flat UI colors carry no noise); unchanged pixels are
///    transparent, so the previous image shows through (disposal "do not dispose"), and each frame
///    is cropped to the rectangle of its changed pixels. Frames of a batch are quantised and
///    LZW-coded in parallel.
///
/// Delays are whole centiseconds, rounded from each frame's start so the total is exact; a frame
/// under 2 cs is refused by the caller (browsers show it as 10 cs).
public final class GIFEncoder {
    public let width: Int
    public let height: Int
    public let jobs: Int

    // Pass 1: a histogram over 6 bits a channel, with exact sums for each bin's mean color.
    private var counts: [UInt64]
    private var sums: [UInt64]
    private var previousObserved: Pixmap?
    private(set) public var palette: [(r: UInt8, g: UInt8, b: UInt8)] = []

    // Pass 2.
    private var previousSource: Pixmap?
    private var canvas: [UInt8]
    private var output: [UInt8] = []
    private var framesWritten = 0
    private var framesPlaced = 0
    private var matcher: PaletteMatcher?
    /// One per worker: a nearest-color cache (2 MB) and an LZW table (32 KB), made once.
    private lazy var caches = (0..<jobs).map { _ in NearestCache() }
    private lazy var coders = (0..<jobs).map { _ in LZWEncoder() }

    public static let transparentIndex: UInt8 = 255

    public init(width: Int, height: Int, jobs: Int) {
        precondition(width > 0 && height > 0 && width <= 65535 && height <= 65535)
        self.width = width
        self.height = height
        // Quantising is memory-bound: 8 workers at most.
        self.jobs = min(8, max(1, jobs))
        counts = [UInt64](repeating: 0, count: 1 << 18)
        sums = [UInt64](repeating: 0, count: 3 << 18)
        canvas = [UInt8](repeating: 0, count: width * height)
    }

    // MARK: Pass 1

    /// Counts the colors of the pixels that changed since the previous observed frame.
    public func observe(_ frame: Pixmap) {
        precondition(frame.width == width && frame.height == height)
        frame.bytes.withUnsafeBufferPointer { cur in
            previousObserved.map { $0.bytes }.withUnsafeOptionalBuffer { prev in
                counts.withUnsafeMutableBufferPointer { counts in
                    sums.withUnsafeMutableBufferPointer { sums in
                        let n = width * height
                        let c32 = UnsafeRawPointer(cur.baseAddress!)
                        let p32 = prev.map { UnsafeRawPointer($0) }
                        for i in 0..<n {
                            let v = c32.loadUnaligned(fromByteOffset: 4 * i, as: UInt32.self)
                            if let p32, p32.loadUnaligned(fromByteOffset: 4 * i, as: UInt32.self) == v { continue }
                            let r = Int(v & 0xFF), g = Int((v >> 8) & 0xFF), b = Int((v >> 16) & 0xFF)
                            let bin = (r >> 2) << 12 | (g >> 2) << 6 | (b >> 2)
                            counts[bin] &+= 1
                            sums[3 * bin] &+= UInt64(r); sums[3 * bin + 1] &+= UInt64(g); sums[3 * bin + 2] &+= UInt64(b)
                        }
                    }
                }
            }
        }
        previousObserved = frame
    }

    /// Cuts the histogram into at most 255 colors: the box with the largest squared error is split
    /// at its weighted median along its widest axis, until there are 255 boxes or no box can split.
    public func makePalette() {
        struct Bin { var r, g, b: Double; var count: Double }
        var bins: [Bin] = []
        for i in 0..<counts.count where counts[i] > 0 {
            let c = Double(counts[i])
            bins.append(Bin(r: Double(sums[3 * i]) / c, g: Double(sums[3 * i + 1]) / c, b: Double(sums[3 * i + 2]) / c, count: c))
        }
        if bins.isEmpty { bins = [Bin(r: 0, g: 0, b: 0, count: 1)] }
        struct Box { var lo: Int; var hi: Int; var error: Double; var axis: Int }
        func measure(_ lo: Int, _ hi: Int) -> Box {
            var total = 0.0, mean = (0.0, 0.0, 0.0)
            for i in lo..<hi { let b = bins[i]; total += b.count; mean.0 += b.r * b.count; mean.1 += b.g * b.count; mean.2 += b.b * b.count }
            mean = (mean.0 / total, mean.1 / total, mean.2 / total)
            var v = (0.0, 0.0, 0.0)
            for i in lo..<hi {
                let b = bins[i]
                v.0 += (b.r - mean.0) * (b.r - mean.0) * b.count
                v.1 += (b.g - mean.1) * (b.g - mean.1) * b.count
                v.2 += (b.b - mean.2) * (b.b - mean.2) * b.count
            }
            let axis = v.0 >= v.1 && v.0 >= v.2 ? 0 : (v.1 >= v.2 ? 1 : 2)
            return Box(lo: lo, hi: hi, error: hi - lo > 1 ? v.0 + v.1 + v.2 : -1, axis: axis)
        }
        var boxes = [measure(0, bins.count)]
        while boxes.count < 255 {
            guard let worst = boxes.indices.max(by: { boxes[$0].error < boxes[$1].error }), boxes[worst].error > 0 else { break }
            let box = boxes[worst]
            let key: (Bin) -> Double = box.axis == 0 ? { $0.r } : (box.axis == 1 ? { $0.g } : { $0.b })
            // Ties broken by bin order, so the cut is the same on every run.
            let sorted = bins[box.lo..<box.hi].enumerated().sorted { (a, b) in
                key(a.element) != key(b.element) ? key(a.element) < key(b.element) : a.offset < b.offset
            }.map { $0.element }
            bins.replaceSubrange(box.lo..<box.hi, with: sorted)
            let total = sorted.reduce(0) { $0 + $1.count }
            var acc = 0.0, cut = box.lo + 1
            for i in box.lo..<(box.hi - 1) {
                acc += bins[i].count
                cut = i + 1
                if acc >= total / 2 { break }
            }
            boxes[worst] = measure(box.lo, cut)
            boxes.append(measure(cut, box.hi))
        }
        palette = boxes.map { box in
            var total = 0.0, r = 0.0, g = 0.0, b = 0.0
            for i in box.lo..<box.hi { let x = bins[i]; total += x.count; r += x.r * x.count; g += x.g * x.count; b += x.b * x.count }
            return (UInt8((r / total).rounded()), UInt8((g / total).rounded()), UInt8((b / total).rounded()))
        }
        counts = []; sums = []; previousObserved = nil
        writeHeader()
    }

    private func writeHeader() {
        output = Array("GIF89a".utf8)
        output.appendLE16(width); output.appendLE16(height)
        output += [0xF7, 0, 0] // global color table of 256 entries, 8 bits a channel
        for i in 0..<256 {
            if i < palette.count { output += [palette[i].r, palette[i].g, palette[i].b] } else { output += [0, 0, 0] }
        }
        // Loop forever (the NETSCAPE2.0 application extension).
        output += [0x21, 0xFF, 0x0B] + Array("NETSCAPE2.0".utf8) + [0x03, 0x01, 0x00, 0x00, 0x00]
    }

    // MARK: Pass 2

    /// Quantises and writes a batch of frames, each with its delay in centiseconds.
    public func add(_ frames: [(pixels: Pixmap, delay: Int)]) {
        guard !frames.isEmpty else { return }
        precondition(!palette.isEmpty, "makePalette() before add()")
        let previous = [previousSource] + frames.dropLast().map { Optional($0.pixels) }
        // Quantise each frame's changed pixels (independent of the other frames' indices), each
        // worker with its own nearest-color cache, kept warm from batch to batch.
        let matcher = self.matcher ?? PaletteMatcher(palette)
        self.matcher = matcher
        let width = self.width
        let quantised = Parallel.map(frames.count, states: &caches) { cache, i in
            GIFEncoder.quantise(frames[i].pixels, previous: previous[i], width: width, matcher: matcher, cache: &cache)
        }
        // In order: against the canvas, a changed pixel whose index is already shown becomes
        // transparent too; crop to what is left; then LZW in parallel.
        let images = quantised.map { place($0) }
        let coded = Parallel.map(images.count, states: &coders) { coder, i in coder.encode(images[i].indices) }
        for (i, image) in images.enumerated() {
            let delay = min(max(frames[i].delay, 0), 65535)
            // Graphic control: disposal 1 (leave the image), the transparent flag, the delay.
            output += [0x21, 0xF9, 0x04, UInt8(1 << 2) | (image.transparent ? 1 : 0)]
            output.appendLE16(delay)
            output += [image.transparent ? GIFEncoder.transparentIndex : 0, 0x00]
            output += [0x2C]
            output.appendLE16(image.rect.x); output.appendLE16(image.rect.y)
            output.appendLE16(image.rect.width); output.appendLE16(image.rect.height)
            output += [0x00, 0x08] // no local color table; LZW minimum code size 8
            var o = 0
            let data = coded[i]
            while o < data.count {
                let n = min(255, data.count - o)
                output.append(UInt8(n))
                output += data[o..<(o + n)]
                o += n
            }
            output.append(0x00)
            framesWritten += 1
        }
        previousSource = frames.last!.pixels
    }

    /// The bytes written since the last drain (the header after `makePalette`, then frames), so
    /// the caller can stream them to a file.
    public func drain() -> [UInt8] {
        defer { output.removeAll(keepingCapacity: true) }
        return output
    }

    /// The last bytes of the file (what is not drained yet, and the trailer).
    public func finish() -> [UInt8] {
        var bytes = drain()
        bytes.append(0x3B)
        return bytes
    }

    /// A frame's changed pixels, quantised: the changed rectangle, and in it a palette index for
    /// each changed pixel and `transparentIndex` for each unchanged one.
    struct Quantised {
        var rect: PixelRect
        var indices: [UInt8]
    }

    private static func quantise(
        _ frame: Pixmap, previous: Pixmap?, width w: Int, matcher: PaletteMatcher, cache: inout NearestCache
    ) -> Quantised {
        // The changed rectangle, as APNG finds it (a 1x1 corner when nothing changed, whose one
        // pixel then stays transparent below).
        let rect = previous.map { frame.changedRect(from: $0) } ?? frame.bounds
        var indices = [UInt8](repeating: GIFEncoder.transparentIndex, count: rect.width * rect.height)
        // Sierra-2-4A: 2/4 to the right, 1/4 below left and 1/4 below; errors in quarters.
        var errors = [Int32](repeating: 0, count: 2 * 3 * (rect.width + 2))
        // The palette's colors as r | g << 8 | b << 16, to compare with a pixel's low 24 bits.
        let packed = matcher.colors.map { UInt32($0.r) | UInt32($0.g) << 8 | UInt32($0.b) << 16 }
        frame.bytes.withUnsafeBufferPointer { cur in
            previous.map { $0.bytes }.withUnsafeOptionalBuffer { prev in
                cache.withLookup(matcher) { lookup in
                    packed.withUnsafeBufferPointer { colors in
                        errors.withUnsafeMutableBufferPointer { e in
                            indices.withUnsafeMutableBufferPointer { out in
                                let c32 = UnsafeRawPointer(cur.baseAddress!)
                                let p32 = prev.map { UnsafeRawPointer($0) }
                                let rowLength = 3 * (rect.width + 2)
                                // The last color looked up for an exact match, and the match (-1: none).
                                var lastColor = UInt64.max, lastExact = -1  // no 32-bit color is UInt64.max
                                for ry in 0..<rect.height {
                                    let y = rect.y + ry
                                    let current = e.baseAddress! + (ry & 1) * rowLength, next = e.baseAddress! + ((ry + 1) & 1) * rowLength
                                    next.update(repeating: 0, count: rowLength)
                                    let row = out.baseAddress! + ry * rect.width
                                    for rx in 0..<rect.width {
                                        let i = y * w + rect.x + rx
                                        let slot = 3 * (rx + 1)
                                        let v = c32.loadUnaligned(fromByteOffset: 4 * i, as: UInt32.self)
                                        if let p32, p32.loadUnaligned(fromByteOffset: 4 * i, as: UInt32.self) == v { continue }
                                        // A color the palette has exactly is drawn as it is, taking and passing on no
                                        // error: flat UI colors stay clean, and no dither noise is left behind on
                                        // pixels that then stop changing (it would stay on screen: they are not redrawn).
                                        // (Runs of one color, as flat UI has, are looked up once.)
                                        if UInt64(v) != lastColor {
                                            let exact = lookup.nearest(v & 0xFF_FFFF)
                                            lastColor = UInt64(v)
                                            lastExact = colors[Int(exact)] == v & 0xFF_FFFF ? Int(exact) : -1
                                        }
                                        if lastExact >= 0 { row[rx] = UInt8(truncatingIfNeeded: lastExact); continue }
                                        let r = clamp8(Int32(v & 0xFF) + (current[slot] + 2) >> 2)
                                        let g = clamp8(Int32((v >> 8) & 0xFF) + (current[slot + 1] + 2) >> 2)
                                        let b = clamp8(Int32((v >> 16) & 0xFF) + (current[slot + 2] + 2) >> 2)
                                        let index = lookup.nearest(UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16)
                                        row[rx] = index
                                        let p = colors[Int(index)]
                                        let er = Int32(r) - Int32(p & 0xFF), eg = Int32(g) - Int32(p >> 8 & 0xFF), eb = Int32(b) - Int32(p >> 16)
                                        current[slot + 3] += 2 * er; current[slot + 4] += 2 * eg; current[slot + 5] += 2 * eb
                                        next[slot - 3] += er; next[slot - 2] += eg; next[slot - 1] += eb
                                        next[slot] += er; next[slot + 1] += eg; next[slot + 2] += eb
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        return Quantised(rect: rect, indices: indices)
    }

    /// Puts a quantised frame on the canvas: changed pixels whose index the canvas already shows
    /// become transparent, and the image is cropped to the pixels left. The first frame is whole.
    private func place(_ q: Quantised) -> (rect: PixelRect, indices: [UInt8], transparent: Bool) {
        let first = framesPlaced == 0
        framesPlaced += 1
        var indices = q.indices
        var minX = q.rect.width, minY = q.rect.height, maxX = -1, maxY = -1
        let width = width, transparent = GIFEncoder.transparentIndex
        canvas.withUnsafeMutableBufferPointer { canvas in
            indices.withUnsafeMutableBufferPointer { indices in
                for ry in 0..<q.rect.height {
                    let row = indices.baseAddress! + ry * q.rect.width
                    let shown = canvas.baseAddress! + (q.rect.y + ry) * width + q.rect.x
                    var rowMin = -1, rowMax = -1
                    for rx in 0..<q.rect.width {
                        let v = row[rx]
                        if v == transparent { continue }
                        if !first && shown[rx] == v { row[rx] = transparent; continue }
                        shown[rx] = v
                        if rowMin < 0 { rowMin = rx }
                        rowMax = rx
                    }
                    if rowMin >= 0 {
                        minX = min(minX, rowMin); maxX = max(maxX, rowMax); minY = min(minY, ry); maxY = ry
                    }
                }
            }
        }
        if first { return (q.rect, indices, false) }
        guard maxX >= 0 else {
            // Nothing changed on screen: one transparent pixel carries the delay.
            return (PixelRect(x: 0, y: 0, width: 1, height: 1), [GIFEncoder.transparentIndex], true)
        }
        let rect = PixelRect(x: q.rect.x + minX, y: q.rect.y + minY, width: maxX - minX + 1, height: maxY - minY + 1)
        if rect == q.rect { return (rect, indices, true) }
        var cropped = [UInt8](repeating: 0, count: rect.width * rect.height)
        for ry in 0..<rect.height {
            let src = (minY + ry) * q.rect.width + minX
            cropped.replaceSubrange((ry * rect.width)..<((ry + 1) * rect.width), with: indices[src..<(src + rect.width)])
        }
        return (rect, cropped, true)
    }

    /// Delays in centiseconds for frames with these start times (seconds) and the animation's end,
    /// rounded from the starts so they add up to the total exactly.
    public static func centiseconds(starts: [Double], end: Double) -> [Int] {
        let edges = starts.map { Int(($0 * 100).rounded()) } + [Int((end * 100).rounded())]
        return (0..<starts.count).map { edges[$0 + 1] - edges[$0] }
    }
}

@inline(__always) private func clamp8(_ v: Int32) -> UInt8 { UInt8(truncatingIfNeeded: min(max(v, 0), 255)) }

/// The nearest palette color by a grid: the color cube cut into 16x16x16 cells, and for each cell
/// the palette colors that can be nearest to some point in it (those whose least distance to the
/// cell is at most the least worst-case distance of any color), in index order.
struct PaletteMatcher: Sendable {
    let colors: [(r: UInt8, g: UInt8, b: UInt8)]
    /// Cell c's candidates: `candidates[starts[c]..<starts[c + 1]]`, each (r, g, b, index).
    private let starts: [Int32]
    private let candidates: [SIMD4<Int32>]

    init(_ palette: [(r: UInt8, g: UInt8, b: UInt8)]) {
        colors = palette
        var starts: [Int32] = [0], candidates: [SIMD4<Int32>] = []
        starts.reserveCapacity(4097)
        /// Squared distance along one axis from v to [lo, hi] (0 inside), and to its farther end.
        @inline(__always) func near(_ v: Int32, _ lo: Int32, _ hi: Int32) -> Int32 { v < lo ? (lo - v) * (lo - v) : (v > hi ? (v - hi) * (v - hi) : 0) }
        @inline(__always) func far(_ v: Int32, _ lo: Int32, _ hi: Int32) -> Int32 { max((v - lo) * (v - lo), (hi - v) * (hi - v)) }
        for cell in 0..<4096 {
            let r0 = Int32(cell >> 8) * 16, g0 = Int32(cell >> 4 & 15) * 16, b0 = Int32(cell & 15) * 16
            let r1 = r0 + 15, g1 = g0 + 15, b1 = b0 + 15
            var bound = Int32.max
            for c in palette {
                let r = Int32(c.r), g = Int32(c.g), b = Int32(c.b)
                bound = min(bound, far(r, r0, r1) + far(g, g0, g1) + far(b, b0, b1))
            }
            for (i, c) in palette.enumerated() {
                let r = Int32(c.r), g = Int32(c.g), b = Int32(c.b)
                if near(r, r0, r1) + near(g, g0, g1) + near(b, b0, b1) <= bound { candidates.append(SIMD4(r, g, b, Int32(i))) }
            }
            starts.append(Int32(candidates.count))
        }
        self.starts = starts
        self.candidates = candidates
    }

    /// The index of the nearest color (squared RGB distance; the lowest index on a tie).
    func nearest(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt8 {
        let cell = Int(r >> 4) << 8 | Int(g >> 4) << 4 | Int(b >> 4)
        let p = SIMD4<Int32>(Int32(r), Int32(g), Int32(b), 0)
        var best = Int32.max, bestIndex: Int32 = 0
        starts.withUnsafeBufferPointer { starts in
            candidates.withUnsafeBufferPointer { candidates in
                // In index order, so the first of equal distances is the lowest index.
                for k in Int(starts[cell])..<Int(starts[cell + 1]) {
                    let c = candidates[k]
                    let d = c &- p
                    let e = d &* d
                    let distance = e.x &+ e.y &+ e.z
                    if distance < best { best = distance; bestIndex = c.w }
                }
            }
        }
        return UInt8(truncatingIfNeeded: bestIndex)
    }
}

/// Nearest palette indices of the colors seen last, one per worker: a direct-mapped cache of
/// 262,144 entries (color << 8 | index, 2 MB) in front of the matcher's grid. A table of every
/// 24-bit color took 16 MB a worker for 1.5% less CPU.
struct NearestCache {
    private var table = [UInt64](repeating: UInt64.max, count: 1 << 18)

    /// Lookups through the cache for the length of `body`.
    mutating func withLookup<R>(_ matcher: PaletteMatcher, _ body: (NearestLookup) -> R) -> R {
        table.withUnsafeMutableBufferPointer { body(NearestLookup(table: $0.baseAddress!, matcher: matcher)) }
    }
}

/// A worker's `NearestCache`, open while it quantises a frame.
struct NearestLookup {
    let table: UnsafeMutablePointer<UInt64>
    let matcher: PaletteMatcher

    /// The nearest palette index to `color` (r | g << 8 | b << 16).
    @inline(__always) func nearest(_ color: UInt32) -> UInt8 {
        let slot = Int((color &* 0x9E37_79B1) >> 14)
        let entry = table[slot]
        if entry >> 8 == UInt64(color) { return UInt8(truncatingIfNeeded: entry) }
        let index = matcher.nearest(UInt8(truncatingIfNeeded: color), UInt8(truncatingIfNeeded: color >> 8), UInt8(truncatingIfNeeded: color >> 16))
        table[slot] = UInt64(color) << 8 | UInt64(index)
        return index
    }
}

/// GIF's LZW: variable-width codes from 9 to 12 bits, least significant bit first, a clear code
/// when the table is full (gif.h's schedule, which every decoder reads).
///
/// The string table is an open-addressed hash of (prefix code, next index) -> code, 8192 entries
/// of 32 bits (32 KB: it stays in the first-level cache, where a table indexed by prefix and index
/// would take 4 MB), emptied at each clear code.
struct LZWEncoder {
    private static let slots = 1 << 13
    private static let empty = UInt32.max
    /// key << 12 | code, key = prefix << 8 | index (a prefix is at most 4094, so never `empty`).
    private var table = [UInt32](repeating: LZWEncoder.empty, count: LZWEncoder.slots)

    mutating func encode(_ indices: [UInt8]) -> [UInt8] {
        // At most 12 bits a code and a code an index, plus the codes around them.
        let capacity = indices.count * 3 / 2 + 16
        return table.withUnsafeMutableBufferPointer { table in
            indices.withUnsafeBufferPointer { input in
                [UInt8](unsafeUninitializedCapacity: capacity) { out, written in
                    var n = 0
                    let clear = 256, end = 257
                    var codeSize = 9, maxCode = end
                    var bits: UInt64 = 0, bitCount = 0
                    @inline(__always) func emit(_ code: Int, _ size: Int) {
                        bits |= UInt64(code) << UInt64(bitCount)
                        bitCount += size
                        while bitCount >= 8 { out[n] = UInt8(truncatingIfNeeded: bits); n += 1; bits >>= 8; bitCount -= 8 }
                    }
                    let mask = UInt32(LZWEncoder.slots - 1)
                    table.update(repeating: LZWEncoder.empty)
                    emit(clear, codeSize)
                    guard let firstIndex = input.first else {
                        emit(end, codeSize)
                        if bitCount > 0 { out[n] = UInt8(truncatingIfNeeded: bits); n += 1 }
                        written = n
                        return
                    }
                    var current = UInt32(firstIndex)
                    for k in 1..<input.count {
                        let next = UInt32(input[k])
                        let key = current << 8 | next
                        var slot = Int((key &* 0x9E37_79B1) >> 19 & mask)
                        var found = false
                        while true {
                            let entry = table[slot]
                            if entry == LZWEncoder.empty { break }
                            if entry >> 12 == key { current = entry & 0xFFF; found = true; break }
                            slot = (slot + 1) & Int(mask)
                        }
                        if found { continue }
                        emit(Int(current), codeSize)
                        maxCode += 1
                        table[slot] = key << 12 | UInt32(maxCode)
                        if maxCode >= 1 << codeSize { codeSize += 1 }
                        if maxCode == 4095 {
                            emit(clear, codeSize)
                            table.update(repeating: LZWEncoder.empty)
                            codeSize = 9
                            maxCode = end
                        }
                        current = next
                    }
                    // As gif.h ends: the last code, a clear, and the end code at the starting width. Reading the
                    // last code makes the decoder add its entry, maxCode + 1; if that fills the width, the
                    // decoder reads the clear one bit wider, so write it so.
                    emit(Int(current), codeSize)
                    if maxCode + 1 >= 1 << codeSize, codeSize < 12 { codeSize += 1 }
                    emit(clear, codeSize)
                    emit(end, 9)
                    if bitCount > 0 { out[n] = UInt8(truncatingIfNeeded: bits); n += 1 }
                    written = n
                }
            }
        }
    }
}

extension Array where Element == UInt8 {
    mutating func appendLE16(_ v: Int) { append(UInt8(v & 0xFF)); append(UInt8((v >> 8) & 0xFF)) }
}

extension Optional where Wrapped == [UInt8] {
    /// The buffer's base address, or nil.
    func withUnsafeOptionalBuffer<R>(_ body: (UnsafePointer<UInt8>?) -> R) -> R {
        switch self {
        case .none: return body(nil)
        case .some(let array): return array.withUnsafeBufferPointer { body($0.baseAddress) }
        }
    }
}

/// Reads a GIF's block structure without decoding it: each image's delay, from the graphic
/// control extension before it. Used to check what was written (ffprobe is not needed for GIF).
public enum GIFReader {
    public static func read(_ d: [UInt8]) -> Result<[Double], PNGChunks.Problem> {
        func fail(_ m: String) -> Result<[Double], PNGChunks.Problem> { .failure(PNGChunks.Problem(m)) }
        guard d.count >= 13, d.starts(with: Array("GIF8".utf8)) else { return fail("not a GIF file (no GIF8 header)") }
        let width = Int(d[6]) | Int(d[7]) << 8, height = Int(d[8]) | Int(d[9]) << 8
        var o = 13
        if d[10] & 0x80 != 0 { o += 3 << (Int(d[10] & 7) + 1) }
        var delays: [Double] = []
        var pending = 0
        func skipSubBlocks() -> Bool {
            while o < d.count {
                let n = Int(d[o]); o += 1
                if n == 0 { return true }
                o += n
            }
            return false
        }
        while o < d.count {
            switch d[o] {
            case 0x21:
                guard o + 2 < d.count else { return fail("an extension at byte \(o) is cut short") }
                if d[o + 1] == 0xF9, o + 7 < d.count, d[o + 2] == 4 { pending = Int(d[o + 4]) | Int(d[o + 5]) << 8 }
                o += 2
                guard skipSubBlocks() else { return fail("an extension runs past the end") }
            case 0x2C:
                guard o + 10 < d.count else { return fail("an image descriptor at byte \(o) is cut short") }
                let x = Int(d[o + 1]) | Int(d[o + 2]) << 8, y = Int(d[o + 3]) | Int(d[o + 4]) << 8
                let w = Int(d[o + 5]) | Int(d[o + 6]) << 8, h = Int(d[o + 7]) | Int(d[o + 8]) << 8
                guard w > 0, h > 0, x + w <= width, y + h <= height else {
                    return fail("image \(delays.count) (\(x),\(y) \(w)x\(h)) lies outside the \(width)x\(height) canvas")
                }
                let packed = d[o + 9]
                o += 10
                if packed & 0x80 != 0 { o += 3 << (Int(packed & 7) + 1) }
                o += 1 // LZW minimum code size
                guard skipSubBlocks() else { return fail("image \(delays.count)'s data runs past the end") }
                delays.append(Double(pending) / 100)
                pending = 0
            case 0x3B:
                return delays.isEmpty ? fail("no images") : .success(delays)
            default:
                return fail("byte \(o) is not a GIF block (\(d[o]))")
            }
        }
        return fail("the file ends before its trailer: it was cut short")
    }
}

// The one path fill: a path's inside (or a stroke's polygons) as exact area coverage, by the
// nonzero or the even-odd rule. SF Symbols, shape layers' fills and strokes, and shadow paths all
// come here.
//
// The path is flattened into line segments (`Path.flattened`) and a pixel row's coverage is the
// area of each pixel inside them, computed exactly (the signed-area accumulation of font-rs and
// stb_truetype's second rasterizer): a segment adds its signed area to the cells of the row it
// crosses, a running sum along the row gives the coverage. Two cases per row:
// - simple: the winding number in the row is only 0 and one of +1 or -1 (contours that do not
//   overlap, holes wound the other way, as icons draw them): every segment is accumulated with its
//   own direction and |sum| clamped to 1 is the coverage, whichever the rule.
// - overlapping (a stroke's pieces, a self-crossing star, even-odd rings): the row is cut into
//   bands at the segments' ends and at their crossings, so that within a band the segments keep
//   their left-to-right order; walking them with the winding number finds the inside intervals
//   by the rule, and only their two boundary segments are accumulated (+1 on the left, -1 on the
//   right). This is exact too: no sub-scanline sampling.
// Pixel centres at x + 0.5, y down, as everywhere in Raster.

/// A path ready to be filled a row at a time: its segments sorted by their top, and for each band
/// of 4 pixel rows the segments that cross it (a long stroked curve has thousands, a row crosses a
/// few). `rows` limits the bands to the rows that can be drawn (the canvas's clip); a row outside
/// them looks at every segment.
public final class PathFill: Sendable, Equatable {
    /// What was filled: a path (flattened again when transformed, so curves stay smooth at any
    /// scale) or polygons already flattened (a stroke's pieces).
    public enum Source: Sendable, Equatable {
        case path(Path, tolerance: Double)
        case polygons([[Point]])
    }

    public let source: Source
    public let evenOdd: Bool
    /// The rows the band table covers (the canvas's clip), nil for all.
    let rows: Range<Int>?
    /// The rectangle around every point of the flattened path.
    public var bounds: Rect { table.bounds }

    struct Segment: Sendable {
        /// Ends stored top first (y0 < y1); `dxdy` the inverse slope.
        let x0, y0, x1, y1, dxdy: Double
        /// +1 when the segment runs down as given, -1 up.
        let winding: Double
    }

    /// The flattened path: its segments sorted by their tops, the band table and the bounds.
    struct Table: Sendable {
        var segments: [Segment] = []
        var firstBand = 0
        var bands: [[Int32]] = []
        var bounds = Rect(x: 0, y: 0, width: 0, height: 0)
    }
    /// Made when first needed: a fill only transformed again (a symbol in points on its way to
    /// pixels) is never flattened.
    private let built = Locked<Table?>(nil)
    var table: Table {
        built.withLock { table in
            if let table { return table }
            let made = PathFill.flatten(source, rows: rows)
            table = made
            return made
        }
    }

    static let bandHeight = 4
    /// Fills with at most this many segments have no band table.
    static let unbandedSegments = 256

    /// Deviation allowed between a curve and its line segments, in the path's units, by default.
    public static let flatness = 0.025
    /// Line segments one fill may hold: bounds the work of a path drawn very large.
    public static let maximumSegments = 200_000
    /// Bands one pixel row may be cut into at crossings: bounds the work of a row crossed by very
    /// many overlapping segments (past it the rest of the row keeps its last order).
    static let maximumCrossings = 4096

    /// The inside of `path` (in the units it will be drawn in, device pixels), flattened to within
    /// `tolerance`.
    public init(_ path: Path, evenOdd: Bool = false, tolerance: Double = PathFill.flatness, rows: Range<Int>? = nil) {
        (source, self.evenOdd, self.rows) = (.path(path, tolerance: tolerance), evenOdd, rows)
    }

    /// The union (nonzero) or even-odd fill of closed polygons.
    public init(polygons: [[Point]], evenOdd: Bool = false, rows: Range<Int>? = nil) {
        (source, self.evenOdd, self.rows) = (.polygons(polygons), evenOdd, rows)
    }

    private static func flatten(_ source: Source, rows: Range<Int>?) -> Table {
        let polylines: [[Point]]
        switch source {
        case .path(let path, let tolerance): polylines = path.flattened(tolerance: tolerance).map(\.points)
        case .polygons(let polygons): polylines = polygons
        }
        var t = Table()
        var out: [Segment] = []
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        func add(_ a: Point, _ b: Point) {
            guard out.count < PathFill.maximumSegments, a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite else { return }
            minX = min(minX, a.x, b.x); maxX = max(maxX, a.x, b.x)
            minY = min(minY, a.y, b.y); maxY = max(maxY, a.y, b.y)
            guard a.y != b.y else { return }
            let (p, q, w) = a.y < b.y ? (a, b, 1.0) : (b, a, -1.0)
            out.append(Segment(x0: p.x, y0: p.y, x1: q.x, y1: q.y, dxdy: (q.x - p.x) / (q.y - p.y), winding: w))
        }
        // Every polyline is closed: a line from its last point back to its first.
        for line in polylines where line.count > 1 {
            for i in 1..<line.count { add(line[i - 1], line[i]) }
            add(line[line.count - 1], line[0])
        }
        out.sort { $0.y0 < $1.y0 }
        t.segments = out
        let finite = minX <= maxX
        if finite { t.bounds = Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY) }
        func row(_ v: Double) -> Int { Int(min(max(v, -1e12), 1e12)) }
        let h = PathFill.bandHeight
        func band(_ r: Int) -> Int { r >= 0 ? r / h : -((-r + h - 1) / h) }
        var lo = finite ? row(minY.rounded(.down)) : 0, hi = finite ? row(maxY.rounded(.up)) : 0
        if let rows { lo = max(lo, rows.lowerBound); hi = min(hi, rows.upperBound) }
        // At most 65,536 bands (a quarter million rows); rows past them look at every segment.
        hi = min(hi, lo + h * 65_536)
        // A small fill (an icon) walks its sorted segments from the first; a band table pays off
        // for a long one (a stroked curve).
        guard hi > lo, out.count > PathFill.unbandedSegments else { return t }
        t.firstBand = band(lo)
        var table = [[Int32]](repeating: [], count: band(hi - 1) - t.firstBand + 1)
        for (i, s) in out.enumerated() {
            let b0 = max(band(row(s.y0.rounded(.down))), t.firstBand)
            let b1 = min(band(row(s.y1.rounded(.up)) - 1), t.firstBand + table.count - 1)
            guard b0 <= b1 else { continue }
            for b in b0...b1 { table[b - t.firstBand].append(Int32(i)) }
        }
        t.bands = table
        return t
    }

    public static func == (a: PathFill, b: PathFill) -> Bool { a === b || (a.evenOdd == b.evenOdd && a.source == b.source) }

    /// The fill with every point transformed (any affine transform): a path is flattened again
    /// in the new units.
    public func applying(_ t: Transform, rows: Range<Int>? = nil) -> PathFill {
        switch source {
        case .path(let path, let tolerance): return PathFill(path.applying(t), evenOdd: evenOdd, tolerance: tolerance, rows: rows)
        case .polygons(let polygons): return PathFill(polygons: polygons.map { $0.map(t.apply) }, evenOdd: evenOdd, rows: rows)
        }
    }

    /// Calls `body` with each segment that may cross pixel row `y` (none starting below it), in
    /// the order of their tops.
    @inline(__always)
    private static func forEachSegment(_ t: Table, near y: Int, _ body: (Segment) -> Void) {
        let (segments, bands, firstBand) = (t.segments, t.bands, t.firstBand)
        let h = PathFill.bandHeight
        let b = (y >= 0 ? y / h : -((-y + h - 1) / h)) - firstBand
        if b >= 0, b < bands.count {
            for i in bands[b] { body(segments[Int(i)]) }
        } else {
            let bottom = Double(y + 1)
            for s in segments {
                if s.y0 >= bottom { break }
                body(s)
            }
        }
    }

    /// A segment's part within one pixel row: x relative to the span's first pixel.
    struct Piece {
        var xa, ya, xb, yb: Double
        var winding: Double
        @inline(__always) func x(at y: Double) -> Double { yb == ya ? xa : xa + (y - ya) * ((xb - xa) / (yb - ya)) }
    }

    /// How many segments `forEachSegment(near: y)` may call with.
    private static func candidates(_ t: Table, near y: Int) -> Int {
        let (segments, bands, firstBand) = (t.segments, t.bands, t.firstBand)
        let h = PathFill.bandHeight
        let b = (y >= 0 ? y / h : -((-y + h - 1) / h)) - firstBand
        if b >= 0, b < bands.count { return bands[b].count }
        // Segments are sorted by their tops: those starting above the row's bottom.
        let bottom = Double(y + 1)
        var lo = 0, hi = segments.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if segments[mid].y0 < bottom { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// Writes the coverage of pixels (x0 ..< x0 + count, y) to `out` (units are device pixels).
    /// The work is the row's segments plus `count` cells, whatever the path's width: the part of a
    /// segment left of the span adds its whole signed height to the first cell (every pixel of the
    /// span is right of it), the part right of the span adds nothing.
    func coverage(row y: Int, x0: Int, count: Int, into out: UnsafeMutablePointer<UInt8>) {
        guard count > 0 else { return }
        out.update(repeating: 0, count: count)
        let top = Double(y), bottom = top + 1
        let t = table
        let bounds = t.bounds
        guard bounds.width > 0, top < bounds.maxY, bottom > bounds.minY, Double(x0) < bounds.maxX else { return }
        let capacity = PathFill.candidates(t, near: y)
        guard capacity > 0 else { return }
        withUnsafeTemporaryAllocation(of: Piece.self, capacity: capacity) { buffer in
            var k = 0
            let base = Double(x0)
            PathFill.forEachSegment(t, near: y) { s in
                guard s.y0 < bottom, s.y1 > top, k < capacity else { return }
                let ya = max(s.y0, top), yb = min(s.y1, bottom)
                guard ya < yb else { return }
                buffer[k] = Piece(xa: s.x0 + (ya - s.y0) * s.dxdy - base, ya: ya, xb: s.x0 + (yb - s.y0) * s.dxdy - base, yb: yb, winding: s.winding)
                k += 1
            }
            guard k > 0 else { return }
            let pieces = UnsafeBufferPointer(rebasing: buffer[0..<k])
            let width = count + 2
            let span = Double(count)
            withUnsafeTemporaryAllocation(of: Double.self, capacity: width) { acc in
                acc.initialize(repeating: 0)
                let cells = acc.baseAddress!
                if PathFill.isChained(pieces, top: top, bottom: bottom) || PathFill.isSimple(pieces, top: top, bottom: bottom) {
                    for p in pieces {
                        PathFill.clipAndAccumulate(p.xa, p.ya, p.xb, p.yb, winding: p.winding, span: span, into: cells, width: width)
                    }
                } else {
                    accumulateInside(pieces, top: top, bottom: bottom, span: span, into: cells, width: width)
                }
                var sum = 0.0
                for i in 0..<count {
                    sum += acc[i]
                    let c = min(abs(sum), 1)
                    out[i] = c >= 1 ? 255 : UInt8((c * 255).rounded())
                }
            }
        }
    }

    /// Scratch space for one row's analysis: the y values where pieces start or end (with the
    /// row's top and bottom), and a band's pieces in order with their x at its top and bottom.
    private struct Scratch {
        let ys: UnsafeMutablePointer<Double>
        var breakCount = 0
        let order: UnsafeMutablePointer<Int32>
        let xTop: UnsafeMutablePointer<Double>, xBottom: UnsafeMutablePointer<Double>
    }

    /// Calls `body` with scratch space for `pieces`, the row's breaks sorted and without repeats.
    @inline(__always)
    private static func withScratch<R>(_ pieces: UnsafeBufferPointer<Piece>, top: Double, bottom: Double, _ body: (inout Scratch) -> R) -> R {
        let k = pieces.count
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: 4 * k + 2) { doubles in
            withUnsafeTemporaryAllocation(of: Int32.self, capacity: k) { order in
                let base = doubles.baseAddress!
                var scratch = Scratch(ys: base, order: order.baseAddress!, xTop: base + 2 * k + 2, xBottom: base + 3 * k + 2)
                let ys = scratch.ys
                var n = 0
                func insert(_ v: Double) {
                    // Insertion into the sorted list, skipping repeats (a row has few breaks).
                    var i = n
                    while i > 0 && ys[i - 1] > v { ys[i] = ys[i - 1]; i -= 1 }
                    if i > 0 && ys[i - 1] == v {
                        for j in i..<n { ys[j] = ys[j + 1] }
                        return
                    }
                    ys[i] = v
                    n += 1
                }
                insert(top)
                insert(bottom)
                for p in pieces {
                    if p.ya > top { insert(p.ya) }
                    if p.yb < bottom { insert(p.yb) }
                }
                scratch.breakCount = n
                return body(&scratch)
            }
        }
    }

    /// Puts the pieces spanning [y0, y1] in `s.order`, sorted left to right (by x at y0, then at
    /// y1), with their x at y0 and y1; returns how many.
    @inline(__always)
    private static func order(_ pieces: UnsafeBufferPointer<Piece>, _ y0: Double, _ y1: Double, _ s: Scratch) -> Int {
        var n = 0
        for i in 0..<pieces.count where pieces[i].ya <= y0 && pieces[i].yb >= y1 {
            let a = pieces[i].x(at: y0), b = pieces[i].x(at: y1)
            var j = n
            while j > 0 && (s.xTop[j - 1] > a || (s.xTop[j - 1] == a && s.xBottom[j - 1] > b)) {
                s.order[j] = s.order[j - 1]; s.xTop[j] = s.xTop[j - 1]; s.xBottom[j] = s.xBottom[j - 1]
                j -= 1
            }
            s.order[j] = Int32(i); s.xTop[j] = a; s.xBottom[j] = b
            n += 1
        }
        return n
    }

    /// The quick test most rows pass: the pieces fall into groups apart from each other along x,
    /// each group one chain of pieces running down (or up) through the whole row, so at every
    /// height the same groups are crossed in the same order; then the winding number between them
    /// must be only 0 and +1 or -1, the two signs in different pixels. Rows where a contour turns
    /// back fail it (and take `isSimple`).
    private static func isChained(_ pieces: UnsafeBufferPointer<Piece>, top: Double, bottom: Double) -> Bool {
        let k = pieces.count
        if k == 1 { return pieces[0].ya == top && pieces[0].yb == bottom }
        return withUnsafeTemporaryAllocation(of: (Double, Int32).self, capacity: k) { buffer in
            let sorted = buffer.baseAddress!
            // Insertion sort by the left end (a row has few pieces, mostly in order already).
            for i in 0..<k {
                let key = min(pieces[i].xa, pieces[i].xb)
                var j = i
                while j > 0, sorted[j - 1].0 > key { sorted[j] = sorted[j - 1]; j -= 1 }
                sorted[j] = (key, Int32(i))
            }
            var winding = 0.0, sign = 0.0, closedAt = -Double.infinity
            var i = 0
            while i < k {
                // A group: pieces overlapping along x, which must chain from the row's top to its bottom
                // (each starting where another ends, all one way).
                let first = pieces[Int(sorted[i].1)]
                var right = max(first.xa, first.xb)
                var j = i + 1
                while j < k && sorted[j].0 <= right {
                    let p = pieces[Int(sorted[j].1)]
                    right = max(right, p.xa, p.xb)
                    j += 1
                }
                // The group's pieces, each used once, must chain from the row's top to its bottom,
                // all one way (each starting where the one before ends).
                let w = first.winding
                var y = top, used = 0
                chain: while y < bottom && used < j - i {
                    for m in i..<j where pieces[Int(sorted[m].1)].ya == y {
                        let p = pieces[Int(sorted[m].1)]
                        guard p.winding == w else { return false }
                        y = p.yb
                        used += 1
                        continue chain
                    }
                    break
                }
                guard y == bottom, used == j - i else { return false }
                // Regions wound either way may share a row, not a pixel: there the signed sum of
                // their areas would cancel.
                let left = min(first.xa, first.xb)
                let before = winding
                winding += w
                if abs(winding) > 1 { return false }
                if before == 0 && winding != 0 {
                    if sign != 0 && winding != sign && left.rounded(.down) <= closedAt.rounded(.down) { return false }
                    sign = winding
                }
                if winding == 0 { closedAt = right }
                i = j
            }
            return true
        }
    }

    /// True when no two pieces cross inside the row and the winding number there is only 0 and
    /// one sign: then accumulating every piece with its own winding is the exact coverage.
    private static func isSimple(_ pieces: UnsafeBufferPointer<Piece>, top: Double, bottom: Double) -> Bool {
        if pieces.count == 1 { return true }
        return withScratch(pieces, top: top, bottom: bottom) { s in
            var sign = 0.0
            for b in 1..<s.breakCount {
                let n = order(pieces, s.ys[b - 1], s.ys[b], s)
                var winding = 0.0
                for j in 0..<n {
                    if j > 0 && s.xBottom[j] < s.xBottom[j - 1] { return false }
                    winding += pieces[Int(s.order[j])].winding
                    if winding != 0 {
                        if abs(winding) > 1 || (sign != 0 && winding != sign) { return false }
                        sign = winding
                    }
                }
            }
            return true
        }
    }

    /// Accumulates the inside of overlapping pieces by the fill rule: bands where the pieces keep
    /// their order (cut at their ends and crossings), each inside interval's left piece added and
    /// its right piece subtracted.
    private func accumulateInside(
        _ pieces: UnsafeBufferPointer<Piece>, top: Double, bottom: Double, span: Double, into cells: UnsafeMutablePointer<Double>, width: Int
    ) {
        PathFill.withScratch(pieces, top: top, bottom: bottom) { s in
            var cuts = 0
            for b in 1..<s.breakCount {
                var y0 = s.ys[b - 1]
                let end = s.ys[b]
                while y0 < end {
                    let n = PathFill.order(pieces, y0, end, s)
                    // The first crossing in the band is between two neighbours at its top whose
                    // order is reversed at its bottom; neighbours that cross at the top (within
                    // rounding) are taken in their order below it.
                    var y1 = end
                    if cuts < PathFill.maximumCrossings {
                        var j = 0
                        while j < n - 1 {
                            let a0 = s.xTop[j], a1 = s.xBottom[j], b0 = s.xTop[j + 1], b1 = s.xBottom[j + 1]
                            if a1 > b1 {
                                let yc = y0 + (b0 - a0) / ((a1 - a0) - (b1 - b0)) * (end - y0)
                                if yc <= y0 + 1e-9 {
                                    (s.order[j], s.order[j + 1]) = (s.order[j + 1], s.order[j])
                                    (s.xTop[j], s.xTop[j + 1]) = (s.xTop[j + 1], s.xTop[j])
                                    (s.xBottom[j], s.xBottom[j + 1]) = (s.xBottom[j + 1], s.xBottom[j])
                                    j += 1
                                } else if yc < y1 {
                                    y1 = yc
                                }
                            }
                            j += 1
                        }
                    }
                    if y1 < end {
                        cuts += 1
                        for j in 0..<n { s.xBottom[j] = pieces[Int(s.order[j])].x(at: y1) }
                    }
                    var winding = 0.0
                    for j in 0..<n {
                        let before = evenOdd ? Int(winding) & 1 != 0 : winding != 0
                        winding += pieces[Int(s.order[j])].winding
                        let after = evenOdd ? Int(winding) & 1 != 0 : winding != 0
                        guard before != after else { continue }
                        PathFill.clipAndAccumulate(s.xTop[j], y0, s.xBottom[j], y1, winding: after ? 1 : -1, span: span, into: cells, width: width)
                    }
                    y0 = y1
                }
            }
        }
    }

    /// Splits a row's piece of a segment (x relative to the span's first pixel) where it crosses
    /// x = 0 and x = span, and accumulates each part as the doc comment of `coverage` says.
    @inline(__always)
    private static func clipAndAccumulate(
        _ xa: Double, _ ya: Double, _ xb: Double, _ yb: Double, winding: Double, span: Double,
        into acc: UnsafeMutablePointer<Double>, width: Int
    ) {
        let lo = min(xa, xb), hi = max(xa, xb)
        if hi <= 0 {
            acc[0] += (yb - ya) * winding
            return
        }
        if lo >= span { return }
        if lo >= 0 && hi <= span {
            accumulate(xa, xb, (yb - ya) * winding, into: acc, width: width)
            return
        }
        // It crosses x = 0 or x = span (xa != xb): the part left of 0 adds its height to the
        // first cell, the part inside the span is accumulated, the part right of it is dropped.
        func y(at x: Double) -> Double { ya + (x - xa) / (xb - xa) * (yb - ya) }
        if xa < 0 { acc[0] += (y(at: 0) - ya) * winding } else if xb < 0 { acc[0] += (yb - y(at: 0)) * winding }
        let cxa = min(max(xa, 0), span), cxb = min(max(xb, 0), span)
        let yA = cxa == xa ? ya : y(at: cxa), yB = cxb == xb ? yb : y(at: cxb)
        accumulate(cxa, cxb, (yB - yA) * winding, into: acc, width: width)
    }

    /// Adds the signed area (`d` the signed height) a segment from x `xa` to `xb` within the span
    /// covers in its row to the cells right of it.
    @inline(__always)
    private static func accumulate(_ xa: Double, _ xb: Double, _ d: Double, into acc: UnsafeMutablePointer<Double>, width: Int) {
        let x0 = min(xa, xb), x1 = max(xa, xb)
        let x0floor = x0.rounded(.down), x1ceil = x1.rounded(.up)
        let i0 = max(0, Int(x0floor)), i1 = min(width - 1, Int(x1ceil))
        if i1 <= i0 + 1 {
            // Within one cell: the part right of the segment's mean x in this cell, the rest to the next.
            let xm = 0.5 * (xa + xb) - x0floor
            acc[i0] += d - d * xm
            if i0 + 1 < width { acc[i0 + 1] += d * xm }
            return
        }
        let inv = 1 / (x1 - x0)
        let x0f = x0 - x0floor
        let a0 = 0.5 * inv * (1 - x0f) * (1 - x0f)
        let x1f = x1 - x1ceil + 1
        let am = 0.5 * inv * x1f * x1f
        acc[i0] += d * a0
        if i1 == i0 + 2 {
            acc[i0 + 1] += d * (1 - a0 - am)
        } else {
            let a1 = inv * (1.5 - x0f)
            acc[i0 + 1] += d * (a1 - a0)
            var i = i0 + 2
            while i < i1 - 1 { acc[i] += d * inv; i += 1 }
            let a2 = a1 + Double(i1 - i0 - 3) * inv
            acc[i1 - 1] += d * (1 - a2 - am)
        }
        acc[i1] += d * am
    }
}

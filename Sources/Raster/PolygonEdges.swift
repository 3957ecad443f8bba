/// Polygons (each closed) ready to be filled a row at a time: their non-horizontal edges, and for
/// each band of 4 pixel rows the edges that cross it, so a row looks only at those (a long stroked
/// curve has thousands of edges, a row crosses a few). Made once per fill; `rows` limits the
/// bands to the rows that can be drawn (the canvas's clip), and a row outside them looks at every
/// edge.
public final class PolygonEdges: Sendable, Equatable {
    public let polygons: [[Point]]
    public let evenOdd: Bool
    /// The rectangle holding every point.
    public let bounds: Rect

    struct Edge: Sendable {
        let top: Double, bottom: Double, x: Double, slope: Double
        let winding: Int
    }
    let edges: [Edge]
    static let bandHeight = 4
    let firstBand: Int
    let bands: [[Int32]]

    public init(_ polygons: [[Point]], evenOdd: Bool, rows: Range<Int>? = nil) {
        self.polygons = polygons
        self.evenOdd = evenOdd
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        var edges: [Edge] = []
        for polygon in polygons where polygon.count > 1 {
            for i in polygon.indices {
                let a = polygon[i], b = polygon[(i + 1) % polygon.count]
                minX = min(minX, a.x); minY = min(minY, a.y); maxX = max(maxX, a.x); maxY = max(maxY, a.y)
                guard a.y != b.y, a.y.isFinite, b.y.isFinite, a.x.isFinite, b.x.isFinite else { continue }
                let (p, q, w) = a.y < b.y ? (a, b, 1) : (b, a, -1)
                edges.append(Edge(top: p.y, bottom: q.y, x: p.x, slope: (q.x - p.x) / (q.y - p.y), winding: w))
            }
        }
        let finite = minX <= maxX && minX.isFinite && minY.isFinite && maxX.isFinite && maxY.isFinite
        bounds = finite ? Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY) : Rect(x: 0, y: 0, width: 0, height: 0)
        self.edges = edges
        func row(_ v: Double) -> Int { Int(min(max(v, -1e12), 1e12)) }
        let h = PolygonEdges.bandHeight
        func band(_ r: Int) -> Int { r >= 0 ? r / h : -((-r + h - 1) / h) }
        var lo = finite ? row(minY.rounded(.down)) : 0, hi = finite ? row(maxY.rounded(.up)) : 0
        if let rows { lo = max(lo, rows.lowerBound); hi = min(hi, rows.upperBound) }
        // At most 65,536 bands (a quarter million rows); rows past them look at every edge.
        hi = min(hi, lo + h * 65_536)
        guard hi > lo, !edges.isEmpty else { firstBand = 0; bands = []; return }
        firstBand = band(lo)
        var table = [[Int32]](repeating: [], count: band(hi - 1) - firstBand + 1)
        for (i, e) in edges.enumerated() {
            let b0 = max(band(row(e.top.rounded(.down))), firstBand)
            let b1 = min(band(row(e.bottom.rounded(.up)) - 1), firstBand + table.count - 1)
            guard b0 <= b1 else { continue }
            for b in b0...b1 { table[b - firstBand].append(Int32(i)) }
        }
        bands = table
    }

    public static func == (a: PolygonEdges, b: PolygonEdges) -> Bool { a === b || (a.evenOdd == b.evenOdd && a.polygons == b.polygons) }

    /// Calls `body` with each edge that may cross pixel row `y`.
    @inline(__always)
    func forEachEdge(near y: Int, _ body: (Edge) -> Void) {
        let h = PolygonEdges.bandHeight
        let b = (y >= 0 ? y / h : -((-y + h - 1) / h)) - firstBand
        if b >= 0, b < bands.count {
            for i in bands[b] { body(edges[Int(i)]) }
        } else {
            for e in edges { body(e) }
        }
    }
}

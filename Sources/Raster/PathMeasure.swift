// Parts of a path by length: CAShapeLayer's `strokeStart` / `strokeEnd` trimming and its
// `lineDashPattern`. The path is flattened (curves within `tolerance`) and measured along its
// polylines, a closed subpath including its closing line; the parts are open polylines for the
// Stroker, each dash or trimmed piece capped at both ends as Core Graphics caps them.

extension Path {
    /// One subpath flattened, with the length from its start to each point.
    struct Measured {
        var points: [Point]
        var lengths: [Double]
        var closed: Bool
        var length: Double { lengths.last ?? 0 }
    }

    func measured(tolerance: Double) -> [Measured] {
        flattened(tolerance: tolerance).map { line in
            var points = line.points
            if line.closed, let first = points.first, points.last != first { points.append(first) }
            var lengths = [0.0]
            lengths.reserveCapacity(points.count)
            for i in 1..<max(points.count, 1) {
                let dx = points[i].x - points[i - 1].x, dy = points[i].y - points[i - 1].y
                lengths.append(lengths[i - 1] + (dx * dx + dy * dy).squareRoot())
            }
            return Measured(points: points, lengths: lengths, closed: line.closed)
        }
    }

    /// The points of `m` between lengths `a` and `b` (a < b), as one open polyline.
    static func slice(_ m: Measured, from a: Double, to b: Double) -> [Point] {
        func point(at s: Double, segment i: Int) -> Point {
            let l0 = m.lengths[i - 1], l1 = m.lengths[i]
            let t = l1 > l0 ? (s - l0) / (l1 - l0) : 0
            let p = m.points[i - 1], q = m.points[i]
            return Point(p.x + (q.x - p.x) * t, p.y + (q.y - p.y) * t)
        }
        var out: [Point] = []
        var i = 1
        while i < m.points.count && m.lengths[i] < a { i += 1 }
        guard i < m.points.count else { return [] }
        out.append(point(at: a, segment: i))
        while i < m.points.count && m.lengths[i] < b {
            out.append(m.points[i])
            i += 1
        }
        out.append(point(at: min(b, m.length), segment: min(i, m.points.count - 1)))
        return out
    }

    private static func polyline(_ points: [Point], closed: Bool = false) -> Path {
        var p = Path()
        guard let first = points.first else { return p }
        p.move(to: first)
        for q in points.dropFirst() { p.addLine(to: q) }
        if closed { p.closeSubpath() }
        return p
    }

    /// The part of the path between fractions `start` and `end` (0...1) of its whole length, as
    /// CAShapeLayer's strokeStart / strokeEnd trim the stroke. A closed subpath kept whole stays
    /// closed; a cut one is open.
    public func trimmed(start: Double, end: Double, tolerance: Double) -> Path {
        let s = min(max(start.isFinite ? start : 0, 0), 1), e = min(max(end.isFinite ? end : 1, 0), 1)
        let parts = measured(tolerance: tolerance)
        let total = parts.reduce(0) { $0 + $1.length }
        guard e > s, total > 0 else { return Path() }
        let a = s * total, b = e * total
        var out = Path()
        var offset = 0.0
        for m in parts {
            defer { offset += m.length }
            let lo = max(a - offset, 0), hi = min(b - offset, m.length)
            guard hi > lo else { continue }
            if lo <= 0 && hi >= m.length {
                out.addPath(Path.polyline(m.closed ? Array(m.points.dropLast()) : m.points, closed: m.closed))
            } else {
                out.addPath(Path.polyline(Path.slice(m, from: lo, to: hi)))
            }
        }
        return out
    }

    /// Dashes at most drawn for one path (bounds the work of a tiny pattern on a long path).
    public static let maximumDashes = 100_000

    /// The dashes of `pattern` (lengths, alternately drawn and skipped) starting `phase` into it,
    /// restarted on each subpath, as Core Graphics dashes a stroke. A pattern that sums to nothing
    /// draws the path whole.
    public func dashed(_ pattern: [Double], phase: Double, tolerance: Double) -> Path {
        let lengths = pattern.map { $0.isFinite ? max($0, 0) : 0 }
        let period = lengths.reduce(0, +) * (lengths.count % 2 == 1 ? 2 : 1)
        guard period > 0, !lengths.isEmpty else { return self }
        // An odd count repeats the pattern once more so drawn and skipped lengths alternate.
        let cycle = lengths.count % 2 == 1 ? lengths + lengths : lengths
        var out = Path()
        var dashes = 0
        for m in measured(tolerance: tolerance) {
            var start = phase.isFinite ? phase.truncatingRemainder(dividingBy: period) : 0
            if start < 0 { start += period }
            // Walk from the pattern's start at -start along the subpath.
            var position = -start, index = 0
            while position < m.length && dashes < Path.maximumDashes {
                let next = position + cycle[index]
                if index % 2 == 0 {
                    let a = max(position, 0), b = min(next, m.length)
                    if b > a || (b == a && cycle[index] == 0 && a >= 0) {
                        out.addPath(Path.polyline(Path.slice(m, from: a, to: b)))
                        dashes += 1
                    }
                }
                position = next
                index = (index + 1) % cycle.count
            }
        }
        return out
    }
}

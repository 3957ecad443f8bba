/// The size-specific tracking UIKit gives the system font (SF Pro): `UIFont.systemFont(ofSize:)`
/// and the text-style fonts track tighter or looser by point size, on their own, with no `.kern`
/// attribute. A renderer that sets text in SF Pro files (which do not ship with this package)
/// adds this to every glyph's advance to match.
///
/// Source: Apple Human Interface Guidelines, "Typography" → "Specifications" → "Tracking values"
/// → iOS, iPadOS → SF Pro (https://developer.apple.com/design/human-interface-guidelines/typography),
/// as of the iOS 17/18 guidelines: point size → tracking in 1/1000 em and in points. The sizes
/// are whole points from 6 to 96, with gaps above 54 (56, 58, ... 72, 76, 80, 84, 88, 92, 96).
/// docs/text.md reprints the table.
///
/// The points column is used as printed. It is not always the em column times the size (17 pt:
/// −26/1000 em × 17 = −0.442, printed −0.43; 52 pt: +0.33 and 53 pt: +0.31, both +6/1000 em);
/// each column is rounded on its own, and the points column is the finer one above 10 pt.
public enum SystemFontTracking {
    /// One row of the HIG table.
    public struct Row: Sendable, Equatable {
        /// Font size in points.
        public let pointSize: Double
        /// Tracking in 1/1000 em, as the HIG prints it (rounded to whole units).
        public let thousandthsOfEm: Double
        /// Tracking in points, as the HIG prints it (two decimals).
        public let points: Double
    }

    /// The tracking in points UIKit applies to SF Pro at `pointSize` (negative tightens): the
    /// table's value at a listed size; linear interpolation between the two neighbouring rows for
    /// a size between them (fractional sizes, and the gaps above 54 pt); clamped to the first row
    /// (+0.24 at 6 pt) below 6 pt and to the last (0 at 96 pt) above 96 pt.
    ///
    /// Why: the table is sampled from the font's `trak` table, whose entries Core Text
    /// interpolates between sizes; Apple's TrueType reference (RM06, 'trak') says sizes outside
    /// the table are extrapolated, but the HIG gives nothing outside 6...96 pt, and the ends are
    /// flat enough (0 from 80 pt up) that clamping is the conservative choice. A non-finite or
    /// non-positive size gives 0.
    public static func tracking(pointSize: Double) -> Double {
        guard pointSize.isFinite, pointSize > 0 else { return 0 }
        let first = rows[0], last = rows[rows.count - 1]
        if pointSize <= first.pointSize { return first.points }
        if pointSize >= last.pointSize { return last.points }
        // First row at or above the size; rows are sorted by size.
        var upper = 1
        while rows[upper].pointSize < pointSize { upper += 1 }
        let a = rows[upper - 1], b = rows[upper]
        if b.pointSize == pointSize { return b.points }
        let t = (pointSize - a.pointSize) / (b.pointSize - a.pointSize)
        return a.points + (b.points - a.points) * t
    }

    /// The HIG's iOS/iPadOS SF Pro table, sorted by size: (size, 1/1000 em, points).
    public static let rows: [Row] = table.map { Row(pointSize: $0.0, thousandthsOfEm: $0.1, points: $0.2) }

    private static let table: [(Double, Double, Double)] = [
        (6, 41, 0.24), (7, 34, 0.23), (8, 26, 0.21), (9, 19, 0.17), (10, 12, 0.12), (11, 6, 0.06),
        (12, 0, 0.0), (13, -6, -0.08), (14, -11, -0.15), (15, -16, -0.23), (16, -20, -0.31),
        (17, -26, -0.43), (18, -25, -0.44), (19, -24, -0.45), (20, -23, -0.45), (21, -18, -0.36),
        (22, -12, -0.26), (23, -4, -0.10), (24, 3, 0.07), (25, 6, 0.15), (26, 8, 0.22), (27, 11, 0.29),
        (28, 14, 0.38), (29, 14, 0.40), (30, 14, 0.40), (31, 13, 0.39), (32, 13, 0.41), (33, 12, 0.40),
        (34, 12, 0.40), (35, 11, 0.38), (36, 10, 0.37), (37, 10, 0.36), (38, 10, 0.37), (39, 10, 0.38),
        (40, 10, 0.37), (41, 9, 0.36), (42, 9, 0.37), (43, 9, 0.38), (44, 8, 0.37), (45, 8, 0.35),
        (46, 8, 0.36), (47, 8, 0.37), (48, 8, 0.35), (49, 7, 0.33), (50, 7, 0.34), (51, 7, 0.35),
        (52, 6, 0.33), (53, 6, 0.31), (54, 6, 0.32), (56, 6, 0.30), (58, 5, 0.28), (60, 4, 0.26),
        (62, 4, 0.24), (64, 4, 0.22), (66, 3, 0.19), (68, 2, 0.17), (70, 2, 0.14), (72, 2, 0.14),
        (76, 1, 0.07), (80, 0, 0), (84, 0, 0), (88, 0, 0), (92, 0, 0), (96, 0, 0),
    ]
}

import Raster

/// `stack:` on a group layer: its children placed one after another as UIStackView places its
/// arranged subviews (the rules the UIKit module's UIStackView gets from its constraints, for the
/// three distributions the layer language has). Children that are hidden (`hidden` not 0 at that frame) collapse: they take no
/// room and no spacing, as UIStackView treats `isHidden` (opacity does not collapse). The stack
/// sets its children's x and y; their width and height are their own (a number, a formula, `fit`
/// or the stack's), but for what `alignment: fill` and `distribution: fillEqually` set.
///
/// Works along the axis ("length") and across it ("breadth"), inside the padding:
/// - `fill`: the lengths as they are; space left over goes to the last visible child, space
///   missing is taken from it (UIKit's ties of hugging and compression resistance);
/// - `fillEqually`: every child (length - spacings) / count; with a fitted length, as long as
///   the longest child (UIKit's equal-length constraints against the children's own sizes);
/// - `equalSpacing`: the lengths as they are, the gaps equal (at least `spacing`; when the
///   children do not fit, as `fill`).
/// Across: `fill` gives each child the breadth (a fitted breadth is the broadest child's own);
/// `leading`, `center`, `trailing` keep each child's own and place it (leading is the left or the
/// top edge).
public struct LayerStack: Sendable, Equatable {
    public enum Axis: String, CaseIterable, Sendable { case vertical, horizontal }
    public enum Alignment: String, CaseIterable, Sendable { case fill, leading, center, trailing }
    public enum Distribution: String, CaseIterable, Sendable { case fill, fillEqually, equalSpacing }

    public var axis: Axis
    /// Points between neighbours (may be negative: they overlap, as in UIStackView).
    public var spacing = 0.0
    public var alignment = Alignment.fill
    public var distribution = Distribution.fill
    /// The room kept inside the group's edges (`padding:`; UIStackView's layout margins with
    /// `isLayoutMarginsRelativeArrangement`), in points.
    public var padding = Padding()

    public struct Padding: Sendable, Equatable {
        public var top = 0.0, left = 0.0, bottom = 0.0, right = 0.0
        public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
            self.top = top; self.left = left; self.bottom = bottom; self.right = right
        }
    }

    public init(axis: Axis) { self.axis = axis }

    /// One visible child's size along the axis and across it.
    struct Item {
        var length: Double
        var breadth: Double
    }

    /// Where each item goes, as (along start, length, across start, breadth) from the padding's
    /// corner, and the room they take (length and breadth, padding not counted). `length` and
    /// `breadth` are the room inside the padding; nil: fitted to the items.
    func arrange(
        _ items: [Item], length: Double?, breadth: Double?
    ) -> (
        frames: [(along: Double, length: Double, across: Double, breadth: Double)], length: Double, breadth: Double
    ) {
        let n = items.count
        guard n > 0 else { return ([], length ?? 0, breadth ?? 0) }
        let gapsTotal = spacing * Double(n - 1)
        var lengths = items.map { max(0, $0.length) }
        if distribution == .fillEqually, length == nil {
            let longest = lengths.max() ?? 0
            lengths = Array(repeating: longest, count: n)
        }
        let natural = lengths.reduce(0, +) + gapsTotal
        let total = length ?? natural
        var gap = spacing
        func fill() { lengths[n - 1] = max(0, lengths[n - 1] + total - natural) }
        switch distribution {
        case .fill:
            fill()
        case .fillEqually:
            lengths = Array(repeating: max(0, (total - gapsTotal) / Double(n)), count: n)
        case .equalSpacing:
            let free = total - lengths.reduce(0, +)
            if n > 1, free / Double(n - 1) >= spacing { gap = free / Double(n - 1) } else { fill() }
        }
        let across = breadth ?? items.map { max(0, $0.breadth) }.max()!
        var frames: [(along: Double, length: Double, across: Double, breadth: Double)] = []
        var position = 0.0
        for i in 0..<n {
            let b = alignment == .fill ? across : max(0, items[i].breadth)
            let start: Double
            switch alignment {
            case .fill, .leading: start = 0
            case .center: start = (across - b) / 2
            case .trailing: start = across - b
            }
            frames.append((position, lengths[i], start, b))
            position += lengths[i] + (i < n - 1 ? gap : 0)
        }
        return (frames, total, across)
    }
}

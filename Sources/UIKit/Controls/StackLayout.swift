import Foundation

/// UIStackView's arrangement as a pure function of its arranged views' sizes, in one place so
/// that Auto Layout (issue 31) can replace it with constraints. Works along the stack's axis
/// ("length") and across it ("breadth"); a vertical stack is a horizontal one with x and y swapped.
///
/// Along the axis, with the visible views' lengths (their intrinsic size, else their current
/// size) and the spacings between them:
/// - `fill`: the lengths as they are; space left over goes to the last of the views that hug
///   their content least (UIKit's default hugging priority is 250, a switch's or an activity
///   indicator's 750), space missing is taken from the last view (compression resistance ties).
/// - `fillEqually`: every view (space - spacings) / count.
/// - `fillProportionally`: the space after spacings shared in proportion to the lengths.
/// - `equalSpacing`: the lengths as they are, the gaps equal (at least `spacing`; when the views
///   do not fit, as `fill`).
/// - `equalCentering`: the first view at the start, the last at the end, the centres equally
///   apart (when that would bring two views nearer than `spacing`, as `equalSpacing`).
/// Across the axis: `fill` stretches each view to the breadth; `leading`/`top`, `center`,
/// `trailing`/`bottom` keep its breadth (intrinsic, else current) and place it; first and last
/// baseline are placed as `center` (said once by the stack view).
struct StackLayout {
    enum Distribution { case fill, fillEqually, fillProportionally, equalSpacing, equalCentering }
    enum Alignment { case fill, leading, center, trailing }

    struct Item {
        /// Along the axis and across it.
        var length: CGFloat
        var breadth: CGFloat
        /// The spacing after this view (the stack's, or its custom spacing).
        var spacingAfter: CGFloat
        /// The content hugging priority along the axis.
        var hugging: Float = 250
    }

    var distribution: Distribution
    var alignment: Alignment

    /// The frames of `items` (the visible arranged views, in order) in `area` (the stack's bounds,
    /// inset by its margins when it lays out relative to them), as (along start, along length,
    /// across start, across breadth) in the stack's axis.
    func frames(_ items: [Item], length total: CGFloat, breadth: CGFloat) -> [(CGFloat, CGFloat, CGFloat, CGFloat)] {
        guard !items.isEmpty else { return [] }
        let n = items.count
        let spacings = items.dropLast().map(\.spacingAfter)
        let spacingTotal = spacings.reduce(0, +)
        var lengths = items.map { max(0, $0.length) }
        var gaps = spacings
        let natural = lengths.reduce(0, +) + spacingTotal
        func fill() {
            let least = items.map(\.hugging).min() ?? 250
            let grows = total > natural ? (items.lastIndex { $0.hugging == least } ?? n - 1) : n - 1
            lengths[grows] = max(0, lengths[grows] + total - natural)
        }
        func equalSpacing() {
            let free = total - lengths.reduce(0, +)
            if n == 1 { fill(); return }
            if free / CGFloat(n - 1) >= (spacings.max() ?? 0) {
                gaps = Array(repeating: free / CGFloat(n - 1), count: n - 1)
            } else {
                fill()
            }
        }
        switch distribution {
        case .fill:
            fill()
        case .fillEqually:
            lengths = Array(repeating: max(0, (total - spacingTotal) / CGFloat(n)), count: n)
        case .fillProportionally:
            let sum = lengths.reduce(0, +)
            let space = max(0, total - spacingTotal)
            lengths = sum > 0 ? lengths.map { $0 / sum * space } : Array(repeating: space / CGFloat(n), count: n)
        case .equalSpacing:
            equalSpacing()
        case .equalCentering:
            guard n > 1 else { fill(); break }
            let first = lengths[0] / 2, last = total - lengths[n - 1] / 2
            let step = (last - first) / CGFloat(n - 1)
            var proposed: [CGFloat] = []
            for i in 0..<(n - 1) { proposed.append(step - lengths[i] / 2 - lengths[i + 1] / 2) }
            if zip(proposed, spacings).allSatisfy({ $0 >= $1 - 1e-9 }) { gaps = proposed } else { equalSpacing() }
        }
        var result: [(CGFloat, CGFloat, CGFloat, CGFloat)] = []
        var position: CGFloat = 0
        for i in 0..<n {
            let b = alignment == .fill ? breadth : items[i].breadth
            let across: CGFloat
            switch alignment {
            case .fill, .leading: across = 0
            case .center: across = (breadth - b) / 2
            case .trailing: across = breadth - b
            }
            result.append((position, lengths[i], across, b))
            position += lengths[i] + (i < n - 1 ? gaps[i] : 0)
        }
        return result
    }
}

import Foundation

/// A flow layout's geometry and its self-sizing: the sections and their lines as laid out, the
/// length across the lines a self-sized item gets, and measured cells moved in place.
extension UICollectionViewFlowLayout {
    /// One section's attributes and its extent along the scroll axis (header to footer, and the
    /// part a pinned header or footer stays within).
    struct Section {
        var header: UICollectionViewLayoutAttributes?
        var items: [UICollectionViewLayoutAttributes] = []
        var footer: UICollectionViewLayoutAttributes?
        var start: CGFloat = 0, end: CGFloat = 0
        var bodyStart: CGFloat = 0, bodyEnd: CGFloat = 0
        /// The length across the lines its items have (less the insets).
        var available: CGFloat = 0
        /// Its lines: the first item of each, and where each starts and ends along the scroll
        /// axis (both increasing: the items meeting a rect are found by binary search).
        var lineFirstItems: [Int] = [], lineStarts: [CGFloat] = [], lineEnds: [CGFloat] = []
        /// Moves along the scroll axis since the last full layout (cells measured in place), not
        /// in the stored frames: `offset` moves the whole section (lines grown in sections before
        /// it), `lineShifts` its lines after a line that grew, `innerShift` its end and footer.
        var offset: CGFloat = 0, innerShift: CGFloat = 0
        var lineShifts = LineShifts()

        /// How far line `line` and its items are from their stored place.
        func shift(ofLine line: Int) -> CGFloat { offset + lineShifts.at(line) }

        /// The line holding item `item`.
        func line(ofItem item: Int) -> Int {
            var lo = 0, hi = lineFirstItems.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if lineFirstItems[mid] <= item { lo = mid + 1 } else { hi = mid }
            }
            return max(0, lo - 1)
        }
    }

    /// An item's length across the lines: a self-sized one longer than the lines is drawn as
    /// long as they are (UIKit says it is undefined, as here).
    func fitAcross(_ across: CGFloat, _ available: CGFloat, _ path: IndexPath) -> CGFloat {
        guard estimatesItemSizes, across > available + 0.0001 else { return across }
        Diagnostics.once(
            "flow item too wide \(ObjectIdentifier(self))",
            "The behavior of the UICollectionViewFlowLayout is not defined because: the item \(vertical ? "width" : "height") must be "
                + "less than the \(vertical ? "width" : "height") of the UICollectionView minus the section insets "
                + "\(vertical ? "left and right" : "top and bottom") values, minus the content insets "
                + "\(vertical ? "left and right" : "top and bottom") values (item \(path) is \(across) pt, the lines \(available) pt); "
                + "it is drawn \(available) pt")
        return max(0, available)
    }

    func forgetMeasuredSizes() {
        measuredSizes = [:]
        askedItems = []
    }

    /// Gives the `items` their measured sizes where they are: each one's line takes the new
    /// depth (its items centred in it again) and the lines, sections and content after it move
    /// by the change, kept as shifts (a Fenwick tree of the section's lines), so a measured cell
    /// costs the log of the items, not the items. False, having changed nothing that a full
    /// layout does not redo, when it cannot: the collection view's counts or width changed, or
    /// an item's length across the lines did (its line may take other items).
    func resizeInPlace(_ items: [IndexPath]) -> Bool {
        guard let cv = collectionView, estimatesItemSizes, cv.numberOfSections == sections.count else { return false }
        let adjusted = cv.adjustedContentInset
        let crossLength = vertical ? cv.bounds.width - adjusted.left - adjusted.right : cv.bounds.height - adjusted.top - adjusted.bottom
        guard crossLength == measuredAcross, sections.indices.allSatisfy({ cv.numberOfItems(inSection: $0) == sections[$0].items.count }) else {
            return false
        }
        for path in items {
            guard path.count == 2, sections.indices.contains(path.section), let size = measuredSizes[path] else { return false }
            let s = path.section
            guard sections[s].items.indices.contains(path.item) else { return false }
            let a = sections[s].items[path.item]
            let across = fitAcross(vertical ? size.width : size.height, sections[s].available, path)
            guard abs(across - (vertical ? a.size.width : a.size.height)) < 0.0001 else { return false }
            let line = sections[s].line(ofItem: path.item)
            let start = sections[s].lineStarts[line]
            let first = sections[s].lineFirstItems[line]
            let end = line + 1 < sections[s].lineFirstItems.count ? sections[s].lineFirstItems[line + 1] : sections[s].items.count
            a.size = vertical ? CGSize(width: across, height: size.height) : CGSize(width: size.width, height: across)
            var depth: CGFloat = 0
            for item in sections[s].items[first..<end] { depth = max(depth, vertical ? item.size.height : item.size.width) }
            for item in sections[s].items[first..<end] {
                let f = item.frame
                let main = start + (depth - (vertical ? f.height : f.width)) / 2
                item.frame =
                    vertical
                    ? CGRect(x: f.minX, y: main, width: f.width, height: f.height) : CGRect(x: main, y: f.minY, width: f.width, height: f.height)
            }
            let change = depth - (sections[s].lineEnds[line] - start)
            sections[s].lineEnds[line] = start + depth
            guard change != 0 else { continue }
            sections[s].lineShifts.add(change, from: line + 1, lines: sections[s].lineStarts.count)
            sections[s].innerShift += change
            for later in (s + 1)..<sections.count { sections[later].offset += change }
            if vertical { contentSize.height += change } else { contentSize.width += change }
        }
        return true
    }
}

/// Shifts added to every line from a given one on (a Fenwick tree over the lines): adding and
/// reading a line's total are each the log of the lines.
struct LineShifts {
    private var tree: [CGFloat] = []

    /// Adds `shift` to lines `from` and after, of `lines` lines.
    mutating func add(_ shift: CGFloat, from line: Int, lines: Int) {
        guard line < lines else { return }
        if tree.count != lines + 1 { tree = [CGFloat](repeating: 0, count: lines + 1) }
        var i = line + 1
        while i <= lines {
            tree[i] += shift
            i += i & -i
        }
    }

    /// The total shift of line `line`.
    func at(_ line: Int) -> CGFloat {
        guard !tree.isEmpty else { return 0 }
        var total: CGFloat = 0
        var i = min(line + 1, tree.count - 1)
        while i > 0 {
            total += tree[i]
            i -= i & -i
        }
        return total
    }
}

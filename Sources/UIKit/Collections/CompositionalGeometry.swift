import Foundation

/// One placing of a compositional layout's sections (the rules are listed on
/// `UICollectionViewCompositionalLayout`). It works as if the layout scrolled vertically: a
/// horizontal layout is placed transposed (x and y, widths and heights, top and leading swapped,
/// horizontal groups vertical) and turned back at the end, which is what a horizontal layout is.
@MainActor struct Geometry {
    typealias Placed = UICollectionViewCompositionalLayout.Placed
    typealias Boundary = (item: NSCollectionLayoutBoundarySupplementaryItem, attributes: UICollectionViewLayoutAttributes)

    let layout: UICollectionViewCompositionalLayout
    let collectionView: UICollectionView
    /// Transposed: the layout scrolls horizontally.
    let t: Bool
    let environment: LayoutContainer
    let measured: [IndexPath: CGSize]
    private var counts: [Int]

    init(layout: UICollectionViewCompositionalLayout, collectionView cv: UICollectionView, measured: [IndexPath: CGSize]) {
        self.layout = layout
        collectionView = cv
        self.measured = measured
        t = layout.configuration.scrollDirection == .horizontal
        let insets: NSDirectionalEdgeInsets
        switch layout.configuration.contentInsetsReference {
        case .none: insets = .zero
        case .layoutMargins:
            let m = cv.directionalLayoutMargins
            insets = t ? NSDirectionalEdgeInsets(top: m.top, leading: 0, bottom: m.bottom, trailing: 0) : NSDirectionalEdgeInsets(top: 0, leading: m.leading, bottom: 0, trailing: m.trailing)
        case .automatic, .safeArea:
            let s = cv.safeAreaInsets
            insets = t ? NSDirectionalEdgeInsets(top: s.top, leading: 0, bottom: s.bottom, trailing: 0) : NSDirectionalEdgeInsets(top: 0, leading: s.left, bottom: 0, trailing: s.right)
        }
        environment = LayoutContainer(contentSize: cv.bounds.size, contentInsets: insets, traitCollection: cv.traitCollection)
        counts = (0..<cv.numberOfSections).map { cv.numberOfItems(inSection: $0) }
    }

    struct Result {
        var sections: [Placed] = []
        var global: [Boundary] = []
        var contentSize = CGSize.zero
        var estimated: [IndexPath: (Bool, Bool)] = [:]
    }

    // MARK: Transposing

    private func sw(_ s: CGSize) -> CGSize { t ? CGSize(width: s.height, height: s.width) : s }
    private func sw(_ r: CGRect) -> CGRect { t ? CGRect(x: r.minY, y: r.minX, width: r.height, height: r.width) : r }
    /// Insets in the placing's terms: top/bottom along the scroll axis, leading/trailing across.
    private func sw(_ i: NSDirectionalEdgeInsets) -> NSDirectionalEdgeInsets {
        t ? NSDirectionalEdgeInsets(top: i.leading, leading: i.top, bottom: i.trailing, trailing: i.bottom) : i
    }
    /// A size in the placing's terms, in a container given in them.
    private func resolve(_ size: NSCollectionLayoutSize, in container: CGSize) -> CGSize { sw(size.resolved(in: sw(container))) }
    /// Which of the placing's lengths (width, height) are estimated.
    private func estimated(_ size: NSCollectionLayoutSize) -> (Bool, Bool) {
        t ? (size.heightDimension.isEstimated, size.widthDimension.isEstimated) : (size.widthDimension.isEstimated, size.heightDimension.isEstimated)
    }
    /// Whether a group lays its items along the placing's x.
    private func acrossX(_ group: NSCollectionLayoutGroup) -> Bool { (group.axis == .horizontal) != t }

    // MARK: Placing

    func place() -> Result {
        var result = Result()
        let container = sw(environment.contentSize)
        let ci = sw(environment.contentInsets)
        let crossLength = container.width - ci.leading - ci.trailing
        var cursor: CGFloat = 0
        let configuration = layout.configuration
        for item in configuration.boundarySupplementaryItems where item.leads {
            result.global.append(boundary(item, IndexPath(index: 0), at: &cursor, x: ci.leading, width: crossLength, alongContainer: container.height))
        }
        for s in counts.indices {
            if s > 0 { cursor += configuration.interSectionSpacing }
            let section: NSCollectionLayoutSection
            if let fixed = layout.fixedSectionForPlacing {
                section = fixed
            } else if let made = layout.sectionProviderForPlacing?(s, environment) {
                section = made
            } else {
                Diagnostics.once(
                    "compositional nil section \(s)",
                    "error: UICollectionViewCompositionalLayout: the section provider gave nil for section \(s), which has "
                        + "\(counts[s]) items; iOS stops the app here; the section is left empty (return a section for every section)")
                let none = NSCollectionLayoutSize(widthDimension: .absolute(0), heightDimension: .absolute(0))
                let empty = NSCollectionLayoutSection(group: .horizontal(layoutSize: none, subitems: [NSCollectionLayoutItem(layoutSize: none)]))
                result.sections.append(Placed(section: empty, start: cursor, end: cursor))
                continue
            }
            let placed = place(section, s, at: &cursor, container: container, ci: ci, result: &result)
            result.sections.append(placed)
        }
        for item in configuration.boundarySupplementaryItems where !item.leads {
            result.global.append(boundary(item, IndexPath(index: 0), at: &cursor, x: ci.leading, width: crossLength, alongContainer: container.height))
        }
        result.contentSize = sw(CGSize(width: container.width, height: cursor))
        return result
    }

    /// A boundary item placed at `cursor` (moved past it when it extends the boundary), `x`
    /// across and `width` wide (the placing's terms).
    private func boundary(
        _ item: NSCollectionLayoutBoundarySupplementaryItem, _ indexPath: IndexPath, at cursor: inout CGFloat, x: CGFloat, width: CGFloat,
        alongContainer: CGFloat
    ) -> Boundary {
        let size = resolve(item.layoutSize, in: CGSize(width: width, height: alongContainer))
        let a = layout.makeAttributes(indexPath, kind: item.elementKind)
        var y = cursor
        if !item.extendsBoundary, !item.leads { y -= size.height }
        let real = sw(CGRect(x: x, y: y, width: size.width, height: size.height))
        a.frame = real.offsetBy(dx: item.offset.x, dy: item.offset.y)
        a.zIndex = item.zIndex
        if item.extendsBoundary { cursor += size.height }
        return (item, a)
    }

    private func place(
        _ section: NSCollectionLayoutSection, _ s: Int, at cursor: inout CGFloat, container: CGSize, ci: NSDirectionalEdgeInsets, result: inout Result
    ) -> Placed {
        var p = Placed(section: section)
        p.start = cursor
        let ins = sw(section.contentInsets)
        let crossLength = container.width - ci.leading - ci.trailing
        let contentWidth = max(0, crossLength - ins.leading - ins.trailing)
        let follow = section.supplementariesFollowContentInsets
        let headerX = ci.leading + (follow ? ins.leading : 0), headerWidth = follow ? contentWidth : crossLength
        for item in section.boundarySupplementaryItems where item.leads {
            p.boundary.append(
                boundary(item, IndexPath(item: 0, section: s), at: &cursor, x: headerX, width: headerWidth, alongContainer: container.height))
        }
        cursor += ins.top
        let groupContainer = CGSize(width: contentWidth, height: max(0, container.height - ins.top - ins.bottom))
        let count = counts[s]
        var leaves: [Leaf] = []
        if section.orthogonalScrollingBehavior != .none {
            let centered = section.orthogonalScrollingBehavior == .groupPagingCentered
            var x = ci.leading + ins.leading
            var depth: CGFloat = 0
            var stops: [CGFloat] = []
            var used = 0
            var lastWidth: CGFloat = 0
            while used < count {
                let size = self.size(of: section.group, in: groupContainer, next: used, section: s, count: count)
                if stops.isEmpty, centered { x += (contentWidth - size.width) / 2 }
                if !stops.isEmpty { x += section.interGroupSpacing }
                let took = layOut(section.group, in: CGRect(x: x, y: cursor, width: size.width, height: size.height), first: used, section: s, count: count, into: &leaves).taken
                stops.append(centered ? x + size.width / 2 - container.width / 2 : x - ci.leading - ins.leading)
                x += size.width
                depth = max(depth, size.height)
                lastWidth = size.width
                guard took > 0 else { break }
                used += took
            }
            let end = x + (centered ? (contentWidth - lastWidth) / 2 : 0) + ins.trailing + ci.trailing
            p.row = UICollectionViewCompositionalLayout.Row(
                frame: sw(CGRect(x: 0, y: cursor - ins.top, width: container.width, height: ins.top + depth + ins.bottom)),
                contentLength: max(end, container.width), stops: stops)
            cursor += depth
        } else {
            var used = 0
            var first = true
            while used < count {
                let size = self.size(of: section.group, in: groupContainer, next: used, section: s, count: count)
                if !first { cursor += section.interGroupSpacing }
                first = false
                let took = layOut(
                    section.group, in: CGRect(x: ci.leading + ins.leading, y: cursor, width: size.width, height: size.height), first: used, section: s,
                    count: count, into: &leaves
                ).taken
                cursor += size.height
                guard took > 0 else {
                    Diagnostics.once(
                        "compositional empty group \(s)",
                        "error: UICollectionViewCompositionalLayout: section \(s)'s group holds no item (its subitems are empty or larger than it); "
                            + "the section's \(count - used) remaining items are not shown")
                    break
                }
                used += took
            }
        }
        cursor += ins.bottom
        for item in section.boundarySupplementaryItems where !item.leads {
            p.boundary.append(
                boundary(item, IndexPath(item: 0, section: s), at: &cursor, x: headerX, width: headerWidth, alongContainer: container.height))
        }
        p.end = cursor
        p.decorations = section.decorationItems.map { item in
            let a = layout.makeAttributes(IndexPath(item: 0, section: s), decoration: item.elementKind)
            let i = sw(item.contentInsets)
            a.frame = sw(
                CGRect(
                    x: ci.leading + i.leading, y: p.start + i.top, width: max(0, crossLength - i.leading - i.trailing),
                    height: max(0, p.end - p.start - i.top - i.bottom)))
            a.zIndex = item.zIndex
            return a
        }
        p.items = leaves.map { leaf in
            let a = layout.makeAttributes(leaf.indexPath)
            let (we, he) = (leaf.item.layoutSize.widthDimension.isEstimated, leaf.item.layoutSize.heightDimension.isEstimated)
            var frame = sw(leaf.frame)
            let i = leaf.item.contentInsets
            if (we && (i.leading != 0 || i.trailing != 0)) || (he && (i.top != 0 || i.bottom != 0)) {
                Diagnostics.once(
                    "compositional estimated insets",
                    "NSCollectionLayoutItem: contentInsets along an estimated length are not applied (as in UIKit); "
                        + "space estimated items with the group's interItemSpacing or the section's interGroupSpacing")
            }
            if !we { frame = CGRect(x: frame.minX + i.leading, y: frame.minY, width: max(0, frame.width - i.leading - i.trailing), height: frame.height) }
            if !he { frame = CGRect(x: frame.minX, y: frame.minY + i.top, width: frame.width, height: max(0, frame.height - i.top - i.bottom)) }
            a.frame = frame
            if we || he { result.estimated[leaf.indexPath] = (we, he) }
            return a
        }
        return p
    }

    // MARK: Groups

    struct Leaf {
        let item: NSCollectionLayoutItem
        /// The item's frame in the placing's terms (before its content insets).
        let frame: CGRect
        let indexPath: IndexPath
    }

    /// The size of `element` in `container` (the placing's terms): its layout size, a leaf's
    /// estimated lengths replaced by what its cell measured, an estimated group's by what it holds.
    private func size(of element: NSCollectionLayoutItem, in container: CGSize, next: Int, section: Int, count: Int) -> CGSize {
        var s = resolve(element.layoutSize, in: container)
        let (we, he) = estimated(element.layoutSize)
        guard we || he else { return s }
        if let group = element as? NSCollectionLayoutGroup {
            var scratch: [Leaf] = []
            let extent = layOut(group, in: CGRect(origin: .zero, size: s), first: next, section: section, count: count, into: &scratch).extent
            if we { s.width = extent.width }
            if he { s.height = extent.height }
        } else if next < count, let m = measured[IndexPath(item: next, section: section)] {
            let m = sw(m)
            if we { s.width = m.width }
            if he { s.height = m.height }
        }
        return s
    }

    /// Lays the group's subitems out in `frame` for the items from `first` on (what is left of
    /// `count`), appending the leaves; returns the items taken and the extent of what was placed
    /// (from the frame's origin, with the group's insets).
    @discardableResult
    private func layOut(
        _ group: NSCollectionLayoutGroup, in frame: CGRect, first: Int, section: Int, count: Int, into leaves: inout [Leaf]
    ) -> (taken: Int, extent: CGSize) {
        let ins = sw(group.contentInsets)
        let content = CGRect(
            x: frame.minX + ins.leading, y: frame.minY + ins.top, width: max(0, frame.width - ins.leading - ins.trailing),
            height: max(0, frame.height - ins.top - ins.bottom))
        let alongX = acrossX(group)
        let length = alongX ? content.width : content.height
        let spacing = group.interItemSpacing
        let minimum = spacing?.spacing ?? 0
        // The slots: which subitem, its size; items are assigned in order as the sizes are found.
        var slots: [(item: NSCollectionLayoutItem, size: CGSize, items: Int)] = []
        var next = first
        if let n = group.count, let sub = group.subitems.first {
            let each = max(0, (length - minimum * CGFloat(n - 1)) / CGFloat(n))
            for _ in 0..<n {
                var size = self.size(of: sub, in: content.size, next: next, section: section, count: count)
                if alongX { size.width = each } else { size.height = each }
                let holds = capacity(of: sub, size: size, next: next, section: section, count: count)
                slots.append((sub, size, holds))
                next += holds
            }
        } else if !group.subitems.isEmpty {
            var used: CGFloat = 0
            var k = 0
            while slots.count < 10_000 {
                let sub = group.subitems[k % group.subitems.count]
                let size = self.size(of: sub, in: content.size, next: next, section: section, count: count)
                let along = alongX ? size.width : size.height
                let needed = used + (slots.isEmpty ? 0 : minimum) + along
                if !slots.isEmpty, needed > length + 0.0001 { break }
                let holds = capacity(of: sub, size: size, next: next, section: section, count: count)
                slots.append((sub, size, holds))
                next += holds
                used = needed
                k += 1
                if along <= 0 { break }
            }
        }
        var gap = minimum
        if let spacing, spacing.isFlexibleSpacing, slots.count > 1 {
            let total = slots.reduce(0) { $0 + (alongX ? $1.size.width : $1.size.height) }
            gap = max(minimum, (length - total) / CGFloat(slots.count - 1))
        }
        var at = alongX ? content.minX : content.minY
        var taken = 0
        var far = CGPoint(x: content.minX, y: content.minY)
        for slot in slots {
            guard first + taken < count else { break }
            let f =
                alongX
                ? CGRect(x: at, y: content.minY, width: slot.size.width, height: slot.size.height)
                : CGRect(x: content.minX, y: at, width: slot.size.width, height: slot.size.height)
            if let nested = slot.item as? NSCollectionLayoutGroup {
                taken += layOut(nested, in: f, first: first + taken, section: section, count: count, into: &leaves).taken
            } else {
                leaves.append(Leaf(item: slot.item, frame: f, indexPath: IndexPath(item: first + taken, section: section)))
                taken += 1
            }
            far = CGPoint(x: max(far.x, f.maxX), y: max(far.y, f.maxY))
            at += (alongX ? slot.size.width : slot.size.height) + gap
        }
        let extent = CGSize(width: far.x - frame.minX + ins.trailing, height: far.y - frame.minY + ins.bottom)
        return (taken, extent)
    }

    /// How many items an element holds at `size`: one for an item, what fits for a group.
    private func capacity(of element: NSCollectionLayoutItem, size: CGSize, next: Int, section: Int, count: Int) -> Int {
        guard let group = element as? NSCollectionLayoutGroup else { return 1 }
        var scratch: [Leaf] = []
        // Counted as if the items never ran out, so a group's places are the same in the last group.
        return layOut(group, in: CGRect(origin: .zero, size: size), first: next, section: section, count: Int.max / 2, into: &scratch).taken
    }
}

import Foundation

/// The flow layout's questions to the collection view's delegate, per section and per item; each
/// optional: the defaults answer with the layout's own properties.
/// https://developer.apple.com/documentation/uikit/uicollectionviewdelegateflowlayout
@preconcurrency @MainActor public protocol UICollectionViewDelegateFlowLayout: UICollectionViewDelegate {
    func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, sizeForItemAt indexPath: IndexPath
    ) -> CGSize
    func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, insetForSectionAt section: Int
    ) -> UIEdgeInsets
    func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, minimumLineSpacingForSectionAt section: Int
    ) -> CGFloat
    func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, minimumInteritemSpacingForSectionAt section: Int
    ) -> CGFloat
    func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, referenceSizeForHeaderInSection section: Int
    ) -> CGSize
    func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, referenceSizeForFooterInSection section: Int
    ) -> CGSize
}

extension UICollectionViewDelegateFlowLayout {
    public func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, sizeForItemAt indexPath: IndexPath
    ) -> CGSize {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.itemSize ?? .zero
    }
    public func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, insetForSectionAt section: Int
    ) -> UIEdgeInsets {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.sectionInset ?? .zero
    }
    public func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, minimumLineSpacingForSectionAt section: Int
    ) -> CGFloat {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.minimumLineSpacing ?? 0
    }
    public func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, minimumInteritemSpacingForSectionAt section: Int
    ) -> CGFloat {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.minimumInteritemSpacing ?? 0
    }
    public func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, referenceSizeForHeaderInSection section: Int
    ) -> CGSize {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.headerReferenceSize ?? .zero
    }
    public func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, referenceSizeForFooterInSection section: Int
    ) -> CGSize {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.footerReferenceSize ?? .zero
    }
}

/// https://developer.apple.com/documentation/uikit/uicollectionviewflowlayoutinvalidationcontext
@preconcurrency @MainActor open class UICollectionViewFlowLayoutInvalidationContext: UICollectionViewLayoutInvalidationContext {
    open var invalidateFlowLayoutDelegateMetrics = true
    open var invalidateFlowLayoutAttributes = true
}

/// A grid of items in lines: each section its header, its items filling lines across the
/// collection view (left to right for a vertical layout, top to bottom for a horizontal one)
/// within the section insets, and its footer. As UIKit's flow layout: a line takes items while
/// they fit with at least `minimumInteritemSpacing` between them, the line's spare space is
/// shared between its items (a line of one item is centred), items are centred across the line's
/// depth, lines are `minimumLineSpacing` apart. Headers and footers span the content's width (a
/// vertical layout) or height (a horizontal one). Sizes, insets and spacings come from the
/// delegate (`UICollectionViewDelegateFlowLayout`) section by section, else these properties;
/// with `estimatedItemSize`, item sizes come from the cells shown (self-sizing cells).
/// Subclasses may override `layoutAttributesForElements(in:)` and
/// `shouldInvalidateLayout(forBoundsChange:)` (a stretchy header returns true, and is asked on
/// every scroll). Compositional layout is not part of this module.
/// https://developer.apple.com/documentation/uikit/uicollectionviewflowlayout
@preconcurrency @MainActor open class UICollectionViewFlowLayout: UICollectionViewLayout {
    /// https://developer.apple.com/documentation/uikit/uicollectionviewflowlayout/sectioninsetreference
    public enum SectionInsetReference: Int, Sendable {
        case fromContentInset = 0, fromSafeArea, fromLayoutMargins
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionviewflowlayout/2921618-automaticsize
    public static let automaticSize = CGSize(width: CGFloat.greatestFiniteMagnitude, height: CGFloat.greatestFiniteMagnitude)

    public override init() { super.init() }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// https://developer.apple.com/documentation/uikit/uicollectionviewflowlayout/1617717-minimumlinespacing
    open var minimumLineSpacing: CGFloat = 10 { didSet { invalidateLayout() } }
    /// https://developer.apple.com/documentation/uikit/uicollectionviewflowlayout/1617706-minimuminteritemspacing
    open var minimumInteritemSpacing: CGFloat = 10 { didSet { invalidateLayout() } }
    /// https://developer.apple.com/documentation/uikit/uicollectionviewflowlayout/1617711-itemsize
    open var itemSize = CGSize(width: 50, height: 50) { didSet { invalidateLayout() } }
    /// Non-zero: cells size themselves. Each item is laid out at this size (at `itemSize` for
    /// `automaticSize`; the delegate's `sizeForItemAt` is not asked) until its cell is shown:
    /// then the cell's `preferredLayoutAttributesFitting(_:)` gives its size (by default its
    /// content view's constraints, `systemLayoutSizeFitting`), the layout is invalidated and the
    /// items after it and the content size move. Sizes measured are kept until the layout is
    /// invalidated as a whole (`invalidateLayout()`, `reloadData()`) or its width changes, so
    /// only the cells shown are ever measured.
    /// https://developer.apple.com/documentation/uikit/uicollectionviewflowlayout/1617709-estimateditemsize
    open var estimatedItemSize = CGSize.zero { didSet { invalidateLayout() } }
    /// https://developer.apple.com/documentation/uikit/uicollectionviewflowlayout/1617720-scrolldirection
    open var scrollDirection = UICollectionView.ScrollDirection.vertical { didSet { invalidateLayout() } }
    /// https://developer.apple.com/documentation/uikit/uicollectionviewflowlayout/1617710-headerreferencesize
    open var headerReferenceSize = CGSize.zero { didSet { invalidateLayout() } }
    /// https://developer.apple.com/documentation/uikit/uicollectionviewflowlayout/1617703-footerreferencesize
    open var footerReferenceSize = CGSize.zero { didSet { invalidateLayout() } }
    /// https://developer.apple.com/documentation/uikit/uicollectionviewflowlayout/1617714-sectioninset
    open var sectionInset = UIEdgeInsets.zero { didSet { invalidateLayout() } }
    /// https://developer.apple.com/documentation/uikit/uicollectionviewflowlayout/2921617-sectioninsetreference
    open var sectionInsetReference = SectionInsetReference.fromContentInset { didSet { invalidateLayout() } }
    /// https://developer.apple.com/documentation/uikit/uicollectionviewflowlayout/1769156-sectionheaderspintovisiblebounds
    open var sectionHeadersPinToVisibleBounds = false { didSet { invalidateLayout() } }
    /// https://developer.apple.com/documentation/uikit/uicollectionviewflowlayout/1769155-sectionfooterspintovisiblebounds
    open var sectionFootersPinToVisibleBounds = false { didSet { invalidateLayout() } }

    open override class var invalidationContextClass: AnyClass { UICollectionViewFlowLayoutInvalidationContext.self }

    var sections: [Section] = []
    var contentSize = CGSize.zero

    var vertical: Bool { scrollDirection == .vertical }

    /// A rect from lengths along the scroll axis (`main`) and across it (`cross`).
    func rect(main: CGFloat, cross: CGFloat, mainLength: CGFloat, crossLength: CGFloat) -> CGRect {
        vertical
            ? CGRect(x: cross, y: main, width: crossLength, height: mainLength)
            : CGRect(x: main, y: cross, width: mainLength, height: crossLength)
    }

    /// Lays out every section: the attributes are kept until the layout is invalidated.
    open override func prepare() {
        super.prepare()
        let resized = pendingResizes
        pendingResizes = []
        defer { needsFullLayout = false }
        if !needsFullLayout, !resized.isEmpty, resizeInPlace(resized) {
            preparedInPlace += 1
            return
        }
        // The items' attributes objects are kept from the last layout (a self-sizing list of
        // 10,000 items is laid out again at each measured cell: no allocation per item).
        let previous = sections
        sections = []
        contentSize = .zero
        guard let cv = collectionView else { return }
        let flow = cv.delegate as? any UICollectionViewDelegateFlowLayout
        let adjusted = cv.adjustedContentInset
        let crossLength = vertical ? cv.bounds.width - adjusted.left - adjusted.right : cv.bounds.height - adjusted.top - adjusted.bottom
        // Sizes measured at another width (height, for a horizontal layout) are measured again.
        if crossLength != measuredAcross {
            forgetMeasuredSizes()
            measuredAcross = crossLength
        }
        let estimate = estimatedItemSize == Self.automaticSize ? itemSize : estimatedItemSize
        var measuredBySection: [Int: [Int: CGSize]] = [:]
        for (path, size) in measuredSizes where path.count == 2 { measuredBySection[path.section, default: [:]][path.item] = size }
        // Extra lead and trail across the lines for the inset reference.
        var extraLead: CGFloat = 0, extraTrail: CGFloat = 0
        if sectionInsetReference != .fromContentInset {
            let edge = sectionInsetReference == .fromSafeArea ? cv.safeAreaInsetsForAdjustment : cv.layoutMargins
            extraLead = max(0, vertical ? edge.left - adjusted.left : edge.top - adjusted.top)
            extraTrail = max(0, vertical ? edge.right - adjusted.right : edge.bottom - adjusted.bottom)
        }
        var main: CGFloat = 0
        for s in 0..<cv.numberOfSections {
            var section = Section(start: main)
            let inset = flow?.collectionView(cv, layout: self, insetForSectionAt: s) ?? sectionInset
            let lineSpacing = flow?.collectionView(cv, layout: self, minimumLineSpacingForSectionAt: s) ?? minimumLineSpacing
            let interitem = flow?.collectionView(cv, layout: self, minimumInteritemSpacingForSectionAt: s) ?? minimumInteritemSpacing
            let headerSize = flow?.collectionView(cv, layout: self, referenceSizeForHeaderInSection: s) ?? headerReferenceSize
            let footerSize = flow?.collectionView(cv, layout: self, referenceSizeForFooterInSection: s) ?? footerReferenceSize
            let section0 = IndexPath(item: 0, section: s)
            let headerLength = vertical ? headerSize.height : headerSize.width
            if headerLength > 0 {
                let a = makeAttributes(section0, kind: UICollectionView.elementKindSectionHeader)
                a.frame = rect(main: main, cross: 0, mainLength: headerLength, crossLength: crossLength)
                section.header = a
                main += headerLength
            }
            section.bodyStart = main
            let lead = (vertical ? inset.left : inset.top) + extraLead
            let trail = (vertical ? inset.right : inset.bottom) + extraTrail
            let available = crossLength - lead - trail
            section.available = available
            main += vertical ? inset.top : inset.left
            // Items in lines: (attributes, size across, size along); the line's total across and depth.
            var line: [(UICollectionViewLayoutAttributes, CGFloat, CGFloat)] = []
            var used: CGFloat = 0, total: CGFloat = 0, depth: CGFloat = 0
            var firstLine = true
            func placeLine() {
                guard !line.isEmpty else { return }
                if !firstLine { main += lineSpacing }
                firstLine = false
                var cross = lead + (line.count == 1 ? (available - total) / 2 : 0)
                let gap = line.count > 1 ? (available - total) / CGFloat(line.count - 1) : 0
                for (a, across, along) in line {
                    a.frame = rect(main: main + (depth - along) / 2, cross: cross, mainLength: along, crossLength: across)
                    cross += across + gap
                }
                section.lineFirstItems.append(section.items.count - line.count)
                section.lineStarts.append(main)
                section.lineEnds.append(main + depth)
                main += depth
                line.removeAll(keepingCapacity: true)
                used = 0
                total = 0
                depth = 0
            }
            let measured = measuredBySection[s] ?? [:]
            let kept = previous.indices.contains(s) ? previous[s].items : []
            let count = cv.numberOfItems(inSection: s)
            section.items.reserveCapacity(count)
            for i in 0..<count {
                let size =
                    estimatesItemSizes
                    ? measured[i] ?? estimate
                    : flow?.collectionView(cv, layout: self, sizeForItemAt: IndexPath(item: i, section: s)) ?? itemSize
                let across = fitAcross(vertical ? size.width : size.height, available, IndexPath(item: i, section: s))
                let along = vertical ? size.height : size.width
                if !line.isEmpty, used + interitem + across > available + 0.0001 { placeLine() }
                used += (line.isEmpty ? 0 : interitem) + across
                total += across
                depth = max(depth, along)
                let a = i < kept.count ? kept[i] : makeAttributes(IndexPath(item: i, section: s))
                line.append((a, across, along))
                section.items.append(a)
            }
            placeLine()
            main += vertical ? inset.bottom : inset.right
            section.bodyEnd = main
            let footerLength = vertical ? footerSize.height : footerSize.width
            if footerLength > 0 {
                let a = makeAttributes(section0, kind: UICollectionView.elementKindSectionFooter)
                a.frame = rect(main: main, cross: 0, mainLength: footerLength, crossLength: crossLength)
                section.footer = a
                main += footerLength
            }
            section.end = main
            sections.append(section)
        }
        contentSize = vertical ? CGSize(width: crossLength, height: main) : CGSize(width: main, height: crossLength)
    }

    open override var collectionViewContentSize: CGSize { contentSize }

    /// Copies of the attributes of every element whose frame meets `rect` (pinned headers and
    /// footers where the visible bounds hold them), section by section: header, items, footer.
    open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        var out: [UICollectionViewLayoutAttributes] = []
        for (s, section) in sections.enumerated() {
            let extent = vertical ? (rect.minY, rect.maxY) : (rect.minX, rect.maxX)
            if section.end + section.offset + section.innerShift < extent.0 || section.start + section.offset > extent.1 { continue }
            if let h = supplementary(UICollectionView.elementKindSectionHeader, s), h.frame.overlaps(rect) { out.append(h) }
            // The lines that reach into the rect along the scroll axis, their items that meet it.
            var lo = 0, hi = section.lineEnds.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if section.lineEnds[mid] + section.shift(ofLine: mid) > extent.0 { hi = mid } else { lo = mid + 1 }
            }
            var line = lo
            while line < section.lineStarts.count, section.lineStarts[line] + section.shift(ofLine: line) < extent.1 {
                let end = line + 1 < section.lineFirstItems.count ? section.lineFirstItems[line + 1] : section.items.count
                let shift = section.shift(ofLine: line)
                for a in section.items[section.lineFirstItems[line]..<end] {
                    let copy = moved(a, by: shift)
                    if copy.frame.overlaps(rect) { out.append(copy) }
                }
                line += 1
            }
            if let f = supplementary(UICollectionView.elementKindSectionFooter, s), f.frame.overlaps(rect) { out.append(f) }
        }
        return out
    }

    open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard indexPath.count == 2, sections.indices.contains(indexPath.section), sections[indexPath.section].items.indices.contains(indexPath.item)
        else { return nil }
        let section = sections[indexPath.section]
        return moved(section.items[indexPath.item], by: section.shift(ofLine: section.line(ofItem: indexPath.item)))
    }

    /// A copy of `attributes` moved `shift` along the scroll axis.
    private func moved(_ attributes: UICollectionViewLayoutAttributes, by shift: CGFloat) -> UICollectionViewLayoutAttributes {
        let copy = attributes.copy() as! UICollectionViewLayoutAttributes
        if shift != 0 {
            if vertical { copy.center.y += shift } else { copy.center.x += shift }
        }
        return copy
    }

    open override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes?
    {
        guard indexPath.count == 2 else { return nil }
        return supplementary(elementKind, indexPath.section)
    }

    /// A copy of a section's header or footer, moved to stay in the visible bounds when pinned.
    private func supplementary(_ kind: String, _ s: Int) -> UICollectionViewLayoutAttributes? {
        guard sections.indices.contains(s) else { return nil }
        let section = sections[s]
        let header = kind == UICollectionView.elementKindSectionHeader
        guard let original = header ? section.header : kind == UICollectionView.elementKindSectionFooter ? section.footer : nil else { return nil }
        let a = moved(original, by: section.offset + (header ? 0 : section.innerShift))
        guard header ? sectionHeadersPinToVisibleBounds : sectionFootersPinToVisibleBounds, let cv = collectionView else { return a }
        let inset = cv.adjustedContentInset
        let visibleStart = vertical ? cv.bounds.minY + inset.top : cv.bounds.minX + inset.left
        let visibleEnd = vertical ? cv.bounds.maxY - inset.bottom : cv.bounds.maxX - inset.right
        var f = a.frame
        let length = vertical ? f.height : f.width
        let at = vertical ? f.minY : f.minX
        let pinned =
            header
            ? min(max(visibleStart, at), section.bodyEnd + section.offset + section.innerShift - length)
            : max(min(visibleEnd - length, at), section.bodyStart + section.offset)
        if vertical { f.origin.y = pinned } else { f.origin.x = pinned }
        if pinned != at {
            a.frame = f
            a.zIndex = 1024
        }
        return a
    }

    // MARK: Self-sizing

    /// Whether cells size themselves (`estimatedItemSize` is not zero).
    var estimatesItemSizes: Bool { estimatedItemSize != .zero }
    /// Item sizes cells preferred, and the items whose cells were asked, since the sizes were
    /// last forgotten; the length across the lines they were measured at.
    var measuredSizes: [IndexPath: CGSize] = [:]
    var askedItems: Set<IndexPath> = []
    var measuredAcross: CGFloat?
    /// Whether the next `prepare()` lays out every section, else which measured items it moves.
    private var needsFullLayout = true
    private var pendingResizes: [IndexPath] = []
    /// Layouts prepared by moving items in place (for tests).
    private(set) var preparedInPlace = 0

    /// True for a cell whose preferred size differs from its size, when cells size themselves.
    open override func shouldInvalidateLayout(
        forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
        withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes
    ) -> Bool {
        estimatesItemSizes && originalAttributes.representedElementCategory == .cell && preferredAttributes.size != originalAttributes.size
    }

    /// Takes the sizes cells preferred (a context from `invalidationContext(forPreferredLayoutAttributes:withOriginalAttributes:)`):
    /// the next `prepare()` moves the items after them in place; an invalidation of everything
    /// (`invalidateLayout()`, `reloadData()`) forgets the sizes measured; any other lays out
    /// every section again.
    open override func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
        if context.invalidateEverything || context.invalidateDataSourceCounts { forgetMeasuredSizes() }
        for (path, size) in context.preferredItemSizes where estimatesItemSizes { measuredSizes[path] = size }
        if context.invalidateEverything || context.invalidateDataSourceCounts || context.preferredItemSizes.isEmpty || !estimatesItemSizes {
            needsFullLayout = true
        } else {
            pendingResizes.append(contentsOf: context.preferredItemSizes.keys)
        }
        super.invalidateLayout(with: context)
    }

    override func asksPreferredAttributes(for attributes: UICollectionViewLayoutAttributes, appeared: Bool) -> Bool {
        guard estimatesItemSizes else { return appeared }
        return attributes.representedElementCategory == .cell && !askedItems.contains(attributes.indexPath)
    }

    override func didAskPreferredAttributes(for attributes: UICollectionViewLayoutAttributes) {
        if estimatesItemSizes, attributes.representedElementCategory == .cell { askedItems.insert(attributes.indexPath) }
    }

    /// Both lengths as small as the constraints allow, except the length across the lines when
    /// the item spans its section's lines (a list): held there, as UIKit does.
    override func selfSizingPriorities(for attributes: UICollectionViewLayoutAttributes) -> (UILayoutPriority, UILayoutPriority)? {
        guard estimatesItemSizes, attributes.representedElementCategory == .cell else { return nil }
        let available = sections.indices.contains(attributes.indexPath.section) ? sections[attributes.indexPath.section].available : .infinity
        let spans = (vertical ? attributes.size.width : attributes.size.height) >= available - 0.0001
        guard spans else { return (.fittingSizeLevel, .fittingSizeLevel) }
        return vertical ? (.required, .fittingSizeLevel) : (.fittingSizeLevel, .required)
    }

    /// True when the bounds change size across the lines, or when headers or footers are pinned
    /// (they move with every scroll).
    open override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        guard let cv = collectionView else { return false }
        if sectionHeadersPinToVisibleBounds || sectionFootersPinToVisibleBounds { return newBounds != cv.bounds }
        return vertical ? newBounds.width != cv.bounds.width : newBounds.height != cv.bounds.height
    }
}

extension CGRect {
    /// Whether the rects share an area (touching edges do not), as CGRectIntersectsRect.
    func overlaps(_ other: CGRect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }
}

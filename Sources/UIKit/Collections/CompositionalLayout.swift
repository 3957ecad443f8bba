import Foundation

/// https://developer.apple.com/documentation/uikit/uicollectionviewcompositionallayoutsectionprovider
public typealias UICollectionViewCompositionalLayoutSectionProvider = @MainActor (Int, any NSCollectionLayoutEnvironment) -> NSCollectionLayoutSection?

/// A layout made of sections of groups of items (`NSCollectionLayoutSection`, `...Group`,
/// `...Item`), one section for all or one per section from a provider.
///
/// The rules, as UIKit's documentation and WWDC 2019's "Advances in Collection View Layout" give
/// them (the example in brackets is a 393-point-wide iPhone):
/// - The container is the collection view's size, inset at the leading and trailing edges by
///   the safe area (`contentInsetsReference` `.automatic` or `.safeArea`), the layout margins
///   (`.layoutMargins`) or nothing (`.none`).
/// - A section's groups are measured in the container less the section's `contentInsets`; a
///   group's subitems in the group's size less its own `contentInsets`; fractions are of that.
/// - An item's cell is its frame inset by the item's `contentInsets` (a 2-column grid of
///   `fractionalWidth(0.5)` items with 5-point insets in a full-width, `absolute(200)` group:
///   cells at x 5 and 201.5, 186.5 x 190), except along an estimated length, where the cell's
///   own size rules and the insets are not applied (said once), as UIKit does.
/// - A group made with `subitems:` repeats them in order while they fit along its axis (with
///   the spacing); one made with `count:` shares its length between that many copies, the
///   subitem's own length along the axis ignored. `.fixed` spacing is exact; `.flexible(n)` puts
///   at least `n` between items and shares the group's spare length between the gaps. Subitems
///   sit at the group's top (leading) edge across its axis.
/// - A group of estimated length is as long as what it holds (the tallest item of a horizontal
///   group, the sum of a vertical group's items and spacing).
/// - Groups follow one another `interGroupSpacing` apart, the last one filled with what items
///   are left (in their places); sections `interSectionSpacing` apart. A section's headers
///   (`.top` boundary items) come before its top inset, its footers after its bottom inset,
///   inset across like the content when `supplementariesFollowContentInsets` (the default).
/// - An orthogonal section lays its groups side by side in a row that scrolls sideways, as wide
///   as the collection view (a scroll view of its own a sideways step moves): `.paging` pages
///   by that width, `.groupPaging` one group at a time, `.groupPagingCentered` likewise with the
///   group centred (and the first and last groups centred at rest), `.continuousGroupLeadingBoundary`
///   rests at the group leading edge nearest the throw, `.continuous` where the throw ends.
/// A subclass may override `layoutAttributesForElements(in:)` (a stretchy header) as with any
/// - A section's decoration items (a background) cover the section from its headers to its
///   footers, across the container, with its content insets, less the decoration item's own
///   `contentInsets`; at zIndex 0 they sit behind the section's items.
/// layout. Not drawn: supplementary items anchored to items, edge spacing,
/// `UICollectionLayoutListConfiguration`.
/// https://developer.apple.com/documentation/uikit/uicollectionviewcompositionallayout
@preconcurrency @MainActor open class UICollectionViewCompositionalLayout: UICollectionViewLayout {
    private let fixedSection: NSCollectionLayoutSection?
    private let provider: UICollectionViewCompositionalLayoutSectionProvider?

    /// https://developer.apple.com/documentation/uikit/uicollectionviewcompositionallayout/configuration
    open var configuration: UICollectionViewCompositionalLayoutConfiguration { didSet { invalidateLayout() } }

    public init(section: NSCollectionLayoutSection) {
        fixedSection = section; provider = nil; configuration = UICollectionViewCompositionalLayoutConfiguration()
        super.init()
    }
    public init(section: NSCollectionLayoutSection, configuration: UICollectionViewCompositionalLayoutConfiguration) {
        fixedSection = section; provider = nil; self.configuration = configuration
        super.init()
    }
    public init(sectionProvider: @escaping UICollectionViewCompositionalLayoutSectionProvider) {
        fixedSection = nil; provider = sectionProvider; configuration = UICollectionViewCompositionalLayoutConfiguration()
        super.init()
    }
    public init(
        sectionProvider: @escaping UICollectionViewCompositionalLayoutSectionProvider, configuration: UICollectionViewCompositionalLayoutConfiguration
    ) {
        fixedSection = nil; provider = sectionProvider; self.configuration = configuration
        super.init()
    }
    /// Layouts are made in code here: a coder (a storyboard or XIB) is not read yet.
    public required init?(coder: NSCoder) { nil }

    var fixedSectionForPlacing: NSCollectionLayoutSection? { fixedSection }
    var sectionProviderForPlacing: UICollectionViewCompositionalLayoutSectionProvider? { provider }

    // MARK: State

    /// A section as placed (content coordinates, the row of an orthogonal section unscrolled).
    struct Placed {
        let section: NSCollectionLayoutSection
        /// The section's extent along the scroll axis (with its headers and footers).
        var start: CGFloat = 0, end: CGFloat = 0
        var items: [UICollectionViewLayoutAttributes] = []
        var boundary: [(item: NSCollectionLayoutBoundarySupplementaryItem, attributes: UICollectionViewLayoutAttributes)] = []
        /// The decoration items' attributes (a background), in the section's order.
        var decorations: [UICollectionViewLayoutAttributes] = []
        var row: Row?
    }

    /// The sideways row of an orthogonal section.
    struct Row {
        var frame: CGRect
        var contentLength: CGFloat
        /// The offsets the row rests at for each group (leading edge, or centred).
        var stops: [CGFloat]
    }

    private var placed: [Placed] = []
    private var global: [(item: NSCollectionLayoutBoundarySupplementaryItem, attributes: UICollectionViewLayoutAttributes)] = []
    private var contentSize = CGSize.zero
    private var environment: LayoutContainer?
    private var geometryDirty = true
    /// Sizes cells gave for estimated lengths, by item.
    private var measured: [IndexPath: CGSize] = [:]
    private var asked: Set<IndexPath> = []
    private var rows: [Int: OrthogonalRowView] = [:]
    /// Items whose lengths are estimated: (width, height).
    private var estimatedAxes: [IndexPath: (Bool, Bool)] = [:]

    private var vertical: Bool { configuration.scrollDirection == .vertical }

    open override var collectionViewContentSize: CGSize { contentSize }

    // MARK: Preparing

    open override func prepare() {
        super.prepare()
        guard let cv = collectionView else { return }
        for (s, row) in rows where row.superview !== cv || s >= cv.numberOfSections {
            row.removeFromSuperview()
            rows[s] = nil
        }
        guard geometryDirty else { return }
        geometryDirty = false
        let geometry = Geometry(layout: self, collectionView: cv, measured: measured)
        environment = geometry.environment
        let result = geometry.place()
        placed = result.sections
        global = result.global
        contentSize = result.contentSize
        estimatedAxes = result.estimated
        for (s, p) in placed.enumerated() {
            guard let row = p.row else {
                rows[s]?.removeFromSuperview(); rows[s] = nil
                continue
            }
            let view = rows[s] ?? OrthogonalRowView(layout: self, section: s)
            rows[s] = view
            if view.superview !== cv { cv.insertSubview(view, at: cv.backgroundView == nil ? 0 : 1) }
            view.place(row, behavior: p.section.orthogonalScrollingBehavior, vertical: vertical)
        }
    }

    /// The row of an orthogonal section moved: its items are placed again.
    func rowScrolled() {
        invalidateLayout(with: UICollectionViewLayoutInvalidationContext())
    }

    /// The scroll view an orthogonal section's row scrolls in (for tests and the visible-items handler).
    func rowView(ofSection section: Int) -> UIScrollView? { rows[section] }

    // MARK: Answers

    open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        guard let cv = collectionView else { return [] }
        var out: [UICollectionViewLayoutAttributes] = []
        let lo = vertical ? rect.minY : rect.minX, hi = vertical ? rect.maxY : rect.maxX
        for g in global {
            let a = pinned(g.item, g.attributes, within: 0, vertical ? contentSize.height : contentSize.width, cv)
            if a.frame.overlaps(rect) { out.append(a) }
        }
        for (s, p) in placed.enumerated() {
            let pinnedLeads = p.boundary.contains { $0.item.pinToVisibleBounds }
            if !pinnedLeads, p.end < lo || p.start > hi { continue }
            for d in p.decorations where d.frame.overlaps(rect) { out.append(d.copy() as! UICollectionViewLayoutAttributes) }
            var visible: [UICollectionViewLayoutAttributes] = []
            for b in p.boundary {
                let a = pinned(b.item, b.attributes, within: p.start, p.end, cv)
                if a.frame.overlaps(rect) { visible.append(a) }
            }
            let shift = rows[s].map { vertical ? CGPoint(x: -$0.contentOffset.x, y: 0) : CGPoint(x: 0, y: -$0.contentOffset.y) } ?? .zero
            let clip = rows[s].map { $0.frame.intersection(rect) } ?? rect
            for a in p.items {
                let moved = CGRect(origin: CGPoint(x: a.frame.minX + shift.x, y: a.frame.minY + shift.y), size: a.size)
                guard moved.overlaps(clip) else { continue }
                let copy = a.copy() as! UICollectionViewLayoutAttributes
                copy.center = CGPoint(x: moved.midX, y: moved.midY)
                visible.append(copy)
            }
            if let handler = p.section.visibleItemsInvalidationHandler, let environment {
                let offset = rows[s]?.contentOffset ?? cv.contentOffset
                handler(visible, offset, environment)
            }
            out.append(contentsOf: visible)
        }
        return out
    }

    open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard indexPath.count == 2, placed.indices.contains(indexPath.section), placed[indexPath.section].items.indices.contains(indexPath.item)
        else { return nil }
        let copy = placed[indexPath.section].items[indexPath.item].copy() as! UICollectionViewLayoutAttributes
        if let row = rows[indexPath.section] {
            if vertical { copy.center.x -= row.contentOffset.x } else { copy.center.y -= row.contentOffset.y }
        }
        return copy
    }

    open override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes?
    {
        guard let cv = collectionView else { return nil }
        if indexPath.count == 1 {
            return global.first { $0.item.elementKind == elementKind }.map { pinned($0.item, $0.attributes, within: 0, vertical ? contentSize.height : contentSize.width, cv) }
        }
        guard indexPath.count == 2, placed.indices.contains(indexPath.section) else { return nil }
        let p = placed[indexPath.section]
        return p.boundary.first { $0.attributes.representedElementKind == elementKind && $0.attributes.indexPath == indexPath }
            .map { pinned($0.item, $0.attributes, within: p.start, p.end, cv) }
    }

    open override func layoutAttributesForDecorationView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard indexPath.count == 2, placed.indices.contains(indexPath.section) else { return nil }
        return placed[indexPath.section].decorations.first { $0.representedElementKind == elementKind && $0.indexPath == indexPath }?
            .copy() as? UICollectionViewLayoutAttributes
    }

    /// A copy of a boundary item's attributes, held at the visible bounds' edge when it pins,
    /// without leaving its section (`start`...`end` along the scroll axis).
    private func pinned(
        _ item: NSCollectionLayoutBoundarySupplementaryItem, _ attributes: UICollectionViewLayoutAttributes, within start: CGFloat, _ end: CGFloat,
        _ cv: UICollectionView
    ) -> UICollectionViewLayoutAttributes {
        let copy = attributes.copy() as! UICollectionViewLayoutAttributes
        guard item.pinToVisibleBounds else { return copy }
        let inset = cv.adjustedContentInset
        let visibleLo = vertical ? cv.contentOffset.y + inset.top : cv.contentOffset.x + inset.left
        let visibleHi = vertical ? cv.contentOffset.y + cv.bounds.height - inset.bottom : cv.contentOffset.x + cv.bounds.width - inset.right
        let length = vertical ? copy.size.height : copy.size.width
        var at = vertical ? copy.frame.minY : copy.frame.minX
        if item.leads {
            at = max(at, min(visibleLo, end - length))
        } else {
            at = min(at, max(visibleHi - length, start))
        }
        if vertical { copy.center.y = at + length / 2 } else { copy.center.x = at + length / 2 }
        return copy
    }

    // MARK: Invalidation

    /// True when the size changes, or on any scroll when a header or footer pins.
    open override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        guard let cv = collectionView else { return false }
        if newBounds.size != cv.bounds.size { return true }
        let pins = global.contains { $0.item.pinToVisibleBounds } || placed.contains { $0.boundary.contains { $0.item.pinToVisibleBounds } }
        return pins && newBounds != cv.bounds
    }

    /// Everything (`invalidateLayout()`, `reloadData()`), a new size or sizes cells preferred
    /// place the sections again (everything and a new width forget the sizes measured); a scroll
    /// only moves what pins.
    open override func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
        if context.invalidateEverything || context.invalidateDataSourceCounts || context.contentSizeAdjustment != .zero {
            if context.invalidateEverything || context.invalidateDataSourceCounts || (vertical ? context.contentSizeAdjustment.width : context.contentSizeAdjustment.height) != 0 {
                measured = [:]
                asked = []
            }
            geometryDirty = true
        }
        for (path, size) in context.preferredItemSizes {
            measured[path] = size
            geometryDirty = true
        }
        super.invalidateLayout(with: context)
    }

    // MARK: Self-sizing

    override func selfSizingPriorities(for attributes: UICollectionViewLayoutAttributes) -> (UILayoutPriority, UILayoutPriority)? {
        guard attributes.representedElementCategory == .cell, let (w, h) = estimatedAxes[attributes.indexPath] else { return nil }
        return (w ? .fittingSizeLevel : .required, h ? .fittingSizeLevel : .required)
    }

    override func asksPreferredAttributes(for attributes: UICollectionViewLayoutAttributes, appeared: Bool) -> Bool {
        guard attributes.representedElementCategory == .cell, estimatedAxes[attributes.indexPath] != nil else { return appeared }
        return !asked.contains(attributes.indexPath)
    }

    override func didAskPreferredAttributes(for attributes: UICollectionViewLayoutAttributes) {
        if attributes.representedElementCategory == .cell { asked.insert(attributes.indexPath) }
    }

    /// True for a cell whose preferred size differs along a length that is estimated.
    open override func shouldInvalidateLayout(
        forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
        withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes
    ) -> Bool {
        guard originalAttributes.representedElementCategory == .cell, let (w, h) = estimatedAxes[originalAttributes.indexPath] else { return false }
        return (w && preferredAttributes.size.width != originalAttributes.size.width)
            || (h && preferredAttributes.size.height != originalAttributes.size.height)
    }

    /// Where a drag ends in an orthogonal row (nil: where it was thrown).
    func rowTarget(section: Int, proposed: CGFloat, current: CGFloat, velocity: CGFloat) -> CGFloat? {
        guard placed.indices.contains(section), let row = placed[section].row, !row.stops.isEmpty else { return nil }
        let stops = row.stops
        func nearest(_ x: CGFloat) -> Int { stops.indices.min { abs(stops[$0] - x) < abs(stops[$1] - x) } ?? 0 }
        switch placed[section].section.orthogonalScrollingBehavior {
        case .continuousGroupLeadingBoundary:
            return stops[nearest(proposed)]
        case .groupPaging, .groupPagingCentered:
            let from = nearest(current)
            let step = velocity > 0.05 ? 1 : velocity < -0.05 ? -1 : 0
            if step == 0 { return stops[nearest(proposed)] }
            // The group the drag started from, then one group on in the throw's direction.
            var base = from
            if step > 0, stops[from] > current + 0.5 { base = from - 1 }
            if step < 0, stops[from] < current - 0.5 { base = from + 1 }
            return stops[min(max(base + step, 0), stops.count - 1)]
        default:
            return nil
        }
    }
}

/// The scroll view an orthogonal section's row scrolls in: no content of its own (the cells are
/// the collection view's, placed by the layout at the row's offset), no indicator, as UIKit's.
@MainActor final class OrthogonalRowView: UIScrollView {
    private weak var layout: UICollectionViewCompositionalLayout?
    let section: Int

    init(layout: UICollectionViewCompositionalLayout, section: Int) {
        self.layout = layout
        self.section = section
        super.init(frame: .zero)
        showsHorizontalScrollIndicator = false
        showsVerticalScrollIndicator = false
        contentInsetAdjustmentBehavior = .never
        backgroundColor = nil
    }

    required init?(coder: NSCoder) { nil }

    func place(_ row: UICollectionViewCompositionalLayout.Row, behavior: UICollectionLayoutSectionOrthogonalScrollingBehavior, vertical: Bool) {
        frame = row.frame
        contentSize = vertical ? CGSize(width: row.contentLength, height: row.frame.height) : CGSize(width: row.frame.width, height: row.contentLength)
        isPagingEnabled = behavior == .paging
        self.behavior = behavior
        let range = vertical ? horizontalRange : verticalRange
        let o = vertical ? contentOffset.x : contentOffset.y
        let clamped = min(max(o, range.lowerBound), range.upperBound)
        if clamped != o { contentOffset = vertical ? CGPoint(x: clamped, y: 0) : CGPoint(x: 0, y: clamped) }
    }

    override var contentOffset: CGPoint {
        get { super.contentOffset }
        set {
            let old = super.contentOffset
            super.contentOffset = newValue
            if super.contentOffset != old { layout?.rowScrolled() }
        }
    }

    /// Group paging settles on its group as paging settles on its page.
    override var settlesLikePaging: Bool {
        isPagingEnabled || [.groupPaging, .groupPagingCentered].contains(behavior)
    }

    private var behavior = UICollectionLayoutSectionOrthogonalScrollingBehavior.none

    override func releaseTarget(_ proposed: CGPoint, velocity: CGPoint) -> CGPoint {
        let horizontal = contentSize.width > bounds.width
        let along = horizontal ? proposed.x : proposed.y
        guard
            let target = layout?.rowTarget(
                section: section, proposed: along, current: horizontal ? contentOffset.x : contentOffset.y,
                velocity: horizontal ? velocity.x : velocity.y)
        else { return proposed }
        let range = horizontal ? horizontalRange : verticalRange
        let t = min(max(target, range.lowerBound), range.upperBound)
        return horizontal ? CGPoint(x: t, y: proposed.y) : CGPoint(x: proposed.x, y: t)
    }
}

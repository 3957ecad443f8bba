import Foundation

/// What a layout recomputes when it is invalidated.
/// https://developer.apple.com/documentation/uikit/uicollectionviewlayoutinvalidationcontext
@preconcurrency @MainActor open class UICollectionViewLayoutInvalidationContext: NSObject {
    public required override init() { super.init() }
    /// Set by `invalidateLayout()` and `reloadData()`.
    open internal(set) var invalidateEverything = false
    open internal(set) var invalidateDataSourceCounts = false
    open var contentOffsetAdjustment = CGPoint.zero
    open var contentSizeAdjustment = CGSize.zero

    /// The items whose layout is invalidated (nil: none named).
    /// https://developer.apple.com/documentation/uikit/uicollectionviewlayoutinvalidationcontext/invalidateditemindexpaths
    open private(set) var invalidatedItemIndexPaths: [IndexPath]?

    /// https://developer.apple.com/documentation/uikit/uicollectionviewlayoutinvalidationcontext/invalidateitems(at:)
    open func invalidateItems(at indexPaths: [IndexPath]) {
        invalidatedItemIndexPaths = (invalidatedItemIndexPaths ?? []) + indexPaths
    }

    /// Sizes cells asked for (`preferredLayoutAttributesFitting(_:)`), by item: a self-sizing
    /// layout takes them in `invalidateLayout(with:)`.
    var preferredItemSizes: [IndexPath: CGSize] = [:]
}

/// The base of collection view layouts: the collection view calls `prepare()` after the layout is
/// invalidated, reads `collectionViewContentSize`, then asks `layoutAttributesForElements(in:)`
/// for its visible rect at each layout; on each bounds change (a scroll, a resize) it asks
/// `shouldInvalidateLayout(forBoundsChange:)` and, when true, calls
/// `invalidateLayout(with: invalidationContext(forBoundsChange:))`, as UIKit does.
/// https://developer.apple.com/documentation/uikit/uicollectionviewlayout
@preconcurrency @MainActor open class UICollectionViewLayout: NSObject {
    public override init() { super.init() }
    /// Layouts are made in code here: a coder (a storyboard or XIB) is not read yet.
    public required init?(coder: NSCoder) { super.init() }

    /// The collection view using this layout.
    /// https://developer.apple.com/documentation/uikit/uicollectionviewlayout/1617732-collectionview
    open internal(set) weak var collectionView: UICollectionView?

    /// Whether `prepare()` is due before the next layout pass.
    var needsPrepare = true

    /// https://developer.apple.com/documentation/uikit/uicollectionviewlayout/1617752-prepare
    open func prepare() {}

    /// https://developer.apple.com/documentation/uikit/uicollectionviewlayout/1617796-collectionviewcontentsize
    open var collectionViewContentSize: CGSize { .zero }

    /// https://developer.apple.com/documentation/uikit/uicollectionviewlayout/1617769-layoutattributesforelements
    open func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? { nil }

    /// https://developer.apple.com/documentation/uikit/uicollectionviewlayout/1617797-layoutattributesforitem
    open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }

    /// https://developer.apple.com/documentation/uikit/uicollectionviewlayout/1617792-layoutattributesforsupplementary
    open func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        nil
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionviewlayout/1617804-layoutattributesfordecorationvie
    open func layoutAttributesForDecorationView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        nil
    }

    /// False: a plain layout keeps its attributes while the content scrolls.
    /// https://developer.apple.com/documentation/uikit/uicollectionviewlayout/1617781-shouldinvalidatelayout
    open func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { false }

    /// https://developer.apple.com/documentation/uikit/uicollectionviewlayout/1617798-invalidationcontext
    open func invalidationContext(forBoundsChange newBounds: CGRect) -> UICollectionViewLayoutInvalidationContext {
        let context =
            (type(of: self).invalidationContextClass as? UICollectionViewLayoutInvalidationContext.Type
            ?? UICollectionViewLayoutInvalidationContext.self).init()
        if let cv = collectionView {
            context.contentOffsetAdjustment = .zero
            context.contentSizeAdjustment = CGSize(width: newBounds.width - cv.bounds.width, height: newBounds.height - cv.bounds.height)
        }
        return context
    }

    /// Marks the whole layout invalid: `prepare()` runs again before the next layout pass.
    /// https://developer.apple.com/documentation/uikit/uicollectionviewlayout/1617728-invalidatelayout
    open func invalidateLayout() {
        let context =
            (type(of: self).invalidationContextClass as? UICollectionViewLayoutInvalidationContext.Type
            ?? UICollectionViewLayoutInvalidationContext.self).init()
        context.invalidateEverything = true
        invalidateLayout(with: context)
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionviewlayout/1617740-invalidatelayout
    open func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
        needsPrepare = true
        collectionView?.setNeedsLayout()
    }

    // MARK: Self-sizing

    /// False: a layout keeps its sizes whatever a cell prefers (a self-sizing flow layout says
    /// true when the size differs).
    /// https://developer.apple.com/documentation/uikit/uicollectionviewlayout/shouldinvalidatelayout(forpreferredlayoutattributes:withoriginalattributes:)
    open func shouldInvalidateLayout(
        forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
        withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes
    ) -> Bool { false }

    /// A context that invalidates the item whose cell preferred other attributes (carrying its
    /// preferred size), the content size adjusted by the change of its size.
    /// https://developer.apple.com/documentation/uikit/uicollectionviewlayout/invalidationcontext(forpreferredlayoutattributes:withoriginalattributes:)
    open func invalidationContext(
        forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
        withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes
    ) -> UICollectionViewLayoutInvalidationContext {
        let context =
            (type(of: self).invalidationContextClass as? UICollectionViewLayoutInvalidationContext.Type
            ?? UICollectionViewLayoutInvalidationContext.self).init()
        if originalAttributes.representedElementCategory == .cell {
            context.invalidateItems(at: [originalAttributes.indexPath])
            context.preferredItemSizes[originalAttributes.indexPath] = preferredAttributes.size
        }
        context.contentSizeAdjustment = CGSize(
            width: preferredAttributes.size.width - originalAttributes.size.width,
            height: preferredAttributes.size.height - originalAttributes.size.height)
        return context
    }

    /// Whether the collection view asks the cell shown for `attributes` its preferred attributes
    /// now: a cell just shown (`appeared`), as UIKit asks each cell it shows; a self-sizing flow
    /// layout also asks the cells shown whose size it no longer knows.
    func asksPreferredAttributes(for attributes: UICollectionViewLayoutAttributes, appeared: Bool) -> Bool { appeared }

    /// Told that the cell for `attributes` was asked (whatever it answered).
    func didAskPreferredAttributes(for attributes: UICollectionViewLayoutAttributes) {}

    /// The fitting priorities a cell's default `preferredLayoutAttributesFitting(_:)` measures
    /// its content with (width, height), or nil when this layout does not size cells by their
    /// content.
    func selfSizingPriorities(for attributes: UICollectionViewLayoutAttributes) -> (UILayoutPriority, UILayoutPriority)? { nil }

    /// https://developer.apple.com/documentation/uikit/uicollectionviewlayout/1617744-layoutattributesclass
    open class var layoutAttributesClass: AnyClass { UICollectionViewLayoutAttributes.self }
    /// https://developer.apple.com/documentation/uikit/uicollectionviewlayout/1617739-invalidationcontextclass
    open class var invalidationContextClass: AnyClass { UICollectionViewLayoutInvalidationContext.self }

    /// Where a scroll that would end at `proposedContentOffset` ends: there.
    /// https://developer.apple.com/documentation/uikit/uicollectionviewlayout/1617724-targetcontentoffset
    open func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint) -> CGPoint { proposedContentOffset }
    open func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint, withScrollingVelocity velocity: CGPoint) -> CGPoint {
        proposedContentOffset
    }

    /// Attributes of the layout's attributes class (a subclass's, when it names one): a cell's, a
    /// supplementary view's of `kind`, or a decoration view's of `decoration`.
    func makeAttributes(_ indexPath: IndexPath, kind: String? = nil, decoration: String? = nil) -> UICollectionViewLayoutAttributes {
        let a = (type(of: self).layoutAttributesClass as? UICollectionViewLayoutAttributes.Type ?? UICollectionViewLayoutAttributes.self).init()
        a.indexPath = indexPath
        if let kind {
            a.representedElementCategory = .supplementaryView
            a.representedElementKind = kind
        } else if let decoration {
            a.representedElementCategory = .decorationView
            a.representedElementKind = decoration
        }
        return a
    }

    // MARK: Decoration views

    /// Classes and nibs of the decoration views by kind: the collection view makes one for each
    /// decoration the layout's attributes name.
    var decorationClasses: [String: UICollectionReusableView.Type] = [:]
    var decorationNibs: [String: UINib] = [:]

    /// https://developer.apple.com/documentation/uikit/uicollectionviewlayout/register(_:fordecorationviewofkind:)-8b1ei
    open func register(_ viewClass: AnyClass?, forDecorationViewOfKind elementKind: String) {
        decorationClasses[elementKind] = viewClass as? UICollectionReusableView.Type
        decorationNibs[elementKind] = nil
    }

    /// A decoration view of `elementKind` from `nib` (its one top-level object, a
    /// UICollectionReusableView); a class registered before for the kind is forgotten.
    /// https://developer.apple.com/documentation/uikit/uicollectionviewlayout/register(_:fordecorationviewofkind:)-5dnpo
    open func register(_ nib: UINib?, forDecorationViewOfKind elementKind: String) {
        decorationNibs[elementKind] = nib
        decorationClasses[elementKind] = nil
    }

    /// A new decoration view of `kind` at `frame`, or nil when none is registered.
    func makeDecorationView(ofKind kind: String, frame: CGRect) -> UICollectionReusableView? {
        if let nib = decorationNibs[kind] { return nib.instantiate(withOwner: nil).first as? UICollectionReusableView }
        return decorationClasses[kind].map { $0.init(_registeredForReuseIdentifier: kind, frame: frame) }
    }
}

import Foundation

/// Where a collection view's items and their supplementary views come from.
/// https://developer.apple.com/documentation/uikit/uicollectionviewdatasource
@preconcurrency @MainActor public protocol UICollectionViewDataSource: NSObjectProtocol {
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell
    /// Optional: 1.
    func numberOfSections(in collectionView: UICollectionView) -> Int
    /// Optional, required when the layout has supplementary views (a header or footer size):
    /// without it an empty view is shown and it is said once.
    func collectionView(
        _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> UICollectionReusableView
}

extension UICollectionViewDataSource {
    public func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }
    public func collectionView(
        _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> UICollectionReusableView {
        Diagnostics.once(
            "supplementary \(kind) \(ObjectIdentifier(collectionView))",
            "\(collectionView.describe): the layout has a \(kind) but the data source has no "
                + "collectionView(_:viewForSupplementaryElementOfKind:at:); an empty view is shown there")
        return UICollectionReusableView()
    }
}

/// What a collection view tells its delegate (each optional) besides the scroll view's calls.
/// Items are not selected here (a screen's run has no taps): the selection calls are never made.
/// https://developer.apple.com/documentation/uikit/uicollectionviewdelegate
@preconcurrency @MainActor public protocol UICollectionViewDelegate: UIScrollViewDelegate {
    func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath)
    func collectionView(
        _ collectionView: UICollectionView, willDisplaySupplementaryView view: UICollectionReusableView, forElementKind elementKind: String,
        at indexPath: IndexPath)
    func collectionView(
        _ collectionView: UICollectionView, didEndDisplayingSupplementaryView view: UICollectionReusableView, forElementOfKind elementKind: String,
        at indexPath: IndexPath)
    func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool
    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath)
}

extension UICollectionViewDelegate {
    public func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {}
    public func collectionView(
        _ collectionView: UICollectionView, willDisplaySupplementaryView view: UICollectionReusableView, forElementKind elementKind: String,
        at indexPath: IndexPath
    ) {}
    public func collectionView(
        _ collectionView: UICollectionView, didEndDisplayingSupplementaryView view: UICollectionReusableView, forElementOfKind elementKind: String,
        at indexPath: IndexPath
    ) {}
    public func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool { true }
    public func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) {}
}

/// A scroll view of items laid out by its layout (`UICollectionViewFlowLayout` or a subclass):
/// at each layout pass it runs the layout's `prepare()` if the layout was invalidated, takes its
/// content size, asks `layoutAttributesForElements(in:)` for its bounds and shows a cell (from
/// the data source) or supplementary view for each, with the attributes applied; views that left
/// are taken away and kept for reuse, so only the visible items have cells. On each bounds change
/// (a scroll, a resize) it asks the layout `shouldInvalidateLayout(forBoundsChange:)` first, as
/// UIKit does. Each cell it shows is asked `preferredLayoutAttributesFitting(_:)` (a self-sizing
/// flow layout's cells until they are measured), and the layout invalidated with
/// `invalidationContext(forPreferredLayoutAttributes:withOriginalAttributes:)` when
/// `shouldInvalidateLayout(forPreferredLayoutAttributes:withOriginalAttributes:)` says so; the
/// items are shown again until none asks for another size. Its background is systemBackground,
/// as since iOS 13. Diffable data sources, registrations and the compositional layout are in
/// Diffable*.swift, CellRegistration.swift and Compositional*.swift.
/// https://developer.apple.com/documentation/uikit/uicollectionview
@preconcurrency @MainActor open class UICollectionView: UIScrollView {
    /// https://developer.apple.com/documentation/uikit/uicollectionview/scrolldirection
    public enum ScrollDirection: Int, Sendable { case vertical = 0, horizontal }
    /// https://developer.apple.com/documentation/uikit/uicollectionview/elementcategory
    public enum ElementCategory: UInt, Sendable { case cell = 0, supplementaryView, decorationView }

    /// https://developer.apple.com/documentation/uikit/uicollectionview/1617759-elementkindsectionheader
    nonisolated public static let elementKindSectionHeader = "UICollectionElementKindSectionHeader"
    /// https://developer.apple.com/documentation/uikit/uicollectionview/1617711-elementkindsectionfooter
    nonisolated public static let elementKindSectionFooter = "UICollectionElementKindSectionFooter"

    /// https://developer.apple.com/documentation/uikit/uicollectionview/1618068-init
    public init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) {
        collectionViewLayout = layout
        super.init(frame: frame)
        backgroundColor = .systemBackground
        layout.collectionView = self
        layout.needsPrepare = true
    }

    /// Views are made in code here: a coder (a storyboard or XIB) is not read yet.
    public required init?(coder: NSCoder) {
        collectionViewLayout = UICollectionViewFlowLayout()
        super.init(coder: coder)
        backgroundColor = .systemBackground
        collectionViewLayout.collectionView = self
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionview/1618047-collectionviewlayout
    open var collectionViewLayout: UICollectionViewLayout {
        didSet {
            guard oldValue !== collectionViewLayout else { return }
            if oldValue.collectionView === self { oldValue.collectionView = nil }
            collectionViewLayout.collectionView = self
            // Decoration views belong to a layout's registrations.
            for key in reusable.keys where key.hasPrefix("decoration/") { reusable[key] = nil }
            collectionViewLayout.invalidateLayout()
        }
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionview/1618083-setcollectionviewlayout
    open func setCollectionViewLayout(_ layout: UICollectionViewLayout, animated: Bool) {
        setCollectionViewLayout(layout, animated: animated, completion: nil)
    }

    /// Sets the layout. Animated (on a collection view on screen, laid out), as a batch update
    /// animates: every item shown in both layouts goes from its attributes in the old one to the
    /// new one (frame, alpha, transform), items that come on screen fade in at their new place
    /// and items that leave it fade out where they were (the layout's default initial and final
    /// attributes), over 0.3 s eased in and out (Apple publishes no figure: a batch update's,
    /// assumed); `completion` is called with true at the first frame past the end. Unanimated,
    /// at once, `completion` with it.
    /// https://developer.apple.com/documentation/uikit/uicollectionview/setcollectionviewlayout(_:animated:completion:)
    open func setCollectionViewLayout(_ layout: UICollectionViewLayout, animated: Bool, completion: ((Bool) -> Void)? = nil) {
        let animates =
            animated && window != nil && layout !== collectionViewLayout && UIView.areAnimationsEnabled && !AnimationCapture.withoutAnimation
        if animates { layoutIfNeeded() }
        guard animates, let counts, let plan = try? BatchUpdatePlan(BatchUpdate(), old: counts, new: counts, noun: "item", container: "collection view")
        else {
            collectionViewLayout = layout
            completion?(true)
            return
        }
        collectionViewLayout = layout
        setNeedsLayout()
        runningUpdate = (plan, [:], true)
        transitionLeaving = []
        var leaving: [LeavingView] = []
        UIView.animate(
            withDuration: UITableView.rowAnimationDuration, delay: 0, options: [],
            animations: {
                self.layoutIfNeeded()
                leaving = self.transitionLeaving ?? []
                self.transitionLeaving = nil
                for l in leaving { l.view.alpha = 0 }
            },
            completion: { [weak self] finished in
                for l in leaving {
                    UIView.performWithoutAnimation { l.view.alpha = 1 }
                    self?.retire(l.view, key: l.key, path: l.path, kind: l.kind)
                }
                completion?(finished)
            })
        runningUpdate = nil
        transitionLeaving = nil
    }

    /// A view that leaves the screen in an animated layout change: it fades out, then goes to its
    /// reuse queue (`retire`).
    private struct LeavingView {
        let view: UICollectionReusableView
        let key: String, path: IndexPath, kind: String?
    }
    /// While an animated layout change lays the items out: the views no longer shown, kept to fade out.
    private var transitionLeaving: [LeavingView]?

    /// Takes a view the layout no longer shows off the screen, or keeps it to fade out during an
    /// animated layout change.
    private func leave(_ view: UICollectionReusableView, key prefix: String, path: IndexPath, kind: String?) {
        if transitionLeaving != nil {
            transitionLeaving?.append(LeavingView(view: view, key: prefix, path: path, kind: kind))
        } else {
            retire(view, key: prefix, path: path, kind: kind)
        }
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionview/1618091-datasource
    open weak var dataSource: (any UICollectionViewDataSource)? { didSet { reloadData() } }

    /// The scroll view's delegate, as a collection view delegate.
    var collectionDelegate: (any UICollectionViewDelegate)? { delegate as? any UICollectionViewDelegate }

    /// Drawn behind the items, as large as the collection view, not scrolling.
    /// https://developer.apple.com/documentation/uikit/uicollectionview/1618086-backgroundview
    open var backgroundView: UIView? {
        didSet {
            if oldValue !== backgroundView { oldValue?.removeFromSuperview() }
            if let v = backgroundView { insertSubview(v, at: 0) }
            setNeedsLayout()
        }
    }

    open var allowsSelection = true
    open var allowsMultipleSelection = false
    /// https://developer.apple.com/documentation/uikit/uicollectionview/1618008-isprefetchingenabled
    open var isPrefetchingEnabled = true

    // MARK: Counts

    private var counts: [Int]?

    /// https://developer.apple.com/documentation/uikit/uicollectionview/1618091-numberofsections
    open var numberOfSections: Int { itemCounts.count }

    /// https://developer.apple.com/documentation/uikit/uicollectionview/1618088-numberofitems
    open func numberOfItems(inSection section: Int) -> Int {
        let c = itemCounts
        return c.indices.contains(section) ? c[section] : 0
    }

    private var itemCounts: [Int] {
        if let counts { return counts }
        var out: [Int] = []
        if let ds = dataSource {
            let sections = max(0, ds.numberOfSections(in: self))
            out = (0..<sections).map { max(0, ds.collectionView(self, numberOfItemsInSection: $0)) }
        }
        counts = out
        return out
    }

    // MARK: Reuse

    var cellClasses: [String: UICollectionReusableView.Type] = [:]
    var supplementaryClasses: [String: UICollectionReusableView.Type] = [:]
    private var reusable: [String: [UICollectionReusableView]] = [:]

    /// https://developer.apple.com/documentation/uikit/uicollectionview/1618089-register
    open func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) {
        cellClasses[identifier] = cellClass as? UICollectionViewCell.Type
        nibs["cell/" + identifier] = nil
        reusable["cell/" + identifier] = nil
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionview/1618103-register
    open func register(_ viewClass: AnyClass?, forSupplementaryViewOfKind elementKind: String, withReuseIdentifier identifier: String) {
        supplementaryClasses[elementKind + "/" + identifier] = viewClass as? UICollectionReusableView.Type
        nibs[elementKind + "/" + identifier] = nil
        reusable[elementKind + "/" + identifier] = nil
    }

    /// Nibs of one cell or supplementary view, by the reuse queue's key.
    private var nibs: [String: UINib] = [:]

    /// Cells of `nib` (its one top-level object, a UICollectionViewCell) for `identifier`; a class
    /// registered for the identifier before is forgotten, as UIKit does.
    /// https://developer.apple.com/documentation/uikit/uicollectionview/1618083-register
    open func register(_ nib: UINib?, forCellWithReuseIdentifier identifier: String) {
        cellClasses[identifier] = nil
        nibs["cell/" + identifier] = nib
        reusable["cell/" + identifier] = nil
    }

    /// Supplementary views of `nib` (its one top-level object, a UICollectionReusableView).
    /// https://developer.apple.com/documentation/uikit/uicollectionview/1618101-register
    open func register(_ nib: UINib?, forSupplementaryViewOfKind kind: String, withReuseIdentifier identifier: String) {
        supplementaryClasses[kind + "/" + identifier] = nil
        nibs[kind + "/" + identifier] = nib
        reusable[kind + "/" + identifier] = nil
    }

    /// A cell that left the screen, prepared for reuse, or a new one of the registered class,
    /// with the layout's attributes for `indexPath` applied.
    /// https://developer.apple.com/documentation/uikit/uicollectionview/1618063-dequeuereusablecell
    open func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> UICollectionViewCell {
        let attributes = pendingAttributes(kind: nil, indexPath)
        // A reconfigured item is handed its own cell again, not prepared for reuse, as UIKit does.
        if let cell = reconfiguring.removeValue(forKey: indexPath), cell.reuseIdentifier == identifier {
            if let attributes { cell.applyLayout(attributes) }
            return cell
        }
        let view = dequeue(
            key: "cell/" + identifier, identifier: identifier, registered: cellClasses[identifier], what: "a cell", frame: attributes?.frame ?? .zero)
        let cell = view as? UICollectionViewCell ?? UICollectionViewCell(frame: attributes?.frame ?? .zero)
        cell.owningCollectionView = self
        if let attributes { cell.applyLayout(attributes) }
        return cell
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionview/1618068-dequeuereusablesupplementaryview
    open func dequeueReusableSupplementaryView(
        ofKind elementKind: String, withReuseIdentifier identifier: String, for indexPath: IndexPath
    )
        -> UICollectionReusableView
    {
        let key = elementKind + "/" + identifier
        let attributes = pendingAttributes(kind: elementKind, indexPath)
        let view = dequeue(
            key: key, identifier: identifier, registered: supplementaryClasses[key], what: "a \(elementKind)", frame: attributes?.frame ?? .zero)
        view.owningCollectionView = self
        if let attributes { view.applyLayout(attributes) }
        return view
    }

    /// The attributes of the element being asked of the data source, else the layout's.
    private func pendingAttributes(kind: String?, _ indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        if let (k, path, attributes) = pending, k == kind, path == indexPath { return attributes }
        guard let kind else { return collectionViewLayout.layoutAttributesForItem(at: indexPath) }
        return collectionViewLayout.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath)
    }

    /// A view from the reuse queue, else a new one made at `frame` (the layout's, as UIKit gives
    /// `init(frame:)`).
    private func dequeue(
        key: String, identifier: String, registered: UICollectionReusableView.Type?, what: String, frame: CGRect
    )
        -> UICollectionReusableView
    {
        if var queue = reusable[key], !queue.isEmpty {
            let view = queue.removeLast()
            reusable[key] = queue
            view.prepareForReuse()
            return view
        }
        if let nib = nibs[key] {
            guard let view = nib.instantiate(withOwner: nil).first as? UICollectionReusableView else {
                Diagnostics.once(
                    "nib \(key) \(ObjectIdentifier(self))",
                    "\(describe): the nib registered for \(what) with reuse identifier \"\(identifier)\" does not hold a "
                        + "UICollectionReusableView as its first top-level object; an empty view is shown")
                return what == "a cell" ? UICollectionViewCell(frame: frame) : UICollectionReusableView(frame: frame)
            }
            made += 1
            if view.reuseIdentifier == nil { view.reuseIdentifier = identifier }
            view.frame = frame
            return view
        }
        guard let type = registered else {
            Diagnostics.once(
                "unregistered \(key) \(ObjectIdentifier(self))",
                "\(describe): no class is registered for \(what) with reuse identifier \"\(identifier)\"; an empty view is shown "
                    + "(register the class with register(_:forCellWithReuseIdentifier:) or register(_:forSupplementaryViewOfKind:withReuseIdentifier:))"
            )
            let view: UICollectionReusableView = what == "a cell" ? UICollectionViewCell(frame: frame) : UICollectionReusableView(frame: frame)
            view.reuseIdentifier = identifier
            return view
        }
        made += 1
        return type.init(_registeredForReuseIdentifier: identifier, frame: frame)
    }

    /// Views made by the dequeue calls (not taken from the reuse queues).
    package private(set) var made = 0

    /// The element being asked of the data source: (kind or nil for a cell, index path, attributes).
    private var pending: (String?, IndexPath, UICollectionViewLayoutAttributes)?

    // MARK: What is shown

    private var cells: [IndexPath: UICollectionViewCell] = [:]
    private struct SupplementaryKey: Hashable {
        let kind: String
        let indexPath: IndexPath
    }
    private var supplementaries: [SupplementaryKey: UICollectionReusableView] = [:]
    /// Decoration views shown, by kind and index path (made from the layout's registration).
    private var decorations: [SupplementaryKey: UICollectionReusableView] = [:]

    /// A decoration view of `kind` from the reuse queue (prepared for reuse), else a new one of
    /// the class the layout registered; nil, said once, when none is registered.
    private func reusableDecoration(_ kind: String, _ a: UICollectionViewLayoutAttributes) -> UICollectionReusableView? {
        if var queue = reusable["decoration/" + kind], !queue.isEmpty {
            let view = queue.removeLast()
            reusable["decoration/" + kind] = queue
            view.prepareForReuse()
            return view
        }
        guard let view = collectionViewLayout.makeDecorationView(ofKind: kind, frame: a.frame) else {
            Diagnostics.once(
                "decoration \(kind) \(ObjectIdentifier(self))",
                "\(describe): the layout gives a decoration view of kind \"\(kind)\" but registers no class or nib for it; nothing is "
                    + "shown there, as in UIKit, which stops the app (call register(_:forDecorationViewOfKind:) on the layout)")
            return nil
        }
        made += 1
        return view
    }

    /// The cells shown, in index path order.
    /// https://developer.apple.com/documentation/uikit/uicollectionview/1618056-visiblecells
    open var visibleCells: [UICollectionViewCell] { cells.keys.sorted().compactMap { cells[$0] } }

    /// https://developer.apple.com/documentation/uikit/uicollectionview/1618034-indexpathsforvisibleitems
    open var indexPathsForVisibleItems: [IndexPath] { cells.keys.sorted() }

    /// The cell shown for the item, or nil when it is not on screen.
    /// https://developer.apple.com/documentation/uikit/uicollectionview/1618088-cellforitem
    open func cellForItem(at indexPath: IndexPath) -> UICollectionViewCell? { cells[indexPath] }

    // MARK: Selection

    private var selectedItems: Set<IndexPath> = []
    private var touchedItem: IndexPath?

    /// https://developer.apple.com/documentation/uikit/uicollectionview/1618099-indexpathsforselecteditems
    open var indexPathsForSelectedItems: [IndexPath]? { selectedItems.sorted() }

    /// The item's cell loses its selection at once (the fade of `animated` is not drawn).
    /// https://developer.apple.com/documentation/uikit/uicollectionview/1618092-deselectitem
    open func deselectItem(at indexPath: IndexPath, animated: Bool) {
        selectedItems.remove(indexPath)
        cellForItem(at: indexPath)?.isSelected = false
    }

    /// A finger on an item highlights its cell (when `allowsSelection`).
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard allowsSelection, let touch = touches.first, let item = indexPathForItem(at: touch.location(in: self)),
            let cell = cellForItem(at: item)
        else { return }
        touchedItem = item
        cell.isHighlighted = true
    }

    /// The finger lifting on the item it landed on selects it when the delegate's
    /// `shouldSelectItemAt` allows: the other selected items deselected (`didDeselectItemAt`),
    /// the cell unhighlighted and selected, then `didSelectItemAt`.
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let item = touchedItem else { return }
        touchedItem = nil
        let cell = cellForItem(at: item)
        cell?.isHighlighted = false
        if let touch = touches.first, indexPathForItem(at: touch.location(in: self)) != item { return }
        if allowsMultipleSelection, selectedItems.contains(item) {
            selectedItems.remove(item)
            cell?.isSelected = false
            collectionDelegate?.collectionView(self, didDeselectItemAt: item)
            return
        }
        guard collectionDelegate?.collectionView(self, shouldSelectItemAt: item) ?? true else { return }
        if !allowsMultipleSelection {
            for old in selectedItems.sorted() where old != item {
                selectedItems.remove(old)
                cellForItem(at: old)?.isSelected = false
                collectionDelegate?.collectionView(self, didDeselectItemAt: old)
            }
        }
        selectedItems.insert(item)
        cell?.isSelected = true
        collectionDelegate?.collectionView(self, didSelectItemAt: item)
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        if let item = touchedItem { cellForItem(at: item)?.isHighlighted = false }
        touchedItem = nil
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionview/1618094-indexpath
    open func indexPath(for cell: UICollectionViewCell) -> IndexPath? { cells.first { $0.value === cell }?.key }

    /// https://developer.apple.com/documentation/uikit/uicollectionview/1618068-supplementaryview
    open func supplementaryView(forElementKind elementKind: String, at indexPath: IndexPath) -> UICollectionReusableView? {
        supplementaries[SupplementaryKey(kind: elementKind, indexPath: indexPath)]
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionview/1618026-visiblesupplementaryviews
    open func visibleSupplementaryViews(ofKind elementKind: String) -> [UICollectionReusableView] {
        indexPathsForVisibleSupplementaryElements(ofKind: elementKind).compactMap { supplementaryView(forElementKind: elementKind, at: $0) }
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionview/1618023-indexpathsforvisiblesupplementar
    open func indexPathsForVisibleSupplementaryElements(ofKind elementKind: String) -> [IndexPath] {
        supplementaries.keys.filter { $0.kind == elementKind }.map(\.indexPath).sorted()
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionview/1618031-layoutattributesforitem
    open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        collectionViewLayout.layoutAttributesForItem(at: indexPath)
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionview/1618043-layoutattributesforsupplementary
    open func layoutAttributesForSupplementaryElement(ofKind kind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        collectionViewLayout.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath)
    }

    /// The item whose frame holds `point` (content coordinates), or nil.
    /// https://developer.apple.com/documentation/uikit/uicollectionview/1618030-indexpathforitem
    open func indexPathForItem(at point: CGPoint) -> IndexPath? {
        collectionViewLayout.layoutAttributesForElements(in: CGRect(x: point.x, y: point.y, width: 1, height: 1))?
            .first { $0.representedElementCategory == .cell && $0.frame.contains(point) }?.indexPath
    }

    /// Asks the data source again: every shown view goes to the reuse queues, the layout is
    /// invalidated and the next layout pass shows the items anew.
    /// https://developer.apple.com/documentation/uikit/uicollectionview/1618078-reloaddata
    open func reloadData() {
        counts = nil
        for (path, cell) in reconfiguring { retire(cell, key: "cell/", path: path, kind: nil) }
        reconfiguring = [:]
        for (path, cell) in cells { retire(cell, key: "cell/", path: path, kind: nil) }
        for (key, view) in supplementaries { retire(view, key: key.kind + "/", path: key.indexPath, kind: key.kind) }
        cells = [:]
        supplementaries = [:]
        collectionViewLayout.invalidateLayout()
        setNeedsLayout()
    }

    /// Cells of reconfigured items, waiting for the data source to dequeue them again.
    private var reconfiguring: [IndexPath: UICollectionViewCell] = [:]

    /// Shows the data source's new state at the next layout (a diffable data source's snapshot):
    /// the cells of the items in `keeping` (old index path: new) stay on screen for their items,
    /// those in `reconfiguring` are handed to the data source again at their new paths, the
    /// others and every supplementary view go to the reuse queues; the layout is invalidated.
    func showUpdate(keeping: [IndexPath: IndexPath], reconfiguring reconfigured: [IndexPath: IndexPath]) {
        counts = nil
        var kept: [IndexPath: UICollectionViewCell] = [:]
        for (path, cell) in cells {
            if let to = keeping[path] {
                kept[to] = cell
            } else if let to = reconfigured[path] {
                reconfiguring[to] = cell
            } else {
                retire(cell, key: "cell/", path: path, kind: nil)
            }
        }
        for (key, view) in supplementaries { retire(view, key: key.kind + "/", path: key.indexPath, kind: key.kind) }
        cells = kept
        supplementaries = [:]
        collectionViewLayout.invalidateLayout()
        setNeedsLayout()
    }

    // MARK: Updates, animated as UIKit animates them

    /// The batch gathered by `performBatchUpdates` (nested: the outermost applies it), its
    /// completions, the start places of the items of the update being laid out.
    private var nesting = BatchNesting()
    /// `layoutChange`: an animated `setCollectionViewLayout` (its plan changes nothing).
    private var runningUpdate: (plan: BatchUpdatePlan, oldFrames: [IndexPath: CGRect], layoutChange: Bool)?

    /// Runs `updates` (their inserts, deletes, reloads and moves gathered into one batch) and
    /// animates the change: items that stay slide from their old frames to the layout's new ones,
    /// inserted items fade in at theirs and deleted ones fade out at theirs (the layout's default
    /// initial and final attributes), over 0.3 s eased in and out (as a table's rows: assumed, see
    /// TableUpdates.swift). `completion` is called, with true, when the animations end.
    /// https://developer.apple.com/documentation/uikit/uicollectionview/1618045-performbatchupdates
    open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        nesting.begin()
        updates?()
        endBatch(completion)
    }
    /// https://developer.apple.com/documentation/uikit/uicollectionview/1618097-insertitems
    open func insertItems(at indexPaths: [IndexPath]) { batch { for p in indexPaths { $0.insertedRows[p] = .fade } } }
    /// https://developer.apple.com/documentation/uikit/uicollectionview/1618099-deleteitems
    open func deleteItems(at indexPaths: [IndexPath]) { batch { for p in indexPaths { $0.deletedRows[p] = .fade } } }
    /// https://developer.apple.com/documentation/uikit/uicollectionview/1618079-reloaditems
    open func reloadItems(at indexPaths: [IndexPath]) { batch { for p in indexPaths { $0.reloadedRows[p] = .fade } } }
    /// https://developer.apple.com/documentation/uikit/uicollectionview/1618092-moveitem
    open func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) { batch { $0.moves.append((indexPath, newIndexPath)) } }
    /// https://developer.apple.com/documentation/uikit/uicollectionview/1618095-insertsections
    open func insertSections(_ sections: IndexSet) { batch { for s in sections { $0.insertedSections[s] = .fade } } }
    /// https://developer.apple.com/documentation/uikit/uicollectionview/1618102-deletesections
    open func deleteSections(_ sections: IndexSet) { batch { for s in sections { $0.deletedSections[s] = .fade } } }
    /// https://developer.apple.com/documentation/uikit/uicollectionview/1618094-reloadsections
    open func reloadSections(_ sections: IndexSet) { batch { for s in sections { $0.reloadedSections[s] = .fade } } }
    /// https://developer.apple.com/documentation/uikit/uicollectionview/1618080-movesection
    open func moveSection(_ section: Int, toSection newSection: Int) { batch { $0.movedSections.append((section, newSection)) } }

    private func batch(_ change: (inout BatchUpdate) -> Void) {
        nesting.begin()
        nesting.change(change)
        endBatch(nil)
    }
    private func endBatch(_ completion: ((Bool) -> Void)?, reconfiguring: Set<IndexPath> = []) {
        if let ended = nesting.end(completion) { apply(ended.update, reconfiguring: reconfiguring, completion: ended.completion) }
    }

    /// A diffable data source's update, inside a batch the app has open or on its own; the cells
    /// of the items at `reconfiguring` (index paths before) stay and go to the data source again.
    func applyBatch(_ update: BatchUpdate, reconfiguring: Set<IndexPath>, completion: @escaping (Bool) -> Void) {
        nesting.begin()
        nesting.change { $0.absorb(update) }
        endBatch(completion, reconfiguring: reconfiguring)
    }

    private func apply(_ update: BatchUpdate, reconfiguring: Set<IndexPath> = [], completion: @escaping (Bool) -> Void) {
        let later = { AnimationCapture.commit(AnimationContext(.none), completion: completion) }
        // Never counted (never laid out): nothing drawn to animate from; the items load.
        guard let old = counts, let ds = dataSource else {
            reloadData()
            later()
            return
        }
        let newCounts = (0..<max(0, ds.numberOfSections(in: self))).map { max(0, ds.collectionView(self, numberOfItemsInSection: $0)) }
        guard let plan = BatchUpdatePlan.checked(
            update, old: old, new: newCounts, noun: "item", container: "collection view", describe: describe, reloading: "the collection view")
        else {
            reloadData()
            later()
            return
        }
        // The old frames of the items around the visible area (where items coming on screen were).
        let reach = bounds.insetBy(dx: -bounds.width, dy: -bounds.height)
        var oldFrames: [IndexPath: CGRect] = [:]
        for a in collectionViewLayout.layoutAttributesForElements(in: reach) ?? [] where a.representedElementCategory == .cell {
            oldFrames[a.indexPath] = a.frame
        }
        var keeping: [IndexPath: IndexPath] = [:]
        var reconfigured: [IndexPath: IndexPath] = [:]
        var leaving: [(path: IndexPath, cell: UICollectionViewCell)] = []
        for (path, cell) in cells.sorted(by: { $0.key < $1.key }) {
            if plan.leaving(path) == nil, let now = plan.newPath(path) {
                if reconfiguring.contains(path) { reconfigured[path] = now } else { keeping[path] = now }
            } else {
                cells[path] = nil
                leaving.append((path, cell))
            }
        }
        // Headers, footers and other supplementary views of sections that stay slide with them
        // (kept for the section's new index); those of sections deleted or reloaded fade out.
        var keptSupplements: [SupplementaryKey: UICollectionReusableView] = [:]
        var supplementsOut: [(key: SupplementaryKey, view: UICollectionReusableView)] = []
        for (key, view) in supplementaries.sorted(by: { ($0.key.kind, $0.key.indexPath) < ($1.key.kind, $1.key.indexPath) }) {
            let s = key.indexPath.section
            if s < plan.sectionToNew.count, let n = plan.sectionToNew[s], plan.update.reloadedSections[s] == nil {
                var path = key.indexPath
                path.section = n
                keptSupplements[SupplementaryKey(kind: key.kind, indexPath: path)] = view
            } else {
                supplementsOut.append((key, view))
            }
            supplementaries[key] = nil
        }
        showUpdate(keeping: keeping, reconfiguring: reconfigured)
        supplementaries = keptSupplements
        let animates = UIView.areAnimationsEnabled && !AnimationCapture.withoutAnimation
        if !animates {
            for l in supplementsOut { retire(l.view, key: l.key.kind + "/", path: l.key.indexPath, kind: l.key.kind) }
            supplementsOut = []
        }
        let done: (Bool) -> Void = { [weak self] finished in
            guard let self else { return }
            for l in supplementsOut {
                UIView.performWithoutAnimation { l.view.alpha = 1 }
                self.retire(l.view, key: l.key.kind + "/", path: l.key.indexPath, kind: l.key.kind)
            }
            for l in leaving {
                UIView.performWithoutAnimation { l.cell.alpha = 1 }
                self.retire(l.cell, key: "cell/", path: l.path, kind: nil)
            }
            completion(finished)
        }
        guard animates else {
            layoutIfNeeded()
            AnimationCapture.commit(AnimationContext(.none), completion: done)
            return
        }
        runningUpdate = (plan, oldFrames, false)
        UIView.animate(
            withDuration: UITableView.rowAnimationDuration, delay: 0, options: [],
            animations: {
                for l in leaving { l.cell.alpha = 0 }
                for l in supplementsOut { l.view.alpha = 0 }
                self.layoutIfNeeded()
            }, completion: done)
        runningUpdate = nil
    }

    /// A cell made for `path` inside an update's animation starts where UIKit starts it: an item
    /// that was there before at its old frame, an inserted one at its new frame, clear.
    private func placeAppearing(_ cell: UICollectionViewCell, at path: IndexPath, _ a: UICollectionViewLayoutAttributes) {
        guard let update = runningUpdate else { return }
        let start: CGRect, alpha: CGFloat
        if update.layoutChange {
            // Not shown before the layout changed: it fades in at its new place.
            (start, alpha) = (a.frame, 0)
        } else if update.plan.entering(path) == nil, let was = update.plan.oldPath(path), let frame = update.oldFrames[was] {
            (start, alpha) = (frame, a.alpha)
        } else if update.plan.entering(path) != nil {
            (start, alpha) = (a.frame, 0)
        } else {
            return
        }
        UIView.performWithoutAnimation {
            cell.layoutIfNeeded()
            cell.center = CGPoint(x: start.midX, y: start.midY)
            cell.alpha = alpha
        }
        AnimationCapture.forget(cell.layer)
        cell.center = a.center
        cell.alpha = a.alpha
    }

    /// A supplementary view made inside an update's animation for a section the update inserts
    /// or reloads fades in at its place (the layout's default initial attributes).
    private func placeAppearingSupplement(_ view: UICollectionReusableView, _ a: UICollectionViewLayoutAttributes) {
        guard let update = runningUpdate else { return }
        let plan = update.plan
        let n = a.indexPath.section
        guard update.layoutChange || plan.update.insertedSections[n] != nil || (n < plan.sectionToOld.count && plan.sectionToOld[n].map { plan.update.reloadedSections[$0] != nil } ?? true)
        else { return }
        UIView.performWithoutAnimation { view.alpha = 0 }
        AnimationCapture.forget(view.layer)
        view.alpha = a.alpha
    }

    /// Takes a view off the screen and into its reuse queue, telling the delegate.
    func retire(_ view: UICollectionReusableView, key prefix: String, path: IndexPath, kind: String?) {
        view.removeFromSuperview()
        if let id = view.reuseIdentifier { reusable[prefix + id, default: []].append(view) }
        if let kind {
            collectionDelegate?.collectionView(self, didEndDisplayingSupplementaryView: view, forElementOfKind: kind, at: path)
        } else if let cell = view as? UICollectionViewCell {
            collectionDelegate?.collectionView(self, didEndDisplaying: cell, forItemAt: path)
        }
    }

    /// Moves the content, scrolling until the item is at `scrollPosition` (top, centre, bottom,
    /// left, right); animated, as `setContentOffset(_:animated:)` animates.
    /// https://developer.apple.com/documentation/uikit/uicollectionview/1618046-scrolltoitem
    open func scrollToItem(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
        layoutIfNeeded()
        guard let frame = layoutAttributesForItem(at: indexPath)?.frame else { return }
        let inset = adjustedContentInset
        var o = contentOffset
        if scrollPosition.contains(.top) { o.y = frame.minY - inset.top }
        if scrollPosition.contains(.centeredVertically) { o.y = frame.midY - (bounds.height + inset.top - inset.bottom) / 2 }
        if scrollPosition.contains(.bottom) { o.y = frame.maxY - bounds.height + inset.bottom }
        if scrollPosition.contains(.left) { o.x = frame.minX - inset.left }
        if scrollPosition.contains(.centeredHorizontally) { o.x = frame.midX - bounds.width / 2 }
        if scrollPosition.contains(.right) { o.x = frame.maxX - bounds.width + inset.right }
        setContentOffset(o, animated: animated)
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionview/scrollposition
    public struct ScrollPosition: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let top = ScrollPosition(rawValue: 1 << 0)
        public static let centeredVertically = ScrollPosition(rawValue: 1 << 1)
        public static let bottom = ScrollPosition(rawValue: 1 << 2)
        public static let left = ScrollPosition(rawValue: 1 << 3)
        public static let centeredHorizontally = ScrollPosition(rawValue: 1 << 4)
        public static let right = ScrollPosition(rawValue: 1 << 5)
    }

    // MARK: Layout

    /// A released drag rests where the layout's `targetContentOffset(forProposedContentOffset:withScrollingVelocity:)`
    /// puts it (not when paging), before the delegate's `scrollViewWillEndDragging` is asked, as UIKit does.
    override func releaseTarget(_ proposed: CGPoint, velocity: CGPoint) -> CGPoint {
        guard !isPagingEnabled else { return proposed }
        return collectionViewLayout.targetContentOffset(forProposedContentOffset: proposed, withScrollingVelocity: velocity)
    }

    /// The bounds the layout was last asked about.
    private var askedBounds: CGRect?

    /// Asks the layout whether `newBounds` invalidates it (and invalidates it if so), as UIKit
    /// does on every bounds change: a scroll or a resize.
    private func askLayout(about newBounds: CGRect) {
        guard newBounds != askedBounds else { return }
        askedBounds = newBounds
        let layout = collectionViewLayout
        if layout.shouldInvalidateLayout(forBoundsChange: newBounds) {
            layout.invalidateLayout(with: layout.invalidationContext(forBoundsChange: newBounds))
        }
    }

    open override var bounds: CGRect {
        get { super.bounds }
        set {
            if newValue != super.bounds { askLayout(about: newValue) }
            super.bounds = newValue
        }
    }

    /// A new frame is a bounds change too (UIKit's setFrame sets the bounds).
    open override var frame: CGRect {
        get { super.frame }
        set {
            let newBounds = CGRect(origin: bounds.origin, size: newValue.size)
            if newBounds != super.bounds { askLayout(about: newBounds) }
            super.frame = newValue
        }
    }

    /// The bounds' size when the layout was last prepared.
    private var preparedSize: CGSize?

    open override func layoutSubviews() {
        super.layoutSubviews()
        // A size changed around the setters (on the layer): the layout is laid out again.
        if let size = preparedSize, size != bounds.size, askedBounds != bounds { collectionViewLayout.invalidateLayout() }
        askedBounds = bounds
        backgroundView?.frame = bounds
        let layout = collectionViewLayout
        // Cells that size themselves move the items after them: shown again until no cell asks
        // for another size (the last pass only shows).
        for pass in 0...Self.sizingPasses {
            let invalidated = layout.needsPrepare
            if layout.needsPrepare {
                layout.needsPrepare = false
                Activity.set(frame: ScreenRun.current?.frame ?? 0, call: "\(type(of: layout)).prepare")
                layout.prepare()
                preparedSize = bounds.size
                let size = layout.collectionViewContentSize
                if size != contentSize { contentSize = size }
            }
            let appeared = showElements(layout.layoutAttributesForElements(in: bounds) ?? [], reapply: invalidated)
            if pass == Self.sizingPasses || !askPreferredAttributes(appeared: appeared) { break }
        }
        // Reconfigured items no longer on screen: their cells go to the reuse queue.
        for (path, cell) in reconfiguring { retire(cell, key: "cell/", path: path, kind: nil) }
        reconfiguring = [:]
    }

    /// Layout passes a layout may take to settle self-sizing cells in one layout of the view.
    static let sizingPasses = 8

    /// Asks the cells shown that the layout wants measured for their preferred attributes
    /// (`preferredLayoutAttributesFitting(_:)`), in item order, and invalidates the layout with
    /// the context it gives for each it accepts; true when it was invalidated.
    private func askPreferredAttributes(appeared: Set<IndexPath>) -> Bool {
        let layout = collectionViewLayout
        var invalidated = false
        for path in cells.keys.sorted() {
            guard let cell = cells[path], let original = cell.appliedAttributes,
                layout.asksPreferredAttributes(for: original, appeared: appeared.contains(path))
            else { continue }
            Activity.set(frame: ScreenRun.current?.frame ?? 0, call: "preferredLayoutAttributesFitting(\(path))")
            let preferred = cell.preferredLayoutAttributesFitting(original.copy() as? UICollectionViewLayoutAttributes ?? original)
            layout.didAskPreferredAttributes(for: original)
            if layout.shouldInvalidateLayout(forPreferredLayoutAttributes: preferred, withOriginalAttributes: original) {
                layout.invalidateLayout(with: layout.invalidationContext(forPreferredLayoutAttributes: preferred, withOriginalAttributes: original))
                invalidated = true
            }
        }
        return invalidated && layout.needsPrepare
    }

    /// Shows a view for each of `attributes`: the one already shown for it, else one from the
    /// data source; views no longer listed go to the reuse queues. Views already shown take new
    /// attributes only after the layout was invalidated (`reapply`): as in UIKit, a layout that
    /// does not invalidate on a scroll keeps its shown views where they were.
    /// Returns the items whose cells came from the data source.
    @discardableResult
    private func showElements(_ attributes: [UICollectionViewLayoutAttributes], reapply: Bool) -> Set<IndexPath> {
        var keptCells: [IndexPath: UICollectionViewCell] = [:]
        var keptSupplementary: [SupplementaryKey: UICollectionReusableView] = [:]
        var keptDecorations: [SupplementaryKey: UICollectionReusableView] = [:]
        var appeared: [(UICollectionReusableView, UICollectionViewLayoutAttributes)] = []
        for a in attributes {
            switch a.representedElementCategory {
            case .cell:
                guard keptCells[a.indexPath] == nil else { continue }
                if let cell = cells[a.indexPath] {
                    if reapply { cell.applyLayout(a) }
                    keptCells[a.indexPath] = cell
                } else if let ds = dataSource, numberOfItems(inSection: a.indexPath.section) > a.indexPath.item {
                    pending = (nil, a.indexPath, a)
                    Activity.set(frame: ScreenRun.current?.frame ?? 0, call: "collectionView(_:cellForItemAt: \(a.indexPath))")
                    let cell = ds.collectionView(self, cellForItemAt: a.indexPath)
                    pending = nil
                    cell.owningCollectionView = self
                    cell.applyLayout(a)
                    placeAppearing(cell, at: a.indexPath, a)
                    keptCells[a.indexPath] = cell
                    appeared.append((cell, a))
                }
            case .supplementaryView:
                guard let kind = a.representedElementKind else { continue }
                let key = SupplementaryKey(kind: kind, indexPath: a.indexPath)
                guard keptSupplementary[key] == nil else { continue }
                if let view = supplementaries[key] {
                    if reapply { view.applyLayout(a) }
                    keptSupplementary[key] = view
                } else if let ds = dataSource {
                    pending = (kind, a.indexPath, a)
                    Activity.set(
                        frame: ScreenRun.current?.frame ?? 0, call: "collectionView(_:viewForSupplementaryElementOfKind: \(kind), at: \(a.indexPath))"
                    )
                    let view = ds.collectionView(self, viewForSupplementaryElementOfKind: kind, at: a.indexPath)
                    pending = nil
                    view.owningCollectionView = self
                    view.applyLayout(a)
                    placeAppearingSupplement(view, a)
                    keptSupplementary[key] = view
                    appeared.append((view, a))
                }
            case .decorationView:
                guard let kind = a.representedElementKind else { continue }
                let key = SupplementaryKey(kind: kind, indexPath: a.indexPath)
                guard keptDecorations[key] == nil else { continue }
                if let view = decorations[key] {
                    if reapply { view.applyLayout(a) }
                    keptDecorations[key] = view
                } else if let view = reusableDecoration(kind, a) {
                    view.owningCollectionView = self
                    view.applyLayout(a)
                    keptDecorations[key] = view
                    // Behind the items (a background), above the background view.
                    insertSubview(view, at: backgroundView?.superview === self ? 1 : 0)
                }
            }
        }
        for (key, view) in decorations where keptDecorations[key] !== view {
            view.removeFromSuperview()
            reusable["decoration/" + key.kind, default: []].append(view)
        }
        decorations = keptDecorations
        for (path, cell) in cells where keptCells[path] !== cell { leave(cell, key: "cell/", path: path, kind: nil) }
        for (key, view) in supplementaries where keptSupplementary[key] !== view {
            leave(view, key: key.kind + "/", path: key.indexPath, kind: key.kind)
        }
        if !appeared.isEmpty { Activity.set(frame: ScreenRun.current?.frame ?? 0, call: "layout") }
        cells = keptCells
        supplementaries = keptSupplementary
        for (view, a) in appeared {
            if view.superview !== self { addSubview(view) }
            if let cell = view as? UICollectionViewCell {
                collectionDelegate?.collectionView(self, willDisplay: cell, forItemAt: a.indexPath)
            } else if let kind = a.representedElementKind {
                collectionDelegate?.collectionView(self, willDisplaySupplementaryView: view, forElementKind: kind, at: a.indexPath)
            }
        }
        return Set(appeared.compactMap { $0.1.representedElementCategory == .cell ? $0.1.indexPath : nil })
    }
}

/// A view controller whose view is a collection view, its data source and delegate.
/// https://developer.apple.com/documentation/uikit/uicollectionviewcontroller
@preconcurrency @MainActor open class UICollectionViewController: UIViewController, UICollectionViewDataSource, UICollectionViewDelegate {
    private let initialLayout: UICollectionViewLayout

    /// https://developer.apple.com/documentation/uikit/uicollectionviewcontroller/1623980-init
    public init(collectionViewLayout layout: UICollectionViewLayout) {
        initialLayout = layout
        super.init(nibName: nil, bundle: nil)
    }

    public required init?(coder: NSCoder) {
        initialLayout = UICollectionViewFlowLayout()
        super.init(coder: coder)
    }

    /// The view, made by `loadView` with the layout given at init.
    /// https://developer.apple.com/documentation/uikit/uicollectionviewcontroller/1623976-collectionview
    open var collectionView: UICollectionView! {
        get { view as? UICollectionView }
        set { view = newValue }
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionviewcontroller/1623982-collectionviewlayout
    open var collectionViewLayout: UICollectionViewLayout { collectionView?.collectionViewLayout ?? initialLayout }

    open var clearsSelectionOnViewWillAppear = true
    open var installsStandardGestureForInteractiveMovement = true

    /// The storyboard's collection view when the controller comes from one (its layout, cells
    /// and connections as the file has them), else a new one with the layout given at init.
    open override func loadView() {
        if loadInterfaceBuilderView() { return }
        let cv = UICollectionView(frame: UIScreen.main.bounds, collectionViewLayout: initialLayout)
        cv.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        cv.delegate = self
        cv.dataSource = self
        view = cv
    }

    open func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 0 }
    open func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        UICollectionViewCell()
    }
    open func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }
    open func collectionView(
        _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> UICollectionReusableView {
        Diagnostics.once(
            "supplementary \(kind) \(ObjectIdentifier(collectionView))",
            "\(collectionView.describe): the layout has a \(kind) but the data source has no "
                + "collectionView(_:viewForSupplementaryElementOfKind:at:); an empty view is shown there")
        return UICollectionReusableView()
    }
    open func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {}
    open func collectionView(_ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {}
    open func collectionView(
        _ collectionView: UICollectionView, willDisplaySupplementaryView view: UICollectionReusableView, forElementKind elementKind: String,
        at indexPath: IndexPath
    ) {}
    open func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {}

    // The scroll view's delegate methods a subclass overrides (`override func scrollViewDidScroll`):
    // Swift on Apple's platforms mirrors the protocols' methods into the controller, as here.
    open func scrollViewDidScroll(_ scrollView: UIScrollView) {}
    open func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {}
    open func scrollViewWillEndDragging(
        _ scrollView: UIScrollView, withVelocity velocity: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>
    ) {}
    open func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {}
    open func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) {}
    open func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {}
    open func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {}
}

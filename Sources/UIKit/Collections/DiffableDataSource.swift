import Foundation

/// A collection view's data source fed with snapshots: `apply(_:)` a snapshot and the collection
/// view shows it at its next layout (the next frame); the cell provider makes each cell for its
/// item identifier. Items in both snapshots keep their cells (the provider is not asked again),
/// reloaded items get new ones, reconfigured items are given to the provider again in their own
/// cell, as UIKit does. Animated, the differences play as the collection view's batch update:
/// items by identifier fade in and out, moved and shifted ones slide to their new frames.
/// https://developer.apple.com/documentation/uikit/uicollectionviewdiffabledatasource
@preconcurrency @MainActor open class UICollectionViewDiffableDataSource<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable>:
    NSObject, UICollectionViewDataSource
{
    public typealias CellProvider = @MainActor (UICollectionView, IndexPath, ItemIdentifierType) -> UICollectionViewCell?
    public typealias SupplementaryViewProvider = @MainActor (UICollectionView, String, IndexPath) -> UICollectionReusableView?

    private weak var collectionView: UICollectionView?
    private let cellProvider: CellProvider
    private var current = NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>()

    /// Makes the collection view's data source this one (it holds it weakly: keep a reference).
    /// https://developer.apple.com/documentation/uikit/uicollectionviewdiffabledatasource/init(collectionview:cellprovider:)
    public init(collectionView: UICollectionView, cellProvider: @escaping CellProvider) {
        self.collectionView = collectionView
        self.cellProvider = cellProvider
        super.init()
        collectionView.dataSource = self
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionviewdiffabledatasource/supplementaryviewprovider
    public var supplementaryViewProvider: SupplementaryViewProvider?

    /// A copy of the data shown.
    public func snapshot() -> NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> { current }

    /// Shows `snapshot`. Animated, the difference from the snapshot shown plays as a batch update
    /// (`performBatchUpdates`' animation; `completion` when it ends, as UIKit calls it); not
    /// animated, at the next layout at once (`completion` when the data source holds it).
    /// https://developer.apple.com/documentation/uikit/uicollectionviewdiffabledatasource/apply(_:animatingdifferences:completion:)
    open func apply(
        _ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>, animatingDifferences: Bool = true,
        completion: (() -> Void)? = nil
    ) {
        let old = current
        current = snapshot
        guard let cv = collectionView else { return completion?() ?? () }
        if animatingDifferences {
            let (update, reconfigured) = snapshot.batchUpdate(from: old, style: .fade)
            cv.applyBatch(update, reconfiguring: reconfigured) { _ in completion?() }
            return
        }
        var kept: [IndexPath: IndexPath] = [:]
        var reconfigured: [IndexPath: IndexPath] = [:]
        let reloaded = Set(snapshot.reloadedItemIdentifiers)
        let reloadedSections = Set(snapshot.reloadedSectionIdentifiers)
        let reconfigure = Set(snapshot.reconfiguredItemIdentifiers)
        for item in old.itemIdentifiers {
            guard let from = old.indexPath(of: item), let to = snapshot.indexPath(of: item), !reloaded.contains(item),
                let section = snapshot.sectionIdentifier(containingItem: item), !reloadedSections.contains(section)
            else { continue }
            if reconfigure.contains(item) { reconfigured[from] = to } else { kept[from] = to }
        }
        cv.showUpdate(keeping: kept, reconfiguring: reconfigured)
        completion?()
    }

    /// Shows `snapshot` as `reloadData()` does: every cell asked of the provider again.
    /// https://developer.apple.com/documentation/uikit/uicollectionviewdiffabledatasource/applysnapshotusingreloaddata(_:completion:)
    open func applySnapshotUsingReloadData(
        _ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>, completion: (() -> Void)? = nil
    ) {
        current = snapshot
        collectionView?.reloadData()
        completion?()
    }

    /// The item shown at `indexPath`, or nil.
    public func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? { current.item(at: indexPath) }
    /// Where the item is shown, or nil.
    public func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? { current.indexPath(of: itemIdentifier) }
    /// The section at `index`, or nil.
    public func sectionIdentifier(for index: Int) -> SectionIdentifierType? {
        current.sectionIdentifiers.indices.contains(index) ? current.sectionIdentifiers[index] : nil
    }
    /// The index of the section, or nil.
    public func index(for sectionIdentifier: SectionIdentifierType) -> Int? { current.indexOfSection(sectionIdentifier) }

    // MARK: The data source

    open func numberOfSections(in collectionView: UICollectionView) -> Int { current.numberOfSections }

    open func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        let counts = current.counts
        return counts.indices.contains(section) ? counts[section] : 0
    }

    open func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        if let item = current.item(at: indexPath), let cell = cellProvider(collectionView, indexPath, item) { return cell }
        Diagnostics.once(
            "diffable nil cell \(ObjectIdentifier(collectionView))",
            "error: UICollectionViewDiffableDataSource: the cell provider returned nil for the item at \(indexPath); iOS stops the app here; "
                + "an empty cell is shown (return a dequeued cell for every item)")
        return UICollectionViewCell()
    }

    open func collectionView(
        _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> UICollectionReusableView {
        if let view = supplementaryViewProvider?(collectionView, kind, indexPath) { return view }
        Diagnostics.once(
            "diffable nil supplementary \(kind) \(ObjectIdentifier(collectionView))",
            "error: UICollectionViewDiffableDataSource: the layout has a \(kind) at \(indexPath) but "
                + (supplementaryViewProvider == nil ? "supplementaryViewProvider is not set" : "supplementaryViewProvider returned nil")
                + "; iOS stops the app here; an empty view is shown")
        return UICollectionReusableView()
    }
}

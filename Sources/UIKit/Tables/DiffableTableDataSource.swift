import Foundation

/// A table's data source fed with snapshots. `apply(_:)` plays the difference from the snapshot
/// shown as one batch update (TableUpdates.swift): rows by identifier inserted, deleted and
/// reloaded with `defaultRowAnimation`, moved rows sliding, the rows that stay keeping their
/// cells. Subclass it for section titles (`tableView(_:titleForHeaderInSection:)`).
/// https://developer.apple.com/documentation/uikit/uitableviewdiffabledatasource
@preconcurrency @MainActor open class UITableViewDiffableDataSource<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable>:
    NSObject, UITableViewDataSource
{
    public typealias CellProvider = @MainActor (UITableView, IndexPath, ItemIdentifierType) -> UITableViewCell?

    private weak var tableView: UITableView?
    private let cellProvider: CellProvider
    private var current = NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>()

    /// The animation of the rows and sections an animated `apply` inserts, deletes and reloads.
    /// https://developer.apple.com/documentation/uikit/uitableviewdiffabledatasource/defaultrowanimation
    public var defaultRowAnimation = UITableView.RowAnimation.automatic

    /// Makes the table's data source this one (it holds it weakly: keep a reference).
    /// https://developer.apple.com/documentation/uikit/uitableviewdiffabledatasource/init(tableview:cellprovider:)
    public init(tableView: UITableView, cellProvider: @escaping CellProvider) {
        self.tableView = tableView
        self.cellProvider = cellProvider
        super.init()
        tableView.dataSource = self
    }

    public func snapshot() -> NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> { current }

    /// Shows `snapshot`. Animated, the difference from the snapshot shown plays as a batch update
    /// (`completion` when it ends, as UIKit calls it); not animated, the same difference is made
    /// at once (`completion` then). A table not yet on screen just loads the rows.
    /// https://developer.apple.com/documentation/uikit/uitableviewdiffabledatasource/apply(_:animatingdifferences:completion:)
    open func apply(
        _ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>, animatingDifferences: Bool = true,
        completion: (() -> Void)? = nil
    ) {
        let old = current
        current = snapshot
        guard let tv = tableView else { return completion?() ?? () }
        var (update, reconfigured) = snapshot.batchUpdate(from: old, style: animatingDifferences ? defaultRowAnimation : .none)
        // A reconfigured row is given to the cell provider again in place, with no animation.
        for path in reconfigured { update.reloadedRows[path] = UITableView.RowAnimation.none }
        guard animatingDifferences else {
            // As iOS 15 and later: the difference at once, the rows that stay keeping their cells
            // (only rows inserted, reloaded or reconfigured go to the cell provider).
            UIView.performWithoutAnimation {
                tv.beginUpdates()
                tv.nesting.change { $0.absorb(update) }
                tv.finishUpdates(completion: nil)
            }
            completion?()
            return
        }
        tv.beginUpdates()
        tv.nesting.change { $0.absorb(update) }
        tv.finishUpdates { _ in completion?() }
    }

    /// https://developer.apple.com/documentation/uikit/uitableviewdiffabledatasource/applysnapshotusingreloaddata(_:completion:)
    open func applySnapshotUsingReloadData(
        _ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>, completion: (() -> Void)? = nil
    ) {
        current = snapshot
        tableView?.reloadData()
        completion?()
    }

    public func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? { current.item(at: indexPath) }
    public func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? { current.indexPath(of: itemIdentifier) }
    public func sectionIdentifier(for index: Int) -> SectionIdentifierType? {
        current.sectionIdentifiers.indices.contains(index) ? current.sectionIdentifiers[index] : nil
    }
    public func index(for sectionIdentifier: SectionIdentifierType) -> Int? { current.indexOfSection(sectionIdentifier) }

    // MARK: The data source

    open func numberOfSections(in tableView: UITableView) -> Int { current.numberOfSections }

    open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        let counts = current.counts
        return counts.indices.contains(section) ? counts[section] : 0
    }

    open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        if let item = current.item(at: indexPath), let cell = cellProvider(tableView, indexPath, item) { return cell }
        Diagnostics.once(
            "diffable nil row \(ObjectIdentifier(tableView))",
            "error: UITableViewDiffableDataSource: the cell provider returned nil for the row at \(indexPath); iOS stops the app here; "
                + "an empty cell is shown (return a dequeued cell for every row)")
        return UITableViewCell()
    }

    /// None: override in a subclass to title the sections.
    open func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { nil }
    /// None: override in a subclass.
    open func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? { nil }
}

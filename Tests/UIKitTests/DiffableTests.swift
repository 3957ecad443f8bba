import Foundation
import UIKit
import XCTest

/// Snapshots as Apple documents them, and the diffable data sources of a collection view and a
/// table shown.
final class DiffableTests: XCTestCase {
    typealias Snapshot = NSDiffableDataSourceSnapshot<String, Int>

    func testSnapshotOrderCountsAndLookups() {
        MainActor.assumeIsolated {
            var s = Snapshot()
            s.appendSections(["a", "b"])
            s.appendItems([1, 2, 3], toSection: "a")
            s.appendItems([10, 11])
            XCTAssertEqual(s.numberOfSections, 2)
            XCTAssertEqual(s.numberOfItems, 5)
            XCTAssertEqual(s.itemIdentifiers, [1, 2, 3, 10, 11])
            XCTAssertEqual(s.itemIdentifiers(inSection: "b"), [10, 11])
            XCTAssertEqual(s.numberOfItems(inSection: "a"), 3)
            XCTAssertEqual(s.sectionIdentifier(containingItem: 11), "b")
            XCTAssertNil(s.sectionIdentifier(containingItem: 99))
            XCTAssertEqual(s.indexOfItem(10), 3, "counted across sections")
            XCTAssertNil(s.indexOfItem(99))
            XCTAssertEqual(s.indexOfSection("b"), 1)
        }
    }

    func testSnapshotInsertMoveDelete() {
        MainActor.assumeIsolated {
            var s = Snapshot()
            s.appendSections(["a", "b"])
            s.appendItems([1, 2], toSection: "a")
            s.appendItems([10], toSection: "b")
            s.insertItems([5], beforeItem: 2)
            s.insertItems([6], afterItem: 10)
            XCTAssertEqual(s.itemIdentifiers, [1, 5, 2, 10, 6])
            s.moveItem(1, afterItem: 6)
            XCTAssertEqual(s.itemIdentifiers(inSection: "b"), [10, 6, 1])
            XCTAssertEqual(s.sectionIdentifier(containingItem: 1), "b")
            s.moveItem(6, beforeItem: 5)
            XCTAssertEqual(s.itemIdentifiers, [6, 5, 2, 10, 1])
            s.deleteItems([5, 10])
            XCTAssertEqual(s.itemIdentifiers, [6, 2, 1])
            s.insertSections(["z"], beforeSection: "a")
            s.moveSection("b", beforeSection: "a")
            XCTAssertEqual(s.sectionIdentifiers, ["z", "b", "a"])
            XCTAssertEqual(s.itemIdentifiers, [1, 6, 2])
            s.deleteSections(["b"])
            XCTAssertEqual(s.itemIdentifiers, [6, 2])
            XCTAssertNil(s.sectionIdentifier(containingItem: 1))
            s.reloadItems([6])
            s.reconfigureItems([2])
            s.reloadSections(["a"])
            XCTAssertEqual(s.reloadedItemIdentifiers, [6])
            XCTAssertEqual(s.reconfiguredItemIdentifiers, [2])
            XCTAssertEqual(s.reloadedSectionIdentifiers, ["a"])
            s.deleteAllItems()
            XCTAssertEqual(s.numberOfItems, 0)
            XCTAssertEqual(s.sectionIdentifiers, ["z", "a"])
        }
    }

    /// Identifiers that are not unique, items with no section, identifiers the snapshot does not
    /// hold: iOS stops the app; here each is said as an error and the call changes nothing.
    func testDuplicateIdentifiersAreAClearErrorAndChangeNothing() {
        MainActor.assumeIsolated {
            ScreenRun.resetDiagnostics()
            var s = Snapshot()
            s.appendItems([1])
            s.appendSections(["a"])
            s.appendItems([1, 2, 2])
            XCTAssertEqual(s.numberOfItems, 0)
            s.appendItems([1, 2])
            s.appendSections(["b", "a"])
            s.appendItems([2], toSection: "a")
            s.insertItems([3], beforeItem: 42)
            XCTAssertEqual(s.sectionIdentifiers, ["a"])
            XCTAssertEqual(s.itemIdentifiers, [1, 2])
            XCTAssertEqual(
                ScreenRun.takeDiagnostics(),
                [
                    "error: NSDiffableDataSourceSnapshot.appendItems(_:toSection:): there are no sections in the snapshot; add a section first "
                        + "with appendSections(_:); iOS stops the app here (NSInternalInconsistencyException), here the call changes nothing",
                    "error: NSDiffableDataSourceSnapshot.appendItems(_:toSection:): supplied item identifiers are not unique (duplicates: 2); "
                        + "each item needs an identifier of its own (a UUID in the item, or the item's own Hashable values); iOS stops the app "
                        + "here (NSInternalInconsistencyException), here the call changes nothing",
                    "error: NSDiffableDataSourceSnapshot.appendSections(_:): supplied section identifiers are not unique (duplicates: a); iOS "
                        + "stops the app here (NSInternalInconsistencyException), here the call changes nothing",
                    "error: NSDiffableDataSourceSnapshot.insertItems(_:beforeItem:): the item 42 is not in the snapshot; iOS stops the app here "
                        + "(NSInternalInconsistencyException), here the call changes nothing",
                ])
        }
    }

    /// The collection view shows the snapshot applied; a new snapshot keeps the cells of the
    /// items it keeps (the provider is asked only for new items), a reconfigured item is handed
    /// its own cell again.
    func testDiffableCollectionShowsSnapshotsAndKeepsCells() throws {
        try MainActor.assumeIsolated {
            let item = NSCollectionLayoutItem(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
            let group = NSCollectionLayoutGroup.horizontal(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(50)), subitems: [item])
            let cv = UICollectionView(
                frame: CGRect(x: 0, y: 0, width: 390, height: 400),
                collectionViewLayout: UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group)))
            var asked: [Int] = []
            let registration = UICollectionView.CellRegistration<CardCell, Int> { cell, _, item in
                asked.append(item)
                cell.label.text = "\(item)"
            }
            let source = UICollectionViewDiffableDataSource<String, Int>(collectionView: cv) { cv, indexPath, item in
                cv.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
            }
            var s = Snapshot()
            s.appendSections(["main"])
            s.appendItems([7, 8, 9])
            source.apply(s, animatingDifferences: false)
            cv.layoutIfNeeded()
            XCTAssertEqual(asked, [7, 8, 9])
            XCTAssertEqual(cv.visibleCells.compactMap { ($0 as? CardCell)?.label.text }, ["7", "8", "9"])
            XCTAssertEqual(source.itemIdentifier(for: IndexPath(item: 1, section: 0)), 8)
            XCTAssertEqual(source.indexPath(for: 9), IndexPath(item: 2, section: 0))
            let cellOf9 = try XCTUnwrap(cv.cellForItem(at: IndexPath(item: 2, section: 0)))
            let cellOf8 = try XCTUnwrap(cv.cellForItem(at: IndexPath(item: 1, section: 0)))

            var next = source.snapshot()
            next.deleteItems([7])
            next.insertItems([1], afterItem: 9)
            next.reconfigureItems([8])
            asked = []
            source.apply(next)
            cv.layoutIfNeeded()
            XCTAssertEqual(asked.sorted(), [1, 8], "only the new item and the reconfigured one")
            XCTAssertTrue(cv.cellForItem(at: IndexPath(item: 1, section: 0)) === cellOf9, "9 keeps its cell, one place up")
            XCTAssertTrue(cv.cellForItem(at: IndexPath(item: 0, section: 0)) === cellOf8, "8 is reconfigured in its own cell")
            XCTAssertEqual(cv.visibleCells.compactMap { ($0 as? CardCell)?.label.text }, ["8", "9", "1"])
            XCTAssertEqual(cv.cellForItem(at: IndexPath(item: 2, section: 0))?.frame.minY, 100)
            XCTAssertEqual(source.snapshot().itemIdentifiers, [8, 9, 1])
            withExtendedLifetime(source) {}
        }
    }

    /// A header registration's handler configures the view the provider dequeues.
    func testSupplementaryRegistration() {
        MainActor.assumeIsolated {
            let item = NSCollectionLayoutItem(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
            let group = NSCollectionLayoutGroup.horizontal(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(50)), subitems: [item])
            let section = NSCollectionLayoutSection(group: group)
            section.boundarySupplementaryItems = [
                NSCollectionLayoutBoundarySupplementaryItem(
                    layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(30)),
                    elementKind: "title", alignment: .top)
            ]
            let cv = UICollectionView(
                frame: CGRect(x: 0, y: 0, width: 390, height: 400), collectionViewLayout: UICollectionViewCompositionalLayout(section: section))
            let cells = UICollectionView.CellRegistration<CardCell, String> { _, _, _ in }
            let titles = UICollectionView.SupplementaryRegistration<TitleHeader>(elementKind: "title") { view, kind, indexPath in
                view.label.text = "\(kind) \(indexPath.section)"
            }
            let source = UICollectionViewDiffableDataSource<Int, String>(collectionView: cv) { cv, indexPath, item in
                cv.dequeueConfiguredReusableCell(using: cells, for: indexPath, item: item)
            }
            source.supplementaryViewProvider = { cv, _, indexPath in cv.dequeueConfiguredReusableSupplementary(using: titles, for: indexPath) }
            var s = NSDiffableDataSourceSnapshot<Int, String>()
            s.appendSections([0, 1])
            s.appendItems(["x"], toSection: 0)
            s.appendItems(["y"], toSection: 1)
            source.apply(s)
            cv.layoutIfNeeded()
            XCTAssertEqual(cv.visibleSupplementaryViews(ofKind: "title").compactMap { ($0 as? TitleHeader)?.label.text }, ["title 0", "title 1"])
            XCTAssertEqual(cv.supplementaryView(forElementKind: "title", at: IndexPath(item: 0, section: 1))?.frame.minY, 80)
            withExtendedLifetime(source) {}
        }
    }

    /// A table fed by a diffable data source, its subclass titling the sections.
    func testDiffableTableShowsRowsAndSectionTitles() {
        MainActor.assumeIsolated {
            final class TitledSource: UITableViewDiffableDataSource<String, String> {
                override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
                    sectionIdentifier(for: section)?.uppercased()
                }
            }
            let table = UITableView(frame: CGRect(x: 0, y: 0, width: 390, height: 600), style: .grouped)
            table.register(UITableViewCell.self, forCellReuseIdentifier: "row")
            let source = TitledSource(tableView: table) { table, indexPath, item in
                let cell = table.dequeueReusableCell(withIdentifier: "row", for: indexPath)
                var content = cell.defaultContentConfiguration()
                content.text = item
                cell.contentConfiguration = content
                return cell
            }
            var s = NSDiffableDataSourceSnapshot<String, String>()
            s.appendSections(["fruit", "veg"])
            s.appendItems(["apple", "pear"], toSection: "fruit")
            s.appendItems(["leek"], toSection: "veg")
            source.apply(s, animatingDifferences: false)
            table.layoutIfNeeded()
            XCTAssertEqual(table.numberOfSections, 2)
            XCTAssertEqual(table.numberOfRows(inSection: 0), 2)
            XCTAssertEqual(table.visibleCells.compactMap { ($0.contentConfiguration as? UIListContentConfiguration)?.text }, ["apple", "pear", "leek"])
            XCTAssertEqual(table.dataSource?.tableView(table, titleForHeaderInSection: 1), "VEG")
            s.deleteItems(["pear"])
            source.apply(s)
            table.layoutIfNeeded()
            XCTAssertEqual(table.visibleCells.compactMap { ($0.contentConfiguration as? UIListContentConfiguration)?.text }, ["apple", "leek"])
            withExtendedLifetime(source) {}
        }
    }
}

import Foundation
import Raster
import Scene
import RenderFramesKit
@testable import UIKit
import XCTest

/// A plain table of 44 pt rows (A to E) fed by a diffable data source whose
/// `defaultRowAnimation` is `.fade`; `onAppear` runs in viewDidAppear (frame 0, time 0).
@MainActor final class DiffableRowsController: UIViewController {
    let table = UITableView(frame: .zero, style: .plain)
    var source: UITableViewDiffableDataSource<Int, String>!
    var onAppear: (DiffableRowsController) -> Void = { _ in }
    var log: [String] = []
    /// The items the cell provider was asked for, in order.
    var provided: [String] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        table.frame = view.bounds
        table.contentInsetAdjustmentBehavior = .never
        table.register(UITableViewCell.self, forCellReuseIdentifier: "row")
        view.addSubview(table)
        source = UITableViewDiffableDataSource(tableView: table) { table, indexPath, item in
            let cell = table.dequeueReusableCell(withIdentifier: "row", for: indexPath)
            cell.textLabel?.text = item
            self.provided.append(item)
            return cell
        }
        source.defaultRowAnimation = .fade
        source.apply(Self.snapshot(["A", "B", "C", "D", "E"]), animatingDifferences: false)
    }
    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        onAppear(self)
    }
    static func snapshot(_ rows: [String]) -> NSDiffableDataSourceSnapshot<Int, String> {
        var s = NSDiffableDataSourceSnapshot<Int, String>()
        s.appendSections([0])
        s.appendItems(rows)
        return s
    }
    func cell(_ name: String) -> UITableViewCell? { table.subviews.compactMap { $0 as? UITableViewCell }.first { $0.textLabel?.text == name } }

    static func run(_ appear: @escaping (DiffableRowsController) -> Void) -> (ScreenRun, DiffableRowsController) {
        let vc = DiffableRowsController()
        vc.onAppear = appear
        ScreenRun.resetDiagnostics()
        return (StillRun.make(fps: 10, seconds: 2, make: { vc }), vc)
    }
}

/// A flow layout of 330 × 50 items, one to a row with no spacing, fed by a diffable data source.
@MainActor final class DiffableTilesController: UIViewController {
    lazy var collection: UICollectionView = {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 330, height: 50)
        layout.minimumLineSpacing = 0
        return UICollectionView(frame: .zero, collectionViewLayout: layout)
    }()
    var source: UICollectionViewDiffableDataSource<Int, String>!
    var onAppear: (DiffableTilesController) -> Void = { _ in }

    override func viewDidLoad() {
        super.viewDidLoad()
        collection.frame = CGRect(x: 0, y: 100, width: 330, height: 600)
        collection.contentInsetAdjustmentBehavior = .never
        collection.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "tile")
        view.addSubview(collection)
        source = UICollectionViewDiffableDataSource(collectionView: collection) { cv, indexPath, item in
            let cell = cv.dequeueReusableCell(withReuseIdentifier: "tile", for: indexPath)
            cell.accessibilityIdentifier = item
            return cell
        }
        source.apply(DiffableRowsController.snapshot(["A", "B", "C", "D"]), animatingDifferences: false)
    }
    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        onAppear(self)
    }
    func cell(_ name: String) -> UICollectionViewCell? {
        collection.subviews.compactMap { $0 as? UICollectionViewCell }.first { $0.accessibilityIdentifier == name }
    }

    static func run(_ appear: @escaping (DiffableTilesController) -> Void) -> (ScreenRun, DiffableTilesController) {
        let vc = DiffableTilesController()
        vc.onAppear = appear
        ScreenRun.resetDiagnostics()
        return (StillRun.make(fps: 10, seconds: 2, make: { vc }), vc)
    }
}

final class DiffableAnimationTests: XCTestCase {
    static let third = CubicCurve.easeInOut.value(at: 1.0 / 3)

    @MainActor private static func drawnTop(_ view: UIView?) -> CGFloat {
        guard let layer = view?.layer.presentation() else { return -1 }
        return layer.position.y - layer.bounds.height / 2
    }
    @MainActor private static func opacity(_ view: UIView?) -> Double { Double(view?.layer.presentation()?.opacity ?? -1) }

    /// An animated apply of [A, C, B, new, E] over [A, B, C, D, E] plays as a batch update: B and
    /// C trade places sliding (44 pt each way), D fades out and "new" fades in at the 132 they
    /// share (`defaultRowAnimation` .fade), E stays; at 0.1 s a third of the way (0.3 s eased in
    /// and out). The rows that stay keep their cells; the completion is called at the frame
    /// past the end.
    func testDiffableTableApplyAnimatesTheDifference() {
        MainActor.assumeIsolated {
            var cells: [String: UITableViewCell] = [:]
            var gone: UITableViewCell?
            let (run, vc) = DiffableRowsController.run { vc in
                for name in ["A", "B", "C", "E"] { cells[name] = vc.cell(name) }
                gone = vc.cell("D")
                vc.source.apply(DiffableRowsController.snapshot(["A", "C", "B", "new", "E"])) { vc.log.append("done \(CACurrentMediaTime())") }
            }
            run.advance(to: 1)
            run.within {
                XCTAssertEqual(Self.drawnTop(vc.cell("B")), 44 + 44 * Self.third, accuracy: 1e-6)
                XCTAssertEqual(Self.drawnTop(vc.cell("C")), 88 - 44 * Self.third, accuracy: 1e-6)
                XCTAssertEqual(Self.drawnTop(vc.cell("E")), 176, accuracy: 1e-6)
                XCTAssertEqual(Self.drawnTop(vc.cell("new")), 132, accuracy: 1e-6)
                XCTAssertEqual(Self.opacity(vc.cell("new")), Self.third, accuracy: 1e-6)
                XCTAssertEqual(Self.drawnTop(gone), 132, accuracy: 1e-6)
                XCTAssertEqual(Self.opacity(gone), 1 - Self.third, accuracy: 1e-6)
                XCTAssertEqual(vc.log, [])
            }
            run.advance(to: 3)
            run.within {
                XCTAssertEqual(Self.drawnTop(vc.cell("B")), 88, accuracy: 1e-6)
                XCTAssertEqual(Self.opacity(vc.cell("new")), 1)
            }
            XCTAssertNil(gone?.superview)
            for name in ["A", "B", "C", "E"] { XCTAssertTrue(vc.cell(name) === cells[name], "\(name) keeps its cell") }
            XCTAssertEqual(vc.table.visibleCells.map { $0.textLabel?.text }, ["A", "C", "B", "new", "E"])
            XCTAssertEqual(vc.log, ["done 0.3"])
            XCTAssertFalse(ScreenRun.takeDiagnostics().contains { $0.contains("animatingDifferences") })
        }
    }

    /// Not animated, as iOS 15 and later: the difference is made at once, the rows that stay keep
    /// their cells and only the inserted row goes to the cell provider (a reload asked for all
    /// five); the completion is called before `apply` returns.
    func testDiffableTableApplyWithoutAnimationKeepsTheCellsOfRowsThatStay() {
        MainActor.assumeIsolated {
            var cells: [String: UITableViewCell] = [:]
            var providedBefore: [String] = []
            let (run, vc) = DiffableRowsController.run { vc in
                for name in ["A", "B", "C", "E"] { cells[name] = vc.cell(name) }
                providedBefore = vc.provided
                vc.source.apply(DiffableRowsController.snapshot(["A", "C", "B", "new", "E"]), animatingDifferences: false) { vc.log.append("done") }
                vc.log.append("returned")
            }
            run.advance(to: 1)
            run.within {
                XCTAssertEqual(Array(vc.provided.dropFirst(providedBefore.count)), ["new"])
                XCTAssertEqual(Self.drawnTop(vc.cell("B")), 88, accuracy: 1e-6)
                XCTAssertEqual(Self.drawnTop(vc.cell("new")), 132, accuracy: 1e-6)
                XCTAssertEqual(Self.opacity(vc.cell("new")), 1)
            }
            for name in ["A", "B", "C", "E"] { XCTAssertTrue(vc.cell(name) === cells[name], "\(name) keeps its cell") }
            XCTAssertEqual(vc.table.visibleCells.map { $0.textLabel?.text }, ["A", "C", "B", "new", "E"])
            XCTAssertEqual(vc.log, ["done", "returned"])
        }
    }

    /// The same on a collection view: [A, C, B, E] over [A, B, C, D]: B and C trade places
    /// sliding 50 pt, D fades out and E fades in at 150 (the layout's default fade).
    func testDiffableCollectionApplyAnimatesTheDifference() {
        MainActor.assumeIsolated {
            var gone: UICollectionViewCell?
            var b: UICollectionViewCell?
            let (run, vc) = DiffableTilesController.run { vc in
                gone = vc.cell("D")
                b = vc.cell("B")
                vc.source.apply(DiffableRowsController.snapshot(["A", "C", "B", "E"]))
            }
            run.advance(to: 1)
            run.within {
                XCTAssertEqual(Self.drawnTop(vc.cell("B")), 50 + 50 * Self.third, accuracy: 1e-6)
                XCTAssertEqual(Self.drawnTop(vc.cell("C")), 100 - 50 * Self.third, accuracy: 1e-6)
                XCTAssertEqual(Self.drawnTop(vc.cell("E")), 150, accuracy: 1e-6)
                XCTAssertEqual(Self.opacity(vc.cell("E")), Self.third, accuracy: 1e-6)
                XCTAssertEqual(Self.opacity(gone), 1 - Self.third, accuracy: 1e-6)
            }
            run.advance(to: 3)
            XCTAssertNil(gone?.superview)
            XCTAssertTrue(vc.cell("B") === b)
            XCTAssertEqual(Self.drawnTop(vc.cell("B")), 100, accuracy: 1e-6)
            XCTAssertFalse(ScreenRun.takeDiagnostics().contains { $0.contains("animatingDifferences") })
        }
    }
}

import Foundation
import Raster
import Scene
import RenderFramesKit
@testable import UIKit
import XCTest

/// A plain table whose sections are titled; `onAppear` runs in viewDidAppear (frame 0, time 0).
@MainActor final class TitledSectionsController: UITableViewController {
    var sections: [(title: String, rows: [String])] = [("One", ["a", "b"]), ("Two", ["c"])]
    var onAppear: (TitledSectionsController) -> Void = { _ in }

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "row")
    }
    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        onAppear(self)
    }
    override func numberOfSections(in tableView: UITableView) -> Int { sections.count }
    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { sections[section].rows.count }
    override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { sections[section].title }
    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        cell.textLabel?.text = sections[indexPath.section].rows[indexPath.row]
        return cell
    }
    func header(_ title: String) -> UITableViewHeaderFooterView? {
        tableView.subviews.compactMap { $0 as? UITableViewHeaderFooterView }.first { $0.textLabel?.text == title }
    }

    static func run(_ appear: @escaping (TitledSectionsController) -> Void) -> (ScreenRun, TitledSectionsController) {
        let vc = TitledSectionsController(style: .plain)
        vc.onAppear = appear
        ScreenRun.resetDiagnostics()
        return (StillRun.make(fps: 10, seconds: 2, make: { vc }), vc)
    }
}

/// A flow layout of one-column 330 × 50 items under 30 pt section headers, one item a section.
@MainActor final class HeaderTilesController: UIViewController, UICollectionViewDataSource {
    var sections = ["P", "Q"]
    var onAppear: (HeaderTilesController) -> Void = { _ in }
    lazy var collection: UICollectionView = {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 330, height: 50)
        layout.minimumLineSpacing = 0
        layout.headerReferenceSize = CGSize(width: 330, height: 30)
        return UICollectionView(frame: .zero, collectionViewLayout: layout)
    }()

    override func viewDidLoad() {
        super.viewDidLoad()
        collection.frame = CGRect(x: 0, y: 100, width: 330, height: 600)
        collection.contentInsetAdjustmentBehavior = .never
        collection.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "tile")
        collection.register(
            UICollectionReusableView.self, forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader, withReuseIdentifier: "header")
        collection.dataSource = self
        view.addSubview(collection)
    }
    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        onAppear(self)
    }
    func numberOfSections(in collectionView: UICollectionView) -> Int { sections.count }
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 1 }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        collectionView.dequeueReusableCell(withReuseIdentifier: "tile", for: indexPath)
    }
    func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath)
        -> UICollectionReusableView
    {
        let view = collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "header", for: indexPath)
        view.accessibilityIdentifier = sections[indexPath.section]
        return view
    }
    func header(_ name: String) -> UICollectionReusableView? {
        collection.subviews.compactMap { $0 as? UICollectionReusableView }.first { !($0 is UICollectionViewCell) && $0.accessibilityIdentifier == name }
    }

    static func run(_ appear: @escaping (HeaderTilesController) -> Void) -> (ScreenRun, HeaderTilesController) {
        let vc = HeaderTilesController()
        vc.onAppear = appear
        ScreenRun.resetDiagnostics()
        return (StillRun.make(fps: 10, seconds: 2, make: { vc }), vc)
    }
}

final class SectionUpdateAnimationTests: XCTestCase {
    static let third = CubicCurve.easeInOut.value(at: 1.0 / 3)
    @MainActor private static func opacity(_ view: UIView?) -> Double { Double(view?.layer.presentation()?.opacity ?? -1) }
    @MainActor private static func drawnTop(_ view: UIView?) -> CGFloat {
        guard let layer = view?.layer.presentation() else { return -1 }
        return layer.position.y - layer.bounds.height / 2
    }

    /// A table's section inserted with .fade brings its header in with it, fading (a third of the
    /// way at 0.1 s); a section deleted with .fade takes its header out fading, off the table at
    /// the end.
    func testTableSectionHeadersFadeWithTheirSections() {
        MainActor.assumeIsolated {
            var gone: UITableViewHeaderFooterView?
            let (run, vc) = TitledSectionsController.run { vc in
                gone = vc.header("Two")
                vc.tableView.performBatchUpdates {
                    vc.sections.remove(at: 1)
                    vc.sections.insert(("New", ["n"]), at: 0)
                    vc.tableView.deleteSections(IndexSet(integer: 1), with: .fade)
                    vc.tableView.insertSections(IndexSet(integer: 0), with: .fade)
                }
            }
            run.advance(to: 1)
            run.within {
                XCTAssertNotNil(gone?.superview)
                XCTAssertEqual(Self.opacity(gone), 1 - Self.third, accuracy: 1e-6)
                XCTAssertEqual(Self.opacity(vc.header("New")), Self.third, accuracy: 1e-6)
                XCTAssertEqual(Self.opacity(vc.header("One")), 1)
            }
            run.advance(to: 4)
            XCTAssertNil(gone?.superview)
            run.within { XCTAssertEqual(Self.opacity(vc.header("New")), 1) }
        }
    }

    /// A collection's section inserted in front: its header fades in at the top while the header
    /// of the section that was first slides down 80 pt (30 + 50) with its section.
    func testCollectionHeadersSlideAndFadeInBatchUpdates() {
        MainActor.assumeIsolated {
            var p: UICollectionReusableView?
            let (run, vc) = HeaderTilesController.run { vc in
                p = vc.header("P")
                vc.collection.performBatchUpdates {
                    vc.sections.insert("N", at: 0)
                    vc.collection.insertSections(IndexSet(integer: 0))
                }
            }
            run.advance(to: 1)
            run.within {
                XCTAssertTrue(vc.header("P") === p, "P keeps its header view")
                XCTAssertEqual(Self.drawnTop(p), 80 * Self.third, accuracy: 1e-6)
                XCTAssertEqual(Self.drawnTop(vc.header("N")), 0, accuracy: 1e-6)
                XCTAssertEqual(Self.opacity(vc.header("N")), Self.third, accuracy: 1e-6)
            }
            run.advance(to: 4)
            run.within { XCTAssertEqual(Self.drawnTop(p), 80, accuracy: 1e-6) }
        }
    }
}

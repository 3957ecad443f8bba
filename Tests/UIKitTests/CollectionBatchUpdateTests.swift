import Foundation
import Raster
import Scene
import RenderFramesKit
@testable import UIKit
import XCTest

/// A flow layout of 100 × 100 items, 10 pt apart, three to a row on an iPhone 15; `onAppear` runs
/// in viewDidAppear (frame 0, time 0).
@MainActor final class TilesController: UIViewController, UICollectionViewDataSource {
    var items = ["A", "B", "C", "D", "E"]
    var onAppear: (TilesController) -> Void = { _ in }
    var log: [String] = []
    lazy var collection: UICollectionView = {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 100, height: 100)
        layout.minimumInteritemSpacing = 10
        layout.minimumLineSpacing = 10
        return UICollectionView(frame: .zero, collectionViewLayout: layout)
    }()

    override func viewDidLoad() {
        super.viewDidLoad()
        collection.frame = CGRect(x: 0, y: 100, width: 330, height: 600)
        collection.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "tile")
        collection.dataSource = self
        view.addSubview(collection)
    }
    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        onAppear(self)
    }
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { items.count }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "tile", for: indexPath)
        cell.accessibilityIdentifier = items[indexPath.item]
        cell.backgroundColor = .systemBlue
        return cell
    }
    func cell(_ name: String) -> UICollectionViewCell? { collection.subviews.compactMap { $0 as? UICollectionViewCell }.first { $0.accessibilityIdentifier == name } }

    static func run(_ appear: @escaping (TilesController) -> Void) -> (ScreenRun, TilesController) {
        let vc = TilesController()
        vc.onAppear = appear
        ScreenRun.resetDiagnostics()
        return (StillRun.make(fps: 10, seconds: 2, make: { vc }), vc)
    }
}

final class CollectionBatchUpdateTests: XCTestCase {
    static let third = CubicCurve.easeInOut.value(at: 1.0 / 3)

    @MainActor static func drawnCenter(_ view: UIView?) -> CGPoint { view?.layer.presentation()?.position ?? CGPoint(x: -1, y: -1) }

    /// An inserted item fades in at its place; the items after it slide to their next places
    /// (C from the first row's end to the second row's start; the flow layout spreads a row's three
    /// items over the 330 pt: centres 50, 165, 280), a third of the way in time at 0.1 s.
    func testInsertedItemFadesInAndTheOthersSlide() {
        MainActor.assumeIsolated {
            let (run, vc) = TilesController.run { vc in
                vc.collection.performBatchUpdates({
                    vc.items.insert("new", at: 1)
                    vc.collection.insertItems(at: [IndexPath(item: 1, section: 0)])
                }, completion: { f in vc.log.append("done \(f) \(CACurrentMediaTime())") })
            }
            run.advance(to: 1)
            run.within {
                XCTAssertEqual(vc.cell("C")?.center, CGPoint(x: 50, y: 160))
                let c = Self.drawnCenter(vc.cell("C"))
                XCTAssertEqual(c.x, 280 + (50 - 280) * Self.third, accuracy: 1e-6)
                XCTAssertEqual(c.y, 50 + 110 * Self.third, accuracy: 1e-6)
                XCTAssertEqual(Self.drawnCenter(vc.cell("new")), CGPoint(x: 165, y: 50))
                XCTAssertEqual(Double(vc.cell("new")?.layer.presentation()?.opacity ?? -1), Self.third, accuracy: 1e-6)
            }
            run.advance(to: 4)
            XCTAssertEqual(vc.log, ["done true 0.3"])
        }
    }

    /// A deleted item fades out where it was and leaves at the end; an item moved comes from its
    /// old place.
    func testDeletedItemFadesOutAndMovedItemSlides() {
        MainActor.assumeIsolated {
            var gone: UICollectionViewCell?
            let (run, vc) = TilesController.run { vc in
                gone = vc.cell("A")
                vc.items = ["B", "C", "E", "D"]
                vc.collection.performBatchUpdates {
                    vc.collection.deleteItems(at: [IndexPath(item: 0, section: 0)])
                    vc.collection.moveItem(at: IndexPath(item: 4, section: 0), to: IndexPath(item: 2, section: 0))
                }
            }
            run.advance(to: 1)
            run.within {
                XCTAssertEqual(Double(gone?.layer.presentation()?.opacity ?? -1), 1 - Self.third, accuracy: 1e-6)
                XCTAssertEqual(Self.drawnCenter(gone), CGPoint(x: 50, y: 50))
                // E: from the second row's end (a short last row is spread too: 50, 280) up to (280, 50).
                let e = Self.drawnCenter(vc.cell("E"))
                XCTAssertEqual(e.x, 280)
                XCTAssertEqual(e.y, 160 - 110 * Self.third, accuracy: 1e-6)
            }
            run.advance(to: 4)
            XCTAssertNil(gone?.superview)
        }
    }

    /// Counts that do not add up: UIKit's message, the items as the data source has them.
    func testInconsistentUpdateIsSaid() {
        MainActor.assumeIsolated {
            let (run, vc) = TilesController.run { vc in vc.collection.deleteItems(at: [IndexPath(item: 0, section: 0)]) }
            run.advance(to: 1)
            XCTAssertTrue(
                ScreenRun.takeDiagnostics().contains {
                    $0.contains(
                        "Invalid update: invalid number of items in section 0. The number of items contained in an existing section after the update (5) must be equal to the number of items contained in that section before the update (5), plus or minus the number of items inserted or deleted from that section (0 inserted, 1 deleted)"
                    )
                })
            XCTAssertEqual(vc.collection.visibleCells.count, 5)
        }
    }
}

import Foundation
import Raster
import Scene
import RenderFramesKit
@testable import UIKit
import XCTest

/// `setCollectionViewLayout(_:animated: true)`: the items go from the old layout to the new one
/// as a batch update moves them.
final class CollectionLayoutChangeTests: XCTestCase {
    static let third = CubicCurve.easeInOut.value(at: 1.0 / 3)

    /// A list of 330 × 50 items, one under the other.
    @MainActor static func list() -> UICollectionViewFlowLayout {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 330, height: 50)
        layout.minimumLineSpacing = 0
        return layout
    }

    /// The tiles' grid (100 × 100, 10 apart, three to a row in 330 pt) with 20 items, A to T.
    @MainActor static func run(_ appear: @escaping (TilesController) -> Void) -> (ScreenRun, TilesController) {
        TilesController.run { vc in
            vc.items = (0..<20).map { String(UnicodeScalar(UInt8(65 + $0))) }
            vc.collection.reloadData()
            vc.collection.layoutIfNeeded()
            appear(vc)
        }
    }

    /// Grid to list: E (the second row's middle, centre (165, 160), 100 wide) goes to the list's
    /// fifth place (centre (165, 225), 330 wide): a third of the way in time at 0.1 s, there at
    /// 0.3 s, where the completion gets true. P (the sixth row's first, at y 600) is not in the
    /// list's first 600 pt: it fades out where it was, then leaves.
    func testGridToListMovesEachItemAndFadesOutTheOnesLeaving() {
        MainActor.assumeIsolated {
            let (run, vc) = Self.run { vc in
                vc.collection.setCollectionViewLayout(Self.list(), animated: true) { f in vc.log.append("done \(f) \(CACurrentMediaTime())") }
            }
            run.advance(to: 1)
            run.within {
                let e = vc.cell("E")?.layer.presentation()
                XCTAssertEqual(e?.position.x ?? -1, 165, accuracy: 1e-6)
                XCTAssertEqual(e?.position.y ?? -1, 160 + (225 - 160) * Self.third, accuracy: 1e-6)
                XCTAssertEqual(e?.bounds.width ?? -1, 100 + 230 * Self.third, accuracy: 1e-6)
                XCTAssertEqual(e?.bounds.height ?? -1, 100 - 50 * Self.third, accuracy: 1e-6)
                let p = vc.cell("P")?.layer.presentation()
                XCTAssertEqual(p?.position ?? .zero, CGPoint(x: 50, y: 600))
                XCTAssertEqual(Double(p?.opacity ?? -1), 1 - Self.third, accuracy: 1e-6)
            }
            XCTAssertEqual(vc.log, [])
            run.advance(to: 3)
            run.within {
                XCTAssertEqual(vc.cell("E")?.layer.presentation()?.position ?? .zero, CGPoint(x: 165, y: 225))
                XCTAssertNil(vc.cell("P"))
            }
            XCTAssertEqual(vc.log, ["done true 0.3"])
        }
    }

    /// List to grid: P, beyond the list's 600 pt, comes on screen: it fades in at its grid place.
    func testListToGridFadesInTheItemsComing() {
        MainActor.assumeIsolated {
            let (run, vc) = Self.run { vc in
                UIView.performWithoutAnimation { vc.collection.setCollectionViewLayout(Self.list(), animated: false) }
                vc.collection.layoutIfNeeded()
                let grid = UICollectionViewFlowLayout()
                grid.itemSize = CGSize(width: 100, height: 100)
                grid.minimumInteritemSpacing = 10
                grid.minimumLineSpacing = 10
                vc.collection.setCollectionViewLayout(grid, animated: true)
            }
            run.advance(to: 1)
            run.within {
                let p = vc.cell("P")?.layer.presentation()
                XCTAssertEqual(p?.position ?? .zero, CGPoint(x: 50, y: 600))
                XCTAssertEqual(Double(p?.opacity ?? -1), Self.third, accuracy: 1e-6)
            }
            run.advance(to: 3)
            run.within { XCTAssertEqual(Double(vc.cell("P")?.layer.presentation()?.opacity ?? -1), 1, accuracy: 1e-9) }
        }
    }

    /// `--jobs 1`, `--jobs 2` and `--frames 2-3` give the same bytes for the grid becoming a list;
    /// the frames differ while the items move.
    func testTheLayoutChangeIsTheSameForAnyWorkersAndSelection() throws {
        let base = NSTemporaryDirectory() + "uikit-layout-change-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: base) }
        let scenario = AnimationDeterminismTests.fixtures + "/layout-change.yaml"
        @MainActor func make() -> UIViewController {
            let vc = TilesController()
            vc.items = (0..<20).map { String(UnicodeScalar(UInt8(65 + $0))) }
            vc.onAppear = { vc in
                vc.collection.layoutIfNeeded()
                vc.collection.setCollectionViewLayout(Self.list(), animated: true)
            }
            return vc
        }
        let names = try SameBytes.check({ make() }, scenario: scenario, in: base, selected: 2...3)
        XCTAssertEqual(names.count, 5)
        XCTAssertNotEqual(FileManager.default.contents(atPath: base + "/one/0001.png"), FileManager.default.contents(atPath: base + "/one/0002.png"))
        XCTAssertEqual(FileManager.default.contents(atPath: base + "/one/0003.png"), FileManager.default.contents(atPath: base + "/one/0004.png"))
    }
}

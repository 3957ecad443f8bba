import Foundation
import Scene
@testable import UIKit
import XCTest

/// `deselectRow(at:animated: true)`, the list's tap-and-fade, on a table of 44 pt rows.
final class SelectionFadeTests: XCTestCase {
    @MainActor private static func background(of cell: UITableViewCell?) -> UIView? {
        cell?.subviews.first { $0.backgroundColor == .systemGray4 }
    }

    /// Row A selected at once, then deselected (`animated`) at 0 s.
    @MainActor private static func deselect(animated: Bool) -> (ScreenRun, RowsController) {
        RowsController.run { vc in
            vc.tableView.selectRow(at: IndexPath(row: 0, section: 0), animated: false, scrollPosition: .none)
            vc.tableView.layoutIfNeeded()
            vc.tableView.deselectRow(at: IndexPath(row: 0, section: 0), animated: animated)
        }
    }

    /// The selected row's gray fades out over 0.3 s eased in and out (at 0.1 s a third of the
    /// way in time), then leaves the cell; `isSelected` is false from the call.
    func testAnimatedDeselectionFadesTheSelectionOut() {
        MainActor.assumeIsolated {
            let (run, vc) = Self.deselect(animated: true)
            run.advance(to: 1)
            run.within {
                let cell = vc.cell("A")
                XCTAssertEqual(cell?.isSelected, false)
                let gray = Self.background(of: cell)
                XCTAssertNotNil(gray)
                XCTAssertEqual(Double(gray?.layer.presentation()?.opacity ?? -1), 1 - TableRowAnimationTests.third, accuracy: 1e-6)
            }
            run.advance(to: 4)
            run.within { XCTAssertNil(Self.background(of: vc.cell("A"))) }
        }
    }

    /// Without animation the gray goes at once.
    func testDeselectionWithoutAnimationIsAtOnce() {
        MainActor.assumeIsolated {
            let (run, vc) = Self.deselect(animated: false)
            run.advance(to: 1)
            run.within { XCTAssertNil(Self.background(of: vc.cell("A"))) }
        }
    }
}

import Foundation
import Raster
import Scene
import RenderFramesKit
@testable import UIKit
import XCTest

/// A plain table of 44 pt rows named by `rows`; `onAppear` runs in viewDidAppear (frame 0, time
/// 0); `log` gets the completions with the frame time.
@MainActor final class RowsController: UITableViewController {
    var rows: [String] = ["A", "B", "C", "D"]
    var heights: [String: CGFloat] = [:]
    var onAppear: (RowsController) -> Void = { _ in }
    var log: [String] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "row")
    }
    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        onAppear(self)
    }
    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { rows.count }
    override func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat { heights[rows[indexPath.row]] ?? 44 }
    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        cell.textLabel?.text = rows[indexPath.row]
        cell.accessibilityIdentifier = "row " + rows[indexPath.row]
        return cell
    }

    func cell(_ name: String) -> UITableViewCell? { tableView.subviews.compactMap { $0 as? UITableViewCell }.first { $0.textLabel?.text == name } }

    /// A run at 10 frames a second for 2 seconds, nothing scrolling.
    static func run(_ appear: @escaping (RowsController) -> Void) -> (ScreenRun, RowsController) {
        let vc = RowsController(style: .plain)
        vc.onAppear = appear
        ScreenRun.resetDiagnostics()
        return (StillRun.make(fps: 10, seconds: 2, make: { vc }), vc)
    }
}

final class TableRowAnimationTests: XCTestCase {
    /// Ease in and out at a third of the 0.3 s (the frame at 0.1 s).
    static let third = CubicCurve.easeInOut.value(at: 1.0 / 3)

    /// The frame of the view as drawn at the frame's time.
    @MainActor private static func drawn(_ view: UIView?) -> CGRect {
        guard let layer = view?.layer.presentation() else { return .null }
        return CGRect(
            x: layer.position.x - layer.bounds.width / 2, y: layer.position.y - layer.bounds.height / 2, width: layer.bounds.width,
            height: layer.bounds.height)
    }

    /// An inserted row fades in at its place while the rows below slide down 44 pt, over 0.3 s
    /// eased in and out; at 0.1 s each is a third of the way in time.
    func testInsertedRowFadesInAndTheRowsBelowSlide() {
        MainActor.assumeIsolated {
            let (run, vc) = RowsController.run { vc in
                vc.rows.insert("new", at: 1)
                vc.tableView.insertRows(at: [IndexPath(row: 1, section: 0)], with: .fade)
            }
            run.advance(to: 1)
            run.within {
                XCTAssertEqual(vc.cell("C")?.frame.minY, 132)
                XCTAssertEqual(Self.drawn(vc.cell("C")).minY, 88 + 44 * Self.third, accuracy: 1e-6)
                XCTAssertEqual(Self.drawn(vc.cell("A")).minY, 0)
                XCTAssertEqual(Self.drawn(vc.cell("new")).minY, 44)
                XCTAssertEqual(Double(vc.cell("new")?.layer.presentation()?.opacity ?? -1), Self.third, accuracy: 1e-6)
            }
            run.advance(to: 3)
            run.within {
                XCTAssertEqual(Self.drawn(vc.cell("C")).minY, 132)
                XCTAssertEqual(vc.cell("new")?.layer.presentation()?.opacity, 1)
            }
            XCTAssertFalse(ScreenRun.takeDiagnostics().contains { $0.contains("not drawn") })
        }
    }

    /// A deleted row slides out to the left (its width at the end) while the rows below move up;
    /// its cell leaves the table when the animation ends.
    func testDeletedRowSlidesOutAndLeavesAtTheEnd() {
        MainActor.assumeIsolated {
            var gone: UITableViewCell?
            let (run, vc) = RowsController.run { vc in
                gone = vc.cell("B")
                vc.rows.remove(at: 1)
                vc.tableView.deleteRows(at: [IndexPath(row: 1, section: 0)], with: .left)
            }
            run.advance(to: 1)
            run.within {
                XCTAssertEqual(Self.drawn(gone).minX, -393 * Self.third, accuracy: 1e-6)
                XCTAssertEqual(Self.drawn(vc.cell("C")).minY, 88 - 44 * Self.third, accuracy: 1e-6)
                XCTAssertTrue(gone?.superview === vc.tableView)
            }
            run.advance(to: 3)
            XCTAssertNil(gone?.superview)
            XCTAssertEqual(vc.tableView.visibleCells.map { $0.textLabel?.text }, ["A", "C", "D"])
        }
    }

    /// `.top`: the inserted row comes from behind the row above (44 pt above its place);
    /// `.automatic` at the end of a section is `.top`, at its start `.bottom` (in place, uncovered
    /// as the rows below slide down).
    func testTopAndAutomaticStartWhereUIKitStartsThem() {
        MainActor.assumeIsolated {
            let (run, vc) = RowsController.run { vc in
                vc.tableView.performBatchUpdates {
                    vc.rows.append("end")
                    vc.rows.insert("start", at: 0)
                    vc.tableView.insertRows(at: [IndexPath(row: 5, section: 0)], with: .automatic)
                    vc.tableView.insertRows(at: [IndexPath(row: 0, section: 0)], with: .automatic)
                }
            }
            run.advance(to: 1)
            run.within {
                // The end row's gap is at D's old bottom (176): it starts at 132, ends at 220.
                XCTAssertEqual(Self.drawn(vc.cell("end")).minY, 132 + 88 * Self.third, accuracy: 1e-6)
                XCTAssertEqual(Self.drawn(vc.cell("start")).minY, 0)
                XCTAssertEqual(Self.drawn(vc.cell("A")).minY, 44 * Self.third, accuracy: 1e-6)
            }
        }
    }

    /// A moved row's cell is kept and slides to its new place; the rows between move the other way.
    func testMovedRowSlidesToItsNewPlace() {
        MainActor.assumeIsolated {
            var moved: UITableViewCell?
            let (run, vc) = RowsController.run { vc in
                moved = vc.cell("A")
                vc.rows = ["B", "C", "A", "D"]
                vc.tableView.moveRow(at: IndexPath(row: 0, section: 0), to: IndexPath(row: 2, section: 0))
            }
            run.advance(to: 1)
            run.within {
                XCTAssertTrue(vc.cell("A") === moved)
                XCTAssertEqual(Self.drawn(moved).minY, 88 * Self.third, accuracy: 1e-6)
                XCTAssertEqual(Self.drawn(vc.cell("C")).minY, 88 - 44 * Self.third, accuracy: 1e-6)
            }
        }
    }

    /// `beginUpdates()`/`endUpdates()` with no changes moves the rows to the heights the delegate
    /// gives now (the row-height idiom): the row below slides as the row grows.
    func testEmptyBatchAnimatesNewHeights() {
        MainActor.assumeIsolated {
            let (run, vc) = RowsController.run { vc in
                vc.heights["A"] = 100
                vc.tableView.beginUpdates()
                vc.tableView.endUpdates()
            }
            run.advance(to: 1)
            run.within {
                XCTAssertEqual(Self.drawn(vc.cell("B")).minY, 44 + 56 * Self.third, accuracy: 1e-6)
                XCTAssertEqual(Self.drawn(vc.cell("A")).height, 44 + 56 * Self.third, accuracy: 1e-6)
            }
        }
    }

    /// The completion is called once, with true, at the first frame past the animation's end
    /// (0.3 s), after the app's own animation started before it with the same end.
    func testCompletionIsCalledWhenTheAnimationsEnd() {
        MainActor.assumeIsolated {
            let (run, vc) = RowsController.run { vc in
                UIView.animate(withDuration: 0.3, animations: { vc.tableView.alpha = 0.5 }, completion: { f in vc.log.append("view \(f) \(CACurrentMediaTime())") })
                vc.tableView.performBatchUpdates(
                    {
                        vc.rows.remove(at: 0)
                        vc.tableView.deleteRows(at: [IndexPath(row: 0, section: 0)], with: .fade)
                    }, completion: { f in vc.log.append("rows \(f) \(CACurrentMediaTime())") })
            }
            run.advance(to: 2)
            XCTAssertEqual(vc.log, [])
            run.advance(to: 6)
            XCTAssertEqual(vc.log, ["view true 0.3", "rows true 0.3"])
        }
    }

    /// Counts that do not add up are UIKit's NSInternalInconsistencyException, said as an error
    /// with UIKit's text; the table shows the data source's rows, and the completion still runs.
    func testInconsistentUpdateIsSaidWithUIKitsMessage() {
        MainActor.assumeIsolated {
            let (run, vc) = RowsController.run { vc in
                vc.tableView.performBatchUpdates({ vc.tableView.insertRows(at: [IndexPath(row: 1, section: 0)], with: .fade) }, completion: { f in vc.log.append("done \(f)") })
            }
            run.advance(to: 1)
            let said = ScreenRun.takeDiagnostics()
            XCTAssertTrue(
                said.contains {
                    $0.hasPrefix("error: ") && $0.contains("NSInternalInconsistencyException")
                        && $0.contains(
                            "Invalid update: invalid number of rows in section 0. The number of rows contained in an existing section after the update (4) must be equal to the number of rows contained in that section before the update (4), plus or minus the number of rows inserted or deleted from that section (1 inserted, 0 deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, 0 moved out)."
                        )
                }, "\(said)")
            XCTAssertEqual(vc.tableView.visibleCells.count, 4)
            XCTAssertEqual(vc.log, ["done true"])
        }
    }

    /// A row index past the section before the update is UIKit's "attempt to delete row" message.
    func testDeletingARowThatIsNotThereIsSaid() {
        MainActor.assumeIsolated {
            let (run, _) = RowsController.run { vc in
                vc.rows.removeLast()
                vc.tableView.deleteRows(at: [IndexPath(row: 9, section: 0)], with: .fade)
            }
            run.advance(to: 1)
            XCTAssertTrue(ScreenRun.takeDiagnostics().contains { $0.contains("attempt to delete row 9 from section 0 which only contains 4 rows before the update") })
        }
    }

    /// A reloaded row's cell is asked for again: the old one fades out as the new one fades in.
    func testReloadedRowCrossFades() {
        MainActor.assumeIsolated {
            var old: UITableViewCell?
            let (run, vc) = RowsController.run { vc in
                old = vc.cell("B")
                vc.rows[1] = "B2"
                vc.tableView.reloadRows(at: [IndexPath(row: 1, section: 0)], with: .automatic)
            }
            run.advance(to: 1)
            run.within {
                XCTAssertEqual(Double(old?.layer.presentation()?.opacity ?? -1), 1 - Self.third, accuracy: 1e-6)
                XCTAssertEqual(Double(vc.cell("B2")?.layer.presentation()?.opacity ?? -1), Self.third, accuracy: 1e-6)
                XCTAssertEqual(Self.drawn(vc.cell("B2")).minY, 44)
            }
        }
    }

    /// Inside `performWithoutAnimation` the rows are where they end at once; the completion still
    /// runs at the next frame.
    func testWithoutAnimationTheRowsJump() {
        MainActor.assumeIsolated {
            let (run, vc) = RowsController.run { vc in
                UIView.performWithoutAnimation {
                    vc.rows.insert("new", at: 0)
                    vc.tableView.performBatchUpdates({ vc.tableView.insertRows(at: [IndexPath(row: 0, section: 0)], with: .fade) }, completion: { f in vc.log.append("done \(f)") })
                }
            }
            run.advance(to: 1)
            run.within { XCTAssertEqual(Self.drawn(vc.cell("A")).minY, 44) }
            XCTAssertEqual(vc.log, ["done true"])
        }
    }

    /// The inserting table of the golden: eight rows, "New" inserted as the second with `.top`.
    @MainActor static func inserting() -> RowsController {
        let vc = RowsController(style: .plain)
        vc.rows = ["Anna", "Ben", "Chloe", "Dev", "Emma", "Finn", "Gus", "Hana"]
        vc.onAppear = { vc in
            vc.rows.insert("New", at: 1)
            vc.tableView.insertRows(at: [IndexPath(row: 1, section: 0)], with: .top)
        }
        return vc
    }

    /// The insertion's four frames (0 to 0.3 s) at 1x against the golden.
    func testTableInsertionGolden() throws {
        try assertFrames(
            of: { Self.inserting() }, scenario: AnimationDeterminismTests.fixtures + "/table-insert.yaml",
            golden: UITableViewGoldenTests.goldens + "/table-insert", scale: 1)
    }

    /// `--jobs 1` and `--jobs 2` give the same bytes for the animated insertion.
    func testInsertionIsTheSameForAnyWorkers() throws {
        let base = NSTemporaryDirectory() + "uikit-table-insert-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: base) }
        let scenario = AnimationDeterminismTests.fixtures + "/table-insert.yaml"
        try renderFrames(of: { Self.inserting() }, scenario: scenario, out: base + "/one", scale: 1, jobs: 1)
        try renderFrames(of: { Self.inserting() }, scenario: scenario, out: base + "/two", scale: 1, jobs: 2)
        let names = try FileManager.default.contentsOfDirectory(atPath: base + "/one").filter { $0.hasSuffix(".png") }.sorted()
        XCTAssertEqual(names.count, 4)
        for name in names {
            XCTAssertEqual(FileManager.default.contents(atPath: base + "/one/" + name), FileManager.default.contents(atPath: base + "/two/" + name), name)
        }
        // The frames differ while the row comes in.
        XCTAssertNotEqual(FileManager.default.contents(atPath: base + "/one/0001.png"), FileManager.default.contents(atPath: base + "/one/0002.png"))
    }
}

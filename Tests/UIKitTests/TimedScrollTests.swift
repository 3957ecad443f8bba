import Foundation
import Raster
import Scene
import RenderFramesKit
@testable import UIKit
import XCTest

/// The scenario's own scroll view (the controller's view, 3000 pt of striped content), its
/// delegate logging the calls with the frame time; the screen's code scrolls it with
/// `setContentOffset(_:animated: true)` from `viewDidAppear`, when the finger lifts, or as a test
/// says between frames.
@MainActor final class TimedScrollController: UIViewController, UIScrollViewDelegate {
    let scroll = UIScrollView()
    var log: [String] = []
    var logScrolls = false
    var onAppear: (TimedScrollController) -> Void = { _ in }
    var onLift: ((TimedScrollController) -> Void)?

    override func loadView() {
        scroll.contentSize = CGSize(width: 393, height: 3000)
        scroll.contentInsetAdjustmentBehavior = .never
        scroll.backgroundColor = .white
        for i in 0..<30 {
            let row = UIView(frame: CGRect(x: 0, y: CGFloat(i) * 100, width: 393, height: 90))
            row.backgroundColor = i % 2 == 0 ? .systemTeal : .systemOrange
            scroll.addSubview(row)
        }
        scroll.delegate = self
        view = scroll
    }
    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        onAppear(self)
    }

    private var now: String { "\(CACurrentMediaTime())" }
    func scrollViewDidScroll(_ s: UIScrollView) { if logScrolls { log.append("scroll \(Int(s.contentOffset.y.rounded())) \(now)") } }
    func scrollViewDidEndScrollingAnimation(_ s: UIScrollView) { log.append("end \(now)") }
    func scrollViewDidEndDecelerating(_ s: UIScrollView) { log.append("decelerated \(now)") }
    func scrollViewDidEndDragging(_ s: UIScrollView, willDecelerate decelerate: Bool) {
        log.append("lift \(now)")
        onLift?(self)
    }

    /// The controller run at `fps` with the scenario's `steps`.
    static func run(_ make: @escaping @MainActor () -> UIViewController, steps: [GestureTimeline.Step], fps: Double = 10) throws -> ScreenRun {
        let device = Device.named("iphone-15")!
        let timeline = try GestureTimeline(
            steps: steps, physics: ScrollPhysics(), bounds: 0...0, viewportHeight: device.size.height, touchPlacement: { _ in Point(200, 600) })
        let settings = ScreenSettings(device: device, appearance: .light, typography: .standard, fps: fps, imageFolders: [])
        ScreenRun.resetDiagnostics()
        return ScreenRun(settings: settings, motion: timeline, make: make)
    }

    /// From `viewDidAppear` to 600, and back to the top when the finger lifts still: the screen
    /// the fixture timed-scroll.yaml drives.
    static func snapping() -> TimedScrollController {
        let vc = TimedScrollController()
        vc.onAppear = { $0.scroll.setContentOffset(CGPoint(x: 0, y: 600), animated: true) }
        vc.onLift = { $0.scroll.setContentOffset(CGPoint(x: 0, y: 600), animated: true) }
        return vc
    }
}

final class TimedScrollTests: XCTestCase {
    /// Called from `viewDidAppear` (frame 0), the scroll runs from 0 to 600 in 0.3 s, linearly as
    /// on any other scroll view: 200, 400, 600 at 0.1, 0.2, 0.3 s, a scrollViewDidScroll each
    /// frame, scrollViewDidEndScrollingAnimation as it lands. The drag at 1 s (100 pt up in 0.2 s)
    /// starts from 600: 650 at 1.1 s, 700 at 1.2 s.
    func testACallFromViewDidAppearAnimatesAndTheNextDragStartsWhereItLanded() throws {
        try MainActor.assumeIsolated {
            let vc = TimedScrollController()
            vc.logScrolls = true
            vc.onAppear = { $0.scroll.setContentOffset(CGPoint(x: 0, y: 600), animated: true) }
            let run = try TimedScrollController.run(
                { vc }, steps: [.wait(1), .drag(by: -100, to: nil, duration: 0.2, easing: .linear, at: nil), .release(velocity: 0), .wait(1)])
            run.advance(to: 0)
            XCTAssertEqual(vc.scroll.contentOffset.y, 0)
            run.advance(to: 3)
            XCTAssertEqual(vc.log, ["scroll 200 0.1", "scroll 400 0.2", "scroll 600 0.3", "end 0.3"])
            run.advance(to: 9)
            XCTAssertEqual(vc.scroll.contentOffset.y, 600)
            run.advance(to: 11)
            XCTAssertEqual(vc.scroll.contentOffset.y, 650, accuracy: 1e-6)
            run.advance(to: 12)
            XCTAssertEqual(vc.scroll.contentOffset.y, 700, accuracy: 1e-6)
            XCTAssertEqual(vc.log.filter { !$0.hasPrefix("scroll") }, ["end 0.3", "lift 1.2"])
            XCTAssertEqual(ScreenRun.takeDiagnostics().filter { $0.contains("setContentOffset") }, [])
        }
    }

    /// A call when the finger has lifted (the snapping idiom, in scrollViewDidEndDragging at
    /// 0.2 s) runs from where the finger left the content (200) back to 0 from that frame: 133,
    /// 67, 0 at 0.3, 0.4, 0.5 s, where it ends.
    func testACallWhenTheFingerLiftsRunsFromThatFrame() throws {
        try MainActor.assumeIsolated {
            let vc = TimedScrollController()
            vc.onLift = { $0.scroll.setContentOffset(.zero, animated: true) }
            let run = try TimedScrollController.run(
                { vc }, steps: [.drag(by: -200, to: nil, duration: 0.2, easing: .linear, at: nil), .release(velocity: 0), .wait(1)])
            run.advance(to: 2)
            XCTAssertEqual(vc.scroll.contentOffset.y, 200, accuracy: 1e-6)
            var seen: [Double] = []
            for frame in 3...6 {
                run.advance(to: frame)
                seen.append((Double(vc.scroll.contentOffset.y) * 100).rounded() / 100)
            }
            XCTAssertEqual(seen, [133.33, 66.67, 0, 0])
            XCTAssertEqual(vc.log, ["lift 0.2", "end 0.5"])
        }
    }

    /// A call during a fling cuts it where it is: the deceleration ends (the delegate hears it),
    /// and the content goes from there to the top in 0.3 s.
    func testACallDuringAFlingCutsIt() throws {
        try MainActor.assumeIsolated {
            let vc = TimedScrollController()
            let run = try TimedScrollController.run({ vc }, steps: [.fling(velocity: -3000, duration: 0.1, at: nil), .wait(3)])
            run.advance(to: 5)
            let at = Double(vc.scroll.contentOffset.y)
            XCTAssertGreaterThan(at, 400)
            run.within { vc.scroll.setContentOffset(.zero, animated: true) }
            run.advance(to: 6)
            XCTAssertEqual(Double(vc.scroll.contentOffset.y), at * 2 / 3, accuracy: 1e-6)
            run.advance(to: 7)
            XCTAssertEqual(Double(vc.scroll.contentOffset.y), at / 3, accuracy: 1e-6)
            run.advance(to: 12)
            XCTAssertEqual(vc.scroll.contentOffset.y, 0)
            XCTAssertEqual(vc.log, ["lift 0.1", "decelerated 0.6", "end 0.8"])
        }
    }

    /// While the scenario's finger drags the content, the finger wins: the call moves nothing
    /// and nothing ends; said once.
    func testTheFingerWinsOverACallWhileItDrags() throws {
        try MainActor.assumeIsolated {
            let vc = TimedScrollController()
            let run = try TimedScrollController.run(
                { vc }, steps: [.drag(by: -300, to: nil, duration: 0.6, easing: .linear, at: nil), .release(velocity: 0), .wait(1)])
            run.advance(to: 2)
            run.within { vc.scroll.setContentOffset(CGPoint(x: 0, y: 1000), animated: true) }
            run.advance(to: 3)
            XCTAssertEqual(vc.scroll.contentOffset.y, 150, accuracy: 1e-6)
            run.advance(to: 10)
            XCTAssertEqual(vc.scroll.contentOffset.y, 300, accuracy: 1e-6)
            XCTAssertEqual(vc.log, ["lift 0.6"])
            XCTAssertTrue(ScreenRun.takeDiagnostics().contains { $0.contains("the finger wins") })
        }
    }

    /// `scrollRectToVisible(_:animated: true)` on the scenario's scroll view takes the same path:
    /// a rect at 1000-1100 brings its bottom to the view's (248), a third of the way at 0.1 s.
    func testScrollRectToVisibleTakesTheSamePath() throws {
        try MainActor.assumeIsolated {
            let vc = TimedScrollController()
            vc.onAppear = { $0.scroll.scrollRectToVisible(CGRect(x: 0, y: 1000, width: 10, height: 100), animated: true) }
            let run = try TimedScrollController.run({ vc }, steps: [.wait(1)])
            run.advance(to: 1)
            let target = 1100 - vc.scroll.bounds.height
            XCTAssertEqual(vc.scroll.contentOffset.y, target / 3, accuracy: 1e-6)
            run.advance(to: 3)
            XCTAssertEqual(vc.scroll.contentOffset.y, target, accuracy: 1e-6)
            XCTAssertEqual(vc.log, ["end 0.3"])
        }
    }

    /// `scrollToRow(at:at:animated: true)` on a table that is the scenario's scroll view: row 20
    /// of 44 pt rows to the top, 880 pt in 0.3 s.
    func testScrollToRowOnTheScenariosTable() throws {
        try MainActor.assumeIsolated {
            let vc = TimedScrollTableController()
            let run = try TimedScrollController.run({ vc }, steps: [.wait(1)])
            run.advance(to: 1)
            XCTAssertEqual(vc.tableView.contentOffset.y, 880.0 / 3, accuracy: 1e-6)
            run.advance(to: 4)
            XCTAssertEqual(vc.tableView.contentOffset.y, 880, accuracy: 1e-6)
            XCTAssertEqual(vc.log, ["end 0.3"])
        }
    }

    /// `scrollToItem(at:at:animated: true)` on a collection that is the scenario's scroll view:
    /// item 10 of 100 pt items to the top, 1000 pt in 0.3 s.
    func testScrollToItemOnTheScenariosCollection() throws {
        try MainActor.assumeIsolated {
            let vc = TimedScrollCollectionController()
            let run = try TimedScrollController.run({ vc }, steps: [.wait(1)])
            run.advance(to: 2)
            XCTAssertEqual(vc.collection.contentOffset.y, 2000.0 / 3, accuracy: 1e-6)
            run.advance(to: 4)
            XCTAssertEqual(vc.collection.contentOffset.y, 1000, accuracy: 1e-6)
            XCTAssertEqual(vc.log, ["end 0.3"])
        }
    }

    /// `--jobs 1`, `--jobs 2` and `--frames 24-34` give the same bytes for the screen that scrolls
    /// from viewDidAppear and again when the finger lifts (0.8 s): the selection runs the calls of
    /// the frames before it, so the scroll it starts is where it is in the whole run.
    func testTimedScrollsAreTheSameForAnyWorkersAndSelection() throws {
        let base = NSTemporaryDirectory() + "uikit-timed-scroll-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: base) }
        let scenario = AnimationDeterminismTests.fixtures + "/timed-scroll.yaml"
        let names = try SameBytes.check({ TimedScrollController.snapping() }, scenario: scenario, in: base, selected: 24...34)
        XCTAssertEqual(names.count, 42)
        // The content moves back between frames 24 and 34 (the scroll from the lift, 0.8 to 1.1 s).
        let manifest = try XCTUnwrap(Manifest.read(atPath: base + "/one/manifest.json"))
        let offsets = (24...34).compactMap { i in manifest.frames.first { $0.index == i }?.contentOffsetY }
        XCTAssertEqual(offsets.first ?? 0, 750, accuracy: 1)
        XCTAssertEqual(offsets.last ?? 0, 600, accuracy: 1e-6)
    }
}

/// A table (the scenario's scroll view) of 50 rows of 44 pt that scrolls row 20 to the top from
/// viewDidAppear.
@MainActor final class TimedScrollTableController: UITableViewController {
    var log: [String] = []
    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.rowHeight = 44
        tableView.contentInsetAdjustmentBehavior = .never
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "c")
    }
    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 50 }
    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        tableView.dequeueReusableCell(withIdentifier: "c", for: indexPath)
    }
    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        tableView.scrollToRow(at: IndexPath(row: 20, section: 0), at: .top, animated: true)
    }
    override func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) { log.append("end \(CACurrentMediaTime())") }
}

/// A collection (the scenario's scroll view) of 50 full-width items 100 pt tall that scrolls item
/// 10 to the top from viewDidAppear.
@MainActor final class TimedScrollCollectionController: UIViewController, UICollectionViewDataSource, UICollectionViewDelegate {
    var log: [String] = []
    lazy var collection: UICollectionView = {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 393, height: 100)
        layout.minimumLineSpacing = 0
        return UICollectionView(frame: .zero, collectionViewLayout: layout)
    }()
    override func loadView() {
        collection.contentInsetAdjustmentBehavior = .never
        collection.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "c")
        collection.dataSource = self
        collection.delegate = self
        view = collection
    }
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 50 }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        collectionView.dequeueReusableCell(withReuseIdentifier: "c", for: indexPath)
    }
    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        collection.scrollToItem(at: IndexPath(item: 10, section: 0), at: .top, animated: true)
    }
    func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) { log.append("end \(CACurrentMediaTime())") }
}

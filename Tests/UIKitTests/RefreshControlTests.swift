import Foundation
import Raster
import RenderFramesKit
import ScenarioFormat
import Scene
import UIKit
import XCTest

/// A table with a refresh control that records its `.valueChanged` events.
@MainActor private final class RefreshingViewController: UITableViewController {
    var events: [(frameOffset: CGFloat, tracking: Bool)] = []
    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "cell")
        let control = UIRefreshControl()
        control.addAction(
            UIAction { [unowned self] _ in self.events.append((self.tableView.contentOffset.y, self.tableView.isTracking)) },
            for: .valueChanged)
        refreshControl = control
    }
    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 30 }
    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
        cell.textLabel?.text = "Row \(indexPath.row)"
        return cell
    }
}

/// UIRefreshControl: revealed by the pull, refreshing past 120 pt while the finger is down, the
/// content resting below it while refreshing.
final class RefreshControlTests: XCTestCase {
    /// A scenario pulling `by` points of finger over 0.6 s, then letting go for 1 s.
    @MainActor private static func run(pull by: Double, _ vc: RefreshingViewController) throws -> (ScreenRun, Int) {
        let dir = NSTemporaryDirectory() + "refresh-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let yaml = """
            device: iphone-15
            fps: 30
            timeline:
              gestures:
                - drag: {by: \(by), duration: 0.6}
                - release
                - wait: 1
            """
        try yaml.write(toFile: dir + "/pull.yaml", atomically: true, encoding: .utf8)
        let loaded = try ScenarioLoader.load(path: dir + "/pull.yaml", screenCode: true)
        let settings = ScreenSettings(device: loaded.screen.device, appearance: .light, typography: .standard, fps: 30, imageFolders: [])
        return (ScreenRun(settings: settings, motion: loaded.timeline, make: { vc }), Int((loaded.timeline.duration * 30).rounded()))
    }

    /// Pulled past 120 pt, `.valueChanged` is sent once, with the finger still down; let go, the
    /// content rests 60 pt lower (the adjusted inset grows by the control's height) with the
    /// control in the gap; `endRefreshing()` takes both back.
    func testPullPastTheThresholdRefreshesAndHoldsTheContent() throws {
        try MainActor.assumeIsolated {
            let vc = RefreshingViewController(style: .plain)
            let (run, last) = try RefreshControlTests.run(pull: 400, vc)
            var pulls: [CGFloat] = []
            for f in 0...18 {
                run.advance(to: f)
                pulls.append(-(vc.tableView.contentOffset.y + vc.tableView.safeAreaInsets.top))
            }
            let rest = vc.tableView.safeAreaInsets.top
            XCTAssertEqual(vc.events.count, 1)
            XCTAssertEqual(vc.events.first?.tracking, true, "sent during the drag")
            XCTAssertGreaterThanOrEqual(-(vc.events[0].frameOffset + rest), UIRefreshControl.triggerDistance)
            XCTAssertTrue(vc.refreshControl!.isRefreshing)
            run.advance(to: last)
            XCTAssertEqual(vc.tableView.adjustedContentInset.top, rest + 60)
            XCTAssertEqual(vc.tableView.contentOffset.y, -(rest + 60), accuracy: 0.01)
            XCTAssertEqual(vc.refreshControl!.frame, CGRect(x: 0, y: -60, width: vc.tableView.bounds.width, height: 60))
            XCTAssertEqual(vc.events.count, 1, "once per refresh")
            run.within { vc.refreshControl!.endRefreshing() }
            run.advance(to: last + 1)
            XCTAssertEqual(vc.tableView.adjustedContentInset.top, rest)
            XCTAssertEqual(vc.tableView.contentOffset.y, -rest, accuracy: 0.01)
            XCTAssertTrue(pulls.contains { $0 > 0 && $0 < 60 }, "\(pulls)")
        }
    }

    /// A pull short of 120 pt sends nothing and the content returns to its rest; while pulled,
    /// the control sits just above the content, at the top of the gap once that is taller.
    func testShortPullDoesNotRefresh() throws {
        try MainActor.assumeIsolated {
            let vc = RefreshingViewController(style: .plain)
            let (run, last) = try RefreshControlTests.run(pull: 150, vc)
            var maxGap: CGFloat = 0
            for f in 0...last {
                run.advance(to: f)
                let rest = vc.tableView.safeAreaInsets.top
                let gap = -(vc.tableView.contentOffset.y + rest)
                maxGap = max(maxGap, gap)
                XCTAssertEqual(vc.refreshControl!.frame.minY, min(-60, -gap), accuracy: 0.01, "frame \(f)")
            }
            XCTAssertGreaterThan(maxGap, 60)
            XCTAssertLessThan(maxGap, UIRefreshControl.triggerDistance)
            XCTAssertEqual(vc.events.count, 0)
            XCTAssertFalse(vc.refreshControl!.isRefreshing)
            XCTAssertEqual(vc.tableView.contentOffset.y, -vc.tableView.safeAreaInsets.top, accuracy: 0.01)
        }
    }

    /// Drawn: the spinner's ticks appear with the pull (none at rest, some part way, all eight
    /// refreshing), in secondaryLabel's gray, centred above the content.
    func testTicksAppearWithThePull() throws {
        try MainActor.assumeIsolated {
            let vc = RefreshingViewController(style: .plain)
            let (run, _) = try RefreshControlTests.run(pull: 400, vc)
            var counts: [Int] = []
            for f in [0, 6, 18] {
                run.advance(to: f)
                let d = run.settings.device
                let p = LayerRenderer().render(run.snapshot(), width: Int(d.size.width), height: Int(d.size.height), scale: 1)
                ControlsHarness.dump(p, "refresh-\(f)")
                let control = vc.refreshControl!
                let c = control.convert(CGPoint(x: control.bounds.midX, y: control.bounds.midY), to: nil)
                // Gray pixels in the spinner's 20 pt square.
                var gray = 0
                for y in Int(c.y) - 10..<Int(c.y) + 10 {
                    for x in Int(c.x) - 10..<Int(c.x) + 10 where y >= 0 {
                        let px = ControlsHarness.pixel(p, x, y)
                        if (100...229).contains(px.0), abs(px.0 - px.2) < 20 { gray += 1 }
                    }
                }
                counts.append(gray)
            }
            XCTAssertEqual(counts[0], 0, "\(counts)")
            XCTAssertGreaterThan(counts[1], 0, "\(counts)")
            XCTAssertGreaterThan(counts[2], counts[1], "\(counts)")
        }
    }
}

import Foundation
import Raster
import RenderFramesKit
import ScenarioFormat
import Scene
import UIKit
import XCTest

/// The bar as real screens draw it (issue 41): a translation set on `navigationBar.transform`
/// (the slide-away idiom), the bar's alpha, a table's background photo under a transparent bar, a
/// refresh begun as the screen appears; and NSShadow under text (issue 43).
final class BarsAsDrawnTests: XCTestCase {
    /// The frame drawn at 1x.
    @MainActor static func pixels(_ run: ScreenRun) -> Pixmap {
        let d = run.settings.device
        return LayerRenderer().render(run.snapshot(), width: Int(d.size.width), height: Int(d.size.height), scale: 1)
    }

    static func pixel(_ p: Pixmap, _ x: Int, _ y: Int) -> [Int] {
        let i = (y * p.width + x) * 4
        return (0..<4).map { Int(p.bytes[i + $0]) }
    }

    /// An opaque red bar (no material, no blur; also at the scroll edge) over the inbox's white content.
    @MainActor static func redBar() -> UINavigationController {
        let nav = BarTests.inbox(largeTitles: false)
        let red = UINavigationBarAppearance()
        red.configureWithOpaqueBackground()
        red.backgroundColor = .red
        red.shadowColor = nil
        nav.navigationBar.standardAppearance = red
        nav.navigationBar.scrollEdgeAppearance = red
        return nav
    }

    // MARK: The bar's transform and alpha

    /// `navigationBar.transform = .init(translationX: 0, y: -30)` slides the drawn bar 30 pt up
    /// (its background, status bar backing and title with it) and keeps it there through the next
    /// layouts; `frame` reports the moved bar and the safe area stays the bar at rest, as on iOS.
    func testATranslationOfTheBarMovesWhatIsDrawn() {
        MainActor.assumeIsolated {
            let nav = Self.redBar()
            let run = BarTests.run({ nav }, offsets: [0, 0, 0])
            run.advance(to: 0)
            let before = Self.pixels(run)
            // Under the status bar (59) + the row (44): red down to y = 103.
            XCTAssertEqual(Self.pixel(before, 5, 95), [255, 0, 0, 255])
            let safeTop = nav.topViewController!.view.safeAreaInsets.top
            let restTop = nav.navigationBar.frame.minY
            run.within { nav.navigationBar.transform = CGAffineTransform(translationX: 0, y: -30) }
            for frame in 1...2 {
                run.advance(to: frame)
                let after = Self.pixels(run)
                XCTAssertEqual(Self.pixel(after, 5, 65), [255, 0, 0, 255], "frame \(frame): the bar still covers y = 65")
                XCTAssertEqual(Self.pixel(after, 5, 80), [255, 255, 255, 255], "frame \(frame): the content shows where the bar was (y = 80)")
                XCTAssertEqual(nav.navigationBar.frame.minY, restTop - 30, accuracy: 0.001, "frame \(frame)")
                XCTAssertEqual(nav.navigationBar.transform.ty, -30, "frame \(frame): the layout keeps the transform")
                XCTAssertEqual(nav.topViewController!.view.safeAreaInsets.top, safeTop, "frame \(frame)")
            }
        }
    }

    /// The bar's alpha is drawn: half of the red bar over white is (255, 128, 128).
    func testTheBarsAlphaIsDrawn() {
        MainActor.assumeIsolated {
            let nav = Self.redBar()
            let run = BarTests.run({ nav }, offsets: [0])
            run.advance(to: 0)
            run.within { nav.navigationBar.alpha = 0.5 }
            let p = Self.pixels(run)
            let c = Self.pixel(p, 5, 95)
            XCTAssertEqual(c[0], 255)
            XCTAssertEqual(Double(c[1]), 127.5, accuracy: 1)
            XCTAssertEqual(Double(c[2]), 127.5, accuracy: 1)
        }
    }

    // MARK: A table's background view

    /// A table's `backgroundView` fills the table's bounds as it scrolls (UIKit sizes it so):
    /// under a transparent bar the photo set there shows, not the window's white.
    func testATablesBackgroundViewFillsItsBoundsUnderATransparentBar() {
        MainActor.assumeIsolated {
            final class Photo: UITableViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    let photo = UIView()
                    photo.backgroundColor = .green
                    tableView.backgroundView = photo
                    navigationController?.navigationBar.setBackgroundImage(UIImage(), for: .default)
                    navigationController?.navigationBar.shadowImage = UIImage()
                }
                override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 0 }
            }
            let screen = Photo(style: .plain)
            let run = BarTests.run({ UINavigationController(rootViewController: screen) }, offsets: [0, 120])
            for frame in 0...1 {
                run.advance(to: frame)
                let table = screen.tableView!
                XCTAssertEqual(table.backgroundView?.frame, table.bounds, "frame \(frame)")
                let p = Self.pixels(run)
                XCTAssertEqual(Self.pixel(p, 5, 80), [0, 255, 0, 255], "frame \(frame): the photo under the transparent bar")
                XCTAssertEqual(Self.pixel(p, 5, 700), [0, 255, 0, 255], "frame \(frame): and under the rows")
            }
        }
    }

    // MARK: A refresh begun as the screen appears

    /// `beginRefreshing()` in `viewIsAppearing` (on screen, at rest), in the corpus' scenario that
    /// starts with a pull: frame 0 has the content at its refreshing rest, so the spinner shows in
    /// the 60 pt under the status bar, not under it; the pull then moves the content on from there.
    func testARefreshBegunAsTheScreenAppearsShowsTheSpinnerBelowTheStatusBar() throws {
        try MainActor.assumeIsolated {
            final class Refreshing: UITableViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    refreshControl = UIRefreshControl()
                }
                override func viewIsAppearing(_ animated: Bool) {
                    super.viewIsAppearing(animated)
                    refreshControl?.beginRefreshing()
                }
                override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 20 }
                override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell { UITableViewCell() }
            }
            let screen = Refreshing(style: .plain)
            let dir = NSTemporaryDirectory() + "bars-refresh-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: dir) }
            let yaml = "device: iphone-15\nfps: 30\ntimeline:\n  gestures:\n    - drag: {by: 140, duration: 0.5}\n    - release\n    - wait: 0.6\n"
            try yaml.write(toFile: dir + "/pull.yaml", atomically: true, encoding: .utf8)
            let loaded = try ScenarioLoader.load(path: dir + "/pull.yaml", screenCode: true)
            let settings = ScreenSettings(device: loaded.screen.device, appearance: .light, typography: .standard, fps: 30, imageFolders: [])
            let run = ScreenRun(settings: settings, motion: loaded.timeline, make: { screen })
            run.advance(to: 0)
            let table = screen.tableView!
            let top = table.safeAreaInsets.top
            XCTAssertTrue(screen.refreshControl!.isRefreshing)
            XCTAssertEqual(table.contentOffset.y, -(top + 60), accuracy: 0.001)
            let control = screen.refreshControl!.convert(screen.refreshControl!.bounds, to: nil)
            XCTAssertEqual(control.minY, top, accuracy: 0.001, "the control starts under the status bar")
            run.advance(to: 6)
            XCTAssertLessThan(table.contentOffset.y, -(top + 60) - 10, "pulled on from the refreshing rest")
        }
    }

    /// `beginRefreshing()` before the control is on screen (viewDidLoad) is ignored, as iOS 17
    /// and later ignore it ("A UIRefreshControl received offscreen beginRefreshing. Ignored.").
    func testARefreshBegunOffscreenIsIgnored() {
        MainActor.assumeIsolated {
            final class Early: UITableViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    refreshControl = UIRefreshControl()
                    refreshControl?.beginRefreshing()
                }
                override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 20 }
                override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell { UITableViewCell() }
            }
            let screen = Early(style: .plain)
            let run = BarTests.run({ screen }, offsets: [0])
            run.advance(to: 0)
            XCTAssertFalse(screen.refreshControl!.isRefreshing)
            XCTAssertEqual(screen.tableView.contentOffset.y, -screen.tableView.safeAreaInsets.top, accuracy: 0.001)
        }
    }
}

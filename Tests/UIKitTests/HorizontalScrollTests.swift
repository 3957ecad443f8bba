import Foundation
import Raster
import RenderFramesKit
import ScenarioFormat
import Scene
import UIKit
import XCTest

/// Hears a scroll view's delegate calls (the carousel's, apart from the main scroll view's).
@MainActor final class CallRecorder: NSObject, UIScrollViewDelegate {
    var calls: [String] = []
    /// isTracking / isDragging / isDecelerating as each scrollViewDidScroll saw them.
    var flags: Set<String> = []
    var snapX: CGFloat?

    func scrollViewDidScroll(_ scrollView: UIScrollView) {
        if calls.last != "didScroll" { calls.append("didScroll") }
        flags.insert("\(scrollView.isTracking ? "T" : "-")\(scrollView.isDragging ? "D" : "-")\(scrollView.isDecelerating ? "E" : "-")")
    }
    func scrollViewWillBeginDragging(_ scrollView: UIScrollView) { calls.append("willBeginDragging") }
    func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>) {
        calls.append(
            "willEndDragging(\(velocity.x > 0 ? "+" : velocity.x < 0 ? "-" : "0")x, \(velocity.y == 0 ? "0" : "?")y, target \(Int(targetContentOffset.pointee.x)))"
        )
        if let snapX { targetContentOffset.pointee.x = snapX }
    }
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) { calls.append("didEndDragging(\(decelerate))") }
    func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) { calls.append("willBeginDecelerating") }
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) { calls.append("didEndDecelerating") }
}

/// A vertical scroll view with a paging carousel of four pages in it, 200 points tall at y 120.
@MainActor final class NestedCarouselViewController: UIViewController {
    let scroll = UIScrollView()
    let carousel = UIScrollView()
    let outer = CallRecorder()
    let inner = CallRecorder()
    var paging = true

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        scroll.frame = view.bounds
        scroll.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        scroll.delegate = outer
        view.addSubview(scroll)
        let width = view.bounds.width
        carousel.frame = CGRect(x: 0, y: 120, width: width, height: 200)
        carousel.isPagingEnabled = paging
        carousel.delegate = inner
        carousel.accessibilityIdentifier = "carousel"
        let colors: [UIColor] = [.systemRed, .systemGreen, .systemBlue, .systemOrange]
        for (i, color) in colors.enumerated() {
            let page = UIView(frame: CGRect(x: CGFloat(i) * width + 16, y: 0, width: width - 32, height: 200))
            page.backgroundColor = color
            page.accessibilityIdentifier = "page\(i)"
            carousel.addSubview(page)
        }
        carousel.contentSize = CGSize(width: width * 4, height: 200)
        scroll.addSubview(carousel)
        scroll.contentSize = CGSize(width: width, height: 2000)
    }
}

/// The same carousel as a UICollectionView with a horizontal flow layout (a page-wide item a page).
@MainActor final class CollectionCarouselViewController: UIViewController, UICollectionViewDataSource {
    let scroll = UIScrollView()
    var carousel: UICollectionView!

    override func viewDidLoad() {
        super.viewDidLoad()
        scroll.frame = view.bounds
        view.addSubview(scroll)
        let layout = UICollectionViewFlowLayout()
        layout.scrollDirection = .horizontal
        layout.itemSize = CGSize(width: view.bounds.width, height: 200)
        layout.minimumLineSpacing = 0
        carousel = UICollectionView(frame: CGRect(x: 0, y: 120, width: view.bounds.width, height: 200), collectionViewLayout: layout)
        carousel.isPagingEnabled = true
        carousel.dataSource = self
        carousel.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "card")
        scroll.addSubview(carousel)
        scroll.contentSize = CGSize(width: view.bounds.width, height: 2000)
    }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 6 }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "card", for: indexPath)
        cell.contentView.backgroundColor = indexPath.item % 2 == 0 ? .systemRed : .systemBlue
        return cell
    }
}

final class HorizontalScrollTests: XCTestCase {
    /// A UICollectionView with a horizontal flow layout is a UIScrollView: it pages the same way,
    /// and the cells on screen are the page's.
    func testAHorizontalCollectionViewPagesToo() throws {
        try MainActor.assumeIsolated {
            let vc = CollectionCarouselViewController()
            let loaded = try ScenarioLoader.load(path: Self.fixtures + "/swipe.yaml", screenCode: true)
            let settings = ScreenSettings(device: loaded.screen.device, appearance: .light, typography: .standard, fps: 30, imageFolders: [])
            let run = ScreenRun(settings: settings, motion: loaded.timeline, make: { vc })
            run.advance(to: Int((loaded.timeline.duration * 30).rounded()))
            XCTAssertEqual(vc.carousel.contentOffset.x, 2 * vc.view.bounds.width, accuracy: 0.01)
            XCTAssertEqual(vc.carousel.indexPathsForVisibleItems.map(\.item), [2])
        }
    }

    static let fixtures = ScreenSmokeTests.fixtures

    @MainActor static func run(_ vc: NestedCarouselViewController, scenario: String = "swipe.yaml") throws -> ScreenRun {
        let loaded = try ScenarioLoader.load(path: fixtures + "/" + scenario, screenCode: true)
        let settings = ScreenSettings(
            device: loaded.screen.device, appearance: .light, typography: .standard, fps: loaded.fps, imageFolders: [])
        let run = ScreenRun(settings: settings, motion: loaded.timeline, make: { vc })
        run.advance(to: Int((loaded.timeline.duration * loaded.fps).rounded()))
        return run
    }

    /// A sideways swipe in the carousel pages it, in UIKit's order of calls to its delegate;
    /// the vertical scroll view around it keeps its own motion and hears none of them.
    func testASidewaysSwipePagesTheCarouselInsideTheVerticalScroll() throws {
        try MainActor.assumeIsolated {
            let vc = NestedCarouselViewController()
            let run = try Self.run(vc)
            XCTAssertEqual(vc.carousel.contentOffset.x, 2 * vc.view.bounds.width, accuracy: 0.01)
            XCTAssertEqual(vc.carousel.contentOffset.y, 0)
            run.within { XCTAssertEqual(vc.scroll.contentOffset.y + vc.scroll.adjustedContentInset.top, 80, accuracy: 0.01) }
            XCTAssertEqual(vc.scroll.contentOffset.x, 0)
            XCTAssertEqual(
                vc.inner.calls,
                [
                    "willBeginDragging", "didScroll", "willEndDragging(+x, 0y, target 393)", "didEndDragging(true)", "willBeginDecelerating",
                    "didScroll", "didEndDecelerating",
                    "willBeginDragging", "didScroll", "willEndDragging(+x, 0y, target 786)", "didEndDragging(true)", "willBeginDecelerating",
                    "didScroll", "didEndDecelerating",
                ])
            XCTAssertTrue(vc.inner.flags.contains("TD-"), "\(vc.inner.flags)")
            XCTAssertTrue(vc.inner.flags.contains("--E"), "\(vc.inner.flags)")
            XCTAssertEqual(vc.outer.calls.filter { $0.hasPrefix("willEndDragging") }.count, 1)
            XCTAssertFalse(vc.carousel.isTracking || vc.carousel.isDragging || vc.carousel.isDecelerating)
        }
    }

    /// A target the delegate changes is where a non-paging carousel rests.
    func testAChangedTargetSnapsTheCarousel() throws {
        try MainActor.assumeIsolated {
            let vc = NestedCarouselViewController()
            vc.paging = false
            vc.inner.snapX = 250
            _ = try Self.run(vc)
            XCTAssertEqual(vc.carousel.contentOffset.x, 250, accuracy: 0.01)
            let free = NestedCarouselViewController()
            free.paging = false
            _ = try Self.run(free)
            XCTAssertGreaterThan(abs(free.carousel.contentOffset.x - 250), 50)
            XCTAssertNotEqual(free.carousel.contentOffset.x.truncatingRemainder(dividingBy: 393), 0)
        }
    }

    /// A touch that lands in no horizontal scroll view scrolls nothing (it goes to the views as
    /// touches) and says so once.
    func testATouchBesideTheCarouselMovesNothing() throws {
        try MainActor.assumeIsolated {
            let vc = NestedCarouselViewController()
            ScreenRun.resetDiagnostics()
            _ = try Self.run(vc, scenario: "swipe-miss.yaml")
            XCTAssertEqual(vc.carousel.contentOffset.x, 0)
            XCTAssertEqual(vc.inner.calls, [])
            XCTAssertEqual(
                ScreenRun.takeDiagnostics(),
                [
                    "timeline.gestures[0]: the sideways touch at (300, 600) lands in no horizontally scrolling view (content wider than its bounds, "
                        + "or alwaysBounceHorizontal); it goes to the views under it as touches and nothing scrolls; give `at:` a point inside one"
                ])
        }
    }

    /// The horizontal indicator shows along the carousel's bottom while it moves.
    func testTheHorizontalIndicatorShowsWhileTheCarouselMoves() throws {
        try MainActor.assumeIsolated {
            let vc = NestedCarouselViewController()
            let loaded = try ScenarioLoader.load(path: Self.fixtures + "/swipe.yaml", screenCode: true)
            let settings = ScreenSettings(device: loaded.screen.device, appearance: .light, typography: .standard, fps: 30, imageFolders: [])
            let run = ScreenRun(settings: settings, motion: loaded.timeline, make: { vc })
            run.advance(to: 12)
            let indicator = try XCTUnwrap(BarTests.layer("carousel", in: run.snapshot())?.sublayers.first { $0.name == "scrollIndicator" })
            XCTAssertEqual(indicator.frame.height, 3)
            XCTAssertGreaterThan(indicator.frame.width, 36)
            XCTAssertEqual(indicator.frame.maxY, 200 - 3, accuracy: 0.01)
            XCTAssertGreaterThan(indicator.frame.minX, vc.carousel.contentOffset.x)
        }
    }

    /// Any number of workers and any selection of frames give the same bytes.
    func testSidewaysFramesAreTheSameForAnyWorkersAndSelection() throws {
        let base = NSTemporaryDirectory() + "uikit-sideways-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: base) }
        let scenario = Self.fixtures + "/swipe.yaml"
        try renderFrames(of: { NestedCarouselViewController() }, scenario: scenario, out: base + "/one", scale: 1, jobs: 1)
        try renderFrames(of: { NestedCarouselViewController() }, scenario: scenario, out: base + "/two", scale: 1, jobs: 2)
        try renderFrames(of: { NestedCarouselViewController() }, scenario: scenario, out: base + "/some", frames: "60-62", scale: 1)
        let names = try FileManager.default.contentsOfDirectory(atPath: base + "/one").filter { $0.hasSuffix(".png") }.sorted()
        XCTAssertGreaterThan(names.count, 62)
        for name in names {
            XCTAssertEqual(
                FileManager.default.contents(atPath: base + "/one/" + name), FileManager.default.contents(atPath: base + "/two/" + name), name)
        }
        for name in ["0060.png", "0061.png", "0062.png"] {
            XCTAssertEqual(
                FileManager.default.contents(atPath: base + "/one/" + name), FileManager.default.contents(atPath: base + "/some/" + name), name)
        }
        // By frame 30 (1 s) only the carousel has moved: the frames differ.
        XCTAssertNotEqual(FileManager.default.contents(atPath: base + "/one/0000.png"), FileManager.default.contents(atPath: base + "/one/0030.png"))
    }
}

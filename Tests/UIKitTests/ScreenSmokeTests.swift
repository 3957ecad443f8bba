import Raster
import RenderFramesKit
import UIKit
import XCTest

@MainActor class StripesViewController: UIViewController, UIScrollViewDelegate {
    let scroll = UIScrollView()
    let header = UIView()
    var calls: [String] = [] { didSet { RecordingViewController.lastCalls = calls } }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        scroll.frame = view.bounds
        scroll.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        scroll.delegate = self
        view.addSubview(scroll)
        for i in 0..<30 {
            let row = UILabel(frame: CGRect(x: 16, y: 220 + CGFloat(i) * 44, width: view.bounds.width - 32, height: 44))
            row.text = "Row \(i + 1)"
            row.accessibilityIdentifier = "row\(i)"
            scroll.addSubview(row)
        }
        header.backgroundColor = .systemIndigo
        header.accessibilityIdentifier = "header"
        header.frame = CGRect(x: 0, y: 0, width: view.bounds.width, height: 200)
        scroll.addSubview(header)
        scroll.contentSize = CGSize(width: view.bounds.width, height: 220 + 30 * 44)
    }

    func scrollViewDidScroll(_ scrollView: UIScrollView) {
        calls.append("didScroll")
        let y = scrollView.contentOffset.y + scrollView.adjustedContentInset.top
        header.transform = CGAffineTransform(translationX: 0, y: y < 0 ? y : y / 2)
    }
    func scrollViewWillBeginDragging(_ scrollView: UIScrollView) { calls.append("willBeginDragging") }
    func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>) {
        calls.append("willEndDragging")
    }
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) { calls.append("didEndDragging(\(decelerate))") }
    func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) { calls.append("willBeginDecelerating") }
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) { calls.append("didEndDecelerating") }
}

/// Records what it is told; pages by snapping the target to whole screens when asked.
@MainActor final class RecordingViewController: StripesViewController {
    nonisolated(unsafe) static var lastCalls: [String] = []
    var snap: CGFloat?

    override func scrollViewWillEndDragging(
        _ scrollView: UIScrollView, withVelocity velocity: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>
    ) {
        super.scrollViewWillEndDragging(scrollView, withVelocity: velocity, targetContentOffset: targetContentOffset)
        if let snap { targetContentOffset.pointee.y = snap }
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        calls.append("viewDidAppear")
    }
}

final class ScreenSmokeTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/uikit").path

    func testRendersFramesOfAViewController() throws {
        let out = NSTemporaryDirectory() + "uikit-smoke-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: out) }
        let result = try renderFrames(of: { StripesViewController() }, scenario: Self.fixtures + "/drag.yaml", out: out, layout: true, scale: 1)
        _ = result
        XCTAssertEqual(result.summaries.first?.framesWritten ?? 0 > 10, true)
        let files = try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasSuffix(".png") }.sorted()
        XCTAssertGreaterThan(files.count, 10)
        print("frames:", files.count, out)
    }

    /// The delegate hears a drag, its release and the deceleration in UIKit's order.
    func testDelegateCallsComeInUIKitsOrder() throws {
        let out = NSTemporaryDirectory() + "uikit-order-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: out) }
        try renderFrames(of: { RecordingViewController() }, scenario: Self.fixtures + "/paging.yaml", out: out, scale: 1, jobs: 1)
        let calls = RecordingViewController.lastCalls.filter { $0 != "didScroll" }
        XCTAssertEqual(
            Array(calls.prefix(6)),
            ["viewDidAppear", "willBeginDragging", "willEndDragging", "didEndDragging(true)", "willBeginDecelerating", "didEndDecelerating"])
        XCTAssertTrue(RecordingViewController.lastCalls.contains("didScroll"))
    }

    /// A target changed in scrollViewWillEndDragging is where the content comes to rest.
    func testAChangedTargetIsWhereTheContentRests() throws {
        let out = NSTemporaryDirectory() + "uikit-target-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: out) }
        try renderFrames(
            of: {
                let vc = RecordingViewController()
                vc.snap = 400
                return vc
            }, scenario: Self.fixtures + "/paging.yaml", out: out, scale: 1)
        let manifest = try XCTUnwrap(Manifest.read(atPath: out + "/manifest.json"))
        XCTAssertEqual(manifest.frames.last?.contentOffsetY ?? 0, 400, accuracy: 0.5)
        XCTAssertEqual(manifest.frames.last?.phase, "idle")
    }

    /// Any number of workers and any selection of frames give the same bytes: the calls before a
    /// selected frame are replayed, not skipped.
    func testFramesAreTheSameForAnyWorkersAndSelection() throws {
        let base = NSTemporaryDirectory() + "uikit-same-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: base) }
        try renderFrames(of: { StripesViewController() }, scenario: Self.fixtures + "/drag.yaml", out: base + "/one", scale: 1, jobs: 1)
        try renderFrames(of: { StripesViewController() }, scenario: Self.fixtures + "/drag.yaml", out: base + "/two", scale: 1, jobs: 2)
        try renderFrames(of: { StripesViewController() }, scenario: Self.fixtures + "/drag.yaml", out: base + "/some", frames: "40-42", scale: 1)
        let names = try FileManager.default.contentsOfDirectory(atPath: base + "/one").filter { $0.hasSuffix(".png") }.sorted()
        XCTAssertGreaterThan(names.count, 40)
        for name in names {
            XCTAssertEqual(FileManager.default.contents(atPath: base + "/one/" + name), FileManager.default.contents(atPath: base + "/two/" + name), name)
        }
        for name in ["0040.png", "0041.png", "0042.png"] {
            XCTAssertEqual(FileManager.default.contents(atPath: base + "/one/" + name), FileManager.default.contents(atPath: base + "/some/" + name), name)
        }
    }
}

@MainActor final class SymbolsViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        let heart = UIImageView(image: UIImage(systemName: "heart.fill"))
        heart.frame = CGRect(x: 20, y: 100, width: 60, height: 60)
        heart.contentMode = .scaleAspectFit
        heart.tintColor = .systemPink
        heart.accessibilityIdentifier = "heart"
        view.addSubview(heart)
        let unknown = UIImageView(image: UIImage(systemName: "heart.flil"))
        unknown.frame = CGRect(x: 100, y: 100, width: 60, height: 60)
        view.addSubview(unknown)
        let gear = UIImageView(image: UIImage(systemName: "gear", withConfiguration: UIImage.SymbolConfiguration(pointSize: 30, weight: .bold)))
        gear.frame = CGRect(x: 180, y: 100, width: 60, height: 60)
        gear.contentMode = .center
        view.addSubview(gear)
    }
}

final class SymbolImageTests: XCTestCase {
    func testSymbolsDrawInTheTintAndAnUnknownNameIsSaidOnce() throws {
        let out = NSTemporaryDirectory() + "uikit-symbols-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: out) }
        try renderFrames(of: { SymbolsViewController() }, scenario: ScreenSmokeTests.fixtures + "/still.yaml", out: out, scale: 1)
        let first = try XCTUnwrap(FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasSuffix(".png") }.sorted().first)
        let frame = try ImageDecoder.decode(fileAt: out + "/" + first)
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(frame.bytes[(y * frame.width + x) * 4..<(y * frame.width + x) * 4 + 4]) }
        // The heart's middle is systemPink; the unknown name's box is empty (the background).
        XCTAssertEqual(pixel(50, 130), [255, 45, 85, 255])
        XCTAssertEqual(pixel(130, 130), [255, 255, 255, 255])
        // The bold gear draws ink in its box.
        let inked = (100..<160).contains { y in (180..<240).contains { x in pixel(x, y)[0] < 128 } }
        XCTAssertTrue(inked)
    }
}

final class ExplainFrameTests: XCTestCase {
    func testAFrameIsExplainedViewByView() throws {
        let json = try explainFrame(of: { StripesViewController() }, scenario: ScreenSmokeTests.fixtures + "/drag.yaml", frame: 10)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let views = try XCTUnwrap(object["views"] as? [[String: Any]])
        let scroll = try XCTUnwrap(views.first { $0["class"] as? String == "UIScrollView" })
        let offset = try XCTUnwrap(scroll["contentOffset"] as? [Double])
        XCTAssertGreaterThan(offset[1], 100)
        let header = try XCTUnwrap(views.first { $0["identifier"] as? String == "header" })
        XCTAssertNotNil(header["transform"])
        XCTAssertTrue((object["onScreen"] as? [[String: Any]])?.contains { $0["name"] as? String == "header" } ?? false)
        XCTAssertThrowsError(try explainFrame(of: { StripesViewController() }, scenario: ScreenSmokeTests.fixtures + "/drag.yaml", frame: 100_000)) {
            XCTAssertTrue("\($0)".contains("has frames 0-"), "\($0)")
        }
    }
}

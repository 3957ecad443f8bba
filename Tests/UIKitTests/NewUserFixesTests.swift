import Foundation
import Raster
import RenderFramesKit
import Scene
import UIKit
import XCTest

/// A root controller that pushes the real screen once it has appeared (a launch screen's way).
@MainActor final class PushingRootViewController: UIViewController {
    let pushed = InboxViewController()
    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        navigationController?.pushViewController(pushed, animated: false)
    }
}

/// Rows in the list configurations' styles, each with secondary text.
@MainActor final class ConfiguredRowsViewController: UITableViewController {
    let kinds: [(String, @MainActor () -> UIListContentConfiguration)] = [
        ("cell", { .cell() }), ("subtitle", { .subtitleCell() }), ("value", { .valueCell() }),
    ]
    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "row")
    }
    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { kinds.count }
    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        var content = indexPath.row == 0 ? cell.defaultContentConfiguration() : kinds[indexPath.row].1()
        content.text = "Text \(kinds[indexPath.row].0)"
        content.secondaryText = "Secondary \(kinds[indexPath.row].0)"
        cell.contentConfiguration = content
        return cell
    }
}

/// Counts its viewDidLoad calls.
@MainActor final class CountingLoadViewController: UIViewController {
    nonisolated(unsafe) static var loads = 0
    override func viewDidLoad() {
        super.viewDidLoad()
        Self.loads += 1
        let scroll = UIScrollView(frame: view.bounds)
        scroll.contentSize = CGSize(width: view.bounds.width, height: 3000)
        view.addSubview(scroll)
    }
}

final class NewUserFixesTests: XCTestCase {
    /// A screen pushed from the root's viewDidAppear is the one the motion scrolls: its scroll
    /// view follows the keyframes (u 0, 100, 250 under the 98 pt bar).
    func testAScreenPushedFromViewDidAppearScrolls() {
        MainActor.assumeIsolated {
            let root = PushingRootViewController()
            let run = BarTests.run({ UINavigationController(rootViewController: root) }, offsets: [0, 100, 250])
            var offsets: [CGFloat] = []
            for frame in 0...2 {
                run.advance(to: frame)
                offsets.append(root.pushed.scroll.contentOffset.y)
            }
            XCTAssertTrue(root.navigationController?.topViewController === root.pushed)
            XCTAssertEqual(offsets, [-98, 2, 152])
            XCTAssertTrue(run.scrollView === root.pushed.scroll)
        }
    }

    /// The text layers of a tree with their frames on screen.
    static func texts(in layer: Layer, origin: Point = Point(0, 0)) -> [(String, Rect)] {
        let frame = layer.frame
        let here = Point(origin.x + frame.minX - layer.bounds.minX, origin.y + frame.minY - layer.bounds.minY)
        var out: [(String, Rect)] = []
        if case .text(let t)? = layer.contents {
            out.append((t.text, Rect(x: origin.x + frame.minX, y: origin.y + frame.minY, width: frame.width, height: frame.height)))
        }
        for sub in layer.sublayers where !sub.isHidden { out += texts(in: sub, origin: here) }
        return out
    }

    /// A list configuration's secondary text is drawn: stacked under the text in `.cell()` (the
    /// default cell's configuration) and `.subtitleCell()`, beside it, trailing, in `.valueCell()`;
    /// no stray "…".
    func testSecondaryTextIsDrawnAsUIKitDrawsIt() {
        MainActor.assumeIsolated {
            let run = BarTests.run({ ConfiguredRowsViewController() }, offsets: [0])
            run.advance(to: 0)
            let texts = Self.texts(in: run.snapshot())
            func frame(_ s: String) -> Rect? { texts.first { $0.0 == s }?.1 }
            XCTAssertFalse(texts.contains { $0.0 == "…" || ($0.1.width == 0 && !$0.0.isEmpty) }, "\(texts)")
            for kind in ["cell", "subtitle"] {
                guard let text = frame("Text \(kind)"), let secondary = frame("Secondary \(kind)") else { return XCTFail("\(kind): \(texts)") }
                XCTAssertEqual(secondary.minX, text.minX, kind)
                XCTAssertGreaterThanOrEqual(secondary.minY, text.maxY, kind)
                XCTAssertGreaterThan(secondary.width, 0, kind)
            }
            guard let text = frame("Text value"), let value = frame("Secondary value") else { return XCTFail("value: \(texts)") }
            XCTAssertEqual(value.midY, text.midY, accuracy: 1)
            XCTAssertGreaterThan(value.minX, text.maxX)
            XCTAssertEqual(value.maxX, 393 - 16, accuracy: 1)
        }
    }

    /// explainFrame runs the screen once: one viewDidLoad.
    func testExplainFrameLoadsTheViewOnce() throws {
        let path = NSTemporaryDirectory() + "explain-once-\(getpid()).yaml"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try "device: iphone-15\nfps: 2\ntimeline:\n  keyframes:\n    - {time: 0, offset: 0}\n    - {time: 2, offset: 500}\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        CountingLoadViewController.loads = 0
        _ = try explainFrame(of: { CountingLoadViewController() }, scenario: path, frame: 2)
        XCTAssertEqual(CountingLoadViewController.loads, 1)
        XCTAssertThrowsError(try explainFrame(of: { CountingLoadViewController() }, scenario: path, frame: -1)) {
            XCTAssertTrue("\($0)".contains("has frames 0-3"), "\($0)")
        }
    }
}

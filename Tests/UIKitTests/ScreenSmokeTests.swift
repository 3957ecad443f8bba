import Raster
import RenderFramesKit
import UIKit
import XCTest

@MainActor final class StripesViewController: UIViewController, UIScrollViewDelegate {
    let scroll = UIScrollView()
    let header = UIView()
    var calls: [String] = []

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

final class ScreenSmokeTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/uikit").path

    func testRendersFramesOfAViewController() throws {
        let out = NSTemporaryDirectory() + "uikit-smoke-\(getpid())"
        // defer { try? FileManager.default.removeItem(atPath: out) }
        let result = try renderFrames(of: { StripesViewController() }, scenario: Self.fixtures + "/drag.yaml", out: out, layout: true, scale: 1)
        XCTAssertEqual(result.summaries.first?.framesWritten ?? 0 > 10, true)
        let files = try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasSuffix(".png") }.sorted()
        XCTAssertGreaterThan(files.count, 10)
        print("frames:", files.count, out)
    }
}

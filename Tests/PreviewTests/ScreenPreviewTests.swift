import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Raster
import RenderFramesKit
import UIKit
import XCTest

@testable import RenderFramesPreview

/// A header over rows in a scroll view, moved by `scrollViewDidScroll` (state the screen keeps).
@MainActor final class ParallaxViewController: UIViewController, UIScrollViewDelegate {
    let scroll = UIScrollView()
    let header = UIView()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        scroll.frame = view.bounds
        scroll.delegate = self
        view.addSubview(scroll)
        for i in 0..<20 {
            let row = UILabel(frame: CGRect(x: 16, y: 220 + CGFloat(i) * 44, width: view.bounds.width - 32, height: 44))
            row.text = "Row \(i + 1)"
            scroll.addSubview(row)
        }
        header.backgroundColor = .systemIndigo
        header.accessibilityIdentifier = "header"
        header.frame = CGRect(x: 0, y: 0, width: view.bounds.width, height: 200)
        scroll.addSubview(header)
        scroll.contentSize = CGSize(width: view.bounds.width, height: 220 + 20 * 44)
    }

    func scrollViewDidScroll(_ scrollView: UIScrollView) {
        let y = scrollView.contentOffset.y + scrollView.adjustedContentInset.top
        header.transform = CGAffineTransform(translationX: 0, y: y < 0 ? y : y / 2)
    }
}

/// `PreviewServer(screen:)`'s frames: a UIKit screen run on the main thread to any frame, forwards
/// and back, each the bytes `renderFrames(of:)` writes for it.
final class ScreenPreviewTests: XCTestCase {
    func testUIKitScreenFramesInAnyOrderAreRendersBytes() throws {
        let folder = NSTemporaryDirectory() + "preview-screen-\(getpid())"
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/motion.yaml"
        try """
        device: iphone-8
        fps: 10
        timeline:
          gestures:
            - drag: {by: -300, duration: 0.5}
            - release
            - wait: 0.5
        """.write(toFile: path, atomically: true, encoding: .utf8)
        try renderFrames(of: { ParallaxViewController() }, scenario: path, out: folder + "/out", frames: "3,8", scale: 1, jobs: 1)
        let model = PreviewModel(scenarioPath: path, queue: .main, commands: .cli(scenario: path, scale: 1)) {
            try MainActor.assumeIsolated { try ScreenPreviewFrames.load(path: path, scale: 1, make: { ParallaxViewController() }) }
        }
        XCTAssertNil(model.reload())
        let count = try XCTUnwrap(model.frameCount(variant: 0))
        for index in [8, 3] { // back from 8 to 3: the screen is run again from its start
            let served = try XCTUnwrap(model.frame(variant: 0, index: index))
            let written = try Data(contentsOf: URL(fileURLWithPath: folder + "/out/" + frameFileName(index: index, frameCount: count)))
            XCTAssertEqual(served.png, written, "frame \(index)")
            let info = try XCTUnwrap(JSONSerialization.jsonObject(with: served.info) as? [String: Any])
            XCTAssertTrue((info["layers"] as? [[String: Any]])?.contains { $0["name"] as? String == "header" } == true)
        }
        let explained = try XCTUnwrap(model.explain(variant: 0, frame: 8)).get()
        XCTAssertTrue(explained.contains("\"header\""), explained)
    }

    /// `PreviewServer(screen:)` in process: the screen's code runs on the main queue while the
    /// server answers on others.
    func testServesAUIKitScreen() async throws {
        let folder = NSTemporaryDirectory() + "preview-uikit-server-\(getpid())"
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/motion.yaml"
        try "device: iphone-8\nfps: 10\ntimeline:\n  gestures:\n    - drag: {by: -300, duration: 0.5}\n    - release\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        let server = PreviewServer(screen: { ParallaxViewController() }, scenario: path, scale: 1)
        let url = try await server.start()
        let (data, response) = try await URLSession.shared.data(from: URL(string: url + "info?variant=0&frame=4")!)
        XCTAssertEqual((response as? HTTPURLResponse)?.statusCode, 200)
        let info = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        XCTAssertGreaterThan(
            try XCTUnwrap(info["offset"] as? Double), 100, "the finger drags the content up 300 pt by frame 5: contentOffset.y grows")
        await server.stop()
    }
}

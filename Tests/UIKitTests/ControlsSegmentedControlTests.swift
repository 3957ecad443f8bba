import Foundation
import Raster
import RenderFramesKit
import UIKit
import XCTest

/// UISegmentedControl draws the same pixels as a scenario's `segmentedControl:`.
final class ControlsSegmentedControlTests: XCTestCase {
    let folder = NSTemporaryDirectory() + "uikit-segments-\(getpid())"
    override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

    /// The YAML control's frame and first frame's pixels, in `appearance`.
    func yaml(_ appearance: String, selected: Int) throws -> (frame: CGRect, pixels: Pixmap) {
        let out = folder + "/yaml-\(appearance)-\(selected)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/segments-\(appearance).yaml"
        try """
        device: iphone-15
        appearance: \(appearance)
        fps: 1
        segmentedControl: {segments: [Posts, Replies, Media, Likes], selected: \(selected)}
        rows: {count: 3}
        timeline:
          keyframes:
            - {time: 0, offset: 0}
          duration: 1
        """.write(toFile: path, atomically: true, encoding: .utf8)
        var settings = Render.Settings(scenario: path, outputDirectory: out)
        (settings.includeLayout, settings.scale) = (true, 1)
        _ = try Render(settings).run()
        let manifest = try XCTUnwrap(Manifest.read(atPath: out + "/manifest.json"))
        let f = try XCTUnwrap(manifest.frames.first?.layers?.first { $0.name == "segmentedControl" }).frame
        return (CGRect(x: f[0], y: f[1], width: f[2], height: f[3]), try ImageDecoder.decode(fileAt: out + "/0000.png"))
    }

    func assertSamePixels(_ appearance: String, selected: Int) throws {
        let (frame, expected) = try yaml(appearance, selected: selected)
        XCTAssertEqual(frame.height, 32)
        let actual = ControlsHarness.onMain {
            ControlsHarness.render(dark: appearance == "dark") { view in
                let control = UISegmentedControl(items: ["Posts", "Replies", "Media", "Likes"])
                control.selectedSegmentIndex = selected
                control.frame = frame
                view.addSubview(control)
            }
        }
        ControlsHarness.dump(actual, "segments-\(appearance)")
        var differing = 0, checked = 0
        for y in Int(frame.minY)..<Int(frame.maxY) {
            for x in Int(frame.minX)..<Int(frame.maxX) {
                checked += 1
                if ControlsHarness.pixel(actual, x, y) != ControlsHarness.pixel(expected, x, y) { differing += 1 }
            }
        }
        XCTAssertGreaterThan(checked, 10000)
        XCTAssertEqual(differing, 0, "\(appearance): pixels that differ from the YAML control's")
    }

    func testSamePixelsAsTheYAMLControlInLightMode() throws { try assertSamePixels("light", selected: 1) }
    func testSamePixelsAsTheYAMLControlInDarkMode() throws { try assertSamePixels("dark", selected: 2) }

    func testSegmentsAttributesAndTint() {
        let pixels = ControlsHarness.onMain {
            ControlsHarness.render { view in
                let control = UISegmentedControl(items: ["One", "Two"])
                XCTAssertEqual(control.numberOfSegments, 2)
                XCTAssertEqual(control.selectedSegmentIndex, UISegmentedControl.noSegment)
                XCTAssertEqual(control.bounds.height, 32)
                control.insertSegment(withTitle: "Zero", at: 0, animated: false)
                XCTAssertEqual(control.titleForSegment(at: 0), "Zero")
                control.selectedSegmentIndex = 5
                XCTAssertEqual(control.selectedSegmentIndex, UISegmentedControl.noSegment)
                control.selectedSegmentIndex = 0
                control.selectedSegmentTintColor = .systemRed
                control.setTitleTextAttributes([.foregroundColor: UIColor.white], for: .selected)
                control.frame = CGRect(x: 20, y: 100, width: 300, height: 32)
                view.addSubview(control)
            }
        }
        let thumb = ControlsHarness.pixel(pixels, 26, 106)
        XCTAssert(thumb.0 > 200 && thumb.1 < 90, "the thumb in selectedSegmentTintColor, got \(thumb)")
        var white = 0
        for x in 30..<110 { for y in 104..<128 where ControlsHarness.pixel(pixels, x, y) == (255, 255, 255, 255) { white += 1 } }
        XCTAssertGreaterThan(white, 10, "the selected title in white over the red thumb")
    }

    /// The intrinsic width: each segment its widest title (13 pt semibold) plus 12 pt a side; 32 pt tall.
    func testIntrinsicSize() {
        ControlsHarness.onMain {
            _ = ControlsHarness.run { _ in
                let label = UILabel()
                label.font = .systemFont(ofSize: 13, weight: .semibold)
                label.text = "Replies"
                let widest = label.intrinsicContentSize.width
                let control = UISegmentedControl(items: ["Posts", "Replies", "Media"])
                XCTAssertEqual(control.intrinsicContentSize.width, 3 * (widest + 24), accuracy: 0.001)
                XCTAssertEqual(control.intrinsicContentSize.height, 32)
                XCTAssertEqual(control.frame.size, control.intrinsicContentSize)
            }
        }
    }
}

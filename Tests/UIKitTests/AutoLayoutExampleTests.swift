import Foundation
import RenderFramesKit
import Scene
import UIKit
import UIKitExampleScreens
import XCTest

/// The Auto Layout examples (Examples/StretchyHeader/Sources/Screens) run as the phone runs them.
final class AutoLayoutExampleTests: XCTestCase {
    static let scenarios = ExampleTwinTests.scenarios

    /// The photo's height constraint follows the scroll: its frame is the distance from the
    /// screen's top to the rows, frame by frame; the navigation view fades in past 150 pt.
    func testTheStretchyTableHeaderFollowsTheScroll() throws {
        let out = NSTemporaryDirectory() + "uikit-stretchy-table-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: out) }
        try renderFrames(
            of: { StretchyTableViewController() }, scenario: Self.scenarios + "/stretchy-table.yaml", out: out, layout: true, scale: 0.25)
        let manifest = try XCTUnwrap(Manifest.read(atPath: out + "/manifest.json"))
        var stretched = 0, faded = 0
        for frame in manifest.frames {
            let offset = try XCTUnwrap(frame.contentOffsetY)
            // Scrolled past it, the photo is 0 pt tall: not on screen, not in the layout.
            guard let photo = frame.layers?.first(where: { $0.name == "photo" }) else {
                XCTAssertLessThan(-offset, 0.34, "frame \(frame.index)")
                continue
            }
            XCTAssertEqual(photo.frame[1], 0, "frame \(frame.index)")
            XCTAssertEqual(photo.frame[3], max(0, -offset), accuracy: 0.34, "frame \(frame.index)")
            if photo.frame[3] > 300.5 { stretched += 1 }
            let scrolled = 300 + offset
            let alpha = min(1, max(0, (scrolled - 150) / 62))
            let navigation = frame.layers?.first { $0.name == "navigation" }
            XCTAssertEqual(navigation?.opacity ?? 0, alpha, accuracy: 0.001, "frame \(frame.index)")
            if alpha > 0.99 { faded += 1 }
        }
        XCTAssertGreaterThan(stretched, 5)
        XCTAssertGreaterThan(faded, 3)
    }

    /// The profile placed by constraints agrees with the hand-framed one: the header, its image,
    /// the avatar and the name within 0.01 pt in every frame (at more than ten offsets).
    func testTheProfileWithConstraintsMatchesTheHandFramedProfile() throws {
        let base = NSTemporaryDirectory() + "uikit-profile-constraints-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: base) }
        try renderFrames(
            of: { ProfileViewController() }, scenario: Self.scenarios + "/profile.yaml", out: base + "/frames", layout: true, scale: 0.25)
        try renderFrames(
            of: { ProfileConstraintsViewController() }, scenario: Self.scenarios + "/profile.yaml", out: base + "/constraints", layout: true,
            scale: 0.25)
        let frames = try XCTUnwrap(Manifest.read(atPath: base + "/frames/manifest.json"))
        let constraints = try XCTUnwrap(Manifest.read(atPath: base + "/constraints/manifest.json"))
        XCTAssertEqual(frames.frames.count, constraints.frames.count)
        var offsets: Set<Double> = [], compared = 0
        for (a, b) in zip(frames.frames, constraints.frames) {
            offsets.insert(a.contentOffsetY ?? 0)
            for name in ["header", "header.image", "avatar", "name"] {
                let mine = a.layers?.first { $0.name == name }, theirs = b.layers?.first { $0.name == name }
                XCTAssertEqual(mine == nil, theirs == nil, "frame \(a.index): \(name)")
                guard let mine, let theirs else { continue }
                for k in 0..<4 { XCTAssertEqual(mine.frame[k], theirs.frame[k], accuracy: 0.01, "frame \(a.index) \(name)") }
                XCTAssertEqual(mine.z, theirs.z, "frame \(a.index) \(name)")
                compared += 1
            }
        }
        XCTAssertGreaterThan(offsets.count, 10)
        XCTAssertGreaterThan(compared, 200)
    }

    /// The inbox: each row as tall as its stack view of labels at the table's width (a preview of
    /// one line or three), every label inside its row's margins, the sender and the time on one
    /// baseline.
    func testTheMailRowsAreAsTallAsTheirText() {
        ControlsHarness.onMain {
            let run = ScreenRun(
                settings: ScreenSettings(device: Device.named("iphone-15")!, appearance: .light, typography: .standard, fps: 1, imageFolders: []),
                motion: KeyframeTimeline(keyframes: [.init(time: 0, offset: 0, easing: .linear), .init(time: 1, offset: 0, easing: .linear)]),
                make: { UINavigationController(rootViewController: MailViewController()) })
            run.advance(to: 0)
            let table = (run.window.rootViewController as! UINavigationController).topViewController as! MailViewController
            let cells = table.tableView.visibleCells.compactMap { $0 as? MailCell }
            XCTAssertGreaterThan(cells.count, 4)
            var heights: Set<CGFloat> = []
            for cell in cells {
                let content = cell.contentView
                let preview = cell.previewLabel
                let lines = (preview.frame.height / preview.font.lineHeight).rounded()
                XCTAssertTrue((1...3).contains(lines), "\(cell.senderLabel.text!): \(lines) lines")
                XCTAssertEqual(preview.frame.height, preview.sizeThatFits(CGSize(width: preview.frame.width, height: 0)).height, accuracy: 1.0 / 3)
                // The last label ends at the bottom margin: the row is as tall as its text.
                let bottom = preview.convert(preview.bounds, to: content).maxY
                XCTAssertEqual(bottom, content.bounds.height - 11, accuracy: 1.0 / 3, "\(cell.senderLabel.text!)")
                XCTAssertEqual(cell.frame.height, content.bounds.height, accuracy: 0.5)
                let sender = cell.senderLabel.convert(cell.senderLabel.bounds, to: content)
                let time = cell.timeLabel.convert(cell.timeLabel.bounds, to: content)
                XCTAssertEqual(sender.minX, content.layoutMargins.left, accuracy: 1.0 / 3)
                XCTAssertEqual(time.maxX, content.bounds.width - content.layoutMargins.right, accuracy: 1.0 / 3)
                XCTAssertEqual(
                    sender.minY + cell.senderLabel.font.ascender, time.minY + cell.timeLabel.font.ascender, accuracy: 1.0 / 3,
                    "one baseline")
                heights.insert(cell.frame.height.rounded())
            }
            XCTAssertGreaterThan(heights.count, 2, "rows of different heights: \(heights)")
        }
    }
}

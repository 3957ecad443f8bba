import Foundation
import RenderFramesKit
import UIKit
import UIKitExampleScreens
import XCTest

/// The example view controllers against their YAML twins: the same motion gives the named
/// views the same frames on screen, within 0.01 pt, frame by frame.
final class ExampleTwinTests: XCTestCase {
    static let scenarios = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples/StretchyHeader/Scenarios").path

    func testTheProfileMatchesTheProfilePreset() throws {
        let base = NSTemporaryDirectory() + "uikit-twin-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: base) }
        try renderFrames(of: { ProfileViewController() }, scenario: Self.scenarios + "/profile.yaml", out: base + "/uikit", layout: true, scale: 0.25)
        var settings = Render.Settings(scenario: Self.scenarios + "/profile-twin.yaml", outputDirectory: base + "/yaml")
        (settings.includeLayout, settings.scale) = (true, 0.25)
        _ = try Render(settings).run()
        let uikit = try XCTUnwrap(Manifest.read(atPath: base + "/uikit/manifest.json"))
        let yaml = try XCTUnwrap(Manifest.read(atPath: base + "/yaml/manifest.json"))
        XCTAssertEqual(uikit.frames.count, yaml.frames.count)
        var compared = 0, stretched = 0, stuck = 0
        for (a, b) in zip(uikit.frames, yaml.frames) {
            XCTAssertEqual(a.contentOffsetY, b.contentOffsetY, accuracy: 0.01, "frame \(a.index)")
            for name in ["header", "avatar"] {
                let mine = a.layers?.first { $0.name == name }, theirs = b.layers?.first { $0.name == name }
                guard let mine, let theirs else {
                    XCTAssertEqual(mine == nil, theirs == nil, "frame \(a.index): \(name) shown in one only")
                    continue
                }
                for k in 0..<4 { XCTAssertEqual(mine.frame[k], theirs.frame[k], accuracy: 0.01, "frame \(a.index) \(name)") }
                if name == "header", mine.frame[3] > 110.01 { stretched += 1 }
                compared += 1
            }
            // Once the header sticks it covers the avatar: both draw it above, in the same order.
            if let h = a.layers?.first(where: { $0.name == "header" }), let v = a.layers?.first(where: { $0.name == "avatar" }),
                let h2 = b.layers?.first(where: { $0.name == "header" }), let v2 = b.layers?.first(where: { $0.name == "avatar" })
            {
                XCTAssertEqual(h.z > v.z, h2.z > v2.z, "frame \(a.index): drawing order")
                if h.z > v.z { stuck += 1 }
            }
        }
        XCTAssertGreaterThan(compared, 100)
        XCTAssertGreaterThan(stretched, 5)
        XCTAssertGreaterThan(stuck, 2)
    }

    /// The stretchy collection header in a navigation controller against the collection preset:
    /// the photo header, its image and title, every card and its photo and caption, at every
    /// frame of a pull, a fling down the grid and one back into the top bounce.
    func testTheStretchyCollectionMatchesTheCollectionPreset() throws {
        let base = NSTemporaryDirectory() + "uikit-collection-twin-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: base) }
        try renderFrames(
            of: { UINavigationController(rootViewController: UIKitExampleScreens.StretchyCollectionViewController()) },
            scenario: Self.scenarios + "/collection.yaml",
            out: base + "/uikit", layout: true, scale: 0.25)
        var settings = Render.Settings(scenario: Self.scenarios + "/collection-twin.yaml", outputDirectory: base + "/yaml")
        (settings.includeLayout, settings.scale) = (true, 0.25)
        _ = try Render(settings).run()
        let uikit = try XCTUnwrap(Manifest.read(atPath: base + "/uikit/manifest.json"))
        let yaml = try XCTUnwrap(Manifest.read(atPath: base + "/yaml/manifest.json"))
        XCTAssertEqual(uikit.frames.count, yaml.frames.count)
        let named = try NSRegularExpression(pattern: #"^(header(\.image|\.title)?|item\.\d+(\.image|\.caption)?)$"#)
        var compared: [String: Int] = [:], stretched = 0, scrolled = 0
        for (a, b) in zip(uikit.frames, yaml.frames) {
            XCTAssertEqual(a.contentOffsetY, b.contentOffsetY, accuracy: 0.01, "frame \(a.index)")
            let mine = Dictionary((a.layers ?? []).map { ($0.name, $0.frame) }, uniquingKeysWith: { first, _ in first })
            for theirs in b.layers ?? [] where named.firstMatch(in: theirs.name, range: NSRange(theirs.name.startIndex..., in: theirs.name)) != nil {
                let frame = try XCTUnwrap(mine[theirs.name], "frame \(a.index): \(theirs.name) is not on the UIKit screen")
                for k in 0..<4 { XCTAssertEqual(frame[k], theirs.frame[k], accuracy: 0.01, "frame \(a.index): \(theirs.name)") }
                let kind =
                    theirs.name.hasPrefix("item.")
                    ? theirs.name.replacingOccurrences(of: #"\d+"#, with: "N", options: .regularExpression) : theirs.name
                compared[kind, default: 0] += 1
                if theirs.name == "header", theirs.frame[3] > 180.5 { stretched += 1 }
                if theirs.name == "item.8" { scrolled += 1 }
            }
        }
        for kind in ["header", "header.image", "header.title", "item.N", "item.N.image", "item.N.caption"] {
            XCTAssertGreaterThan(compared[kind] ?? 0, 10, "\(kind) compared in few frames")
        }
        XCTAssertGreaterThan(compared["item.N"] ?? 0, 300)
        XCTAssertGreaterThan(stretched, 20, "the pull and the bounce stretch the header")
        XCTAssertGreaterThan(scrolled, 10, "the fling brings the lower cards on screen")
    }
}

import Raster
import ScenarioFormat
import Scene
import XCTest

/// An image layer's `contentMode` takes UIKit's names (UIView.ContentMode's cases) as well as ours:
/// `scaleAspectFill` is `aspectFill`, `scaleAspectFit` is `aspectFit`, `redraw` is `scaleToFill`.
final class ContentModeNameTests: XCTestCase {
    func testUIKitsNamesAreTheSameModes() throws {
        let pairs = [
            ("aspectFill", "scaleAspectFill"), ("aspectFit", "scaleAspectFit"), ("scaleToFill", "redraw"), ("topLeft", "topLeft"),
        ]
        var layers = ""
        for (k, pair) in pairs.enumerated() {
            for (side, name) in [("ours", pair.0), ("uikit", pair.1)] {
                layers += "  - {type: image, name: \(side)\(k), image: ../images/rocket.jpg, frame: [0, \(k * 60), 90, 50], contentMode: \(name)}\n"
            }
        }
        let s = try ScenarioLoader.parse(
            "layers:\n" + layers + "timeline: {keyframes: [{time: 0, offset: 0}, {time: 1, offset: 10}]}\n", file: "s.yaml",
            baseDirectory: GoldenFrameTests.root + "/Fixtures/scenarios")
        var modes: [String: ContentMode] = [:]
        func collect(_ l: Layer) {
            if case .image(_, let mode)? = l.contents { modes[l.name] = mode }
            l.sublayersInDrawingOrder.forEach(collect)
        }
        collect(s.layers(ofFrame: 0))
        XCTAssertEqual(modes.count, 2 * pairs.count)
        for (k, pair) in pairs.enumerated() {
            XCTAssertEqual(modes["uikit\(k)"], ContentMode(rawValue: pair.0), pair.1)
            XCTAssertEqual(modes["ours\(k)"], ContentMode(rawValue: pair.0), pair.0)
        }
        // A misspelt UIKit name is matched to the UIKit name meant.
        XCTAssertThrowsError(
            try ScenarioLoader.parse(
                "layers:\n  - {type: image, image: ../images/rocket.jpg, frame: [0, 0, 90, 50], contentMode: scaleAspectFil}\n"
                    + "timeline: {keyframes: [{time: 0, offset: 0}, {time: 1, offset: 10}]}\n",
                file: "s.yaml", baseDirectory: GoldenFrameTests.root + "/Fixtures/scenarios")
        ) { error in
            XCTAssertEqual(
                "\(error)",
                "s.yaml:2:84: layers[0].contentMode: expected one of scaleToFill, aspectFit, aspectFill, center, top, bottom, left, right, "
                    + "topLeft, topRight, bottomLeft, bottomRight, scaleAspectFit, scaleAspectFill, redraw, got \"scaleAspectFil\"; "
                    + "did you mean \"scaleAspectFill\"?")
        }
    }
}

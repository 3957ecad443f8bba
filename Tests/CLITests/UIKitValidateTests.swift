import Foundation
import XCTest

/// `validate --uikit` checks a UIKit screen's scenario as `renderFrames(of:)` and `assertFrames(of:)`
/// load it: the screen's own keys refused with that render's message (exit 2), a misspelt key
/// matched against the keys that route takes, and the frames counted as it counts them.
final class UIKitValidateTests: XCTestCase {
    func testAUIKitScreensScenarioIsCheckedAsItsRenderLoadsIt() throws {
        let dir = NSTemporaryDirectory() + "uikit-validate-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let motion = "timeline:\n  gestures:\n    - drag: {by: -300, duration: 0.5}\n    - fling: {velocity: -3000}\n"
        let (good, effect, typo, fixed) = (dir + "/good.yaml", dir + "/effect.yaml", dir + "/typo.yaml", dir + "/fixed.yaml")
        try ("device: iphone-15\nfps: 30\n" + motion).write(toFile: good, atomically: true, encoding: .utf8)
        try ("device: iphone-15\nfps: 30\neffect: collection\n" + motion).write(toFile: effect, atomically: true, encoding: .utf8)
        try ("device: iphone-15\nheadr: {height: 200}\ntimline: {}\n" + motion).write(toFile: typo, atomically: true, encoding: .utf8)
        try ("fps: 30\n" + motion + "  duration: 2\n").write(toFile: fixed, atomically: true, encoding: .utf8)

        // Without --uikit these are scenarios of the tool's own screens (the collection preset, the
        // profile preset under a misspelt header), and "header" is the key meant.
        XCTAssertEqual(InProcessCLI.run(["validate", effect]).code, 0)
        XCTAssertTrue(InProcessCLI.run(["validate", typo]).stderr.contains("\(typo):2:1: headr: unknown key \"headr\"; did you mean \"header\"?"))

        let refused = InProcessCLI.run(["validate", "--uikit", effect])
        XCTAssertEqual(refused.code, 2)
        XCTAssertEqual(refused.stdout, "")
        XCTAssertEqual(
            refused.stderr,
            "\(effect):3:9: effect: is a key of a screen the scenario draws; this screen is drawn by its view controller's code, so the "
                + "scenario gives only appearance, device, fonts, fps, matrix, orientation, output, physics, scale, showTouches, statusBar, "
                + "textSize, timeline; remove `effect` (the code draws it)\n")

        // A UIKit screen's scenario takes no header: the misspelling is not matched to it, and
        // the keys it takes are listed; a key it takes is still suggested.
        let misspelt = InProcessCLI.run(["validate", "--uikit", typo])
        XCTAssertEqual(misspelt.code, 2)
        XCTAssertEqual(
            misspelt.stderr,
            "\(typo):2:1: headr: unknown key \"headr\"; allowed here: appearance, device, fonts, fps, matrix, orientation, output, "
                + "physics, scale, showTouches, statusBar, textSize, timeline\n"
                + "\(typo):3:1: timline: unknown key \"timline\"; did you mean \"timeline\"?\n")

        // A screen key in a matrix is refused as at the top level (not "give it once at the top level").
        let matrix = dir + "/matrix.yaml"
        try ("matrix: {effect: [none, collection]}\n" + motion).write(toFile: matrix, atomically: true, encoding: .utf8)
        XCTAssertTrue(InProcessCLI.run(["validate", matrix]).stderr.contains("effect cannot vary in a matrix"))
        let varied = InProcessCLI.run(["validate", "--uikit", matrix])
        XCTAssertEqual(varied.code, 2)
        XCTAssertTrue(
            varied.stderr.hasPrefix(
                "\(matrix):1:10: matrix.effect: is a key of a screen the scenario draws; this screen is drawn by its view controller's code"),
            varied.stderr)

        // The frames as the UIKit render counts them: a fling's end is the screen's to set without
        // a duration (the line says so); with one, the count is fixed.
        let ok = InProcessCLI.run(["validate", "--uikit", good, fixed])
        XCTAssertEqual(ok.code, 0, ok.stderr)
        let lines = ok.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 2, ok.stdout)
        XCTAssertTrue(lines[0].hasPrefix("\(good): ok for a UIKit screen: iphone-15, "), lines[0])
        XCTAssertTrue(
            lines[0].hasSuffix(
                " frames at 30 fps, 1179x2556 px; counted by the timeline: the render counts again once your screen's scroll view sets "
                    + "where flings end (give timeline.duration to fix the count)"), lines[0])
        XCTAssertEqual(lines[1], "\(fixed): ok for a UIKit screen: iphone-15, 60 frames at 30 fps, 1179x2556 px")
    }
}

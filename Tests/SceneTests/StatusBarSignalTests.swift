import Raster
import ScenarioFormat
import Scene
import XCTest

/// `statusBar.signal` and `statusBar.version: 13` (the iOS 13 Simulator's bar has no signal bars).
final class StatusBarSignalTests: XCTestCase {
    func shapeCount(_ yaml: String) throws -> Int {
        let scenario = try ScenarioLoader.parse(yaml, file: "bar.yaml", baseDirectory: ".")
        let bar = try XCTUnwrap(
            SystemChrome.statusBar(
                device: scenario.screen.device, color: .black, items: scenario.screen.statusBarItems, typography: scenario.screen.typography))
        guard case .shapes(let shapes)? = bar.sublayers.first(where: { $0.name == "statusBar.glyphs" })?.contents else { return 0 }
        return shapes.count
    }

    func testSignalBarsFollowTheVersionAndTheKey() throws {
        let timeline = "timeline: {keyframes: [{time: 0, offset: 0}], duration: 0.1}\n"
        let plain = try shapeCount(timeline)
        XCTAssertEqual(try shapeCount(timeline + "statusBar: {version: 13}\n"), plain - 4)
        XCTAssertEqual(try shapeCount(timeline + "statusBar: {signal: false}\n"), plain - 4)
        XCTAssertEqual(try shapeCount(timeline + "statusBar: {version: 13, signal: true}\n"), plain)
        XCTAssertEqual(try shapeCount(timeline + "device: iphone-8\nstatusBar: {version: 13}\n"), try shapeCount(timeline + "device: iphone-8\n") - 4)
        XCTAssertThrowsError(try ScenarioLoader.parse(timeline + "statusBar: {version: 12}\n", file: "bar.yaml", baseDirectory: ".")) { error in
            XCTAssertTrue("\(error)".contains("statusBar.version: expected one of 13, 17, 18, got \"12\""), "\(error)")
        }
    }
}

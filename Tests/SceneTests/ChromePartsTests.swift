import XCTest
import Raster
@testable import ScenarioFormat
@testable import Scene

/// The UIKit parts' seam: one protocol (`ChromePart`), one registry (`ChromeParts.all`) that the
/// scenario's keys, the schema, `render-frames expand` and `Screen`'s drawing follow.
final class ChromePartsTests: XCTestCase {
    /// Every part's keys are top-level keys of the parser and the schema, read by one part only,
    /// and `expand` writes each of them somewhere.
    func testThePartsKeysComeFromTheRegistry() {
        let keys = ChromeParts.keys
        XCTAssertEqual(Set(keys).count, keys.count, "a key read by two parts: \(keys)")
        let schemaKeys = Set(((SchemaTests.schema["properties"] as? [String: Any]) ?? [:]).keys)
        for key in keys {
            XCTAssertTrue(ScenarioLoader.topLevelKeys.contains(key), key)
            XCTAssertTrue(schemaKeys.contains(key), "schema/scenario.schema.json lacks the part key \(key)")
        }
        let written = ChromeParts.keys(.withSettings) + ChromeParts.keys(.asGiven) + ChromeParts.keys(.byThePreset)
        XCTAssertEqual(written.sorted(), keys.sorted())
    }

    /// One loop draws the parts where UIKit has them: the segmented control's band in the scroll
    /// view over the rows, the scroll indicator last in it, the bars, status bar, home indicator
    /// and touch over the screen, in that order.
    func testScreenDrawsThePartsInOrder() throws {
        let yaml = """
            device: iphone-15
            effect: none
            rows: {count: 40}
            showTouches: true
            navigationBar: {title: Inbox}
            tabBar: {items: [{title: Home, glyph: house}, {title: Search, glyph: search}]}
            segmentedControl: {segments: [All, Unread]}
            timeline: {gestures: [wait: 1]}
            """
        let screen = try ScenarioLoader.parse(yaml, file: "parts.yaml", baseDirectory: "/nonexistent").screen
        let state = ScrollState(offset: 100, phase: .tracking, touch: Point(200, 400), indicatorOpacity: 1)
        let root = screen.layers(state: state, pixelScale: 1)
        XCTAssertEqual(root.sublayers.map(\.name), ["table", "navigationBar", "tabBar", "statusBar", "homeIndicator", "touch"])
        let table = root.sublayers[0].sublayers.map(\.name)
        XCTAssertEqual(table.last, "scrollIndicator")
        XCTAssertEqual(table.filter { $0 == "segmentedControl.band" }.count, 1)
        XCTAssertLessThan(try XCTUnwrap(table.firstIndex { $0.hasPrefix("row.") }), try XCTUnwrap(table.firstIndex(of: "segmentedControl.band")))
        // Without a state (`layers(u:)`): neither indicator nor touch.
        let still = screen.layers(u: 100, pixelScale: 1)
        XCTAssertEqual(still.sublayers.map(\.name), ["table", "navigationBar", "tabBar", "statusBar", "homeIndicator"])
        XCTAssertFalse(still.sublayers[0].sublayers.contains { $0.name == "scrollIndicator" })
    }
}

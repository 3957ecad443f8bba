import Foundation
import HeaderFormulas
import HeaderScene
import Raster
import RenderFramesKit
import ScenarioFormat
import Scene
import XCTest

/// The header formulas on Linux: their numbers, then their frames against goldens recorded by
/// render-frames (Goldens/; re-record with RENDER_FRAMES_RECORD=failed swift test).
final class HeaderSceneTests: XCTestCase {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    func testFormulas() {
        let f = StretchyHeaderFormulas(height: 280, barBottom: 98)
        XCTAssertEqual(f.imageFrame(contentOffsetY: -50, width: 393), CGRect(x: 0, y: -50, width: 393, height: 330))
        XCTAssertEqual(f.imageFrame(contentOffsetY: 90, width: 393), CGRect(x: 0, y: 30, width: 393, height: 280))
        XCTAssertEqual(f.titleAlpha(contentOffsetY: 0), 1)
        XCTAssertEqual(f.titleAlpha(contentOffsetY: 91), 0.5)
        XCTAssertEqual(f.barAlpha(contentOffsetY: 142), 0)
        XCTAssertEqual(f.barAlpha(contentOffsetY: 162), 0.5)
        XCTAssertEqual(f.barAlpha(contentOffsetY: 400), 1)
    }

    func scenario() throws -> Scenario {
        // The screen, the scroll view and the motion come from a scenario file; the layers from Swift.
        var scenario = try ScenarioLoader.load(path: Self.folder + "/header.yaml", scaleOverride: 1)
        scenario.file = "header.yaml" // as the manifest beside the goldens names it, on any machine
        let photo = try ImageDecoder.decode(fileAt: Self.folder + "/../../Fixtures/images/rocket.jpg")
        scenario.screen.provider = StretchyHeaderScene(photo: SceneImage(pixmap: photo, id: 1))
        return scenario
    }

    func testTheHeaderLandsWhereTheFormulasSay() throws {
        let scenario = try scenario()
        let f = StretchyHeaderFormulas()
        for frame in stride(from: 0, to: scenario.frameCount, by: 10) {
            let o = scenario.contentOffsetY(ofFrame: frame)
            let layers = LayerRenderer.placements(of: scenario.layers(ofFrame: frame), screen: scenario.screen.device.size)
            guard let photo = layers.first(where: { $0.name == "photo" }) else { continue }
            let expected = f.imageFrame(contentOffsetY: CGFloat(o), width: 393)
            // On screen, a layer in the content is drawn at y - offset.
            XCTAssertEqual(photo.frame[1], Double(expected.minY) - o, accuracy: 0.001, "frame \(frame)")
            XCTAssertEqual(photo.frame[3], Double(expected.height), accuracy: 0.001, "frame \(frame)")
        }
    }

    /// UIKit's parts composed in Swift, without a scenario file: a table, a large-title bar, a tab bar.
    func testUIKitPartsFromSwift() throws {
        let device = try XCTUnwrap(Device.named("iphone-16-pro"))
        var screen = Screen(device: device)
        var wifi = TableRow(text: "Wi-Fi", detail: "Home", style: .value1, accessory: .disclosureIndicator)
        wifi.imageColor = Color(0, 122, 255)
        screen.content = .table(
            Table(
                style: .insetGrouped, sections: [Table.Section(header: "Network", rows: [wifi], count: 12)],
                device: device, typography: screen.typography))
        screen.navigation.style = .standard
        screen.navigation.title = "Settings"
        screen.navigation.item.prefersLargeTitle = true
        screen.tabBar = TabBar(items: [TabBar.Item(title: "Home", glyph: .house), TabBar.Item(title: "Settings", glyph: .gear)], selected: 1)
        let placed = LayerRenderer.placements(of: screen.layers(u: 0, pixelScale: 3), screen: device.size)
        func frame(_ name: String) throws -> [Double] { try XCTUnwrap(placed.first { $0.name == name }, name).frame }
        XCTAssertEqual(try frame("tabBar")[3], 49 + 34, "49 pt plus the home indicator's inset")
        XCTAssertEqual(try frame("largeTitle")[0], 16, "at the layout margin")
        XCTAssertEqual(try frame("navigationBar")[3], 62 + 44 + 52, "status bar, bar and the large title's area")
        XCTAssertNotNil(placed.first { $0.name == "cell.0.0" })
    }

    func testFramesMatchTheGoldens() throws {
        try assertFrames(of: try scenario(), golden: Self.folder + "/Goldens", frames: "0,40,100,150,200")
    }
}

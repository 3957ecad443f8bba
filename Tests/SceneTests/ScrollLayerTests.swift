import Foundation
import Raster
import XCTest

@testable import ScenarioFormat
@testable import Scene

/// `scroll:` layers: horizontal scroll views in the layer language, moved by sideways gestures.
final class ScrollLayerTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    func load(_ yaml: String) throws -> Scenario {
        let path = NSTemporaryDirectory() + "scroll-layer-\(getpid())-\(UUID().uuidString).yaml"
        try yaml.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try ScenarioLoader.load(path: path, scaleOverride: 1)
    }

    /// `NAME.offset` and the layer's bounds at time `t`.
    func offset(_ s: Scenario, _ name: String, at t: Double) throws -> (variable: Double, bounds: Double) {
        let scene = try XCTUnwrap(s.screen.scene)
        let state = s.timeline.state(at: t)
        let env = scene.environment(s.screen.sceneMoment(u: state.offset, time: t), s.screen.sceneMetrics(pixelScale: 1))
        let variable = env.numbers[try XCTUnwrap(scene.scope[name + ".offset"]).slot]
        let tree = s.screen.layers(state: state, pixelScale: 1, time: t)
        let layer = try XCTUnwrap(Self.find(name, in: tree))
        return (variable, layer.bounds.minX)
    }

    static func find(_ name: String, in root: Layer) -> Layer? {
        if root.name == name { return root }
        for sub in root.sublayers { if let found = find(name, in: sub) { return found } }
        return nil
    }

    /// The carousel twin: the first swipe lands on the second card, the fling on the third; the
    /// vertical drag after them scrolls the screen and leaves the cards where they are.
    func testThePagingCarouselLandsOnPageBoundaries() throws {
        let s = try ScenarioLoader.load(path: Self.root + "/Fixtures/scenarios/carousel.yaml", scaleOverride: 1)
        XCTAssertEqual(try offset(s, "cards", at: 0).variable, 0)
        let mid = try offset(s, "cards", at: 0.3)
        XCTAssertEqual(mid.variable, 56, accuracy: 1e-9)
        XCTAssertEqual(mid.bounds, 56, accuracy: 1e-9)
        // Half a second after the release, within a point and a half of the page (the fling then takes it on).
        XCTAssertEqual(try offset(s, "cards", at: 1.0).variable, 393, accuracy: 1.5)
        XCTAssertEqual(try offset(s, "cards", at: 2.2).variable, 786, accuracy: 0.3)
        XCTAssertEqual(try offset(s, "cards", at: s.timeline.duration).variable, 786)
        XCTAssertEqual(s.timeline.state(at: s.timeline.duration).offset, 240, accuracy: 0.5)
        XCTAssertTrue(try XCTUnwrap(s.screen.scene).readsTime)
    }

    /// A loaded scene does not change: attaching the sideways touches makes a new scene with the
    /// layer's motion, and the scene it was made from keeps the layer at rest.
    func testAttachingTouchesMakesANewSceneAndLeavesTheOldOneAsItWas() throws {
        let s = try ScenarioLoader.load(path: Self.root + "/Fixtures/scenarios/carousel.yaml", scaleOverride: 1)
        let loaded = try XCTUnwrap(s.screen.scene)
        let atRest = loaded.rebuilt { $0.scroll?.timeline = nil }
        let cards = try XCTUnwrap(atRest.allSpecs.first { $0.name == "cards" })
        XCTAssertNil(cards.scroll?.timeline)
        let gestures = try XCTUnwrap(s.timeline as? GestureTimeline)
        let (attached, missed) = atRest.attachingSideways(gestures, metrics: s.screen.sceneMetrics(pixelScale: 1))
        XCTAssertEqual(missed.count, 0)
        XCTAssertNil(atRest.allSpecs[cards.id].scroll?.timeline)
        XCTAssertEqual(try XCTUnwrap(attached.allSpecs[cards.id].scroll).offset(at: 2.2), 786, accuracy: 0.3)
        XCTAssertEqual(try XCTUnwrap(loaded.allSpecs[cards.id].scroll).offset(at: 2.2), 786, accuracy: 0.3)
        XCTAssertTrue(attached.allSpecs[cards.id] !== loaded.allSpecs[cards.id])
    }

    /// Without paging the content coasts and stops inside its width; a changed target is not asked for.
    func testAFreeScrollLayerCoastsAndStopsAtItsEnd() throws {
        let s = try load(
            """
            navigationBar: false
            layers:
              - type: group
                name: strip
                frame: [0, 100, 393, 120]
                scroll: {axis: horizontal, contentWidth: 1000}
                children: [{type: rectangle, frame: [0, 0, 1000, 120], fill: systemBlue}]
            timeline:
              gestures:
                - fling: {velocity: -800, axis: horizontal, at: [200, 150]}
                - wait: 3
                - fling: {velocity: -5000, axis: horizontal, at: [200, 150]}
                - wait: 3
            """)
        let coast = try offset(s, "strip", at: 3).variable
        XCTAssertEqual(coast, 800 * 0.08 + 800 / -(1000 * log(0.998)), accuracy: 2)
        XCTAssertNotEqual(coast.truncatingRemainder(dividingBy: 393), 0)
        XCTAssertEqual(try offset(s, "strip", at: s.timeline.duration).variable, 1000 - 393)
    }

    /// A touch lands in the scroll layer under it: two carousels, each swiped once.
    func testEachTouchMovesTheLayerItLandsIn() throws {
        let s = try load(
            """
            navigationBar: false
            layers:
              - {type: group, name: top, frame: [0, 100, 393, 100], scroll: {paging: true, contentWidth: 1179}}
              - {type: group, name: bottom, frame: [0, 300, 393, 100], scroll: {paging: true, contentWidth: 1179}}
            timeline:
              gestures:
                - drag: {by: -250, duration: 0.3, axis: horizontal, at: [300, 350]}
                - release
                - wait: 1
                - drag: {by: 250, duration: 0.3, axis: horizontal, at: [100, 150]}
                - release
                - wait: 1
            """)
        XCTAssertEqual(try offset(s, "bottom", at: 1.2).variable, 393, accuracy: 0.3)
        XCTAssertEqual(try offset(s, "top", at: 1.2).variable, 0)
        // Pulled past its start, the top one rubber-bands and springs back to 0.
        XCTAssertLessThan(try offset(s, "top", at: 1.6).variable, -10)
        XCTAssertEqual(try offset(s, "top", at: s.timeline.duration).variable, 0)
        XCTAssertEqual(try offset(s, "bottom", at: s.timeline.duration).variable, 393)
    }

    /// A sideways touch in no scroll layer, or with none in the scene, is a warning, not a refusal.
    func testATouchInNoScrollLayerIsAWarning() throws {
        let s = try load(
            """
            navigationBar: false
            layers:
              - {type: group, name: cards, frame: [0, 100, 393, 200], scroll: {paging: true, contentWidth: 1179}}
            timeline:
              gestures: [{drag: {by: -100, axis: horizontal, at: [10, 800]}}, release]
            """)
        XCTAssertEqual(s.warnings.map(\.field), ["timeline.gestures[0]"])
        XCTAssertTrue(s.warnings[0].message.hasPrefix("the sideways touch at (10, 800) lands in no scroll layer"), s.warnings[0].message)
        XCTAssertEqual(try offset(s, "cards", at: 0.4).variable, 0)
    }
}

import Foundation
import XCTest
@testable import ScenarioFormat
@testable import Scene

/// Loops in the layer language are refused at load as circular, with the loop named in order and
/// where each of its keys is written: view timelines (a layer's own, through an ancestor, between
/// layers) and vars. Before the view check was enforced, each view case recursed until the stack
/// overflowed (exit 139).
final class CycleTests: XCTestCase {
    let timeline = "timeline: {keyframes: [{time: 0, offset: 0}, {time: 1, offset: 100}]}\n"

    func messages(_ text: String) -> [String] {
        scenarioErrorLines(text) { _ = try ScenarioLoader.parse(text + timeline, file: "s.yaml", baseDirectory: "/nonexistent") }
    }

    func testAFrameReadingItsOwnViewIsCircular() {
        XCTAssertEqual(
            messages(
                """
                layers:
                  - {type: rectangle, name: a, in: content, height: 50, y: {over: view, view: self, keyframes: [[0, 100], [1, 200]]}}

                """),
            [
                "s.yaml:2:79: layers[0].y.view: circular: a -> a: a's y reads its own visibility (2:79); a layer's frame cannot "
                    + "follow a visibility its frame decides: drive y over offset, u or progress instead"
            ])
        // Through `frame:`, and by name rather than self: the same loop.
        let byName = messages(
            """
            layers:
              - type: rectangle
                name: a
                frame: [0, 0, 100, {over: view, view: a, keyframes: [[0, 10], [1, 20]]}]

            """)
        XCTAssertEqual(byName.count, 1)
        guard byName.count == 1 else { return }
        XCTAssertTrue(
            byName[0].hasPrefix("s.yaml:4:43: layers[0].frame[3].view: circular: a -> a: a's height reads its own visibility (4:43)"), byName[0])
    }

    func testLayersReadingEachOthersViewsAreCircular() {
        XCTAssertEqual(
            messages(
                """
                layers:
                  - {type: rectangle, name: a, in: content, height: 50, y: {over: view, view: b, keyframes: [[0, 100], [1, 200]]}}
                  - {type: rectangle, name: b, in: content, height: 50, y: {over: view, view: a, keyframes: [[0, 100], [1, 200]]}}

                """),
            [
                "s.yaml:2:79: layers[0].y.view: circular: a -> b -> a: a's y reads the visibility of b (2:79), then b's y reads "
                    + "the visibility of a (3:79); a layer's frame cannot follow a visibility its frame decides: drive one of these over "
                    + "offset, u or progress instead"
            ])
        // Three, written out of order: the loop starts at the key written first, and names all three.
        let three = messages(
            """
            layers:
              - {type: rectangle, name: c, in: content, height: 50, x: {over: view, view: a, keyframes: [[0, 0], [1, 9]]}}
              - {type: rectangle, name: a, in: content, height: 50, width: {over: view, view: b, keyframes: [[0, 10], [1, 20]]}}
              - {type: rectangle, name: b, in: content, height: 50, y: {over: view, view: c, keyframes: [[0, 100], [1, 200]]}}

            """)
        XCTAssertEqual(three.count, 1)
        guard three.count == 1 else { return }
        XCTAssertTrue(
            three[0].hasPrefix(
                "s.yaml:2:79: layers[0].x.view: circular: c -> a -> b -> c: c's x reads the visibility of a (2:79), "
                    + "then a's width reads the visibility of b (3:83), then b's y reads the visibility of c (4:79)"), three[0])
    }

    func testAFrameReadingALayerInsideItIsCircular() {
        // The child's frame reads nothing, but it moves with its ancestors' frames.
        XCTAssertEqual(
            messages(
                """
                layers:
                  - type: group
                    name: card
                    in: content
                    height: 200
                    y: {over: view, view: title, keyframes: [[0, 600], [1, 500]]}
                    children:
                      - type: group
                        children:
                          - {type: rectangle, name: title, height: 24}

                """),
            [
                "s.yaml:6:27: layers[0].y.view: circular: card -> title -> card: card's y reads the visibility of title (6:27), then "
                    + "title lies inside card, so its frame moves with card's; a layer's frame cannot follow a visibility its frame "
                    + "decides: drive one of these over offset, u or progress instead"
            ])
        // A child reading its parent's view, while the parent reads the child's.
        let both = messages(
            """
            layers:
              - type: group
                name: card
                in: content
                height: 200
                y: {over: view, view: title, keyframes: [[0, 600], [1, 500]]}
                children:
                  - {type: rectangle, name: title, height: 24, x: {over: view, view: card, keyframes: [[0, 0], [1, 9]]}}

            """)
        XCTAssertEqual(both.count, 1)
        guard both.count == 1 else { return }
        XCTAssertTrue(
            both[0].contains(
                "circular: card -> title -> card: card's y reads the visibility of title (6:27), then title's x reads "
                    + "the visibility of card (8:74)"), both[0])
    }

    func testANestedViewTimelineIsRefusedWithoutALoop() {
        XCTAssertEqual(
            messages(
                """
                layers:
                  - {type: rectangle, name: banner, in: content, height: 80}
                  - {type: rectangle, name: card, in: content, height: 100, y: {over: view, view: banner, keyframes: [[0, 300], [1, 200]]}}
                  - {type: rectangle, in: content, height: 40, opacity: {over: view, view: card, keyframes: [[0, 1], [1, 0]]}}

                """),
            [
                "s.yaml:4:76: layers[2].opacity.view: reads the visibility of card, whose y follows a view timeline itself (3:83); "
                    + "view timelines do not nest: drive card's y over offset, u or progress, or read another layer's visibility"
            ])
    }

    func testViewReadsWithoutALoopStillLoad() throws {
        // A child reading its parent's view, a layer reading its own view for a value that is not
        // its frame, a frame reading a plain layer's view.
        let s = try ScenarioLoader.parse(
            """
            layers:
              - type: group
                name: card
                in: content
                y: 300
                height: 200
                opacity: {over: view, view: self, keyframes: [[0, 0], [1, 1]]}
                children:
                  - {type: rectangle, name: title, height: 24, x: {over: view, view: card, keyframes: [[0, 0], [1, 100]]}}
              - {type: rectangle, name: follower, in: content, height: 40, y: {over: view, view: card, keyframes: [[0, 500], [1, 600]]}}

            """ + timeline, file: "s.yaml", baseDirectory: "/nonexistent")
        XCTAssertEqual(s.frameCount, 60)
    }

    /// The loader refuses nested view reads; should one reach evaluation anyway, it reads NaN
    /// instead of recursing.
    func testAViewReadInsideAViewReadIsNaNNotARecursion() throws {
        let s = try ScenarioLoader.parse(
            """
            layers:
              - {type: rectangle, name: a, in: content, height: 50, y: {over: view, view: b, keyframes: [[0, 100], [1, 200]]}}
              - {type: rectangle, name: b, in: content, height: 50, y: 300}

            """ + timeline, file: "s.yaml", baseDirectory: "/nonexistent")
        let scene = try XCTUnwrap(s.screen.scene)
        let a = try XCTUnwrap(scene.allSpecs.first { $0.name == "a" }), b = try XCTUnwrap(scene.allSpecs.first { $0.name == "b" })
        // b's y now reads a's view: a loop the check would have refused.
        var bound = try XCTUnwrap(a.properties[.y])
        guard case .keyframes(var k) = bound.binding, case .view(var target, let range) = k.driver else { return XCTFail("not a view read") }
        target.spec = a.id
        k.driver = .view(target, range)
        bound.binding = .keyframes(k)
        let looped = scene.rebuilt { if $0.id == b.id { $0.properties[.y] = bound } }
        let built = looped.layers(s.screen.sceneMoment(u: 0), s.screen.sceneMetrics(pixelScale: 1))
        XCTAssertEqual(built.content.count, 2)
        XCTAssertTrue(built.content.contains { !$0.frame.minY.isFinite }, "the inner read is NaN")
    }

    func testVarsCyclesAreCircularWithEveryVarPositioned() {
        XCTAssertEqual(
            messages("vars:\n  a: a + 1\nlayers: [{type: rectangle, height: a}]\n"),
            ["s.yaml:2:3: vars.a: circular: a -> a (a at 2:3); a var cannot depend on itself, give one of them a value that does not read the others"]
        )
        // Through keyframes' values, in any order of the file.
        XCTAssertEqual(
            messages(
                """
                vars:
                  top: 10
                  b: {over: u, keyframes: [[0, 0], [100, "c * 2"]]}
                  c: "b + top"
                layers: [{type: rectangle, height: c}]

                """),
            [
                "s.yaml:3:3: vars.b: circular: b -> c -> b (b at 3:3, c at 4:3); a var cannot depend on itself, give one of them a value "
                    + "that does not read the others"
            ])
        // A loop of 1000 vars (the most a file may have) is named by its two ends.
        var text = "vars:\n"
        for i in 0..<1000 { text += "  v\(i): v\((i + 1) % 1000) + 1\n" }
        let long = messages(text + "layers: [{type: rectangle, height: v0}]\n")
        XCTAssertEqual(long.count, 1)
        guard long.count == 1 else { return }
        XCTAssertTrue(
            long[0].hasPrefix(
                "s.yaml:2:3: vars.v0: circular: v0 -> v1 -> v2 -> v3 -> v4 -> v5 -> ... (1000 vars) -> v995 -> "
                    + "v996 -> v997 -> v998 -> v999 -> v0 (v0 at 2:3, v1 at 3:3"), long[0])
    }
}

import Foundation
import Raster
import XCTest

@testable import ScenarioFormat
@testable import Scene

/// `width: fit`, `height: fit` and `stack:` in the layer language (docs/layer-language.md, "Sizes
/// from the content"): frames from the text engine's lines and UIStackView's rules.
final class FitLayoutTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    func load(_ yaml: String) throws -> Scenario {
        let path = NSTemporaryDirectory() + "fit-layout-\(getpid())-\(UUID().uuidString).yaml"
        try yaml.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try ScenarioLoader.load(path: path, scaleOverride: 1)
    }

    /// Every named layer's frame (in its parent) at rest.
    func frames(_ s: Scenario, at t: Double = 0) -> [String: Rect] {
        var out: [String: Rect] = [:]
        func walk(_ l: Layer) {
            if !l.name.isEmpty { out[l.name] = l.frame }
            l.sublayers.forEach(walk)
        }
        walk(s.screen.layers(state: s.timeline.state(at: t), pixelScale: 1, time: t))
        return out
    }

    static let timeline = "timeline: {keyframes: [{time: 0, offset: 0}, {time: 1, offset: 100}]}"

    /// A fitted text is as tall as its lines: three lines are three times one, `lines: 2` cuts
    /// it to two; a fitted width is the longest line, capped at the container's width.
    func testTextFitsItsLines() throws {
        let s = try load(
            """
            navigationBar: false
            layers:
              - {type: text, name: one, text: Ag, frame: [0, 0, 200, fit]}
              - {type: text, name: three, text: "Ag\\nAg\\nAg", lines: 0, frame: [0, 0, 200, fit]}
              - {type: text, name: two, text: "Ag\\nAg\\nAg", lines: 2, frame: [0, 0, 200, fit]}
              - {type: text, name: narrow, text: Ag, frame: [0, 0, fit, fit]}
              - {type: text, name: capped, text: "\(String(repeating: "word ", count: 60))", lines: 0, frame: [0, 0, fit, fit]}
              - {type: image, name: photo, image: \(Self.root)/Fixtures/images/chelsea.png, imageScale: 2, frame: [0, 0, fit, fit]}
              - {type: image, name: wide, image: \(Self.root)/Fixtures/images/chelsea.png, frame: [0, 0, 100, fit]}
            \(Self.timeline)
            """)
        let f = frames(s)
        let one = try XCTUnwrap(f["one"]).height
        XCTAssertGreaterThan(one, 15)
        XCTAssertEqual(one, one.rounded(.up), "rounded up to device pixels (scale 1)")
        // One line's height is rounded up once per layer, not per line.
        let three = try XCTUnwrap(f["three"]).height, two = try XCTUnwrap(f["two"]).height
        XCTAssertTrue(three > 3 * one - 3 && three <= 3 * one, "\(three) for 3 lines of \(one)")
        XCTAssertTrue(two > 2 * one - 2 && two <= 2 * one, "\(two) for 2 lines of \(one)")
        let narrow = try XCTUnwrap(f["narrow"])
        XCTAssertGreaterThan(narrow.width, 10)
        XCTAssertLessThan(narrow.width, 40)
        XCTAssertEqual(narrow.height, one)
        let capped = try XCTUnwrap(f["capped"])
        XCTAssertEqual(capped.width, 393, "at most the screen's width")
        XCTAssertGreaterThan(capped.height, 5 * one, "wrapped at that width")
        // An image fits its own size in points (451 x 300 pixels at imageScale 2), side by side.
        XCTAssertEqual(f["photo"], Rect(x: 0, y: 0, width: 225.5, height: 150))
        XCTAssertEqual(f["wide"], Rect(x: 0, y: 0, width: 100, height: 300))
    }

    /// UIStackView's rules: spacing and padding, a hidden child collapses, fillEqually, equal
    /// spacing, fill's room to the last child, and alignment across.
    func testStacksPlaceTheirChildren() throws {
        let s = try load(
            """
            navigationBar: false
            layers:
              - type: group
                name: column
                frame: [10, 20, 200, fit]
                stack: {axis: vertical, spacing: 8, alignment: center}
                padding: {top: 16, left: 4, bottom: 6, right: 6}
                children:
                  - {type: rectangle, name: a, width: 50, height: 20}
                  - {type: rectangle, name: b, width: 50, height: 30, hidden: true}
                  - {type: rectangle, name: c, width: 90, height: 40}
              - type: group
                name: row
                frame: [0, 200, 300, 40]
                stack: {axis: horizontal, spacing: 10, distribution: fillEqually}
                children:
                  - {type: rectangle, name: r0}
                  - {type: rectangle, name: r1}
                  - {type: rectangle, name: r2}
              - type: group
                name: spaced
                frame: [0, 300, 300, 40]
                stack: {axis: horizontal, spacing: 4, distribution: equalSpacing, alignment: trailing}
                children:
                  - {type: rectangle, name: s0, width: 50, height: 10}
                  - {type: rectangle, name: s1, width: 50, height: 20}
                  - {type: rectangle, name: s2, width: 50, height: 40}
              - type: group
                name: filled
                frame: [0, 400, 300, 40]
                stack: {axis: horizontal, spacing: 10}
                children:
                  - {type: rectangle, name: f0, width: 50}
                  - {type: rectangle, name: f1, width: 60}
            \(Self.timeline)
            """)
        let f = frames(s)
        // 16 + 20 + 8 + 40 + 6 (b collapsed: no room, no spacing); centred in the 190 inside the padding.
        XCTAssertEqual(f["column"], Rect(x: 10, y: 20, width: 200, height: 90))
        XCTAssertEqual(f["a"], Rect(x: 4 + 70, y: 16, width: 50, height: 20))
        XCTAssertEqual(f["c"], Rect(x: 4 + 50, y: 44, width: 90, height: 40))
        XCTAssertEqual(f["r0"], Rect(x: 0, y: 0, width: 280.0 / 3, height: 40))
        XCTAssertEqual(f["r2"]?.minX ?? 0, 2 * (280.0 / 3 + 10), accuracy: 1e-9)
        XCTAssertEqual(f["s1"], Rect(x: 125, y: 20, width: 50, height: 20))
        XCTAssertEqual(f["s2"], Rect(x: 250, y: 0, width: 50, height: 40))
        XCTAssertEqual(f["f0"], Rect(x: 0, y: 0, width: 50, height: 40))
        XCTAssertEqual(f["f1"], Rect(x: 60, y: 0, width: 240, height: 40), "the room left over goes to the last child")
    }

    /// The stack is laid out again at every frame: a child hidden by a formula of the scroll
    /// collapses from the frame it hides, and the fitted group shrinks with it.
    func testAChildHiddenByTheScrollCollapsesAtThatFrame() throws {
        let s = try load(
            """
            navigationBar: false
            layers:
              - type: group
                name: list
                frame: [0, 100, 300, fit]
                stack: {axis: vertical, spacing: 10}
                children:
                  - {type: rectangle, name: a, height: 20}
                  - {type: rectangle, name: b, height: 30, hidden: "u > 50"}
                  - {type: rectangle, name: c, height: 40}
            \(Self.timeline)
            """)
        let rest = frames(s, at: 0), scrolled = frames(s, at: 1)
        XCTAssertEqual(rest["c"]?.minY, 70)
        XCTAssertEqual(rest["list"]?.height, 110)
        XCTAssertEqual(scrolled["c"]?.minY, 30)
        XCTAssertEqual(scrolled["list"]?.height, 70)
    }

    /// A row gives its last label the room left over, and the label is measured again at that
    /// width: the row is as tall as the wrapped text, and the card around it as tall as the row.
    func testAWrappedLabelInARowIsMeasuredAtItsFinalWidth() throws {
        let s = try load(
            """
            navigationBar: false
            layers:
              - type: group
                name: card
                frame: [0, 100, 300, fit]
                stack: {axis: vertical}
                padding: 10
                children:
                  - type: group
                    name: row
                    height: fit
                    stack: {axis: horizontal, spacing: 20, alignment: leading}
                    children:
                      - {type: rectangle, name: icon, width: 40, height: 40}
                      - {type: text, name: label, lines: 0, height: fit, text: "\(String(repeating: "long words ", count: 12))"}
            \(Self.timeline)
            """)
        let f = frames(s)
        let label = try XCTUnwrap(f["label"])
        XCTAssertEqual(label.minX, 60)
        XCTAssertEqual(label.width, 280 - 60)
        let content = TextContent(
            String(repeating: "long words ", count: 12), weight: .regular, pointSize: 17, color: .black, typography: s.screen.typography)
        var wrapped = content
        wrapped.numberOfLines = 0
        wrapped.letterSpacingIsOwn = true
        XCTAssertEqual(label.height, wrapped.size(fitting: 220).height.rounded(.up))
        XCTAssertGreaterThan(label.height, 60, "several lines")
        XCTAssertEqual(f["row"]?.height, label.height)
        XCTAssertEqual(f["card"]?.height, label.height + 20)
    }

    /// A text whose inputs do not change is measured once, not at every frame; a view timeline
    /// reading a stacked layer sees the frame it is drawn at.
    func testMeasurementsAreKeptAndViewTimelinesSeeStackedFrames() throws {
        let s = try load(
            """
            navigationBar: false
            layers:
              - type: group
                name: list
                in: content
                frame: [0, 100, 393, fit]
                stack: {axis: vertical, spacing: 8}
                children:
                  - {type: text, name: title, text: A title that wraps onto a second line at this size, size: 40, lines: 0, height: fit}
                  - {type: rectangle, name: box, height: 50}
              - {type: rectangle, name: watcher, frame: [0, 0, 10, 10], opacity: {over: view, view: box, range: cover, keyframes: [[0, 0], [1, 1]]}}
            \(Self.timeline)
            """)
        let scene = try XCTUnwrap(s.screen.scene)
        for t in stride(from: 0.0, through: 1, by: 0.1) { _ = frames(s, at: t) }
        let title = try XCTUnwrap(scene.allSpecs.first { $0.name == "title" })
        XCTAssertEqual(title.fitCache.withLock { $0.count }, 1, "one width, one text: measured once")
        let f = frames(s)
        let metrics = s.screen.sceneMetrics(pixelScale: 1)
        let env = scene.environment(s.screen.sceneMoment(u: 0, time: 0), metrics)
        let box = try XCTUnwrap(scene.allSpecs.first { $0.name == "box" })
        let seen = scene.untransformedScreenFrame(box, instance: 0, env, metrics)
        let drawn = try XCTUnwrap(f["box"])
        XCTAssertEqual(seen.minX, drawn.minX)
        XCTAssertEqual(seen.height, 50)
        XCTAssertEqual(seen.minY + env[.offset], 100 + drawn.minY)
        XCTAssertGreaterThan(drawn.minY, 100, "below the two-line title")
    }

    /// Nested fitted stacks are measured once per layer and proposal, not once per way down to
    /// them: a tree of 127 fitted stacks (each level measures its children two or three times)
    /// keeps a few sizes per layer, where walking every way down would take up to 3^6 per leaf.
    func testNestedFittedStacksAreMeasuredInProportionToTheirLayers() throws {
        func node(_ depth: Int, _ indent: String) -> String {
            if depth == 0 { return "\(indent)- {type: text, text: Some words that wrap, lines: 0, width: fit, height: fit}\n" }
            let axis = depth % 2 == 0 ? "vertical" : "horizontal"
            var s = "\(indent)- type: group\n\(indent)  width: fit\n\(indent)  height: fit\n"
            s += "\(indent)  stack: {axis: \(axis), spacing: 2, distribution: \(depth % 3 == 0 ? "fillEqually" : "fill")}\n"
            s += "\(indent)  padding: 1\n\(indent)  children:\n"
            return s + node(depth - 1, indent + "    ") + node(depth - 1, indent + "    ")
        }
        let s = try load("navigationBar: false\nlayers:\n" + node(6, "  ") + Self.timeline)
        let scene = try XCTUnwrap(s.screen.scene)
        XCTAssertEqual(scene.allSpecs.count, 127)
        let metrics = s.screen.sceneMetrics(pixelScale: 1)
        let memo = UserScene.FitMemo()
        _ = scene.layers(scene.environment(s.screen.sceneMoment(u: 0), metrics), metrics, memo: memo)
        XCTAssertLessThanOrEqual(memo.sizes.count, 8 * 127)
        XCTAssertLessThanOrEqual(memo.stacks.count, 4 * 63)
    }
}

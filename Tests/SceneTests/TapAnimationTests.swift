import Foundation
import Raster
import RenderFramesKit
import XCTest
@testable import ScenarioFormat
@testable import Scene

/// The layer language's animations (`over: tap`, `over: time` with `from`, `duration`, `curve`,
/// `spring`): sampled values against Apple's formulas, written out here, and the taps' hit tests.
final class TapAnimationTests: XCTestCase {
    func load(_ text: String) throws -> Scenario {
        try ScenarioLoader.parse(text, file: "s.yaml", baseDirectory: GoldenFrameTests.root + "/Fixtures/scenarios")
    }

    func layer(_ name: String, _ s: Scenario, frame: Int) -> Layer? {
        func find(_ l: Layer) -> Layer? { l.name == name ? l : l.sublayersInDrawingOrder.lazy.compactMap(find).first }
        return find(s.layers(ofFrame: frame))
    }

    /// The y of Core Animation's cubic Bézier at time fraction x (control points x1, y1, x2, y2),
    /// found here by solving x(s) = x with Newton's method from the curve's polynomial.
    func bezier(_ x: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
        func coord(_ s: Double, _ a: Double, _ b: Double) -> Double { 3 * (1 - s) * (1 - s) * s * a + 3 * (1 - s) * s * s * b + s * s * s }
        func slope(_ s: Double, _ a: Double, _ b: Double) -> Double { 3 * (1 - s) * (1 - s) * a + 6 * (1 - s) * s * (b - a) + 3 * s * s * (1 - b) }
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        var s = x
        for _ in 0..<40 {
            let d = slope(s, x1, x2)
            if d == 0 { break }
            s = min(max(s - (coord(s, x1, x2) - x) / d, 0), 1)
        }
        return coord(s, y1, y2)
    }

    /// The underdamped spring from 0 to 1 at rest, x(0) = 0, x'(0) = 0: natural frequency w,
    /// damping ratio z (m x'' + c x' + k (x - 1) = 0, w = sqrt(k / m), z = c / (2 sqrt(k m))).
    func spring(_ t: Double, w: Double, z: Double) -> Double {
        let wd = w * (1 - z * z).squareRoot()
        return 1 - exp(-z * w * t) * (cos(wd * t) + z * w / wd * sin(wd * t))
    }

    let timeline = "timeline: {duration: 2, gestures: [{wait: 2}]}\n"

    /// `over: time, from: 0.5, duration: 1, curve: easeIn`: 100 · y(x) of (0.42, 0, 1, 1) at x =
    /// (t - 0.5) / 1, the first keyframe's 0 before 0.5 s and 100 from 1.5 s on (fps 10: frame k
    /// is at k / 10 s).
    func testACurveFromATimeFollowsTheBezier() throws {
        let s = try load(
            "fps: 10\nlayers:\n  - {type: rectangle, name: box, frame: [0, 0, 10, 10], "
                + "translateX: {over: time, from: 0.5, duration: 1, curve: easeIn, keyframes: [[0, 0], [1, 100]]}}\n" + timeline)
        for frame in [0, 3, 5, 6, 8, 10, 13, 15, 18] {
            let t = Double(frame) / 10
            let x = min(max(t - 0.5, 0), 1)
            let expected = t < 0.5 ? 0 : 100 * bezier(x, 0.42, 0, 1, 1)
            XCTAssertEqual(try XCTUnwrap(layer("box", s, frame: frame)).transform.tx, expected, accuracy: 1e-9, "frame \(frame)")
        }
        XCTAssertEqual(layer("box", s, frame: 10)?.transform.tx ?? 0, 100 * bezier(0.5, 0.42, 0, 1, 1), accuracy: 1e-9)
        XCTAssertEqual(bezier(0.5, 0.42, 0, 1, 1), 0.3153, accuracy: 1e-4)
    }

    /// `spring: {dampingRatio: 0.5, response: 0.4}`: mass 1, stiffness (2π / 0.4)², damping
    /// 4π · 0.5 / 0.4, so w = 2π / 0.4 and z = 0.5; the value overshoots past the last keyframe
    /// (outside extends for an animation), e.g. 114.1 at 0.2 s after the start.
    func testASpringWithAResponseOvershoots() throws {
        let s = try load(
            "fps: 20\nlayers:\n  - {type: rectangle, name: box, frame: [0, 0, 10, 10], "
                + "translateX: {over: time, from: 0.5, spring: {dampingRatio: 0.5, response: 0.4}, keyframes: [[0, 0], [1, 100]]}}\n"
                + timeline)
        let w = 2 * Double.pi / 0.4
        for frame in [0, 9, 10, 11, 12, 14, 16, 20, 25] {
            let t = Double(frame) / 20
            let expected = t < 0.5 ? 0 : 100 * spring(t - 0.5, w: w, z: 0.5)
            XCTAssertEqual(try XCTUnwrap(layer("box", s, frame: frame)).transform.tx, expected, accuracy: 1e-6, "frame \(frame)")
        }
        XCTAssertGreaterThan(layer("box", s, frame: 14)?.transform.tx ?? 0, 114)
    }

    /// `duration: 0.6, spring: {dampingRatio: 0.45}` is UIKit's usingSpringWithDamping: the unit
    /// spring (w = 1) of ratio 0.45 played until its envelope sqrt(1 + (z / wd)²) e^(-z t) falls
    /// to 0.0008 (CASpringAnimation's settling), that span stretched to 0.6 s; 1 from 0.6 s on.
    func testARatioAloneIsFittedIntoTheDuration() throws {
        let s = try load(
            "fps: 20\nlayers:\n  - {type: rectangle, name: box, frame: [0, 0, 10, 10], "
                + "translateX: {over: time, duration: 0.6, spring: {dampingRatio: 0.45}, keyframes: [[0, 0], [1, 100]]}}\n" + timeline)
        let z = 0.45, wd = (1 - z * z).squareRoot()
        let span = log((1 + (z / wd) * (z / wd)).squareRoot() / 0.0008) / z
        for frame in [1, 3, 5, 8, 12, 20] {
            let t = Double(frame) / 20
            let expected = t >= 0.6 ? 100 : 100 * spring(t / 0.6 * span, w: 1, z: z)
            XCTAssertEqual(try XCTUnwrap(layer("box", s, frame: frame)).transform.tx, expected, accuracy: 1e-6, "frame \(frame)")
        }
    }

    static let tapScene = """
        fps: 20
        navigationBar: false
        scrollView: {contentInsetAdjustmentBehavior: never}
        layers:
          - type: group
            name: button
            frame: [100, 200, 100, 40]
            fill: "#007AFF"
            opacity: {over: tap, view: button, duration: 0.5, curve: linear, keyframes: [[0, 1], [1, 0.5]]}
            children:
              - {type: text, name: label, frame: [10, 5, 80, 30], text: Follow,
                 opacity: {over: tap, view: label, duration: 0.5, curve: linear, keyframes: [[0, 1], [1, 0.2]]}}
          - type: rectangle
            name: other
            frame: [0, 400, 100, 40]
            opacity: {over: tap, view: self, duration: 0.5, curve: linear, keyframes: [[0, 1], [1, 0]]}

        """

    /// A tap at a point on the button's label hits the label (the topmost layer there) and the
    /// button, its parent; it starts their animations when the finger lifts (0.1 s after it lands
    /// at 0.5 s), and not the other layer's. Linear over 0.5 s: at 0.85 s, 0.25 s in, halfway.
    func testATapAtAPointHitsTheTopmostLayerAndItsAncestors() throws {
        let s = try load(Self.tapScene + "timeline: {duration: 1.5, gestures: [{wait: 0.5}, {tap: {at: [150, 220]}}, {wait: 1}]}\n")
        XCTAssertEqual(s.screen.tapHits.times.count, 2)
        for frame in [0, 10, 12] {
            XCTAssertEqual(layer("button", s, frame: frame)?.opacity, 1, "frame \(frame): before the finger lifts")
        }
        XCTAssertEqual(layer("button", s, frame: 17)?.opacity ?? 0, 0.75, accuracy: 1e-9)
        XCTAssertEqual(layer("label", s, frame: 17)?.opacity ?? 0, 0.6, accuracy: 1e-9)
        XCTAssertEqual(layer("button", s, frame: 25)?.opacity ?? 0, 0.5, accuracy: 1e-9)
        XCTAssertEqual(layer("other", s, frame: 25)?.opacity, 1)
    }

    /// A tap on the button outside its label hits the button only; `view: other` lands on the
    /// other layer's centre and hits it.
    func testATapOutsideAChildHitsTheParentOnly() throws {
        let s = try load(
            Self.tapScene + "timeline: {duration: 1.5, gestures: [{tap: {at: [105, 202]}}, {wait: 0.4}, {tap: {view: other}}, {wait: 1}]}\n")
        XCTAssertEqual(layer("button", s, frame: 20)?.opacity ?? 0, 0.5, accuracy: 1e-9)
        XCTAssertEqual(layer("label", s, frame: 20)?.opacity, 1)
        // The second tap lands at 0.5 s and lifts at 0.6 s: 0.4 s into 0.5 s at 1.0 s.
        XCTAssertEqual(layer("other", s, frame: 20)?.opacity ?? 0, 0.2, accuracy: 1e-9)
    }

    /// With `begin: start` each tap restarts the animation from its first keyframe: taps lifting at
    /// 0.1 s and 0.4 s, so at 0.5 s the button is 0.1 s (not 0.4 s) into it.
    func testEveryTapRestartsTheAnimationWithBeginStart() throws {
        let restarting = Self.tapScene.replacingOccurrences(of: "curve: linear, keyframes: [[0, 1], [1, 0.5]]", with: "curve: linear, begin: start, keyframes: [[0, 1], [1, 0.5]]")
        let s = try load(
            restarting + "timeline: {duration: 1, gestures: [{tap: {at: [105, 202]}}, {wait: 0.2}, {tap: {at: [105, 202]}}, {wait: 1}]}\n")
        XCTAssertEqual(layer("button", s, frame: 6)?.opacity ?? 0, 1 - 0.5 * 0.2 / 0.5, accuracy: 1e-9)
        XCTAssertEqual(layer("button", s, frame: 10)?.opacity ?? 0, 1 - 0.5 * 0.1 / 0.5, accuracy: 1e-9)
    }

    /// Hit testing follows what is drawn: a layer moved away by its translation is not hit where
    /// its frame was; the layer above (later in the file, or a higher zPosition) takes the tap; a
    /// hidden layer and one under 0.01 opaque take none.
    func testHitTestingFollowsTransformsOrderAndVisibility() throws {
        let scene = """
            fps: 20
            navigationBar: false
            layers:
              - {type: rectangle, name: moved, frame: [0, 0, 100, 100], translateX: 200,
                 opacity: {over: tap, view: self, duration: 1, curve: linear, keyframes: [[0, 1], [1, 0]]}}
              - {type: rectangle, name: under, frame: [0, 300, 100, 100], zPosition: 1,
                 opacity: {over: tap, view: self, duration: 1, curve: linear, keyframes: [[0, 1], [1, 0]]}}
              - {type: rectangle, name: over, frame: [0, 300, 100, 100],
                 opacity: {over: tap, view: self, duration: 1, curve: linear, keyframes: [[0, 1], [1, 0]]}}
              - {type: rectangle, name: ghost, frame: [0, 600, 100, 100], zPosition: 5, opacity: 0.005}
              - {type: rectangle, name: hiddenOne, frame: [0, 600, 100, 100], zPosition: 5, hidden: true}
              - {type: rectangle, name: floor, frame: [0, 600, 100, 100],
                 opacity: {over: tap, view: self, duration: 1, curve: linear, keyframes: [[0, 1], [1, 0]]}}
            timeline: {duration: 1, gestures: [{tap: {at: [50, 50]}}, {tap: {at: [250, 50]}}, {tap: {at: [50, 350]}}, {tap: {at: [50, 650]}}]}

            """
        let s = try load(scene)
        let keys = Dictionary(uniqueKeysWithValues: s.screen.tapHits.times.map { (s.screen.scene!.allSpecs[$0.key.spec].name, $0.value) })
        XCTAssertEqual(keys.keys.sorted(), ["floor", "moved", "under"])
        XCTAssertEqual(keys["moved"]?.count, 1)
        XCTAssertEqual(keys["moved"]?.first ?? 0, 0.2, accuracy: 1e-9, "only the tap at its drawn place, (250, 50), lifting at 0.2 s")
        XCTAssertEqual(keys["under"]?.first ?? 0, 0.3, accuracy: 1e-9, "zPosition 1 is above the later layer")
        XCTAssertEqual(keys["floor"]?.first ?? 0, 0.4, accuracy: 1e-9, "through the transparent and the hidden layer")
    }

    /// A content layer scrolls: the tap is hit-tested in the content moved by the offset. Scrolled
    /// by 100, the layer at content y 300 is on screen at 200.
    func testContentLayersAreHitWhereTheScrollPutsThem() throws {
        let scene = """
            fps: 20
            navigationBar: false
            scrollView: {contentInsetAdjustmentBehavior: never, contentHeight: 3000}
            layers:
              - {type: rectangle, name: card, in: content, frame: [0, 300, 100, 50],
                 opacity: {over: tap, view: self, duration: 1, curve: linear, keyframes: [[0, 1], [1, 0]]}}
            timeline: {duration: 2, gestures: [{tap: {at: [50, 320]}}, {scrollTo: {offset: 100, duration: 0.2}}, {wait: 0.3}, {tap: {at: [50, 220]}}]}

            """
        let s = try load(scene)
        XCTAssertEqual(s.screen.tapHits.times.values.first?.count, 2)
        XCTAssertEqual(s.screen.tapHits.times.values.first?.first ?? 0, 0.1, accuracy: 1e-9)
    }

    /// A scene whose values do not play a tap animation is not hit-tested: its taps record nothing,
    /// and its frames are evaluated as before (the speed item of issue 45).
    func testAScenewithoutTapAnimationsIsNotHitTested() throws {
        let s = try load(
            "navigationBar: false\nlayers:\n  - {type: rectangle, name: box, frame: [0, 0, 100, 100], opacity: 0.5}\n"
                + "timeline: {duration: 1, gestures: [{tap: {view: box}}, {wait: 0.5}]}\n")
        XCTAssertTrue(s.screen.tapHits.isEmpty)
        XCTAssertEqual(s.screen.scene?.hasTapAnimations, false)
    }

    /// An `over: tap` value whose layer no tap hits is a warning at its `view:` (line 5, column
    /// 30); the example, whose taps both hit, has none.
    func testAnAnimationNoTapHitsIsAWarning() throws {
        let s = try load(
            "layers:\n  - type: rectangle\n    name: follow\n    frame: [16, 100, 120, 36]\n"
                + "    scale: {over: tap, view: follow, duration: 0.3, keyframes: [[0, 1], [1, 1.2]]}\n"
                + "timeline: {duration: 1, gestures: [{tap: {at: [300, 700]}}]}\n")
        let warning = try XCTUnwrap(s.warnings.first { $0.field == "layers[0].scale.view" })
        XCTAssertEqual([warning.line, warning.column], [5, 30])
        XCTAssertTrue(warning.message.hasPrefix("no tap in the timeline hits follow"), warning.message)
        let example = try ScenarioLoader.load(path: GoldenFrameTests.root + "/Fixtures/scenarios/tap-animations.yaml")
        XCTAssertFalse(example.warnings.contains { $0.message.contains("no tap in the timeline") })
    }

    /// The scene's named curves are Core Animation's control points, the same values as UIKit's
    /// (one implementation, CubicCurve).
    func testEasingsAreTheSharedCubicCurves() {
        XCTAssertEqual(Easing.easeIn.curve, CubicCurve(x1: 0.42, y1: 0, x2: 1, y2: 1))
        XCTAssertEqual(Easing.easeOut.curve, CubicCurve(x1: 0, y1: 0, x2: 0.58, y2: 1))
        XCTAssertEqual(Easing.easeInOut.curve, CubicCurve(x1: 0.42, y1: 0, x2: 0.58, y2: 1))
        for x in [0.1, 0.3, 0.5, 0.9] {
            XCTAssertEqual(Easing.easeInOut.progress(x), bezier(x, 0.42, 0, 0.58, 1), accuracy: 1e-12)
            XCTAssertEqual(CubicCurve.caDefault.value(at: x), bezier(x, 0.25, 0.1, 0.25, 1), accuracy: 1e-12)
        }
    }

    /// The examples' frames are the same bytes whatever the number of workers and whether the
    /// frames are rendered alone (`--frames 10-20`) or in a whole run: tap-animations, and
    /// tap-toggles from its second tap, which lands mid-spring (`--frames 20-30`: its legs chained
    /// from every earlier tap).
    func testTheExampleIsTheSameForAnyJobsAndFrameSelection() throws {
        try checkSameBytes("tap-animations", selection: 10...20)
        try checkSameBytes("tap-toggles", selection: 20...30)
    }

    func checkSameBytes(_ example: String, selection: ClosedRange<Int>) throws {
        let path = GoldenFrameTests.root + "/Fixtures/scenarios/\(example).yaml"
        let base = NSTemporaryDirectory() + "\(example)-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: base) }
        func render(_ dir: String, frames: String?, jobs: Int) throws {
            let scenario = try ScenarioLoader.load(path: path, scaleOverride: 1)
            var settings = Render.Settings(scenario: path, outputDirectory: base + "/" + dir)
            settings.jobs = jobs
            settings.frames = frames
            _ = try Render(settings).run(scenario, path: path)
        }
        try render("one", frames: "0-40", jobs: 1)
        try render("two", frames: "0-40", jobs: 2)
        try render("some", frames: "\(selection.lowerBound)-\(selection.upperBound)", jobs: 2)
        for k in 0...40 {
            let name = String(format: "%04d.png", k)
            let one = try Data(contentsOf: URL(fileURLWithPath: "\(base)/one/\(name)"))
            XCTAssertEqual(one, try Data(contentsOf: URL(fileURLWithPath: "\(base)/two/\(name)")), "\(name): jobs 1 vs 2")
            if selection.contains(k) {
                XCTAssertEqual(one, try Data(contentsOf: URL(fileURLWithPath: "\(base)/some/\(name)")), "\(name): alone vs whole run")
            }
        }
    }
}

import Raster
import Scene

/// A loaded, checked scenario: a screen, a timeline, and the output settings. Everything a frame
/// needs is here and immutable, so any worker can render any frame.
public struct Scenario: Sendable {
    /// The scenario file's path as given.
    public var file: String
    public var fps: Double
    /// Output pixels per point (the device's scale unless the file or the command line overrides it).
    public var scale: Double
    public var screen: Screen
    public var timeline: any ScrollTimeline
    /// Animations to write after the frames (`output:`).
    package var outputs: [ScenarioOutput] = []
    /// The image files the scenario read (resolved paths, sorted): with the scenario file and the
    /// fonts, what its frames depend on besides the tool and its options.
    public var imageFiles: [String] = []
    /// With a `matrix:`: this variant's name (`iphone-15-dark`), and every variant's, in order.
    public var variant: String?
    public var variantNames: [String] = []
    /// What renders but likely not as meant (a character no font has): file:line:column, field and
    /// the fix, as `validate` and `explain` print them after "warning:".
    public var warnings: [ScenarioIssue] = []
    /// For self-sizing rows: how far the motion has reached by each moment, so a frame knows which
    /// rows the table has measured.
    let reach: ScrollReach?

    public init(file: String, fps: Double, scale: Double, screen: Screen, timeline: any ScrollTimeline) {
        self.file = file
        self.fps = fps
        self.scale = scale
        self.screen = screen
        self.timeline = timeline
        reach = screen.mail == nil ? nil : ScrollReach(timeline: timeline)
    }

    /// Frames cover `[0, duration)`: frame i is at t = i / fps. At least one frame.
    public var frameCount: Int { max(1, Int((timeline.duration * fps).rounded())) }

    public func time(ofFrame index: Int) -> Double { Double(index) / fps }

    public func state(ofFrame index: Int) -> ScrollState { timeline.state(at: time(ofFrame: index)) }

    /// The self-sizing rows measured by frame `index`: every row that has been on screen so far
    /// (nil when the content has no estimated rows).
    public func measuredRows(ofFrame index: Int) -> Range<Int>? {
        measuredRows(at: time(ofFrame: index), offset: state(ofFrame: index).offset)
    }

    /// The rows measured by time `t`, whose offset is `offset` (the frame's state, computed once by the caller).
    func measuredRows(at t: Double, offset: Double) -> Range<Int>? {
        guard let reach, let mail = screen.mail else { return nil }
        let (low, high) = reach.range(through: t, now: offset)
        let top = screen.contentOffset(u: low) - screen.rowsTop
        let bottom = screen.contentOffset(u: high) + screen.device.size.height - screen.rowsTop
        return mail.rows(intersecting: top, bottom)
    }

    /// Everything a frame's pixels depend on: two frames with equal keys are identical.
    public struct FrameKey: Hashable, Sendable {
        public var state: ScrollState
        public var measured: Range<Int>?
        /// The frame's time, when the scene's own layers read time or velocity.
        public var time: Double?
        /// The frame's index, when code that keeps state draws the screen (no two frames alike).
        public var frame: Int?
    }

    /// One frame's state, computed once: its index and time, the scroll state (offset, phase,
    /// touch, indicator), the scroll speed (for a scene of one's own), the self-sizing rows
    /// measured so far. Everything a frame draws or reports is a function of this value.
    public struct FrameState: Sendable {
        public let index: Int
        public let time: Double
        public let scroll: ScrollState
        /// Points per second, positive while the offset grows (0 when nothing reads it).
        public let velocity: Double
        public let measured: Range<Int>?
        public let key: FrameKey
    }

    public func frame(_ index: Int) -> FrameState {
        let t = time(ofFrame: index)
        let s = timeline.state(at: t)
        let measured = measuredRows(at: t, offset: s.offset)
        let ownScene = screen.scene != nil || screen.provider != nil
        let readsTime = screen.scene?.readsTime == true || screen.provider?.readsTime == true
        return FrameState(
            index: index, time: t, scroll: s, velocity: ownScene ? velocity(at: t) : 0, measured: measured,
            key: FrameKey(state: s, measured: measured, time: readsTime ? t : nil, frame: screen.sequentialSource == nil ? nil : index))
    }

    public func key(ofFrame index: Int) -> FrameKey { frame(index).key }

    /// The scroll speed at `t` in points per second (positive while the offset grows), from the
    /// motion over the last 1/240 s: the same at any frame rate.
    public func velocity(at t: Double) -> Double {
        let dt = min(t, 1 / ScrollReach.rate)
        guard dt > 0 else { return 0 }
        return (timeline.state(at: t).offset - timeline.state(at: t - dt).offset) / dt
    }

    /// What the scene's bindings see in a frame.
    public func moment(of f: FrameState) -> UserScene.Moment {
        screen.sceneMoment(u: f.scroll.offset, time: f.time, velocity: f.velocity, phase: f.scroll.phase)
    }

    public func moment(ofFrame index: Int) -> UserScene.Moment { moment(of: frame(index)) }

    /// UIKit's contentOffset.y as the scroll view reports it (with estimated rows, ahead of or
    /// behind the real layout by the estimates' error above the screen).
    public func contentOffsetY(of f: FrameState) -> Double {
        if let source = screen.sequentialSource { return source.contentOffsetY(ofFrame: f.index) ?? 0 }
        return screen.reportedGeometry(u: f.scroll.offset, measured: f.measured).contentOffset
    }

    public func contentOffsetY(ofFrame index: Int) -> Double { contentOffsetY(of: frame(index)) }

    /// A frame's numbers (the `--layout` dump).
    public func metrics(of f: FrameState) -> FrameMetrics {
        var m = screen.metrics(u: f.scroll.offset, measured: f.measured)
        if let scene = screen.scene {
            // The scene's numeric vars at this frame.
            let env = scene.environment(moment(of: f), screen.sceneMetrics(pixelScale: scale))
            for v in scene.vars where v.bound.binding.kind == .number && !scene.presetVars.contains(v.name) {
                let value = env.numbers[scene.scope[v.name]!.slot]
                m.vars[v.name] = value.magnitude < 1e12 ? round4(value) : value
            }
        }
        return m
    }

    public func metrics(ofFrame index: Int) -> FrameMetrics { metrics(of: frame(index)) }

    public var pixelWidth: Int { Int((screen.device.size.width * scale).rounded()) }
    public var pixelHeight: Int { Int((screen.device.size.height * scale).rounded()) }

    /// The layer tree of a frame.
    public func layers(of f: FrameState) -> Layer {
        if let source = screen.sequentialSource { return source.layers(ofFrame: f.index) }
        return screen.layers(
            state: f.scroll, pixelScale: scale, measured: f.measured, time: f.time,
            velocity: f.velocity)
    }

    public func layers(ofFrame index: Int) -> Layer { layers(of: frame(index)) }
}

/// The lowest and highest offsets a timeline has reached by each moment, sampled at 240 Hz from
/// t = 0 (the same grid at any frame rate, so frame k at 60 fps and frame 2k at 120 fps agree).
struct ScrollReach: Sendable {
    static let rate = 240.0
    let low: [Double]
    let high: [Double]

    init(timeline: any ScrollTimeline) {
        let n = Int((timeline.duration * ScrollReach.rate).rounded(.up)) + 1
        var low = [Double](), high = [Double]()
        low.reserveCapacity(n); high.reserveCapacity(n)
        var lo = Double.infinity, hi = -Double.infinity
        for j in 0..<n {
            let u = timeline.state(at: Double(j) / ScrollReach.rate).offset
            lo = min(lo, u); hi = max(hi, u)
            low.append(lo); high.append(hi)
        }
        self.low = low
        self.high = high
    }

    /// The range reached by time `t`, whose offset is `now`.
    func range(through t: Double, now: Double) -> (Double, Double) {
        let j = min(low.count - 1, Int((t * ScrollReach.rate).rounded(.down)))
        guard j >= 0 else { return (now, now) }
        return (min(low[j], now), max(high[j], now))
    }
}

/// Renders frames of one scenario. One per worker (it owns a `LayerRenderer`).
public final class FrameRenderer {
    public let scenario: Scenario
    private let renderer = LayerRenderer()

    public init(scenario: Scenario) { self.scenario = scenario }

    public func render(frame index: Int) -> Pixmap { render(scenario.frame(index)) }

    public func render(_ frame: Scenario.FrameState) -> Pixmap { render(scenario.layers(of: frame)) }

    /// Draws a frame's layer tree (taken once from the scenario).
    public func render(_ layers: Layer) -> Pixmap {
        renderer.render(layers, width: scenario.pixelWidth, height: scenario.pixelHeight, scale: scenario.scale)
    }
}

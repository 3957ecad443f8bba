import Raster

/// A scene computed by Swift code of one's own: for each moment of the scroll, the layers to
/// draw. Rendered like a scenario's own layers (same screen, chrome, gestures, physics,
/// manifest and golden checks): set `Screen.provider` on a loaded scenario's screen.
///
///     struct ParallaxHeader: SceneProvider {
///         func layers(at state: SceneState) -> SceneLayers {
///             let o = state.offset
///             let photo = Layer(name: "photo", frame: Rect(x: 0, y: o < 0 ? o : o / 2,
///                                                          width: state.screen.width, height: 300 - min(0, o)))
///             photo.backgroundColor = Color(29, 42, 58)
///             return SceneLayers(content: [photo])
///         }
///     }
///
/// `layers(at:)` must be a pure function of the state (frames are rendered in any order, on
/// several threads, and a repeated state may reuse an earlier frame's pixels unless the scene
/// reads time: say so with `readsTime`).
public protocol SceneProvider: Sendable {
    func layers(at state: SceneState) -> SceneLayers
    /// True when the layers depend on `time`, `velocity` or `phase`, not only on the offset.
    var readsTime: Bool { get }
}

extension SceneProvider {
    public var readsTime: Bool { false }
}

/// What a `SceneProvider` sees: the scroll state and the screen's metrics, in points.
public struct SceneState: Sendable {
    /// UIKit's contentOffset.y: -(adjusted top inset) at rest, lower when pulled down.
    public var offset: Double
    /// Distance from the rest position (0 at rest, negative pulled down).
    public var u: Double
    /// Points per second, positive while the offset grows.
    public var velocity: Double
    /// Seconds since the first frame.
    public var time: Double
    /// idle, tracking, decelerating, bouncing or animating.
    public var phase: String
    public var screen: Size
    public var safeAreaTop: Double
    public var safeAreaBottom: Double
    public var statusBarHeight: Double
    public var navigationBarHeight: Double
    /// Output pixels per point (1 / scale is a hairline).
    public var scale: Double
    /// The scroll view's adjusted content insets.
    public var insetTop: Double
    public var insetBottom: Double

    public init(moment: UserScene.Moment, metrics: UserScene.Metrics) {
        offset = moment.offset; u = moment.u; velocity = moment.velocity; time = moment.time; phase = moment.phase
        screen = metrics.screen; safeAreaTop = metrics.safeAreaTop; safeAreaBottom = metrics.safeAreaBottom
        statusBarHeight = metrics.statusBarHeight; navigationBarHeight = metrics.navigationBarHeight; scale = metrics.scale
        insetTop = metrics.insetTop; insetBottom = metrics.insetBottom
    }
}

/// Layers by where they live: fixed on the screen (above the scroll view), in the scroll content
/// (content coordinates, y = 0 at its top), in the table header view.
public struct SceneLayers {
    public var screen: [Layer]
    public var content: [Layer]
    public var tableHeader: [Layer]

    public init(screen: [Layer] = [], content: [Layer] = [], tableHeader: [Layer] = []) {
        self.screen = screen; self.content = content; self.tableHeader = tableHeader
    }
}

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

/// What a `SceneProvider` sees: the moment of the scroll (`offset`, `u`, `velocity`, `time`,
/// `phase`) and the screen's metrics (`screen`, `safeAreaTop`, `safeAreaBottom`,
/// `statusBarHeight`, `navigationBarHeight`, `scale`, `insetTop`, `insetBottom`), in points, read
/// directly: `state.offset`, `state.screen.width`. The same values the layer language's
/// expressions read.
@dynamicMemberLookup
public struct SceneState: Sendable {
    public var moment: UserScene.Moment
    public var metrics: UserScene.Metrics

    public init(moment: UserScene.Moment, metrics: UserScene.Metrics) {
        self.moment = moment
        self.metrics = metrics
    }

    public subscript<T>(dynamicMember key: KeyPath<UserScene.Moment, T>) -> T { moment[keyPath: key] }
    public subscript<T>(dynamicMember key: KeyPath<UserScene.Metrics, T>) -> T { metrics[keyPath: key] }
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

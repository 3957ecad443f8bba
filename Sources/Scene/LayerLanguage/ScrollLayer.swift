import Raster

/// A layer that scrolls its children horizontally (`scroll: {axis: horizontal, paging: true}`):
/// a UIScrollView inside the screen's own, as a carousel is. Its children are moved by its offset
/// (the layer's bounds' origin, as UIScrollView's contentOffset is) and clipped to it; formulas
/// read the offset as `NAME.offset`. The scenario's sideways steps (`drag`/`fling` with `axis:
/// horizontal`) move it when their touch lands in it, with the vertical scroll's physics: each
/// touch's steps compile to the layer's own `GestureTimeline` (the rest is time passing).
public struct ScrollLayer: Sendable {
    /// UIScrollView's isPagingEnabled: a release comes to rest on a multiple of the layer's width.
    public let paging: Bool
    /// contentSize.width; nil: the right edge of its farthest child at rest.
    public let contentWidth: Double?
    /// The slot of `NAME.offset` in the scene's environment.
    let slot: Int
    /// Its motion, once a sideways touch landed in it (nil: at rest at 0).
    public package(set) var timeline: GestureTimeline?

    package init(slot: Int, paging: Bool, contentWidth: Double?) {
        self.slot = slot; self.paging = paging; self.contentWidth = contentWidth
    }

    /// contentOffset.x at `time`.
    func offset(at time: Double) -> Double { timeline?.state(at: time).offset ?? 0 }
}

extension UserScene {
    /// Gives each scroll layer the sideways touches of `gestures` that land in it, in time order:
    /// a touch lands in the last scroll layer in the file (the one drawn on top) whose frame on
    /// screen holds its point at that moment (the vertical scroll at `vertical`'s offset then).
    /// A touch that lands in none is returned (its first step's index and point) for a warning.
    /// The scene with the scroll layers' motions is returned too (this one is left as it is).
    package func attachingSideways(_ gestures: GestureTimeline, metrics: Metrics) -> (scene: UserScene, missed: [(step: Int, point: Point)]) {
        guard !scrollLayers.isEmpty, gestures.hasSidewaysSteps,
            let all = try? gestures.horizontal(taking: nil, startOffset: 0, bounds: -1e7...1e7, viewportWidth: 1000)
        else { return (self, []) }
        var missed: [(step: Int, point: Point)] = []
        var taken: [Int: Set<Int>] = [:]
        // Each touch lands where the motions attached before it have moved the layers.
        var scene = self
        for touch in all.touchDowns {
            let state = gestures.state(at: touch.time)
            let moment = Moment(offset: state.offset - metrics.insetTop, u: state.offset, velocity: 0, time: touch.time, phase: state.phase)
            let env = scene.environment(moment, metrics)
            guard
                let spec = scene.scrollLayers.last(where: { spec in
                    !(0..<spec.root.repeatCount).isEmpty
                        && UserScene.holds(scene.untransformedScreenFrame(spec, instance: 0, env, metrics), touch.point)
                })
            else {
                missed.append((touch.steps[0], touch.point))
                continue
            }
            taken[spec.id, default: []].formUnion(touch.steps)
            if let timeline = scene.compiledScroll(spec, gestures, taking: taken[spec.id]!, env, metrics) {
                scene = scene.rebuilt { draft in if draft.id == spec.id { draft.scroll?.timeline = timeline } }
            }
        }
        return (scene, missed)
    }

    static func holds(_ r: Rect, _ p: Point) -> Bool { p.x >= r.minX && p.x < r.maxX && p.y >= r.minY && p.y < r.maxY }

    /// The layer's motion from the steps it takes, over 0 to its content width less its width
    /// (both at `env`'s moment); with paging each release's rest moved to its page.
    private func compiledScroll(
        _ spec: LayerSpec, _ gestures: GestureTimeline, taking: Set<Int>, _ env: ExpressionEnvironment, _ metrics: Metrics
    ) -> GestureTimeline? {
        guard let scroll = spec.scroll else { return nil }
        let frame = untransformedScreenFrame(spec, instance: 0, env, metrics)
        let width = frame.width
        let contentWidth = scroll.contentWidth ?? farthestChildEdge(spec, env, metrics, size: frame.size)
        let bounds = 0...max(0, contentWidth - width)
        guard width > 0, var t = try? gestures.horizontal(taking: taking, startOffset: 0, bounds: bounds, viewportWidth: width) else { return nil }
        if scroll.paging {
            // A release's target moves only what follows it: each is found on the motion that
            // has the earlier ones' targets, as a scroll view's delegate is asked release by release.
            var targets: [Int: Double] = [:]
            var paged: Set<Int> = []
            for k in t.releases.indices {
                let target = GestureTimeline.pageTarget(t.releases[k], page: width, range: bounds)
                guard abs(target - t.releases[k].target) > 1e-6 else { continue }
                targets[k] = target
                paged.insert(k)
                guard
                    let again = try? gestures.horizontal(
                        taking: taking, startOffset: 0, bounds: bounds, viewportWidth: width, releaseTargets: targets, pagedReleases: paged)
                else { break }
                t = again
            }
        }
        return t
    }

    /// The right edge of the layer's farthest child (its content width when not given).
    private func farthestChildEdge(_ spec: LayerSpec, _ env: ExpressionEnvironment, _ metrics: Metrics, size: Size) -> Double {
        let c = Context(scene: self, metrics: metrics, reader: spec, instance: 0, memo: hasFit ? FitMemo() : nil)
        if let stack = spec.stack { return stackLayout(spec, c, env, size: size).frames.reduce(0) { max($0, $1.maxX) } + stack.padding.right }
        return spec.children.reduce(0) { max($0, $1.frame(c, env, container: size).maxX) }
    }
}

extension UserScene {
    /// Where a tap or long press aimed at the layer named `name` lands: the centre of its first
    /// instance's frame on screen at `time` (the scroll at `gestures`' offset then); nil when no
    /// layer has that name.
    package func pressPoint(named name: String, at time: Double, gestures: GestureTimeline, metrics: Metrics) -> Point? {
        guard let spec = allSpecs.first(where: { $0.name == name }) else { return nil }
        let state = gestures.state(at: time)
        let moment = Moment(offset: state.offset - metrics.insetTop, u: state.offset, velocity: 0, time: time, phase: state.phase)
        let r = untransformedScreenFrame(spec, instance: 0, environment(moment, metrics), metrics)
        return Point(r.midX, r.midY)
    }
}

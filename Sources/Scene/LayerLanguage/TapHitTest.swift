import Raster

/// Taps on a scene's layers: where each of a timeline's taps lands, which layer instances it hits
/// (as UIView's `hitTest(_:with:)` finds the view under a finger), and so when each `over: tap`
/// animation starts.
extension UserScene {
    /// True when some value plays an animation started by a tap (the loader hit-tests the taps
    /// only then).
    package var hasTapAnimations: Bool {
        func isTap(_ b: Binding) -> Bool {
            if case .keyframes(let k) = b, case .animation(let a) = k.driver, a.touch != nil { return true }
            return false
        }
        return allSpecs.contains { spec in
            spec.properties.values.contains { isTap($0.binding) } || spec.gradientColors.contains { isTap($0.binding) }
                || spec.gradientLocations.contains { isTap($0.binding) } || spec.runs.contains { $0.color.map { isTap($0.binding) } ?? false }
        }
    }

    /// The hits of a timeline's taps and long presses: each is hit-tested where its finger lands,
    /// at that moment (the scroll then, the animations of earlier touches as they stand), and the
    /// layer instance hit and its ancestors record the time a tap's finger lifts, or the time a
    /// long press is recognized (held `TapHits.longPressMinimum` seconds; a shorter one starts
    /// nothing, as a long-press recognizer fails).
    package func tapHits(_ gestures: GestureTimeline, metrics: Metrics) -> TapHits {
        var hits = TapHits()
        // Recorded in time order (a long press is recognized before it lifts, so a tap during it
        // would come later: the timeline's steps do not overlap).
        for press in gestures.presses where !press.isLongPress || press.duration >= TapHits.longPressMinimum {
            let point: Point
            switch press.target {
            case .point(let p): point = p
            case .view: guard let p = gestures.pressPoints[press.step] else { continue }; point = p
            }
            let state = gestures.state(at: press.time)
            let moment = Moment(
                offset: state.offset - metrics.insetTop, u: state.offset, velocity: 0, time: press.time, phase: state.phase, taps: hits)
            for var key in hitTest(point, moment, metrics) {
                key.longPress = press.isLongPress
                hits.add(key, at: press.isLongPress ? press.time + TapHits.longPressMinimum : press.end)
            }
        }
        return hits
    }

    /// The layer instances a finger at `point` (screen points) hits at moment `m`: the topmost
    /// layer containing it, then each of its ancestors; empty when it lands on none.
    package func hitTest(_ point: Point, _ m: Moment, _ metrics: Metrics) -> [TapHits.Key] {
        let specByPath = Dictionary(allSpecs.map { ($0.path, $0.id) }, uniquingKeysWith: { a, _ in a })
        var owners: [ObjectIdentifier: TapHits.Key] = [:]
        let built = layers(m, metrics) { resolved in
            if let id = specByPath[resolved.path] {
                owners[ObjectIdentifier(resolved.layer)] = TapHits.Key(spec: id, instance: resolved.instance ?? 0)
            }
        }
        // The screen's layers are above the scroll view; in it, the content layers are above the
        // table header view (its first subview). Content coordinates are the screen's moved by the offset.
        let inContent = Point(point.x, point.y + m.offset)
        let candidates = [(built.screen, point), (built.content, inContent), (built.tableHeader, inContent)]
        for (list, p) in candidates {
            for layer in Self.drawingOrder(list).reversed() {
                if let chain = Self.hit(layer, p) { return chain.reversed().compactMap { owners[ObjectIdentifier($0)] } }
            }
        }
        return []
    }

    /// Siblings by zPosition, ties in their order (as `Layer.sublayersInDrawingOrder`).
    private static func drawingOrder(_ list: [Layer]) -> [Layer] {
        list.enumerated().sorted { l, r in
            l.element.zPosition != r.element.zPosition ? l.element.zPosition < r.element.zPosition : l.offset < r.offset
        }.map(\.element)
    }

    /// The layers from `layer` down to the deepest one containing `p` (in `layer`'s superlayer's
    /// coordinates); nil when `layer` does not contain it, is hidden, or is under 0.01 opaque.
    private static func hit(_ layer: Layer, _ p: Point) -> [Layer]? {
        guard !layer.isHidden, layer.opacity >= 0.01, let inverse = layer.transformToSuperlayer.inverted else { return nil }
        let local = inverse.apply(p)
        let b = layer.bounds
        guard local.x >= b.minX, local.x < b.maxX, local.y >= b.minY, local.y < b.maxY else { return nil }
        var inSublayers = local
        if let s = layer.sublayerTransformToLayer {
            guard let i = s.inverted else { return [layer] }
            inSublayers = i.apply(local)
        }
        for sub in layer.sublayersInDrawingOrder.reversed() {
            if let chain = hit(sub, inSublayers) { return [layer] + chain }
        }
        return [layer]
    }
}

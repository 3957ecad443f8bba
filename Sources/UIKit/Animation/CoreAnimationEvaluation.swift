import Foundation
internal import Raster
internal import Scene

// How a Core Animation animation is sampled at a time, and the layer's animation API.

extension CAAnimation {
    /// Plays counted as infinite (`.infinity`, or `.greatestFiniteMagnitude` as code writes it).
    var repeatsForever: Bool { repeatCount >= 1e30 }

    /// The active duration in local time: `repeatDuration` if set, else the plays (a play is
    /// `duration`, twice that when `autoreverses`) times `repeatCount` (at least one play when 0).
    var activeDuration: Double {
        if repeatDuration > 0 { return repeatDuration }
        let play = duration * (autoreverses ? 2 : 1)
        if repeatsForever { return .infinity }
        return play * (repeatCount > 0 ? Double(repeatCount) : 1)
    }

    /// The parent time at which the animation ends (nil: never, when it repeats forever or its
    /// speed is 0 or less).
    var endTime: Double? {
        let active = activeDuration
        guard active.isFinite, speed > 0 else { return nil }
        return beginTime + (active - timeOffset) / Double(speed)
    }

    /// The time into the current play (0...duration, played back when autoreversing) at parent
    /// time `t`, after the fill mode: nil when the animation has no effect then.
    /// local = (t − beginTime) × speed + timeOffset; before 0 it fills backwards or has no effect,
    /// at or after the active duration it fills forwards (the end of its last play) or has none.
    func playTime(at t: Double) -> Double? {
        var local = (t - beginTime) * Double(speed) + timeOffset
        let active = activeDuration
        if local < 0 {
            guard fillMode.fillsBackwards else { return nil }
            local = 0
        }
        let d = duration
        guard d > 0 else { return local >= 0 && fillMode.fillsForwards ? 0 : nil }
        let play = d * (autoreverses ? 2 : 1)
        var inPlay: Double
        if local >= active - 1e-9 {
            guard fillMode.fillsForwards else { return nil }
            let r = active - (active / play).rounded(.down) * play
            inPlay = r < 1e-9 ? play : r
        } else {
            inPlay = local - (local / play).rounded(.down) * play
        }
        if autoreverses, inPlay > d { inPlay = 2 * d - inPlay }
        return min(max(inPlay, 0), d)
    }

    /// The fraction of the play after the timing function (nil: linear).
    func paced(_ playTime: Double) -> Double {
        let f = duration > 0 ? playTime / duration : 1
        return timingFunction?.curve.value(at: f) ?? f
    }
}

extension CALayer {
    /// The layer's own time at media time `t`: each layer from the root down maps its parent's time
    /// by (t − beginTime) × speed + timeOffset (a layer with speed 0 holds at its timeOffset: the
    /// scrubbing idiom).
    func layerTime(_ t: Double) -> Double {
        var chain: [CALayer] = []
        var l: CALayer? = self
        while let layer = l {
            chain.append(layer)
            l = layer.superlayer
        }
        var time = t
        for layer in chain.reversed() where layer.speed != 1 || layer.timeOffset != 0 || layer.beginTime != 0 {
            time = (time - layer.beginTime) * Double(layer.speed) + layer.timeOffset
        }
        return time
    }

    /// https://developer.apple.com/documentation/quartzcore/calayer/1410963-converttime
    public func convertTime(_ t: CFTimeInterval, from l: CALayer?) -> CFTimeInterval {
        let media = l.map { $0.mediaTime(fromLayerTime: t) } ?? t
        return layerTime(media)
    }

    /// https://developer.apple.com/documentation/quartzcore/calayer/1410884-converttime
    public func convertTime(_ t: CFTimeInterval, to l: CALayer?) -> CFTimeInterval {
        let media = mediaTime(fromLayerTime: t)
        return l?.layerTime(media) ?? media
    }

    private func mediaTime(fromLayerTime t: Double) -> Double {
        var time = t
        var l: CALayer? = self
        while let layer = l {
            if layer.speed != 0 { time = (time - layer.timeOffset) / Double(layer.speed) + layer.beginTime }
            l = layer.superlayer
        }
        return time
    }

    // MARK: Adding and removing animations

    /// Adds a copy of `anim`: a `duration` of 0 becomes the transaction's (0.25 s unless set), a
    /// `beginTime` of 0 the layer's current time. An animation under the same key is removed (its
    /// delegate told `finished` false). Each frame draws its value at the frame's time.
    /// https://developer.apple.com/documentation/quartzcore/calayer/1410848-add
    public func add(_ anim: CAAnimation, forKey key: String?) {
        let copy = anim.copyAnimation()
        let duration = CATransaction.animationDuration()
        func resolve(_ a: CAAnimation) {
            if a.duration == 0 { a.duration = duration }
            (a as? CAAnimationGroup)?.animations?.forEach(resolve)
            if let p = a as? CAPropertyAnimation {
                let path = p.keyPath ?? ""
                if CAValue.kind(path) == nil {
                    Diagnostics.once("ca-key \(path) \(ObjectIdentifier(self))", "\(describe): animating \"\(path)\" is not drawn (not an animatable property drawn here)")
                }
            }
        }
        resolve(copy)
        if copy.beginTime == 0 { copy.beginTime = layerTime(ScreenEnvironment.time) }
        if let key { removeAnimation(forKey: key) }
        let clock = AnimationClock.current
        copy.order = clock.nextOrder()
        copy.transactions = clock.openTransactions()
        for record in copy.transactions { record.pending += 1 }
        coreAnimations.append((key, copy))
        clock.track(self)
    }

    /// The animation under `key` (the layer's copy, with its begin time and duration resolved).
    /// https://developer.apple.com/documentation/quartzcore/calayer/1410811-animation
    public func animation(forKey key: String) -> CAAnimation? {
        coreAnimations.first { $0.key == key }?.animation
    }

    /// The keys of the animations on the layer, in the order added; nil when there are none.
    /// https://developer.apple.com/documentation/quartzcore/calayer/1410937-animationkeys
    public func animationKeys() -> [String]? {
        let keys = coreAnimations.compactMap(\.key)
        return keys.isEmpty ? nil : keys
    }

    /// Removes the animation under `key`; its delegate is told `finished` false at the next frame.
    /// https://developer.apple.com/documentation/quartzcore/calayer/1410939-removeanimation
    public func removeAnimation(forKey key: String) {
        guard let i = coreAnimations.firstIndex(where: { $0.key == key }) else { return }
        let anim = coreAnimations.remove(at: i).animation
        AnimationClock.current.removed(anim)
    }

    /// https://developer.apple.com/documentation/quartzcore/calayer/1410818-removeallanimations
    public func removeAllAnimations() {
        let all = coreAnimations
        coreAnimations = []
        for (_, anim) in all { AnimationClock.current.removed(anim) }
    }

    // MARK: Sampling

    /// Puts the value of `anim` at parent time `t` on `copy` (a presentation copy); `drawn` gets the
    /// parts of the drawing it changed.
    func sample(_ anim: CAAnimation, at t: Double, on copy: CALayer, traits: UITraitCollection, drawn: inout Set<String>) {
        guard let time = anim.playTime(at: t) else { return }
        if let group = anim as? CAAnimationGroup {
            // The children run on the group's time, warped by its timing function.
            let groupTime = group.paced(time) * group.duration
            for child in group.animations ?? [] { sample(child, at: groupTime, on: copy, traits: traits, drawn: &drawn) }
            return
        }
        guard let property = anim as? CAPropertyAnimation, let path = property.keyPath, let kind = CAValue.kind(path),
            let beneath = copy.caValue(path, traits: traits)
        else { return }
        let value: CAValue?
        if let spring = anim as? CASpringAnimation {
            value = spring.ends(beneath: beneath, kind: kind).map { CAValue.lerp($0.from, $0.to, spring.spring.value(at: time)) }
        } else if let basic = anim as? CABasicAnimation {
            value = basic.ends(beneath: beneath, kind: kind).map { CAValue.lerp($0.from, $0.to, anim.paced(time)) }
        } else if let keyframes = anim as? CAKeyframeAnimation {
            value = keyframes.value(at: anim.paced(time), kind: kind)
        } else {
            value = nil
        }
        guard var v = value else { return }
        if property.isAdditive { v = CAValue.add(beneath, v) }
        copy.setCAValue(path, v)
        drawn.insert(CAValue.drawnPart(path))
    }

    /// A copy of the model layer: its geometry, appearance and what it draws (a shape's and a
    /// gradient's properties), without animations.
    func modelCopy(traits: UITraitCollection) -> CALayer {
        let c = type(of: self).init()
        AnimationCapture.withoutCapture {
            (c.anchorPoint, c.bounds, c.position, c.transform, c.zPosition) = (anchorPoint, bounds, position, transform, zPosition)
            (c.opacity, c.isHidden, c.masksToBounds, c.cornerRadius, c.cornerCurve, c.maskedCorners) =
                (opacity, isHidden, masksToBounds, cornerRadius, cornerCurve, maskedCorners)
            if case .color(let bg)? = caValue("backgroundColor", traits: traits) { c.backgroundColor = bg }
            (c.borderWidth, c.borderColor) = (borderWidth, borderColor)
            (c.shadowColor, c.shadowOpacity, c.shadowOffset, c.shadowRadius, c.shadowPath) = (shadowColor, shadowOpacity, shadowOffset, shadowRadius, shadowPath)
            (c.name, c.contentsScale, c.contents) = (name, contentsScale, contents)
            (c.speed, c.timeOffset, c.beginTime) = (speed, timeOffset, beginTime)
            if let s = self as? CAShapeLayer, let d = c as? CAShapeLayer {
                (d.path, d.fillColor, d.fillRule, d.strokeColor, d.strokeStart, d.strokeEnd) = (s.path, s.fillColor, s.fillRule, s.strokeColor, s.strokeStart, s.strokeEnd)
                (d.lineWidth, d.miterLimit, d.lineCap, d.lineJoin, d.lineDashPhase, d.lineDashPattern) =
                    (s.lineWidth, s.miterLimit, s.lineCap, s.lineJoin, s.lineDashPhase, s.lineDashPattern)
            }
            if let s = self as? CAGradientLayer, let d = c as? CAGradientLayer {
                (d.colors, d.locations, d.startPoint, d.endPoint) = (s.colors, s.locations, s.startPoint, s.endPoint)
            }
        }
        return c
    }

    /// Applies the Core Animation animations in flight to `copy`, in the order they were added,
    /// at media time `t`; returns the parts of the drawing they changed.
    @discardableResult
    func sampleCoreAnimations(at t: Double, on copy: CALayer, traits: UITraitCollection) -> Set<String> {
        var drawn: Set<String> = []
        guard !coreAnimations.isEmpty else { return drawn }
        let time = layerTime(t)
        for (_, anim) in coreAnimations { sample(anim, at: time, on: copy, traits: traits, drawn: &drawn) }
        return drawn
    }

    /// Puts the values of the Core Animation animations in flight on the layer value being drawn
    /// (after the view animations, and after the contents: a shape's stroke or a gradient's
    /// colors are drawn again from the animated values unless a view draws its own).
    func applyCoreAnimations(to out: Layer, traits: UITraitCollection, drawsOwnContents: Bool) {
        let p = presentationBase(traits: traits)
        let drawn = sampleCoreAnimations(at: ScreenEnvironment.time, on: p, traits: traits)
        guard !drawn.isEmpty else { return }
        for part in drawn {
            switch part {
            case "position": out.position = Point(Double(p.position.x), Double(p.position.y))
            case "anchorPoint": out.anchorPoint = Point(Double(p.anchorPoint.x), Double(p.anchorPoint.y))
            case "bounds": out.bounds = Rect(x: Double(p.bounds.minX), y: Double(p.bounds.minY), width: Double(p.bounds.width), height: Double(p.bounds.height))
            case "transform":
                let a = CATransform3DGetAffineTransform(p.transform)
                if let lost = p.transform.partNotDrawn {
                    Diagnostics.once("ca-transform \(ObjectIdentifier(self))", "\(describe): an animated transform's \(lost) is not drawn; its affine part is")
                }
                out.transform = Transform(a: Double(a.a), b: Double(a.b), c: Double(a.c), d: Double(a.d), tx: Double(a.tx), ty: Double(a.ty))
            case "opacity": out.opacity = Double(min(max(p.opacity, 0), 1))
            case "zPosition": out.zPosition = Double(p.zPosition)
            case "cornerRadius": out.cornerRadius = max(0, Double(p.cornerRadius))
            case "borderWidth": out.borderWidth = max(0, Double(p.borderWidth))
            case "borderColor": out.borderColor = p.borderColor?.color ?? .clear
            case "backgroundColor": out.backgroundColor = p.backgroundColor?.color ?? .clear
            case "shadowColor", "shadowOpacity", "shadowRadius", "shadowOffset":
                if p.shadowOpacity > 0, let shadow = p.shadowColor {
                    out.shadowColor = shadow.color
                    out.shadowOpacity = Double(min(max(p.shadowOpacity, 0), 1))
                    out.coreAnimationShadowRadius = max(0, Double(p.shadowRadius))
                    out.shadowOffset = Size(Double(p.shadowOffset.width), Double(p.shadowOffset.height))
                    out.shadowPath = p.shadowPath?.path
                } else {
                    out.shadowOpacity = 0
                }
            case "contents": if !drawsOwnContents { out.contents = p.contents(traits) }
            default: break
            }
        }
    }
}

extension CABasicAnimation {
    /// The values it goes between, as Apple combines them: from and to; from and from + by;
    /// to − by and to; from and the value beneath; the value beneath and to; the value beneath and
    /// it + by. Nil when a given value is not of the key path's kind.
    func ends(beneath: CAValue, kind: CAValue.Kind) -> (from: CAValue, to: CAValue)? {
        let from = CAValue(fromValue, kind: kind), to = CAValue(toValue, kind: kind), by = CAValue(byValue, kind: kind)
        if (fromValue != nil && from == nil) || (toValue != nil && to == nil) || (byValue != nil && by == nil) {
            Diagnostics.once("ca-value \(keyPath ?? "")", "a \(type(of: self)) of \"\(keyPath ?? "")\" has a value that is not a \(kind): it is not drawn")
            return nil
        }
        switch (from, to, by) {
        case (let f?, let t?, _): return (f, t)
        case (let f?, nil, let b?): return (f, CAValue.add(f, b))
        case (nil, let t?, let b?): return (CAValue.subtract(t, b), t)
        case (let f?, nil, nil): return (f, beneath)
        case (nil, let t?, nil): return (beneath, t)
        case (nil, nil, let b?): return (beneath, CAValue.add(beneath, b))
        default: return (beneath, beneath)
        }
    }
}

extension CAKeyframeAnimation {
    /// The value at fraction f (after the animation's timing function) of the play.
    func value(at f: Double, kind: CAValue.Kind) -> CAValue? {
        if let path, kind == .point { return pathValue(path.path, f) }
        let list = (values ?? []).compactMap { CAValue($0, kind: kind) }
        guard list.count == (values ?? []).count, !list.isEmpty else {
            if values?.isEmpty == false {
                Diagnostics.once("ca-keyframes \(keyPath ?? "")", "a CAKeyframeAnimation of \"\(keyPath ?? "")\" has values that are not a \(kind): it is not drawn")
            }
            return nil
        }
        let n = list.count
        if n == 1 { return list[0] }
        let given = keyTimes?.map { $0.doubleValue }
        switch calculationMode {
        case .discrete:
            // n values, each held from its key time to the next (the last to the end).
            let times = given.map { Array($0.prefix(n)) } ?? (0..<n).map { Double($0) / Double(n) }
            var i = 0
            while i + 1 < min(n, times.count), f >= times[i + 1] { i += 1 }
            return list[i]
        case .paced, .cubicPaced:
            let times = Self.pacedTimes(list)
            return segmentValue(list, times: times, f, cubic: calculationMode == .cubicPaced, useFunctions: false)
        default:
            let times = given.flatMap { $0.count == n ? $0 : nil } ?? (0..<n).map { Double($0) / Double(n - 1) }
            return segmentValue(list, times: times, f, cubic: calculationMode == .cubic, useFunctions: true)
        }
    }

    /// Key times in proportion to the distance covered by each step (the paced modes).
    static func pacedTimes(_ list: [CAValue]) -> [Double] {
        var lengths = [0.0]
        for i in 1..<list.count { lengths.append(lengths[i - 1] + CAValue.distance(list[i - 1], list[i])) }
        let total = lengths.last!
        guard total > 0 else { return (0..<list.count).map { Double($0) / Double(list.count - 1) } }
        return lengths.map { $0 / total }
    }

    private func segmentValue(_ list: [CAValue], times: [Double], _ f: Double, cubic: Bool, useFunctions: Bool) -> CAValue {
        let n = list.count
        if f <= times[0] { return list[0] }
        if f >= times[n - 1] { return list[n - 1] }
        var i = 0
        while i + 2 < n, f >= times[i + 1] { i += 1 }
        let span = times[i + 1] - times[i]
        var local = span > 0 ? (f - times[i]) / span : 1
        if useFunctions, let functions = timingFunctions, !functions.isEmpty {
            local = functions[min(i, functions.count - 1)].curve.value(at: local)
        }
        guard cubic, let p1 = list[i].components, let p2 = list[i + 1].components else { return CAValue.lerp(list[i], list[i + 1], local) }
        let p0 = list[max(i - 1, 0)].components ?? p1, p3 = list[min(i + 2, n - 1)].components ?? p2
        guard p0.count == p1.count, p3.count == p1.count, p2.count == p1.count else { return CAValue.lerp(list[i], list[i + 1], local) }
        // Kochanek-Bartels tangents (tension, continuity, bias 0: Catmull-Rom); the ends repeat
        // their value.
        func param(_ a: [NSNumber]?, _ j: Int) -> Double { a.flatMap { j < $0.count ? $0[j].doubleValue : nil } ?? 0 }
        let (t1, c1, b1) = (param(tensionValues, i), param(continuityValues, i), param(biasValues, i))
        let (t2, c2, b2) = (param(tensionValues, i + 1), param(continuityValues, i + 1), param(biasValues, i + 1))
        let s = local, s2 = s * s, s3 = s2 * s
        let h00 = 2 * s3 - 3 * s2 + 1, h10 = s3 - 2 * s2 + s, h01 = -2 * s3 + 3 * s2, h11 = s3 - s2
        var out: [Double] = []
        for k in 0..<p1.count {
            let outgoing = (1 - t1) * (1 + b1) * (1 + c1) / 2 * (p1[k] - p0[k]) + (1 - t1) * (1 - b1) * (1 - c1) / 2 * (p2[k] - p1[k])
            let incoming = (1 - t2) * (1 + b2) * (1 - c2) / 2 * (p2[k] - p1[k]) + (1 - t2) * (1 - b2) * (1 + c2) / 2 * (p3[k] - p2[k])
            out.append(h00 * p1[k] + h10 * outgoing + h01 * p2[k] + h11 * incoming)
        }
        return list[i].with(out)
    }

    /// A line as a cubic whose controls are a third of the way along (the point moves evenly).
    private static func line(_ a: Point, _ b: Point) -> (Point, Point, Point, Point) {
        (a, Point(a.x + (b.x - a.x) / 3, a.y + (b.y - a.y) / 3), Point(a.x + 2 * (b.x - a.x) / 3, a.y + 2 * (b.y - a.y) / 3), b)
    }

    /// A point along the path: each of its lines and curves is a step (timed by `keyTimes`, or
    /// evenly; by length in the paced modes), followed by its Bézier; discrete holds each end.
    private func pathValue(_ path: Path, _ f: Double) -> CAValue? {
        var steps: [(Point, Point, Point, Point)] = []
        var current = Point(0, 0), start = Point(0, 0)
        for e in path.elements {
            switch e {
            case .move(let p): (current, start) = (p, p)
            case .line(let p):
                steps.append(Self.line(current, p))
                current = p
            case .cubic(let c1, let c2, let p):
                steps.append((current, c1, c2, p))
                current = p
            case .close:
                if current != start { steps.append(Self.line(current, start)) }
                current = start
            }
        }
        guard !steps.isEmpty else { return nil }
        func at(_ s: (Point, Point, Point, Point), _ u: Double) -> CGPoint {
            let v = 1 - u
            let x = v * v * v * s.0.x + 3 * v * v * u * s.1.x + 3 * v * u * u * s.2.x + u * u * u * s.3.x
            let y = v * v * v * s.0.y + 3 * v * v * u * s.1.y + 3 * v * u * u * s.2.y + u * u * u * s.3.y
            return CGPoint(x: x, y: y)
        }
        let n = steps.count
        switch calculationMode {
        case .paced, .cubicPaced:
            // Even speed along the curve: each step flattened to 32 pieces.
            var points: [CGPoint] = []
            for s in steps { for k in 0...32 where !(k == 0 && !points.isEmpty) { points.append(at(s, Double(k) / 32)) } }
            var lengths = [0.0]
            for i in 1..<points.count { lengths.append(lengths[i - 1] + Double(hypot(points[i].x - points[i - 1].x, points[i].y - points[i - 1].y))) }
            let target = min(max(f, 0), 1) * lengths.last!
            var i = 1
            while i < points.count - 1, lengths[i] < target { i += 1 }
            let piece = lengths[i] - lengths[i - 1]
            let u = piece > 0 ? CGFloat((target - lengths[i - 1]) / piece) : 1
            return .point(CGPoint(x: points[i - 1].x + (points[i].x - points[i - 1].x) * u, y: points[i - 1].y + (points[i].y - points[i - 1].y) * u))
        case .discrete:
            let i = min(Int(min(max(f, 0), 1) * Double(n + 1)), n)
            return .point(i == 0 ? at(steps[0], 0) : at(steps[i - 1], 1))
        default:
            let times = keyTimes.flatMap { $0.count == n + 1 ? $0.map(\.doubleValue) : nil } ?? (0...n).map { Double($0) / Double(n) }
            if f <= times[0] { return .point(at(steps[0], 0)) }
            if f >= times[n] { return .point(at(steps[n - 1], 1)) }
            var i = 0
            while i + 1 < n, f >= times[i + 1] { i += 1 }
            let span = times[i + 1] - times[i]
            var u = span > 0 ? (f - times[i]) / span : 1
            if let functions = timingFunctions, !functions.isEmpty { u = functions[min(i, functions.count - 1)].curve.value(at: u) }
            return .point(at(steps[i], u))
        }
    }
}

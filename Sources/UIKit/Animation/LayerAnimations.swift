import Foundation
internal import Raster
internal import Scene

/// The properties an animation on the frame clock changes: a layer's geometry and appearance,
/// a view's background color (resolved with its traits when drawn) and a blur's effect.
enum AnimatedKey: String, Sendable {
    case position, bounds, transform, opacity, backgroundColor, cornerRadius, effect
}

/// A color an animation goes from or to: a view's UIColor (resolved with the view's traits when
/// drawn) or a layer's CGColor; nil is no color (clear).
enum AnimatedColor {
    case ui(UIColor?)
    case cg(CGColor?)

    func resolved(_ traits: UITraitCollection) -> Color {
        switch self {
        case .ui(let c): return c?.color(traits) ?? .clear
        case .cg(let c): return c?.color ?? .clear
        }
    }
}

/// A value of an animated property.
enum AnimatedValue {
    case scalar(Double)
    case point(CGPoint)
    case rect(CGRect)
    case transform(CATransform3D)
    case color(AnimatedColor)
    /// A visual effect view's effect: nil, or a blur (drawn with its radius and tint scaled by
    /// how far the blur is in).
    case effect(UIVisualEffect?)

    /// Whether two values draw alike (a change from one to the other needs no animation).
    func same(as other: AnimatedValue) -> Bool {
        switch (self, other) {
        case (.scalar(let a), .scalar(let b)): return a == b
        case (.point(let a), .point(let b)): return a == b
        case (.rect(let a), .rect(let b)): return a == b
        case (.transform(let a), .transform(let b)): return a == b
        case (.color(.ui(let a)), .color(.ui(let b))): return a === b || (a != nil && b != nil && a! == b!)
        case (.color(.cg(let a)), .color(.cg(let b))): return a == b
        case (.effect(let a), .effect(let b)): return a === b
        default: return false
        }
    }
}

/// Interpolation of animated values at progress p (0 the start, 1 the end; a spring goes past 1).
enum Interpolate {
    static func number(_ a: Double, _ b: Double, _ p: Double) -> Double { a + (b - a) * p }
    static func number(_ a: CGFloat, _ b: CGFloat, _ p: Double) -> CGFloat { a + (b - a) * CGFloat(p) }

    static func value(_ a: AnimatedValue, _ b: AnimatedValue, _ p: Double) -> AnimatedValue {
        switch (a, b) {
        case (.scalar(let x), .scalar(let y)): return .scalar(number(x, y, p))
        case (.point(let x), .point(let y)): return .point(CGPoint(x: number(x.x, y.x, p), y: number(x.y, y.y, p)))
        case (.rect(let x), .rect(let y)):
            return .rect(
                CGRect(x: number(x.minX, y.minX, p), y: number(x.minY, y.minY, p), width: number(x.width, y.width, p), height: number(x.height, y.height, p)))
        case (.transform(let x), .transform(let y)): return .transform(transform(x, y, p))
        default: return p < 1 ? a : b
        }
    }

    /// Transforms as Core Animation interpolates them: the affine parts decomposed into
    /// translation, rotation (the short way round), scale and shear, each interpolated; other
    /// entries linearly.
    static func transform(_ a: CATransform3D, _ b: CATransform3D, _ p: Double) -> CATransform3D {
        guard CATransform3DIsAffine(a), CATransform3DIsAffine(b) else {
            var out = a
            let pa = [a.m11, a.m12, a.m13, a.m14, a.m21, a.m22, a.m23, a.m24, a.m31, a.m32, a.m33, a.m34, a.m41, a.m42, a.m43, a.m44]
            let pb = [b.m11, b.m12, b.m13, b.m14, b.m21, b.m22, b.m23, b.m24, b.m31, b.m32, b.m33, b.m34, b.m41, b.m42, b.m43, b.m44]
            let m = zip(pa, pb).map { number($0, $1, p) }
            (out.m11, out.m12, out.m13, out.m14, out.m21, out.m22, out.m23, out.m24) = (m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7])
            (out.m31, out.m32, out.m33, out.m34, out.m41, out.m42, out.m43, out.m44) = (m[8], m[9], m[10], m[11], m[12], m[13], m[14], m[15])
            return out
        }
        let x = decompose(CATransform3DGetAffineTransform(a)), y = decompose(CATransform3DGetAffineTransform(b))
        var turn = y.angle - x.angle
        while turn > .pi { turn -= 2 * .pi }
        while turn < -.pi { turn += 2 * .pi }
        let angle = x.angle + turn * p
        let sx = number(x.sx, y.sx, p), sy = number(x.sy, y.sy, p), shear = number(x.shear, y.shear, p)
        let c = cos(angle), s = sin(angle)
        let t = CGAffineTransform(
            a: CGFloat(sx * c), b: CGFloat(sx * s), c: CGFloat(shear * c - sy * s), d: CGFloat(shear * s + sy * c),
            tx: CGFloat(number(x.tx, y.tx, p)), ty: CGFloat(number(x.ty, y.ty, p)))
        return CATransform3DMakeAffineTransform(t)
    }

    /// [[a c] [b d]] = rotation(angle) · [[sx shear] [0 sy]], and the translation.
    static func decompose(_ t: CGAffineTransform) -> (angle: Double, sx: Double, sy: Double, shear: Double, tx: Double, ty: Double) {
        let a = Double(t.a), b = Double(t.b), c = Double(t.c), d = Double(t.d)
        let sx = (a * a + b * b).squareRoot()
        let angle = sx == 0 ? 0 : atan2(b, a)
        let cs = cos(angle), sn = sin(angle)
        return (angle, sx, -c * sn + d * cs, c * cs + d * sn, Double(t.tx), Double(t.ty))
    }

    /// Colors interpolated with premultiplied alpha (a fade from clear keeps the target's hue).
    static func color(_ a: Color, _ b: Color, _ p: Double) -> Color {
        let q = min(max(p, 0), 1)
        let fa = Double(a.a) / 255, fb = Double(b.a) / 255
        let alpha = number(fa, fb, q)
        guard alpha > 0 else { return .clear }
        func channel(_ x: UInt8, _ y: UInt8) -> Int { Int((number(Double(x) * fa, Double(y) * fb, q) / alpha).rounded()) }
        return Color(channel(a.r, b.r), channel(a.g, b.g), channel(a.b, b.b), alpha: alpha)
    }
}

/// When an animation runs and how its time maps to progress.
enum AnimationClockSource {
    /// On the frame clock: begins at `begin` (media time), `duration` an iteration, repeated
    /// `repeatCount` times (infinity: forever), each played back again when `autoreverses`.
    case media(begin: Double, duration: Double, pacing: Pacing, repeatCount: Double, autoreverses: Bool)
    /// Driven by a property animator: the part of its fraction from `start` on.
    case animator(UIViewPropertyAnimator, start: Double)
}

/// One animated property of one layer: its segments (one for a plain animation; a keyframe
/// animation's keyframes), each from a value to a value over a part of the animation's time.
@MainActor final class AnimationTrack {
    struct Segment {
        var start: Double, end: Double
        var from: AnimatedValue, to: AnimatedValue
    }
    let key: AnimatedKey
    var segments: [Segment]
    let clock: AnimationClockSource
    /// The UIView.animate call (or keyframe animation) it belongs to, for its completion.
    weak var group: AnimationGroupRecord?

    init(key: AnimatedKey, segments: [Segment], clock: AnimationClockSource, group: AnimationGroupRecord?) {
        self.key = key; self.segments = segments; self.clock = clock; self.group = group
    }

    var from: AnimatedValue { segments[0].from }
    var to: AnimatedValue { segments[segments.count - 1].to }

    /// The media time the track ends at (nil: never, or driven by an animator).
    var endTime: Double? {
        guard case .media(let begin, let duration, let pacing, let repeatCount, let autoreverses) = clock else { return nil }
        guard repeatCount.isFinite else { return nil }
        return begin + Self.iteration(duration, pacing) * max(repeatCount, 1) * (autoreverses ? 2 : 1)
    }

    static func iteration(_ duration: Double, _ pacing: Pacing) -> Double {
        if case .spring(let s) = pacing { return s.settlingDuration }
        return duration
    }

    /// The progress through the segments' time at media time `t`.
    func progress(at t: Double) -> Double {
        switch clock {
        case .media(let begin, let duration, let pacing, let repeatCount, let autoreverses):
            let local = t - begin
            guard local > 0 else { return 0 }
            let length = Self.iteration(duration, pacing)
            guard length > 0 else { return 1 }
            let count = max(repeatCount, 1) * (autoreverses ? 2 : 1)
            if repeatCount.isFinite, local >= length * count - 1e-9 { return autoreverses ? 0 : 1 }
            let n = (local / length).rounded(.down)
            var inIteration = local - n * length
            if autoreverses, Int(n) % 2 == 1 { inIteration = length - inIteration }
            return pacing.progress(elapsed: inIteration, duration: length)
        case .animator(let animator, let start):
            let f = animator.fraction(at: t)
            let local = start >= 1 ? 1 : min(max((f - start) / (1 - start), 0), 1)
            return animator.paced(local)
        }
    }

    /// The value at progress p: the segment reached, interpolated within it (keyframes are paced
    /// linearly between their times).
    func value(progress p: Double) -> AnimatedValue {
        if segments.count == 1 { return Interpolate.value(from, to, p) }
        var current = segments[0]
        for s in segments where s.start <= p { current = s }
        if p < current.start { return current.from }
        let span = current.end - current.start
        let local = span > 0 ? min((p - current.start) / span, 1) : 1
        return Interpolate.value(current.from, current.to, local)
    }

    /// The color at progress p under `traits`.
    func color(progress p: Double, _ traits: UITraitCollection) -> Color {
        var current = segments[0]
        for s in segments where s.start <= p { current = s }
        guard case .color(let a) = current.from, case .color(let b) = current.to else { return .clear }
        let span = current.end - current.start
        let local = span > 0 ? min(max((p - current.start) / span, 0), 1) : 1
        return Interpolate.color(a.resolved(traits), b.resolved(traits), local)
    }
}

/// One `UIView.animate` call's animations: its completion is called at the first frame whose time
/// passes their end, `finished` false if one of them was removed before (replaced by a later
/// animation of the same property).
final class AnimationGroupRecord {
    var completion: ((Bool) -> Void)?
    var endTime: Double
    var interrupted = false
    let order: Int
    /// The Core Animation transactions open when it was made: their completions wait for it.
    var transactions: [TransactionRecord] = []
    init(completion: ((Bool) -> Void)?, endTime: Double, order: Int) {
        self.completion = completion; self.endTime = endTime; self.order = order
    }
}

/// The animations of a screen's run on its frame clock: the layers with animations in flight,
/// completions due, property animators running. `tick` runs at the start of each frame, before the
/// screen's code: ended animations are removed and their completions called in the order they
/// were made.
@MainActor final class AnimationClock {
    /// The clock of the run whose code is running (a fresh one outside a run).
    static var current: AnimationClock { ScreenRun.current?.clock ?? standalone }
    static var standalone = AnimationClock()

    private(set) var layers: [CALayer] = []
    private var groups: [AnimationGroupRecord] = []
    var animators: [UIViewPropertyAnimator] = []
    private var made = 0
    /// Layers with Core Animation animations (CoreAnimationEvaluation.swift), in the order first given one.
    var caLayers: [CALayer] = []
    /// Core Animation animations removed since the last frame began: told `finished` false then.
    var removedQueue: [CAAnimation] = []
    /// CATransaction.begin() ... commit() open now, outermost first; the frame's implicit one.
    var transactionStack: [TransactionRecord] = []
    var implicitTransaction: TransactionRecord?
    /// Transactions whose completion is due at the next frame's start.
    var dueTransactions: [TransactionRecord] = []
    /// Scroll views moving by `setContentOffset(_:animated: true)` (ScrollAnimation.swift).
    var scrollAnimations: [ScrollAnimation] = []

    /// Nothing in flight: a frame costs what it did before animations.
    var isIdle: Bool {
        layers.isEmpty && groups.isEmpty && animators.isEmpty && caLayers.isEmpty && removedQueue.isEmpty && implicitTransaction == nil
            && dueTransactions.isEmpty && scrollAnimations.isEmpty
    }

    func nextOrder() -> Int {
        made += 1
        return made
    }

    func add(_ track: AnimationTrack, to layer: CALayer) {
        if let i = layer.animationTracks.firstIndex(where: { $0.key == track.key }) {
            layer.animationTracks[i].group?.interrupted = true
            layer.animationTracks.remove(at: i)
        }
        if layer.animationTracks.isEmpty, !layers.contains(where: { $0 === layer }) { layers.append(layer) }
        layer.animationTracks.append(track)
    }

    func add(_ group: AnimationGroupRecord) {
        groups.append(group)
        group.transactions = openTransactions()
        for record in group.transactions { record.pending += 1 }
    }

    /// A layer given a Core Animation animation.
    func track(_ layer: CALayer) {
        if !caLayers.contains(where: { $0 === layer }) { caLayers.append(layer) }
    }

    /// A Core Animation animation taken off its layer before it ended.
    func removed(_ anim: CAAnimation) {
        guard !anim.stopped else { return }
        anim.stopped = true
        removedQueue.append(anim)
    }

    /// Core Animation's part of a frame's start: the previous frame's implicit transaction is
    /// committed; animations that began are told so, those that ended (or were removed) are told
    /// they stopped and leave their layer unless `isRemovedOnCompletion` is false, in the order
    /// of those times (ties: the order added); then the transactions whose animations all ended
    /// run their completions, in the order they were made.
    private func tickCoreAnimations(_ t: Double) {
        if let implicit = implicitTransaction {
            implicitTransaction = nil
            implicit.committed = true
            settled(implicit)
        }
        var events: [(time: Double, phase: Int, order: Int, anim: CAAnimation, finished: Bool)] = removedQueue.map { (-.infinity, 0, $0.order, $0, false) }
        removedQueue = []
        for layer in caLayers {
            let now = layer.layerTime(t)
            layer.coreAnimations.removeAll { entry in
                let a = entry.animation
                if !a.started, a.stopped == false, now >= a.beginTime {
                    a.started = true
                    events.append((a.beginTime, 1, a.order, a, true))
                }
                guard !a.stopped, let end = a.endTime, end <= now else { return false }
                a.stopped = true
                events.append((end, 2, a.order, a, true))
                return a.isRemovedOnCompletion
            }
        }
        caLayers.removeAll { $0.coreAnimations.isEmpty }
        events.sort { ($0.time, $0.phase, $0.order) < ($1.time, $1.phase, $1.order) }
        for e in events {
            if e.phase == 1 {
                e.anim.delegate?.animationDidStart(e.anim)
            } else {
                e.anim.delegate?.animationDidStop(e.anim, finished: e.finished)
                ended(e.anim)
            }
        }
        let due = dueTransactions.sorted { $0.order < $1.order }
        dueTransactions = []
        for record in due {
            let c = record.completion
            record.completion = nil
            c?()
        }
    }

    func remove(tracksOf animator: UIViewPropertyAnimator) {
        for layer in layers {
            layer.animationTracks.removeAll {
                if case .animator(let a, _) = $0.clock { return a === animator }
                return false
            }
        }
        layers.removeAll { $0.animationTracks.isEmpty }
    }

    /// The frame at media time `t` begins (an end within a nanosecond of `t` counts as passed:
    /// 0.1 + 0.2 s ends at the frame at 0.3 s).
    func tick(to frameTime: Double) {
        guard !isIdle else { return }
        defer {
            tickCoreAnimations(frameTime + 1e-9)
            if !scrollAnimations.isEmpty { tickScrolls(frameTime) }
        }
        let t = frameTime + 1e-9
        for layer in layers {
            layer.animationTracks.removeAll { track in
                guard let end = track.endTime else { return false }
                return end <= t
            }
        }
        layers.removeAll { $0.animationTracks.isEmpty }
        for animator in animators { animator.frameBegins(at: t) }
        let due = groups.filter { $0.endTime <= t }.sorted { ($0.endTime, $0.order) < ($1.endTime, $1.order) }
        guard !due.isEmpty else { return }
        groups.removeAll { $0.endTime <= t }
        for g in due {
            let c = g.completion
            g.completion = nil
            c?(!g.interrupted)
            for record in g.transactions {
                record.pending -= 1
                settled(record)
            }
        }
    }
}

extension CALayer {
    /// The model value of `key`.
    func modelValue(_ key: AnimatedKey) -> AnimatedValue {
        switch key {
        case .position: return .point(position)
        case .bounds: return .rect(bounds)
        case .transform: return .transform(transform)
        case .opacity: return .scalar(Double(opacity))
        case .backgroundColor: return owner.map { .color(.ui($0.backgroundColor)) } ?? .color(.cg(backgroundColor))
        case .cornerRadius: return .scalar(Double(cornerRadius))
        case .effect: return .effect((owner as? UIVisualEffectView)?.effect)
        }
    }

    /// Sets the model value of `key` without animating it (a property animator finishing at its start).
    func setModelValue(_ key: AnimatedKey, _ value: AnimatedValue) {
        AnimationCapture.withoutCapture {
            switch (key, value) {
            case (.position, .point(let p)): position = p
            case (.bounds, .rect(let r)): bounds = r
            case (.transform, .transform(let t)): transform = t
            case (.opacity, .scalar(let v)): opacity = Float(v)
            case (.backgroundColor, .color(.ui(let c))): owner?.backgroundColor = c
            case (.backgroundColor, .color(.cg(let c))): backgroundColor = c
            case (.cornerRadius, .scalar(let v)): cornerRadius = CGFloat(v)
            case (.effect, .effect(let e)): (owner as? UIVisualEffectView)?.effect = e
            default: break
            }
        }
    }

    /// Called by the animatable properties' setters: inside an animation block, the change is
    /// recorded (its old value) to be animated when the block ends.
    func captureChange(_ key: AnimatedKey, from old: @autoclosure () -> AnimatedValue) {
        guard AnimationCapture.capturing, owner != nil else { return }
        AnimationCapture.record(self, key, old())
    }

    /// The track animating `key`, if one is in flight.
    func track(_ key: AnimatedKey) -> AnimationTrack? {
        animationTracks.first { $0.key == key }
    }

    /// The value of `key` as drawn at media time `t`.
    func presentedValue(_ key: AnimatedKey, at t: Double) -> AnimatedValue {
        guard let track = track(key) else { return modelValue(key) }
        return track.value(progress: track.progress(at: t))
    }

    /// Puts the values of the animations in flight on the layer value `out` being drawn.
    func applyAnimations(to out: Layer, traits: UITraitCollection) {
        let t = ScreenEnvironment.time
        for track in animationTracks {
            let p = track.progress(at: t)
            switch (track.key, track.value(progress: p)) {
            case (.position, .point(let v)): out.position = Point(Double(v.x), Double(v.y))
            case (.bounds, .rect(let r)): out.bounds = Rect(x: Double(r.minX), y: Double(r.minY), width: Double(r.width), height: Double(r.height))
            case (.transform, .transform(let m)):
                let a = CATransform3DGetAffineTransform(m)
                out.transform = Transform(a: Double(a.a), b: Double(a.b), c: Double(a.c), d: Double(a.d), tx: Double(a.tx), ty: Double(a.ty))
            case (.opacity, .scalar(let v)): out.opacity = min(max(v, 0), 1)
            case (.cornerRadius, .scalar(let v)): out.cornerRadius = max(0, v)
            case (.backgroundColor, _): out.backgroundColor = track.color(progress: p, traits)
            default: break
            }
        }
    }

    /// How far a blur effect is in as drawn now (0 none, 1 all of it) and the effects it goes
    /// between, when the effect is being animated.
    func presentedEffect() -> (from: UIVisualEffect?, to: UIVisualEffect?, progress: Double)? {
        guard let track = track(.effect), case .effect(let a) = track.from, case .effect(let b) = track.to else { return nil }
        return (a, b, min(max(track.progress(at: ScreenEnvironment.time), 0), 1))
    }

    /// The model with the view animations' values at the frame's time (no Core Animation ones).
    func presentationBase(traits: UITraitCollection) -> CALayer {
        let copy = modelCopy(traits: traits)
        guard !animationTracks.isEmpty else { return copy }
        AnimationCapture.withoutCapture {
            let t = ScreenEnvironment.time
            if case .rect(let r) = presentedValue(.bounds, at: t) { copy.bounds = r }
            if case .point(let p) = presentedValue(.position, at: t) { copy.position = p }
            if case .transform(let m) = presentedValue(.transform, at: t) { copy.transform = m }
            if case .scalar(let v) = presentedValue(.opacity, at: t) { copy.opacity = Float(v) }
            if case .scalar(let v) = presentedValue(.cornerRadius, at: t) { copy.cornerRadius = CGFloat(v) }
            if let track = track(.backgroundColor) { copy.backgroundColor = CGColor(byte: track.color(progress: track.progress(at: t), traits)) }
        }
        return copy
    }

    /// A copy of the layer as it is drawn now: the model with the values of the animations in
    /// flight (view animations, then Core Animation's in the order added) at the frame's time.
    /// https://developer.apple.com/documentation/quartzcore/calayer/1410744-presentation
    public func presentation() -> Self? {
        let traits = owner?.traitCollection ?? UITraitCollection.current
        let copy = presentationBase(traits: traits)
        sampleCoreAnimations(at: ScreenEnvironment.time, on: copy, traits: traits)
        return copy as? Self
    }
}

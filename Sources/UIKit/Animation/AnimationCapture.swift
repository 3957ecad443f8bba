import Foundation
internal import Scene

/// What an animation block's changes become: the timing its animations get, and what happens to
/// them when the block ends.
@MainActor final class AnimationContext {
    enum Timing {
        /// Not animated (`performWithoutAnimation`, or animations disabled).
        case none
        /// On the frame clock: a delay, a duration, a curve or spring, repeat and autoreverse,
        /// and whether to begin from what is drawn.
        case media(delay: Double, duration: Double, pacing: Pacing, repeats: Bool, autoreverses: Bool, fromCurrentState: Bool)
        /// Driven by a property animator from its fraction `start`.
        case animator(UIViewPropertyAnimator, start: Double)
        /// A keyframe of `animateKeyframes`: the part `start..<end` of the keyframe animation.
        case keyframe(start: Double, end: Double)
    }
    let timing: Timing
    /// The changes, in the order first made: the layer, the property, its value before.
    var changes: [(layer: CALayer, key: AnimatedKey, from: AnimatedValue)] = []
    /// A keyframe animation collects its keyframes' changes: each a segment.
    var keyframes: [(layer: CALayer, key: AnimatedKey, segment: AnimationTrack.Segment)] = []

    init(_ timing: Timing) { self.timing = timing }

    var animates: Bool {
        if case .none = timing { return false }
        return true
    }
}

/// The stack of animation blocks being run; the setters of animatable properties record their
/// changes in the innermost one that animates.
@MainActor enum AnimationCapture {
    private(set) static var stack: [AnimationContext] = []
    /// Whether a change now is recorded (read by every animatable setter: kept as a flag).
    private(set) static var capturing = false

    private static func update() { capturing = stack.last?.animates ?? false }

    /// Runs `body` with `context` innermost; returns the context with its changes.
    @discardableResult
    static func run(_ context: AnimationContext, _ body: () -> Void) -> AnimationContext {
        stack.append(context)
        update()
        body()
        stack.removeLast()
        update()
        return context
    }

    static func withoutCapture<T>(_ body: () -> T) -> T {
        let saved = capturing
        capturing = false
        defer { capturing = saved }
        return body()
    }

    static func record(_ layer: CALayer, _ key: AnimatedKey, _ from: AnimatedValue) {
        guard let context = stack.last, context.animates else { return }
        if context.changes.contains(where: { $0.layer === layer && $0.key == key }) { return }
        context.changes.append((layer, key, from))
    }

    /// Forgets the changes recorded for `layer` and the layers under it in the blocks being run:
    /// a view placed where its animation starts (a table's row coming in) animates from there,
    /// not from where it was before the block.
    static func forget(_ layer: CALayer) {
        guard stack.contains(where: { !$0.changes.isEmpty }) else { return }
        var ids: Set<ObjectIdentifier> = []
        func collect(_ l: CALayer) {
            ids.insert(ObjectIdentifier(l))
            for c in l.children { collect(c) }
        }
        collect(layer)
        for context in stack where !context.changes.isEmpty { context.changes.removeAll { ids.contains(ObjectIdentifier($0.layer)) } }
    }

    /// Inside `performWithoutAnimation` (Core Animation's actions are off too).
    static var withoutAnimation: Bool {
        if case .none? = stack.last?.timing { return true }
        return false
    }

    /// The innermost context that animates (a nested block inherits its timing).
    static var enclosing: AnimationContext? { stack.last(where: { $0.animates }) }

    /// Turns a finished block's changes into animations on the frame clock; the group's
    /// completion is called at the first frame whose time passes their end (the next frame when
    /// nothing changed, as UIKit calls it at once).
    static func commit(_ context: AnimationContext, completion: ((Bool) -> Void)?) {
        let clock = AnimationClock.current
        let now = ScreenEnvironment.time
        var end = now
        let group = AnimationGroupRecord(completion: completion, endTime: now, order: clock.nextOrder())
        switch context.timing {
        case .none, .keyframe: break
        case .media(let delay, let duration, let pacing, let repeats, let autoreverses, let fromCurrentState):
            let source = AnimationClockSource.media(
                begin: now + max(delay, 0), duration: max(duration, 0), pacing: pacing, repeatCount: repeats ? .infinity : 1, autoreverses: autoreverses)
            for change in context.changes {
                let to = change.layer.modelValue(change.key)
                // From what is drawn when an animation of the property is in flight; with none, what
                // is drawn is the value before the block (the model has already moved to `to`).
                let inFlight = fromCurrentState && change.layer.track(change.key) != nil
                let from = inFlight ? change.layer.presentedValue(change.key, at: now) : change.from
                guard !from.same(as: to), duration > 0 else { continue }
                let track = AnimationTrack(key: change.key, segments: [.init(start: 0, end: 1, from: from, to: to)], clock: source, group: group)
                clock.add(track, to: change.layer)
                if let e = track.endTime { end = max(end, e) } else { end = .infinity }
            }
            // Keyframes: one track per property, its segments in time order.
            var seen: [(CALayer, AnimatedKey)] = []
            for k in context.keyframes where !seen.contains(where: { $0.0 === k.layer && $0.1 == k.key }) {
                seen.append((k.layer, k.key))
                var segments = context.keyframes.filter { $0.layer === k.layer && $0.key == k.key }.map(\.segment).sorted { $0.start < $1.start }
                // Held at the value before until the first keyframe starts.
                if segments[0].start > 0 { segments.insert(.init(start: 0, end: segments[0].start, from: segments[0].from, to: segments[0].from), at: 0) }
                guard duration > 0 else { continue }
                let track = AnimationTrack(key: k.key, segments: segments, clock: source, group: group)
                clock.add(track, to: k.layer)
                if let e = track.endTime { end = max(end, e) } else { end = .infinity }
            }
        case .animator(let animator, let start):
            for change in context.changes {
                let to = change.layer.modelValue(change.key)
                guard !to.same(as: change.from) else { continue }
                let track = AnimationTrack(key: change.key, segments: [.init(start: 0, end: 1, from: change.from, to: to)], clock: .animator(animator, start: start), group: nil)
                clock.add(track, to: change.layer)
                animator.tracks.append((change.layer, track))
            }
            return
        }
        group.endTime = end
        // A repeating animation never ends: its completion is not called.
        if end.isFinite { clock.add(group) }
    }
}

extension UIView {
    // MARK: Animation on the frame clock

    /// https://developer.apple.com/documentation/uikit/uiview/1622418-animate
    public class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: nil)
    }

    /// https://developer.apple.com/documentation/uikit/uiview/1622515-animate
    public class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: completion)
    }

    /// Runs `animations`; the animatable properties it changes (frame, bounds, center, transform,
    /// alpha, backgroundColor, a layer's cornerRadius, a blur's effect; the frames a
    /// `layoutIfNeeded()` inside gives) keep their new values and are drawn going there from their
    /// old ones over `duration` after `delay`, on the frame clock, with the options' curve,
    /// repeat and autoreverse. `completion` runs at the first frame whose time passes the end.
    /// https://developer.apple.com/documentation/uikit/uiview/1622451-animate
    public class func animate(
        withDuration duration: TimeInterval, delay: TimeInterval, options: AnimationOptions = [],
        animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        animate(duration: duration, delay: delay, options: options, pacing: .cubic(options.curve), animations: animations, completion: completion)
    }

    /// The spring form: the spring's damping ratio (1 no overshoot) played over `duration`, its
    /// initial velocity in whole changes per second.
    /// https://developer.apple.com/documentation/uikit/uiview/1622594-animate
    public class func animate(
        withDuration duration: TimeInterval, delay: TimeInterval, usingSpringWithDamping dampingRatio: CGFloat,
        initialSpringVelocity velocity: CGFloat, options: AnimationOptions = [], animations: @escaping () -> Void,
        completion: ((Bool) -> Void)? = nil
    ) {
        let pacing = Pacing.fittedSpring(dampingRatio: Double(dampingRatio), initialVelocity: Double(velocity))
        animate(duration: duration, delay: delay, options: options, pacing: pacing, animations: animations, completion: completion)
    }

    /// iOS 17's spring by perceptual duration and bounce; the animation lasts until the spring
    /// settles.
    /// https://developer.apple.com/documentation/uikit/uiview/4174007-animate
    public class func animate(
        springDuration duration: TimeInterval = 0.5, bounce: CGFloat = 0, initialSpringVelocity velocity: CGFloat = 0,
        delay: TimeInterval = 0, options: AnimationOptions = [], animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        let spring = SpringCurve.perceptual(duration: duration, bounce: Double(bounce), initialVelocity: Double(velocity))
        animate(duration: spring.settlingDuration, delay: delay, options: options, pacing: .spring(spring), animations: animations, completion: completion)
    }

    private class func animate(
        duration: TimeInterval, delay: TimeInterval, options: AnimationOptions, pacing: Pacing, animations: @escaping () -> Void,
        completion: ((Bool) -> Void)?
    ) {
        var duration = duration, pacing = pacing
        // A block inside another inherits its duration and curve unless told not to.
        if case .media(_, let outer, let outerPacing, _, _, _)? = AnimationCapture.enclosing?.timing {
            if !options.contains(.overrideInheritedDuration) { duration = outer }
            if !options.contains(.overrideInheritedCurve) { pacing = outerPacing }
        }
        guard UIView.areAnimationsEnabled else {
            animations()
            AnimationCapture.commit(AnimationContext(.none), completion: completion)
            return
        }
        let context = AnimationContext(
            .media(
                delay: delay, duration: duration, pacing: pacing, repeats: options.contains(.repeat), autoreverses: options.contains(.autoreverse),
                fromCurrentState: options.contains(.beginFromCurrentState)))
        AnimationCapture.run(context, animations)
        AnimationCapture.commit(context, completion: completion)
    }

    /// Runs `actionsWithoutAnimation` with its changes drawn at once, inside an animation block too.
    /// https://developer.apple.com/documentation/uikit/uiview/1622452-performwithoutanimation
    public class func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {
        AnimationCapture.run(AnimationContext(.none), actionsWithoutAnimation)
    }

    /// The duration of the animation block being run (0 outside one).
    /// https://developer.apple.com/documentation/uikit/uiview/1622482-inheritedanimationduration
    public class var inheritedAnimationDuration: TimeInterval {
        if case .media(_, let d, _, _, _, _)? = AnimationCapture.enclosing?.timing { return d }
        return 0
    }

    /// False: animation blocks change their properties at once (completions still run).
    /// https://developer.apple.com/documentation/uikit/uiview/1622420-areanimationsenabled
    public class var areAnimationsEnabled: Bool { animationsEnabled }
    /// https://developer.apple.com/documentation/uikit/uiview/1622531-setanimationsenabled
    public class func setAnimationsEnabled(_ enabled: Bool) { animationsEnabled = enabled }
    private static var animationsEnabled = true

    // MARK: Keyframes

    /// Runs `animations`, whose `addKeyframe` calls each animate their changes over their part
    /// of `duration`; one property changed by several keyframes goes through each value in turn.
    /// The whole is paced by ease in and out, as UIKit does, unless the options carry a curve's
    /// bits (code passes `AnimationOptions.curveLinear.rawValue` for an even pace).
    /// https://developer.apple.com/documentation/uikit/uiview/1622552-animatekeyframes
    public class func animateKeyframes(
        withDuration duration: TimeInterval, delay: TimeInterval, options: KeyframeAnimationOptions = [], animations: @escaping () -> Void,
        completion: ((Bool) -> Void)? = nil
    ) {
        let curve = AnimationOptions(rawValue: options.rawValue & (3 << 16)).curve
        let context = AnimationContext(
            .media(
                delay: delay, duration: duration, pacing: .cubic(curve), repeats: options.contains(.repeat), autoreverses: options.contains(.autoreverse),
                fromCurrentState: options.contains(.beginFromCurrentState)))
        AnimationCapture.run(context, animations)
        AnimationCapture.commit(context, completion: completion)
    }

    /// A keyframe of the enclosing `animateKeyframes`: its changes animate from
    /// `frameStartTime` for `frameDuration` (fractions of the whole). Outside one, the changes
    /// are made at once.
    /// https://developer.apple.com/documentation/uikit/uiview/1622554-addkeyframe
    public class func addKeyframe(withRelativeStartTime frameStartTime: Double, relativeDuration frameDuration: Double, animations: @escaping () -> Void) {
        guard let outer = AnimationCapture.stack.last, case .media = outer.timing else {
            animations()
            return
        }
        let start = min(max(frameStartTime, 0), 1), end = min(max(frameStartTime + frameDuration, start), 1)
        let keyframe = AnimationCapture.run(AnimationContext(.keyframe(start: start, end: end)), animations)
        for change in keyframe.changes {
            let to = change.layer.modelValue(change.key)
            // A property's first keyframe starts from its value before the animation.
            let earlier = outer.keyframes.last { $0.layer === change.layer && $0.key == change.key }
            outer.keyframes.append((change.layer, change.key, .init(start: start, end: end, from: earlier?.segment.to ?? change.from, to: to)))
        }
    }
}

extension UIView.AnimationOptions {
    public static let layoutSubviews = UIView.AnimationOptions(rawValue: 1 << 0)
    public static let `repeat` = UIView.AnimationOptions(rawValue: 1 << 3)
    public static let autoreverse = UIView.AnimationOptions(rawValue: 1 << 4)
    public static let overrideInheritedDuration = UIView.AnimationOptions(rawValue: 1 << 5)
    public static let overrideInheritedCurve = UIView.AnimationOptions(rawValue: 1 << 6)

    /// The curve the options name (bits 16-19): UIKit's cubic Béziers.
    var curve: CubicCurve {
        switch (rawValue >> 16) & 0xF {
        case 1: return .easeIn
        case 2: return .easeOut
        case 3: return .linear
        default: return .easeInOut
        }
    }
}

extension UIView {
    /// https://developer.apple.com/documentation/uikit/uiview/keyframeanimationoptions
    public struct KeyframeAnimationOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let allowUserInteraction = KeyframeAnimationOptions(rawValue: 1 << 1)
        public static let beginFromCurrentState = KeyframeAnimationOptions(rawValue: 1 << 2)
        public static let `repeat` = KeyframeAnimationOptions(rawValue: 1 << 3)
        public static let autoreverse = KeyframeAnimationOptions(rawValue: 1 << 4)
        /// Values in turn, linearly between keyframes (the only calculation mode drawn).
        public static let calculationModeLinear = KeyframeAnimationOptions([])
    }
}

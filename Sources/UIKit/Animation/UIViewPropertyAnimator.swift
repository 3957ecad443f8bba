import Foundation
internal import Scene

/// https://developer.apple.com/documentation/uikit/uiviewanimatingstate
public enum UIViewAnimatingState: Int, Sendable {
    case inactive = 0, active, stopped
}

/// https://developer.apple.com/documentation/uikit/uiviewanimatingposition
public enum UIViewAnimatingPosition: Int, Sendable {
    case end = 0, start, current
}

/// https://developer.apple.com/documentation/uikit/uitimingcurvetype
public enum UITimingCurveType: Int, Sendable {
    case builtin = 0, cubic, spring, composed
}

extension UIView {
    /// https://developer.apple.com/documentation/uikit/uiview/animationcurve
    public enum AnimationCurve: Int, Sendable {
        case easeInOut = 0, easeIn, easeOut, linear

        var cubic: CubicCurve {
            switch self {
            case .easeInOut: return .easeInOut
            case .easeIn: return .easeIn
            case .easeOut: return .easeOut
            case .linear: return .linear
            }
        }
    }
}

/// https://developer.apple.com/documentation/uikit/uitimingcurveprovider
@preconcurrency @MainActor public protocol UITimingCurveProvider: AnyObject {
    var timingCurveType: UITimingCurveType { get }
    var cubicTimingParameters: UICubicTimingParameters? { get }
    var springTimingParameters: UISpringTimingParameters? { get }
}

/// A cubic Bézier timing curve: one of UIKit's named curves or two control points.
/// https://developer.apple.com/documentation/uikit/uicubictimingparameters
@preconcurrency @MainActor open class UICubicTimingParameters: NSObject, UITimingCurveProvider {
    /// https://developer.apple.com/documentation/uikit/uicubictimingparameters/animationcurve
    public let animationCurve: UIView.AnimationCurve
    public let controlPoint1: CGPoint
    public let controlPoint2: CGPoint

    /// The default curve, ease in and out.
    public override convenience init() { self.init(animationCurve: .easeInOut) }

    public init(animationCurve curve: UIView.AnimationCurve) {
        animationCurve = curve
        (controlPoint1, controlPoint2) = (curve.cubic.p1, curve.cubic.p2)
        super.init()
    }

    public init(controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint) {
        animationCurve = .easeInOut
        (controlPoint1, controlPoint2) = (point1, point2)
        super.init()
    }

    public var timingCurveType: UITimingCurveType { .cubic }
    public var cubicTimingParameters: UICubicTimingParameters? { self }
    public var springTimingParameters: UISpringTimingParameters? { nil }

    var curve: CubicCurve { CubicCurve(p1: controlPoint1, p2: controlPoint2) }
}

/// A spring: a damping ratio played over the animator's duration, or a physical spring (mass,
/// stiffness, damping; iOS 17's perceptual duration and bounce) whose settling time is the
/// animation's duration.
/// https://developer.apple.com/documentation/uikit/uispringtimingparameters
@preconcurrency @MainActor open class UISpringTimingParameters: NSObject, UITimingCurveProvider {
    public let initialVelocity: CGVector
    let pacing: Pacing

    /// https://developer.apple.com/documentation/uikit/uispringtimingparameters/1649909-init
    public convenience init(dampingRatio ratio: CGFloat) { self.init(dampingRatio: ratio, initialVelocity: CGVector(dx: 0, dy: 0)) }

    /// The velocity's dx is the initial velocity in whole changes per second.
    public init(dampingRatio ratio: CGFloat, initialVelocity velocity: CGVector) {
        initialVelocity = velocity
        pacing = .fittedSpring(dampingRatio: Double(ratio), initialVelocity: Double(velocity.dx))
        super.init()
    }

    /// https://developer.apple.com/documentation/uikit/uispringtimingparameters/1649802-init
    public init(mass: CGFloat, stiffness: CGFloat, damping: CGFloat, initialVelocity velocity: CGVector) {
        initialVelocity = velocity
        pacing = .spring(SpringCurve(mass: Double(mass), stiffness: Double(stiffness), damping: Double(damping), initialVelocity: Double(velocity.dx)))
        super.init()
    }

    /// iOS 17: a spring by its perceptual duration and bounce.
    /// https://developer.apple.com/documentation/uikit/uispringtimingparameters/4174006-init
    public init(duration: TimeInterval, bounce: CGFloat, initialVelocity velocity: CGVector = CGVector(dx: 0, dy: 0)) {
        initialVelocity = velocity
        pacing = .spring(SpringCurve.perceptual(duration: duration, bounce: Double(bounce), initialVelocity: Double(velocity.dx)))
        super.init()
    }

    public var timingCurveType: UITimingCurveType { .spring }
    public var cubicTimingParameters: UICubicTimingParameters? { nil }
    public var springTimingParameters: UISpringTimingParameters? { self }
}

/// https://developer.apple.com/documentation/uikit/uiviewanimating
@preconcurrency @MainActor public protocol UIViewAnimating: AnyObject {
    var state: UIViewAnimatingState { get }
    var isRunning: Bool { get }
    var isReversed: Bool { get set }
    var fractionComplete: CGFloat { get set }
    func startAnimation()
    func startAnimation(afterDelay delay: TimeInterval)
    func pauseAnimation()
    func stopAnimation(_ withoutFinishing: Bool)
    func finishAnimation(at finalPosition: UIViewAnimatingPosition)
}

/// https://developer.apple.com/documentation/uikit/uiviewimplicitlyanimating
@preconcurrency @MainActor public protocol UIViewImplicitlyAnimating: UIViewAnimating {
    func addAnimations(_ animation: @escaping () -> Void)
    func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat)
    func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void)
    func continueAnimation(withTimingParameters parameters: UITimingCurveProvider?, durationFactor: CGFloat)
}

/// Animates changes to views on the frame clock and lets the screen's code drive them: start,
/// pause, reverse, scrub `fractionComplete` (a paused animator scrubs linearly unless
/// `scrubsLinearly` is false), stop and finish. Its animation blocks run when it first becomes
/// active (started, paused, or its fraction set); their changes keep their end values as the
/// model and are drawn at the animator's progress.
/// https://developer.apple.com/documentation/uikit/uiviewpropertyanimator
@preconcurrency @MainActor open class UIViewPropertyAnimator: NSObject, UIViewImplicitlyAnimating {
    /// https://developer.apple.com/documentation/uikit/uiviewpropertyanimator/1648381-duration
    public let duration: TimeInterval
    /// https://developer.apple.com/documentation/uikit/uiviewpropertyanimator/1648366-timingparameters
    public private(set) var timingParameters: UITimingCurveProvider?
    /// https://developer.apple.com/documentation/uikit/uiviewpropertyanimator/1648356-delay
    public private(set) var delay: TimeInterval = 0
    public private(set) var state: UIViewAnimatingState = .inactive
    public private(set) var isRunning = false
    /// When true, the animator stays active and paused at the end instead of finishing.
    open var pausesOnCompletion = false
    /// When true, a paused animator's fraction maps linearly to its animations' progress.
    open var scrubsLinearly = true
    open var isInterruptible = true
    open var isUserInteractionEnabled = true

    private var pacing: Pacing
    private var blocks: [(body: () -> Void, delayFactor: CGFloat)] = []
    private var completions: [(UIViewAnimatingPosition) -> Void] = []
    /// The animations its blocks made.
    var tracks: [(layer: CALayer, track: AnimationTrack)] = []
    /// After `stopAnimation(false)`: each property's values before and after, for `finishAnimation(at:)`.
    private var stopped: [(layer: CALayer, key: AnimatedKey, from: AnimatedValue, to: AnimatedValue)] = []
    /// The fraction when last paused or when the run began, the media time the run began at and the
    /// seconds a whole run (0 to 1) takes.
    private var base: Double = 0
    private var runStart: Double = 0
    /// The fraction a second after `continueAnimation` (nil: the whole over the duration).
    private var continuedRate: Double?
    private var reversed = false

    /// An animator with no animations yet, of no duration, easing in and out.
    public override convenience init() { self.init(duration: 0, timingParameters: UICubicTimingParameters()) }

    /// https://developer.apple.com/documentation/uikit/uiviewpropertyanimator/1648367-init
    public convenience init(duration: TimeInterval, curve: UIView.AnimationCurve, animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UICubicTimingParameters(animationCurve: curve))
        if let animations { blocks.append((animations, 0)) }
    }

    /// https://developer.apple.com/documentation/uikit/uiviewpropertyanimator/1648368-init
    public convenience init(duration: TimeInterval, controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint, animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UICubicTimingParameters(controlPoint1: point1, controlPoint2: point2))
        if let animations { blocks.append((animations, 0)) }
    }

    /// https://developer.apple.com/documentation/uikit/uiviewpropertyanimator/1648369-init
    public convenience init(duration: TimeInterval, dampingRatio ratio: CGFloat, animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UISpringTimingParameters(dampingRatio: ratio))
        if let animations { blocks.append((animations, 0)) }
    }

    /// https://developer.apple.com/documentation/uikit/uiviewpropertyanimator/1648370-init
    public required init(duration: TimeInterval, timingParameters parameters: UITimingCurveProvider) {
        self.duration = duration
        timingParameters = parameters
        pacing = Self.pacing(parameters)
        super.init()
    }

    private static func pacing(_ p: UITimingCurveProvider) -> Pacing {
        if let spring = p.springTimingParameters { return spring.pacing }
        return .cubic(p.cubicTimingParameters?.curve ?? .easeInOut)
    }

    /// An animator started at once (after `delay`) with the options' curve.
    /// https://developer.apple.com/documentation/uikit/uiviewpropertyanimator/1648359-runningpropertyanimator
    open class func runningPropertyAnimator(
        withDuration duration: TimeInterval, delay: TimeInterval, options: UIView.AnimationOptions, animations: @escaping () -> Void,
        completion: ((UIViewAnimatingPosition) -> Void)? = nil
    ) -> Self {
        let animator = self.init(duration: duration, timingParameters: UICubicTimingParameters(controlPoint1: options.curve.p1, controlPoint2: options.curve.p2))
        animator.blocks.append((animations, 0))
        if let completion { animator.completions.append(completion) }
        animator.startAnimation(afterDelay: delay)
        return animator
    }

    // MARK: Time

    /// The seconds a whole run takes: a physical spring's settling time, else the duration.
    private var runLength: Double {
        if case .spring(let s) = pacing { return s.settlingDuration }
        return duration
    }

    /// The fraction at media time `t`.
    func fraction(at t: Double) -> Double {
        guard isRunning else { return base }
        let elapsed = max(0, t - runStart)
        guard elapsed > 0 else { return base }
        let rate = continuedRate ?? (runLength > 0 ? 1 / runLength : .infinity)
        let step = elapsed * rate
        return min(max(base + (reversed ? -step : step), 0), 1)
    }

    /// The animations' progress at fraction f of their time.
    func paced(_ f: Double) -> Double {
        if !isRunning, scrubsLinearly { return f }
        return pacing.progress(fraction: f)
    }

    /// A frame begins: a run that reached its end finishes (or pauses there).
    func frameBegins(at t: Double) {
        guard isRunning, t >= runStart else { return }
        let f = fraction(at: t)
        guard reversed ? f <= 0 : f >= 1 else { return }
        base = reversed ? 0 : 1
        isRunning = false
        if pausesOnCompletion { return }
        finish(at: reversed ? .start : .end)
    }

    private var now: Double { ScreenEnvironment.time }

    // MARK: Driving

    /// https://developer.apple.com/documentation/uikit/uiviewpropertyanimator/1648353-fractioncomplete
    open var fractionComplete: CGFloat {
        get { CGFloat(fraction(at: now)) }
        set {
            guard state != .stopped else { return misuse("fractionComplete was set on a stopped animator") }
            if state == .inactive { activate() }
            // A running animator's fraction follows its clock.
            guard !isRunning else { return }
            base = min(max(Double(newValue), 0), 1)
        }
    }

    /// https://developer.apple.com/documentation/uikit/uiviewpropertyanimator/1648370-isreversed
    open var isReversed: Bool {
        get { reversed }
        set {
            guard newValue != reversed else { return }
            if isRunning {
                base = fraction(at: now)
                runStart = max(now, runStart)
            }
            reversed = newValue
        }
    }

    open func startAnimation() { startAnimation(afterDelay: 0) }

    /// https://developer.apple.com/documentation/uikit/uiviewpropertyanimator/1648358-startanimation
    open func startAnimation(afterDelay delay: TimeInterval) {
        guard state != .stopped else { return misuse("startAnimation() was called on a stopped animator") }
        if state == .inactive { activate() }
        guard !isRunning else { return }
        self.delay = max(delay, 0)
        runStart = now + self.delay
        isRunning = true
    }

    /// https://developer.apple.com/documentation/uikit/uiviewpropertyanimator/1648351-pauseanimation
    open func pauseAnimation() {
        guard state != .stopped else { return misuse("pauseAnimation() was called on a stopped animator") }
        if state == .inactive { activate() }
        guard isRunning else { return }
        base = fraction(at: now)
        isRunning = false
    }

    /// Stops where the animations are drawn now: their properties take those values. Without
    /// finishing, the animator becomes inactive and its completions are not called; otherwise it is
    /// stopped until `finishAnimation(at:)`.
    /// https://developer.apple.com/documentation/uikit/uiviewpropertyanimator/1648362-stopanimation
    open func stopAnimation(_ withoutFinishing: Bool) {
        guard state == .active else { return }
        let t = now
        stopped = tracks.map { ($0.layer, $0.track.key, $0.track.from, $0.track.to) }
        let current = tracks.map { ($0.layer, $0.track.key, $0.layer.presentedValue($0.track.key, at: t)) }
        AnimationClock.current.remove(tracksOf: self)
        tracks = []
        for (layer, key, value) in current { layer.setModelValue(key, value) }
        isRunning = false
        if withoutFinishing {
            state = .inactive
            stopped = []
            AnimationClock.current.animators.removeAll { $0 === self }
        } else {
            state = .stopped
        }
    }

    /// Finishes a stopped animator: its properties at their end, start or current values, and
    /// its completions called with that position.
    /// https://developer.apple.com/documentation/uikit/uiviewpropertyanimator/1648363-finishanimation
    open func finishAnimation(at finalPosition: UIViewAnimatingPosition) {
        guard state == .stopped else { return misuse("finishAnimation(at:) was called on an animator that is not stopped (call stopAnimation(false) first)") }
        for s in stopped {
            switch finalPosition {
            case .end: s.layer.setModelValue(s.key, s.to)
            case .start: s.layer.setModelValue(s.key, s.from)
            case .current: break
            }
        }
        stopped = []
        finish(at: finalPosition)
    }

    /// Runs a paused animator on with new timing (nil: its own), the rest of it taking
    /// `durationFactor` times its duration (0: the time it had left).
    /// https://developer.apple.com/documentation/uikit/uiviewpropertyanimator/1648371-continueanimation
    open func continueAnimation(withTimingParameters parameters: UITimingCurveProvider?, durationFactor: CGFloat) {
        guard state == .active else { return misuse("continueAnimation was called on an animator that is not active") }
        if let parameters {
            timingParameters = parameters
            pacing = Self.pacing(parameters)
        }
        base = fraction(at: now)
        isRunning = false
        // The rest takes durationFactor times the duration (0: the time it had left).
        let left = reversed ? base : 1 - base
        let seconds = durationFactor > 0 ? Double(durationFactor) * runLength : left * runLength
        continuedRate = seconds > 0 ? left / seconds : .infinity
        startAnimation()
    }

    /// Adds animations: run at once (from where the animator is) when it is active, else when it
    /// becomes so.
    /// https://developer.apple.com/documentation/uikit/uiviewpropertyanimator/1648372-addanimations
    open func addAnimations(_ animation: @escaping () -> Void) { addAnimations(animation, delayFactor: 0) }

    /// `delayFactor` (0...1) of the remaining time passes before these animations begin.
    /// https://developer.apple.com/documentation/uikit/uiviewpropertyanimator/1648364-addanimations
    open func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat) {
        switch state {
        case .inactive: blocks.append((animation, delayFactor))
        case .active: run(animation, delayFactor: delayFactor)
        case .stopped: misuse("addAnimations was called on a stopped animator")
        }
    }

    /// https://developer.apple.com/documentation/uikit/uiviewpropertyanimator/1648373-addcompletion
    open func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void) { completions.append(completion) }

    // MARK: Inside

    private func activate() {
        state = .active
        let clock = AnimationClock.current
        if !clock.animators.contains(where: { $0 === self }) { clock.animators.append(self) }
        let pending = blocks
        blocks = []
        for b in pending { run(b.body, delayFactor: b.delayFactor) }
    }

    private func run(_ body: () -> Void, delayFactor: CGFloat) {
        let f = fraction(at: now)
        let start = f + min(max(Double(delayFactor), 0), 1) * (1 - f)
        let context = AnimationContext(.animator(self, start: start))
        AnimationCapture.run(context, body)
        AnimationCapture.commit(context, completion: nil)
    }

    private func finish(at position: UIViewAnimatingPosition) {
        if position == .start {
            for (layer, track) in tracks { layer.setModelValue(track.key, track.from) }
        }
        AnimationClock.current.remove(tracksOf: self)
        AnimationClock.current.animators.removeAll { $0 === self }
        tracks = []
        state = .inactive
        isRunning = false
        let calls = completions
        completions = []
        for c in calls { c(position) }
    }

    private func misuse(_ what: String) {
        Diagnostics.once("animator misuse \(ObjectIdentifier(self)) \(what)", "UIViewPropertyAnimator: \(what); ignored (UIKit raises an exception)")
    }
}

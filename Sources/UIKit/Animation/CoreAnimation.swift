import Foundation
internal import Scene

// Core Animation's animation classes. They run on the frame clock (`CACurrentMediaTime()` is the
// frame's time): `layer.add(_:forKey:)` keeps a copy, each frame draws its value at the frame's
// time (CoreAnimationEvaluation.swift), and the delegate and transaction completions are called at
// the start of the first frame whose time passes the event (AnimationClock.tick).

/// A timing curve: a cubic Bézier from (0, 0) to (1, 1) through two control points.
/// https://developer.apple.com/documentation/quartzcore/camediatimingfunction
public final class CAMediaTimingFunction: NSObject {
    let curve: CubicCurve

    /// The named curves, with Apple's published control points: linear (0, 0, 1, 1), easeIn
    /// (0.42, 0, 1, 1), easeOut (0, 0, 0.58, 1), easeInEaseOut (0.42, 0, 0.58, 1) and default
    /// (0.25, 0.1, 0.25, 1).
    /// https://developer.apple.com/documentation/quartzcore/camediatimingfunction/1522081-init
    public init(name: CAMediaTimingFunctionName) {
        switch name {
        case .easeIn: curve = .easeIn
        case .easeOut: curve = .easeOut
        case .easeInEaseOut: curve = .easeInOut
        case .default: curve = .caDefault
        default: curve = .linear
        }
        super.init()
    }

    /// https://developer.apple.com/documentation/quartzcore/camediatimingfunction/1522235-init
    public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        // The x of a control point is a fraction of the time: Core Animation keeps it in 0...1.
        curve = CubicCurve(
            p1: CGPoint(x: CGFloat(min(max(c1x, 0), 1)), y: CGFloat(c1y)), p2: CGPoint(x: CGFloat(min(max(c2x, 0), 1)), y: CGFloat(c2y)))
        super.init()
    }

    init(curve: CubicCurve) {
        self.curve = curve
        super.init()
    }

    /// Writes control point `idx` (0 the start (0, 0), 1 and 2 the two control points, 3 the end
    /// (1, 1)) into `ptr[0]` and `ptr[1]`.
    /// https://developer.apple.com/documentation/quartzcore/camediatimingfunction/1522057-getcontrolpoint
    public func getControlPoint(at idx: Int, values ptr: UnsafeMutablePointer<Float>) {
        let p: CGPoint
        switch idx {
        case 0: p = .zero
        case 1: p = curve.p1
        case 2: p = curve.p2
        default: p = CGPoint(x: 1, y: 1)
        }
        ptr[0] = Float(p.x)
        ptr[1] = Float(p.y)
    }

    public override func isEqual(_ object: Any?) -> Bool { (object as? CAMediaTimingFunction)?.curve == curve }
}

/// https://developer.apple.com/documentation/quartzcore/camediatimingfunctionname
public struct CAMediaTimingFunctionName: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let linear = CAMediaTimingFunctionName(rawValue: "linear")
    public static let easeIn = CAMediaTimingFunctionName(rawValue: "easeIn")
    public static let easeOut = CAMediaTimingFunctionName(rawValue: "easeOut")
    public static let easeInEaseOut = CAMediaTimingFunctionName(rawValue: "easeInEaseOut")
    public static let `default` = CAMediaTimingFunctionName(rawValue: "default")
}

/// What an animation shows outside its active time.
/// https://developer.apple.com/documentation/quartzcore/camediatimingfillmode
public struct CAMediaTimingFillMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Nothing outside the active time (the default).
    public static let removed = CAMediaTimingFillMode(rawValue: "removed")
    /// The end value after the end, while the animation stays on the layer.
    public static let forwards = CAMediaTimingFillMode(rawValue: "forwards")
    /// The start value before `beginTime`.
    public static let backwards = CAMediaTimingFillMode(rawValue: "backwards")
    public static let both = CAMediaTimingFillMode(rawValue: "both")

    var fillsForwards: Bool { self == .forwards || self == .both }
    var fillsBackwards: Bool { self == .backwards || self == .both }
}

/// How a keyframe animation goes between its values.
/// https://developer.apple.com/documentation/quartzcore/caanimationcalculationmode
public struct CAAnimationCalculationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Straight between values, at `keyTimes` (evenly spaced when nil).
    public static let linear = CAAnimationCalculationMode(rawValue: "linear")
    /// Each value held until the next key time; `keyTimes` has one entry more than `values`.
    public static let discrete = CAAnimationCalculationMode(rawValue: "discrete")
    /// Straight between values at an even speed: each step takes time in proportion to its length.
    public static let paced = CAAnimationCalculationMode(rawValue: "paced")
    /// A Catmull-Rom spline through the values (Kochanek-Bartels with `tensionValues`,
    /// `continuityValues`, `biasValues`), at `keyTimes`.
    public static let cubic = CAAnimationCalculationMode(rawValue: "cubic")
    /// The cubic spline, each step timed in proportion to the distance between its values.
    public static let cubicPaced = CAAnimationCalculationMode(rawValue: "cubicPaced")
}

/// Timing shared by layers and animations: an animation's local time is
/// `(parent time - beginTime) × speed + timeOffset`, played `repeatCount` times (or for
/// `repeatDuration`), back again after each play when `autoreverses`.
/// https://developer.apple.com/documentation/quartzcore/camediatiming
@preconcurrency @MainActor public protocol CAMediaTiming: AnyObject {
    var beginTime: CFTimeInterval { get set }
    var duration: CFTimeInterval { get set }
    var speed: Float { get set }
    var timeOffset: CFTimeInterval { get set }
    var repeatCount: Float { get set }
    var repeatDuration: CFTimeInterval { get set }
    var autoreverses: Bool { get set }
    var fillMode: CAMediaTimingFillMode { get set }
}

/// Told when an animation starts and stops (at the start of the first frame whose time passes it).
/// https://developer.apple.com/documentation/quartzcore/caanimationdelegate
@preconcurrency @MainActor public protocol CAAnimationDelegate: AnyObject {
    func animationDidStart(_ anim: CAAnimation)
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}

extension CAAnimationDelegate {
    public func animationDidStart(_ anim: CAAnimation) {}
    public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}

/// The base of Core Animation's animations: timing (`CAMediaTiming`), a timing function, a
/// delegate, and whether it leaves the layer when it ends.
/// https://developer.apple.com/documentation/quartzcore/caanimation
@preconcurrency @MainActor open class CAAnimation: NSObject, CAMediaTiming {
    /// 0 (the default): the transaction's duration when added (0.25 s unless set).
    open var duration: CFTimeInterval = 0
    /// 0 (the default): the layer's current time when added.
    open var beginTime: CFTimeInterval = 0
    open var speed: Float = 1
    open var timeOffset: CFTimeInterval = 0
    /// Plays of the animation (fractions play part of one); `.infinity` forever.
    open var repeatCount: Float = 0
    open var repeatDuration: CFTimeInterval = 0
    open var autoreverses = false
    open var fillMode: CAMediaTimingFillMode = .removed
    /// Nil: linear.
    open var timingFunction: CAMediaTimingFunction?
    /// True (the default): removed from the layer at the first frame after it ends.
    open var isRemovedOnCompletion = true
    /// Held strongly, as Core Animation does.
    open var delegate: CAAnimationDelegate?

    public required override init() { super.init() }

    /// https://developer.apple.com/documentation/quartzcore/caanimation/1412493-defaultvalue
    open class func defaultValue(forKey key: String) -> Any? { nil }

    /// A copy (the layer keeps one, as `add(_:forKey:)` copies).
    open func copyAnimation() -> CAAnimation {
        let c = type(of: self).init()
        copyTiming(to: c)
        return c
    }

    func copyTiming(to c: CAAnimation) {
        (c.duration, c.beginTime, c.speed, c.timeOffset) = (duration, beginTime, speed, timeOffset)
        (c.repeatCount, c.repeatDuration, c.autoreverses, c.fillMode) = (repeatCount, repeatDuration, autoreverses, fillMode)
        (c.timingFunction, c.isRemovedOnCompletion, c.delegate) = (timingFunction, isRemovedOnCompletion, delegate)
        c.original = original ?? self
    }

    /// The animation the caller made, for delegate calls (they get the object they added).
    weak var original: CAAnimation?
    /// Set when added: the open transactions waiting for it.
    var transactions: [TransactionRecord] = []
    var started = false, stopped = false
    var order = 0
}

/// An animation of one property of a layer, named by a key path ("position", "transform.scale",
/// "strokeEnd", ...).
/// https://developer.apple.com/documentation/quartzcore/capropertyanimation
open class CAPropertyAnimation: CAAnimation {
    open var keyPath: String?
    /// True: the animation's values are added to the value beneath (the model's), as a shake does.
    open var isAdditive = false

    public convenience init(keyPath path: String?) {
        self.init()
        keyPath = path
    }

    public required init() { super.init() }

    open override func copyAnimation() -> CAAnimation {
        let c = super.copyAnimation()
        if let c = c as? CAPropertyAnimation { (c.keyPath, c.isAdditive) = (keyPath, isAdditive) }
        return c
    }
}

/// From one value to another: `fromValue`, `toValue`, `byValue` as Apple combines them (a missing
/// end is the value beneath: the model's, or an earlier animation's).
/// https://developer.apple.com/documentation/quartzcore/cabasicanimation
open class CABasicAnimation: CAPropertyAnimation {
    open var fromValue: Any?
    open var toValue: Any?
    open var byValue: Any?

    public required init() { super.init() }

    open override func copyAnimation() -> CAAnimation {
        let c = super.copyAnimation()
        if let c = c as? CABasicAnimation { (c.fromValue, c.toValue, c.byValue) = (fromValue, toValue, byValue) }
        return c
    }
}

/// A damped spring from `fromValue` to `toValue`: m x″ + c x′ + k (x − 1) = 0 in seconds of the
/// animation's own time, whatever its `duration` (which cuts it off: set it to `settlingDuration`).
/// https://developer.apple.com/documentation/quartzcore/caspringanimation
open class CASpringAnimation: CABasicAnimation {
    open var mass: CGFloat = 1
    open var stiffness: CGFloat = 100
    open var damping: CGFloat = 10
    /// In whole changes per second, positive toward `toValue`.
    open var initialVelocity: CGFloat = 0

    public required init() { super.init() }

    /// iOS 17's spring by perceptual duration and bounce: mass 1, stiffness (2π / duration)²,
    /// damping 4π (1 − bounce) / duration; `duration` is its settling duration.
    /// https://developer.apple.com/documentation/quartzcore/caspringanimation/4174001-init
    public convenience init(perceptualDuration: CFTimeInterval, bounce: CGFloat) {
        self.init()
        let s = SpringCurve.perceptual(duration: perceptualDuration, bounce: Double(bounce))
        (mass, stiffness, damping) = (1, CGFloat(s.stiffness), CGFloat(s.damping))
        duration = settlingDuration
    }

    var spring: SpringCurve {
        SpringCurve(mass: Double(mass), stiffness: Double(stiffness), damping: Double(damping), initialVelocity: Double(initialVelocity))
    }

    /// When the spring stays within 0.0008 of the change from its target: the envelope of its
    /// oscillation (underdamped) or its motion falls under it. Apple does not publish the rule;
    /// the tolerance gives its documented examples (mass 1, stiffness 100: damping 5 settles in
    /// about 2.85 s, damping 15 in just over 1 s).
    /// https://developer.apple.com/documentation/quartzcore/caspringanimation/1412524-settlingduration
    open var settlingDuration: CFTimeInterval { spring.settlingDuration }

    open override func copyAnimation() -> CAAnimation {
        let c = super.copyAnimation()
        if let c = c as? CASpringAnimation { (c.mass, c.stiffness, c.damping, c.initialVelocity) = (mass, stiffness, damping, initialVelocity) }
        return c
    }
}

/// Through a list of values (or along a path, for a point property) at key times.
/// https://developer.apple.com/documentation/quartzcore/cakeyframeanimation
open class CAKeyframeAnimation: CAPropertyAnimation {
    open var values: [Any]?
    /// For a point property (position): the path's points in turn, each of its curves followed.
    open var path: CGPath?
    /// Fractions 0...1 of the duration, one per value (linear, cubic), one more (discrete).
    open var keyTimes: [NSNumber]?
    /// One per step between values: each step's pacing.
    open var timingFunctions: [CAMediaTimingFunction]?
    open var calculationMode: CAAnimationCalculationMode = .linear
    /// Kochanek-Bartels parameters of the cubic modes, one per value (0: Catmull-Rom).
    open var tensionValues: [NSNumber]?
    open var continuityValues: [NSNumber]?
    open var biasValues: [NSNumber]?

    public required init() { super.init() }

    open override func copyAnimation() -> CAAnimation {
        let c = super.copyAnimation()
        if let c = c as? CAKeyframeAnimation {
            (c.values, c.path, c.keyTimes, c.timingFunctions, c.calculationMode) = (values, path, keyTimes, timingFunctions, calculationMode)
            (c.tensionValues, c.continuityValues, c.biasValues) = (tensionValues, continuityValues, biasValues)
        }
        return c
    }
}

/// Animations played together on the group's time: each child's `beginTime` counts from the
/// group's start and it is cut off at the group's end.
/// https://developer.apple.com/documentation/quartzcore/caanimationgroup
open class CAAnimationGroup: CAAnimation {
    open var animations: [CAAnimation]?

    public required init() { super.init() }

    open override func copyAnimation() -> CAAnimation {
        let c = super.copyAnimation()
        if let c = c as? CAAnimationGroup { c.animations = animations?.map { $0.copyAnimation() } }
        return c
    }
}

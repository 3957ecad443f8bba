import Foundation

/// A timing curve as Core Animation defines one: a cubic Bézier from (0, 0) to (1, 1) through two
/// control points, x the fraction of the duration, y the fraction of the change. The named curves
/// are Apple's published control points (`CAMediaTimingFunctionName`). One implementation for the
/// layer language's easings and keyframes, the scroll timeline's keyframes and UIKit's animations.
public struct CubicCurve: Equatable, Sendable {
    public var x1: Double, y1: Double, x2: Double, y2: Double

    public init(x1: Double, y1: Double, x2: Double, y2: Double) { self.x1 = x1; self.y1 = y1; self.x2 = x2; self.y2 = y2 }

    public static let linear = CubicCurve(x1: 0, y1: 0, x2: 1, y2: 1)
    public static let easeIn = CubicCurve(x1: 0.42, y1: 0, x2: 1, y2: 1)
    public static let easeOut = CubicCurve(x1: 0, y1: 0, x2: 0.58, y2: 1)
    public static let easeInOut = CubicCurve(x1: 0.42, y1: 0, x2: 0.58, y2: 1)
    /// Core Animation's `default` curve.
    public static let caDefault = CubicCurve(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1)

    /// The Bézier's coordinate at parameter s along one axis with control values a and b.
    private static func bezier(_ s: Double, _ a: Double, _ b: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * s * a + 3 * u * s * s * b + s * s * s
    }

    /// The fraction of the change at fraction `x` of the time (x clamped to 0...1): the curve's
    /// parameter for x found by bisection (x is monotone in it for x1, x2 in 0...1; 50 halvings,
    /// exact to 1e-15 in the parameter).
    public func value(at x: Double) -> Double {
        let x = min(max(x, 0), 1)
        if x1 == y1, x2 == y2 { return x }
        var lo = 0.0, hi = 1.0
        for _ in 0..<50 {
            let mid = (lo + hi) / 2
            if Self.bezier(mid, x1, x2) < x { lo = mid } else { hi = mid }
        }
        return Self.bezier((lo + hi) / 2, y1, y2)
    }
}

/// A damped harmonic oscillator carrying a value from 0 to 1: mass m, stiffness k, damping c,
/// initial velocity v0 (in units of the whole change per second), the equation
/// m x'' + c x' + k (x - 1) = 0 with x(0) = 0, x'(0) = v0, solved in closed form for the
/// underdamped, critically damped and overdamped cases.
public struct SpringCurve: Equatable, Sendable {
    public var mass: Double = 1, stiffness: Double = 100, damping: Double = 10, initialVelocity: Double = 0

    public init(mass: Double = 1, stiffness: Double = 100, damping: Double = 10, initialVelocity: Double = 0) {
        self.mass = mass; self.stiffness = stiffness; self.damping = damping; self.initialVelocity = initialVelocity
    }

    public var omega0: Double { (stiffness / max(mass, 1e-9)).squareRoot() }
    public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

    /// The value at `t` seconds.
    public func value(at t: Double) -> Double {
        guard t > 0 else { return 0 }
        let w = omega0, z = dampingRatio, v0 = initialVelocity
        // e(t) = x(t) - 1, e(0) = -1, e'(0) = v0.
        if z < 1 {
            let wd = w * (1 - z * z).squareRoot()
            let b = (v0 - z * w) / wd
            return 1 + exp(-z * w * t) * (-cos(wd * t) + b * sin(wd * t))
        }
        if z == 1 { return 1 + exp(-w * t) * (-1 + (v0 - w) * t) }
        let root = (z * z - 1).squareRoot()
        let r1 = -w * (z - root), r2 = -w * (z + root)
        let c1 = (v0 + r2) / (r1 - r2)
        return 1 + c1 * exp(r1 * t) + (-1 - c1) * exp(r2 * t)
    }

    /// The displacement from rest under which the spring counts as settled, as a fraction of the
    /// change: fitted to Apple's two published examples (`CASpringAnimation.settlingDuration`:
    /// damping 5 settles in about 2.85 s, damping 15 in just over 1 s, mass 1, stiffness 100).
    public static let settledWithin = 0.0008

    /// When the spring stays within `settledWithin` of rest: where the oscillation's envelope
    /// falls under it (underdamped), or where the motion does (critically and overdamped).
    public var settlingDuration: Double {
        let w = omega0, z = dampingRatio, v0 = initialVelocity, eps = Self.settledWithin
        guard w > 0 else { return 0 }
        if z < 1 {
            let wd = w * (1 - z * z).squareRoot()
            let amplitude = (1 + pow((v0 - z * w) / wd, 2)).squareRoot()
            return max(0, log(amplitude / eps) / (z * w))
        }
        // No oscillation: the last time |x - 1| >= eps, found on a grid and refined by bisection.
        var t = 0.0, step = 1 / (w * 8)
        var last = 0.0
        while t < 1000 / w {
            if abs(value(at: t) - 1) >= eps { last = t }
            if t - last > 40 / w { break }
            t += step
        }
        var lo = last, hi = last + step
        for _ in 0..<50 {
            let mid = (lo + hi) / 2
            if abs(value(at: mid) - 1) >= eps { lo = mid } else { hi = mid }
        }
        step = hi
        return step
    }

    /// A spring with damping ratio `ratio` on the unit oscillator (mass 1, stiffness 1).
    public static func unit(dampingRatio ratio: Double, initialVelocity: Double = 0) -> SpringCurve {
        SpringCurve(mass: 1, stiffness: 1, damping: 2 * max(ratio, 0), initialVelocity: initialVelocity)
    }

    /// iOS 17's spring by its perceptual duration and bounce (SwiftUI's `Spring(duration:bounce:)`,
    /// as Apple documents it): mass 1, stiffness (2π / duration)², damping 4π (1 - bounce) / duration
    /// for a bounce of 0 or more, 4π / (duration (1 + bounce)) below.
    public static func perceptual(duration: Double, bounce: Double, initialVelocity: Double = 0) -> SpringCurve {
        let d = max(duration, 1e-3)
        let k = pow(2 * Double.pi / d, 2)
        let c = bounce >= 0 ? 4 * Double.pi * (1 - bounce) / d : 4 * Double.pi / (d * (1 + bounce))
        return SpringCurve(mass: 1, stiffness: k, damping: c, initialVelocity: initialVelocity)
    }
}

/// How an animation's time maps to its progress: a cubic curve over a duration, or a spring
/// (over its own settling time, or stretched to fit a given duration as UIKit's
/// `usingSpringWithDamping:` and a property animator's damping ratio do).
public enum Pacing: Equatable, Sendable {
    case cubic(CubicCurve)
    /// A spring played over the given duration: its physical time is the fraction of the duration
    /// times its settling duration (velocity scaled to match).
    case fittedSpring(dampingRatio: Double, initialVelocity: Double)
    /// A spring on its own clock (seconds).
    case spring(SpringCurve)

    /// The progress (0 at the start, 1 at rest; a spring overshoots) at `elapsed` seconds into an
    /// animation of `duration` seconds.
    public func progress(elapsed: Double, duration: Double) -> Double {
        switch self {
        case .cubic(let c): return duration > 0 ? c.value(at: elapsed / duration) : 1
        case .fittedSpring(let ratio, let v):
            guard duration > 0, elapsed < duration else { return 1 }
            let unit = SpringCurve.unit(dampingRatio: ratio)
            let span = unit.settlingDuration
            // UIKit's velocity is in changes per second of the animation's own time.
            let spring = SpringCurve.unit(dampingRatio: ratio, initialVelocity: v * duration / span)
            return spring.value(at: elapsed / duration * span)
        case .spring(let s):
            return elapsed >= s.settlingDuration ? 1 : s.value(at: elapsed)
        }
    }

    /// The progress at a fraction of the time (a property animator's fractionComplete).
    public func progress(fraction: Double) -> Double {
        switch self {
        case .spring(let s): return fraction >= 1 ? 1 : s.value(at: fraction * s.settlingDuration)
        default: return progress(elapsed: fraction, duration: 1)
        }
    }
}

import Raster

/// UIScrollView's motion as closed forms of time (behaviour spec, section 2). Offsets here are in
/// points along the scroll axis, velocities in points per second; a positive velocity increases
/// the offset (content moving up). Every function is pure, so a frame's offset depends only on its
/// time, never on the frame rate.
public struct ScrollPhysics: Sendable, Equatable {
    /// UIScrollView.DecelerationRate: the fraction of velocity kept per millisecond.
    public var decelerationRate: Double = 0.998
    /// The rubber band's constant c (UIKit's private value, as publicly reconstructed).
    public var rubberBandConstant: Double = 0.55
    public var spring = Spring()
    /// Motion ends when less than this remains (half a pixel: 0.5 / device scale, in points).
    public var settleDistance: Double = 0.25

    public static let normalRate = 0.998
    public static let fastRate = 0.99

    public init() {}

    /// A damped spring: critically damped with mass 1 and stiffness 100 by default (beta = 10/s).
    public struct Spring: Sendable, Equatable {
        public var mass: Double = 1
        public var stiffness: Double = 100
        /// nil: critical damping, 2 * sqrt(stiffness * mass).
        public var damping: Double?
        public init(mass: Double = 1, stiffness: Double = 100, damping: Double? = nil) {
            self.mass = mass; self.stiffness = stiffness; self.damping = damping
        }

        public var effectiveDamping: Double { damping ?? 2 * (stiffness * mass).squareRoot() }

        /// Displacement from rest after `t` seconds, starting at `x0` with velocity `v0`.
        public func displacement(x0: Double, v0: Double, t: Double) -> Double {
            evaluate(x0: x0, v0: v0, t: t).x
        }

        /// Displacement and velocity: the closed form of m x'' + c x' + k x = 0 for its three regimes.
        public func evaluate(x0: Double, v0: Double, t: Double) -> (x: Double, v: Double) {
            let w0 = (stiffness / mass).squareRoot()
            let zeta = effectiveDamping / (2 * (stiffness * mass).squareRoot())
            if abs(zeta - 1) < 1e-9 {
                // Critically damped: x = e^(-w0 t) (x0 + (v0 + w0 x0) t).
                let e = exponential(-w0 * t)
                let b = v0 + w0 * x0
                return (e * (x0 + b * t), e * (b - w0 * (x0 + b * t)))
            } else if zeta < 1 {
                let wd = w0 * (1 - zeta * zeta).squareRoot()
                let a = zeta * w0
                let e = exponential(-a * t)
                let b = (v0 + a * x0) / wd
                let c = cosine(wd * t), s = sine(wd * t)
                return (e * (x0 * c + b * s), e * ((b * wd - a * x0) * c - (x0 * wd + a * b) * s))
            } else {
                let r = w0 * (zeta * zeta - 1).squareRoot()
                let r1 = -zeta * w0 + r, r2 = -zeta * w0 - r
                let c2 = (v0 - r1 * x0) / (r2 - r1), c1 = x0 - c2
                let e1 = exponential(r1 * t), e2 = exponential(r2 * t)
                return (c1 * e1 + c2 * e2, c1 * r1 * e1 + c2 * r2 * e2)
            }
        }

        /// The time after which the displacement stays under `threshold` (found at load time by
        /// stepping a millisecond at a time; at most 30 s). The steps stop once an envelope of the
        /// displacement that only falls from then on is under the threshold: no later step could
        /// reach it, so the result is the full scan's.
        public func settleTime(x0: Double, v0: Double, threshold: Double) -> Double {
            var last = 0.0
            var t = 0.0
            let envelope = self.envelope(x0: x0, v0: v0)
            while t <= 30 {
                if abs(displacement(x0: x0, v0: v0, t: t)) >= threshold { last = t }
                if t >= envelope.fallsAfter, envelope.bound(t) < threshold { break }
                t += 0.001
            }
            return last == 0 && abs(x0) < threshold ? 0 : last + 0.001
        }

        /// A bound on |displacement| for each regime, and a time after which the bound only falls.
        /// Critical: e^(-w0 t) (|x0| + |b| t), falling after 1/w0 - |x0|/|b|; under-damped:
        /// e^(-a t) (|x0| + |b|), falling at once; over-damped: |c1| e^(r1 t) + |c2| e^(r2 t) (both
        /// rates negative), falling at once. A 1 % margin covers rounding.
        func envelope(x0: Double, v0: Double) -> (bound: (Double) -> Double, fallsAfter: Double) {
            let w0 = (stiffness / mass).squareRoot()
            let zeta = effectiveDamping / (2 * (stiffness * mass).squareRoot())
            guard w0.isFinite, w0 > 0, zeta > 0, x0.isFinite, v0.isFinite else { return ({ _ in .infinity }, .infinity) }
            if abs(zeta - 1) < 1e-9 {
                let b = abs(v0 + w0 * x0)
                let peak = b > 0 ? max(0, 1 / w0 - abs(x0) / b) : 0
                return ({ t in 1.01 * exponential(-w0 * t) * (abs(x0) + b * t) }, peak)
            } else if zeta < 1 {
                let wd = w0 * (1 - zeta * zeta).squareRoot()
                let a = zeta * w0
                let b = abs((v0 + a * x0) / wd)
                return ({ t in 1.01 * exponential(-a * t) * (abs(x0) + b) }, 0)
            } else {
                let r = w0 * (zeta * zeta - 1).squareRoot()
                let r1 = -zeta * w0 + r, r2 = -zeta * w0 - r
                let c2 = (v0 - r1 * x0) / (r2 - r1), c1 = x0 - c2
                guard r1 < 0 else { return ({ _ in .infinity }, .infinity) }
                return ({ t in 1.01 * (abs(c1) * exponential(r1 * t) + abs(c2) * exponential(r2 * t)) }, 0)
            }
        }
    }

    // MARK: Rubber band

    /// The displayed overscroll for a raw overscroll `x >= 0` of the finger past an edge, with
    /// `dimension` the viewport height: `f(x) = x d c / (d + c x)`.
    public func rubberBand(_ x: Double, dimension d: Double) -> Double {
        let c = rubberBandConstant
        return x * d * c / (d + c * x)
    }

    /// The raw overscroll that displays as `f` (the inverse of `rubberBand`), for picking up a
    /// scroll view that is already overscrolled.
    public func rawOverscroll(displayed f: Double, dimension d: Double) -> Double {
        let c = rubberBandConstant
        return f * d / (c * max(d - f, 1e-9))
    }

    /// d f / d x: how much of the finger's speed the displayed overscroll follows.
    public func rubberBandSlope(_ x: Double, dimension d: Double) -> Double {
        let c = rubberBandConstant
        return d * d * c / ((d + c * x) * (d + c * x))
    }

    /// The displayed offset for a raw (finger) offset: 1:1 inside `bounds`, rubber-banded past either edge.
    public func displayed(raw: Double, bounds: ClosedRange<Double>, dimension: Double) -> Double {
        if raw < bounds.lowerBound { return bounds.lowerBound - rubberBand(bounds.lowerBound - raw, dimension: dimension) }
        if raw > bounds.upperBound { return bounds.upperBound + rubberBand(raw - bounds.upperBound, dimension: dimension) }
        return raw
    }

    /// The raw offset that displays as `offset` (inverse of `displayed`).
    public func raw(displayed offset: Double, bounds: ClosedRange<Double>, dimension: Double) -> Double {
        if offset < bounds.lowerBound { return bounds.lowerBound - rawOverscroll(displayed: bounds.lowerBound - offset, dimension: dimension) }
        if offset > bounds.upperBound { return bounds.upperBound + rawOverscroll(displayed: offset - bounds.upperBound, dimension: dimension) }
        return offset
    }

    // MARK: Deceleration

    /// `1000 ln r`: the exponent per second of the deceleration.
    public var decayPerSecond: Double { 1000 * naturalLog(decelerationRate) }

    /// Offset after `t` seconds of deceleration from `x0` at `v0`: `x0 + v0 (r^(1000 t) - 1) / (1000 ln r)`.
    public func decelerated(x0: Double, v0: Double, t: Double) -> (x: Double, v: Double) {
        let k = decayPerSecond
        let e = exponential(k * t)
        return (x0 + v0 * (e - 1) / k, v0 * e)
    }

    /// How far a deceleration from `v0` travels in all: `-v0 / (1000 ln r)`.
    public func decelerationDistance(v0: Double) -> Double { -v0 / decayPerSecond }

    /// When less than `settleDistance` of the deceleration remains.
    public func decelerationEndTime(v0: Double) -> Double {
        let k = decayPerSecond
        let remaining = abs(v0 / k)
        guard remaining > settleDistance else { return 0 }
        return naturalLog(settleDistance / remaining) / k
    }

    /// When a deceleration from `x0` at `v0` reaches `edge`, or nil if it stops first.
    public func decelerationTime(toReach edge: Double, x0: Double, v0: Double) -> Double? {
        guard v0 != 0 else { return nil }
        let k = decayPerSecond
        let q = 1 + (edge - x0) * k / v0
        guard q > 0, q <= 1 else { return nil }
        return naturalLog(q) / k
    }
}

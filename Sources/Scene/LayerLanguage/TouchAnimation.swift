import Foundation

/// How a touch-started animation (`over: tap`, `over: longPress`) stands at a time: the touches on
/// its layer, in order, each start a leg towards 1 (or, with `toggle`, every second one back to
/// 0). A touch on an animation at rest plays the leg from its start; one that lands while it plays
/// starts from the progress on screen with `fromCurrent` (a spring keeps its velocity, as a
/// UIViewPropertyAnimator or UIView.animate with `beginFromCurrentState` starts from the
/// presentation value), else from the leg's start.
extension TimedAnimation {
    /// One leg: from `from` (with `velocity`, progress per second) towards `to`, from time `start`.
    /// `fresh` legs start at rest at the far end and follow the pacing exactly as a timed animation.
    private struct Leg {
        var start: Double, from: Double, velocity: Double, to: Double, fresh: Bool
    }

    /// The progress at `now`, given the times of the touches on the layer up to `now` (nil with none).
    func progress(touches: ArraySlice<Double>, now: Double) -> Double? {
        var leg: Leg?
        for (k, t) in touches.enumerated() {
            let to = toggle && k % 2 == 1 ? 0.0 : 1.0
            if let current = leg, fromCurrent {
                let s = state(current, at: t - current.start)
                if !s.done {
                    leg = Leg(start: t, from: s.progress, velocity: s.velocity, to: to, fresh: false)
                    continue
                }
            }
            leg = Leg(start: t, from: 1 - to, velocity: 0, to: to, fresh: true)
        }
        guard let leg else { return nil }
        return state(leg, at: now - leg.start).progress
    }

    /// The leg's progress, its velocity (progress per second; 0 for a curve, which starts at rest)
    /// and whether it has ended, `elapsed` seconds in.
    private func state(_ leg: Leg, at elapsed: Double) -> (progress: Double, velocity: Double, done: Bool) {
        let change = leg.to - leg.from
        switch pacing {
        case .cubic(let c):
            let done = elapsed >= duration
            if leg.fresh { return (leg.from + change * pacing.progress(elapsed: elapsed, duration: duration), 0, done) }
            return (done ? leg.to : leg.from + change * c.value(at: elapsed / duration), 0, done)
        case .fittedSpring(let ratio, let v):
            // On the unit oscillator, its settling time stretched to the duration.
            if elapsed >= duration { return (leg.to, 0, true) }
            let unit = SpringCurve.unit(dampingRatio: ratio)
            let span = unit.settlingDuration
            let speed = leg.fresh ? v * change : leg.velocity
            let s = unit.state(at: elapsed / duration * span, displacement: leg.from - leg.to, velocity: speed * duration / span)
            let p = leg.fresh ? leg.from + change * pacing.progress(elapsed: elapsed, duration: duration) : leg.to + s.displacement
            return (p, s.velocity * span / duration, false)
        case .spring(let spring):
            if elapsed >= spring.settlingDuration { return (leg.to, 0, true) }
            let speed = leg.fresh ? spring.initialVelocity * change : leg.velocity
            let s = spring.state(at: elapsed, displacement: leg.from - leg.to, velocity: speed)
            let p = leg.fresh ? leg.from + change * pacing.progress(elapsed: elapsed, duration: duration) : leg.to + s.displacement
            return (p, s.velocity, false)
        }
    }
}

extension SpringCurve {
    /// The spring's displacement from rest and its velocity `t` seconds after it was let go at
    /// displacement `e0` with velocity `v0`: m e'' + c e' + k e = 0 in closed form (under-,
    /// critically and overdamped). `value(at:)` is the case e0 = -1, v0 = `initialVelocity`.
    func state(at t: Double, displacement e0: Double, velocity v0: Double) -> (displacement: Double, velocity: Double) {
        let w = omega0, z = dampingRatio
        if z < 1 {
            let wd = w * (1 - z * z).squareRoot()
            let a = e0, b = (v0 + z * w * e0) / wd
            let decay = exp(-z * w * t), c = cos(wd * t), s = sin(wd * t)
            return (decay * (a * c + b * s), decay * ((wd * b - z * w * a) * c - (wd * a + z * w * b) * s))
        }
        if z == 1 {
            let b = v0 + w * e0
            let decay = exp(-w * t)
            return (decay * (e0 + b * t), decay * (b - w * (e0 + b * t)))
        }
        let root = (z * z - 1).squareRoot()
        let r1 = -w * (z - root), r2 = -w * (z + root)
        let c1 = (v0 - r2 * e0) / (r1 - r2), c2 = e0 - c1
        let g1 = exp(r1 * t), g2 = exp(r2 * t)
        return (c1 * g1 + c2 * g2, r1 * c1 * g1 + r2 * c2 * g2)
    }
}

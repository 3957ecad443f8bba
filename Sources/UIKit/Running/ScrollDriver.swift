import Foundation
internal import Raster
internal import Scene

/// One scroll view moved along one axis by the scenario's motion, frame by frame, telling its
/// delegate what UIKit would between two frames: the screen's main scroll view vertically, and
/// each scroll view a sideways touch lands in horizontally (the script's sideways steps that
/// landed in it, the others being time passing; see `GestureTimeline.horizontal`).
@MainActor final class ScrollDriver {
    let axis: GestureTimeline.Axis
    private(set) weak var view: UIScrollView?
    /// The scenario's motion (for the vertical driver, as the loader compiled it).
    let motion: any ScrollTimeline
    /// The motion compiled for the view's range and the delegate's targets.
    private(set) var timeline: any ScrollTimeline
    /// Horizontal: the script's steps this view takes (the touches that landed in it), and the
    /// offset it had when the first one landed.
    private(set) var taking: Set<Int> = []
    private let startOffset: Double
    private var targets: [Int: Double] = [:]
    /// The releases whose target paging set (they settle at paging's pace).
    private var paged: Set<Int> = []
    /// Status-bar taps that scroll this (vertical) view to its top, by the tap's step, and the
    /// times each scroll runs (its end tells the delegate `scrollViewDidScrollToTop`).
    private var tapScrolls: [Int: GestureTimeline.TapScroll] = [:]
    private var toTop: [ClosedRange<Double>] = []
    /// Animated scrolls the screen's code started on this (vertical) view, at the frame time of
    /// each call (`setContentOffset(_:animated: true)` and the calls built on it).
    private var timedScrolls: [GestureTimeline.TimedScroll] = []
    private var compiledFor: (ClosedRange<Double>, Double)?
    /// The view's deceleration rate the motion was compiled with.
    private var compiledRate: UIScrollView.DecelerationRate?
    /// The highest offset the compiled motion reaches.
    private var reachHigh = Double.infinity
    private var mustCompile = false
    /// The state of the last frame driven.
    private(set) var state: ScrollState
    /// The fingers (by first step) delivered to views as touches: this view does not move with them.
    var excluding: Set<Int> = [] {
        didSet { if excluding != oldValue { mustCompile = true } }
    }

    init(vertical view: UIScrollView?, motion: any ScrollTimeline) {
        axis = .vertical
        self.view = view
        self.motion = motion
        timeline = motion
        startOffset = 0
        state = ScrollState(offset: 0, phase: .idle)
    }

    init(horizontal view: UIScrollView, motion: GestureTimeline) {
        axis = .horizontal
        self.view = view
        self.motion = motion
        timeline = motion
        startOffset = Double(view.contentOffset.x + view.adjustedContentInset.left)
        state = ScrollState(offset: startOffset, phase: .idle)
    }

    /// A sideways touch (its steps) landed in this driver's view.
    func take(_ steps: [Int]) {
        taking.formUnion(steps)
        mustCompile = true
    }

    // MARK: The axis

    /// The offsets the content rests at along the axis (UIKit's contentOffset, from -inset).
    /// (A refresh control's inset while refreshing is left out: the motion is the pull's, and
    /// the content stops at the refreshing rest when let go; see `drive`.)
    private func range(_ s: UIScrollView) -> ClosedRange<CGFloat> {
        guard axis == .vertical else { return s.horizontalRange }
        let r = s.verticalRange, low = r.lowerBound + refreshing(s)
        return low...max(low, r.upperBound)
    }
    /// The inset before the content along the axis: u = contentOffset + lead.
    private func lead(_ s: UIScrollView) -> Double {
        Double(axis == .vertical ? s.adjustedContentInset.top - refreshing(s) : s.adjustedContentInset.left)
    }
    /// What a refresh control's pull refresh adds to the top inset (one begun from code moved the
    /// content's rest: the motion starts from there).
    private func refreshing(_ s: UIScrollView) -> CGFloat { axis == .vertical ? s.refreshControl?.pullRefreshingInset ?? 0 : 0 }
    private func length(_ s: UIScrollView) -> Double { Double(axis == .vertical ? s.bounds.height : s.bounds.width) }
    private func along(_ value: CGFloat, in s: UIScrollView) -> CGPoint {
        axis == .vertical ? CGPoint(x: s.contentOffset.x, y: value) : CGPoint(x: value, y: s.contentOffset.y)
    }
    private func component(_ p: CGPoint) -> CGFloat { axis == .vertical ? p.y : p.x }
    private func velocity(_ v: CGFloat) -> CGPoint { axis == .vertical ? CGPoint(x: 0, y: v) : CGPoint(x: v, y: 0) }

    // MARK: Compiling

    /// The motion's range for the view: u from 0 (resting at the start) to the end.
    private func currentBounds() -> (ClosedRange<Double>, Double)? {
        guard let s = view else { return nil }
        let range = range(s)
        return (0...max(0, Double(range.upperBound - range.lowerBound)), length(s))
    }

    private func recompile() {
        guard var gestures = motion as? GestureTimeline, let (bounds, viewport) = currentBounds(), viewport > 0 else { return }
        let rate = view?.decelerationRate
        if let done = compiledFor, done.1 == viewport, !mustCompile, rate == compiledRate {
            if done.0 == bounds { return }
            // Rows measured as they come on screen move the end of the range; a motion that stays
            // clear of both ends (a point to spare) is the same motion: nothing to compile again.
            if done.0.lowerBound == bounds.lowerBound, reachHigh + 1 < min(done.0.upperBound, bounds.upperBound) { return }
        }
        mustCompile = false
        compiledFor = (bounds, viewport)
        compiledRate = rate
        if !excluding.isEmpty, let without = try? gestures.excluding(excluding) { gestures = without }
        // A fling slows at the view's own rate (`decelerationRate = .fast`), as on the phone; at
        // UIKit's normal rate, at the scenario's (its `physics`, the normal rate unless it says).
        if let rate, rate != .normal { gestures.physics.decelerationRate = Double(rate.rawValue) }
        let again: GestureTimeline?
        switch axis {
        case .vertical:
            again = try? gestures.recompiled(
                bounds: bounds, viewportHeight: viewport, releaseTargets: targets, pagedReleases: paged, tapScrolls: tapScrolls,
                timedScrolls: timedScrolls)
        case .horizontal:
            again = try? gestures.horizontal(
                taking: taking, startOffset: startOffset, bounds: bounds, viewportWidth: viewport, releaseTargets: targets, pagedReleases: paged)
        }
        if let again {
            timeline = again
            // A sideways view's range rarely changes: any change compiles again.
            guard axis == .vertical else { return }
            // The highest offset the motion reaches, sampled at 240 Hz (as ScrollReach samples it).
            let samples = Int(min(again.duration, 3600) * 240) + 1
            reachHigh = (0...samples).reduce(-Double.infinity) { max($0, again.state(at: Double($1) / 240).offset) }
        }
    }

    /// A status-bar tap (the script's step `step`, landing at `time`) scrolls the view to its top
    /// (UIKit's `-adjustedContentInset.top`) as `setContentOffset(_:animated: true)` would
    /// (ScrollAnimation's pace): the motion is compiled again with that scroll in it, so the
    /// steps after the tap continue from where it takes the content.
    func scrollToTop(step: Int, time: Double) {
        guard axis == .vertical, let s = view else { return }
        let target = Double(-s.adjustedContentInset.top) + lead(s)
        tapScrolls[step] = ScrollAnimation.motion(to: target)
        toTop.append(time...(time + ScrollAnimation.duration))
        mustCompile = true
    }

    /// The screen's code scrolls the view to `offset` (its contentOffset along the axis) with
    /// `setContentOffset(_:animated: true)` at `time` (the frame's): the motion is compiled again
    /// with that scroll in it from `time`, so the content goes from where it is then to the
    /// offset at ScrollAnimation's pace and the steps after it continue from there. False when the
    /// scenario's motion is not a gesture script (keyframes set the offset every frame).
    func scroll(to offset: CGFloat, at time: Double) -> Bool {
        guard axis == .vertical, let s = view, motion is GestureTimeline else { return false }
        timedScrolls.append(GestureTimeline.TimedScroll(time: time, scroll: ScrollAnimation.motion(to: Double(offset) + lead(s))))
        mustCompile = true
        return true
    }

    // MARK: Driving

    /// Moves the view to the motion's state at `t`, telling its delegate what UIKit would between
    /// `lastTime` and `t`.
    func drive(to t: Double, lastTime: Double, frame: Int) {
        guard let s = view else { return }
        recompile()
        let top = lead(s)
        var next = timeline.state(at: t)
        let delegate = s.delegate
        let pan = s.panGestureRecognizer
        if pan.state == .ended || pan.state == .cancelled { pan.resetForNextGesture() }
        if next.phase == .tracking, !s.isTracking {
            s.isTracking = true; s.isDragging = true
            beginPan(pan, at: t)
            Activity.set(frame: frame, call: "scrollViewWillBeginDragging")
            delegate?.scrollViewWillBeginDragging(s)
            pan.sendActions()
        } else if next.phase == .tracking, let p = fingerPoint(at: t), pan.scrollMoved(to: p, at: t) {
            pan.sendActions()
        }
        if let gestures = timeline as? GestureTimeline {
            for (k, release) in gestures.releases.enumerated() where release.time > lastTime && release.time <= t {
                if !s.isDragging {
                    s.isTracking = true; s.isDragging = true
                    beginPan(pan, at: release.time)
                    Activity.set(frame: frame, call: "scrollViewWillBeginDragging")
                    delegate?.scrollViewWillBeginDragging(s)
                    pan.sendActions()
                }
                // The finger lifts: the pan ends with the release's velocity (the finger's, against
                // the content's), then the delegate hears of it, then the pan's other targets.
                let lifted = fingerPoint(at: release.time) ?? pan.location(in: nil)
                pan.scrollEnded(at: lifted, time: release.time, velocity: velocity(CGFloat(-release.velocity)))
                var proposed = release.target
                if s.isPagingEnabled, length(s) > 0 {
                    proposed = GestureTimeline.pageTarget(release, page: length(s), range: gestures.offsetBounds)
                }
                var target = s.releaseTarget(along(CGFloat(proposed - top), in: s), velocity: velocity(CGFloat(release.velocity / 1000)))
                Activity.set(frame: frame, call: "scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)")
                withUnsafeMutablePointer(to: &target) { pointer in
                    delegate?.scrollViewWillEndDragging(s, withVelocity: velocity(CGFloat(release.velocity / 1000)), targetContentOffset: pointer)
                }
                let wanted = Double(component(target)) + top
                if abs(wanted - release.target) > 1e-6 {
                    targets[k] = wanted
                    if s.settlesLikePaging { paged.insert(k) }
                    mustCompile = true
                    recompile()
                    next = timeline.state(at: t)
                }
                let after = timeline.state(at: release.time + 1e-6).phase
                let decelerates = after == .decelerating || after == .bouncing
                s.isTracking = false; s.isDragging = false
                Activity.set(frame: frame, call: "scrollViewDidEndDragging(_:willDecelerate:)")
                delegate?.scrollViewDidEndDragging(s, willDecelerate: decelerates)
                pan.sendActions()
                if decelerates {
                    s.isDecelerating = true
                    Activity.set(frame: frame, call: "scrollViewWillBeginDecelerating")
                    delegate?.scrollViewWillBeginDecelerating(s)
                }
            }
        }
        if next.phase == .tracking, s.isDecelerating { s.isDecelerating = false }
        if next.phase == .animating, s.isDecelerating {
            // An animated scroll cut the fling: its deceleration stops, as UIKit tells the delegate
            // when a scroll from code stops one.
            s.isDecelerating = false
            Activity.set(frame: frame, call: "scrollViewDidEndDecelerating")
            delegate?.scrollViewDidEndDecelerating(s)
        }
        // The main scroll view is where the motion says every frame; a sideways one only while its
        // motion moves it (at rest, the screen's code may set its offset).
        if axis == .vertical || next.offset != state.offset || next.phase != .idle {
            Activity.set(frame: frame, call: "scrollViewDidScroll")
            var offset = CGFloat(next.offset - top)
            // Let go while refreshing, the content stops below the refresh control.
            if axis == .vertical, refreshing(s) > 0, next.phase != .tracking { offset = min(offset, -s.adjustedContentInset.top) }
            if axis == .vertical { s.contentOffset.y = offset } else { s.contentOffset.x = offset }
        }
        if s.isDecelerating, next.phase == .idle {
            s.isDecelerating = false
            Activity.set(frame: frame, call: "scrollViewDidEndDecelerating")
            delegate?.scrollViewDidEndDecelerating(s)
        }
        if let gestures = timeline as? GestureTimeline, let landed = gestures.landings.last(where: { $0 > lastTime + 1e-9 && $0 <= t + 1e-9 }) {
            // An animated scroll landed (one a drag or another scroll cut gets no call): a
            // status-bar tap's if it ran to the top.
            if toTop.contains(where: { abs($0.upperBound - landed) < 1e-9 }) {
                Activity.set(frame: frame, call: "scrollViewDidScrollToTop")
                delegate?.scrollViewDidScrollToTop(s)
            } else {
                Activity.set(frame: frame, call: "scrollViewDidEndScrollingAnimation")
                delegate?.scrollViewDidEndScrollingAnimation(s)
            }
        }
        if next.phase != .tracking, s.isTracking, !s.isDecelerating {
            s.isTracking = false; s.isDragging = false
        }
        state = next
        Activity.set(frame: frame, call: "layout")
    }

    // MARK: The scroll view's pan

    /// Where the finger moving this view is at `time`, in window points.
    private func fingerPoint(at time: Double) -> CGPoint? {
        guard let g = timeline as? GestureTimeline, let p = g.fingerPoint(at: time) else { return nil }
        return CGPoint(x: p.x, y: p.y)
    }

    /// The pan begins: from where the finger that is down at `time` landed, to where it is now.
    private func beginPan(_ pan: UIPanGestureRecognizer, at time: Double) {
        guard let g = timeline as? GestureTimeline,
            let finger = g.fingers.last(where: { $0.time <= time + 1e-9 && time <= $0.lift + 1e-9 })
        else { return }
        let landed = CGPoint(x: finger.point.x, y: finger.point.y)
        pan.scrollBegan(at: landed, time: finger.time, now: fingerPoint(at: time) ?? landed, nowTime: time)
    }

    // MARK: Hit-testing

    /// The innermost visible scroll view under `point` (window points) that scrolls horizontally
    /// (content wider than its bounds, or alwaysBounceHorizontal), front-most first, as UIKit's
    /// hit-testing finds the view a touch lands in.
    static func horizontalScrollView(at point: CGPoint, in view: UIView) -> UIScrollView? {
        guard !view.isHidden, view.alpha > 0.01 else { return nil }
        let local = view.convert(point, from: nil)
        guard view.bounds.contains(local) else { return nil }
        for child in view.subviews.reversed() {
            if let found = horizontalScrollView(at: point, in: child) { return found }
        }
        if let s = view as? UIScrollView, s.scrollsHorizontally { return s }
        return nil
    }
}

import Foundation
internal import Scene

/// A scroll view's content moving by `setContentOffset(_:animated: true)` (and the calls built on
/// it: `scrollRectToVisible`, `scrollToRow`, `scrollToItem`) on the frame clock: at the start of
/// each frame the offset is set (the delegate gets `scrollViewDidScroll`), and at the first frame
/// whose time passes the end it lands and the delegate gets `scrollViewDidEndScrollingAnimation`.
///
/// Apple documents neither the duration nor the curve. The Scroll View Programming Guide says the
/// content scrolls "at a constant rate": it is paced linearly here, over 0.3 s (assumed, not
/// measured on a device). The scroll view the scenario moves takes the same pace and curve into
/// its motion (`motion(to:)`).
@MainActor final class ScrollAnimation {
    static let duration = 0.3
    static let easing = Easing.linear

    /// The same scroll as a part of the scenario's motion (to `offset`, on the motion's axis).
    static func motion(to offset: Double) -> GestureTimeline.TapScroll {
        GestureTimeline.TapScroll(offset: offset, duration: duration, easing: easing)
    }

    weak var view: UIScrollView?
    let from: CGPoint, to: CGPoint, begin: Double
    /// A scroll to the top from a status-bar tap: its end tells the delegate
    /// `scrollViewDidScrollToTop` (not `scrollViewDidEndScrollingAnimation`).
    let toTop: Bool

    init(view: UIScrollView, from: CGPoint, to: CGPoint, begin: Double, toTop: Bool = false) {
        self.view = view; self.from = from; self.to = to; self.begin = begin; self.toTop = toTop
    }

    /// The offset at media time t.
    func offset(at t: Double) -> CGPoint {
        let p = CGFloat(Self.easing.progress(min(max((t - begin) / Self.duration, 0), 1)))
        return CGPoint(x: from.x + (to.x - from.x) * p, y: from.y + (to.y - from.y) * p)
    }
}

extension AnimationClock {
    /// Starts an animated scroll of `view` to `target` (replacing one in flight on it, which gets
    /// no end call); nothing when it is there already.
    func scroll(_ view: UIScrollView, to target: CGPoint, toTop: Bool = false) {
        scrollAnimations.removeAll { $0.view === view || $0.view == nil }
        guard target != view.contentOffset else { return }
        scrollAnimations.append(ScrollAnimation(view: view, from: view.contentOffset, to: target, begin: ScreenEnvironment.time, toTop: toTop))
    }

    /// Stops the animated scroll of `view` where it is (an unanimated `setContentOffset`).
    func stopScrolling(_ view: UIScrollView) { scrollAnimations.removeAll { $0.view === view } }

    /// The frame at media time t begins: each animated scroll moves, in the order started; those
    /// whose end it passes (within a nanosecond) land and tell the delegate.
    func tickScrolls(_ t: Double) {
        let running = scrollAnimations
        for a in running {
            guard let view = a.view else { continue }
            let ended = t + 1e-9 >= a.begin + ScrollAnimation.duration
            view.contentOffset = a.offset(at: t)
            if ended {
                scrollAnimations.removeAll { $0 === a }
                if a.toTop { view.delegate?.scrollViewDidScrollToTop(view) } else { view.delegate?.scrollViewDidEndScrollingAnimation(view) }
            }
        }
        scrollAnimations.removeAll { $0.view == nil }
    }
}

extension UIScrollView {
    /// `setContentOffset(_:animated: true)`: a scroll view animates on the frame clock. The one
    /// the scenario moves takes the scroll into the scenario's motion from this frame's time (its
    /// vertical part; a sideways part is set at once, said once), so the steps after it continue
    /// from where it lands; a finger of the scenario down on it wins (the call moves nothing,
    /// said once). Under a scenario of keyframes, which set its offset every frame, it moves at
    /// once (said once).
    func animateContentOffset(to target: CGPoint) {
        if let run = ScreenRun.current, run.mainScrollView === self {
            AnimationClock.current.stopScrolling(self)
            if isTracking {
                Diagnostics.once(
                    "setContentOffset animated while dragging",
                    "\(describe): setContentOffset(_:animated: true) while the scenario's finger drags the scroll view moves nothing: the finger wins, as on the phone")
                return
            }
            guard run.scrollMain(to: target.y) else {
                Diagnostics.once(
                    "setContentOffset animated main",
                    "\(describe): setContentOffset(_:animated: true) on the scroll view a scenario of keyframes moves is drawn at once (the keyframes set its offset every frame)")
                contentOffset = target
                return
            }
            if target.x != contentOffset.x {
                Diagnostics.once(
                    "setContentOffset animated main x",
                    "\(describe): setContentOffset(_:animated: true) on the scroll view the scenario moves animates its vertical offset; the horizontal one is set at once")
                contentOffset.x = target.x
            }
            return
        }
        AnimationClock.current.scroll(self, to: target)
    }
}

extension ScreenRun {
    /// The status bar tapped: as UIKit, the one visible scroll view with `scrollsToTop` (none when
    /// there are several) asks its delegate `scrollViewShouldScrollToTop`, then its content moves
    /// to its top (the top inset's rest) with `setContentOffset(_:animated: true)`'s pace, and
    /// the delegate hears `scrollViewDidScrollToTop` as it lands. The scroll view the scenario
    /// moves takes the scroll into its motion from `time`, when the tap (the script's step `step`)
    /// lands: the steps after it continue from where the scroll takes the content.
    func statusBarTapped(in window: UIWindow, step: Int, time: Double) {
        var found: [UIScrollView] = []
        func visit(_ v: UIView) {
            guard !v.isHidden, v.alpha > 0.01 else { return }
            if let s = v as? UIScrollView, s.scrollsToTop, s.convert(s.bounds, to: nil).intersects(window.bounds) { found.append(s) }
            for child in v.subviews { visit(child) }
        }
        visit(window)
        guard found.count == 1, let s = found.first else {
            if found.count > 1 {
                Diagnostics.once(
                    "status bar scrollsToTop \(found.count)",
                    "a status-bar tap found \(found.count) visible scroll views with scrollsToTop true; UIKit scrolls none of them: set scrollsToTop = false on all but one")
            }
            return
        }
        guard s.delegate?.scrollViewShouldScrollToTop(s) ?? true else { return }
        if s === mainScrollView {
            clock.stopScrolling(s)
            main.scrollToTop(step: step, time: time)
            // Where the motion has it now (a tap landing between two frames has moved it since).
            main.drive(to: ScreenEnvironment.time, lastTime: ScreenEnvironment.time, frame: frame)
            return
        }
        clock.scroll(s, to: CGPoint(x: s.contentOffset.x, y: -s.adjustedContentInset.top), toTop: true)
    }
}

extension ScreenRun {
    /// The screen's code scrolls the scenario's scroll view to `y` (its contentOffset.y) with
    /// `setContentOffset(_:animated: true)` at this frame's time; false when the scenario's motion
    /// cannot take it (keyframes).
    func scrollMain(to y: CGFloat) -> Bool {
        main.scroll(to: y, at: ScreenEnvironment.time)
    }
}

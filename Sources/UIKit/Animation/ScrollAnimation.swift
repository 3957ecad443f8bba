import Foundation

/// A scroll view's content moving by `setContentOffset(_:animated: true)` (and the calls built on
/// it: `scrollRectToVisible`, `scrollToRow`, `scrollToItem`) on the frame clock: at the start of
/// each frame the offset is set (the delegate gets `scrollViewDidScroll`), and at the first frame
/// whose time passes the end it lands and the delegate gets `scrollViewDidEndScrollingAnimation`.
///
/// Apple documents neither the duration nor the curve. The Scroll View Programming Guide says the
/// content scrolls "at a constant rate": it is paced linearly here, over 0.3 s (assumed, not
/// measured on a device).
@MainActor final class ScrollAnimation {
    static let duration = 0.3

    weak var view: UIScrollView?
    let from: CGPoint, to: CGPoint, begin: Double

    init(view: UIScrollView, from: CGPoint, to: CGPoint, begin: Double) {
        self.view = view; self.from = from; self.to = to; self.begin = begin
    }

    /// The offset at media time t.
    func offset(at t: Double) -> CGPoint {
        let p = CGFloat(min(max((t - begin) / Self.duration, 0), 1))
        return CGPoint(x: from.x + (to.x - from.x) * p, y: from.y + (to.y - from.y) * p)
    }
}

extension AnimationClock {
    /// Starts an animated scroll of `view` to `target` (replacing one in flight on it, which gets
    /// no end call); nothing when it is there already.
    func scroll(_ view: UIScrollView, to target: CGPoint) {
        scrollAnimations.removeAll { $0.view === view || $0.view == nil }
        guard target != view.contentOffset else { return }
        scrollAnimations.append(ScrollAnimation(view: view, from: view.contentOffset, to: target, begin: ScreenEnvironment.time))
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
                view.delegate?.scrollViewDidEndScrollingAnimation(view)
            }
        }
        scrollAnimations.removeAll { $0.view == nil }
    }
}

extension UIScrollView {
    /// `setContentOffset(_:animated: true)`: the main scroll view of a run follows the scenario
    /// every frame, so it moves at once there (said once); any other scroll view animates.
    func animateContentOffset(to target: CGPoint) {
        if let run = ScreenRun.current, run.mainScrollView === self {
            Diagnostics.once(
                "setContentOffset animated main", "\(describe): setContentOffset(_:animated: true) on the scroll view the scenario moves is drawn at once (the scenario sets its offset every frame)")
            AnimationClock.current.stopScrolling(self)
            contentOffset = target
            return
        }
        AnimationClock.current.scroll(self, to: target)
    }
}

import Foundation

/// `Timer.scheduledTimer(timeInterval:target:selector:userInfo:repeats:)` on the screen's frame
/// clock. swift-corelibs-foundation has no selector form, and a screen's run never spins a run loop:
/// the timer is scheduled on the run's clock instead (the scenario's time, frame i at i / fps, never
/// the wall clock) and fires at the first frame at or after its fire date, before that frame's
/// layout. A repeating timer that several fire dates passed between two frames fires once, then
/// waits for its next fire date after now, as Apple documents of a late timer; a non-repeating one
/// is invalidated after it fires. `invalidate()` and `fire()` are Foundation's and do what Apple
/// documents. The selector goes to the method the target's class registered (`UIStoryboard.register`,
/// which `render-frames port` generates for an app's `@objc` methods), with the timer when it
/// takes one. The target is retained until the timer is invalidated.
extension Timer {
    /// https://developer.apple.com/documentation/foundation/timer/scheduledtimer(timeinterval:target:selector:userinfo:repeats:)
    @MainActor
    public class func scheduledTimer(timeInterval ti: TimeInterval, target aTarget: Any, selector aSelector: Selector, userInfo: Any?, repeats yesOrNo: Bool) -> Timer {
        // "If seconds is less than or equal to 0.0, this method chooses the nonnegative value of 0.1 milliseconds instead."
        let interval = ti > 0 ? ti : 0.0001
        let target = FrameTimer.Target(object: aTarget as AnyObject, selector: aSelector)
        let timer = FrameTimer(userInfo: userInfo, interval: interval, repeats: yesOrNo, target: target)
        FrameTimers.current.schedule(timer, at: ScreenEnvironment.time + interval)
        return timer
    }
}

/// A timer made by the selector form: Foundation's `Timer` with its `userInfo`, whose block sends
/// the selector.
final class FrameTimer: Timer {
    /// What the block sends: the selector to the target, kept by the timer until it is invalidated.
    @MainActor final class Target {
        var object: AnyObject?
        let selector: Selector
        /// The timer whose block sends (set once it is made).
        weak var timer: Timer?
        init(object: AnyObject, selector: Selector) { self.object = object; self.selector = selector }

        func send() {
            guard let object, let timer else { return }
            let name = selector.name
            switch InterfaceBuilderClasses.send(name, to: object, from: timer, event: nil) {
            case true?: break
            case false?:
                Diagnostics.once("timer selector \(name)", "Timer: \(type(of: object)).\(name) does not take a Timer, so it was not called")
            case nil:
                Diagnostics.once(
                    "timer selector \(name)",
                    "Timer: \(type(of: object)) registered no method \(name), so it was not called (no Objective-C runtime finds methods by "
                        + "name; register it with UIStoryboard.register, as render-frames port does for @objc methods)")
            }
        }
    }
    private let info: Any?
    let target: Target

    @MainActor init(userInfo: Any?, interval: TimeInterval, repeats: Bool, target: Target) {
        info = userInfo
        self.target = target
        super.init(fire: Date(), interval: repeats ? interval : 0, repeats: repeats) { _ in
            MainActor.assumeIsolated { target.send() }
        }
        target.timer = self
    }

    override var userInfo: Any? { info }
}

/// The timers scheduled on a screen's run, fired as its frames reach their fire dates.
@MainActor final class FrameTimers {
    /// The timers of the run whose code is running (ones scheduled outside a run never fire).
    static var current: FrameTimers { ScreenRun.current?.timers ?? standalone }
    static let standalone = FrameTimers()

    private struct Entry {
        let timer: FrameTimer
        var due: TimeInterval
        /// The order scheduled: timers due at one time fire in it.
        let order: Int
    }
    private var entries: [Entry] = []
    private var made = 0

    func schedule(_ timer: FrameTimer, at due: TimeInterval) {
        made += 1
        entries.append(Entry(timer: timer, due: due, order: made))
    }

    /// Fires every valid timer due by `t` (a millionth of a second early counts), earliest first;
    /// drops the invalidated ones. Nothing is done when no timer is scheduled.
    func fire(upTo t: TimeInterval) {
        guard !entries.isEmpty else { return }
        let due = entries.filter { $0.due <= t + 1e-6 }.sorted { ($0.due, $0.order) < ($1.due, $1.order) }
        for e in due where e.timer.isValid {
            e.timer.fire()
            guard let i = entries.firstIndex(where: { $0.order == e.order }) else { continue }
            if e.timer.isValid, e.timer.timeInterval > 0 {
                // The next fire date after now on the timer's own schedule, however late this one was.
                let interval = e.timer.timeInterval
                let passed = ((t + 1e-6 - e.due) / interval).rounded(.down) + 1
                entries[i].due = e.due + passed * interval
            } else {
                e.timer.invalidate()
            }
        }
        for e in entries where !e.timer.isValid { e.timer.target.object = nil }
        entries.removeAll { !$0.timer.isValid }
    }
}

import Foundation
internal import Raster
package import Scene

/// The scenario's taps, long presses and the drags no scroll view takes (see
/// `ScreenRun.route(from:scroll:)`) delivered to a screen as UIKit delivers a finger: the
/// view under it hit-tested (`hitTest(_:with:)`), the touch given to the gesture recognizers of
/// that view and its superviews first, then to the view (`touchesBegan` ... up the responder
/// chain). A scroll view that `delaysContentTouches` holds a touch's `touchesBegan` back from
/// its content for 0.15 s (a quick tap's arrives as it lifts). Each change happens at its time on
/// the frame clock, processed at the first frame at or after it; a dragged finger moves once a
/// frame (`touchesMoved` at the frame's time, where the script's finger is then), and once more
/// where it lifts if it moved since.
@MainActor final class TouchDelivery {
    /// Where each press aimed at a view landed (for the touch indicator), by step index.
    private(set) var points: [Int: Point] = [:]
    /// A press aimed at an identifier no view has: the message, said by the render as an error.
    private(set) var problems: [String] = []

    /// A finger to come: a press, or a drag's finger with its place at each time.
    struct Finger {
        var press: GestureTimeline.Press
        var path: ((Double) -> CGPoint)?
    }
    /// The fingers still to land, in time order.
    private var queue: [Finger]
    private let event = UIEvent()

    /// The finger down now.
    private struct Active {
        var press: GestureTimeline.Press
        var path: ((Double) -> CGPoint)?
        /// The last frame time the finger was moved at.
        var moved: Double
        var touch: UITouch
        /// The recognizers it was given, in delivery order.
        var recognizers: [UIGestureRecognizer]
        /// touchesBegan has reached the view (false while a scroll view delays it).
        var viewBegan = false
        /// When the delayed touchesBegan is due.
        var beganDue: Double?
        /// A recognizer took the touch (cancelsTouchesInView): the view hears no more of it.
        var cancelled = false
        /// The finger lifted while a recognizer with delaysTouchesEnded could still recognize.
        var endHeld = false
    }
    private var active: Active?
    /// Lifted fingers whose touchesEnded waits for a recognizer that could still recognize.
    private var held: [Active] = []
    /// Recognizers whose gesture is under way or waiting (a double tap's second tap).
    private var arena: [UIGestureRecognizer] = []
    /// The last lift: for the next touch's tap count.
    private var lastLift: (time: Double, point: CGPoint, count: Int)?

    init(presses: [GestureTimeline.Press]) { queue = presses.map { Finger(press: $0, path: nil) } }

    var isIdle: Bool { queue.isEmpty && active == nil && arena.isEmpty }

    /// A drag's finger, from `time` to `lift` (its first step's index `step`), at `path(t)` in the
    /// window's points: queued in time order (after a press landing at the same time).
    func add(drag step: Int, time: Double, lift: Double, path: @escaping (Double) -> CGPoint) {
        let start = path(time)
        let press = GestureTimeline.Press(
            step: step, time: time, duration: lift - time, target: .point(Point(Double(start.x), Double(start.y))), isLongPress: false)
        let at = queue.firstIndex { $0.press.time > time } ?? queue.count
        queue.insert(Finger(press: press, path: path), at: at)
    }

    /// Where a dragged finger is now (for the touch indicator), in the window's points.
    var dragPoint: CGPoint? {
        guard let a = active, a.path != nil else { return nil }
        return a.touch.point
    }

    /// Everything due in (after, upTo], in time order.
    func deliver(after: Double, upTo t: Double, in window: UIWindow, frame: Int) {
        while let (time, step) = nextMoment(upTo: t) {
            step(time, window, frame)
        }
    }

    private typealias Step = (Double, UIWindow, Int) -> Void

    /// The earliest thing due by `t`: a lift, a delayed touchesBegan, a recognizer's deadline, a
    /// press landing (in that order when at the same time).
    private func nextMoment(upTo t: Double) -> (Double, Step)? {
        var best: (Double, Int, Step)?
        func consider(_ time: Double, _ rank: Int, _ step: @escaping Step) {
            guard time <= t + 1e-9 else { return }
            if let b = best, (b.0, b.1) <= (time, rank) { return }
            best = (time, rank, step)
        }
        if let a = active {
            consider(a.press.end, 0) { time, _, _ in self.lift(at: time) }
            // A dragged finger moves at the frame's time (after what else is due then).
            if let path = a.path, a.moved < t, t < a.press.end, a.press.time < t {
                consider(t, 4) { time, _, _ in self.move(to: path(time), at: time) }
            }
            if let due = a.beganDue { consider(due, 1) { time, _, _ in self.beginInView(at: time) } }
        }
        for g in arena {
            if let d = g.deadline { consider(d, 2) { time, _, _ in self.reach(g, at: time) } }
        }
        if let next = queue.first, active == nil {
            consider(next.press.time, 3) { time, window, frame in self.land(next, at: time, in: window, frame: frame) }
        }
        return best.map { ($0.0, $0.2) }
    }

    // MARK: Landing and lifting

    private func land(_ finger: Finger, at time: Double, in window: UIWindow, frame: Int) {
        queue.removeFirst()
        let press = finger.press
        let point: CGPoint
        switch press.target {
        case .point(let p):
            point = CGPoint(x: p.x, y: p.y)
        case .view(let name):
            guard let view = Self.view(named: name, in: window) else {
                let kind = press.isLongPress ? "longPress" : "tap"
                var names: [String] = []
                Self.identifiers(in: window, into: &names)
                problems.append(
                    "timeline.gestures[\(press.step)].\(kind).view: no view on screen has accessibilityIdentifier \"\(name)\" at frame \(frame) "
                        + "(\(Self.format(time)) s); "
                        + (names.isEmpty ? "no view has one: set it on the view, or give at: [x, y]" : "the identifiers on screen are \(names.joined(separator: ", "))"))
                return
            }
            point = view.convert(CGPoint(x: view.bounds.midX, y: view.bounds.midY), to: nil)
            points[press.step] = Point(Double(point.x), Double(point.y))
        }
        // A tap on the status bar is the system's: it scrolls to the top (ScrollAnimation.swift).
        if !press.isLongPress, finger.path == nil, let run = ScreenRun.current, run.statusBarFrame?.contains(point) == true {
            run.statusBarTapped(in: window, step: press.step, time: time)
            return
        }
        let touch = UITouch(point: point, timestamp: time)
        touch.window = window
        if let last = lastLift, time - last.time <= UITapGestureRecognizer.interval,
            hypot(point.x - last.point.x, point.y - last.point.y) <= UITapGestureRecognizer.movement
        {
            touch.tapCount = last.count + 1
        }
        touch.view = window.hitTest(window.convert(point, from: nil), with: event)
        var recognizers: [UIGestureRecognizer] = []
        var v = touch.view
        while let view = v {
            for g in view.gestureRecognizers ?? [] where g.isEnabled && (g.state == .possible) {
                if let d = g.delegate, !d.gestureRecognizer(g, shouldReceive: touch) { continue }
                recognizers.append(g)
            }
            v = view.superview
        }
        touch.gestureRecognizers = recognizers
        event.touchList = [touch]
        event.timestamp = time
        var a = Active(press: press, path: finger.path, moved: time, touch: touch, recognizers: recognizers)
        for g in recognizers {
            if !arena.contains(where: { $0 === g }) { arena.append(g) }
            g.receive(touch)
            g.touchesBegan([touch], with: event)
        }
        active = a
        settle()
        a = active!
        guard let view = touch.view, !a.cancelled else { return }
        if recognizers.contains(where: { $0.delaysTouchesBegan && $0.state == .possible }) || Self.delaysContentTouches(view) {
            active?.beganDue = time + 0.15
        } else {
            active?.viewBegan = true
            view.touchesBegan([touch], with: event)
        }
    }

    private func beginInView(at time: Double) {
        guard let a = active, !a.viewBegan, let view = a.touch.view else { return }
        active?.beganDue = nil
        guard !a.cancelled else { return }
        active?.viewBegan = true
        event.timestamp = time
        view.touchesBegan([a.touch], with: event)
    }

    /// The dragged finger moves to `point` at `time`: its recognizers hear it first, then (unless
    /// a recognizer took the touch) the view it landed in, `touchesMoved` up the responder chain.
    /// A finger that did not move sends nothing.
    private func move(to point: CGPoint, at time: Double) {
        guard let a = active else { return }
        active?.moved = time
        let touch = a.touch
        guard point != touch.point else { return }
        touch.previousPoint = touch.point
        touch.point = point
        touch.phase = .moved
        touch.timestamp = time
        event.timestamp = time
        event.touchList = [touch]
        // A gesture changed again (changed to changed) is no change of state: its actions are sent here.
        var again: [UIGestureRecognizer] = []
        for g in a.recognizers where g.isEnabled && [.possible, .began, .changed].contains(g.state) {
            let before = g.settledState
            g.receive(touch)
            g.touchesMoved([touch], with: event)
            if before == .changed, g.state == .changed { again.append(g) }
        }
        settle()
        for g in again where g.state == .changed && g.settledState == .changed { g.sendActions() }
        guard let now = active, !now.cancelled, now.viewBegan, let view = touch.view else { return }
        event.touchList = [touch]
        view.touchesMoved([touch], with: event)
    }

    private func lift(at time: Double) {
        if let path = active?.path { move(to: path(time), at: time) }
        guard let a = active else { return }
        let touch = a.touch
        if a.beganDue != nil { beginInView(at: time) }
        touch.phase = .ended
        touch.timestamp = time
        event.timestamp = time
        touch.previousPoint = touch.point
        for g in a.recognizers where g.isEnabled && [.possible, .began, .changed].contains(g.state) {
            g.touchesEnded([touch], with: event)
            g.release(touch)
        }
        for g in a.recognizers { g.release(touch) }
        lastLift = (time, touch.point, touch.tapCount)
        settle()
        guard let now = active else { return }
        if now.cancelled || !now.viewBegan {
            active = nil
        } else if now.recognizers.contains(where: { g in g.delaysTouchesEnded && g.state == .possible && arena.contains(where: { member in member === g }) }) {
            var h = now
            h.endHeld = true
            held.append(h)
            active = nil
            finishIfSettled()
        } else {
            active = nil
            touch.view?.touchesEnded([touch], with: event)
        }
        resetFinished()
    }

    /// A held lift goes to the view once no recognizer that could take it is still possible.
    private func finishIfSettled() {
        let waiting = held
        held = []
        for a in waiting {
            if a.cancelled { continue }
            if a.recognizers.contains(where: { g in g.delaysTouchesEnded && g.state == .possible && arena.contains(where: { member in member === g }) }) {
                held.append(a)
                continue
            }
            event.touchList = [a.touch]
            a.touch.view?.touchesEnded([a.touch], with: event)
        }
    }

    private func reach(_ g: UIGestureRecognizer, at time: Double) {
        g.deadline = nil
        event.timestamp = time
        g.timeReached(time)
        settle()
        finishIfSettled()
        resetFinished()
    }

    // MARK: Recognizers' states

    /// Acts on every recognizer's change of state, until none changes: a recognition checked
    /// against `gestureRecognizerShouldBegin` and the failure requirements, actions sent, the
    /// gestures it excludes failed or cancelled, the view's touches cancelled.
    private func settle() {
        var changed = true
        var rounds = 0
        while changed, rounds < 100 {
            changed = false
            rounds += 1
            for g in arena where g.state != g.settledState || g.waitingState != nil {
                let before = (g.state, g.settledState, g.waitingState)
                act(on: g)
                if before != (g.state, g.settledState, g.waitingState) { changed = true }
            }
        }
    }

    private func act(on g: UIGestureRecognizer) {
        let old = g.settledState
        var new = g.state
        if let waiting = g.waitingState, new == .possible {
            new = waiting
        }
        if old == .possible, new == .began || new == .ended {
            if !shouldBegin(g) {
                g.waitingState = nil
                g.state = .failed
                g.settledState = .failed
                return
            }
            let required = arena.filter { other in other !== g && requiresFailure(g, of: other) }
            if required.contains(where: { $0.state == .began || $0.state == .changed || $0.state == .ended }) {
                g.waitingState = nil
                g.state = .failed
                g.settledState = .failed
                return
            }
            if required.contains(where: { $0.state == .possible }) {
                g.waitingState = new
                g.state = .possible
                g.settledState = .possible
                return
            }
            g.waitingState = nil
            g.state = new
            g.settledState = new
            exclude(for: g)
            g.sendActions()
            if g.cancelsTouchesInView { cancelViewTouches() }
            return
        }
        g.settledState = new
        if new == .changed || new == .ended || new == .cancelled, old != .possible { g.sendActions() }
    }

    private func shouldBegin(_ g: UIGestureRecognizer) -> Bool {
        if let own = g.builtIn, !own.mayBegin() { return false }
        if let d = g.delegate, !d.gestureRecognizerShouldBegin(g) { return false }
        if let v = g.view, !v.gestureRecognizerShouldBegin(g) { return false }
        if let touched = active?.touch.view ?? held.last?.touch.view, touched !== g.view, !touched.gestureRecognizerShouldBegin(g) { return false }
        return true
    }

    private func requiresFailure(_ g: UIGestureRecognizer, of other: UIGestureRecognizer) -> Bool {
        g.failureRequirements.contains { $0 === other } || g.shouldRequireFailure(of: other) || other.shouldBeRequiredToFail(by: g)
            || (g.delegate?.gestureRecognizer(g, shouldRequireFailureOf: other) ?? false)
            || (other.delegate?.gestureRecognizer(other, shouldBeRequiredToFailBy: g) ?? false)
    }

    private func simultaneous(_ a: UIGestureRecognizer, _ b: UIGestureRecognizer) -> Bool {
        (a.delegate?.gestureRecognizer(a, shouldRecognizeSimultaneouslyWith: b) ?? false)
            || (b.delegate?.gestureRecognizer(b, shouldRecognizeSimultaneouslyWith: a) ?? false)
    }

    /// The other gestures of the touch that `g` prevents: failed, or cancelled once begun.
    private func exclude(for g: UIGestureRecognizer) {
        for other in arena where other !== g && !simultaneous(g, other) && g.canPrevent(other) && other.canBePrevented(by: g) {
            // One waiting for `g` to fail is failed by the check in `act`.
            if requiresFailure(other, of: g) { continue }
            if other.settledState == .possible {
                // Not begun (or its recognition not yet acted on): it fails.
                guard [.possible, .began, .ended].contains(other.state) else { continue }
                other.waitingState = nil
                other.state = .failed
                other.settledState = .failed
            } else if other.settledState == .began || other.settledState == .changed {
                other.state = .cancelled
            }
        }
    }

    private func cancelViewTouches() {
        for i in held.indices where !held[i].cancelled {
            held[i].cancelled = true
            held[i].touch.phase = .cancelled
            event.touchList = [held[i].touch]
            held[i].touch.view?.touchesCancelled([held[i].touch], with: event)
        }
        held.removeAll()
        guard var a = active, !a.cancelled else { return }
        a.cancelled = true
        active = a
        guard a.viewBegan, let view = a.touch.view else {
            active?.beganDue = nil
            return
        }
        a.touch.phase = .cancelled
        event.touchList = [a.touch]
        view.touchesCancelled([a.touch], with: event)
    }

    /// Recognizers whose gesture is over, back to possible once no finger is on them.
    private func resetFinished() {
        guard active == nil else { return }
        arena.removeAll { g in
            switch g.state {
            case .ended, .cancelled, .failed:
                g.resetForNextGesture()
                return true
            case .possible:
                guard g.deadline == nil, g.waitingState == nil, g.touches.isEmpty else { return false }
                g.resetForNextGesture()
                return true
            default:
                return false
            }
        }
        // A recognizer waiting on one that was just reset fails with nothing to wait for: recheck.
        if arena.contains(where: { $0.waitingState != nil }) {
            settle()
            if arena.contains(where: { [.ended, .cancelled, .failed].contains($0.state) }) { resetFinished() }
        }
    }

    // MARK: Finding views

    static func view(named name: String, in view: UIView) -> UIView? {
        guard !view.isHidden else { return nil }
        if view.accessibilityIdentifier == name { return view }
        for child in view.subviews {
            if let found = Self.view(named: name, in: child) { return found }
        }
        return nil
    }

    static func identifiers(in view: UIView, into names: inout [String]) {
        guard !view.isHidden else { return }
        if let id = view.accessibilityIdentifier, !names.contains(id) { names.append(id) }
        for child in view.subviews { identifiers(in: child, into: &names) }
    }

    /// A scroll view around `view` that delays its content's touches.
    static func delaysContentTouches(_ view: UIView) -> Bool {
        var v = view.superview
        var inner: UIView = view
        while let s = v {
            if let scroll = s as? UIScrollView, scroll.delaysContentTouches, inner !== scroll { return true }
            inner = s
            v = s.superview
        }
        return false
    }

    static func format(_ v: Double) -> String {
        let r = (v * 1000).rounded() / 1000
        return r == r.rounded() ? String(Int(r)) : String(r)
    }
}

import Animation
import Raster

/// A run stopped by its caller (Ctrl-C, SIGTERM), which does what the phase under way needs:
/// - frames: cancel the render job (it writes a partial manifest, and `Render` throws `Render.Stopped`);
/// - animations: stop the encoders and remove every half-written file (`TemporaryFiles`);
/// - anything else (golden checks after the frames): nothing to undo.
/// The caller installs its signal handlers, calls `handle` from them and ends the process unless
/// the frames were cancelled; `Render.Hooks.interruptible(by:)` and `encode` keep the phase.
public final class Interruption: Sendable {
    /// What `handle` did.
    public enum Action: Equatable, Sendable {
        /// The frames were cancelled: the run stops on its own and says how far it got.
        case cancelledFrames
        /// The animations under way were stopped and this many half-written files removed.
        case removedAnimations(Int)
        /// Nothing was under way that needs stopping.
        case nothingUnderWay
    }

    private enum Phase: Sendable { case idle, frames(RenderJob.Cancellation), animations }
    private struct State: Sendable { var phase = Phase.idle; var received: Int32? }
    private let state = Locked(State())

    public init() {}

    /// The first signal received since the frames started, if any.
    public var received: Int32? { state.current.received }

    /// Records `signal` and stops what is under way.
    public func handle(_ signal: Int32) -> Action {
        let phase = state.withLock { s -> Phase in
            s.received = s.received ?? signal
            return s.phase
        }
        switch phase {
        case .frames(let cancellation):
            cancellation.cancel()
            return .cancelledFrames
        case .animations:
            return .removedAnimations(TemporaryFiles.shared.removeAll())
        case .idle:
            return .nothingUnderWay
        }
    }

    /// A signal from now on cancels `cancellation`.
    public func renderingFrames(_ cancellation: RenderJob.Cancellation) {
        state.withLock {
            $0.phase = .frames(cancellation)
            $0.received = nil
        }
    }

    /// A signal from now on removes the half-written animations.
    public func writingAnimations() { state.withLock { $0.phase = .animations } }

    /// A signal from now on finds nothing to stop.
    public func idle() { state.withLock { $0.phase = .idle } }
}

extension Render.Hooks {
    /// These hooks with `interruption` kept in step with the run (frames, animations, idle between)
    /// and asked whether to stop after the frames. `interruption` is evaluated when first needed,
    /// as the frames start, so a caller's signal handlers are installed from then on.
    public func interruptible(by interruption: @autoclosure @escaping () -> Interruption) -> Render.Hooks {
        var hooks = self
        hooks.startFrames = { label, cancellation in
            interruption().renderingFrames(cancellation)
            return startFrames(label, cancellation)
        }
        hooks.finishFrames = { summary, directory in
            interruption().idle()
            finishFrames(summary, directory)
        }
        hooks.startAnimations = {
            interruption().writingAnimations()
            startAnimations()
        }
        hooks.idle = {
            interruption().idle()
            idle()
        }
        hooks.stopRequested = { interruption().received != nil || stopRequested() }
        return hooks
    }
}

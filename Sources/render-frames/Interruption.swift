import Animation
import Foundation
import Raster
import RenderFramesKit

/// Ctrl-C and SIGTERM while the tool writes: one pair of signal sources for the whole process
/// (sources made again for the same signal in one process were not told of it), handled on a queue
/// of its own (a serial queue gets a thread even while every thread of the global pool is busy
/// drawing), doing what the phase under way needs:
/// - frames: cancel the render job (it writes a partial manifest; the caller exits 130 or 143);
/// - animations: stop the encoders, remove every half-written file, say so, exit 130 or 143;
/// - anything else (golden checks after the frames): exit 130 or 143 (128 + the signal's number,
///   the code a shell gives a command the signal ended, and the one the README promises).
/// (@unchecked: `sources` is set once, in `init`, and only kept alive.)
final class Interruption: @unchecked Sendable {
    static let shared = Interruption()

    enum Phase { case idle, frames(RenderJob.Cancellation), animations }
    private struct State { var phase = Phase.idle; var received: Int32? }
    private let state = Locked(State())
    private let sources: [DispatchSourceSignal]

    private init() {
        let queue = DispatchQueue(label: "render-frames.interruption")
        var sources: [DispatchSourceSignal] = []
        let state = self.state
        for sig in [SIGINT, SIGTERM] {
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: queue)
            source.setEventHandler { Interruption.handle(sig, state) }
            source.resume()
            sources.append(source)
        }
        self.sources = sources
    }

    private static func handle(_ sig: Int32, _ state: Locked<State>) {
        let phase = state.withLock { s -> Phase in
            s.received = s.received ?? sig; return s.phase
        }
        switch phase {
        case .frames(let cancellation):
            cancellation.cancel()
        case .animations:
            let removed = TemporaryFiles.shared.removeAll()
            writeToStandardError("interrupted: stopped writing animations; removed \(removed) half-written file(s)\n")
            _exit(128 + sig)
        case .idle:
            fflush(nil)
            _exit(128 + sig)
        }
    }

    /// The first signal received, if any.
    var received: Int32? { state.current.received }

    /// A signal from now on cancels `cancellation`.
    func renderingFrames(_ cancellation: RenderJob.Cancellation) {
        state.withLock {
            $0.phase = .frames(cancellation); $0.received = nil
        }
    }

    /// A signal from now on removes the half-written animations and exits.
    func writingAnimations() { state.withLock { $0.phase = .animations } }

    /// A signal from now on exits at once.
    func idle() { state.withLock { $0.phase = .idle } }
}

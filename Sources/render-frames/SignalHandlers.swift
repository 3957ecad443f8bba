import Foundation
import RenderFramesKit

/// Ctrl-C and SIGTERM while the tool writes: one pair of signal sources for the whole process
/// (sources made again for the same signal in one process were not told of it), made the first
/// time `shared` is used and handled on a queue of their own (a serial queue gets a thread even
/// while every thread of the global pool is busy drawing). Each stops what `interruption` says is
/// under way; unless the frames were cancelled (the run then says how far it got and exits), the
/// process exits 130 or 143: 128 + the signal's number, the code a shell gives a command the
/// signal ended, and the one the README promises.
/// (@unchecked: `sources` is set once, in `init`, and only kept alive.)
final class SignalHandlers: @unchecked Sendable {
    static let shared = SignalHandlers()

    let interruption = Interruption()
    private let sources: [DispatchSourceSignal]

    private init() {
        let queue = DispatchQueue(label: "render-frames.interruption")
        let interruption = self.interruption
        sources = [SIGINT, SIGTERM].map { sig in
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: queue)
            source.setEventHandler {
                switch interruption.handle(sig) {
                case .cancelledFrames: return
                case .removedAnimations(let removed):
                    writeToStandardError("interrupted: stopped writing animations; removed \(removed) half-written file(s)\n")
                case .nothingUnderWay: fflush(nil)
                }
                _exit(128 + sig)
            }
            source.resume()
            return source
        }
    }
}

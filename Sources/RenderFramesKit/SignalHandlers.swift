import Foundation
import Synchronization

/// Ctrl-C and SIGTERM while the tool writes: one pair of signal sources for the whole process
/// (sources made again for the same signal in one process were not told of it), made the first
/// time `shared` is used and handled on a queue of their own (a serial queue gets a thread even
/// while every thread of the global pool is busy drawing). Each stops what `interruption` says is
/// under way; unless the frames were cancelled (the run then says how far it got and exits), the
/// process exits 130 or 143: 128 + the signal's number, the code a shell gives a command the
/// signal ended, and the one the README promises.
/// The command-line tool's (moved here from Sources/render-frames, which holds argument parsing).
public final class SignalHandlers: Sendable {
    public static let shared = SignalHandlers()

    public let interruption = Interruption()
    /// The signal sources, kept alive (dispatch sources are not Sendable on Linux: a Mutex holds them).
    private let sources: Mutex<[DispatchSourceSignal]>

    private init() {
        let queue = DispatchQueue(label: "render-frames.interruption")
        let interruption = self.interruption
        sources = Mutex([SIGINT, SIGTERM].map { sig in
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: queue)
            source.setEventHandler {
                switch interruption.handle(sig) {
                case .cancelledFrames: return
                case .removedAnimations(let removed):
                    FileHandle.standardError.write(Data("interrupted: stopped writing animations; removed \(removed) half-written file(s)\n".utf8))
                case .nothingUnderWay: fflush(nil)
                }
                _exit(128 + sig)
            }
            source.resume()
            return source
        })
    }
}

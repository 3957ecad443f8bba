import Foundation
import RenderFramesKit

/// Progress on stderr: a live line on a terminal, a plain line every few seconds otherwise.
final class ProgressReporter: @unchecked Sendable {
    private let quiet: Bool
    private let label: String
    private let isTerminal = isatty(2) != 0
    private let start = Date()
    private var lastPrint = Date.distantPast
    private let lock = NSLock()

    init(quiet: Bool, label: String) {
        self.quiet = quiet
        self.label = label
    }

    func update(done: Int, total: Int) {
        guard !quiet else { return }
        lock.lock(); defer { lock.unlock() }
        let now = Date()
        let interval = isTerminal ? 0.1 : 2.0
        guard now.timeIntervalSince(lastPrint) >= interval || done == total else { return }
        lastPrint = now
        let elapsed = max(now.timeIntervalSince(start), 1e-6)
        let rate = Double(done) / elapsed
        let eta = rate > 0 ? Double(total - done) / rate : 0
        let line = String(format: "%@: %d/%d frames, %.1f frames/s, ETA %.0fs", label, done, total, rate, eta)
        if isTerminal {
            FileHandle.standardError.write(Data(("\r\u{1B}[K" + line).utf8))
        } else {
            FileHandle.standardError.write(Data((line + "\n").utf8))
        }
    }

    func finish(summary: RenderJob.Summary, outputDirectory: String) {
        guard !quiet else { return }
        if isTerminal { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        let line = String(format: "wrote %d frames (%.1f MB) to %@ in %.2fs (%.1f frames/s)", summary.framesWritten,
                          Double(summary.bytesWritten) / 1e6, outputDirectory, summary.seconds,
                          Double(summary.framesWritten) / max(summary.seconds, 1e-6))
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}

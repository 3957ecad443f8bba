import Foundation
import Raster
import RenderFramesKit

/// Progress on stderr: a live line on a terminal, a plain line every few seconds otherwise.
final class ProgressReporter: Sendable {
    private let quiet: Bool
    private let label: String
    private let isTerminal = isatty(2) != 0
    private let start = Date()
    private let lastPrint = Locked(Date.distantPast)

    init(quiet: Bool, label: String) {
        self.quiet = quiet
        self.label = label.terminalSafe
    }

    func update(done: Int, total: Int) {
        guard !quiet else { return }
        let now = Date()
        let interval = isTerminal ? 0.1 : 2.0
        // One line at a time: workers call this together, and each line is written under the lock.
        lastPrint.withLock { lastPrint in
            guard now.timeIntervalSince(lastPrint) >= interval || done == total else { return }
            lastPrint = now
            print(done: done, total: total, now: now)
        }
    }

    private func print(done: Int, total: Int, now: Date) {
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
        let line = String(format: "wrote %d frame%@ (%.1f MB) to %@ in %.2fs (%.1f frames/s)", summary.framesWritten,
                          summary.framesWritten == 1 ? "" : "s",
                          Double(summary.bytesWritten) / 1e6, outputDirectory, summary.seconds,
                          Double(summary.framesWritten) / max(summary.seconds, 1e-6))
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}

import Foundation
import Raster

/// Progress of a render's frames for a person: a live line on a terminal, a plain line every few
/// seconds otherwise, and a last line with what was written (`Render.Hooks.startFrames` and
/// `finishFrames` feed it). Lines go to `write`, standard error by default.
public final class ProgressReporter: Sendable {
    private let quiet: Bool
    private let label: String
    private let isTerminal: Bool
    private let write: @Sendable (String) -> Void
    private let start = Date()
    private let lastPrint = Locked(Date.distantPast)

    public init(
        quiet: Bool, label: String, terminal: Bool = isatty(2) != 0,
        write: @escaping @Sendable (String) -> Void = { FileHandle.standardError.write(Data($0.utf8)) }
    ) {
        self.quiet = quiet
        self.label = label.terminalSafe
        self.isTerminal = terminal
        self.write = write
    }

    public func update(done: Int, total: Int) {
        guard !quiet else { return }
        let now = Date()
        let interval = isTerminal ? 0.1 : 2.0
        // One line at a time: workers call this together, and each line is written under the lock.
        lastPrint.withLock { lastPrint in
            guard now.timeIntervalSince(lastPrint) >= interval || done == total else { return }
            lastPrint = now
            let elapsed = max(now.timeIntervalSince(start), 1e-6)
            let rate = Double(done) / elapsed
            let eta = rate > 0 ? Double(total - done) / rate : 0
            let line = String(format: "%@: %d/%d frames, %.1f frames/s, ETA %.0fs", label, done, total, rate, eta)
            write(isTerminal ? "\r\u{1B}[K" + line : line + "\n")
        }
    }

    public func finish(summary: RenderJob.Summary, outputDirectory: String) {
        guard !quiet else { return }
        if isTerminal { write("\r\u{1B}[K") }
        let line = String(
            format: "wrote %d frame%@ (%.1f MB) to %@ in %.2fs (%.1f frames/s)", summary.framesWritten,
            summary.framesWritten == 1 ? "" : "s",
            Double(summary.bytesWritten) / 1e6, outputDirectory, summary.seconds,
            Double(summary.framesWritten) / max(summary.seconds, 1e-6))
        write(line + "\n")
    }
}

extension Render.Hooks {
    /// Hooks that say what a run does as `render-frames` does: results line by line to `output`;
    /// notes (unless `quiet`) and warnings line by line to `errors`; progress through a
    /// `ProgressReporter` writing to `progress` (standard error, raw: a terminal's live line is
    /// drawn with escapes). A caller adds its own (signals, cancellation) on top.
    public static func printing(
        quiet: Bool, terminal: Bool = isatty(2) != 0, output: @escaping (String) -> Void,
        errors: @escaping (String) -> Void,
        progress: @escaping @Sendable (String) -> Void = { FileHandle.standardError.write(Data($0.utf8)) }
    ) -> Render.Hooks {
        var hooks = Render.Hooks()
        hooks.line = { output($0 + "\n") }
        hooks.note = { if !quiet { errors($0 + "\n") } }
        hooks.warn = { errors($0 + "\n") }
        let reporter = Locked<ProgressReporter?>(nil)
        hooks.startFrames = { label, _ in
            let reporting = ProgressReporter(quiet: quiet, label: label, terminal: terminal, write: progress)
            reporter.withLock { $0 = reporting }
            return { done, total in reporting.update(done: done, total: total) }
        }
        hooks.finishFrames = { summary, directory in reporter.current?.finish(summary: summary, outputDirectory: directory) }
        return hooks
    }
}

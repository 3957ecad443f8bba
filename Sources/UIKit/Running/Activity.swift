import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// What the screen's code is doing (the frame and the call), so that a crash inside it is
/// reported with both: a fatal signal prints the line before the process ends.
enum Activity {
    /// The line a crash prints, kept as bytes so the signal handler only calls write(2).
    nonisolated(unsafe) private static var line = [UInt8](repeating: 0, count: 512)
    nonisolated(unsafe) private static var length = 0
    nonisolated(unsafe) private static var installed = false

    static func set(frame: Int, call: String) {
        let text = "render-frames: the screen's code stopped at frame \(frame), in \(call)\n"
        let bytes = Array(text.utf8.prefix(line.count))
        length = 0
        for (i, b) in bytes.enumerated() { line[i] = b }
        length = bytes.count
        if !installed { install() }
    }

    static func clear() { length = 0 }

    private static func install() {
        installed = true
        for sig in [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE, SIGABRT] {
            signal(sig) { number in
                if Activity.length > 0 {
                    Activity.line.withUnsafeBufferPointer { _ = write(2, $0.baseAddress, Activity.length) }
                }
                signal(number, SIG_DFL)
                raise(number)
            }
        }
    }
}

import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// What the screen's code is doing (the frame and the call), so that a crash inside it is
/// reported with both: a fatal signal prints the line before the process ends.
enum Activity {
    /// The line a crash prints, as bytes so the signal handler only calls write(2): its length in
    /// the first two bytes (0: nothing to say), then the text.
    // nonisolated(unsafe): a signal handler can take no lock, so this buffer cannot be guarded; it
    // is written only by the thread running the screen's code and read only by the handler.
    nonisolated(unsafe) private static let line: UnsafeMutableBufferPointer<UInt8> = {
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 2 + 512)
        buffer.initialize(repeating: 0)
        return buffer
    }()
    /// The handlers, installed on first use (a static let is made once, whatever the thread).
    private static let installed: Void = install()

    static func set(frame: Int, call: String) {
        let text = "render-frames: the screen's code stopped at frame \(frame), in \(call)\n"
        let bytes = Array(text.utf8.prefix(line.count - 2))
        setLength(0)
        for (i, b) in bytes.enumerated() { line[2 + i] = b }
        setLength(bytes.count)
        _ = installed
    }

    static func clear() { setLength(0) }

    private static func setLength(_ n: Int) {
        line[0] = UInt8(n >> 8)
        line[1] = UInt8(n & 0xFF)
    }

    private static func install() {
        for sig in [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE, SIGABRT] {
            signal(sig) { number in
                let length = Int(Activity.line[0]) << 8 | Int(Activity.line[1])
                if length > 0 { _ = write(2, Activity.line.baseAddress! + 2, length) }
                signal(number, SIG_DFL)
                raise(number)
            }
        }
    }
}

import Foundation

/// What user code asks for that is not drawn (a perspective transform, a Core Animation
/// animation, `UIView.animate`), said once per key: the screen's run prints them after the frames.
enum Diagnostics {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var said: Set<String> = []
    nonisolated(unsafe) private static var messages: [String] = []

    /// Records `message` unless `key` was recorded already.
    static func once(_ key: String, _ message: String) {
        lock.lock(); defer { lock.unlock() }
        guard said.insert(key).inserted else { return }
        messages.append(message)
    }

    /// The messages recorded since the last call, in order; clears them (the keys stay said).
    static func take() -> [String] {
        lock.lock(); defer { lock.unlock() }
        defer { messages = [] }
        return messages
    }

    /// Forgets everything (a new screen's run).
    static func reset() {
        lock.lock(); defer { lock.unlock() }
        said = []; messages = []
    }
}

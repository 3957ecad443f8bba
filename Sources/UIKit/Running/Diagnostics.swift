import Foundation
internal import Raster

/// What user code asks for that is not drawn (a perspective transform, a Core Animation
/// animation, `UIView.animate`), said once per key: the screen's run prints them after the frames.
enum Diagnostics {
    /// The keys said so far, and the messages not yet taken, behind one lock.
    private static let state = Locked<(said: Set<String>, messages: [String])>(([], []))

    /// Records `message` unless `key` was recorded already.
    static func once(_ key: String, _ message: String) {
        state.withLock { state in
            guard state.said.insert(key).inserted else { return }
            state.messages.append(message)
        }
    }

    /// The messages recorded since the last call, in order; clears them (the keys stay said).
    static func take() -> [String] {
        state.withLock { state in
            defer { state.messages = [] }
            return state.messages
        }
    }

    /// Forgets everything (a new screen's run).
    static func reset() {
        state.withLock { $0 = ([], []) }
    }
}

import Foundation
import Synchronization

/// A value shared between threads, every access under one lock: a `Mutex` (so the compiler checks
/// that it is Sendable: the value goes in and out of the lock only as Sendable values), and a
/// condition that `wait(until:then:)` sleeps on until `withLockWakingWaiters` changes the value.
public final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>
    /// Held by waiters from their check of the value until they sleep, and by
    /// `withLockWakingWaiters` around its change, so a waiter cannot miss the wake-up.
    private let condition = NSCondition()

    public init(_ value: Value) { mutex = Mutex(value) }

    /// Runs `body` with the value, no other thread reaching it meanwhile.
    @discardableResult
    public func withLock<R, E: Error>(_ body: (inout Value) throws(E) -> R) throws(E) -> R {
        try mutex.withLock { (value: inout Value) throws(E) -> R in try body(&value) }
    }

    /// Runs `body` with the value, then wakes the threads waiting in `wait(until:then:)`.
    @discardableResult
    public func withLockWakingWaiters<R, E: Error>(_ body: (inout Value) throws(E) -> R) throws(E) -> R {
        condition.lock()
        defer {
            condition.broadcast()
            condition.unlock()
        }
        return try withLock(body)
    }

    /// Waits until `ready(value)` holds (woken by `withLockWakingWaiters`), then runs `body` with
    /// the value, the lock held from the check through `body`.
    @discardableResult
    public func wait<R, E: Error>(until ready: (Value) -> Bool, then body: (inout Value) throws(E) -> R) throws(E) -> R {
        condition.lock()
        defer { condition.unlock() }
        while true {
            let done: R? = try withLock { (value: inout Value) throws(E) -> R? in ready(value) ? try body(&value) : nil }
            if let done { return done }
            condition.wait()
        }
    }

    /// A copy of the value now.
    public var current: Value { withLock { $0 } }
}

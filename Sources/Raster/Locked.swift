import Foundation

/// A value shared between threads, every access under one lock. It is Sendable when its value
/// is (promised by hand below, as a lock's soundness cannot be shown to the compiler): `value` is
/// reached only inside `withLock` and `wait(until:then:)`, so no two threads touch it at once,
/// and the lock's unlock/lock pair orders their writes.
public final class Locked<Value> {
    /// The lock, and the condition threads wait on for the value to change (`wait(until:then:)`).
    private let condition = NSCondition()
    private var value: Value

    public init(_ value: Value) { self.value = value }

    /// Runs `body` with the value, no other thread reaching it meanwhile.
    @discardableResult
    public func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        condition.lock()
        defer { condition.unlock() }
        return try body(&value)
    }

    /// Runs `body` with the value, then wakes the threads waiting in `wait(until:then:)`.
    @discardableResult
    public func withLockWakingWaiters<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        condition.lock()
        defer {
            condition.broadcast()
            condition.unlock()
        }
        return try body(&value)
    }

    /// Waits until `ready(value)` holds (woken by `withLockWakingWaiters`), then runs `body` with
    /// the value, the lock held from the check through `body`.
    @discardableResult
    public func wait<R>(until ready: (Value) -> Bool, then body: (inout Value) throws -> R) rethrows -> R {
        condition.lock()
        defer { condition.unlock() }
        while !ready(value) { condition.wait() }
        return try body(&value)
    }

    /// A copy of the value now.
    public var current: Value { withLock { $0 } }
}

// @unchecked: a lock's soundness cannot be shown to the compiler; `value` is only reached with
// `condition` locked (every method above), so it is Sendable when its value is.
extension Locked: @unchecked Sendable where Value: Sendable {}

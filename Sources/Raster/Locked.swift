import Foundation

/// A value shared between threads, every access under one lock. It is Sendable when its value
/// is (promised by hand below, as a lock's soundness cannot be shown to the compiler): `value` is
/// reached only inside `withLock`, so no two threads touch it at once, and the lock's unlock/lock
/// pair orders their writes.
public final class Locked<Value> {
    private let lock = NSLock()
    private var value: Value

    public init(_ value: Value) { self.value = value }

    /// Runs `body` with the value, no other thread reaching it meanwhile.
    @discardableResult
    public func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    /// A copy of the value now.
    public var current: Value { withLock { $0 } }
}

extension Locked: @unchecked Sendable where Value: Sendable {}

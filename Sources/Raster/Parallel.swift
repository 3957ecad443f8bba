import Dispatch

/// Work spread over threads, for the loops whose items are independent (frames, images, batches).
public enum Parallel {
    /// `body(worker, index)` for every index below `count`, on up to `workers` threads; worker w
    /// takes indices w, w + workers, ... so state indexed by worker is its own. Returns the results
    /// in index order, whatever the number of workers.
    ///
    /// `body` need not be `@Sendable`: it runs only while this call waits (concurrentPerform returns
    /// when every iteration has), and each index is given to one thread. What `body` shares between
    /// indices must be immutable or its own per worker; that is the caller's promise.
    public static func map<T>(_ count: Int, workers: Int, _ body: (_ worker: Int, _ index: Int) -> T) -> [T] {
        guard count > 0 else { return [] }
        let workers = max(1, min(workers, count))
        return withoutActuallyEscaping(body) { body in
            nonisolated(unsafe) let body = body
            nonisolated(unsafe) let slots = UnsafeMutableBufferPointer<T>.allocate(capacity: count)
            defer { slots.deallocate() }
            DispatchQueue.concurrentPerform(iterations: workers) { worker in
                var i = worker
                while i < count {
                    (slots.baseAddress! + i).initialize(to: body(worker, i))
                    i += workers
                }
            }
            return Array(UnsafeMutableBufferPointer(rebasing: slots[...]).moveInitializedArray())
        }
    }

    /// `body(worker, index)` for every index below `count`, as `map` runs it, for its effects.
    public static func forEach(_ count: Int, workers: Int, _ body: (_ worker: Int, _ index: Int) -> Void) {
        _ = map(count, workers: workers, body)
    }
}

extension UnsafeMutableBufferPointer {
    /// The elements moved out into an array, leaving the memory uninitialised.
    fileprivate func moveInitializedArray() -> [Element] {
        [Element](unsafeUninitializedCapacity: count) { out, n in
            _ = out.moveInitialize(fromContentsOf: self)
            n = count
        }
    }
}

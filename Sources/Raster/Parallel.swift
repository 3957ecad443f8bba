import Dispatch

/// Work spread over threads, for the loops whose items are independent (frames, images, batches).
///
/// The work is `@Sendable`, so the compiler checks what it shares between threads: what it
/// captures is immutable or Sendable, and what a worker keeps from item to item (a cache, an
/// encoder) is its own: made on its thread (`map(_:workers:state:_:)`) or handed to it and back
/// (`map(_:states:_:)`).
public enum Parallel {
    /// `body(worker, index)` for every index below `count`, on up to `workers` threads; worker w
    /// takes indices w, w + workers, ... Returns the results in index order, whatever the number
    /// of workers.
    public static func map<T: Sendable>(_ count: Int, workers: Int, _ body: @Sendable (_ worker: Int, _ index: Int) -> T) -> [T] {
        lanes(count, workers: workers) { worker, indices in indices.map { body(worker, $0) } }
    }

    /// `body(&state, index)` for every index below `count`, on up to `workers` threads as `map`
    /// spreads them, each worker with a state of its own that `makeState` makes on its thread (a
    /// scratch buffer, an encoder) and that lives for its indices only.
    public static func map<S, T: Sendable>(
        _ count: Int, workers: Int, state makeState: @Sendable () -> S, _ body: @Sendable (_ state: inout S, _ index: Int) -> T
    ) -> [T] {
        lanes(count, workers: workers) { _, indices in
            var state = makeState()
            return indices.map { body(&state, $0) }
        }
    }

    /// `body(&states[w], index)` for every index below `count`, on `states.count` threads: worker w
    /// takes indices w, w + states.count, ... and alone reaches `states[w]`, which it keeps from one
    /// of its indices to the next and leaves in `states` after the call (a cache stays warm from
    /// call to call). Returns the results in index order, whatever the number of workers.
    public static func map<S: Sendable, T: Sendable>(
        _ count: Int, states: inout [S], _ body: @Sendable (_ state: inout S, _ index: Int) -> T
    ) -> [T] {
        guard count > 0 else { return [] }
        precondition(!states.isEmpty, "Parallel.map needs a state for at least one worker")
        // Each worker takes its state out and puts it back when its indices are done.
        let held = Locked(states.map { Optional($0) })
        let out = lanes(count, workers: states.count) { worker, indices in
            var state = held.withLock { all in
                defer { all[worker] = nil }
                return all[worker]!
            }
            let results = indices.map { body(&state, $0) }
            held.withLock { $0[worker] = state }
            return results
        }
        states = held.current.map { $0! }
        return out
    }

    /// `body(worker, index)` for every index below `count`, as `map` runs it, for its effects.
    public static func forEach(_ count: Int, workers: Int, _ body: @Sendable (_ worker: Int, _ index: Int) -> Void) {
        _ = map(count, workers: workers, body)
    }

    /// `lane(w, [w, w + n, w + 2n, ...])` on each of n = min(workers, count) threads, each lane's
    /// results in the order of its indices; returns them all in index order.
    private static func lanes<T: Sendable>(
        _ count: Int, workers: Int, _ lane: @Sendable (_ worker: Int, _ indices: StrideTo<Int>) -> [T]
    ) -> [T] {
        guard count > 0 else { return [] }
        let workers = max(1, min(workers, count))
        let done = Locked([[T]](repeating: [], count: workers))
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            let results = lane(worker, stride(from: worker, to: count, by: workers))
            done.withLock { $0[worker] = results }
        }
        return done.withLock { lanes in
            var out: [T] = []
            out.reserveCapacity(count)
            for i in 0..<count { out.append(lanes[i % workers][i / workers]) }
            return out
        }
    }
}

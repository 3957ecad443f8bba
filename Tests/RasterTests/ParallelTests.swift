import Foundation
import XCTest

@testable import Raster

/// `Parallel.map` (issue 44, item 4): `@Sendable` work, results in index order whatever the number
/// of workers, and per-worker state that is its own.
final class ParallelTests: XCTestCase {
    func testResultsComeInIndexOrderForAnyNumberOfWorkers() {
        for workers in [1, 2, 3, 7, 40] {
            XCTAssertEqual(Parallel.map(10, workers: workers) { _, i in i * i }, (0..<10).map { $0 * $0 }, "\(workers) workers")
        }
        XCTAssertEqual(Parallel.map(0, workers: 4) { _, i in i }, [])
    }

    /// Worker w takes indices w, w + n, ...: with 3 workers over 7 indices, worker 1 gets 1 and 4.
    func testWorkerWTakesEveryNthIndexFromW() {
        XCTAssertEqual(Parallel.map(7, workers: 3) { worker, _ in worker }, [0, 1, 2, 0, 1, 2, 0])
    }

    /// A state made on the worker's thread lives for that worker's indices: counting in it gives
    /// 1, 2, 3 along worker 0's indices 0, 3, 6 and 1, 2 along the others'.
    func testAStateMadePerWorkerLastsForItsIndices() {
        let counts = Parallel.map(7, workers: 3, state: { 0 }) { count, _ in
            count += 1
            return count
        }
        XCTAssertEqual(counts, [1, 1, 1, 2, 2, 2, 3])
    }

    /// States handed to the workers come back changed: 10 indices over 3 states are 4, 3 and 3.
    func testStatesHandedToTheWorkersComeBackChanged() {
        var states = [0, 0, 0]
        let doubled = Parallel.map(10, states: &states) { seen, i in
            seen += 1
            return 2 * i
        }
        XCTAssertEqual(doubled, (0..<10).map { 2 * $0 })
        XCTAssertEqual(states, [4, 3, 3])
        // More states than indices: the unused ones come back as they were.
        var many = [5, 5, 5, 5]
        XCTAssertEqual(Parallel.map(2, states: &many) { s, i in s += 1; return i }, [0, 1])
        XCTAssertEqual(many, [6, 6, 5, 5])
    }

    /// `wait(until:then:)` returns once another thread's `withLockWakingWaiters` made the value
    /// ready, and runs its body with the value it waited for.
    func testWaitingForALockedValueSeesTheWakingWrite() {
        let box = Locked(0)
        let thread = Thread { box.withLockWakingWaiters { $0 = 7 } }
        thread.start()
        let seen = box.wait(until: { $0 != 0 }) { value -> Int in
            value += 1
            return value
        }
        XCTAssertEqual(seen, 8)
        XCTAssertEqual(box.current, 8)
    }
}

import Foundation
import XCTest

import Raster

@testable import UIKit

/// UIKit's per-thread state (issue 44, item 4): `UITraitCollection.current` belongs to the current
/// execution context, as Apple documents it, and so does the stack of graphics contexts.
final class PerThreadStateTests: XCTestCase {
    /// What another thread reads, while it runs.
    static func onAnotherThread<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T {
        let result = Locked<T?>(nil)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            result.withLock { $0 = body() }
            done.signal()
        }
        thread.start()
        done.wait()
        return result.current!
    }

    func testTheCurrentTraitCollectionIsEachThreadsOwn() {
        let saved = UITraitCollection.current
        defer { UITraitCollection.current = saved }
        UITraitCollection.current = UITraitCollection(userInterfaceStyle: .dark)
        // A thread that never set it sees the default (light); this one keeps its dark.
        let elsewhere = Self.onAnotherThread { UITraitCollection.current.userInterfaceStyle }
        XCTAssertEqual(elsewhere, .light)
        XCTAssertEqual(UITraitCollection.current.userInterfaceStyle, .dark)
        // performAsCurrent on another thread leaves this thread's alone.
        let inside = Self.onAnotherThread { () -> UIUserInterfaceStyle in
            var seen = UIUserInterfaceStyle.unspecified
            UITraitCollection(userInterfaceStyle: .light).performAsCurrent { seen = UITraitCollection.current.userInterfaceStyle }
            return seen
        }
        XCTAssertEqual(inside, .light)
        XCTAssertEqual(UITraitCollection.current.userInterfaceStyle, .dark)
    }

    func testTheGraphicsContextStackIsEachThreadsOwn() {
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 4, height: 4), false, 1)
        defer { UIGraphicsEndImageContext() }
        XCTAssertNotNil(UIGraphicsGetCurrentContext())
        XCTAssertFalse(Self.onAnotherThread { UIGraphicsGetCurrentContext() != nil })
        // An image context begun and ended on another thread leaves this one's current.
        let drawn = Self.onAnotherThread { () -> CGSize? in
            UIGraphicsBeginImageContextWithOptions(CGSize(width: 2, height: 3), false, 1)
            defer { UIGraphicsEndImageContext() }
            return UIGraphicsGetImageFromCurrentImageContext()?.size
        }
        XCTAssertEqual(drawn, CGSize(width: 2, height: 3))
        XCTAssertNotNil(UIGraphicsGetCurrentContext())
    }
}

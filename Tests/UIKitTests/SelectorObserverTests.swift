import Foundation
import Raster
import RenderFramesKit
import Scene
import UIKit
import XCTest

private let refreshName = Notification.Name("SelectorObserverTests.refresh")
private let otherName = Notification.Name("SelectorObserverTests.other")

/// An observer whose methods are registered by selector, as `render-frames port` registers an
/// app's `@objc` methods.
@MainActor private final class Observer {
    var log: [String] = []
    var notifications: [Notification] = []
    func refresh(_ notification: Notification) {
        log.append("refresh:"); notifications.append(notification)
    }
    func ping() { log.append("ping") }
    func wrongSender(_ button: UIButton) { log.append("wrongSender:") }
}

/// A screen that counts a timer's ticks on the frame clock.
@MainActor private final class TickingViewController: UIViewController {
    let interval: TimeInterval
    let repeats: Bool
    var stopAfter = Int.max
    var ticks: [Double] = []
    var infos: [Int] = []
    var timer: Timer?
    init(interval: TimeInterval, repeats: Bool) {
        self.interval = interval; self.repeats = repeats
        super.init(nibName: nil, bundle: nil)
    }
    required init?(coder: NSCoder) { fatalError() }
    override func viewDidLoad() {
        super.viewDidLoad()
        timer = Timer.scheduledTimer(timeInterval: interval, target: self, selector: Selector("tick:"), userInfo: 7, repeats: repeats)
    }
    func tick(_ timer: Timer) {
        ticks.append(CACurrentMediaTime())
        infos.append(timer.userInfo as? Int ?? -1)
        if ticks.count >= stopAfter { timer.invalidate() }
    }
}

/// `NotificationCenter.addObserver(_:selector:name:object:)` and
/// `Timer.scheduledTimer(timeInterval:target:selector:userInfo:repeats:)` without the Objective-C
/// runtime: the selector reaches the method the observer's or target's class registered.
final class SelectorObserverTests: XCTestCase {
    @MainActor private static func register() {
        UIStoryboard.register(Observer.self) {
            $0.action("refresh:", Observer.refresh(_:))
            $0.action("ping", Observer.ping)
            $0.action("wrongSender:", Observer.wrongSender(_:))
        }
        UIStoryboard.register(TickingViewController.self) { $0.action("tick:", TickingViewController.tick(_:)) }
    }

    /// Apple: the center delivers synchronously, as `post` runs, with the notification; only the
    /// name observed, and only from the object observed when one is given.
    func testAPostCallsTheObserversSelectorSynchronouslyWithTheNotification() throws {
        try MainActor.assumeIsolated {
            Self.register()
            let center = NotificationCenter()
            let observer = Observer()
            let sender = NSObject()
            center.addObserver(observer, selector: Selector("refresh:"), name: refreshName, object: sender)
            center.addObserver(observer, selector: Selector("ping"), name: otherName, object: nil)
            center.post(name: refreshName, object: sender, userInfo: ["page": 2])
            XCTAssertEqual(observer.log, ["refresh:"], "called before post returns")
            XCTAssertEqual(observer.notifications.first?.userInfo?["page"] as? Int, 2)
            XCTAssertTrue(observer.notifications.first?.object as AnyObject === sender)
            center.post(name: refreshName, object: NSObject())
            XCTAssertEqual(observer.log, ["refresh:"], "another sender's post is not observed")
            center.post(name: otherName, object: NSObject())
            XCTAssertEqual(observer.log, ["refresh:", "ping"], "a method without arguments is called without the notification")
        }
    }

    /// `removeObserver(_:)` ends every observation of the observer; `removeObserver(_:name:object:)`
    /// only those of the name; the block form's tokens are still removed as Foundation removes them.
    func testRemovingAnObserverEndsItsObservations() throws {
        try MainActor.assumeIsolated {
            Self.register()
            let center = NotificationCenter()
            let observer = Observer()
            center.addObserver(observer, selector: Selector("refresh:"), name: refreshName, object: nil)
            center.addObserver(observer, selector: Selector("ping"), name: otherName, object: nil)
            center.removeObserver(observer, name: otherName, object: nil)
            center.post(name: otherName, object: nil)
            center.post(name: refreshName, object: nil)
            XCTAssertEqual(observer.log, ["refresh:"])
            center.removeObserver(observer)
            center.post(name: refreshName, object: nil)
            XCTAssertEqual(observer.log, ["refresh:"], "removed: no second call")
            let blocks = Locked(0)
            let token = center.addObserver(forName: refreshName, object: nil, queue: nil) { _ in blocks.withLock { $0 += 1 } }
            center.post(name: refreshName, object: nil)
            center.removeObserver(token)
            center.post(name: refreshName, object: nil)
            XCTAssertEqual(blocks.current, 1, "a block observation's token is removed as before")
        }
    }

    /// The center does not keep the observer: once it is gone, a post calls nothing.
    func testAnObserverThatIsGoneIsNotCalled() throws {
        try MainActor.assumeIsolated {
            Self.register()
            let center = NotificationCenter()
            var observer: Observer? = Observer()
            weak var gone = observer
            center.addObserver(observer!, selector: Selector("refresh:"), name: refreshName, object: nil)
            observer = nil
            XCTAssertNil(gone, "not retained by the center")
            center.post(name: refreshName, object: nil)
        }
    }

    /// A selector the class did not register, or a method that takes no Notification, is said,
    /// not crashed on.
    func testAnUnregisteredSelectorIsSaid() throws {
        try MainActor.assumeIsolated {
            Self.register()
            ScreenRun.resetDiagnostics()
            let center = NotificationCenter()
            let observer = Observer()
            center.addObserver(observer, selector: Selector("missing:"), name: refreshName, object: nil)
            center.addObserver(observer, selector: Selector("wrongSender:"), name: otherName, object: nil)
            center.post(name: refreshName, object: nil)
            center.post(name: otherName, object: nil)
            let said = ScreenRun.takeDiagnostics()
            XCTAssertTrue(said.contains { $0.contains("registered no method missing:") }, "\(said)")
            XCTAssertTrue(said.contains { $0.contains("wrongSender: does not take a Notification") }, "\(said)")
            XCTAssertEqual(observer.log, [])
        }
    }

    /// At 30 frames a second, a 0.25 s repeating timer scheduled in viewDidLoad (time 0) fires at
    /// the first frame at or after each fire date: 0.2667 (frame 8), 0.5 (15), 0.7667 (23), 1.0 (30);
    /// each time with the timer, whose userInfo is the one given.
    func testARepeatingTimerFiresOnTheFrameClock() throws {
        try MainActor.assumeIsolated {
            Self.register()
            let vc = TickingViewController(interval: 0.25, repeats: true)
            let run = Self.run(vc, fps: 30)
            run.advance(to: 30)
            XCTAssertEqual(vc.ticks.map { ($0 * 30).rounded() }, [8, 15, 23, 30])
            XCTAssertEqual(vc.infos, [7, 7, 7, 7])
            XCTAssertTrue(vc.timer!.isValid)
        }
    }

    /// A repeating timer that several fire dates passed between two frames (0.1 s at 4 frames a
    /// second) fires once a frame, as Apple documents of a late timer, not once per date passed.
    func testALateRepeatingTimerFiresOncePerFrame() throws {
        try MainActor.assumeIsolated {
            Self.register()
            let vc = TickingViewController(interval: 0.1, repeats: true)
            let run = Self.run(vc, fps: 4)
            run.advance(to: 4)
            XCTAssertEqual(vc.ticks, [0.25, 0.5, 0.75, 1.0])
        }
    }

    /// A timer that does not repeat fires once and is invalidated; `invalidate()` in the target's
    /// method stops a repeating one.
    func testANonRepeatingTimerFiresOnceAndInvalidateStopsARepeatingOne() throws {
        try MainActor.assumeIsolated {
            Self.register()
            let once = TickingViewController(interval: 0.5, repeats: false)
            let run = Self.run(once, fps: 10)
            run.advance(to: 20)
            XCTAssertEqual(once.ticks, [0.5])
            XCTAssertFalse(once.timer!.isValid)

            let stopping = TickingViewController(interval: 0.2, repeats: true)
            stopping.stopAfter = 2
            let run2 = Self.run(stopping, fps: 10)
            run2.advance(to: 20)
            XCTAssertEqual(stopping.ticks.map { ($0 * 10).rounded() }, [2, 4])
            XCTAssertFalse(stopping.timer!.isValid)
        }
    }

    @MainActor private static func run(_ vc: UIViewController, fps: Double) -> ScreenRun {
        let settings = ScreenSettings(device: Device.named("iphone-15")!, appearance: .light, typography: .standard, fps: fps, imageFolders: [])
        let motion = KeyframeTimeline(keyframes: [.init(time: 0, offset: 0, easing: .linear), .init(time: 5, offset: 0, easing: .linear)])
        return ScreenRun(settings: settings, motion: motion, make: { vc })
    }
}

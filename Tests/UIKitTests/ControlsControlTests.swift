import UIKit
import XCTest

/// UIControl's state and its targets and actions: kept, and UIAction handlers run by sendActions(for:).
final class ControlsControlTests: XCTestCase {
    func testStateFollowsTheFlags() {
        ControlsHarness.onMain {
            let control = UIControl()
            XCTAssertEqual(control.state, .normal)
            control.isSelected = true
            control.isEnabled = false
            XCTAssertEqual(control.state, [.selected, .disabled])
            control.contentHorizontalAlignment = .leading
            XCTAssertEqual(control.effectiveContentHorizontalAlignment, .left)
        }
    }

    func testActionsRunForTheirEventsAndTargetsAreKept() {
        ControlsHarness.onMain {
            var log: [String] = []
            let control = UIControl()
            let tap = UIAction(title: "Tap") { action in log.append("tap \(action.title) from \(action.sender is UIControl)") }
            control.addAction(tap, for: .touchUpInside)
            control.addAction(UIAction { _ in log.append("changed") }, for: .valueChanged)
            control.sendActions(for: .touchUpInside)
            XCTAssertEqual(log, ["tap Tap from true"])
            control.sendActions(for: [.valueChanged, .touchUpInside])
            XCTAssertEqual(log, ["tap Tap from true", "tap Tap from true", "changed"])
            control.removeAction(tap, for: .touchUpInside)
            control.sendActions(for: .touchUpInside)
            XCTAssertEqual(log.count, 3)
            XCTAssertEqual(control.allControlEvents, .valueChanged)

            let target = NSObject()
            control.addTarget(target, action: Selector("didTap"), for: .touchUpInside)
            control.addTarget(target, action: "didTap", for: .touchDown)
            XCTAssertEqual(control.actions(forTarget: target, forControlEvent: .touchDown), ["didTap"])
            XCTAssertEqual(control.allTargets.count, 1)
            ScreenRun.resetDiagnostics()
            control.sendActions(for: .touchUpInside)
            XCTAssertTrue(ScreenRun.takeDiagnostics().contains { $0.contains("the action didTap was not sent") })
            control.removeTarget(target, action: nil, for: .allEvents)
            XCTAssertNil(control.actions(forTarget: target, forControlEvent: .touchDown))
            XCTAssertTrue(control.allTargets.isEmpty)
        }
    }

    func testAButtonsPrimaryAction() {
        ControlsHarness.onMain {
            var fired = 0
            var c = UIButton.Configuration.filled()
            c.title = "Go"
            let button = UIButton(configuration: c, primaryAction: UIAction { _ in fired += 1 })
            button.sendActions(for: .primaryActionTriggered)
            XCTAssertEqual(fired, 1)
            let legacy = UIButton(type: .system, primaryAction: UIAction(title: "Done") { _ in fired += 1 })
            XCTAssertEqual(legacy.currentTitle, "Done")
            legacy.sendActions(for: .primaryActionTriggered)
            XCTAssertEqual(fired, 2)
        }
    }
}

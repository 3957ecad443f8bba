import UIKit
import XCTest

/// Auto Layout inside scroll views as a first user wrote it (a new-user trial found each of these):
/// a margins-relative stack of wrapping text in a scroll view's content guide, a width equal to
/// the scroll view's, a constraint to a view that was released, and what an ambiguity says.
final class AutoLayoutScrollTests: XCTestCase {
    /// A scroll view filling the screen, a vertical stack in its content guide, as wide as its frame.
    @MainActor static func recipe(_ view: UIView, margins: Bool, widthToScrollView: Bool) -> (UIScrollView, UIStackView, UILabel) {
        let scroll = UIScrollView()
        scroll.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(scroll)
        let title = UILabel(), body = UILabel()
        title.text = "Lemon Ricotta Pancakes with Blueberries"
        title.numberOfLines = 0
        body.text = String(repeating: "Whisk the ricotta with the eggs and lemon, fold in the flour, and rest the batter. ", count: 40)
        body.numberOfLines = 0
        let stack = UIStackView(arrangedSubviews: [title, body])
        stack.axis = .vertical
        stack.spacing = 12
        stack.isLayoutMarginsRelativeArrangement = margins
        stack.translatesAutoresizingMaskIntoConstraints = false
        scroll.addSubview(stack)
        NSLayoutConstraint.activate([
            scroll.topAnchor.constraint(equalTo: view.topAnchor), scroll.bottomAnchor.constraint(equalTo: view.bottomAnchor),
            scroll.leadingAnchor.constraint(equalTo: view.leadingAnchor), scroll.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            stack.topAnchor.constraint(equalTo: scroll.contentLayoutGuide.topAnchor),
            stack.bottomAnchor.constraint(equalTo: scroll.contentLayoutGuide.bottomAnchor),
            stack.leadingAnchor.constraint(equalTo: scroll.contentLayoutGuide.leadingAnchor),
            stack.trailingAnchor.constraint(equalTo: scroll.contentLayoutGuide.trailingAnchor),
            widthToScrollView
                ? stack.widthAnchor.constraint(equalTo: scroll.widthAnchor) : stack.widthAnchor.constraint(equalTo: scroll.frameLayoutGuide.widthAnchor),
        ])
        return (scroll, stack, body)
    }

    /// The stack's margins do not take in the home indicator's safe area again (the scroll view
    /// took it as adjusted content inset): its height is its text's, the same at every layout.
    func testAMarginsRelativeStackInAScrollViewKeepsItsHeight() {
        ControlsHarness.onMain {
            var parts: (UIScrollView, UIStackView, UILabel)!
            let run = ControlsHarness.run { parts = Self.recipe($0, margins: true, widthToScrollView: false) }
            let (scroll, stack, body) = parts!
            let first = stack.frame.height
            XCTAssertGreaterThan(first, 1000, "taller than the screen")
            run.advance(to: 1)
            for _ in 0..<3 {
                stack.setNeedsLayout()
                run.window.layoutIfNeeded()
            }
            XCTAssertEqual(stack.frame.height, first, "the stack grew from one layout to the next")
            XCTAssertEqual(stack.frame.width, 393)
            XCTAssertEqual(scroll.contentSize.height, first, accuracy: 0.5)
            XCTAssertLessThan(first, 3000, "as tall as its text and margins")
            XCTAssertEqual(body.frame.width, 393 - 16, accuracy: 0.5, "inside the stack's 8 pt margins")
            XCTAssertEqual(stack.safeAreaInsets.top, 0, "the scroll view's content does not see the top inset again")
            XCTAssertEqual(stack.safeAreaInsets.bottom, 0)
        }
    }

    /// A width equal to the scroll view's is its frame's width, not its content's (Apple's
    /// "Working with Scroll Views": edges are the content area; width, height and centres the frame).
    func testAWidthEqualToTheScrollViewsIsItsFrameWidth() {
        ControlsHarness.onMain {
            var parts: (UIScrollView, UIStackView, UILabel)!
            _ = ControlsHarness.run { parts = Self.recipe($0, margins: false, widthToScrollView: true) }
            let (scroll, stack, _) = parts!
            XCTAssertEqual(stack.frame.width, 393)
            XCTAssertEqual(scroll.contentSize.width, 393)
        }
    }

    /// A constraint to a view nothing kept is refused with a message (UIKit would crash).
    func testAConstraintToAReleasedViewIsRefused() {
        ControlsHarness.onMain {
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
            let label = UILabel()
            root.addSubview(label)
            var constraint: NSLayoutConstraint!
            do {
                let orphan = UIView()
                constraint = label.topAnchor.constraint(equalTo: orphan.bottomAnchor)
            }
            _ = ScreenRun.takeDiagnostics()
            constraint.isActive = true
            XCTAssertFalse(constraint.isActive)
            let said = ScreenRun.takeDiagnostics()
            XCTAssertEqual(said.count, 1)
            XCTAssertTrue(said.first?.contains("one of its views was released before it was activated") == true, "\(said)")
        }
    }

    /// A view with only its leading edge pinned: the message names what is free (width, y, height).
    func testAnAmbiguityNamesWhatIsFree() {
        ControlsHarness.onMain {
            ScreenRun.resetDiagnostics()
            let badge = UIView()
            badge.accessibilityIdentifier = "badge"
            _ = ControlsHarness.run { view in
                badge.translatesAutoresizingMaskIntoConstraints = false
                view.addSubview(badge)
                badge.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 20).isActive = true
            }
            let said = ScreenRun.takeDiagnostics().filter { $0.contains("'badge'") }
            XCTAssertEqual(said.count, 1, "\(said)")
            XCTAssertTrue(said.first?.hasSuffix("add constraints that fix its width, y and height") == true, "\(said)")
            XCTAssertTrue(badge.hasAmbiguousLayout)
        }
    }
}

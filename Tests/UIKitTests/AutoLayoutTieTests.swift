import UIKit
import XCTest

/// Non-required constraints of one priority that conflict: breaking either is as good, so the
/// layout is ambiguous in UIKit's sense (`hasAmbiguousLayout`), and said once with the priority.
final class AutoLayoutTieTests: XCTestCase {
    override func setUp() {
        _ = MainActor.assumeIsolated { ScreenRun.takeDiagnostics() }
    }

    /// Two wishes for the same x at @500: any x between them is as good.
    func testTwoConflictingConstraintsOfOnePriorityAreAmbiguous() {
        MainActor.assumeIsolated {
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
            let v = UIView()
            v.accessibilityIdentifier = "torn"
            v.translatesAutoresizingMaskIntoConstraints = false
            root.addSubview(v)
            let near = v.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10)
            let far = v.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 60)
            near.priority = UILayoutPriority(500)
            far.priority = UILayoutPriority(500)
            NSLayoutConstraint.activate([
                near, far, v.widthAnchor.constraint(equalToConstant: 20), v.topAnchor.constraint(equalTo: root.topAnchor),
                v.heightAnchor.constraint(equalToConstant: 20),
            ])
            root.layoutIfNeeded()
            XCTAssertTrue(v.hasAmbiguousLayout)
            XCTAssertTrue(v.leadingAnchor.hasAmbiguousLayout)
            XCTAssertFalse(v.topAnchor.hasAmbiguousLayout)
            let said = ScreenRun.takeDiagnostics()
            XCTAssertEqual(said.count, 1, "\(said)")
            XCTAssertTrue(
                said.first?.hasPrefix("<UIView'torn'>: hasAmbiguousLayout: constraints of equal priority (@500) conflict") == true, "\(said)")
            XCTAssertTrue(said.first?.contains("horizontally") == true, "\(said)")
            // One of them a point higher: it wins, and nothing is free.
            far.priority = UILayoutPriority(501)
            root.layoutIfNeeded()
            XCTAssertFalse(v.hasAmbiguousLayout)
            XCTAssertEqual(v.frame, CGRect(x: 60, y: 0, width: 20, height: 20))
            XCTAssertEqual(ScreenRun.takeDiagnostics(), [])
        }
    }

    /// Two labels stacked in a box too short for both: their compression resistances (@750 each)
    /// tie over which is squeezed; raising one's resistance settles it.
    func testTwoLabelsSqueezedAtTheSameResistanceAreAmbiguous() {
        MainActor.assumeIsolated {
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let box = UIView(frame: CGRect(x: 0, y: 100, width: 390, height: 30))
            root.addSubview(box)
            let title = UILabel(), subtitle = UILabel()
            title.text = "Title"
            subtitle.text = "Subtitle"
            title.accessibilityIdentifier = "title"
            subtitle.accessibilityIdentifier = "subtitle"
            for l in [title, subtitle] {
                l.translatesAutoresizingMaskIntoConstraints = false
                box.addSubview(l)
            }
            NSLayoutConstraint.activate([
                title.topAnchor.constraint(equalTo: box.topAnchor), title.leadingAnchor.constraint(equalTo: box.leadingAnchor),
                subtitle.topAnchor.constraint(equalTo: title.bottomAnchor), subtitle.leadingAnchor.constraint(equalTo: box.leadingAnchor),
                subtitle.bottomAnchor.constraint(equalTo: box.bottomAnchor),
            ])
            root.layoutIfNeeded()
            XCTAssertTrue(title.hasAmbiguousLayout)
            XCTAssertTrue(subtitle.hasAmbiguousLayout)
            XCTAssertFalse(title.leadingAnchor.hasAmbiguousLayout)
            // Said of the label the solve squeezed (breaking the other's resistance is as good).
            let said = ScreenRun.takeDiagnostics()
            XCTAssertEqual(said.count, 1, "\(said)")
            let squeezed = title.frame.height < title.intrinsicContentSize.height - 0.01 ? "title" : "subtitle"
            XCTAssertTrue(
                said.first?.hasPrefix("<UILabel'\(squeezed)'>: hasAmbiguousLayout: constraints of equal priority (@750) conflict") == true,
                "\(said)")
            subtitle.setContentCompressionResistancePriority(UILayoutPriority(751), for: .vertical)
            root.layoutIfNeeded()
            XCTAssertFalse(title.hasAmbiguousLayout)
            XCTAssertFalse(subtitle.hasAmbiguousLayout)
            XCTAssertEqual(title.frame.height + subtitle.frame.height, 30, accuracy: 0.01)
            XCTAssertEqual(subtitle.frame.height, subtitle.intrinsicContentSize.height, accuracy: 0.01)
        }
    }

    /// Constraints of one priority that do not conflict leave nothing free and say nothing.
    func testConstraintsOfOnePriorityThatAgreeAreNotAmbiguous() {
        MainActor.assumeIsolated {
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
            let v = UIView()
            v.translatesAutoresizingMaskIntoConstraints = false
            root.addSubview(v)
            let wishes = [
                v.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10), v.widthAnchor.constraint(equalToConstant: 30),
                v.topAnchor.constraint(equalTo: root.topAnchor, constant: 5), v.heightAnchor.constraint(greaterThanOrEqualToConstant: 40),
                v.heightAnchor.constraint(lessThanOrEqualToConstant: 40),
            ]
            for c in wishes { c.priority = UILayoutPriority(500) }
            NSLayoutConstraint.activate(wishes)
            root.layoutIfNeeded()
            XCTAssertFalse(v.hasAmbiguousLayout)
            XCTAssertEqual(v.frame, CGRect(x: 10, y: 5, width: 30, height: 40))
            XCTAssertEqual(ScreenRun.takeDiagnostics(), [])
        }
    }

    /// A table of self-sizing cells (a cell may be a pixel taller than its labels' content, by the
    /// table's rounding): nothing worth saying.
    func testSelfSizingCellsSayNothing() {
        MainActor.assumeIsolated {
            let table = UITableView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), style: .plain)
            let source = AutoLayoutCellTests.Source()
            table.dataSource = source
            table.register(AutoLayoutCellTests.MessageCell.self, forCellReuseIdentifier: "cell")
            table.layoutIfNeeded()
            XCTAssertGreaterThan(table.visibleCells.count, 5)
            XCTAssertEqual(ScreenRun.takeDiagnostics(), [])
        }
    }
}

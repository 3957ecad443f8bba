import UIKit
import XCTest

/// Auto Layout as UIKit documents it: anchors, priorities, intrinsic sizes, guides, fitting,
/// and its problems said as UIKit says them.
final class AutoLayoutTests: XCTestCase {
    override func setUp() {
        _ = MainActor.assumeIsolated { ScreenRun.takeDiagnostics() }
    }

    /// A view pinned inside its superview with insets; the frames follow a size change.
    func testPinnedEdgesFollowTheSuperview() {
        MainActor.assumeIsolated {
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let card = UIView()
            card.translatesAutoresizingMaskIntoConstraints = false
            root.addSubview(card)
            NSLayoutConstraint.activate([
                card.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 16),
                card.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -16),
                card.topAnchor.constraint(equalTo: root.topAnchor, constant: 100),
                card.heightAnchor.constraint(equalTo: card.widthAnchor, multiplier: 0.5),
            ])
            root.layoutIfNeeded()
            XCTAssertEqual(card.frame, CGRect(x: 16, y: 100, width: 358, height: 179))
            root.frame.size.width = 430
            root.layoutIfNeeded()
            XCTAssertEqual(card.frame, CGRect(x: 16, y: 100, width: 398, height: 199))
            XCTAssertEqual(card.constraints.count, 1) // the aspect ratio is installed on the card itself
            XCTAssertEqual(root.constraints.count, 3)
            XCTAssertEqual(card.constraintsAffectingLayout(for: .horizontal).count, 2)
        }
    }

    /// The stretchy header: a height constraint whose constant the scroll sets every frame,
    /// pinned to the top; its transform set by code stays as it is.
    func testAChangedConstantMovesTheFramesAndKeepsTransforms() {
        MainActor.assumeIsolated {
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let header = UIView(), below = UIView()
            for v in [header, below] {
                v.translatesAutoresizingMaskIntoConstraints = false
                root.addSubview(v)
            }
            let height = header.heightAnchor.constraint(equalToConstant: 300)
            NSLayoutConstraint.activate([
                header.topAnchor.constraint(equalTo: root.topAnchor), header.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                header.trailingAnchor.constraint(equalTo: root.trailingAnchor), height,
                below.topAnchor.constraint(equalTo: header.bottomAnchor, constant: 8), below.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                below.widthAnchor.constraint(equalToConstant: 100), below.heightAnchor.constraint(equalToConstant: 40),
            ])
            root.layoutIfNeeded()
            XCTAssertEqual(header.frame, CGRect(x: 0, y: 0, width: 390, height: 300))
            XCTAssertEqual(below.frame.minY, 308)
            header.transform = CGAffineTransform(scaleX: 2, y: 2)
            for pull in stride(from: 0.0, through: 120, by: 6) {
                height.constant = 300 + CGFloat(pull)
                root.layoutIfNeeded()
                XCTAssertEqual(header.bounds.size, CGSize(width: 390, height: 300 + CGFloat(pull)))
                XCTAssertEqual(header.center, CGPoint(x: 195, y: (300 + CGFloat(pull)) / 2))
                XCTAssertEqual(below.frame.minY, 308 + CGFloat(pull))
            }
            XCTAssertEqual(header.transform, CGAffineTransform(scaleX: 2, y: 2))
        }
    }

    /// Any number of broken 749 constraints weighs less than one broken 750.
    func testPrioritiesAreStrictlyOrdered() {
        MainActor.assumeIsolated {
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
            let v = UIView()
            v.translatesAutoresizingMaskIntoConstraints = false
            root.addSubview(v)
            var all = [
                v.leadingAnchor.constraint(equalTo: root.leadingAnchor), v.topAnchor.constraint(equalTo: root.topAnchor),
                v.heightAnchor.constraint(equalToConstant: 10),
            ]
            let strong = v.widthAnchor.constraint(equalToConstant: 100)
            strong.priority = .defaultHigh
            all.append(strong)
            for k in 0..<50 {
                let weak = v.widthAnchor.constraint(equalToConstant: 200 + CGFloat(k))
                weak.priority = UILayoutPriority(749)
                all.append(weak)
            }
            NSLayoutConstraint.activate(all)
            root.layoutIfNeeded()
            XCTAssertEqual(v.frame.width, 100)
            strong.priority = UILayoutPriority(748)
            root.layoutIfNeeded()
            XCTAssertGreaterThanOrEqual(v.frame.width, 200)
        }
    }

    /// A label sized by its text: one line at its intrinsic width; wrapped at the width its
    /// constraints give it, its height for that width (solved again after the width is known).
    func testLabelsTakeTheirIntrinsicSizeAndWrapAtTheirWidth() {
        MainActor.assumeIsolated {
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let title = UILabel(), body = UILabel()
            title.text = "Title"
            body.text = String(repeating: "A paragraph of text that wraps over several lines. ", count: 6)
            body.numberOfLines = 0
            for v in [title, body] {
                v.translatesAutoresizingMaskIntoConstraints = false
                root.addSubview(v)
            }
            NSLayoutConstraint.activate([
                title.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
                title.topAnchor.constraint(equalTo: root.topAnchor, constant: 20),
                body.leadingAnchor.constraint(equalTo: title.leadingAnchor),
                body.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -20),
                body.topAnchor.constraint(equalTo: title.bottomAnchor, constant: 8),
            ])
            root.layoutIfNeeded()
            let one = title.sizeThatFits(CGSize(width: 0, height: 0))
            XCTAssertEqual(title.frame.size, one)
            XCTAssertEqual(body.frame.width, 350)
            let wrapped = body.sizeThatFits(CGSize(width: 350, height: 0))
            XCTAssertGreaterThan(wrapped.height, 3 * one.height)
            XCTAssertEqual(body.frame.height, wrapped.height)
            XCTAssertEqual(body.frame.minY, 20 + one.height + 8)
            XCTAssertFalse(body.hasAmbiguousLayout)
        }
    }

    /// The fitting size of a view of stacked labels, as a self-sizing cell is measured.
    func testSystemLayoutSizeFittingGivesTheSmallestHeightAtAWidth() {
        MainActor.assumeIsolated {
            let content = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 44))
            let a = UILabel(), b = UILabel()
            a.text = "Sender"
            b.text = String(repeating: "Preview of the message body. ", count: 8)
            b.numberOfLines = 3
            for v in [a, b] {
                v.translatesAutoresizingMaskIntoConstraints = false
                content.addSubview(v)
            }
            let m = content.layoutMarginsGuide
            NSLayoutConstraint.activate([
                a.topAnchor.constraint(equalTo: m.topAnchor), a.leadingAnchor.constraint(equalTo: m.leadingAnchor),
                a.trailingAnchor.constraint(equalTo: m.trailingAnchor),
                b.topAnchor.constraint(equalTo: a.bottomAnchor, constant: 4), b.leadingAnchor.constraint(equalTo: m.leadingAnchor),
                b.trailingAnchor.constraint(equalTo: m.trailingAnchor), b.bottomAnchor.constraint(equalTo: m.bottomAnchor),
            ])
            let size = content.systemLayoutSizeFitting(
                CGSize(width: 390, height: 0), withHorizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel)
            let width: CGFloat = 390 - 16
            let expected = 8 + a.sizeThatFits(CGSize(width: width, height: 0)).height + 4 + b.sizeThatFits(CGSize(width: width, height: 0)).height + 8
            XCTAssertEqual(size.width, 390)
            XCTAssertEqual(size.height, expected, accuracy: 0.34)
            // Nothing on screen moved.
            XCTAssertEqual(content.frame, CGRect(x: 0, y: 0, width: 390, height: 44))
        }
    }

    /// Conflicting required constraints: UIKit's message with the constraints involved and the
    /// one broken; the layout goes on with the others.
    func testUnsatisfiableConstraintsAreSaidAndOneIsBroken() {
        MainActor.assumeIsolated {
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
            let v = UIView()
            v.accessibilityIdentifier = "box"
            v.translatesAutoresizingMaskIntoConstraints = false
            root.addSubview(v)
            let second = v.widthAnchor.constraint(equalToConstant: 200)
            second.identifier = "too-wide"
            NSLayoutConstraint.activate([
                v.leadingAnchor.constraint(equalTo: root.leadingAnchor), v.topAnchor.constraint(equalTo: root.topAnchor),
                v.heightAnchor.constraint(equalToConstant: 10), v.widthAnchor.constraint(equalToConstant: 100), second,
            ])
            root.layoutIfNeeded()
            XCTAssertEqual(v.frame, CGRect(x: 0, y: 0, width: 100, height: 10))
            let said = ScreenRun.takeDiagnostics().joined(separator: "\n")
            XCTAssertTrue(said.contains("Unable to simultaneously satisfy constraints."), said)
            XCTAssertTrue(said.contains("<NSLayoutConstraint UIView'box'.width == 100   (active)>"), said)
            XCTAssertTrue(
                said.contains("Will attempt to recover by breaking constraint\n<NSLayoutConstraint 'too-wide' UIView'box'.width == 200   (active)>"),
                said)
            // Said once, however many frames are laid out.
            root.setNeedsLayout()
            root.layoutIfNeeded()
            XCTAssertTrue(ScreenRun.takeDiagnostics().isEmpty)
        }
    }

    /// A view held at its frame (translatesAutoresizingMaskIntoConstraints) that a constraint
    /// also sizes: the autoresizing constraint is named in the message.
    func testAutoresizingConstraintsConflictAsInUIKit() {
        MainActor.assumeIsolated {
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
            let v = UIView(frame: CGRect(x: 10, y: 10, width: 50, height: 50))
            root.addSubview(v)
            v.widthAnchor.constraint(equalToConstant: 80).isActive = true
            root.layoutIfNeeded()
            XCTAssertEqual(v.frame.width, 50)
            let said = ScreenRun.takeDiagnostics().joined(separator: "\n")
            XCTAssertTrue(said.contains("NSAutoresizingMaskLayoutConstraint UIView.width == 50"), said)
        }
    }

    /// A view whose constraints leave its x free is ambiguous, and said once.
    func testAmbiguousLayoutIsDetected() {
        MainActor.assumeIsolated {
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
            let v = UIView()
            v.accessibilityIdentifier = "loose"
            v.translatesAutoresizingMaskIntoConstraints = false
            root.addSubview(v)
            NSLayoutConstraint.activate([
                v.topAnchor.constraint(equalTo: root.topAnchor), v.heightAnchor.constraint(equalToConstant: 10),
                v.widthAnchor.constraint(equalToConstant: 10),
            ])
            root.layoutIfNeeded()
            XCTAssertTrue(v.hasAmbiguousLayout)
            XCTAssertTrue(v.leadingAnchor.hasAmbiguousLayout)
            XCTAssertFalse(v.topAnchor.hasAmbiguousLayout)
            let said = ScreenRun.takeDiagnostics().joined(separator: "\n")
            XCTAssertTrue(said.contains("<UIView'loose'>: hasAmbiguousLayout"), said)
            v.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 5).isActive = true
            root.layoutIfNeeded()
            XCTAssertFalse(v.hasAmbiguousLayout)
            XCTAssertEqual(v.frame, CGRect(x: 5, y: 0, width: 10, height: 10))
        }
    }

    /// Views in two separate trees: UIKit's refusal, the constraint stays inactive.
    func testAConstraintWithoutACommonAncestorIsRefused() {
        MainActor.assumeIsolated {
            let a = UIView(), b = UIView()
            let c = a.topAnchor.constraint(equalTo: b.bottomAnchor)
            c.isActive = true
            XCTAssertFalse(c.isActive)
            let said = ScreenRun.takeDiagnostics().joined(separator: "\n")
            XCTAssertTrue(
                said.contains("Unable to activate constraint with anchors <UIView.top> and <UIView.bottom> because they have no common ancestor."),
                said)
        }
    }

    /// Constraints across superviews, to a layout guide of one's own and the margins guide.
    func testGuidesAndViewsInOtherSuperviews() {
        MainActor.assumeIsolated {
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
            root.layoutMargins = UIEdgeInsets(top: 10, left: 20, bottom: 10, right: 20)
            let box = UIView(frame: CGRect(x: 50, y: 60, width: 200, height: 200)) // held at its frame
            root.addSubview(box)
            let inner = UIView(), guide = UILayoutGuide()
            inner.translatesAutoresizingMaskIntoConstraints = false
            box.addSubview(inner)
            root.addLayoutGuide(guide)
            NSLayoutConstraint.activate([
                guide.leadingAnchor.constraint(equalTo: root.layoutMarginsGuide.leadingAnchor),
                guide.topAnchor.constraint(equalTo: root.layoutMarginsGuide.topAnchor),
                guide.widthAnchor.constraint(equalToConstant: 100), guide.heightAnchor.constraint(equalToConstant: 30),
                // inner sits in box but is placed against the guide in root's coordinates
                inner.leadingAnchor.constraint(equalTo: guide.trailingAnchor), inner.topAnchor.constraint(equalTo: guide.bottomAnchor),
                inner.widthAnchor.constraint(equalToConstant: 10), inner.heightAnchor.constraint(equalToConstant: 10),
            ])
            root.layoutIfNeeded()
            XCTAssertEqual(guide.layoutFrame, CGRect(x: 20, y: 10, width: 100, height: 30))
            XCTAssertEqual(inner.frame, CGRect(x: 120 - 50, y: 40 - 60, width: 10, height: 10))
            // A scroll view's content offset moves the box's coordinates, not the guide's.
            let scroll = UIScrollView(frame: root.bounds)
            root.addSubview(scroll)
            let pinned = UIView()
            pinned.translatesAutoresizingMaskIntoConstraints = false
            scroll.addSubview(pinned)
            NSLayoutConstraint.activate([
                pinned.topAnchor.constraint(equalTo: root.topAnchor, constant: 5),
                pinned.leadingAnchor.constraint(equalTo: scroll.frameLayoutGuide.leadingAnchor),
                pinned.widthAnchor.constraint(equalTo: scroll.frameLayoutGuide.widthAnchor), pinned.heightAnchor.constraint(equalToConstant: 20),
            ])
            scroll.contentOffset = CGPoint(x: 0, y: 90)
            root.layoutIfNeeded()
            XCTAssertEqual(pinned.frame, CGRect(x: 0, y: 95, width: 400, height: 20))
            // Scrolling again changes no structure: only the rows that read the offset move.
            scroll.contentOffset = CGPoint(x: 0, y: 250)
            root.layoutIfNeeded()
            XCTAssertEqual(pinned.frame, CGRect(x: 0, y: 255, width: 400, height: 20))
            // Margins changed after the layout move the guide and what hangs from it.
            root.layoutMargins = UIEdgeInsets(top: 30, left: 40, bottom: 10, right: 20)
            root.layoutIfNeeded()
            XCTAssertEqual(guide.layoutFrame, CGRect(x: 40, y: 30, width: 100, height: 30))
            XCTAssertEqual(inner.frame, CGRect(x: 140 - 50, y: 60 - 60, width: 10, height: 10))
        }
    }

    /// A scroll view's content size from the constraints of its content to its content guide.
    func testAScrollViewsContentSizeComesFromItsContentsConstraints() {
        MainActor.assumeIsolated {
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let scroll = UIScrollView()
            scroll.translatesAutoresizingMaskIntoConstraints = false
            root.addSubview(scroll)
            let column = UIView()
            column.translatesAutoresizingMaskIntoConstraints = false
            scroll.addSubview(column)
            NSLayoutConstraint.activate([
                scroll.topAnchor.constraint(equalTo: root.topAnchor), scroll.bottomAnchor.constraint(equalTo: root.bottomAnchor),
                scroll.leadingAnchor.constraint(equalTo: root.leadingAnchor), scroll.trailingAnchor.constraint(equalTo: root.trailingAnchor),
                column.topAnchor.constraint(equalTo: scroll.contentLayoutGuide.topAnchor),
                column.bottomAnchor.constraint(equalTo: scroll.contentLayoutGuide.bottomAnchor),
                column.leadingAnchor.constraint(equalTo: scroll.contentLayoutGuide.leadingAnchor),
                column.trailingAnchor.constraint(equalTo: scroll.contentLayoutGuide.trailingAnchor),
                column.widthAnchor.constraint(equalTo: scroll.frameLayoutGuide.widthAnchor),
                column.heightAnchor.constraint(equalToConstant: 2000),
            ])
            root.layoutIfNeeded()
            XCTAssertEqual(scroll.frame, root.bounds)
            XCTAssertEqual(scroll.contentSize, CGSize(width: 390, height: 2000))
            XCTAssertEqual(column.frame, CGRect(x: 0, y: 0, width: 390, height: 2000))
        }
    }
}

/// Self-sizing cells laid out by their constraints: each row as tall as its content view's
/// constraints make it at the table's width (plus the separator), measured as it comes on screen.
final class AutoLayoutCellTests: XCTestCase {
    @MainActor final class MessageCell: UITableViewCell {
        let sender = UILabel(), preview = UILabel()
        override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
            super.init(style: style, reuseIdentifier: reuseIdentifier)
            sender.text = "Sender"
            preview.numberOfLines = 3
            for l in [sender, preview] {
                l.translatesAutoresizingMaskIntoConstraints = false
                contentView.addSubview(l)
            }
            let m = contentView.layoutMarginsGuide
            NSLayoutConstraint.activate([
                sender.topAnchor.constraint(equalTo: m.topAnchor), sender.leadingAnchor.constraint(equalTo: m.leadingAnchor),
                sender.trailingAnchor.constraint(equalTo: m.trailingAnchor),
                preview.topAnchor.constraint(equalTo: sender.bottomAnchor, constant: 4), preview.leadingAnchor.constraint(equalTo: m.leadingAnchor),
                preview.trailingAnchor.constraint(equalTo: m.trailingAnchor), preview.bottomAnchor.constraint(equalTo: m.bottomAnchor),
            ])
        }
        required init?(coder: NSCoder) { nil }
    }

    @MainActor final class Source: NSObject, UITableViewDataSource {
        func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 1000 }
        func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath) as! MessageCell
            cell.preview.text = String(repeating: "Words of message \(indexPath.row). ", count: 1 + indexPath.row % 5)
            return cell
        }
    }

    func testRowsAreAsTallAsTheirConstraintsMakeThem() {
        MainActor.assumeIsolated {
            let table = UITableView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), style: .plain)
            let source = Source()
            table.dataSource = source
            table.register(MessageCell.self, forCellReuseIdentifier: "cell")
            table.layoutIfNeeded()
            let cells = table.visibleCells.compactMap { $0 as? MessageCell }
            XCTAssertGreaterThan(cells.count, 5)
            XCTAssertLessThan(cells.count, 20) // only the rows on screen were made, of 1000
            var heights: Set<CGFloat> = []
            for cell in cells {
                let width = cell.contentView.bounds.width - cell.contentView.layoutMargins.left - cell.contentView.layoutMargins.right
                let expected =
                    11 + cell.sender.sizeThatFits(CGSize(width: width, height: 0)).height + 4
                    + cell.preview.sizeThatFits(CGSize(width: width, height: 0)).height + 11
                XCTAssertEqual(cell.bounds.height, expected + 1.0 / 3, accuracy: 0.34)
                // The labels are where the constraints put them inside the cell.
                XCTAssertEqual(cell.preview.frame.minY, cell.sender.frame.maxY + 4, accuracy: 0.34)
                XCTAssertEqual(cell.sender.frame.minX, 16)
                heights.insert(cell.bounds.height)
            }
            XCTAssertGreaterThan(heights.count, 2)
        }
    }
}

import UIKit
import XCTest

/// A view with a fixed intrinsic size.
@MainActor final class IntrinsicBox: UIView {
    var size: CGSize
    init(_ width: CGFloat, _ height: CGFloat) {
        size = CGSize(width: width, height: height)
        super.init(frame: .zero)
    }
    required init?(coder: NSCoder) { fatalError() }
    override var intrinsicContentSize: CGSize { size }
}

/// UIStackView's frames for each distribution and alignment, hidden views, custom spacing,
/// margins, and the intrinsic sizes of labels, switches and buttons.
final class ControlsStackViewTests: XCTestCase {
    /// Three boxes (50 x 20, 60 x 30, 70 x 40) in a 300 x 100 horizontal stack, 10 pt apart.
    @MainActor static func arranged(
        _ d: UIStackView.Distribution, _ a: UIStackView.Alignment = .fill, _ change: (UIStackView) -> Void = { _ in }
    )
        -> [CGRect]
    {
        let stack = UIStackView(arrangedSubviews: [IntrinsicBox(50, 20), IntrinsicBox(60, 30), IntrinsicBox(70, 40)])
        stack.frame = CGRect(x: 0, y: 0, width: 300, height: 100)
        stack.spacing = 10
        stack.distribution = d
        stack.alignment = a
        change(stack)
        stack.layoutIfNeeded()
        return stack.arrangedSubviews.map(\.frame)
    }

    static func assertFrames(
        _ frames: [CGRect], _ expected: [(CGFloat, CGFloat, CGFloat, CGFloat)], file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(frames.count, expected.count, file: file, line: line)
        // Edges on the screen's pixels (@3x), as UIKit's Auto Layout rounds them.
        func pixel(_ x: CGFloat) -> CGFloat { (x * 3).rounded() / 3 }
        let expected = expected.map { e in
            (pixel(e.0), pixel(e.1), pixel(e.0 + e.2) - pixel(e.0), pixel(e.1 + e.3) - pixel(e.1))
        }
        for (f, e) in zip(frames, expected) {
            XCTAssertEqual(f.minX, e.0, accuracy: 0.001, "x of \(f)", file: file, line: line)
            XCTAssertEqual(f.minY, e.1, accuracy: 0.001, "y of \(f)", file: file, line: line)
            XCTAssertEqual(f.width, e.2, accuracy: 0.001, "width of \(f)", file: file, line: line)
            XCTAssertEqual(f.height, e.3, accuracy: 0.001, "height of \(f)", file: file, line: line)
        }
    }

    func testDistributions() {
        ControlsHarness.onMain {
            // fill: 200 pt natural, the 100 left over to the last view.
            Self.assertFrames(Self.arranged(.fill), [(0, 0, 50, 100), (60, 0, 60, 100), (130, 0, 170, 100)])
            // fillEqually: (300 - 20) / 3 each.
            let third: CGFloat = 280 / 3
            Self.assertFrames(Self.arranged(.fillEqually), [(0, 0, third, 100), (third + 10, 0, third, 100), (2 * third + 20, 0, third, 100)])
            // fillProportionally: 280 pt shared 50 : 60 : 70.
            let unit: CGFloat = 280 / 180
            Self.assertFrames(
                Self.arranged(.fillProportionally),
                [(0, 0, 50 * unit, 100), (50 * unit + 10, 0, 60 * unit, 100), (110 * unit + 20, 0, 70 * unit, 100)])
            // equalSpacing: the 120 pt not taken by the views in two equal gaps.
            Self.assertFrames(Self.arranged(.equalSpacing), [(0, 0, 50, 100), (110, 0, 60, 100), (230, 0, 70, 100)])
            // equalCentering: centres 25, 145, 265.
            Self.assertFrames(Self.arranged(.equalCentering), [(0, 0, 50, 100), (115, 0, 60, 100), (230, 0, 70, 100)])
        }
    }

    func testAlignments() {
        ControlsHarness.onMain {
            Self.assertFrames(Self.arranged(.equalSpacing, .top), [(0, 0, 50, 20), (110, 0, 60, 30), (230, 0, 70, 40)])
            Self.assertFrames(Self.arranged(.equalSpacing, .center), [(0, 40, 50, 20), (110, 35, 60, 30), (230, 30, 70, 40)])
            Self.assertFrames(Self.arranged(.equalSpacing, .bottom), [(0, 80, 50, 20), (110, 70, 60, 30), (230, 60, 70, 40)])
            // Views without text have their bottom edge as their baseline: the row sits at the top.
            Self.assertFrames(Self.arranged(.equalSpacing, .firstBaseline), [(0, 20, 50, 20), (110, 10, 60, 30), (230, 0, 70, 40)])
        }
    }

    func testHiddenViewsCollapseAndCustomSpacing() {
        ControlsHarness.onMain {
            let hidden = Self.arranged(.fill) { $0.arrangedSubviews[1].isHidden = true }
            Self.assertFrames([hidden[0], hidden[2]], [(0, 0, 50, 100), (60, 0, 240, 100)])
            let custom = Self.arranged(.fill) { $0.setCustomSpacing(30, after: $0.arrangedSubviews[0]) }
            Self.assertFrames(custom, [(0, 0, 50, 100), (80, 0, 60, 100), (150, 0, 150, 100)])
            // Removed from the arrangement: laid out no more, still a subview.
            let stack = UIStackView(arrangedSubviews: [IntrinsicBox(50, 20), IntrinsicBox(60, 30)])
            let second = stack.arrangedSubviews[1]
            stack.removeArrangedSubview(second)
            XCTAssertEqual(stack.arrangedSubviews.count, 1)
            XCTAssertTrue(second.superview === stack)
        }
    }

    func testVerticalWithMarginsAndIntrinsicSize() {
        ControlsHarness.onMain {
            let stack = UIStackView(arrangedSubviews: [IntrinsicBox(50, 20), IntrinsicBox(60, 30)])
            stack.axis = .vertical
            stack.spacing = 4
            stack.alignment = .leading
            // No intrinsic size of its own: its constraints size it from its views.
            XCTAssertEqual(stack.intrinsicContentSize, CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric))
            XCTAssertEqual(stack.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize), CGSize(width: 60, height: 54))
            stack.isLayoutMarginsRelativeArrangement = true
            stack.layoutMargins = UIEdgeInsets(top: 10, left: 12, bottom: 10, right: 12)
            XCTAssertEqual(stack.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize), CGSize(width: 84, height: 74))
            stack.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
            stack.layoutIfNeeded()
            Self.assertFrames(stack.arrangedSubviews.map(\.frame), [(12, 10, 50, 20), (12, 34, 60, 56)])
        }
    }

    /// Labels, image views, switches and buttons give their intrinsic sizes; a label's new text
    /// lays the stack out again.
    func testControlsIntrinsicSizesInAStack() {
        ControlsHarness.onMain {
            _ = ControlsHarness.run { view in
                let label = UILabel()
                label.text = "Wi-Fi"
                let toggle = UISwitch()
                var c = UIButton.Configuration.filled()
                c.title = "Join"
                let button = UIButton(configuration: c)
                let image = UIImageView(image: UIImage(systemName: "wifi"))
                let stack = UIStackView(arrangedSubviews: [image, label, toggle, button])
                stack.axis = .horizontal
                stack.alignment = .center
                stack.spacing = 8
                stack.frame = CGRect(x: 16, y: 100, width: 361, height: 44)
                view.addSubview(stack)
                stack.layoutIfNeeded()
                XCTAssertEqual(image.frame.width, image.image!.size.width, accuracy: 1.0 / 3, "its size, on whole pixels")
                XCTAssertEqual(image.frame.height, image.image!.size.height, accuracy: 1.0 / 3)
                XCTAssertEqual(label.frame.width, label.intrinsicContentSize.width, accuracy: 0.001)
                // Centred, 6.5 pt down, on the nearest pixel (@3x).
                XCTAssertEqual(toggle.frame.minY, 20.0 / 3, accuracy: 0.0001)
                XCTAssertEqual(toggle.frame.size, CGSize(width: 51, height: 31))
                XCTAssertEqual(button.frame.height, button.intrinsicContentSize.height, accuracy: 0.001)
                XCTAssertEqual(button.frame.maxX, 361, accuracy: 0.001, "fill: the last view takes what is left")
                XCTAssertEqual(toggle.frame.minX, label.frame.maxX + 8, accuracy: 0.001)
                let before = toggle.frame.minX
                label.text = "Wi-Fi network"
                stack.layoutIfNeeded()
                XCTAssertGreaterThan(toggle.frame.minX, before + 20, "the longer label pushed the switch along")
            }
        }
    }

    /// A switch hugs its content harder than a label: in a filled row the label takes the space.
    func testTheLabelNotTheSwitchTakesTheSpaceLeft() {
        ControlsHarness.onMain {
            let label = UILabel()
            label.text = "Wi-Fi"
            let toggle = UISwitch()
            let stack = UIStackView(arrangedSubviews: [label, toggle])
            stack.frame = CGRect(x: 0, y: 0, width: 300, height: 31)
            stack.layoutIfNeeded()
            XCTAssertEqual(toggle.frame, CGRect(x: 249, y: 0, width: 51, height: 31))
            XCTAssertEqual(label.frame.width, 249, accuracy: 0.001)
        }
    }

    /// Hiding an arranged view after a layout lays the stack out again without it.
    func testHidingAfterLayoutCollapsesTheView() {
        ControlsHarness.onMain {
            let stack = UIStackView(arrangedSubviews: [IntrinsicBox(50, 20), IntrinsicBox(60, 30), IntrinsicBox(70, 40)])
            stack.frame = CGRect(x: 0, y: 0, width: 300, height: 100)
            stack.layoutIfNeeded()
            XCTAssertEqual(stack.arrangedSubviews[2].frame.minX, 110)
            stack.arrangedSubviews[1].isHidden = true
            stack.layoutIfNeeded()
            XCTAssertEqual(stack.arrangedSubviews[2].frame, CGRect(x: 50, y: 0, width: 250, height: 100))
        }
    }

    /// A stack pinned at the top and sides takes its height from its views, a wrapping label's
    /// at the stack's width: what a frame-based stack could not do.
    func testAWrappingLabelSizesAStackPinnedToItsSuperview() {
        ControlsHarness.onMain {
            let container = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 600))
            let title = UILabel(), body = UILabel()
            title.text = "Title"
            body.text = String(repeating: "Words that wrap onto more lines. ", count: 8)
            body.numberOfLines = 0
            let stack = UIStackView(arrangedSubviews: [title, body])
            stack.axis = .vertical
            stack.spacing = 6
            stack.translatesAutoresizingMaskIntoConstraints = false
            container.addSubview(stack)
            NSLayoutConstraint.activate([
                stack.topAnchor.constraint(equalTo: container.topAnchor, constant: 10),
                stack.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: 20),
                stack.trailingAnchor.constraint(equalTo: container.trailingAnchor, constant: -20),
            ])
            container.layoutIfNeeded()
            let wrapped = body.sizeThatFits(CGSize(width: 260, height: 0)).height
            XCTAssertGreaterThan(wrapped, 3 * title.intrinsicContentSize.height, "the body wraps onto several lines")
            XCTAssertEqual(body.frame.width, 260)
            XCTAssertEqual(body.frame.height, wrapped, accuracy: 1.0 / 3)
            XCTAssertEqual(stack.frame.height, title.frame.height + 6 + body.frame.height, accuracy: 0.001)
            XCTAssertEqual(stack.frame.minY, 10)
            XCTAssertFalse(stack.hasAmbiguousLayout)
            // The stack's constraints carry UIKit's names.
            let names = Set(stack.constraints.compactMap(\.identifier))
            XCTAssertTrue(names.isSuperset(of: ["UISV-canvas-connection", "UISV-spacing", "UISV-alignment"]), "\(names)")
            // Hiding the title gives its place and spacing to the body.
            title.isHidden = true
            container.layoutIfNeeded()
            XCTAssertEqual(body.frame.minY, 0)
            XCTAssertEqual(stack.frame.height, body.frame.height, accuracy: 0.001)
        }
    }
}

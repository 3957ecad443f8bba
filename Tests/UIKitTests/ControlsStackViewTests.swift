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
            Self.assertFrames(Self.arranged(.equalSpacing, .firstBaseline), [(0, 40, 50, 20), (110, 35, 60, 30), (230, 30, 70, 40)])
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
            XCTAssertEqual(stack.intrinsicContentSize, CGSize(width: 60, height: 54))
            stack.isLayoutMarginsRelativeArrangement = true
            stack.layoutMargins = UIEdgeInsets(top: 10, left: 12, bottom: 10, right: 12)
            XCTAssertEqual(stack.intrinsicContentSize, CGSize(width: 84, height: 74))
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
                XCTAssertEqual(image.frame.size, image.image!.size)
                XCTAssertEqual(label.frame.width, label.intrinsicContentSize.width, accuracy: 0.001)
                XCTAssertEqual(toggle.frame, CGRect(x: toggle.frame.minX, y: 6.5, width: 51, height: 31))
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
}

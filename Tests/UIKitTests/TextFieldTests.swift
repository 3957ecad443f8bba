import Foundation
import Raster
import UIKit
import XCTest

/// Records a text field's delegate calls.
@MainActor private final class FieldDelegate: NSObject, UITextFieldDelegate {
    var calls: [String] = []
    var allowBegin = true
    func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool {
        calls.append("shouldBegin")
        return allowBegin
    }
    func textFieldDidBeginEditing(_ textField: UITextField) { calls.append("didBegin") }
    func textFieldShouldEndEditing(_ textField: UITextField) -> Bool {
        calls.append("shouldEnd")
        return true
    }
    func textFieldDidEndEditing(_ textField: UITextField) { calls.append("didEnd") }
}

/// UITextField as iOS lays it out and draws it; its editing messages in UIKit's order.
final class TextFieldTests: XCTestCase {
    /// The defaults (text "" never nil, 17 pt system font, no border) and the intrinsic heights:
    /// the line height rounded up, plus 13 pt for roundedRect (34 pt at 17 pt), 9 pt for bezel.
    func testDefaultsAndIntrinsicHeight() {
        MainActor.assumeIsolated {
            let field = UITextField()
            XCTAssertEqual(field.text, "")
            field.text = nil
            XCTAssertEqual(field.text, "")
            XCTAssertEqual(field.font?.pointSize, 17)
            XCTAssertEqual(field.borderStyle, .none)
            XCTAssertEqual(field.textColor, .label)
            field.placeholder = "Search"
            let line = ceil(field.font!.lineHeight)
            XCTAssertEqual(field.intrinsicContentSize.height, line)
            field.borderStyle = .roundedRect
            XCTAssertEqual(field.intrinsicContentSize.height, 34)
            field.borderStyle = .bezel
            XCTAssertEqual(field.intrinsicContentSize.height, line + 9)
            // Wider for a longer placeholder, by the 7 pt insets on each side with a border.
            field.borderStyle = .roundedRect
            let short = field.intrinsicContentSize.width
            field.placeholder = "Search everything"
            XCTAssertGreaterThan(field.intrinsicContentSize.width, short)
            field.borderStyle = .none
            let label = UILabel()
            label.text = "Search everything"
            XCTAssertEqual(field.intrinsicContentSize.width, label.intrinsicContentSize.width)
        }
    }

    /// The text sits 7 pt inside a border's sides, after a left view shown `.always`; the clear
    /// button (`.whileEditing`) takes 19 pt plus 5 pt at the right only while editing with text.
    func testTextRectWithSideViewsAndClearButton() {
        MainActor.assumeIsolated {
            let field = UITextField(frame: CGRect(x: 0, y: 0, width: 200, height: 34))
            field.borderStyle = .roundedRect
            field.text = "Coffee"
            let b = field.bounds
            XCTAssertEqual(field.textRect(forBounds: b), CGRect(x: 7, y: 0, width: 186, height: 34))
            field.clearButtonMode = .whileEditing
            XCTAssertEqual(field.textRect(forBounds: b).width, 186, "not editing: no clear button")
            XCTAssertTrue(field.becomeFirstResponder())
            XCTAssertEqual(field.clearButtonRect(forBounds: b), CGRect(x: 176, y: 7.5, width: 19, height: 19))
            XCTAssertEqual(field.textRect(forBounds: b), CGRect(x: 7, y: 0, width: 169, height: 34))
            field.text = ""
            XCTAssertEqual(field.textRect(forBounds: b).width, 186, "no text: no clear button")
            let icon = UIView(frame: CGRect(x: 0, y: 0, width: 30, height: 20))
            field.leftView = icon
            XCTAssertEqual(field.textRect(forBounds: b).minX, 7, "leftViewMode .never: not shown")
            field.leftViewMode = .always
            XCTAssertEqual(field.leftViewRect(forBounds: b), CGRect(x: 0, y: 7, width: 30, height: 20))
            XCTAssertEqual(field.textRect(forBounds: b).minX, 30)
            field.layoutIfNeeded()
            XCTAssertTrue(icon.superview === field)
            XCTAssertEqual(icon.frame, CGRect(x: 0, y: 7, width: 30, height: 20))
        }
    }

    /// Editing begins when the delegate lets it (`shouldBegin`, `didBegin`, then `.editingDidBegin`
    /// to the targets), ends the same way; the delegate's optional methods need not all be written
    /// (`textFieldDidEndEditing(_:)` alone is called); a refusal leaves the field as it was.
    func testEditingMessagesInUIKitsOrder() {
        MainActor.assumeIsolated {
            let field = UITextField()
            let delegate = FieldDelegate()
            field.delegate = delegate
            field.addAction(UIAction { _ in delegate.calls.append("editingDidBegin") }, for: .editingDidBegin)
            field.addAction(UIAction { _ in delegate.calls.append("editingDidEnd") }, for: .editingDidEnd)
            XCTAssertTrue(field.canBecomeFirstResponder)
            XCTAssertTrue(field.becomeFirstResponder())
            XCTAssertTrue(field.isEditing && field.isFirstResponder)
            XCTAssertTrue(field.resignFirstResponder())
            XCTAssertFalse(field.isEditing)
            XCTAssertEqual(delegate.calls, ["shouldBegin", "didBegin", "editingDidBegin", "shouldEnd", "didEnd", "editingDidEnd"])
            delegate.calls = []
            delegate.allowBegin = false
            XCTAssertFalse(field.becomeFirstResponder())
            XCTAssertFalse(field.isEditing)
            XCTAssertEqual(delegate.calls, ["shouldBegin"])
            field.text = "set in code"
            XCTAssertEqual(delegate.calls, ["shouldBegin"], "text set in code sends nothing")
        }
    }

    /// Drawn: the placeholder in placeholderText (gray), the text in label (near black), the
    /// roundedRect's background and border.
    func testPlaceholderAndTextAreDrawnInTheirColors() {
        nonisolated(unsafe) var frames: [CGRect] = []
        let p = ControlsHarness.onMain {
            ControlsHarness.render { view in
                view.backgroundColor = .systemGray6
                for (i, text) in [nil, "Typed text"].enumerated() {
                    let field = UITextField(frame: CGRect(x: 20, y: 120 + CGFloat(i) * 60, width: 300, height: 34))
                    field.borderStyle = .roundedRect
                    field.font = .systemFont(ofSize: 24)
                    field.placeholder = "Placeholder"
                    field.text = text
                    view.addSubview(field)
                    frames.append(field.frame)
                }
            }
        }
        ControlsHarness.dump(p, "text-field")
        func darkest(_ r: CGRect) -> Int {
            var best = 255 * 3
            for y in Int(r.minY) + 2..<Int(r.maxY) - 2 {
                for x in Int(r.minX) + 8..<Int(r.maxX) - 8 {
                    let c = ControlsHarness.pixel(p, x, y)
                    best = min(best, c.0 + c.1 + c.2)
                }
            }
            return best / 3
        }
        let placeholder = darkest(frames[0]), text = darkest(frames[1])
        XCTAssertTrue((170...215).contains(placeholder), "placeholderText over white: \(placeholder)")
        XCTAssertLessThan(text, 40, "label: \(text)")
        // The roundedRect's inside is systemBackground (white) over the gray6 screen.
        let inside = ControlsHarness.pixel(p, Int(frames[0].maxX) - 4, Int(frames[0].midY))
        XCTAssertTrue(inside == (255, 255, 255, 255), "\(inside)")
        let outside = ControlsHarness.pixel(p, Int(frames[0].maxX) + 3, Int(frames[0].midY))
        XCTAssertTrue(outside == (242, 242, 247, 255), "\(outside)")
    }
}

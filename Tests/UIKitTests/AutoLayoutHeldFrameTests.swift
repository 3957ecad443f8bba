import UIKit
import XCTest

/// A view held at its frame (`translatesAutoresizingMaskIntoConstraints`) whose size a
/// `layoutSubviews` sets in the middle of a layout pass: the views constrained inside it follow
/// in the same pass, as a table cell's labels follow its content view.
final class AutoLayoutHeldFrameTests: XCTestCase {
    @MainActor final class Host: UIView {
        let box = UIView(), inner = UIView()
        override init(frame: CGRect) {
            super.init(frame: frame)
            addSubview(box)
            inner.translatesAutoresizingMaskIntoConstraints = false
            box.addSubview(inner)
            NSLayoutConstraint.activate([
                inner.leadingAnchor.constraint(equalTo: box.leadingAnchor, constant: 16),
                inner.trailingAnchor.constraint(equalTo: box.trailingAnchor, constant: -16),
                inner.topAnchor.constraint(equalTo: box.topAnchor, constant: 8),
                inner.bottomAnchor.constraint(equalTo: box.bottomAnchor, constant: -8),
            ])
        }
        required init?(coder: NSCoder) { nil }
        override func layoutSubviews() {
            super.layoutSubviews()
            box.frame = CGRect(x: 0, y: 20, width: bounds.width, height: bounds.height / 4)
        }
    }

    func testViewsInsideAHeldViewFollowItsSizeSetDuringLayout() {
        MainActor.assumeIsolated {
            let host = Host(frame: CGRect(x: 0, y: 0, width: 390, height: 400))
            host.layoutIfNeeded()
            XCTAssertEqual(host.box.frame, CGRect(x: 0, y: 20, width: 390, height: 100))
            XCTAssertEqual(host.inner.frame, CGRect(x: 16, y: 8, width: 358, height: 84))
            host.frame.size = CGSize(width: 200, height: 200)
            host.layoutIfNeeded()
            XCTAssertEqual(host.inner.frame, CGRect(x: 16, y: 8, width: 168, height: 34))
        }
    }
}

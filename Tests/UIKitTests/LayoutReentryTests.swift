import Scene
@testable import UIKit
import XCTest

/// The snapshot helper many projects copy: a view whose intrinsic size is its content's, read
/// after `layoutIfNeeded()` inside `intrinsicContentSize`.
@MainActor final class SelfMeasuringView: UIView {
    let content = UIView()
    var reads = 0
    override init(frame: CGRect) {
        super.init(frame: frame)
        content.translatesAutoresizingMaskIntoConstraints = false
        addSubview(content)
        NSLayoutConstraint.activate([
            content.topAnchor.constraint(equalTo: topAnchor), content.leadingAnchor.constraint(equalTo: leadingAnchor),
            content.widthAnchor.constraint(equalToConstant: 120), content.heightAnchor.constraint(equalToConstant: 48),
        ])
    }
    required init?(coder: NSCoder) { fatalError() }
    override var intrinsicContentSize: CGSize {
        reads += 1
        layoutIfNeeded()
        return CGSize(width: 120, height: 48)
    }
}

/// A view that asks for another layout from inside every layout: a true loop.
@MainActor final class RelayoutForeverView: UIView {
    var passes = 0
    override func layoutSubviews() {
        super.layoutSubviews()
        passes += 1
        setNeedsLayout()
        layoutIfNeeded()
    }
}

/// A view that calls layoutIfNeeded() in updateConstraints, once asked to update them.
@MainActor final class UpdatingView: UIView {
    var updates = 0
    override func updateConstraints() {
        updates += 1
        layoutIfNeeded()
        super.updateConstraints()
    }
}

/// Layout asked for inside layout: done once after, a loop broken with UIKit's words.
final class LayoutReentryTests: XCTestCase {
    /// layoutIfNeeded() inside intrinsicContentSize: no recursion; the view is laid out at its
    /// intrinsic size (120 x 48) where its constraints put it.
    func testLayoutIfNeededInsideIntrinsicContentSize() {
        MainActor.assumeIsolated {
            let measured = SelfMeasuringView()
            let vc = ControlsHostViewController { root in
                measured.translatesAutoresizingMaskIntoConstraints = false
                root.addSubview(measured)
                NSLayoutConstraint.activate([
                    measured.topAnchor.constraint(equalTo: root.safeAreaLayoutGuide.topAnchor, constant: 10),
                    measured.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
                ])
            }
            let run = TraitChangeTests.run { vc }
            ScreenRun.resetDiagnostics()
            run.advance(to: 1)
            XCTAssertEqual(measured.frame, CGRect(x: 20, y: 69, width: 120, height: 48))
            XCTAssertEqual(measured.content.frame, CGRect(x: 0, y: 0, width: 120, height: 48))
            XCTAssertGreaterThan(measured.reads, 0)
            XCTAssertFalse(ScreenRun.takeDiagnostics().contains { $0.contains("feedback loop") })
        }
    }

    /// setNeedsLayout() + layoutIfNeeded() inside layoutSubviews: not re-entered; the pass is run
    /// again after it returns, 8 times, then the loop is broken and said once ("Layout feedback
    /// loop", the name UIKit's UIViewLayoutFeedbackLoopDebuggingThreshold gives it).
    func testALayoutLoopIsBrokenAndSaid() {
        MainActor.assumeIsolated {
            let looping = RelayoutForeverView(frame: CGRect(x: 0, y: 100, width: 50, height: 50))
            looping.accessibilityIdentifier = "looping"
            let vc = ControlsHostViewController { $0.addSubview(looping) }
            let run = TraitChangeTests.run { vc }
            ScreenRun.resetDiagnostics()
            run.advance(to: 0)
            let firstFrame = looping.passes
            XCTAssertEqual(firstFrame % 8, 0)
            XCTAssertGreaterThan(firstFrame, 0)
            let said = ScreenRun.takeDiagnostics().filter { $0.hasPrefix("Layout feedback loop") }
            XCTAssertEqual(said.count, 1)
            XCTAssertTrue(said.first?.contains("RelayoutForeverView \"looping\"") == true)
        }
    }

    /// layoutIfNeeded() inside updateConstraints (called within the solve): ignored there,
    /// the pass goes on; updateConstraints runs once.
    func testLayoutIfNeededInsideUpdateConstraints() {
        MainActor.assumeIsolated {
            let updating = UpdatingView()
            let vc = ControlsHostViewController { root in
                updating.translatesAutoresizingMaskIntoConstraints = false
                root.addSubview(updating)
                NSLayoutConstraint.activate([
                    updating.topAnchor.constraint(equalTo: root.topAnchor, constant: 100),
                    updating.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
                    updating.widthAnchor.constraint(equalToConstant: 30), updating.heightAnchor.constraint(equalToConstant: 40),
                ])
            }
            TraitChangeTests.run { vc }.advance(to: 1)
            XCTAssertEqual(updating.frame, CGRect(x: 10, y: 100, width: 30, height: 40))
            XCTAssertEqual(updating.updates, 1)
        }
    }
}

/// A system button that counts its layout passes.
@MainActor final class CountingButton: UIButton {
    var passes = 0
    override func layoutSubviews() {
        passes += 1
        super.layoutSubviews()
    }
}

/// Setting what a view already shows is no change: a button's layout sets its title label's text
/// and font and its image view's image at every pass, and that must not ask for another.
final class SameValueLayoutTests: XCTestCase {
    /// A label given its own text, font and line settings again, and an image view its own image,
    /// do not need layout; a new text or image does.
    func testTheSameValueAgainDoesNotAskForLayout() {
        MainActor.assumeIsolated {
            let host = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
            let label = UILabel(), image = UIImageView(image: UIImage(systemName: "star"))
            host.addSubview(label)
            host.addSubview(image)
            label.text = "Follow"
            label.font = .boldSystemFont(ofSize: 15)
            host.layoutIfNeeded()
            XCTAssertFalse(host.needsLayout)
            label.text = "Follow"
            label.font = .boldSystemFont(ofSize: 15)
            label.numberOfLines = 1
            label.lineBreakMode = .byTruncatingTail
            label.preferredMaxLayoutWidth = 0
            image.image = image.image
            XCTAssertFalse(host.needsLayout, "nothing changed")
            XCTAssertFalse(label.needsLayout)
            label.text = "Following"
            XCTAssertTrue(host.needsLayout, "a new text changes the label's size")
            host.layoutIfNeeded()
            image.image = UIImage(systemName: "heart")
            XCTAssertTrue(host.needsLayout, "a new image changes the view's size")
            host.layoutIfNeeded()
            label.attributedText = NSAttributedString(string: "Following", attributes: [.kern: 2])
            XCTAssertTrue(host.needsLayout, "the same string with new attributes")
            host.layoutIfNeeded()
            label.attributedText = NSAttributedString(string: "Following", attributes: [.kern: 2])
            XCTAssertFalse(host.needsLayout, "the same attributed text again")
        }
    }

    /// A storyboard's system button ("Follow", bold 15 pt) constrained in a header is laid out in
    /// one pass a frame, not eight with "Layout feedback loop" (the ported ProfileApp said it for
    /// its button, its image view and a label, and took 34 s for its test where it now takes 7).
    func testAButtonIsLaidOutOncePerFrame() {
        MainActor.assumeIsolated {
            let button = CountingButton(type: .system)
            let vc = ControlsHostViewController { root in
                button.setTitle("Follow", for: .normal)
                button.titleLabel?.font = .boldSystemFont(ofSize: 15)
                button.translatesAutoresizingMaskIntoConstraints = false
                root.addSubview(button)
                NSLayoutConstraint.activate([
                    button.topAnchor.constraint(equalTo: root.safeAreaLayoutGuide.topAnchor, constant: 16),
                    button.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -16),
                ])
            }
            let run = TraitChangeTests.run { vc }
            ScreenRun.resetDiagnostics()
            run.advance(to: 0)
            let first = button.passes
            XCTAssertGreaterThan(first, 0)
            XCTAssertLessThan(first, UIView.layoutPassLimit)
            button.setNeedsLayout()
            run.advance(to: 1)
            XCTAssertLessThanOrEqual(button.passes - first, 2)
            XCTAssertFalse(ScreenRun.takeDiagnostics().contains { $0.contains("feedback loop") })
        }
    }
}

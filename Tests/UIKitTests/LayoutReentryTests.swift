import Scene
import UIKit
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

import Foundation
import Scene
@testable import UIKit
import XCTest

/// A label pinned 10 pt under the top of the safe area; `onAppear` runs in viewDidAppear (frame 0, time 0).
@MainActor final class SafeAreaLabelController: UIViewController {
    let label = UILabel()
    var onAppear: (SafeAreaLabelController) -> Void = { _ in }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        label.text = "Under the bar"
        label.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(label)
        NSLayoutConstraint.activate([
            label.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 10),
            label.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 16),
        ])
    }
    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        onAppear(self)
    }
}

/// `setNavigationBarHidden(_:animated: true)` on an iPhone 15 (the bar's row under the 54 pt
/// status bar, its bottom at 98; the safe area's top without the bar at 59), at 10 frames a second.
final class BarHideShowTests: XCTestCase {
    @MainActor private static func run(_ appear: @escaping (SafeAreaLabelController) -> Void) -> (ScreenRun, SafeAreaLabelController) {
        let vc = SafeAreaLabelController()
        vc.onAppear = appear
        return (StillRun.make(fps: 10, seconds: 1, make: { UINavigationController(rootViewController: vc) }), vc)
    }
    @MainActor private static func drawnTop(_ view: UIView) -> CGFloat {
        guard let layer = view.layer.presentation() else { return -1 }
        return layer.position.y - layer.bounds.height / 2
    }
    /// The label half way from 108 to 69, laid out on the @3x pixel grid: 88 2/3.
    static let halfWay: CGFloat = ((108 + 69) / 2 * 3).rounded() / 3
    /// The slide over: the bar hidden with its own transform, the label at the safe area's 59 + 10.
    @MainActor private static func assertHiddenAtRest(_ bar: UINavigationBar, _ vc: SafeAreaLabelController, line: UInt = #line) {
        XCTAssertTrue(bar.isHidden, line: line)
        XCTAssertEqual(bar.transform, .identity, line: line)
        XCTAssertEqual(drawnTop(vc.label), 69, accuracy: 1e-6, line: line)
    }
    @MainActor private static func barShift(_ bar: UINavigationBar) -> CGFloat { bar.layer.presentation()?.affineTransform().ty ?? 0 }

    /// Hiding: `isNavigationBarHidden` says true at once; the bar slides up by its bottom (98 pt)
    /// over 0.2 s eased in and out, half way at 0.1 s, the label under the safe area moving from
    /// 108 to 69 on the same curve; at the end the bar is hidden with its transform back to identity.
    func testHidingAnimatedSlidesTheBarAwayWithTheSafeArea() {
        MainActor.assumeIsolated {
            var hiddenAtOnce: Bool?
            let (run, vc) = Self.run { vc in
                vc.navigationController?.setNavigationBarHidden(true, animated: true)
                hiddenAtOnce = vc.navigationController?.isNavigationBarHidden
            }
            run.advance(to: 0)
            let bar = vc.navigationController!.navigationBar
            run.advance(to: 1)
            run.within {
                XCTAssertEqual(hiddenAtOnce, true)
                XCTAssertFalse(bar.isHidden)
                XCTAssertEqual(Self.barShift(bar), -98 / 2, accuracy: 1e-6)
                XCTAssertEqual(Self.drawnTop(vc.label), Self.halfWay, accuracy: 1e-6)
            }
            run.advance(to: 3)
            run.within { Self.assertHiddenAtRest(bar, vc) }
        }
    }

    /// Showing a hidden bar: it comes down from 98 pt above its place over 0.2 s, visible from
    /// the call, the label going back from 69 to 108; a second call half way (hide again) takes
    /// over from where the bar stands and the first call's end changes nothing.
    func testShowingAnimatedAndACallHalfWayTakesOver() {
        MainActor.assumeIsolated {
            let (run, vc) = Self.run { vc in
                vc.navigationController?.setNavigationBarHidden(true, animated: false)
                vc.view.layoutIfNeeded()
                vc.navigationController?.setNavigationBarHidden(false, animated: true)
            }
            run.advance(to: 0)
            let nav = vc.navigationController!, bar = nav.navigationBar
            run.advance(to: 1)
            run.within {
                XCTAssertFalse(bar.isHidden)
                XCTAssertEqual(Self.barShift(bar), -98 / 2, accuracy: 1e-6)
                XCTAssertEqual(Self.drawnTop(vc.label), Self.halfWay, accuracy: 1e-6)
                nav.setNavigationBarHidden(true, animated: true)
            }
            run.advance(to: 2)
            run.within { XCTAssertFalse(bar.isHidden, "the first call's end at 0.2 s does not hide or show the bar") }
            run.advance(to: 4)
            run.within { Self.assertHiddenAtRest(bar, vc) }
        }
    }

    /// `hidesBarsOnSwipe` and `hidesBarsOnTap` are kept, and said once: no swipe or tap hides the bar here.
    func testHidingOnSwipeOrTapIsSaid() {
        MainActor.assumeIsolated {
            ScreenRun.resetDiagnostics()
            let nav = UINavigationController(rootViewController: UIViewController())
            nav.hidesBarsOnSwipe = true
            nav.hidesBarsOnTap = true
            XCTAssertTrue(nav.hidesBarsOnSwipe && nav.hidesBarsOnTap)
            let said = ScreenRun.takeDiagnostics()
            XCTAssertTrue(said.contains { $0.contains("hidesBarsOnSwipe: a swipe does not hide the bar") }, "\(said)")
            XCTAssertTrue(said.contains { $0.contains("hidesBarsOnTap: a tap does not hide the bar") }, "\(said)")
        }
    }

    /// Not animated: at once.
    func testHidingWithoutAnimationIsAtOnce() {
        MainActor.assumeIsolated {
            let (run, vc) = Self.run { vc in vc.navigationController?.setNavigationBarHidden(true, animated: false) }
            run.advance(to: 1)
            run.within {
                XCTAssertTrue(vc.navigationController!.navigationBar.isHidden)
                XCTAssertEqual(Self.drawnTop(vc.label), 69, accuracy: 1e-6)
            }
        }
    }
}

extension BarHideShowTests {
    /// A table at rest at its top under the bar moves with the safe area as the bar hides: its
    /// first row from 98 to 59 on the slide's curve (a quarter of the time in at 0.05 s, half way
    /// at 0.1 s), its content offset with it, never jumping ahead of the bar.
    func testATableAtRestMovesWithTheSlidingBar() {
        MainActor.assumeIsolated {
            let vc = RowsController(style: .plain)
            vc.onAppear = { vc in vc.navigationController?.setNavigationBarHidden(true, animated: true) }
            let run = StillRun.make(fps: 20, seconds: 1, make: { UINavigationController(rootViewController: vc) })
            let expected: [CGFloat] = [98, 98 - 39 * CGFloat(CubicCurve.easeInOut.value(at: 0.25)), 78.5, 98 - 39 * CGFloat(CubicCurve.easeInOut.value(at: 0.75)), 59, 59]
            for (f, top) in expected.enumerated() {
                run.advance(to: f)
                run.within {
                    let first = vc.tableView.visibleCells.first!
                    XCTAssertEqual(first.convert(CGPoint.zero, to: nil).y, top, accuracy: 1e-6, "frame \(f)")
                    XCTAssertEqual(vc.tableView.contentOffset.y, -top, accuracy: 1e-6, "frame \(f)")
                }
            }
        }
    }
}

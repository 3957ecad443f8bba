import Foundation
import Raster
import Scene
import RenderFramesKit
@testable import UIKit
import XCTest

/// `UIView.transition(with:...)` and `transition(from:to:...)` on the frame clock.
final class ViewTransitionTests: XCTestCase {
    @MainActor static func pixel(_ run: ScreenRun, _ x: Int, _ y: Int) -> [Int] {
        BarsAsDrawnTests.pixel(BarsAsDrawnTests.pixels(run), x, y)
    }

    /// A cross dissolve mixes the pictures before and after: half way through (linear, 1 s), a
    /// pixel of the box is the mean of red and blue; at the start it is red, at the end blue.
    func testCrossDissolveIsTheMeanOfBothPicturesHalfWay() {
        MainActor.assumeIsolated {
            let vc = AnimatedBoxViewController()
            vc.onAppear = { vc in
                UIView.transition(with: vc.box, duration: 1, options: [.transitionCrossDissolve, .curveLinear], animations: { vc.box.backgroundColor = .blue })
            }
            let run = AnimationRuns.make(vc)
            run.advance(to: 0)
            XCTAssertEqual(Self.pixel(run, 70, 150), [255, 0, 0, 255])
            XCTAssertEqual(vc.box.backgroundColor, .blue)
            run.advance(to: 5)
            let mid = Self.pixel(run, 70, 150)
            XCTAssertEqual(Double(mid[0]), 127.5, accuracy: 1)
            XCTAssertEqual(mid[1], 0)
            XCTAssertEqual(Double(mid[2]), 127.5, accuracy: 1)
            run.advance(to: 10)
            XCTAssertEqual(Self.pixel(run, 70, 150), [0, 0, 255, 255])
            XCTAssertNil(vc.box.layer.viewTransition)
        }
    }

    /// The completion is called once, with true, at the first frame past the end; the changes of
    /// the block are made at once (not animated).
    func testCompletionAtTheEndAndChangesAtOnce() {
        MainActor.assumeIsolated {
            let vc = AnimatedBoxViewController()
            vc.onAppear = { vc in
                UIView.transition(
                    with: vc.box, duration: 0.3, options: .transitionCrossDissolve, animations: { vc.box.alpha = 0.5 },
                    completion: { f in vc.log.append("done \(f) \(CACurrentMediaTime())") })
            }
            let run = AnimationRuns.make(vc)
            run.advance(to: 2)
            XCTAssertEqual(vc.log, [])
            XCTAssertTrue(vc.box.layer.animationTracks.isEmpty)
            run.advance(to: 5)
            XCTAssertEqual(vc.log, ["done true 0.3"])
        }
    }

    /// A flip from the left is drawn as its affine part: the picture before squeezed across to
    /// nothing by half way (a quarter of the way, cos 45° of its width), then the view after
    /// widening again; the perspective not drawn is said once.
    func testFlipIsAHorizontalScaleThroughZero() {
        MainActor.assumeIsolated {
            let vc = AnimatedBoxViewController()
            vc.onAppear = { vc in
                UIView.transition(with: vc.box, duration: 1, options: [.transitionFlipFromLeft, .curveLinear], animations: { vc.box.backgroundColor = .blue })
            }
            let run = AnimationRuns.make(vc)
            run.advance(to: 2)
            // 0.2 s: cos(0.2 π) of 100 pt, about the centre (x 70): 80.9 pt wide, red.
            let w = 100 * cos(0.2 * Double.pi)
            XCTAssertEqual(Self.pixel(run, Int(70 - w / 2 + 2), 150), [255, 0, 0, 255])
            XCTAssertEqual(Self.pixel(run, Int(70 - w / 2 - 2), 150), [255, 255, 255, 255])
            run.advance(to: 8)
            // 0.8 s: the view after (blue), cos(0.8 π) wide.
            XCTAssertEqual(Self.pixel(run, Int(70 - w / 2 + 2), 150), [0, 0, 255, 255])
            XCTAssertEqual(Self.pixel(run, Int(70 - w / 2 - 2), 150), [255, 255, 255, 255])
            XCTAssertTrue(ScreenRun.takeDiagnostics().contains { $0.contains("a flip's perspective is not drawn") })
        }
    }

    /// `transition(from:to:)` puts the view after in the place of the view before, in the same
    /// superview, and draws the change on that superview; `.showHideTransitionViews` hides and
    /// shows instead.
    func testTransitionFromToSwapsTheViews() {
        MainActor.assumeIsolated {
            let other = UIView(frame: CGRect(x: 20, y: 100, width: 100, height: 100))
            other.backgroundColor = .green
            let hidden = UIView(frame: CGRect(x: 200, y: 100, width: 50, height: 50))
            hidden.isHidden = true
            let vc = AnimatedBoxViewController()
            vc.onAppear = { vc in
                vc.view.addSubview(hidden)
                UIView.transition(from: vc.box, to: other, duration: 0.5, options: .transitionCrossDissolve) { f in vc.log.append("swapped \(f)") }
            }
            let run = AnimationRuns.make(vc)
            run.advance(to: 0)
            XCTAssertNil(vc.box.superview)
            XCTAssertTrue(other.superview === vc.view)
            XCTAssertNotNil(vc.view.layer.viewTransition)
            run.within {
                UIView.transition(from: other, to: hidden, duration: 0.5, options: [.transitionCrossDissolve, .showHideTransitionViews], completion: nil)
            }
            XCTAssertTrue(other.isHidden)
            XCTAssertFalse(hidden.isHidden)
            XCTAssertTrue(other.superview === vc.view)
            run.advance(to: 6)
            XCTAssertEqual(vc.log, ["swapped true"])
        }
    }
}

import Foundation
import Raster
import Scene
import RenderFramesKit
@testable import UIKit
import XCTest

/// A page that scrolls vertically (the scenario's scroll view) with a carousel under it that the
/// screen's code scrolls; the carousel's delegate logs its calls with the frame time.
@MainActor final class CarouselViewController: UIViewController, UIScrollViewDelegate {
    let page = UIScrollView()
    let carousel = UIScrollView(frame: CGRect(x: 0, y: 400, width: 300, height: 100))
    var log: [String] = []
    var onAppear: (CarouselViewController) -> Void = { _ in }

    override func viewDidLoad() {
        super.viewDidLoad()
        page.frame = view.bounds
        page.contentSize = CGSize(width: view.bounds.width, height: 2000)
        view.addSubview(page)
        carousel.contentSize = CGSize(width: 1500, height: 100)
        carousel.delegate = self
        view.addSubview(carousel)
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        onAppear(self)
    }

    func scrollViewDidScroll(_ scrollView: UIScrollView) { log.append("scroll \(Int(scrollView.contentOffset.x.rounded())) \(CACurrentMediaTime())") }
    func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) { log.append("end \(CACurrentMediaTime())") }

    static func run(_ appear: @escaping (CarouselViewController) -> Void) -> (ScreenRun, CarouselViewController) {
        let vc = CarouselViewController()
        vc.onAppear = appear
        ScreenRun.resetDiagnostics()
        return (StillRun.make(fps: 10, seconds: 4, make: { vc }), vc)
    }
}

final class ScrollAnimationTests: XCTestCase {
    /// 0.3 s, linearly: the offset is set at the start of each frame (a scrollViewDidScroll each),
    /// and the frame that passes the end lands it and says the animation ended.
    func testAnimatedOffsetMovesOverTheNextFramesThenEnds() {
        MainActor.assumeIsolated {
            let (run, vc) = CarouselViewController.run { vc in vc.carousel.setContentOffset(CGPoint(x: 300, y: 0), animated: true) }
            run.advance(to: 0)
            XCTAssertEqual(vc.carousel.contentOffset.x, 0)
            run.advance(to: 5)
            XCTAssertEqual(vc.log, ["scroll 100 0.1", "scroll 200 0.2", "scroll 300 0.3", "end 0.3"])
            XCTAssertEqual(vc.carousel.contentOffset.x, 300)
        }
    }

    func testScrollRectToVisibleAnimatesToTheRect() {
        MainActor.assumeIsolated {
            let (run, vc) = CarouselViewController.run { vc in vc.carousel.scrollRectToVisible(CGRect(x: 500, y: 0, width: 100, height: 100), animated: true) }
            run.advance(to: 1)
            // To 300 (the rect's right edge at the view's), a third of the way at 0.1 s.
            XCTAssertEqual(vc.carousel.contentOffset.x, 100, accuracy: 1e-6)
            run.advance(to: 3)
            XCTAssertEqual(vc.carousel.contentOffset.x, 300)
            XCTAssertEqual(vc.log.last, "end 0.3")
        }
    }

    /// A new animated scroll replaces the one in flight (no end call for it); an unanimated one
    /// stops it where it is set.
    func testNewScrollReplacesAndUnanimatedStops() {
        MainActor.assumeIsolated {
            let (run, vc) = CarouselViewController.run { vc in vc.carousel.setContentOffset(CGPoint(x: 300, y: 0), animated: true) }
            run.advance(to: 1)
            run.within { vc.carousel.setContentOffset(CGPoint(x: 0, y: 0), animated: true) }
            run.advance(to: 4)
            XCTAssertEqual(vc.log, ["scroll 100 0.1", "scroll 67 0.2", "scroll 33 0.3", "scroll 0 0.4", "end 0.4"])
            run.within { vc.carousel.setContentOffset(CGPoint(x: 600, y: 0), animated: true) }
            run.advance(to: 5)
            run.within { vc.carousel.setContentOffset(CGPoint(x: 50, y: 0), animated: false) }
            run.advance(to: 8)
            XCTAssertEqual(vc.carousel.contentOffset.x, 50)
            XCTAssertFalse(vc.log.contains("end 0.7"))
        }
    }

    /// A scenario of keyframes sets its scroll view's offset every frame: an animated move of it
    /// is made at once, said once (a gesture script takes it into its motion: TimedScrollTests).
    func testTheKeyframedScrollViewMovesAtOnce() {
        MainActor.assumeIsolated {
            var right = CGFloat(0)
            let (run, _) = CarouselViewController.run { vc in
                vc.page.setContentOffset(CGPoint(x: 0, y: 100), animated: true)
                right = vc.page.contentOffset.y
            }
            run.advance(to: 0)
            XCTAssertEqual(right, 100)
            XCTAssertTrue(run.clock.scrollAnimations.isEmpty)
            XCTAssertTrue(ScreenRun.takeDiagnostics().contains { $0.contains("setContentOffset(_:animated: true) on the scroll view a scenario of keyframes moves") })
        }
    }
}

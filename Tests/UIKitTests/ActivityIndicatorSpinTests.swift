import CoreGraphics
import Foundation
import Raster
import RenderFramesKit
import Scene
@testable import UIKit
import XCTest

/// The spinner spins on the frame clock: the brightest spoke moves one spoke clockwise every
/// eighth of a second (one turn a second), from the top at `startAnimating()`.
final class ActivityIndicatorSpinTests: XCTestCase {
    /// A run at 16 frames a second whose spinner starts at frame 0.
    @MainActor static func run(hides: Bool = true) -> (ScreenRun, UIActivityIndicatorView) {
        let spinner = UIActivityIndicatorView(style: .large)
        spinner.accessibilityIdentifier = "spinner"
        spinner.hidesWhenStopped = hides
        let settings = ScreenSettings(device: Device.named("iphone-15")!, appearance: .light, typography: .standard, fps: 16, imageFolders: [])
        let motion = KeyframeTimeline(keyframes: [.init(time: 0, offset: 0, easing: .linear), .init(time: 2, offset: 0, easing: .linear)])
        final class Host: UIViewController {
            let spinner: UIActivityIndicatorView
            init(_ s: UIActivityIndicatorView) { spinner = s; super.init(nibName: nil, bundle: nil) }
            required init?(coder: NSCoder) { fatalError() }
            override func viewDidLoad() {
                super.viewDidLoad()
                spinner.center = CGPoint(x: 100, y: 100)
                view.addSubview(spinner)
                spinner.startAnimating()
            }
        }
        let run = ScreenRun(settings: settings, motion: motion, make: { Host(spinner) })
        run.advance(to: 0)
        return (run, spinner)
    }

    /// The opacity drawn for each spoke, counterclockwise from the top, at the run's frame.
    @MainActor static func opacities(_ run: ScreenRun) -> [Int] {
        func find(_ l: Layer) -> Layer? { l.name == "spinner" ? l : l.sublayers.lazy.compactMap(find).first }
        guard let layer = find(run.snapshot()), case .shapes(let spokes)? = layer.contents else { return [] }
        return spokes.map { Int($0.1.a) }
    }

    func testTheBrightSpokeStepsClockwiseEveryEighthOfASecond() {
        MainActor.assumeIsolated {
            let (run, spinner) = Self.run()
            let full = Self.opacities(run)
            XCTAssertEqual(full.count, 8)
            XCTAssertEqual(full.firstIndex(of: full.max()!), 0, "at the start: the top spoke")
            // Frame 2 = 0.125 s: one step, the brightest spoke is one clockwise from the top
            // (index 7 counterclockwise); frame 7 = 0.4375 s: three steps (index 5).
            run.advance(to: 2)
            XCTAssertEqual(spinner.step(at: ScreenEnvironment.time), 1)
            var o = Self.opacities(run)
            XCTAssertEqual(o.firstIndex(of: o.max()!), 7)
            run.advance(to: 7)
            o = Self.opacities(run)
            XCTAssertEqual(o.firstIndex(of: o.max()!), 5)
            // The fade runs counterclockwise from the brightest: 1, 0.9, ..., 0.3 of the color's alpha.
            XCTAssertEqual(o[6], Int((Double(full[0]) * 0.9).rounded()), accuracy: 1)
            // One turn later (frame 23 = 1.4375 s): the same step as at 0.4375 s.
            run.advance(to: 23)
            XCTAssertEqual(Self.opacities(run), o)
        }
    }

    func testStoppingHidesItOrHoldsTheFirstStep() {
        MainActor.assumeIsolated {
            let (run, spinner) = Self.run()
            run.advance(to: 5)
            run.within { spinner.stopAnimating() }
            run.advance(to: 6)
            XCTAssertFalse(spinner.isAnimating)
            XCTAssertTrue(spinner.isHidden)
            let (shown, kept) = Self.run(hides: false)
            shown.advance(to: 5)
            shown.within { kept.stopAnimating() }
            shown.advance(to: 6)
            XCTAssertFalse(kept.isHidden)
            let o = Self.opacities(shown)
            XCTAssertEqual(o.firstIndex(of: o.max()!), 0)
        }
    }
}

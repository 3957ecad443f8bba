import CoreGraphics
import Foundation
import Raster
import RenderFramesKit
import Scene
@testable import UIKit
import XCTest

/// `present(_:animated:completion:)` and `dismiss(animated:completion:)` on the frame clock.
final class PresentationTests: XCTestCase {
    typealias Logged = PushTransitionTests.Logged

    /// A run at 20 fps whose root is `first`, advanced to frame 1; the log is cleared.
    @MainActor static func start() -> (ScreenRun, Logged, Logged, () -> [String], (String) -> Void) {
        final class Log { var lines: [String] = [] }
        let log = Log()
        let first = Logged("first") { log.lines.append($0) }
        let sheet = Logged("sheet") { log.lines.append($0) }
        let run = StillRun.make(fps: 20, seconds: 3, make: { first })
        run.advance(to: 1)
        log.lines.removeAll()
        return (run, first, sheet, { log.lines }, { log.lines.append($0) })
    }

    /// The named layer's top-left corner in the window (its superlayers' positions added; no transforms).
    @MainActor static func origin(_ run: ScreenRun, _ name: String) -> CGPoint? {
        // (x, y): where the superlayer's bounds origin is in the window.
        func find(_ l: Layer, _ x: Double, _ y: Double) -> CGPoint? {
            let ox = x + l.frame.minX, oy = y + l.frame.minY
            if l.name == name { return CGPoint(x: ox, y: oy) }
            for s in l.sublayers {
                if let p = find(s, ox - l.bounds.minX, oy - l.bounds.minY) { return p }
            }
            return nil
        }
        return find(run.snapshot(), 0, 0)
    }

    @MainActor static func layer(_ run: ScreenRun, _ name: String) -> Layer? {
        func find(_ l: Layer) -> Layer? { l.name == name ? l : l.sublayers.lazy.compactMap(find).first }
        return find(run.snapshot())
    }

    static let h = 852.0, w = 393.0
    /// iPhone 15's safe area top, and the sheet's top 10 pt below it.
    static let sheetTop = 59.0 + 10

    func testAPageSheetSlidesUpOnTheCurveAndThePresenterIsPushedBack() {
        MainActor.assumeIsolated {
            let (run, first, sheet, log, note) = Self.start()
            XCTAssertEqual(sheet.modalPresentationStyle, .automatic)
            run.within { first.present(sheet, animated: true) { note("completion") } }
            XCTAssertEqual(log(), ["sheet willAppear"], "the presenter of a sheet gets no calls")
            XCTAssertTrue(sheet.isBeingPresented)
            XCTAssertTrue(first.presentedViewController === sheet && sheet.presentingViewController === first)
            // Presented at frame 1 (0.05 s): frames 3 and 6 are 0.1 and 0.25 s in.
            for (frame, elapsed) in [(3, 0.1), (6, 0.25)] {
                run.advance(to: frame)
                let u = PushTransitionTests.easeInOut(elapsed / Presentation.duration)
                XCTAssertEqual(Double(Self.origin(run, "sheet")?.y ?? -1), Self.h + (Self.sheetTop - Self.h) * u, accuracy: 0.01, "frame \(frame)")
                let presenter = Self.layer(run, "first")!
                let s = 1 - u * 32 / Self.w
                XCTAssertEqual(presenter.transform.a, s, accuracy: 1e-9, "scaled back")
                XCTAssertEqual(presenter.cornerRadius * s, 10 * u, accuracy: 1e-9)
            }
            XCTAssertFalse(log().contains("completion"))
            run.advance(to: 11)
            XCTAssertEqual(log(), ["sheet willAppear", "sheet didAppear", "completion"])
            XCTAssertFalse(sheet.isBeingPresented)
            XCTAssertEqual(Double(Self.origin(run, "sheet")?.y ?? -1), Self.sheetTop, accuracy: 1e-9)
            // At rest the presenter's top is at the safe area's top.
            let presenter = Self.layer(run, "first")!
            let s = 1 - 32 / Self.w
            XCTAssertEqual(Self.h / 2 - s * Self.h / 2 + presenter.transform.ty, 59, accuracy: 1e-9)
            XCTAssertNotNil(run.within { first.view.window }, "the presenter stays under a sheet")
            XCTAssertEqual(run.within { sheet.view.safeAreaInsets.top }, 0, "the sheet is below the status bar")
        }
    }

    func testFullScreenCallsThePresentersDisappearanceAndRemovesItsView() {
        MainActor.assumeIsolated {
            let (run, first, sheet, log, note) = Self.start()
            sheet.modalPresentationStyle = .fullScreen
            run.within { first.present(sheet, animated: true) { note("completion") } }
            XCTAssertEqual(log(), ["first willDisappear", "sheet willAppear"])
            run.advance(to: 4)
            let u = PushTransitionTests.easeInOut(0.15 / Presentation.duration)
            XCTAssertEqual(Double(Self.origin(run, "sheet")?.y ?? -1), Self.h * (1 - u), accuracy: 0.01)
            XCTAssertEqual(log().count, 2)
            run.advance(to: 11)
            XCTAssertEqual(log(), ["first willDisappear", "sheet willAppear", "sheet didAppear", "first didDisappear", "completion"])
            XCTAssertNil(run.within { first.view.window }, "removed after the transition")
            run.within { sheet.dismiss(animated: true) { note("dismissed") } }
            XCTAssertTrue(sheet.isBeingDismissed)
            XCTAssertEqual(Array(log().suffix(2)), ["sheet willDisappear", "first willAppear"])
            XCTAssertNotNil(run.within { first.view.window }, "back under the one leaving")
            run.advance(to: 14)
            let d = PushTransitionTests.easeInOut(0.15 / Presentation.duration)
            XCTAssertEqual(Double(Self.origin(run, "sheet")?.y ?? -1), Self.h * d, accuracy: 0.01)
            run.advance(to: 21)
            XCTAssertEqual(Array(log().suffix(3)), ["first didAppear", "sheet didDisappear", "dismissed"])
            XCTAssertNil(first.presentedViewController)
            XCTAssertNil(sheet.presentingViewController)
            XCTAssertNil(Self.layer(run, "sheet"))
        }
    }

    func testACrossDissolveFadesAndOverFullScreenKeepsThePresenter() {
        MainActor.assumeIsolated {
            let (run, first, sheet, log, _) = Self.start()
            sheet.modalPresentationStyle = .overFullScreen
            sheet.modalTransitionStyle = .crossDissolve
            run.within { first.present(sheet, animated: true) }
            XCTAssertEqual(log(), ["sheet willAppear"])
            run.advance(to: 5)
            let u = PushTransitionTests.easeInOut(0.2 / Presentation.duration)
            XCTAssertEqual(Self.origin(run, "sheet")?.y, 0)
            let container = run.snapshot().sublayers.last { $0.sublayers.contains { $0.name == "sheet" } }
            XCTAssertEqual(container?.opacity ?? -1, u, accuracy: 1e-6)
            run.advance(to: 12)
            XCTAssertEqual(log(), ["sheet willAppear", "sheet didAppear"])
            XCTAssertNotNil(run.within { first.view.window })
        }
    }

    func testUnanimatedPresentationCompletesAtOnceAndASecondPresentIsRefused() {
        MainActor.assumeIsolated {
            let (run, first, sheet, log, note) = Self.start()
            run.within { first.present(sheet, animated: false) { note("completion") } }
            XCTAssertEqual(log(), ["sheet willAppear", "sheet didAppear", "completion"])
            let other = Logged("other") { _ in }
            run.within { first.present(other, animated: false) { note("other completion") } }
            XCTAssertNil(other.presentingViewController, "already presenting: refused, as UIKit does")
            XCTAssertFalse(log().contains("other completion"))
            run.within { first.dismiss(animated: false) { note("dismissed") } }
            XCTAssertEqual(Array(log().suffix(2)), ["sheet didDisappear", "dismissed"])
        }
    }

    /// The coordinator during a presentation: alongside blocks animate with the sheet, completions
    /// run before viewDidAppear.
    func testTheCoordinatorRunsAlongsideThePresentation() {
        MainActor.assumeIsolated {
            let (run, first, sheet, log, note) = Self.start()
            let dot = UIView(frame: CGRect(x: 0, y: 0, width: 4, height: 4))
            run.within {
                first.view.addSubview(dot)
                first.present(sheet, animated: true)
                XCTAssertTrue(sheet.transitionCoordinator?.viewController(forKey: .to) === sheet)
                XCTAssertNil(sheet.transitionCoordinator?.view(forKey: .from), "a sheet's presenter stays")
                sheet.transitionCoordinator?.animate(alongsideTransition: { _ in dot.alpha = 0 }, completion: { _ in note("coordinator done") })
            }
            run.advance(to: 4)
            let u = PushTransitionTests.easeInOut(0.15 / Presentation.duration)
            XCTAssertEqual(Double(run.within { dot.layer.presentation()?.opacity ?? -1 }), 1 - u, accuracy: 1e-6)
            run.advance(to: 12)
            XCTAssertEqual(log(), ["sheet willAppear", "coordinator done", "sheet didAppear"])
            XCTAssertNil(run.within { sheet.transitionCoordinator })
        }
    }

    /// A controller presented full screen decides the status bar; one in a sheet does not, unless
    /// it captures the status bar's appearance.
    func testAFullScreenPresentationDecidesTheStatusBar() {
        MainActor.assumeIsolated {
            final class Light: UIViewController {
                override var preferredStatusBarStyle: UIStatusBarStyle { .lightContent }
            }
            let (run, first, _, _, _) = Self.start()
            let style = { run.within { first.view.window?.windowScene?.statusBarManager?.statusBarStyle } }
            let sheet = Light()
            run.within { first.present(sheet, animated: false) }
            XCTAssertEqual(style(), .default, "a sheet leaves it to the presenter")
            run.within { first.dismiss(animated: false) }
            sheet.modalPresentationCapturesStatusBarAppearance = true
            run.within { first.present(sheet, animated: false) }
            XCTAssertEqual(style(), .lightContent)
            run.within { first.dismiss(animated: false) }
            let full = Light()
            full.modalPresentationStyle = .fullScreen
            run.within { first.present(full, animated: false) }
            XCTAssertEqual(run.within { UIApplication.shared.statusBarStyle }, .lightContent)
        }
    }

    /// A page sheet against its goldens (@1x): sliding up over the presenter going back (frame 2),
    /// at rest (frame 6): the sheet 10 pt below the safe area's top with rounded top corners, the
    /// presenter scaled to leave 16 pt at each side, rounded and dimmed, over black.
    func testAPageSheetGolden() throws {
        try assertFrames(
            of: { SheetPresenterViewController() }, scenario: ScreenSmokeTests.fixtures + "/present.yaml",
            golden: ScreenSmokeTests.fixtures + "/golden/present", frames: "2,6", scale: 1)
    }
}

/// A colored screen that presents a sheet as it appears.
@MainActor final class SheetPresenterViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        let band = UIView(frame: CGRect(x: 0, y: 0, width: view.bounds.width, height: 260))
        band.backgroundColor = .systemIndigo
        view.addSubview(band)
        let title = UILabel(frame: CGRect(x: 20, y: 280, width: view.bounds.width - 40, height: 40))
        title.text = "Contacts"
        title.font = .systemFont(ofSize: 34, weight: .bold)
        view.addSubview(title)
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        let sheet = UIViewController()
        sheet.view.backgroundColor = .systemBackground
        let label = UILabel(frame: CGRect(x: 0, y: 16, width: view.bounds.width, height: 24))
        label.text = "New Contact"
        label.textAlignment = .center
        label.font = .systemFont(ofSize: 17, weight: .semibold)
        sheet.view.addSubview(label)
        let card = UIView(frame: CGRect(x: 16, y: 64, width: view.bounds.width - 32, height: 120))
        card.backgroundColor = .secondarySystemBackground
        card.layer.cornerRadius = 12
        sheet.view.addSubview(card)
        present(sheet, animated: true)
    }
}

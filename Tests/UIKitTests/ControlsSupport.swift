import Raster
import RenderFramesKit
import Scene
import UIKit
import XCTest

/// A screen whose view gets the views `build` adds.
@MainActor final class ControlsHostViewController: UIViewController {
    let build: @MainActor (UIView) -> Void
    init(_ build: @escaping @MainActor (UIView) -> Void) {
        self.build = build
        super.init(nibName: nil, bundle: nil)
    }
    required init?(coder: NSCoder) { fatalError() }
    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        build(view)
    }
}

/// Runs a screen of views for one frame and draws it at 1x.
enum ControlsHarness {
    @MainActor static func render(dark: Bool = false, _ build: @escaping @MainActor (UIView) -> Void) -> Pixmap {
        let run = run(dark: dark, build)
        let d = run.settings.device
        return LayerRenderer().render(run.snapshot(), width: Int(d.size.width), height: Int(d.size.height), scale: 1)
    }

    @MainActor static func run(dark: Bool = false, _ build: @escaping @MainActor (UIView) -> Void) -> ScreenRun {
        let settings = ScreenSettings(
            device: Device.named("iphone-15")!, appearance: dark ? .dark : .light, typography: .standard, fps: 1, imageFolders: [])
        let motion = KeyframeTimeline(keyframes: [.init(time: 0, offset: 0, easing: .linear), .init(time: 1, offset: 0, easing: .linear)])
        let run = ScreenRun(settings: settings, motion: motion, make: { ControlsHostViewController(build) })
        run.advance(to: 0)
        return run
    }

    /// Writes `p` to $CONTROLS_DUMP/<name>.png when that variable is set (to look at a test's frame).
    static func dump(_ p: Pixmap, _ name: String) {
        guard let folder = ProcessInfo.processInfo.environment["CONTROLS_DUMP"] else { return }
        let bytes = PNGEncoder(options: .balanced).encode(p)
        FileManager.default.createFile(atPath: folder + "/" + name + ".png", contents: Data(bytes))
    }

    /// The pixel at (x, y) as (r, g, b, a).
    static func pixel(_ p: Pixmap, _ x: Int, _ y: Int) -> (Int, Int, Int, Int) {
        let i = (y * p.width + x) * 4
        return (Int(p.bytes[i]), Int(p.bytes[i + 1]), Int(p.bytes[i + 2]), Int(p.bytes[i + 3]))
    }

    /// Runs `body` on the main actor from a nonisolated test method.
    static func onMain<T: Sendable>(_ body: @MainActor () throws -> T) rethrows -> T {
        try MainActor.assumeIsolated { try body() }
    }
}

import Foundation
import Raster
import ScenarioFormat
import Scene
import UIKit

/// One variant of what the live preview shows (`render-frames preview`, `PreviewServer`): a loaded
/// scenario whose frames are drawn one at a time, in any order, each the same pixels `render`
/// writes for it at the scenario's scale. A scenario's own screen (or a Swift `SceneProvider`) is a
/// pure function of the frame; a UIKit screen runs its code on the main thread up to the frame
/// (`needsMainThread`), going back by running it again from the start.
package protocol PreviewFrames: AnyObject {
    /// The matrix variant's name (nil without a matrix).
    var variant: String? { get }
    var scenario: Scenario { get }
    /// Calls must be made on the main thread (a UIKit screen's code runs there).
    var needsMainThread: Bool { get }
    /// Frame `index` (0..<frameCount) drawn: its pixels and the named layers on screen.
    func draw(frame index: Int) -> (pixels: Pixmap, layers: [LayerPlacement])
    /// What `explain` prints for frame `index` (JSON).
    func explain(frame index: Int) throws -> String
    /// UIKit's contentOffset.y at frame `index`, as the page shows beside the scrubber.
    func contentOffsetY(frame index: Int) -> Double
}

/// A scenario file's frames (its own screen, a preset, or a Swift scene set as its screen's provider).
package final class ScenarioPreviewFrames: PreviewFrames {
    package let scenario: Scenario
    private let renderer: FrameRenderer

    package init(_ scenario: Scenario) {
        self.scenario = scenario
        renderer = FrameRenderer(scenario: scenario)
    }

    package var variant: String? { scenario.variant }
    package var needsMainThread: Bool { false }

    package func draw(frame index: Int) -> (pixels: Pixmap, layers: [LayerPlacement]) {
        let tree = scenario.layers(ofFrame: index)
        return (renderer.render(tree), LayerRenderer.placements(of: tree, screen: scenario.screen.device.size))
    }

    package func explain(frame index: Int) throws -> String { Explanation.json(scenario, at: .frame(index)) }

    package func contentOffsetY(frame index: Int) -> Double { scenario.contentOffsetY(ofFrame: index) }

    /// Every variant of the scenario file at `path` (the one scenario without a matrix), loaded and
    /// checked as `render` loads them; `prepare` may set a Swift scene as each one's screen provider.
    package static func load(
        path: String, scale: Double?, imageLimits: ImageLimits = .standard, prepare: ((inout Scenario) -> Void)? = nil
    ) throws -> [ScenarioPreviewFrames] {
        let (first, _) = try ScenarioLoader.checkEveryVariant(path: path, scaleOverride: scale, imageLimits: imageLimits)
        var all = [first]
        for name in first.variantNames where name != first.variant {
            all.append(try ScenarioLoader.load(path: path, scaleOverride: scale, imageLimits: imageLimits, variant: name))
        }
        return all.map {
            var s = $0
            prepare?(&s)
            return ScenarioPreviewFrames(s)
        }
    }
}

/// A UIKit screen's frames: the view controller `make` returns, run frame by frame on the main
/// thread as `renderFrames(of:)` runs it. A later frame continues the run; an earlier one starts a
/// new run (the screen's code keeps state, so frame k is what k frames of calls made it).
/// Main-actor isolated (so the compiler checks it Sendable): the preview calls it on the main
/// queue, and each call checks it is there (`MainActor.assumeIsolated`) before it touches the run.
@MainActor
package final class ScreenPreviewFrames: PreviewFrames {
    package nonisolated let scenario: Scenario
    private let settings: ScreenSettings
    private let make: @MainActor () -> UIViewController
    private let renderer: FrameRenderer
    private let timeline: any ScrollTimeline
    private var run: ScreenRun?
    private var at = -1

    package nonisolated var variant: String? { scenario.variant }
    package nonisolated var needsMainThread: Bool { true }

    init(_ loaded: Scenario, path: String, make: @escaping @MainActor () -> UIViewController) {
        var scenario = loaded
        let settings = ScreenSettings(loaded, path: path)
        scenario.timeline = ScreenFrames.preparedMotion(settings: settings, motion: loaded.timeline, make: make)
        self.scenario = scenario
        self.settings = settings
        self.make = make
        self.timeline = loaded.timeline
        renderer = FrameRenderer(scenario: scenario)
    }

    /// Every variant of the scenario at `path` for the screen `make` returns (main thread).
    package static func load(path: String, scale: Double?, make: @escaping @MainActor () -> UIViewController) throws -> [ScreenPreviewFrames] {
        let (first, _) = try ScenarioLoader.checkEveryVariant(path: path, scaleOverride: scale, screenCode: true)
        var all = [first]
        for name in first.variantNames where name != first.variant {
            all.append(try ScenarioLoader.load(path: path, scaleOverride: scale, variant: name, screenCode: true))
        }
        return all.map { ScreenPreviewFrames($0, path: path, make: make) }
    }

    private func advanced(to index: Int) -> ScreenRun {
        if run == nil || index < at {
            run = ScreenRun(settings: settings, motion: timeline, make: make)
            at = -1
        }
        run!.advance(to: index)
        at = index
        return run!
    }

    package nonisolated func draw(frame index: Int) -> (pixels: Pixmap, layers: [LayerPlacement]) {
        // The snapshot (a Layer tree, not Sendable) is made and drawn on the main thread.
        MainActor.assumeIsolated {
            let tree = advanced(to: index).snapshot()
            return (renderer.render(tree), LayerRenderer.placements(of: tree, screen: scenario.screen.device.size))
        }
    }

    package nonisolated func explain(frame index: Int) throws -> String {
        try MainActor.assumeIsolated {
            let run = advanced(to: index)
            let out: [String: Any] = [
                "scenario": scenario.file, "frame": index, "time": Double(index) / scenario.fps, "views": run.viewDescriptions(),
            ]
            return String(decoding: try JSONSerialization.data(withJSONObject: out, options: [.prettyPrinted, .sortedKeys]), as: UTF8.self)
        }
    }

    package nonisolated func contentOffsetY(frame index: Int) -> Double {
        MainActor.assumeIsolated { advanced(to: index).scrollView.map { Double($0.contentOffset.y) } ?? 0 }
    }
}

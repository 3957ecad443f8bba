import Foundation
import GoldenCompare
import Raster
import ScenarioFormat
import Scene
import UIKit

/// Renders a UIKit screen, the view controller your app ships, into numbered PNG frames and a
/// `manifest.json` in `out`, as `render-frames SCENARIO` does for a scenario's own screen. The
/// scenario gives the device, orientation, appearance, text size, fps, the gestures or timeline,
/// a matrix and `output:` animations; the screen is what `make` returns (a view controller, or a
/// navigation or tab bar controller around one), run on the main thread frame by frame as the
/// phone runs it. With `layout`, the manifest lists every view with an accessibilityIdentifier:
/// its frame on screen after transforms, its opacity and its place in drawing order. Says on
/// standard error where the frames went, as `render-frames` does (`wrote 108 frames (4.2 MB) to
/// frames/profile in 1.52s (71.1 frames/s)`; a matrix's folder for each variant first), and
/// returns the folders in `frameFolders`.
///
///     try renderFrames(of: { ProfileViewController() }, scenario: "motion.yaml", out: "frames/profile", layout: true)
@discardableResult
public func renderFrames(
    of make: @escaping @MainActor () -> UIViewController, scenario: String, out: String, layout: Bool = false,
    frames: String? = nil, scale: Double? = nil, jobs: Int = RenderJob.defaultWorkers()
) throws -> Render.Result {
    var settings = Render.Settings(scenario: scenario, outputDirectory: out)
    (settings.includeLayout, settings.frames, settings.scale, settings.jobs) = (layout, frames, scale, jobs)
    if let problem = settings.rangeProblem() { throw RenderError.outOfRange(problem) }
    var hooks = Render.Hooks()
    hooks.line = { print($0) }
    hooks.warn = ScreenRender.standardError
    // What the command says on standard error without --quiet, progress aside: a variant's folder,
    // frames already up to date, and where the frames were written.
    hooks.note = ScreenRender.standardError
    hooks.finishFrames = { summary, directory in
        ProgressReporter(quiet: false, label: scenario, terminal: false).finish(summary: summary, outputDirectory: directory)
    }
    return try ScreenRender(make: make, settings: settings, hooks: hooks).run()
}

/// Renders a UIKit screen and checks its frames against `golden`, as `render-frames SCENARIO
/// --golden GOLDEN` does (a matrix's variants against GOLDEN/NAME; failure images in
/// GOLDEN-failures; recording by `RecordMode.resolve`). Throws a `GoldenMismatch` that says what
/// differs and how to re-record.
///
///     func testProfile() throws {
///         try assertFrames(of: { ProfileViewController() }, scenario: "motion.yaml", golden: "Goldens/profile")
///     }
@discardableResult
public func assertFrames(
    of make: @escaping @MainActor () -> UIViewController, scenario: String, golden: String, frames: String? = nil,
    scale: Double? = nil, options: PixelMatch.Options = .init(), record: RecordMode? = nil
) throws -> GoldenCheck.Outcome {
    let directory = NSTemporaryDirectory() + "render-frames-assert-\(getpid())-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let settings = assertionSettings(scenario, directory: directory, golden: golden, frames: frames, scale: scale, options: options, record: record)
    var hooks = Render.Hooks()
    hooks.warn = ScreenRender.standardError
    return try goldenVerdict(
        try ScreenRender(make: make, settings: settings, hooks: hooks).run(), golden: golden, directory: directory, record: record)
}

/// A UIKit screen at one frame as JSON, as `render-frames explain --json` gives a scenario's: the
/// scroll state, every view (class, accessibilityIdentifier, frame, bounds, transform, alpha,
/// zPosition, a scroll view's offset and insets, a label's text) depth first, and every named view
/// on screen (its frame after transforms, opacity and place in drawing order). The calls of the
/// frames before it are made first, as the render makes them.
public func explainFrame(of make: @escaping @MainActor () -> UIViewController, scenario path: String, frame: Int) throws -> String {
    guard Thread.isMainThread else { throw RenderError.notOnMainThread }
    let loaded = try ScenarioLoader.load(path: path, screenCode: true)
    let settings = ScreenSettings(
        device: loaded.screen.device, appearance: loaded.screen.appearance, typography: loaded.screen.typography,
        fps: loaded.fps, imageFolders: [path.parentPath.isEmpty ? "." : path.parentPath], statusBarItems: loaded.screen.statusBarItems)
    let timeline = loaded.timeline
    return try MainActor.assumeIsolated {
        // One run of the screen (its viewDidLoad once): frame by frame up to `frame`, which must be
        // one of the frames the motion has for this screen's scroll view as the run compiles it.
        let run = ScreenRun(settings: settings, motion: timeline, make: make)
        @MainActor func count() -> Int { min(ScreenFrames.frameCount(run.timeline, fps: loaded.fps), ScenarioLoader.maximumFrames) }
        var reached = frame < 0 ? -1 : 0
        if reached == 0 { run.advance(to: 0) }
        while reached >= 0, reached < frame, reached + 1 < count() {
            reached += 1
            run.advance(to: reached)
        }
        guard frame >= 0, reached == frame, frame < count() else {
            let last = frame < 0 ? ScreenFrames.frameCount(timeline, fps: loaded.fps) - 1 : count() - 1
            throw RenderError.frameSelection("frame \(frame): \(path) has frames 0-\(last) for this screen; give one of them")
        }
        let tree = run.snapshot()
        var onScreen: [[String: Any]] = []
        for p in LayerRenderer.placements(of: tree, screen: loaded.screen.device.size) {
            onScreen.append(["name": p.name, "frame": p.frame, "opacity": p.opacity, "z": p.z])
        }
        let out: [String: Any] = [
            "scenario": path, "frame": frame, "time": Double(frame) / loaded.fps, "views": run.viewDescriptions(), "onScreen": onScreen,
        ]
        let data = try JSONSerialization.data(withJSONObject: out, options: [.prettyPrinted, .sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }
}

/// A render of a UIKit screen: the scenario loaded for a screen drawn by code (its screen keys
/// refused), each variant prepared by running the screen once through (the motion compiled for
/// its main scroll view's range and its delegate's targets), then rendered by `Render` with the
/// screen's code producing each frame's layers on the main thread.
package struct ScreenRender {
    let make: @MainActor () -> UIViewController
    let settings: Render.Settings
    var hooks = Render.Hooks()

    package init(make: @escaping @MainActor () -> UIViewController, settings: Render.Settings, hooks: Render.Hooks = Render.Hooks()) {
        self.make = make; self.settings = settings; self.hooks = hooks
    }

    /// Writes a line to standard error (what the screen asks for that is not drawn).
    static func standardError(_ line: String) { FileHandle.standardError.write(Data((line + "\n").utf8)) }

    package func run() throws -> Render.Result {
        guard Thread.isMainThread else {
            // nonisolated(unsafe): a ScreenRender (its hooks are not Sendable) is handed to the main
            // thread, which runs it while this thread waits: never used by two threads at once.
            nonisolated(unsafe) let render = self
            return try DispatchQueue.main.sync { Swift.Result { try render.run() } }.get()
        }
        let s = settings
        if let golden = s.golden {
            try GoldenCheck.checkFolders(
                frames: s.outputDirectory, golden: golden, diff: s.diffDirectory,
                names: ("out", "golden", "the failure images' folder"))
        }
        guard let path = s.scenario else { throw RenderError.defaultDemoMissing }
        // Said once per run, after its frames: what the screen's code asks for that is not drawn.
        MainActor.assumeIsolated { ScreenRun.resetDiagnostics() }
        defer {
            // About the screen's Swift code, not the scenario's YAML: said as the code's.
            for note in MainActor.assumeIsolated({ ScreenRun.takeDiagnostics() }) {
                hooks.warn("warning: the screen's code (run with \(path)): \(note)")
            }
        }
        let (first, variants) = try ScenarioLoader.checkEveryVariant(
            path: path, fpsOverride: s.fps, scaleOverride: s.scale, imageLimits: s.imageLimits, screenCode: true)
        var result = Render.Result()
        guard !first.variantNames.isEmpty else {
            try Render(s, hooks: hooks).render(try prepared(first, path: path), path: path, into: &result)
            return result
        }
        for v in variants {
            do {
                _ = try s.frames.map { try FrameSelection(parsing: $0, frameCount: v.frameCount) }
            } catch {
                throw RenderError.inVariant(v.name, "\(error)")
            }
        }
        for name in first.variantNames {
            let scenario =
                name == first.variant
                ? first
                : try ScenarioLoader.load(
                    path: path, fpsOverride: s.fps, scaleOverride: s.scale, imageLimits: s.imageLimits, variant: name, screenCode: true)
            hooks.note("variant \(name): \(s.outputDirectory)/\(name)")
            let checked = result.goldenOutcomes.count
            try Render(s.forVariant(name), hooks: hooks).render(try prepared(scenario, path: path), path: path, into: &result)
            if result.goldenOutcomes[checked...].contains(where: { !$0.outcome.passed }) { result.failedVariants.append(name) }
        }
        return result
    }

    /// The scenario with the screen's code as its frames' source and its motion as the screen's
    /// main scroll view makes it.
    func prepared(_ loaded: Scenario, path: String) throws -> Scenario {
        var scenario = loaded
        let screenSettings = ScreenSettings(loaded, path: path)
        let (make, timeline) = (self.make, loaded.timeline)
        let (motion, problems, codeName) = MainActor.assumeIsolated {
            ScreenFrames.preparedRun(settings: screenSettings, motion: timeline, make: make)
        }
        if let problem = problems.first { throw RenderError.touchTarget(path: path, problem: problem) }
        scenario.timeline = motion
        scenario.screen.sequentialSource = ScreenFrames(
            settings: screenSettings, motion: loaded.timeline, make: make, capacity: 2 * settings.jobs + 2, codeName: codeName)
        return scenario
    }
}

/// A UIKit screen's frames: its code run on the main thread (`produce`), each frame's snapshot
/// handed to the worker that draws it. At most `capacity` snapshots wait at a time.
// @unchecked: `ready`, `skipped`, `offsets` and `finished` are reached only with `condition` locked; the
// rest is `let`s, and `make` runs on the main thread.
final class ScreenFrames: SequentialLayerSource, @unchecked Sendable {
    private let settings: ScreenSettings
    private let motion: any ScrollTimeline
    private let make: @MainActor () -> UIViewController
    private let capacity: Int
    private let condition = NSCondition()
    private var ready: [Int: Layer] = [:]
    private var skipped: Set<Int> = []
    private var offsets: [Int: Double] = [:]
    /// Production ended (every frame handed over, or stopped): a frame not ready will not come.
    private var finished = false
    let codeName: String

    init(
        settings: ScreenSettings, motion: any ScrollTimeline, make: @escaping @MainActor () -> UIViewController, capacity: Int,
        codeName: String
    ) {
        self.settings = settings; self.motion = motion; self.make = make; self.capacity = max(2, capacity)
        self.codeName = codeName
    }

    /// Runs the screen once through, without drawing: the motion it ends with (compiled for its
    /// main scroll view's range, with the targets its delegate set) fixes the frame count.
    @MainActor static func preparedMotion(
        settings: ScreenSettings, motion: any ScrollTimeline, make: @escaping @MainActor () -> UIViewController
    ) -> any ScrollTimeline {
        preparedRun(settings: settings, motion: motion, make: make).motion
    }

    /// The same, with what went wrong with the scenario's taps (an identifier no view had).
    @MainActor static func preparedRun(
        settings: ScreenSettings, motion: any ScrollTimeline, make: @escaping @MainActor () -> UIViewController
    ) -> (motion: any ScrollTimeline, problems: [String], codeName: String) {
        let run = ScreenRun(settings: settings, motion: motion, make: make)
        // The controllers made at frame 0, the first of each container's children with it.
        func name(_ vc: UIViewController) -> String {
            String(describing: type(of: vc)) + (vc.children.first.map { " (" + name($0) + ")" } ?? "")
        }
        var frame = 0, codeName = "a UIKit screen"
        while frame < frameCount(run.timeline, fps: settings.fps), frame < ScenarioLoader.maximumFrames {
            run.advance(to: frame)
            if frame == 0, let root = run.window?.rootViewController { codeName = name(root) }
            frame += 1
        }
        return (run.timeline, run.touchProblems, codeName)
    }

    static func frameCount(_ timeline: any ScrollTimeline, fps: Double) -> Int { max(1, Int((timeline.duration * fps).rounded())) }

    func produce(frames: [Int], stop: () -> Bool) {
        guard !frames.isEmpty else { return }
        condition.lock(); finished = false; condition.unlock()
        defer {
            condition.lock(); finished = true; condition.broadcast(); condition.unlock()
        }
        // nonisolated(unsafe): `stop` is a non-Sendable closure used inside `MainActor.assumeIsolated`,
        // which runs right here, on this thread, while this call waits. This is the main thread
        // (RenderJob calls it on the render's own thread, which `ScreenRender.run` made the main one).
        nonisolated(unsafe) let stop = stop
        let (settings, motion, make) = (self.settings, self.motion, self.make)
        MainActor.assumeIsolated {
            let run = ScreenRun(settings: settings, motion: motion, make: make)
            for index in frames {
                if stop() { return }
                condition.lock()
                let skip = skipped.contains(index)
                condition.unlock()
                if skip { continue }
                run.advance(to: index)
                let tree = run.snapshot()
                let offset = run.scrollView.map { Double($0.contentOffset.y) }
                condition.lock()
                while ready.count >= capacity, !stop() { _ = condition.wait(until: Date() + 0.02) }
                if !skipped.contains(index) { ready[index] = tree }
                offsets[index] = offset
                condition.broadcast()
                condition.unlock()
            }
        }
    }

    func layers(ofFrame index: Int) -> Layer {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let tree = ready.removeValue(forKey: index) {
                condition.broadcast()
                return tree
            }
            // Production stopped (cancelled) before this frame: nothing will come.
            if finished { return Layer(frame: .zero) }
            _ = condition.wait(until: Date() + 0.05)
        }
    }

    func skip(frame index: Int) {
        condition.lock()
        skipped.insert(index)
        ready[index] = nil
        condition.broadcast()
        condition.unlock()
    }

    func contentOffsetY(ofFrame index: Int) -> Double? {
        condition.lock()
        defer { condition.unlock() }
        return offsets[index]
    }
}

extension ScreenSettings {
    /// A screen run's settings from its scenario: its device, appearance, text size, fps, status
    /// bar and scale, images looked for beside the scenario file.
    init(_ loaded: Scenario, path: String) {
        let folder = path.parentPath.isEmpty ? "." : path.parentPath
        self.init(
            device: loaded.screen.device, appearance: loaded.screen.appearance, typography: loaded.screen.typography,
            fps: loaded.fps, imageFolders: [folder], statusBarItems: loaded.screen.statusBarItems)
        pixelScale = loaded.scale
        showTouches = loaded.screen.showTouches
    }
}

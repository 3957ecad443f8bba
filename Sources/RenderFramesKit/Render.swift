import Animation
import Foundation
import GoldenCompare
import Raster
import ScenarioFormat
import Scene

/// A render from a scenario file to its results, as `render-frames SCENARIO` runs it, for the CLI,
/// `assertFrames` and the benchmark alike:
/// 1. before anything is written: the folders (goldens, failure images, report), then with a
///    matrix every variant (its frames selection and its `output:` files), so no variant is
///    written when another would fail;
/// 2. per variant (or the one scenario): the up-to-date short cut (a folder holding these frames of
///    the same inputs does no work), the memory check, the frames (`RenderJob`);
/// 3. the scenario's `output:` animations, when every frame was rendered;
/// 4. the golden check, recording as the mode says, and the HTML report.
///
/// What a person reads comes out through `Hooks` (`line` for standard output, `note` and `warn`
/// for standard error); signals stay with the caller, which cancels the frames through the job's cancellation
/// (`Hooks.startFrames`) and is told by a thrown `Render.Stopped` how far the run got.
///
///     var settings = Render.Settings(scenario: "screen.yaml", outputDirectory: "out")
///     settings.golden = "Goldens/screen"
///     let result = try Render(settings).run()
///     if !result.passed { ... }
public struct Render {
    /// What the caller shows and how it stops the run. Every member has a silent default.
    public struct Hooks {
        /// A line for standard output (results: animations written, golden verdicts).
        public var line: (String) -> Void = { _ in }
        /// A line for standard error about what the run does (a quiet run drops them).
        public var note: (String) -> Void = { _ in }
        /// A line for standard error that is said even in a quiet run: what was skipped, kept or removed.
        public var warn: (String) -> Void = { _ in }
        /// The frames start (the label names the scenario): the job's cancellation stops them;
        /// returns the progress callback, called from the workers with (done, total).
        public var startFrames: (_ label: String, _ cancellation: RenderJob.Cancellation) -> @Sendable (Int, Int) -> Void = { _, _ in { _, _ in } }
        /// The frames are done (or cancelled): their summary and folder.
        public var finishFrames: (_ summary: RenderJob.Summary, _ directory: String) -> Void = { _, _ in }
        /// The animations start; `idle` follows when they are written.
        public var startAnimations: () -> Void = {}
        public var idle: () -> Void = {}
        /// True when the caller was asked to stop (a signal after the last frame): the animations and
        /// golden checks are then not run.
        public var stopRequested: () -> Bool = { false }
        /// Called by each worker as it starts a frame (tests slow one frame down with it).
        public var frameStarted: (@Sendable (Int) -> Void)?

        /// For the interruption tests only (debug builds, which the tests run): each worker waits
        /// once RENDER_FRAMES_TEST_PAUSE_AFTER frames are done until the run is cancelled, so a
        /// test's signal arrives at a known frame whatever the machine's speed; frame
        /// RENDER_FRAMES_TEST_SLOW_FRAME takes 60 s more (making the file RENDER_FRAMES_TEST_SLOW_FRAME_STARTED
        /// names as it starts, so a test knows a worker is inside it). Release builds ignore the variables.
        public mutating func addTestPauses() {
            #if DEBUG
            let environment = ProcessInfo.processInfo.environment
            if let slow = environment["RENDER_FRAMES_TEST_SLOW_FRAME"].flatMap({ Int($0) }) {
                let started = environment["RENDER_FRAMES_TEST_SLOW_FRAME_STARTED"]
                frameStarted = { frame in
                    guard frame == slow else { return }
                    if let started { FileManager.default.createFile(atPath: started, contents: nil) }
                    sleep(60)
                }
            }
            guard let pauseAfter = environment["RENDER_FRAMES_TEST_PAUSE_AFTER"].flatMap({ Int($0) }) else { return }
            let startFrames = self.startFrames
            self.startFrames = { label, cancellation in
                let progress = startFrames(label, cancellation)
                return { done, total in
                    progress(done, total)
                    if done >= pauseAfter { while !cancellation.isCancelled { usleep(2000) } }
                }
            }
            #endif
        }
        public init() {}
    }

    /// A run stopped by its caller: `duringFrames` when the frames were cancelled (the manifest
    /// says partial), else after every frame was written and before the animations and goldens.
    public struct Stopped: Error, CustomStringConvertible {
        public let summary: RenderJob.Summary
        public let directory: String
        public let duringFrames: Bool

        /// How far the run got, and how to finish it.
        public var description: String {
            let whole = summary.framesWritten + summary.framesKept
            guard duringFrames else {
                return "interrupted: all \(whole) frames are written in \(directory); the scenario's animations and golden checks were not run"
            }
            let dropped = summary.abandoned == 0 ? "" : " (\(summary.abandoned) frame(s) under way dropped)"
            return "interrupted: \(whole) frames are whole in \(directory)\(dropped); manifest.json says partial; "
                + "run the same command with --resume to finish"
        }
    }

    public struct Result {
        /// The golden check of each variant rendered (nil for a scenario without a matrix), in order.
        public var goldenOutcomes: [(variant: String?, outcome: GoldenCheck.Outcome)] = []
        /// The matrix's variants whose frames differ from their goldens.
        public var failedVariants: [String] = []
        /// The frames' summaries (none when up to date).
        public var summaries: [RenderJob.Summary] = []
        /// Where the frames are, written or up to date, in order: the output folder, or its
        /// folder for each variant of a matrix (OUT/NAME).
        public var frameFolders: [String] = []
        public var passed: Bool { goldenOutcomes.allSatisfy { $0.outcome.passed } }
    }

    public var settings: Settings
    public var hooks: Hooks

    public init(_ settings: Settings, hooks: Hooks = Hooks()) {
        self.settings = settings
        self.hooks = hooks
    }

    /// Loads the scenario (every variant of a matrix, checked first) and renders it.
    public func run() throws -> Result {
        let s = settings
        // Before any work: goldens that are (or hold, or sit in) the frames, failure images among either.
        if let golden = s.golden {
            try GoldenCheck.checkFolders(
                frames: s.outputDirectory, golden: golden, diff: s.diffDirectory,
                names: ("--out", "--golden", s.diff == nil ? "the default --diff" : "--diff"))
        }
        guard let path = s.scenario ?? DefaultDemo.scenarioPath else { throw RenderError.defaultDemoMissing }
        func load(_ variant: String?) throws -> Scenario {
            try ScenarioLoader.load(path: path, fpsOverride: s.fps, scaleOverride: s.scale, imageLimits: s.imageLimits, variant: variant)
        }
        var variants: [VariantSummary] = []
        var loaded: Scenario
        if s.variant == nil {
            (loaded, variants) = try ScenarioLoader.checkEveryVariant(
                path: path, fpsOverride: s.fps, scaleOverride: s.scale,
                imageLimits: s.imageLimits)
        } else {
            loaded = try load(s.variant)
        }
        // The bundled demo's path is inside the build folder; the manifest names it stably.
        if s.scenario == nil { loaded.file = "default demo (Fixtures/scenarios/profile.yaml)" }
        if let variant = s.variant, loaded.variantNames.isEmpty { throw RenderError.noMatrix(variant: variant, path: path) }
        var result = Result()
        guard s.variant == nil, !loaded.variantNames.isEmpty else {
            try Render(loaded.variant.map { s.forVariant($0) } ?? s, hooks: hooks).render(loaded, path: path, into: &result)
            return result
        }
        // Every variant, each in its own folder: first what each would refuse (frames it does not
        // have, an animation it cannot write), so no variant is written when another would fail.
        for v in variants {
            do {
                _ = try s.frames.map { try FrameSelection(parsing: $0, frameCount: v.frameCount) }
                try Render(s.forVariant(v.name), hooks: hooks).checkOutputs(animations: s.writeAnimations ? v.outputPaths : [])
            } catch {
                throw RenderError.inVariant(v.name, "\(error)")
            }
        }
        let names = loaded.variantNames
        for name in names {
            let scenario = name == loaded.variant ? loaded : try load(name)
            hooks.note("variant \(name): \(s.outputDirectory)/\(name)")
            let checked = result.goldenOutcomes.count
            try Render(s.forVariant(name), hooks: hooks).render(scenario, path: path, into: &result)
            if result.goldenOutcomes[checked...].contains(where: { !$0.outcome.passed }) { result.failedVariants.append(name) }
        }
        if !result.failedVariants.isEmpty {
            hooks.line(
                "\(result.failedVariants.count) of \(names.count) variants differ from their goldens: \(result.failedVariants.joined(separator: ", "))"
            )
            hooks.line(GoldenCheck.rerecordHint(rerun: s.rerun))
        }
        return result
    }

    /// Renders a loaded scenario (one variant, or one whose screen carries a Swift `SceneProvider`)
    /// into the settings' folder, then its animations and goldens; `path` is its file, for the
    /// inputs' stamp and the animations' frames.
    public func run(_ loaded: Scenario, path: String) throws -> Result {
        var result = Result()
        try render(loaded, path: path, into: &result)
        return result
    }

    func render(_ loaded: Scenario, path: String, into result: inout Result) throws {
        let s = settings
        let selection = try s.frames.map { try FrameSelection(parsing: $0, frameCount: loaded.frameCount) }
        try checkOutputs(animations: s.writeAnimations ? loaded.outputs.map(\.path) : [])
        var job = RenderJob(
            scenario: loaded, outputDirectory: s.outputDirectory, selection: selection, jobs: s.jobs,
            encoding: s.encoding, includeLayout: s.includeLayout)
        if s.shard == "auto" {
            let (found, source) = try Shard.fromEnvironment()
            job.shard = found
            hooks.note("shard \(found) from \(source)")
        } else {
            job.shard = try s.shard.map { try Shard(parsing: $0) }
        }
        job.resume = s.resume
        job.reuseEqualStates = s.reuseEqualStates
        job.keepFramesOfOtherInputs = s.force
        job.stampInputs(scenarioPath: path)
        // One writer per folder from here on (the up-to-date look included): a second render into
        // it waits or is refused, never mixes its frames with ours.
        var lock = FileKind.at(s.outputDirectory) == .folder ? try lockFolder(shard: job.shard != nil) : nil
        defer { lock?.release() }
        // Nothing changed since the last render into this folder: no work (the goldens and the
        // scenario's animations are still checked and written below).
        job.verifyFrames = s.verify
        if !s.force, !s.resume {
            switch job.upToDate() {
            case .upToDate(let count):
                hooks.note(
                    "up to date: \(s.outputDirectory) holds these \(count) frames of the same scenario, images, settings and tool "
                        + "(--force renders anyway)")
                try finish(loaded, job: job, path: path, selection: selection, skipExistingOutputs: true, into: &result)
                return
            case .damaged(let why):
                hooks.warn("rendering again: \(s.outputDirectory)/\(why)")
            case .no:
                break
            }
        }
        // Each worker holds a few frames' worth of pixels (the canvas, offscreen layers, the PNG
        // encoder's rows): ask the system for them first, so a memory limit is a message, not an abort.
        let workers = min(s.jobs, max(1, loaded.frameCount))
        let workingBytes = workers * loaded.pixelWidth * loaded.pixelHeight * 4 * 6
        guard ImageDecoder.systemGives(workingBytes) else {
            throw RenderError.notEnoughMemory(width: loaded.pixelWidth, height: loaded.pixelHeight, workers: workers, bytes: workingBytes)
        }
        if lock == nil {
            try RenderJob.prepareDirectory(s.outputDirectory)
            lock = try lockFolder(shard: job.shard != nil)
        }
        job.frameStarted = hooks.frameStarted
        let progress = hooks.startFrames(s.scenario == nil ? "default demo" : path, job.cancellation)
        let summary = try job.run(progress: progress)
        hooks.finishFrames(summary, s.outputDirectory)
        result.summaries.append(summary)
        if let why = summary.keptDespite, summary.framesKept > 0 {
            hooks.warn("warning: --force kept \(summary.framesKept) whole frame(s) in \(s.outputDirectory) although \(why)")
        }
        if summary.partial { throw Stopped(summary: summary, directory: s.outputDirectory, duringFrames: true) }
        if !summary.removedStale.isEmpty {
            hooks.warn("removed \(summary.removedStale.count) frame file(s) left by an earlier, longer run")
        }
        // A stop asked after the last frame was written: the frames are whole, the rest is not done.
        if hooks.stopRequested() { throw Stopped(summary: summary, directory: s.outputDirectory, duringFrames: false) }
        try finish(loaded, job: job, path: path, selection: selection, skipExistingOutputs: false, into: &result)
    }

    /// The output folder's lock (`FolderLock`): exclusive, shared for a shard.
    func lockFolder(shard: Bool) throws -> FolderLock {
        try FolderLock.acquire(
            settings.outputDirectory, mode: shard ? .shared : .exclusive, command: FolderLock.commandLine, wait: settings.waitForFolder,
            waiting: hooks.warn)
    }

    /// Every path this run writes, checked before any work: the frames folder (and the frame files
    /// and manifests in it), the goldens', failure images' and report's folders, and the
    /// animations, none a FIFO, device, socket, or a file where a folder goes (or the reverse).
    func checkOutputs(animations: [String]) throws {
        let s = settings
        let written = { (name: String) in RenderJob.isFrameName(name) || (name.hasPrefix("manifest") && name.hasSuffix(".json")) }
        try OutputPath.checkFolder(s.outputDirectory, option: "--out", files: written)
        if let golden = s.golden {
            try OutputPath.checkFolder(golden, option: "--golden", files: written)
            try OutputPath.checkFolder(s.diffDirectory, option: "--diff", files: FailureImages.isWritten)
        }
        if let report = s.report { try OutputPath.checkFolder(report, option: "--report", files: HTMLReport.isWritten, folders: HTMLReport.isFolder) }
        for path in animations { try OutputPath.checkFile(path, option: "output: file") }
        // Failure images or a report among the frames (or the goldens) would be read as frames later.
        // (--golden against --out is checked with the goldens.)
        var folders = [("--out", s.outputDirectory)]
        if let golden = s.golden { folders += [("--golden", golden), ("--diff", s.diffDirectory)] }
        if let report = s.report { folders.append(("--report", report)) }
        try FolderOverlap.refuseOneFolderTwice(folders, except: ["--out", "--golden"])
    }

    /// After the frames: the scenario's animations (`output:`), then the goldens.
    func finish(
        _ loaded: Scenario, job: RenderJob, path: String, selection: FrameSelection?, skipExistingOutputs: Bool,
        into result: inout Result
    ) throws {
        let s = settings
        result.frameFolders.append(s.outputDirectory)
        if s.writeAnimations && !loaded.outputs.isEmpty {
            guard selection == nil || selection!.isComplete(frameCount: loaded.frameCount), job.shard == nil else {
                hooks.warn(
                    "not writing the scenario's output (\(loaded.outputs.map(\.file).joined(separator: ", "))): it needs every frame, and --frames or --shard rendered some"
                )
                if let golden = s.golden { try checkGoldens(golden, job: job, frameCount: loaded.frameCount, into: &result) }
                return
            }
            // Each animation is drawn at its own scale: a frame is a pure function of its moment,
            // so a 360-pixel animation is drawn at 360 pixels, not scaled down from @3x.
            hooks.startAnimations()
            defer { hooks.idle() }
            // A screen run by code (UIKit) is not run again: its animations are made from its frames.
            // So is an animation narrower than the scenario can be drawn.
            let folder = s.outputDirectory, limit = s.imageLimits.pixels
            let decoded: @Sendable (_ width: Int, _ even: Bool) throws -> FrameSource = { width, even in
                guard let manifest = try Manifest.readChecked(atPath: folder + "/manifest.json") else { throw RenderError.framesMissing(folder) }
                return FolderFrames(directory: folder, manifest: manifest, width: width, even: even, pixelLimit: limit)
            }
            let make =
                loaded.screen.sequentialSource == nil
                ? ScenarioFrames.drawn(
                    ScenarioFrames.maker(
                        path: path, pointWidth: loaded.screen.device.size.width, fpsOverride: s.fps,
                        imageLimits: s.imageLimits, jobs: s.jobs, variant: loaded.variant),
                    else: decoded) : decoded
            // Animations of one width draw (or decode) each frame once between them.
            let shared = SharedFrameSources(make)
            for output in loaded.outputs where !(skipExistingOutputs && FileManager.default.fileExists(atPath: output.path)) {
                let outcome = try Animations.write(
                    AnimationRequest(output), frameWidth: loaded.pixelWidth, sourceFPS: loaded.fps,
                    jobs: s.jobs, source: shared.source)
                hooks.line(outcome.summary(budgetOption: "maxBytes:"))
            }
        }
        if let golden = s.golden { try checkGoldens(golden, job: job, frameCount: loaded.frameCount, into: &result) }
    }

    func checkGoldens(_ golden: String, job: RenderJob, frameCount: Int, into result: inout Result) throws {
        let s = settings
        var check = GoldenCheck(framesDirectory: s.outputDirectory, goldenDirectory: golden, mode: try RecordMode.resolve(flag: s.record))
        check.diffDirectory = s.diffDirectory
        check.options = s.comparison
        check.workers = s.jobs
        let indices = (job.shard.map { $0.share(of: job.selection) } ?? job.selection).indices
        let files = indices.map { frameFileName(index: $0, frameCount: frameCount) }
        let outcome = try check.run(files: files, prune: s.prune)
        if let report = s.report {
            let part = job.shard.map { "shard-\($0.index)-of-\($0.count)" }
            try HTMLReport.add(
                scenario: s.scenarioName, part: part, source: s.scenario ?? "default demo", verdicts: outcome.verdicts,
                actualDirectory: s.outputDirectory, goldenDirectory: golden, options: check.options, to: report, workers: s.jobs)
            hooks.line("report: \(report)/index.html")
        }
        for line in outcome.failureSummary(golden: golden) { hooks.line("FAIL " + line) }
        if !outcome.recorded.isEmpty { hooks.line("recorded \(outcome.recorded.count) golden frame(s) in \(golden) (mode \(check.mode.rawValue))") }
        if !outcome.pruned.isEmpty {
            hooks.line("pruned \(outcome.pruned.count) golden frame(s) no longer produced: \(outcome.pruned.joined(separator: ", "))")
        }
        hooks.line((s.variantName.map { "\($0): " } ?? "") + "\(outcome.matched) passed, \(outcome.failures.count) failed")
        result.goldenOutcomes.append((s.variantName, outcome))
        if !outcome.passed {
            if outcome.diffsWritten > 0 { hooks.line("expected / actual / diff images in \(check.diffDirectory!)") }
            // A matrix gives the hint once, after its last variant.
            if s.variantName == nil, outcome.failures.contains(where: { !$0.isMissingGolden }) {
                hooks.line(GoldenCheck.rerecordHint(rerun: s.rerun))
            }
        }
    }
}

/// The PNG encodings a render offers by name (`--compression`).
public enum Compression: String, CaseIterable, Sendable {
    /// Previews: quick to write, larger files.
    case fast
    case balanced
    /// The smallest files, slower to write.
    case small

    public var options: PNGEncoder.Options {
        switch self {
        case .fast: return .fast
        case .balanced: return .balanced
        case .small: return .small
        }
    }
}

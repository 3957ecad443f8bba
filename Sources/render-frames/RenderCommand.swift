import Animation
import ArgumentParser
import Foundation
import GoldenCompare
import Raster
import RenderFramesKit
import Scene

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Render a scenario's frames (the default command).")

    @Argument(help: "Scenario file (YAML or JSON). Omit to render the bundled default demo.")
    var scenario: String?

    @Option(name: [.customShort("o"), .long], help: ArgumentHelp("Output folder for NNNN.png frames and manifest.json.", valueName: "dir"))
    var out: String = "frames"

    @Option(name: .long, help: ArgumentHelp("Frames per second (overrides the scenario's, 1-240).", valueName: "fps"))
    var fps: Double?

    @Option(name: .long, help: ArgumentHelp("Pixels per point (overrides the device's, 0.25-4).", valueName: "scale"))
    var scale: Double?

    @Option(name: .long, help: ArgumentHelp("Frames to render: a range 30-59, or a list 0,48,90-92.", valueName: "list"))
    var frames: String?

    @Option(name: [.customShort("j"), .long], help: ArgumentHelp("Worker threads, by default one a core (at most 64); the frames are the same for every value.", valueName: "n"))
    var jobs: Int = RenderJob.defaultWorkers()

    @Option(name: .long, help: ArgumentHelp("PNG encoding: fast (previews), balanced, small (smallest files).", valueName: "level"))
    var compression: Compression = .balanced

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Render shard I of N (a contiguous share of the frames), e.g. 2/4, or auto: from the CI engine's environment (RENDER_FRAMES_SHARD, GitLab's CI_NODE_INDEX, a Kubernetes Indexed Job's or AWS Batch array's index with RENDER_FRAMES_SHARDS). Merge with `render-frames merge`.", valueName: "i/n|auto"))
    var shard: String?

    @Option(name: .long, help: ArgumentHelp("Golden folder to check the frames against (see --record).", valueName: "dir"))
    var golden: String?

    @Option(name: .long, help: ArgumentHelp("With --golden: never, missing, failed or all (default: $RENDER_FRAMES_RECORD, else never when CI is set, else missing).", valueName: "mode"))
    var record: RecordMode?

    @Flag(name: .long, help: "With --golden: remove goldens of frames this scenario no longer produces (not with --frames or --shard).")
    var prune = false

    @Option(name: .long, help: ArgumentHelp("With --golden: folder for expected / actual / diff images of failing frames (default: OUT-diff).", valueName: "dir"))
    var diff: String?

    @Option(name: .long, help: ArgumentHelp("With --golden: add this scenario to the HTML report in this folder (open index.html).", valueName: "dir"))
    var report: String?

    @OptionGroup(title: "Golden comparison (with --golden)") var comparison: ComparisonOptions

    @Option(name: .customLong("name"), help: ArgumentHelp("With --report: the scenario's name in the report (default: its file's name without the extension).", valueName: "name"))
    var reportName: String?

    @Flag(name: .long, help: "Add each frame's visible layers (name, rectangle in points, z order, opacity) to the manifest.")
    var layout = false

    @Option(name: .long, help: ArgumentHelp("With a scenario that has a matrix: render this variant only (into OUT/NAME, checked against GOLDEN/NAME).", valueName: "name"))
    var variant: String?

    /// The variant being rendered (set by `forVariant`), for the goldens' lines.
    var variantName: String?

    @Flag(name: .long, help: "Keep frames already in --out that are whole (they decode, at the right size) and that its manifest lists as rendered from the same inputs; render the rest. Refused, saying what changed, when the scenario, an image, a font, the settings or the tool did (see --force).")
    var resume = false

    @Flag(name: [.customShort("q"), .long], help: "No progress output.")
    var quiet = false

    @Flag(name: .long, help: "Render even when --out already holds these frames of the same scenario, images, settings and tool (such a run otherwise says up to date and does no work). With --resume: keep the whole frames even when they were rendered from other inputs.")
    var force = false

    @OptionGroup var images: ImageLimit

    enum Compression: String, ExpressibleByArgument, CaseIterable {
        case fast, balanced, small
        var options: PNGEncoder.Options {
            switch self {
            case .fast: return .fast
            case .balanced: return .balanced
            case .small: return .small
            }
        }
    }

    func validate() throws {
        if prune && golden == nil { throw ValidationError("--prune needs --golden") }
        if comparison.isSet && golden == nil { throw ValidationError("--tolerance, --threshold, --exact and --max-diff-* say how frames are compared with goldens: they need --golden") }
        if report != nil && golden == nil { throw ValidationError("--report needs --golden (or use render-frames compare --report)") }
        if reportName != nil && report == nil { throw ValidationError("--name names the scenario in a report: it needs --report") }
        if prune && (frames != nil || shard != nil) {
            throw ValidationError("--prune removes goldens of frames not rendered, so it needs every frame: drop --frames and --shard")
        }
        if let fps, !(1...240).contains(fps) { throw ValidationError("--fps must be between 1 and 240, got \(fps.formattedNumber)") }
        if let scale, !(0.25...4).contains(scale) { throw ValidationError("--scale must be between 0.25 and 4, got \(scale.formattedNumber)") }
        if jobs < 1 || jobs > 64 { throw ValidationError("--jobs must be between 1 and 64, got \(jobs)") }
    }

    func run() throws {
        // Before any work: goldens that are (or hold, or sit in) the frames, failure images among either.
        if let golden {
            try GoldenCheck.checkFolders(frames: out, golden: golden, diff: diff ?? GoldenCheck.defaultDiffDirectory(frames: out),
                                         names: ("--out", "--golden", diff == nil ? "the default --diff" : "--diff"))
        }
        let path: String
        if let scenario {
            path = scenario
        } else if let bundled = DefaultDemo.scenarioPath {
            path = bundled
        } else {
            throw BadInput("the bundled default demo is missing from this build; pass a scenario file")
        }
        // With a matrix, every variant is checked before anything is written.
        var variants: [VariantSummary] = []
        var loaded: Scenario
        if variant == nil {
            (loaded, variants) = try ScenarioLoader.checkEveryVariant(path: path, fpsOverride: fps, scaleOverride: scale, imageLimits: images.limits)
        } else {
            loaded = try ScenarioLoader.load(path: path, fpsOverride: fps, scaleOverride: scale, imageLimits: images.limits, variant: variant)
        }
        // The bundled demo's path is inside the build folder; the manifest names it stably.
        if scenario == nil { loaded.file = "default demo (Fixtures/scenarios/profile.yaml)" }
        if let variant, loaded.variantNames.isEmpty {
            throw BadInput("--variant \(variant): \(path) has no matrix, so it has no variants; drop --variant, or add a matrix "
                + "such as matrix: {appearance: [light, dark]}")
        }
        guard variant == nil, !loaded.variantNames.isEmpty else {
            try (loaded.variant.map { forVariant($0) } ?? self).render(loaded, path: path)
            return
        }
        // Every variant, each in its own folder: first what each would refuse (frames it does not
        // have, an animation it cannot write), so no variant is written when another would fail.
        for v in variants {
            do {
                _ = try frames.map { try FrameSelection(parsing: $0, frameCount: v.frameCount) }
                try forVariant(v.name).checkOutputs(animations: v.outputPaths)
            } catch {
                throw BadInput("variant \(v.name): \(error)")
            }
        }
        let names = loaded.variantNames
        var failed: [String] = []
        for name in names {
            let scenario = name == loaded.variant ? loaded
                : try ScenarioLoader.load(path: path, fpsOverride: fps, scaleOverride: scale, imageLimits: images.limits, variant: name)
            if !quiet { writeToStandardError("variant \(name): \(out)/\(name)\n") }
            do {
                try forVariant(name).render(scenario, path: path)
            } catch let code as ExitCode where code == ExitCode(1) {
                failed.append(name)
            }
        }
        if !failed.isEmpty {
            print("\(failed.count) of \(names.count) variants differ from their goldens: \(failed.joined(separator: ", "))")
            print(GoldenCheck.rerecordHint(rerun: "the same command"))
            throw ExitCode(1)
        }
    }

    /// This command for one variant of a matrix: its frames in OUT/NAME, its goldens in GOLDEN/NAME,
    /// its failure images in DIFF/NAME, its report entry named SCENARIO-NAME.
    func forVariant(_ name: String) -> Render {
        var v = self
        v.variantName = name
        v.out = out + "/" + name
        v.golden = golden.map { $0 + "/" + name }
        v.diff = (diff ?? GoldenCheck.defaultDiffDirectory(frames: out)) + "/" + name
        v.reportName = (reportName ?? ((scenario ?? "profile.yaml") as NSString).lastPathComponent.deletingPathExtension) + "-" + name
        return v
    }

    /// Renders one loaded scenario (or variant) into `out`, then its animations and goldens.
    func render(_ loaded: Scenario, path: String) throws {
        let selection = try frames.map { try FrameSelection(parsing: $0, frameCount: loaded.frameCount) }
        try checkOutputs(animations: loaded.outputs.map(\.path))
        var job = RenderJob(scenario: loaded, outputDirectory: out, selection: selection, jobs: jobs,
                            encoding: compression.options, includeLayout: layout)
        if shard == "auto" {
            let (found, source) = try Shard.fromEnvironment()
            job.shard = found
            if !quiet { writeToStandardError("shard \(found) from \(source)\n") }
        } else {
            job.shard = try shard.map { try Shard(parsing: $0) }
        }
        job.resume = resume
        job.keepFramesOfOtherInputs = force
        job.stampInputs(scenarioPath: path)
        // Nothing changed since the last render into this folder: no work (the goldens and the
        // scenario's animations are still checked and written below).
        if !force, !resume, let count = job.upToDateFrames() {
            if !quiet {
                writeToStandardError("up to date: \(out) holds these \(count) frames of the same scenario, images, settings and tool (--force renders anyway)\n")
            }
            try finish(loaded, job: job, path: path, selection: selection, skipExistingOutputs: true)
            return
        }
        // Each worker holds a few frames' worth of pixels (the canvas, offscreen layers, the PNG
        // encoder's rows): ask the system for them first, so a memory limit is a message, not an abort.
        let workers = min(jobs, max(1, loaded.frameCount))
        let workingBytes = workers * loaded.pixelWidth * loaded.pixelHeight * 4 * 6
        guard ImageDecoder.systemGives(workingBytes) else {
            throw BadInput("not enough memory to render \(loaded.pixelWidth)x\(loaded.pixelHeight) frames with \(workers) worker(s): "
                + "about \(ByteSize.format(workingBytes)) needed, and the system refused it; lower --jobs or --scale, "
                + "or raise the process's memory limit")
        }
        let progress = ProgressReporter(quiet: quiet, label: scenario == nil ? "default demo" : path)
        // Ctrl-C and SIGTERM stop the render within a second, even during a slow frame: the frames
        // under way are written if they finish within half a second, else dropped (their workers
        // leave no file); the run writes a manifest marked partial, says how far it got, and exits
        // 130 or 143.
        let interruption = Interruption.shared
        interruption.renderingFrames(job.cancellation)
        // For the interruption tests only (debug builds, which the tests run): each worker waits once
        // N frames are done until a signal cancels the run, so the test's signal arrives at a known
        // frame whatever the machine's speed; frame N of RENDER_FRAMES_TEST_SLOW_FRAME takes 60 s
        // more. Release builds ignore the variables.
        #if DEBUG
        let environment = ProcessInfo.processInfo.environment
        let pauseAfter = environment["RENDER_FRAMES_TEST_PAUSE_AFTER"].flatMap { Int($0) }
        if let slow = environment["RENDER_FRAMES_TEST_SLOW_FRAME"].flatMap({ Int($0) }) {
            job.frameStarted = { index in if index == slow { sleep(60) } }
        }
        #else
        let pauseAfter: Int? = nil
        #endif
        let cancellation = job.cancellation
        let summary = try job.run { done, total in
            progress.update(done: done, total: total)
            if let pauseAfter, done >= pauseAfter { while !cancellation.isCancelled { usleep(2000) } }
        }
        interruption.idle()
        progress.finish(summary: summary, outputDirectory: out)
        if let why = summary.keptDespite, summary.framesKept > 0 {
            writeToStandardError("warning: --force kept \(summary.framesKept) whole frame(s) in \(out) although \(why)\n")
        }
        if summary.partial {
            let signal = interruption.received ?? SIGINT
            let dropped = summary.abandoned == 0 ? "" : " (\(summary.abandoned) frame(s) under way dropped)"
            writeToStandardError("interrupted: \(summary.framesWritten + summary.framesKept) frames are whole in \(out)\(dropped); "
                + "manifest.json says partial; run the same command with --resume to finish\n")
            // Workers still drawing a dropped frame: exit now, not when they return (they can write nothing more).
            if summary.abandoned > 0 { fflush(nil); _exit(128 + signal) }
            throw ExitCode(128 + signal)
        }
        if !summary.removedStale.isEmpty {
            writeToStandardError("removed \(summary.removedStale.count) frame file(s) left by an earlier, longer run\n")
        }
        // A signal after the last frame was written: the frames are whole, the rest is not done.
        if let signal = interruption.received {
            writeToStandardError("interrupted: all \(summary.framesWritten + summary.framesKept) frames are written in \(out); "
                + "the scenario's animations and golden checks were not run\n")
            throw ExitCode(128 + signal)
        }
        try finish(loaded, job: job, path: path, selection: selection, skipExistingOutputs: false)
    }

    /// Every path this run writes, checked before any work: the frames folder (and the frame files
    /// and manifests in it), the goldens', failure images' and report's folders, and the
    /// animations, none a FIFO, device, socket, or a file where a folder goes (or the reverse).
    func checkOutputs(animations: [String]) throws {
        let written = { (name: String) in RenderJob.isFrameName(name) || (name.hasPrefix("manifest") && name.hasSuffix(".json")) }
        try OutputPath.checkFolder(out, option: "--out", files: written)
        if let golden { try OutputPath.checkFolder(golden, option: "--golden", files: written) }
        if golden != nil {
            try OutputPath.checkFolder(diff ?? GoldenCheck.defaultDiffDirectory(frames: out), option: "--diff", files: FailureImages.isWritten)
        }
        if let report { try OutputPath.checkFolder(report, option: "--report", files: HTMLReport.isWritten, folders: HTMLReport.isFolder) }
        for path in animations { try OutputPath.checkFile(path, option: "output: file") }
        // Failure images or a report among the frames (or the goldens) would be read as frames later.
        // (--golden against --out is checked with the goldens.)
        var folders = [("--out", out)]
        if let golden { folders += [("--golden", golden), ("--diff", diff ?? GoldenCheck.defaultDiffDirectory(frames: out))] }
        if let report { folders.append(("--report", report)) }
        try FolderOverlap.refuseOneFolderTwice(folders, except: ["--out", "--golden"])
    }

    /// After the frames: the scenario's animations (`output:`), then the goldens.
    func finish(_ loaded: Scenario, job: RenderJob, path: String, selection: FrameSelection?, skipExistingOutputs: Bool) throws {
        if !loaded.outputs.isEmpty {
            guard selection == nil || selection!.isComplete(frameCount: loaded.frameCount), job.shard == nil else {
                writeToStandardError("not writing the scenario's output: (\(loaded.outputs.map(\.file).joined(separator: ", "))): it needs every frame, and --frames or --shard rendered some\n")
                if let golden { try checkGoldens(golden, job: job, frameCount: loaded.frameCount) }
                return
            }
            // Each animation is drawn at its own scale: a frame is a pure function of its moment,
            // so a 360-pixel animation is drawn at 360 pixels, not scaled down from @3x.
            Interruption.shared.writingAnimations()
            defer { Interruption.shared.idle() }
            let make = ScenarioFrames.maker(path: path, pointWidth: loaded.screen.device.size.width, fpsOverride: fps,
                                            imageLimits: images.limits, jobs: jobs, variant: loaded.variant)
            for output in loaded.outputs where !(skipExistingOutputs && FileManager.default.fileExists(atPath: output.path)) {
                let outcome = try Animations.write(AnimationRequest(output), frameWidth: loaded.pixelWidth, sourceFPS: loaded.fps,
                                                   jobs: jobs, source: make)
                print(outcome.summary(budgetOption: "maxBytes:"))
            }
        }
        if let golden { try checkGoldens(golden, job: job, frameCount: loaded.frameCount) }
    }

    func checkGoldens(_ golden: String, job: RenderJob, frameCount: Int) throws {
        var check = GoldenCheck(framesDirectory: out, goldenDirectory: golden, mode: try RecordMode.resolve(flag: record))
        check.diffDirectory = diff ?? GoldenCheck.defaultDiffDirectory(frames: out)
        check.options = comparison.options
        check.workers = jobs
        let indices = (job.shard.map { $0.share(of: job.selection) } ?? job.selection).indices
        let files = indices.map { frameFileName(index: $0, frameCount: frameCount) }
        let outcome = try check.run(files: files, prune: prune)
        if let report {
            let name = reportName ?? ((scenario ?? "profile.yaml") as NSString).lastPathComponent.deletingPathExtension
            let part = job.shard.map { "shard-\($0.index)-of-\($0.count)" }
            try HTMLReport.add(scenario: name, part: part, source: scenario ?? "default demo", verdicts: outcome.verdicts,
                               actualDirectory: out, goldenDirectory: golden, options: check.options, to: report, workers: jobs)
            print("report: \(report)/index.html")
        }
        for line in outcome.failureSummary(golden: golden) { print("FAIL " + line) }
        if !outcome.recorded.isEmpty { print("recorded \(outcome.recorded.count) golden frame(s) in \(golden) (mode \(check.mode.rawValue))") }
        if !outcome.pruned.isEmpty { print("pruned \(outcome.pruned.count) golden frame(s) no longer produced: \(outcome.pruned.joined(separator: ", "))") }
        print((variantName.map { "\($0): " } ?? "") + "\(outcome.matched) passed, \(outcome.failures.count) failed")
        if !outcome.passed {
            if outcome.diffsWritten > 0 { print("expected / actual / diff images in \(check.diffDirectory!)") }
            // A matrix gives the hint once, after its last variant.
            if variantName == nil, outcome.failures.contains(where: { !$0.isMissingGolden }) {
                print(GoldenCheck.rerecordHint(rerun: "the same command"))
            }
            throw ExitCode(1)
        }
    }
}

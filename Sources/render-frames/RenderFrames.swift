import Animation
import ArgumentParser
import Foundation
import GoldenCompare
import Raster
import RenderFramesKit
import Scene

@main
struct RenderFrames: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render-frames",
        abstract: "Render iOS stretchy-header scroll effects to numbered PNG frames.",
        usage: """
            render-frames [SCENARIO] [-o <dir>] [<options>]
              render-frames <subcommand> [<options>]
            """,
        discussion: """
            With no scenario, renders the bundled default demo (the profile header on an iPhone 15 at @3x) into ./frames.

            Examples:
              render-frames                            the default demo, into ./frames
              render-frames screen.yaml -o out -j 4    a scenario of your own
              render-frames screen.yaml --golden g     render, then check against goldens
              render-frames encode out demo.webp       an animation of the frames
              render-frames validate *.yaml            check scenarios, render nothing

            Exit codes:
              0    success
              1    frames differ from their goldens (--golden, compare)
              2    bad input: a scenario, an option, a file
              130  interrupted by Ctrl-C (143 by SIGTERM): whole frames are kept,
                   and the same command with --resume finishes the run
            """,
        version: "render-frames \(ToolVersion.string)",
        subcommands: [Render.self, Encode.self, Validate.self, Explain.self, Expand.self, Presets.self, Compare.self, Merge.self, Summary.self],
        defaultSubcommand: Render.self)

    /// Every usage error is bad input: exit code 2 (ArgumentParser's own default is 64).
    static func main() {
        // A child that exits early (ffmpeg) makes writes to its pipe fail with EPIPE, reported as
        // an error with what it said, instead of killing this process without a word.
        signal(SIGPIPE, SIG_IGN)
        ImageDecoder.keepLargeBuffers()
        do {
            var command = try parseAsRoot(NegativeValues.joined(Array(CommandLine.arguments.dropFirst())))
            try command.run()
        } catch let error as BadInputError {
            writeToStandardError(("error: " + error.description + "\n"))
            Foundation.exit(2)
        } catch {
            if error is ExitCode || exitCode(for: error) == .success { exit(withError: error) }
            if let text = FileProblem.describe(error) {
                writeToStandardError("error: " + text + "\n")
                Foundation.exit(2)
            }
            writeToStandardError((fullMessage(for: error) + "\n"))
            Foundation.exit(2)
        }
    }
}

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
        try refuseOneFolderTwice(folders, except: ["--out", "--golden"])
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

struct Merge: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Merge the shards' manifests in a folder into manifest.json, or their HTML reports into one.",
        usage: """
            render-frames merge <frames-dir>
              render-frames merge --report <dir> [<shard-report-dir> ...]
            """,
        discussion: """
            Frames: copy every shard's output (frames and manifest.shard-I-of-N.json) into one folder, then run this. \
            The result is byte-identical to a single run.

            Reports: each shard's --report writes its part of a scenario under its own name, so reports copied into one folder \
            (as actions/download-artifact with merge-multiple does) need only --report DIR to rewrite index.html; reports in \
            separate folders are folded into DIR first.

            Refused, writing nothing: shard manifests of two splits in the folder (1/2 and 1/3), a missing or interrupted \
            shard, two shards that hold the same frames, shards rendered from different inputs (scenario, images, fonts, \
            settings, tool).

            Exit codes: 0 merged, 2 shards missing or inconsistent, or not a report folder.
            """)

    @Argument(help: ArgumentHelp("The folder holding every shard's frames; with --report, shard report folders to fold in.", valueName: "dir"))
    var directories: [String] = []

    @Option(name: .long, help: ArgumentHelp("Merge HTML reports into this folder and rewrite its index.html.", valueName: "dir"))
    var report: String?

    func validate() throws {
        if report == nil && directories.count != 1 {
            throw ValidationError(directories.isEmpty ? "give the folder holding the shards' frames (or --report DIR to merge reports)"
                : "merge takes one frames folder; to merge HTML reports use --report DIR followed by the shards' report folders")
        }
    }

    func run() throws {
        if let report {
            try OutputPath.checkFolder(report, option: "--report", files: HTMLReport.isWritten, folders: HTMLReport.isFolder)
            let copied = try HTMLReport.merge(into: report, from: directories)
            let scenarios = try HTMLReport.scenarios(in: report)
            guard !scenarios.isEmpty else {
                throw BadInput("\(report): no report data to merge (no data/*.json); give the folder --report wrote, or the shards' report folders after it")
            }
            let frames = scenarios.map(\.frames.count).reduce(0, +), failed = scenarios.map(\.failed).reduce(0, +)
            print("\(report)/index.html: \(scenarios.count) scenario(s), \(frames) frames, \(failed) differ"
                + (directories.isEmpty ? "" : " (\(copied) part(s) from \(directories.count) folder(s))"))
            return
        }
        let directory = directories[0]
        try OutputPath.checkFile(directory + "/manifest.json", option: "folder")
        // Shards that shared this folder merged themselves when the last one finished.
        if !ShardMerge.holdsShardManifests(directory), let whole = Manifest.read(atPath: directory + "/manifest.json"),
           whole.partial != true, !whole.frames.isEmpty {
            print("\(directory)/manifest.json: already whole, \(whole.frames.count) frames; no shard manifests are left to merge "
                + "(shards sharing a folder merge when the last one finishes)")
            return
        }
        let m = try ShardMerge.merge(directory)
        print("\(directory)/manifest.json: \(m.frames.count) frames from the shards")
    }
}

struct Summary: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Sum an HTML report up in Markdown, for a CI job summary or a pull-request comment.",
        discussion: """
            One row per scenario, then the worst failing frames' expected / actual / diff crops as images from --image-url \
            (job summaries and comments show images only from URLs). --images-out copies those few images into a folder \
            to publish at that URL. Exit codes: 0 written, 2 not a report folder.

            Example (GitHub Actions): render-frames summary out/report >> "$GITHUB_STEP_SUMMARY"
            """)

    @Argument(help: ArgumentHelp("The folder --report wrote.", valueName: "report-dir"))
    var report: String

    @Option(name: .long, help: ArgumentHelp("The URL the pictured images will be served at (a folder).", valueName: "url"))
    var imageURL: String?

    @Option(name: .long, help: ArgumentHelp("Copy the pictured images into this folder, named as the Markdown refers to them.", valueName: "dir"))
    var imagesOut: String?

    @Option(name: .long, help: ArgumentHelp("Failing frames pictured, the worst first (0-20).", valueName: "n"))
    var pictured: Int = 4

    @Option(name: .long, help: ArgumentHelp("A first line, hidden in the rendered Markdown, that finds the comment again.", valueName: "text"))
    var marker: String?

    @Option(name: .long, help: ArgumentHelp("Where the whole report is (a link or a sentence), said at the end.", valueName: "text"))
    var link: String?

    @Option(name: .long, help: ArgumentHelp("A scenario that could not be rendered, so is not in the report (repeat for each).", valueName: "name"))
    var unrendered: [String] = []

    func validate() throws {
        if !(0...20).contains(pictured) { throw ValidationError("--pictured must be between 0 and 20, got \(pictured)") }
        if let marker, marker.contains("--") { throw ValidationError("--marker cannot contain --, which would end the hidden comment") }
    }

    func run() throws {
        guard FileManager.default.fileExists(atPath: report) else { throw BadInput("\(report): no such folder; give the folder that --report wrote") }
        guard FileManager.default.fileExists(atPath: "\(report)/data") else {
            throw BadInput("\(report): not a report folder (it has no data/ folder); give the folder that --report wrote")
        }
        var summary = MarkdownSummary(report: report)
        summary.imageURL = imageURL.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
        summary.maxPictured = pictured
        summary.marker = marker
        summary.reportLink = link
        summary.unrendered = unrendered
        if let imagesOut {
            try OutputPath.checkFolder(imagesOut, option: "--images-out", files: { $0.hasSuffix(".png") })
            try summary.copyImages(to: imagesOut)
        }
        print(try summary.markdown(), terminator: "")
    }
}

struct Encode: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Join a folder of rendered frames into GIF, WebP, MP4 or APNG animations.",
        discussion: """
            The format comes from each OUTPUT's extension: .gif, .webp, .mp4, .apng (or .png with --apng). The folder must \
            hold a whole render (manifest.json, every frame, one size). Identical consecutive frames become one longer frame \
            (GIF, WebP, APNG); every file is read back and its frame count and duration checked against the frames.
            Defaults: GIF and WebP 360 px wide at 25 fps (WebP quality 75), APNG 300 px at 30 fps, MP4 720 px at the \
            frames' rate (quality 75 = x264 CRF 23); never wider than the frames. GIF, WebP and APNG are fitted under \
            10 MB (GitHub's limit for images) unless --max-bytes says otherwise.
            Exit codes: 0 written, 2 bad input or a failed check.
            """)

    @Argument(help: "Folder of frames (render-frames --out).")
    var frames: String

    @Argument(help: "Animation files to write; the extension picks the format.")
    var outputs: [String]

    @Option(name: .long, help: ArgumentHelp("Width in pixels (the height keeps the frames' aspect ratio).", valueName: "pixels"))
    var width: Int?

    @Option(name: .long, help: ArgumentHelp("Frames per second of the animation (GIF at most 50).", valueName: "fps"))
    var fps: Double?

    @Option(name: .long, help: ArgumentHelp("0-100: WebP's quality; MP4's maps to x264's CRF (75 -> 23). GIF and APNG are lossless after their palette.", valueName: "0-100"))
    var quality: Double?

    @Flag(name: .long, help: "WebP: lossless instead of lossy.")
    var lossless = false

    @Option(name: .long, help: ArgumentHelp("Largest file allowed, e.g. 5MB, 800KB, or none: quality, width and then frame rate are lowered to fit, and the choice is printed. Default: 10MB (GitHub's limit for images) for GIF, WebP and APNG; none for MP4.", valueName: "size"))
    var maxBytes: String?

    @Flag(name: .long, help: "Write .png outputs as animated PNG.")
    var apng = false

    @Option(name: [.customShort("j"), .long], help: ArgumentHelp("Worker threads, by default one a core (at most 64).", valueName: "n"))
    var jobs: Int = RenderJob.defaultWorkers()

    @OptionGroup var images: ImageLimit

    func validate() throws {
        if outputs.isEmpty { throw ValidationError("give at least one output file, e.g. demo.webp") }
        if let width, !(16...8192).contains(width) { throw ValidationError("--width must be between 16 and 8192 pixels, got \(width)") }
        if let fps, !(fps > 0 && fps <= 240) { throw ValidationError("--fps must be above 0 and at most 240, got \(fps.formattedNumber)") }
        if let quality, !(0...100).contains(quality) { throw ValidationError("--quality must be between 0 and 100, got \(quality.formattedNumber)") }
        if let maxBytes {
            guard let v = ByteSize.parse(maxBytes), v == 0 || v >= 1000 else {
                throw ValidationError("--max-bytes expects a size of at least 1KB such as 5MB, 800KB or 2000000 (bytes), or none (also 0) for no limit; got \(maxBytes)")
            }
        }
        if jobs < 1 || jobs > 64 { throw ValidationError("--jobs must be between 1 and 64, got \(jobs)") }
    }

    func run() throws {
        var requests: [AnimationRequest] = []
        let framesFolder = OutputPath.resolved(frames)
        // One file however it is spelled (`a.gif`, `./sub/../a.gif`, a link to it): written once.
        if let (first, second) = OutputPath.firstRepeat(outputs) {
            throw BadInput(first == second ? "\(second): given twice; give each animation once"
                : "\(first) and \(second) are one file; give each animation once")
        }
        for output in outputs {
            guard let format = AnimationFormat.of(path: output, apng: apng) else {
                let ext = (output as NSString).pathExtension
                throw BadInput("\(output): " + (ext.lowercased() == "png"
                    ? "a .png is a frame here; for an animated PNG, add --apng or name it .apng"
                    : "\(ext.isEmpty ? "no extension" : "unknown extension .\(ext)"); the formats are \(AnimationFormat.extensions)"))
            }
            let resolved = OutputPath.resolved(OutputPath.destination(of: output))
            let name = (resolved as NSString).lastPathComponent
            if resolved.parentPath == framesFolder, RenderJob.isFrameName(name) || name.hasPrefix("manifest") {
                throw BadInput("\(output): would overwrite the frames' own \(name) in \(frames); write the animation outside the frames folder")
            }
            try OutputPath.checkFile(output, option: "output file")
            if lossless && format != .webp { throw BadInput("--lossless applies to .webp only; \(output) is \(format.rawValue)") }
            var r = AnimationRequest(path: output, format: format)
            r.width = width; r.fps = fps; r.quality = quality; r.lossless = lossless
            r.maxBytes = maxBytes.flatMap { ByteSize.parse($0) }
            requests.append(r)
        }
        if quality != nil, !requests.contains(where: { $0.format == .webp || $0.format == .mp4 }) {
            throw BadInput("--quality applies to .webp and .mp4; GIF and APNG have no quality setting (give --width or --max-bytes to make them smaller); remove it")
        }
        let manifest = try FolderFrames.check(frames)
        Interruption.shared.writingAnimations()
        defer { Interruption.shared.idle() }
        for r in requests {
            let outcome = try Animations.write(r, frameWidth: manifest.width, sourceFPS: manifest.fps, jobs: jobs) { width, even in
                FolderFrames(directory: frames, manifest: manifest, width: width, even: even, pixelLimit: images.maxImagePixels)
            }
            print(outcome.summary(budgetOption: "--max-bytes"))
        }
    }
}

/// Refuses two of `folders` (option, path) that name one folder however spelled (device and
/// inode, else the resolved path), naming both; the pair of options in `except` is checked elsewhere.
func refuseOneFolderTwice(_ folders: [(String, String)], except: Set<String> = []) throws {
    for i in folders.indices {
        for j in folders.indices where j > i && Set([folders[i].0, folders[j].0]) != except {
            let (a, b) = (folders[i], folders[j])
            if OutputPath.identity(a.1) == OutputPath.identity(b.1) {
                throw BadInput("\(a.0) \(a.1) and \(b.0) \(b.1) are one folder; give each its own folder")
            }
        }
    }
}

struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check scenario files without rendering.",
        discussion: "Prints every problem as file:line:column: field: message. Exit codes: 0 all valid, 2 any invalid.")

    @Argument(help: "Scenario files.")
    var files: [String]

    @OptionGroup var images: ImageLimit

    func validate() throws {
        if files.isEmpty { throw ValidationError("give at least one scenario file") }
    }

    func run() throws {
        var failed = 0
        for file in files {
            do {
                let (s, variants) = try ScenarioLoader.checkEveryVariant(path: file, imageLimits: images.limits)
                if variants.isEmpty {
                    print("\(file): ok: \(s.screen.device.id), \(s.frameCount) frames at \(s.fps.formatted()) fps, \(s.pixelWidth)x\(s.pixelHeight) px")
                } else {
                    // The variants' frame counts can differ (a fling stops where each device's content ends).
                    let counts = variants.map(\.frameCount)
                    let frames = counts.min() == counts.max() ? "\(counts[0])" : "\(counts.min()!)-\(counts.max()!)"
                    print("\(file): ok: \(variants.count) variants (\(variants.map(\.name).joined(separator: ", "))), \(frames) frames "
                        + "at \(s.fps.formatted()) fps")
                }
                // Warnings (a character no font has) do not fail the check.
                var warned = Set<String>()
                for w in s.warnings + variants.flatMap(\.warnings) where warned.insert(w.warningDescription).inserted {
                    writeToStandardError(w.warningDescription + "\n")
                }
            } catch {
                failed += 1
                writeToStandardError("\(error)\n")
            }
        }
        if failed > 0 { throw ExitCode(2) }
    }
}

struct Explain: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print a scenario's layers and vars at one moment as JSON.",
        discussion: "Every var and binding value, every layer of the scenario's own with its resolved properties, transform and "
            + "on-screen frame (points), and every named layer on screen in drawing order. --offset is UIKit's contentOffset.y "
            + "(the expressions' offset), at time 0. Exit codes: 0 printed, 2 bad input.")

    @Argument(help: "Scenario file (YAML or JSON).")
    var scenario: String

    @Option(name: .long, help: ArgumentHelp("The frame to explain (0 is the first).", valueName: "n"))
    var frame: Int?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("The content offset to explain (contentOffset.y in points, -300 too), instead of a frame.", valueName: "points"))
    var offset: Double?

    @Option(name: .long, help: ArgumentHelp("Pixels per point (overrides the device's, 0.25-4), as for render: 1 / scale hairlines follow it.", valueName: "scale"))
    var scale: Double?

    @Option(name: .long, help: ArgumentHelp("With a matrix: the variant to explain (default: the first).", valueName: "name"))
    var variant: String?

    @OptionGroup var images: ImageLimit

    func validate() throws {
        if (frame == nil) == (offset == nil) { throw ValidationError("give --frame N or --offset Y (one of them)") }
        if let scale, !(0.25...4).contains(scale) { throw ValidationError("--scale must be between 0.25 and 4, got \(scale.formattedNumber)") }
        if let offset, !offset.isFinite || abs(offset) > 1_000_000 {
            throw ValidationError("--offset must be a number of points between -1000000 and 1000000")
        }
    }

    func run() throws {
        let loaded = try ScenarioLoader.load(path: scenario, scaleOverride: scale, imageLimits: images.limits, variant: variant)
        if let variant, loaded.variantNames.isEmpty {
            throw BadInput("--variant \(variant): \(scenario) has no matrix, so it has no variants; drop --variant")
        }
        if let frame, !(0..<loaded.frameCount).contains(frame) {
            throw BadInput("--frame \(frame): " + (frame < 0 ? "frames count from 0 (the first); " : "")
                + "\(scenario) has frames 0 to \(loaded.frameCount - 1); give one of them")
        }
        for w in loaded.warnings { writeToStandardError(w.warningDescription + "\n") }
        print(Explanation.json(loaded, at: frame.map { .frame($0) } ?? .offset(offset!)))
    }
}

struct Expand: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a scenario that uses a preset in the layer language only.",
        discussion: "The profile, stretchyTable, collection and plain-table presets become vars, a declared scroll view and layers "
            + "whose properties are the preset's formulas; rendering the result gives the same frames, byte for byte. Image paths "
            + "are rebased for --out. Exit codes: 0 written, 2 bad input.")

    @Argument(help: "Scenario file (YAML or JSON).")
    var scenario: String

    @Option(name: [.customShort("o"), .long], help: ArgumentHelp("Write the expansion to this file instead of printing it.", valueName: "file"))
    var out: String?

    func run() throws {
        if let out {
            // Before any work: a FIFO, device or folder at --out, or the scenario itself, is refused.
            try OutputPath.checkFile(out, option: "--out")
            if OutputPath.identity(out) == OutputPath.identity(scenario) {
                throw BadInput("--out \(out): is the scenario \(scenario) itself; write the expansion to another file")
            }
        }
        let yaml: String
        do {
            yaml = try PresetExpansion.expand(path: scenario, outputPath: out)
        } catch let error as PresetExpansion.Failure {
            throw BadInput(error.description)
        } catch let error as ScenarioError {
            throw error
        } catch {
            throw BadInput("\(scenario): cannot expand it (the file could not be read again, or the expansion could not be written as YAML)")
        }
        guard let out else { print(yaml, terminator: ""); return }
        try AtomicFile.write(Array(yaml.utf8), to: out, what: "the expansion")
        print("\(out): \(scenario) in the layer language")
    }
}

struct Presets: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the device presets with their sizes.")

    func run() throws {
        let header = ["id", "model", "points", "scale", "pixels", "status bar", "safe top", "safe bottom", "corners"]
        var rows = [header]
        for d in Device.all {
            let (w, h) = d.pixelSize()
            rows.append([d.id, d.name, "\(Int(d.size.width))x\(Int(d.size.height))", "@\(Int(d.scale))", "\(w)x\(h)",
                         "\(Int(d.statusBarHeight))", "\(Int(d.safeAreaTop))", "\(Int(d.safeAreaBottom))",
                         (d.cornerRadius == d.cornerRadius.rounded() ? "\(Int(d.cornerRadius))" : "\(d.cornerRadius)")
                            + (d.cornerRadiusMeasured ? "" : " (est.)")])
        }
        let widths = header.indices.map { c in rows.map { $0[c].count }.max()! }
        for row in rows {
            print(row.enumerated().map { c, v in c == row.count - 1 ? v : v.padding(toLength: widths[c], withPad: " ", startingAt: 0) }
                .joined(separator: "  "))
        }
        print("""

            Portrait sizes; orientation: landscape turns any of them. An iPhone in landscape hides its status bar,
            keeps a notch or Dynamic Island's inset on both sides and 21 pt at the bottom, and has 32 pt bars;
            an iPad keeps its status bar and insets. Sources: docs/devices.md.
            """)
    }
}

struct Compare: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Compare frames with golden frames (folders or single PNGs).",
        discussion: "Exit codes: 0 all frames match, 1 differences (or frames missing on either side), 2 bad input.")

    @Argument(help: "Rendered frames: a folder of PNGs or one PNG.")
    var actual: String

    @Argument(help: "Golden frames: a folder of PNGs or one PNG.")
    var golden: String

    @OptionGroup var comparison: ComparisonOptions

    @Option(name: .long, help: ArgumentHelp("Folder for expected / actual / diff images of failing frames and summary.json.", valueName: "dir"))
    var diff: String?

    @Option(name: .long, help: ArgumentHelp("Add this comparison to the HTML report in this folder (open index.html); folders only.", valueName: "dir"))
    var report: String?

    @Option(name: .long, help: ArgumentHelp("The scenario's name in the report (default: the golden folder's name).", valueName: "name"))
    var name: String?

    func run() throws {
        let options = comparison.options
        if let diff { try OutputPath.checkFolder(diff, option: "--diff", files: FailureImages.isWritten) }
        if let report { try OutputPath.checkFolder(report, option: "--report", files: HTMLReport.isWritten, folders: HTMLReport.isFolder) }
        if let diff, let report { try refuseOneFolderTwice([("--diff", diff), ("--report", report)]) }
        let verdicts = try FolderComparison.compare(actual: actual, golden: golden, options: options, diffDirectory: diff)
        if let report {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: actual, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw BadInput("--report compares folders of frames; \(actual) is a file")
            }
            try HTMLReport.add(scenario: name ?? (golden as NSString).lastPathComponent, source: actual, verdicts: verdicts,
                               actualDirectory: actual, goldenDirectory: golden, options: options, to: report)
            print("report: \(report)/index.html")
        }
        let failing = verdicts.filter { !$0.passed }
        let failed = failing.count
        for line in FrameVerdict.summary(failing, golden: golden, missingHint: "compare folders that hold the same frames, or render the missing ones into the golden folder") {
            print("FAIL " + line)
        }
        print("\(verdicts.count - failed) passed, \(failed) failed")
        if failed > 0 {
            if let diff { print("expected / actual / diff images and summary.json in \(diff)") }
            throw ExitCode(1)
        }
    }
}

/// Ctrl-C and SIGTERM while the tool writes: one pair of signal sources for the whole process
/// (sources made again for the same signal in one process were not told of it), handled on a queue
/// of its own (a serial queue gets a thread even while every thread of the global pool is busy
/// drawing), doing what the phase under way needs:
/// - frames: cancel the render job (it writes a partial manifest; the caller exits 130 or 143);
/// - animations: stop the encoders, remove every half-written file, say so, exit 130 or 143;
/// - anything else (golden checks after the frames): exit 130 or 143 (128 + the signal's number,
///   the code a shell gives a command the signal ended, and the one the README promises).
/// (@unchecked: `sources` is set once, in `init`, and only kept alive.)
final class Interruption: @unchecked Sendable {
    static let shared = Interruption()

    enum Phase { case idle, frames(RenderJob.Cancellation), animations }
    private struct State { var phase = Phase.idle; var received: Int32? }
    private let state = Locked(State())
    private let sources: [DispatchSourceSignal]

    private init() {
        let queue = DispatchQueue(label: "render-frames.interruption")
        var sources: [DispatchSourceSignal] = []
        let state = self.state
        for sig in [SIGINT, SIGTERM] {
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: queue)
            source.setEventHandler { Interruption.handle(sig, state) }
            source.resume()
            sources.append(source)
        }
        self.sources = sources
    }

    private static func handle(_ sig: Int32, _ state: Locked<State>) {
        let phase = state.withLock { s -> Phase in s.received = s.received ?? sig; return s.phase }
        switch phase {
        case .frames(let cancellation):
            cancellation.cancel()
        case .animations:
            let removed = TemporaryFiles.shared.removeAll()
            writeToStandardError("interrupted: stopped writing animations; removed \(removed) half-written file(s)\n")
            _exit(128 + sig)
        case .idle:
            fflush(nil)
            _exit(128 + sig)
        }
    }

    /// The first signal received, if any.
    var received: Int32? { state.current.received }

    /// A signal from now on cancels `cancellation`.
    func renderingFrames(_ cancellation: RenderJob.Cancellation) { state.withLock { $0.phase = .frames(cancellation); $0.received = nil } }

    /// A signal from now on removes the half-written animations and exits.
    func writingAnimations() { state.withLock { $0.phase = .animations } }

    /// A signal from now on exits at once.
    func idle() { state.withLock { $0.phase = .idle } }
}

/// Standard output and error carry file names and values from the user: control characters in
/// them are shown as \u{1B}, never sent to the terminal raw (line breaks kept).
func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    Swift.print(items.map { "\($0)" }.joined(separator: separator).terminalSafe, terminator: terminator)
}

func writeToStandardError(_ text: String) {
    FileHandle.standardError.write(Data(text.terminalSafe.utf8))
}

/// `--max-image-pixels` and `--max-image-memory`, shared by the commands that read scenarios.
struct ImageLimit: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Refuse images with more pixels than this, before decoding them (67108864 is 64 megapixels).", valueName: "n"))
    var maxImagePixels: Int = ImageDecoder.defaultPixelLimit

    @Option(name: .long, help: ArgumentHelp("Budget for all the images a scenario decodes, each file once: an image that would go over it is refused from its header.", valueName: "size"))
    var maxImageMemory: String = "300MB"

    var limits: ImageLimits { ImageLimits(pixels: maxImagePixels, memory: ByteSize.parse(maxImageMemory) ?? ImageDecoder.defaultMemoryBudget) }

    func validate() throws {
        if !(1...(1 << 32)).contains(maxImagePixels) {
            throw ValidationError("--max-image-pixels must be between 1 and 4294967296 (4 gigapixels), got \(maxImagePixels)")
        }
        guard let bytes = ByteSize.parse(maxImageMemory), bytes >= 1_000_000 else {
            throw ValidationError("--max-image-memory: expected a size of at least 1MB such as 300MB, 2GB or 500MiB, got \(maxImageMemory)")
        }
    }
}

/// Errors caused by the user's input, not by the tool: printed as they are, with exit code 2.

protocol BadInputError: Error, CustomStringConvertible {}
extension ScenarioError: BadInputError {}
extension FrameSelectionError: BadInputError {}
extension OutputError: BadInputError {}
extension ShardError: BadInputError {}
extension FolderComparisonError: BadInputError {}
extension GoldenCheckError: BadInputError {}
extension ReportError: BadInputError {}
extension EncodeError: BadInputError {}
extension AnimationError: BadInputError {}
extension RecordMode: ExpressibleByArgument {}

struct BadInput: BadInputError {
    let description: String
    init(_ d: String) { description = d }
}

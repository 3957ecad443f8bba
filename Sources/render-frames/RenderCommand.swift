import ArgumentParser
import Foundation
import RenderFramesKit
import ScenarioFormat

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "render", abstract: "Render a scenario's frames (the default command).")

    @Argument(help: "Scenario file (YAML or JSON). Omit to render the bundled default demo.") var scenario: String?
    @Option(name: [.customShort("o"), .long], help: ArgumentHelp("Output folder for NNNN.png frames and manifest.json.", valueName: "dir"))
    var out: String = "frames"
    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("Frames per second (overrides the scenario's, \(RenderLimits.written(RenderLimits.fps))).", valueName: "fps"))
    var fps: Double?
    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("Pixels per point (overrides the device's, \(RenderLimits.written(RenderLimits.scale))).", valueName: "scale"))
    var scale: Double?
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Frames to render: a range 30-59, or a list 0,48,90-92.", valueName: "list"))
    var frames: String?
    @Option(
        name: [.customShort("j"), .long], parsing: .unconditional,
        help: ArgumentHelp(
            "Worker threads, by default one a core (at most \(RenderLimits.jobs.upperBound)); the frames are the same for every value.",
            valueName: "n"))
    var jobs: Int = RenderJob.defaultWorkers()
    @Option(name: .long, help: ArgumentHelp("PNG encoding: fast (previews), balanced, small (smallest files).", valueName: "level"))
    var compression: Compression = .balanced
    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp(
            """
            Render shard I of N (a contiguous share of the frames), e.g. 2/4, or auto: from the CI engine's environment \
            (RENDER_FRAMES_SHARD, GitLab's CI_NODE_INDEX, a Kubernetes Indexed Job's or AWS Batch array's index with \
            RENDER_FRAMES_SHARDS). Merge with `render-frames merge`.
            """, valueName: "i/n|auto"))
    var shard: String?
    @Option(name: .long, help: ArgumentHelp("Golden folder to check the frames against (see --record).", valueName: "dir")) var golden: String?
    @Option(
        name: .long,
        help: ArgumentHelp(
            "With --golden: never, missing, failed or all (default: $RENDER_FRAMES_RECORD, else never when CI is set, else missing).",
            valueName: "mode"))
    var record: RecordMode?
    @Flag(name: .long, help: "With --golden: remove goldens of frames this scenario no longer produces (not with --frames or --shard).")
    var prune = false
    @Option(
        name: .long,
        help: ArgumentHelp("With --golden: folder for expected / actual / diff images of failing frames (default: OUT-diff).", valueName: "dir"))
    var diff: String?
    @Option(
        name: .long, help: ArgumentHelp("With --golden: add this scenario to the HTML report in this folder (open index.html).", valueName: "dir"))
    var report: String?
    @OptionGroup(title: "Golden comparison (with --golden)") var comparison: ComparisonOptions
    @Option(
        name: .customLong("name"),
        help: ArgumentHelp("With --report: the scenario's name in the report (default: its file's name without the extension).", valueName: "name"))
    var reportName: String?
    @Flag(name: .long, help: "Add each frame's visible layers (name, rectangle in points, z order, opacity) to the manifest.") var layout = false
    @Option(
        name: .long,
        help: ArgumentHelp(
            "With a scenario that has a matrix: render this variant only (into OUT/NAME, checked against GOLDEN/NAME).", valueName: "name"))
    var variant: String?
    @Flag(
        name: .long,
        help: """
            Keep frames already in --out that are whole (they decode, at the right size) and that its manifest lists as rendered \
            from the same inputs; render the rest. Refused, saying what changed, when the scenario, an image, a font, the settings \
            or the tool did (see --force).
            """)
    var resume = false
    @Flag(name: [.customShort("q"), .long], help: "No progress output.") var quiet = false
    @Flag(
        name: .long,
        help: """
            Render even when --out already holds these frames of the same scenario, images, settings and tool (such a run \
            otherwise says up to date and does no work). With --resume: keep the whole frames even when they were rendered from \
            other inputs.
            """)
    var force = false
    @Flag(name: .long, help: "When another render-frames is writing --out, wait for it to finish instead of refusing.") var wait = false
    @Flag(name: .long, help: "Before saying up to date, check every frame's hash, not only those changed after the render.") var verify = false
    @OptionGroup var images: ImageLimit

    /// Options that need another (`--prune` needs `--golden` and every frame, ...), then the ranges.
    func validate() throws {
        if let problem = combinationProblem
            ?? RenderLimits.outOfRange("--fps", fps, RenderLimits.fps) ?? RenderLimits.outOfRange("--scale", scale, RenderLimits.scale)
            ?? RenderLimits.outOfRange("--jobs", jobs, RenderLimits.jobs)
        {
            throw ValidationError(problem)
        }
    }

    var combinationProblem: String? {
        if prune && golden == nil { return "--prune needs --golden" }
        if comparison.isSet && golden == nil {
            return "--tolerance, --threshold, --exact and --max-diff-* say how frames are compared with goldens: they need --golden"
        }
        if report != nil && golden == nil { return "--report needs --golden (or use render-frames compare --report)" }
        if reportName != nil && report == nil { return "--name names the scenario in a report: it needs --report" }
        if prune && (frames != nil || shard != nil) {
            return "--prune removes goldens of frames not rendered, so it needs every frame: drop --frames and --shard"
        }
        return nil
    }

    /// The library's settings for these options.
    var settings: Render.Settings {
        var s = Render.Settings(scenario: scenario, outputDirectory: out)
        (s.fps, s.scale, s.frames, s.jobs, s.encoding, s.shard) = (fps, scale, frames, jobs, compression.options, shard)
        (s.golden, s.record, s.prune, s.diff, s.report, s.reportName, s.comparison) = (
            golden, record, prune, diff, report, reportName, comparison.options
        )
        (s.includeLayout, s.variant, s.resume, s.force) = (layout, variant, resume, force)
        (s.waitForFolder, s.verify, s.imageLimits) = (wait, verify, images.limits)
        return s
    }

    func run() throws {
        var hooks = Render.Hooks.printing(quiet: quiet, output: { print($0, terminator: "") }, errors: writeToStandardError)
        // Ctrl-C and SIGTERM stop the render within a second, even during a slow frame: the frames
        // under way are written if they finish within half a second, else dropped (their workers
        // leave no file); the run writes a manifest marked partial, says how far it got, and exits
        // 130 or 143. (Signals are handled from the frames on, `SignalHandlers.shared` made then.)
        hooks.addTestPauses()
        hooks = hooks.interruptible(by: SignalHandlers.shared.interruption)
        do {
            if try !Render(settings, hooks: hooks).run().passed { throw ExitCode(1) }
        } catch let stopped as Render.Stopped {
            let signal = SignalHandlers.shared.interruption.received ?? SIGINT
            writeToStandardError(stopped.description + "\n")
            // Workers still drawing a dropped frame: exit now, not when they return (they can write nothing more).
            if stopped.summary.abandoned > 0 { fflush(nil); _exit(128 + signal) }
            throw ExitCode(128 + signal)
        }
    }
}

import ArgumentParser
import Foundation
import RenderFramesKit

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "render", abstract: "Render a scenario's frames (the default command).")

    @Argument(help: "Scenario file (YAML or JSON). Omit to render the bundled default demo.") var scenario: String?
    @Option(name: [.customShort("o"), .long], help: ArgumentHelp("Output folder for NNNN.png frames and manifest.json.", valueName: "dir")) var out:
        String = "frames"
    @Option(name: .long, help: ArgumentHelp("Frames per second (overrides the scenario's, 1-240).", valueName: "fps")) var fps: Double?
    @Option(name: .long, help: ArgumentHelp("Pixels per point (overrides the device's, 0.25-4).", valueName: "scale")) var scale: Double?
    @Option(name: .long, help: ArgumentHelp("Frames to render: a range 30-59, or a list 0,48,90-92.", valueName: "list")) var frames: String?
    @Option(
        name: [.customShort("j"), .long],
        help: ArgumentHelp("Worker threads, by default one a core (at most 64); the frames are the same for every value.", valueName: "n")) var jobs:
        Int = RenderJob.defaultWorkers()
    @Option(name: .long, help: ArgumentHelp("PNG encoding: fast (previews), balanced, small (smallest files).", valueName: "level")) var compression:
        Compression = .balanced
    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp(
            "Render shard I of N (a contiguous share of the frames), e.g. 2/4, or auto: from the CI engine's environment (RENDER_FRAMES_SHARD, GitLab's CI_NODE_INDEX, a Kubernetes Indexed Job's or AWS Batch array's index with RENDER_FRAMES_SHARDS). Merge with `render-frames merge`.",
            valueName: "i/n|auto")) var shard: String?
    @Option(name: .long, help: ArgumentHelp("Golden folder to check the frames against (see --record).", valueName: "dir")) var golden: String?
    @Option(
        name: .long,
        help: ArgumentHelp(
            "With --golden: never, missing, failed or all (default: $RENDER_FRAMES_RECORD, else never when CI is set, else missing).",
            valueName: "mode")) var record: RecordMode?
    @Flag(name: .long, help: "With --golden: remove goldens of frames this scenario no longer produces (not with --frames or --shard).") var prune =
        false
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
        help:
            "Keep frames already in --out that are whole (they decode, at the right size) and that its manifest lists as rendered from the same inputs; render the rest. Refused, saying what changed, when the scenario, an image, a font, the settings or the tool did (see --force)."
    ) var resume = false
    @Flag(name: [.customShort("q"), .long], help: "No progress output.") var quiet = false
    @Flag(
        name: .long,
        help:
            "Render even when --out already holds these frames of the same scenario, images, settings and tool (such a run otherwise says up to date and does no work). With --resume: keep the whole frames even when they were rendered from other inputs."
    ) var force = false
    @OptionGroup var images: ImageLimit

    func validate() throws {
        if let problem = settings.problem(comparisonSet: comparison.isSet) { throw ValidationError(problem) }
    }

    /// The library's settings for these options.
    var settings: Render.Settings {
        var s = Render.Settings(scenario: scenario, outputDirectory: out)
        (s.fps, s.scale, s.frames, s.jobs, s.encoding, s.shard) = (fps, scale, frames, jobs, compression.options, shard)
        (s.golden, s.record, s.prune, s.diff, s.report, s.reportName, s.comparison) = (
            golden, record, prune, diff, report, reportName, comparison.options
        )
        (s.includeLayout, s.variant, s.resume, s.force, s.imageLimits) = (layout, variant, resume, force, images.limits)
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

import ArgumentParser
import Foundation
import RenderFramesKit

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "render", abstract: "Render a scenario's frames (the default command).")

    typealias Help = Render.Settings.Help

    @Argument(help: ArgumentHelp(Help.scenario)) var scenario: String?
    @Option(name: [.customShort("o"), .long], help: ArgumentHelp(Help.outputDirectory, valueName: "dir")) var out: String = "frames"
    @Option(name: .long, help: ArgumentHelp(Help.fps, valueName: "fps")) var fps: Double?
    @Option(name: .long, help: ArgumentHelp(Help.scale, valueName: "scale")) var scale: Double?
    @Option(name: .long, help: ArgumentHelp(Help.frames, valueName: "list")) var frames: String?
    @Option(name: [.customShort("j"), .long], help: ArgumentHelp(Help.jobs, valueName: "n")) var jobs: Int = RenderJob.defaultWorkers()
    @Option(name: .long, help: ArgumentHelp(Help.encoding, valueName: "level")) var compression: Compression = .balanced
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(Help.shard, valueName: "i/n|auto")) var shard: String?
    @Option(name: .long, help: ArgumentHelp(Help.golden, valueName: "dir")) var golden: String?
    @Option(name: .long, help: ArgumentHelp(Help.record, valueName: "mode")) var record: RecordMode?
    @Flag(name: .long, help: ArgumentHelp(Help.prune)) var prune = false
    @Option(name: .long, help: ArgumentHelp(Help.diff, valueName: "dir")) var diff: String?
    @Option(name: .long, help: ArgumentHelp(Help.report, valueName: "dir")) var report: String?
    @OptionGroup(title: "Golden comparison (with --golden)") var comparison: ComparisonOptions
    @Option(name: .customLong("name"), help: ArgumentHelp(Help.reportName, valueName: "name")) var reportName: String?
    @Flag(name: .long, help: ArgumentHelp(Help.includeLayout)) var layout = false
    @Option(name: .long, help: ArgumentHelp(Help.variant, valueName: "name")) var variant: String?
    @Flag(name: .long, help: ArgumentHelp(Help.resume)) var resume = false
    @Flag(name: [.customShort("q"), .long], help: "No progress output.") var quiet = false
    @Flag(name: .long, help: ArgumentHelp(Help.force)) var force = false
    @Flag(name: .long, help: ArgumentHelp(Help.wait)) var wait = false
    @Flag(name: .long, help: ArgumentHelp(Help.verify)) var verify = false
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

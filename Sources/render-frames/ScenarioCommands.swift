import ArgumentParser
import RenderFramesKit
import ScenarioFormat
import Scene

// The commands that read a scenario without rendering it: validate, explain, expand, presets.
struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check scenario files without rendering.",
        discussion: "Prints every problem as file:line:column: field: message. Exit codes: 0 all valid, 2 any invalid.")

    @Argument(help: "Scenario files.") var files: [String]
    @Flag(
        help: ArgumentHelp(
            "Check them as scenarios of UIKit screens (renderFrames(of:), assertFrames(of:)): the screen's own keys (effect, layers, "
                + "table ...) refused as that render refuses them."))
    var uikit = false
    @OptionGroup var images: ImageLimit

    func validate() throws { if files.isEmpty { throw ValidationError("give at least one scenario file") } }

    func run() throws {
        let failed = ScenarioCheck.check(
            files, imageLimits: images.limits, uikit: uikit, ok: { print($0) }, problem: { writeToStandardError($0 + "\n") })
        if failed > 0 { throw ExitCode(2) }
    }
}

struct Explain: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print a scenario's layers and vars at one moment as JSON.",
        discussion: "Every var and binding value, every layer of the scenario's own with its resolved properties, transform and "
            + "on-screen frame (points), and every named layer on screen in drawing order. --offset is UIKit's contentOffset.y "
            + "(the expressions' offset), at time 0. Exit codes: 0 printed, 2 bad input.")

    @Argument(help: "Scenario file (YAML or JSON).") var scenario: String
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("The frame to explain (0 is the first).", valueName: "n")) var frame: Int?
    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("The content offset to explain (contentOffset.y in points, -300 too), instead of a frame.", valueName: "points"))
    var offset: Double?
    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp(
            "Pixels per point (overrides the device's, \(RenderLimits.written(RenderLimits.scale))), as for render: 1 / scale hairlines follow it.",
            valueName: "scale"))
    var scale: Double?
    @Option(name: .long, help: ArgumentHelp("With a matrix: the variant to explain (default: the first).", valueName: "name")) var variant: String?
    @OptionGroup var images: ImageLimit

    func validate() throws {
        if (frame == nil) == (offset == nil) { throw ValidationError("give --frame N or --offset Y (one of them)") }
        if let problem = RenderLimits.outOfRange("--scale", scale, RenderLimits.scale) { throw ValidationError(problem) }
        let most = RenderLimits.offset
        if let offset, !offset.isFinite || abs(offset) > most {
            throw ValidationError("--offset must be a number of points between -\(Int(most)) and \(Int(most))")
        }
    }
    func run() throws {
        let (json, warnings) = try Explanation.explain(
            scenario, at: frame.map { .frame($0) } ?? .offset(offset!), scale: scale,
            variant: variant, imageLimits: images.limits)
        for w in warnings { writeToStandardError(w + "\n") }
        print(json)
    }
}

struct Expand: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a scenario that uses a preset in the layer language only.",
        discussion: "The profile, stretchyTable, collection and plain-table presets become vars, a declared scroll view and layers "
            + "whose properties are the preset's formulas; rendering the result gives the same frames, byte for byte. Image paths "
            + "are rebased for --out. Exit codes: 0 written, 2 bad input.")

    @Argument(help: "Scenario file (YAML or JSON).") var scenario: String
    @Option(name: [.customShort("o"), .long], help: ArgumentHelp("Write the expansion to this file instead of printing it.", valueName: "file"))
    var out: String?
    func run() throws { print(try PresetExpansion.expandFile(scenario, out: out), terminator: "") }
}

struct Presets: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the device presets with their sizes.")
    func run() throws { print(Device.table, terminator: "") }
}

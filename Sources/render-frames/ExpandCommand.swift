import ArgumentParser
import RenderFramesKit
import Scene

struct Expand: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Write a scenario that uses a preset in the layer language only.",
        discussion: "The profile, stretchyTable, collection and plain-table presets become vars, a declared scroll view and layers "
            + "whose properties are the preset's formulas; rendering the result gives the same frames, byte for byte. Image paths "
            + "are rebased for --out. Exit codes: 0 written, 2 bad input.")

    @Argument(help: "Scenario file (YAML or JSON).") var scenario: String
    @Option(name: [.customShort("o"), .long], help: ArgumentHelp("Write the expansion to this file instead of printing it.", valueName: "file")) var out: String?
    func run() throws { print(try PresetExpansion.expandFile(scenario, out: out), terminator: "") }
}

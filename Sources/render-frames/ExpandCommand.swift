import Animation
import ArgumentParser
import Foundation
import GoldenCompare
import Raster
import RenderFramesKit
import Scene

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

import Foundation
import Raster
import ScenarioFormat
import Scene

/// A scenario `expand` cannot write in the layer language.
public enum ExpandError: Error, CustomStringConvertible {
    /// `--out` names the scenario itself.
    case outIsScenario(out: String, scenario: String)
    /// What the preset expansion refuses (a scenario it cannot express).
    case refused(PresetExpansion.Failure)
    /// The file could not be read again, or its expansion not written as YAML.
    case unexpandable(String)

    public var description: String {
        switch self {
        case .outIsScenario(let out, let scenario): "--out \(out): is the scenario \(scenario) itself; write the expansion to another file"
        case .refused(let failure): failure.description
        case .unexpandable(let scenario):
            "\(scenario): cannot expand it (the file could not be read again, or the expansion could not be written as YAML)"
        }
    }
}

extension PresetExpansion {
    /// Expands `scenario`; with `out`, writes the expansion there (whole or not at all). Returns what
    /// `expand` prints: the YAML, or with `out` the line saying where it went.
    public static func expandFile(_ scenario: String, out: String? = nil) throws -> String {
        if let out {
            // Before any work: a FIFO, device or folder at --out, or the scenario itself, is refused.
            try OutputPath.checkFile(out, option: "--out")
            if OutputPath.identity(out) == OutputPath.identity(scenario) { throw ExpandError.outIsScenario(out: out, scenario: scenario) }
        }
        let yaml: String
        do {
            yaml = try expand(path: scenario, outputPath: out)
        } catch let error as Failure {
            throw ExpandError.refused(error)
        } catch let error as ScenarioError {
            throw error
        } catch {
            throw ExpandError.unexpandable(scenario)
        }
        guard let out else { return yaml }
        try AtomicFile.write(Array(yaml.utf8), to: out, what: "the expansion")
        return "\(out): \(scenario) in the layer language\n"
    }
}

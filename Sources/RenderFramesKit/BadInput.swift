import Animation
import GoldenCompare
import Raster
import ScenarioFormat
import Scene

/// Errors caused by the user's input, not by the tool: said as they are after `error: `, and the
/// command exits 2.
public protocol BadInputError: Error, CustomStringConvertible {}

extension ScenarioError: BadInputError {}
extension OutputError: BadInputError {}
extension RenderError: BadInputError {}
extension AnimationError: BadInputError {}
extension ComparisonError: BadInputError {}
extension ExplainError: BadInputError {}
extension ExpandError: BadInputError {}
extension EncodingPlanError: BadInputError {}
extension ManifestError: BadInputError {}

public enum BadInput {
    /// What `error` says to the user when their input caused it (a `BadInputError`, or a file the
    /// system refused, in `FileProblem`'s words: never Foundation's own text); nil for any other error.
    public static func describe(_ error: Error) -> String? {
        (error as? BadInputError)?.description ?? FileProblem.describe(error)
    }
}

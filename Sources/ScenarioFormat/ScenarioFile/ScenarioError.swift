import Raster
import Scene

/// One problem in a scenario file, located at a line and column.
public struct ScenarioIssue: Equatable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int
    /// The field's path, `header.height` or `timeline.keyframes[2].time`.
    public var field: String
    /// What was expected, what came, and the fix.
    public var message: String

    public var description: String { ScenarioIssue.printable("\(file):\(line):\(column): \(field): \(message)") }
    /// As a warning: `file:line:column: warning: field: message`.
    public var warningDescription: String { ScenarioIssue.printable("\(file):\(line):\(column): warning: \(field): \(message)") }

    /// Control characters (a terminal's escape codes among them) shown as `\u{1B}`, never sent raw.
    static func printable(_ text: String) -> String { text.escapingControlCharacters(keepingLineBreaks: false) }
}

/// Why a scenario could not be loaded. Every case is bad input (exit code 2).
public enum ScenarioError: Error, CustomStringConvertible, Equatable {
    case fileNotFound(path: String)
    case unreadable(path: String, reason: String)
    case syntax(file: String, line: Int, column: Int, problem: String)
    /// Every problem found, in file order.
    case invalid([ScenarioIssue])

    public var description: String {
        switch self {
        case .fileNotFound(let path):
            return "\(path): scenario file not found; check the path (it is relative to the current directory)"
        case .unreadable(let path, let reason):
            return "\(path): cannot read the scenario file (\(reason))"
        case .syntax(let file, let line, let column, let problem):
            return ScenarioIssue.printable("\(file):\(line):\(column): invalid YAML: \(problem)")
        case .invalid(let issues):
            return issues.map(\.description).joined(separator: "\n")
        }
    }
}

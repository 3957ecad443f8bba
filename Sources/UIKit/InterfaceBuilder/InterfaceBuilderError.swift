import Foundation

/// A storyboard or XIB that cannot be loaded: the file, the XML line, what was wrong and the fix.
/// "Main.storyboard:42: the scene \"Profile\" names the class ProfileViewController (module MyApp),
/// which is not registered: call UIStoryboard.register(ProfileViewController.self) before loading".
public struct InterfaceBuilderError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The file's name (`Main.storyboard`).
    public let file: String
    /// The line of the element in the file, when the problem has one.
    public let line: Int?
    public let problem: String
    public let fix: String

    public init(file: String, line: Int?, problem: String, fix: String) {
        self.file = file; self.line = line; self.problem = problem; self.fix = fix
    }

    public var description: String {
        "\(file)\(line.map { ":\($0)" } ?? ""): \(problem); \(fix)"
    }
}

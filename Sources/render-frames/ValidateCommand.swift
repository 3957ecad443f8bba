import ArgumentParser
import RenderFramesKit

struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Check scenario files without rendering.",
        discussion: "Prints every problem as file:line:column: field: message. Exit codes: 0 all valid, 2 any invalid.")

    @Argument(help: "Scenario files.") var files: [String]
    @OptionGroup var images: ImageLimit

    func validate() throws { if files.isEmpty { throw ValidationError("give at least one scenario file") } }

    func run() throws {
        let failed = ScenarioCheck.check(files, imageLimits: images.limits, ok: { print($0) }, problem: { writeToStandardError($0 + "\n") })
        if failed > 0 { throw ExitCode(2) }
    }
}

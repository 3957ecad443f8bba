import ArgumentParser
import RenderFramesKit

struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Check scenario files without rendering.",
        discussion: "Prints every problem as file:line:column: field: message. Exit codes: 0 all valid, 2 any invalid.")

    @Argument(help: "Scenario files.") var files: [String]
    @OptionGroup var images: ImageLimit

    func validate() throws { if files.isEmpty { throw ValidationError("give at least one scenario file") } }

    func run() throws {
        var failed = 0
        for file in files {
            do {
                let report = try ScenarioCheck.check(file, imageLimits: images.limits)
                print(report.summary)
                for w in report.warnings { writeToStandardError(w + "\n") }  // warnings do not fail the check
            } catch {
                failed += 1
                writeToStandardError("\(error)\n")
            }
        }
        if failed > 0 { throw ExitCode(2) }
    }
}

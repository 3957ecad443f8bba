import ArgumentParser
import Foundation
import RenderFramesPreview

struct Preview: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve a live preview of a scenario in the browser.", discussion: PreviewServer.Help.command)

    @Argument(help: "Scenario file (YAML or JSON).") var scenario: String
    @Option(name: .long, help: ArgumentHelp(PreviewServer.Help.port, valueName: "n")) var port: Int = 0
    @Option(name: .long, help: ArgumentHelp(PreviewServer.Help.host, valueName: "ip")) var host: String = "127.0.0.1"
    @Option(name: .long, help: ArgumentHelp(PreviewServer.Help.scale, valueName: "scale")) var scale: Double?

    func validate() throws {
        if let problem = PreviewServer.optionProblem(port: port, host: host, scale: scale) { throw ValidationError(problem) }
    }

    func run() throws {
        PreviewServer(scenario: scenario, scale: scale, host: host, port: UInt16(port))
            .runUntilInterrupted(announce: { print($0); fflush(nil) }, failed: { writeToStandardError("error: \($0)\n") })
    }
}

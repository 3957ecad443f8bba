import ArgumentParser
import Foundation
import RenderFramesKit
import RenderFramesPreview
import ScenarioFormat

struct Preview: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve a live preview of a scenario in the browser.",
        discussion: "Prints the page's address: the phone at its device size, a scrubber over the timeline (the mouse wheel over the phone "
            + "scrubs too; space plays, arrows step, shift+arrow steps 10 frames), the matrix's variants side by side, the layer under "
            + "the pointer with its name and frame (a click shows what explain says of it). Saving the scenario, or an image or font it "
            + "uses, shows the new frames within a second; a broken save shows the error over the last good frames. Listens on "
            + "127.0.0.1 (this machine only) unless --host says otherwise. Ctrl-C stops it. Exit codes: 0 stopped, 2 bad input.")

    @Argument(help: "Scenario file (YAML or JSON).") var scenario: String
    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("The port to listen on (0, the default, takes a free one; the address printed says which).", valueName: "n"))
    var port: Int = 0
    @Option(
        name: .long,
        help: ArgumentHelp("The address to listen on: 127.0.0.1 (this machine only), ::1, or 0.0.0.0 (every network).", valueName: "ip"))
    var host: String = "127.0.0.1"
    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp(
            "Pixels per point (overrides the device's, \(RenderLimits.written(RenderLimits.scale))): 1 draws fastest.", valueName: "scale"))
    var scale: Double?

    func validate() throws {
        let ports = RenderLimits.port
        if !ports.contains(port) {
            throw ValidationError("--port must be between \(ports.lowerBound) and \(ports.upperBound) (0 takes a free port), got \(port)")
        }
        // The server refuses a host it cannot listen on in the same words when it starts.
        if let problem = PreviewServer.addressProblem(host: host) { throw ValidationError(problem) }
        let scales = RenderLimits.scale
        if let scale, !scales.contains(scale) {
            throw ValidationError("--scale must be between \(scales.lowerBound) and \(Int(scales.upperBound)), got \(scale)")
        }
    }

    func run() throws {
        PreviewServer(scenario: scenario, scale: scale, host: host, port: UInt16(port))
            .runUntilInterrupted(
                announce: {
                    print($0); fflush(nil)
                }, failed: { writeToStandardError("error: \($0)\n") })
    }
}

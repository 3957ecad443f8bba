import ArgumentParser
import Foundation
import RenderFramesKit
import RenderFramesPreview

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
        name: .long, help: ArgumentHelp("The port to listen on (0, the default, takes a free one; the address printed says which).", valueName: "n"))
    var port: Int = 0
    @Option(
        name: .long, help: ArgumentHelp("The address to listen on: 127.0.0.1 (this machine only), ::1, or 0.0.0.0 (every network).", valueName: "ip"))
    var host: String = "127.0.0.1"
    @Option(name: .long, help: ArgumentHelp("Pixels per point (overrides the device's, 0.25-4): 1 draws fastest.", valueName: "scale"))
    var scale: Double?

    func validate() throws {
        if !(0...65535).contains(port) { throw ValidationError("--port must be between 0 and 65535 (0 takes a free port), got \(port)") }
        if let problem = PreviewServer.addressProblem(host: host) { throw ValidationError(problem) }
        if let scale, !(0.25...4).contains(scale) { throw ValidationError("--scale must be between 0.25 and 4, got \(scale)") }
    }

    func run() throws {
        PreviewServer(scenario: scenario, scale: scale, host: host, port: UInt16(port))
            .runUntilInterrupted(
                announce: {
                    print($0); fflush(nil)
                }, failed: { writeToStandardError("error: \($0)\n") })
    }
}

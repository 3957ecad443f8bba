import ArgumentParser
import RenderFramesKit
import Scene

struct Presets: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the device presets with their sizes.")
    func run() throws { print(Device.table, terminator: "") }
}

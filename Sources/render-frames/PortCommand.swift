import ArgumentParser
import RenderFramesKit

struct Port: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a Swift package that renders an app's storyboard screens on Linux from its own files.",
        discussion: """
            The package links to APP_FOLDER (never copies or edits it) and depends on this checkout by path; its build makes \
            Linux copies of the app's Swift files (IB attributes, @objc, #selector and @main made to compile) and registers \
            the classes its storyboards and XIBs name. It holds `swift run screens CLASS ...` and one test per --screen. \
            Written atomically; a port again keeps the goldens. Exit codes: 0 written, 2 bad input.
            """)

    @Argument(help: ArgumentHelp("The app's folder: its Swift files, storyboards, XIBs and asset catalogs.", valueName: "app-folder"))
    var app: String
    @Option(name: [.customShort("o"), .long], help: ArgumentHelp("The package's folder (new, or written by a port before).", valueName: "dir"))
    var out: String
    @Option(name: .long, help: ArgumentHelp("A storyboard scene's controller class to render and test (repeat for each).", valueName: "class"))
    var screen: [String] = []

    func run() throws {
        let result = try RenderFramesKit.Port.port(app: app, out: out, screens: screen)
        for note in result.notes { writeToStandardError("warning: \(note)\n") }
        print("ported \(result.swiftFiles) Swift files and \(result.interfaceBuilderFiles) storyboards and XIBs into \(out): "
            + "\(result.screens.joined(separator: ", ")); next: cd \(out) && swift test")
    }
}

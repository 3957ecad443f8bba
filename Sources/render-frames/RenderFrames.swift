import ArgumentParser
import Foundation
import Raster
import RenderFramesKit
import ScenarioFormat

@main
struct RenderFrames: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render-frames",
        abstract: "Render iOS stretchy-header scroll effects to numbered PNG frames.",
        usage: """
            render-frames [SCENARIO] [-o <dir>] [<options>]
              render-frames <subcommand> [<options>]
            """,
        discussion: """
            With no scenario, renders the bundled default demo (the profile header on an iPhone 15 at @3x) into ./frames.

            Examples:
              render-frames                            the default demo, into ./frames
              render-frames screen.yaml -o out -j 4    a scenario of your own
              render-frames screen.yaml --golden g     render, then check against goldens
              render-frames encode out demo.webp       an animation of the frames
              render-frames validate *.yaml            check scenarios, render nothing
              render-frames preview screen.yaml        a live preview in the browser

            Exit codes:
              0    success
              1    frames differ from their goldens (--golden, compare)
              2    bad input: a scenario, an option, a file
              130  interrupted by Ctrl-C (143 by SIGTERM): whole frames are kept,
                   and the same command with --resume finishes the run
            """,
        version: "render-frames \(ToolVersion.string)",
        subcommands: [
            RenderCommand.self, Encode.self, Validate.self, Explain.self, Preview.self, Expand.self, Presets.self, Compare.self, Merge.self,
            Summary.self, Port.self,
        ],
        defaultSubcommand: RenderCommand.self)

    /// Every usage error is bad input: exit code 2 (ArgumentParser's own default is 64).
    static func main() {
        // A child that exits early (ffmpeg) makes writes to its pipe fail with EPIPE, reported as
        // an error with what it said, instead of killing this process without a word.
        signal(SIGPIPE, SIG_IGN)
        ImageDecoder.keepLargeBuffers()
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            if error is ExitCode || exitCode(for: error) == .success { exit(withError: error) }
            writeToStandardError(message(for: error) + "\n")
            Foundation.exit(2)
        }
    }

    /// What an error that ends a command says (it exits 2): bad input as "error: ..." without
    /// library or Foundation text, usage errors as ArgumentParser words them.
    static func message(for error: Error) -> String {
        BadInput.describe(error).map { "error: " + $0 } ?? fullMessage(for: error)
    }
}

/// Standard output and error carry file names and values from the user: control characters in
/// them are shown as \u{1B}, never sent to the terminal raw (line breaks kept).
func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    Swift.print(items.map { "\($0)" }.joined(separator: separator).terminalSafe, terminator: terminator)
}

func writeToStandardError(_ text: String) {
    FileHandle.standardError.write(Data(text.terminalSafe.utf8))
}

/// `--max-image-pixels` and `--max-image-memory`, shared by the commands that read scenarios.
struct ImageLimit: ParsableArguments {
    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("Refuse images with more pixels than this, before decoding them (67108864 is 64 megapixels).", valueName: "n"))
    var maxImagePixels: Int = ImageDecoder.defaultPixelLimit
    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp(
            "Budget for all the images a scenario decodes, each file once: an image that would go over it is refused from its header.",
            valueName: "size"))
    var maxImageMemory: String = "300MB"

    var limits: ImageLimits { ImageLimits(pixels: maxImagePixels, memory: ByteSize.parse(maxImageMemory) ?? ImageDecoder.defaultMemoryBudget) }

    func validate() throws {
        let pixels = RenderLimits.imagePixels
        if !pixels.contains(maxImagePixels) {
            throw ValidationError(
                "--max-image-pixels must be between \(pixels.lowerBound) and \(pixels.upperBound) (4 gigapixels), got \(maxImagePixels)")
        }
        guard let bytes = ByteSize.parse(maxImageMemory), bytes >= RenderLimits.minimumImageMemory else {
            throw ValidationError("--max-image-memory: expected a size of at least 1MB such as 300MB, 2GB or 500MiB, got \(maxImageMemory)")
        }
    }
}

extension RecordMode: ExpressibleByArgument {}
extension Compression: ExpressibleByArgument {}

import Animation
import ArgumentParser
import Foundation
import GoldenCompare
import Raster
import RenderFramesKit
import Scene

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
    @Option(name: .long, help: ArgumentHelp("Refuse images with more pixels than this, before decoding them (67108864 is 64 megapixels).", valueName: "n"))
    var maxImagePixels: Int = ImageDecoder.defaultPixelLimit

    @Option(name: .long, help: ArgumentHelp("Budget for all the images a scenario decodes, each file once: an image that would go over it is refused from its header.", valueName: "size"))
    var maxImageMemory: String = "300MB"

    var limits: ImageLimits { ImageLimits(pixels: maxImagePixels, memory: ByteSize.parse(maxImageMemory) ?? ImageDecoder.defaultMemoryBudget) }

    func validate() throws {
        if let problem = RenderLimits.imageLimitsProblem(pixels: maxImagePixels, memory: maxImageMemory) { throw ValidationError(problem) }
    }
}

/// Errors caused by the user's input, not by the tool: printed as they are, with exit code 2.

protocol BadInputError: Error, CustomStringConvertible {}
extension ScenarioError: BadInputError {}
extension OutputError: BadInputError {}
extension RenderError: BadInputError {}
extension AnimationError: BadInputError {}
extension RecordMode: ExpressibleByArgument {}
extension Compression: ExpressibleByArgument {}

struct BadInput: BadInputError {
    let description: String
    init(_ d: String) { description = d }
}

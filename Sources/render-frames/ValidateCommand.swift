import Animation
import ArgumentParser
import Foundation
import GoldenCompare
import Raster
import RenderFramesKit
import Scene

struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check scenario files without rendering.",
        discussion: "Prints every problem as file:line:column: field: message. Exit codes: 0 all valid, 2 any invalid.")

    @Argument(help: "Scenario files.")
    var files: [String]

    @OptionGroup var images: ImageLimit

    func validate() throws {
        if files.isEmpty { throw ValidationError("give at least one scenario file") }
    }

    func run() throws {
        var failed = 0
        for file in files {
            do {
                let (s, variants) = try ScenarioLoader.checkEveryVariant(path: file, imageLimits: images.limits)
                if variants.isEmpty {
                    print("\(file): ok: \(s.screen.device.id), \(s.frameCount) frames at \(s.fps.formatted()) fps, \(s.pixelWidth)x\(s.pixelHeight) px")
                } else {
                    // The variants' frame counts can differ (a fling stops where each device's content ends).
                    let counts = variants.map(\.frameCount)
                    let frames = counts.min() == counts.max() ? "\(counts[0])" : "\(counts.min()!)-\(counts.max()!)"
                    print("\(file): ok: \(variants.count) variants (\(variants.map(\.name).joined(separator: ", "))), \(frames) frames "
                        + "at \(s.fps.formatted()) fps")
                }
                // Warnings (a character no font has) do not fail the check.
                var warned = Set<String>()
                for w in s.warnings + variants.flatMap(\.warnings) where warned.insert(w.warningDescription).inserted {
                    writeToStandardError(w.warningDescription + "\n")
                }
            } catch {
                failed += 1
                writeToStandardError("\(error)\n")
            }
        }
        if failed > 0 { throw ExitCode(2) }
    }
}

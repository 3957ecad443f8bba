import Animation
import ArgumentParser
import Foundation
import GoldenCompare
import Raster
import RenderFramesKit
import Scene

struct Explain: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print a scenario's layers and vars at one moment as JSON.",
        discussion: "Every var and binding value, every layer of the scenario's own with its resolved properties, transform and "
            + "on-screen frame (points), and every named layer on screen in drawing order. --offset is UIKit's contentOffset.y "
            + "(the expressions' offset), at time 0. Exit codes: 0 printed, 2 bad input.")

    @Argument(help: "Scenario file (YAML or JSON).")
    var scenario: String

    @Option(name: .long, help: ArgumentHelp("The frame to explain (0 is the first).", valueName: "n"))
    var frame: Int?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("The content offset to explain (contentOffset.y in points, -300 too), instead of a frame.", valueName: "points"))
    var offset: Double?

    @Option(name: .long, help: ArgumentHelp("Pixels per point (overrides the device's, 0.25-4), as for render: 1 / scale hairlines follow it.", valueName: "scale"))
    var scale: Double?

    @Option(name: .long, help: ArgumentHelp("With a matrix: the variant to explain (default: the first).", valueName: "name"))
    var variant: String?

    @OptionGroup var images: ImageLimit

    func validate() throws {
        if (frame == nil) == (offset == nil) { throw ValidationError("give --frame N or --offset Y (one of them)") }
        if let problem = RenderLimits.scaleProblem(scale) { throw ValidationError(problem) }
        if let offset, !offset.isFinite || abs(offset) > 1_000_000 {
            throw ValidationError("--offset must be a number of points between -1000000 and 1000000")
        }
    }

    func run() throws {
        let loaded = try ScenarioLoader.load(path: scenario, scaleOverride: scale, imageLimits: images.limits, variant: variant)
        if let variant, loaded.variantNames.isEmpty {
            throw BadInput("--variant \(variant): \(scenario) has no matrix, so it has no variants; drop --variant")
        }
        if let frame, !(0..<loaded.frameCount).contains(frame) {
            throw BadInput("--frame \(frame): " + (frame < 0 ? "frames count from 0 (the first); " : "")
                + "\(scenario) has frames 0 to \(loaded.frameCount - 1); give one of them")
        }
        for w in loaded.warnings { writeToStandardError(w.warningDescription + "\n") }
        print(Explanation.json(loaded, at: frame.map { .frame($0) } ?? .offset(offset!)))
    }
}

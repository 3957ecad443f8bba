import Animation
import Foundation
import Raster
import ScenarioFormat
import Scene

/// A request `explain` refuses after loading the scenario.
public enum ExplainError: Error, CustomStringConvertible, Equatable {
    /// `--variant` for a scenario without a matrix.
    case noVariants(variant: String, scenario: String)
    /// A frame outside the scenario's frames.
    case noSuchFrame(Int, scenario: String, frameCount: Int)

    public var description: String {
        switch self {
        case .noVariants(let variant, let scenario): "--variant \(variant): \(scenario) has no matrix, so it has no variants; drop --variant"
        case .noSuchFrame(let frame, let scenario, let count):
            "--frame \(frame): " + (frame < 0 ? "frames count from 0 (the first); " : "")
                + "\(scenario) has frames 0 to \(count - 1); give one of them"
        }
    }
}

extension Explanation {
    /// A scenario file explained at one moment: the JSON `explain` prints and the scenario's warnings.
    public static func explain(
        _ path: String, at moment: Moment, scale: Double? = nil, variant: String? = nil,
        imageLimits: ImageLimits = .standard
    ) throws -> (json: String, warnings: [String]) {
        let loaded = try ScenarioLoader.load(path: path, scaleOverride: scale, imageLimits: imageLimits, variant: variant)
        if let variant, loaded.variantNames.isEmpty { throw ExplainError.noVariants(variant: variant, scenario: path) }
        if case .frame(let frame) = moment, !(0..<loaded.frameCount).contains(frame) {
            throw ExplainError.noSuchFrame(frame, scenario: path, frameCount: loaded.frameCount)
        }
        return (json(loaded, at: moment), loaded.warnings.map(\.warningDescription))
    }
}

extension Explanation {
    /// What `explain --help` says of `--scale`.
    public static let scaleHelp = "Pixels per point (overrides the device's, 0.25-4), as for render: 1 / scale hairlines follow it."

    /// What `explain`'s options get wrong before the scenario is read (an argument error), or nil.
    public static func optionProblem(frame: Int?, offset: Double?, scale: Double?) -> String? {
        if (frame == nil) == (offset == nil) { return "give --frame N or --offset Y (one of them)" }
        if let scale, !(0.25...4).contains(scale) { return "--scale must be between 0.25 and 4, got \(scale.formattedNumber)" }
        if let offset, !offset.isFinite || abs(offset) > 1_000_000 { return "--offset must be a number of points between -1000000 and 1000000" }
        return nil
    }
}

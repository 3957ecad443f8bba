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

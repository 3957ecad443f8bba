import ArgumentParser
import GoldenCompare
import RenderFramesKit

/// How frames are compared with goldens, for `compare` and `render --golden` alike. By default a
/// pixel differs when a channel moves by more than 2 levels (anti-aliasing apart); `--tolerance`
/// sets the levels, `--threshold` switches to pixelmatch's perceptual YIQ distance, `--exact`
/// counts every changed byte. One of the three at most.
struct ComparisonOptions: ParsableArguments {
    typealias Help = PixelMatch.Options.Help

    @Option(name: .long, help: ArgumentHelp(Help.tolerance, valueName: "levels")) var tolerance: Int?
    @Option(name: .long, help: ArgumentHelp(Help.threshold, valueName: "0-1")) var threshold: Double?
    @Flag(name: .long, help: ArgumentHelp(Help.exact)) var exact = false
    @Option(name: .long, help: ArgumentHelp(Help.maxDiffPixels, valueName: "n")) var maxDiffPixels: Int?
    @Option(name: .long, help: ArgumentHelp(Help.maxDiffRatio, valueName: "ratio")) var maxDiffRatio: Double?

    /// True when any of the options is given (render takes them only with --golden).
    var isSet: Bool { tolerance != nil || threshold != nil || exact || maxDiffPixels != nil || maxDiffRatio != nil }

    var options: PixelMatch.Options {
        PixelMatch.Options(threshold: threshold, exact: exact, tolerance: tolerance, maxDiffPixels: maxDiffPixels, maxDiffRatio: maxDiffRatio)
    }

    func validate() throws {
        if let problem = RenderLimits.comparisonProblem(
            tolerance: tolerance, threshold: threshold, exact: exact,
            maxDiffPixels: maxDiffPixels, maxDiffRatio: maxDiffRatio)
        {
            throw ValidationError(problem)
        }
    }
}

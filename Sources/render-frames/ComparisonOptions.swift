import ArgumentParser
import GoldenCompare
import RenderFramesKit

/// How frames are compared with goldens, for `compare` and `render --golden` alike. By default a
/// pixel differs when a channel moves by more than 2 levels (anti-aliasing apart); `--tolerance`
/// sets the levels, `--threshold` switches to pixelmatch's perceptual YIQ distance, `--exact`
/// counts every changed byte. One of the three at most.
struct ComparisonOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "A pixel differs when one of its channels moves by more than this many levels, 0-255 (default \(PixelMatch.Metric.defaultTolerance): 1-level noise passes, a 3-level color change fails); anti-aliased edge pixels are counted apart.",
            valueName: "levels")) var tolerance: Int?
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Compare by pixelmatch's perceptual YIQ distance instead, with this threshold 0-1 (at pixelmatch's 0.1, green alone may move 37 levels and blue alone 78 before a pixel differs).",
            valueName: "0-1")) var threshold: Double?
    @Flag(name: .long, help: "Count every changed byte: no tolerance, no anti-aliasing detection.") var exact = false
    @Option(name: .long, help: ArgumentHelp("Differing pixels allowed per frame.", valueName: "n")) var maxDiffPixels: Int?
    @Option(name: .long, help: ArgumentHelp("Differing pixels allowed per frame, as a ratio of its pixels (0-1).", valueName: "ratio"))
    var maxDiffRatio: Double?

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

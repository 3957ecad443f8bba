import ArgumentParser
import GoldenCompare
import RenderFramesKit
import ScenarioFormat

/// How frames are compared with goldens, for `compare` and `render --golden` alike. By default a
/// pixel differs when a channel moves by more than 2 levels (anti-aliasing apart); `--tolerance`
/// sets the levels, `--threshold` switches to pixelmatch's perceptual YIQ distance, `--exact`
/// counts every changed byte. One of the three at most.
struct ComparisonOptions: ParsableArguments {
    static let defaultTolerance = PixelMatch.Metric.defaultTolerance

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp(
            """
            A pixel differs when one of its channels moves by more than this many levels, \(RenderLimits.written(RenderLimits.tolerance)) (default \
            \(defaultTolerance): 1-level noise passes, a 3-level color change fails); anti-aliased edge pixels are \
            counted apart.
            """, valueName: "levels"))
    var tolerance: Int?
    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp(
            """
            Compare by pixelmatch's perceptual YIQ distance instead, with this threshold \(RenderLimits.written(RenderLimits.ratio)) \
            (at pixelmatch's 0.1, green alone may move 37 levels and blue alone 78 before a pixel differs).
            """, valueName: "0-1"))
    var threshold: Double?
    @Flag(name: .long, help: "Count every changed byte: no tolerance, no anti-aliasing detection.") var exact = false
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Differing pixels allowed per frame.", valueName: "n")) var maxDiffPixels: Int?
    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp(
            "Differing pixels allowed per frame, as a ratio of its pixels (\(RenderLimits.written(RenderLimits.ratio))).", valueName: "ratio"))
    var maxDiffRatio: Double?

    /// True when any of the options is given (render takes them only with --golden).
    var isSet: Bool { tolerance != nil || threshold != nil || exact || maxDiffPixels != nil || maxDiffRatio != nil }

    var options: PixelMatch.Options {
        PixelMatch.Options(threshold: threshold, exact: exact, tolerance: tolerance, maxDiffPixels: maxDiffPixels, maxDiffRatio: maxDiffRatio)
    }

    func validate() throws {
        let metrics = [tolerance.map { "--tolerance \($0)" }, threshold.map { "--threshold \($0)" }, exact ? "--exact" : nil].compactMap { $0 }
        if metrics.count > 1 {
            throw ValidationError(
                "\(metrics.joined(separator: " and ")) are two ways of comparing colors: keep one "
                    + "(--tolerance LEVELS per channel, the default being \(Self.defaultTolerance); --threshold for pixelmatch's "
                    + "perceptual distance; --exact for every byte)")
        }
        let levels = RenderLimits.tolerance
        if let tolerance, !levels.contains(tolerance) {
            throw ValidationError("--tolerance must be between \(levels.lowerBound) and \(levels.upperBound) levels, got \(tolerance)")
        }
        if let problem = RenderLimits.outOfRange("--threshold", threshold, RenderLimits.ratio) { throw ValidationError(problem) }
        if let m = maxDiffPixels, m < 0 { throw ValidationError("--max-diff-pixels must be 0 or more, got \(m)") }
        if let problem = RenderLimits.outOfRange("--max-diff-ratio", maxDiffRatio, RenderLimits.ratio) { throw ValidationError(problem) }
    }
}

import Animation
import GoldenCompare
import Raster

/// The ranges every command takes for frame rate, scale and workers, and how a value outside one
/// is said: one place for `render`, `explain`, `encode` and the Swift API.
public enum RenderLimits {
    /// Frames per second.
    public static let fps: ClosedRange<Double> = 1...240
    /// Pixels per point.
    public static let scale: ClosedRange<Double> = 0.25...4
    /// Worker threads.
    public static let jobs: ClosedRange<Int> = 1...64

    /// "--fps must be between 1 and 240, got 0", or nil when `value` is nil or in range.
    public static func fpsProblem(_ value: Double?, option: String = "--fps") -> String? {
        guard let value, !fps.contains(value) else { return nil }
        return "\(option) must be between \(fps.lowerBound.formattedNumber) and \(fps.upperBound.formattedNumber), got \(value.formattedNumber)"
    }

    /// "--scale must be between 0.25 and 4, got 5", or nil.
    public static func scaleProblem(_ value: Double?, option: String = "--scale") -> String? {
        guard let value, !scale.contains(value) else { return nil }
        return "\(option) must be between \(scale.lowerBound.formattedNumber) and \(scale.upperBound.formattedNumber), got \(value.formattedNumber)"
    }

    /// "--jobs must be between 1 and 64, got 0", or nil.
    public static func jobsProblem(_ value: Int?, option: String = "--jobs") -> String? {
        guard let value, !jobs.contains(value) else { return nil }
        return "\(option) must be between \(jobs.lowerBound) and \(jobs.upperBound), got \(value)"
    }

    /// How frames are compared with goldens (`--tolerance`, `--threshold`, `--exact`, `--max-diff-*`):
    /// the first problem with the values, or nil.
    public static func comparisonProblem(tolerance: Int?, threshold: Double?, exact: Bool, maxDiffPixels: Int?, maxDiffRatio: Double?) -> String? {
        let metrics = [tolerance.map { "--tolerance \($0)" }, threshold.map { "--threshold \($0)" }, exact ? "--exact" : nil].compactMap { $0 }
        if metrics.count > 1 {
            return "\(metrics.joined(separator: " and ")) are two ways of comparing colors: keep one "
                + "(--tolerance LEVELS per channel, the default being \(PixelMatch.Metric.defaultTolerance); --threshold for pixelmatch's "
                + "perceptual distance; --exact for every byte)"
        }
        if let tolerance, !(0...255).contains(tolerance) { return "--tolerance must be between 0 and 255 levels, got \(tolerance)" }
        if let threshold, !(0...1).contains(threshold) { return "--threshold must be between 0 and 1, got \(threshold.formattedNumber)" }
        if let m = maxDiffPixels, m < 0 { return "--max-diff-pixels must be 0 or more, got \(m)" }
        if let r = maxDiffRatio, !(0...1).contains(r) { return "--max-diff-ratio must be between 0 and 1, got \(r.formattedNumber)" }
        return nil
    }

    /// `--max-image-pixels` and `--max-image-memory` (a size such as 300MB): the first problem, or nil.
    public static func imageLimitsProblem(pixels: Int, memory: String) -> String? {
        if !(1...(1 << 32)).contains(pixels) { return "--max-image-pixels must be between 1 and 4294967296 (4 gigapixels), got \(pixels)" }
        guard let bytes = ByteSize.parse(memory), bytes >= 1_000_000 else {
            return "--max-image-memory: expected a size of at least 1MB such as 300MB, 2GB or 500MiB, got \(memory)"
        }
        return nil
    }
}

extension ImageLimits {
    /// What the commands that read scenarios say of `--max-image-pixels` and `--max-image-memory`
    /// in their --help (`imageLimitsProblem` checks the values).
    public enum Help {
        public static let pixels = "Refuse images with more pixels than this, before decoding them (67108864 is 64 megapixels)."
        public static let memory =
            "Budget for all the images a scenario decodes, each file once: an image that would go over it is refused from its header."
    }
}

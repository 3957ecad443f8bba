import Animation

/// Every range a setting is checked against, in one place: a scenario file's keys (`fps`, `scale`,
/// an `output:`'s width and rate), the commands' options (which word the refusal with their flags),
/// the Swift API (`renderFrames(of:)`, `AnimationRequest`) and the manifest's reader all read them
/// here. It lives with the scenario format, the lowest module that checks one of them.
public enum RenderLimits {
    /// Frames per second.
    public static let fps: ClosedRange<Double> = 1...240
    /// Pixels per point.
    public static let scale: ClosedRange<Double> = 0.25...4
    /// Worker threads.
    public static let jobs: ClosedRange<Int> = 1...64
    /// A channel's levels a pixel may move and still match (`--tolerance`).
    public static let tolerance: ClosedRange<Int> = 0...255
    /// pixelmatch's YIQ threshold (`--threshold`), and the ratio of a frame's pixels that may differ.
    public static let ratio: ClosedRange<Double> = 0...1
    /// Pixels in one image a scenario may decode (`--max-image-pixels`; 4 gigapixels at most).
    public static let imagePixels: ClosedRange<Int> = 1...(1 << 32)
    /// The smallest budget for a scenario's decoded images, in bytes (`--max-image-memory`).
    public static let minimumImageMemory = 1_000_000
    /// An animation's width in pixels.
    public static let animationWidth: ClosedRange<Int> = 16...8192
    /// An animation's quality (WebP's, and MP4's mapped to x264's CRF).
    public static let quality: ClosedRange<Double> = 0...100
    /// The smallest animation budget in bytes (0 is none).
    public static let minimumAnimationBytes = 1000
    /// A content offset `explain` takes, either way, in points.
    public static let offset = 1_000_000.0
    /// Failing frames a Markdown summary pictures.
    public static let pictured: ClosedRange<Int> = 0...20
    /// The preview server's port (0 takes a free one).
    public static let port: ClosedRange<Int> = 0...65535

    /// "1-240": a range as --help says it.
    public static func written(_ range: ClosedRange<Double>) -> String { "\(range.lowerBound.formattedNumber)-\(range.upperBound.formattedNumber)" }

    /// "0-20".
    public static func written(_ range: ClosedRange<Int>) -> String { "\(range.lowerBound)-\(range.upperBound)" }

    /// "NAME must be between A and B, got V" (numbers as the user writes them), or nil when
    /// `value` is nil or in `range`. `name` is what the caller knows the setting by: a command's
    /// option (`--fps`) or an API's parameter (`scale`).
    public static func outOfRange(_ name: String, _ value: Double?, _ range: ClosedRange<Double>) -> String? {
        guard let value, !range.contains(value) else { return nil }
        return "\(name) must be between \(range.lowerBound.formattedNumber) and \(range.upperBound.formattedNumber), got \(value.formattedNumber)"
    }

    /// "NAME must be between A and B, got V", or nil.
    public static func outOfRange(_ name: String, _ value: Int?, _ range: ClosedRange<Int>) -> String? {
        guard let value, !range.contains(value) else { return nil }
        return "\(name) must be between \(range.lowerBound) and \(range.upperBound), got \(value)"
    }
}

import Animation
import Foundation
import Raster
import Scene

/// One animation to write: the file (its extension is the format) and what was asked of it.
public struct AnimationRequest: Sendable, Equatable {
    public var path: String
    public var format: AnimationFormat
    public var width: Int?
    public var fps: Double?
    public var quality: Double?
    public var lossless = false
    /// nil: the format's default budget (`defaultMaxBytes`); 0: none.
    public var maxBytes: Int?

    public init(path: String, format: AnimationFormat) { self.path = path; self.format = format }

    /// GitHub shows images up to 10 MB: GIF, WebP and APNG are fitted under it unless told otherwise.
    public static let defaultMaxBytes = 10_000_000

    /// The budget in force: the one asked for, else 10 MB for the image formats, none for MP4.
    public var budget: Int? {
        if let maxBytes { return maxBytes > 0 ? maxBytes : nil }
        return format == .mp4 ? nil : AnimationRequest.defaultMaxBytes
    }

    /// A scenario's `output:` entry (already checked by the loader).
    public init(_ output: ScenarioOutput) {
        self.init(path: output.path, format: AnimationFormat(rawValue: output.format)!)
        width = output.width; fps = output.fps; quality = output.quality; lossless = output.lossless; maxBytes = output.maxBytes
    }

    /// Every value resolved: the request's, else the format's defaults for these frames.
    public func settings(frameWidth: Int, sourceFPS: Double) -> AnimationSettings {
        var s = AnimationSettings.defaults(format, frameWidth: frameWidth, sourceFPS: sourceFPS)
        if let width { s.width = format == .mp4 ? max(2, width & ~1) : width }
        if let fps { s.fps = fps }
        if let quality { s.quality = quality }
        s.lossless = lossless
        return s
    }
}

/// Writes animations from a frame source made at the width each try needs, fitting `maxBytes`
/// when asked: each try that is too large lowers quality (WebP, MP4), then the width, then the
/// frame rate, by the measured excess, up to six tries.
public enum Animations {
    public struct Outcome: Sendable {
        public var written: AnimationWriter.Written
        public var tries: Int
        /// The size it had to fit.
        public var budget: Int
        /// GitHub shows images up to 10 MB.
        public var overReadmeLimit: Bool { written.settings.format != .mp4 && written.bytes > 10_000_000 }

        /// `demo.gif: 4.8 MB, 97 frames (138 at 25 fps), 5.50 s, 360x781, 360 px wide, 25 fps`;
        /// `budgetOption` names the setting in the hint (`--max-bytes` or `maxBytes:`).
        public func summary(budgetOption: String) -> String {
            let w = written
            var line = "\(w.path): \(ByteSize.format(w.bytes)), \(w.frames) frame\(w.frames == 1 ? "" : "s")"
            if w.frames != w.outputFrames { line += " (\(w.outputFrames) at \(w.settings.fps.formattedNumber) fps, identical ones merged)" }
            line += String(format: ", %.2f s, %dx%d, ", w.duration, w.width, w.height) + w.settings.description
            if tries > 1 { line += "; fitted to \(ByteSize.format(budget)) after \(tries) tries" }
            if overReadmeLimit { line += "; over GitHub's 10 MB limit for images: give \(budgetOption) 10MB, or a smaller width" }
            return line
        }
    }

    public static func write(_ request: AnimationRequest, frameWidth: Int, sourceFPS: Double, jobs: Int,
                             source makeSource: (_ width: Int, _ even: Bool) throws -> FrameSource) throws -> Outcome {
        if request.format == .gif, let fps = request.fps, fps > 50 {
            throw EncodeError("\(request.path): GIF delays are whole centiseconds and browsers show those under 2 cs as 10 cs, so GIF plays at most 50 fps, and \(fps.formattedNumber) was asked; give --fps 50 or less, or use .webp or .apng")
        }
        if let fps = request.fps, fps > sourceFPS + 1e-9 {
            throw EncodeError("\(request.path): the frames are \(sourceFPS.formattedNumber) fps, so an animation of them shows at most \(sourceFPS.formattedNumber) "
                + "different frames a second, and \(fps.formattedNumber) fps was asked; give \(sourceFPS.formattedNumber) or less (or render at a higher fps)")
        }
        var settings = request.settings(frameWidth: frameWidth, sourceFPS: sourceFPS)
        if settings.format == .gif { settings.fps = min(settings.fps, 50) }
        var smallest: (bytes: Int, settings: AnimationSettings)?
        // Temporary files a killed run left beside this animation.
        AtomicFile.sweepLeftovers(of: OutputPath.destination(of: request.path))
        for attempt in 1...6 {
            // Each try is written to a temporary file and placed only when it fits: a try that
            // is too large or fails leaves the file at the path (and a link to it) as it was.
            let source = try makeSource(settings.width, settings.format == .mp4)
            var written = try AnimationWriter.write(path: request.path, settings: settings, source: source, jobs: jobs) { w in
                request.budget.map { w.bytes <= $0 } ?? true
            }
            written.settings.width = written.width
            if written.placed { return Outcome(written: written, tries: attempt, budget: request.budget ?? 0) }
            let max = request.budget!
            if smallest == nil || written.bytes < smallest!.bytes { smallest = (written.bytes, written.settings) }
            guard let next = smaller(written.settings, excess: Double(written.bytes) / Double(max)) else { break }
            settings = next
        }
        throw EncodeError("\(request.path): cannot fit in \(ByteSize.format(request.budget!)): the smallest try was \(ByteSize.format(smallest!.bytes)) "
            + "at \(smallest!.settings); allow more bytes" + (request.format == .mp4 ? "" : ", or write .mp4 (a video is about a tenth of a GIF's size)"))
    }

    /// Settings expected to shrink a file `excess` times too large, or nil when nothing is left to lower.
    static func smaller(_ s: AnimationSettings, excess: Double) -> AnimationSettings? {
        var n = s
        let steps = log2(excess)
        switch s.format {
        case .webp where !s.lossless && s.quality > 40:
            n.quality = max(40, (s.quality - 25 * steps - 5).rounded())
            return n
        case .mp4 where s.crf < 40:
            n.quality = max(0, (s.quality - (6 * steps + 2) / 0.27).rounded())
            return n
        default: break
        }
        // Bytes fall a little slower than the pixel count (smaller frames are denser): shrink both
        // sides by excess^0.6, with a margin.
        let width = Int((Double(s.width) / pow(excess, 0.6) * 0.95).rounded(.down))
        if width >= 160 { n.width = s.format == .mp4 ? width & ~1 : width; return n }
        if s.width > 160 { n.width = 160; return n }
        let fps = max(5, (s.fps / excess * 0.93).rounded(.down))
        if fps < s.fps { n.fps = fps; return n }
        return nil
    }
}

/// A problem with an animation's input or output, in words: the file and the fix.
public struct EncodeError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}


extension ScenarioFrames {
    /// Sources for a scenario file drawn at any width: loaded again at the scale that gives it.
    /// `pointWidth`: the screen's width in points (the device's); `variant`: a matrix's variant.
    public static func maker(path: String, pointWidth: Double, fpsOverride: Double?, imageLimits: ImageLimits, jobs: Int,
                             variant: String? = nil) -> (_ width: Int, _ even: Bool) throws -> FrameSource {
        return { width, even in
            let points = pointWidth
            let scale = min(4, max(0.25, Double(width) / points))
            let scenario = try ScenarioLoader.load(path: path, fpsOverride: fpsOverride, scaleOverride: scale, imageLimits: imageLimits,
                                                   variant: variant)
            return ScenarioFrames(scenario: scenario, jobs: jobs, even: even)
        }
    }
}

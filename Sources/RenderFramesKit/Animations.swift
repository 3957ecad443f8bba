import Animation
import Foundation
import Raster
import ScenarioFormat
import Scene

/// One animation to write: the file (its extension is the format) and what was asked of it,
/// checked when made: an invalid one cannot be built.
public struct AnimationRequest: Sendable, Equatable {
    public let path: String
    public let format: any AnimationFormat
    public let width: Int?
    public let fps: Double?
    public let quality: Double?
    public let lossless: Bool
    /// nil: the format's default budget (`AnimationFormat.defaultBudget`); 0: none.
    public let maxBytes: Int?

    /// Refuses a width outside 16-8192 pixels, a rate outside 0-240 fps or over the format's
    /// limit, a quality outside 0-100, a budget under 1 KB (but 0, none), and `lossless` where it
    /// does not apply.
    public init(
        path: String, format: any AnimationFormat, width: Int? = nil, fps: Double? = nil, quality: Double? = nil,
        lossless: Bool = false, maxBytes: Int? = nil
    ) throws {
        if let problem = Self.problem(width: width, fps: fps, quality: quality, maxBytes: maxBytes.map { String($0) }) {
            throw AnimationError.setting(problem)
        }
        if lossless && format.lossless != .option {
            throw AnimationError.setting("--lossless applies to \(AnimationFormats.losslessOption) only; \(path) is \(format.name)")
        }
        if let limit = format.maxFPS, let fps, fps > limit {
            throw AnimationError.request(path: path, problem: format.tooFast(asked: fps.formattedNumber, inScenario: false))
        }
        self.path = path; self.format = format
        self.width = width; self.fps = fps; self.quality = quality; self.lossless = lossless; self.maxBytes = maxBytes
    }

    /// The first of these values out of range, in `encode`'s words (a width outside 16-8192 pixels,
    /// a rate outside 0-240 fps, a quality outside 0-100, a budget under 1 KB but 0); nil when all
    /// are in range. `maxBytes` is a size as `--max-bytes` takes it (5MB, 800KB, none).
    public static func problem(width: Int?, fps: Double?, quality: Double?, maxBytes: String?) -> String? {
        let (widths, top) = (RenderLimits.animationWidth, RenderLimits.fps.upperBound)
        if let width, !widths.contains(width) { return "--width must be between \(widths.lowerBound) and \(widths.upperBound) pixels, got \(width)" }
        if let fps, !(fps > 0 && fps <= top) { return "--fps must be above 0 and at most \(top.formattedNumber), got \(fps.formattedNumber)" }
        if let problem = RenderLimits.outOfRange("--quality", quality, RenderLimits.quality) { return problem }
        if let maxBytes {
            guard let bytes = ByteSize.parse(maxBytes) else {
                return "--max-bytes expects a size such as 5MB, 800KB, 2GB or 2000000 (bytes), or none (also 0) for no limit; got \(maxBytes)"
            }
            if bytes != 0 && bytes < RenderLimits.minimumAnimationBytes { return "--max-bytes must be at least 1KB (or none, also 0, for no limit), got \(maxBytes)" }
        }
        return nil
    }

    /// A scenario's `output:` entry (already checked by the loader, so this does not throw for one it made).
    package init(_ output: ScenarioOutput) throws {
        try self.init(
            path: output.path, format: output.format, width: output.width, fps: output.fps, quality: output.quality,
            lossless: output.lossless, maxBytes: output.maxBytes)
    }

    /// GitHub shows images up to 10 MB: GIF, WebP and APNG are fitted under it unless told otherwise.
    public static let defaultMaxBytes = AnimationFormats.imageLimit

    /// The budget in force: the one asked for, else the format's (10 MB for the image formats, none for MP4).
    public var budget: Int? {
        if let maxBytes { return maxBytes > 0 ? maxBytes : nil }
        return format.defaultBudget
    }

    public static func == (a: AnimationRequest, b: AnimationRequest) -> Bool {
        a.path == b.path && a.format.isSame(as: b.format) && a.width == b.width && a.fps == b.fps && a.quality == b.quality
            && a.lossless == b.lossless && a.maxBytes == b.maxBytes
    }

    /// Every value resolved: the request's, else the format's defaults for these frames.
    public func settings(frameWidth: Int, sourceFPS: Double) -> AnimationSettings {
        var s = AnimationSettings.defaults(format, frameWidth: frameWidth, sourceFPS: sourceFPS)
        if let width { s.width = format.evenSides ? max(2, width & ~1) : width }
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
        public var overReadmeLimit: Bool { !written.settings.format.isVideo && written.bytes > AnimationFormats.imageLimit }

        /// `demo.gif: 4.8 MB, 97 frames (138 at 25 fps), 5.50 s, 360x781, 360 px wide, 25 fps`;
        /// `budgetOption` names the setting in the hint (`--max-bytes` or `maxBytes:`).
        public func summary(budgetOption: String) -> String {
            let w = written
            // One line whatever the file's name holds (a newline is shown as \u{A}).
            var line = "\(w.path.escapingControlCharacters(keepingLineBreaks: false)): \(ByteSize.format(w.bytes)), \(w.frames) frame\(w.frames == 1 ? "" : "s")"
            if w.frames != w.outputFrames { line += " (\(w.outputFrames) at \(w.settings.fps.formattedNumber) fps, identical ones merged)" }
            line += String(format: ", %.2f s, %dx%d, ", w.duration, w.width, w.height) + w.settings.description
            if tries > 1 { line += "; fitted to \(ByteSize.format(budget)) after \(tries) tries" }
            if overReadmeLimit { line += "; over GitHub's 10 MB limit for images: give \(budgetOption) 10MB, or a smaller width" }
            return line
        }
    }

    public static func write(
        _ request: AnimationRequest, frameWidth: Int, sourceFPS: Double, jobs: Int,
        source makeSource: (_ width: Int, _ even: Bool) throws -> FrameSource
    ) throws -> Outcome {
        if let fps = request.fps, fps > sourceFPS + 1e-9 {
            throw AnimationError.request(
                path: request.path,
                problem: "the frames are \(sourceFPS.formattedNumber) fps, so an animation of them shows at most \(sourceFPS.formattedNumber) "
                    + "different frames a second, and \(fps.formattedNumber) fps was asked; give \(sourceFPS.formattedNumber) or less (or render at a higher fps)"
            )
        }
        var settings = request.settings(frameWidth: frameWidth, sourceFPS: sourceFPS)
        if let limit = settings.format.maxFPS { settings.fps = min(settings.fps, limit) }
        var smallest: (bytes: Int, settings: AnimationSettings)?
        // Temporary files a killed run left beside this animation.
        AtomicFile.sweepLeftovers(of: OutputPath.destination(of: request.path))
        for attempt in 1...6 {
            // Each try is written to a temporary file and placed only when it fits: a try that
            // is too large or fails leaves the file at the path (and a link to it) as it was.
            let source = try makeSource(settings.width, settings.format.evenSides)
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
        let video = AnimationFormats.video.flatMap { request.format.isVideo ? nil : $0 }
        throw AnimationError.request(
            path: request.path,
            problem: "cannot fit in \(ByteSize.format(request.budget!)): the smallest try was \(ByteSize.format(smallest!.bytes)) "
                + "at \(smallest!.settings); allow more bytes"
                + (video.map { ", or write .\($0.fileExtension) (a video is about a tenth of a GIF's size)" } ?? ""))
    }

    /// Settings expected to shrink a file `excess` times too large, or nil when nothing is left to lower.
    static func smaller(_ s: AnimationSettings, excess: Double) -> AnimationSettings? {
        if let n = s.format.lowerQuality(s, steps: log2(excess)) { return n }
        var n = s
        // Bytes fall a little slower than the pixel count (smaller frames are denser): shrink both
        // sides by excess^0.6, with a margin.
        let width = Int((Double(s.width) / pow(excess, 0.6) * 0.95).rounded(.down))
        if width >= 160 { n.width = s.format.evenSides ? width & ~1 : width; return n }
        if s.width > 160 { n.width = 160; return n }
        let fps = max(5, (s.fps / excess * 0.93).rounded(.down))
        if fps < s.fps { n.fps = fps; return n }
        return nil
    }
}

extension ScenarioFrames {
    /// Sources drawn by `drawn` where it gives the width asked, else decoded by `decoded`: a
    /// scenario is drawn at a scale of 0.25 or more, so an animation narrower than a quarter of
    /// the screen's points is scaled down from the frames (drawn, it would come out wider than
    /// asked). The height is the scenario's at that scale (as `output:` draws it), which may round
    /// one pixel away from the frames' aspect ratio.
    public static func drawn(
        _ drawn: @escaping @Sendable (_ width: Int, _ even: Bool) throws -> FrameSource,
        else decoded: @escaping @Sendable (_ width: Int, _ even: Bool) throws -> FrameSource
    ) -> @Sendable (_ width: Int, _ even: Bool) throws -> FrameSource {
        return { width, even in
            let folderSource = try decoded(width, even)
            let source = try drawn(width, even)
            return source.width == folderSource.width ? source : folderSource
        }
    }

    /// Sources for a scenario file drawn at any width: loaded again at the scale that gives it.
    /// `pointWidth`: the screen's width in points (the device's); `variant`: a matrix's variant.
    public static func maker(
        path: String, pointWidth: Double, fpsOverride: Double?, imageLimits: ImageLimits, jobs: Int,
        variant: String? = nil
    ) -> @Sendable (_ width: Int, _ even: Bool) throws -> FrameSource {
        return { width, even in
            let points = pointWidth
            let scale = min(4, max(0.25, Double(width) / points))
            let scenario = try ScenarioLoader.load(
                path: path, fpsOverride: fpsOverride, scaleOverride: scale, imageLimits: imageLimits,
                variant: variant)
            return ScenarioFrames(scenario: scenario, jobs: jobs, even: even)
        }
    }
}

import Raster

/// Animated WebP with libwebp: lossy (with a quality) or lossless.
public struct WebPFormat: AnimationFormat {
    public init() {}
    public var name: String { "webp" }
    public var title: String { "WebP" }
    public var fileExtension: String { "webp" }
    public var defaultBudget: Int? { AnimationFormats.imageLimit }
    public var hasQuality: Bool { true }
    public var lossless: Losslessness { .option }

    public func defaults(frameWidth: Int, sourceFPS: Double) -> AnimationSettings {
        AnimationSettings(format: self, width: min(frameWidth, 360), fps: min(sourceFPS, 25), quality: 75)
    }

    public func describe(_ settings: AnimationSettings) -> String? {
        settings.lossless ? "lossless" : "quality \(settings.quality.formattedNumber)"
    }

    /// Lossy quality goes down to 40.
    public func lowerQuality(_ settings: AnimationSettings, steps: Double) -> AnimationSettings? {
        guard !settings.lossless && settings.quality > 40 else { return nil }
        var n = settings
        n.quality = max(40, (settings.quality - 25 * steps - 5).rounded())
        return n
    }

    public func encode(_ job: AnimationEncoding) throws -> EncodedAnimation {
        let webp = try WebPWriter(
            path: job.path, width: job.width, height: job.height, quality: job.settings.quality,
            lossless: job.settings.lossless, method: WebPWriter.defaultMethod, jobs: job.jobs)
        try job.forEachBatch { batch in try webp.add(batch) }
        let bytes = try webp.finish(end: job.timeline.duration)
        let file = try OutputFile(path: job.path)
        try file.append(bytes)
        try file.finish()
        return EncodedAnimation(file, frames: webp.frameCount)
    }

    public func readBack(_ file: String, _ written: AnimationWriter.Written) -> ReadBack {
        guard let data = try? OutputFile.read(file, path: written.path) else { return .problem("it cannot be read back") }
        switch WebPReader.read(data) {
        case .failure(let p): return .problem(p.description)
        // A still WebP (another tool's choice for one frame): one frame, the whole clip.
        case .success(let info):
            return info.durations.isEmpty
                ? .found(frames: 1, duration: written.duration) : .found(frames: info.durations.count, duration: info.duration)
        }
    }

    /// The writer merges a lossy frame within the tolerance of the one before, and counts what it wrote.
    public func framesMatch(found: Int, written: Int) -> Bool { found == written }
}

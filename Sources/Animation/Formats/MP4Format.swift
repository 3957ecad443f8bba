import Raster

/// H.264 MP4 through ffmpeg: a video, every frame at the animation's rate, even sides.
public struct MP4Format: AnimationFormat {
    public init() {}
    public var name: String { "mp4" }
    public var title: String { "MP4" }
    public var fileExtension: String { "mp4" }
    public var isVideo: Bool { true }
    /// x264's 4:2:0 chroma needs even sides.
    public var evenSides: Bool { true }
    public var defaultBudget: Int? { nil }
    public var hasQuality: Bool { true }
    public var lossless: Losslessness { .never }

    public func defaults(frameWidth: Int, sourceFPS: Double) -> AnimationSettings {
        AnimationSettings(format: self, width: min(frameWidth, 720) & ~1, fps: sourceFPS, quality: 75)
    }

    /// x264's constant rate factor for `quality`: 100 -> 16, 75 -> 23, 0 -> 43.
    public static func crf(_ quality: Double) -> Int { Int((43 - quality * 0.27).rounded()) }

    public func describe(_ settings: AnimationSettings) -> String? {
        "quality \(settings.quality.formattedNumber) (CRF \(MP4Format.crf(settings.quality)))"
    }

    /// Quality goes down until CRF 40.
    public func lowerQuality(_ settings: AnimationSettings, steps: Double) -> AnimationSettings? {
        guard MP4Format.crf(settings.quality) < 40 else { return nil }
        var n = settings
        n.quality = max(0, (settings.quality - (6 * steps + 2) / 0.27).rounded())
        return n
    }

    public func encode(_ job: AnimationEncoding) throws -> EncodedAnimation {
        let mp4 = try MP4Writer(
            path: job.path, width: job.width, height: job.height, fps: job.settings.fps,
            crf: MP4Format.crf(job.settings.quality))
        var written = 0
        // A video holds every frame at its rate: held frames are repeated, not merged.
        try job.forEachBatch(merge: false) { batch in
            for f in batch { for _ in 0..<f.outputFrames { try mp4.add(f.pixels) } }
            written += batch.reduce(0) { $0 + $1.outputFrames }
        }
        try mp4.finish()
        return EncodedAnimation(mp4, frames: written)
    }

    /// ffprobe counts the frames and the duration.
    public func readBack(_ file: String, _ written: AnimationWriter.Written) -> ReadBack {
        guard let p = Tools.probe(file) else { return .problem("ffprobe cannot read it") }
        return .found(frames: p.frames, duration: p.duration)
    }
}

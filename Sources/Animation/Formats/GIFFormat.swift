import Raster

/// GIF: 256 colors a frame, delays in whole centiseconds, lossless, shown everywhere.
public struct GIFFormat: AnimationFormat {
    public init() {}
    public var name: String { "gif" }
    public var title: String { "GIF" }
    public var fileExtension: String { "gif" }
    public var defaultBudget: Int? { AnimationFormats.imageLimit }
    /// Delays under 2 cs play as 10 cs in browsers.
    public var maxFPS: Double? { 50 }
    public var hasQuality: Bool { false }
    public var lossless: Losslessness { .always }

    public func defaults(frameWidth: Int, sourceFPS: Double) -> AnimationSettings {
        AnimationSettings(format: self, width: min(frameWidth, 360), fps: min(sourceFPS, 25), quality: 75)
    }

    public func tooFast(asked: String, inScenario: Bool) -> String {
        inScenario
            ? "GIF plays at most 50 fps (delays are whole centiseconds, and browsers show those under 2 cs as 10 cs), got \(asked); give 50 or less, or write .webp or .apng"
            : "GIF delays are whole centiseconds and browsers show those under 2 cs as 10 cs, so GIF plays at most 50 fps, and \(asked) was asked; give --fps 50 or less, or use .webp or .apng"
    }

    public func encode(_ job: AnimationEncoding) throws -> EncodedAnimation {
        let gif = GIFEncoder(width: job.width, height: job.height, jobs: job.jobs)
        try job.forEachBatch { batch in batch.forEach { gif.observe($0.pixels) } }
        gif.makePalette()
        let file = try OutputFile(path: job.path)
        var last = 0, written = 0
        try job.forEachBatch { batch in
            var frames: [(pixels: Pixmap, delay: Int)] = []
            for f in batch {
                let start = Int((f.start * 100).rounded()), end = Int((f.end * 100).rounded())
                // Delays under 2 cs play as 10 cs in browsers: a short last frame gets 2.
                frames.append((f.pixels, max(2, end - max(start, last))))
                last = end
            }
            gif.add(frames)
            written += frames.count
            try file.append(gif.drain())
        }
        try file.append(gif.finish())
        try file.finish()
        return EncodedAnimation(file, frames: written)
    }

    public func readBack(_ file: String, _ written: AnimationWriter.Written) -> ReadBack {
        guard let data = try? OutputFile.read(file, path: written.path) else { return .problem("it cannot be read back") }
        switch GIFReader.read(data) {
        case .failure(let p): return .problem(p.description)
        case .success(let delays): return .found(frames: delays.count, duration: delays.reduce(0, +))
        }
    }

    /// Delays are whole centiseconds.
    public var durationTolerance: Double { 0.02 }
}

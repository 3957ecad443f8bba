import Raster

/// A scratch format to count the files a fifth format touches: one line per frame, its duration.
public struct FakeFormat: AnimationFormat {
    public init() {}
    public var name: String { "fake" }
    public var title: String { "Fake" }
    public var fileExtension: String { "fake" }
    public var defaultBudget: Int? { nil }
    public var hasQuality: Bool { false }
    public var lossless: Losslessness { .always }

    public func defaults(frameWidth: Int, sourceFPS: Double) -> AnimationSettings {
        AnimationSettings(format: self, width: min(frameWidth, 100), fps: min(sourceFPS, 10), quality: 75)
    }

    public func encode(_ job: AnimationEncoding) throws -> EncodedAnimation {
        let file = try OutputFile(path: job.path)
        var written = 0
        try job.forEachBatch { batch in
            for f in batch { try file.append(Array("\(f.end - f.start)\n".utf8)) }
            written += batch.count
        }
        try file.finish()
        return EncodedAnimation(file, frames: written)
    }

    public func readBack(_ file: String, _ written: AnimationWriter.Written) -> ReadBack {
        guard let data = try? OutputFile.read(file, path: written.path) else { return .problem("it cannot be read back") }
        let d = String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { Double($0) }
        return .found(frames: d.count, duration: d.reduce(0, +))
    }
}

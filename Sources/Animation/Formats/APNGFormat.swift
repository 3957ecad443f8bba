import Raster

/// Animated PNG: lossless, RGBA once any frame has transparency. Written as `.apng`, or as
/// `.png` when asked by name (`--apng`; a `.png` alone is a frame).
public struct APNGFormat: AnimationFormat {
    public init() {}
    public var name: String { "apng" }
    public var title: String { "APNG" }
    public var fileExtension: String { "apng" }
    public var sharedExtension: SharedExtension? { SharedExtension(fileExtension: "png", what: "an animated PNG") }
    public var defaultBudget: Int? { AnimationFormats.imageLimit }
    public var hasQuality: Bool { false }
    public var lossless: Losslessness { .always }

    public func defaults(frameWidth: Int, sourceFPS: Double) -> AnimationSettings {
        AnimationSettings(format: self, width: min(frameWidth, 300), fps: min(sourceFPS, 30), quality: 75)
    }

    public func encode(_ job: AnimationEncoding) throws -> EncodedAnimation {
        let file = try OutputFile(path: job.path)
        var apng: APNGWriter?
        var written = 0
        try job.forEachBatch { batch in
            if apng == nil {
                let alpha = job.mayHaveTransparency || !batch[0].pixels.isOpaque
                apng = try APNGWriter(file: file, width: job.width, height: job.height, alpha: alpha, fps: job.settings.fps, jobs: job.jobs)
            }
            let alpha = apng!.alpha
            // One color type for the whole file: RGBA once any frame has transparency.
            let frames =
                alpha
                ? batch
                : batch.map {
                    $0.pixels.isOpaque ? $0 : TimedFrame(pixels: Self.flatten($0.pixels), start: $0.start, end: $0.end, outputFrames: $0.outputFrames)
                }
            try apng!.add(frames)
            written += batch.count
        }
        try apng!.finish()
        try file.finish()
        return EncodedAnimation(file, frames: written)
    }

    public func readBack(_ file: String, _ written: AnimationWriter.Written) -> ReadBack {
        guard let data = try? OutputFile.read(file, path: written.path) else { return .problem("it cannot be read back") }
        switch APNGReader.read(data) {
        case .failure(let p): return .problem(p.description)
        case .success(let info):
            guard info.declaredFrames == info.delays.count else {
                return .problem("acTL says \(info.declaredFrames) frames, the file has \(info.delays.count)")
            }
            return .found(frames: info.delays.count, duration: info.duration)
        }
    }

    /// A pixmap over opaque black (premultiplied color kept, alpha set to 255).
    static func flatten(_ p: Pixmap) -> Pixmap {
        var b = p.bytes
        for i in stride(from: 3, to: b.count, by: 4) { b[i] = 255 }
        return Pixmap(width: p.width, height: p.height, premultipliedBytes: b)
    }
}

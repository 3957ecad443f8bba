import Dispatch
import Foundation
import Raster

/// The animation formats, told by the output's extension.
public enum AnimationFormat: String, Sendable, CaseIterable {
    case gif, webp, mp4, apng

    /// The format of `path`'s extension (`.png` only with `apng: true`), or nil.
    public static func of(path: String, apng: Bool = false) -> AnimationFormat? {
        let ext = (path as NSString).pathExtension.lowercased()
        if ext == "png" { return apng ? .apng : nil }
        return AnimationFormat(rawValue: ext)
    }

    /// The extensions, for messages.
    public static let extensions = ".gif, .webp, .mp4, .apng (or .png with --apng)"
}

/// How one animation is encoded, every value resolved.
public struct AnimationSettings: Sendable, Equatable, CustomStringConvertible {
    public var format: AnimationFormat
    /// Output width in pixels (the height follows the frames' aspect ratio; even for MP4).
    public var width: Int
    public var fps: Double
    /// 0-100: WebP's quality; MP4's maps to x264's CRF (75 -> 23); not used by GIF and APNG.
    public var quality: Double
    /// WebP only: lossless instead of lossy.
    public var lossless: Bool

    public init(format: AnimationFormat, width: Int, fps: Double, quality: Double, lossless: Bool = false) {
        self.format = format; self.width = width; self.fps = fps; self.quality = quality; self.lossless = lossless
    }

    /// The defaults for a format, for frames `frameWidth` pixels wide at `sourceFPS`: small enough
    /// for a README (the default demo: GIF under 5 MB, WebP under 2 MB), MP4 sharper for comments.
    public static func defaults(_ format: AnimationFormat, frameWidth: Int, sourceFPS: Double) -> AnimationSettings {
        switch format {
        case .gif: return AnimationSettings(format: format, width: min(frameWidth, 360), fps: min(sourceFPS, 25), quality: 75)
        case .webp: return AnimationSettings(format: format, width: min(frameWidth, 360), fps: min(sourceFPS, 25), quality: 75)
        case .apng: return AnimationSettings(format: format, width: min(frameWidth, 300), fps: min(sourceFPS, 30), quality: 75)
        case .mp4: return AnimationSettings(format: format, width: min(frameWidth, 720) & ~1, fps: sourceFPS, quality: 75)
        }
    }

    /// x264's constant rate factor for `quality`: 100 -> 16, 75 -> 23, 0 -> 43.
    public var crf: Int { Int((43 - quality * 0.27).rounded()) }

    public var description: String {
        var parts = ["\(width) px wide", "\(fps.formattedNumber) fps"]
        switch format {
        case .webp: parts.append(lossless ? "lossless" : "quality \(quality.formattedNumber)")
        case .mp4: parts.append("quality \(quality.formattedNumber) (CRF \(crf))")
        case .gif, .apng: break
        }
        return parts.joined(separator: ", ")
    }
}

/// Where an animation's frames come from: a folder of rendered frames (decoded and scaled) or a
/// scenario rendered directly at the animation's own scale. Thread-safe: workers call `frame`
/// at once, each with its own worker number.
public protocol FrameSource: AnyObject, Sendable {
    /// The size of the frames `frame` returns.
    var width: Int { get }
    var height: Int { get }
    var fps: Double { get }
    var frameCount: Int { get }
    /// True when frames a and b are known to look the same without drawing them (a hold).
    func same(_ a: Int, _ b: Int) -> Bool
    func frame(_ index: Int, worker: Int) throws -> Pixmap
    /// True when some frame may have transparent pixels (an APNG is then RGBA throughout).
    var mayHaveTransparency: Bool { get }
}

extension FrameSource {
    public var mayHaveTransparency: Bool { false }
}

/// Writes one animation from a frame source and checks it.
public enum AnimationWriter {
    public struct Written: Sendable {
        public var path: String
        public var settings: AnimationSettings
        public var bytes: Int
        /// Frames the file holds, as read back (identical consecutive ones merged, except in MP4;
        /// in lossy WebP also those libwebp finds the same once encoded).
        public var frames: Int
        /// The frames at the animation's rate it stands for.
        public var outputFrames: Int
        public var duration: Double
        public var width: Int
        public var height: Int
        /// False when `keep` turned the file down: it was removed, and `path` is as it was.
        public var placed = false
    }

    /// Writes `path` in `settings.format` from `source` (already at the output's size) into a
    /// temporary file, then reads it back: a frame count or duration off by more than one frame is
    /// an error. The file is renamed into place only when it reads back right and `keep` accepts
    /// it (a size budget); otherwise it is removed and whatever was at `path` is as it was.
    /// `placed` in the result says which.
    public static func write(path: String, settings: AnimationSettings, source: FrameSource, jobs: Int,
                             keep: (Written) -> Bool = { _ in true }) throws -> Written {
        let timeline = OutputTimeline(sourceFPS: source.fps, sourceCount: source.frameCount, fps: settings.fps)
        let runs = timeline.runs(same: source.same)
        let w = source.width, h = source.height
        var written = 0
        // The finished, unplaced file: where it is, and how to place it.
        let unplaced: String
        let place: () throws -> Void
        // Kept alive until placed or dropped (dropping one removes its temporary file).
        var output: OutputFile?
        var mp4Writer: MP4Writer?
        defer { output = nil; mp4Writer = nil }
        switch settings.format {
        case .gif:
            let gif = GIFEncoder(width: w, height: h, jobs: jobs)
            try forEachFrame(runs, timeline, source, jobs: jobs) { batch in batch.forEach { gif.observe($0.pixels) } }
            gif.makePalette()
            let file = try OutputFile(path: path)
            var last = 0
            try forEachFrame(runs, timeline, source, jobs: jobs) { batch in
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
            output = file
        case .webp:
            let webp = try WebPWriter(path: path, width: w, height: h, quality: settings.quality, lossless: settings.lossless)
            try forEachFrame(runs, timeline, source, jobs: jobs) { batch in
                for f in batch { try webp.add(f) }
                written += batch.count
            }
            let bytes = try webp.finish(end: timeline.duration)
            let file = try OutputFile(path: path)
            try file.append(bytes)
            try file.finish()
            output = file
        case .apng:
            let file = try OutputFile(path: path)
            var apng: APNGWriter?
            try forEachFrame(runs, timeline, source, jobs: jobs) { batch in
                if apng == nil {
                    let alpha = source.mayHaveTransparency || !batch[0].pixels.isOpaque
                    apng = try APNGWriter(file: file, width: w, height: h, alpha: alpha, fps: settings.fps, jobs: jobs)
                }
                let alpha = apng!.alpha
                // One color type for the whole file: RGBA once any frame has transparency.
                let frames = alpha ? batch : batch.map { $0.pixels.isOpaque ? $0 : TimedFrame(pixels: flatten($0.pixels), start: $0.start, end: $0.end, outputFrames: $0.outputFrames) }
                try apng!.add(frames)
                written += batch.count
            }
            try apng!.finish()
            try file.finish()
            output = file
        case .mp4:
            let mp4 = try MP4Writer(path: path, width: w, height: h, fps: settings.fps, crf: settings.crf)
            try forEachFrame(runs, timeline, source, jobs: jobs, merge: false) { batch in
                for f in batch { for _ in 0..<f.outputFrames { try mp4.add(f.pixels) } }
                written += batch.reduce(0) { $0 + $1.outputFrames }
            }
            try mp4.finish()
            mp4Writer = mp4
        }
        if let output {
            unplaced = output.temporaryPath
            place = output.place
        } else {
            unplaced = mp4Writer!.temporaryPath
            place = mp4Writer!.place
        }
        var result = Written(path: path, settings: settings, bytes: fileSize(unplaced), frames: written, outputFrames: timeline.count,
                             duration: timeline.duration, width: w, height: h)
        switch readBack(result, file: unplaced) {
        case .failure(let problem):
            // Never placed: the temporary file goes when its writer is dropped.
            throw AnimationError.check(path: path, problem: problem.text)
        case .success(let frames):
            // What the file holds, as a player counts it: libwebp merges frames that encode the same.
            result.frames = frames
        }
        if keep(result) {
            try place()
            result.placed = true
        }
        return result
    }

    /// What is off in the written file (see `readBack`), or nil.
    static func check(_ w: Written) -> String? {
        if case .failure(let problem) = readBack(w, file: OutputPath.destination(of: w.path)) { return problem.text }
        return nil
    }

    struct CheckProblem: Error { var text: String }

    /// Reads the written file back (ffprobe for MP4, our own readers for GIF, APNG and WebP): the
    /// frames it holds, or what is off: the frame count, or a duration more than one frame from the clip's.
    /// `file`: where the bytes are (the temporary file before it is placed).
    static func readBack(_ w: Written, file: String) -> Result<Int, CheckProblem> {
        var found = (frames: 0, duration: 0.0)
        if let problem = problem(w, file: file, &found) { return .failure(CheckProblem(text: problem)) }
        return .success(found.frames)
    }

    private static func problem(_ w: Written, file: String, _ found: inout (frames: Int, duration: Double)) -> String? {
        let frameTime = 1 / w.settings.fps
        switch w.settings.format {
        case .gif:
            guard let data = try? OutputFile.read(file, path: w.path) else { return "it cannot be read back" }
            switch GIFReader.read(data) {
            case .failure(let p): return p.description
            case .success(let delays): found = (delays.count, delays.reduce(0, +))
            }
        case .mp4:
            guard let p = Tools.probe(file) else { return "ffprobe cannot read it" }
            found = p
        case .apng:
            guard let data = try? OutputFile.read(file, path: w.path) else { return "it cannot be read back" }
            switch APNGReader.read(data) {
            case .failure(let p): return p.description
            case .success(let info):
                guard info.declaredFrames == info.delays.count else { return "acTL says \(info.declaredFrames) frames, the file has \(info.delays.count)" }
                found = (info.delays.count, info.duration)
            }
        case .webp:
            guard let data = try? OutputFile.read(file, path: w.path) else { return "it cannot be read back" }
            switch WebPReader.read(data) {
            case .failure(let p): return p.description
            // libwebp writes a clip that never changes as a still image: one frame, the whole clip.
            case .success(let info): found = info.durations.isEmpty ? (1, w.duration) : (info.durations.count, info.duration)
            }
        }
        // libwebp merges frames it finds identical after encoding, so WebP may hold fewer.
        let countOK = w.settings.format == .webp ? found.frames <= w.frames && found.frames >= 1 : abs(found.frames - w.frames) <= 1
        if !countOK { return "\(found.frames) frames where \(w.frames) were written" }
        let tolerance = max(frameTime, w.settings.format == .gif ? 0.02 : 0.001) + 1e-6
        if abs(found.duration - w.duration) > tolerance {
            return String(format: "it lasts %.3f s where the frames last %.3f s", found.duration, w.duration)
        }
        return nil
    }

    /// Produces the frames of `runs` in order, in batches drawn in parallel (the next batch while
    /// the current one is consumed), merging consecutive frames with identical pixels unless `merge` is false.
    static func forEachFrame(_ runs: [OutputTimeline.Run], _ timeline: OutputTimeline, _ source: FrameSource, jobs: Int,
                             merge: Bool = true, _ consume: ([TimedFrame]) throws -> Void) throws {
        // A batch is at most 48 MB of frames (4 full-width @3x frames), at least one a worker.
        let frameBytes = max(1, source.width * source.height * 4)
        let batchSize = max(1, min(max(8, 4 * jobs), (48 << 20) / frameBytes))
        let batches = stride(from: 0, to: runs.count, by: batchSize).map { Array(runs[$0..<min(runs.count, $0 + batchSize)]) }
        @Sendable func produce(_ batch: [OutputTimeline.Run]) -> Result<[Pixmap], Error> {
            let frames = Parallel.map(batch.count, workers: jobs) { worker, i in
                Result { try source.frame(batch[i].source, worker: worker) }
            }
            return Result { try frames.map { try $0.get() } }
        }
        var pending: TimedFrame?
        var ahead: (group: DispatchGroup, result: Locked<Result<[Pixmap], Error>>)?
        func start(_ index: Int) -> (DispatchGroup, Locked<Result<[Pixmap], Error>>) {
            let group = DispatchGroup(), box = Locked<Result<[Pixmap], Error>>(.success([]))
            let batch = batches[index]
            DispatchQueue.global().async(group: group) { let produced = produce(batch); box.withLock { $0 = produced } }
            return (group, box)
        }
        if !batches.isEmpty { ahead = start(0) }
        for (index, batch) in batches.enumerated() {
            let (group, box) = ahead!
            group.wait()
            ahead = index + 1 < batches.count ? start(index + 1) : nil
            let pixels: [Pixmap]
            do { pixels = try box.current.get() } catch { ahead?.group.wait(); throw error }
            var out: [TimedFrame] = []
            for (run, frame) in zip(batch, pixels) {
                let span = timeline.span(of: run)
                if merge, var p = pending, p.pixels == frame {
                    p.end = span.end; p.outputFrames += run.length
                    pending = p
                    continue
                }
                if let p = pending { out.append(p) }
                pending = TimedFrame(pixels: frame, start: span.start, end: span.end, outputFrames: run.length)
            }
            if !out.isEmpty {
                do { try consume(out) } catch { ahead?.group.wait(); throw error }
            }
        }
        if let p = pending { try consume([p]) }
    }

    static func fileSize(_ file: String) -> Int {
        var s = stat()
        return stat(file, &s) == 0 ? Int(s.st_size) : 0
    }

    /// A pixmap over opaque black (premultiplied color kept, alpha set to 255).
    static func flatten(_ p: Pixmap) -> Pixmap {
        var b = p.bytes
        for i in stride(from: 3, to: b.count, by: 4) { b[i] = 255 }
        return Pixmap(width: p.width, height: p.height, premultipliedBytes: b)
    }
}

import Dispatch
import Foundation
import Raster

/// How one animation is encoded, every value resolved.
public struct AnimationSettings: Sendable, Equatable, CustomStringConvertible {
    public var format: any AnimationFormat
    /// Output width in pixels (the height follows the frames' aspect ratio; even where the format's sides are).
    public var width: Int
    public var fps: Double
    /// 0-100, for formats with `hasQuality` (WebP's quality; MP4's maps to x264's CRF, 75 -> 23).
    public var quality: Double
    /// Lossless instead of lossy, where the format has the option (WebP).
    public var lossless: Bool

    public init(format: any AnimationFormat, width: Int, fps: Double, quality: Double, lossless: Bool = false) {
        self.format = format; self.width = width; self.fps = fps; self.quality = quality; self.lossless = lossless
    }

    /// The defaults for a format, for frames `frameWidth` pixels wide at `sourceFPS`: small enough
    /// for a README (the default demo: GIF under 5 MB, WebP under 2 MB), MP4 sharper for comments.
    public static func defaults(_ format: any AnimationFormat, frameWidth: Int, sourceFPS: Double) -> AnimationSettings {
        format.defaults(frameWidth: frameWidth, sourceFPS: sourceFPS)
    }

    public static func == (a: AnimationSettings, b: AnimationSettings) -> Bool {
        a.format.isSame(as: b.format) && a.width == b.width && a.fps == b.fps && a.quality == b.quality && a.lossless == b.lossless
    }

    public var description: String {
        var parts = ["\(width) px wide", "\(fps.formattedNumber) fps"]
        if let note = format.describe(self) { parts.append(note) }
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
        /// in lossy WebP also those within libwebp's tolerance of the frame shown).
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
    public static func write(
        path: String, settings: AnimationSettings, source: FrameSource, jobs: Int,
        keep: (Written) -> Bool = { _ in true }
    ) throws -> Written {
        let timeline = OutputTimeline(sourceFPS: source.fps, sourceCount: source.frameCount, fps: settings.fps)
        let runs = timeline.runs(same: source.same)
        let w = source.width, h = source.height
        let encoded = try settings.format.encode(
            AnimationEncoding(
                path: path, settings: settings, width: w, height: h, jobs: jobs,
                source: source, timeline: timeline, runs: runs))
        // Kept alive until placed or dropped (dropping it removes its temporary file).
        defer { withExtendedLifetime(encoded.file) {} }
        let unplaced = encoded.file.temporaryPath
        let written = encoded.frames
        var result = Written(
            path: path, settings: settings, bytes: fileSize(unplaced), frames: written, outputFrames: timeline.count,
            duration: timeline.duration, width: w, height: h)
        switch readBack(result, file: unplaced) {
        case .problem(let problem):
            // Never placed: the temporary file goes when its writer is dropped.
            throw AnimationError.check(path: path, problem: problem)
        case .found(let frames, _):
            // What the file holds, as a player counts it (lossy WebP merges frames within its tolerance).
            result.frames = frames
        }
        if keep(result) {
            try encoded.file.place()
            result.placed = true
        }
        return result
    }

    /// What is off in the written file (see `readBack`), or nil.
    static func check(_ w: Written) -> String? {
        if case .problem(let problem) = readBack(w, file: OutputPath.destination(of: w.path)) { return problem }
        return nil
    }

    /// Reads the written file back (ffprobe for MP4, our own readers for GIF, APNG and WebP): the
    /// frames it holds, or what is off: the frame count, or a duration more than one frame from the clip's.
    /// `file`: where the bytes are (the temporary file before it is placed).
    static func readBack(_ w: Written, file: String) -> ReadBack {
        var found = (frames: 0, duration: 0.0)
        if let problem = problem(w, file: file, &found) { return .problem(problem) }
        return .found(frames: found.frames, duration: found.duration)
    }

    private static func problem(_ w: Written, file: String, _ found: inout (frames: Int, duration: Double)) -> String? {
        let frameTime = 1 / w.settings.fps
        switch w.settings.format.readBack(file, w) {
        case .problem(let text): return text
        case .found(let frames, let duration): found = (frames, duration)
        }
        if !w.settings.format.framesMatch(found: found.frames, written: w.frames) { return "\(found.frames) frames where \(w.frames) were written" }
        let tolerance = max(frameTime, w.settings.format.durationTolerance) + 1e-6
        if abs(found.duration - w.duration) > tolerance {
            return String(format: "it lasts %.3f s where the frames last %.3f s", found.duration, w.duration)
        }
        return nil
    }

    /// Produces the frames of `runs` in order, in batches drawn in parallel (the next batch while
    /// the current one is consumed), merging consecutive frames with identical pixels unless `merge` is false.
    static func forEachFrame(
        _ runs: [OutputTimeline.Run], _ timeline: OutputTimeline, _ source: FrameSource, jobs: Int,
        merge: Bool = true, _ consume: ([TimedFrame]) throws -> Void
    ) throws {
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
            DispatchQueue.global().async(group: group) {
                let produced = produce(batch); box.withLock { $0 = produced }
            }
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
}

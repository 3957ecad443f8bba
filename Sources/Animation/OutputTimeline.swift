import Raster

/// The frames of an animation at its own rate, over a clip of `sourceCount` frames at `sourceFPS`.
///
/// Output frame k starts at k / fps and shows the source frame on screen at that moment (the
/// last one that started at or before it); the last output frame ends with the clip, so the
/// total duration is the clip's exactly: `sourceCount / sourceFPS`.
public struct OutputTimeline: Sendable, Equatable {
    public let sourceFPS: Double
    public let sourceCount: Int
    public let fps: Double

    public init(sourceFPS: Double, sourceCount: Int, fps: Double) {
        precondition(sourceFPS > 0 && fps > 0 && sourceCount > 0)
        self.sourceFPS = sourceFPS
        self.sourceCount = sourceCount
        self.fps = fps
    }

    /// The clip's duration in seconds.
    public var duration: Double { Double(sourceCount) / sourceFPS }

    /// Output frames: the clip's duration at `fps`, rounded, at least one.
    public var count: Int { max(1, Int((duration * fps).rounded())) }

    /// The source frame output frame `k` shows.
    public func sourceIndex(_ k: Int) -> Int {
        // The small epsilon keeps k * F / f from landing just under a whole number (25 -> 60 fps).
        min(sourceCount - 1, Int((Double(k) * sourceFPS / fps + 1e-9).rounded(.down)))
    }

    /// Output frame k's start in seconds; `start(count)` is the clip's end.
    public func start(_ k: Int) -> Double { k >= count ? duration : Double(k) / fps }

    /// Consecutive output frames that show the same source frame, as runs (first output frame,
    /// number of frames). `same(a, b)` says whether source frames a and b look the same (equal
    /// indices always do).
    public func runs(same: (Int, Int) -> Bool = { $0 == $1 }) -> [Run] {
        var runs: [Run] = []
        for k in 0..<count {
            let source = sourceIndex(k)
            if let last = runs.last, last.source == source || same(last.source, source) {
                runs[runs.count - 1].length += 1
            } else {
                runs.append(Run(first: k, length: 1, source: source))
            }
        }
        return runs
    }

    /// Output frames `first ..< first + length`, all showing source frame `source`.
    public struct Run: Sendable, Equatable {
        public var first: Int
        public var length: Int
        public var source: Int
        public init(first: Int, length: Int, source: Int) { self.first = first; self.length = length; self.source = source }
    }

    /// A run's start and end in seconds.
    public func span(of run: Run) -> (start: Double, end: Double) { (start(run.first), start(run.first + run.length)) }
}

/// One frame as an encoder receives it: its pixels and when it shows.
public struct TimedFrame: Sendable {
    public var pixels: Pixmap
    /// Seconds from the start of the animation.
    public var start: Double
    public var end: Double
    /// The output frames it stands for (more than one where identical frames were merged).
    public var outputFrames: Int
    public init(pixels: Pixmap, start: Double, end: Double, outputFrames: Int) {
        self.pixels = pixels; self.start = start; self.end = end; self.outputFrames = outputFrames
    }
}

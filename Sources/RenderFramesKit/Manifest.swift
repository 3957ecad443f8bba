import Foundation
import Scene
import Raster
import ScenarioFormat

/// `manifest.json` beside the frames: enough for scripts to work without re-deriving the timeline.
public struct Manifest: Codable, Equatable, Sendable {
    public struct Frame: Codable, Equatable, Sendable {
        public var index: Int
        public var file: String
        /// Seconds: index / fps.
        public var time: Double
        /// UIKit's contentOffset.y, in points.
        public var contentOffsetY: Double
        /// What the scroll view is doing: idle, tracking, decelerating, bouncing, animating.
        public var phase: String
        /// While a finger is down: where it touches, in screen points [x, y].
        public var touch: [Double]?
        /// With --layout: the visible named layers.
        public var layers: [LayerPlacement]?
        /// With --layout: the effect's numbers this frame (header heights, navigation alpha, deltaY,
        /// measured rows, the reported content height...).
        public var metrics: [String: Double]?
        /// The frame file's size in bytes and its XXH3-64 hash (`FrameHash`); absent in manifests
        /// written before they were recorded.
        public var bytes: Int? = nil
        public var xxh3: String? = nil
    }

    public var fps: Double
    /// In pixels.
    public var width: Int
    public var height: Int
    /// Pixels per point.
    public var scale: Double
    /// Frames in the whole scenario (the `frames` list holds the ones rendered).
    public var frameCount: Int
    public var scenario: String
    public var device: String
    /// Present (true) only when the run was interrupted: `frames` lists the frames written.
    public var partial: Bool?
    public var frames: [Frame]
    /// A hash of everything the frames depend on (`RenderJob.stampInputs`): a re-run into this
    /// folder with the same inputs does no work, and `--resume` keeps frames only of the same inputs.
    public var inputs: String? = nil
    /// With a `matrix:`: the variant these frames are (`iphone-15-dark`); absent otherwise.
    public var variant: String? = nil
    /// What `inputs` hashes, part by part: the tool, the settings, and a hash of each file (see
    /// `InputStamp`), so a refused `--resume` or `merge` can say what changed. Absent in manifests
    /// written before it was recorded: those can only say that the inputs changed.
    public var inputParts: InputStamp? = nil

    /// The manifest in the file at `path`, or nil when it is not a regular file (a FIFO would block
    /// the read, a device never end), is larger than any manifest (256 MB), or does not decode.
    public static func read(atPath path: String) -> Manifest? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size <= 256 << 20,
            let data = FileManager.default.contents(atPath: path)
        else { return nil }
        return try? JSONDecoder().decode(Manifest.self, from: data)
    }

    public func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try! encoder.encode(self) + Data("\n".utf8)
    }
}

/// `0000.png`: the frame index zero-padded to the width of the last index, at least 4 digits.
public func frameFileName(index: Int, frameCount: Int) -> String {
    let width = max(4, String(max(frameCount - 1, 0)).count)
    let digits = String(index)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits + ".png"
}

extension Manifest {
    /// The largest frame side a manifest may give, in pixels (an iPad Pro at scale 4 is 5464).
    static let maximumSide = 32_768

    /// What a manifest read back (shards, `encode`, `merge`, `--resume`, "up to date") gets wrong
    /// against the limits the command line has, as "the field: what it is; what it must be", or
    /// nil: fps and scale in `RenderLimits`' ranges, a size and a frame count a render can have,
    /// each frame's index within the count and listed once, its file the frame's own name in the
    /// folder (no path, no file shared by two frames).
    public var problem: String? {
        if !fps.isFinite || !RenderLimits.fps.contains(fps) {
            return "fps is \(fps.formattedNumber); it must be between \(RenderLimits.fps.lowerBound.formattedNumber) and "
                + "\(RenderLimits.fps.upperBound.formattedNumber)"
        }
        if !scale.isFinite || !RenderLimits.scale.contains(scale) {
            return "scale is \(scale.formattedNumber); it must be between \(RenderLimits.scale.lowerBound.formattedNumber) and "
                + "\(RenderLimits.scale.upperBound.formattedNumber)"
        }
        for (name, side) in [("width", width), ("height", height)] where !(1...Self.maximumSide).contains(side) {
            return "\(name) is \(side); it must be between 1 and \(Self.maximumSide) pixels"
        }
        if !(1...ScenarioLoader.maximumFrames).contains(frameCount) {
            return "frameCount is \(frameCount); it must be between 1 and \(ScenarioLoader.maximumFrames)"
        }
        if frames.count > frameCount { return "frames lists \(frames.count) frames, more than frameCount (\(frameCount))" }
        var seen = Set<Int>()
        for (i, frame) in frames.enumerated() {
            guard (0..<frameCount).contains(frame.index) else {
                return "frames[\(i)].index is \(frame.index); it must be between 0 and \(frameCount - 1) (frameCount is \(frameCount))"
            }
            guard seen.insert(frame.index).inserted else { return "frames[\(i)].index \(frame.index) is listed twice" }
            let expected = frameFileName(index: frame.index, frameCount: frameCount)
            guard frame.file == expected else {
                return "frames[\(i)].file is \("\"\(frame.file.escapingControlCharacters(keepingLineBreaks: false))\""); frame \(frame.index)'s file is \(expected)"
            }
            if !frame.time.isFinite { return "frames[\(i)].time is not a number" }
        }
        return nil
    }

    /// The manifest at `path`, checked (`problem`): nil when there is none or it does not decode;
    /// throws `ManifestError` with the file, the field and the fix when a value is out of range.
    public static func readChecked(atPath path: String) throws -> Manifest? {
        switch readForTrust(atPath: path) {
        case .manifest(let manifest): return manifest
        case .outOfRange(let problem): throw ManifestError(path: path, problem: problem)
        case .unreadable: return nil
        }
    }

    /// What a manifest read to decide whether the frames beside it can be trusted (a resume, a
    /// shard merge) says: the manifest, values no render writes (the problem), or no manifest at all.
    enum Reading {
        case manifest(Manifest)
        case outOfRange(problem: String)
        case unreadable
    }

    /// The three outcomes of reading a manifest as a value (`readChecked` throws one of them), for
    /// the callers that turn each into their own refusal.
    static func readForTrust(atPath path: String) -> Reading {
        guard let manifest = read(atPath: path) else { return .unreadable }
        if let problem = manifest.problem { return .outOfRange(problem: problem) }
        return .manifest(manifest)
    }
}

/// A manifest whose values no render writes: someone edited it, or it is not ours.
public struct ManifestError: Error, CustomStringConvertible, Equatable {
    public let path: String
    public let problem: String
    public var description: String { "\(path): \(problem); render the frames again (render-frames writes manifest.json itself)" }
}

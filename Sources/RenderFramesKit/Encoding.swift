import Animation
import Foundation
import Raster

/// An `encode` request refused before any frame is read.
public enum EncodingPlanError: Error, CustomStringConvertible, Equatable {
    /// One output given twice (`first` == `second`) or spelled two ways.
    case oneFileTwice(first: String, second: String)
    /// An output whose extension names no animation format (`.png` without `--apng`, none, unknown).
    case notAnAnimation(String, extension: String)
    /// An output that would replace one of the frames' own files.
    case overwritesFrames(output: String, name: String, frames: String)
    /// `--quality` with only GIF and APNG outputs.
    case qualityWithoutQualityFormat

    public var description: String {
        switch self {
        case .oneFileTwice(let first, let second):
            first == second ? "\(second): given twice; give each animation once" : "\(first) and \(second) are one file; give each animation once"
        case .notAnAnimation(let output, let ext):
            "\(output): "
                + (ext.lowercased() == "png"
                    ? "a .png is a frame here; for an animated PNG, add --apng or name it .apng"
                    : "\(ext.isEmpty ? "no extension" : "unknown extension .\(ext)"); the formats are \(AnimationFormats.extensions)")
        case .overwritesFrames(let output, let name, let frames):
            "\(output): would overwrite the frames' own \(name) in \(frames); write the animation outside the frames folder"
        case .qualityWithoutQualityFormat:
            "--quality applies to \(AnimationFormats.qualityApplies) (give --width or --max-bytes to make them smaller); remove it"
        }
    }
}

/// `encode`: animations of a folder of rendered frames, each output checked before the first is
/// written, then written one after the other and read back.
public struct EncodingPlan: Sendable {
    public let frames: String
    public let requests: [AnimationRequest]
    /// The frames' manifest, checked whole (every frame, one size).
    public let manifest: Manifest

    /// Checks the outputs (format from the extension, one file each, none over the frames' own
    /// files) and then the frames folder. `maxBytes` is a size as `--max-bytes` takes it.
    public init(
        frames: String, outputs: [String], width: Int? = nil, fps: Double? = nil, quality: Double? = nil, lossless: Bool = false,
        maxBytes: String? = nil, apng: Bool = false
    ) throws {
        let framesFolder = OutputPath.resolved(frames)
        // One file however it is spelled (`a.gif`, `./sub/../a.gif`, a link to it): written once.
        if let (first, second) = OutputPath.firstRepeat(outputs) { throw EncodingPlanError.oneFileTwice(first: first, second: second) }
        var requests: [AnimationRequest] = []
        for output in outputs {
            guard let format = AnimationFormats.of(path: output, claimed: apng ? ["apng"] : []) else {
                throw EncodingPlanError.notAnAnimation(output, extension: (output as NSString).pathExtension)
            }
            let resolved = OutputPath.resolved(OutputPath.destination(of: output))
            let name = (resolved as NSString).lastPathComponent
            if resolved.parentPath == framesFolder, RenderJob.isFrameName(name) || name.hasPrefix("manifest") {
                throw EncodingPlanError.overwritesFrames(output: output, name: name, frames: frames)
            }
            try OutputPath.checkFile(output, option: "output file")
            requests.append(
                try AnimationRequest(
                    path: output, format: format, width: width, fps: fps, quality: quality, lossless: lossless,
                    maxBytes: maxBytes.flatMap { ByteSize.parse($0) }))
        }
        if quality != nil, !requests.contains(where: { $0.format.hasQuality }) {
            throw EncodingPlanError.qualityWithoutQualityFormat
        }
        self.frames = frames
        self.requests = requests
        manifest = try FolderFrames.check(frames)
    }

    /// Writes the animations (at once when each is at most half the frames' width, else one after
    /// the other, stopping at the first failure); `written` gets first the route's line (drawing again from the
    /// scenario, or decoding the PNGs, and why: `EncodingRoute`), then each animation's (size,
    /// frames, the fitting tried) in the order asked; the first failure, in that order, is thrown.
    /// Animations of one width share their frames: each is drawn or decoded once (`SharedFrameSources`).
    public func write(
        jobs: Int = RenderJob.defaultWorkers(), pixelLimit: Int = ImageDecoder.defaultPixelLimit, imageLimits: ImageLimits? = nil,
        route chosen: EncodingRoute? = nil, written: (String) -> Void = { _ in }
    ) throws {
        // The frames are not being written while they are read (a render into the folder waits).
        let lock = try FolderLock.acquireForReading(frames, command: FolderLock.commandLine)
        defer { lock?.release() }
        let limits = imageLimits ?? ImageLimits(pixels: pixelLimit)
        let route = chosen ?? EncodingRoute.choose(for: manifest, folder: frames, imageLimits: limits)
        written(route.line(folder: frames))
        // The animations are written at once, one thread each (libwebp encodes on one core while
        // GIF's passes take the others), sharing each frame; their lines come in the order asked.
        // Animations over half the frames' width are written one after the other: two pipelines of
        // full-width batches at once would pass 500 MB.
        let requests = requests, manifest = manifest
        let small = requests.allSatisfy { $0.settings(frameWidth: manifest.width, sourceFPS: manifest.fps).width * 2 <= manifest.width }
        let lanes = small ? requests.count : 1
        let shared = SharedFrameSources(route.maker(folder: frames, manifest: manifest, imageLimits: limits, jobs: jobs * lanes))
        let outcomes = Locked<[Result<Animations.Outcome, Error>?]>(Array(repeating: nil, count: requests.count))
        @Sendable func write(_ index: Int, lane: Int) {
            let outcome = Result {
                try Animations.write(requests[index], frameWidth: manifest.width, sourceFPS: manifest.fps, jobs: jobs) { width, even in
                    try shared.source(width: width, even: even, lane: lane, jobs: jobs)
                }
            }
            outcomes.withLock { $0[index] = outcome }
        }
        if small {
            DispatchQueue.concurrentPerform(iterations: lanes) { write($0, lane: $0) }
        } else {
            // As before: stop at the first that fails.
            for index in requests.indices {
                write(index, lane: 0)
                if case .failure = outcomes.current[index] { break }
            }
        }
        for outcome in outcomes.current.prefix(while: { $0 != nil }) {
            written(try outcome!.get().summary(budgetOption: "--max-bytes"))
        }
    }
}

import Raster

/// What a render (`Render`) refuses before or while it works; each description says what to do.
public enum RenderError: Error, CustomStringConvertible, Equatable {
    /// A `--frames` list that does not parse or names frames the scenario lacks (`FrameSelection`).
    case frameSelection(String)
    /// A shard spelled wrong, or shards that cannot be merged (`Shard`, `ShardMerge`).
    case shard(String)
    /// Golden, frames and failure-image folders that overlap, or a record mode unknown (`GoldenCheck`).
    case goldenCheck(String)
    /// fps, scale or jobs outside `RenderLimits` (the message names the setting).
    case outOfRange(String)
    /// No scenario given and the bundled demo is not in this build.
    case defaultDemoMissing
    /// A variant asked of a scenario without a matrix.
    case noMatrix(variant: String, path: String)
    /// A variant of a matrix would refuse its settings (checked before any variant is written).
    case inVariant(String, String)
    /// The system refused the workers' working memory.
    case notEnoughMemory(width: Int, height: Int, workers: Int, bytes: Int)
    /// A screen run by code has no frames folder to make its animations from.
    case framesMissing(String)
    /// A UIKit screen rendered from a thread that cannot reach the main thread.
    case notOnMainThread
    /// A tap or long press aimed at an accessibilityIdentifier no view on the screen had when it was due.
    case touchTarget(path: String, problem: String)

    public var description: String {
        switch self {
        case .frameSelection(let message), .shard(let message), .goldenCheck(let message), .outOfRange(let message):
            return message
        case .defaultDemoMissing:
            return "the bundled default demo is missing from this build; pass a scenario file"
        case .noMatrix(let variant, let path):
            return "--variant \(variant): \(path) has no matrix, so it has no variants; drop --variant, or add a matrix "
                + "such as matrix: {appearance: [light, dark]}"
        case .inVariant(let name, let problem):
            return "variant \(name): \(problem)"
        case .notEnoughMemory(let width, let height, let workers, let bytes):
            return "not enough memory to render \(width)x\(height) frames with \(workers) worker(s): "
                + "about \(ByteSize.format(bytes)) needed, and the system refused it; lower --jobs or --scale, "
                + "or raise the process's memory limit"
        case .framesMissing(let folder):
            return "\(folder) has no manifest.json: the screen's animations are made from its frames; render the frames first"
        case .touchTarget(let path, let problem):
            return "\(path): \(problem)"
        case .notOnMainThread:
            return "a UIKit screen runs on the main thread, as on the phone, and this call could not reach it; "
                + "call renderFrames(of:) / assertFrames(of:) from the main thread (an XCTest test, or a @MainActor Swift Testing test)"
        }
    }

    public static func == (a: RenderError, b: RenderError) -> Bool { a.description == b.description }
}

import Foundation
import Raster
import RenderFramesKit
import Scene
import Synchronization

/// What the preview shows, kept between requests: the variants of the last good load, the error of
/// the last load when it failed (shown over the last good frames), and the frames drawn so far.
///
/// `version` grows at every change the page must learn of (a reload, an error, its fix);
/// `generation` only when new frames come (a good load): frames are cached under it, so a frame
/// of the old file is never served for the new one. Calls are made on `queue` (the main queue for
/// a UIKit screen, whose code runs there); what a load made is held in a `Mutex`, so the model is
/// checked Sendable: the variants (not Sendable) are made, drawn and replaced inside its lock, and
/// only Sendable values (frames, JSON, counts) come out.
final class PreviewModel: Sendable {
    /// How the frames are loaded again after a save (on `queue`).
    let load: @Sendable () throws -> [any PreviewFrames]
    /// The files whose saves reload: the scenario, and what the last good load read (images, fonts).
    let scenarioPath: String
    let queue: DispatchQueue
    let commands: PreviewCommands

    /// What the last load left.
    private struct Loaded {
        var variants: [any PreviewFrames] = []
        var generation = 0
        var version = 0
        var error: String?
        var watched: [String: FileStamp] = [:]
    }
    private let loaded = Mutex(Loaded())
    let cache = FrameCache(capacity: PreviewModel.cacheBytes)
    /// The newest request (the page's own count) of each page and variant: an older request still
    /// waiting is dropped. At most `pagesKept` entries: past it, the half noted longest ago goes
    /// (a page that long quiet has no request waiting).
    private let newest = Locked((entries: [String: (sequence: Int, noted: Int)](), clock: 0))
    static let pagesKept = 512

    /// The most encoded frames kept per scenario (LRU).
    static let cacheBytes = 64 << 20

    init(scenarioPath: String, queue: DispatchQueue, commands: PreviewCommands, load: @escaping @Sendable () throws -> [any PreviewFrames]) {
        self.scenarioPath = scenarioPath
        self.queue = queue
        self.commands = commands
        self.load = load
    }

    var generation: Int { loaded.withLock { $0.generation } }
    var version: Int { loaded.withLock { $0.version } }
    var error: String? { loaded.withLock { $0.error } }
    var watched: [String: FileStamp] { loaded.withLock { $0.watched } }
    /// The matrix variants' names, in order (nil without a matrix).
    var variantNames: [String?] { loaded.withLock { $0.variants.map(\.variant) } }
    /// The frame count of variant `variant`, nil when there is none.
    func frameCount(variant: Int) -> Int? {
        loaded.withLock { $0.variants.indices.contains(variant) ? $0.variants[variant].scenario.frameCount : nil }
    }

    /// Loads (on `queue`): a good load replaces the variants and clears the error; a bad one keeps
    /// the last good variants and says what is wrong in the CLI's words. Returns the error.
    @discardableResult
    func reload() -> String? {
        let (load, scenarioPath, cache) = (self.load, self.scenarioPath, self.cache)
        return loaded.withLock { state in
            do {
                // Made inside the lock, so the new variants are the lock's alone.
                state.variants = try load()
                state.generation += 1
                state.error = nil
                cache.removeAll()
            } catch {
                state.error = "error: " + (BadInput.describe(error) ?? "\(error)")
            }
            state.version += 1
            var files = [scenarioPath]
            for v in state.variants { files += v.scenario.imageFiles + v.scenario.screen.typography.files }
            state.watched = Dictionary(files.map { ($0, FileStamp(path: $0)) }, uniquingKeysWith: { a, _ in a })
            return state.error
        }
    }

    /// True when a watched file changed since the last load (its size or modification time).
    func filesChanged() -> Bool { watched.contains { FileStamp(path: $0.key) != $0.value } }

    /// Notes request `sequence` of a page (`client`) for `variant`: the page numbers its requests in
    /// the order it makes them (they may arrive in another, on several connections), and one is
    /// dropped when a later one of the same page and variant came before it was drawn (`isSuperseded`).
    func note(client: String, variant: Int, sequence: Int) {
        let key = "\(client.prefix(64))/\(variant)"
        newest.withLock { n in
            n.clock += 1
            n.entries[key] = (max(n.entries[key]?.sequence ?? sequence, sequence), n.clock)
            if n.entries.count > Self.pagesKept {
                let cut = n.entries.values.map(\.noted).sorted()[n.entries.count / 2]
                n.entries = n.entries.filter { $0.value.noted >= cut }
            }
        }
    }

    func isSuperseded(client: String, variant: Int, sequence: Int) -> Bool {
        newest.withLock { ($0.entries["\(client.prefix(64))/\(variant)"]?.sequence ?? sequence) > sequence }
    }

    /// How many pages and variants are kept (for the bound's test).
    var pagesNoted: Int { newest.withLock { $0.entries.count } }

    /// Frame `index` of variant `variant` (on `queue`): from the cache, else drawn and encoded.
    func frame(variant: Int, index: Int) -> EncodedFrame? {
        let cache = self.cache
        return loaded.withLock { state -> EncodedFrame? in
            guard state.variants.indices.contains(variant), (0..<state.variants[variant].scenario.frameCount).contains(index) else { return nil }
            let key = FrameCache.Key(generation: state.generation, variant: variant, frame: index)
            if let hit = cache[key] { return hit }
            let v = state.variants[variant]
            let start = DispatchTime.now().uptimeNanoseconds
            let (pixels, layers) = v.draw(frame: index)
            // The same encoder settings as `render`'s default, so the bytes are those of its frame file.
            let png = PNGEncoder(options: .balanced).encode(pixels)
            let frameState = v.scenario.frame(index)
            let layersJSON: [[String: Any]] = layers.map { ["name": $0.name, "frame": $0.frame, "z": $0.z, "opacity": $0.opacity] }
            let info: [String: Any] = [
                "frame": index, "time": frameState.time, "u": frameState.scroll.offset, "offset": v.contentOffsetY(frame: index),
                "layers": layersJSON,
            ]
            let json = (try? JSONSerialization.data(withJSONObject: info, options: [.sortedKeys])) ?? Data("{}".utf8)
            let encoded = EncodedFrame(png: Data(png), info: json, milliseconds: Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            cache[key] = encoded
            return encoded
        }
    }

    /// What `explain` prints for frame `index` of variant `variant` (on `queue`); nil when there is no such frame.
    func explain(variant: Int, frame index: Int) -> Result<String, Error>? {
        loaded.withLock { state -> Result<String, Error>? in
            guard state.variants.indices.contains(variant), (0..<state.variants[variant].scenario.frameCount).contains(index) else { return nil }
            return Result { try state.variants[variant].explain(frame: index) }
        }
    }

/// The page's description of the preview: the variants' devices and timelines, the error.
    func infoJSON() -> Data {
        let (scenarioPath, commands) = (self.scenarioPath, self.commands)
        return loaded.withLock { state in
            let list: [[String: Any]] = state.variants.map { v in
                let s = v.scenario
                return [
                    "name": v.variant ?? "", "frameCount": s.frameCount, "fps": s.fps, "scale": s.scale,
                    "width": s.screen.device.size.width, "height": s.screen.device.size.height,
                    "cornerRadius": s.screen.device.cornerRadius, "device": s.screen.device.id,
                ]
            }
            var info: [String: Any] = [
                "version": state.version, "generation": state.generation, "scenario": scenarioPath, "variants": list,
                "commands": ["frame": commands.frame, "whole": commands.whole],
            ]
            info["error"] = state.error ?? NSNull()
            return (try? JSONSerialization.data(withJSONObject: info, options: [.sortedKeys])) ?? Data("{}".utf8)
        }
    }
}

/// How the page words the commands for "copy command": `{frame}` and `{variant}` are filled in by
/// the page (a variant's option only with a matrix).
public struct PreviewCommands: Sendable {
    /// This frame alone, e.g. `render-frames render s.yaml --frames {frame}{variant} -o frames`.
    public var frame: String
    /// The whole render.
    public var whole: String

    public init(frame: String, whole: String) {
        self.frame = frame
        self.whole = whole
    }

    /// The `render-frames` commands for a scenario file (`--scale` as the preview was given it).
    public static func cli(scenario: String, scale: Double?) -> PreviewCommands {
        let file = shellQuoted(scenario)
        let scaleOption = scale.map { " --scale \($0.formattedNumber)" } ?? ""
        return PreviewCommands(
            frame: "render-frames render \(file) --frames {frame}{variant}\(scaleOption) -o frames",
            whole: "render-frames render \(file){variant}\(scaleOption) -o frames")
    }

    static func shellQuoted(_ s: String) -> String {
        let plain = s.allSatisfy { $0.isLetter || $0.isNumber || "-_./+=:,@".contains($0) }
        return plain && !s.isEmpty ? s : "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

/// A frame as the page gets it: the PNG and its numbers (time, u, offset, named layers on screen).
struct EncodedFrame: Sendable {
    var png: Data
    var info: Data
    var milliseconds: Double
    var bytes: Int { png.count + info.count }
}

/// What a file's save changes: its size and modification time (nil when it is missing).
struct FileStamp: Equatable {
    var size: Int?
    var modified: Double?

    init(path: String) {
        var s = stat()
        guard stat(path, &s) == 0 else { return }
        size = Int(s.st_size)
        modified = Double(s.st_mtim.tv_sec) + Double(s.st_mtim.tv_nsec) / 1e9
    }
}

/// Encoded frames, least recently used dropped first past `capacity` bytes. Every read and write
/// goes through one lock (`Locked`), so the cache is checked Sendable.
final class FrameCache: Sendable {
    struct Key: Hashable, Sendable { var generation: Int; var variant: Int; var frame: Int }

    private struct State {
        var entries: [Key: (frame: EncodedFrame, used: Int)] = [:]
        var clock = 0
        var bytes = 0
    }

    let capacity: Int
    private let state = Locked(State())

    init(capacity: Int) { self.capacity = capacity }

    var count: Int { state.withLock { $0.entries.count } }
    /// The encoded bytes held.
    var bytes: Int { state.withLock { $0.bytes } }

    subscript(key: Key) -> EncodedFrame? {
        get {
            state.withLock { s in
                guard let e = s.entries[key] else { return nil }
                s.clock += 1
                s.entries[key]!.used = s.clock
                return e.frame
            }
        }
        set {
            let capacity = self.capacity
            state.withLock { s in
                if let old = s.entries.removeValue(forKey: key) { s.bytes -= old.frame.bytes }
                guard let frame = newValue, frame.bytes <= capacity else { return }
                s.clock += 1
                s.entries[key] = (frame, s.clock)
                s.bytes += frame.bytes
                while s.bytes > capacity, let oldest = s.entries.min(by: { $0.value.used < $1.value.used }) {
                    s.entries[oldest.key] = nil
                    s.bytes -= oldest.value.frame.bytes
                }
            }
        }
    }

    func removeAll() {
        state.withLock { $0 = State() }
    }
}

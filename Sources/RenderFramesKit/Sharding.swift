import Foundation

/// One CI job's share of a render: `--shard I/N`.
///
/// Shard I of N renders the I-th of N contiguous blocks of the selected frames (contiguous, so a
/// hold stays in one shard and its frames are reused, not rendered again). Its manifest is
/// written as `manifest.shard-I-of-N.json`; copying every shard's files into one folder and
/// running `render-frames merge` (or finishing the last shard in a shared folder) writes the
/// `manifest.json` a single run would have written, byte for byte.
public struct Shard: Equatable, Sendable, CustomStringConvertible {
    public let index: Int
    public let count: Int

    public init(index: Int, count: Int) throws {
        guard count >= 1, count <= 1000, index >= 1, index <= count else {
            throw ShardError("--shard: \(index)/\(count) is not a shard; give I/N with 1 <= I <= N <= 1000, e.g. 2/4")
        }
        self.index = index
        self.count = count
    }

    /// Parses `I/N`.
    public init(parsing text: String) throws {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]) else {
            throw ShardError("--shard: \"\(text)\" is not I/N; write e.g. 2/4 for the second of four shards")
        }
        try self.init(index: i, count: n)
    }

    /// This shard's frames out of `selection` (ascending).
    public func share(of selection: FrameSelection) -> FrameSelection {
        let n = selection.indices.count
        let lo = (index - 1) * n / count, hi = index * n / count
        return FrameSelection(indices: Array(selection.indices[lo..<hi]))
    }

    public var manifestName: String { "manifest.shard-\(index)-of-\(count).json" }
    public var description: String { "\(index)/\(count)" }
}

public struct ShardError: Error, CustomStringConvertible {
    public let description: String
    init(_ d: String) { description = d }
}

/// Merges shard manifests in a folder into `manifest.json`.
public enum ShardMerge {
    /// Shard manifests present in `directory`, by shard count.
    static func shardManifests(in directory: String) -> [Int: [Int: String]] {
        var found: [Int: [Int: String]] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] {
            let parts = name.split(separator: ".")
            guard parts.count == 3, parts[0] == "manifest", parts[2] == "json" else { continue }
            let fields = parts[1].split(separator: "-")
            guard fields.count == 4, fields[0] == "shard", fields[2] == "of", let i = Int(fields[1]), let n = Int(fields[3]) else { continue }
            found[n, default: [:]][i] = name
        }
        return found
    }

    /// True when every shard of some count is in `directory`.
    public static func isComplete(_ directory: String) -> Bool {
        shardManifests(in: directory).contains { n, shards in shards.count == n }
    }

    /// Writes `manifest.json` from the shard manifests in `directory` and removes them. Throws
    /// `ShardError` when shards are missing, disagree, or their frames are not all there.
    @discardableResult
    public static func merge(_ directory: String) throws -> Manifest {
        let found = shardManifests(in: directory)
        guard let (n, shards) = found.max(by: { $0.value.count < $1.value.count }) else {
            throw ShardError("\(directory): no shard manifests (manifest.shard-I-of-N.json); copy every shard's files here first")
        }
        let missing = (1...n).filter { shards[$0] == nil }
        guard missing.isEmpty else {
            throw ShardError("\(directory): shard\(missing.count > 1 ? "s" : "") \(missing.map { "\($0)/\(n)" }.joined(separator: ", ")) missing; copy their files here too")
        }
        var manifests: [Manifest] = []
        for i in 1...n {
            let path = "\(directory)/\(shards[i]!)"
            do {
                manifests.append(try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: URL(fileURLWithPath: path))))
            } catch {
                let why = FileManager.default.isReadableFile(atPath: path) ? "it does not read as a shard manifest" : "it cannot be read"
                throw ShardError("\(path): not a readable shard manifest (\(why)); render that shard again")
            }
        }
        var merged = manifests[0]
        for (i, m) in manifests.enumerated().dropFirst() {
            guard m.fps == merged.fps, m.width == merged.width, m.height == merged.height, m.scale == merged.scale,
                  m.frameCount == merged.frameCount, m.scenario == merged.scenario, m.device == merged.device else {
                throw ShardError("\(directory): shard \(i + 1)/\(n) was rendered with other settings than shard 1/\(n) "
                    + "(scenario, size, fps or frame count differ); render all shards with the same command")
            }
        }
        merged.frames = manifests.flatMap(\.frames).sorted { $0.index < $1.index }
        for frame in merged.frames where !FileManager.default.fileExists(atPath: "\(directory)/\(frame.file)") {
            throw ShardError("\(directory)/\(frame.file): frame missing although its shard lists it; copy that shard's frames again")
        }
        try RenderJob.writeAtomically([UInt8](merged.encoded()), to: "\(directory)/manifest.json", what: "manifest.json")
        for i in 1...n { try? FileManager.default.removeItem(atPath: "\(directory)/\(shards[i]!)") }
        return merged
    }
}

import Foundation
import Raster
import Scene

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
            throw RenderError.shard("--shard: \(index)/\(count) is not a shard; give I/N with 1 <= I <= N <= 1000, e.g. 2/4")
        }
        self.index = index
        self.count = count
    }

    /// Parses `I/N`.
    public init(parsing text: String) throws {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]) else {
            throw RenderError.shard("--shard: \"\(text)\" is not I/N; write e.g. 2/4 for the second of four shards")
        }
        try self.init(index: i, count: n)
    }

    /// `--shard auto`: the index and count from the environment of the engine running the job,
    /// with the words that say which (printed, so a log shows where the shard came from).
    /// `RENDER_FRAMES_SHARD=I/N` first; then GitLab's `parallel:` (CI_NODE_INDEX, 1-based, and
    /// CI_NODE_TOTAL); then a Kubernetes Indexed Job (JOB_COMPLETION_INDEX) or an AWS Batch array
    /// job (AWS_BATCH_JOB_ARRAY_INDEX), both 0-based, with the count in RENDER_FRAMES_SHARDS.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws -> (Shard, String) {
        func value(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        // Bounded before any arithmetic: a 0-based index of Int.max would overflow when made 1-based.
        func whole(_ name: String) throws -> Int {
            guard let text = value(name), let v = Int(text), (-1_000_000...1_000_000).contains(v) else {
                throw RenderError.shard(
                    "--shard auto: \(name)=\((value(name) ?? "").shownInMessages) is not a shard number (a whole number, at most 1000)")
            }
            return v
        }
        if let text = value("RENDER_FRAMES_SHARD") {
            return (try Shard(parsing: text), "RENDER_FRAMES_SHARD")
        }
        if value("CI_NODE_INDEX") != nil {
            return (try Shard(index: try whole("CI_NODE_INDEX"), count: try whole("CI_NODE_TOTAL")), "CI_NODE_INDEX/CI_NODE_TOTAL (GitLab parallel:)")
        }
        for (name, engine) in [("JOB_COMPLETION_INDEX", "a Kubernetes Indexed Job"), ("AWS_BATCH_JOB_ARRAY_INDEX", "an AWS Batch array job")]
        where value(name) != nil {
            guard value("RENDER_FRAMES_SHARDS") != nil else {
                throw RenderError.shard(
                    "--shard auto: \(name) is set (\(engine)) but not the number of shards; set RENDER_FRAMES_SHARDS to "
                        + "the job's completions (array size)")
            }
            return (
                try Shard(index: try whole(name) + 1, count: try whole("RENDER_FRAMES_SHARDS")),
                "\(name) (\(engine), 0-based) and RENDER_FRAMES_SHARDS"
            )
        }
        throw RenderError.shard(
            "--shard auto: no shard in the environment; set RENDER_FRAMES_SHARD=I/N, or run under GitLab's parallel: "
                + "(CI_NODE_INDEX, CI_NODE_TOTAL), a Kubernetes Indexed Job (JOB_COMPLETION_INDEX) or an AWS Batch array job "
                + "(AWS_BATCH_JOB_ARRAY_INDEX) with RENDER_FRAMES_SHARDS=N")
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

/// Merges shard manifests in a folder into `manifest.json`.
public enum ShardMerge {
    /// Shard manifests present in `directory`, by shard count.
    static func shardManifests(in directory: String) -> [Int: [Int: String]] {
        var found: [Int: [Int: String]] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] {
            guard let (i, n) = shard(ofManifestNamed: name) else { continue }
            found[n, default: [:]][i] = name
        }
        return found
    }

    /// (I, N) for `manifest.shard-I-of-N.json`, nil for any other name. Only names a shard could
    /// have written count (1 <= I <= N <= 1000): `shard-0-of-0` would make an empty range of
    /// shards, `shard-1-of-1000000000` a billion missing ones.
    static func shard(ofManifestNamed name: String) -> (Int, Int)? {
        let parts = name.split(separator: ".")
        guard parts.count == 3, parts[0] == "manifest", parts[2] == "json" else { return nil }
        let fields = parts[1].split(separator: "-")
        guard fields.count == 4, fields[0] == "shard", fields[2] == "of", let i = Int(fields[1]), let n = Int(fields[3]),
            (try? Shard(index: i, count: n)) != nil
        else { return nil }
        return (i, n)
    }

    /// For a shard that has written its manifest into a folder it may share with the others:
    /// merges when every shard is there, exactly once however many finish at the same moment.
    /// The folder is locked (flock, released if a process dies) while one looks and merges; the
    /// one that merges removes the shard manifests, so the others find nothing left to do.
    /// Returns true when this call merged.
    @discardableResult
    public static func mergeIfComplete(_ directory: String) throws -> Bool {
        let fd = open(directory, O_RDONLY)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else { return false }
        }
        defer { flock(fd, LOCK_UN) }
        guard isComplete(directory) else { return false }
        try merge(directory)
        return true
    }

    /// True when `directory` holds any shard manifest (`manifest.shard-I-of-N.json`).
    public static func holdsShardManifests(_ directory: String) -> Bool { !shardManifests(in: directory).isEmpty }

    /// True when every shard of some count is in `directory`.
    public static func isComplete(_ directory: String) -> Bool {
        shardManifests(in: directory).contains { n, shards in shards.count == n }
    }

    /// Writes `manifest.json` from the shard manifests in `directory` and removes them. Throws
    /// `RenderError.shard`, writing nothing, when the folder holds manifests of more than one split, when
    /// shards are missing, when two shards list the same frame, when shards were rendered from
    /// different inputs or settings, or when a frame a shard lists is not there.
    @discardableResult
    public static func merge(_ directory: String) throws -> Manifest {
        let found = shardManifests(in: directory)
        guard !found.isEmpty else {
            throw RenderError.shard("\(directory): no shard manifests (manifest.shard-I-of-N.json); copy every shard's files here first")
        }
        // A name like a shard's that no shard writes (manifest.shard-4-of-3.json) would be left behind.
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        if let stray = names.filter({ $0.hasPrefix("manifest.shard-") && $0.hasSuffix(".json") && shard(ofManifestNamed: $0) == nil }).sorted().first {
            throw RenderError.shard(
                "\(directory)/\(stray.escapingControlCharacters(keepingLineBreaks: false)): not a name any shard writes "
                    + "(manifest.shard-I-of-N.json, 1 <= I <= N <= 1000); remove it, then merge")
        }
        guard found.count == 1, let (n, shards) = found.first else {
            let splits = found.keys.sorted().map { n in
                let names = found[n]!.keys.sorted()
                return "shard\(names.count > 1 ? "s" : "") " + names.map { "\($0)/\(n)" }.joined(separator: ", ")
            }
            throw RenderError.shard(
                "\(directory): holds shard manifests of \(found.count) splits (\(splits.joined(separator: "; "))), so it cannot "
                    + "tell which frames belong together; keep the manifest.shard-I-of-N.json files of one split and remove the others "
                    + "(or copy each split into a folder of its own), then merge again")
        }
        let missing = (1...n).filter { shards[$0] == nil }
        guard missing.isEmpty else {
            throw RenderError.shard(
                "\(directory): shard\(missing.count > 1 ? "s" : "") \(missing.map { "\($0)/\(n)" }.joined(separator: ", ")) missing; copy their files here too"
            )
        }
        var manifests: [Manifest] = []
        for i in 1...n {
            let path = "\(directory)/\(shards[i]!)"
            let manifest: Manifest
            switch Manifest.readForTrust(atPath: path) {
            case .manifest(let read): manifest = read
            case .outOfRange(let problem):
                throw RenderError.shard("\(path): \(problem), which no render writes; render shard \(i)/\(n) again")
            case .unreadable:
                let why = FileManager.default.isReadableFile(atPath: path) ? "it does not read as a shard manifest" : "it cannot be read"
                throw RenderError.shard("\(path): not a readable shard manifest (\(why)); render that shard again")
            }
            guard manifest.partial != true else {
                throw RenderError.shard(
                    "\(path): shard \(i)/\(n) was interrupted (its manifest says partial, \(manifest.frames.count) frames); "
                        + "finish it with the same command and --resume, then merge")
            }
            manifests.append(manifest)
        }
        try checkNoOverlap(manifests, n: n, directory: directory)
        let first = manifests[0]
        // The whole `inputs` hash, selection included: shards of one split stamp the frames of the
        // whole command (`--frames`), not their share, so only a shard of another selection differs.
        for (i, m) in manifests.enumerated().dropFirst() where m.inputs != first.inputs {
            throw RenderError.shard(
                "\(directory): shards 1/\(n) and \(i + 1)/\(n) were rendered from different inputs"
                    + InputStamp.changeNote(
                        from: first.inputParts, to: m.inputParts, scenarioName: m.scenario,
                        manifest: first.inputParts == nil ? shards[1]! : shards[i + 1]!,
                        lead: "shard \(i + 1)/\(n) against 1/\(n): ")
                    + ", so their frames do not belong together; render every shard again from the same files with one command "
                    + "(only --shard differs), then merge")
        }
        var merged = first
        for (i, m) in manifests.enumerated().dropFirst() {
            guard m.fps == merged.fps, m.width == merged.width, m.height == merged.height, m.scale == merged.scale,
                m.frameCount == merged.frameCount, m.scenario == merged.scenario, m.device == merged.device
            else {
                throw RenderError.shard(
                    "\(directory): shard \(i + 1)/\(n) was rendered with other settings than shard 1/\(n) "
                        + "(scenario, size, fps or frame count differ); render all shards with the same command")
            }
        }
        merged.frames = manifests.flatMap(\.frames).sorted { $0.index < $1.index }
        for frame in merged.frames {
            var info = stat()
            let path = "\(directory)/\(frame.file)"
            guard stat(path, &info) == 0 else {
                throw RenderError.shard("\(path): frame missing although its shard lists it; copy that shard's frames again")
            }
            guard info.st_mode & S_IFMT == S_IFREG else {
                throw RenderError.shard(
                    "\(path): not a file (a folder, pipe or device) although its shard lists it as a frame; copy that shard's frames again")
            }
        }
        for (i, m) in manifests.enumerated() {
            if let mismatch = m.frameMismatch(in: directory, manifestPath: "\(directory)/\(shards[i + 1]!)") {
                throw RenderError.shard("\(directory)/\(mismatch), though shard \(i + 1)/\(n) lists it; copy that shard's frames again")
            }
        }
        try RenderJob.writeAtomically([UInt8](merged.encoded()), to: "\(directory)/manifest.json", what: "manifest.json")
        for i in 1...n { try? FileManager.default.removeItem(atPath: "\(directory)/\(shards[i]!)") }
        return merged
    }

    /// Shards of one split list disjoint frames: the first two that share frames (or one that lists
    /// a frame twice) are named with the frames they share.
    static func checkNoOverlap(_ manifests: [Manifest], n: Int, directory: String) throws {
        var owner: [Int: Int] = [:] // frame index -> shard (1-based)
        var clash: (Int, Int)?
        var shared: [Int] = []
        for (i, m) in manifests.enumerated() {
            for frame in m.frames {
                guard let earlier = owner[frame.index] else { owner[frame.index] = i + 1; continue }
                if clash == nil { clash = (earlier, i + 1) }
                if clash! == (earlier, i + 1) { shared.append(frame.index) }
            }
        }
        guard let (a, b) = clash else { return }
        let frames = InputStamp.shown(FrameRanges.text(Array(Set(shared)).sorted()))
        let noun = shared.count == 1 ? "frame" : "frames"
        if a == b {
            throw RenderError.shard("\(directory): shard \(a)/\(n) lists \(noun) \(frames) twice; render that shard again, then merge")
        }
        throw RenderError.shard(
            "\(directory): shards \(a)/\(n) and \(b)/\(n) both hold \(noun) \(frames), so they are not shares of one render; "
                + "render every shard again with one command (only --shard differs), then merge")
    }
}

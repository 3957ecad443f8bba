import Foundation
import Raster
import ScenarioFormat
import Scene

/// Renders a scenario's frames to a folder with N workers. The per-frame pipeline:
/// timeline (index -> scroll state) -> screen (state -> layer tree) -> LayerRenderer (layers ->
/// pixels) -> PNGEncoder -> a temporary file renamed into place. Frames are independent, so the
/// bytes of every frame are the same for any worker count; the manifest is written last.
public struct RenderJob: Sendable {
    public var scenario: Scenario
    public var outputDirectory: String
    public var selection: FrameSelection
    public var jobs: Int
    public var encoding: PNGEncoder.Options
    public var includeLayout: Bool
    /// With a shard, only its share of `selection` is rendered and the manifest is the shard's.
    public var shard: Shard?

    public init(
        scenario: Scenario, outputDirectory: String, selection: FrameSelection? = nil, jobs: Int = 1,
        encoding: PNGEncoder.Options = .balanced, includeLayout: Bool = false
    ) {
        self.scenario = scenario
        self.outputDirectory = outputDirectory
        self.selection = selection ?? .all(scenario.frameCount)
        self.jobs = max(1, jobs)
        self.encoding = encoding
        self.includeLayout = includeLayout
    }

    public struct Summary: Sendable {
        public var framesWritten: Int
        /// Frames whose scroll state equalled an earlier frame's: written from its encoded bytes.
        public var framesReused: Int
        public var bytesWritten: Int
        public var seconds: Double
        /// Frames kept from an earlier run (`resume`).
        public var framesKept = 0
        /// With `keepFramesOfOtherInputs`: why the frames kept would have been refused (other inputs
        /// than this render's, or none recorded); nil when they were not.
        public var keptDespite: String?
        /// True when the run was cancelled before every frame was written.
        public var partial = false
        /// Stale frame files (from an earlier, longer run) removed.
        public var removedStale: [String] = []
        /// Frames still being drawn when a cancelled run stopped waiting for them (`abandonAfter`):
        /// their workers are still running, so the caller should exit soon (`_exit`, without atexit work).
        public var abandoned = 0
    }

    /// Worker threads by default: one per core, at most 64 (the most `--jobs` takes), so a
    /// 96-core machine runs with the defaults instead of refusing them.
    public static func defaultWorkers(cores: Int = ProcessInfo.processInfo.activeProcessorCount) -> Int {
        max(1, min(cores, RenderLimits.jobs.upperBound))
    }

    /// The manifest's `inputs` hash (`stampInputs`); nil writes none.
    public var inputs: String?
    /// What `inputs` hashes, part by part (`stampInputs`), for the manifest's `inputParts`.
    public var inputParts: InputStamp?

    /// Sets `inputs` to a hash of everything the frames depend on: the tool's version, the settings
    /// that shape frames or the manifest (fps, scale, the frames selected, PNG encoding, --layout;
    /// not workers or shards, whose output is the same; `resume` leaves the selection out), the
    /// scenario file's bytes, each image it read (its path relative to the scenario and its bytes)
    /// and the bundled fonts. Paths outside the scenario's
    /// folder are not part of it, so the same checkout anywhere hashes the same. Sets `inputParts`
    /// to the same, part by part.
    public mutating func stampInputs(scenarioPath: String) {
        var whole = FNV1a()
        // Mixed into the whole hash and into the file's own; the whole hash is the one earlier
        // versions wrote, so their manifests of the same inputs still match.
        func mixFile(_ name: String, _ path: String) -> String {
            whole.mix("\n\(name)\n")
            guard let data = FileManager.default.contents(atPath: path) else { return "missing" }
            var own = FNV1a()
            let length = Array("\(data.count)\n".utf8)
            whole.mix(length)
            own.mix(length)
            data.withUnsafeBytes {
                whole.mix($0); own.mix($0)
            }
            return own.hex
        }
        let e = encoding
        whole.mix(
            "render-frames \(ToolVersion.string)\nfps=\(scenario.fps) scale=\(scenario.scale) frames=\(selection.indices) "
                + "png=\(e.filter.rawValue)/\(e.level)/\(e.coder.rawValue) layout=\(includeLayout)"
                + (scenario.variant.map { " variant=\($0)" } ?? ""))
        var settings = [
            "device": scenario.screen.device.id, "fps": InputStamp.number(scenario.fps),
            "scale": InputStamp.number(scenario.scale), "frames": FrameRanges.text(selection.indices),
            "compression": InputStamp.compressionName(e), "layout": includeLayout ? "on" : "off",
        ]
        settings["variant"] = scenario.variant
        // Frames drawn by code (a UIKit screen) depend on which code: never the scenario's own screen's.
        if let code = scenario.screen.sequentialSource?.codeName {
            settings["screen"] = code
            whole.mix(" screen=\(code)")
        }
        let scenarioHash = mixFile("scenario", scenarioPath)
        let folder = URL(fileURLWithPath: scenarioPath).standardizedFileURL.resolvingSymlinksInPath().deletingLastPathComponent().path + "/"
        func relative(_ path: String) -> String {
            path.hasPrefix(folder) ? String(path.dropFirst(folder.count)) : (path as NSString).lastPathComponent
        }
        var images: [String: String] = [:]
        for image in scenario.imageFiles { images[relative(image)] = mixFile(relative(image), image) }
        var bundled = FNV1a()
        for font in BundledFonts.filePaths {
            let name = (font as NSString).lastPathComponent
            bundled.mix(name + " " + mixFile(name, font) + "\n")
        }
        var fonts: [String: String] = [:]
        for font in scenario.screen.typography.files { fonts[relative(font)] = mixFile(relative(font), font) }
        // The system's fallback fonts (tens of megabytes): by name, size and date, not read whole.
        var system = FNV1a()
        for source in SystemFallbackFonts.sources(.regular) + SystemFallbackFonts.sources(.bold) {
            let attributes = try? FileManager.default.attributesOfItem(atPath: source.path)
            let size = (attributes?[.size] as? NSNumber)?.intValue ?? -1
            let date = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            let line = "\n\(source.path) \(size) \(date)\n"
            whole.mix(line)
            system.mix(line)
        }
        inputs = whole.hex
        inputParts = InputStamp(
            tool: "render-frames \(ToolVersion.string)", settings: settings, scenario: scenarioHash, images: images,
            fonts: fonts, bundledFonts: bundled.hex, systemFonts: system.hex)
    }

    /// The frames in `outputDirectory` when it already holds this render whole: its manifest has
    /// the same `inputs`, is complete, is newer than the executable (a rebuilt tool renders again),
    /// and every frame it lists is there. Nil otherwise.
    public func upToDateFrames() -> Int? {
        if case .upToDate(let count) = upToDate() { return count }
        return nil
    }

    public enum UpToDate: Equatable {
        /// The folder holds these frames, as many.
        case upToDate(Int)
        /// It does not (other inputs, no manifest, a newer tool).
        case no
        /// Its manifest is this render's, but a frame is not what it lists (said in words).
        case damaged(String)
    }

    /// `upToDateFrames()`, telling a damaged frame apart.
    public func upToDate() -> UpToDate {
        guard let inputs, shard == nil else { return .no }
        let path = outputDirectory + "/manifest.json"
        // A manifest someone edited out of range is no proof of anything: render again.
        guard let manifest = (try? Manifest.readChecked(atPath: path)) ?? nil, manifest.inputs == inputs, manifest.partial != true,
            manifest.frames.map(\.index) == selection.indices
        else { return .no }
        if let exe = Bundle.main.executablePath,
            let built = (try? FileManager.default.attributesOfItem(atPath: exe))?[.modificationDate] as? Date,
            let written = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date, written < built
        {
            return .no
        }
        // Every frame there as the manifest lists it (its size; its hash when it is newer than the
        // manifest, or with `verifyFrames`): a frame cut short or replaced is rendered again.
        if let mismatch = manifest.frameMismatch(in: outputDirectory, manifestPath: path, verify: verifyFrames) { return .damaged(mismatch) }
        return .upToDate(manifest.frames.count)
    }

    /// What `resume` may keep in `outputDirectory`.
    enum ResumeVerdict: Equatable {
        /// Any whole frame: the job has no stamp to compare.
        case keepAnyWhole
        /// The frames the folder's manifests list (all stamped with these inputs); none in an empty
        /// folder. `hashes`: the XXH3 each lists, where it records one: a frame whose bytes differ is
        /// rendered again, not kept.
        case keep(Set<Int>, hashes: [Int: String] = [:])
        /// The frames may be stale, and why: completes "--resume refused: ...".
        case refuse(String)
    }

    /// Every manifest in the folder (`manifest.json`, shard manifests) must carry this job's
    /// inputs, the frames selected aside (`InputStamp.withoutSelection`: a frame's pixels do not
    /// depend on which frames were rendered with it, so frames of `--frames 0-3` or of one shard
    /// are kept by a run of 0-5 or of the whole): the frames they list are kept. A manifest of
    /// other inputs is refused with what changed (part by part when both stamps have
    /// `inputParts`; a manifest without them must have the same `inputs` hash, selection
    /// included); one with no stamp, one that does not read, and frame files with no manifest at
    /// all are refused too, since nothing says what rendered those frames.
    func resumeVerdict() -> ResumeVerdict {
        guard let inputs else { return .keepAnyWhole }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: outputDirectory)) ?? []).sorted()
        let manifests = names.filter { $0 == "manifest.json" || ShardMerge.shard(ofManifestNamed: $0) != nil }
        guard !manifests.isEmpty else {
            let frames = names.filter(RenderJob.isFrameName).count
            return frames == 0
                ? .keep([])
                : .refuse(
                    "\(frames) frame file\(frames == 1 ? " is" : "s are") here but no manifest.json (a run killed with SIGKILL leaves "
                        + "none), so nothing says what rendered them")
        }
        var listed = Set<Int>()
        var hashes: [Int: String] = [:]
        for name in manifests {
            let manifest: Manifest
            switch Manifest.readForTrust(atPath: outputDirectory + "/" + name) {
            case .manifest(let read): manifest = read
            case .outOfRange(let problem):
                return .refuse("\(name) gives values no render writes (\(problem)), so nothing says what rendered the frames")
            case .unreadable: return .refuse("\(name) does not read as a manifest, so nothing says what rendered the frames")
            }
            guard let theirs = manifest.inputs else {
                return .refuse("\(name) records no inputs (an older render-frames wrote it), so nothing says what rendered the frames")
            }
            guard theirs == inputs || (inputParts != nil && manifest.inputParts?.withoutSelection == inputParts?.withoutSelection) else {
                return .refuse(
                    (name == "manifest.json" ? "the frames here" : "the frames \(name) lists") + " were rendered from other inputs"
                        + InputStamp.changeNote(
                            from: manifest.inputParts?.withoutSelection, to: inputParts?.withoutSelection,
                            scenarioName: scenario.file, manifest: name))
            }
            listed.formUnion(manifest.frames.map(\.index))
            for frame in manifest.frames { hashes[frame.index] = frame.xxh3 }
        }
        return .keep(listed, hashes: hashes)
    }

    static func resumeRefusal(_ directory: String, _ cause: String) -> OutputError {
        OutputError(
            path: directory,
            problem: "--resume refused: \(cause); drop --resume to render every frame again, "
                + "or add --force to keep the whole frames anyway (only when you know what rendered them and that it does not change them)")
    }

    /// "Up to date" hashes every frame, not only those newer than the manifest (`--verify`).
    public var verifyFrames = false

    /// Re-rendering every frame (no reuse of equal states); for measuring the renderer itself.
    public var reuseEqualStates = true
    /// Keep frames already in the folder that decode to the right size and that its manifests list
    /// as rendered from these `inputs`, whatever frames were selected then (a resumed run). When
    /// the folder holds frames of other inputs (or frames no manifest accounts for), `run`
    /// refuses, saying what changed, and writes nothing.
    /// Without a stamp (`stampInputs`) there is nothing to compare, and every whole frame is kept.
    public var resume = false
    /// With `resume` (`--force`): keep whole frames even when the folder's manifests name other
    /// inputs or none; `Summary.keptDespite` says what would have refused them.
    public var keepFramesOfOtherInputs = false
    /// Set (from any thread) to stop the run: workers take no new frame, and `run` returns once the
    /// frames under way are written, or after `abandonAfter` seconds without them, with a partial
    /// manifest either way.
    public let cancellation = Cancellation()
    /// Seconds `run` waits, after a cancellation, for the frames under way. Past that it returns
    /// without them (`Summary.abandoned`): their workers may still be drawing, but they create and
    /// rename no file any more and their temporary files are removed, so the caller can exit at once.
    public var abandonAfter: Double = 0.5
    /// Called on a worker as it starts drawing a frame (its index), before the frame is rendered.
    public var frameStarted: (@Sendable (Int) -> Void)?

    /// A flag the workers check before each frame.
    public final class Cancellation: Sendable {
        private let cancelled = Locked(false)
        public init() {}
        public func cancel() { cancelled.withLock { $0 = true } }
        public var isCancelled: Bool { cancelled.current }
    }

    /// Renders, writes and returns a summary. `progress(done, total)` is called after each frame
    /// (from worker threads, serialised).
    public func run(progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }) throws -> Summary {
        // Checked before anything is written: a refused resume leaves the folder as it was.
        let vouched: Set<Int>? // nil: any whole frame
        var hashes: [Int: String] = [:]
        var keptDespite: String?
        switch resume ? resumeVerdict() : .keepAnyWhole {
        case .keepAnyWhole: vouched = nil
        case .keep(let frames, let listed):
            vouched = frames
            hashes = listed
        case .refuse(let cause):
            guard keepFramesOfOtherInputs else { throw RenderJob.resumeRefusal(outputDirectory, cause) }
            keptDespite = cause
            vouched = nil
        }
        let listedHashes = hashes
        try RenderJob.prepareDirectory(outputDirectory)
        let start = Date()
        let indices = (shard.map { $0.share(of: selection) } ?? selection).indices
        let total = indices.count
        let state = SharedState(count: total)
        let reuse = EncodedFrameCache()
        let workers = min(jobs, max(total, 1))
        let gate = WriteGate()
        let work = { @Sendable [self] in
            DispatchQueue.concurrentPerform(iterations: workers) { _ in
                let renderer = FrameRenderer(scenario: scenario)
                let encoder = PNGEncoder(options: encoding)
                while !cancellation.isCancelled, let slot = state.next() {
                    let index = indices[slot]
                    do {
                        let name = frameFileName(index: index, frameCount: scenario.frameCount)
                        // Kept when whole, listed, and (where its manifest records one) of the same hash.
                        if resume, vouched?.contains(index) ?? true,
                            RenderJob.isIntact(outputDirectory + "/" + name, width: scenario.pixelWidth, height: scenario.pixelHeight),
                            let data = FileManager.default.contents(atPath: outputDirectory + "/" + name),
                            case let hash = FrameHash.of(data), listedHashes[index].map({ $0 == hash }) ?? true
                        {
                            state.countKept()
                            scenario.screen.sequentialSource?.skip(frame: index)
                            var kept = record(index: index, file: name)
                            (kept.bytes, kept.xxh3) = (data.count, hash)
                            let done = state.finish(slot: slot, record: kept, bytes: 0)
                            progress(done, total)
                            continue
                        }
                        frameStarted?(index)
                        let frame = scenario.frame(index)
                        let cached = reuseEqualStates ? reuse.bytes(for: frame.key) : nil
                        if cached != nil { state.countReuse() }
                        // The tree is taken once: a screen run by code hands each frame over once.
                        var tree: Layer?
                        let png =
                            cached
                            ?? reuse.store(
                                encoder.encode(renderer.render(scenario.layers(of: frame).kept(in: &tree))), for: frame.key)
                        var entry = record(frame, file: name, layers: tree)
                        (entry.bytes, entry.xxh3) = (png.count, FrameHash.of(png))
                        var done: Int?
                        // Renamed into place and recorded in one step: an abandoned run's manifest
                        // lists every frame file it leaves, and no frame lands after it.
                        try RenderJob.writeAtomically(png, to: outputDirectory + "/" + name, what: "frame \(name)", gate: gate) {
                            done = state.finish(slot: slot, record: entry, bytes: png.count)
                        }
                        guard let done else { return } // the run was abandoned
                        if !cancellation.isCancelled { progress(done, total) }
                    } catch {
                        state.fail(error, slot: slot)
                    }
                }
            }
        }
        // The workers run on a thread of their own, so a cancellation is answered within
        // `abandonAfter` even while a frame takes minutes.
        let finished = DispatchSemaphore(value: 0)
        let done = Locked(false)
        let thread = Thread {
            work()
            done.withLock { $0 = true }
            finished.signal()
        }
        thread.stackSize = 8 << 20
        thread.start()
        // A screen run by code runs here, on the calling thread, while the workers draw.
        scenario.screen.sequentialSource?.produce(frames: indices.sorted()) { cancellation.isCancelled || done.current }
        var abandoned = 0
        while finished.wait(timeout: .now() + .milliseconds(20)) == .timedOut {
            guard cancellation.isCancelled else { continue }
            if finished.wait(timeout: .now() + abandonAfter) == .timedOut {
                gate.close()
                abandoned = state.underWay
            }
            break
        }
        if abandoned == 0, let error = state.error { throw error }
        let written = state.records.compactMap { $0 }
        let partial = written.count < total
        try writeManifest(frames: written, partial: partial)
        let removed = !partial && shard == nil && selection.isComplete(frameCount: scenario.frameCount) ? removeStaleFrames(keeping: indices) : []
        return Summary(
            framesWritten: written.count - state.kept, framesReused: state.reused, bytesWritten: state.bytes,
            seconds: Date().timeIntervalSince(start), framesKept: state.kept, keptDespite: keptDespite, partial: partial,
            removedStale: removed.sorted(), abandoned: abandoned)
    }

    /// The run's manifest: the shard's (the shards merged when this was the last), or the folder's.
    private func writeManifest(frames written: [Manifest.Frame], partial: Bool) throws {
        let manifest = Manifest(
            fps: scenario.fps, width: scenario.pixelWidth, height: scenario.pixelHeight,
            scale: scenario.scale, frameCount: scenario.frameCount, scenario: scenario.file,
            device: scenario.screen.device.id, partial: partial ? true : nil, frames: written,
            inputs: inputs, variant: scenario.variant, inputParts: inputParts)
        if let shard {
            try RenderJob.writeAtomically([UInt8](manifest.encoded()), to: outputDirectory + "/" + shard.manifestName, what: shard.manifestName)
            // Shards that share a folder merge when the last one finishes (an interrupted one has not).
            if !partial { try ShardMerge.mergeIfComplete(outputDirectory) }
        } else {
            try RenderJob.writeAtomically([UInt8](manifest.encoded()), to: outputDirectory + "/manifest.json", what: "manifest.json")
        }
    }

    /// A complete render of every frame owns the folder's frame files: removes the stale ones
    /// (frame names other than `indices`', and temporary files of killed runs), never anything
    /// else. Returns the names removed.
    private func removeStaleFrames(keeping indices: [Int]) -> [String] {
        var removed: [String] = []
        let produced = Set(indices.map { frameFileName(index: $0, frameCount: scenario.frameCount) })
        for name in (try? FileManager.default.contentsOfDirectory(atPath: outputDirectory)) ?? [] {
            let stale = (RenderJob.isFrameName(name) && !produced.contains(name)) || RenderJob.isTemporaryFrameName(name)
            if stale, (try? FileManager.default.removeItem(atPath: outputDirectory + "/" + name)) != nil { removed.append(name) }
        }
        return removed
    }

    /// The manifest entry of one frame.
    public func record(index: Int, file: String) -> Manifest.Frame { record(scenario.frame(index), file: file) }

    /// `layers`: the frame's tree when it was drawn (a screen run by code hands it over once; without
    /// it, such a frame's entry has no layout).
    func record(_ f: Scenario.FrameState, file: String, layers: Layer? = nil) -> Manifest.Frame {
        let s = f.scroll
        var frame = Manifest.Frame(
            index: f.index, file: file, time: f.time,
            contentOffsetY: (scenario.contentOffsetY(of: f) * 10000).rounded() / 10000, phase: s.phase.rawValue,
            touch: s.touch.map { [($0.x * 100).rounded() / 100, ($0.y * 100).rounded() / 100] })
        if includeLayout, let tree = layers ?? (scenario.screen.sequentialSource == nil ? scenario.layers(of: f) : nil) {
            frame.layers = LayerRenderer.placements(of: tree, screen: scenario.screen.device.size)
            // Rounded to 4 decimals where that cannot overflow (a var of 1e305 stays as it is).
            frame.metrics = scenario.metrics(of: f).flattened.mapValues { $0.magnitude < 1e12 ? ($0 * 10000).rounded() / 10000 + 0 : $0 }
        }
        return frame
    }

    /// Makes sure `path` is a folder, creating it with its parents; what is in the way is said in
    /// plain words, with the option to change (`--out`, `--golden`).
    static func prepareDirectory(_ path: String, option: String = "--out") throws {
        // A file, FIFO, device or broken link where the folder should be: said with what it is.
        try OutputPath.checkFolder(path, option: option)
        if FileKind.at(path) == .folder { return }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            // Plain words, never Foundation's text: what is in the way, found by walking up the path.
            throw OutputError(path: path, problem: "cannot create the folder: \(FileProblem.whyFolderCannotBeCreated(path)); pick another \(option)")
        }
    }

    /// `0000.png`, `10799.png`: four or more digits and .png.
    public static func isFrameName(_ name: String) -> Bool {
        guard name.hasSuffix(".png") else { return false }
        let stem = name.dropLast(4)
        return stem.count >= 4 && stem.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// `0000.png.tmp-123`, `manifest.json.tmp-123-2`: a frame or manifest a killed run was writing
    /// (`AtomicFile`'s temporary names).
    static func isTemporaryFrameName(_ name: String) -> Bool {
        guard AtomicFile.temporaryOwner(name) != nil, let range = name.range(of: ".tmp-", options: .backwards) else { return false }
        let file = String(name[..<range.lowerBound])
        return isFrameName(file) || file == "manifest.json"
    }

    /// A frame file that decodes (CRCs included) to the expected size.
    static func isIntact(_ path: String, width: Int, height: Int) -> Bool {
        guard let image = try? ImageDecoder.decode(fileAt: path) else { return false }
        return image.width == width && image.height == height
    }

    /// Writes to a fresh `path.tmp-PID` (`AtomicFile.createTemporary`) then renames it over `path`
    /// (only when that is absent or a regular file: `AtomicFile`), so a reader never sees half a file. With a gate, the temporary file is
    /// created and renamed (then `placed` runs) only while the gate is open; false when it was
    /// closed (nothing is left behind).
    @discardableResult
    static func writeAtomically(
        _ bytes: [UInt8], to path: String, what: String, gate: WriteGate? = nil,
        placed: () -> Void = {}
    ) throws -> Bool {
        let destination = OutputPath.destination(of: path)
        let create = { AtomicFile.createTemporary(for: destination) }
        let created: (path: String, fd: Int32)?
        if let gate {
            guard let opened = gate.create(create) else { return false }
            created = opened
        } else {
            created = create()
        }
        guard let (temporary, fd) = created else { throw AtomicFile.createFailure(path: path, what: what) }
        let ok = AtomicFile.writeAll(fd, bytes)
        let writeError = ok ? nil : FileProblem.posixOrGeneral(errno)
        close(fd)
        if let writeError {
            gate?.forget(temporary)
            unlink(temporary)
            throw OutputError(path: path, problem: "cannot write \(what): \(writeError)")
        }
        var placeError: Error?
        func move() {
            do { try AtomicFile.place(temporary, at: destination, path: path, what: what); placed() } catch { placeError = error }
        }
        if let gate { guard gate.finish(temporary, move) else { return false } } else { move() }
        if let placeError { throw placeError }
        return true
    }
}

/// The frame files the workers are writing. Closed when a cancelled run stops waiting for its
/// workers: the temporary files being written are removed, and from then on no worker creates one
/// or renames one into place, so what the run leaves is whole frames and its manifest.
final class WriteGate: Sendable {
    private struct State: Sendable { var closed = false; var temporaries: Set<String> = [] }
    private let state = Locked(State())

    /// Creates a temporary file with `open` unless the gate is closed (nil then; `.some(nil)`
    /// when `open` failed, errno set).
    func create(_ open: () -> (path: String, fd: Int32)?) -> (path: String, fd: Int32)?? {
        state.withLock { s in
            guard !s.closed else { return nil }
            let created = open()
            if let created { s.temporaries.insert(created.path) }
            return .some(created)
        }
    }

    /// Runs `move` (the rename into place) unless the gate is closed; false then (the temporary file is gone).
    func finish(_ temporary: String, _ move: () -> Void) -> Bool {
        state.withLock { s in
            guard !s.closed else { return false }
            s.temporaries.remove(temporary)
            move()
            return true
        }
    }

    func forget(_ temporary: String) { state.withLock { _ = $0.temporaries.remove(temporary) } }

    /// Removes the temporary files being written; nothing is created or renamed after this.
    func close() {
        state.withLock { s in
            s.closed = true
            for path in s.temporaries { unlink(path) }
            s.temporaries.removeAll()
        }
    }
}

/// An output that cannot be written: the path, what is wrong and what to do (`Raster`'s, shared by every writer).
public typealias OutputError = OutputPathError

/// The encoded PNGs of the last few scroll states, shared by the workers: a frame whose state
/// equals an earlier one's (a hold, a wait) has the same bytes, so it is written, not rendered.
private final class EncodedFrameCache: Sendable {
    private let entries = Locked<[(Scenario.FrameKey, [UInt8])]>([])

    func bytes(for state: Scenario.FrameKey) -> [UInt8]? {
        entries.withLock { entries in entries.first { $0.0 == state }?.1 }
    }

    func store(_ bytes: [UInt8], for state: Scenario.FrameKey) -> [UInt8] {
        entries.withLock { entries in
            entries.append((state, bytes))
            if entries.count > 4 { entries.removeFirst() }
        }
        return bytes
    }
}

/// Work distribution and results, shared by the workers under a lock.
private final class SharedState: Sendable {
    struct Tally {
        var nextSlot = 0, done = 0, bytes = 0, reused = 0, kept = 0
        var records: [Manifest.Frame?]
        /// Frames taken by a worker and not yet written (or kept).
        var underWay: Set<Int> = []
        var error: Error?
    }
    private let tally: Locked<Tally>
    private let count: Int

    init(count: Int) {
        self.count = count
        tally = Locked(Tally(records: Array(repeating: nil, count: count)))
    }

    var records: [Manifest.Frame?] { tally.withLock { $0.records } }
    var bytes: Int { tally.withLock { $0.bytes } }
    var reused: Int { tally.withLock { $0.reused } }
    var kept: Int { tally.withLock { $0.kept } }
    var error: Error? { tally.withLock { $0.error } }
    var underWay: Int { tally.withLock { $0.underWay.count } }

    func next() -> Int? {
        tally.withLock { t in
            guard t.error == nil, t.nextSlot < count else { return nil }
            t.underWay.insert(t.nextSlot)
            t.nextSlot += 1
            return t.nextSlot - 1
        }
    }

    func finish(slot: Int, record: Manifest.Frame, bytes: Int) -> Int {
        tally.withLock { t in
            t.underWay.remove(slot)
            t.records[slot] = record
            t.bytes += bytes
            t.done += 1
            return t.done
        }
    }

    func countKept() { tally.withLock { $0.kept += 1 } }

    func countReuse() { tally.withLock { $0.reused += 1 } }

    func fail(_ error: Error, slot: Int) {
        tally.withLock { t in
            t.underWay.remove(slot)
            if t.error == nil { t.error = error }
        }
    }
}

extension Layer {
    /// Keeps the tree in `slot` too, and returns it.
    fileprivate func kept(in slot: inout Layer?) -> Layer {
        slot = self
        return self
    }
}

import Animation
import Foundation
import Synchronization
import Raster
import ScenarioFormat
import Scene

/// A folder of rendered frames as an animation's source: checked whole before any work (its
/// manifest complete, every frame there, every frame the manifest's size), then decoded and
/// reduced to the animation's width frame by frame, row by row, so memory stays a batch of frames.
public final class FolderFrames: FrameSource, Sendable {
    public let directory: String
    public let manifest: Manifest
    public let width: Int
    public let height: Int
    public var fps: Double { manifest.fps }
    public var frameCount: Int { manifest.frameCount }
    private let files: [String]
    private let sizes: [Int]
    /// RGBA or grey + alpha frames (color type 6 or 4 in IHDR) may have transparent pixels. Read
    /// only when asked (APNG), once.
    public var mayHaveTransparency: Bool {
        transparency.withLock { known in
            if let known { return known }
            let found = files.contains { path in
                guard let h = FileHandle(forReadingAtPath: path) else { return false }
                defer { try? h.close() }
                let head = [UInt8]((try? h.read(upToCount: 26)) ?? Data())
                return head.count == 26 && (head[25] == 6 || head[25] == 4)
            }
            known = found
            return found
        }
    }
    private let transparency = Locked<Bool?>(nil)
    private let pixelLimit: Int

    /// Checks the folder: `manifest.json` there, not partial, listing every frame 0 ..< frameCount
    /// once and in order; each frame file there with the manifest's size (from its PNG header).
    public static func check(_ directory: String) throws -> Manifest {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else {
            throw AnimationError.input(path: directory, problem: "no such folder; give the folder render-frames wrote (its --out)")
        }
        guard isDirectory.boolValue else {
            throw AnimationError.input(path: directory, problem: "is a file; give the folder of frames render-frames wrote (its --out)")
        }
        let manifestPath = directory + "/manifest.json"
        guard let data = FileManager.default.contents(atPath: manifestPath) else {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            if names.contains(where: { $0.hasPrefix("manifest.shard-") }) {
                throw AnimationError.input(
                    path: directory, problem: "holds shard manifests but no manifest.json; merge the shards first: render-frames merge \(directory)")
            }
            // A matrix's render: a folder per variant, each with its own manifest.
            let variants = names.filter { FileManager.default.fileExists(atPath: directory + "/" + $0 + "/manifest.json") }.sorted()
            if let first = variants.first {
                throw AnimationError.input(
                    path: directory,
                    problem: "holds \(variants.count) variant folder(s) of a matrix (\(variants.prefix(4).joined(separator: ", "))"
                        + "\(variants.count > 4 ? ", ..." : "")); give one of them, such as \(directory)/\(first)")
            }
            throw AnimationError.input(
                path: manifestPath, problem: "missing; render the frames with render-frames first (it writes manifest.json last)")
        }
        let manifest: Manifest
        do { manifest = try JSONDecoder().decode(Manifest.self, from: data) } catch {
            throw AnimationError.input(path: manifestPath, problem: "not a render-frames manifest (it does not read as one); render the frames again")
        }
        if let problem = manifest.problem {
            throw AnimationError.input(path: manifestPath, problem: "\(problem), which no render writes; render the frames again")
        }
        if manifest.partial == true {
            throw AnimationError.input(
                path: manifestPath,
                problem: "says partial: the render was interrupted after \(manifest.frames.count) of \(manifest.frameCount) frames; "
                    + "finish it with the same render command and --resume")
        }
        guard manifest.fps > 0, manifest.fps <= 240, manifest.width > 0, manifest.height > 0, manifest.frameCount > 0 else {
            throw AnimationError.input(
                path: manifestPath,
                problem:
                    "gives fps \(manifest.fps), size \(manifest.width)x\(manifest.height), \(manifest.frameCount) frames; render the frames again")
        }
        if manifest.frames.count != manifest.frameCount || manifest.frames.enumerated().contains(where: { $0.offset != $0.element.index }) {
            throw AnimationError.input(
                path: manifestPath,
                problem: "lists \(manifest.frames.count) of the scenario's \(manifest.frameCount) frames (rendered with --frames or --shard?); "
                    + "an animation needs every frame: render them all, or merge the shards")
        }
        var problems: [String] = []
        for f in manifest.frames {
            let path = directory + "/" + f.file
            var info = stat()
            guard !f.file.contains("/"), stat(path, &info) == 0 else { problems.append("\(f.file) is missing"); continue }
            // Opening a FIFO would wait for a writer forever; a folder or a device is no frame either.
            guard info.st_mode & S_IFMT == S_IFREG else { problems.append("\(f.file) is not a file (a folder, pipe or device)"); continue }
            guard let handle = FileHandle(forReadingAtPath: path) else { problems.append("\(f.file) cannot be read"); continue }
            let head = [UInt8]((try? handle.read(upToCount: 24)) ?? Data())
            try? handle.close()
            guard head.count == 24, head.starts(with: PNGChunks.signature) else { problems.append("\(f.file) is not a PNG"); continue }
            let w = Int(PNGChunks.readUInt32(head, 16)), h = Int(PNGChunks.readUInt32(head, 20))
            if w != manifest.width || h != manifest.height {
                problems.append("\(f.file) is \(w)x\(h), not the manifest's \(manifest.width)x\(manifest.height)")
            }
        }
        // The frames the manifest lists, not others of the same size (sizes, and hashes of frames
        // changed after the render).
        if problems.isEmpty, let mismatch = manifest.frameMismatch(in: directory, manifestPath: manifestPath) { problems.append(mismatch) }
        if !problems.isEmpty {
            let shown = problems.prefix(5).joined(separator: "; ") + (problems.count > 5 ? "; and \(problems.count - 5) more" : "")
            throw AnimationError.input(path: directory, problem: "\(shown); render the frames again into an empty folder")
        }
        return manifest
    }

    /// A source `width` pixels wide (the height keeps the frames' aspect ratio; `even` rounds both down to even).
    public init(directory: String, manifest: Manifest, width: Int, even: Bool = false, pixelLimit: Int = ImageDecoder.defaultPixelLimit) {
        self.directory = directory
        self.manifest = manifest
        var w = min(max(1, width), manifest.width)
        var h = max(1, Int((Double(manifest.height) * Double(w) / Double(manifest.width)).rounded()))
        if even { w = max(2, w & ~1); h = max(2, h & ~1) }
        self.width = w
        self.height = h
        files = manifest.frames.map { directory + "/" + $0.file }

        sizes = files.map { ((try? FileManager.default.attributesOfItem(atPath: $0))?[.size] as? NSNumber)?.intValue ?? -1 }
        self.pixelLimit = pixelLimit
    }

    /// Frames with the same bytes (a hold, written from one encoding) look the same.
    public func same(_ a: Int, _ b: Int) -> Bool {
        guard sizes[a] == sizes[b], sizes[a] >= 0 else { return false }
        return FileManager.default.contentsEqual(atPath: files[a], andPath: files[b])
    }

    public func frame(_ index: Int, worker: Int) throws -> Pixmap {
        // Smaller than the frames: decoded and reduced in one pass, row by row, so a full-size
        // frame never sits in memory; a PNG that path does not read is decoded whole and scaled.
        if width < manifest.width || height < manifest.height,
            let reduced = ImageDecoder.decodeReduced(
                fileAt: files[index], sourceWidth: manifest.width, sourceHeight: manifest.height, width: width, height: height,
                pixelLimit: pixelLimit)
        {
            return reduced
        }
        let image: Pixmap
        do { image = try ImageDecoder.decode(fileAt: files[index], pixelLimit: pixelLimit) } catch {
            throw AnimationError.frame("\(error)")
        }
        guard image.width == manifest.width, image.height == manifest.height else {
            throw AnimationError.input(
                path: files[index],
                problem: "is \(image.width)x\(image.height), not the manifest's \(manifest.width)x\(manifest.height); render the frames again")
        }
        if image.width == width && image.height == height { return image }
        return Resampler.resize(image, width: width, height: height)
    }
}

/// A scenario drawn directly at the animation's own scale: a frame is a pure function of its
/// moment, so a 360-pixel animation is drawn at 360 pixels (sharp text, 1/9 of the @3x work)
/// instead of scaled down from the @3x frames. Frame i is the same moment as the frames' frame i.
public final class ScenarioFrames: FrameSource, Sendable {
    public let scenario: Scenario
    public let width: Int
    public let height: Int
    public var fps: Double { scenario.fps }
    public var frameCount: Int { scenario.frameCount }
    /// One renderer (and its caches) per worker: worker w draws with renderers[w]. Each is under a
    /// lock of its own, never contended while the writer runs `jobs` workers.
    private let renderers: [Lane]
    private final class Lane: Sendable {
        let renderer: Mutex<FrameRenderer>
        init(_ scenario: Scenario) { renderer = Mutex(FrameRenderer(scenario: scenario)) }
    }
    private let states: [Scenario.FrameState]
    private let even: Bool

    /// `scenario` loaded at the animation's scale; `jobs` renderers, one per worker.
    public init(scenario: Scenario, jobs: Int, even: Bool = false) {
        self.scenario = scenario
        self.even = even
        width = even ? max(2, scenario.pixelWidth & ~1) : scenario.pixelWidth
        height = even ? max(2, scenario.pixelHeight & ~1) : scenario.pixelHeight
        renderers = (0..<max(1, jobs)).map { _ in Lane(scenario) }
        states = (0..<scenario.frameCount).map { scenario.frame($0) }
    }

    public func same(_ a: Int, _ b: Int) -> Bool { states[a].key == states[b].key }

    public func frame(_ index: Int, worker: Int) throws -> Pixmap {
        let state = states[index]
        let p = renderers[worker % renderers.count].renderer.withLock { $0.render(state) }
        if p.width == width && p.height == height { return p }
        return p.cropped(to: PixelRect(x: 0, y: 0, width: width, height: height))
    }
}

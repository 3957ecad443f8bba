import Animation
import Foundation
import Raster
import Scene
import Yams

/// An animation a scenario asks for (`output:`), written after its frames. The format comes
/// from the file's extension; what is not given takes the format's defaults.
package struct ScenarioOutput: Sendable, Equatable {
    /// As written in the scenario.
    package var file: String
    /// Resolved against the scenario's folder.
    package var path: String
    /// Told by the file's extension (one of `AnimationFormats.all`).
    package var format: any AnimationFormat
    package var width: Int?
    package var fps: Double?
    package var quality: Double?
    package var lossless = false
    package var maxBytes: Int?

    package init(file: String, path: String, format: any AnimationFormat) { self.file = file; self.path = path; self.format = format }

    package static func == (a: ScenarioOutput, b: ScenarioOutput) -> Bool {
        a.file == b.file && a.path == b.path && a.format.isSame(as: b.format) && a.width == b.width && a.fps == b.fps
            && a.quality == b.quality && a.lossless == b.lossless && a.maxBytes == b.maxBytes
    }

    /// The animation of one variant of a matrix: `demo.webp` becomes `demo-iphone-15-dark.webp`.
    func forVariant(_ variant: String) -> ScenarioOutput {
        func named(_ p: String) -> String {
            let ns = p as NSString
            return ns.deletingPathExtension + "-" + variant + "." + ns.pathExtension
        }
        var o = self
        o.file = named(file)
        o.path = named(path)
        return o
    }

    static let keys = ["file", "width", "fps", "quality", "lossless", "maxBytes"]

    /// `output: demo.webp`, `output: [demo.webp, demo.gif]`, or entries with settings:
    /// `output: [{file: demo.gif, width: 300, fps: 20, maxBytes: 5MB}]`.
    static func read(_ node: Node, _ r: ScenarioReader, baseDirectory: String) -> [ScenarioOutput] {
        let entries: [Node]
        var listed = false
        if case .sequence = node { entries = r.sequence(node, "output") ?? []; listed = true } else { entries = [node] }
        if entries.count > 16 {
            r.report(node, "output", "lists \(entries.count) animations, over the limit of 16; keep the ones you use")
            return []
        }
        var outputs: [ScenarioOutput] = []
        var seen: [OutputPath.Identity: (Int, String)] = [:]
        for (i, entry) in entries.enumerated() {
            let field = listed ? "output[\(i)]" : "output"
            var settings: [String: Node] = [:]
            let fileNode: Node
            if case .mapping = entry {
                guard let m = r.mapping(entry, field, allowed: keys) else { continue }
                guard let f = m["file"] else {
                    r.report(entry, field, "missing file; give the animation's file name, e.g. {file: demo.webp}")
                    continue
                }
                settings = m
                fileNode = f
            } else {
                fileNode = entry
            }
            let fileField = settings.isEmpty ? field : field + ".file"
            guard let file = r.string(fileNode, fileField) else { continue }
            let ext = (file as NSString).pathExtension
            guard let format = AnimationFormats.of(extension: ext) else {
                let sharing = AnimationFormats.sharing(extension: ext)
                r.report(
                    fileNode, fileField,
                    "expected a file ending in \(AnimationFormats.extensionChoice), got \(file)"
                        + (sharing.map { " (\($0.sharedExtension!.what) is .\($0.fileExtension) here)" } ?? "") + "; change its extension")
                continue
            }
            let path = file.hasPrefix("/") ? file : (baseDirectory.isEmpty ? file : baseDirectory + "/" + file)
            let folder = path.parentPath
            var isFolder: ObjCBool = false
            if !folder.isEmpty, !(FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) && isFolder.boolValue) {
                let written = file.parentPath
                r.report(
                    fileNode, fileField,
                    "the folder \(written) does not exist ("
                        + (written == folder ? "paths are relative to the scenario file" : "paths are relative to the scenario file: \(folder)")
                        + "); create it first")
                continue
            }
            // Only a regular file is replaced: a FIFO, device, socket or folder there is refused here,
            // by line and column, as `validate` and render both read it.
            do {
                try OutputPath.checkFile(path, option: "file name")
            } catch let e as OutputPathError {
                r.report(fileNode, fileField, "\(file): \(e.problem)")
                continue
            } catch {}
            // One file however it is spelled (`demo.gif`, `./sub/../demo.gif`, a link to it).
            let identity = OutputPath.identity(OutputPath.destination(of: path))
            if let (first, firstFile) = seen[identity] {
                r.report(
                    fileNode, fileField,
                    "output[\(first)] writes \(firstFile) too"
                        + (firstFile == file ? "" : ", the same file as \(file)") + "; give each animation its own file")
                continue
            }
            seen[identity] = (i, file)
            var out = ScenarioOutput(file: file, path: path, format: format)
            if let n = settings["width"], let v = r.integer(n, field + ".width", range: RenderLimits.animationWidth) { out.width = v }
            if let n = settings["fps"], let v = r.number(n, field + ".fps", range: RenderLimits.fps, unit: "frames per second") {
                if let limit = format.maxFPS, v > limit {
                    r.report(n, field + ".fps", format.tooFast(asked: r.format(v), inScenario: true))
                } else {
                    out.fps = v
                }
            }
            if let n = settings["quality"], let v = r.number(n, field + ".quality", range: 0...100) { out.quality = v }
            if let n = settings["lossless"], let v = r.bool(n, field + ".lossless") {
                if v && format.lossless != .option { r.report(n, field + ".lossless", "applies to \(AnimationFormats.losslessApplies); remove it") }
                out.lossless = v
            }
            if let n = settings["maxBytes"] {
                if case .scalar(let s) = n, let v = ByteSize.parse(s.string) {
                    if v != 0 && (v < 1000 || v > 1_000_000_000) {
                        r.report(n, field + ".maxBytes", "must be between 1KB and 1GB, got \(s.string)")
                    } else {
                        out.maxBytes = v
                    }
                } else {
                    r.report(n, field + ".maxBytes", "expected a size such as 5MB, 800KB, 2000000 (bytes) or none, got \(r.describe(n))")
                }
            }
            outputs.append(out)
        }
        return outputs
    }
}

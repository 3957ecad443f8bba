import Foundation
import Raster
import Scene
import Yams

/// Loads the images a scenario names, relative to its folder, reporting problems at the field.
/// A file is read and decoded once, however many fields and scales name it; the decoded images
/// together stay within `limits.memory`, checked from each file's header before it is decoded.
final class ImageResolver {
    let reader: ScenarioReader
    let baseDirectory: String
    let limits: ImageLimits
    private var loaded: [String: SceneImage] = [:]
    private var decoded: [String: Pixmap] = [:]
    /// Bytes of the images decoded so far.
    private(set) var decodedBytes = 0
    /// The files decoded (resolved paths), sorted.
    var files: [String] { decoded.keys.sorted() }
    private var nextID = 1

    init(reader: ScenarioReader, baseDirectory: String, limits: ImageLimits) {
        self.reader = reader
        self.baseDirectory = baseDirectory
        self.limits = limits
    }

    func load(_ node: Node, _ field: String, scale: Double) -> SceneImage? {
        guard let relative = reader.string(node, field) else { return nil }
        let path = relative.hasPrefix("/") ? relative : (baseDirectory.isEmpty ? relative : baseDirectory + "/" + relative)
        let key = "\(path)@\(scale)"
        if let image = loaded[key] { return image }
        // One decoded copy per file, however the path is written (./a.png, sub/../a.png, a link).
        let file = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
        let pixmap: Pixmap
        if let known = decoded[file] {
            pixmap = known
        } else {
            guard FileManager.default.fileExists(atPath: path) else {
                var link = stat()
                let what = lstat(path, &link) == 0 ? "leads nowhere (a symbolic link to a missing file, or a loop)" : "not found"
                reader.report(
                    node, field, "image file \(what): \(ScenarioReader.shown(path)) (paths are relative to the scenario file); fix the path")
                return nil
            }
            do {
                // The file's bytes count against what is left of the budget while it is decoded.
                let left = limits.memory - decodedBytes
                let largest = ImageDecoder.maxFileBytes(pixelLimit: limits.pixels)
                let data =
                    try left >= largest
                    ? ImageDecoder.readFile(path, maxBytes: largest)
                    : ImageDecoder.readFile(
                        path, maxBytes: left,
                        limit: "more than the \(ByteSize.format(left)) left of the budget for a "
                            + "render's images; raise it with --max-image-memory")
                if let (width, height) = ImageDecoder.size(of: data), width * height <= limits.pixels,
                    ImageDecoder.decodedBytes(width: width, height: height) > left
                {
                    throw ImageError.overBudget(path: path, width: width, height: height, used: decodedBytes, budget: limits.memory)
                }
                pixmap = try ImageDecoder.decode(data: data, name: path, pixelLimit: limits.pixels)
            } catch {
                reader.report(node, field, "\(error)")
                return nil
            }
            decoded[file] = pixmap
            decodedBytes += pixmap.bytes.count
        }
        let image = SceneImage(pixmap: pixmap, scale: scale, id: nextID)
        nextID += 1
        loaded[key] = image
        return image
    }
}

import Foundation
import Raster

/// One frame's verdict in a folder comparison.
public struct FrameVerdict: Sendable {
    public var file: String
    /// nil when the frame could be compared; else why it fails (missing, unreadable, size).
    public var problem: String?
    public var comparison: ImageComparison?

    public var passed: Bool { problem == nil && comparison?.matches == true }
}

public struct FolderComparisonError: Error, CustomStringConvertible {
    public let description: String
}

/// Compares a frames folder (or one PNG) with a golden folder (or PNG). Fails closed: a frame
/// present on one side only, an unreadable file or a size mismatch is a failure, never a pass.
public enum FolderComparison {
    /// Throws `FolderComparisonError` for bad input (a path that does not exist, no frames at all).
    public static func compare(actual: String, golden: String, tolerance: Int = 0,
                               diffDirectory: String? = nil) throws -> [FrameVerdict] {
        let pairs = try framePairs(actual: actual, golden: golden)
        var verdicts: [FrameVerdict] = []
        for (name, actualPath, goldenPath) in pairs {
            guard let actualPath else { verdicts.append(FrameVerdict(file: name, problem: "missing from \(actual)")); continue }
            guard let goldenPath else { verdicts.append(FrameVerdict(file: name, problem: "no golden in \(golden)")); continue }
            let a: Pixmap, e: Pixmap
            do {
                a = try ImageDecoder.decode(fileAt: actualPath)
                e = try ImageDecoder.decode(fileAt: goldenPath)
            } catch {
                verdicts.append(FrameVerdict(file: name, problem: "\(error)"))
                continue
            }
            let result = ImageComparison.compare(a, e, tolerance: tolerance)
            if result.sizeMismatch {
                verdicts.append(FrameVerdict(file: name, problem: "size \(a.width)x\(a.height) differs from the golden's \(e.width)x\(e.height)",
                                             comparison: result))
                continue
            }
            if !result.matches, let diffDirectory {
                try? FileManager.default.createDirectory(atPath: diffDirectory, withIntermediateDirectories: true)
                let stem = (name as NSString).deletingPathExtension
                let encoder = PNGEncoder(options: .fast)
                for (suffix, image) in [("expected", e), ("actual", a), ("diff", ImageComparison.diffImage(a, e, tolerance: tolerance))] {
                    FileManager.default.createFile(atPath: "\(diffDirectory)/\(stem).\(suffix).png", contents: Data(encoder.encode(image)))
                }
            }
            verdicts.append(FrameVerdict(file: name, problem: nil, comparison: result))
        }
        return verdicts
    }

    static func framePairs(actual: String, golden: String) throws -> [(String, String?, String?)] {
        let fm = FileManager.default
        var aDir: ObjCBool = false, gDir: ObjCBool = false
        guard fm.fileExists(atPath: actual, isDirectory: &aDir) else { throw FolderComparisonError(description: "\(actual): no such file or folder") }
        guard fm.fileExists(atPath: golden, isDirectory: &gDir) else { throw FolderComparisonError(description: "\(golden): no such file or folder") }
        if !aDir.boolValue && !gDir.boolValue { return [((actual as NSString).lastPathComponent, actual, golden)] }
        guard aDir.boolValue && gDir.boolValue else {
            throw FolderComparisonError(description: "compare a folder with a folder or a PNG with a PNG; got one of each")
        }
        func pngs(_ dir: String) -> Set<String> {
            Set(((try? fm.contentsOfDirectory(atPath: dir)) ?? []).filter { $0.hasSuffix(".png") })
        }
        let a = pngs(actual), g = pngs(golden)
        guard !a.isEmpty || !g.isEmpty else { throw FolderComparisonError(description: "no PNG frames in \(actual) or \(golden)") }
        return a.union(g).sorted().map { name in
            (name, a.contains(name) ? actual + "/" + name : nil, g.contains(name) ? golden + "/" + name : nil)
        }
    }
}

import Foundation
import Raster

/// Folders a comparison reads and writes that must be kept apart, refused (with the fix) before
/// any work: goldens checked against the frames they are, or failure images written among frames
/// that later comparisons would take for frames. Paths are resolved by Raster's `ResolvedPath`
/// (the one resolution of the package) and compared by device and inode where they exist.
public enum FolderOverlap {
    /// A folder (or a file: then the folder it sits in counts) and what the user calls it
    /// (`--out`, `--golden`, `the golden folder`).
    public struct Folder: Sendable {
        public var name: String
        public var path: String
        public init(_ name: String, _ path: String) { self.name = name; self.path = path }
        var resolved: ResolvedPath { ResolvedPath(path) }

        /// The folders whose PNGs are frames: the folder itself, or for a file the folder it is
        /// named in and the folder it lies in (when a link leads elsewhere).
        var frameFolders: [ResolvedPath] {
            guard FileKind.at(path) == .regularFile else { return [resolved] }
            let named = ResolvedPath(path.parentPath.isEmpty ? "." : path.parentPath)
            let lies = ResolvedPath(resolved.path.parentPath)
            return named.isSame(as: lies) ? [named] : [named, lies]
        }
    }

    static let separateFolders = "keep the goldens and the frames in separate folders, such as goldens/NAME and frames/NAME"

    /// Why `golden` may not be compared with `frames`, or nil: one folder (or file), however it
    /// is spelled; the frames would be checked against themselves and always pass.
    public static func sameFolder(frames: Folder, golden: Folder) -> String? {
        let f = frames.resolved, g = golden.resolved
        guard f.isSame(as: g) else { return nil }
        return "\(golden.name) \(golden.path) is \(frames.name) \(frames.path) (\(g)): the frames would be checked against "
            + "themselves and always pass; \(separateFolders)"
    }

    /// Why `golden` may not be checked against `frames`, or nil when the two are apart: the same
    /// folder (the frames would be checked against themselves and always pass), goldens inside the
    /// frames folder, or frames written inside the golden folder.
    public static func framesAndGoldens(frames: Folder, golden: Folder) -> String? {
        if let same = sameFolder(frames: frames, golden: golden) { return same }
        let f = frames.resolved, g = golden.resolved
        if f.contains(g) {
            return "\(golden.name) \(golden.path) lies inside \(frames.name) \(frames.path): the goldens would sit among the frames "
                + "they check; \(separateFolders)"
        }
        if g.contains(f) {
            return "\(frames.name) \(frames.path) lies inside \(golden.name) \(golden.path): the frames would be written among the "
                + "goldens; \(separateFolders)"
        }
        return nil
    }

    /// Why failure images may not go to `diff`, or nil: it is, or lies inside, one of `compared`
    /// (a folder whose PNGs are frames, or the folder of a compared file; its images would be
    /// taken for frames by later comparisons).
    public static func diffFolder(_ diff: Folder, compared: [Folder]) -> String? {
        let d = diff.resolved
        for folder in compared {
            let isFile = FileKind.at(folder.path) == .regularFile
            for frames in folder.frameFolders where frames.contains(d) {
                let how = (frames.isSame(as: d) ? "is " : "lies inside ") + (isFile ? "the folder of " : "")
                let sibling = frames.path == "/" ? "/tmp/diff" : frames.path + "-diff"
                return "\(diff.name) \(diff.path) \(how)\(folder.name) \(folder.path): its expected / actual / diff images would sit "
                    + "among the frames and be compared as frames next time; write them outside the compared folders, such as "
                    + sibling
            }
        }
        return nil
    }
}

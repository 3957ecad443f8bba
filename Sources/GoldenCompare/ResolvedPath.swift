import Foundation

/// A path as the file system reaches it: absolute, symbolic links resolved in the part that
/// exists, `.` dropped and `..` applied in order after the links before it (as the kernel does:
/// `link/..` is the parent of the link's target), so two spellings of one folder compare equal
/// and a folder that does not exist yet is placed where it would be made. A link that leads
/// nowhere (missing target, loop) is kept as it is written.
public struct ResolvedPath: Equatable, Sendable, CustomStringConvertible {
    public let path: String

    public init(_ path: String, currentDirectory: String = FileManager.default.currentDirectoryPath) {
        let absolute = path.hasPrefix("/") ? path : currentDirectory + "/" + path
        var resolved = "/"
        for component in absolute.split(separator: "/", omittingEmptySubsequences: true).map(String.init) {
            switch component {
            case ".":
                continue
            case "..":
                resolved = resolved.parentPath
                if resolved.isEmpty { resolved = "/" }
            default:
                let candidate = resolved == "/" ? "/" + component : resolved + "/" + component
                var status = stat()
                // A link is followed to its end (realpath gives up on a loop or a missing target:
                // then the link itself stands); anything else is already resolved.
                if lstat(candidate, &status) == 0, status.st_mode & S_IFMT == S_IFLNK, let real = realpath(candidate, nil) {
                    resolved = String(cString: real)
                    free(real)
                } else {
                    resolved = candidate
                }
            }
        }
        self.path = resolved
    }

    public var description: String { path }

    /// True when `other` is this path or lies inside it.
    public func contains(_ other: ResolvedPath) -> Bool {
        other.path == path || other.path.hasPrefix(path == "/" ? "/" : path + "/")
    }

    /// True when one of the two is, contains, or lies inside the other.
    public func overlaps(_ other: ResolvedPath) -> Bool { contains(other) || other.contains(self) }
}

/// Folders a comparison reads and writes that must be kept apart, refused (with the fix) before
/// any work: goldens checked against the frames they are, or failure images written among frames
/// that later comparisons would take for frames.
public enum FolderOverlap {
    /// A folder and what the user calls it (`--out`, `--golden`, `the golden folder`).
    public struct Folder: Sendable {
        public var name: String
        public var path: String
        public init(_ name: String, _ path: String) { self.name = name; self.path = path }
        var resolved: ResolvedPath { ResolvedPath(path) }
    }

    /// Why `golden` may not be checked against `frames`, or nil when the two are apart: the same
    /// folder (the frames would be checked against themselves and always pass), goldens inside the
    /// frames folder, or frames written inside the golden folder.
    public static func framesAndGoldens(frames: Folder, golden: Folder) -> String? {
        let f = frames.resolved, g = golden.resolved
        let fix = "keep the goldens and the frames in separate folders, such as goldens/NAME and frames/NAME"
        if f == g {
            return "\(golden.name) \(golden.path) is \(frames.name) \(frames.path) (\(g)): the frames would be checked against "
                + "themselves and always pass; \(fix)"
        }
        if f.contains(g) {
            return "\(golden.name) \(golden.path) lies inside \(frames.name) \(frames.path): the goldens would sit among the frames "
                + "they check; \(fix)"
        }
        if g.contains(f) {
            return "\(frames.name) \(frames.path) lies inside \(golden.name) \(golden.path): the frames would be written among the "
                + "goldens; \(fix)"
        }
        return nil
    }

    /// Why failure images may not go to `diff`, or nil: it is, or lies inside, one of `compared`
    /// (a folder whose PNGs are frames; its images would be taken for frames by later comparisons).
    public static func diffFolder(_ diff: Folder, compared: [Folder]) -> String? {
        let d = diff.resolved
        for folder in compared where folder.resolved.contains(d) {
            let how = folder.resolved == d ? "is" : "lies inside"
            let sibling = folder.resolved.path == "/" ? "/tmp/diff" : folder.resolved.path + "-diff"
            return "\(diff.name) \(diff.path) \(how) \(folder.name) \(folder.path): its expected / actual / diff images would sit "
                + "among the frames and be compared as frames next time; write them outside the compared folders, such as "
                + sibling
        }
        return nil
    }
}

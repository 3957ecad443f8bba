import Foundation

/// A path as the file system reaches it, the one resolution every check of paths uses (output
/// files named twice, goldens against frames, failure images among frames): absolute, symbolic
/// links followed in the part that exists, `.` dropped and `..` applied in order after the links
/// before it (as the kernel walks a path: `link/..` is the parent of the link's target), so two
/// spellings of one folder resolve alike, and a folder that does not exist yet is placed where
/// `mkdir -p` would make it (`link/../absent/../x` is `x` beside the link's target).
///
/// A link that leads nowhere (a missing target, a loop) is kept as it is written. At most
/// `linkLimit` links are followed in one path (the kernel's own limit); past it, the link stands.
///
/// `path` is text; where the path exists, `identity` (device and inode) says which file it is,
/// so a bind mount of a folder is that folder: `isSame(as:)` and `contains` compare by it.
public struct ResolvedPath: Equatable, Sendable, CustomStringConvertible {
    /// Links followed in one path at most (Linux's MAXSYMLINKS).
    public static let linkLimit = 40

    public let path: String

    public init(_ path: String, currentDirectory: String = FileManager.default.currentDirectoryPath) {
        let absolute = path.hasPrefix("/") ? path : currentDirectory + "/" + path
        var links = 0
        self.path = ResolvedPath.walk(absolute, from: "/", links: &links)
    }

    /// `text`'s components applied one by one to `base` (a resolved absolute path); `links`
    /// counts the links followed so far in the whole path.
    static func walk(_ text: String, from base: String, links: inout Int) -> String {
        var resolved = base
        for component in text.split(separator: "/", omittingEmptySubsequences: true) {
            switch component {
            case ".":
                continue
            case "..":
                resolved = resolved.parentPath
                if resolved.isEmpty { resolved = "/" }
            default:
                let candidate = resolved == "/" ? "/" + component : resolved + "/" + component
                resolved = candidate
                guard links < linkLimit, let target = linkTarget(candidate) else { continue }
                links += 1
                // The target walked from the link's folder (or from / when absolute); only a
                // target that exists replaces the link, else the link stands as written.
                let end = walk(target, from: target.hasPrefix("/") ? "/" : candidate.parentPath, links: &links)
                var status = stat()
                if lstat(end, &status) == 0, status.st_mode & S_IFMT != S_IFLNK { resolved = end }
            }
        }
        return resolved
    }

    /// What the symbolic link at `path` holds, or nil when `path` is not a link.
    static func linkTarget(_ path: String) -> String? {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return nil }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, Int(PATH_MAX))
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    public var description: String { path }

    /// Which file this is: its device and inode when it exists, else its resolved path.
    public var identity: OutputPath.Identity { Self.identity(ofResolved: path) }

    static func identity(ofResolved path: String) -> OutputPath.Identity {
        var status = stat()
        if stat(path, &status) == 0 { return .file(device: UInt64(status.st_dev), inode: UInt64(status.st_ino)) }
        return .path(path)
    }

    /// True when both name one file or folder (one device and inode where it exists; a bind
    /// mount, a hard link), else when both resolve to one path.
    public func isSame(as other: ResolvedPath) -> Bool { path == other.path || identity == other.identity }

    /// True when `other` is this path or lies inside it: this is `other` or one of its folders
    /// (by whole components, and by device and inode for the folders that exist).
    public func contains(_ other: ResolvedPath) -> Bool {
        if other.path == path || other.path.hasPrefix(path == "/" ? "/" : path + "/") { return true }
        let mine = identity
        guard case .file = mine else { return false }
        var ancestor = other.path
        while true {
            if Self.identity(ofResolved: ancestor) == mine { return true }
            if ancestor == "/" { return false }
            ancestor = ancestor.parentPath
            if ancestor.isEmpty { return false }
        }
    }

    /// True when one of the two is, contains, or lies inside the other.
    public func overlaps(_ other: ResolvedPath) -> Bool { contains(other) || other.contains(self) }
}

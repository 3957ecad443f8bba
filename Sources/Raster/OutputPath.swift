import Foundation

// Every file this package writes goes through here: what stands at an output path is checked
// before any work (only a regular file, or nothing, is replaced by a file; only a folder, or
// nothing, is written into), and each file is written under a temporary name in the folder of the
// file it replaces, then renamed over it, only when that is still absent or a regular file.
//
// A symbolic link to a regular file is written through: the file it leads to is replaced (in the
// link's target's folder) and the link kept, as a shell's `>` does. A link to anything else, or
// to nothing, is refused like what it leads to.

/// What stands at a path, following symbolic links (`brokenLink` when a link leads nowhere).
public enum FileKind: Equatable, Sendable {
    case absent, regularFile, folder, fifo, socket, characterDevice, blockDevice, brokenLink, other

    /// What is there, following symbolic links.
    public static func at(_ path: String) -> FileKind {
        var s = stat()
        if stat(path, &s) == 0 { return FileKind(mode: s.st_mode) }
        var link = stat()
        if lstat(path, &link) == 0, (link.st_mode & S_IFMT) == S_IFLNK { return .brokenLink }
        return .absent
    }

    init(mode: mode_t) {
        switch mode & S_IFMT {
        case S_IFREG: self = .regularFile
        case S_IFDIR: self = .folder
        case S_IFIFO: self = .fifo
        case S_IFSOCK: self = .socket
        case S_IFCHR: self = .characterDevice
        case S_IFBLK: self = .blockDevice
        default: self = .other
        }
    }

    /// "a FIFO (named pipe)", "a character device", ...
    public var phrase: String {
        switch self {
        case .absent: return "nothing"
        case .regularFile: return "a file"
        case .folder: return "a folder"
        case .fifo: return "a FIFO (named pipe)"
        case .socket: return "a socket"
        case .characterDevice: return "a character device"
        case .blockDevice: return "a block device"
        case .brokenLink: return "a symbolic link that leads nowhere (to a missing file, or a loop)"
        case .other: return "not a regular file"
        }
    }
}

/// An output path that cannot be written, or a write that failed: the path as the user gave it,
/// what is wrong and what to do.
public struct OutputPathError: Error, CustomStringConvertible, Equatable {
    public let path: String
    public let problem: String
    public init(path: String, problem: String) { self.path = path; self.problem = problem }
    public var description: String { "\(path): \(problem)" }
}

/// Checks of output paths, made before any work.
public enum OutputPath {
    /// Refuses `path` as a file to write unless it is absent or a regular file (or a symbolic link
    /// to one) and its folder exists. `option` names the setting to change (`--out`, `output:`).
    public static func checkFile(_ path: String, option: String) throws {
        let kind = FileKind.at(path)
        switch kind {
        case .absent, .regularFile: break
        case .folder:
            throw OutputPathError(
                path: path,
                problem: "is a folder, and a file is written here; give a file name, "
                    + "such as \(path)/\(suggestedName(path)), or another \(option)")
        default:
            throw OutputPathError(
                path: path,
                problem: "is \(kind.phrase), not a regular file; only a regular file is replaced: "
                    + "remove it, or give another \(option)")
        }
        let folder = path.parentPath
        guard !folder.isEmpty else { return }
        switch FileKind.at(folder) {
        case .folder: break
        case .absent: throw OutputPathError(path: path, problem: "the folder \(folder) does not exist; create it first")
        case let k: throw OutputPathError(path: path, problem: "\(folder) is \(k.phrase), not a folder; give another \(option)")
        }
    }

    /// Refuses `path` as a folder to write into unless it is a folder (or a symbolic link to one)
    /// or can be created (the nearest existing folder on its way is a folder). When it exists,
    /// each entry `files` accepts (frame files, manifests) must be a regular file, and each entry
    /// `folders` accepts a folder.
    public static func checkFolder(
        _ path: String, option: String, files: (String) -> Bool = { _ in false },
        folders: (String) -> Bool = { _ in false }
    ) throws {
        switch FileKind.at(path) {
        case .folder: break
        case .regularFile: throw OutputPathError(path: path, problem: "exists and is a file, not a folder; pick another \(option)")
        case .brokenLink:
            throw OutputPathError(
                path: path, problem: "is a symbolic link that leads nowhere (to a missing folder, or a loop); pick another \(option)")
        case .absent:
            var ancestor = path.parentPath
            while !ancestor.isEmpty, ancestor != "/", FileKind.at(ancestor) == .absent {
                ancestor = ancestor.parentPath
            }
            let kind = ancestor.isEmpty ? .folder : FileKind.at(ancestor)
            guard kind == .folder else {
                throw OutputPathError(
                    path: path, problem: "cannot create the folder: \(ancestor) is \(kind.phrase), not a folder; pick another \(option)")
            }
            return
        case let kind:
            throw OutputPathError(path: path, problem: "is \(kind.phrase), not a folder; pick another \(option)")
        }
        for name in ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted() {
            let wantsFile = files(name), wantsFolder = !wantsFile && folders(name)
            guard wantsFile || wantsFolder else { continue }
            let entry = path + "/" + name
            if wantsFile {
                if FileKind.at(entry) == .folder {
                    throw OutputPathError(path: entry, problem: "is a folder, and a file is written here; remove it, or pick another \(option)")
                }
                try checkFile(entry, option: option)
            } else {
                let kind = FileKind.at(entry)
                guard kind == .folder else {
                    throw OutputPathError(
                        path: entry, problem: "is \(kind.phrase), and a folder is written here; remove it, or pick another \(option)")
                }
            }
        }
    }

    private static func suggestedName(_ path: String) -> String {
        let ext = (path as NSString).pathExtension
        return ext.isEmpty ? "output" : "output.\(ext)"
    }

    /// The file a write to `path` replaces: `path` itself, or the regular file a symbolic link at
    /// `path` leads to (the link is kept, its target replaced).
    public static func destination(of path: String) -> String {
        var link = stat()
        guard lstat(path, &link) == 0, (link.st_mode & S_IFMT) == S_IFLNK, FileKind.at(path) == .regularFile,
            let resolved = realpath(path, nil)
        else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// What names one file, however it is spelled: its device and inode when it exists, else its
    /// path as `ResolvedPath` resolves it (links followed, `.` and `..` applied as the kernel does).
    public enum Identity: Hashable, Sendable {
        case file(device: UInt64, inode: UInt64)
        case path(String)
    }

    public static func identity(_ path: String) -> Identity { ResolvedPath(path).identity }

    /// `path` absolute, as `ResolvedPath` resolves it.
    public static func resolved(_ path: String) -> String { ResolvedPath(path).path }

    /// The first two of `paths` that name one file (both spellings), or nil.
    public static func firstRepeat(_ paths: [String]) -> (first: String, second: String)? {
        var seen: [Identity: String] = [:]
        for path in paths {
            let id = identity(path)
            if let first = seen[id] { return (first, path) }
            seen[id] = path
        }
        return nil
    }
}

import Foundation

/// Plain words for a failed file operation, whoever raised it (Foundation's file manager and
/// `Data.write`, or a POSIX call): the path, what is wrong, and what to do. Users never see
/// Foundation's own text (`Error Domain=NSCocoaErrorDomain Code=...`).
public enum FileProblem {
    /// Why the folder `path` cannot be created, found by walking up the path to what is in the way.
    public static func whyFolderCannotBeCreated(_ path: String) -> String {
        let fm = FileManager.default
        var ancestor = path.parentPath
        while !ancestor.isEmpty, ancestor != "/", !fm.fileExists(atPath: ancestor) {
            ancestor = ancestor.parentPath
        }
        let shown = ancestor.isEmpty ? "." : ancestor
        var isFolder: ObjCBool = false
        if fm.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue { return "\(path) is a file, not a folder" }
        if fm.fileExists(atPath: shown, isDirectory: &isFolder), !isFolder.boolValue { return "\(shown) is a file, not a folder" }
        if !fm.isWritableFile(atPath: shown) { return "\(shown) is not writable (permission denied)" }
        return "check the path and the free space"
    }

    /// The sentence for `error` when it is about a file, else nil; `path` names the file when
    /// the error's own path is not the one the user knows (a copy's source, say).
    public static func describe(_ error: Error, path given: String? = nil) -> String? {
        guard let what = reason(error) else { return nil }
        let ns = error as NSError
        let path = given ?? (ns.userInfo[NSFilePathErrorKey] as? String) ?? (ns.userInfo[NSURLErrorKey] as? URL)?.path
        return "\(path ?? "a file"): \(what)"
    }

    /// What is wrong and what to do, without the path; nil when `error` is not about a file.
    public static func reason(_ error: Error) -> String? {
        let ns = error as NSError
        let domain = ns.domain
        guard domain == NSCocoaErrorDomain || domain == NSPOSIXErrorDomain else { return nil }
        var code: Int32?
        if domain == NSPOSIXErrorDomain { code = Int32(ns.code) }
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            code = Int32(underlying.code)
        }
        let what: String
        if let code, let words = posix(code) {
            what = words
        } else {
            switch CocoaError.Code(rawValue: ns.code) {
            case .fileNoSuchFile, .fileReadNoSuchFile: what = "does not exist (or a folder on its way is missing); check the path"
            case .fileReadNoPermission, .fileWriteNoPermission: what = "permission denied; choose a place this user may write"
            case .fileWriteOutOfSpace: what = "the disk is full; free some space or write elsewhere"
            case .fileWriteVolumeReadOnly: what = "is on a read-only file system; write somewhere writable"
            case .fileWriteFileExists: what = "already exists and is in the way; remove it or choose another path"
            default: what = "could not be read or written; check the path, its permissions and the free space"
            }
        }
        return what
    }

    /// What is wrong and what to do for a POSIX error code (`errno`), in our words (never
    /// strerror's); nil for a code with no sentence of its own.
    public static func posix(_ code: Int32) -> String? {
        switch code {
        case ENOENT: return "does not exist (or a folder on its way is missing); check the path"
        case EACCES, EPERM: return "permission denied; make it readable and writable for this user, or choose another place"
        case ENOSPC, EDQUOT: return "the disk is full; free some space or write elsewhere"
        case EROFS: return "is on a read-only file system; write somewhere writable"
        case ENOTDIR: return "a part of the path is a file, not a folder; choose another path"
        case EISDIR: return "is a folder where a file was expected; choose another path"
        case EEXIST: return "already exists and is in the way; remove it or choose another path"
        case ENAMETOOLONG: return "the path is too long; choose a shorter one"
        case EMFILE, ENFILE: return "too many files are open; lower --jobs or raise the open-file limit (ulimit -n)"
        case EIO: return "the device reported an input/output error; check the disk"
        case EFBIG: return "the file is too large for this file system; write elsewhere or make it smaller"
        case EXDEV: return "the temporary file and the target are on different file systems; write the file in a folder of its own file system"
        default: return nil
        }
    }

    /// `posix(code)`, or a general sentence naming the error number for a code without one.
    public static func posixOrGeneral(_ code: Int32) -> String {
        posix(code) ?? "could not be written (system error \(code)); check the path, its permissions and the free space"
    }
}

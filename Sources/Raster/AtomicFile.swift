import Foundation

/// A file written whole or not at all: in order into a temporary file beside the file it
/// replaces, patched where a count is known only at the end, and renamed over it by `commit` when
/// that is absent or a regular file. Memory: a 1 MB buffer, whatever the file's size. Dropped
/// without `commit`, it removes its temporary file.
public final class AtomicFile {
    /// As the caller gave it (for messages).
    public let path: String
    /// The file replaced (`OutputPath.destination(of:)`).
    public let destination: String
    public let temporaryPath: String
    /// Words for the file in messages ("frame 0003.png", "it").
    private let what: String
    private var fd: Int32
    private var buffer: [UInt8] = []
    public private(set) var count = 0

    /// `temporarySuffix` follows the destination's name (default `.partial-PID`).
    public init(path: String, what: String = "it", temporarySuffix: String? = nil) throws {
        self.path = path
        self.what = what
        destination = OutputPath.destination(of: path)
        temporaryPath = destination + (temporarySuffix ?? ".partial-\(getpid())")
        fd = -1
        try AtomicFile.refuseUnlessReplaceable(path: path, destination: destination)
        fd = AtomicFile.createTemporary(temporaryPath)
        guard fd >= 0 else { throw AtomicFile.createFailure(path: path, what: what) }
        buffer.reserveCapacity(1 << 20)
    }

    deinit { if fd >= 0 { close(fd); unlink(temporaryPath) } }

    public func append<C: Collection>(_ bytes: C) throws where C.Element == UInt8 {
        buffer.append(contentsOf: bytes)
        count += bytes.count
        if buffer.count >= 1 << 20 { try flush() }
    }

    /// Overwrites bytes already written (a header's count); `offset + bytes.count` must not pass `count`.
    public func patch(at offset: Int, _ bytes: [UInt8]) throws {
        try flush()
        let n = bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, off_t(offset)) }
        guard n == bytes.count else { throw writeFailure() }
    }

    private func flush() throws {
        guard AtomicFile.writeAll(fd, buffer) else { throw writeFailure() }
        buffer.removeAll(keepingCapacity: true)
    }

    private func writeFailure() -> OutputPathError {
        OutputPathError(path: path, problem: "cannot write \(what): \(String(cString: strerror(errno))) (is the disk full?)")
    }

    /// Flushes, closes and renames the file over its destination.
    public func commit() throws {
        do { try flush() } catch { close(fd); fd = -1; unlink(temporaryPath); throw error }
        close(fd)
        fd = -1
        try AtomicFile.place(temporaryPath, at: destination, path: path, what: what)
    }

    // MARK: one step at a time (for writers that create and rename under their own lock)

    /// Creates `temporary` for writing (a stale one of this name, left by a killed run of the same
    /// process id, is replaced; a symbolic link there is not followed). -1 with errno on failure.
    public static func createTemporary(_ temporary: String) -> Int32 {
        var s = stat()
        if lstat(temporary, &s) == 0, (s.st_mode & S_IFMT) != S_IFDIR { unlink(temporary) }
        return open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
    }

    /// The message for a failed `createTemporary` (errno still set).
    public static func createFailure(path: String, what: String) -> OutputPathError {
        let code = errno
        let reason = String(cString: strerror(code))
        return OutputPathError(path: path, problem: "cannot write \(what): \(reason)"
            + (code == ENOSPC || code == EDQUOT ? " (is the disk full?)" : "; check that its folder exists and is writable"))
    }

    /// Writes all of `bytes` to `fd`; false with errno on failure.
    public static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var written = 0
        return bytes.withUnsafeBytes { raw -> Bool in
            while written < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + written, raw.count - written)
                if n < 0 { if errno == EINTR { continue }; return false }
                written += n
            }
            return true
        }
    }

    /// Renames `temporary` over `destination` when that is absent or a regular file (it keeps the
    /// replaced file's permissions); otherwise removes `temporary` and throws, naming `path`.
    public static func place(_ temporary: String, at destination: String, path: String, what: String) throws {
        do {
            try refuseUnlessReplaceable(path: path, destination: destination)
        } catch {
            unlink(temporary)
            throw error
        }
        var s = stat()
        if lstat(destination, &s) == 0, (s.st_mode & S_IFMT) == S_IFREG { chmod(temporary, s.st_mode & 0o7777) }
        guard rename(temporary, destination) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw OutputPathError(path: path, problem: "cannot move \(what) into place: \(reason)")
        }
    }

    /// Throws unless `destination` (what a write to `path` replaces) is absent or a regular file.
    static func refuseUnlessReplaceable(path: String, destination: String) throws {
        var s = stat()
        guard lstat(destination, &s) == 0 else { return }
        let type = s.st_mode & S_IFMT
        if type == S_IFREG { return }
        let kind: FileKind = type == S_IFLNK ? FileKind.at(destination) : FileKind(mode: s.st_mode)
        if kind == .regularFile { return } // a link made since `destination` was resolved: replaced as a file
        throw OutputPathError(path: path, problem: "is \(kind.phrase), not a regular file; only a regular file is replaced: "
            + "remove it, or give another path")
    }

    // MARK: whole files

    /// Writes `bytes` to `path` whole or not at all.
    public static func write(_ bytes: [UInt8], to path: String, what: String = "it", temporarySuffix: String? = nil) throws {
        let file = try AtomicFile(path: path, what: what, temporarySuffix: temporarySuffix)
        try file.append(bytes)
        try file.commit()
    }

    /// Copies the regular file `source` to `path` whole or not at all.
    public static func copy(_ source: String, to path: String, what: String = "it") throws {
        guard FileKind.at(source) == .regularFile, let data = FileManager.default.contents(atPath: source) else {
            throw OutputPathError(path: source, problem: "cannot read it to copy it to \(path)")
        }
        try write([UInt8](data), to: path, what: what)
    }
}

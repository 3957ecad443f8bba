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
    private var placed = false

    public init(path: String, what: String = "it") throws {
        self.path = path
        self.what = what
        destination = OutputPath.destination(of: path)
        fd = -1
        try AtomicFile.refuseUnlessReplaceable(path: path, destination: destination)
        guard let created = AtomicFile.createTemporary(for: destination) else { throw AtomicFile.createFailure(path: path, what: what) }
        temporaryPath = created.path
        fd = created.fd
        buffer.reserveCapacity(1 << 20)
    }

    /// Removes the temporary file unless it was placed (it is ours: created fresh by `createTemporary`).
    deinit {
        if fd >= 0 { close(fd) }
        if !placed { unlink(temporaryPath) }
    }

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
        guard fd >= 0 else { return }
        guard AtomicFile.writeAll(fd, buffer) else { throw writeFailure() }
        buffer.removeAll(keepingCapacity: true)
    }

    private func writeFailure() -> OutputPathError {
        OutputPathError(path: path, problem: "cannot write \(what): \(FileProblem.posixOrGeneral(errno))")
    }

    /// Flushes, closes and renames the file over its destination.
    public func commit() throws {
        try finish()
        try place()
    }

    /// Flushes and closes the temporary file, which stays unplaced (to be checked before `place`;
    /// dropped without it, the file is removed and the destination is as it was).
    public func finish() throws {
        guard fd >= 0 else { return }
        defer { close(fd); fd = -1 }
        try flush()
    }

    /// Renames the finished temporary file over the destination (see `place(_:at:path:what:)`).
    public func place() throws {
        try finish()
        placed = true // placed, or removed by `place` when refused
        try AtomicFile.place(temporaryPath, at: destination, path: path, what: what)
    }

    // MARK: one step at a time (for writers that create and rename under their own lock)

    /// The temporary names of `destination`: `NAME.tmp-PID`, then `NAME.tmp-PID-2`, `-3`... for
    /// every writer (frames, manifests, animations, ffmpeg's MP4), so one sweep knows them all.
    public static func temporaryName(for destination: String, try k: Int) -> String {
        destination + ".tmp-\(getpid())" + (k > 1 ? "-\(k)" : "")
    }

    /// Creates a fresh temporary file for `destination` with O_EXCL under the first free
    /// temporary name: whatever stands at a taken name (another run's file, a FIFO, a link) is
    /// never removed, opened or followed. nil with errno on failure.
    public static func createTemporary(for destination: String) -> (path: String, fd: Int32)? {
        for k in 1...64 {
            let name = temporaryName(for: destination, try: k)
            let fd = open(name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
            if fd >= 0 { return (name, fd) }
            if errno != EEXIST { return nil }
        }
        errno = EEXIST
        return nil
    }

    /// The process id in `name` when it is a temporary name of `file` (`file.tmp-PID` or
    /// `file.tmp-PID-K`; any file when `file` is nil), else nil.
    public static func temporaryOwner(_ name: String, of file: String? = nil) -> Int32? {
        guard let range = name.range(of: ".tmp-", options: .backwards), range.lowerBound > name.startIndex else { return nil }
        if let file, name[..<range.lowerBound] != file { return nil }
        let parts = name[range.upperBound...].split(separator: "-", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count),
            parts.allSatisfy({ !$0.isEmpty && $0.count <= 10 && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let pid = Int32(parts[0]), pid > 0
        else { return nil }
        return pid
    }

    /// Removes the temporary files a killed run left beside `destination` (`NAME.tmp-PID[-K]`):
    /// regular files only, and only when process PID is no longer running (a live writer's
    /// file is its own). Returns the names removed.
    @discardableResult
    public static func sweepLeftovers(of destination: String) -> [String] {
        let folder = destination.parentPath, name = (destination as NSString).lastPathComponent
        let prefix = folder.isEmpty ? "" : folder == "/" ? "/" : folder + "/"
        var removed: [String] = []
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? [] {
            guard let pid = temporaryOwner(entry, of: name), !isRunning(pid) else { continue }
            var s = stat()
            guard lstat(prefix + entry, &s) == 0, (s.st_mode & S_IFMT) == S_IFREG, unlink(prefix + entry) == 0 else { continue }
            removed.append(entry)
        }
        return removed.sorted()
    }

    /// True when process `pid` exists (this one included).
    public static func isRunning(_ pid: Int32) -> Bool {
        pid == getpid() || kill(pid, 0) == 0 || errno != ESRCH
    }

    /// The message for a failed `createTemporary` (errno still set).
    public static func createFailure(path: String, what: String) -> OutputPathError {
        let code = errno
        return OutputPathError(path: path, problem: "cannot write \(what): \(FileProblem.posixOrGeneral(code))")
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
            let reason = FileProblem.posixOrGeneral(errno)
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
        throw OutputPathError(
            path: path,
            problem: "is \(kind.phrase), not a regular file; only a regular file is replaced: "
                + "remove it, or give another path")
    }

    // MARK: whole files

    /// Writes `bytes` to `path` whole or not at all.
    public static func write(_ bytes: [UInt8], to path: String, what: String = "it") throws {
        let file = try AtomicFile(path: path, what: what)
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

import Foundation
import Raster

/// One writer per output folder: a render takes an advisory lock (`flock`) on `.render-frames.lock`
/// in the folder it writes, exclusive for a whole render, shared for a shard (shards of one
/// render write one folder by design) and for `encode` reading the frames; `merge` takes it
/// exclusive, so it waits for no shard and runs beside none. The kernel releases the lock when
/// its process ends however it ends, so a lock left by a dead process is no lock: the file may
/// stay, naming its last holder, and the next writer takes it. The last holder to leave removes
/// the file.
public final class FolderLock {
    public enum Mode: Sendable { case exclusive, shared }

    /// The lock file's name in the folder.
    public static let fileName = ".render-frames.lock"

    private let fd: Int32
    private let path: String
    private let mode: Mode
    private var released = false

    private init(fd: Int32, path: String, mode: Mode) {
        self.fd = fd
        self.path = path
        self.mode = mode
    }

    deinit { release() }

    /// Takes the lock of `directory` (which must exist). Another holder: with `wait`, `waiting` is
    /// told who holds it and the call returns once it is free; without, an `OutputError` names the
    /// holder's pid and command and says to wait for it or add `--wait`. `command` is what this
    /// process is doing, for the next one's message.
    public static func acquire(
        _ directory: String, mode: Mode, command: String, wait: Bool, waiting: (String) -> Void = { _ in }, waitOption: String? = "--wait"
    ) throws -> FolderLock {
        try acquire(directory, mode: mode, command: command, wait: wait, waiting: waiting, waitOption: waitOption, reading: false)!
    }

    /// A shared lock for reading `directory` (`encode`), or nil when the folder cannot hold a
    /// lock file (read-only, not ours): a reader then reads without one.
    public static func acquireForReading(_ directory: String, command: String) throws -> FolderLock? {
        try acquire(directory, mode: .shared, command: command, wait: false, waiting: { _ in }, waitOption: nil, reading: true)
    }

    private static func acquire(
        _ directory: String, mode: Mode, command: String, wait: Bool, waiting: (String) -> Void, waitOption: String?, reading: Bool
    ) throws -> FolderLock? {
        let path = directory + "/" + fileName
        while true {
            let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
            if fd < 0, reading, errno == EACCES || errno == EROFS || errno == EPERM { return nil }
            guard fd >= 0 else {
                let why = errno == ELOOP ? "it is a symbolic link; remove it, or pick another folder" : FileProblem.posixOrGeneral(errno)
                throw OutputError(path: path, problem: "the folder's lock file cannot be opened: \(why)")
            }
            var info = stat()
            guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
                close(fd)
                throw OutputError(path: path, problem: "the folder's lock file is not a file; remove it, or pick another folder")
            }
            let operation = mode == .exclusive ? LOCK_EX : LOCK_SH
            if flock(fd, operation | LOCK_NB) != 0 {
                guard errno == EWOULDBLOCK || errno == EINTR else {
                    close(fd)
                    throw OutputError(path: path, problem: "the folder cannot be locked: \(FileProblem.posixOrGeneral(errno))")
                }
                let holder = holderText(fd)
                guard wait else {
                    close(fd)
                    throw OutputError(
                        path: directory,
                        problem: "another render-frames is writing this folder\(holder.map { " (\($0))" } ?? "")"
                            + (reading ? "; wait for it to finish" : ", and two writers would mix their frames; wait for it to finish")
                            + (waitOption.map { ", add \($0) to wait for it" } ?? "") + (reading ? "" : ", or pick another folder"))
                }
                waiting("waiting for \(holder ?? "another render-frames") to finish writing \(directory)")
                while flock(fd, operation) != 0 {
                    guard errno == EINTR else {
                        close(fd)
                        throw OutputError(path: path, problem: "the folder cannot be locked: \(FileProblem.posixOrGeneral(errno))")
                    }
                }
            }
            // The holder we waited for may have removed the file: then our lock is on a file no
            // one else will open, and we start again on the new one.
            var now = stat()
            guard stat(path, &now) == 0, now.st_ino == info.st_ino, now.st_dev == info.st_dev else {
                close(fd)
                continue
            }
            let lock = FolderLock(fd: fd, path: path, mode: mode)
            lock.record(command)
            return lock
        }
    }

    /// Writes who holds the lock (an exclusive holder replaces the text; a shared one adds its line).
    private func record(_ command: String) {
        let line = "pid \(getpid()): \(command.escapingControlCharacters(keepingLineBreaks: false))\n"
        if mode == .exclusive { _ = ftruncate(fd, 0) }
        _ = lseek(fd, 0, SEEK_END)
        _ = line.utf8CString.withUnsafeBufferPointer { write(fd, $0.baseAddress, $0.count - 1) }
    }

    /// The holders the file names ("pid 123: render-frames render a.yaml --out out"), at most
    /// three, or nil when it names none.
    private static func holderText(_ fd: Int32) -> String? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = pread(fd, &buffer, buffer.count, 0)
        guard n > 0 else { return nil }
        let lines = String(decoding: buffer[0..<n], as: UTF8.self).split(separator: "\n").filter { $0.hasPrefix("pid ") }
        guard !lines.isEmpty else { return nil }
        return lines.prefix(3).joined(separator: "; ") + (lines.count > 3 ? "; and \(lines.count - 3) more" : "")
    }

    /// This process's command line, as the next writer is told it ("render-frames render a.yaml --out out").
    public static var commandLine: String {
        let arguments = CommandLine.arguments
        return ([URL(fileURLWithPath: arguments.first ?? "render-frames").lastPathComponent] + arguments.dropFirst()).joined(separator: " ")
    }

    /// Gives the lock up, removing the file when no one else holds it (an exclusive holder, or
    /// the last of the shards: its lock becomes exclusive), so no command leaves it behind.
    /// Called by deinit too.
    public func release() {
        guard !released else { return }
        released = true
        if mode == .exclusive || flock(fd, LOCK_EX | LOCK_NB) == 0 { unlink(path) }
        close(fd)
    }
}

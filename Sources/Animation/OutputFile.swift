import Foundation
import Raster

/// A file written in order under a temporary name, patched where a count is known only at the end,
/// and renamed into place when finished (a reader never sees half an animation). Memory: a 1 MB
/// buffer, whatever the file's size.
public final class OutputFile {
    public let path: String
    private let temporary: String
    private var fd: Int32
    private var buffer: [UInt8] = []
    private(set) public var count = 0

    public init(path: String) throws {
        self.path = path
        temporary = path + ".partial-\(getpid())"
        fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        if fd >= 0 { TemporaryFiles.shared.add(temporary) }
        guard fd >= 0 else {
            throw AnimationError.output(path: path, problem: "cannot write it: \(String(cString: strerror(errno))); check that its folder exists and is writable")
        }
        buffer.reserveCapacity(1 << 20)
    }

    deinit { if fd >= 0 { close(fd); unlink(temporary); TemporaryFiles.shared.remove(temporary) } }

    public func append<C: Collection>(_ bytes: C) throws where C.Element == UInt8 {
        buffer.append(contentsOf: bytes)
        count += bytes.count
        if buffer.count >= 1 << 20 { try flush() }
    }

    /// Overwrites bytes already written (a header's count); `offset + bytes.count` must not pass `count`.
    public func patch(at offset: Int, _ bytes: [UInt8]) throws {
        try flush()
        let n = bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, off_t(offset)) }
        guard n == bytes.count else { throw failure() }
    }

    private func flush() throws {
        var written = 0
        try buffer.withUnsafeBytes { raw in
            while written < raw.count {
                let n = write(fd, raw.baseAddress! + written, raw.count - written)
                if n < 0 { if errno == EINTR { continue }; throw failure() }
                written += n
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }

    private func failure() -> AnimationError {
        .output(path: path, problem: "cannot write it: \(String(cString: strerror(errno))) (is the disk full?)")
    }

    /// Flushes, closes and renames the file into place.
    public func commit() throws {
        try flush()
        close(fd)
        fd = -1
        defer { TemporaryFiles.shared.remove(temporary) }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw AnimationError.output(path: path, problem: "cannot move it into place: \(reason)")
        }
    }

    /// Reads a whole file (for the checks after writing).
    static func read(_ path: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw AnimationError.output(path: path, problem: "cannot read it back to check it")
        }
        return [UInt8](data)
    }
}

/// The files being written right now and the encoders running, so an interrupted run (Ctrl-C,
/// SIGTERM) can remove every half-written file and stop ffmpeg before it exits.
public final class TemporaryFiles: Sendable {
    public static let shared = TemporaryFiles()
    private struct State: Sendable { var paths: Set<String> = []; var processes: [ObjectIdentifier: Process] = [:] }
    private let state = Locked(State())

    func add(_ path: String) { state.withLock { _ = $0.paths.insert(path) } }
    func remove(_ path: String) { state.withLock { _ = $0.paths.remove(path) } }
    func add(_ process: Process) { state.withLock { $0.processes[ObjectIdentifier(process)] = process } }
    func remove(_ process: Process) { state.withLock { $0.processes[ObjectIdentifier(process)] = nil } }

    /// Stops the encoders and removes the files; returns how many files were removed.
    @discardableResult
    public func removeAll() -> Int {
        state.withLock { state in
            for p in state.processes.values where p.isRunning { p.terminate() }
            var removed = 0
            for path in state.paths where unlink(path) == 0 { removed += 1 }
            state.paths.removeAll()
            return removed
        }
    }
}

/// What went wrong while writing an animation: the file, and what to do.
public enum AnimationError: Error, CustomStringConvertible, Equatable {
    case output(path: String, problem: String)
    /// The written file failed its check (frame count or duration).
    case check(path: String, problem: String)
    case encoder(path: String, problem: String)

    public var description: String {
        switch self {
        case .output(let path, let problem): return "\(path): \(problem)"
        case .check(let path, let problem): return "\(path): the written animation failed its check: \(problem); it was removed"
        case .encoder(let path, let problem): return "\(path): \(problem)"
        }
    }
}

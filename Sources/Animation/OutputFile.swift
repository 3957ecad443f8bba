import Foundation
import Raster

/// An animation file written whole or not at all: `AtomicFile` (a temporary file beside the
/// file it replaces, renamed over it only when that is absent or a regular file, and only once
/// it is checked: see `AnimationWriter.write`), registered with
/// `TemporaryFiles` so an interrupted run removes it, its errors as `AnimationError.output`.
public final class OutputFile {
    private let file: AtomicFile
    public var path: String { file.path }
    public var count: Int { file.count }

    public init(path: String) throws {
        // Created and registered under one lock: an interrupt never falls between the two.
        do { file = try TemporaryFiles.shared.adding({ try AtomicFile(path: path) }, path: \.temporaryPath) } catch let error as OutputPathError {
            throw AnimationError(error)
        }
    }

    deinit { TemporaryFiles.shared.remove(file.temporaryPath) }

    public func append<C: Collection>(_ bytes: C) throws where C.Element == UInt8 {
        do { try file.append(bytes) } catch let error as OutputPathError { throw AnimationError(error) }
    }

    /// Overwrites bytes already written (a header's count); `offset + bytes.count` must not pass `count`.
    public func patch(at offset: Int, _ bytes: [UInt8]) throws {
        do { try file.patch(at: offset, bytes) } catch let error as OutputPathError { throw AnimationError(error) }
    }

    /// The temporary file being written (read back before it is placed).
    public var temporaryPath: String { file.temporaryPath }

    /// Flushes and closes the temporary file; `place` renames it into place. Dropped unplaced, the
    /// file is removed and the destination is as it was.
    public func finish() throws {
        do { try file.finish() } catch let error as OutputPathError { throw AnimationError(error) }
    }

    /// Renames the finished file into place.
    public func place() throws {
        defer { TemporaryFiles.shared.remove(file.temporaryPath) }
        do { try file.place() } catch let error as OutputPathError { throw AnimationError(error) }
    }

    /// Flushes, closes and renames the file into place.
    public func commit() throws {
        try finish()
        try place()
    }

    /// Reads a whole file (for the checks after writing): `file`, the temporary file not yet placed.
    static func read(_ file: String, path: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: file) else {
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
    /// Runs `create` (which makes a temporary file) and registers the file's `path`, under the
    /// lock `removeAll` takes, so an interrupt never finds the file made and not yet registered.
    func adding<T>(_ create: () throws -> T, path: (T) -> String) rethrows -> T {
        try state.withLock { s in
            let made = try create()
            s.paths.insert(path(made))
            return made
        }
    }
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

/// What went wrong while making an animation: the file, and what to do.
public enum AnimationError: Error, CustomStringConvertible, Equatable {
    /// The frames to encode (a folder render-frames wrote, its manifest, a frame) are not usable.
    case input(path: String, problem: String)
    /// A frame could not be decoded: the decoder's words (they name the file).
    case frame(String)
    /// A setting out of range or not for this format (`--width 9`, `--lossless` for a GIF).
    case setting(String)
    /// The animation cannot be made as asked (faster than its frames, over its budget).
    case request(path: String, problem: String)
    case output(path: String, problem: String)
    /// The written file failed its check (frame count or duration).
    case check(path: String, problem: String)
    case encoder(path: String, problem: String)

    init(_ error: OutputPathError) { self = .output(path: error.path, problem: error.problem) }

    public var description: String {
        switch self {
        case .input(let path, let problem), .request(let path, let problem), .output(let path, let problem): return "\(path): \(problem)"
        case .frame(let problem): return problem
        case .setting(let problem): return problem
        case .check(let path, let problem):
            return "\(path): the written animation failed its check: \(problem); it was not kept (what was there is as it was)"
        case .encoder(let path, let problem): return "\(path): \(problem)"
        }
    }
}

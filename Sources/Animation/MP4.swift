import Foundation
import Raster

/// H.264 MP4 through ffmpeg (the program): raw RGB frames on its standard input, yuv420p (which
/// every browser decodes; it needs even sides, so the caller gives even ones), a constant frame
/// rate, `+faststart` so a browser plays it before it has all of it.
public final class MP4Writer {
    public let width: Int
    public let height: Int
    private let process = Process()
    private let input = Pipe()
    private let errors = Pipe()
    private let path: String
    /// The file replaced (`OutputPath.destination(of:)`), and ffmpeg's file beside it.
    private let destination: String
    private let temporary: String
    private var rgb: [UInt8]
    private var placed = false

    /// `crf` 0-51 (x264's constant rate factor: 23 is its default, lower is better and larger).
    public init(path: String, width: Int, height: Int, fps: Double, crf: Int, preset: String = "medium") throws {
        precondition(width % 2 == 0 && height % 2 == 0)
        self.path = path
        self.width = width
        self.height = height
        destination = OutputPath.destination(of: path)
        rgb = [UInt8](repeating: 0, count: width * height * 3)
        guard let ffmpeg = Tools.find("ffmpeg") else {
            throw AnimationError.encoder(
                path: path, problem: "MP4 needs ffmpeg, which is not installed; run scripts/setup.sh (or apt-get install ffmpeg)")
        }
        // ffmpeg writes the file we create fresh (`AtomicFile`'s temporary name; never one that was there).
        // Created and registered under one lock: an interrupt never falls between the two.
        let destination = destination
        guard let created = TemporaryFiles.shared.adding({ AtomicFile.createTemporary(for: destination) }, path: { $0?.path ?? "" }) else {
            throw AnimationError(AtomicFile.createFailure(path: path, what: "it"))
        }
        Glibc.close(created.fd)
        temporary = created.path
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.arguments = [
            "-v", "error", "-y", "-f", "rawvideo", "-pix_fmt", "rgb24", "-s", "\(width)x\(height)",
            "-framerate", fps.formattedNumber, "-i", "-", "-c:v", "libx264", "-preset", preset, "-crf", "\(crf)",
            // Two sliced threads (deterministic: the same bytes on every run, as frame threads are not here) and a
            // 10-frame lookahead: at 1179x2556, x264's defaults hold 750 MB; these about 400 MB.
            "-threads", "2", "-x264-params", "rc-lookahead=10:sliced-threads=1",
            "-pix_fmt", "yuv420p", "-r", fps.formattedNumber, "-movflags", "+faststart", "-f", "mp4", "file:" + temporary,
        ]
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        do { try process.run() } catch {
            TemporaryFiles.shared.remove(temporary)
            throw AnimationError.encoder(path: path, problem: "could not start ffmpeg at \(ffmpeg); check that it runs (ffmpeg -version)")
        }
        TemporaryFiles.shared.add(process)
    }

    deinit {
        if process.isRunning { process.terminate() }
        if !placed { unlink(temporary) }
        TemporaryFiles.shared.remove(temporary)
        TemporaryFiles.shared.remove(process)
    }

    /// Writes one frame (every output frame: the rate is constant).
    public func add(_ frame: Pixmap) throws {
        precondition(frame.width == width && frame.height == height)
        frame.bytes.withUnsafeBufferPointer { src in
            rgb.withUnsafeMutableBufferPointer { dst in
                for i in 0..<(width * height) {
                    dst[3 * i] = src[4 * i]; dst[3 * i + 1] = src[4 * i + 1]; dst[3 * i + 2] = src[4 * i + 2]
                }
            }
        }
        do { try input.fileHandleForWriting.write(contentsOf: rgb) } catch {
            throw failure()
        }
    }

    /// Waits for ffmpeg; the file stays unplaced (`temporaryPath`) until `place`.
    public func finish() throws {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw failure() }
    }

    /// ffmpeg's finished file, not yet in place.
    public var temporaryPath: String { temporary }

    /// Moves the finished file into place.
    public func place() throws {
        placed = true // placed, or removed by `AtomicFile.place` when refused
        defer { TemporaryFiles.shared.remove(temporary) }
        do {
            try AtomicFile.place(temporary, at: destination, path: path, what: "it")
        } catch let error as OutputPathError {
            throw AnimationError(error)
        }
    }

    private func failure() -> AnimationError {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        let said =
            String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .split(separator: "\n").last.map { String($0.prefix(300)) } ?? "nothing"
        return .encoder(
            path: path,
            problem:
                "ffmpeg could not encode the MP4 (exit \(process.terminationStatus); its last words: \(said)); check the folder is writable and ffmpeg has libx264"
        )
    }
}

/// Programs this package runs: found on PATH, never through a shell.
enum Tools {
    static func find(_ name: String) -> String? {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    /// Runs a program to the end and returns its standard output, or nil when it fails.
    static func run(_ name: String, _ arguments: [String]) -> String? {
        guard let path = find(name) else { return nil }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: path)
        p.arguments = arguments
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        do { try p.run() } catch { return nil }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return p.terminationStatus == 0 ? String(decoding: data, as: UTF8.self) : nil
    }

    /// Frame count and duration (seconds) of a GIF or MP4's video stream, as ffprobe reads it
    /// (every packet's duration added up), or nil when ffprobe cannot read it.
    static func probe(_ path: String) -> (frames: Int, duration: Double)? {
        guard
            let out = run(
                "ffprobe",
                [
                    "-v", "error", "-select_streams", "v:0", "-show_entries", "packet=duration_time",
                    "-of", "csv=p=0", path,
                ])
        else { return nil }
        let values = out.split(whereSeparator: \.isNewline).compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard !values.isEmpty else { return nil }
        return (values.count, values.reduce(0, +))
    }
}

extension Double {
    /// 60, 29.97: no trailing ".0".
    public var formattedNumber: String { self == rounded() && abs(self) < 1e9 ? String(Int(self)) : String(self) }
}

import Foundation
#if canImport(Glibc)
import Glibc
#endif
import ArgumentParser
import Raster
import RenderFramesKit
@testable import render_frames

/// A command line of the folder and scenario commands (compare, encode, merge, summary, explain,
/// expand, presets, validate) run in this process: parsed and run as the binary's `main` does,
/// its exit code mapped the same way (bad input 2 after `error: `, usage errors 2, ExitCode as
/// given), stdout and stderr caught from the file descriptors. For tables of command lines
/// (HostileCorpusTests); `render` and signals stay end to end.
enum InProcessCLI {
    static let commands: Set<String> = ["compare", "encode", "merge", "summary", "explain", "expand", "presets", "validate"]

    static func run(_ arguments: [String]) -> Shell.Result {
        capture {
            do {
                var command = try RenderFrames.parseAsRoot(arguments)
                try command.run()
                return 0
            } catch {
                // As the binary's main: an ExitCode or --help ends with its own code, anything else
                // is bad input worded by RenderFrames.message(for:), exit 2.
                let code = RenderFrames.exitCode(for: error)
                if code == .success, !(error is ExitCode) { Swift.print(RenderFrames.fullMessage(for: error)) }
                if error is ExitCode || code == .success { return code.rawValue }
                writeToStandardError(RenderFrames.message(for: error) + "\n")
                return 2
            }
        }
    }

    /// Runs `body` with file descriptors 1 and 2 sent to files, and returns what they got.
    static func capture(_ body: () -> Int32) -> Shell.Result {
        fflush(nil)
        let folder = NSTemporaryDirectory() + "in-process-cli-\(getpid())"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let paths = [folder + "/stdout", folder + "/stderr"]
        let saved = [dup(1), dup(2)]
        for (fd, path) in zip([Int32(1), 2], paths) {
            let file = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            dup2(file, fd)
            close(file)
        }
        let code = body()
        fflush(nil)
        for (fd, old) in zip([Int32(1), 2], saved) {
            dup2(old, fd)
            close(old)
        }
        let read = { (path: String) in String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self) }
        return Shell.Result(code: code, stdout: read(paths[0]), stderr: read(paths[1]))
    }
}

import Foundation
import Raster
import XCTest

/// A stand-in `render-frames` for the scripts the tests run (the GitHub Action's steps,
/// make-gif.sh): a small shell script that hands its folder, its arguments and the two variables
/// that change a run (CI, RENDER_FRAMES_RECORD) to this process, waits, and prints what it is
/// given back. This process runs the arguments in process (`InProcess.run`, as the binary would
/// run them) and answers with stdout, stderr and the exit code. So a script is tested whole, its
/// loops, exit codes and greps over the tool's output included, without a debug binary's start
/// per call; `calls` lists the arguments each call was given, in order. The one difference from
/// the binary: the call prints all its stdout, then its stderr, so a script that merges the two
/// (`2>&1`) reads them in that order rather than interleaved.
final class StandIn: Sendable {
    /// The script's path: give it to the script as RENDER_FRAMES.
    let path: String
    private let folder: String
    private let served = Locked<[[String]]>([])

    /// The arguments of each call so far.
    var calls: [[String]] { served.current }

    /// Writes the stand-in into `folder` (created if need be).
    init(in folder: String) throws {
        self.folder = folder
        path = folder + "/render-frames"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // A request is a folder: `args` (NUL-separated: the working folder, CI, RENDER_FRAMES_RECORD,
        // the arguments) appears whole by rename; the script then waits on the FIFO `answered`,
        // which this process writes a line to once stdout, stderr and code are there (no polling
        // loop in the script: a `sleep` every 10 ms costs a busy machine more than the call).
        let script = """
            #!/bin/sh
            # render-frames stand-in (Tests/CLITests/StandIn.swift): the test process runs these arguments.
            r=$(mktemp -d '\(folder)/request.XXXXXX') || exit 70
            mkfifo "$r/answered" || exit 70
            printf '%s\\0' "$PWD" "${CI-}" "${RENDER_FRAMES_RECORD-}" "$@" > "$r/args.part" && mv "$r/args.part" "$r/args"
            read -r _ < "$r/answered"
            cat "$r/stdout"
            cat "$r/stderr" >&2
            code=$(cat "$r/code")
            rm -rf "$r"
            exit "$code"

            """
        try script.write(toFile: path, atomically: true, encoding: .utf8)
        guard chmod(path, 0o755) == 0 else { throw CocoaError(.fileWriteNoPermission) }
    }

    /// Runs `body` (which runs a script that calls the stand-in) while this process answers the calls.
    func serve<T>(_ body: () throws -> T) rethrows -> T {
        let stop = Locked(false)
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { [self] in
            while !stop.current {
                if !answerWaitingRequests() { usleep(5_000) }
            }
            _ = answerWaitingRequests()
        }
        defer {
            stop.withLock { $0 = true }
            group.wait()
        }
        return try body()
    }

    /// Answers every request whose arguments are whole; false when there was none.
    private func answerWaitingRequests() -> Bool {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasPrefix("request.") }.sorted()
        var answered = false
        for name in names {
            let request = folder + "/" + name
            // Taken by renaming its arguments, so that it is answered once (the script removes the
            // folder after the answer, in no set order).
            guard rename(request + "/args", request + "/args.taken") == 0,
                let data = FileManager.default.contents(atPath: request + "/args.taken")
            else { continue }
            var fields = data.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
            fields.removeLast() // after the last NUL
            let cwd = fields[0], environment = ["CI": fields[1], "RENDER_FRAMES_RECORD": fields[2]]
            let arguments = Array(fields.dropFirst(3))
            served.withLock { $0.append(arguments) }
            let result =
                (try? InProcess.run(CLITests.binary, arguments, cwd: cwd, environment: environment))
                ?? Shell.Result(code: 70, stdout: "", stderr: "the stand-in could not run \(arguments)\n")
            try? Data(result.stdout.utf8).write(to: URL(fileURLWithPath: request + "/stdout"))
            try? Data(result.stderr.utf8).write(to: URL(fileURLWithPath: request + "/stderr"))
            try? Data("\(result.code)".utf8).write(to: URL(fileURLWithPath: request + "/code"))
            // The script opens the FIFO to read right after writing its arguments; give it 60 s.
            for _ in 0..<6000 {
                let fd = open(request + "/answered", O_WRONLY | O_NONBLOCK)
                if fd >= 0 {
                    _ = write(fd, "\n", 1)
                    close(fd)
                    break
                }
                usleep(10_000)
            }
            answered = true
        }
        return answered
    }
}

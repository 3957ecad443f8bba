import ArgumentParser
import Foundation
import Raster
import ScenarioFormat
import Scene
@testable import RenderFramesKit
@testable import render_frames
import XCTest

/// `render-frames SCENARIO [options]` run in this process: the CLI's own parser reads the words
/// (its `validate()` included), then `Render` of RenderFramesKit runs with hooks that collect what
/// the binary would print, and the exit code it would give (0, 1 for goldens that differ, 2 for bad
/// input, with the message the binary prints). No process is spawned, so a test that renders costs
/// the render, not a debug binary's start.
///
/// It takes the arguments `Shell.run` takes, so a test swaps one for the other: the binary
/// (`CLITests.binary ARGS`), or `/usr/bin/env [-u NAME] [NAME=VALUE] BINARY ARGS`, or
/// `/usr/bin/timeout SECONDS BINARY ARGS`. Anything else (another subcommand, `--help`, another
/// program) is run by `Shell.run` as before, and counted in `spawned`.
enum InProcess {
    /// Runs the binary's work spawned by `run` because it was not a render (for the tests' counts).
    nonisolated(unsafe) static var spawned = 0

    static func run(_ executable: String, _ arguments: [String], cwd: String? = nil, environment: [String: String] = [:]) throws -> Shell.Result {
        // As the binary does: a child that exits early (ffmpeg) fails a write to its pipe instead of killing the tests.
        signal(SIGPIPE, SIG_IGN)
        var words = arguments, environment = environment
        if executable == "/usr/bin/env" {
            while let word = words.first, word != CLITests.binary {
                words.removeFirst()
                if word == "-u", let name = words.first {
                    words.removeFirst(); environment[name] = ""
                } else if let eq = word.firstIndex(of: "=") {
                    environment[String(word[..<eq])] = String(word[word.index(after: eq)...])
                } else {
                    return try spawn(executable, arguments, cwd: cwd, environment: environment)
                }
            }
            guard !words.isEmpty else { return try spawn(executable, arguments, cwd: cwd, environment: environment) }
            words.removeFirst()
        } else if executable == "/usr/bin/timeout", words.count >= 2, words[1] == CLITests.binary {
            words.removeFirst(2)
        } else if executable != CLITests.binary {
            return try spawn(executable, arguments, cwd: cwd, environment: environment)
        }
        let parsed: ParsableCommand
        do {
            parsed = try RenderFrames.parseAsRoot(words)
        } catch {
            if error is ExitCode || RenderFrames.exitCode(for: error) == .success {
                return try spawn(executable, arguments, cwd: cwd, environment: environment)
            }
            return Shell.Result(code: 2, stdout: "", stderr: (RenderFrames.message(for: error) + "\n").terminalSafe)
        }
        guard let command = parsed as? RenderCommand else {
            // The folder and scenario commands run in this process too, as their own tables do.
            if let first = words.first, InProcessCLI.commands.contains(first) {
                return within(cwd: cwd, environment: environment) { InProcessCLI.run(words) }
            }
            return try spawn(executable, arguments, cwd: cwd, environment: environment)
        }
        return within(cwd: cwd, environment: environment) { render(command) }
    }

    /// Renders as `RenderCommand.run` does, collecting standard output and error.
    static func render(_ command: RenderCommand) -> Shell.Result {
        let out = Locked(""), err = Locked("")
        let hooks = Render.Hooks.printing(
            quiet: command.quiet, terminal: false, output: { text in out.withLock { $0 += text.terminalSafe } },
            errors: { text in err.withLock { $0 += text.terminalSafe } },
            progress: { text in err.withLock { $0 += text } })
        do {
            let result = try Render(command.settings, hooks: hooks).run()
            return Shell.Result(code: result.passed ? 0 : 1, stdout: out.current, stderr: err.current)
        } catch {
            return Shell.Result(code: 2, stdout: out.current, stderr: err.current + (RenderFrames.message(for: error) + "\n").terminalSafe)
        }
    }

    /// Renders (`render-frames SCENARIO ...` command lines) on threads of their own, started at
    /// the same moment, as processes started together would; the results in the order given.
    static func renderTogether(_ commandLines: [[String]]) -> [Shell.Result] {
        let commands = commandLines.map { words in Result { try RenderFrames.parseAsRoot(words) as? RenderCommand } }
        let start = DispatchSemaphore(value: 0)
        let results = Locked([Shell.Result?](repeating: nil, count: commands.count))
        let group = DispatchGroup()
        for (i, command) in commands.enumerated() {
            DispatchQueue.global().async(group: group) {
                start.wait()
                let result: Shell.Result
                switch command {
                case .success(let command?): result = render(command)
                case .success(nil): result = Shell.Result(code: -1, stdout: "", stderr: "not a render: \(commandLines[i])\n")
                case .failure(let error): result = Shell.Result(code: 2, stdout: "", stderr: RenderFrames.message(for: error) + "\n")
                }
                results.withLock { $0[i] = result }
            }
        }
        for _ in commands { start.signal() }
        group.wait()
        return results.current.map { $0! }
    }

    private static func spawn(_ executable: String, _ arguments: [String], cwd: String?, environment: [String: String]) throws -> Shell.Result {
        spawned += 1
        // RENDER_FRAMES_TEST_SPAWNS=FILE lists each spawn there, to count what still runs the binary.
        if let log = ProcessInfo.processInfo.environment["RENDER_FRAMES_TEST_SPAWNS"], let handle = FileHandle(forWritingAtPath: log) {
            handle.seekToEndOfFile()
            handle.write(Data(([executable] + arguments).joined(separator: " ").appending("\n").utf8))
            try? handle.close()
        }
        return try Shell.run(executable, arguments, cwd: cwd, environment: environment)
    }

    /// Runs `body` in `cwd` with `environment` set on top of this process's (an empty value unsets
    /// one), then restores both. The tests of a class run one at a time, so this is safe.
    private static func within<T>(cwd: String?, environment: [String: String], _ body: () -> T) -> T {
        let saved = environment.keys.map { ($0, ProcessInfo.processInfo.environment[$0]) }
        for (name, value) in environment { if value.isEmpty { unsetenv(name) } else { setenv(name, value, 1) } }
        let directory = FileManager.default.currentDirectoryPath
        if let cwd { _ = FileManager.default.changeCurrentDirectoryPath(cwd) }
        defer {
            _ = FileManager.default.changeCurrentDirectoryPath(directory)
            for (name, value) in saved { if let value { setenv(name, value, 1) } else { unsetenv(name) } }
        }
        return body()
    }

    // MARK: Renders and folders for the folder commands' tests

    /// The frames and manifest `render SCENARIO --out OUT [--scale S] [--frames F] [--shard I/N]`
    /// writes (no animations, no goldens), through RenderJob.
    static func render(_ path: String, into out: String, scale: Double? = nil, frames: String? = nil, shard: Shard? = nil, jobs: Int = 2) throws {
        let loaded = try ScenarioLoader.load(path: path, scaleOverride: scale)
        let selection = try frames.map { try FrameSelection(parsing: $0, frameCount: loaded.frameCount) }
        var job = RenderJob(scenario: loaded, outputDirectory: out, selection: selection, jobs: jobs)
        job.shard = shard
        job.stampInputs(scenarioPath: path)
        _ = try job.run()
    }

    /// Runs `body` with the package root as the working folder, as `swift test` and the
    /// `.expected` files' relative paths (Fixtures/bad-scenarios/...) assume.
    static func inPackageRoot<T>(_ body: () throws -> T) rethrows -> T { try inFolder(CLITests.root, body) }

    /// Runs `body` with `folder` as the working folder.
    static func inFolder<T>(_ folder: String, _ body: () throws -> T) rethrows -> T {
        let before = FileManager.default.currentDirectoryPath
        _ = FileManager.default.changeCurrentDirectoryPath(folder)
        defer { _ = FileManager.default.changeCurrentDirectoryPath(before) }
        return try body()
    }
}

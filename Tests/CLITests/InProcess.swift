import Foundation
import RenderFramesKit
import Scene

/// What the tests of the folder commands need from a render, done in this process: the frames
/// and manifest `render SCENARIO --out OUT [--scale S] [--frames F] [--shard I/N]` writes (no
/// animations, no goldens).
enum InProcess {
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
        FileManager.default.changeCurrentDirectoryPath(folder)
        defer { FileManager.default.changeCurrentDirectoryPath(before) }
        return try body()
    }
}

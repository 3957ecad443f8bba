import Foundation
import RenderFramesKit
import Scene

/// What the tests of the folder commands need from a render, done in this process: the frames
/// and manifest `render SCENARIO --out OUT [--scale S] [--frames F]` writes (no animations, no goldens).
enum InProcess {
    static func render(_ path: String, into out: String, scale: Double? = nil, frames: String? = nil, jobs: Int = 2) throws {
        let loaded = try ScenarioLoader.load(path: path, scaleOverride: scale)
        let selection = try frames.map { try FrameSelection(parsing: $0, frameCount: loaded.frameCount) }
        var job = RenderJob(scenario: loaded, outputDirectory: out, selection: selection, jobs: jobs)
        job.stampInputs(scenarioPath: path)
        _ = try job.run()
    }

    /// Runs `body` with the package root as the working folder, as `swift test` and the
    /// `.expected` files' relative paths (Fixtures/bad-scenarios/...) assume.
    static func inPackageRoot<T>(_ body: () throws -> T) rethrows -> T {
        let before = FileManager.default.currentDirectoryPath
        FileManager.default.changeCurrentDirectoryPath(CLITests.root)
        defer { FileManager.default.changeCurrentDirectoryPath(before) }
        return try body()
    }
}

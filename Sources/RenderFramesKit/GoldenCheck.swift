import Foundation
import GoldenCompare
import Raster

/// Checking rendered frames against a golden folder, recording goldens as the mode says.
///
/// Modes, as users know them from snapshot tools: `never` compares and fails on a missing golden
/// (the default when the `CI` environment variable is set, so nothing is recorded silently in CI);
/// `missing` records goldens that do not exist yet and compares the rest (the default elsewhere);
/// `failed` re-records the frames that differ; `all` re-records everything.
public enum RecordMode: String, CaseIterable, Sendable {
    case never, missing, failed, all

    /// The environment variable that sets the mode when no flag does.
    public static let environmentVariable = "RENDER_FRAMES_RECORD"

    /// The flag's value, else the environment's, else `never` in CI and `missing` elsewhere.
    public static func resolve(flag: RecordMode?, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> RecordMode {
        if let flag { return flag }
        if let value = environment[environmentVariable], !value.isEmpty {
            guard let mode = RecordMode(rawValue: value) else {
                throw RenderError.goldenCheck("\(environmentVariable)=\(value) is not a record mode; use never, missing, failed or all")
            }
            return mode
        }
        return environment["CI"].map { !$0.isEmpty && $0 != "false" && $0 != "0" } == true ? .never : .missing
    }

    /// Recording was asked for: a mode given, or `RENDER_FRAMES_RECORD` set. Without, the Swift
    /// API's assertions record a missing golden (outside CI) and fail their test once, as snapshot
    /// tools do, so that a test never passes against goldens it has just written.
    public static func isAsked(flag: RecordMode?, environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        flag != nil || environment[environmentVariable].map { !$0.isEmpty } == true
    }
}

public struct GoldenCheck: Sendable {
    public struct Outcome: Sendable {
        public var compared = 0
        public var matched = 0
        /// Failing frames whose expected / actual / diff images were written.
        public var diffsWritten = 0
        public var recorded: [String] = []
        public var pruned: [String] = []
        public var failures: [FrameVerdict] = []
        /// Every frame's verdict (recorded frames count as passed), for reports.
        public var verdicts: [FrameVerdict] = []
        public var passed: Bool { failures.isEmpty }

        /// The failures in a few lines, however many frames failed: goldens missing said once,
        /// frames whose pixels differ as ranges with the worst of them, other problems one a line
        /// (the first ten).
        public func failureSummary(golden: String) -> [String] {
            FrameVerdict.summary(
                failures, golden: golden,
                missingHint: "record mode never (CI): record them with --record missing, "
                    + "or \(RecordMode.environmentVariable)=missing")
        }
    }

    /// The one re-record hint of the CLI: the same command with `--record failed` or the variable.
    public static func rerecordHint(rerun: String) -> String {
        "if the change is intended, re-record: run \(rerun) again with --record failed, or with \(RecordMode.environmentVariable)=failed"
    }

    /// The re-record hint of the Swift API: `swift test` has no `--record` flag, so the variable.
    public static func testRerecordHint(rerun: String) -> String {
        "If the change is intended, re-record: run \(rerun) again with \(RecordMode.environmentVariable)=failed, "
            + "such as \(RecordMode.environmentVariable)=failed swift test --filter NAME"
    }

    /// Where failure images go by default: beside the frames folder, `OUT-diff` (`frames/` and
    /// `frames` give `frames-diff`; `.` gives its full path with `-diff`), never inside it.
    public static func defaultDiffDirectory(frames: String) -> String {
        var base = frames
        while base.count > 1 && base.hasSuffix("/") { base.removeLast() }
        let last = (base as NSString).lastPathComponent
        if base.isEmpty || base == "/" || last == "." || last == ".." { base = ResolvedPath(frames).path }
        return base + "-diff"
    }

    /// Refuses (before any work) golden and frames folders that are one, or one inside the other,
    /// and failure images inside either; `names` are what the user calls them (`--out`, `--golden`,
    /// `--diff` on the command line).
    public static func checkFolders(
        frames: String, golden: String, diff: String?,
        names: (frames: String, golden: String, diff: String) = ("the frames folder", "the golden folder", "the failure images' folder")
    ) throws {
        // A file where a folder goes is said as such first (the overlap checks would take it for a
        // compared PNG and speak of its folder).
        for (name, path) in [(names.frames, frames), (names.golden, golden)] where FileKind.at(path) == .regularFile {
            throw OutputPathError(path: path, problem: "exists and is a file, not a folder; pick another \(name)")
        }
        let framesFolder = FolderOverlap.Folder(names.frames, frames), goldenFolder = FolderOverlap.Folder(names.golden, golden)
        if let problem = FolderOverlap.framesAndGoldens(frames: framesFolder, golden: goldenFolder) { throw RenderError.goldenCheck(problem) }
        if let diff, let problem = FolderOverlap.diffFolder(.init(names.diff, diff), compared: [framesFolder, goldenFolder]) {
            throw RenderError.goldenCheck(problem)
        }
    }

    public var framesDirectory: String
    public var goldenDirectory: String
    public var mode: RecordMode
    public var options = PixelMatch.Options()
    /// Where expected / actual / diff images of failing frames go.
    public var diffDirectory: String?
    /// Frames compared at once (each holds two decoded frames, and a diff picture when it fails).
    public var workers = RenderJob.defaultWorkers()

    public init(framesDirectory: String, goldenDirectory: String, mode: RecordMode) {
        self.framesDirectory = framesDirectory
        self.goldenDirectory = goldenDirectory
        self.mode = mode
    }

    /// Compares (and records, per the mode) the frames named in `files` (refusing folders that
    /// overlap, see `checkFolders`); with `prune`, removes
    /// goldens of frames no longer produced (only files named like frames, and only when `files`
    /// is the whole scenario, which the caller checks).
    public func run(files: [String], prune: Bool = false) throws -> Outcome {
        let fm = FileManager.default
        try GoldenCheck.checkFolders(frames: framesDirectory, golden: goldenDirectory, diff: diffDirectory)
        try RenderJob.prepareDirectory(goldenDirectory, option: "--golden")
        // Failure images of an earlier run go first: what the folder shows is this run's.
        if let diffDirectory { FailureImages.removeStale(diffDirectory) }
        var outcome = Outcome()
        var toCompare: [String] = []
        for file in files {
            let golden = "\(goldenDirectory)/\(file)"
            let exists = fm.fileExists(atPath: golden)
            if mode == .all || (mode == .missing && !exists) {
                try record(file)
                outcome.recorded.append(file)
            } else if !exists && mode == .never {
                let verdict = FrameVerdict.missingGolden(
                    file: file, in: goldenDirectory,
                    detail: "record mode never; "
                        + "record it with --record missing, or \(RecordMode.environmentVariable)=missing")
                outcome.failures.append(verdict)
                outcome.verdicts.append(verdict)
            } else if exists {
                toCompare.append(file)
            } else {
                try record(file)
                outcome.recorded.append(file)
            }
        }
        // Frames are independent: decode and compare them on every core; a failing frame's crops
        // are written as it is compared, the worst frames' full-size images once all are.
        let writeCrops = mode != .failed ? diffDirectory : nil
        let comparing = toCompare
        let compared = Parallel.map(comparing.count, workers: max(1, workers)) { _, k in
            compareOne(comparing[k], cropsTo: writeCrops)
        }
        for (file, verdict) in zip(toCompare, compared) {
            let verdict = try verdict.get()
            outcome.compared += 1
            if verdict.passed {
                outcome.matched += 1
            } else if mode == .failed {
                try record(file)
                outcome.recorded.append(file)
                continue
            } else {
                outcome.failures.append(verdict)
            }
            outcome.verdicts.append(verdict)
        }
        if let diffDirectory, !outcome.failures.isEmpty {
            try FailureImages.writeWorst(outcome.failures, options: options, to: diffDirectory) {
                ("\(framesDirectory)/\($0)", "\(goldenDirectory)/\($0)")
            }
            outcome.diffsWritten = outcome.failures.filter { $0.result != nil }.count
        }
        if !outcome.recorded.isEmpty, fm.fileExists(atPath: "\(framesDirectory)/manifest.json") {
            try AtomicFile.copy("\(framesDirectory)/manifest.json", to: "\(goldenDirectory)/manifest.json", what: "the golden manifest")
        }
        if prune {
            let produced = Set(files)
            for name in try fm.contentsOfDirectory(atPath: goldenDirectory).sorted()
            where RenderJob.isFrameName(name) && !produced.contains(name) {
                try fm.removeItem(atPath: "\(goldenDirectory)/\(name)")
                outcome.pruned.append(name)
            }
        }
        return outcome
    }

    /// Compares one frame with its golden, writing its crops to `cropsTo` when it fails. A golden
    /// that cannot be read fails its frame (and `--record failed` replaces it); the diff picture is
    /// drawn only for a frame that fails.
    private func compareOne(_ file: String, cropsTo directory: String?) -> Result<FrameVerdict, Error> {
        Result {
            let actual = try ImageDecoder.decode(fileAt: "\(framesDirectory)/\(file)")
            let expected: Pixmap
            do {
                expected = try ImageDecoder.decode(fileAt: "\(goldenDirectory)/\(file)")
            } catch {
                let why = (error as? ImageError).map(\.reason) ?? "\(error)"
                return FrameVerdict(
                    file: file,
                    problem: "the golden cannot be read (\(why)); re-record it with --record failed, or \(RecordMode.environmentVariable)=failed")
            }
            let result = PixelMatch.compare(actual, expected, options: options)
            if result.passes(options) { return FrameVerdict(file: file, result: result, passed: true) }
            if result.sizeMismatch { return .sizeMismatch(file: file, result: result, golden: expected) }
            if let directory, let picture = PixelMatch.compareWithDiff(actual, expected, options: options).1 {
                try FailureImages.writeCrops(frame: file, result: result, expected: expected, actual: actual, diff: picture, to: directory)
            }
            return FrameVerdict(file: file, result: result, passed: false)
        }
    }

    private func record(_ file: String) throws {
        // Written whole beside the old golden and renamed over it: an interrupted recording leaves
        // the old golden or the new one, and never replaces what is not a regular file.
        try AtomicFile.copy("\(framesDirectory)/\(file)", to: "\(goldenDirectory)/\(file)", what: "the golden")
    }

}

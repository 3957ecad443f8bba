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
                throw GoldenCheckError("\(environmentVariable)=\(value) is not a record mode; use never, missing, failed or all")
            }
            return mode
        }
        return environment["CI"].map { !$0.isEmpty && $0 != "false" && $0 != "0" } == true ? .never : .missing
    }
}

public struct GoldenCheckError: Error, CustomStringConvertible {
    public let description: String
    init(_ d: String) { description = d }
}

public struct GoldenCheck {
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
            func number(_ name: String) -> Int? { Int(name.prefix { $0.isNumber }) }
            func ranges(_ names: [String]) -> String {
                let indices = names.compactMap(number).sorted()
                var parts: [String] = []
                var i = 0
                while i < indices.count {
                    var j = i
                    while j + 1 < indices.count, indices[j + 1] == indices[j] + 1 { j += 1 }
                    parts.append(i == j ? "\(indices[i])" : "\(indices[i])-\(indices[j])")
                    i = j + 1
                }
                return parts.count > 8 ? parts.prefix(8).joined(separator: ", ") + ", ..." : parts.joined(separator: ", ")
            }
            var lines: [String] = []
            let missing = failures.filter(\.isMissingGolden)
            if !missing.isEmpty {
                lines.append("no golden for \(missing.count == 1 ? "frame" : "frames") \(ranges(missing.map(\.file))) (\(missing.count) "
                    + "frame\(missing.count == 1 ? "" : "s")) in \(golden); record mode never (CI): record them with --record missing, "
                    + "or \(RecordMode.environmentVariable)=missing")
            }
            let differing = failures.filter { $0.problem == nil && $0.result != nil }
            if let worst = differing.max(by: { $0.result!.differingPixels < $1.result!.differingPixels }) {
                let r = worst.result!
                let at = r.worst.map { " at (\($0.x), \($0.y))" } ?? ""
                lines.append("\(differing.count == 1 ? "frame" : "frames") \(ranges(differing.map(\.file))) \(differing.count == 1 ? "differs" : "differ") (\(differing.count) "
                    + "frame\(differing.count == 1 ? "" : "s")); worst \(worst.file): \(r.differingPixels) pixels (\(String(format: "%.4f", r.ratio * 100)) %)\(at)")
            }
            let others = failures.filter { $0.problem != nil && !$0.isMissingGolden }
            lines += others.prefix(10).map(\.failureLine)
            if others.count > 10 { lines.append("and \(others.count - 10) more frames with problems like these") }
            return lines
        }
    }

    /// The one re-record hint, for the CLI and the Swift API alike.
    public static func rerecordHint(rerun: String) -> String {
        "if the change is intended, re-record: run \(rerun) again with --record failed, or with \(RecordMode.environmentVariable)=failed"
    }

    public var framesDirectory: String
    public var goldenDirectory: String
    public var mode: RecordMode
    public var options = PixelMatch.Options()
    /// Where expected / actual / diff images of failing frames go.
    public var diffDirectory: String?

    public init(framesDirectory: String, goldenDirectory: String, mode: RecordMode) {
        self.framesDirectory = framesDirectory
        self.goldenDirectory = goldenDirectory
        self.mode = mode
    }

    /// Compares (and records, per the mode) the frames named in `files`; with `prune`, removes
    /// goldens of frames no longer produced (only files named like frames, and only when `files`
    /// is the whole scenario, which the caller checks).
    public func run(files: [String], prune: Bool = false) throws -> Outcome {
        let fm = FileManager.default
        try RenderJob.prepareDirectory(goldenDirectory, option: "--golden")
        // Failure images of an earlier run go first: what the folder shows is this run's.
        if let diffDirectory { GoldenCheck.removeFailureImages(diffDirectory) }
        var outcome = Outcome()
        var toCompare: [String] = []
        for file in files {
            let golden = "\(goldenDirectory)/\(file)"
            let exists = fm.fileExists(atPath: golden)
            if mode == .all || (mode == .missing && !exists) {
                try record(file)
                outcome.recorded.append(file)
            } else if !exists && mode == .never {
                let verdict = FrameVerdict.missingGolden(file: file, in: goldenDirectory, detail: "record mode never; "
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
        var fullSize: [(file: String, pixels: Int)] = []
        for file in toCompare {
            let actual = try ImageDecoder.decode(fileAt: "\(framesDirectory)/\(file)")
            let expected = try ImageDecoder.decode(fileAt: "\(goldenDirectory)/\(file)")
            let (result, picture) = PixelMatch.compareWithDiff(actual, expected, options: options)
            outcome.compared += 1
            if result.passes(options) {
                outcome.matched += 1
                outcome.verdicts.append(FrameVerdict(file: file, result: result, passed: true))
                continue
            }
            if mode == .failed {
                try record(file)
                outcome.recorded.append(file)
                continue
            }
            var verdict = FrameVerdict(file: file, result: result, passed: false)
            if result.sizeMismatch {
                verdict = FrameVerdict(file: file, problem: "size \(actual.width)x\(actual.height) differs from the golden's \(expected.width)x\(expected.height)")
            }
            outcome.failures.append(verdict)
            outcome.verdicts.append(verdict)
            if let diffDirectory {
                try writeFailureImages(file, expected: expected, actual: actual, diff: picture ?? actual, pixels: result.differingPixels,
                                       to: diffDirectory, fullSize: &fullSize)
                outcome.diffsWritten += 1
            }
        }
        if !outcome.recorded.isEmpty, fm.fileExists(atPath: "\(framesDirectory)/manifest.json") {
            try? fm.removeItem(atPath: "\(goldenDirectory)/manifest.json")
            try fm.copyItem(atPath: "\(framesDirectory)/manifest.json", toPath: "\(goldenDirectory)/manifest.json")
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

    /// Failing frames whose expected / actual / diff images are written in full: the worst few by
    /// differing pixels. Every failing frame gets 1:1 crops around its changed region
    /// (NNNN.crop.expected/actual/diff.png), so a one-character change fails 91 frames in a few MB.
    public static let fullSizeFailures = 3

    /// Writes a failing frame's crops, and its full-size images while it is among the worst
    /// `fullSizeFailures` (removing those of a frame it displaces).
    private func writeFailureImages(_ file: String, expected: Pixmap, actual: Pixmap, diff: Pixmap, pixels: Int, to directory: String,
                                    fullSize: inout [(file: String, pixels: Int)]) throws {
        let stem = (file as NSString).deletingPathExtension
        guard actual.width == expected.width, actual.height == expected.height else {
            try FolderComparison.writeFailureImages(frame: file, expected: expected, actual: actual, diff: diff, to: directory)
            return
        }
        let changed = actual.changedRect(from: expected), margin = 24
        let x = max(0, changed.x - margin), y = max(0, changed.y - margin)
        let crop = PixelRect(x: x, y: y, width: min(actual.width, changed.maxX + margin) - x, height: min(actual.height, changed.maxY + margin) - y)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let encoder = PNGEncoder(options: .fast)
        for (suffix, image) in [("expected", expected), ("actual", actual), ("diff", diff)] {
            try Data(encoder.encode(image.cropped(to: crop))).write(to: URL(fileURLWithPath: "\(directory)/\(stem).crop.\(suffix).png"))
        }
        if fullSize.count >= GoldenCheck.fullSizeFailures {
            guard let least = fullSize.indices.min(by: { fullSize[$0].pixels < fullSize[$1].pixels }), fullSize[least].pixels < pixels else { return }
            let gone = (fullSize[least].file as NSString).deletingPathExtension
            for suffix in ["expected", "actual", "diff"] { try? FileManager.default.removeItem(atPath: "\(directory)/\(gone).\(suffix).png") }
            fullSize.remove(at: least)
        }
        try FolderComparison.writeFailureImages(frame: file, expected: expected, actual: actual, diff: diff, to: directory)
        fullSize.append((file, pixels))
    }

    /// Removes expected / actual / diff images and summary.json from `directory`, then the folder
    /// itself if nothing else is in it.
    static func removeFailureImages(_ directory: String) {
        let fm = FileManager.default
        guard let names = try? fm.contentsOfDirectory(atPath: directory) else { return }
        for name in names where name == "summary.json" || [".expected.png", ".actual.png", ".diff.png"].contains(where: { name.hasSuffix($0) }) {
            try? fm.removeItem(atPath: directory + "/" + name)
        }
        if (try? fm.contentsOfDirectory(atPath: directory))?.isEmpty == true { try? fm.removeItem(atPath: directory) }
    }

    private func record(_ file: String) throws {
        let target = "\(goldenDirectory)/\(file)"
        try? FileManager.default.removeItem(atPath: target)
        try FileManager.default.copyItem(atPath: "\(framesDirectory)/\(file)", toPath: target)
    }

}

import Foundation
import Raster

/// `compare`: frames against golden frames, with failure images (`diff`) and the HTML report
/// (`report`) if asked; the lines it prints and whether any frame failed.
public struct Comparison {
    public var actual: String
    public var golden: String
    public var options: PixelMatch.Options
    /// Folder for expected / actual / diff images of failing frames and summary.json.
    public var diff: String?
    /// Folder of the HTML report this comparison is added to (folders only).
    public var report: String?
    /// The scenario's name in the report (default: the golden folder's name).
    public var name: String?

    public init(
        actual: String, golden: String, options: PixelMatch.Options = .init(), diff: String? = nil, report: String? = nil,
        name: String? = nil
    ) {
        self.actual = actual; self.golden = golden; self.options = options; self.diff = diff; self.report = report; self.name = name
    }

    public struct Outcome: Sendable, Equatable {
        /// What `compare` prints: the report's page, a FAIL line a failing frame (or range of missing
        /// ones), the count, and where the failure images are.
        public var lines: [String]
        public var failed: Int
        public var passed: Int
    }

    public func run() throws -> Outcome {
        if let diff { try OutputPath.checkFolder(diff, option: "--diff", files: FailureImages.isWritten) }
        if let report { try OutputPath.checkFolder(report, option: "--report", files: HTMLReport.isWritten, folders: HTMLReport.isFolder) }
        if let diff, let report { try FolderOverlap.refuseOneFolderTwice([("--diff", diff), ("--report", report)]) }
        let verdicts = try FolderComparison.compare(actual: actual, golden: golden, options: options, diffDirectory: diff)
        var lines: [String] = []
        if let report {
            guard FileKind.at(actual) == .folder else { throw ComparisonError.reportNeedsFolders(actual) }
            try HTMLReport.add(
                scenario: name ?? (golden as NSString).lastPathComponent, source: actual, verdicts: verdicts,
                actualDirectory: actual, goldenDirectory: golden, options: options, to: report)
            lines.append("report: \(report)/index.html")
        }
        let failing = verdicts.filter { !$0.passed }
        let hint = "compare folders that hold the same frames, or render the missing ones into the golden folder"
        lines += FrameVerdict.summary(failing, golden: golden, missingHint: hint).map { "FAIL " + $0 }
        lines.append("\(verdicts.count - failing.count) passed, \(failing.count) failed")
        if !failing.isEmpty, let diff { lines.append("expected / actual / diff images and summary.json in \(diff)") }
        return Outcome(lines: lines, failed: failing.count, passed: verdicts.count - failing.count)
    }
}

extension FolderOverlap {
    /// Refuses two of `folders` (option, path) that name one folder however spelled (device and
    /// inode, else the resolved path), naming both; the pair of options in `except` is checked elsewhere.
    public static func refuseOneFolderTwice(_ folders: [(String, String)], except: Set<String> = []) throws {
        for i in folders.indices {
            for j in folders.indices where j > i && Set([folders[i].0, folders[j].0]) != except {
                let (a, b) = (folders[i], folders[j])
                if OutputPath.identity(a.1) == OutputPath.identity(b.1) {
                    throw ComparisonError.oneFolderTwice(option: a.0, path: a.1, otherOption: b.0, otherPath: b.1)
                }
            }
        }
    }
}

extension HTMLReport {
    /// `merge --report`: the report folders in `sources` folded into `report` and its index.html
    /// written again. Returns the line `merge` prints.
    public static func mergeReports(into report: String, from sources: [String]) throws -> String {
        try OutputPath.checkFolder(report, option: "--report", files: isWritten, folders: isFolder)
        let copied = try merge(into: report, from: sources)
        let scenarios = try scenarios(in: report)
        guard !scenarios.isEmpty else { throw ComparisonError.nothingToMerge(report) }
        let frames = scenarios.map(\.frames.count).reduce(0, +), failed = scenarios.map(\.failed).reduce(0, +)
        return "\(report)/index.html: \(scenarios.count) scenario(s), \(frames) frames, \(failed) differ"
            + (sources.isEmpty ? "" : " (\(copied) part(s) from \(sources.count) folder(s))")
    }
}

extension MarkdownSummary {
    /// Checks that `report` is a report folder, and with `imagesOut` copies the pictured images
    /// there; returns the Markdown.
    public func written(imagesOut: String? = nil) throws -> String {
        guard FileManager.default.fileExists(atPath: report) else { throw ComparisonError.noSuchReport(report, folders: false) }
        guard FileManager.default.fileExists(atPath: "\(report)/data") else { throw ComparisonError.notAReport(report, folders: false) }
        if let imagesOut {
            try OutputPath.checkFolder(imagesOut, option: "--images-out", files: { $0.hasSuffix(".png") })
            _ = try copyImages(to: imagesOut)
        }
        return try markdown()
    }
}

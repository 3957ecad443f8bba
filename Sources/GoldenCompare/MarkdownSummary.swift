import Foundation

/// A report folder in Markdown, for a CI job summary (`$GITHUB_STEP_SUMMARY`) or a pull-request
/// comment: one row per scenario, then for the worst failing frames their expected / actual / diff
/// crops side by side. Job summaries and comments show images only from URLs (GitHub removes
/// `data:` images), so pictures appear when `imageURL` says where the images will be served;
/// `copyImages` copies the few shown into a flat folder to publish there.
public struct MarkdownSummary {
    public var report: String
    /// The URL the images' folder will be at (no trailing slash); nil: no pictures, words only.
    public var imageURL: String?
    /// Failing frames pictured, the worst first across all scenarios.
    public var maxPictured = 4
    /// A first line invisible in the rendered Markdown, by which a workflow finds its earlier comment.
    public var marker: String?
    /// Where the full report is (a link, such as the run's artifacts page).
    public var reportLink: String?
    /// Scenarios that could not be rendered at all (so are not in the report): said first.
    public var unrendered: [String] = []
    /// Scenario rows at most (failing ones first); the rest are counted, so a comment stays
    /// within GitHub's 65,536 characters however many scenarios there are.
    public var maxRows = 30

    public init(report: String) { self.report = report }

    /// Frames pictured (only frames with crops): each failing scenario's worst, then each one's
    /// second worst, and so on, so one scenario's many similar frames do not crowd out the others.
    public func pictured(_ scenarios: [HTMLReport.Scenario]) -> [(scenario: String, frame: HTMLReport.Frame)] {
        let ranked = scenarios.map { s in
            s.frames.filter { !$0.passed && $0.cropDiff != nil }.sorted(by: HTMLReport.worstFirst).map { (scenario: s.name, frame: $0) }
        }
        var chosen: [(scenario: String, frame: HTMLReport.Frame)] = []
        var round = 0
        while chosen.count < maxPictured, ranked.contains(where: { $0.count > round }) {
            chosen += ranked.compactMap { $0.count > round ? $0[round] : nil }.prefix(maxPictured - chosen.count)
            round += 1
        }
        return chosen
    }

    /// The file name a pictured image gets in the flat folder: `<scenario>-<frame stem>.<kind>.png`.
    static func flatName(scenario: String, path: String) -> String {
        HTMLReport.fileKey(scenario) + "-" + (path as NSString).lastPathComponent.replacingOccurrences(of: ".crop.", with: ".")
    }

    /// Copies the pictured frames' crops into `directory` under their flat names; returns them.
    @discardableResult
    public func copyImages(to directory: String) throws -> [String] {
        var names: [String] = []
        try HTMLReport.createFolder(directory, in: directory, option: "--images-out")
        for (scenario, frame) in pictured(try HTMLReport.scenarios(in: report)) {
            for path in [frame.cropExpected, frame.cropActual, frame.cropDiff].compactMap({ $0 }) {
                let name = MarkdownSummary.flatName(scenario: scenario, path: path)
                try HTMLReport.copy("\(report)/\(path)", to: "\(directory)/\(name)")
                names.append(name)
            }
        }
        return names
    }

    public func markdown() throws -> String {
        let scenarios = try HTMLReport.scenarios(in: report)
        let failed = scenarios.map(\.failed).reduce(0, +), frames = scenarios.map(\.frames.count).reduce(0, +)
        var md = marker.map { "<!-- \($0) -->\n" } ?? ""
        var heading: [String] = []
        if !unrendered.isEmpty {
            heading.append("\(unrendered.count) scenario\(unrendered.count == 1 ? "" : "s") could not be rendered ⛔")
        }
        if scenarios.isEmpty {
            heading.append("no frames compared")
        } else if failed == 0 {
            heading.append(
                "\(unrendered.isEmpty ? "all " : "the others' ")\(HTMLReport.count(frames)) frames match their goldens"
                    + (unrendered.isEmpty ? " ✅" : ""))
        } else {
            heading.append("\(HTMLReport.count(failed)) of \(HTMLReport.count(frames)) frames differ ❌")
        }
        md += "### render-frames: " + heading.joined(separator: "; ") + "\n\n"
        var rows = unrendered.map { "| ⛔ | \(cell($0)) | | | could not be rendered: see the run's log |" }
        for s in scenarios {
            let verdicts = s.frames.filter { !$0.passed }.map(HTMLReport.verdict)
            let what = FrameVerdict.summary(verdicts, golden: "the goldens", missingHint: "record them").first ?? ""
            rows.append(
                "| \(s.failed == 0 ? "✅" : "❌") | \(cell(s.name)) | \(HTMLReport.count(s.frames.count)) | \(HTMLReport.count(s.failed)) | \(cell(what)) |"
            )
        }
        if !rows.isEmpty {
            md += "| | Scenario | Frames | Differ | |\n|---|---|---:|---:|---|\n" + rows.prefix(maxRows).joined(separator: "\n") + "\n"
        }
        if rows.count > maxRows {
            let rest = scenarios.suffix(rows.count - maxRows)
            let restFailing = rest.filter { $0.failed > 0 }.count
            md += "\nAnd \(rows.count - maxRows) more scenarios (\(restFailing) with differences): see the report.\n"
        }
        let shown = pictured(scenarios)
        if !shown.isEmpty {
            md += "\n"
            if let imageURL {
                md += "<table>\n<tr><th>Frame</th><th>Expected (golden)</th><th>Actual</th><th>Diff</th></tr>\n"
                for (scenario, f) in shown {
                    md +=
                        "<tr><td>\(HTMLReport.escape(scenario))<br><code>\(HTMLReport.escape(f.file))</code><br>"
                        + "\(HTMLReport.count(f.differingPixels ?? 0)) px</td>"
                    for path in [f.cropExpected, f.cropActual, f.cropDiff].compactMap({ $0 }) {
                        let url = imageURL + "/" + MarkdownSummary.flatName(scenario: scenario, path: path)
                        md +=
                            "<td><img src=\"\(HTMLReport.escape(url))\" width=\"240\" alt=\"\(HTMLReport.escape((path as NSString).lastPathComponent))\"></td>"
                    }
                    md += "</tr>\n"
                }
                md += "</table>\n"
            } else {
                md +=
                    "Worst: "
                    + shown.map { "\(cell($0.scenario)) `\($0.frame.file)` (\(HTMLReport.count($0.frame.differingPixels ?? 0)) px)" }
                    .joined(separator: ", ") + ".\n"
            }
        }
        if let reportLink {
            md += "\nThe report (every frame, 1:1 crops, full-size images of the worst): \(reportLink)\n"
        }
        return md
    }

    /// Text safe in a Markdown table cell.
    func cell(_ s: String) -> String {
        HTMLReport.escape(s).replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }
}

extension HTMLReport {
    /// A report frame as the verdict it came from (enough of it to sum failures up).
    static func verdict(_ f: Frame) -> FrameVerdict {
        if let problem = f.problem { return FrameVerdict(file: f.file, problem: problem) }
        var r = PixelMatch.Result(width: f.width ?? 0, height: f.height ?? 0)
        r.differingPixels = f.differingPixels ?? 0
        r.worst = f.worstX.flatMap { x in f.worstY.map { PixelMatch.PixelPosition(x: x, y: $0) } }
        r.worstLevels = f.worstLevels ?? 0
        return FrameVerdict(file: f.file, result: r, passed: f.passed)
    }
}

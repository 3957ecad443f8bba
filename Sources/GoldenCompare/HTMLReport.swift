import Foundation
import Raster

/// A static HTML report of frame comparisons that works offline from its folder: scenarios and
/// their frames worst first, each failing frame as expected / actual / diff side by side with a
/// slider between expected and actual, and a filmstrip of every frame compared.
///
/// Each call adds (or replaces) one scenario: its data goes to `data/<scenario>.json` and its
/// images under `images/<scenario>/`, and `index.html` is written anew from all the scenarios in
/// the folder, so several runs (one per scenario, or per CI shard) build one page.
public enum HTMLReport {
    public struct Frame: Codable, Sendable {
        public var file: String
        public var passed: Bool
        public var problem: String?
        public var differingPixels: Int?
        public var ratio: Double?
        public var worstX: Int?
        public var worstY: Int?
        /// Paths relative to the report folder.
        public var expected: String?
        public var actual: String?
        public var diff: String?
    }

    public struct Scenario: Codable, Sendable {
        public var name: String
        public var frames: [Frame]
        public var failed: Int { frames.filter { !$0.passed }.count }
    }

    /// Adds a scenario's verdicts. `actualDirectory` and `goldenDirectory` hold the frames; failing
    /// frames' diff pictures are recomputed here so the report does not depend on other output.
    public static func add(scenario name: String, verdicts: [FrameVerdict], actualDirectory: String, goldenDirectory: String,
                           options: PixelMatch.Options, to report: String) throws {
        let fm = FileManager.default
        let safe = String(name.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "_" })
        let images = "images/\(safe)"
        try? fm.removeItem(atPath: "\(report)/\(images)")
        try fm.createDirectory(atPath: "\(report)/\(images)", withIntermediateDirectories: true)
        try fm.createDirectory(atPath: "\(report)/data", withIntermediateDirectories: true)
        let encoder = PNGEncoder(options: .fast)
        var frames: [Frame] = []
        for v in verdicts {
            var frame = Frame(file: v.file, passed: v.passed, problem: v.problem, differingPixels: v.result?.differingPixels,
                              ratio: v.result?.ratio, worstX: v.result?.worst?.x, worstY: v.result?.worst?.y)
            let stem = (v.file as NSString).deletingPathExtension
            let actualPath = "\(actualDirectory)/\(v.file)", goldenPath = "\(goldenDirectory)/\(v.file)"
            if fm.fileExists(atPath: actualPath) {
                frame.actual = "\(images)/\(stem).actual.png"
                try? fm.copyItem(atPath: actualPath, toPath: "\(report)/\(frame.actual!)")
            }
            if !v.passed, fm.fileExists(atPath: goldenPath) {
                frame.expected = "\(images)/\(stem).expected.png"
                try? fm.copyItem(atPath: goldenPath, toPath: "\(report)/\(frame.expected!)")
                if let a = try? ImageDecoder.decode(fileAt: actualPath), let e = try? ImageDecoder.decode(fileAt: goldenPath),
                   let picture = PixelMatch.compareWithDiff(a, e, options: options).1 {
                    frame.diff = "\(images)/\(stem).diff.png"
                    try Data(encoder.encode(picture)).write(to: URL(fileURLWithPath: "\(report)/\(frame.diff!)"))
                }
            }
            frames.append(frame)
        }
        let json = JSONEncoder()
        json.outputFormatting = [.prettyPrinted, .sortedKeys]
        try json.encode(Scenario(name: name, frames: frames)).write(to: URL(fileURLWithPath: "\(report)/data/\(safe).json"))
        try writeIndex(report)
    }

    /// Writes index.html from every scenario in `report/data`.
    public static func writeIndex(_ report: String) throws {
        let fm = FileManager.default
        let files = ((try? fm.contentsOfDirectory(atPath: "\(report)/data")) ?? []).filter { $0.hasSuffix(".json") }.sorted()
        var scenarios = files.compactMap { try? JSONDecoder().decode(Scenario.self, from: Data(contentsOf: URL(fileURLWithPath: "\(report)/data/\($0)"))) }
        scenarios.sort { $0.failed != $1.failed ? $0.failed > $1.failed : $0.name < $1.name }
        let totalFailed = scenarios.map(\.failed).reduce(0, +)
        let totalFrames = scenarios.map(\.frames.count).reduce(0, +)
        var html = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>render-frames report: \(totalFailed) of \(totalFrames) frames differ</title>
            <style>
            body { font: 14px -apple-system, system-ui, sans-serif; margin: 24px; color: #1c1c1e; background: #fff; }
            h1 { font-size: 20px; } h2 { font-size: 17px; margin-top: 32px; }
            .fail { color: #d70015; } .pass { color: #248a3d; }
            .frame { border: 1px solid #d1d1d6; border-radius: 10px; padding: 12px; margin: 12px 0; }
            .panels { display: flex; gap: 12px; flex-wrap: wrap; align-items: flex-start; }
            .panels figure { margin: 0; } figcaption { font-size: 12px; color: #636366; margin-bottom: 4px; }
            .panels img, .slider img { width: 260px; image-rendering: pixelated; border: 1px solid #e5e5ea; display: block; }
            .slider { position: relative; width: 262px; } .slider .top { position: absolute; top: 0; left: 0; overflow: hidden; width: 50%; }
            .slider .top img { width: 260px; max-width: none; } .slider input { width: 262px; }
            .strip { display: flex; gap: 4px; overflow-x: auto; padding: 6px 0; }
            .strip a { flex: none; } .strip img { height: 90px; border: 2px solid #e5e5ea; border-radius: 4px; }
            .strip img.bad { border-color: #d70015; }
            code { background: #f2f2f7; padding: 1px 4px; border-radius: 4px; }
            </style></head><body>
            <h1>render-frames report: <span class="\(totalFailed > 0 ? "fail" : "pass")">\(totalFailed) of \(totalFrames) frames differ</span></h1>
            <p>Scenarios with differences first, their frames worst first. Differences are red in the diff, anti-aliasing yellow; drag a slider to wipe between expected and actual.</p>

            """
        for s in scenarios {
            html += "<h2 id=\"\(escape(s.name))\">\(escape(s.name)): <span class=\"\(s.failed > 0 ? "fail" : "pass")\">\(s.failed) of \(s.frames.count) frames differ</span></h2>\n"
            html += "<div class=\"strip\">"
            for f in s.frames.sorted(by: { $0.file < $1.file }) {
                if let a = f.actual {
                    html += "<a href=\"#\(escape(s.name))-\(escape(f.file))\" title=\"\(escape(f.file))\"><img loading=\"lazy\" class=\"\(f.passed ? "" : "bad")\" src=\"\(a)\" alt=\"\(escape(f.file))\"></a>"
                }
            }
            html += "</div>\n"
            let failing = s.frames.filter { !$0.passed }.sorted { ($0.differingPixels ?? Int.max) > ($1.differingPixels ?? Int.max) }
            for f in failing {
                html += "<div class=\"frame\" id=\"\(escape(s.name))-\(escape(f.file))\"><strong class=\"fail\">\(escape(f.file))</strong> "
                if let p = f.problem {
                    html += escape(p)
                } else if let n = f.differingPixels {
                    html += "\(n) pixels differ (\(String(format: "%.3f", (f.ratio ?? 0) * 100)) %)"
                    if let x = f.worstX, let y = f.worstY { html += ", worst at (\(x), \(y))" }
                }
                html += "<div class=\"panels\">"
                for (caption, path) in [("expected", f.expected), ("actual", f.actual), ("diff", f.diff)] {
                    if let path { html += "<figure><figcaption>\(caption)</figcaption><img src=\"\(path)\" alt=\"\(caption) \(escape(f.file))\"></figure>" }
                }
                if let e = f.expected, let a = f.actual {
                    html += """
                        <figure><figcaption>expected | actual</figcaption><div class="slider"><img src="\(a)" alt="actual">\
                        <div class="top"><img src="\(e)" alt="expected"></div></div>\
                        <input type="range" min="0" max="100" value="50" oninput="this.previousElementSibling.querySelector('.top').style.width = this.value + '%'"></figure>
                        """
                }
                html += "</div></div>\n"
            }
        }
        html += "</body></html>\n"
        try html.write(toFile: "\(report)/index.html", atomically: true, encoding: .utf8)
    }

    static func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}

import Foundation
import Raster

/// A static HTML report of frame comparisons that works offline from its folder and stays small
/// however many frames fail: scenarios with differences first; for each, a filmstrip of every
/// frame (small JPEG thumbnails) and a card per failing frame, worst first, with the frame scaled
/// down smoothly and its changed region outlined, 1:1 crops of expected / actual / diff around that
/// region, a wipe between expected and actual, and links to full-size images for the worst few.
///
/// Each call adds (or replaces) one scenario, or one shard's part of it: its data goes to
/// `data/<scenario>[.<part>].json` and its images under `images/<scenario>[.<part>]/`, and
/// `index.html` is written anew from every data file in the folder. So runs of several scenarios,
/// or the shards of one (in one folder, or in several folders copied together), build one page;
/// `merge(into:from:)` folds reports in other folders into one.
public enum HTMLReport {
    public struct Box: Codable, Sendable, Equatable {
        public var x: Int, y: Int, width: Int, height: Int
    }

    public struct Frame: Codable, Sendable {
        public var file: String
        public var passed: Bool
        public var problem: String?
        public var differingPixels: Int?
        public var ratio: Double?
        public var worstX: Int?
        public var worstY: Int?
        /// How many levels the worst pixel's worst channel is off (nil in reports made before it was kept).
        public var worstLevels: Int?
        /// The frame's size in pixels.
        public var width: Int?
        public var height: Int?
        /// Paths relative to the report folder. Every frame: a thumbnail. Failing frames: the
        /// frame scaled down, the crop's place in the frame and the 1:1 crops; the worst few also
        /// full-size expected / actual / diff.
        public var thumbnail: String?
        public var scaled: String?
        public var crop: Box?
        public var cropExpected: String?
        public var cropActual: String?
        public var cropDiff: String?
        public var expected: String?
        public var actual: String?
        public var diff: String?
    }

    public struct Scenario: Codable, Sendable {
        public var name: String
        /// Which share of the scenario's frames this is (`shard-2-of-4`); nil for all of them.
        public var part: String?
        /// What was compared (the scenario file, or the frames folder): two different things under
        /// one name would replace each other, so the second is refused.
        public var source: String?
        public var frames: [Frame]
        public var failed: Int { frames.filter { !$0.passed }.count }
    }

    /// Thumbnails' height in pixels (shown at half of it, sharp on a 2x screen).
    public static let thumbnailHeight = 160
    /// The scaled frame's width in pixels (shown at half of it).
    public static let scaledWidth = 400
    /// Cards shown open per scenario; the rest are folded under one line (their images load when opened).
    public static let openCards = 40
    /// Failing frames of a scenario (or shard part) shown scaled, the worst first; the cards of
    /// the others show the thumbnail, so 250 failing frames cost 2 MB, not 11.
    public static let scaledFrames = 24

    /// Adds a scenario's verdicts (one shard's when `part` is set). `actualDirectory` and
    /// `goldenDirectory` hold the frames; failing frames' pictures are made here from them, so the
    /// report does not depend on other output.
    public static func add(
        scenario name: String, part: String? = nil, source: String? = nil, verdicts: [FrameVerdict],
        actualDirectory: String, goldenDirectory: String, options: PixelMatch.Options, to report: String,
        workers: Int = ProcessInfo.processInfo.activeProcessorCount
    ) throws {
        let fm = FileManager.default
        let key = fileKey(name) + (part.map { "." + fileKey($0) } ?? "")
        let images = "images/\(key)"
        try createFolder("\(report)/data", in: report)
        let source = source.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        let existing = try scenarioParts(in: report)
        for other in existing where other.scenario.name == name {
            if let a = other.scenario.source, let source, a != source {
                throw ComparisonError.nameTaken(report: report, name: name, source: source, other: a)
            }
        }
        removeStaleParts(of: name, keeping: part, among: existing, in: report)
        try? fm.removeItem(atPath: "\(report)/\(images)")
        try createFolder("\(report)/\(images)", in: report)

        let scaled = Set(FailureImages.worst(verdicts, count: scaledFrames).map(\.file))
        let fullSize = Set(FailureImages.worst(verdicts).map(\.file))
        let frames = try Parallel.map(verdicts.count, workers: max(1, workers)) { _, k in
            Result {
                try pictures(
                    for: verdicts[k], scaled: scaled.contains(verdicts[k].file), fullSize: fullSize.contains(verdicts[k].file),
                    actualDirectory: actualDirectory, goldenDirectory: goldenDirectory, options: options,
                    report: report, images: images)
            }
        }.map { try $0.get() }
        let scenario = Scenario(name: name, part: part, source: source, frames: frames)
        let json = JSONEncoder()
        json.outputFormatting = [.prettyPrinted, .sortedKeys]
        try writeFile(Array(json.encode(scenario)), to: "\(report)/data/\(key).json")
        try writeIndex(report)
    }

    /// One frame's thumbnail, and for a failing frame its crops, (when `scaled`) its scaled frame
    /// and (when `fullSize`, one of the worst few) the frame, its golden and the diff in full.
    static func pictures(
        for v: FrameVerdict, scaled: Bool, fullSize: Bool, actualDirectory: String, goldenDirectory: String, options: PixelMatch.Options,
        report: String, images: String
    ) throws -> Frame {
        var frame = Frame(
            file: v.file, passed: v.passed, problem: v.problem, differingPixels: v.result?.differingPixels,
            ratio: v.result?.ratio, worstX: v.result?.worst?.x, worstY: v.result?.worst?.y,
            worstLevels: v.result?.worst == nil ? nil : v.result?.worstLevels)
        let stem = (v.file as NSString).deletingPathExtension
        guard let actual = try? ImageDecoder.decode(fileAt: "\(actualDirectory)/\(v.file)") else { return frame }
        frame.width = actual.width
        frame.height = actual.height
        let thumbHeight = min(actual.height, thumbnailHeight)
        let thumbWidth = max(1, (actual.width * thumbHeight + actual.height / 2) / actual.height)
        frame.thumbnail = "\(images)/\(stem).thumb.jpg"
        try writeFile(
            JPEGEncoder.encode(Resampler.resize(actual, width: thumbWidth, height: thumbHeight), quality: 75),
            to: "\(report)/\(frame.thumbnail!)")
        guard !v.passed else { return frame }
        if scaled {
            let width = min(actual.width, scaledWidth)
            let height = max(1, (actual.height * width + actual.width / 2) / actual.width)
            frame.scaled = "\(images)/\(stem).frame.jpg"
            try writeFile(
                JPEGEncoder.encode(Resampler.resize(actual, width: width, height: height), quality: 82),
                to: "\(report)/\(frame.scaled!)")
        }
        let goldenPath = "\(goldenDirectory)/\(v.file)"
        guard let expected = try? ImageDecoder.decode(fileAt: goldenPath) else { return frame }
        let (result, picture) = PixelMatch.compareWithDiff(actual, expected, options: options)
        if fullSize {
            // The files themselves, and the diff as PNG.
            frame.expected = "\(images)/\(stem).expected.png"
            frame.actual = "\(images)/\(stem).actual.png"
            try copy(goldenPath, to: "\(report)/\(frame.expected!)")
            try copy("\(actualDirectory)/\(v.file)", to: "\(report)/\(frame.actual!)")
            if let picture {
                frame.diff = "\(images)/\(stem).diff.png"
                try writeFile(PNGEncoder(options: .balanced).encode(picture), to: "\(report)/\(frame.diff!)")
            }
        }
        guard let picture, let rect = FailureImages.cropRect(for: result) else { return frame }
        frame.crop = Box(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
        let names = FailureImages.names(frame: v.file, crop: true)
        frame.cropExpected = "\(images)/\(names.expected)"
        frame.cropActual = "\(images)/\(names.actual)"
        frame.cropDiff = "\(images)/\(names.diff)"
        try FailureImages.writeCrops(
            frame: v.file, result: result, expected: expected, actual: actual, diff: picture,
            to: "\(report)/\(images)")
        return frame
    }

    /// Folds the reports in `sources` (each a folder another run wrote, such as one CI shard's) into
    /// `report`, then checks that every scenario is whole (one run's, or every shard of one split)
    /// and writes the index. A scenario (or shard part) in several sources is taken from the last;
    /// a source that is the report folder itself is skipped. Returns the data files copied.
    @discardableResult
    public static func merge(into report: String, from sources: [String]) throws -> Int {
        let fm = FileManager.default
        var copied = 0
        try createFolder("\(report)/data", in: report)
        let target = URL(fileURLWithPath: report).resolvingSymlinksInPath().standardizedFileURL.path
        var seen = Set<String>()
        for source in sources {
            let resolved = URL(fileURLWithPath: source).resolvingSymlinksInPath().standardizedFileURL.path
            guard resolved != target, seen.insert(resolved).inserted else { continue }
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: source, isDirectory: &isDirectory) else {
                throw ComparisonError.noSuchReport(source, folders: true)
            }
            guard fm.fileExists(atPath: "\(source)/data", isDirectory: &isDirectory), isDirectory.boolValue else {
                throw ComparisonError.notAReport(source, folders: true)
            }
            for part in try scenarioParts(in: source) {
                let key = part.key
                try? fm.removeItem(atPath: "\(report)/images/\(key)")
                if fm.fileExists(atPath: "\(source)/images/\(key)") {
                    try createFolder("\(report)/images", in: report)
                    try copy("\(source)/images/\(key)", to: "\(report)/images/\(key)")
                }
                try copy("\(source)/data/\(key).json", to: "\(report)/data/\(key).json")
                copied += 1
            }
        }
        // Every scenario whole: its one run, or shards 1 to N of one split.
        var byName: [String: [Scenario]] = [:]
        for part in try scenarioParts(in: report) { byName[part.scenario.name, default: []].append(part.scenario) }
        for (name, parts) in byName.sorted(by: { $0.key < $1.key }) where parts.contains(where: { $0.part != nil }) {
            let shards = parts.compactMap { $0.part.flatMap(Shard.init(part:)) }
            let counts = Set(shards.map(\.count))
            guard counts.count == 1, let n = counts.first, !parts.contains(where: { $0.part == nil }) else {
                throw ComparisonError.mixedSplits(report: report, name: name, parts: parts.map { $0.part ?? "a whole run" }.sorted())
            }
            let missing = Set(1...n).subtracting(shards.map(\.index)).sorted()
            if !missing.isEmpty {
                throw ComparisonError.missingShards(report: report, name: name, missing: missing, of: n)
            }
        }
        try writeIndex(report)
        return copied
    }

    /// `shard-2-of-4` read back.
    struct Shard {
        var index: Int, count: Int
        init?(part: String) {
            let fields = part.split(separator: "-")
            guard fields.count == 4, fields[0] == "shard", fields[2] == "of", let i = Int(fields[1]), let n = Int(fields[3]),
                n >= 1, (1...n).contains(i)
            else { return nil }
            index = i; count = n
        }
    }

    /// Every data file in `report/data` with its key (the file name without .json); a file that
    /// does not read as report data is refused by name.
    static func scenarioParts(in report: String) throws -> [(key: String, scenario: Scenario)] {
        let fm = FileManager.default
        let files = ((try? fm.contentsOfDirectory(atPath: "\(report)/data")) ?? []).filter { $0.hasSuffix(".json") }.sorted()
        return try files.map { file in
            let path = "\(report)/data/\(file)"
            guard let data = fm.contents(atPath: path) else {
                throw ComparisonError.unreadableData(path)
            }
            do {
                return (String(file.dropLast(5)), try JSONDecoder().decode(Scenario.self, from: data))
            } catch {
                throw ComparisonError.notReportData(path)
            }
        }
    }

    /// The scenarios in `report/data`, shard parts of one scenario joined, with differences first.
    public static func scenarios(in report: String) throws -> [Scenario] {
        var byName: [String: Scenario] = [:]
        for (_, part) in try scenarioParts(in: report) {
            var whole = byName[part.name] ?? Scenario(name: part.name, part: nil, source: part.source, frames: [])
            let seen = Set(whole.frames.map(\.file))
            whole.frames += part.frames.filter { !seen.contains($0.file) }
            byName[part.name] = whole
        }
        return byName.values.map { s in
            var s = s
            s.frames.sort { $0.file < $1.file }
            return s
        }.sorted { $0.failed != $1.failed ? $0.failed > $1.failed : $0.name < $1.name }
    }

    /// Writes index.html from every scenario in `report/data`.
    public static func writeIndex(_ report: String) throws {
        let scenarios = try scenarios(in: report)
        let totalFailed = scenarios.map(\.failed).reduce(0, +)
        let totalFrames = scenarios.map(\.frames.count).reduce(0, +)
        let verdict = "\(count(totalFailed)) of \(count(totalFrames)) frames differ"
        var html = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
            <title>render-frames report: \(verdict)</title>
            <style>
            body { font: 14px -apple-system, system-ui, sans-serif; margin: 24px; color: #1c1c1e; background: #fff; }
            h1 { font-size: 20px; } h2 { font-size: 17px; margin-top: 36px; }
            .fail { color: #d70015; } .pass { color: #248a3d; } .note { color: #636366; }
            table { border-collapse: collapse; } td, th { padding: 4px 12px 4px 0; text-align: left; }
            th { font-weight: 600; border-bottom: 1px solid #d1d1d6; } td.n { text-align: right; font-variant-numeric: tabular-nums; }
            .strip { display: flex; gap: 4px; overflow-x: auto; padding: 6px 0; }
            .strip a { flex: none; } .strip img { height: 80px; border: 2px solid #e5e5ea; border-radius: 4px; display: block; }
            .strip img.bad { border-color: #d70015; }
            summary { cursor: pointer; margin: 12px 0; font-weight: 600; }
            .card { border: 1px solid #d1d1d6; border-radius: 10px; padding: 12px; margin: 12px 0; }
            .panels { display: flex; gap: 16px; flex-wrap: wrap; align-items: flex-start; margin-top: 8px; }
            figure { margin: 0; } figcaption { font-size: 12px; color: #636366; margin-bottom: 4px; }
            .scaled { position: relative; width: \(scaledWidth / 2)px; }
            .scaled img { width: 100%; display: block; border: 1px solid #e5e5ea; }
            .scaled.small { width: auto; } .scaled.small img { width: auto; height: 80px; }
            .scaled .box { position: absolute; outline: 2px solid #d70015; outline-offset: 1px; }
            .crop img { display: block; border: 1px solid #e5e5ea; max-width: 480px; }
            .wipe { position: relative; display: inline-block; } .wipe img { display: block; max-width: 480px; border: 1px solid #e5e5ea; }
            .wipe .top { position: absolute; top: 0; left: 0; bottom: 0; overflow: hidden; width: 50%; border-right: 2px solid #0a84ff; }
            .wipe .top img { max-width: none; } .wipe input { display: block; width: 100%; }
            code { background: #f2f2f7; padding: 1px 4px; border-radius: 4px; }
            </style></head><body>
            <h1>render-frames report: <span class="\(totalFailed > 0 ? "fail" : "pass")">\(verdict)</span></h1>
            <p class="note">Scenarios with differences first, their frames worst first. Each failing frame: the frame scaled down with \
            its changed region outlined, that region at 1:1 from the golden (expected), this run (actual) and the diff (changed pixels \
            red, anti-aliasing yellow), and a wipe between expected and actual. Full-size images are linked for the \
            \(FailureImages.fullSizeCount) worst frames of each scenario.</p>

            """
        if scenarios.count > 1 {
            html += "<table><tr><th>scenario</th><th>frames</th><th>differ</th><th>worst</th></tr>\n"
            for s in scenarios {
                let worst = worstFrame(s)
                html +=
                    "<tr><td><a href=\"#\(anchor(s.name))\">\(escape(s.name))</a></td><td class=\"n\">\(count(s.frames.count))</td>"
                    + "<td class=\"n \(s.failed > 0 ? "fail" : "pass")\">\(count(s.failed))</td><td>\(worst.map { escape(describe($0)) } ?? "")</td></tr>\n"
            }
            html += "</table>\n"
        }
        for s in scenarios {
            html +=
                "<h2 id=\"\(anchor(s.name))\">\(escape(s.name)): <span class=\"\(s.failed > 0 ? "fail" : "pass")\">"
                + "\(count(s.failed)) of \(count(s.frames.count)) frames differ</span></h2>\n<div class=\"strip\">"
            for f in s.frames {
                guard let thumb = f.thumbnail else { continue }
                let target = f.passed ? (f.thumbnail ?? "") : "#\(anchor(s.name))-\(anchor(f.file))"
                html +=
                    "<a href=\"\(f.passed ? url(target) : escape(target))\" title=\"\(escape(f.file))\(f.passed ? "" : ": differs")\"><img loading=\"lazy\" "
                    + "class=\"\(f.passed ? "" : "bad")\" src=\"\(url(thumb))\" alt=\"\(escape(f.file))\"></a>"
            }
            html += "</div>\n"
            let failing = s.frames.filter { !$0.passed }
            let pictured = failing.filter { $0.thumbnail != nil }.sorted(by: worstFirst)
            for f in pictured.prefix(openCards) { html += card(f, scenario: s.name) }
            if pictured.count > openCards {
                let more = pictured.count - openCards
                html += "<details><summary>\(count(more)) more failing frame\(more == 1 ? "" : "s")</summary>\n"
                for f in pictured.dropFirst(openCards) { html += card(f, scenario: s.name) }
                html += "</details>\n"
            }
            let unpictured = failing.filter { $0.thumbnail == nil }
            if !unpictured.isEmpty {
                html +=
                    "<div class=\"card\"><strong class=\"fail\">\(count(unpictured.count)) frame\(unpictured.count == 1 ? "" : "s") "
                    + "without pictures</strong> (no frame rendered to show)<ul>"
                for f in unpictured.prefix(20) { html += "<li>\(escape(f.file)): \(escape(f.problem ?? "differs"))</li>" }
                if unpictured.count > 20 { html += "<li>and \(count(unpictured.count - 20)) more</li>" }
                html += "</ul></div>\n"
            }
        }
        html += "</body></html>\n"
        try writeFile(Array(html.utf8), to: "\(report)/index.html")
    }

    static func card(_ f: Frame, scenario: String) -> String {
        var html = "<div class=\"card\" id=\"\(anchor(scenario))-\(anchor(f.file))\"><strong class=\"fail\">\(escape(f.file))</strong> "
        html += escape(detail(f))
        html += "<div class=\"panels\">"
        if let picture = f.scaled ?? f.thumbnail {
            html +=
                "<figure><figcaption>frame</figcaption><div class=\"\(f.scaled != nil ? "scaled" : "scaled small")\"><img loading=\"lazy\" "
                + "src=\"\(url(picture))\" alt=\"\(escape(f.file)) scaled\">"
            if let c = f.crop, let w = f.width, let h = f.height, w > 0, h > 0 {
                func pct(_ v: Int, _ of: Int) -> String { String(format: "%.3f%%", Double(v) * 100 / Double(of)) }
                html +=
                    "<div class=\"box\" style=\"left: \(pct(c.x, w)); top: \(pct(c.y, h)); width: \(pct(c.width, w)); height: \(pct(c.height, h))\"></div>"
            }
            html += "</div></figure>"
        }
        for (caption, path) in [("expected, 1:1", f.cropExpected), ("actual, 1:1", f.cropActual), ("diff, 1:1", f.cropDiff)] {
            if let path {
                html +=
                    "<figure class=\"crop\"><figcaption>\(caption)</figcaption><img loading=\"lazy\" src=\"\(url(path))\" alt=\"\(caption) \(escape(f.file))\"></figure>"
            }
        }
        if let e = f.cropExpected, let a = f.cropActual {
            html += """
                <figure><figcaption>expected | actual (drag)</figcaption><div class="wipe"><img loading="lazy" src="\(url(a))" alt="actual">\
                <div class="top"><img loading="lazy" src="\(url(e))" alt="expected"></div>\
                <input type="range" min="0" max="100" value="50" aria-label="wipe" \
                oninput="this.parentElement.querySelector('.top').style.width = this.value + '%'"></div></figure>
                """
        }
        html += "</div>"
        let links = [("expected", f.expected), ("actual", f.actual), ("diff", f.diff)].compactMap { name, path in
            path.map { "<a href=\"\(url($0))\">\(name)</a>" }
        }
        if !links.isEmpty { html += "<p>Full size: \(links.joined(separator: " · "))</p>" }
        return html + "</div>\n"
    }

    /// `0087.png: 1,204 pixels differ (0.040 %), worst at (10, 20)`, or the frame's problem.
    static func describe(_ f: Frame) -> String { "\(f.file): \(detail(f))" }

    /// `1,204 pixels differ (0.040 %), worst at (10, 20), a channel 23 levels off`, or the frame's problem.
    static func detail(_ f: Frame) -> String {
        if let n = f.differingPixels, f.problem == nil {
            let worst = f.worstX.flatMap { x in f.worstY.map { ", worst at (\(x), \($0))" + PixelMatch.Result.levelsOff(f.worstLevels ?? 0) } } ?? ""
            return "\(count(n)) pixel\(n == 1 ? "" : "s") differ (\(String(format: "%.3f", (f.ratio ?? 0) * 100)) %)\(worst)"
        }
        return f.problem ?? "differs"
    }

    static func worstFrame(_ s: Scenario) -> Frame? {
        s.frames.filter { !$0.passed }.min(by: worstFirst)
    }

    /// The order of failing frames everywhere in reports: most differing pixels first (a frame
    /// without a count, which failed as a whole, before any), then by name.
    static func worstFirst(_ a: Frame, _ b: Frame) -> Bool {
        let pa = a.differingPixels ?? Int.max, pb = b.differingPixels ?? Int.max
        return pa != pb ? pa > pb : a.file < b.file
    }

    /// 1204 as `1,204`.
    static func count(_ n: Int) -> String {
        let digits = String(n.magnitude)
        var out = ""
        for (i, c) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(c)
        }
        return (n < 0 ? "-" : "") + out
    }

    /// A name as a file name part: letters, digits, - and _ kept, the rest _, and then a short hash
    /// of the name, so `my screen` and `my_screen` stay apart.
    static func fileKey(_ name: String) -> String {
        let kept = String(name.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") ? $0 : "_" })
        guard kept != name else { return name }
        var hash: UInt32 = 2166136261 // FNV-1a
        for byte in name.utf8 { hash = (hash ^ UInt32(byte)) &* 16777619 }
        return kept + "-" + String(hash, radix: 16)
    }

    static func anchor(_ name: String) -> String { fileKey(name) }

    /// A scenario's data of other runs that this one replaces: the whole scenario's when a part is
    /// added (and the reverse), and parts of another shard count.
    static func removeStaleParts(of name: String, keeping part: String?, among parts: [(key: String, scenario: Scenario)], in report: String) {
        let fm = FileManager.default
        let shardCount = part.flatMap(Shard.init(part:))?.count
        for (key, other) in parts where other.name == name {
            let stale: Bool
            switch (part, other.part) {
            case (nil, _), (_, nil): stale = true
            case (_, let p?): stale = Shard(part: p)?.count != shardCount
            }
            if stale {
                try? fm.removeItem(atPath: "\(report)/data/\(key).json")
                try? fm.removeItem(atPath: "\(report)/images/\(key)")
            }
        }
    }

    /// A report-relative path as an attribute value: each segment percent-encoded (a `#` or `?` in
    /// a frame's name stays part of it), then HTML-escaped.
    static func url(_ path: String) -> String {
        escape(
            path.split(separator: "/", omittingEmptySubsequences: false).map {
                String($0).addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/?#;"))) ?? String($0)
            }.joined(separator: "/"))
    }

    static func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    // MARK: files, with errors in plain words

    /// The files a report writes at its top level (the rest are inside `data/` and `images/`).
    public static func isWritten(_ name: String) -> Bool { name == "index.html" }

    /// The folders a report writes at its top level.
    public static func isFolder(_ name: String) -> Bool { name == "data" || name == "images" }

    static func createFolder(_ path: String, in report: String, option: String = "--report") throws {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw ComparisonError.cannotCreateReportFolder(path, why: FileProblem.whyFolderCannotBeCreated(path), option: option)
        }
    }

    static func writeFile(_ bytes: [UInt8], to path: String) throws {
        try AtomicFile.write(bytes, to: path, what: "the report file")
    }

    /// Copies a file (whole or not at all, over a regular file only), or a folder of them (at most
    /// 8 folders deep, so a link loop in a copied folder ends).
    static func copy(_ source: String, to target: String, depth: Int = 0) throws {
        if FileKind.at(source) == .regularFile {
            try AtomicFile.copy(source, to: target, what: "the report file")
            return
        }
        guard depth < 8, FileKind.at(source) == .folder, let names = try? FileManager.default.contentsOfDirectory(atPath: source) else {
            throw ComparisonError.cannotCopy(source)
        }
        try? FileManager.default.removeItem(atPath: target)
        try createFolder(target, in: target)
        for name in names.sorted() { try copy("\(source)/\(name)", to: "\(target)/\(name)", depth: depth + 1) }
    }
}

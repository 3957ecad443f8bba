import Foundation
import Raster

/// One frame's verdict in a folder comparison.
public struct FrameVerdict: Sendable {
    public var file: String
    /// nil when the frame could be compared; else why it fails (missing, unreadable, size, manifest).
    public var problem: String?
    public var result: PixelMatch.Result?
    public var passed: Bool

    /// One line for a failing frame: `FAIL ` and its `failureDetail`.
    public var failureLine: String { "FAIL " + failureDetail }

    /// The frame, and why it fails, or how many pixels differ and where the worst is.
    public var failureDetail: String {
        if let problem { return "\(file): \(problem)" }
        guard let r = result else { return file }
        let worst = r.worst.map { " worst at (\($0.x), \($0.y))" + PixelMatch.Result.levelsOff(r.worstLevels) } ?? ""
        return "\(file): \(r.differingPixels) pixels differ (\(String(format: "%.4f", r.ratio * 100)) %)\(worst)"
            + (r.antialiasedPixels > 0 ? ", \(r.antialiasedPixels) anti-aliased pixels ignored" : "")
    }

    /// Failures in a few lines, however many frames failed: goldens missing said once (with
    /// `missingHint`, what to do), frames whose pixels differ as ranges with the worst of them,
    /// other problems one a line (the first ten).
    public static func summary(_ failures: [FrameVerdict], golden: String, missingHint: String) -> [String] {
        func number(_ name: String) -> Int? { Int(name.prefix { $0.isNumber }) }
        func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        func ranges(_ names: [String]) -> String {
            // Frames named otherwise than by number (compare takes any PNG): their names.
            guard names.allSatisfy({ number($0) != nil && $0.first!.isNumber }) else {
                let sorted = names.sorted()
                return sorted.prefix(8).joined(separator: ", ") + (sorted.count > 8 ? ", ..." : "")
            }
            return FrameRanges.text(names.compactMap(number).sorted(), separator: ", ", limit: 8)
        }
        var lines: [String] = []
        let missing = failures.filter(\.isMissingGolden)
        if !missing.isEmpty {
            lines.append(
                "no golden for \(missing.count == 1 ? "frame" : "frames") \(ranges(missing.map(\.file))) (\(plural(missing.count, "frame"))) "
                    + "in \(golden); \(missingHint)")
        }
        let absent = failures.filter(\.isMissingFrame)
        if let first = absent.first {
            let folder = String(first.problem!.dropFirst(FrameVerdict.missingFrom.count))
            lines.append(
                "\(absent.count == 1 ? "frame" : "frames") \(ranges(absent.map(\.file))) (\(plural(absent.count, "frame"))) "
                    + "missing from \(folder), which the goldens hold; render \(absent.count == 1 ? "it" : "them") too, or compare folders that hold the same frames"
            )
        }
        let differing = failures.filter { $0.problem == nil && $0.result != nil }
        if let worst = differing.max(by: { ($0.result!.differingPixels, $1.file) < ($1.result!.differingPixels, $0.file) }) {
            let r = worst.result!
            let at = r.worst.map { " at (\($0.x), \($0.y))" + PixelMatch.Result.levelsOff(r.worstLevels) } ?? ""
            lines.append(
                "\(differing.count == 1 ? "frame" : "frames") \(ranges(differing.map(\.file))) \(differing.count == 1 ? "differs" : "differ") "
                    + "(\(plural(differing.count, "frame"))); worst \(worst.file): \(r.differingPixels) pixels (\(String(format: "%.4f", r.ratio * 100)) %)\(at)"
            )
        }
        let resized = failures.filter { $0.result?.sizeMismatch == true }
        if let first = resized.first, let r = first.result {
            let golden = first.problem.flatMap { $0.components(separatedBy: "the golden's ").last } ?? "another size"
            lines.append(
                "\(resized.count == 1 ? "frame" : "frames") \(ranges(resized.map(\.file))) (\(plural(resized.count, "frame"))) "
                    + "\(resized.count == 1 ? "is" : "are") \(r.width)x\(r.height), the golden\(resized.count == 1 ? "" : "s") \(golden): "
                    + "render with the goldens' device and --scale, or re-record them if the size changed on purpose")
        }
        let others = failures.filter { $0.problem != nil && !$0.isMissingGolden && !$0.isMissingFrame && $0.result?.sizeMismatch != true }
        lines += others.prefix(10).map(\.failureDetail)
        if others.count > 10 { lines.append("and \(others.count - 10) more frames with problems like these") }
        return lines
    }

    /// True when there was no golden to compare with (`missingGolden`), not a difference.
    public var isMissingGolden: Bool { problem?.hasPrefix(FrameVerdict.noGolden) == true }
    static let noGolden = "no golden in "

    /// True when the golden has no rendered frame to compare with.
    public var isMissingFrame: Bool { problem?.hasPrefix(FrameVerdict.missingFrom) == true }
    static let missingFrom = "missing from "

    public init(file: String, problem: String, result: PixelMatch.Result? = nil) {
        self.file = file; self.problem = problem; self.result = result; passed = false
    }

    /// A frame whose size differs from its golden's (its result kept, so it ranks among the worst).
    public static func sizeMismatch(file: String, result: PixelMatch.Result, golden: Pixmap) -> FrameVerdict {
        FrameVerdict(
            file: file, problem: "size \(result.width)x\(result.height) differs from the golden's \(golden.width)x\(golden.height)",
            result: result)
    }

    /// A frame with no golden in `golden`; `detail` says what to do.
    public static func missingGolden(file: String, in golden: String, detail: String = "") -> FrameVerdict {
        FrameVerdict(file: file, problem: noGolden + golden + (detail.isEmpty ? "" : " (\(detail))"))
    }
    public init(file: String, result: PixelMatch.Result, passed: Bool) {
        self.file = file; self.result = result; self.passed = passed
    }
}

/// Compares a frames folder (or one PNG) with a golden folder (or PNG). Fails closed: a frame
/// present on one side only, an unreadable file or a size mismatch is a failure, never a pass.
public enum FolderComparison {
    /// Throws `ComparisonError` for bad input (a path that does not exist, no frames at all,
    /// one folder or file on both sides however spelled, a `diffDirectory` that is or lies inside
    /// either compared folder or the folder of a compared file).
    /// With `diffDirectory`, failing frames get their `FailureImages` there (crops for each, full
    /// size for the worst few; an earlier run's are removed first), and every comparison writes
    /// summary.json.
    public static func compare(
        actual: String, golden: String, options: PixelMatch.Options = .init(),
        diffDirectory: String? = nil
    ) throws -> [FrameVerdict] {
        // Named for what they are: `the compared file x.png` when a side is one PNG.
        let sides = [("compared", actual), ("golden", golden)].map { side, path in
            FolderOverlap.Folder("the \(side) \(FileKind.at(path) == .regularFile ? "file" : "folder")", path)
        }
        if let diffDirectory, let problem = FolderOverlap.diffFolder(.init("--diff", diffDirectory), compared: sides) {
            throw ComparisonError.overlap(problem)
        }
        let pairs = try framePairs(actual: actual, golden: golden)
        // Both exist: one of them named twice would pass against itself.
        if let problem = FolderOverlap.sameFolder(frames: sides[0], golden: sides[1]) {
            throw ComparisonError.overlap(problem)
        }
        if let diffDirectory {
            FailureImages.removeStale(diffDirectory)
            try FailureImages.createFolder(diffDirectory)
        }
        var verdicts: [FrameVerdict] = []
        if let problem = manifestDisagreement(actual: actual, golden: golden) {
            verdicts.append(FrameVerdict(file: "manifest.json", problem: problem))
        }
        // Frames are independent: decode and compare them on every core, in order of the pairs.
        let results = Parallel.map(pairs.count, workers: ProcessInfo.processInfo.activeProcessorCount) { _, k in
            compareOne(pairs[k], actual: actual, golden: golden, options: options, diffDirectory: diffDirectory)
        }
        verdicts += results
        if let diffDirectory {
            let paths = Dictionary(uniqueKeysWithValues: pairs.compactMap { p in p.1.flatMap { a in p.2.map { (p.0, (a, $0)) } } })
            try FailureImages.writeWorst(results, options: options, to: diffDirectory) { paths[$0]! }
            try writeSummary(verdicts, to: diffDirectory + "/summary.json")
        }
        return verdicts
    }

    static func compareOne(
        _ pair: (String, String?, String?), actual: String, golden: String, options: PixelMatch.Options,
        diffDirectory: String?
    ) -> FrameVerdict {
        let (name, actualPath, goldenPath) = pair
        guard let actualPath else { return FrameVerdict(file: name, problem: FrameVerdict.missingFrom + actual) }
        guard let goldenPath else { return .missingGolden(file: name, in: golden) }
        let a: Pixmap, e: Pixmap
        do {
            a = try ImageDecoder.decode(fileAt: actualPath)
            e = try ImageDecoder.decode(fileAt: goldenPath)
        } catch {
            return FrameVerdict(file: name, problem: "\(error)")
        }
        let (result, picture) = PixelMatch.compare(a, e, options: options, makeDiff: diffDirectory != nil)
        if result.sizeMismatch { return .sizeMismatch(file: name, result: result, golden: e) }
        let passed = result.passes(options)
        if !passed, let diffDirectory, let picture {
            do {
                try FailureImages.writeCrops(frame: name, result: result, expected: e, actual: a, diff: picture, to: diffDirectory)
            } catch {
                return FrameVerdict(
                    file: name,
                    problem: "differs, and its failure images could not be written to \(diffDirectory) "
                        + "(check that the folder is writable and the disk has room)", result: result)
            }
        }
        return FrameVerdict(file: name, result: result, passed: passed)
    }

    /// fps, size or frame count that differ between the two folders' manifests, if both have one;
    /// or a manifest.json that is there but does not read (fails closed: it may be hiding a render
    /// of other settings).
    static func manifestDisagreement(actual: String, golden: String) -> String? {
        enum Read { case absent, unreadable(String), manifest([String: Any]) }
        func read(_ dir: String) -> Read {
            let path = dir + "/manifest.json"
            var info = stat()
            if stat(path, &info) != 0 {
                return lstat(path, &info) == 0 ? .unreadable("\(path): a link to nothing (or to itself)") : .absent
            }
            // Checked before it is opened: a FIFO would wait for a writer, a device never end.
            guard info.st_mode & S_IFMT == S_IFREG else { return .unreadable("\(path): not a file (a folder, pipe or device)") }
            guard info.st_size <= 256 << 20 else { return .unreadable("\(path): \(info.st_size) bytes, too large for a manifest") }
            guard let data = FileManager.default.contents(atPath: path),
                let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
            else {
                return .unreadable("\(path): does not read as a render-frames manifest")
            }
            return .manifest(object)
        }
        let ra = read(actual), rg = read(golden)
        for side in [ra, rg] {
            if case .unreadable(let why) = side {
                return "\(why); render those frames again, or remove it to compare the frames alone"
            }
        }
        guard case .manifest(let a) = ra, case .manifest(let g) = rg else { return nil }
        for key in ["fps", "width", "height", "frameCount"] {
            let x = a[key].map { "\($0)" } ?? "-", y = g[key].map { "\($0)" } ?? "-"
            if x != y { return "manifests disagree: \(key) is \(x) in \(actual) but \(y) in the golden; render with the golden's settings" }
        }
        return nil
    }

    struct SummaryEntry: Codable {
        var file: String
        var passed: Bool
        var problem: String?
        var differingPixels: Int?
        var antialiasedPixels: Int?
        var ratio: Double?
        var worstPixel: PixelMatch.PixelPosition?
        var worstDelta: Double?
        var worstLevels: Int?
    }

    static func writeSummary(_ verdicts: [FrameVerdict], to path: String) throws {
        let entries = verdicts.map { v in
            SummaryEntry(
                file: v.file, passed: v.passed, problem: v.problem, differingPixels: v.result?.differingPixels,
                antialiasedPixels: v.result?.antialiasedPixels, ratio: v.result?.ratio, worstPixel: v.result?.worst,
                worstDelta: v.result?.worstDelta, worstLevels: v.result?.worstLevels)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try FailureImages.createFolder(path.parentPath)
        try AtomicFile.write([UInt8](try encoder.encode(entries)), to: path, what: "the summary")
    }

    static func framePairs(actual: String, golden: String) throws -> [(String, String?, String?)] {
        let fm = FileManager.default
        var aDir: ObjCBool = false, gDir: ObjCBool = false
        guard fm.fileExists(atPath: actual, isDirectory: &aDir) else { throw ComparisonError.noSuchPath(actual) }
        guard fm.fileExists(atPath: golden, isDirectory: &gDir) else { throw ComparisonError.noSuchPath(golden) }
        if !aDir.boolValue && !gDir.boolValue { return [((actual as NSString).lastPathComponent, actual, golden)] }
        guard aDir.boolValue && gDir.boolValue else {
            throw ComparisonError.folderAgainstFile
        }
        func pngs(_ dir: String) -> Set<String> {
            Set(((try? fm.contentsOfDirectory(atPath: dir)) ?? []).filter { $0.hasSuffix(".png") })
        }
        let a = pngs(actual), g = pngs(golden)
        guard !a.isEmpty || !g.isEmpty else {
            // A matrix's render: a folder per variant on both sides.
            let variants = ((try? fm.contentsOfDirectory(atPath: actual)) ?? []).filter {
                fm.fileExists(atPath: actual + "/" + $0 + "/manifest.json")
            }.sorted()
            if let first = variants.first {
                throw ComparisonError.noFrames(actual: actual, golden: golden, variants: variants.count, firstVariant: first)
            }
            throw ComparisonError.noFrames(actual: actual, golden: golden, variants: 0, firstVariant: nil)
        }
        return a.union(g).sorted().map { name in
            (name, a.contains(name) ? actual + "/" + name : nil, g.contains(name) ? golden + "/" + name : nil)
        }
    }
}

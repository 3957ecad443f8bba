import Foundation
import Raster

/// The pictures of failing frames, bounded however many frames fail: every failing frame gets 1:1
/// crops of expected / actual / diff around its differing pixels (`NNNN.crop.expected.png`, ...),
/// and only the worst few get full-size images (`NNNN.expected.png`, ...). A one-character change
/// that fails 250 frames at @3x writes a few MB, where full images of each would be 650 MB.
public enum FailureImages {
    /// Failing frames whose images are written in full.
    public static let fullSizeCount = 3
    /// Pixels kept around the differing ones in a crop.
    public static let margin = 32
    /// A crop's least width and height, for context around a small change (a word, not a letter).
    public static let minCropWidth = 240, minCropHeight = 96
    /// A crop's longest side: a frame that changed everywhere is cut around its worst pixel.
    public static let maxCropSide = 480

    /// Where a failing frame's crops are cut: its differing pixels with `margin` around them, inside
    /// the frame, at most `maxCropSide` a side (then centred on the worst pixel). Nil when there is
    /// nothing to cut (sizes differ, or no pixel differs).
    public static func cropRect(for result: PixelMatch.Result) -> PixelRect? {
        guard !result.sizeMismatch, let changed = result.changed, result.width > 0, result.height > 0 else { return nil }
        func span(_ low: Int, _ high: Int, worst: Int, limit: Int, least: Int) -> (Int, Int) {
            var lo = max(0, low - margin), hi = min(limit, high + margin)
            if hi - lo < least {
                // Widen evenly around the change, inside the frame.
                let grow = least - (hi - lo)
                lo = max(0, lo - grow / 2)
                hi = min(limit, lo + max(hi - lo, least))
                lo = max(0, hi - least)
            }
            if hi - lo > maxCropSide {
                let centre = min(max(worst, low), high - 1)
                lo = max(0, min(centre - maxCropSide / 2, limit - maxCropSide))
                hi = min(limit, lo + maxCropSide)
            }
            return (lo, hi)
        }
        let worst = result.worst ?? PixelMatch.PixelPosition(x: changed.x, y: changed.y)
        let (x0, x1) = span(changed.x, changed.maxX, worst: worst.x, limit: result.width, least: minCropWidth)
        let (y0, y1) = span(changed.y, changed.maxY, worst: worst.y, limit: result.height, least: minCropHeight)
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// File names for a frame's images: `stem.crop.expected.png` when `crop`, else `stem.expected.png`.
    public static func names(frame: String, crop: Bool) -> (expected: String, actual: String, diff: String) {
        let stem = (frame as NSString).deletingPathExtension + (crop ? ".crop" : "")
        return ("\(stem).expected.png", "\(stem).actual.png", "\(stem).diff.png")
    }

    /// Writes a failing frame's crops (nothing when `cropRect` has none).
    public static func writeCrops(
        frame: String, result: PixelMatch.Result, expected: Pixmap, actual: Pixmap, diff: Pixmap,
        to directory: String
    ) throws {
        guard let rect = cropRect(for: result) else { return }
        let n = names(frame: frame, crop: true)
        try write(
            [(n.expected, expected.cropped(to: rect)), (n.actual, actual.cropped(to: rect)), (n.diff, diff.cropped(to: rect))],
            to: directory, encoding: .fast)
    }

    /// Writes a frame's expected / actual / diff images at full size (`diff` nil when the sizes differ:
    /// then only the two frames).
    public static func writeFullSize(frame: String, expected: Pixmap, actual: Pixmap, diff: Pixmap?, to directory: String) throws {
        let n = names(frame: frame, crop: false)
        // A few frames, so the smaller encoding: at @3x it halves what a failing run leaves behind.
        try write([(n.expected, expected), (n.actual, actual)] + (diff.map { [(n.diff, $0)] } ?? []), to: directory, encoding: .balanced)
    }

    /// The failing frames that get full-size images: the most differing pixels first (a size
    /// mismatch counts as every pixel), then by name, so any number of workers picks the same.
    public static func worst(_ verdicts: [FrameVerdict], count: Int = fullSizeCount) -> [FrameVerdict] {
        let failing = verdicts.filter { !$0.passed && $0.result != nil }
        return Array(
            failing.sorted { a, b in
                let pa = a.result!.differingPixels, pb = b.result!.differingPixels
                return pa != pb ? pa > pb : a.file < b.file
            }.prefix(count))
    }

    /// After the comparisons: the worst failing frames' full-size images, each decoded and compared
    /// again (a few frames, so the comparisons need not keep every frame's pixels). `paths` gives a
    /// frame's actual and golden files. Returns the frames written.
    @discardableResult
    public static func writeWorst(
        _ verdicts: [FrameVerdict], options: PixelMatch.Options, to directory: String,
        paths: (String) -> (actual: String, golden: String)
    ) throws -> [String] {
        var written: [String] = []
        for verdict in worst(verdicts) {
            let (actualPath, goldenPath) = paths(verdict.file)
            let actual = try ImageDecoder.decode(fileAt: actualPath), expected = try ImageDecoder.decode(fileAt: goldenPath)
            let diff = PixelMatch.compareWithDiff(actual, expected, options: options).1
            try writeFullSize(frame: verdict.file, expected: expected, actual: actual, diff: diff, to: directory)
            written.append(verdict.file)
        }
        return written
    }

    /// True for the files this writes into its folder (failure images and summary.json).
    public static func isWritten(_ name: String) -> Bool {
        name == "summary.json" || [".expected.png", ".actual.png", ".diff.png"].contains(where: { name.hasSuffix($0) })
    }

    /// Removes the failure images and summary.json of an earlier run from `directory`, then the
    /// folder itself when nothing else is in it: what the folder shows is always the last run's.
    public static func removeStale(_ directory: String) {
        let fm = FileManager.default
        guard let entries = try? fm.contentsOfDirectory(atPath: directory) else { return }
        for name in entries where isWritten(name) {
            try? fm.removeItem(atPath: directory + "/" + name)
        }
        if (try? fm.contentsOfDirectory(atPath: directory))?.isEmpty == true { try? fm.removeItem(atPath: directory) }
    }

    /// Creates the folder for failure images, or says in plain words why it cannot.
    public static func createFolder(_ directory: String) throws {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw ComparisonError.cannotCreateDiffFolder(directory, why: FileProblem.whyFolderCannotBeCreated(directory))
        }
    }

    private static func write(_ images: [(String, Pixmap)], to directory: String, encoding: PNGEncoder.Options) throws {
        try createFolder(directory)
        let encoder = PNGEncoder(options: encoding)
        for (name, image) in images {
            try AtomicFile.write(encoder.encode(image), to: "\(directory)/\(name)", what: "the failure image")
        }
    }
}

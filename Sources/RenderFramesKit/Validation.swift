import Foundation
import Raster
import Scene

/// `validate`'s check of one scenario file, without rendering: the file and every variant of its
/// matrix loaded as a render would load them.
public enum ScenarioCheck {
    /// A valid file: the line saying so, and its warnings (a character no font has), each once;
    /// warnings do not make a file invalid.
    public struct Report: Sendable, Equatable {
        public var summary: String
        public var warnings: [String]
    }

    /// Throws the first problem (a `ScenarioError` naming file:line:column and the field).
    public static func check(_ file: String, imageLimits: ImageLimits = .standard) throws -> Report {
        let (s, variants) = try ScenarioLoader.checkEveryVariant(path: file, imageLimits: imageLimits)
        let summary: String
        if variants.isEmpty {
            summary = "\(file): ok: \(s.screen.device.id), \(s.frameCount) frames at \(s.fps.formatted()) fps, \(s.pixelWidth)x\(s.pixelHeight) px"
        } else {
            // The variants' frame counts can differ (a fling stops where each device's content ends).
            let counts = variants.map(\.frameCount)
            let frames = counts.min() == counts.max() ? "\(counts[0])" : "\(counts.min()!)-\(counts.max()!)"
            summary =
                "\(file): ok: \(variants.count) variants (\(variants.map(\.name).joined(separator: ", "))), \(frames) frames "
                + "at \(s.fps.formatted()) fps"
        }
        var seen = Set<String>()
        let warnings = (s.warnings + variants.flatMap(\.warnings)).map(\.warningDescription).filter { seen.insert($0).inserted }
        return Report(summary: summary, warnings: warnings)
    }
}

extension ScenarioCheck {
    /// `validate FILES`: each file checked in turn; `ok` gets a valid file's line, `problem` its
    /// warnings and an invalid file's error. Returns how many files are invalid.
    public static func check(
        _ files: [String], imageLimits: ImageLimits = .standard, ok: (String) -> Void,
        problem: (String) -> Void
    ) -> Int {
        var failed = 0
        for file in files {
            do {
                let report = try check(file, imageLimits: imageLimits)
                ok(report.summary)
                report.warnings.forEach(problem)
            } catch {
                failed += 1
                problem("\(error)")
            }
        }
        return failed
    }
}

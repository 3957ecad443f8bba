import Foundation
import Raster
import ScenarioFormat
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
    /// `uikit`: the file is a UIKit screen's scenario (`renderFrames(of:)`, `assertFrames(of:)`),
    /// loaded as that render loads it: the screen's own keys refused with its messages, offsets not
    /// limited by a content height. Its frame count is the timeline's; a gesture timeline without a
    /// `duration` is counted again when the screen runs (a fling stops where its content ends),
    /// which the line says.
    public static func check(_ file: String, imageLimits: ImageLimits = .standard, uikit: Bool = false) throws -> Report {
        let (s, variants) = try ScenarioLoader.checkEveryVariant(path: file, imageLimits: imageLimits, screenCode: uikit)
        let ok = uikit ? "ok for a UIKit screen" : "ok"
        // What the screen's code can still change, said where the count is.
        let counted =
            uikit && (s.timeline as? GestureTimeline).map { $0.durationGiven == false } == true
            ? "; counted by the timeline: the render counts again once your screen's scroll view sets where flings end "
                + "(give timeline.duration to fix the count)"
            : ""
        let summary: String
        if variants.isEmpty {
            summary =
                "\(file): \(ok): \(s.screen.device.id), \(s.frameCount) frames at \(s.fps.formatted()) fps, \(s.pixelWidth)x\(s.pixelHeight) px"
                + counted
        } else {
            // The variants' frame counts can differ (a fling stops where each device's content ends).
            let counts = variants.map(\.frameCount)
            let frames = counts.min() == counts.max() ? "\(counts[0])" : "\(counts.min()!)-\(counts.max()!)"
            summary =
                "\(file): \(ok): \(variants.count) variants (\(variants.map(\.name).joined(separator: ", "))), \(frames) frames "
                + "at \(s.fps.formatted()) fps" + counted
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
        _ files: [String], imageLimits: ImageLimits = .standard, uikit: Bool = false, ok: (String) -> Void,
        problem: (String) -> Void
    ) -> Int {
        var failed = 0
        for file in files {
            do {
                let report = try check(file, imageLimits: imageLimits, uikit: uikit)
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

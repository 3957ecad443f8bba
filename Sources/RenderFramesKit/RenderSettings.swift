import Foundation
import GoldenCompare
import Raster
import ScenarioFormat
import Scene

extension Render {
    /// What a run is asked to do: one field per option of `render-frames render` (the CLI builds
    /// these from its options), plus what only
    /// `assertFrames` and the benchmark set.
    public struct Settings {
        /// The scenario file; nil renders the bundled default demo.
        public var scenario: String?
        public var outputDirectory: String
        public var fps: Double?
        public var scale: Double?
        /// Frames to render: "30-59" or "0,48,90-92"; nil for every frame.
        public var frames: String?
        public var jobs = RenderJob.defaultWorkers()
        public var encoding: PNGEncoder.Options = .balanced
        /// "I/N", or "auto" for the CI engine's environment (`Shard.fromEnvironment`).
        public var shard: String?
        public var golden: String?
        public var record: RecordMode?
        public var prune = false
        /// Failure images' folder; nil for `GoldenCheck.defaultDiffDirectory`.
        public var diff: String?
        public var report: String?
        public var reportName: String?
        public var comparison = PixelMatch.Options()
        public var includeLayout = false
        /// With a matrix: this variant only (in OUT/NAME, checked against GOLDEN/NAME).
        public var variant: String?
        public var resume = false
        public var force = false
        /// Another render writing `outputDirectory` (`FolderLock`): wait for it rather than refuse.
        public var waitForFolder = false
        /// "Up to date" hashes every frame, not only those newer than the manifest.
        public var verify = false
        public var imageLimits = ImageLimits.standard
        /// The scenario's `output:` animations are written (after every frame); off for `assertFrames`.
        public var writeAnimations = true
        /// Frames whose scroll state equals an earlier frame's are written from its bytes (the
        /// benchmark turns it off to time every frame).
        public var reuseEqualStates = true
        /// How the re-record hint names the run ("the same command", "the same test").
        public var rerun = "the same command"
        /// The variant a pass renders (set per variant of a matrix), for the goldens' lines.
        var variantName: String?

        public init(scenario: String?, outputDirectory: String = "frames") {
            self.scenario = scenario
            self.outputDirectory = outputDirectory
        }

        /// The first of fps, scale and jobs out of `RenderLimits`, named as the Swift API names it,
        /// or nil (the command checks its options, and how they go together, before it makes these).
        public func rangeProblem() -> String? {
            RenderLimits.outOfRange("fps", fps, RenderLimits.fps) ?? RenderLimits.outOfRange("scale", scale, RenderLimits.scale)
                ?? RenderLimits.outOfRange("jobs", jobs, RenderLimits.jobs)
        }

        var diffDirectory: String { diff ?? GoldenCheck.defaultDiffDirectory(frames: outputDirectory) }
        var scenarioName: String { reportName ?? ((scenario ?? "profile.yaml") as NSString).lastPathComponent.deletingPathExtension }

        /// These settings for one variant of a matrix: frames in OUT/NAME, goldens in GOLDEN/NAME,
        /// failure images in DIFF/NAME, the report entry named SCENARIO-NAME.
        func forVariant(_ name: String) -> Settings {
            var v = self
            v.variantName = name
            v.outputDirectory = outputDirectory + "/" + name
            v.golden = golden.map { $0 + "/" + name }
            v.diff = diffDirectory + "/" + name
            v.reportName = scenarioName + "-" + name
            return v
        }
    }

}

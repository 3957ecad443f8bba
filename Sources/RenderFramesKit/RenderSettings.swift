import Foundation
import GoldenCompare
import Raster
import ScenarioFormat
import Scene

extension Render {
    /// What a run is asked to do: one field per option of `render-frames render` (the CLI builds
    /// these from its options and says what each one does in `Help`'s words), plus what only
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

        /// The first setting out of `RenderLimits` (fps, scale, jobs) or that needs another
        /// (`prune` needs `golden` and every frame, `report` needs `golden`, ...), worded with the
        /// CLI's options; nil when they go together. `comparisonSet`: a comparison option was given.
        public func problem(comparisonSet: Bool = false) -> String? {
            if prune && golden == nil { return "--prune needs --golden" }
            if comparisonSet && golden == nil {
                return "--tolerance, --threshold, --exact and --max-diff-* say how frames are compared with goldens: they need --golden"
            }
            if report != nil && golden == nil { return "--report needs --golden (or use render-frames compare --report)" }
            if reportName != nil && report == nil { return "--name names the scenario in a report: it needs --report" }
            if prune && (frames != nil || shard != nil) {
                return "--prune removes goldens of frames not rendered, so it needs every frame: drop --frames and --shard"
            }
            return RenderLimits.fpsProblem(fps) ?? RenderLimits.scaleProblem(scale) ?? RenderLimits.jobsProblem(jobs)
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

extension Render.Settings {
    /// What `render-frames render --help` says of each setting, kept beside the settings it
    /// describes (docs/cli.md shows it, and a test holds the page to it).
    public enum Help {
        public static let scenario = "Scenario file (YAML or JSON). Omit to render the bundled default demo."
        public static let outputDirectory = "Output folder for NNNN.png frames and manifest.json."
        public static let fps = "Frames per second (overrides the scenario's, 1-240)."
        public static let scale = "Pixels per point (overrides the device's, 0.25-4)."
        public static let frames = "Frames to render: a range 30-59, or a list 0,48,90-92."
        public static let jobs = "Worker threads, by default one a core (at most 64); the frames are the same for every value."
        public static let encoding = "PNG encoding: fast (previews), balanced, small (smallest files)."
        public static let shard = """
            Render shard I of N (a contiguous share of the frames), e.g. 2/4, or auto: from the CI engine's environment \
            (RENDER_FRAMES_SHARD, GitLab's CI_NODE_INDEX, a Kubernetes Indexed Job's or AWS Batch array's index with \
            RENDER_FRAMES_SHARDS). Merge with `render-frames merge`.
            """
        public static let golden = "Golden folder to check the frames against (see --record)."
        public static let record =
            "With --golden: never, missing, failed or all (default: $RENDER_FRAMES_RECORD, else never when CI is set, else missing)."
        public static let prune = "With --golden: remove goldens of frames this scenario no longer produces (not with --frames or --shard)."
        public static let diff = "With --golden: folder for expected / actual / diff images of failing frames (default: OUT-diff)."
        public static let report = "With --golden: add this scenario to the HTML report in this folder (open index.html)."
        public static let reportName = "With --report: the scenario's name in the report (default: its file's name without the extension)."
        public static let includeLayout = "Add each frame's visible layers (name, rectangle in points, z order, opacity) to the manifest."
        public static let variant = "With a scenario that has a matrix: render this variant only (into OUT/NAME, checked against GOLDEN/NAME)."
        public static let resume = """
            Keep frames already in --out that are whole (they decode, at the right size) and that its manifest lists as rendered \
            from the same inputs; render the rest. Refused, saying what changed, when the scenario, an image, a font, the settings \
            or the tool did (see --force).
            """
        public static let force = """
            Render even when --out already holds these frames of the same scenario, images, settings and tool (such a run \
            otherwise says up to date and does no work). With --resume: keep the whole frames even when they were rendered from \
            other inputs.
            """
        public static let wait = "When another render-frames is writing --out, wait for it to finish instead of refusing."
        public static let verify = "Before saying up to date, check every frame's hash, not only those changed after the render."
    }
}

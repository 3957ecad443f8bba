import ArgumentParser
import GoldenCompare
import RenderFramesKit
import ScenarioFormat

// The commands that work on folders of rendered frames: compare, merge, summary, encode.
struct Compare: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Compare frames with golden frames (folders or single PNGs).",
        discussion: "Exit codes: 0 all frames match, 1 differences (or frames missing on either side), 2 bad input.")

    @Argument(help: "Rendered frames: a folder of PNGs or one PNG.") var actual: String
    @Argument(help: "Golden frames: a folder of PNGs or one PNG.") var golden: String
    @OptionGroup var comparison: ComparisonOptions
    @Option(name: .long, help: ArgumentHelp("Folder for expected / actual / diff images of failing frames and summary.json.", valueName: "dir"))
    var diff: String?
    @Option(
        name: .long, help: ArgumentHelp("Add this comparison to the HTML report in this folder (open index.html); folders only.", valueName: "dir"))
    var report: String?
    @Option(name: .long, help: ArgumentHelp("The scenario's name in the report (default: the golden folder's name).", valueName: "name")) var name:
        String?
    func run() throws {
        let outcome = try Comparison(actual: actual, golden: golden, options: comparison.options, diff: diff, report: report, name: name).run()
        for line in outcome.lines { print(line) }
        if outcome.failed > 0 { throw ExitCode(1) }
    }
}

struct Merge: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Merge the shards' manifests in a folder into manifest.json, or their HTML reports into one.",
        usage: """
            render-frames merge <frames-dir>
              render-frames merge --report <dir> [<shard-report-dir> ...]
            """,
        discussion: """
            Frames: copy every shard's output (frames and manifest.shard-I-of-N.json) into one folder, then run this. The result is \
            byte-identical to a single run.

            Reports: each shard's --report writes its part of a scenario under its own name, so reports copied into one folder (as \
            actions/download-artifact with merge-multiple does) need only --report DIR to rewrite index.html; reports in separate folders \
            are folded into DIR first.

            Refused, writing nothing: shard manifests of two splits in the folder (1/2 and 1/3), a missing or interrupted shard, two \
            shards that hold the same frames, shards rendered from different inputs (scenario, images, fonts, settings, tool).

            Exit codes: 0 merged, 2 shards missing or inconsistent, or not a report folder.
            """)

    @Argument(help: ArgumentHelp("The folder holding every shard's frames; with --report, shard report folders to fold in.", valueName: "dir"))
    var directories: [String] = []
    @Option(name: .long, help: ArgumentHelp("Merge HTML reports into this folder and rewrite its index.html.", valueName: "dir")) var report: String?

    func validate() throws {
        guard report == nil && directories.count != 1 else { return }
        throw ValidationError(
            directories.isEmpty
                ? "give the folder holding the shards' frames (or --report DIR to merge reports)"
                : "merge takes one frames folder; to merge HTML reports use --report DIR followed by the shards' report folders")
    }
    func run() throws {
        print(try report.map { try HTMLReport.mergeReports(into: $0, from: directories) } ?? ShardMerge.mergeFolder(directories[0]))
    }
}

struct Summary: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Sum an HTML report up in Markdown, for a CI job summary or a pull-request comment.",
        discussion: """
            One row per scenario, then the worst failing frames' expected / actual / diff crops as images from --image-url (job summaries \
            and comments show images only from URLs). --images-out copies those few images into a folder to publish at that URL. Exit \
            codes: 0 written, 2 not a report folder.

            Example (GitHub Actions): render-frames summary out/report >> "$GITHUB_STEP_SUMMARY"
            """)

    @Argument(help: ArgumentHelp("The folder --report wrote.", valueName: "report-dir")) var report: String
    @Option(name: .long, help: ArgumentHelp("The URL the pictured images will be served at (a folder).", valueName: "url")) var imageURL: String?
    @Option(name: .long, help: ArgumentHelp("Copy the pictured images into this folder, named as the Markdown refers to them.", valueName: "dir"))
    var imagesOut: String?
    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("Failing frames pictured, the worst first (\(RenderLimits.written(RenderLimits.pictured))).", valueName: "n"))
    var pictured: Int = 4
    @Option(name: .long, help: ArgumentHelp("A first line, hidden in the rendered Markdown, that finds the comment again.", valueName: "text"))
    var marker: String?
    @Option(name: .long, help: ArgumentHelp("Where the whole report is (a link or a sentence), said at the end.", valueName: "text")) var link:
        String?
    @Option(name: .long, help: ArgumentHelp("A scenario that could not be rendered, so is not in the report (repeat for each).", valueName: "name"))
    var unrendered: [String] = []

    func validate() throws {
        if let problem = RenderLimits.outOfRange("--pictured", pictured, RenderLimits.pictured) { throw ValidationError(problem) }
        if marker?.contains("--") == true { throw ValidationError("--marker cannot contain --, which would end the hidden comment") }
    }
    func run() throws {
        var summary = MarkdownSummary(report: report)
        summary.imageURL = imageURL.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
        (summary.maxPictured, summary.marker, summary.reportLink, summary.unrendered) = (pictured, marker, link, unrendered)
        print(try summary.written(imagesOut: imagesOut), terminator: "")
    }
}

struct Encode: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Join a folder of rendered frames into GIF, WebP, MP4 or APNG animations.",
        discussion: """
            The format comes from each OUTPUT's extension: .gif, .webp, .mp4, .apng (or .png with --apng). The folder must hold a whole \
            render (manifest.json, every frame, one size). Identical consecutive frames become one longer frame (GIF, WebP, APNG); every \
            file is read back and its frame count and duration checked against the frames.
            Defaults: GIF and WebP 360 px wide at 25 fps (WebP quality 75), APNG 300 px at 30 fps, MP4 720 px at the frames' rate \
            (quality 75 = x264 CRF 23); never wider than the frames. GIF, WebP and APNG are fitted under 10 MB (GitHub's limit for \
            images) unless --max-bytes says otherwise.
            Exit codes: 0 written, 2 bad input or a failed check.
            """)

    @Argument(help: "Folder of frames (render-frames --out).") var frames: String
    @Argument(help: "Animation files to write; the extension picks the format.") var outputs: [String]
    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("Width in pixels (the height keeps the frames' aspect ratio).", valueName: "pixels"))
    var width: Int?
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Frames per second of the animation (GIF at most 50).", valueName: "fps"))
    var fps: Double?
    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp(
            "0-100: WebP's quality; MP4's maps to x264's CRF (75 -> 23). GIF and APNG are lossless after their palette.", valueName: "0-100"))
    var quality: Double?
    @Flag(name: .long, help: "WebP: lossless instead of lossy.") var lossless = false
    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp(
            """
            Largest file allowed, e.g. 5MB, 800KB, or none: quality, width and then frame rate are lowered to fit, and the choice is \
            printed. Default: 10MB (GitHub's limit for images) for GIF, WebP and APNG; none for MP4.
            """, valueName: "size"))
    var maxBytes: String?
    @Flag(name: .long, help: "Write .png outputs as animated PNG.") var apng = false
    @Option(
        name: [.customShort("j"), .long], parsing: .unconditional,
        help: ArgumentHelp("Worker threads, by default one a core (at most \(RenderLimits.jobs.upperBound)).", valueName: "n"))
    var jobs: Int = RenderJob.defaultWorkers()
    @OptionGroup var images: ImageLimit
    func validate() throws {
        if outputs.isEmpty { throw ValidationError("give at least one output file, e.g. demo.webp") }
        // AnimationRequest refuses these values when made, in these words, for the Swift API too.
        if let problem = AnimationRequest.problem(width: width, fps: fps, quality: quality, maxBytes: maxBytes)
            ?? RenderLimits.outOfRange("--jobs", jobs, RenderLimits.jobs)
        {
            throw ValidationError(problem)
        }
    }
    func run() throws {
        let plan = try EncodingPlan(
            frames: frames, outputs: outputs, width: width, fps: fps, quality: quality, lossless: lossless,
            maxBytes: maxBytes, apng: apng)
        SignalHandlers.shared.interruption.writingAnimations()
        defer { SignalHandlers.shared.interruption.idle() }
        try plan.write(jobs: jobs, imageLimits: images.limits) { print($0) }
    }
}

import ArgumentParser
import RenderFramesKit

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
    @Option(name: .long, help: ArgumentHelp("Width in pixels (the height keeps the frames' aspect ratio).", valueName: "pixels")) var width: Int?
    @Option(name: .long, help: ArgumentHelp("Frames per second of the animation (GIF at most 50).", valueName: "fps")) var fps: Double?
    @Option(name: .long, help: ArgumentHelp("0-100: WebP's quality; MP4's maps to x264's CRF (75 -> 23). GIF and APNG are lossless after their palette.", valueName: "0-100")) var quality: Double?
    @Flag(name: .long, help: "WebP: lossless instead of lossy.") var lossless = false
    @Option(name: .long, help: ArgumentHelp("Largest file allowed, e.g. 5MB, 800KB, or none: quality, width and then frame rate are lowered to fit, and the choice is printed. Default: 10MB (GitHub's limit for images) for GIF, WebP and APNG; none for MP4.", valueName: "size")) var maxBytes: String?
    @Flag(name: .long, help: "Write .png outputs as animated PNG.") var apng = false
    @Option(name: [.customShort("j"), .long], help: ArgumentHelp("Worker threads, by default one a core (at most 64).", valueName: "n")) var jobs: Int = RenderJob.defaultWorkers()
    @OptionGroup var images: ImageLimit
    func validate() throws {
        if let problem = EncodingPlan.optionProblem(outputs: outputs, width: width, fps: fps, quality: quality, maxBytes: maxBytes, jobs: jobs) {
            throw ValidationError(problem)
        }
    }
    func run() throws {
        let plan = try EncodingPlan(frames: frames, outputs: outputs, width: width, fps: fps, quality: quality, lossless: lossless,
                                    maxBytes: maxBytes, apng: apng)
        Interruption.shared.writingAnimations()
        defer { Interruption.shared.idle() }
        try plan.write(jobs: jobs, pixelLimit: images.maxImagePixels) { print($0) }
    }
}

extension ExplainError: BadInputError {}
extension ExpandError: BadInputError {}
extension EncodingPlanError: BadInputError {}

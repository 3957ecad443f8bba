import Animation
import ArgumentParser
import Foundation
import GoldenCompare
import Raster
import RenderFramesKit
import Scene

struct Encode: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Join a folder of rendered frames into GIF, WebP, MP4 or APNG animations.",
        discussion: """
            The format comes from each OUTPUT's extension: .gif, .webp, .mp4, .apng (or .png with --apng). The folder must \
            hold a whole render (manifest.json, every frame, one size). Identical consecutive frames become one longer frame \
            (GIF, WebP, APNG); every file is read back and its frame count and duration checked against the frames.
            Defaults: GIF and WebP 360 px wide at 25 fps (WebP quality 75), APNG 300 px at 30 fps, MP4 720 px at the \
            frames' rate (quality 75 = x264 CRF 23); never wider than the frames. GIF, WebP and APNG are fitted under \
            10 MB (GitHub's limit for images) unless --max-bytes says otherwise.
            Exit codes: 0 written, 2 bad input or a failed check.
            """)

    @Argument(help: "Folder of frames (render-frames --out).")
    var frames: String

    @Argument(help: "Animation files to write; the extension picks the format.")
    var outputs: [String]

    @Option(name: .long, help: ArgumentHelp("Width in pixels (the height keeps the frames' aspect ratio).", valueName: "pixels"))
    var width: Int?

    @Option(name: .long, help: ArgumentHelp("Frames per second of the animation (GIF at most 50).", valueName: "fps"))
    var fps: Double?

    @Option(name: .long, help: ArgumentHelp("0-100: WebP's quality; MP4's maps to x264's CRF (75 -> 23). GIF and APNG are lossless after their palette.", valueName: "0-100"))
    var quality: Double?

    @Flag(name: .long, help: "WebP: lossless instead of lossy.")
    var lossless = false

    @Option(name: .long, help: ArgumentHelp("Largest file allowed, e.g. 5MB, 800KB, or none: quality, width and then frame rate are lowered to fit, and the choice is printed. Default: 10MB (GitHub's limit for images) for GIF, WebP and APNG; none for MP4.", valueName: "size"))
    var maxBytes: String?

    @Flag(name: .long, help: "Write .png outputs as animated PNG.")
    var apng = false

    @Option(name: [.customShort("j"), .long], help: ArgumentHelp("Worker threads, by default one a core (at most 64).", valueName: "n"))
    var jobs: Int = RenderJob.defaultWorkers()

    @OptionGroup var images: ImageLimit

    func validate() throws {
        if outputs.isEmpty { throw ValidationError("give at least one output file, e.g. demo.webp") }
        if let width, !(16...8192).contains(width) { throw ValidationError("--width must be between 16 and 8192 pixels, got \(width)") }
        if let fps, !(fps > 0 && fps <= 240) { throw ValidationError("--fps must be above 0 and at most 240, got \(fps.formattedNumber)") }
        if let quality, !(0...100).contains(quality) { throw ValidationError("--quality must be between 0 and 100, got \(quality.formattedNumber)") }
        if let maxBytes {
            guard let v = ByteSize.parse(maxBytes), v == 0 || v >= 1000 else {
                throw ValidationError("--max-bytes expects a size of at least 1KB such as 5MB, 800KB or 2000000 (bytes), or none (also 0) for no limit; got \(maxBytes)")
            }
        }
        if let problem = RenderLimits.jobsProblem(jobs) { throw ValidationError(problem) }
    }

    func run() throws {
        var requests: [AnimationRequest] = []
        let framesFolder = OutputPath.resolved(frames)
        // One file however it is spelled (`a.gif`, `./sub/../a.gif`, a link to it): written once.
        if let (first, second) = OutputPath.firstRepeat(outputs) {
            throw BadInput(first == second ? "\(second): given twice; give each animation once"
                : "\(first) and \(second) are one file; give each animation once")
        }
        for output in outputs {
            guard let format = AnimationFormat.of(path: output, apng: apng) else {
                let ext = (output as NSString).pathExtension
                throw BadInput("\(output): " + (ext.lowercased() == "png"
                    ? "a .png is a frame here; for an animated PNG, add --apng or name it .apng"
                    : "\(ext.isEmpty ? "no extension" : "unknown extension .\(ext)"); the formats are \(AnimationFormat.extensions)"))
            }
            let resolved = OutputPath.resolved(OutputPath.destination(of: output))
            let name = (resolved as NSString).lastPathComponent
            if resolved.parentPath == framesFolder, RenderJob.isFrameName(name) || name.hasPrefix("manifest") {
                throw BadInput("\(output): would overwrite the frames' own \(name) in \(frames); write the animation outside the frames folder")
            }
            try OutputPath.checkFile(output, option: "output file")
            if lossless && format != .webp { throw BadInput("--lossless applies to .webp only; \(output) is \(format.rawValue)") }
            var r = AnimationRequest(path: output, format: format)
            r.width = width; r.fps = fps; r.quality = quality; r.lossless = lossless
            r.maxBytes = maxBytes.flatMap { ByteSize.parse($0) }
            requests.append(r)
        }
        if quality != nil, !requests.contains(where: { $0.format == .webp || $0.format == .mp4 }) {
            throw BadInput("--quality applies to .webp and .mp4; GIF and APNG have no quality setting (give --width or --max-bytes to make them smaller); remove it")
        }
        let manifest = try FolderFrames.check(frames)
        Interruption.shared.writingAnimations()
        defer { Interruption.shared.idle() }
        for r in requests {
            let outcome = try Animations.write(r, frameWidth: manifest.width, sourceFPS: manifest.fps, jobs: jobs) { width, even in
                FolderFrames(directory: frames, manifest: manifest, width: width, even: even, pixelLimit: images.maxImagePixels)
            }
            print(outcome.summary(budgetOption: "--max-bytes"))
        }
    }
}

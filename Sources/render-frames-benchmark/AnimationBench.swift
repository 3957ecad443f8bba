import Animation
import Foundation
import Raster
import RenderFramesKit

/// The animations on the default demo: the frames alone against frames plus GIF plus WebP at
/// 390 px (a scenario's `output:`), then each format from the frames folder at 390 px, beside the
/// plain ffmpeg command that does the same job: seconds, bytes, peak memory (the largest process),
/// and SSIM (luma, 8x8 blocks) against the frames each one meant to show. Then every format at
/// full width for peak memory. Commands are whole processes, best of `runs`.
func animationBenchmark(directory: String, runs: Int) {
    let (exe, work) = (releaseTool(), workFolder("rf-animations"))
    let scenario = directory + "/profile.yaml"
    defer { try? FileManager.default.removeItem(atPath: work) }
    let frames = work + "/frames"

    func best(_ command: [String]) -> (seconds: Double, megabytes: Double) {
        var results: [(Double, Double)] = []
        for _ in 0..<runs { results.append(timed(command)) }
        return results.min { $0.0 < $1.0 }!
    }

    print("\nAnimations of the default demo (profile.yaml, 330 frames at 60 fps, 1179x2556), best of \(runs):\n")
    let alone = best([exe, scenario, "--out", frames, "--quiet", "--jobs", "2", "--force"]) // --force: each run renders (not up to date)
    // The same render with output: [GIF, WebP] at 390 px, from a copy of the scenario beside it (its images are relative).
    let withOutputs = scenarioWithOutputs(scenario, into: work)
    let both = best([exe, withOutputs, "--out", work + "/frames2", "--quiet", "--jobs", "2", "--force"])
    try? FileManager.default.removeItem(atPath: withOutputs)
    print("| run | seconds | peak MB | x frames alone |")
    print("|---|---|---|---|")
    print("| frames alone (@3x, 2 jobs) | \(format(alone.seconds, 2)) | \(format(alone.megabytes, 0)) | 1.00 |")
    print(
        "| frames + GIF + WebP at 390 px (output:, drawn at 390 px) | \(format(both.seconds, 2)) | \(format(both.megabytes, 0)) | \(format(both.seconds / alone.seconds, 2)) |"
    )
    let gifBytes = fileSize(work + "/o.gif"), webpBytes = fileSize(work + "/o.webp")
    print("\nThose outputs: GIF \(gifBytes) bytes, WebP \(webpBytes) bytes.\n")

    var manifest: Manifest
    do { manifest = try FolderFrames.check(frames) } catch { fail("\(error)") }
    // Like for like with ffmpeg: `encode` decodes and scales the same PNGs (its manifest records no
    // inputs, so it does not draw them again; `--encode-only` measures that route).
    manifest.inputParts = nil
    try? AtomicFile.write(Array(manifest.encoded()), to: frames + "/manifest.json")
    let height = Int((Double(manifest.height) * 390 / Double(manifest.width)).rounded())
    struct Row { var name: String; var seconds: Double; var megabytes: Double; var bytes: Int; var ssim: Double }
    var rows: [Row] = []
    let input = ["-framerate", "60", "-i", frames + "/%04d.png"]
    let scale = "scale=390:\(height):flags=lanczos"
    let jobs: [(format: String, fps: Double, ours: [String], ffmpeg: [String])] = [
        (
            "gif", 25, ["--fps", "25"],
            input + [
                "-filter_complex",
                "fps=25,\(scale),split[a][b];[a]palettegen=stats_mode=diff[p];[b][p]paletteuse=dither=sierra2_4a:diff_mode=rectangle", "-loop", "0",
            ]
        ),
        (
            "webp", 25, ["--fps", "25"],
            input + ["-vf", "fps=25,\(scale)", "-c:v", "libwebp_anim", "-quality", "75", "-compression_level", "4", "-loop", "0"]
        ),
        ("apng", 25, ["--fps", "25"], input + ["-vf", "fps=25,\(scale)", "-plays", "0", "-f", "apng"]),
        (
            "mp4", 60, ["--width", "390"],
            input + [
                "-vf", "scale=390:\(height & ~1):flags=lanczos", "-c:v", "libx264", "-preset", "medium", "-crf", "23",
                "-pix_fmt", "yuv420p", "-movflags", "+faststart",
            ]
        ),
    ]
    for job in jobs {
        let ours = work + "/ours.\(job.format)", theirs = work + "/ffmpeg.\(job.format)"
        let t = best([exe, "encode", frames, ours, "--width", "390", "--max-bytes", "none", "--jobs", "2"] + job.ours)
        let f = best(["/usr/bin/ffmpeg", "-v", "error", "-y"] + job.ffmpeg + [theirs])
        let timeline = OutputTimeline(sourceFPS: 60, sourceCount: manifest.frameCount, fps: job.fps)
        let source = FolderFrames(directory: frames, manifest: manifest, width: 390, even: job.format == "mp4")
        let oursSSIM = ssim(
            decoded(ours, fps: job.fps, size: (source.width, source.height)),
            reference: { k in
                (try? source.frame(timeline.sourceIndex(k), worker: 0)).map(rgb) ?? []
            })
        let reference = ffmpegFrames(input + ["-vf", "fps=\(Int(job.fps)),scale=\(source.width):\(source.height):flags=lanczos"])
        let theirSSIM = ssim(
            decoded(theirs, fps: job.fps, size: (source.width, source.height)), reference: { k in k < reference.count ? reference[k] : [] })
        rows.append(
            Row(name: "\(job.format), render-frames encode", seconds: t.seconds, megabytes: t.megabytes, bytes: fileSize(ours), ssim: oursSSIM))
        rows.append(Row(name: "\(job.format), ffmpeg", seconds: f.seconds, megabytes: f.megabytes, bytes: fileSize(theirs), ssim: theirSSIM))
    }
    print("From the frames folder at 390 px, its PNGs decoded by each tool (GIF, WebP, APNG at 25 fps; MP4 at 60):\n")
    print("| format, tool | seconds | peak MB | bytes | SSIM |")
    print("|---|---|---|---|---|")
    for r in rows { print("| \(r.name) | \(format(r.seconds, 2)) | \(format(r.megabytes, 0)) | \(r.bytes) | \(format(r.ssim, 4)) |") }

    print("\nFull width (1179 px); peak MB: the largest process of the tree (for MP4, ffmpeg's x264 beside our process):\n")
    print("| format | seconds | peak MB | bytes |")
    print("|---|---|---|---|")
    for f in ["gif", "webp", "apng", "mp4"] {
        let out = work + "/full.\(f)"
        let t = timed([exe, "encode", frames, out, "--width", "1179", "--max-bytes", "none", "--jobs", "2"])
        print("| \(f) | \(format(t.seconds, 2)) | \(format(t.megabytes, 0)) | \(fileSize(out)) |")
    }
}

/// Runs a command to its end: wall seconds, and the peak resident memory of the largest process
/// in its tree (VmHWM from /proc, read every 5 ms while it runs: a spawned process's own rusage
/// would count this benchmark's memory, which it shares until it execs).
/// The release `render-frames` beside this benchmark (the animation rows time it as a process).
func releaseTool() -> String {
    let bin = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    let exe = bin.appendingPathComponent("render-frames").path
    guard FileManager.default.isExecutableFile(atPath: exe) else { fail("\(exe) is missing: swift build -c release first") }
    return exe
}

/// A new temporary folder `NAME-PID`, for the caller to remove.
func workFolder(_ name: String) -> String {
    let work = NSTemporaryDirectory() + "\(name)-\(getpid())"
    try? FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
    return work
}

/// A copy of `scenario` beside it (its images are relative) that also writes `output:` a GIF and a
/// WebP at 390 px into `work` (o.gif, o.webp): its path, for the caller to remove.
func scenarioWithOutputs(_ scenario: String, into work: String) -> String {
    let folder = scenario.parentPath
    let copy = (folder.isEmpty ? "." : folder) + "/.benchmark-outputs-\(getpid()).yaml"
    let text = (try? String(contentsOfFile: scenario, encoding: .utf8)) ?? ""
    try? AtomicFile.write(
        Array((text + "\noutput: [{file: \(work)/o.gif, width: 390}, {file: \(work)/o.webp, width: 390}]\n").utf8), to: copy)
    return copy
}

func timed(_ command: [String]) -> (seconds: Double, megabytes: Double) {
    var pid: pid_t = 0
    let argv = command.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    defer { posix_spawn_file_actions_destroy(&actions) }
    let t0 = now()
    guard posix_spawn(&pid, command[0], &actions, nil, argv, environ) == 0 else { fail("cannot run \(command[0])") }
    var status: Int32 = 0
    var peak = 0.0
    func highWater(_ p: String) -> Double {
        guard let s = try? String(contentsOfFile: "/proc/\(p)/status", encoding: .utf8),
            let line = s.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
        else { return 0 }
        return Double(line.split(separator: " ").dropFirst().first ?? "0").map { $0 / 1024 } ?? 0
    }
    func tree(_ p: String) -> [String] {
        let children = (try? String(contentsOfFile: "/proc/\(p)/task/\(p)/children", encoding: .utf8)) ?? ""
        return [p] + children.split(separator: " ").flatMap { tree(String($0)) }
    }
    while waitpid(pid, &status, WNOHANG) == 0 {
        for p in tree(String(pid)) { peak = max(peak, highWater(p)) }
        usleep(5000)
    }
    let seconds = now() - t0
    if status != 0 { fail("\(command.joined(separator: " ")) failed (status \(status))") }
    return (seconds, peak)
}

func fileSize(_ path: String) -> Int { ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0 }

func rgb(_ p: Pixmap) -> [UInt8] {
    var out = [UInt8](repeating: 0, count: p.width * p.height * 3)
    for i in 0..<(p.width * p.height) { out[3 * i] = p.bytes[4 * i]; out[3 * i + 1] = p.bytes[4 * i + 1]; out[3 * i + 2] = p.bytes[4 * i + 2] }
    return out
}

/// An animation's frames at a constant rate, RGB: WebP through libwebp's decoder, the rest through ffmpeg.
func decoded(_ path: String, fps: Double, size: (Int, Int)) -> [[UInt8]] {
    if path.hasSuffix(".webp") {
        guard let data = FileManager.default.contents(atPath: path), let frames = WebPReader.decodeFrames([UInt8](data)) else { return [] }
        let end = frames.last?.endMs ?? 0
        var out: [[UInt8]] = []
        var k = 0
        while Double(k) * 1000 / fps < Double(end) - 0.5 {
            let t = Double(k) * 1000 / fps
            out.append(rgb(frames.first { Double($0.endMs) > t + 0.5 }!.pixels))
            k += 1
        }
        return out
    }
    return ffmpegFrames(["-i", path, "-vf", "fps=\(Int(fps)),scale=\(size.0):\(size.1)"])
}

/// Frames ffmpeg decodes with these input arguments, as RGB.
func ffmpegFrames(_ arguments: [String]) -> [[UInt8]] {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
    p.arguments = ["-v", "error"] + arguments + ["-f", "rawvideo", "-pix_fmt", "rgb24", "-"]
    // The frame size: from the scale filter in the arguments.
    let filter = arguments[(arguments.firstIndex(of: "-vf") ?? 0) + 1]
    let dims = filter.split(separator: ",").last { $0.hasPrefix("scale=") }!.dropFirst(6).split(separator: ":").prefix(2).compactMap { Int($0) }
    let frameBytes = dims[0] * dims[1] * 3
    let pipe = Pipe()
    p.standardOutput = pipe
    p.standardError = FileHandle.nullDevice
    try? p.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    return stride(from: 0, to: data.count - frameBytes + 1, by: frameBytes).map { [UInt8](data[$0..<($0 + frameBytes)]) }
}

/// Mean SSIM over frames, on luma, over 8x8 blocks (the constants of Wang et al. for 8-bit values).
func ssim(_ frames: [[UInt8]], reference: (Int) -> [UInt8]) -> Double {
    var total = 0.0, count = 0
    for (k, a) in frames.enumerated() {
        let b = reference(k)
        guard b.count == a.count, !a.isEmpty else { continue }
        total += frameSSIM(a, b, width: 390)
        count += 1
    }
    return count > 0 ? total / Double(count) : .nan
}

func frameSSIM(_ a: [UInt8], _ b: [UInt8], width: Int) -> Double {
    let height = a.count / 3 / width
    func luma(_ p: [UInt8], _ i: Int) -> Double { 0.299 * Double(p[3 * i]) + 0.587 * Double(p[3 * i + 1]) + 0.114 * Double(p[3 * i + 2]) }
    let c1 = 6.5025, c2 = 58.5225
    var sum = 0.0, blocks = 0
    for by in stride(from: 0, to: height - 7, by: 8) {
        for bx in stride(from: 0, to: width - 7, by: 8) {
            var ma = 0.0, mb = 0.0, va = 0.0, vb = 0.0, cov = 0.0
            for y in by..<(by + 8) { for x in bx..<(bx + 8) { let i = y * width + x; ma += luma(a, i); mb += luma(b, i) } }
            ma /= 64; mb /= 64
            for y in by..<(by + 8) {
                for x in bx..<(bx + 8) {
                    let i = y * width + x
                    let da = luma(a, i) - ma, db = luma(b, i) - mb
                    va += da * da; vb += db * db; cov += da * db
                }
            }
            va /= 63; vb /= 63; cov /= 63
            sum += ((2 * ma * mb + c1) * (2 * cov + c2)) / ((ma * ma + mb * mb + c1) * (va + vb + c2))
            blocks += 1
        }
    }
    return sum / Double(max(blocks, 1))
}

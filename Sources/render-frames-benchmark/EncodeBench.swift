import Animation
import Foundation
import Raster
import RenderFramesKit

/// Issue 33, the mission's own path: the default demo's frames (@3x, 2 jobs), then one `encode`
/// of the folder to GIF + WebP at 390 px by each route (`EncodingRoute`: the scenario at hand,
/// drawn again; only the PNGs, decoded: the same folder with a manifest that records no inputs),
/// against the frames alone and the scenario's `output:`. Seconds and peak MB (the largest
/// process) best of `runs`; then each route's bytes and SSIM per format against the frames as
/// `encode` decoded them before (Mitchell from the PNGs); then full width (1179 px) for peak
/// memory, and 10 against 50 fps (5x the frames) to show memory flat in the clip's length.
///
///   swift run -c release render-frames-benchmark --encode-only [--animation-runs N] [--baseline PATH-TO-AN-EARLIER-render-frames]
func encodeBenchmark(directory: String, runs: Int) {
    let (exe, work) = (releaseTool(), workFolder("rf-encode"))
    let scenario = directory + "/profile.yaml"
    defer { try? FileManager.default.removeItem(atPath: work) }
    let frames = work + "/frames", pngs = work + "/pngs"

    func load() -> String {
        ((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "?").split(separator: " ").prefix(3).joined(separator: " ")
    }
    /// The route line `encode` prints first (it is run once more, untimed, to show it).
    func route(_ folder: String) -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: exe)
        p.arguments = ["encode", folder, work + "/route.gif", "--width", "390", "--fps", "5", "--jobs", "2"]
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = FileHandle.nullDevice
        try? p.run()
        let out = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        return out.split(separator: "\n").first.map(String.init) ?? "?"
    }

    print("\nThe frames and one encode of their folder to GIF + WebP at 390 px (issue 33), best of \(runs); load average \(load()):\n")
    let encode = { (folder: String, name: String, width: String) in
        [exe, "encode", folder, work + "/\(name).gif", work + "/\(name).webp", "--width", width, "--jobs", "2"]
    }
    let withOutputs = scenarioWithOutputs(scenario, into: work)
    defer { try? FileManager.default.removeItem(atPath: withOutputs) }
    // An earlier render-frames (--baseline PATH): the same encode of the PNGs, as it was.
    let baseline = argument("--baseline")
    // Each round runs every command once, in turn, so a change in the machine's load (other
    // builds) falls on all of them alike; each keeps its fastest round.
    var fastest: [String: (seconds: Double, megabytes: Double)] = [:]
    func keep(_ key: String, _ command: [String]) {
        let t = timed(command)
        if let known = fastest[key], known.seconds <= t.seconds { return }
        fastest[key] = t
    }
    for round in 0..<runs {
        keep("alone", [exe, scenario, "--out", frames, "--quiet", "--jobs", "2", "--force"]) // --force: each run renders
        if round == 0 {
            // The PNG-only route: the same frames (hard links) beside a manifest that records no inputs.
            try? FileManager.default.createDirectory(atPath: pngs, withIntermediateDirectories: true)
            guard var manifest = Manifest.read(atPath: frames + "/manifest.json") else { fail("no manifest in \(frames)") }
            for f in manifest.frames { try? FileManager.default.linkItem(atPath: frames + "/" + f.file, toPath: pngs + "/" + f.file) }
            manifest.inputParts = nil
            try? AtomicFile.write(Array(manifest.encoded()), to: pngs + "/manifest.json")
        }
        keep("drawn", encode(frames, "drawn", "390"))
        keep("pngs", encode(pngs, "decoded", "390"))
        keep("both", [exe, withOutputs, "--out", work + "/frames2", "--quiet", "--jobs", "2", "--force"])
        if let baseline { keep("baseline", [baseline] + encode(pngs, "baseline", "390").dropFirst()) }
    }
    let alone = fastest["alone"]!, drawn = fastest["drawn"]!, fromPNGs = fastest["pngs"]!, both = fastest["both"]!
    print("Routes: scenario at hand: \(route(frames))\n        PNGs only: \(route(pngs))\n")
    print("| run | seconds | peak MB | x frames alone |")
    print("|---|---|---|---|")
    func row(_ name: String, _ seconds: Double, _ megabytes: Double) {
        print("| \(name) | \(format(seconds, 2)) | \(format(megabytes, 0)) | \(format(seconds / alone.seconds, 2)) |")
    }
    row("frames alone (@3x, 2 jobs)", alone.seconds, alone.megabytes)
    row("frames + encode GIF + WebP, scenario at hand (drawn at 390 px)", alone.seconds + drawn.seconds, max(alone.megabytes, drawn.megabytes))
    row("frames + encode GIF + WebP, PNGs only (decoded)", alone.seconds + fromPNGs.seconds, max(alone.megabytes, fromPNGs.megabytes))
    row("frames + output: GIF + WebP (one run)", both.seconds, both.megabytes)
    print(
        "\n(encode alone: scenario at hand \(format(drawn.seconds, 2)) s, \(format(drawn.megabytes, 0)) MB; PNGs only "
            + "\(format(fromPNGs.seconds, 2)) s, \(format(fromPNGs.megabytes, 0)) MB)\n")

    if let baseline, let before = fastest["baseline"] {
        print("(the baseline \(baseline), encode GIF + WebP of the PNGs: \(format(before.seconds, 2)) s, \(format(before.megabytes, 0)) MB)\n")
    }
    // Quality: each route's animation against the frames as encode decoded them before (whole, Mitchell, 390 px),
    // and against the baseline's animation.
    let checked: Manifest
    do { checked = try FolderFrames.check(frames) } catch { fail("\(error)") }
    let size = (width: 390, height: Int((Double(checked.height) * 390 / Double(checked.width)).rounded()))
    func scaledWhole(_ index: Int) -> [UInt8] {
        guard let p = try? ImageDecoder.decode(fileAt: frames + "/" + checked.frames[index].file) else { return [] }
        return rgb(Resampler.resize(p, width: size.width, height: size.height))
    }
    print("| format | route | bytes | SSIM against the frames (scaled whole) | SSIM against the baseline's |")
    print("|---|---|---|---|---|")
    for ext in ["gif", "webp"] {
        let timeline = OutputTimeline(sourceFPS: checked.fps, sourceCount: checked.frameCount, fps: 25)
        let before = baseline.map { _ in decoded(work + "/baseline.\(ext)", fps: 25, size: size) } ?? []
        var routes = [("scenario at hand", "drawn"), ("PNGs only", "decoded"), ("output:", "o")]
        if baseline != nil { routes.append(("baseline, PNGs", "baseline")) }
        for (name, file) in routes {
            let path = work + "/\(file).\(ext)"
            let frames = decoded(path, fps: 25, size: size)
            let value = ssim(frames, reference: { k in scaledWhole(timeline.sourceIndex(k)) })
            let against = before.isEmpty ? "-" : format(ssim(frames, reference: { k in k < before.count ? before[k] : [] }), 4)
            print("| \(ext) | \(name) | \(fileSize(path)) | \(format(value, 4)) | \(against) |")
        }
    }

    print("\nPeak memory, encode GIF + WebP at full width (1179 px), and at 390 px at 10 and 50 fps (5x the frames):\n")
    print("| encode | seconds | peak MB |")
    print("|---|---|---|")
    for (name, folder) in [("scenario at hand", frames), ("PNGs only", pngs)] {
        let t = timed(encode(folder, "full", "1179") + ["--max-bytes", "none"])
        print("| full width, \(name) | \(format(t.seconds, 2)) | \(format(t.megabytes, 0)) |")
    }
    // Memory flat in the number of frames: 5x the frames through the same pipeline.
    for fps in [10, 50] {
        for (name, folder) in [("scenario at hand", frames), ("PNGs only", pngs)] {
            let t = timed(encode(folder, "rate", "390") + ["--fps", "\(fps)", "--max-bytes", "none"])
            print(
                "| 390 px at \(fps) fps (\(Int((5.5 * Double(fps)).rounded())) frames), \(name) | \(format(t.seconds, 2)) | \(format(t.megabytes, 0)) |"
            )
        }
    }
    print("\nLoad average at the end: \(load())")
}

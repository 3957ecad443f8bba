// Benchmark: the default demo at @3x (1179x2556). Prints a table of render and encode cost per
// frame, end-to-end frames/s with 1 and 2 jobs, bytes, peak memory, and libpng at its default
// settings (zlib level 6, adaptive filters) on the same frames, with the ratios.
//
//   swift run -c release render-frames-benchmark [--frames N] [--baseline-every K] [--scenario FILE]
import CImageIO
import Foundation
import Raster
import RenderFramesKit
import Scene

func argument(_ name: String) -> String? {
    let args = CommandLine.arguments
    guard let i = args.firstIndex(of: name), i + 1 < args.count else { return nil }
    return args[i + 1]
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data(("error: " + message + "\n").utf8))
    exit(2)
}

func now() -> Double { Date().timeIntervalSinceReferenceDate }

func peakRSSMegabytes() -> Double {
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    return Double(usage.ru_maxrss) / 1024
}

func runBenchmark() {
    guard let path = argument("--scenario") ?? DefaultDemo.scenarioPath else { fail("no scenario: the default demo is missing") }
    let scenario: Scenario
    do { scenario = try ScenarioLoader.load(path: path, scaleOverride: Double(argument("--scale") ?? "3")) } catch { fail("\(error)") }
    let frameLimit = Int(argument("--frames") ?? "") ?? scenario.frameCount
    let frames = Array(0..<min(frameLimit, scenario.frameCount))
    let baselineEvery = max(1, Int(argument("--baseline-every") ?? "") ?? 10)
    let encoding = PNGEncoder.Options.balanced

    // --matrix: PNG encoder settings (filter x level) on sampled frames: ms/frame and bytes.
    if CommandLine.arguments.contains("--matrix") {
        let renderer = FrameRenderer(scenario: scenario)
        let sample = stride(from: 0, to: frames.count, by: max(1, frames.count / 12)).map { renderer.render(frame: frames[$0]) }
        print("| filter | level | ms/frame | bytes/frame |")
        print("|---|---|---|---|")
        for filter in PNGEncoder.Filter.allCases {
            for level in [0, 1, 2, 3, 4, 6, 9] {
                let encoder = PNGEncoder(options: .init(filter: filter, level: level))
                var total = 0
                let t0 = Date()
                for p in sample { total += encoder.encode(p).count }
                let msPerFrame = Date().timeIntervalSince(t0) / Double(sample.count) * 1000
                print("| \(filter.rawValue) | \(level) | \(String(format: "%.1f", msPerFrame)) | \(total / sample.count) |")
            }
        }
        exit(0)
    }

    print("scenario: \(path)")
    print("frames: \(frames.count) at \(scenario.pixelWidth)x\(scenario.pixelHeight) px, \(ProcessInfo.processInfo.activeProcessorCount) cores")

    // 1. End to end (render + encode + write) with 1 and 2 jobs, and peak memory for 120 and 1200
    //    frames (the same scenario at 240 fps for the long run): it must not grow with the count.
    func endToEnd(_ s: Scenario, frames: [Int], jobs: Int, reuse: Bool = true) -> RenderJob.Summary {
        let dir = NSTemporaryDirectory() + "render-frames-benchmark-\(getpid())-\(jobs)"
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var job = RenderJob(scenario: s, outputDirectory: dir, selection: FrameSelection(indices: frames), jobs: jobs,
                            encoding: encoding)
        job.reuseEqualStates = reuse
        do { return try job.run() } catch { fail("\(error)") }
    }
    var memory: [(Int, Double)] = []
    if !CommandLine.arguments.contains("--no-memory-check") {
        _ = endToEnd(scenario, frames: Array(0..<min(120, scenario.frameCount)), jobs: 2)
        memory.append((min(120, scenario.frameCount), peakRSSMegabytes()))
        var long = scenario
        long.fps = 240
        _ = endToEnd(long, frames: Array(0..<min(1200, long.frameCount)), jobs: 2)
        memory.append((min(1200, long.frameCount), peakRSSMegabytes()))
    }
    let e2e1 = endToEnd(scenario, frames: frames, jobs: 1)
    let e2e2 = endToEnd(scenario, frames: frames, jobs: 2)
    let e2e2NoReuse = endToEnd(scenario, frames: frames, jobs: 2, reuse: false)
    let fps1 = Double(frames.count) / e2e1.seconds
    let fps2 = Double(frames.count) / e2e2.seconds
    let fps2NoReuse = Double(frames.count) / e2e2NoReuse.seconds

    // 2. Render and encode, one thread, timed separately (every frame rendered).
    let renderer = FrameRenderer(scenario: scenario)
    let encoder = PNGEncoder(options: encoding)
    var renderSeconds = 0.0, encodeSeconds = 0.0, bytes = 0
    var sampleOurs = 0, sampleLibpng = 0, libpngSeconds = 0.0, sampleCount = 0
    for index in frames {
        let t0 = now()
        let pixmap = renderer.render(frame: index)
        let t1 = now()
        let png = encoder.encode(pixmap)
        let t2 = now()
        renderSeconds += t1 - t0
        encodeSeconds += t2 - t1
        bytes += png.count
        if index % baselineEvery == 0 {
            // libpng at its defaults on the same pixels (RGB when opaque, as ours).
            let opaque = pixmap.isOpaque
            let channels: Int32 = opaque ? 3 : 4
            let straight = pixmap.straightBytes()
            let pixels: [UInt8] = opaque ? stride(from: 0, to: straight.count, by: 4).flatMap { straight[$0..<($0 + 3)] } : straight
            var out: UnsafeMutablePointer<UInt8>?
            var size = 0
            var error = [CChar](repeating: 0, count: 256)
            let t3 = now()
            let status = rf_libpng_encode(pixels, Int32(pixmap.width), Int32(pixmap.height), channels, -1, &out, &size, &error, 256)
            libpngSeconds += now() - t3
            guard status == 0 else { fail("libpng: \(String(cString: error))") }
            rf_free(out)
            sampleLibpng += size
            sampleOurs += png.count
            sampleCount += 1
        }
    }

    let rss = peakRSSMegabytes()

    let n = Double(frames.count)
    func ms(_ s: Double, _ count: Double) -> String { String(format: "%.1f", s / count * 1000) }
    print("")
    print("| measure | value |")
    print("|---|---|")
    print("| render, ms/frame (1 thread) | \(ms(renderSeconds, n)) |")
    print("| encode, ms/frame (ours, \(encoding.filter.rawValue), libdeflate \(encoding.level)) | \(ms(encodeSeconds, n)) |")
    print("| end to end, frames/s, 1 job | \(String(format: "%.1f", fps1)) |")
    print("| end to end, frames/s, 2 jobs | \(String(format: "%.1f", fps2)) (\(e2e2.framesReused) of \(frames.count) frames reused from an equal scroll state) |")
    print("| end to end, frames/s, 2 jobs, every frame rendered | \(String(format: "%.1f", fps2NoReuse)) |")
    print("| bytes/frame (ours, all frames) | \(bytes / max(frames.count, 1)) |")
    for (count, mb) in memory { print("| peak RSS after \(count) frames with 2 jobs, MB | \(String(format: "%.0f", mb)) |") }
    print("| peak RSS at the end, MB | \(String(format: "%.0f", rss)) |")
    print("| libpng default encode, ms/frame (\(sampleCount) frames, every \(baselineEvery)th) | \(ms(libpngSeconds, Double(sampleCount))) |")
    print("| bytes/frame on those frames: ours / libpng default | \(sampleOurs / max(sampleCount, 1)) / \(sampleLibpng / max(sampleCount, 1)) |")
    print("| size ratio ours / libpng default | \(String(format: "%.3f", Double(sampleOurs) / Double(max(sampleLibpng, 1)))) |")
    print("| encode speed-up over libpng default | \(String(format: "%.1fx", (libpngSeconds / Double(max(sampleCount, 1))) / (encodeSeconds / n))) |")
}

runBenchmark()

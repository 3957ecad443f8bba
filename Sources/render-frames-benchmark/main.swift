// Benchmark: every scenario in Fixtures/scenarios at @3x (a preset is drawn through its expansion
// in the layer language, so the preset rows are what the language costs), and a plain table
// (`effect: none` without layers) again as its expansion, a declared scroll view with no layers. For each: render, encode and write cost
// per frame on one thread, end-to-end frames/s with 1 and 2 jobs (as the tool runs, and with every
// frame rendered), bytes, and libpng at its default settings (zlib 6, adaptive filters) on the same
// frames with the ratios. Then the size-first setting against libpng level 9, cost against pixel
// count, and peak memory for 120 and 1200 frames; then the animations (GIF, WebP, MP4, APNG) of the
// default demo beside ffmpeg's (AnimationBench.swift); last, the long-text targets (TextBench.swift).
//
//   swift run -c release render-frames-benchmark [--scenarios DIR] [--frames N] [--baseline-every K]
//                                                [--matrix] [--no-memory-check] [--no-animations]
//                                                [--animations-only] [--encode-only] [--animation-runs N]
//                                                [--no-text] [--text-only] [--text-runs N]
//                                                [--uikit-only] [--uikit-runs N] [--uikit-screens A,B] [--uikit-memory] [--autolayout-only]
//                                                [--solver-only] [--solver-runs N]
//                                                [--peer] [--peer-every K] [--peer-out DIR]   (PeerBench.swift: ours vs cairo + libpng)
import CImageIO
import Foundation
import GoldenCompare
import Raster
import RenderFramesKit
import ScenarioFormat
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

func format(_ v: Double, _ digits: Int = 1) -> String { String(format: "%.\(digits)f", v) }

/// libpng's classic writer on the same pixels (RGB when opaque, as ours): (bytes, seconds).
func libpng(_ pixmap: Pixmap, level: Int32) -> (Int, Double) {
    let opaque = pixmap.isOpaque
    let straight = pixmap.straightBytes()
    var pixels = straight
    if opaque {
        pixels = [UInt8](unsafeUninitializedCapacity: pixmap.width * pixmap.height * 3) { out, count in
            for i in 0..<(pixmap.width * pixmap.height) {
                out[3 * i] = straight[4 * i]; out[3 * i + 1] = straight[4 * i + 1]; out[3 * i + 2] = straight[4 * i + 2]
            }
            count = pixmap.width * pixmap.height * 3
        }
    }
    var out: UnsafeMutablePointer<UInt8>?
    var size = 0
    var error = [CChar](repeating: 0, count: 256)
    let t0 = now()
    let status = rf_libpng_encode(pixels, Int32(pixmap.width), Int32(pixmap.height), opaque ? 3 : 4, level, &out, &size, &error, 256)
    let seconds = now() - t0
    guard status == 0 else { fail("libpng: \(String(messageBuffer: error))") }
    rf_free(out)
    return (size, seconds)
}

func endToEnd(
    _ s: Scenario, frames: [Int], jobs: Int, reuse: Bool = true,
    encoding: PNGEncoder.Options = .balanced
) -> RenderJob.Summary {
    let dir = NSTemporaryDirectory() + "render-frames-benchmark-\(getpid())-\(jobs)"
    defer { try? FileManager.default.removeItem(atPath: dir) }
    // Flush what earlier runs wrote, so their writeback does not land in this run's time.
    sync()
    // As the CLI renders: the up-to-date check, the memory check, the frames (timed by the job).
    var settings = Render.Settings(scenario: s.file, outputDirectory: dir)
    (settings.frames, settings.jobs, settings.encoding, settings.reuseEqualStates) = (FrameRanges.text(frames), jobs, encoding, reuse)
    settings.writeAnimations = false
    do {
        guard let summary = try Render(settings).run(s, path: s.file).summaries.first else { fail("\(s.file): no frames rendered") }
        return summary
    } catch { fail("\(error)") }
}

struct ScenarioResult {
    var name: String
    var frames: Int
    var renderMs = 0.0, encodeMs = 0.0, writeMs = 0.0, hashMs = 0.0
    var fps1 = 0.0, fps2 = 0.0, fps2EveryFrame = 0.0, reused = 0
    var bytesPerFrame = 0
    var sampleFrames = 0, sampleOurs = 0, sampleLibpng = 0, libpngMs = 0.0
    var sampleSmall = 0, smallMs = 0.0, sampleLibpng9 = 0, libpng9Ms = 0.0
}

func measure(_ name: String, _ scenario: Scenario, frameLimit: Int, baselineEvery: Int, sizeFirst: Bool) -> ScenarioResult {
    let frames = Array(0..<min(frameLimit, scenario.frameCount))
    var r = ScenarioResult(name: name, frames: frames.count)
    let s1 = endToEnd(scenario, frames: frames, jobs: 1)
    let s2 = endToEnd(scenario, frames: frames, jobs: 2)
    let s2all = endToEnd(scenario, frames: frames, jobs: 2, reuse: false)
    r.fps1 = Double(frames.count) / s1.seconds
    r.fps2 = Double(frames.count) / s2.seconds
    r.fps2EveryFrame = Double(frames.count) / s2all.seconds
    r.reused = s2.framesReused

    let renderer = FrameRenderer(scenario: scenario)
    let encoder = PNGEncoder(options: .balanced)
    let small = PNGEncoder(options: .small)
    let dir = NSTemporaryDirectory() + "render-frames-benchmark-write-\(getpid())"
    try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    var render = 0.0, encode = 0.0, write = 0.0, hash = 0.0, bytes = 0
    for index in frames {
        let t0 = now()
        let pixmap = renderer.render(frame: index)
        let t1 = now()
        let png = encoder.encode(pixmap)
        let t2 = now()
        do { try AtomicFile.write(png, to: "\(dir)/\(index).png") } catch { fail("\(error)") }
        let t3 = now()
        // What the manifest records of each frame (its XXH3), as the render job computes it.
        _ = FrameHash.of(png)
        let t4 = now()
        render += t1 - t0; encode += t2 - t1; write += t3 - t2; hash += t4 - t3
        bytes += png.count
        if index % baselineEvery == 0 {
            let (b, seconds) = libpng(pixmap, level: -1)
            r.sampleLibpng += b; r.libpngMs += seconds * 1000
            r.sampleOurs += png.count
            r.sampleFrames += 1
            if sizeFirst {
                let t4 = now()
                r.sampleSmall += small.encode(pixmap).count
                r.smallMs += (now() - t4) * 1000
                let (b9, s9) = libpng(pixmap, level: 9)
                r.sampleLibpng9 += b9; r.libpng9Ms += s9 * 1000
            }
        }
    }
    let n = Double(frames.count)
    r.renderMs = render / n * 1000; r.encodeMs = encode / n * 1000; r.writeMs = write / n * 1000; r.hashMs = hash / n * 1000
    r.bytesPerFrame = bytes / max(frames.count, 1)
    return r
}

func runBenchmark() {
    let frameLimit = Int(argument("--frames") ?? "") ?? Int.max
    let baselineEvery = max(1, Int(argument("--baseline-every") ?? "") ?? 10)
    let directory = argument("--scenarios") ?? "Fixtures/scenarios"
    var paths = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
        .filter { $0.hasSuffix(".yaml") }.sorted().map { "\(directory)/\($0)" }
    if paths.isEmpty, let bundled = DefaultDemo.scenarioPath { paths = [bundled] }

    // The default demo (profile.yaml) for the single-scenario measurements, else the first file.
    let demoPath = paths.first { $0.hasSuffix("/profile.yaml") } ?? paths[0]

    // Peak memory in a process of its own, so nothing else raises the high-water mark.
    if CommandLine.arguments.contains("--memory-only") {
        var long = load(demoPath)
        _ = endToEnd(long, frames: Array(0..<min(120, long.frameCount)), jobs: 2)
        let after120 = peakRSSMegabytes()
        long.fps = 240
        _ = endToEnd(long, frames: Array(0..<min(1200, long.frameCount)), jobs: 2)
        print(
            "Peak RSS with 2 jobs (\((demoPath as NSString).lastPathComponent) at @3x): \(format(after120, 0)) MB after 120 frames, "
                + "\(format(peakRSSMegabytes(), 0)) MB after 1200 frames.")
        return
    }

    if CommandLine.arguments.contains("--autolayout-only") {
        autoLayoutBenchmark(runs: max(1, Int(argument("--uikit-runs") ?? "") ?? 3))
        return
    }

    if CommandLine.arguments.contains("--uikit-only") || CommandLine.arguments.contains("--uikit-memory") {
        uikitBenchmark(runs: max(1, Int(argument("--uikit-runs") ?? "") ?? 3))
        return
    }

    if CommandLine.arguments.contains("--solver-only") {
        solverBenchmark(runs: max(1, Int(argument("--solver-runs") ?? "") ?? 3))
        return
    }

    if CommandLine.arguments.contains("--compare") {
        compareBenchmark(load(demoPath))
        return
    }

    if CommandLine.arguments.contains("--peer") {
        peerBenchmark(demoPath: demoPath, every: max(1, Int(argument("--peer-every") ?? "") ?? 1), keep: argument("--peer-out"))
        return
    }

    let textRuns = max(1, Int(argument("--text-runs") ?? "") ?? 3)
    if CommandLine.arguments.contains("--text-only") {
        textBenchmark(runs: textRuns)
        return
    }

    let animationRuns = max(1, Int(argument("--animation-runs") ?? "") ?? 3)
    if CommandLine.arguments.contains("--encode-only") {
        encodeBenchmark(directory: directory, runs: animationRuns)
        return
    }
    if CommandLine.arguments.contains("--animations-only") {
        animationBenchmark(directory: directory, runs: animationRuns)
        return
    }

    if CommandLine.arguments.contains("--matrix") {
        encoderMatrix(load(paths[0]))
        return
    }

    let pixelsOnly = CommandLine.arguments.contains("--pixels-only")
    if !pixelsOnly {
        scenarioTable(paths, demoPath: demoPath, frameLimit: frameLimit, baselineEvery: baselineEvery)
    }
    costAgainstPixels(demoPath)
    if !CommandLine.arguments.contains("--no-memory-check") && !pixelsOnly {
        memoryCheck(directory: directory)
    }
    if !CommandLine.arguments.contains("--no-animations") && !pixelsOnly {
        animationBenchmark(directory: directory, runs: animationRuns)
        encodeBenchmark(directory: directory, runs: animationRuns)
    }
    if !CommandLine.arguments.contains("--no-text") && !pixelsOnly {
        print("")
        textBenchmark(runs: textRuns)
    }
}

/// A scenario file at `scale`, or the benchmark stops with the loader's message.
func load(_ path: String, scale: Double = 3) -> Scenario {
    do { return try ScenarioLoader.load(path: path, scaleOverride: scale) } catch { fail("\(error)") }
}

/// `--matrix`: PNG encoder settings (filter x level) on sampled frames of `scenario`.
func encoderMatrix(_ scenario: Scenario) {
    let renderer = FrameRenderer(scenario: scenario)
    let sample = stride(from: 0, to: scenario.frameCount, by: max(1, scenario.frameCount / 12)).map { renderer.render(frame: $0) }
    print("| filter | level | ms/frame | bytes/frame |")
    print("|---|---|---|---|")
    for filter in PNGEncoder.Filter.allCases {
        let levels = argument("--levels").map { $0.split(separator: ",").compactMap { Int($0) } } ?? [0, 1, 2, 3, 4, 6, 9]
        if let only = argument("--filter"), only != filter.rawValue { continue }
        for level in levels {
            let encoder = PNGEncoder(options: .init(filter: filter, level: level))
            var total = 0
            let t0 = now()
            for p in sample { total += encoder.encode(p).count }
            print("| \(filter.rawValue) | \(level) | \(format((now() - t0) / Double(sample.count) * 1000)) | \(total / sample.count) |")
        }
    }
}

/// The main table: each scenario's render, encode and write times, frames per second with 1 and 2
/// jobs, and sizes against libpng (each preset scenario also expanded into the layer language);
/// then the size-first encoders on the demo.
func scenarioTable(_ paths: [String], demoPath: String, frameLimit: Int, baselineEvery: Int) {
    print(
        "\(ProcessInfo.processInfo.activeProcessorCount) cores; balanced = Paeth photo rows, unfiltered text rows, UP unchanged rows, our deflate; small = adaptive, unfiltered flat rows and bands + libdeflate 7;"
    )
    print("libpng default = zlib 6 + adaptive filters; libpng ratios on every \(baselineEvery)th frame. All at @3x.\n")
    var results: [ScenarioResult] = []
    // The size-first comparison runs on the default demo (profile.yaml), else the first scenario.
    let sizeFirstPath = demoPath
    let expandedDirectory = NSTemporaryDirectory() + "render-frames-benchmark-expanded-\(getpid())"
    try? FileManager.default.createDirectory(atPath: expandedDirectory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: expandedDirectory) }
    for path in paths {
        let scenario = load(path)
        let name = (path as NSString).lastPathComponent + " (\(scenario.pixelWidth)x\(scenario.pixelHeight))"
        results.append(measure(name, scenario, frameLimit: frameLimit, baselineEvery: baselineEvery, sizeFirst: path == sizeFirstPath))
        guard scenario.screen.scene == nil, !CommandLine.arguments.contains("--no-expanded") else { continue }
        let target = expandedDirectory + "/" + (path as NSString).lastPathComponent
        do {
            try AtomicFile.write(Array(PresetExpansion.expand(path: path, outputPath: target).utf8), to: target)
        } catch { fail("expanding \(path): \(error)") }
        results.append(
            measure(
                (path as NSString).lastPathComponent + ", expanded", load(target), frameLimit: frameLimit,
                baselineEvery: baselineEvery, sizeFirst: false))
    }
    print(
        "| scenario | frames | render ms | encode ms | write ms | hash ms (share) | frames/s, 1 job | frames/s, 2 jobs | 2 jobs, every frame rendered | KB/frame | libpng default KB/frame, ms | size ratio | encode speed-up |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for r in results {
        let ours = Double(r.sampleOurs) / Double(max(r.sampleFrames, 1)), theirs = Double(r.sampleLibpng) / Double(max(r.sampleFrames, 1))
        let libpngMs = r.libpngMs / Double(max(r.sampleFrames, 1))
        print(
            "| \(r.name) | \(r.frames) | \(format(r.renderMs)) | \(format(r.encodeMs)) | \(format(r.writeMs)) "
                + "| \(format(r.hashMs, 2)) (\(format(100 * r.hashMs / (r.renderMs + r.encodeMs + r.writeMs + r.hashMs), 2)) %) | \(format(r.fps1)) "
                + "| \(format(r.fps2)) (\(r.reused) reused) | \(format(r.fps2EveryFrame)) | \(r.bytesPerFrame / 1000) "
                + "| \(Int(theirs / 1000)), \(format(libpngMs)) | \(format(ours / theirs, 3)) | \(format(libpngMs / r.encodeMs))x |")
    }
    if let first = results.first(where: { $0.sampleSmall > 0 }), first.sampleFrames > 0 {
        let n = Double(first.sampleFrames)
        print("\nSize first (\(first.name), \(first.sampleFrames) frames):\n")
        print("| encoder | KB/frame | ms/frame | bytes vs libpng level 9 |")
        print("|---|---|---|---|")
        print(
            "| ours, --compression small (\(PNGEncoder.Options.small.filter.rawValue), libdeflate \(PNGEncoder.Options.small.level)) | \(first.sampleSmall / first.sampleFrames / 1000) | \(format(first.smallMs / n)) | \(format(Double(first.sampleSmall) / Double(first.sampleLibpng9), 3)) |"
        )
        print("| libpng level 9 | \(first.sampleLibpng9 / first.sampleFrames / 1000) | \(format(first.libpng9Ms / n)) | 1.000 |")
        print(
            "| libpng default | \(first.sampleLibpng / first.sampleFrames / 1000) | \(format(first.libpngMs / n)) | \(format(Double(first.sampleLibpng) / Double(first.sampleLibpng9), 3)) |"
        )
    }
}

/// Cost against pixels: the demo's first 60 frames at three scales, one thread, render + encode.
func costAgainstPixels(_ demoPath: String) {
    print("\nCost against pixels (\((demoPath as NSString).lastPathComponent), 60 frames, one thread, render + encode):\n")
    print("| scale | pixels | ms/frame | ms per megapixel |")
    print("|---|---|---|---|")
    for scale in [1.0, 2.0, 3.0] {
        let s = load(demoPath, scale: scale)
        let renderer = FrameRenderer(scenario: s)
        let encoder = PNGEncoder()
        let count = min(60, s.frameCount)
        let t0 = now()
        for i in 0..<count { _ = encoder.encode(renderer.render(frame: i)) }
        let ms = (now() - t0) / Double(count) * 1000
        let mp = Double(s.pixelWidth * s.pixelHeight) / 1e6
        print("| \(Int(scale)) | \(s.pixelWidth)x\(s.pixelHeight) | \(format(ms)) | \(format(ms / mp)) |")
    }
}

/// Peak memory, measured in a process of its own (`--memory-only`) so nothing else raises it.
func memoryCheck(directory: String) {
    let child = Process()
    child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    child.arguments = ["--memory-only", "--scenarios", directory]
    let pipe = Pipe()
    child.standardOutput = pipe
    do { try child.run() } catch { fail("cannot start the memory check: \(error)") }
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    child.waitUntilExit()
    print("\n" + String(decoding: output, as: UTF8.self), terminator: "")
}

/// 120 frame pairs of the demo at @3x (frames 0-119 against 1-120: the holds match, the moving
/// frames differ), compared by `FolderComparison` (decode included, all cores) and by ImageMagick's
/// `compare -metric AE`, one pair at a time, as a user would script it.
func compareBenchmark(_ scenario: Scenario) {
    let base = NSTemporaryDirectory() + "render-frames-compare-\(getpid())"
    defer { try? FileManager.default.removeItem(atPath: base) }
    for (dir, offset) in [("a", 0), ("b", 1)] {
        let job = RenderJob(
            scenario: scenario, outputDirectory: "\(base)/\(dir)",
            selection: FrameSelection(indices: Array(offset..<(offset + 120))), jobs: 2)
        do { _ = try job.run() } catch { fail("\(error)") }
    }
    // Name b's frames like a's, so that pair k is frame k against frame k + 1.
    for i in 0..<120 {
        rename("\(base)/b/\(frameFileName(index: i + 1, frameCount: scenario.frameCount))", "\(base)/b/x\(i).png")
    }
    for i in 0..<120 { rename("\(base)/b/x\(i).png", "\(base)/b/\(frameFileName(index: i, frameCount: scenario.frameCount))") }
    unlink("\(base)/a/manifest.json"); unlink("\(base)/b/manifest.json")
    sync()
    // The default (more than 2 levels in a channel) and pixelmatch's perceptual metric at 0.1.
    print("| comparer | pairs | seconds | differing frames |")
    print("|---|---|---|---|")
    var ours = 0.0
    for (name, options) in [("levels, the default", PixelMatch.Options()), ("pixelmatch 0.1", PixelMatch.Options(threshold: 0.1))] {
        let t0 = now()
        let verdicts: [FrameVerdict]
        do { verdicts = try FolderComparison.compare(actual: "\(base)/a", golden: "\(base)/b", options: options) } catch { fail("\(error)") }
        let seconds = now() - t0
        if ours == 0 { ours = seconds }
        print(
            "| render-frames compare (\(name), \(ProcessInfo.processInfo.activeProcessorCount) threads) | \(verdicts.count) | \(format(seconds, 2)) | \(verdicts.filter { !$0.passed }.count) |"
        )
    }
    guard let magick = ["/usr/bin/compare", "/usr/local/bin/compare"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
        print("| ImageMagick compare -metric AE | - | not installed (apt-get install imagemagick) | - |")
        return
    }
    let t1 = now()
    var magickDiffering = 0
    for i in 0..<120 {
        let name = frameFileName(index: i, frameCount: scenario.frameCount)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: magick)
        p.arguments = ["-metric", "AE", "\(base)/a/\(name)", "\(base)/b/\(name)", "null:"]
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        do { try p.run() } catch { fail("cannot run \(magick): \(error)") }
        p.waitUntilExit()
        if p.terminationStatus == 1 { magickDiffering += 1 }
    }
    let theirs = now() - t1
    print("| ImageMagick compare -metric AE (a process a pair) | 120 | \(format(theirs, 2)) | \(magickDiffering) |")
    print("\nSpeed-up (the default against ImageMagick): \(format(theirs / ours))x")
}

// As the CLI does at start: freed frame-sized buffers are kept for reuse, not unmapped (without
// it, the end-to-end rows paid glibc's page faults that the CLI doing the same job does not).
ImageDecoder.keepLargeBuffers()
BenchmarkArguments.check(Array(CommandLine.arguments.dropFirst()))
runBenchmark()

import Foundation
import XCTest
@testable import Animation
import Raster

/// Frames drawn here: a sky gradient with a square that moves on frames 0-5, holds on 6-11
/// (identical frames), then moves on, over 20 frames at 20 fps.
final class MovingSquare: FrameSource, Sendable {
    let width: Int, height: Int, fps: Double, frameCount: Int
    init(width: Int = 96, height: Int = 64, fps: Double = 20, frameCount: Int = 20) {
        self.width = width; self.height = height; self.fps = fps; self.frameCount = frameCount
    }
    func position(_ i: Int) -> Int { i < 6 ? i * 4 : (i < 12 ? 20 : 20 + (i - 11) * 5) }
    func same(_ a: Int, _ b: Int) -> Bool { false } // found by comparing pixels
    func frame(_ i: Int, worker: Int) throws -> Pixmap { MovingSquare.draw(width, height, position(i)) }
    static func draw(_ w: Int, _ h: Int, _ x0: Int) -> Pixmap {
        var bytes = [UInt8](repeating: 255, count: w * h * 4)
        for y in 0..<h {
            for x in 0..<w {
                let o = 4 * (y * w + x)
                let inSquare = x >= x0 && x < x0 + 16 && y >= 20 && y < 36
                bytes[o] = inSquare ? 230 : UInt8(40 + y * 2)
                bytes[o + 1] = inSquare ? 60 : UInt8(90 + y)
                bytes[o + 2] = inSquare ? 40 : UInt8(200 - x / 2)
            }
        }
        return Pixmap(width: w, height: h, premultipliedBytes: bytes)
    }
}

final class AnimationTests: XCTestCase {
    var tmp = ""
    override func setUpWithError() throws {
        tmp = NSTemporaryDirectory() + "animation-\(getpid())-\(name.filter(\.isLetter))"
        try? FileManager.default.removeItem(atPath: tmp)
        try FileManager.default.createDirectory(atPath: tmp, withIntermediateDirectories: true)
    }
    override func tearDown() { try? FileManager.default.removeItem(atPath: tmp) }

    // MARK: Timeline

    func testTimelineKeepsTheDurationAndPicksTheFrameOnScreen() {
        let t = OutputTimeline(sourceFPS: 60, sourceCount: 330, fps: 25)
        XCTAssertEqual(t.duration, 5.5)
        XCTAssertEqual(t.count, 138) // 137.5 rounded
        XCTAssertEqual(t.sourceIndex(0), 0)
        XCTAssertEqual(t.sourceIndex(1), 2) // 0.04 s: frame 2 (0.0333 s) is on screen
        XCTAssertEqual(t.sourceIndex(5), 12) // 0.2 s exactly: frame 12
        XCTAssertEqual(t.sourceIndex(137), 328)
        XCTAssertEqual(t.start(138), 5.5)
        let up = OutputTimeline(sourceFPS: 10, sourceCount: 10, fps: 30)
        XCTAssertEqual((0..<6).map(up.sourceIndex), [0, 0, 0, 1, 1, 1])
        XCTAssertEqual(up.runs().map(\.length), Array(repeating: 3, count: 10))
    }

    func testGIFDelaysAddUpToTheDuration() {
        let starts = (0..<138).map { Double($0) / 25 }
        let d = GIFEncoder.centiseconds(starts: starts, end: 5.5)
        XCTAssertEqual(d.reduce(0, +), 550)
        XCTAssertTrue(d.dropLast().allSatisfy { $0 == 4 })
        let thirty = GIFEncoder.centiseconds(starts: (0..<30).map { Double($0) / 30 }, end: 1)
        XCTAssertEqual(thirty.reduce(0, +), 100)
        XCTAssertEqual(Set(thirty), [3, 4])
    }

    // MARK: Each format, read back by an independent decoder

    /// Frame count, each duration in ms, and a sample frame's RGB bytes, read by Pillow.
    func pillow(_ path: String, frame: Int) throws -> (count: Int, durations: [Int], pixels: [UInt8]) {
        let script = """
            import sys
            from PIL import Image
            im = Image.open(sys.argv[1]); durations = []
            for n in range(im.n_frames):
                im.seek(n); rgb = im.convert('RGB'); durations.append(im.info.get('duration', 0))
                if n == int(sys.argv[2]): open(sys.argv[3], 'wb').write(rgb.tobytes())
            print(im.n_frames, *durations)
            """
        let r = try run("/usr/bin/python3", ["-c", script, path, String(frame), "\(tmp)/pillow.rgb"])
        XCTAssertEqual(r.code, 0, r.err)
        let numbers = r.out.split(whereSeparator: \.isWhitespace).compactMap { Int(Double($0)!.rounded()) }
        let pixels = [UInt8](FileManager.default.contents(atPath: "\(tmp)/pillow.rgb") ?? Data())
        return (numbers.first ?? 0, Array(numbers.dropFirst()), pixels)
    }

    /// One frame's RGB bytes as ffmpeg decodes it (frames in file order).
    func ffmpegFrame(_ path: String, frame: Int) throws -> [UInt8] {
        let r = try run(
            "/usr/bin/ffmpeg",
            [
                "-v", "error", "-i", path, "-vf", "select=eq(n\\,\(frame))", "-vsync", "passthrough",
                "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgb24", "\(tmp)/ff.rgb", "-y",
            ])
        XCTAssertEqual(r.code, 0, r.err)
        return [UInt8](FileManager.default.contents(atPath: "\(tmp)/ff.rgb") ?? Data())
    }

    func rgb(_ p: Pixmap) -> [UInt8] { p.bytes.enumerated().filter { $0.offset % 4 != 3 }.map(\.element) }

    func meanError(_ a: [UInt8], _ b: [UInt8]) -> Double {
        XCTAssertEqual(a.count, b.count)
        guard a.count == b.count, !a.isEmpty else { return .infinity }
        return Double(zip(a, b).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }) / Double(a.count)
    }

    func write(_ format: any AnimationFormat, fps: Double = 20, lossless: Bool = false) throws -> AnimationWriter.Written {
        let source = MovingSquare()
        let settings = AnimationSettings(format: format, width: source.width, fps: fps, quality: 90, lossless: lossless)
        return try AnimationWriter.write(path: "\(tmp)/out.\(format.fileExtension)", settings: settings, source: source, jobs: 2)
    }

    func testAPNGIsExactAndMergesTheHold() throws {
        let w = try write(APNGFormat())
        // Frames 5-11 are one frame (the square holds at 20 from frame 5 on): 20 - 6 = 14 frames.
        XCTAssertEqual(w.frames, 14)
        let p = try pillow(w.path, frame: 5)
        XCTAssertEqual(p.count, 14)
        XCTAssertEqual(p.durations.reduce(0, +), 1000)
        XCTAssertEqual(p.durations[5], 350, "the hold: 7 frames of 50 ms")
        XCTAssertEqual(p.durations.filter { $0 == 50 }.count, 13)
        XCTAssertEqual(p.pixels, rgb(MovingSquare.draw(96, 64, 20)), "lossless: the held frame, composited over the earlier ones")
        let last = try pillow(w.path, frame: 13)
        XCTAssertEqual(last.pixels, rgb(MovingSquare.draw(96, 64, MovingSquare().position(19))))
        // Delays as fractions of a second: 1/20 for a frame, 7/20 for the hold.
        let info = try APNGReader.read([UInt8](Data(contentsOf: URL(fileURLWithPath: w.path)))).get()
        XCTAssertEqual(info.delays[5], 0.35, accuracy: 1e-12)
        XCTAssertEqual(info.declaredFrames, 14)
    }

    func testAPNGCropsEachFrameToWhatChanged() throws {
        let w = try write(APNGFormat())
        let data = [UInt8](try Data(contentsOf: URL(fileURLWithPath: w.path)))
        let chunks = try PNGChunks.walk(data, checkCRC: true).get().filter { $0.code == PNGChunks.Chunk.code("fcTL") }
        let second = chunks[1].body.lowerBound
        let width = Int(PNGChunks.readUInt32(data, second + 4)), height = Int(PNGChunks.readUInt32(data, second + 8))
        let x = Int(PNGChunks.readUInt32(data, second + 12)), y = Int(PNGChunks.readUInt32(data, second + 16))
        XCTAssertEqual([x, y, width, height], [0, 20, 20, 16], "frame 1 moves the square from x 0 to 4: columns 0-19 of rows 20-35")
    }

    func testGIFDecodesToTheFramesWithExactDelays() throws {
        let w = try write(GIFFormat())
        XCTAssertEqual(w.frames, 14)
        let probe = try run("/usr/bin/ffprobe", ["-v", "error", "-show_entries", "packet=duration_time", "-of", "csv=p=0", w.path])
        let delays = probe.out.split(whereSeparator: \.isNewline).compactMap { Double($0) }
        XCTAssertEqual(delays.count, 14)
        XCTAssertEqual(delays.reduce(0, +), 1.0, accuracy: 1e-9)
        XCTAssertEqual(delays[5], 0.35, accuracy: 1e-9)
        let p = try pillow(w.path, frame: 9)
        XCTAssertEqual(p.count, 14)
        XCTAssertEqual(p.durations.reduce(0, +), 1000)
        let expected = rgb(MovingSquare.draw(96, 64, MovingSquare().position(15)))
        XCTAssertLessThan(meanError(p.pixels, expected), 3, "dithered to 255 colors: close, not exact")
        XCTAssertLessThan(meanError(try ffmpegFrame(w.path, frame: 9), expected), 3)
    }

    func testWebPLosslessIsExactAndLossyIsClose() throws {
        let lossless = try write(WebPFormat(), lossless: true)
        let p = try pillow(lossless.path, frame: 5)
        XCTAssertLessThanOrEqual(p.count, 14)
        XCTAssertEqual(p.durations.reduce(0, +), 1000)
        XCTAssertTrue(p.durations.contains(350), "\(p.durations)")
        XCTAssertEqual(p.pixels, rgb(MovingSquare.draw(96, 64, 20)))
        let info = try WebPReader.read([UInt8](Data(contentsOf: URL(fileURLWithPath: lossless.path)))).get()
        XCTAssertEqual(info.duration, 1.0, accuracy: 1e-9)
        let lossy = try write(WebPFormat())
        let q = try pillow(lossy.path, frame: 5)
        XCTAssertEqual(q.durations.reduce(0, +), 1000)
        XCTAssertLessThan(meanError(q.pixels, rgb(MovingSquare.draw(96, 64, 20))), 4)
    }

    /// Transparent pixels survive: a frame that clears part of the last one replaces it (no
    /// blending), and libwebp's decoder gives back every frame, alpha and all (lossless).
    func testWebPKeepsTransparency() throws {
        final class Fading: FrameSource, Sendable {
            let width = 40, height = 30, fps = 10.0, frameCount = 4
            var mayHaveTransparency: Bool { true }
            func same(_ a: Int, _ b: Int) -> Bool { false }
            func frame(_ i: Int, worker: Int) throws -> Pixmap {
                var p = Pixmap(width: 40, height: 30, fill: PremultipliedColor(r: 0, g: 0, b: 200, a: 255))
                // A hole that grows: fully transparent, then half-transparent red beside it.
                for y in 5..<(10 + 4 * i) { for x in 5..<20 { p[x, y] = .clear } }
                for y in 0..<30 { p[30 + i, y] = PremultipliedColor(r: 100, g: 0, b: 0, a: 100) }
                return p
            }
        }
        let settings = AnimationSettings(format: WebPFormat(), width: 40, fps: 10, quality: 75, lossless: true)
        let w = try AnimationWriter.write(path: "\(tmp)/alpha.webp", settings: settings, source: Fading(), jobs: 2)
        let data = [UInt8](try Data(contentsOf: URL(fileURLWithPath: w.path)))
        XCTAssertEqual(data[20] & 0x10, 0x10, "VP8X says the file has alpha")
        let frames = try XCTUnwrap(WebPReader.decodeFrames(data))
        XCTAssertEqual(frames.count, 4)
        for (i, frame) in frames.enumerated() {
            XCTAssertEqual(frame.pixels.straightBytes(), try Fading().frame(i, worker: 0).straightBytes(), "frame \(i)")
        }
    }

    /// WebP frames are cropped to what changed, at even offsets (ANMF stores them halved), and
    /// encoded alone: each is the same bytes whatever the frames around it.
    func testWebPCropsEachFrameToWhatChanged() throws {
        let w = try write(WebPFormat(), lossless: true)
        let info = try WebPReader.read([UInt8](Data(contentsOf: URL(fileURLWithPath: w.path)))).get()
        XCTAssertEqual(info.rects.count, w.frames)
        XCTAssertEqual(info.rects[0], PixelRect(x: 0, y: 0, width: 96, height: 64), "the first frame is the whole canvas")
        XCTAssertEqual(info.rects[1], PixelRect(x: 0, y: 20, width: 20, height: 16), "frame 1 moves the square from x 0 to 4: columns 0-19 of rows 20-35")
        for rect in info.rects { XCTAssertTrue(rect.x % 2 == 0 && rect.y % 2 == 0, "\(rect)") }
    }

    /// The frames written are those the file holds: lossy WebP merges frames within a few levels
    /// of the one shown (as libwebp's animation encoder does), and the count says so.
    func testTheFrameCountIsWhatTheFileHolds() throws {
        final class Flicker: FrameSource, Sendable {
            let width = 96, height = 64, fps = 20.0, frameCount = 20
            func same(_ a: Int, _ b: Int) -> Bool { false }
            func frame(_ i: Int, worker: Int) throws -> Pixmap {
                var p = MovingSquare.draw(96, 64, MovingSquare().position(min(i, 11)))
                if i >= 12 { p.bytes[4 * (i - 12)] &+= 1 } // one pixel, one level
                return p
            }
        }
        for format in AnimationFormats.all {
            let settings = AnimationSettings(format: format, width: 96, fps: 20, quality: 75)
            let w = try AnimationWriter.write(path: "\(tmp)/flicker.\(format.fileExtension)", settings: settings, source: Flicker(), jobs: 2)
            let data = [UInt8](try Data(contentsOf: URL(fileURLWithPath: w.path)))
            switch format {
            case is WebPFormat:
                let held = try WebPReader.read(data).get().durations.count
                XCTAssertEqual(w.frames, held)
                XCTAssertLessThan(held, 14, "the frames a level apart were merged")
            case is GIFFormat: XCTAssertEqual(w.frames, try GIFReader.read(data).get().count)
            case is APNGFormat: XCTAssertEqual(w.frames, try APNGReader.read(data).get().delays.count)
            case is MP4Format: XCTAssertEqual(w.frames, 20)
            default: XCTFail("\(format): no check")
            }
        }
    }

    func testMP4HasEveryFrameAtAConstantRate() throws {
        let w = try write(MP4Format())
        XCTAssertEqual(w.frames, 20)
        let probe = try run(
            "/usr/bin/ffprobe",
            [
                "-v", "error", "-select_streams", "v:0", "-count_frames", "-show_entries",
                "stream=nb_read_frames,pix_fmt,r_frame_rate,width,height", "-of", "csv=p=0", w.path,
            ])
        XCTAssertEqual(probe.out.trimmingCharacters(in: .whitespacesAndNewlines), "96,64,yuv420p,20/1,20")
        XCTAssertLessThan(meanError(try ffmpegFrame(w.path, frame: 15), rgb(MovingSquare.draw(96, 64, MovingSquare().position(15)))), 6)
        let head = [UInt8](try Data(contentsOf: URL(fileURLWithPath: w.path)).prefix(64))
        XCTAssertNotNil(String(decoding: head, as: UTF8.self).range(of: "moov"), "+faststart: the index comes first")
    }

    func testTheSameBytesForAnyNumberOfWorkers() throws {
        for format in AnimationFormats.all {
            var files: [Data] = []
            for jobs in [1, 2, 3] {
                let settings = AnimationSettings(format: format, width: 96, fps: 20, quality: 80)
                let path = "\(tmp)/j\(jobs).\(format.fileExtension)"
                _ = try AnimationWriter.write(path: path, settings: settings, source: MovingSquare(), jobs: jobs)
                files.append(try Data(contentsOf: URL(fileURLWithPath: path)))
            }
            XCTAssertEqual(files[0], files[1], "\(format)")
            XCTAssertEqual(files[0], files[2], "\(format)")
        }
    }

    func testTheCheckCatchesAWrongCount() throws {
        let w = try write(APNGFormat())
        var data = [UInt8](try Data(contentsOf: URL(fileURLWithPath: w.path)))
        // Claim 15 frames in acTL (and fix its CRC, so only the count is wrong).
        let actl = try PNGChunks.walk(data).get().first { $0.code == PNGChunks.Chunk.code("acTL") }!
        data[actl.body.lowerBound + 3] = 15
        let crc = PNGChunks.crc(data, from: actl.offset + 4, count: 12)
        for i in 0..<4 { data[actl.body.upperBound + i] = UInt8((crc >> (24 - 8 * UInt32(i))) & 0xFF) }
        try Data(data).write(to: URL(fileURLWithPath: w.path))
        XCTAssertEqual(AnimationWriter.check(w), "acTL says 15 frames, the file has 14")
        var gif = try write(GIFFormat())
        XCTAssertNil(AnimationWriter.check(gif))
        gif.duration = 1.2
        XCTAssertEqual(AnimationWriter.check(gif), "it lasts 1.000 s where the frames last 1.200 s")
    }

    func testAClipThatNeverChangesIsOneFrameInEveryFormat() throws {
        final class Still: FrameSource, Sendable {
            let width = 32, height = 24, fps = 10.0, frameCount = 15
            var mayHaveTransparency: Bool { true }
            func same(_ a: Int, _ b: Int) -> Bool { true }
            func frame(_ i: Int, worker: Int) throws -> Pixmap { MovingSquare.draw(32, 24, 3) }
        }
        for format in AnimationFormats.all {
            let settings = AnimationSettings(format: format, width: 32, fps: 10, quality: 80)
            let w = try AnimationWriter.write(path: "\(tmp)/still.\(format.fileExtension)", settings: settings, source: Still(), jobs: 2)
            XCTAssertEqual(w.frames, format is MP4Format ? 15 : 1, "\(format)")
            XCTAssertEqual(w.duration, 1.5)
        }
        // A source that may have transparency gets an RGBA APNG even when its first frame is opaque.
        let apng = [UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(tmp)/still.apng")))
        XCTAssertEqual(apng[25], 6)
        XCTAssertEqual(try GIFReader.read([UInt8](Data(contentsOf: URL(fileURLWithPath: "\(tmp)/still.gif")))).get(), [1.5])
    }

    func testLZWRoundTripsAtEveryLength() throws {
        // Lengths around the code-width changes (the last code read can widen the decoder's codes).
        var rng = UInt64(11)
        for length in 1...1200 {
            var data = [UInt8]()
            for _ in 0..<length { rng = rng &* 6364136223846793005 &+ 1442695040888963407; data.append(UInt8(rng >> 61)) }
            XCTAssertEqual(try decodeLZW(LZWEncoder().encodeOnce(data), expectEnd: true), data, "length \(length)")
        }
    }

    func testLZWRoundTripsThroughADecoder() throws {
        // Long runs and noise, past the 4096-code table (clear codes), as one 1-row GIF frame each.
        var rng = UInt64(7)
        var noise = [UInt8]()
        for _ in 0..<30000 { rng = rng &* 6364136223846793005 &+ 1442695040888963407; noise.append(UInt8(rng >> 57)) }
        for data in [noise, [UInt8](repeating: 3, count: 20000), (0..<20000).map { UInt8($0 % 251) }] {
            let coded = LZWEncoder().encodeOnce(data)
            XCTAssertEqual(try decodeLZW(coded), data)
        }
    }

    // MARK: helpers

    struct Output { var code: Int32; var out: String; var err: String }
    func run(_ exe: String, _ args: [String]) throws -> Output {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: exe)
        p.arguments = args
        // Standard error to a file, so neither pipe can fill while the other is read.
        let errPath = "\(tmp)/stderr.txt"
        _ = FileManager.default.createFile(atPath: errPath, contents: nil)
        let o = Pipe(), e = FileHandle(forWritingAtPath: errPath)!
        p.standardOutput = o; p.standardError = e
        try p.run()
        let outData = o.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        try e.close()
        let errData = FileManager.default.contents(atPath: errPath) ?? Data()
        return Output(code: p.terminationStatus, out: String(decoding: outData, as: UTF8.self), err: String(decoding: errData, as: UTF8.self))
    }

    /// A plain GIF LZW decoder (min code size 8), written from the GIF89a specification.
    func decodeLZW(_ bytes: [UInt8], expectEnd: Bool = false) throws -> [UInt8] {
        var table: [[UInt8]] = (0..<256).map { [UInt8($0)] } + [[], []]
        var codeSize = 9, bitPos = 0, out: [UInt8] = [], prev: [UInt8]?, sawEnd = false
        func read() -> Int? {
            guard bitPos + codeSize <= bytes.count * 8 else { return nil }
            var v = 0
            for i in 0..<codeSize { let b = bitPos + i; if bytes[b / 8] >> (b % 8) & 1 == 1 { v |= 1 << i } }
            bitPos += codeSize
            return v
        }
        while let code = read() {
            if code == 256 { table = Array(table.prefix(258)); codeSize = 9; prev = nil; continue }
            if code == 257 { sawEnd = true; break }
            let entry: [UInt8]
            if code < table.count {
                entry = table[code]
            } else if let p = prev, code == table.count {
                entry = p + [p[0]]
            } else {
                throw NSError(domain: "lzw", code: code)
            }
            out += entry
            if let p = prev, table.count < 4096 { table.append(p + [entry[0]]) }
            prev = entry
            if table.count == 1 << codeSize, codeSize < 12 { codeSize += 1 }
        }
        if expectEnd && !sawEnd { throw NSError(domain: "lzw: no end code where the decoder looked for it", code: 0) }
        return out
    }
}

extension LZWEncoder {
    func encodeOnce(_ data: [UInt8]) -> [UInt8] { var e = self; return e.encode(data) }
}

internal import CWebP
import Foundation
import Raster

/// Animated WebP: each frame cropped to what changed since the frame shown before it, encoded by
/// libwebp on its own (so the frames of a batch are encoded at once, one a worker), and the frames
/// joined into the file's RIFF chunks here (VP8X, ANIM, then an ANMF a frame: offset, size,
/// duration, no blending, no disposal). The bytes are the same for any number of workers.
///
/// As libwebp's animation encoder does, a lossy animation counts a pixel as unchanged while every
/// channel is within `QualityToMaxDiff(quality)` levels of the one shown (5 at quality 75), and a
/// frame with nothing left to show is merged into the one before. Timestamps are exact
/// milliseconds, rounded from each frame's start, so the durations add up to the clip's length.
public final class WebPWriter {
    public let width: Int
    public let height: Int
    public let jobs: Int
    private var config = WebPConfig()
    private let path: String
    /// Channel levels a lossy frame may differ by and count as unchanged (0: lossless).
    private let tolerance: Int
    /// The canvas as the frames written so far leave it (their source pixels).
    private var shown: Pixmap?
    /// Frames written: where, from when (ms), the ANMF frame data (ALPH + VP8, or VP8L).
    private var frames: [(rect: PixelRect, startMs: Int, data: [UInt8], alpha: Bool)] = []

    /// The frames the file holds so far.
    public var frameCount: Int { frames.count }

    /// libwebp's method 2 (of 0, fastest, to 6, smallest): on the default demo at 390 px, 2.6 times
    /// faster than its default 4 for 3% more bytes at the same quality (SSIM 0.9882 against 0.9884).
    /// Methods 3 and up add trellis quantisation, which is most of the difference.
    public static let defaultMethod = 2

    /// `quality` 0-100 (lossy), or lossless; `method` 0 (fast) to 6 (small), libwebp's.
    public init(
        path: String, width: Int, height: Int, quality: Double, lossless: Bool, method: Int = WebPWriter.defaultMethod, jobs: Int = 1
    ) throws {
        self.path = path
        self.width = width
        self.height = height
        self.jobs = max(1, jobs)
        guard width > 0, height > 0, width <= 16383, height <= 16383 else {
            throw AnimationError.encoder(
                path: path, problem: "WebP is at most 16383 pixels a side, and this is \(width)x\(height); give a smaller --width")
        }
        guard WebPConfigInit(&config) != 0 else {
            throw AnimationError.encoder(
                path: path, problem: "the installed libwebp does not match the one this was built with; run scripts/setup.sh and rebuild")
        }
        config.lossless = lossless ? 1 : 0
        config.quality = Float(min(max(quality, 0), 100))
        config.method = Int32(min(max(method, 0), 6))
        tolerance = lossless ? 0 : Self.maxDiff(quality: Double(config.quality))
    }

    /// libwebp's `QualityToMaxDiff`: 31 levels at quality 0, 1 at 100.
    static func maxDiff(quality: Double) -> Int {
        let v = (quality / 100).squareRoot()
        return Int((31 * (1 - v) + v + 0.5).rounded(.down))
    }

    /// Adds frames in order; their pixels are encoded at once, one frame a worker.
    public func add(_ batch: [TimedFrame]) throws {
        var jobs: [(frame: Pixmap, rect: PixelRect, startMs: Int)] = []
        for f in batch {
            precondition(f.pixels.width == width && f.pixels.height == height)
            let startMs = Int((f.start * 1000).rounded())
            guard let rect = changedRect(f.pixels) else { continue }  // nothing to show: the frame before lasts longer
            jobs.append((f.pixels, rect, startMs))
            if shown == nil { shown = f.pixels } else { shown!.copy(rect, from: f.pixels) }  // in place
        }
        let config = config, work = jobs
        let encoded = Parallel.map(work.count, workers: self.jobs) { _, i in Self.encode(work[i].frame, work[i].rect, config) }
        for (job, result) in zip(jobs, encoded) {
            guard let (data, alpha) = result else {
                throw AnimationError.encoder(path: path, problem: "libwebp could not encode the frame at \(job.startMs) ms (out of memory?)")
            }
            frames.append((job.rect, job.startMs, data, alpha))
        }
    }

    /// The rectangle to write for `frame` (offsets even, as ANMF stores them halved), or nil when
    /// every pixel is within the tolerance of the one shown. The first frame is the whole canvas.
    private func changedRect(_ frame: Pixmap) -> PixelRect? {
        guard let shown else { return PixelRect(x: 0, y: 0, width: width, height: height) }
        let w = width, tolerance = tolerance
        var top = height, bottom = -1, left = w, right = -1
        shown.bytes.withUnsafeBytes { pa in
            frame.bytes.withUnsafeBytes { pb in
                for y in 0..<height {
                    let o = 4 * w * y
                    if memcmp(pa.baseAddress! + o, pb.baseAddress! + o, 4 * w) == 0 { continue }
                    let ra = pa.baseAddress! + o, rb = pb.baseAddress! + o
                    @inline(__always) func differs(_ x: Int) -> Bool {
                        let a = ra.loadUnaligned(fromByteOffset: 4 * x, as: UInt32.self)
                        let b = rb.loadUnaligned(fromByteOffset: 4 * x, as: UInt32.self)
                        if a == b { return false }
                        if tolerance == 0 || a >> 24 != b >> 24 { return true }
                        @inline(__always) func apart(_ shift: UInt32) -> Bool { abs(Int((a >> shift) & 0xFF) - Int((b >> shift) & 0xFF)) > tolerance }
                        return apart(0) || apart(8) || apart(16)
                    }
                    var x = 0
                    while x < w, !differs(x) { x += 1 }
                    guard x < w else { continue }
                    var r = w - 1
                    while r > x, !differs(r) { r -= 1 }
                    top = min(top, y); bottom = y
                    left = min(left, x); right = max(right, r)
                }
            }
        }
        guard bottom >= 0 else { return nil }
        let x = left & ~1, y = top & ~1
        return PixelRect(x: x, y: y, width: right + 1 - x, height: bottom + 1 - y)
    }

    /// One frame's `rect` encoded alone: the ANMF frame data (the chunks after a still file's
    /// VP8X) and whether it has alpha; nil when libwebp fails.
    private static func encode(_ frame: Pixmap, _ rect: PixelRect, _ config: WebPConfig) -> (data: [UInt8], alpha: Bool)? {
        var config = config
        var picture = WebPPicture()
        guard WebPPictureInit(&picture) != 0 else { return nil }
        picture.width = Int32(rect.width)
        picture.height = Int32(rect.height)
        picture.use_argb = 1
        defer { WebPPictureFree(&picture) }
        let straight = (rect == frame.bounds ? frame : frame.cropped(to: rect)).straightBytes()
        guard straight.withUnsafeBufferPointer({ WebPPictureImportRGBA(&picture, $0.baseAddress, Int32(rect.width * 4)) }) != 0 else {
            return nil
        }
        var writer = WebPMemoryWriter()
        WebPMemoryWriterInit(&writer)
        defer { WebPMemoryWriterClear(&writer) }
        let ok = withUnsafeMutablePointer(to: &writer) { w -> Int32 in
            picture.writer = WebPMemoryWrite
            picture.custom_ptr = UnsafeMutableRawPointer(w)
            return WebPEncode(&config, &picture)
        }
        guard ok != 0, let mem = writer.mem else { return nil }
        return frameData(Array(UnsafeBufferPointer(start: mem, count: writer.size)))
    }

    /// The chunks of a still WebP file after its header and VP8X (ALPH and VP8, or VP8L), and
    /// whether they carry alpha.
    static func frameData(_ file: [UInt8]) -> (data: [UInt8], alpha: Bool)? {
        guard file.count >= 20 else { return nil }
        var offset = 12, data: [UInt8] = [], alpha = false
        while offset + 8 <= file.count {
            let type = String(decoding: file[offset..<(offset + 4)], as: UTF8.self)
            let size = Int(file[offset + 4]) | Int(file[offset + 5]) << 8 | Int(file[offset + 6]) << 16 | Int(file[offset + 7]) << 24
            let end = min(file.count, offset + 8 + size + (size & 1))
            switch type {
            case "ALPH": alpha = true; data += file[offset..<end]
            case "VP8 ": data += file[offset..<end]
            case "VP8L":
                // The alpha_is_used bit follows the signature byte and the 28 bits of size.
                if offset + 13 <= file.count { alpha = alpha || file[offset + 12] & 0x10 != 0 }
                data += file[offset..<end]
            default: break
            }
            offset = end
        }
        return data.isEmpty ? nil : (data, alpha)
    }

    /// The finished file; `end` is the animation's end in seconds (the last frame's end).
    public func finish(end: Double) throws -> [UInt8] {
        guard !frames.isEmpty else { throw AnimationError.encoder(path: path, problem: "no frames to write") }
        let endMs = Int((end * 1000).rounded())
        var body: [UInt8] = []
        func le(_ value: Int, _ bytes: Int) { for i in 0..<bytes { body.append(UInt8(truncatingIfNeeded: value >> (8 * i))) } }
        func chunk(_ type: String, _ size: Int) { body += Array(type.utf8); le(size, 4) }
        chunk("VP8X", 10)
        body.append((frames.contains { $0.alpha } ? 0x10 : 0) | 0x02)  // alpha, animation
        le(0, 3); le(width - 1, 3); le(height - 1, 3)
        chunk("ANIM", 6)
        le(0xFFFF_FFFF, 4); le(0, 2)  // background white (as libwebp's), loop forever
        for (i, f) in frames.enumerated() {
            let next = i + 1 < frames.count ? frames[i + 1].startMs : max(endMs, f.startMs + 1)
            chunk("ANMF", 16 + f.data.count)
            le(f.rect.x / 2, 3); le(f.rect.y / 2, 3); le(f.rect.width - 1, 3); le(f.rect.height - 1, 3)
            le(min(max(next - f.startMs, 0), 0xFF_FFFF), 3)
            body.append(0x02)  // do not blend; do not dispose
            body += f.data
        }
        // RIFF sizes are 32 bits.
        guard body.count + 4 <= Int(UInt32.max) else {
            throw AnimationError.encoder(path: path, problem: "a WebP file holds at most 4 GB, and this would be larger; give a smaller --width or --max-bytes")
        }
        var file = Array("RIFF".utf8)
        let size = body.count + 4
        for i in 0..<4 { file.append(UInt8(truncatingIfNeeded: size >> (8 * i))) }
        file += Array("WEBP".utf8)
        file += body
        return file
    }
}

/// Reads an animated WebP's structure (RIFF chunks) without decoding it: canvas, frame count,
/// each frame's duration. Used to check what was written.
public enum WebPReader {
    public struct Info: Sendable, Equatable {
        public var width: Int
        public var height: Int
        /// Each frame's duration in seconds.
        public var durations: [Double]
        /// Each frame's place on the canvas.
        public var rects: [PixelRect] = []
        public var duration: Double { durations.reduce(0, +) }
    }

    public static func read(_ d: [UInt8]) -> Result<Info, PNGChunks.Problem> {
        func le24(_ o: Int) -> Int { Int(d[o]) | Int(d[o + 1]) << 8 | Int(d[o + 2]) << 16 }
        func le32(_ o: Int) -> Int { le24(o) | Int(d[o + 3]) << 24 }
        guard d.count >= 12, Array(d[0..<4]) == Array("RIFF".utf8), Array(d[8..<12]) == Array("WEBP".utf8) else {
            return .failure(PNGChunks.Problem("not a WebP file (no RIFF/WEBP header)"))
        }
        guard le32(4) + 8 == d.count else { return .failure(PNGChunks.Problem("the RIFF size says \(le32(4) + 8) bytes, the file has \(d.count)")) }
        var info = Info(width: 0, height: 0, durations: [])
        var offset = 12
        var animated = false, image = false
        while offset + 8 <= d.count {
            let type = String(decoding: d[offset..<(offset + 4)], as: UTF8.self)
            let size = le32(offset + 4)
            let body = offset + 8
            guard size >= 0, body + size <= d.count else { return .failure(PNGChunks.Problem("chunk \(type) at byte \(offset) runs past the end")) }
            switch type {
            case "VP8 ", "VP8L":
                image = true
            case "VP8X":
                guard size >= 10 else { return .failure(PNGChunks.Problem("VP8X is too short")) }
                animated = d[body] & 0x02 != 0
                info.width = le24(body + 4) + 1; info.height = le24(body + 7) + 1
            case "ANMF":
                guard size >= 16 else { return .failure(PNGChunks.Problem("ANMF at byte \(offset) is too short")) }
                let x = le24(body) * 2, y = le24(body + 3) * 2, w = le24(body + 6) + 1, h = le24(body + 9) + 1
                guard x + w <= info.width, y + h <= info.height else {
                    return .failure(PNGChunks.Problem("frame \(info.durations.count) lies outside the \(info.width)x\(info.height) canvas"))
                }
                info.durations.append(Double(le24(body + 12)) / 1000)
                info.rects.append(PixelRect(x: x, y: y, width: w, height: h))
            default: break
            }
            offset = body + size + (size & 1)
        }
        if !animated && info.durations.isEmpty && image {
            // A still image (libwebp's choice for one frame): no durations.
            return .success(info)
        }
        guard animated, !info.durations.isEmpty else { return .failure(PNGChunks.Problem("no animation frames (ANMF chunks)")) }
        return .success(info)
    }
}

extension WebPReader {
    /// Every frame of an animated WebP, composited, with its end time in milliseconds (libwebp's
    /// animation decoder). For checks and the benchmark's quality figures.
    public static func decodeFrames(_ data: [UInt8]) -> [(pixels: Pixmap, endMs: Int)]? {
        var result: [(Pixmap, Int)] = []
        let ok = data.withUnsafeBufferPointer { buffer -> Bool in
            var webp = WebPData(bytes: buffer.baseAddress, size: buffer.count)
            var options = WebPAnimDecoderOptions()
            guard WebPAnimDecoderOptionsInit(&options) != 0 else { return false }
            options.color_mode = MODE_RGBA
            options.use_threads = 0
            guard let decoder = WebPAnimDecoderNew(&webp, &options) else { return false }
            defer { WebPAnimDecoderDelete(decoder) }
            var info = WebPAnimInfo()
            guard WebPAnimDecoderGetInfo(decoder, &info) != 0 else { return false }
            let w = Int(info.canvas_width), h = Int(info.canvas_height)
            while WebPAnimDecoderHasMoreFrames(decoder) != 0 {
                var out: UnsafeMutablePointer<UInt8>?
                var timestamp: Int32 = 0
                guard WebPAnimDecoderGetNext(decoder, &out, &timestamp) != 0, let out else { return false }
                result.append((Pixmap(width: w, height: h, straightBytes: Array(UnsafeBufferPointer(start: out, count: w * h * 4))), Int(timestamp)))
            }
            return true
        }
        return ok ? result : nil
    }
}

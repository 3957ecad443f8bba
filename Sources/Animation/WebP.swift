internal import CWebP
import Raster

/// Animated WebP through libwebp's animation encoder (which crops each frame to what changed and
/// picks the cheaper of blending or replacing). Timestamps are exact milliseconds, rounded from
/// each frame's start, so the durations add up to the clip's length.
public final class WebPWriter {
    public let width: Int
    public let height: Int
    private var encoder: OpaquePointer?
    private var config = WebPConfig()
    private let path: String

    /// `quality` 0-100 (lossy), or lossless; `method` 0 (fast) to 6 (small).
    public init(path: String, width: Int, height: Int, quality: Double, lossless: Bool, method: Int = 4) throws {
        self.path = path
        self.width = width
        self.height = height
        guard width > 0, height > 0, width <= 16383, height <= 16383 else {
            throw AnimationError.encoder(
                path: path, problem: "WebP is at most 16383 pixels a side, and this is \(width)x\(height); give a smaller --width")
        }
        var options = WebPAnimEncoderOptions()
        guard WebPAnimEncoderOptionsInit(&options) != 0, WebPConfigInit(&config) != 0 else {
            throw AnimationError.encoder(
                path: path, problem: "the installed libwebp does not match the one this was built with; run scripts/setup.sh and rebuild")
        }
        options.anim_params.loop_count = 0
        config.lossless = lossless ? 1 : 0
        config.quality = Float(min(max(quality, 0), 100))
        config.method = Int32(min(max(method, 0), 6))
        encoder = WebPAnimEncoderNew(Int32(width), Int32(height), &options)
        guard encoder != nil else { throw AnimationError.encoder(path: path, problem: "libwebp could not start an animation (out of memory?)") }
    }

    deinit { if let encoder { WebPAnimEncoderDelete(encoder) } }

    public func add(_ frame: TimedFrame) throws {
        precondition(frame.pixels.width == width && frame.pixels.height == height)
        var picture = WebPPicture()
        guard WebPPictureInit(&picture) != 0 else { throw AnimationError.encoder(path: path, problem: "libwebp could not set up a picture") }
        picture.width = Int32(width)
        picture.height = Int32(height)
        picture.use_argb = 1
        defer { WebPPictureFree(&picture) }
        let straight = frame.pixels.straightBytes()
        let imported = straight.withUnsafeBufferPointer { WebPPictureImportRGBA(&picture, $0.baseAddress, Int32(width * 4)) }
        guard imported != 0 else { throw AnimationError.encoder(path: path, problem: "libwebp could not take a frame (out of memory?)") }
        let ms = Int32((frame.start * 1000).rounded())
        guard WebPAnimEncoderAdd(encoder, &picture, ms, &config) != 0 else {
            throw AnimationError.encoder(path: path, problem: "libwebp could not encode frame at \(ms) ms (out of memory?)")
        }
    }

    /// The finished file; `end` is the animation's end in seconds (the last frame's end).
    public func finish(end: Double) throws -> [UInt8] {
        let ms = Int32((end * 1000).rounded())
        guard WebPAnimEncoderAdd(encoder, nil, ms, nil) != 0 else {
            throw AnimationError.encoder(path: path, problem: "libwebp could not close the animation")
        }
        var data = WebPData()
        WebPDataInit(&data)
        defer { WebPDataClear(&data) }
        guard WebPAnimEncoderAssemble(encoder, &data) != 0, let bytes = data.bytes else {
            throw AnimationError.encoder(path: path, problem: "libwebp could not assemble the animation (out of memory?)")
        }
        return Array(UnsafeBufferPointer(start: bytes, count: data.size))
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

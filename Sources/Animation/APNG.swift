import Foundation
import Raster

/// Animated PNG on our own PNG encoder: each frame is cropped to the rectangle that changed since
/// the previous one and drawn over it (dispose NONE, blend SOURCE); the caller has already merged
/// identical consecutive frames into one longer frame. Delays are exact fractions of a second:
/// n / fps where the frame starts and ends on the frame grid (1/60 at 60 fps), milliseconds only
/// for a shortened last frame. Frames of a batch are compressed in parallel.
public final class APNGWriter {
    public let width: Int
    public let height: Int
    public let alpha: Bool
    public let fps: Double
    public let jobs: Int
    private let options: PNGEncoder.Options
    private let file: OutputFile
    private var sequence: UInt32 = 0
    private var frames = 0
    private var previous: Pixmap?
    private var actlOffset = 0

    public init(
        file: OutputFile, width: Int, height: Int, alpha: Bool, fps: Double, jobs: Int,
        options: PNGEncoder.Options = .balanced
    ) throws {
        self.file = file
        self.width = width
        self.height = height
        self.alpha = alpha
        self.fps = fps
        self.jobs = max(1, jobs)
        self.options = options
        var head = PNGChunks.signature
        PNGChunks.append("IHDR", PNGChunks.headerBody(width: width, height: height, alpha: alpha), to: &head)
        actlOffset = head.count
        // acTL: the frame count (patched at the end) and 0 plays, meaning forever.
        PNGChunks.append("acTL", [UInt8](repeating: 0, count: 8), to: &head)
        try file.append(head)
    }

    /// The delay of a frame from `start` to `end` seconds as (numerator, denominator).
    public func delay(start: Double, end: Double) -> (UInt16, UInt16) {
        let frames = (end - start) * fps
        if fps == fps.rounded(), fps <= 65535, abs(frames - frames.rounded()) < 1e-6, frames.rounded() <= 65535, frames >= 0.5 {
            return (UInt16(frames.rounded()), UInt16(fps))
        }
        let ms = Int((end * 1000).rounded()) - Int((start * 1000).rounded())
        if ms <= 65535 { return (UInt16(max(ms, 1)), 1000) }
        return (UInt16(min(65535, Int(((end - start) * 100).rounded()))), 100)
    }

    public func add(_ batch: [TimedFrame]) throws {
        guard !batch.isEmpty else { return }
        let before = [previous] + batch.dropLast().map { Optional($0.pixels) }
        let alpha = self.alpha, options = self.options
        // Each worker encodes with a PNGEncoder of its own (its compressor and scratch rows).
        let parts = Parallel.map(batch.count, workers: jobs, state: { PNGEncoder(options: options) }) {
            encoder, i -> (rect: PixelRect, data: [UInt8]) in
            let frame = batch[i].pixels
            let rect = before[i].map { frame.changedRect(from: $0) } ?? frame.bounds
            let piece = rect == frame.bounds ? frame : frame.cropped(to: rect)
            return (rect, encoder.imageData(piece, alpha: alpha).data)
        }
        for (i, part) in parts.enumerated() {
            let (rect, data) = part
            var fctl = [UInt8]()
            fctl.appendBigEndian(sequence); sequence += 1
            for v in [rect.width, rect.height, rect.x, rect.y] { fctl.appendBigEndian(UInt32(v)) }
            let (num, den) = delay(start: batch[i].start, end: batch[i].end)
            fctl.appendBigEndian(num); fctl.appendBigEndian(den)
            fctl += [0, 0] // dispose NONE, blend SOURCE
            var chunk = [UInt8]()
            PNGChunks.append("fcTL", fctl, to: &chunk)
            if frames == 0 {
                PNGChunks.append("IDAT", data, to: &chunk)
            } else {
                var fdat = [UInt8]()
                fdat.reserveCapacity(data.count + 4)
                fdat.appendBigEndian(sequence); sequence += 1
                fdat += data
                PNGChunks.append("fdAT", fdat, to: &chunk)
            }
            try file.append(chunk)
            frames += 1
        }
        previous = batch.last!.pixels
    }

    /// Writes IEND and the frame count.
    public func finish() throws {
        var tail = [UInt8]()
        PNGChunks.append("IEND", [UInt8](), to: &tail)
        try file.append(tail)
        var actl = [UInt8]()
        var body = [UInt8]()
        body.appendBigEndian(UInt32(frames)); body.appendBigEndian(UInt32(0))
        PNGChunks.append("acTL", body, to: &actl)
        try file.patch(at: actlOffset, actl)
    }
}

/// Reads an APNG's animation structure without decoding it: frame count, each delay, the canvas.
/// Used to check what was written, independently of the writer's own counters.
public enum APNGReader {
    public struct Info: Sendable, Equatable {
        public var width: Int
        public var height: Int
        /// acTL's declared frame count.
        public var declaredFrames: Int
        /// Each frame's delay in seconds, from its fcTL.
        public var delays: [Double]
        public var duration: Double { delays.reduce(0, +) }
    }

    public static func read(_ data: [UInt8]) -> Result<Info, PNGChunks.Problem> {
        switch PNGChunks.walk(data, checkCRC: true) {
        case .failure(let p): return .failure(p)
        case .success(let chunks):
            guard let ihdr = chunks.first, ihdr.code == PNGChunks.Chunk.code("IHDR"), ihdr.body.count == 13 else {
                return .failure(PNGChunks.Problem("no IHDR chunk first"))
            }
            let width = Int(PNGChunks.readUInt32(data, ihdr.body.lowerBound)), height = Int(PNGChunks.readUInt32(data, ihdr.body.lowerBound + 4))
            guard let actl = chunks.first(where: { $0.code == PNGChunks.Chunk.code("acTL") }), actl.body.count == 8 else {
                return .failure(PNGChunks.Problem("no acTL chunk: not an animated PNG"))
            }
            var info = Info(width: width, height: height, declaredFrames: Int(PNGChunks.readUInt32(data, actl.body.lowerBound)), delays: [])
            var expected: UInt32 = 0
            for c in chunks where c.code == PNGChunks.Chunk.code("fcTL") || c.code == PNGChunks.Chunk.code("fdAT") {
                let o = c.body.lowerBound
                guard c.body.count >= 4, PNGChunks.readUInt32(data, o) == expected else {
                    return .failure(PNGChunks.Problem("\(c.type) at byte \(c.offset) is out of sequence"))
                }
                expected += 1
                guard c.code == PNGChunks.Chunk.code("fcTL") else { continue }
                guard c.body.count == 26 else { return .failure(PNGChunks.Problem("fcTL at byte \(c.offset) is not 26 bytes")) }
                let w = Int(PNGChunks.readUInt32(data, o + 4)), h = Int(PNGChunks.readUInt32(data, o + 8))
                let x = Int(PNGChunks.readUInt32(data, o + 12)), y = Int(PNGChunks.readUInt32(data, o + 16))
                guard w > 0, h > 0, x + w <= width, y + h <= height else {
                    return .failure(PNGChunks.Problem("frame \(info.delays.count) (\(x),\(y) \(w)x\(h)) lies outside the \(width)x\(height) canvas"))
                }
                let num = Double(PNGChunks.readUInt16(data, o + 20)), den = Double(PNGChunks.readUInt16(data, o + 22))
                info.delays.append(num / (den == 0 ? 100 : den))
            }
            return .success(info)
        }
    }
}

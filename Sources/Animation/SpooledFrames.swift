import Foundation
import Raster

/// A frame source whose frames are produced once and read back for every later pass.
///
/// GIF reads its frames twice (the palette, then the pixels), and a folder encoded to GIF and WebP
/// at one width needs each frame three times: decoding and scaling a 1179x2556 PNG (or drawing a
/// scenario) three times costs more than the encoders. The first request of a frame produces it
/// from `inner` and writes its pixels to an unlinked temporary file; later requests read them
/// back (a copy). Memory stays the batches in flight, flat in the clip's length; the file holds
/// the frames asked for at this size (width x height x 4 bytes each) and goes with the source.
/// Where the file cannot be made or written, frames are produced again: the same pixels, slower.
public final class SpooledFrames: FrameSource {
    public let inner: FrameSource
    public var width: Int { inner.width }
    public var height: Int { inner.height }
    public var fps: Double { inner.fps }
    public var frameCount: Int { inner.frameCount }
    public var mayHaveTransparency: Bool { inner.mayHaveTransparency }
    /// The open, unlinked spool file, or -1.
    private let fd: Int32
    private let frameBytes: Int
    /// Source frame index -> its slot in the file, once written.
    private let slots = Locked<[Int: Int]>([:])
    private let nextSlot = Locked(0)
    /// How many frames were produced by `inner` and how many read back (for tests and the benchmark).
    public var counts: (produced: Int, reused: Int) { tally.current }
    private let tally = Locked((produced: 0, reused: 0))

    public init(_ inner: FrameSource) {
        self.inner = inner
        frameBytes = inner.width * inner.height * 4
        var template = Array((NSTemporaryDirectory() + "/render-frames-spool-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        if fd >= 0 { template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) } }
        self.fd = fd
    }

    deinit { if fd >= 0 { close(fd) } }

    public func same(_ a: Int, _ b: Int) -> Bool { inner.same(a, b) }

    public func frame(_ index: Int, worker: Int) throws -> Pixmap {
        // Animations written at once ask for the same frames at about the same time: the second
        // asker of a frame being produced waits for it rather than producing it too.
        let slot = producing.wait(until: { !$0.contains(index) }) { producing -> Int? in
            let slot = slots.current[index]
            if slot == nil { producing.insert(index) }
            return slot
        }
        if let slot, let pixels = read(slot) {
            tally.withLock { $0.reused += 1 }
            return pixels
        }
        defer { producing.withLockWakingWaiters { _ = $0.remove(index) } }
        let pixels = try inner.frame(index, worker: worker)
        tally.withLock { $0.produced += 1 }
        guard fd >= 0, pixels.width == width, pixels.height == height, slots.current[index] == nil else { return pixels }
        let free = nextSlot.withLock { n -> Int in
            n += 1
            return n - 1
        }
        if write(pixels, free) { slots.withLock { $0[index] = free } }
        return pixels
    }
    /// Frames being produced now: a second asker of one waits for it.
    private let producing = Locked<Set<Int>>([])

    private func write(_ pixels: Pixmap, _ slot: Int) -> Bool {
        pixels.bytes.withUnsafeBytes { raw in
            var done = 0
            while done < frameBytes {
                let n = pwrite(fd, raw.baseAddress! + done, frameBytes - done, off_t(slot * frameBytes + done))
                if n <= 0 { return false }
                done += n
            }
            return true
        }
    }

    private func read(_ slot: Int) -> Pixmap? {
        var ok = true
        // Read into uninitialised memory: every byte is written by pread (or the frame is not used).
        let bytes = [UInt8](unsafeUninitializedCapacity: frameBytes) { buffer, count in
            var done = 0
            while done < frameBytes {
                let n = pread(fd, buffer.baseAddress! + done, frameBytes - done, off_t(slot * frameBytes + done))
                if n <= 0 { ok = false; break }
                done += n
            }
            if !ok { buffer.baseAddress!.update(repeating: 0, count: frameBytes) }
            count = frameBytes
        }
        return ok ? Pixmap(width: width, height: height, premultipliedBytes: bytes) : nil
    }
}

/// Frame sources made at the sizes the animations ask, one spooled source per size: every
/// animation of one width (and evenness) reads the frames the first produced.
public final class SharedFrameSources: Sendable {
    private let make: @Sendable (_ width: Int, _ even: Bool) throws -> FrameSource
    private let made = Locked<[String: SpooledFrames]>([:])

    public init(_ make: @escaping @Sendable (_ width: Int, _ even: Bool) throws -> FrameSource) { self.make = make }

    /// The source for `width` (`even`: both sides rounded down to even), made on first use.
    public func source(width: Int, even: Bool) throws -> FrameSource {
        try made.withLock { made in
            let key = "\(width)\(even ? "e" : "")"
            if let s = made[key] { return s }
            let s = SpooledFrames(try make(width, even))
            made[key] = s
            return s
        }
    }

    /// The same source for one of several animations written at once: its workers are numbered
    /// from `lane * jobs`, so a source with per-worker state (a scenario's renderers, made for
    /// `lanes * jobs` workers) gives each thread its own.
    public func source(width: Int, even: Bool, lane: Int, jobs: Int) throws -> FrameSource {
        let shared = try source(width: width, even: even)
        return lane == 0 ? shared : LaneFrames(shared, offset: lane * jobs)
    }

    /// Produced and read-back frame counts over every size.
    public var counts: (produced: Int, reused: Int) {
        made.withLock { made in made.values.reduce((0, 0)) { ($0.0 + $1.counts.produced, $0.1 + $1.counts.reused) } }
    }
}

/// A source seen by one of several animations written at once: worker numbers shifted by `offset`.
final class LaneFrames: FrameSource, Sendable {
    let inner: FrameSource
    let offset: Int
    init(_ inner: FrameSource, offset: Int) { self.inner = inner; self.offset = offset }
    var width: Int { inner.width }
    var height: Int { inner.height }
    var fps: Double { inner.fps }
    var frameCount: Int { inner.frameCount }
    var mayHaveTransparency: Bool { inner.mayHaveTransparency }
    func same(_ a: Int, _ b: Int) -> Bool { inner.same(a, b) }
    func frame(_ index: Int, worker: Int) throws -> Pixmap { try inner.frame(index, worker: worker + offset) }
}

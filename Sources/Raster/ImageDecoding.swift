import Foundation
internal import CLibPNG
internal import CImageIO

/// Why an image could not be read. Descriptions name the file and say what to do.
public enum ImageError: Error, CustomStringConvertible, Equatable {
    case unreadable(path: String, reason: String)
    case unknownFormat(path: String)
    case corrupt(path: String, format: String, reason: String)
    case tooLarge(path: String, width: Int, height: Int, limit: Int)
    /// The file is larger than any image within the limits (`limit` says which, and the fix).
    case fileTooLarge(path: String, bytes: Int, limit: String)
    /// Decoding would take the render's decoded images over their memory budget.
    case overBudget(path: String, width: Int, height: Int, used: Int, budget: Int)
    /// The system refused the memory for the pixels (a memory limit such as `ulimit -v`).
    case outOfMemory(path: String, bytes: Int)
    /// An encoder failed (`format`: JPEG), in its own words.
    case encoding(format: String, reason: String)

    /// What is wrong with the image, without its path or a fix (for a caller that says those).
    public var reason: String {
        switch self {
        case .unreadable(_, let reason): return reason
        case .unknownFormat: return "not a PNG or JPEG file"
        case .corrupt(_, let format, let reason): return "corrupt \(format): \(reason)"
        case .tooLarge(_, let width, let height, let limit): return "\(width)x\(height) is over the limit of \(limit) pixels"
        case .fileTooLarge(_, let bytes, _): return "the file is \(ByteSize.format(bytes)), too large"
        case .overBudget(_, let width, let height, _, _): return "decoding \(width)x\(height) would go over the memory budget"
        case .outOfMemory(_, let bytes): return "not enough memory to decode it (\(ByteSize.format(bytes)))"
        case .encoding(let format, let reason): return "\(format) encoding failed: \(reason)"
        }
    }

    public var description: String {
        switch self {
        case .unreadable(let path, let reason):
            return "\(path): cannot read the image (\(reason)); check that the path is right and the file is readable"
        case .unknownFormat(let path):
            return "\(path): not a PNG or JPEG file (unrecognised signature); convert it to PNG or JPEG"
        case .corrupt(let path, let format, let reason):
            return "\(path): corrupt \(format) image: \(reason); re-export the image"
        case .tooLarge(let path, let width, let height, let limit):
            return
                "\(path): image is \(width)x\(height) = \(width.multipliedReportingOverflow(by: height).partialValue) pixels, over the limit of \(limit); scale it down (or raise the limit with --max-image-pixels, which render, validate and encode take)"
        case .fileTooLarge(let path, let bytes, let limit):
            return "\(path): the file is \(ByteSize.format(bytes)), \(limit)"
        case .overBudget(let path, let width, let height, let used, let budget):
            let needed = ImageDecoder.decodedBytes(width: width, height: height)
            return "\(path): decoding this \(width)x\(height) image takes \(ByteSize.format(needed)); with the \(ByteSize.format(used)) of images "
                + "decoded before it that is over the budget of \(ByteSize.format(budget)) for a render's images; scale images down, "
                + "use fewer different images, or raise the budget with --max-image-memory"
        case .outOfMemory(let path, let bytes):
            return "\(path): not enough memory to decode this image (\(ByteSize.format(bytes)) needed; the system refused it); "
                + "free memory, raise the process's memory limit, or scale the image down"
        case .encoding(let format, let reason):
            return "\(format) encoding failed: \(reason)"
        }
    }
}

/// What a render may decode: pixels in one image (refused from its header), and bytes for all of
/// its decoded images together (`--max-image-pixels`, `--max-image-memory`).
public struct ImageLimits: Sendable, Equatable {
    public var pixels: Int
    public var memory: Int
    public init(pixels: Int = ImageDecoder.defaultPixelLimit, memory: Int = ImageDecoder.defaultMemoryBudget) {
        self.pixels = pixels; self.memory = memory
    }
    public static let standard = ImageLimits()
}

/// Reads PNG (every color type and bit depth, interlaced, palette transparency: libpng's simplified
/// API converts them, except 16-bit files, read as stored and converted here) and JPEG (libjpeg-turbo) into premultiplied pixmaps.
public enum ImageDecoder {
    /// Images with more pixels than this are refused before their pixels are allocated.
    public static let defaultPixelLimit = 64 * 1024 * 1024

    /// The default budget for all the images one render decodes, in bytes: one image at the pixel
    /// limit fits (64 megapixels take 268 MB), two do not.
    public static let defaultMemoryBudget = 300_000_000

    public static func decode(fileAt path: String, pixelLimit: Int = defaultPixelLimit) throws -> Pixmap {
        try decode(data: readFile(path, maxBytes: maxFileBytes(pixelLimit: pixelLimit)), name: path, pixelLimit: pixelLimit)
    }

    /// The largest file that can hold an image within `pixelLimit`: a PNG stored uncompressed at
    /// 16 bits per sample takes 8 bytes a pixel and a little more.
    public static func maxFileBytes(pixelLimit: Int) -> Int {
        let (bytes, overflow) = pixelLimit.multipliedReportingOverflow(by: 9)
        let (total, overflowAgain) = bytes.addingReportingOverflow(65536)
        return overflow || overflowAgain ? Int.max : total
    }

    /// A file's bytes; a file larger than `maxBytes` is refused before it is read, the message
    /// saying what the limit is (`limit`).
    public static func readFile(
        _ path: String, maxBytes: Int,
        limit: String = "more than an image within --max-image-pixels can take; scale it down"
    ) throws -> [UInt8] {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        if let size = (attributes?[.size] as? NSNumber)?.intValue, size > maxBytes {
            throw ImageError.fileTooLarge(path: path, bytes: size, limit: limit)
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            let reason = FileManager.default.fileExists(atPath: path) ? "permission denied or not a file" : "no such file"
            throw ImageError.unreadable(path: path, reason: reason)
        }
        return [UInt8](data)
    }

    /// Bytes of a decoded image (premultiplied RGBA8); Int.max when that does not fit an Int.
    public static func decodedBytes(width: Int, height: Int) -> Int {
        let (pixels, o1) = width.multipliedReportingOverflow(by: height)
        let (bytes, o2) = pixels.multipliedReportingOverflow(by: 4)
        return o1 || o2 ? Int.max : bytes
    }

    /// An image's size from its header (PNG's IHDR, JPEG's frame header), without decoding it; nil
    /// when the header cannot be read or gives a size PNG does not allow (decoding then says why).
    /// Each side is at most 2^31 - 1, so their product fits an Int.
    public static func size(of data: [UInt8]) -> (width: Int, height: Int)? {
        if data.count >= 24, data.starts(with: PNGChunks.signature), data[12..<16].elementsEqual("IHDR".utf8) {
            let width = Int(PNGChunks.readUInt32(data, 16)), height = Int(PNGChunks.readUInt32(data, 20))
            return (1...0x7FFF_FFFF).contains(width) && (1...0x7FFF_FFFF).contains(height) ? (width, height) : nil
        }
        if data.starts(with: [0xFF, 0xD8, 0xFF]) {
            var width: Int32 = 0, height: Int32 = 0, components: Int32 = 0
            var error = [CChar](repeating: 0, count: 256)
            let status = data.withUnsafeBufferPointer { rf_jpeg_info($0.baseAddress, $0.count, &width, &height, &components, &error, error.count) }
            return status == 0 && width > 0 && height > 0 ? (Int(width), Int(height)) : nil
        }
        return nil
    }

    /// Asks the system for `bytes` and gives them back: an image whose pixels it would refuse is
    /// reported instead of ending the process (Swift stops on a failed allocation).
    static func reserve(_ bytes: Int, for name: String) throws {
        guard systemGives(bytes) else { throw ImageError.outOfMemory(path: name, bytes: bytes) }
    }

    /// True when the system gives `bytes` of memory now (they are given back at once): asked before
    /// large allocations, as Swift stops the process when one fails.
    public static func systemGives(_ bytes: Int) -> Bool { bytes >= 0 && rf_can_allocate(bytes) != 0 }

    /// Frames are decoded, compared and encoded into buffers of 10-40 MB, one after another. glibc
    /// maps each such buffer fresh from the kernel and unmaps it on free, so comparing 330 frames at
    /// @3x spent most of its time in page faults. A program (the CLI, at start) calls this to have
    /// freed buffers up to 256 MB kept and reused instead; it changes malloc for the whole process.
    public static func keepLargeBuffers() { rf_keep_large_buffers() }

    public static func decode(data: [UInt8], name: String, pixelLimit: Int = defaultPixelLimit) throws -> Pixmap {
        if data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            if let problem = pngStructureProblem(data) { throw ImageError.corrupt(path: name, format: "PNG", reason: problem) }
            // The size from IHDR (first, and within PNG's limits: checked above), refused before any
            // decoder allocates.
            guard let (width, height) = size(of: data) else { throw ImageError.corrupt(path: name, format: "PNG", reason: "IHDR is unreadable") }
            if width * height > pixelLimit {
                throw ImageError.tooLarge(path: name, width: width, height: height, limit: pixelLimit)
            }
            // At the peak of decoding: for 8-bit files the filtered rows, the straight pixels and the
            // premultiplied copy; for 16-bit files the samples as stored (8 bytes a pixel) too.
            try reserve(
                decodedBytes(width: width, height: height).multipliedReportingOverflow(by: pngBitDepth(data) == 16 ? 4 : 3).partialValue, for: name)
            if let fast = FastPNGDecoder.decode(data, pixelLimit: pixelLimit) { return fast }
            return try decodePNG(data, name: name, pixelLimit: pixelLimit)
        }
        if data.starts(with: [0xFF, 0xD8, 0xFF]) {
            return try decodeJPEG(data, name: name, pixelLimit: pixelLimit)
        }
        throw ImageError.unknownFormat(path: name)
    }

    /// libpng's reason for refusing a file, in plain words: what is damaged, never libpng's text.
    static func pngReason(_ message: String) -> String {
        // libpng names the chunk it was reading first: "IDAT: CRC error".
        let chunk = message.count > 6 && message.dropFirst(4).hasPrefix(": ") ? String(message.prefix(4)) : nil
        let at = chunk.map { " (in its \($0) chunk)" } ?? ""
        let text = (chunk.map { _ in String(message.dropFirst(6)) } ?? message).lowercased()
        func has(_ words: String...) -> Bool { words.contains { text.contains($0) } }
        if has("crc") { return "a chunk's checksum (CRC) does not match its data\(at): the file is damaged" }
        if has("not enough image data", "cut short", "read error", "unexpected end", "truncated") {
            return "its image data ends before the image is complete: the file was cut short"
        }
        if has("too much image data", "extra compressed data") { return "it holds more image data than its size needs\(at)" }
        if has("filter") { return "a row names a filter PNG does not have: the image data is damaged" }
        if has("memory") { return "not enough memory to decode it" }
        if has("palette", "plte", "trns", "transparency") { return "its palette or transparency is invalid\(at)" }
        if has("out of place", "missing", "duplicate", "before", "after") { return "its chunks are missing or out of order\(at)" }
        if has("ihdr", "width", "height", "depth", "color type", "interlace") { return "its header (IHDR) is invalid" }
        if has("invalid", "incorrect", "distance", "zlib", "inflate", "stream", "code", "block") {
            return "its compressed image data is damaged\(at)"
        }
        return "its data is damaged\(at), and libpng cannot read it"
    }

    /// libjpeg's reason for refusing a file, in plain words, never libjpeg's text.
    static func jpegReason(_ message: String) -> String {
        let text = message.lowercased()
        func has(_ words: String...) -> Bool { words.contains { text.contains($0) } }
        if has("no image") { return "it holds no image data (the file ends after its headers)" }
        if has("premature end", "end of file", "eoi") { return "its data ends before the image is complete: the file was cut short" }
        if has("cmyk", "color space", "colorspace", "unsupported", "arithmetic", "lossless", "12-bit", "precision") {
            return "it is a kind of JPEG this tool does not read (CMYK, 12-bit, lossless or arithmetic-coded); save it as an ordinary RGB JPEG"
        }
        if has("memory") { return "not enough memory to decode it" }
        if has("not a jpeg", "soi") { return "it does not start like a JPEG" }
        if has("huffman", "marker", "corrupt", "bogus", "invalid", "sampling", "quantization", "scan") {
            return "its compressed data is damaged"
        }
        return "its data is damaged, and libjpeg cannot read it"
    }

    /// IHDR's bit depth (the structure check has read IHDR).
    static func pngBitDepth(_ data: [UInt8]) -> UInt8 { data[24] }

    /// What is wrong with a PNG's chunk structure, in words, or nil: the chunk walk's problems
    /// (`PNGChunks.walk`), and IHDR must come first with a size PNG allows. CRCs, filters and the
    /// compressed data are checked while decoding.
    static func pngStructureProblem(_ data: [UInt8]) -> String? {
        switch PNGChunks.walk(data) {
        case .failure(let problem): return problem.description
        case .success(let chunks):
            let first = chunks[0]
            guard first.code == PNGChunks.Chunk.code("IHDR"), first.body.count == 13 else {
                return "the first chunk is \(first.type), not a 13-byte IHDR"
            }
            let o = first.body.lowerBound
            let width = PNGChunks.readUInt32(data, o), height = PNGChunks.readUInt32(data, o + 4)
            if width == 0 || height == 0 { return "IHDR gives a size of \(width)x\(height); a PNG is at least 1x1" }
            if width > 0x7FFF_FFFF || height > 0x7FFF_FFFF { return "IHDR gives a size of \(width)x\(height), beyond PNG's 2^31-1 limit" }
            // Each IHDR field named, as the PNG specification allows them (both decoders then agree).
            let depth = data[o + 8], color = data[o + 9]
            let depths: [UInt8: [UInt8]] = [0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16]]
            guard let allowed = depths[color] else {
                return "IHDR gives color type \(color); PNG has 0 (grey), 2 (RGB), 3 (palette), 4 (grey + alpha) and 6 (RGBA)"
            }
            if !allowed.contains(depth) {
                return "IHDR gives bit depth \(depth) for color type \(color), which allows \(allowed.map(String.init).joined(separator: ", "))"
            }
            if data[o + 10] != 0 { return "IHDR gives compression method \(data[o + 10]); PNG has only 0 (deflate)" }
            if data[o + 11] != 0 { return "IHDR gives filter method \(data[o + 11]); PNG has only 0" }
            if data[o + 12] > 1 { return "IHDR gives interlace method \(data[o + 12]); PNG has 0 (none) and 1 (Adam7)" }
            let known: Set<UInt32> = [
                PNGChunks.Chunk.code("IHDR"), PNGChunks.Chunk.code("PLTE"), PNGChunks.Chunk.code("IDAT"), PNGChunks.Chunk.code("IEND"),
            ]
            let idat = PNGChunks.Chunk.code("IDAT")
            var idatSeen = false, idatEnded: PNGChunks.Chunk?
            for c in chunks.dropFirst() {
                // Critical chunks have an upper-case first letter; a decoder must refuse one it does not know.
                if c.code >> 29 & 1 == 0, !known.contains(c.code) {
                    return "chunk \(c.type) at byte \(c.offset) is marked critical (upper-case first letter) and is not a PNG chunk"
                }
                if c.code == idat {
                    if let between = idatEnded {
                        return "its IDAT chunks are not consecutive (\(between.type) at byte \(between.offset) comes between them)"
                    }
                    idatSeen = true
                } else if idatSeen, idatEnded == nil {
                    idatEnded = c
                }
            }
            if !idatSeen { return "it has no IDAT chunk, so no image data" }
            return nil
        }
    }

    static func decodePNG(_ data: [UInt8], name: String, pixelLimit: Int) throws -> Pixmap {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        func message(_ image: inout png_image) -> String {
            withUnsafeBytes(of: &image.message) { String(messageBuffer: $0.map { CChar(bitPattern: $0) }) }
        }
        let begun = data.withUnsafeBytes { raw in
            png_image_begin_read_from_memory(&image, raw.baseAddress, raw.count)
        }
        guard begun != 0 else {
            let m = message(&image)
            png_image_free(&image)
            throw ImageError.corrupt(path: name, format: "PNG", reason: pngReason(m))
        }
        let width = Int(image.width), height = Int(image.height)
        guard width > 0, height > 0 else {
            png_image_free(&image)
            throw ImageError.corrupt(path: name, format: "PNG", reason: "zero width or height")
        }
        guard width * height <= pixelLimit else {
            png_image_free(&image)
            throw ImageError.tooLarge(path: name, width: width, height: height, limit: pixelLimit)
        }
        if pngBitDepth(data) == 16 {
            png_image_free(&image)
            return try decodePNG16(data, name: name, width: width, height: height)
        }
        // PNG_FORMAT_RGBA is PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA (a macro Swift cannot import).
        image.format = 0x03
        var straight = [UInt8](repeating: 0, count: width * height * 4)
        let finished = straight.withUnsafeMutableBytes { out in
            png_image_finish_read(&image, nil, out.baseAddress, Int32(width * 4), nil)
        }
        guard finished != 0 else {
            let m = message(&image)
            png_image_free(&image)
            throw ImageError.corrupt(path: name, format: "PNG", reason: pngReason(m))
        }
        png_image_free(&image)
        return Pixmap(width: width, height: height, straightBytes: straight)
    }

    /// A 16-bit PNG: its samples as stored (libpng's classic API, which interlaces correctly), then
    /// to 8 bits here. The simplified API's 16-to-8-bit conversion is not used: in Debian's libpng
    /// 1.6.39 it turns every other row of an interlaced file with a gAMA chunk to garbage.
    ///
    /// Samples are for display unless a gAMA chunk says otherwise, as for 8-bit files: a file
    /// with an sRGB or iCCP chunk, no gAMA, or a gAMA within 5% of 1/2.2 (libpng's threshold) is
    /// scaled, v * 255 / 65535 rounded; any other gamma g is shown through a 2.2 display,
    /// 255 * (v / 65535)^(1 / (2.2 g)). Alpha is always scaled. The straight result is
    /// premultiplied as every 8-bit file's is.
    static func decodePNG16(_ data: [UInt8], name: String, width: Int, height: Int) throws -> Pixmap {
        var wide = [UInt16](repeating: 0, count: width * height * 4)
        var error = [CChar](repeating: 0, count: 256)
        var gamma: Int32 = 0, srgb: Int32 = 0
        let status = data.withUnsafeBufferPointer { src in
            wide.withUnsafeMutableBufferPointer { out in
                rf_png_decode16(
                    src.baseAddress, src.count, out.baseAddress, Int32(width), Int32(height),
                    &gamma, &srgb, &error, error.count)
            }
        }
        guard status == 0 else {
            throw ImageError.corrupt(path: name, format: "PNG", reason: pngReason(String(messageBuffer: error)))
        }
        let exponent = 100_000 / (2.2 * Double(gamma)) // 1 / (2.2 g)
        let scaled = (0...65535).map { UInt8((UInt32($0) * 255 + 32767) / 65535) }
        let color =
            srgb != 0 || gamma <= 0 || abs(exponent - 1) <= 0.05
            ? scaled
            : (0...65535).map { UInt8((255 * pow(Double($0) / 65535, exponent)).rounded()) }
        let straight = [UInt8](unsafeUninitializedCapacity: wide.count) { out, count in
            for i in stride(from: 0, to: wide.count, by: 4) {
                out[i] = color[Int(wide[i])]; out[i + 1] = color[Int(wide[i + 1])]; out[i + 2] = color[Int(wide[i + 2])]
                out[i + 3] = scaled[Int(wide[i + 3])]
            }
            count = wide.count
        }
        wide = [] // the samples go before the premultiplied copy is made
        return Pixmap(width: width, height: height, straightBytes: straight)
    }

    static func decodeJPEG(_ original: [UInt8], name: String, pixelLimit: Int) throws -> Pixmap {
        // A file whose pixels are all there but which lacks its final EOI marker decodes (libjpeg
        // would warn at the end and we would refuse it): give it the marker. A file cut inside its
        // image data then stops at that marker, which is still refused.
        let endless = !(original.count >= 2 && original[original.count - 2] == 0xFF && original[original.count - 1] == 0xD9)
        let data = endless ? original + [0xFF, 0xD9] : original
        return try decodeJPEGData(data, name: name, pixelLimit: pixelLimit, endsAt: endless ? original.count : nil)
    }

    /// `endsAt`: the file's own length when an EOI marker was added to it.
    static func decodeJPEGData(_ data: [UInt8], name: String, pixelLimit: Int, endsAt: Int?) throws -> Pixmap {
        var width: Int32 = 0, height: Int32 = 0, components: Int32 = 0
        var error = [CChar](repeating: 0, count: 256)
        let infoStatus = data.withUnsafeBufferPointer { d in
            rf_jpeg_info(d.baseAddress, d.count, &width, &height, &components, &error, error.count)
        }
        guard infoStatus == 0 else {
            throw ImageError.corrupt(path: name, format: "JPEG", reason: jpegReason(String(messageBuffer: error)))
        }
        guard width > 0, height > 0 else {
            throw ImageError.corrupt(path: name, format: "JPEG", reason: "zero width or height")
        }
        guard Int(width) * Int(height) <= pixelLimit else {
            throw ImageError.tooLarge(path: name, width: Int(width), height: Int(height), limit: pixelLimit)
        }
        try reserve(decodedBytes(width: Int(width), height: Int(height)).multipliedReportingOverflow(by: 2).partialValue, for: name)
        var rgba = [UInt8](repeating: 0, count: Int(width) * Int(height) * 4)
        let status = data.withUnsafeBufferPointer { d in
            rgba.withUnsafeMutableBufferPointer { out in
                rf_jpeg_decode_rgba(d.baseAddress, d.count, out.baseAddress, width, height, &error, error.count)
            }
        }
        let cutShort = "its data ends after \(endsAt ?? data.count) bytes, before the image is complete: the file was cut short"
        switch status {
        case 0: return Pixmap(width: Int(width), height: Int(height), premultipliedBytes: rgba)
        case Int32(RF_JPEG_DATA_ENDS): throw ImageError.corrupt(path: name, format: "JPEG", reason: cutShort)
        case Int32(RF_JPEG_MARKER_INTERRUPTS):
            // The marker was the EOI we added: the file itself ended there.
            throw ImageError.corrupt(
                path: name, format: "JPEG",
                reason: endsAt != nil
                    ? cutShort
                    : "a marker interrupts its image data (a part of the file is missing or damaged), so some rows would be grey")
        default: throw ImageError.corrupt(path: name, format: "JPEG", reason: jpegReason(String(messageBuffer: error)))
        }
    }
}

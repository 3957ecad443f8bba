internal import CDeflate

/// PNG's chunk format, read and written in one place for the whole package: the encoder, both
/// decoders' structure checks, and the APNG writer and reader use it.
///
/// A chunk is a 4-byte big-endian length, a 4-letter type, the body, and a CRC-32 over type and body.
public enum PNGChunks {
    /// The 8-byte PNG signature.
    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// One chunk of a file: its type and where its body lies in the file's bytes.
    public struct Chunk: Sendable, Equatable {
        /// The four type letters, as ASCII bytes packed big-endian (`IHDR` is 0x49484452).
        public let code: UInt32
        /// Offset of the chunk's length field.
        public let offset: Int
        /// The body's bytes: `data[body]`.
        public let body: Range<Int>
        public var type: String {
            String(
                decoding: [UInt8(code >> 24), UInt8((code >> 16) & 0xFF), UInt8((code >> 8) & 0xFF), UInt8(code & 0xFF)],
                as: UTF8.self)
        }
        public static func code(_ type: StaticString) -> UInt32 {
            type.withUTF8Buffer { b in UInt32(b[0]) << 24 | UInt32(b[1]) << 16 | UInt32(b[2]) << 8 | UInt32(b[3]) }
        }
    }

    /// The chunks of `data` up to and including IEND, or the first structural problem in words:
    /// chunks must fit the file, have four-letter types, and IEND must end it (bytes after IEND are
    /// ignored, as every decoder does). With `checkCRC`, a chunk whose CRC does not match is a problem too.
    public static func walk(_ data: [UInt8], checkCRC: Bool = false) -> Result<[Chunk], Problem> {
        guard data.count >= 8, data.starts(with: signature) else { return .failure(Problem("the file does not start with PNG's signature")) }
        var chunks: [Chunk] = []
        var offset = 8
        while true {
            guard offset + 8 <= data.count else {
                return .failure(Problem("the file ends after \(data.count) bytes, before its IEND chunk: it was cut short"))
            }
            let length = Int(readUInt32(data, offset))
            let typeBytes = data[(offset + 4)..<(offset + 8)]
            guard typeBytes.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) else {
                return .failure(
                    Problem("the bytes at \(offset) are not a chunk (its type is not four letters): the chunk before has a corrupt length"))
            }
            let chunk = Chunk(code: readUInt32(data, offset + 4), offset: offset, body: (offset + 8)..<(offset + 8 + min(length, data.count)))
            let available = data.count - offset - 12
            guard length <= available else {
                return .failure(
                    Problem(
                        available < 0 || length < 0x1000_0000
                            ? "chunk \(chunk.type) at byte \(offset) needs \(length) bytes and its CRC, but the file ends \(max(0, available)) bytes on: it was cut short"
                            : "chunk \(chunk.type) at byte \(offset) claims \(length) bytes, more than the whole file: its length is corrupt"))
            }
            if checkCRC, crc(data, from: offset + 4, count: length + 4) != readUInt32(data, offset + 8 + length) {
                return .failure(Problem("chunk \(chunk.type) at byte \(offset) has a wrong CRC: the file is corrupt"))
            }
            chunks.append(chunk)
            if chunk.code == Chunk.code("IEND") { return .success(chunks) }
            offset += 12 + length
        }
    }

    /// A structural problem, in words.
    public struct Problem: Error, Sendable, CustomStringConvertible {
        public let description: String
        public init(_ description: String) { self.description = description }
    }

    /// Appends one chunk (length, type, body, CRC) to `png`.
    public static func append<C: Collection>(_ type: StaticString, _ body: C, to png: inout [UInt8]) where C.Element == UInt8 {
        png.appendBigEndian(UInt32(body.count))
        let start = png.count
        type.withUTF8Buffer { png += $0 }
        png += body
        png.appendBigEndian(crc(png, from: start, count: png.count - start))
    }

    /// The 13-byte IHDR body: size, 8-bit samples, RGB (2) or RGBA (6), not interlaced.
    public static func headerBody(width: Int, height: Int, alpha: Bool) -> [UInt8] {
        var ihdr = [UInt8]()
        ihdr.appendBigEndian(UInt32(width)); ihdr.appendBigEndian(UInt32(height))
        ihdr += [8, alpha ? 6 : 2, 0, 0, 0]
        return ihdr
    }

    public static func readUInt32(_ data: [UInt8], _ o: Int) -> UInt32 {
        UInt32(data[o]) << 24 | UInt32(data[o + 1]) << 16 | UInt32(data[o + 2]) << 8 | UInt32(data[o + 3])
    }

    public static func readUInt16(_ data: [UInt8], _ o: Int) -> UInt16 { UInt16(data[o]) << 8 | UInt16(data[o + 1]) }

    /// CRC-32 (PNG's, zlib's) of `count` bytes of `data` from `start`.
    public static func crc(_ data: [UInt8], from start: Int, count: Int) -> UInt32 {
        data.withUnsafeBufferPointer { p in libdeflate_crc32(0, p.baseAddress! + start, count) }
    }
}

extension Array where Element == UInt8 {
    public mutating func appendBigEndian(_ v: UInt32) {
        append(UInt8(v >> 24)); append(UInt8((v >> 16) & 0xFF)); append(UInt8((v >> 8) & 0xFF)); append(UInt8(v & 0xFF))
    }
    public mutating func appendBigEndian(_ v: UInt16) {
        append(UInt8(v >> 8)); append(UInt8(v & 0xFF))
    }
}

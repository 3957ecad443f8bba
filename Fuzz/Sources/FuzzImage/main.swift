import FuzzDriver
import Raster
import zlibShim

/// Mutated PNGs almost always fail their CRCs and stop there; recomputing every chunk's CRC lets
/// the mutations reach the inflating, unfiltering and color conversion behind it. Every other
/// input (and every PNG whose chunks do not fit) is left as it is.
func withFixedCRCs(_ bytes: [UInt8]) -> [UInt8] {
    guard bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { return bytes }
    var out = bytes
    var offset = 8
    while offset + 12 <= out.count {
        let length = Int(out[offset]) << 24 | Int(out[offset + 1]) << 16 | Int(out[offset + 2]) << 8 | Int(out[offset + 3])
        guard length <= out.count - offset - 12 else { break }
        let crc = out.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress! + offset + 4, UInt32(length + 4))) }
        let at = offset + 8 + length
        out[at] = UInt8(crc >> 24); out[at + 1] = UInt8(crc >> 16 & 0xFF); out[at + 2] = UInt8(crc >> 8 & 0xFF); out[at + 3] = UInt8(crc & 0xFF)
        offset = at + 4
    }
    return out
}

/// One input: the bytes of an image file, decoded as they are and with fixed CRCs. Decoding must
/// either give a pixmap of the right size or throw an `ImageError`; a pixel limit of 4 Mpx keeps
/// each run small.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = size == 0 ? [] : [UInt8](UnsafeBufferPointer(start: data, count: size))
    for input in [bytes, withFixedCRCs(bytes)] {
        if let image = try? ImageDecoder.decode(data: input, name: "fuzz", pixelLimit: 4 * 1024 * 1024) {
            precondition(image.bytes.count == image.width * image.height * 4, "pixmap size does not match its bytes")
        }
    }
    return 0
}

exit(runFuzzer(fuzzOne))

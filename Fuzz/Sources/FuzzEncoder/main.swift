import FuzzDriver
@testable import Raster

/// One input: an image and the encoder settings to write it with, both taken from the bytes.
///
/// Bytes 0-1 give the width (1-256), 2-3 the height (1-256), 4 the filter, 5 the coder, 6 the
/// libdeflate level (0-12), 7 how alpha is used (opaque, as given, or every 7th pixel clear);
/// the rest are straight RGBA pixels, repeated to fill the image (zeros when there are none).
/// The file is decoded by the libdeflate fast path and by libpng (zlib): both must give back the
/// premultiplied pixels exactly, and a second encode with a new encoder the same bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    guard bytes.count >= 8 else { return 0 }
    let width = (Int(bytes[0]) << 8 | Int(bytes[1])) % 256 + 1
    let height = (Int(bytes[2]) << 8 | Int(bytes[3])) % 256 + 1
    let filters = PNGEncoder.Filter.allCases
    let options = PNGEncoder.Options(
        filter: filters[Int(bytes[4]) % filters.count], level: Int(bytes[6]) % 13,
        coder: bytes[5] & 1 == 0 ? .rows : .libdeflate)
    let content = Array(bytes[8...])
    var straight = [UInt8](repeating: 0, count: width * height * 4)
    if !content.isEmpty {
        for i in 0..<straight.count { straight[i] = content[i % content.count] }
    }
    for p in 0..<width * height {
        switch bytes[7] % 3 {
        case 0: straight[4 * p + 3] = 255
        case 1: break
        default: if p % 7 == 0 { straight[4 * p + 3] = 0 }
        }
    }
    let image = Pixmap(width: width, height: height, straightBytes: straight)
    let png = PNGEncoder(options: options).encode(image)
    guard let fast = FastPNGDecoder.decode(png, pixelLimit: 1 << 20) else {
        fatalError("libdeflate fast path refused our own file (\(width)x\(height), \(options))")
    }
    precondition(fast == image, "libdeflate fast path decoded other pixels (\(width)x\(height), \(options))")
    do {
        let viaLibpng = try ImageDecoder.decodePNG(png, name: "fuzz.png", pixelLimit: 1 << 20)
        precondition(viaLibpng == image, "libpng decoded other pixels (\(width)x\(height), \(options))")
    } catch {
        fatalError("libpng refused our own file (\(width)x\(height), \(options)): \(error)")
    }
    precondition(PNGEncoder(options: options).encode(image) == png, "a second encode gave other bytes (\(options))")
    return 0
}

exit(runFuzzer(fuzzOne))

internal import CImageIO
import Foundation

extension ImageDecoder {
    /// The PNG file at `path`, `sourceWidth` x `sourceHeight`, decoded and reduced to `width` x
    /// `height` in one pass: each row as it is unfiltered feeds an area average on premultiplied
    /// pixels (`rf_png_decode_reduced`; each output pixel the mean of the source area it covers).
    /// The plain RGB and RGBA files this tool writes are inflated whole by libdeflate (their
    /// filtered bytes, 4 bytes a pixel, are the memory it takes); any other is read row by row by
    /// libpng, as all are with `libpngOnly` (for tests). Nil when the file is not
    /// one this path reads (16-bit, interlaced, gamma or colour chunks, another size), is larger
    /// than `pixelLimit`, or cannot be read: `decode(fileAt:)` reads every kind and says what is wrong.
    public static func decodeReduced(
        fileAt path: String, sourceWidth: Int, sourceHeight: Int, width: Int, height: Int, pixelLimit: Int = defaultPixelLimit,
        libpngOnly: Bool = false
    ) -> Pixmap? {
        guard width > 0, height > 0, width <= sourceWidth, height <= sourceHeight, sourceWidth <= pixelLimit,
            sourceHeight <= pixelLimit / sourceWidth, let data = FileManager.default.contents(atPath: path)
        else { return nil }
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        var error = [CChar](repeating: 0, count: 256)
        let status = data.withUnsafeBytes { source in
            pixels.withUnsafeMutableBufferPointer { out in
                rf_png_decode_reduced(
                    source.baseAddress?.assumingMemoryBound(to: UInt8.self), source.count, Int32(sourceWidth), Int32(sourceHeight),
                    Int32(width), Int32(height), libpngOnly ? 1 : 0, out.baseAddress, &error, error.count)
            }
        }
        return status == 0 ? Pixmap(width: width, height: height, premultipliedBytes: pixels) : nil
    }
}

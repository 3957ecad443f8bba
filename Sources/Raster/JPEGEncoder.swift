internal import CImageIO

/// Baseline JPEG with libjpeg-turbo, for pictures that are looked at rather than compared: the HTML
/// report's thumbnails and scaled frames, where a PNG of a photo header would be ten times larger.
public enum JPEGEncoder {
    /// The image over `background` (JPEG has no alpha), at `quality` 1-100. Throws `ImageError.encoding`.
    public static func encode(_ image: Pixmap, quality: Int = 82, background: Color = .white) throws -> [UInt8] {
        precondition(image.width > 0 && image.height > 0, "an image to encode has pixels")
        let q = min(100, max(1, quality))
        // Premultiplied color over an opaque background: c + bg * (1 - a).
        let bg = [Int(background.r), Int(background.g), Int(background.b)]
        let count = image.width * image.height
        let rgb = [UInt8](unsafeUninitializedCapacity: count * 3) { out, initialised in
            image.bytes.withUnsafeBufferPointer { p in
                for i in 0..<count {
                    let a = 255 - Int(p[4 * i + 3])
                    for c in 0..<3 { out[3 * i + c] = UInt8(min(255, Int(p[4 * i + c]) + (bg[c] * a + 127) / 255)) }
                }
            }
            initialised = count * 3
        }
        var output: UnsafeMutablePointer<UInt8>?
        var size = 0
        var error = [CChar](repeating: 0, count: 256)
        let status = rgb.withUnsafeBufferPointer { p in
            rf_jpeg_encode_rgb(p.baseAddress, Int32(image.width), Int32(image.height), Int32(q), &output, &size, &error, error.count)
        }
        guard status == 0, let output else {
            throw ImageError.encoding(format: "JPEG", reason: String(messageBuffer: error))
        }
        defer { rf_free(output) }
        return Array(UnsafeBufferPointer(start: output, count: size))
    }
}

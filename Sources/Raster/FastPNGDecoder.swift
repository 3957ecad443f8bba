import Foundation
internal import CDeflate

/// A fast path for the PNGs this tool writes: 8-bit RGB or RGBA, not interlaced, no color chunks.
/// It inflates with libdeflate (several times faster than zlib) and unfilters rows itself. Any other
/// PNG, or one it cannot read, returns nil and goes to libpng, which reads everything.
enum FastPNGDecoder {
    static func decode(_ data: [UInt8], pixelLimit: Int) -> Pixmap? {
        // Every chunk's CRC is checked; a file that fails (cut short, a bad CRC) goes to libpng, which reports it.
        guard case .success(let chunks) = PNGChunks.walk(data, checkCRC: true) else { return nil }
        var width = 0, height = 0, channels = 0
        var idat: [UInt8] = []
        var idatEnded = false
        func u32(_ o: Int) -> Int { Int(PNGChunks.readUInt32(data, o)) }
        for chunk in chunks {
            let body = chunk.body.lowerBound
            switch chunk.code {
            case PNGChunks.Chunk.code("IHDR"): // once (a second one goes to libpng, which refuses it)
                guard chunk.body.count == 13, channels == 0 else { return nil }
                width = u32(body); height = u32(body + 4)
                let depth = data[body + 8], color = data[body + 9], interlace = data[body + 12]
                // Each side is at most 2^32 - 1 here, so compare without multiplying two of them.
                guard depth == 8, interlace == 0, color == 2 || color == 6, data[body + 10] == 0, data[body + 11] == 0, width > 0, height > 0,
                    width <= pixelLimit, height <= pixelLimit / width
                else { return nil }
                channels = color == 2 ? 3 : 4
            case PNGChunks.Chunk.code("IDAT"):
                // IDAT chunks must be consecutive: one after another chunk goes to the structure check.
                if idatEnded { return nil }
                idat.append(contentsOf: data[chunk.body])
                continue
            case PNGChunks.Chunk.code("gAMA"), PNGChunks.Chunk.code("sRGB"), PNGChunks.Chunk.code("iCCP"),
                PNGChunks.Chunk.code("cHRM"), PNGChunks.Chunk.code("tRNS"), PNGChunks.Chunk.code("PLTE"):
                return nil // gamma, color profile, transparency or palette: libpng's job
            case PNGChunks.Chunk.code("IEND"):
                break
            default:
                // An unknown critical chunk (upper-case first letter) must be refused, as libpng does.
                if chunk.code >> 29 & 1 == 0 { return nil }
            }
            if !idat.isEmpty { idatEnded = true }
        }
        guard channels > 0, !idat.isEmpty else { return nil }
        let stride = width * channels
        var raw = [UInt8](repeating: 0, count: (stride + 1) * height)
        let decompressor = libdeflate_alloc_decompressor()
        defer { libdeflate_free_decompressor(decompressor) }
        var produced = 0
        let status = idat.withUnsafeBytes { src in
            raw.withUnsafeMutableBytes { dst in
                libdeflate_zlib_decompress(decompressor, src.baseAddress, src.count, dst.baseAddress, dst.count, &produced)
            }
        }
        guard status == LIBDEFLATE_SUCCESS, produced == raw.count else { return nil }
        // Unfilter in place, row by row (each row's filter byte first).
        let ok = raw.withUnsafeMutableBufferPointer { buf -> Bool in
            let base = buf.baseAddress!
            for y in 0..<height {
                let row = base + y * (stride + 1) + 1
                let prev: UnsafeMutablePointer<UInt8>? = y > 0 ? base + (y - 1) * (stride + 1) + 1 : nil
                let bpp = channels
                switch row[-1] {
                case 0: break
                case 1: for i in bpp..<stride { row[i] = row[i] &+ row[i - bpp] }
                case 2: if let prev { for i in 0..<stride { row[i] = row[i] &+ prev[i] } }
                case 3:
                    for i in 0..<stride {
                        let a = i >= bpp ? Int(row[i - bpp]) : 0, b = prev.map { Int($0[i]) } ?? 0
                        row[i] = row[i] &+ UInt8((a + b) / 2)
                    }
                case 4:
                    for i in 0..<stride {
                        let a = i >= bpp ? Int(row[i - bpp]) : 0, b = prev.map { Int($0[i]) } ?? 0
                        let c = (i >= bpp ? prev.map { Int($0[i - bpp]) } : nil) ?? 0
                        row[i] = row[i] &+ UInt8(PNGEncoder.paethPredictor(a, b, c))
                    }
                default: return false
                }
            }
            return true
        }
        guard ok else { return nil }
        let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { out, count in
            raw.withUnsafeBufferPointer { src in
                for y in 0..<height {
                    let row = src.baseAddress! + y * (stride + 1) + 1
                    let o = out.baseAddress! + y * width * 4
                    if channels == 3 {
                        for x in 0..<width {
                            o[4 * x] = row[3 * x]; o[4 * x + 1] = row[3 * x + 1]; o[4 * x + 2] = row[3 * x + 2]; o[4 * x + 3] = 255
                        }
                    } else {
                        o.update(from: row, count: width * 4)
                    }
                }
            }
            count = width * height * 4
        }
        return channels == 3
            ? Pixmap(width: width, height: height, premultipliedBytes: pixels)
            : Pixmap(width: width, height: height, straightBytes: pixels)
    }
}

import Foundation
internal import CFreeType

public enum FontError: Error, CustomStringConvertible {
    case unreadable(path: String)
    case invalid(name: String, code: Int32)

    public var description: String {
        switch self {
        case .unreadable(let path):
            return "\(path): cannot read the font file; check the path (the bundled Inter fonts ship in the package's resources)"
        case .invalid(let name, let code):
            return "\(name): FreeType cannot open this font (error \(code)); use an OpenType or TrueType file"
        }
    }
}

/// An OpenType font's metrics, character map, advances and kerning, read once at load.
///
/// A `Font` is immutable after `init` and safe to share between threads; each thread draws with
/// its own `GlyphRasterizer`. Layout is done in font units and scaled to points, so the same text
/// lands at the same positions at every output scale.
// @unchecked: `storage` is a raw buffer (not Sendable) that is written once in `init` and only
// read afterwards, by FreeType faces each thread makes for itself; every other property is a let.
public final class Font: @unchecked Sendable {
    public let name: String
    /// The font file's bytes, owned by this object (FreeType faces made from them borrow them).
    let storage: UnsafeMutableRawBufferPointer
    public let unitsPerEm: Int
    /// Distances above and below the baseline, in font units (hhea, descender positive here).
    public let ascender: Int
    public let descender: Int
    private let cmap: [UInt32: UInt16]
    private let advances: [Int32]
    private let kerning: GPOSKerning?

    public convenience init(path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else { throw FontError.unreadable(path: path) }
        try self.init(data: [UInt8](data), name: (path as NSString).lastPathComponent)
    }

    public init(data: [UInt8], name: String) throws {
        self.name = name
        storage = UnsafeMutableRawBufferPointer.allocate(byteCount: data.count, alignment: 16)
        storage.copyBytes(from: data)
        var library: FT_Library?
        FT_Init_FreeType(&library)
        defer { FT_Done_FreeType(library) }
        var face: FT_Face?
        let status = FT_New_Memory_Face(library, storage.baseAddress!.assumingMemoryBound(to: UInt8.self),
                                        FT_Long(storage.count), 0, &face)
        guard status == 0, let face else {
            storage.deallocate()
            throw FontError.invalid(name: name, code: status)
        }
        defer { FT_Done_Face(face) }
        unitsPerEm = Int(face.pointee.units_per_EM)
        ascender = Int(face.pointee.ascender)
        descender = -Int(face.pointee.descender)
        var map: [UInt32: UInt16] = [:]
        var gindex: FT_UInt = 0
        var code = FT_Get_First_Char(face, &gindex)
        while gindex != 0 {
            map[UInt32(code)] = UInt16(gindex)
            code = FT_Get_Next_Char(face, code, &gindex)
        }
        cmap = map
        let glyphCount = Int(face.pointee.num_glyphs)
        var adv = [FT_Fixed](repeating: 0, count: glyphCount)
        FT_Get_Advances(face, 0, FT_UInt(glyphCount), Int32(FT_LOAD_NO_SCALE), &adv)
        advances = adv.map { Int32($0) }
        var length: FT_ULong = 0
        let gposTag = FT_ULong(0x4750_4F53) // 'GPOS'
        var table: [UInt8] = []
        if FT_Load_Sfnt_Table(face, gposTag, 0, nil, &length) == 0, length > 0 {
            table = [UInt8](repeating: 0, count: Int(length))
            FT_Load_Sfnt_Table(face, gposTag, 0, &table, &length)
        }
        kerning = GPOSKerning(gpos: table)
    }

    deinit { storage.deallocate() }

    /// The glyph for a character (0, the .notdef box, when the font has none).
    public func glyph(for scalar: Unicode.Scalar) -> UInt16 { cmap[scalar.value] ?? 0 }

    /// Horizontal advance of a glyph, in font units.
    public func advance(of glyph: UInt16) -> Int { Int(glyph) < advances.count ? Int(advances[Int(glyph)]) : 0 }

    /// Kerning between two glyphs, in font units (0 when the font has none for the pair).
    public func kerning(_ left: UInt16, _ right: UInt16) -> Int { kerning?.adjustment(left, right) ?? 0 }

    public var hasKerning: Bool { kerning != nil }

    /// Sets one line of text: glyphs and their pen positions in points from the line's start.
    /// `letterSpacing` (points) is added after every glyph but the last, as UIKit's kern attribute.
    public func layout(_ text: String, pointSize: Double, letterSpacing: Double = 0) -> TextLayout {
        let scale = pointSize / Double(unitsPerEm)
        var glyphs: [UInt16] = []
        var positions: [Double] = []
        var pen = 0.0
        var previous: UInt16?
        for scalar in text.unicodeScalars {
            if scalar.properties.generalCategory == .control { continue }
            let g = glyph(for: scalar)
            if let previous { pen += Double(kerning(previous, g)) * scale + letterSpacing }
            glyphs.append(g)
            positions.append(pen)
            pen += Double(advance(of: g)) * scale
            previous = g
        }
        return TextLayout(glyphs: glyphs, positions: positions, width: pen, pointSize: pointSize,
                          ascent: Double(ascender) * scale, descent: Double(descender) * scale)
    }
}

/// One line of set text, in points.
public struct TextLayout: Sendable, Equatable {
    public var glyphs: [UInt16]
    /// Pen x of each glyph, from the start of the line.
    public var positions: [Double]
    public var width: Double
    public var pointSize: Double
    public var ascent: Double
    public var descent: Double
}

/// Renders glyphs of one font to coverage masks with FreeType, caching them. Not thread-safe:
/// each worker owns one.
public final class GlyphRasterizer {
    public let font: Font
    private var library: FT_Library?
    private var face: FT_Face?
    private var currentSize: Int = -1
    private var cache: [GlyphKey: RenderedGlyph] = [:]

    struct GlyphKey: Hashable {
        let glyph: UInt16
        let size64: Int   // pixel size in 1/64 pixel
        let phaseX: UInt8 // sub-pixel offset in quarters
        let phaseY: UInt8
    }

    public struct RenderedGlyph {
        public let mask: AlphaMask
        /// Offset of the mask's top-left pixel from the pen position (y down).
        public let left: Int
        public let top: Int
    }

    /// Sub-pixel positions are rounded to quarters of a pixel.
    public static let subpixelSteps = 4

    public init(font: Font) {
        self.font = font
        FT_Init_FreeType(&library)
        FT_New_Memory_Face(library, font.storage.baseAddress!.assumingMemoryBound(to: UInt8.self),
                           FT_Long(font.storage.count), 0, &face)
    }

    deinit {
        if let face { FT_Done_Face(face) }
        FT_Done_FreeType(library)
    }

    /// The coverage mask of `glyph` at `pixelSize` (pixels per em), shifted right and down by
    /// `phaseX`/`phaseY` quarters of a pixel. Outlines are not hinted, as on iOS.
    public func render(_ glyph: UInt16, pixelSize: Double, phaseX: Int, phaseY: Int) -> RenderedGlyph? {
        let size64 = Int((pixelSize * 64).rounded())
        guard size64 > 0, let face else { return nil }
        let key = GlyphKey(glyph: glyph, size64: size64, phaseX: UInt8(phaseX), phaseY: UInt8(phaseY))
        if let hit = cache[key] { return hit }
        if cache.count > 8192 { cache.removeAll(keepingCapacity: true) }
        if currentSize != size64 {
            FT_Set_Char_Size(face, 0, FT_F26Dot6(size64), 72, 72)
            currentSize = size64
        }
        let flags = Int32(FT_LOAD_NO_HINTING) | Int32(FT_LOAD_NO_BITMAP)
        guard FT_Load_Glyph(face, FT_UInt(glyph), flags) == 0 else { return nil }
        let slot = face.pointee.glyph!
        let step = 64 / GlyphRasterizer.subpixelSteps
        FT_Outline_Translate(&slot.pointee.outline, FT_Pos(phaseX * step), FT_Pos(-phaseY * step))
        guard FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0 else { return nil }
        let bitmap = slot.pointee.bitmap
        let w = Int(bitmap.width), h = Int(bitmap.rows), pitch = Int(bitmap.pitch)
        var bytes = [UInt8](repeating: 0, count: w * h)
        if w > 0, h > 0, let buffer = bitmap.buffer {
            for y in 0..<h {
                for x in 0..<w { bytes[y * w + x] = buffer[y * pitch + x] }
            }
        }
        let rendered = RenderedGlyph(mask: AlphaMask(width: w, height: h, bytes: bytes),
                                     left: Int(slot.pointee.bitmap_left), top: -Int(slot.pointee.bitmap_top))
        cache[key] = rendered
        return rendered
    }
}

extension Canvas {
    /// Draws a line of text whose start is at device x `originX` and whose baseline is at device
    /// y `baselineY`, at `pixelsPerPoint` (the output scale times any layer scale).
    public mutating func draw(_ layout: TextLayout, with rasterizer: GlyphRasterizer, originX: Double, baselineY: Double,
                              pixelsPerPoint: Double, color: Color, opacity: Double = 1) {
        let steps = Double(GlyphRasterizer.subpixelSteps)
        let pixelSize = layout.pointSize * pixelsPerPoint
        func split(_ v: Double) -> (Int, Int) {
            let q = (v * steps).rounded()
            let whole = (q / steps).rounded(.down)
            return (Int(whole), Int(q - whole * steps))
        }
        let (by, phaseY) = split(baselineY)
        for (glyph, position) in zip(layout.glyphs, layout.positions) {
            let (bx, phaseX) = split(originX + position * pixelsPerPoint)
            guard let g = rasterizer.render(glyph, pixelSize: pixelSize, phaseX: phaseX, phaseY: phaseY),
                  g.mask.width > 0 else { continue }
            fill(mask: g.mask, atX: bx + g.left, y: by + g.top, color: color, opacity: opacity)
        }
    }
}

import Foundation
internal import CFreeType
internal import CHarfBuzz

public enum FontError: Error, CustomStringConvertible, Equatable {
    case unreadable(path: String)
    case invalid(name: String, code: Int32)
    case noSuchFace(name: String, index: Int, count: Int)
    case tooLarge(name: String, bytes: Int)

    public var description: String {
        switch self {
        case .unreadable(let path):
            return "\(path): cannot read the font file; check the path"
        case .invalid(let name, _):
            return "\(name): not a font FreeType can open; use an OpenType (.otf), TrueType (.ttf) or collection (.ttc) file"
        case .noSuchFace(let name, let index, let count):
            return "\(name): has \(count) font(s), numbered 0 to \(count - 1); face \(index) is not one of them"
        case .tooLarge(let name, let bytes):
            return "\(name): is \(ByteSize.format(bytes)); fonts of up to \(ByteSize.format(Font.maximumFileBytes)) are read"
        }
    }
}

/// A value for one of a variable font's axes (`wght` 600, say).
public struct FontVariation: Sendable, Hashable {
    public var tag: String
    public var value: Double
    public init(tag: String, value: Double) { self.tag = tag; self.value = value }
}

/// One of a variable font's axes: its tag and range.
public struct FontAxis: Sendable, Equatable {
    public var tag: String
    public var minimum: Double
    public var defaultValue: Double
    public var maximum: Double
}

/// An OpenType font (one face of a file, at one instance of its variation axes): metrics and a
/// HarfBuzz font for shaping, read once at load.
///
/// A `Font` is immutable after `init` and safe to share between threads (HarfBuzz fonts are,
/// once made immutable); each thread draws with its own `GlyphRasterizer`. Layout is done in font
/// units and scaled to points, so the same text lands at the same positions at every output scale.
// @unchecked: `storage` is a raw buffer (not Sendable) that is written once in `init` and only
// read afterwards, by the HarfBuzz face and the FreeType faces each thread makes for itself.
public final class Font: @unchecked Sendable {
    /// The file's name (with `#index` for a face of a collection after the first).
    public let name: String
    /// The family and style names the font gives itself ("Inter", "Regular").
    public let familyName: String
    public let styleName: String
    public let faceIndex: Int
    public let variations: [FontVariation]
    public let axes: [FontAxis]
    /// The font file's bytes, owned by this object (the faces made from them borrow them).
    let storage: UnsafeMutableRawBufferPointer
    public let unitsPerEm: Int
    /// Distances above and below the baseline and the line gap, in font units (hhea, as UIFont's
    /// ascender, descender and leading; the descender is positive here).
    public let ascender: Int
    public let descender: Int
    public let lineGap: Int
    /// The underline's centre (negative below the baseline) and thickness, in font units (the post
    /// table, as FreeType reads it; a font without one gets a twentieth of an em, below by as much).
    public let underlinePosition: Int
    public let underlineThickness: Int
    /// The height of a lowercase x in font units (OS/2's sxHeight, else the x's outline).
    public let xHeight: Int
    /// The height of a capital H in font units (OS/2's sCapHeight, else the H's outline).
    public let capHeight: Int
    /// Color bitmap glyphs (CBDT or sbix, as emoji fonts have): drawn in their own colors.
    public let hasColorGlyphs: Bool
    /// The bitmap strikes' sizes in pixels per em, for a font whose glyphs are only bitmaps.
    let strikes: [Int]
    let hbFont: OpaquePointer

    /// Fonts larger than this are refused before they are read (Noto Sans CJK's collection is 19 MB).
    public static let maximumFileBytes = 64 << 20

    public convenience init(path: String, faceIndex: Int = 0, variations: [FontVariation] = []) throws {
        let name = (path as NSString).lastPathComponent
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            let size = (attributes[.size] as? NSNumber)?.intValue
        else { throw FontError.unreadable(path: path) }
        guard size <= Font.maximumFileBytes else { throw FontError.tooLarge(name: name, bytes: size) }
        guard let data = FileManager.default.contents(atPath: path) else { throw FontError.unreadable(path: path) }
        try self.init(data: [UInt8](data), name: name, faceIndex: faceIndex, variations: variations)
    }

    public init(data: [UInt8], name: String, faceIndex: Int = 0, variations: [FontVariation] = []) throws {
        self.name = faceIndex == 0 ? name : "\(name)#\(faceIndex)"
        self.faceIndex = faceIndex
        guard !data.isEmpty else { throw FontError.invalid(name: name, code: 0) }
        storage = UnsafeMutableRawBufferPointer.allocate(byteCount: data.count, alignment: 16)
        storage.copyBytes(from: data)
        var library: FT_Library?
        FT_Init_FreeType(&library)
        defer { FT_Done_FreeType(library) }
        var probe: FT_Face?
        let base = storage.baseAddress!.assumingMemoryBound(to: UInt8.self)
        guard FT_New_Memory_Face(library, base, FT_Long(storage.count), -1, &probe) == 0, let probe else {
            storage.deallocate()
            throw FontError.invalid(name: name, code: 0)
        }
        let faceCount = Int(probe.pointee.num_faces)
        FT_Done_Face(probe)
        guard faceIndex >= 0, faceIndex < faceCount else {
            storage.deallocate()
            throw FontError.noSuchFace(name: name, index: faceIndex, count: faceCount)
        }
        var face: FT_Face?
        let status = FT_New_Memory_Face(library, base, FT_Long(storage.count), FT_Long(faceIndex), &face)
        guard status == 0, let face else {
            storage.deallocate()
            throw FontError.invalid(name: name, code: status)
        }
        defer { FT_Done_Face(face) }
        familyName = face.pointee.family_name.map { String(cString: $0) } ?? ""
        styleName = face.pointee.style_name.map { String(cString: $0) } ?? ""
        let flags = face.pointee.face_flags
        hasColorGlyphs = flags & FT_Long(FT_FACE_FLAG_COLOR) != 0
        var strikes: [Int] = []
        if flags & FT_Long(FT_FACE_FLAG_SCALABLE) == 0 || face.pointee.units_per_EM == 0 {
            for i in 0..<Int(face.pointee.num_fixed_sizes) {
                strikes.append(Int(face.pointee.available_sizes[i].y_ppem / 64))
            }
        }
        self.strikes = strikes
        axes = Font.axes(of: face, library: library)
        self.variations = variations

        let blob = hb_blob_create(
            UnsafeRawPointer(storage.baseAddress!).assumingMemoryBound(to: CChar.self),
            UInt32(storage.count), HB_MEMORY_MODE_READONLY, nil, nil)
        let hbFace = hb_face_create(blob, UInt32(faceIndex))
        hb_blob_destroy(blob)
        let font = hb_font_create(hbFace)!
        if strikes.isEmpty {
            unitsPerEm = max(1, Int(face.pointee.units_per_EM))
            ascender = Int(face.pointee.ascender)
            descender = -Int(face.pointee.descender)
            lineGap = max(0, Int(face.pointee.height) - ascender - descender)
        } else {
            // A bitmap-only font: FreeType gives no units; HarfBuzz reads them from head and hhea.
            unitsPerEm = max(1, Int(hb_face_get_upem(hbFace)))
            var extents = hb_font_extents_t()
            hb_font_get_h_extents(font, &extents)
            ascender = Int(extents.ascender)
            descender = -Int(extents.descender)
            lineGap = max(0, Int(extents.line_gap))
        }
        hb_face_destroy(hbFace)
        let em = unitsPerEm
        let thickness = Int(face.pointee.underline_thickness)
        underlineThickness = thickness > 0 ? thickness : max(1, em / 20)
        underlinePosition = thickness > 0 ? Int(face.pointee.underline_position) : -max(1, em / 20)
        func height(_ tag: hb_ot_metrics_tag_t, letter: UInt32, otherwise: Int) -> Int {
            var v: hb_position_t = 0
            if hb_ot_metrics_get_position(font, tag, &v) != 0, v > 0 { return Int(v) }
            var extents = hb_glyph_extents_t()
            var g: hb_codepoint_t = 0
            if hb_font_get_nominal_glyph(font, letter, &g) != 0, hb_font_get_glyph_extents(font, g, &extents) != 0, extents.y_bearing > 0 {
                return Int(extents.y_bearing)
            }
            return otherwise
        }
        xHeight = height(HB_OT_METRICS_TAG_X_HEIGHT, letter: 0x78, otherwise: em / 2)
        capHeight = height(HB_OT_METRICS_TAG_CAP_HEIGHT, letter: 0x48, otherwise: em * 7 / 10)
        if !variations.isEmpty {
            let values = variations.map { v -> hb_variation_t in
                let t = Array(v.tag.utf8) + [32, 32, 32, 32]
                return hb_variation_t(tag: rf_hb_tag(CChar(t[0]), CChar(t[1]), CChar(t[2]), CChar(t[3])), value: Float(v.value))
            }
            hb_font_set_variations(font, values, UInt32(values.count))
        }
        hb_font_make_immutable(font)
        hbFont = font
    }

    deinit {
        hb_font_destroy(hbFont)
        storage.deallocate()
    }

    private static func axes(of face: FT_Face, library: FT_Library?) -> [FontAxis] {
        guard face.pointee.face_flags & FT_Long(FT_FACE_FLAG_MULTIPLE_MASTERS) != 0 else { return [] }
        var mm: UnsafeMutablePointer<FT_MM_Var>?
        guard FT_Get_MM_Var(face, &mm) == 0, let mm else { return [] }
        defer { FT_Done_MM_Var(library, mm) }
        return (0..<Int(mm.pointee.num_axis)).map { i in
            let a = mm.pointee.axis[i]
            let tag = UInt32(a.tag)
            let chars = [24, 16, 8, 0].map { Character(Unicode.Scalar(UInt8((tag >> UInt32($0)) & 0xFF))) }
            return FontAxis(
                tag: String(chars), minimum: Double(a.minimum) / 65536, defaultValue: Double(a.def) / 65536,
                maximum: Double(a.maximum) / 65536)
        }
    }

    /// The glyph for a character, or nil when the font has none.
    public func glyph(for scalar: Unicode.Scalar) -> UInt32? {
        var g: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(hbFont, scalar.value, &g) != 0 ? g : nil
    }

    /// Horizontal advance of a glyph, in font units.
    public func advance(of glyph: UInt32) -> Int { Int(hb_font_get_glyph_h_advance(hbFont, glyph)) }

    /// Baseline to baseline for lines of this font alone at `pointSize`: ascender, descender and
    /// line gap, as UIFont's `lineHeight`.
    public func lineHeight(pointSize: Double) -> Double {
        Double(ascender + descender + lineGap) / Double(unitsPerEm) * pointSize
    }

    /// Sets one line of text in this font alone (no fallback), for measuring.
    public func layout(_ text: String, pointSize: Double, letterSpacing: Double = 0) -> TextLayout {
        Typesetter.line(text, fonts: FontCascade(self), pointSize: pointSize, letterSpacing: letterSpacing)
    }
}

/// A glyph placed on a line: which font of the line's cascade, which glyph, and where (points from
/// the line's start and from the baseline, y down).
public struct PlacedGlyph: Sendable, Equatable {
    public var glyph: UInt32
    public var font: UInt16
    public var x: Double
    public var y: Double
    /// Attributed text: the glyph's look in its line's `attributes` (and `font` is in that look's fonts).
    public var style: UInt16 = 0
}

/// One line of set text, in points, glyphs in visual order (left to right).
public struct TextLayout: Sendable, Equatable {
    public var glyphs: [PlacedGlyph]
    public var fonts: FontCascade
    public var width: Double
    public var pointSize: Double
    /// The tallest ascent and deepest descent among the fonts the line uses (its first font's at least).
    public var ascent: Double
    public var descent: Double
    /// The line's paragraph runs right to left (its first strong character is Arabic or Hebrew).
    public var isRightToLeft: Bool
    /// The characters the line shows, in logical order (an ellipsis included where it was cut).
    public var text: String
    /// Attributed text: the looks its glyphs are drawn in (`PlacedGlyph.style`), and the lines
    /// under and through them; empty for text in one look (`fonts`, `pointSize`).
    public var attributes: [TextAttributes] = []
    public var decorations: [TextDecoration] = []
    /// Attributed text: the largest line height and line gap of the looks' own fonts on the line.
    public var naturalHeight = 0.0
    public var leading = 0.0

    public var positions: [Double] { glyphs.map(\.x) }
}

/// Renders glyphs to coverage masks (or color bitmaps) with FreeType, caching them. Not
/// thread-safe: each worker owns one per font.
public final class GlyphRasterizer {
    public let font: Font
    private var library: FT_Library?
    private var face: FT_Face?
    private var currentSize: Int = -1
    private var cache: [GlyphKey: RenderedGlyph] = [:]

    struct GlyphKey: Hashable {
        let glyph: UInt32
        let size64: Int // pixel size in 1/64 pixel
        let phaseX: UInt8 // sub-pixel offset in quarters
        let phaseY: UInt8
    }

    public struct RenderedGlyph {
        public let mask: AlphaMask
        /// A color glyph's pixels (an emoji), drawn as they are; nil for an outline glyph.
        public let color: Pixmap?
        /// Offset of the mask's top-left pixel from the pen position (y down).
        public let left: Int
        public let top: Int
    }

    /// Sub-pixel positions are rounded to quarters of a pixel.
    public static let subpixelSteps = 4

    public init(font: Font) {
        self.font = font
        FT_Init_FreeType(&library)
        FT_New_Memory_Face(
            library, font.storage.baseAddress!.assumingMemoryBound(to: UInt8.self),
            FT_Long(font.storage.count), FT_Long(font.faceIndex), &face)
        if let face, !font.variations.isEmpty { setVariations(face) }
    }

    deinit {
        if let face { FT_Done_Face(face) }
        FT_Done_FreeType(library)
    }

    private func setVariations(_ face: FT_Face) {
        var mm: UnsafeMutablePointer<FT_MM_Var>?
        guard FT_Get_MM_Var(face, &mm) == 0, let mm else { return }
        defer { FT_Done_MM_Var(library, mm) }
        var coords = (0..<Int(mm.pointee.num_axis)).map { mm.pointee.axis[$0].def }
        for (i, axis) in font.axes.enumerated() where i < coords.count {
            if let v = font.variations.first(where: { $0.tag == axis.tag }) {
                coords[i] = FT_Fixed((min(max(v.value, axis.minimum), axis.maximum) * 65536).rounded())
            }
        }
        FT_Set_Var_Design_Coordinates(face, FT_UInt(coords.count), &coords)
    }

    /// The glyph at `pixelSize` (pixels per em), shifted right and down by `phaseX`/`phaseY`
    /// quarters of a pixel. Outlines are not hinted, as on iOS. A color bitmap glyph is scaled
    /// from its nearest strike (and not shifted).
    public func render(_ glyph: UInt32, pixelSize: Double, phaseX: Int, phaseY: Int) -> RenderedGlyph? {
        let size64 = Int((pixelSize * 64).rounded())
        guard size64 > 0, size64 < 64 * 4096, let face else { return nil }
        let bitmapOnly = !font.strikes.isEmpty
        let key = GlyphKey(glyph: glyph, size64: size64, phaseX: bitmapOnly ? 0 : UInt8(phaseX), phaseY: bitmapOnly ? 0 : UInt8(phaseY))
        if let hit = cache[key] { return hit }
        if cache.count > 8192 { cache.removeAll(keepingCapacity: true) }
        let rendered =
            bitmapOnly
            ? renderBitmap(glyph, face: face, pixelSize: pixelSize)
            : renderOutline(glyph, face: face, size64: size64, phaseX: phaseX, phaseY: phaseY)
        if let rendered { cache[key] = rendered }
        return rendered
    }

    private func renderOutline(_ glyph: UInt32, face: FT_Face, size64: Int, phaseX: Int, phaseY: Int) -> RenderedGlyph? {
        if currentSize != size64 {
            FT_Set_Char_Size(face, 0, FT_F26Dot6(size64), 72, 72)
            currentSize = size64
        }
        let flags = Int32(FT_LOAD_NO_HINTING) | Int32(FT_LOAD_NO_BITMAP)
        guard FT_Load_Glyph(face, FT_UInt(glyph), flags) == 0 else { return nil }
        let slot = face.pointee.glyph!
        guard slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else { return nil }
        let step = 64 / GlyphRasterizer.subpixelSteps
        FT_Outline_Translate(&slot.pointee.outline, FT_Pos(phaseX * step), FT_Pos(-phaseY * step))
        guard FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0 else { return nil }
        let bitmap = slot.pointee.bitmap
        let w = Int(bitmap.width), h = Int(bitmap.rows), pitch = Int(bitmap.pitch)
        var bytes = [UInt8](repeating: 0, count: w * h)
        if w > 0, h > 0, let buffer = bitmap.buffer, bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue) {
            for y in 0..<h {
                for x in 0..<w { bytes[y * w + x] = buffer[y * pitch + x] }
            }
        }
        return RenderedGlyph(
            mask: AlphaMask(width: w, height: h, bytes: bytes), color: nil,
            left: Int(slot.pointee.bitmap_left), top: -Int(slot.pointee.bitmap_top))
    }

    /// A bitmap font's glyph (Noto Color Emoji's are 136 pixels a side at 109 pixels per em),
    /// scaled to `pixelSize` with the resampler that scales photos.
    private func renderBitmap(_ glyph: UInt32, face: FT_Face, pixelSize: Double) -> RenderedGlyph? {
        // The smallest strike at least as large as wanted, else the largest.
        let strikes = font.strikes.enumerated().sorted { $0.element < $1.element }
        guard let pick = strikes.first(where: { Double($0.element) >= pixelSize }) ?? strikes.last, pick.element > 0 else { return nil }
        if currentSize != -2 - pick.offset {
            FT_Select_Size(face, FT_Int(pick.offset))
            currentSize = -2 - pick.offset
        }
        guard FT_Load_Glyph(face, FT_UInt(glyph), Int32(FT_LOAD_COLOR)) == 0 else { return nil }
        let slot = face.pointee.glyph!
        let bitmap = slot.pointee.bitmap
        let w = Int(bitmap.width), h = Int(bitmap.rows), pitch = Int(bitmap.pitch)
        guard w > 0, h > 0, let buffer = bitmap.buffer, bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue) else { return nil }
        // FreeType's BGRA is premultiplied, as our pixmaps are.
        var bytes = [UInt8](repeating: 0, count: w * h * 4)
        for y in 0..<h {
            for x in 0..<w {
                let s = y * pitch + x * 4, d = (y * w + x) * 4
                bytes[d] = buffer[s + 2]; bytes[d + 1] = buffer[s + 1]; bytes[d + 2] = buffer[s]; bytes[d + 3] = buffer[s + 3]
            }
        }
        let source = Pixmap(width: w, height: h, premultipliedBytes: bytes)
        let scale = pixelSize / Double(pick.element)
        let left = Double(slot.pointee.bitmap_left) * scale, top = -Double(slot.pointee.bitmap_top) * scale
        let x0 = Int(left.rounded()), y0 = Int(top.rounded())
        let dw = max(1, Int((Double(w) * scale).rounded())), dh = max(1, Int((Double(h) * scale).rounded()))
        let scaled = Resampler.resize(source, width: dw, height: dh)
        return RenderedGlyph(mask: AlphaMask(width: 0, height: 0, bytes: []), color: scaled, left: x0, top: y0)
    }
}

/// Each worker's glyph rasterizers, one per font it has drawn with.
public final class GlyphRasterizers {
    private var byFont: [ObjectIdentifier: GlyphRasterizer] = [:]
    public init() {}
    public func rasterizer(_ font: Font) -> GlyphRasterizer {
        if let r = byFont[ObjectIdentifier(font)] { return r }
        let r = GlyphRasterizer(font: font)
        byFont[ObjectIdentifier(font)] = r
        return r
    }
}

extension Canvas {
    /// Draws a line of text whose start is at device x `originX` and whose baseline is at device
    /// y `baselineY`, at `pixelsPerPoint` (the output scale times any layer scale). Color glyphs
    /// keep their colors and take only `opacity`.
    public mutating func draw(
        _ layout: TextLayout, with rasterizers: GlyphRasterizers, originX: Double, baselineY: Double,
        pixelsPerPoint: Double, color: Color, opacity: Double = 1
    ) {
        if !layout.attributes.isEmpty {
            drawAttributed(
                layout, with: rasterizers, originX: originX, baselineY: baselineY, pixelsPerPoint: pixelsPerPoint, opacity: opacity)
            return
        }
        let steps = Double(GlyphRasterizer.subpixelSteps)
        let pixelSize = layout.pointSize * pixelsPerPoint
        func split(_ v: Double) -> (Int, Int) {
            let q = (v * steps).rounded()
            let whole = (q / steps).rounded(.down)
            return (Int(whole), Int(q - whole * steps))
        }
        var current: (index: UInt16, rasterizer: GlyphRasterizer)?
        for placed in layout.glyphs {
            if current?.index != placed.font {
                guard let font = layout.fonts.loadedFont(Int(placed.font)) else { continue }
                current = (placed.font, rasterizers.rasterizer(font))
            }
            let (bx, phaseX) = split(originX + placed.x * pixelsPerPoint)
            let (by, phaseY) = split(baselineY + placed.y * pixelsPerPoint)
            guard let g = current!.rasterizer.render(placed.glyph, pixelSize: pixelSize, phaseX: phaseX, phaseY: phaseY) else { continue }
            if let pixels = g.color {
                draw(pixels, atX: bx + g.left, y: by + g.top, opacity: opacity)
            } else if g.mask.width > 0 {
                fill(mask: g.mask, atX: bx + g.left, y: by + g.top, color: color, opacity: opacity)
            }
        }
    }
}

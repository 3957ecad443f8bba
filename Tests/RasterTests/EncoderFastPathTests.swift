import XCTest
@testable import Raster

/// The speed paths of the default encoder and the resampler give the bytes of the plain paths.
final class EncoderFastPathTests: XCTestCase {
    /// A frame of every kind of row the default filter tells apart: a black first row (equal to
    /// the zeros above the image: UP), text on white (unfiltered), rows equal to the row above
    /// (UP), noisy photo rows (Paeth), and photo rows after unfiltered and after repeated rows.
    private func mixedFrame(width: Int = 301, height: Int = 60) -> Pixmap {
        var p = Pixmap(width: width, height: height, fill: Color.white.premultiplied)
        var random = SplitMix(seed: 21)
        for y in 0..<height {
            for x in 0..<width {
                let color: Color
                switch y {
                case 0: color = .black
                case 1..<12: color = (x / 3 + y) % 7 == 0 ? Color(30, 30, 30) : .white // text on white
                case 12..<18: color = Color(r: UInt8(truncatingIfNeeded: x * 2), g: 90, b: UInt8(truncatingIfNeeded: 400 - x)) // repeated photo rows
                case 18..<30, 40..<50:
                    color = Color(r: UInt8(truncatingIfNeeded: x * 2) &+ (random.byte() & 31), g: UInt8(y * 4), b: random.byte())
                case 30..<40: color = x % 11 == 0 ? Color(0, 120, 255) : Color(240, 240, 240)
                default: color = Color(r: UInt8(y), g: UInt8(truncatingIfNeeded: x), b: UInt8(x / 3))
                }
                p[x, y] = color.premultiplied
            }
        }
        return p
    }

    /// Each row `filteredRows` gives for the default (RGB, paethOrFlat, packed in place) is the
    /// row `filterRow` makes from the RGB bytes and the row above: filter byte and body.
    func testDefaultRowsArePerRowPaethOrFlat() {
        let frame = mixedFrame()
        let rows = PNGEncoder(options: .balanced).filteredRows(frame)
        let w = frame.width, stride = 3 * w
        XCTAssertEqual(rows.rowBytes, stride + 1)
        XCTAssertEqual(rows.bytes.count, (stride + 1) * frame.height)
        var previous = [UInt8](repeating: 0, count: stride)
        var used = Set<UInt8>()
        for y in 0..<frame.height {
            let rgb = (0..<w).flatMap { x -> [UInt8] in let c = frame[x, y]; return [c.r, c.g, c.b] }
            var out = [UInt8](repeating: 0, count: stride + 1), scratch = [UInt8](repeating: 0, count: 4 * stride)
            PNGEncoder.filterRow(rgb, prev: previous, count: stride, bpp: 3, filter: .paethOrFlat, out: &out, scratch: &scratch)
            XCTAssertEqual(Array(rows.bytes[(y * (stride + 1))..<((y + 1) * (stride + 1))]), out, "row \(y)")
            used.insert(out[0])
            previous = rgb
        }
        XCTAssertEqual(used, [0, 2, 4], "the frame has unfiltered, UP and Paeth rows")
    }

    /// A color counts once however many of its pixels follow each other: 127 colors in runs of
    /// five are few, 128 are not.
    func testFewColorsCountsEachColorOnceAcrossRuns() {
        func row(colors: Int) -> [UInt8] {
            (0..<(colors * 5)).flatMap { i -> [UInt8] in let c = i / 5; return [UInt8(c), UInt8(255 - c), UInt8(c / 2)] }
        }
        let few = row(colors: 127), many = row(colors: 128)
        XCTAssertTrue(PNGEncoder.fewColors(few, few.count))
        XCTAssertFalse(PNGEncoder.fewColors(many, many.count))
    }

    /// An enlarged picture drawn in part (its right third, as a header pulled wider than the
    /// screen) is the same pixels as that part cut from the whole picture.
    func testAPartOfAnEnlargedPictureIsThatPartOfTheWhole() {
        var source = Pixmap(width: 40, height: 30)
        var random = SplitMix(seed: 4)
        for y in 0..<30 { for x in 0..<40 { source[x, y] = Color(r: random.byte(), g: UInt8(x * 6), b: UInt8(y * 8)).premultiplied } }
        let whole = Resampler.resize(source, width: 130, height: 70)
        let part = PixelRect(x: 87, y: 10, width: 43, height: 50)
        let drawn = Resampler.resample(
            source, sourceRect: Rect(x: 0, y: 0, width: 40, height: 30), to: Rect(x: 0, y: 0, width: 130, height: 70), region: part)
        XCTAssertEqual(drawn, whole.cropped(to: part))
    }
}

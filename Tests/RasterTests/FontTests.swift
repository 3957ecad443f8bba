import XCTest
@testable import Raster

final class FontTests: XCTestCase {
    static let font: Font = {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/Scene/Resources/Fonts/Inter-Regular.otf").path
        return try! Font(path: path)
    }()

    func testKerningComesFromGPOS() {
        let f = FontTests.font
        let av = f.layout("AV", pointSize: 100)
        let separate = f.layout("A", pointSize: 100).width + f.layout("V", pointSize: 100).width
        XCTAssertLessThan(av.width, separate)
    }

    func testLayoutScalesLinearlyAndAppliesLetterSpacing() {
        let f = FontTests.font
        let small = f.layout("Hello", pointSize: 10), large = f.layout("Hello", pointSize: 20)
        XCTAssertEqual(large.width, small.width * 2, accuracy: 1e-9)
        let spaced = f.layout("Hello", pointSize: 10, letterSpacing: 1)
        XCTAssertEqual(spaced.width, small.width + 4, accuracy: 1e-9)
    }

    func testGlyphRendersCoverage() {
        let r = GlyphRasterizer(font: FontTests.font)
        let g = r.render(FontTests.font.glyph(for: "H")!, pixelSize: 40, phaseX: 0, phaseY: 0)!
        XCTAssertGreaterThan(g.mask.width, 10)
        XCTAssertGreaterThan(g.mask.bytes.filter { $0 == 255 }.count, 50)
        XCTAssertLessThan(g.top, 0, "the mask starts above the baseline")
    }
}

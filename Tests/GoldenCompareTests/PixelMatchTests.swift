import Foundation
import Raster
import XCTest
@testable import GoldenCompare

final class PixelMatchTests: XCTestCase {
    func canvas(_ w: Int = 40, _ h: Int = 40, _ draw: (inout Canvas) -> Void = { _ in }) -> Pixmap {
        var c = Canvas(pixmap: Pixmap(width: w, height: h, fill: Color.white.premultiplied))
        draw(&c)
        return c.pixmap
    }

    func testIdenticalPasses() {
        let r = PixelMatch.compare(canvas(), canvas())
        XCTAssertEqual(r.differingPixels, 0)
        XCTAssertTrue(r.passes(.init()))
    }

    func testOnePixelFailsAndIsLocated() {
        var changed = canvas()
        changed[7, 3] = Color.black.premultiplied
        let (r, diff) = PixelMatch.compareWithDiff(changed, canvas())
        XCTAssertEqual(r.differingPixels, 1)
        XCTAssertEqual(r.worst, .init(x: 7, y: 3))
        XCTAssertFalse(r.passes(.init()))
        XCTAssertTrue(r.passes(.init(maxDiffPixels: 1)))
        XCTAssertTrue(r.passes(.init(maxDiffRatio: 1.0 / 1600)))
        XCTAssertFalse(r.passes(.init(maxDiffRatio: 0.0001)))
        XCTAssertEqual(diff?[7, 3], PremultipliedColor(r: 255, g: 0, b: 0, a: 255), "red where it changed")
        XCTAssertEqual(diff?[0, 0].r, diff?[0, 0].g, "grey elsewhere")
    }

    func testAShiftedHardEdgeCounts() {
        let a = canvas { $0.fill(.rect(Rect(x: 0, y: 0, width: 20, height: 40)), color: .black) }
        let b = canvas { $0.fill(.rect(Rect(x: 0, y: 0, width: 21, height: 40)), color: .black) }
        let r = PixelMatch.compare(a, b)
        XCTAssertEqual(r.differingPixels, 40, "the whole moved column")
    }

    func testAntialiasingNoiseAloneIsNotCounted() {
        // The same anti-aliased disc a third of a pixel apart: only edge pixels change.
        let a = canvas { $0.fill(.circle(center: Point(20, 20), radius: 12), color: .black) }
        let b = canvas { $0.fill(.circle(center: Point(20.33, 20), radius: 12), color: .black) }
        let strict = PixelMatch.compare(a, b, options: .init(exact: true))
        XCTAssertGreaterThan(strict.differingPixels, 10, "exact mode sees the edge noise")
        let r = PixelMatch.compare(a, b)
        XCTAssertEqual(r.differingPixels, 0)
        XCTAssertGreaterThan(r.antialiasedPixels, 0)
        XCTAssertTrue(r.passes(.init()))
    }

    func testTwoRasterizationsOfTheSameTextPass() throws {
        // The same line set a quarter pixel apart: only glyph edges change, and only a little.
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/Scene/Resources/Fonts/Inter-Regular.otf").path
        let font = try Font(path: path)
        let rasterizer = GlyphRasterizers()
        // Two rasterizations of one line differ in their anti-aliased edge pixels: here each edge
        // pixel's coverage moves by 24 levels, up and down in turn, while the glyphs stay put.
        let a = canvas(320, 30) {
            $0.draw(font.layout("Liftoff from Space Launch Complex 40", pointSize: 17), with: rasterizer, originX: 10,
                    baselineY: 20, pixelsPerPoint: 1, color: .black)
        }
        var b = a
        var edges = 0
        for y in 0..<b.height {
            for x in 0..<b.width where b[x, y].r > 0 && b[x, y].r < 255 {
                edges += 1
                let v = Int(b[x, y].r) + (edges % 2 == 0 ? 24 : -24)
                let c = UInt8(min(max(v, 0), 255))
                b[x, y] = PremultipliedColor(r: c, g: c, b: c, a: 255)
            }
        }
        let strict = PixelMatch.compare(a, b, options: .init(exact: true))
        XCTAssertGreaterThan(strict.differingPixels, 200, "the rasterizations differ at every edge")
        let r = PixelMatch.compare(a, b)
        XCTAssertTrue(r.passes(.init()), "\(r.differingPixels) pixels counted, \(r.antialiasedPixels) anti-aliased")
        // A real change in the same place fails.
        let other = canvas(320, 30) {
            $0.draw(font.layout("Liftoff from Space Launch Complex 41", pointSize: 17), with: rasterizer, originX: 10, baselineY: 20,
                    pixelsPerPoint: 1, color: .black)
        }
        XCTAssertFalse(PixelMatch.compare(other, a).passes(.init()), "a changed character fails")
    }

    func testColourShiftUnderAndOverTheThreshold() {
        let base = Pixmap(width: 10, height: 10, fill: Color(200, 200, 200).premultiplied)
        let slight = Pixmap(width: 10, height: 10, fill: Color(206, 200, 200).premultiplied)
        let strong = Pixmap(width: 10, height: 10, fill: Color(250, 200, 200).premultiplied)
        XCTAssertEqual(PixelMatch.compare(slight, base).differingPixels, 0)
        XCTAssertEqual(PixelMatch.compare(strong, base).differingPixels, 100)
        XCTAssertEqual(PixelMatch.compare(slight, base, options: .init(threshold: 0.01)).differingPixels, 100)
        XCTAssertEqual(PixelMatch.compare(slight, base, options: .init(exact: true)).differingPixels, 100)
    }

    func testDifferentSizesFailClosed() {
        let r = PixelMatch.compare(canvas(40, 40), canvas(40, 41))
        XCTAssertTrue(r.sizeMismatch)
        XCTAssertFalse(r.passes(.init(maxDiffRatio: 1)))
    }

    func testManifestsThatDisagreeFail() throws {
        let tmp = NSTemporaryDirectory() + "pm-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: tmp) }
        for (dir, fps) in [("a", 60), ("b", 30)] {
            try FileManager.default.createDirectory(atPath: "\(tmp)/\(dir)", withIntermediateDirectories: true)
            try Data(PNGEncoder().encode(canvas())).write(to: URL(fileURLWithPath: "\(tmp)/\(dir)/0000.png"))
            try Data(#"{"fps": \#(fps), "width": 40, "height": 40, "frameCount": 1}"#.utf8)
                .write(to: URL(fileURLWithPath: "\(tmp)/\(dir)/manifest.json"))
        }
        let verdicts = try FolderComparison.compare(actual: "\(tmp)/a", golden: "\(tmp)/b", diffDirectory: "\(tmp)/diff")
        XCTAssertEqual(verdicts.first?.file, "manifest.json")
        XCTAssertTrue(verdicts.first?.problem?.contains("fps is 60") ?? false)
        XCTAssertFalse(verdicts[0].passed)
        XCTAssertTrue(verdicts[1].passed, "the frame itself matches")
        let summary = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(tmp)/diff/summary.json"))) as! [[String: Any]]
        XCTAssertEqual(summary.count, 2)
        XCTAssertEqual(summary[1]["differingPixels"] as? Int, 0)
    }
}

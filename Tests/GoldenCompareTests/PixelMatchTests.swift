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

    func testTwoRasterizationsOfTheSameText() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/Scene/Resources/Fonts/Inter-Regular.otf").path
        let font = try Font(path: path)
        let rasterizer = GlyphRasterizers()
        // Two rasterizations of one line differ in their anti-aliased edge pixels: here each edge
        // pixel's coverage moves by `levels`, up and down in turn, while the glyphs stay put.
        let a = canvas(320, 30) {
            $0.draw(
                font.layout("Liftoff from Space Launch Complex 40", pointSize: 17), with: rasterizer, originX: 10,
                baselineY: 20, pixelsPerPoint: 1, color: .black)
        }
        func edgesMoved(by levels: Int) -> Pixmap {
            var b = a
            var edges = 0
            for y in 0..<b.height {
                for x in 0..<b.width where b[x, y].r > 0 && b[x, y].r < 255 {
                    edges += 1
                    let v = Int(b[x, y].r) + (edges % 2 == 0 ? levels : -levels)
                    let c = UInt8(min(max(v, 0), 255))
                    b[x, y] = PremultipliedColor(r: c, g: c, b: c, a: 255)
                }
            }
            return b
        }
        let strict = PixelMatch.compare(a, edgesMoved(by: 2), options: .init(exact: true))
        XCTAssertGreaterThan(strict.differingPixels, 200, "the rasterizations differ at every edge")
        let r = PixelMatch.compare(a, edgesMoved(by: 2))
        XCTAssertTrue(r.passes(.init()), "2 levels: \(r.differingPixels) pixels counted, \(r.antialiasedPixels) anti-aliased")
        // 24 levels: pixelmatch's perceptual 0.1 lets them through (a YIQ distance of 291 where 352
        // is allowed); the default counts the edge pixels that anti-aliasing detection does not
        // explain, as it would count a stroke whose color moved by 24 levels.
        let perceptual = PixelMatch.Options(threshold: 0.1)
        XCTAssertTrue(PixelMatch.compare(a, edgesMoved(by: 24), options: perceptual).passes(perceptual))
        let moved = PixelMatch.compare(a, edgesMoved(by: 24))
        XCTAssertFalse(moved.passes(.init()))
        XCTAssertGreaterThan(moved.antialiasedPixels, moved.differingPixels, "most are still taken for anti-aliasing")
        // A real change in the same place fails either way.
        let other = canvas(320, 30) {
            $0.draw(
                font.layout("Liftoff from Space Launch Complex 41", pointSize: 17), with: rasterizer, originX: 10, baselineY: 20,
                pixelsPerPoint: 1, color: .black)
        }
        XCTAssertFalse(PixelMatch.compare(other, a).passes(.init()), "a changed character fails")
        XCTAssertFalse(PixelMatch.compare(other, a, options: perceptual).passes(perceptual), "a changed character fails")
    }

    func testColorShiftUnderAndOverTheThreshold() {
        let base = Pixmap(width: 10, height: 10, fill: Color(200, 200, 200).premultiplied)
        let slight = Pixmap(width: 10, height: 10, fill: Color(206, 200, 200).premultiplied)
        let strong = Pixmap(width: 10, height: 10, fill: Color(250, 200, 200).premultiplied)
        // By default 6 levels of red are a change; pixelmatch's perceptual 0.1 lets them through.
        XCTAssertEqual(PixelMatch.compare(slight, base).differingPixels, 100)
        XCTAssertEqual(PixelMatch.compare(slight, base, options: .init(threshold: 0.1)).differingPixels, 0)
        XCTAssertEqual(PixelMatch.compare(strong, base, options: .init(threshold: 0.1)).differingPixels, 100)
        XCTAssertEqual(PixelMatch.compare(slight, base, options: .init(threshold: 0.01)).differingPixels, 100)
        XCTAssertEqual(PixelMatch.compare(slight, base, options: .init(exact: true)).differingPixels, 100)
        XCTAssertEqual(PixelMatch.compare(slight, base, options: .init(tolerance: 6)).differingPixels, 0, "6 levels within a tolerance of 6")
        XCTAssertEqual(PixelMatch.compare(slight, base, options: .init(tolerance: 5)).differingPixels, 100)
    }

    /// A solid patch of `color` on a white frame, as a button or an icon is drawn.
    func patch(_ color: Color, side: Int = 10) -> Pixmap {
        canvas { $0.fill(.rect(Rect(x: 12, y: 12, width: Double(side), height: Double(side))), color: color) }
    }

    func testBrandColorChangesFailByDefault() {
        // The audit's cases: both passed pixelmatch's 0.1, the old default.
        for (before, after, levels) in [
            (Color(0xFA, 0x2D, 0x48), Color(0xFF, 0x37, 0x5F), 23), (Color(0x1E, 0xD7, 0x60), Color(0x1D, 0xB9, 0x54), 30),
        ] {
            let r = PixelMatch.compare(patch(after), patch(before))
            XCTAssertEqual(r.differingPixels, 100, "every pixel of the 10x10 patch")
            XCTAssertEqual(r.antialiasedPixels, 0, "a solid area is not anti-aliasing")
            XCTAssertEqual(r.worstLevels, levels)
            XCTAssertEqual(r.worstDelta, Double(levels) / 255, accuracy: 1e-12)
            XCTAssertFalse(r.passes(.init()))
            XCTAssertTrue(
                PixelMatch.compare(patch(after), patch(before), options: .init(threshold: 0.1)).passes(.init()),
                "pixelmatch's 0.1 misses it, as the audit found")
        }
    }

    func testThreeLevelsInAnyOneChannelFailTwoPass() {
        let base = Color(0x40, 0x80, 0xC0)
        for channel in 0..<3 {
            func shifted(_ by: Int) -> Color {
                var c = [Int(base.r), Int(base.g), Int(base.b)]
                c[channel] += by
                return Color(c[0], c[1], c[2])
            }
            XCTAssertEqual(PixelMatch.compare(patch(shifted(3)), patch(base)).differingPixels, 100, "channel \(channel) +3")
            XCTAssertEqual(PixelMatch.compare(patch(shifted(-3)), patch(base)).differingPixels, 100, "channel \(channel) -3")
            XCTAssertEqual(PixelMatch.compare(patch(shifted(2)), patch(base)).differingPixels, 0, "channel \(channel) +2")
        }
        // Alpha too: a translucent patch whose opacity moved 3 levels.
        let a = Pixmap(width: 10, height: 10, fill: PremultipliedColor(r: 60, g: 60, b: 60, a: 120))
        let b = Pixmap(width: 10, height: 10, fill: PremultipliedColor(r: 60, g: 60, b: 60, a: 123))
        XCTAssertEqual(PixelMatch.compare(a, b).differingPixels, 100)
    }

    /// Every pixel of `pixmap` moved by +1 or -1 level in each channel (a fixed pattern), as two
    /// builds rounding differently would draw it.
    func withNoise(_ pixmap: Pixmap, everywhere: Bool) -> Pixmap {
        var out = pixmap
        for y in 0..<out.height {
            for x in 0..<out.width {
                let p = out[x, y]
                let edge = (p.r > 0 && p.r < 255) || (p.g > 0 && p.g < 255) || (p.b > 0 && p.b < 255)
                guard everywhere || edge else { continue }
                func nudge(_ v: UInt8, _ k: Int) -> UInt8 {
                    let step = (x * 7 + y * 13 + k) % 2 == 0 ? 1 : -1
                    return UInt8(min(max(Int(v) + step, 0), 255))
                }
                out[x, y] = PremultipliedColor(r: nudge(p.r, 0), g: nudge(p.g, 1), b: nudge(p.b, 2), a: p.a)
            }
        }
        return out
    }

    func testOneLevelNoiseOnEdgesOrEverywherePasses() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/Scene/Resources/Fonts/Inter-Regular.otf").path
        let font = try Font(path: path)
        let frame = canvas(320, 60) {
            $0.fill(.rect(Rect(x: 0, y: 0, width: 320, height: 20)), color: Color(0xFA, 0x2D, 0x48))
            $0.fill(.circle(center: Point(300, 40), radius: 12), color: Color(0x1E, 0xD7, 0x60))
            $0.draw(
                font.layout("Liftoff from Space Launch Complex 40", pointSize: 17), with: GlyphRasterizers(), originX: 10,
                baselineY: 45, pixelsPerPoint: 1, color: .black)
        }
        for everywhere in [false, true] {
            let noisy = withNoise(frame, everywhere: everywhere)
            XCTAssertGreaterThan(PixelMatch.compare(noisy, frame, options: .init(exact: true)).differingPixels, everywhere ? 10_000 : 300)
            let r = PixelMatch.compare(noisy, frame)
            XCTAssertTrue(r.passes(.init()), "\(r.differingPixels) pixels counted (noise \(everywhere ? "everywhere" : "on edges"))")
            XCTAssertEqual(r.differingPixels, 0)
        }
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

import Raster
import XCTest
@testable import Scene

/// Layers turned, sheared or flipped by their transform (and their superlayer's
/// `sublayerTransform`) are drawn: upright offscreen, then turned into place, edges anti-aliased.
final class TurnedLayerTests: XCTestCase {
    /// A white 64 x 64 canvas with a red `side`-point square centred at (32, 32), turned by `angle`.
    func square(angle: Double, side: Double = 20, scale: Double = 1) -> Pixmap {
        let root = Layer(frame: Rect(x: 0, y: 0, width: 64, height: 64))
        root.backgroundColor = .white
        let square = Layer(frame: Rect(x: 32 - side / 2, y: 32 - side / 2, width: side, height: side))
        square.backgroundColor = Color(r: 255, g: 0, b: 0)
        square.transform = Transform(a: cos(angle), b: sin(angle), c: -sin(angle), d: cos(angle), tx: 0, ty: 0)
        root.addSublayer(square)
        return LayerRenderer().render(root, width: Int(64 * scale), height: Int(64 * scale), scale: scale)
    }

    /// How much of a pixel the square covers, 0...255, read from red over white (green falls with coverage).
    func coverage(_ p: Pixmap, _ x: Int, _ y: Int) -> Int { 255 - Int(p[x, y].g) }

    /// The reference is the exact area of each pixel inside the square turned by 30° about its
    /// centre (a 20-point square at (32, 32)), computed apart from our code: numpy, 32 x 32 samples
    /// per pixel, testing each sample against the square in its own turned frame. Around each of the
    /// four corners (28.34, 18.34), (45.66, 28.34), (35.66, 45.66), (18.34, 35.66), the 3 x 3
    /// pixels whose middle one holds the corner, rows top to bottom, as coverage 0...255.
    func testASquareTurnedBy30DegreesCoversItsCornerPixelsAsTheExactAreaDoes() {
        let reference: [(Int, Int, [[Int]])] = [
            (28, 18, [[0, 0, 0], [0, 111, 17], [84, 255, 235]]),
            (45, 28, [[84, 0, 0], [255, 111, 0], [235, 17, 0]]),
            (35, 45, [[235, 255, 84], [17, 111, 0], [0, 0, 0]]),
            (18, 35, [[0, 17, 235], [0, 111, 255], [0, 0, 84]]),
        ]
        let p = square(angle: Double.pi / 6)
        var worst = 0
        for (cx, cy, rows) in reference {
            for (j, row) in rows.enumerated() {
                for (i, expected) in row.enumerated() {
                    let got = coverage(p, cx - 1 + i, cy - 1 + j)
                    worst = max(worst, abs(got - expected))
                    // Fully inside and fully outside are exact; an edge pixel is within a fifth of a pixel's area.
                    XCTAssertEqual(got, expected, accuracy: expected == 0 || expected == 255 ? 0 : 52, "pixel (\(cx - 1 + i), \(cy - 1 + j))")
                }
            }
        }
        // The middle is solid red, the corners of the canvas white; the square's area is its 400 pixels.
        XCTAssertEqual(p[32, 32], Color(r: 255, g: 0, b: 0).premultiplied)
        XCTAssertEqual(p[3, 3], Color.white.premultiplied)
        var area = 0
        for y in 0..<64 { for x in 0..<64 { area += coverage(p, x, y) } }
        XCTAssertEqual(Double(area) / 255, 400, accuracy: 4)
        XCTAssertLessThan(worst, 53)
    }

    /// The same square drawn at scale 2 is the same shape at twice the pixels: its area 4 x 400.
    func testATurnedSquareAtScale2CoversFourTimesThePixels() {
        let p = square(angle: 0.4, scale: 2)
        var area = 0
        for y in 0..<128 { for x in 0..<128 { area += coverage(p, x, y) } }
        XCTAssertEqual(Double(area) / 255, 1600, accuracy: 8)
    }

    /// The turn is about the anchor point: anchored at its top-left corner (30, 10), a 20 x 10 bar
    /// turned a quarter clockwise hangs down-left of that corner: x 20...30, y 10...30.
    func testATurnIsAboutTheAnchorPoint() {
        let root = Layer(frame: Rect(x: 0, y: 0, width: 64, height: 64))
        root.backgroundColor = .white
        let bar = Layer(frame: Rect(x: 30, y: 10, width: 20, height: 10))
        bar.backgroundColor = .black
        bar.anchorPoint = Point(0, 0)
        bar.transform = Transform(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0)
        root.addSublayer(bar)
        let p = LayerRenderer().render(root, width: 64, height: 64, scale: 1)
        XCTAssertEqual(p[25, 20], Color.black.premultiplied)
        XCTAssertEqual(p[21, 29], Color.black.premultiplied)
        XCTAssertEqual(p[35, 15], Color.white.premultiplied)
        XCTAssertEqual(p[25, 33], Color.white.premultiplied)
        XCTAssertEqual(p[17, 20], Color.white.premultiplied)
    }

    /// A flip (scale x by -1) mirrors the layer's drawing about its anchor: a shape in the left
    /// half lands in the right half.
    func testAFlipMirrorsTheDrawing() {
        let root = Layer(frame: Rect(x: 0, y: 0, width: 40, height: 20))
        root.backgroundColor = .white
        let layer = Layer(frame: Rect(x: 0, y: 0, width: 40, height: 20))
        layer.contents = .shapes([(.rect(Rect(x: 0, y: 0, width: 10, height: 20)), .black)])
        layer.transform = .scale(-1, 1)
        root.addSublayer(layer)
        let p = LayerRenderer().render(root, width: 40, height: 20, scale: 1)
        XCTAssertEqual(p[35, 10], Color.black.premultiplied)
        XCTAssertEqual(p[5, 10], Color.white.premultiplied)
    }

    /// `sublayerTransform` turns the sublayers about the layer's anchor (its centre): a half turn
    /// moves a child from the top-left corner to the bottom-right one; the layer's own background
    /// stays where it is.
    func testSublayerTransformTurnsTheSublayersAboutTheAnchor() {
        let root = Layer(frame: Rect(x: 0, y: 0, width: 60, height: 60))
        root.backgroundColor = .white
        let container = Layer(frame: Rect(x: 10, y: 10, width: 40, height: 40))
        container.sublayerTransform = Transform(a: -1, b: 0, c: 0, d: -1, tx: 0, ty: 0)
        let child = Layer(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        child.backgroundColor = .black
        container.addSublayer(child)
        root.addSublayer(container)
        let p = LayerRenderer().render(root, width: 60, height: 60, scale: 1)
        XCTAssertEqual(p[45, 45], Color.black.premultiplied)
        XCTAssertEqual(p[15, 15], Color.white.premultiplied)
        XCTAssertEqual(LayerRenderer.placements(of: root, screen: Size(60, 60)).count, 0)
        child.name = "child"
        XCTAssertEqual(LayerRenderer.placements(of: root, screen: Size(60, 60)).first?.frame, [40, 40, 10, 10])
    }

    /// A layer turned inside a turned layer: +30° then -30° is upright again, and its middle is
    /// drawn solid; a faded turned layer composites at its opacity.
    func testNestedTurnsAndOpacityCompose() {
        let root = Layer(frame: Rect(x: 0, y: 0, width: 64, height: 64))
        root.backgroundColor = .white
        let outer = Layer(frame: Rect(x: 12, y: 12, width: 40, height: 40))
        let turn = Double.pi / 6
        outer.transform = Transform(a: cos(turn), b: sin(turn), c: -sin(turn), d: cos(turn), tx: 0, ty: 0)
        let inner = Layer(frame: Rect(x: 10, y: 10, width: 20, height: 20))
        inner.backgroundColor = .black
        inner.transform = Transform(a: cos(turn), b: -sin(turn), c: sin(turn), d: cos(turn), tx: 0, ty: 0)
        outer.addSublayer(inner)
        root.addSublayer(outer)
        var p = LayerRenderer().render(root, width: 64, height: 64, scale: 1)
        XCTAssertEqual(p[32, 32], Color.black.premultiplied)
        XCTAssertEqual(p[27, 27], Color.black.premultiplied)
        XCTAssertEqual(p[32, 27], Color.black.premultiplied)
        outer.opacity = 0.5
        p = LayerRenderer().render(root, width: 64, height: 64, scale: 1)
        XCTAssertEqual(Int(p[32, 32].r), 128, accuracy: 1)
    }
}

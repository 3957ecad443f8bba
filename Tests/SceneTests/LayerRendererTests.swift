import Raster
import XCTest
@testable import ScenarioFormat
@testable import Scene

/// A faded group is drawn offscreen over where it can draw, not over the whole screen: the area
/// must still hold everything its sublayers draw (outside its bounds too).
final class LayerRendererTests: XCTestCase {
    func testAFadedGroupKeepsWhatItsSublayersDrawOutsideItsBounds() {
        let root = Layer(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        root.backgroundColor = .white
        let group = Layer(frame: Rect(x: 40, y: 40, width: 10, height: 10))
        group.opacity = 0.5
        // A shape far outside the group's bounds, and a shadowed child.
        let shapes = Layer(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        shapes.contents = .shapes([(.rect(Rect(x: -35, y: -35, width: 6, height: 6)), .black)])
        group.addSublayer(shapes)
        let shadowed = Layer(frame: Rect(x: 30, y: 0, width: 8, height: 8))
        shadowed.backgroundColor = .black
        shadowed.shadowOpacity = 1
        shadowed.shadowRadius = 3
        group.addSublayer(shadowed)
        root.addSublayer(group)

        let extent = LayerRenderer.drawnExtent(group, toDevice: group.transformToSuperlayer.concatenating(.scale(2, 2)))!
        XCTAssertLessThanOrEqual(extent.minX, 2 * 5 - 2, "the far shape")
        XCTAssertGreaterThanOrEqual(extent.maxX, 2 * (40 + 38) + 3 * 6, "the shadow's blur, 3 sigma past the child")

        let p = LayerRenderer().render(root, width: 200, height: 200, scale: 2)
        // The far shape at (5...11, 5...11) pt, half faded: mid grey.
        XCTAssertEqual(Int(p[16, 16].r), 128, accuracy: 2)
        // The shadow spreads past the shadowed child's right edge (78 pt).
        XCTAssertLessThan(p[2 * 78 + 4, 2 * 44].r, 250)
        // A wrapped label cannot be bounded cheaply: the whole clip is used.
        let label = Layer(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        var text = TextContent("Two\nlines", typography: .standard)
        text.numberOfLines = 0
        label.contents = .text(text)
        group.addSublayer(label)
        XCTAssertNil(LayerRenderer.drawnExtent(group, toDevice: .identity))
    }

    /// Opaque layers drawn later cover what is under them, and drawing leaves those rows out: the
    /// frame must be the same bytes as drawing every layer in full, through fractional edges,
    /// clips, a faded group, a shadow, a turned layer, text, a translucent root and a backdrop
    /// blur that reads pixels a later opaque layer covers.
    func testSkippingOccludedDrawingKeepsEveryByte() {
        func scene(rootColor: Color?) -> Layer {
            let root = Layer(frame: Rect(x: 0, y: 0, width: 60, height: 90))
            root.backgroundColor = rootColor
            let table = Layer(frame: Rect(x: 0, y: 0, width: 60, height: 90))
            table.backgroundColor = .white
            root.addSublayer(table)
            for i in 0..<8 {
                // Rows at fractional places (their edge pixels blend), one translucent.
                let row = Layer(frame: Rect(x: 0, y: 3.3 + Double(i) * 10.25, width: 60, height: 10.25))
                row.backgroundColor = i == 5 ? Color(200, 10, 10, alpha: 0.5) : Color(250, 250, 240 - i * 20)
                let label = Layer(frame: Rect(x: 4, y: 1, width: 50, height: 8))
                label.contents = .text(TextContent("Row \(i)", typography: .standard))
                row.addSublayer(label)
                table.addSublayer(row)
            }
            // A red band, then a backdrop blur over part of it, then an opaque band over the red.
            let red = Layer(frame: Rect(x: 0, y: 20, width: 60, height: 10))
            red.backgroundColor = Color(255, 0, 0)
            root.addSublayer(red)
            let blur = Layer(frame: Rect(x: 0, y: 25, width: 60, height: 10))
            blur.backdropBlurRadius = 2
            root.addSublayer(blur)
            let cover = Layer(frame: Rect(x: 0, y: 20, width: 60, height: 10))
            cover.backgroundColor = Color(0, 0, 255)
            root.addSublayer(cover)
            // A clipping, rounded card with an opaque child; a faded group; a shadow; a turned layer.
            let card = Layer(frame: Rect(x: 5, y: 40, width: 50, height: 20))
            card.cornerRadius = 4
            card.masksToBounds = true
            card.backgroundColor = Color(10, 200, 10)
            let inside = Layer(frame: Rect(x: -5, y: 2, width: 60, height: 6))
            inside.backgroundColor = .black
            card.addSublayer(inside)
            root.addSublayer(card)
            let group = Layer(frame: Rect(x: 0, y: 62, width: 60, height: 8))
            group.opacity = 0.6
            let groupChild = Layer(frame: Rect(x: 0, y: 0, width: 60, height: 8))
            groupChild.backgroundColor = Color(0, 0, 0)
            group.addSublayer(groupChild)
            root.addSublayer(group)
            let shadowed = Layer(frame: Rect(x: 10, y: 72, width: 40, height: 6))
            shadowed.backgroundColor = Color(30, 30, 200)
            shadowed.shadowOpacity = 0.8
            shadowed.shadowRadius = 2
            root.addSublayer(shadowed)
            let turned = Layer(frame: Rect(x: 20, y: 70, width: 20, height: 10))
            turned.backgroundColor = Color(240, 200, 0)
            turned.transform = Transform(a: 0.96, b: 0.28, c: -0.28, d: 0.96, tx: 0, ty: 0)
            root.addSublayer(turned)
            // An opaque bar on top of everything, over rows that were drawn before.
            let bar = Layer(frame: Rect(x: 0, y: 80, width: 60, height: 10))
            bar.backgroundColor = Color(20, 20, 20)
            root.addSublayer(bar)
            return root
        }
        for rootColor in [Color.white, nil, Color(0, 0, 0, alpha: 0.5)] {
            let root = scene(rootColor: rootColor)
            let renderer = LayerRenderer()
            let skipping = renderer.render(root, width: 180, height: 270, scale: 3)
            renderer.skipsOccludedDrawing = false
            let full = renderer.render(root, width: 180, height: 270, scale: 3)
            XCTAssertEqual(skipping, full, "root \(String(describing: rootColor))")
        }
        // What the planning pass found: the opaque rows (their inner pixels) and the bar; not the
        // root, the table or the bands, which cover pixels the blur reads; not the card's child
        // (its rows reach the card's rounded corners), not the faded group's child (offscreen).
        let occluders = LayerRenderer().occluders(of: scene(rootColor: .white), width: 180, height: 270, scale: 3)
        XCTAssertEqual(occluders.first, Occluder(step: 3, rect: PixelRect(x: 0, y: 10, width: 180, height: 30)))
        XCTAssertFalse(occluders.contains { $0.step <= 2 }, "the root and the table reach the blur's pixels")
        XCTAssertTrue(occluders.contains(Occluder(step: 3, rect: PixelRect(x: 0, y: 10, width: 180, height: 30))), "\(occluders)")
        XCTAssertTrue(occluders.contains { $0.rect == PixelRect(x: 0, y: 240, width: 180, height: 30) })
        XCTAssertFalse(occluders.contains { $0.rect.y == 60 }, "the bands under the backdrop blur's reach")
        XCTAssertFalse(occluders.contains { $0.rect.y == 186 }, "the faded group's child is drawn offscreen")
    }

    /// `anchorPoint` means what a scenario's `anchor:` means: the frame you give is where the layer
    /// is drawn untransformed, and the anchor is the pivot of its transform. A layer built in Swift
    /// and the same layer written in YAML give the same frame and the same pixels.
    func testAnchorMeansTheSameInSwiftAndInAScenario() throws {
        let yaml = """
            navigationBar: false
            layers:
              - {type: rectangle, name: box, frame: [20, 30, 40, 20], anchor: [0, 1], scale: 1.5, fill: "#FF0000"}
            timeline: {keyframes: [{time: 0, offset: 0}, {time: 1, offset: 100}]}
            """
        let s = try ScenarioLoader.parse(yaml, file: "s.yaml", baseDirectory: "/nonexistent")
        func find(_ l: Layer) -> Layer? { l.name == "box" ? l : l.sublayersInDrawingOrder.lazy.compactMap(find).first }
        let fromYAML = try XCTUnwrap(find(s.layers(ofFrame: 0)))

        let fromSwift = Layer(name: "box", frame: Rect(x: 20, y: 30, width: 40, height: 20))
        fromSwift.anchorPoint = Point(0, 1)
        fromSwift.transform = .scale(1.5, 1.5)
        fromSwift.backgroundColor = Color(255, 0, 0)
        XCTAssertEqual(fromSwift.frame, Rect(x: 20, y: 30, width: 40, height: 20), "setting the anchor keeps the frame")
        XCTAssertEqual(fromSwift.position, Point(20, 50), "the anchor's point of the frame")
        XCTAssertEqual(fromYAML.frame, fromSwift.frame)
        XCTAssertEqual(fromYAML.position, fromSwift.position)

        func pixels(_ layer: Layer) -> [UInt8] {
            let root = Layer(frame: Rect(x: 0, y: 0, width: 100, height: 100))
            root.backgroundColor = .white
            root.addSublayer(layer)
            return LayerRenderer().render(root, width: 200, height: 200, scale: 2).bytes
        }
        let swiftPixels = pixels(fromSwift)
        XCTAssertEqual(swiftPixels, pixels(fromYAML))
        // Scaled 1.5 about the bottom-left corner (20, 50): it reaches x = 80 and y = 20.
        let p = LayerRenderer().render(
            {
                let r = Layer(frame: Rect(x: 0, y: 0, width: 100, height: 100)); r.addSublayer(fromSwift); return r
            }(),
            width: 100, height: 100, scale: 1)
        XCTAssertEqual(p[78, 22].r, 255)
        XCTAssertEqual(p[78, 22].g, 0)
    }

    /// UILabel draws only the lines that fit its height, the last one shown cut at the tail; a box
    /// lower than one line still shows that line.
    func testATextLayerDrawsOnlyTheLinesThatFitItsHeight() {
        var text = TextContent("one two three four five six seven eight nine ten eleven twelve", pointSize: 17, typography: .standard)
        text.numberOfLines = 0
        let all = text.paragraph(width: 120)
        XCTAssertGreaterThan(all.lines.count, 3)
        let two = all.lineHeights[0] + all.lineHeights[1]
        let shown = text.paragraph(width: 120, height: two + 0.5)
        XCTAssertEqual(shown.lines.count, 2)
        XCTAssertTrue(shown.truncated)
        XCTAssertEqual(shown.texts[0], all.texts[0])
        XCTAssertTrue(shown.texts[1].hasSuffix("\u{2026}"), shown.texts[1])
        XCTAssertEqual(text.paragraph(width: 120, height: 5).lines.count, 1)
        XCTAssertEqual(text.paragraph(width: 120, height: all.height), all, "a box as tall as the text shows it all")
        // A long text in a small box is set only as far as lines fit; what is drawn is the same
        // whether or not the whole text was set before (by a cell measuring it).
        var long = TextContent(String(repeating: "launch window (a text no other test sets) ", count: 2000), pointSize: 17, typography: .standard)
        long.numberOfLines = 0
        let first = long.paragraph(width: 120, height: two + 0.5)
        XCTAssertGreaterThan(long.paragraph(width: 120).lines.count, 100)
        XCTAssertEqual(long.paragraph(width: 120, height: two + 0.5), first)
        XCTAssertEqual(first.lines.count, 2)
        text.numberOfLines = 3
        XCTAssertEqual(text.paragraph(width: 120, height: 1000).lines.count, 3)
        XCTAssertEqual(text.paragraph(width: 120, height: two).lines.count, 2)
    }
}

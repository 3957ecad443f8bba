import Raster
import XCTest
@testable import Scene

/// `Layer.mask` (CALayer's `mask`): the mask's drawn alpha multiplies everything the layer draws.
final class LayerMaskTests: XCTestCase {
    /// A black 40 x 40 layer on white, masked by `mask`; returns the frame at scale 1.
    func masked(_ mask: Layer, shadow: Bool = false) -> Pixmap {
        let root = Layer(frame: Rect(x: 0, y: 0, width: 60, height: 60))
        root.backgroundColor = .white
        let layer = Layer(frame: Rect(x: 10, y: 10, width: 40, height: 40))
        layer.backgroundColor = .black
        if shadow {
            layer.shadowOpacity = 1
            layer.shadowRadius = 2
        }
        layer.mask = mask
        root.addSublayer(layer)
        return LayerRenderer().render(root, width: 60, height: 60, scale: 1)
    }

    /// A mask covering the left half at alpha 128: the left half is drawn at half alpha (grey 127
    /// on white), the right half not at all.
    func testTheMasksAlphaMultipliesTheLayer() {
        let mask = Layer(frame: Rect(x: 0, y: 0, width: 20, height: 40))
        mask.backgroundColor = Color(r: 0, g: 0, b: 0, a: 128)
        let p = masked(mask)
        XCTAssertEqual(Int(p[20, 30].r), 127, accuracy: 1)
        XCTAssertEqual(p[40, 30], Color.white.premultiplied)
    }

    /// The mask's opacity and its sublayers count; its own color does not (only alpha).
    func testTheMasksOpacityAndSublayersCount() {
        let mask = Layer(frame: Rect(x: 0, y: 0, width: 40, height: 40))
        mask.opacity = 0.5
        let part = Layer(frame: Rect(x: 20, y: 0, width: 20, height: 40))
        part.backgroundColor = Color(r: 255, g: 0, b: 0)
        mask.addSublayer(part)
        let p = masked(mask)
        XCTAssertEqual(p[20, 30], Color.white.premultiplied)
        XCTAssertEqual(Int(p[40, 30].r), 128, accuracy: 1)
        XCTAssertEqual(p[40, 30].r, p[40, 30].g, "the mask's red is not drawn: only its alpha")
    }

    /// A shape mask (an oval, as a CAShapeLayer mask is) cuts the square's corners; the shadow is
    /// masked too (nothing outside the oval).
    func testAnOvalMaskCutsTheCornersAndTheShadow() {
        let mask = Layer(frame: Rect(x: 0, y: 0, width: 40, height: 40))
        mask.contents = .shape(ShapeLayerContents(path: .ellipse(in: Rect(x: 0, y: 0, width: 40, height: 40))))
        let p = masked(mask, shadow: true)
        XCTAssertEqual(p[30, 30], Color.black.premultiplied)
        XCTAssertEqual(p[12, 12], Color.white.premultiplied, "a corner outside the oval")
        XCTAssertEqual(p[30, 52], Color.white.premultiplied, "the shadow below the layer")
        XCTAssertEqual(p[30, 11], Color.black.premultiplied, "the oval's top, inside")
    }
}

import CoreGraphics
import Foundation
import QuartzCore
import Raster
import RenderFramesKit
import Scene
@testable import UIKit
import UIKitExampleScreens
import XCTest

/// A view whose draw(_:) is `body`, counting its calls.
@MainActor final class DrawnView: UIView {
    var calls: [CGRect] = []
    var body: (CGContext, CGRect) -> Void
    init(frame: CGRect, _ body: @escaping (CGContext, CGRect) -> Void) {
        self.body = body
        super.init(frame: frame)
        isOpaque = false
    }
    required init?(coder: NSCoder) { fatalError() }
    override func draw(_ rect: CGRect) {
        calls.append(rect)
        body(UIGraphicsGetCurrentContext()!, rect)
    }
}

/// Runs a screen of views at `scale` (the backing stores' scale too) and draws its first frame.
enum DrawHarness {
    @MainActor static func run(scale: Double = 1, _ build: @escaping @MainActor (UIView) -> Void) -> ScreenRun {
        var settings = ScreenSettings(device: Device.named("iphone-15")!, appearance: .light, typography: .standard, fps: 1, imageFolders: [])
        settings.pixelScale = scale
        let motion = KeyframeTimeline(keyframes: [.init(time: 0, offset: 0, easing: .linear), .init(time: 1, offset: 0, easing: .linear)])
        let run = ScreenRun(
            settings: settings, motion: motion,
            make: {
                ControlsHostViewController { view in
                    view.backgroundColor = .white
                    build(view)
                }
            })
        run.advance(to: 0)
        return run
    }

    @MainActor static func frame(_ run: ScreenRun, scale: Double = 1) -> Pixmap {
        let d = run.settings.device
        return LayerRenderer().render(run.snapshot(), width: Int(d.size.width * scale), height: Int(d.size.height * scale), scale: scale)
    }

    @MainActor static func render(scale: Double = 1, _ build: @escaping @MainActor (UIView) -> Void) -> Pixmap {
        frame(run(scale: scale, build), scale: scale)
    }

    /// The pixels of `a` at `ra` and `b` at `rb` (same size) that differ.
    static func differences(_ p: Pixmap, _ a: PixelRect, _ b: PixelRect) -> Int {
        var n = 0
        for y in 0..<a.height {
            for x in 0..<a.width where p[a.x + x, a.y + y] != p[b.x + x, b.y + y] { n += 1 }
        }
        return n
    }

    /// The largest difference of a channel between `a` and `b` (same size).
    static func largestDifference(_ p: Pixmap, _ a: PixelRect, _ b: PixelRect) -> Int {
        var most = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let u = p[a.x + x, a.y + y], v = p[b.x + x, b.y + y]
                most = max(most, abs(Int(u.r) - Int(v.r)), abs(Int(u.g) - Int(v.g)), abs(Int(u.b) - Int(v.b)), abs(Int(u.a) - Int(v.a)))
            }
        }
        return most
    }

    /// Pixels of `rect` that are not white.
    static func ink(_ p: Pixmap, _ rect: PixelRect) -> Int {
        var n = 0
        for y in rect.y..<rect.maxY {
            for x in rect.x..<rect.maxX where p[x, y] != PremultipliedColor(r: 255, g: 255, b: 255, a: 255) { n += 1 }
        }
        return n
    }
}

/// A value a drawing closure records for the test to read.
final class Recorded<T>: @unchecked Sendable {
    var value: T
    init(_ value: T) { self.value = value }
}

/// On the main actor, as a CGPath (not Sendable, as Core Graphics has it) stays with the layers it is given to.
@MainActor
func shapeLayer(_ frame: CGRect, _ path: CGPath, fill: UIColor?, stroke: UIColor? = nil, width: CGFloat = 1) -> CAShapeLayer {
    let layer = CAShapeLayer()
    layer.frame = frame
    layer.path = path
    layer.fillColor = fill?.cgColor
    layer.strokeColor = stroke?.cgColor
    layer.lineWidth = width
    return layer
}

final class DrawingPixelTests: XCTestCase {
    /// A star filled in draw(_:) is, pixel for pixel, the star a CAShapeLayer fills, at 1x and 2x.
    func testAFilledPathIsTheShapeLayersPixels() {
        for scale in [1.0, 2.0] {
            let p = ControlsHarness.onMain {
                DrawHarness.render(scale: scale) { view in
                    view.addSubview(
                        DrawnView(frame: CGRect(x: 20, y: 100, width: 80, height: 80)) { _, _ in
                            UIColor.systemOrange.setFill()
                            ShapesViewController.star().fill()
                        })
                    view.layer.addSublayer(
                        shapeLayer(CGRect(x: 120, y: 100, width: 80, height: 80), ShapesViewController.star().cgPath, fill: .systemOrange))
                }
            }
            let s = Int(scale)
            let a = PixelRect(x: 20 * s, y: 100 * s, width: 80 * s, height: 80 * s), b = PixelRect(x: 120 * s, y: 100 * s, width: 80 * s, height: 80 * s)
            XCTAssertGreaterThan(DrawHarness.ink(p, a), 1000 * s * s, "the star is drawn")
            XCTAssertEqual(DrawHarness.differences(p, a, b), 0, "scale \(scale)")
        }
    }

    /// A stroke with the path's width, round caps and joins and a dash pattern, and a stroked
    /// ellipse through CGContext, are the CAShapeLayer's pixels.
    func testStrokesAndDashesAreTheShapeLayersPixels() {
        let wave = UIBezierPath()
        wave.move(to: CGPoint(x: 5, y: 40))
        wave.addCurve(to: CGPoint(x: 75, y: 40), controlPoint1: CGPoint(x: 30, y: -10), controlPoint2: CGPoint(x: 50, y: 90))
        let p = ControlsHarness.onMain {
            DrawHarness.render(scale: 2) { view in
                view.addSubview(
                    DrawnView(frame: CGRect(x: 20, y: 100, width: 80, height: 80)) { ctx, _ in
                        UIColor.systemBlue.setStroke()
                        let path = wave.copy() as! UIBezierPath
                        path.lineWidth = 6
                        path.lineCapStyle = .round
                        path.lineJoinStyle = .round
                        var dashes: [CGFloat] = [12, 8]
                        path.setLineDash(&dashes, count: 2, phase: 3)
                        path.stroke()
                    })
                let layer = shapeLayer(CGRect(x: 120, y: 100, width: 80, height: 80), wave.cgPath, fill: nil, stroke: .systemBlue, width: 6)
                layer.lineCap = .round
                layer.lineJoin = .round
                layer.lineDashPattern = [12, 8]
                layer.lineDashPhase = 3
                view.layer.addSublayer(layer)
                view.addSubview(
                    DrawnView(frame: CGRect(x: 20, y: 200, width: 80, height: 80)) { ctx, _ in
                        ctx.setStrokeColor(UIColor.systemGreen.cgColor)
                        ctx.setLineWidth(8)
                        ctx.strokeEllipse(in: CGRect(x: 10, y: 10, width: 60, height: 60))
                    })
                view.layer.addSublayer(
                    shapeLayer(
                        CGRect(x: 120, y: 200, width: 80, height: 80), CGPath(ellipseIn: CGRect(x: 10, y: 10, width: 60, height: 60), transform: nil),
                        fill: nil, stroke: .systemGreen, width: 8))
            }
        }
        XCTAssertGreaterThan(DrawHarness.ink(p, PixelRect(x: 40, y: 200, width: 160, height: 160)), 1500)
        let waves = (PixelRect(x: 40, y: 200, width: 160, height: 160), PixelRect(x: 240, y: 200, width: 160, height: 160))
        XCTAssertEqual(DrawHarness.differences(p, waves.0, waves.1), 0)
        let rings = (PixelRect(x: 40, y: 400, width: 160, height: 160), PixelRect(x: 240, y: 400, width: 160, height: 160))
        // A stroke's polygons leave faint seams inside the band that depend on the absolute
        // coordinates (the view's backing store is drawn at its own origin, the layer at its place
        // on screen): a few pixels inside the ring differ, none of its edge.
        let ringInk = DrawHarness.ink(p, rings.1)
        XCTAssertGreaterThan(ringInk, 5000)
        XCTAssertLessThan(DrawHarness.differences(p, rings.0, rings.1), ringInk / 200)
    }

    /// Clipping to an oval then filling the whole view gives the oval's pixels.
    func testAClipIsTheClippedShapesPixels() {
        let p = ControlsHarness.onMain {
            DrawHarness.render(scale: 1) { view in
                view.addSubview(
                    DrawnView(frame: CGRect(x: 20, y: 100, width: 80, height: 60)) { ctx, rect in
                        UIBezierPath(ovalIn: CGRect(x: 5, y: 5, width: 70, height: 50)).addClip()
                        UIColor.systemPurple.setFill()
                        UIRectFill(rect)
                    })
                view.layer.addSublayer(
                    shapeLayer(
                        CGRect(x: 120, y: 100, width: 80, height: 60), UIBezierPath(ovalIn: CGRect(x: 5, y: 5, width: 70, height: 50)).cgPath,
                        fill: .systemPurple))
            }
        }
        XCTAssertEqual(DrawHarness.differences(p, PixelRect(x: 20, y: 100, width: 80, height: 60), PixelRect(x: 120, y: 100, width: 80, height: 60)), 0)
        XCTAssertEqual(p[22, 102], PremultipliedColor(r: 255, g: 255, b: 255, a: 255), "outside the clip: the background")
    }

    /// A vertical linear gradient drawn in draw(_:) from a gradient made without a color space is
    /// the CAGradientLayer's pixels: both are interpolated in Generic RGB (Apple: "each color will
    /// be converted to and drawn in the GenericRGB color space"). One made in device RGB mixes the
    /// sRGB components; a gradient without the extending options leaves the part before its
    /// start undrawn.
    func testLinearGradientsAreTheGradientLayersPixels() {
        let colors = [UIColor.systemRed, UIColor.systemBlue]
        let p = ControlsHarness.onMain {
            DrawHarness.render(scale: 2) { view in
                view.addSubview(
                    DrawnView(frame: CGRect(x: 20, y: 100, width: 60, height: 90)) { ctx, rect in
                        let g = CGGradient(colorsSpace: nil, colors: colors.map(\.cgColor) as CFArray, locations: [0, 1])!
                        ctx.drawLinearGradient(g, start: .zero, end: CGPoint(x: 0, y: 90), options: [])
                    })
                let layer = CAGradientLayer()
                layer.frame = CGRect(x: 120, y: 100, width: 60, height: 90)
                layer.colors = colors.map(\.cgColor)
                view.layer.addSublayer(layer)
                view.addSubview(
                    DrawnView(frame: CGRect(x: 200, y: 100, width: 60, height: 90)) { ctx, rect in
                        let g = CGGradient(colorsSpace: CGColorSpaceCreateDeviceRGB(), colors: colors.map(\.cgColor) as CFArray, locations: nil)!
                        ctx.drawLinearGradient(g, start: CGPoint(x: 0, y: 45), end: CGPoint(x: 0, y: 90), options: [])
                    })
            }
        }
        XCTAssertEqual(DrawHarness.differences(p, PixelRect(x: 40, y: 200, width: 120, height: 180), PixelRect(x: 240, y: 200, width: 120, height: 180)), 0)
        XCTAssertEqual(p[420, 210], PremultipliedColor(r: 255, g: 255, b: 255, a: 255), "before the start: undrawn")
        // Just after the start (t = 1.25 / 45): systemRed (255, 59, 48) a little toward systemBlue (0, 122, 255).
        XCTAssertEqual(p[420, 292].a, 255)
        XCTAssertEqual(Double(p[420, 292].r), 255 * (1 - 1.25 / 45), accuracy: 1)
        // Halfway (t = 0.25 / 45 past the middle, row 335): device RGB's components are the mean,
        // (127.5, 90.5, 151.5); Generic RGB's middle is lighter in red and blue (gamma 1.8).
        let device = p[420, 335], generic = p[260, 290]
        XCTAssertEqual(Double(device.r), 127.5 - 255 * 0.25 / 45, accuracy: 1)
        XCTAssertEqual(Double(device.b), 151.5 + 207 * 0.25 / 45, accuracy: 1)
        XCTAssertGreaterThan(Int(generic.r), Int(device.r) + 15)
        XCTAssertGreaterThan(Int(generic.b), Int(device.b) + 5)
    }

    /// A radial gradient from a point to a 40-point circle: the centre is the first color, the
    /// ring at 20 points halfway, beyond the end circle nothing (without .drawsAfterEndLocation).
    func testARadialGradientsColorsAreItsCircles() {
        let p = ControlsHarness.onMain {
            DrawHarness.render(scale: 1) { view in
                view.addSubview(
                    DrawnView(frame: CGRect(x: 20, y: 100, width: 100, height: 100)) { ctx, _ in
                        let g = CGGradient(
                            colorsSpace: CGColorSpaceCreateDeviceRGB(),
                            colors: [UIColor(red: 0, green: 0, blue: 0, alpha: 1).cgColor, UIColor(red: 1, green: 0, blue: 0, alpha: 1).cgColor] as CFArray,
                            locations: [0, 1])!
                        ctx.drawRadialGradient(g, startCenter: CGPoint(x: 50, y: 50), startRadius: 0, endCenter: CGPoint(x: 50, y: 50), endRadius: 40, options: [])
                    })
            }
        }
        XCTAssertLessThan(p[70, 150].r, 10, "the centre")
        // Pixel (90, 150)'s centre is 20.5 points from the centre: t = 20.5 / 40.
        XCTAssertEqual(Double(p[90, 150].r), 255 * 20.5 / 40, accuracy: 1)
        XCTAssertEqual(p[115, 150], PremultipliedColor(r: 255, g: 255, b: 255, a: 255), "beyond the end circle")
    }

    /// The context of draw(_:) is in points, y down, at the screen's scale: ctm reports
    /// (s, 0, 0, -s, 0, height in pixels); a rect at the origin is drawn at the view's top left.
    func testTheViewsContextIsFlippedPointsAtTheScreensScale() {
        let ctm = Recorded(CGAffineTransform.identity)
        let size = Recorded((0, 0))
        let p = ControlsHarness.onMain {
            DrawHarness.render(scale: 2) { view in
                view.addSubview(
                    DrawnView(frame: CGRect(x: 20, y: 100, width: 50, height: 30)) { ctx, _ in
                        ctm.value = ctx.ctm
                        size.value = (ctx.width, ctx.height)
                        ctx.setFillColor(UIColor.black.cgColor)
                        ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 5))
                        ctx.translateBy(x: 20, y: 10)
                        ctx.rotate(by: .pi / 2)
                        // After the rotation +x points down the screen.
                        ctx.fill(CGRect(x: 0, y: -2, width: 10, height: 2))
                    })
            }
        }
        XCTAssertEqual(ctm.value, CGAffineTransform(a: 2, b: 0, c: 0, d: -2, tx: 0, ty: 60))
        XCTAssertEqual(size.value.0, 100)
        XCTAssertEqual(size.value.1, 60)
        XCTAssertEqual(p[41, 201], PremultipliedColor(r: 0, g: 0, b: 0, a: 255), "the top-left rect")
        XCTAssertEqual(p[58, 209], PremultipliedColor(r: 0, g: 0, b: 0, a: 255))
        XCTAssertEqual(p[41, 211], PremultipliedColor(r: 255, g: 255, b: 255, a: 255), "below it")
        // The rotated rect: (x, y) -> (20 - y, 10 + x), so x 20...22 points of the view across, 10...20 down.
        XCTAssertEqual(p[2 * (20 + 21) + 1, 2 * (100 + 15)], PremultipliedColor(r: 0, g: 0, b: 0, a: 255))
        XCTAssertEqual(p[2 * (20 + 19) + 1, 2 * (100 + 15)], PremultipliedColor(r: 255, g: 255, b: 255, a: 255))
    }

    /// saveGState / restoreGState bring back the fill color, the matrix and the clip.
    func testRestoringTheStateBringsBackColorMatrixAndClip() {
        let p = ControlsHarness.onMain {
            DrawHarness.render(scale: 1) { view in
                view.addSubview(
                    DrawnView(frame: CGRect(x: 0, y: 100, width: 100, height: 100)) { ctx, _ in
                        ctx.setFillColor(UIColor.red.cgColor)
                        ctx.saveGState()
                        ctx.setFillColor(UIColor.blue.cgColor)
                        ctx.translateBy(x: 50, y: 0)
                        ctx.clip(to: CGRect(x: 0, y: 0, width: 10, height: 10))
                        ctx.fill(CGRect(x: 0, y: 0, width: 50, height: 50))
                        ctx.restoreGState()
                        ctx.fill(CGRect(x: 0, y: 20, width: 50, height: 10))
                    })
            }
        }
        XCTAssertEqual(p[55, 105], PremultipliedColor(r: 0, g: 0, b: 255, a: 255))
        XCTAssertEqual(p[55, 115], PremultipliedColor(r: 255, g: 255, b: 255, a: 255), "clipped")
        XCTAssertEqual(p[5, 125], PremultipliedColor(r: 255, g: 0, b: 0, a: 255), "red again, at the untranslated origin, unclipped")
    }

    /// Blend modes: clear makes pixels transparent, multiply multiplies, destinationOut cuts.
    func testBlendModesGiveCoreGraphicsValues() {
        let image = ControlsHarness.onMain {
            UIGraphicsImageRenderer(size: CGSize(width: 30, height: 10), format: { let f = UIGraphicsImageRendererFormat(); f.scale = 1; return f }())
                .image { r in
                    let ctx = r.cgContext
                    ctx.setFillColor(UIColor(red: 1, green: 0.5, blue: 0, alpha: 1).cgColor)
                    ctx.fill(CGRect(x: 0, y: 0, width: 30, height: 10))
                    ctx.clear(CGRect(x: 0, y: 0, width: 10, height: 10))
                    ctx.setBlendMode(.multiply)
                    ctx.setFillColor(UIColor(white: 0.5, alpha: 1).cgColor)
                    ctx.fill(CGRect(x: 10, y: 0, width: 10, height: 10))
                    ctx.setBlendMode(.destinationOut)
                    ctx.setFillColor(UIColor(white: 0, alpha: 0.5).cgColor)
                    ctx.fill(CGRect(x: 20, y: 0, width: 10, height: 10))
                }
        }
        let px = image.cgImage!.pixmap
        XCTAssertEqual(px[5, 5], .clear)
        // 255 x 128/255 and 128 x 128/255.
        XCTAssertEqual(px[15, 5], PremultipliedColor(r: 128, g: 64, b: 0, a: 255))
        // Half the alpha cut: premultiplied (255, 128, 0, 255) x (1 - 128/255).
        XCTAssertEqual(px[25, 5], PremultipliedColor(r: 127, g: 64, b: 0, a: 127))
    }

    /// Text drawn with NSString.draw(at:withAttributes:) is the text a UILabel of the same font
    /// and color draws there: the same ink within a pixel.
    func testDrawnTextIsTheLabelsText() {
        let attributes: [NSAttributedString.Key: Any] = [.font: UIFont.systemFont(ofSize: 20, weight: .semibold), .foregroundColor: UIColor.black]
        let measured = Recorded(CGSize.zero)
        let p = ControlsHarness.onMain {
            DrawHarness.render(scale: 2) { view in
                view.addSubview(
                    DrawnView(frame: CGRect(x: 20, y: 100, width: 200, height: 40)) { _, _ in
                        measured.value = ("Drawn text" as NSString).size(withAttributes: attributes)
                        ("Drawn text" as NSString).draw(at: .zero, withAttributes: attributes)
                    })
                let label = UILabel()
                label.attributedText = NSAttributedString(string: "Drawn text", attributes: attributes)
                label.sizeToFit()
                label.frame.origin = CGPoint(x: 20, y: 200)
                view.addSubview(label)
            }
        }
        XCTAssertEqual(measured.value.height, 24, accuracy: 1, "a 20-point line")
        func inkBox(_ y0: Int) -> (Int, Int, Int, Int, Int) {
            var box = (Int.max, Int.max, Int.min, Int.min, 0)
            for y in y0..<(y0 + 80) {
                for x in 40..<440 where p[x, y].r < 128 {
                    box = (min(box.0, x), min(box.1, y - y0), max(box.2, x), max(box.3, y - y0), box.4 + 1)
                }
            }
            return box
        }
        let drawn = inkBox(200), label = inkBox(400)
        XCTAssertGreaterThan(drawn.4, 500)
        XCTAssertEqual(drawn.0, label.0, accuracy: 1)
        XCTAssertEqual(drawn.1, label.1, accuracy: 1)
        XCTAssertEqual(drawn.2, label.2, accuracy: 1)
        XCTAssertEqual(drawn.3, label.3, accuracy: 1)
        XCTAssertEqual(Double(drawn.4), Double(label.4), accuracy: Double(label.4) * 0.05)
    }

    /// NSAttributedString.draw(at:) is NSString.draw(at:withAttributes:) with its attributes;
    /// draw(in:) wraps to the rect's width and leaves out the lines below its bottom.
    func testAttributedTextAndTextInARect() {
        let attributes: [NSAttributedString.Key: Any] = [.font: UIFont.systemFont(ofSize: 17), .foregroundColor: UIColor.black]
        let long = "one two three four five six seven eight nine ten eleven twelve"
        let p = ControlsHarness.onMain {
            DrawHarness.render(scale: 1) { view in
                view.addSubview(
                    DrawnView(frame: CGRect(x: 0, y: 100, width: 200, height: 30)) { _, _ in
                        NSAttributedString(string: "Same text", attributes: attributes).draw(at: CGPoint(x: 10, y: 5))
                    })
                view.addSubview(
                    DrawnView(frame: CGRect(x: 200, y: 100, width: 193, height: 30)) { _, _ in
                        ("Same text" as NSString).draw(at: CGPoint(x: 10, y: 5), withAttributes: attributes)
                    })
                view.addSubview(
                    DrawnView(frame: CGRect(x: 0, y: 200, width: 120, height: 200)) { _, _ in
                        (long as NSString).draw(in: CGRect(x: 0, y: 0, width: 120, height: 45), withAttributes: attributes)
                    })
            }
        }
        XCTAssertGreaterThan(DrawHarness.ink(p, PixelRect(x: 0, y: 100, width: 193, height: 30)), 100)
        XCTAssertEqual(DrawHarness.differences(p, PixelRect(x: 0, y: 100, width: 193, height: 30), PixelRect(x: 200, y: 100, width: 193, height: 30)), 0)
        // 17-point lines are about 20 points apart: two fit in 45 points, the rest is left out;
        // no line is wider than the rect.
        let rows = (200..<400).filter { y in DrawHarness.ink(p, PixelRect(x: 0, y: y, width: 393, height: 1)) > 0 }
        XCTAssertGreaterThan(rows.last ?? 0, 225, "a second line")
        XCTAssertLessThan(rows.last ?? 999, 245, "no third line")
        XCTAssertEqual(DrawHarness.ink(p, PixelRect(x: 121, y: 200, width: 272, height: 200)), 0)
    }

    /// UIBezierPath.fill(with:alpha:) fills at that alpha: black at 0.5 over white is 128 gray.
    func testAFillsAlphaMultipliesTheColor() {
        let p = ControlsHarness.onMain {
            DrawHarness.render(scale: 1) { view in
                view.addSubview(
                    DrawnView(frame: CGRect(x: 0, y: 100, width: 20, height: 20)) { _, _ in
                        UIColor.black.setFill()
                        UIBezierPath(rect: CGRect(x: 0, y: 0, width: 20, height: 20)).fill(with: .normal, alpha: 0.5)
                    })
            }
        }
        XCTAssertEqual(p[10, 110], PremultipliedColor(r: 127, g: 127, b: 127, a: 255))
    }

    /// CGContext.draw(_:in:) draws a CGImage as Core Graphics does (upside down in UIKit's
    /// flipped context); UIImage.draw(in:) draws it upright.
    func testCGImagesDrawFlippedAndUIImagesUpright() {
        let image = ControlsHarness.onMain {
            UIGraphicsImageRenderer(size: CGSize(width: 10, height: 10), format: { let f = UIGraphicsImageRendererFormat(); f.scale = 1; return f }())
                .image { r in
                    UIColor.red.setFill()
                    r.fill(CGRect(x: 0, y: 0, width: 10, height: 5))
                    UIColor.blue.setFill()
                    r.fill(CGRect(x: 0, y: 5, width: 10, height: 5))
                }
        }
        let p = ControlsHarness.onMain {
            DrawHarness.render(scale: 1) { view in
                view.addSubview(
                    DrawnView(frame: CGRect(x: 0, y: 100, width: 60, height: 20)) { ctx, _ in
                        ctx.draw(image.cgImage!, in: CGRect(x: 0, y: 0, width: 20, height: 20))
                        image.draw(in: CGRect(x: 30, y: 0, width: 20, height: 20))
                    })
            }
        }
        XCTAssertEqual(p[10, 102], PremultipliedColor(r: 0, g: 0, b: 255, a: 255), "CGContext: the image's bottom at the top")
        XCTAssertEqual(p[10, 117], PremultipliedColor(r: 255, g: 0, b: 0, a: 255))
        XCTAssertEqual(p[40, 102], PremultipliedColor(r: 255, g: 0, b: 0, a: 255), "UIImage: upright")
        XCTAssertEqual(p[40, 117], PremultipliedColor(r: 0, g: 0, b: 255, a: 255))
    }
}

final class DrawingLifecycleTests: XCTestCase {
    /// draw(_:) runs on first display, again only after setNeedsDisplay, not every frame; a
    /// bounds size change redraws only with contentMode .redraw.
    func testDrawRunsWhenTheViewNeedsDisplay() {
        ControlsHarness.onMain {
            var drawn: DrawnView!
            let run = DrawHarness.run { view in
                drawn = DrawnView(frame: CGRect(x: 20, y: 100, width: 80, height: 80)) { ctx, rect in
                    ctx.setFillColor(UIColor.black.cgColor)
                    ctx.fill(rect)
                }
                view.addSubview(drawn)
            }
            XCTAssertEqual(drawn.calls.count, 0, "not before the first frame is drawn")
            _ = run.snapshot()
            XCTAssertEqual(drawn.calls, [CGRect(x: 0, y: 0, width: 80, height: 80)])
            _ = run.snapshot()
            _ = run.snapshot()
            XCTAssertEqual(drawn.calls.count, 1, "kept, not drawn every frame")
            drawn.setNeedsDisplay()
            drawn.setNeedsDisplay()
            _ = run.snapshot()
            XCTAssertEqual(drawn.calls.count, 2, "once per display, however many marks")
            drawn.frame.size = CGSize(width: 100, height: 80)
            _ = run.snapshot()
            XCTAssertEqual(drawn.calls.count, 2, "scaleToFill stretches the old drawing")
            drawn.contentMode = .redraw
            drawn.frame.size = CGSize(width: 120, height: 80)
            _ = run.snapshot()
            XCTAssertEqual(drawn.calls.count, 3)
            XCTAssertEqual(drawn.calls.last, CGRect(x: 0, y: 0, width: 120, height: 80))
            drawn.frame.origin = CGPoint(x: 30, y: 120)
            _ = run.snapshot()
            XCTAssertEqual(drawn.calls.count, 3, "moving is not resizing")
            drawn.isHidden = true
            drawn.setNeedsDisplay()
            _ = run.snapshot()
            XCTAssertEqual(drawn.calls.count, 3, "a hidden view is not displayed")
            drawn.isHidden = false
            _ = run.snapshot()
            XCTAssertEqual(drawn.calls.count, 4)
        }
    }

    /// setNeedsDisplay(_:) redraws only the marked part: draw(_:) gets it, the rest is kept.
    func testAMarkedPartIsRedrawnAndTheRestKept() {
        let color = Recorded(UIColor.red)
        let (p, rects) = ControlsHarness.onMain { () -> (Pixmap, [CGRect]) in
            var drawn: DrawnView!
            let run = DrawHarness.run { view in
                drawn = DrawnView(frame: CGRect(x: 0, y: 100, width: 40, height: 40)) { ctx, _ in
                    color.value.setFill()
                    UIRectFill(CGRect(x: 0, y: 0, width: 40, height: 40))
                }
                view.addSubview(drawn)
            }
            _ = run.snapshot()
            color.value = .blue
            drawn.setNeedsDisplay(CGRect(x: 0, y: 0, width: 10, height: 10))
            return (DrawHarness.frame(run), drawn.calls)
        }
        XCTAssertEqual(rects.last, CGRect(x: 0, y: 0, width: 10, height: 10))
        XCTAssertEqual(p[5, 105], PremultipliedColor(r: 0, g: 0, b: 255, a: 255))
        XCTAssertEqual(p[20, 120], PremultipliedColor(r: 255, g: 0, b: 0, a: 255), "kept from the first drawing")
    }

    /// A plain CALayer subclass is drawn (draw(in:)) only after setNeedsDisplay, at its
    /// contentsScale; a layer's delegate draws for it.
    func testLayersDrawAfterSetNeedsDisplayAtTheirContentsScale() {
        final class Dot: CALayer {
            var calls = 0
            var sizes: [Int] = []
            override func draw(in ctx: CGContext) {
                calls += 1
                sizes.append(ctx.width)
                ctx.setFillColor(UIColor.black.cgColor)
                ctx.fillEllipse(in: bounds)
            }
        }
        final class Painter: CALayerDelegate {
            var calls = 0
            func draw(_ layer: CALayer, in ctx: CGContext) {
                calls += 1
                ctx.setFillColor(UIColor.green.cgColor)
                ctx.fill(layer.bounds)
            }
        }
        ControlsHarness.onMain {
            let dot = Dot()
            let painter = Painter()
            let painted = CALayer()
            let run = DrawHarness.run { view in
                dot.frame = CGRect(x: 0, y: 100, width: 20, height: 20)
                view.layer.addSublayer(dot)
                painted.frame = CGRect(x: 30, y: 100, width: 20, height: 20)
                painted.delegate = painter
                view.layer.addSublayer(painted)
            }
            _ = run.snapshot()
            XCTAssertEqual(dot.calls, 0, "a layer has no contents until asked")
            dot.contentsScale = 3
            dot.setNeedsDisplay()
            painted.setNeedsDisplay()
            let p = DrawHarness.frame(run)
            XCTAssertEqual(dot.calls, 1)
            XCTAssertEqual(dot.sizes, [60], "20 points at contentsScale 3")
            XCTAssertEqual(painter.calls, 1)
            XCTAssertTrue(dot.contents is CGImage)
            XCTAssertEqual(p[10, 110], PremultipliedColor(r: 0, g: 0, b: 0, a: 255))
            XCTAssertEqual(p[40, 110], PremultipliedColor(r: 0, g: 255, b: 0, a: 255))
        }
    }

    /// A view whose draw(_:) is UIView's own keeps no backing store: contents set on its layer stay.
    func testAPlainViewKeepsNoBackingStore() {
        ControlsHarness.onMain {
            var plain: UIView!
            var image: CGImage!
            let run = DrawHarness.run { view in
                plain = UIView(frame: CGRect(x: 0, y: 100, width: 10, height: 10))
                image = UIGraphicsImageRenderer(size: CGSize(width: 10, height: 10)).image { r in r.fill(CGRect(x: 0, y: 0, width: 10, height: 10)) }.cgImage
                plain.layer.contents = image
                view.addSubview(plain)
            }
            let p = DrawHarness.frame(run)
            XCTAssertTrue(plain.layer.contents as? CGImage === image)
            XCTAssertEqual(p[5, 105], PremultipliedColor(r: 0, g: 0, b: 0, a: 255), "the contents image is drawn")
        }
    }
}

/// `boundingRect(with:options:attributes:context:)`, as screens size their header labels and cells.
final class TextBoundingRectTests: XCTestCase {
    /// With `.usesLineFragmentOrigin` the text wraps to the width and the rectangle starts at
    /// (0, 0), every line counted; without it, one line from its baseline: the rectangle starts
    /// the font's ascender above, as wide and tall as `size(withAttributes:)`.
    func testLineFragmentOriginWrapsToTheWidthAndOneLineStartsAtTheBaseline() {
        ControlsHarness.onMain {
            let font = UIFont.systemFont(ofSize: 17)
            let text = "A profile header whose bio runs over several lines on a phone" as NSString
            let attributes: [NSAttributedString.Key: Any] = [.font: font]
            let line = text.size(withAttributes: attributes)
            let wrapped = text.boundingRect(
                with: CGSize(width: 150, height: CGFloat.greatestFiniteMagnitude), options: [.usesLineFragmentOrigin, .usesFontLeading],
                attributes: attributes, context: nil)
            XCTAssertEqual(wrapped.origin, .zero)
            XCTAssertLessThanOrEqual(wrapped.width, 150)
            XCTAssertGreaterThanOrEqual(wrapped.height, 3 * line.height - 0.01, "at 150 pt the text takes three lines or more")
            let single = text.boundingRect(with: CGSize(width: 150, height: 100), options: [], attributes: attributes, context: nil)
            XCTAssertEqual(single.origin.y, -font.ascender)
            XCTAssertEqual(single.size, line, "one line, not wrapped")
            XCTAssertEqual(
                (text as String).boundingRect(with: CGSize(width: 150, height: 1000), options: .usesLineFragmentOrigin, attributes: attributes, context: nil),
                wrapped)
            let attributed = NSAttributedString(string: text as String, attributes: attributes)
            XCTAssertEqual(attributed.boundingRect(with: CGSize(width: 150, height: 1000), options: .usesLineFragmentOrigin, context: nil), wrapped)
        }
    }

    /// Text drawn in a context takes the font's face: Georgia's stand-in is a wider face than the
    /// system font's at the same size, so the same words measure differently.
    func testANamedFontIsMeasuredInItsOwnFace() throws {
        try ControlsHarness.onMain {
            let georgia = try XCTUnwrap(UIFont(name: "Georgia", size: 17))
            let system = UIFont.systemFont(ofSize: 17)
            let text = "Stretchy headers" as NSString
            XCTAssertNotEqual(text.size(withAttributes: [.font: georgia]).width, text.size(withAttributes: [.font: system]).width)
        }
    }
}

final class ImageRendererTests: XCTestCase {
    /// The renderer's image has the renderer's size in points, the format's scale, and pixels of
    /// both; an opaque format has no transparent pixel.
    func testTheImageHasTheRenderersSizeAndScale() {
        ControlsHarness.onMain {
            let format = UIGraphicsImageRendererFormat()
            format.scale = 2
            let image = UIGraphicsImageRenderer(size: CGSize(width: 40, height: 20), format: format).image { r in
                UIColor.red.setFill()
                r.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
                XCTAssertEqual(r.cgContext.ctm, CGAffineTransform(a: 2, b: 0, c: 0, d: -2, tx: 0, ty: 40))
            }
            XCTAssertEqual(image.size, CGSize(width: 40, height: 20))
            XCTAssertEqual(image.scale, 2)
            XCTAssertEqual(image.cgImage?.width, 80)
            XCTAssertEqual(image.cgImage?.height, 40)
            XCTAssertEqual(image.cgImage!.pixmap[19, 19], PremultipliedColor(r: 255, g: 0, b: 0, a: 255))
            XCTAssertEqual(image.cgImage!.pixmap[20, 19], .clear)
            format.opaque = true
            let opaque = UIGraphicsImageRenderer(size: CGSize(width: 4, height: 4), format: format).image { _ in }
            XCTAssertEqual(opaque.cgImage!.pixmap[3, 3], PremultipliedColor(r: 0, g: 0, b: 0, a: 255))
            XCTAssertEqual(UIGraphicsImageRenderer(size: CGSize(width: 4, height: 4)).image { _ in }.scale, 3, "the screen's scale by default (iPhone 15)")
            let png = UIGraphicsImageRenderer(size: CGSize(width: 4, height: 4), format: format).pngData { _ in }
            XCTAssertEqual(UIImage(data: png)?.size, CGSize(width: 8, height: 8), "PNG data of 8 x 8 pixels")
        }
    }

    /// UIGraphicsBeginImageContextWithOptions: scale 0 is the screen's, the image is what was
    /// drawn, and after UIGraphicsEndImageContext there is no current context.
    func testTheOlderImageContextAPI() {
        ControlsHarness.onMain {
            UIGraphicsBeginImageContextWithOptions(CGSize(width: 10, height: 6), false, 0)
            UIColor.green.setFill()
            UIBezierPath(rect: CGRect(x: 0, y: 0, width: 5, height: 6)).fill()
            let image = UIGraphicsGetImageFromCurrentImageContext()
            UIGraphicsEndImageContext()
            XCTAssertNil(UIGraphicsGetCurrentContext())
            XCTAssertNil(UIGraphicsGetImageFromCurrentImageContext())
            XCTAssertEqual(image?.size, CGSize(width: 10, height: 6))
            XCTAssertEqual(image?.scale, 3)
            XCTAssertEqual(image?.cgImage?.pixmap[14, 17], PremultipliedColor(r: 0, g: 255, b: 0, a: 255))
            XCTAssertEqual(image?.cgImage?.pixmap[15, 17], .clear)
        }
    }

    /// A circle drawn by a renderer and shown in an image view of its size is the circle a
    /// CAShapeLayer draws.
    func testARendererImageInAnImageViewIsTheShape() {
        let p = ControlsHarness.onMain {
            DrawHarness.render(scale: 2) { view in
                let format = UIGraphicsImageRendererFormat()
                format.scale = 2
                let image = UIGraphicsImageRenderer(size: CGSize(width: 40, height: 40), format: format).image { _ in
                    UIColor.systemTeal.setFill()
                    UIBezierPath(ovalIn: CGRect(x: 4, y: 4, width: 32, height: 32)).fill()
                }
                let imageView = UIImageView(image: image)
                imageView.frame = CGRect(x: 20, y: 100, width: 40, height: 40)
                view.addSubview(imageView)
                view.layer.addSublayer(
                    shapeLayer(CGRect(x: 120, y: 100, width: 40, height: 40), UIBezierPath(ovalIn: CGRect(x: 4, y: 4, width: 32, height: 32)).cgPath, fill: .systemTeal))
            }
        }
        XCTAssertGreaterThan(DrawHarness.ink(p, PixelRect(x: 40, y: 200, width: 80, height: 80)), 3000)
        XCTAssertEqual(DrawHarness.differences(p, PixelRect(x: 40, y: 200, width: 80, height: 80), PixelRect(x: 240, y: 200, width: 80, height: 80)), 0)
    }
}

/// The custom-drawn stats screen (Examples/StretchyHeader/Sources/Screens/StatsViewController.swift):
/// a header's gradient, wave and title, a progress ring, a bar chart with drawn day letters, a
/// renderer-made avatar, at @1x and @2x.
final class DrawingGoldenTests: XCTestCase {
    /// draw(_:) runs on the main thread in frame order: the drawn screen through a drag is the
    /// same bytes with one worker and with three.
    func testTheSameBytesForAnyNumberOfWorkers() throws {
        let base = NSTemporaryDirectory() + "uikit-drawing-jobs-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: base) }
        for jobs in [1, 3] {
            try renderFrames(
                of: { StatsDrawnViewController() }, scenario: ScreenSmokeTests.fixtures + "/drag.yaml", out: base + "/\(jobs)", frames: "0-11",
                scale: 0.5, jobs: jobs)
        }
        for i in 0..<12 {
            let name = String(format: "%04d.png", i)
            let one = try XCTUnwrap(FileManager.default.contents(atPath: base + "/1/" + name))
            XCTAssertEqual(one, FileManager.default.contents(atPath: base + "/3/" + name), name)
        }
    }

    func testTheStatsScreenAgainstItsGoldens() throws {
        try assertFrames(
            of: { StatsDrawnViewController() }, scenario: ScreenSmokeTests.fixtures + "/still.yaml",
            golden: ScreenSmokeTests.fixtures + "/golden/drawing", frames: "0", scale: 1)
        try assertFrames(
            of: { StatsDrawnViewController() }, scenario: ScreenSmokeTests.fixtures + "/still.yaml",
            golden: ScreenSmokeTests.fixtures + "/golden/drawing-2x", frames: "0", scale: 2)
    }
}

import Foundation
import Raster
import RenderFramesKit
import ScenarioFormat
import Scene
@testable import UIKit
import XCTest

/// A pentagram's five points, each joined to the second next: a self-crossing outline whose middle
/// has winding number 2 (filled by the nonzero rule, a hole by the even-odd rule).
func starPoints(in r: CGRect) -> [CGPoint] {
    (0..<5).map { i in
        let a = -CGFloat.pi / 2 + CGFloat(i * 2 % 5) * 2 * .pi / 5
        return CGPoint(x: r.midX + r.width / 2 * cos(a), y: r.midY + r.height / 2 * sin(a))
    }
}

/// Shape layers and a shadow path, each drawn as UIKit draws them: a star by both fill rules, a
/// ring, a ring trimmed to its right half, a continuous rounded bar, a dashed line, a pie, a
/// rectangle rounded on two corners, and a view whose shadow takes an oval path.
@MainActor final class ShapesViewController: UIViewController {
    static let orange = UIColor(red: 1, green: 149 / 255, blue: 0, alpha: 1)

    func shape(_ name: String, _ frame: CGRect, _ path: CGPath, fill: UIColor?, stroke: UIColor? = nil, width: CGFloat = 1) -> CAShapeLayer {
        let layer = CAShapeLayer()
        layer.name = name
        layer.frame = frame
        layer.path = path
        layer.fillColor = fill?.cgColor
        layer.strokeColor = stroke?.cgColor
        layer.lineWidth = width
        view.layer.addSublayer(layer)
        return layer
    }

    nonisolated static func star() -> UIBezierPath {
        let path = UIBezierPath()
        let points = starPoints(in: CGRect(x: 2, y: 2, width: 76, height: 76))
        path.move(to: points[0])
        for p in points.dropFirst() { path.addLine(to: p) }
        path.close()
        return path
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        shape("star", CGRect(x: 20, y: 100, width: 80, height: 80), Self.star().cgPath, fill: Self.orange)
        shape("starEvenOdd", CGRect(x: 110, y: 100, width: 80, height: 80), Self.star().cgPath, fill: Self.orange).fillRule = .evenOdd
        shape(
            "ring", CGRect(x: 200, y: 100, width: 80, height: 80), UIBezierPath(ovalIn: CGRect(x: 10, y: 10, width: 60, height: 60)).cgPath,
            fill: nil, stroke: .systemGreen, width: 8)
        let half = shape(
            "halfRing", CGRect(x: 290, y: 100, width: 80, height: 80),
            UIBezierPath(arcCenter: CGPoint(x: 40, y: 40), radius: 30, startAngle: -.pi / 2, endAngle: 3 * .pi / 2, clockwise: true).cgPath,
            fill: nil, stroke: .systemGreen, width: 8)
        half.strokeEnd = 0.5
        half.lineCap = .round
        shape(
            "bar", CGRect(x: 20, y: 210, width: 200, height: 40),
            UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 200, height: 40), cornerRadius: 12).cgPath,
            fill: .systemBlue)
        let line = CGMutablePath()
        line.move(to: CGPoint(x: 0, y: 20))
        line.addLine(to: CGPoint(x: 130, y: 20))
        let dashed = shape("dashes", CGRect(x: 240, y: 210, width: 130, height: 40), line, fill: nil, stroke: .black, width: 6)
        dashed.lineDashPattern = [10, 10]
        let pie = UIBezierPath(arcCenter: CGPoint(x: 40, y: 40), radius: 38, startAngle: 0, endAngle: 1.5 * .pi, clockwise: true)
        pie.addLine(to: CGPoint(x: 40, y: 40))
        pie.close()
        shape("pie", CGRect(x: 20, y: 290, width: 80, height: 80), pie.cgPath, fill: .systemPurple, stroke: .black, width: 2).lineJoin = .round
        shape(
            "corners", CGRect(x: 110, y: 290, width: 120, height: 80),
            UIBezierPath(
                roundedRect: CGRect(x: 0, y: 0, width: 120, height: 80), byRoundingCorners: [.topLeft, .bottomRight],
                cornerRadii: CGSize(width: 30, height: 30)
            ).cgPath,
            fill: .systemTeal)
        let card = UIView(frame: CGRect(x: 260, y: 290, width: 80, height: 80))
        card.backgroundColor = .white
        card.layer.shadowOpacity = 1
        card.layer.shadowRadius = 2
        card.layer.shadowOffset = .zero
        card.layer.shadowPath = UIBezierPath(ovalIn: CGRect(x: 0, y: 50, width: 80, height: 40)).cgPath
        card.accessibilityIdentifier = "card"
        view.addSubview(card)
    }
}

/// The same card without a shadow path: its shadow is its square's.
@MainActor final class SquareShadowViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        let card = UIView(frame: CGRect(x: 260, y: 290, width: 80, height: 80))
        card.backgroundColor = .white
        card.layer.shadowOpacity = 1
        card.layer.shadowRadius = 2
        card.layer.shadowOffset = .zero
        view.addSubview(card)
    }
}

/// The first frame of a screen at @1x (Fixtures/uikit/still.yaml).
func firstFrame(_ make: @escaping @MainActor () -> UIViewController) throws -> Pixmap {
    let out = NSTemporaryDirectory() + "uikit-shapes-\(getpid())-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: out) }
    try renderFrames(of: make, scenario: ScreenSmokeTests.fixtures + "/still.yaml", out: out, frames: "0", scale: 1)
    let first = try XCTUnwrap(FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasSuffix(".png") }.sorted().first)
    return try ImageDecoder.decode(fileAt: out + "/" + first)
}

final class ShapeGeometryTests: XCTestCase {
    func testBoundingBoxesCurrentPointsAndCopies() {
        let empty = CGMutablePath()
        XCTAssertTrue(empty.isEmpty)
        XCTAssertTrue(empty.boundingBox.isNull)
        XCTAssertEqual(empty.currentPoint, .zero)
        let p = CGMutablePath()
        p.move(to: CGPoint(x: 10, y: 10))
        p.addLine(to: CGPoint(x: 50, y: 10))
        p.addCurve(to: CGPoint(x: 50, y: 50), control1: CGPoint(x: 80, y: 10), control2: CGPoint(x: 80, y: 50))
        XCTAssertFalse(p.isEmpty)
        XCTAssertEqual(p.currentPoint, CGPoint(x: 50, y: 50))
        // boundingBox holds the control points; boundingBoxOfPath the curve: its rightmost point,
        // at t = 1/2, is 50 + 3/4 * 30 = 72.5.
        XCTAssertEqual(p.boundingBox, CGRect(x: 10, y: 10, width: 70, height: 40))
        XCTAssertEqual(p.boundingBoxOfPath.maxX, 72.5, accuracy: 1e-9)
        XCTAssertEqual(p.boundingBoxOfPath.minY, 10, accuracy: 1e-9)
        var shift = CGAffineTransform(translationX: 5, y: -10)
        let moved = p.copy(using: &shift)!
        XCTAssertEqual(moved.boundingBox, CGRect(x: 15, y: 0, width: 70, height: 40))
        XCTAssertEqual(moved.currentPoint, CGPoint(x: 55, y: 40))
        p.closeSubpath()
        XCTAssertEqual(p.currentPoint, CGPoint(x: 10, y: 10), "closing returns to the subpath's start")
        let rect = CGMutablePath()
        rect.addRect(CGRect(x: 1, y: 2, width: 30, height: 40))
        rect.addEllipse(in: CGRect(x: 50, y: 50, width: 20, height: 10))
        XCTAssertEqual(rect.boundingBox, CGRect(x: 1, y: 2, width: 69, height: 58))
        XCTAssertEqual(CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 40, height: 20), transform: nil).boundingBoxOfPath.height, 20, accuracy: 1e-9)
        let rounded = CGMutablePath()
        rounded.addRoundedRect(in: CGRect(x: 0, y: 0, width: 100, height: 50), cornerWidth: 20, cornerHeight: 10)
        XCTAssertEqual(rounded.boundingBox, CGRect(x: 0, y: 0, width: 100, height: 50))
        XCTAssertFalse(rounded.contains(CGPoint(x: 1, y: 1)))
        XCTAssertTrue(rounded.contains(CGPoint(x: 10, y: 5)), "inside the 20 x 10 corner ellipse, outside a 20-point circle's")
    }

    func testArcsEndWhereUIKitAndCoreGraphicsSay() {
        let center = CGPoint(x: 50, y: 50)
        // UIBezierPath's clockwise is as it looks on screen (y down): a quarter from 3 to 6 o'clock.
        let quarter = UIBezierPath(arcCenter: center, radius: 20, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        XCTAssertEqual(quarter.currentPoint.x, 50, accuracy: 1e-9)
        XCTAssertEqual(quarter.currentPoint.y, 70, accuracy: 1e-9)
        XCTAssertEqual(quarter.bounds.minX, 50, accuracy: 1e-9)
        XCTAssertEqual(quarter.bounds.minY, 50, accuracy: 1e-9)
        // The other way: three quarters, over the top.
        let most = UIBezierPath(arcCenter: center, radius: 20, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        XCTAssertEqual(most.currentPoint.y, 70, accuracy: 1e-9)
        XCTAssertEqual(most.cgPath.boundingBoxOfPath.minX, 30, accuracy: 1e-9)
        XCTAssertEqual(most.cgPath.boundingBoxOfPath.minY, 30, accuracy: 1e-9)
        // CGPath's clockwise is in y-up space: `false` is the short quarter on screen.
        let cg = CGMutablePath()
        cg.addArc(center: center, radius: 20, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        XCTAssertEqual(cg.boundingBoxOfPath.minX, 50, accuracy: 1e-9)
        XCTAssertEqual(cg.boundingBoxOfPath.minY, 50, accuracy: 1e-9)
        // A line joins the current point to an arc's start.
        let joined = CGMutablePath()
        joined.move(to: .zero)
        joined.addArc(center: center, radius: 20, startAngle: .pi, endAngle: 1.5 * .pi, clockwise: false)
        guard case .line(let start)? = joined.path.elements.dropFirst().first else { return XCTFail("no line to the arc") }
        XCTAssertEqual(start.x, 30, accuracy: 1e-9)
        XCTAssertEqual(start.y, 50, accuracy: 1e-9)
        // A tangent arc rounds the corner at (100, 0) and stops where it meets the second line.
        let corner = CGMutablePath()
        corner.move(to: .zero)
        corner.addArc(tangent1End: CGPoint(x: 100, y: 0), tangent2End: CGPoint(x: 100, y: 100), radius: 20)
        XCTAssertEqual(corner.currentPoint.x, 100, accuracy: 1e-9)
        XCTAssertEqual(corner.currentPoint.y, 20, accuracy: 1e-9)
        XCTAssertEqual(corner.boundingBoxOfPath.maxX, 100, accuracy: 1e-9)
        guard case .line(let tangent)? = corner.path.elements.dropFirst().first else { return XCTFail("no line to the tangent point") }
        XCTAssertEqual(tangent.x, 80, accuracy: 1e-9)
        // Appending, applying a transform, relative arcs.
        let a = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
        a.append(UIBezierPath(ovalIn: CGRect(x: 20, y: 0, width: 10, height: 10)))
        a.apply(CGAffineTransform(scaleX: 2, y: 2))
        XCTAssertEqual(a.bounds, CGRect(x: 0, y: 0, width: 60, height: 20))
        let relative = CGMutablePath()
        relative.addRelativeArc(center: center, radius: 10, startAngle: 0, delta: .pi)
        XCTAssertEqual(relative.currentPoint.x, 40, accuracy: 1e-9)
    }

    /// UIBezierPath(roundedRect:cornerRadius:) is the continuous corner: per corner three cubics
    /// and two short lines reaching 1.52866 radii along each side.
    func testTheRoundedRectIsContinuous() {
        let path = UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 100, height: 60), cornerRadius: 10).cgPath.path
        var lines = 0, curves = 0
        for e in path.elements {
            if case .line = e { lines += 1 }
            if case .cubic = e { curves += 1 }
        }
        XCTAssertEqual(curves, 12)
        XCTAssertEqual(lines, 12)
        guard case .move(let start)? = path.elements.first, case .line(let top)? = path.elements.dropFirst().first,
            case .cubic(let c1, _, let end)? = path.elements.dropFirst(2).first
        else { return XCTFail("elements \(path.elements)") }
        XCTAssertEqual(start.x, 15.2866483, accuracy: 1e-6)
        XCTAssertEqual(top.x, 100 - 15.2866483, accuracy: 1e-6)
        XCTAssertEqual(c1.x, 100 - 10.8849323, accuracy: 1e-6)
        XCTAssertEqual(end.x, 100 - 6.6993427, accuracy: 1e-6)
        XCTAssertEqual(end.y, 0.6549600, accuracy: 1e-6)
        // The radius is held so both corners fit the shorter side: 60 / 2 / 1.52866.
        let big = UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 100, height: 60), cornerRadius: 40).cgPath.path
        guard case .move(let bigStart)? = big.elements.first else { return XCTFail() }
        XCTAssertEqual(bigStart.x, 30, accuracy: 1e-6)
        XCTAssertEqual(
            UIBezierPath(roundedRect: CGRect(x: 5, y: 5, width: 100, height: 60), cornerRadius: 10).bounds, CGRect(x: 5, y: 5, width: 100, height: 60)
        )
        // byRoundingCorners rounds those corners only.
        let two = UIBezierPath(
            roundedRect: CGRect(x: 0, y: 0, width: 100, height: 60), byRoundingCorners: [.topLeft, .bottomRight],
            cornerRadii: CGSize(width: 20, height: 20))
        XCTAssertFalse(two.contains(CGPoint(x: 1, y: 1)))
        XCTAssertTrue(two.contains(CGPoint(x: 99, y: 1)))
        XCTAssertTrue(two.contains(CGPoint(x: 1, y: 59)))
        XCTAssertFalse(two.contains(CGPoint(x: 99, y: 59)))
        // With the continuous curve, as iOS draws it: AFSnapshotTesting's testCustomRoundedShape.png
        // (iOS 18, @3x; a 200 pt square, top-left and bottom-right at 50) is first opaque half a point
        // below the top at x = 49.67 pt and 2 pt below at 37.67, where a circular arc of 50 reaches
        // 42.95 and 36.0; the continuous curve's 49.24 and 38.07 are within a pixel of both.
        let shape = UIBezierPath(
            roundedRect: CGRect(x: 0, y: 0, width: 200, height: 200), byRoundingCorners: [.topLeft, .bottomRight],
            cornerRadii: CGSize(width: 50, height: 50))
        XCTAssertFalse(shape.contains(CGPoint(x: 47, y: 0.5)), "inside a circular arc, outside iOS's curve")
        XCTAssertTrue(shape.contains(CGPoint(x: 50.5, y: 0.5)))
        XCTAssertFalse(shape.contains(CGPoint(x: 37, y: 2)))
        XCTAssertTrue(shape.contains(CGPoint(x: 39, y: 2)))
        XCTAssertTrue(shape.contains(CGPoint(x: 199.5, y: 0.5)), "the top-right corner stays square")
        XCTAssertFalse(shape.contains(CGPoint(x: 199.5 - 47, y: 199.5)), "the bottom-right is rounded alike")
        // The nonzero and even-odd rules of contains.
        let star = ShapesViewController.star()
        XCTAssertTrue(star.contains(CGPoint(x: 40, y: 42)))
        star.usesEvenOddFillRule = true
        XCTAssertFalse(star.contains(CGPoint(x: 40, y: 42)))
    }
}

final class ShapeLayerTests: XCTestCase {
    static let fixtures = ScreenSmokeTests.fixtures

    func frame(_ make: @escaping @MainActor () -> UIViewController) throws -> Pixmap { try firstFrame(make) }

    func rgb(_ p: Pixmap, _ x: Int, _ y: Int) -> [UInt8] { [p[x, y].r, p[x, y].g, p[x, y].b] }

    func testFillRulesStrokesTrimmingAndDashes() throws {
        let p = try frame { ShapesViewController() }
        let orange: [UInt8] = [255, 149, 0], white: [UInt8] = [255, 255, 255]
        // The star's middle (winding 2): filled by the nonzero rule, a hole by the even-odd rule;
        // a point of the star is filled by both.
        XCTAssertEqual(rgb(p, 60, 142), orange)
        XCTAssertEqual(rgb(p, 150, 142), white)
        XCTAssertEqual(rgb(p, 60, 110), orange)
        XCTAssertEqual(rgb(p, 150, 110), orange)
        // The ring: stroked (systemGreen, 52 199 89), not filled.
        XCTAssertEqual(rgb(p, 240, 110), [52, 199, 89])
        XCTAssertEqual(rgb(p, 240, 140), white)
        // Trimmed to strokeEnd 0.5 from the top clockwise: the right half only.
        XCTAssertEqual(rgb(p, 360, 140), [52, 199, 89])
        XCTAssertEqual(rgb(p, 300, 140), white)
        // Dashes 10 on, 10 off along y = 230.
        XCTAssertEqual(rgb(p, 245, 230), [0, 0, 0])
        XCTAssertEqual(rgb(p, 255, 230), white)
        XCTAssertEqual(rgb(p, 265, 230), [0, 0, 0])
        // The continuous bar: systemBlue inside, its corner pixel clear, its edge's middle full.
        XCTAssertEqual(rgb(p, 120, 230), [0, 122, 255])
        XCTAssertEqual(rgb(p, 20, 210), white)
        XCTAssertEqual(rgb(p, 20, 230), [0, 122, 255])
        // The pie: three quarters, the top-right quarter empty.
        XCTAssertEqual(rgb(p, 40, 350), [175, 82, 222])
        XCTAssertEqual(rgb(p, 80, 310), white)
        // Rounded on the top-left and bottom-right corners only.
        XCTAssertEqual(rgb(p, 111, 291), white)
        XCTAssertEqual(rgb(p, 229, 291), [48, 176, 199])
        XCTAssertEqual(rgb(p, 229, 369), white)
    }

    /// The shadow takes the oval's shape below the card, not the card's square.
    func testAShadowPathShapesTheShadow() throws {
        let oval = try frame { ShapesViewController() }, square = try frame { SquareShadowViewController() }
        // Right of the card's middle: the square casts there, the oval (low and inside) does not.
        XCTAssertLessThan(square[340, 310].r, 200)
        XCTAssertEqual(oval[340, 310].r, 255)
        // Below the card: the oval reaches 10 points further down.
        XCTAssertEqual(square[300, 376].r, 255)
        XCTAssertLessThan(oval[300, 376].r, 100)
    }

    /// A CAShapeLayer and a YAML `type: shape` layer with the same path and attributes draw the
    /// same pixels.
    func testAShapeLayerDrawsTheYAMLShapeLayersPixels() throws {
        let uikit = try frame { ShapesViewController() }
        let star = starPoints(in: CGRect(x: 2, y: 2, width: 76, height: 76)).map { "[\($0.x), \($0.y)]" }.joined(separator: ", ")
        let yaml = """
            device: iphone-15
            navigationBar: false
            scrollView: {contentInsetAdjustmentBehavior: never}
            layers:
              - {type: rectangle, frame: [0, 0, 393, 852], fill: "#FFFFFF"}
              - {type: shape, frame: [20, 100, 80, 80], path: {points: [\(star)], closed: true}, fillColor: "#FF9500"}
              - {type: shape, frame: [110, 100, 80, 80], path: {points: [\(star)], closed: true}, fillColor: "#FF9500", fillRule: evenOdd}
              - {type: shape, frame: [200, 100, 80, 80], path: {oval: [10, 10, 60, 60]}, fillColor: none, strokeColor: systemGreen, lineWidth: 8}
              - {type: shape, frame: [110, 290, 120, 80], path: {rect: [0, 0, 120, 80], cornerRadius: 30, maskedCorners: [topLeft, bottomRight]}, fillColor: systemTeal}
            timeline: {keyframes: [{time: 0, offset: 0}, {time: 1, offset: 100}]}

            """
        var scenario = try ScenarioLoader.parse(yaml, file: "shapes.yaml", baseDirectory: Self.fixtures)
        scenario.scale = 1
        let twin = FrameRenderer(scenario: scenario).render(frame: 0)
        var compared = 0
        for (x0, y0, w, h) in [(20, 100, 80, 80), (110, 100, 80, 80), (200, 100, 80, 80), (110, 290, 120, 80)] {
            for y in y0..<(y0 + h) {
                for x in x0..<(x0 + w) {
                    XCTAssertEqual(rgb(uikit, x, y), rgb(twin, x, y), "(\(x), \(y))")
                    if uikit[x, y].r != 255 || uikit[x, y].b != 255 { compared += 1 }
                }
            }
        }
        XCTAssertGreaterThan(compared, 8000, "inked pixels compared")
    }

    /// The sheet of shapes at @1x (Fixtures/uikit/golden/shapes).
    func testShapesGolden() throws {
        try assertFrames(
            of: { ShapesViewController() }, scenario: Self.fixtures + "/still.yaml", golden: Self.fixtures + "/golden/shapes", frames: "0", scale: 1)
    }
}

/// Two cards with a 30-point corner: one circular (the default), one continuous.
@MainActor final class CornerCurveViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        for (i, curve) in [CALayerCornerCurve.circular, .continuous].enumerated() {
            let card = UIView(frame: CGRect(x: 20 + CGFloat(i) * 180, y: 100, width: 160, height: 100))
            card.backgroundColor = .black
            card.layer.cornerRadius = 30
            card.layer.cornerCurve = curve
            view.addSubview(card)
        }
    }
}

final class CornerCurveTests: XCTestCase {
    /// A continuous corner leaves the straight side 1.53 radii from the corner, not one: one radius
    /// along the top the circular card's edge is straight (full), the continuous one's is still
    /// curving, about a quarter of a point below the side.
    func testAContinuousCornerCurvesFromFurtherAlong() throws {
        let p = try firstFrame { CornerCurveViewController() }
        XCTAssertLessThanOrEqual(p[20 + 30, 100].r, 2)
        XCTAssertGreaterThan(p[200 + 30, 100].r, 40)
        // Past 1.53 radii both are straight; the middles are alike.
        XCTAssertEqual(p[20 + 80, 100].r, 0)
        XCTAssertEqual(p[200 + 80, 100].r, 0)
        XCTAssertEqual(p[20 + 80, 150].r, p[200 + 80, 150].r)
    }
}

import CoreGraphics
import Foundation
import QuartzCore
import Raster
import Scene
@testable import UIKit
import XCTest

/// A view's `transform` turned, `sublayerTransform`, `CALayer.mask` and `UIView.mask`, drawn.
final class TransformMaskTests: XCTestCase {
    /// A 40 x 40 red view centred at (100, 200) on white, turned 45°: a diamond whose tips sit
    /// 28.28 pt from the centre; the corners of its upright frame are white.
    func testATurnedViewIsDrawnTurned() {
        MainActor.assumeIsolated {
            let p = DrawHarness.render { view in
                let box = UIView(frame: CGRect(x: 80, y: 180, width: 40, height: 40))
                box.backgroundColor = .red
                box.transform = CGAffineTransform(rotationAngle: .pi / 4)
                view.addSubview(box)
            }
            let red = Color(r: 255, g: 0, b: 0).premultiplied
            XCTAssertEqual(p[100, 200], red)
            XCTAssertEqual(p[100, 174], red, "near the top tip (171.7), beyond the upright frame's top (180)")
            XCTAssertEqual(p[82, 182], Color.white.premultiplied, "the upright frame's corner")
            XCTAssertTrue(ScreenRun.takeDiagnostics().allSatisfy { !$0.contains("not drawn") })
        }
    }

    /// `sublayerTransform` turns a layer's sublayers about its centre: a half turn moves a child
    /// from the top-left to the bottom-right.
    func testSublayerTransformIsDrawn() {
        MainActor.assumeIsolated {
            let p = DrawHarness.render { view in
                let box = UIView(frame: CGRect(x: 50, y: 100, width: 100, height: 100))
                box.layer.sublayerTransform = CATransform3DMakeRotation(.pi, 0, 0, 1)
                let child = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
                child.backgroundColor = .black
                box.addSubview(child)
                view.addSubview(box)
            }
            XCTAssertEqual(p[140, 190], Color.black.premultiplied)
            XCTAssertEqual(p[60, 110], Color.white.premultiplied)
        }
    }

    /// A `CAShapeLayer` oval as `layer.mask`: the view is drawn inside the oval only.
    func testAShapeLayerMaskIsDrawn() {
        MainActor.assumeIsolated {
            let p = DrawHarness.render { view in
                let box = UIView(frame: CGRect(x: 50, y: 100, width: 100, height: 100))
                box.backgroundColor = .blue
                let oval = CAShapeLayer()
                oval.path = UIBezierPath(ovalIn: box.bounds).cgPath
                box.layer.mask = oval
                view.addSubview(box)
            }
            XCTAssertEqual(p[100, 150], Color(r: 0, g: 0, b: 255).premultiplied)
            XCTAssertEqual(p[53, 103], Color.white.premultiplied, "a corner outside the oval")
            XCTAssertTrue(ScreenRun.takeDiagnostics().allSatisfy { !$0.contains("mask") })
        }
    }

    /// A black-to-clear `CAGradientLayer` as the mask fades the view from top to bottom; a
    /// `UIView.mask` at alpha 0.5 halves the view.
    func testAGradientMaskAndAViewMask() {
        MainActor.assumeIsolated {
            let p = DrawHarness.render { view in
                let faded = UIView(frame: CGRect(x: 0, y: 100, width: 100, height: 100))
                faded.backgroundColor = .black
                let gradient = CAGradientLayer()
                gradient.frame = faded.bounds
                gradient.colors = [UIColor.black.cgColor, UIColor.clear.cgColor]
                faded.layer.mask = gradient
                view.addSubview(faded)
                let halved = UIView(frame: CGRect(x: 200, y: 100, width: 100, height: 100))
                halved.backgroundColor = .black
                let maskView = UIView(frame: halved.bounds)
                maskView.backgroundColor = UIColor.black.withAlphaComponent(0.5)
                halved.mask = maskView
                view.addSubview(halved)
            }
            XCTAssertLessThan(p[50, 102].r, 10, "the top: black")
            XCTAssertGreaterThan(p[50, 197].r, 245, "the bottom: clear")
            XCTAssertEqual(Int(p[50, 150].r), 128, accuracy: 6, "the middle: half")
            XCTAssertEqual(Int(p[250, 150].r), 128, accuracy: 1)
        }
    }
}

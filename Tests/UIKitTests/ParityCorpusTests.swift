import Scene
import UIKit
import XCTest

/// Facts measured in the parity corpus (docs/parity.md, "Measured corpus"): reference images and
/// view descriptions that iOS Simulators recorded for public snapshot tests.
final class ParityCorpusTests: XCTestCase {
    /// pointfreeco/swift-snapshot-testing, `__Snapshots__/SnapshotTestingTests/testTraits.ipad-10-2.txt`
    /// (the view tree iOS laid out for the references): a label 55.667 pt wide centred at x = 540
    /// has its edges on half pixels (512.1667 and 567.8333 at @3x); iOS gives it
    /// `frame = (512.333 20; 55.6667 20.3333)`: a tie rounds up, on both edges alike, so the width
    /// is kept. Ours rounded the two ties apart by floating-point noise (53.667 became 53.333 pt
    /// wide and the label drew "Wha…" or "…" in 9 of the corpus's 71 cases).
    func testEdgesOnHalfPixelsRoundUpAndKeepTheWidth() {
        MainActor.assumeIsolated {
            // Views as wide as their intrinsic size (k/3 pt, k = 100 ... 200), centred in a 1080 pt
            // wide view as the corpus's labels are: odd k puts both edges on half pixels.
            var boxes: [(Int, UIView)] = []
            let vc = ControlsHostViewController { root in
                let container = UIView(frame: CGRect(x: 0, y: 0, width: 1080, height: 100))
                root.addSubview(container)
                for k in 100...200 {
                    let box = HalfPixelBox(CGSize(width: CGFloat(k) / 3, height: 10))
                    box.translatesAutoresizingMaskIntoConstraints = false
                    container.addSubview(box)
                    NSLayoutConstraint.activate([
                        box.centerXAnchor.constraint(equalTo: container.centerXAnchor),
                        box.topAnchor.constraint(equalTo: container.topAnchor),
                    ])
                    boxes.append((k, box))
                }
            }
            TraitChangeTests.run(device: "iphone-15") { vc }.advance(to: 0)
            // In pixels at @3x: the width is kept; the left edge is 1620 - k/2, a tie rounded up.
            let kept = boxes.filter { k, box in Int((box.frame.width * 3).rounded()) == k }.count
            let left = boxes.filter { k, box in Int((box.frame.minX * 3).rounded()) == 1620 - k / 2 }.count
            XCTAssertEqual(kept, 101)
            XCTAssertEqual(left, 101)
            // The reference's own label: 55.667 pt wide at x = 512.333.
            let label = boxes.first { $0.0 == 167 }!.1
            XCTAssertEqual(label.frame.minX, 1537.0 / 3, accuracy: 1e-9)
            XCTAssertEqual(label.frame.width, 167.0 / 3, accuracy: 1e-9)
        }
    }

    /// CAGradientLayer's colors are interpolated in Generic RGB (gamma 1.8), not in their sRGB
    /// components. Two references, mean of each row (iOS dithers by a level):
    /// - pointfreeco/swift-snapshot-testing,
    ///   `__Snapshots__/SnapshotTestingTests/testCALayerWithGradient.1.png` (iOS 13, @3x): red to
    ///   yellow, 100 pt tall; green at rows 0, 75, 150, 225, 299: 37.8, 88.6, 147.4, 201.7, 251.0.
    /// - afanasykoryakin/AFSnapshotTesting,
    ///   `Tests/SnapshotTestingTests/Snapshots/SnapshotTestingTests/testNaiveStrategyWithRedBlueGradient.png`
    ///   (2024, iPhone 14 at @3x): red to blue, read at the same fractions of its height:
    ///   (254.6, 37.5, 0.2), (202.3, 31.8, 86.8), (145.6, 33.0, 149.5), (80.9, 40.1, 204.5), (4.5, 50.4, 254.6).
    /// Interpolating the sRGB components gave green 1, 64, 128, 191, 254 and (128, 0, 128) in the middle.
    func testGradientLayersInterpolateInGenericRGB() {
        let p = ControlsHarness.onMain {
            DrawHarness.render(scale: 3) { view in
                for (i, colors) in [[UIColor.red, .yellow], [UIColor.red, .blue]].enumerated() {
                    let layer = CAGradientLayer()
                    layer.frame = CGRect(x: 20 + 120 * CGFloat(i), y: 100, width: 100, height: 100)
                    layer.colors = colors.map(\.cgColor)
                    view.layer.addSublayer(layer)
                }
            }
        }
        let rows = [0, 75, 150, 225, 299]
        let redToYellow: [(Double, Double, Double)] = [(255, 37.8, 0), (255, 88.6, 0.2), (255, 147.4, 0.6), (255, 201.7, 0.4), (254.7, 251, 0.1)]
        let redToBlue: [(Double, Double, Double)] = [
            (254.6, 37.5, 0.2), (202.3, 31.8, 86.8), (145.6, 33.0, 149.5), (80.9, 40.1, 204.5), (4.5, 50.4, 254.6),
        ]
        for (column, expected) in [(110, redToYellow), (470, redToBlue)] {
            for (row, (r, g, b)) in zip(rows, expected) {
                let c = p[column, 300 + row]
                XCTAssertEqual(Double(c.r), r, accuracy: 2, "row \(row) of the layer at x = \(column)")
                XCTAssertEqual(Double(c.g), g, accuracy: 2, "row \(row) of the layer at x = \(column)")
                XCTAssertEqual(Double(c.b), b, accuracy: 2, "row \(row) of the layer at x = \(column)")
                XCTAssertEqual(c.a, 255)
            }
        }
    }

    /// Core Animation runs a gradient layer's line across its unit square, not its points: on a
    /// 200 x 120 pt layer from (0, 0) to (1, 1), iOS draws (175, 32, 120) at both (100, 30) and
    /// (50, 60) pt, and (115, 36, 177) at both (150, 60) and (100, 90): points whose x / 200 + y / 120
    /// agree (AFSnapshotTesting, Tests/SnapshotTestingTests/Snapshots/CustomShapeImageViewTests/OvalImageViewWithGradient.png,
    /// iOS 18 at @3x). Projected in points the pairs differed: 161 against 188 in red.
    func testDiagonalGradientsRunAcrossTheUnitSquare() {
        let p = ControlsHarness.onMain {
            DrawHarness.render(scale: 3) { view in
                let layer = CAGradientLayer()
                layer.frame = CGRect(x: 0, y: 100, width: 200, height: 120)
                layer.colors = [UIColor.red.cgColor, UIColor.blue.cgColor]
                layer.startPoint = CGPoint(x: 0, y: 0)
                layer.endPoint = CGPoint(x: 1, y: 1)
                view.layer.addSublayer(layer)
            }
        }
        let expected: [((Int, Int), (Double, Double, Double))] = [
            ((100, 30), (175, 32, 120)), ((50, 60), (175, 32, 120)), ((150, 60), (115, 36, 177)), ((100, 90), (115, 36, 177)),
        ]
        for ((x, y), (r, g, b)) in expected {
            let c = p[x * 3, (100 + y) * 3]
            XCTAssertEqual(Double(c.r), r, accuracy: 2, "(\(x), \(y)) pt")
            XCTAssertEqual(Double(c.g), g, accuracy: 2, "(\(x), \(y)) pt")
            XCTAssertEqual(Double(c.b), b, accuracy: 2, "(\(x), \(y)) pt")
        }
    }
}

/// A view whose intrinsic content size is given, as a label's is.
private final class HalfPixelBox: UIView {
    let size: CGSize
    init(_ size: CGSize) {
        self.size = size
        super.init(frame: .zero)
    }
    required init?(coder: NSCoder) { fatalError() }
    override var intrinsicContentSize: CGSize { size }
}

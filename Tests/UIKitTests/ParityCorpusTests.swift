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

import Raster
import RenderFramesKit
import UIKit
import XCTest

@MainActor final class AttributedLabelViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        let label = UILabel(frame: CGRect(x: 20, y: 100, width: 300, height: 60))
        let text = NSMutableAttributedString(
            string: "RED ", attributes: [.font: UIFont.systemFont(ofSize: 40, weight: .bold), .foregroundColor: UIColor.red])
        text.append(
            NSAttributedString(
                string: "BLUE", attributes: [.font: UIFont.systemFont(ofSize: 40), .foregroundColor: UIColor.blue, .underlineStyle: NSUnderlineStyle.thick.rawValue]))
        label.attributedText = text
        label.sizeToFit()
        label.accessibilityIdentifier = "label"
        view.addSubview(label)
    }
}

/// UILabel's attributed text: each range in its own font and color, underlined where it says.
final class LabelTests: XCTestCase {
    func testAttributedRangesKeepTheirColorsAndTheLabelFitsThem() throws {
        let out = NSTemporaryDirectory() + "uikit-label-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: out) }
        try renderFrames(of: { AttributedLabelViewController() }, scenario: ScreenSmokeTests.fixtures + "/still.yaml", out: out, layout: true, scale: 1)
        let first = try XCTUnwrap(FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasSuffix(".png") }.sorted().first)
        let frame = try ImageDecoder.decode(fileAt: out + "/" + first)
        var red = 0, blue = 0, blueBelowText = 0
        for y in 100..<170 {
            for x in 20..<320 {
                let i = (y * frame.width + x) * 4
                let (r, g, b) = (frame.bytes[i], frame.bytes[i + 1], frame.bytes[i + 2])
                if r > 200, g < 60, b < 60 { red += 1 }
                if b > 200, r < 60, g < 60 { blue += 1; if y > 140 { blueBelowText += 1 } }
            }
        }
        XCTAssertGreaterThan(red, 200)
        XCTAssertGreaterThan(blue, 200)
        // The thick underline: a blue band under the baseline, across the blue word only.
        XCTAssertGreaterThan(blueBelowText, 40)
        let manifest = try XCTUnwrap(Manifest.read(atPath: out + "/manifest.json"))
        let label = try XCTUnwrap(manifest.frames.first?.layers?.first { $0.name == "label" })
        // sizeToFit: both words, whole pixels, taller than one 40 pt line's glyphs.
        XCTAssertGreaterThan(label.frame[2], 150)
        XCTAssertGreaterThan(label.frame[3], 40)
    }
}

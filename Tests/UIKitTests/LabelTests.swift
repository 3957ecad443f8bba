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

@MainActor final class ShadowViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        let card = UIView(frame: CGRect(x: 50, y: 100, width: 100, height: 100))
        card.backgroundColor = .white
        card.layer.cornerRadius = 30
        card.layer.maskedCorners = [.layerMinXMinYCorner]
        card.layer.shadowOpacity = 1
        card.layer.shadowRadius = 0
        card.layer.shadowOffset = CGSize(width: 0, height: 20)
        card.layer.borderWidth = 2
        view.addSubview(card)
    }
}

/// CALayer's shadowOffset and maskedCorners reach the drawing.
final class LayerLookTests: XCTestCase {
    func testShadowOffsetAndMaskedCorners() throws {
        let out = NSTemporaryDirectory() + "uikit-shadow-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: out) }
        try renderFrames(of: { ShadowViewController() }, scenario: ScreenSmokeTests.fixtures + "/still.yaml", out: out, scale: 1)
        let first = try XCTUnwrap(FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasSuffix(".png") }.sorted().first)
        let frame = try ImageDecoder.decode(fileAt: out + "/" + first)
        func red(_ x: Int, _ y: Int) -> UInt8 { frame.bytes[(y * frame.width + x) * 4] }
        // The shadow shows 20 points below the card (black), not above it.
        XCTAssertLessThan(red(100, 210), 40)
        XCTAssertGreaterThan(red(100, 95), 200)
        // Only the top left corner is round: the top right is square (its border is drawn there).
        XCTAssertGreaterThan(red(52, 102), 200)
        XCTAssertLessThan(red(148, 101), 60)
    }
}

import RenderFramesKit
import UIKit
import XCTest

/// The system font's weights, upright and italic, and named fonts, one line each.
@MainActor final class FontSpecimenViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        var y: CGFloat = 56
        func line(_ text: String, _ font: UIFont) {
            let label = UILabel(frame: CGRect(x: 16, y: y, width: 361, height: font.lineHeight.rounded(.up)))
            label.text = text
            label.font = font
            label.textColor = .black
            view.addSubview(label)
            y += font.lineHeight.rounded(.up) + 2
        }
        let weights: [(String, UIFont.Weight)] = [
            ("Ultralight", .ultraLight), ("Thin", .thin), ("Light", .light), ("Regular", .regular), ("Medium", .medium),
            ("Semibold", .semibold), ("Bold", .bold), ("Heavy", .heavy), ("Black", .black),
        ]
        for (name, weight) in weights {
            line("\(name) Hamburgefonstiv", .systemFont(ofSize: 22, weight: weight))
        }
        line("Italic Hamburgefonstiv", .italicSystemFont(ofSize: 22))
        let boldItalic = UIFont.boldSystemFont(ofSize: 22).fontDescriptor.withSymbolicTraits([.traitBold, .traitItalic])!
        line("Bold Italic Hamburgefonstiv", UIFont(descriptor: boldItalic, size: 0))
        y += 8
        for name in [
            "HelveticaNeue-Thin", "HelveticaNeue", "HelveticaNeue-Bold", "Georgia", "Georgia-Italic", "Palatino-Roman", "TimesNewRomanPSMT",
            "Menlo-Regular", "Courier", "AvenirNext-DemiBold", "GillSans-Light", "Verdana",
        ] {
            line(name, UIFont(name: name, size: 20)!)
        }
    }
}

/// The specimen against its golden (@2x): each weight heavier than the one above, italics slanted,
/// each named font in its stand-in.
final class FontSpecimenTests: XCTestCase {
    func testTypeSpecimenGolden() throws {
        try assertFrames(
            of: { FontSpecimenViewController() }, scenario: ScreenSmokeTests.fixtures + "/type-specimen.yaml",
            golden: ScreenSmokeTests.fixtures + "/golden/type-specimen")
    }
}

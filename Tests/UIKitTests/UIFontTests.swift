import Raster
import UIKit
import XCTest

/// UIFont by name: the fonts iOS ships, each drawn in the installed face closest to it by its
/// metrics (docs/text.md's table), and the system font in SF Pro's nine weights and italic.
final class UIFontTests: XCTestCase {
    /// One face of each family iOS ships, the stand-in file the measured table chose, its weight and slant.
    static let expected: [(name: String, file: String, weight: UIFont.Weight, italic: Bool)] = [
        ("HelveticaNeue", "opentype/urw-base35/NimbusSans-Regular.otf", .regular, false),
        ("HelveticaNeue-Thin", "truetype/lato/Lato-Thin.ttf", .thin, false),
        ("HelveticaNeue-UltraLightItalic", "truetype/lato/Lato-HairlineItalic.ttf", .ultraLight, true),
        ("HelveticaNeue-CondensedBold", "opentype/urw-base35/NimbusSansNarrow-Bold.otf", .bold, false),
        ("Helvetica-Bold", "opentype/urw-base35/NimbusSans-Bold.otf", .bold, false),
        ("Avenir-Heavy", "opentype/cantarell/Cantarell-ExtraBold.otf", .heavy, false),
        ("AvenirNext-DemiBold", "truetype/lato/Lato-Semibold.ttf", .semibold, false),
        ("AvenirNextCondensed-Bold", "opentype/urw-base35/NimbusSansNarrow-Bold.otf", .bold, false),
        ("Georgia-Italic", "opentype/urw-base35/P052-Italic.otf", .regular, true),
        ("Menlo-Regular", "truetype/dejavu/DejaVuSansMono.ttf", .regular, false),
        ("Courier-Bold", "opentype/urw-base35/NimbusMonoPS-Bold.otf", .bold, false),
        ("CourierNewPSMT", "opentype/urw-base35/NimbusMonoPS-Regular.otf", .regular, false),
        ("GillSans-Light", "opentype/cantarell/Cantarell-Light.otf", .light, false),
        ("Futura-Medium", "truetype/lato/Lato-Medium.ttf", .medium, false),
        ("Palatino-Roman", "opentype/urw-base35/P052-Roman.otf", .regular, false),
        ("TimesNewRomanPSMT", "opentype/urw-base35/NimbusRoman-Regular.otf", .regular, false),
        ("Arial-BoldItalicMT", "opentype/urw-base35/NimbusSans-BoldItalic.otf", .bold, true),
        ("Verdana", "truetype/dejavu/DejaVuSans.ttf", .regular, false),
        ("TrebuchetMS-Bold", "opentype/urw-base35/NimbusSans-Bold.otf", .bold, false),
        ("Didot", "opentype/urw-base35/P052-Roman.otf", .regular, false),
        ("Optima-Regular", "opentype/cantarell/Cantarell-Regular.otf", .regular, false),
        ("AmericanTypewriter", "opentype/urw-base35/C059-Roman.otf", .regular, false),
        ("Baskerville-SemiBoldItalic", "opentype/urw-base35/URWBookman-DemiItalic.otf", .semibold, true),
        ("HoeflerText-Regular", "opentype/urw-base35/C059-Roman.otf", .regular, false),
        ("ChalkboardSE-Bold", "opentype/cantarell/Cantarell-Bold.otf", .bold, false),
        ("MarkerFelt-Thin", "opentype/cantarell/Cantarell-Light.otf", .light, false),
        ("Noteworthy-Bold", "opentype/cantarell/Cantarell-Bold.otf", .bold, false),
    ]

    /// The metrics a font of `file` has at `size`, as UIFont gives them.
    private func metrics(_ file: String, size: CGFloat) throws -> [CGFloat] {
        let f = try Font(path: "/usr/share/fonts/" + file)
        let em = CGFloat(f.unitsPerEm)
        return [CGFloat(f.ascender), -CGFloat(f.descender), CGFloat(f.capHeight), CGFloat(f.xHeight)].map { $0 / em * size }
    }

    func testEveryFamilyIOSShipsIsThereInItsStandInWithItsWeightAndStyle() throws {
        for e in UIFontTests.expected {
            let font = try XCTUnwrap(UIFont(name: e.name, size: 30), e.name)
            XCTAssertEqual(font.fontName, e.name)
            XCTAssertEqual(font.pointSize, 30)
            XCTAssertEqual(font.fontDescriptor.symbolicTraits.contains(.traitItalic), e.italic, e.name)
            XCTAssertEqual(font.fontDescriptor.symbolicTraits.contains(.traitBold), e.weight >= .semibold, e.name)
            // The metrics are the stand-in face's: the face drawn.
            XCTAssertEqual([font.ascender, font.descender, font.capHeight, font.xHeight], try metrics(e.file, size: 30), e.name)
        }
        XCTAssertEqual(Set(UIFontTests.expected.map { UIFont(name: $0.name, size: 12)!.familyName }), Set(UIFont.familyNames))
    }

    func testANameIOSDoesNotShipIsNil() {
        XCTAssertNil(UIFont(name: "HelveticaNeue-Hairline", size: 17))
        XCTAssertNil(UIFont(name: "Comic Sans MS", size: 17))
        XCTAssertNil(UIFont(name: "", size: 17))
    }

    func testTheThinHelveticaOfTheCrashIsThere() throws {
        let thin = try XCTUnwrap(UIFont(name: "HelveticaNeue-Thin", size: 30))
        XCTAssertEqual(thin.familyName, "Helvetica Neue")
        XCTAssertEqual(thin.lineHeight, thin.ascender - thin.descender + thin.leading)
    }

    func testAFamilyNameGivesItsRegularFace() throws {
        XCTAssertEqual(UIFont(name: "Georgia", size: 17)?.fontName, "Georgia")
        XCTAssertEqual(UIFont(name: "Helvetica Neue", size: 17)?.fontName, "HelveticaNeue")
        XCTAssertEqual(UIFont(name: "Avenir", size: 17)?.fontName, "Avenir-Book")
        XCTAssertEqual(UIFont(name: "helveticaneue-bold", size: 17)?.fontName, "HelveticaNeue-Bold")
    }

    /// iOS 13 and later give Times New Roman for the system font's private names.
    func testTheSystemFontsPrivateNameGivesTimesNewRoman() throws {
        XCTAssertEqual(UIFont(name: ".SFUI-Regular", size: 17)?.fontName, "TimesNewRomanPSMT")
        XCTAssertEqual(UIFont(name: UIFont.systemFont(ofSize: 17).fontName, size: 17)?.familyName, "Times New Roman")
    }

    func testFamilyNamesAndFontNamesAnswerAsIOS() {
        XCTAssertEqual(UIFont.familyNames.count, 24)
        XCTAssertEqual(UIFont.familyNames, UIFont.familyNames.sorted())
        XCTAssertEqual(
            UIFont.fontNames(forFamilyName: "Helvetica Neue"),
            [
                "HelveticaNeue", "HelveticaNeue-Italic", "HelveticaNeue-UltraLight", "HelveticaNeue-UltraLightItalic", "HelveticaNeue-Thin",
                "HelveticaNeue-ThinItalic", "HelveticaNeue-Light", "HelveticaNeue-LightItalic", "HelveticaNeue-Medium",
                "HelveticaNeue-MediumItalic", "HelveticaNeue-Bold", "HelveticaNeue-BoldItalic", "HelveticaNeue-CondensedBold",
                "HelveticaNeue-CondensedBlack",
            ])
        XCTAssertEqual(UIFont.fontNames(forFamilyName: "Menlo"), ["Menlo-Regular", "Menlo-Italic", "Menlo-Bold", "Menlo-BoldItalic"])
        XCTAssertEqual(UIFont.fontNames(forFamilyName: "Comic Sans MS"), [])
        for family in UIFont.familyNames {
            for name in UIFont.fontNames(forFamilyName: family) { XCTAssertEqual(UIFont(name: name, size: 10)?.familyName, family) }
        }
    }

    func testSystemFontNamesFollowWeightAndItalic() {
        XCTAssertEqual(UIFont.systemFont(ofSize: 17).fontName, ".SFUI-Regular")
        XCTAssertEqual(UIFont.systemFont(ofSize: 17, weight: .ultraLight).fontName, ".SFUI-Ultralight")
        XCTAssertEqual(UIFont.systemFont(ofSize: 17, weight: .heavy).fontName, ".SFUI-Heavy")
        XCTAssertEqual(UIFont.boldSystemFont(ofSize: 17).fontName, ".SFUI-Bold")
        XCTAssertEqual(UIFont.italicSystemFont(ofSize: 17).fontName, ".SFUI-RegularItalic")
        XCTAssertEqual(UIFont.systemFont(ofSize: 17).familyName, ".AppleSystemUIFont")
    }

    /// The system font's metrics are Inter's, the face drawn: italic's own, the weight's own.
    func testSystemFontMetricsAreTheDrawnFaces() throws {
        let black = UIFont.systemFont(ofSize: 20, weight: .black)
        XCTAssertEqual(black.capHeight, try metrics("opentype/inter/Inter-Black.otf", size: 20)[2])
        XCTAssertEqual(UIFont.italicSystemFont(ofSize: 20).xHeight, try metrics("opentype/inter/Inter-Italic.otf", size: 20)[3])
        XCTAssertEqual(UIFont.systemFont(ofSize: 17).capHeight, try metrics("opentype/inter/Inter-Regular.otf", size: 17)[2])
    }

    func testSymbolicTraitsMakeTheBoldAndItalicFaces() throws {
        let georgia = try XCTUnwrap(UIFont(name: "Georgia", size: 17))
        let boldItalic = try XCTUnwrap(georgia.fontDescriptor.withSymbolicTraits([.traitBold, .traitItalic]))
        XCTAssertEqual(UIFont(descriptor: boldItalic, size: 0).fontName, "Georgia-BoldItalic")
        XCTAssertEqual(UIFont(descriptor: boldItalic, size: 0).pointSize, 17)
        let plain = try XCTUnwrap(UIFont(descriptor: boldItalic, size: 0).fontDescriptor.withSymbolicTraits([]))
        XCTAssertEqual(UIFont(descriptor: plain, size: 30).fontName, "Georgia")
        XCTAssertEqual(UIFont(descriptor: plain, size: 30).pointSize, 30)
        // The system font: bold is the bold weight, italic Inter's italic.
        let system = try XCTUnwrap(UIFont.systemFont(ofSize: 17).fontDescriptor.withSymbolicTraits(.traitBold))
        XCTAssertEqual(UIFont(descriptor: system, size: 0).fontName, ".SFUI-Bold")
        // Marker Felt has no italic: no such descriptor.
        XCTAssertNil(UIFont(name: "MarkerFelt-Thin", size: 17)!.fontDescriptor.withSymbolicTraits(.traitItalic))
        XCTAssertEqual(UIFont(descriptor: UIFontDescriptor(name: "Menlo-Bold", size: 11), size: 0).fontName, "Menlo-Bold")
        XCTAssertTrue(UIFontDescriptor(name: "Menlo-Bold", size: 11).symbolicTraits.contains(.traitMonoSpace))
    }

    func testWithSizeKeepsTheFace() throws {
        let f = try XCTUnwrap(UIFont(name: "Palatino-Italic", size: 12)).withSize(40)
        XCTAssertEqual(f.fontName, "Palatino-Italic")
        XCTAssertEqual(f.pointSize, 40)
        XCTAssertEqual(UIFont.italicSystemFont(ofSize: 12).withSize(30).fontName, ".SFUI-RegularItalic")
    }

    func testMonospacedSystemFontIsMonospaced() throws {
        let mono = UIFont.monospacedSystemFont(ofSize: 13, weight: .bold)
        XCTAssertTrue(mono.fontDescriptor.symbolicTraits.contains(.traitMonoSpace))
        XCTAssertTrue(mono.fontDescriptor.symbolicTraits.contains(.traitBold))
    }
}

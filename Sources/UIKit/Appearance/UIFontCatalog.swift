internal import Raster
internal import Scene

/// The fonts iOS ships for Latin text, by PostScript name, each with the face installed here that
/// stands in for it: the closest by measured metrics (cap height, x-height, average width of
/// English text, weight, serif or sans or monospaced, italic or upright) among the Debian font
/// packages `scripts/setup.sh` installs. docs/text.md has the table with the numbers behind it.
enum FontCatalog {
    struct Face {
        /// iOS's PostScript name (`fontName`) and family (`familyName`).
        let name: String
        let family: String
        let weight: UIFont.Weight
        let italic: Bool
        /// The stand-in's file and the Debian package that installs it.
        let path: String
        let package: String

        init(_ name: String, _ family: String, _ weight: UIFont.Weight, italic: Bool, _ path: String, _ package: String) {
            self.name = name; self.family = family; self.weight = weight; self.italic = italic; self.path = path; self.package = package
        }

        var source: FontSource { FontSource(path: path) }
        /// The stand-in's file name without its folder, for messages.
        var fileName: String { String(path.split(separator: "/").last ?? "") }
    }

    static let faces: [Face] = [
        Face("HelveticaNeue", "Helvetica Neue", .regular, italic: false, "/usr/share/fonts/opentype/urw-base35/NimbusSans-Regular.otf", "fonts-urw-base35"),
        Face("HelveticaNeue-Italic", "Helvetica Neue", .regular, italic: true, "/usr/share/fonts/opentype/urw-base35/NimbusSans-Italic.otf", "fonts-urw-base35"),
        Face("HelveticaNeue-UltraLight", "Helvetica Neue", .ultraLight, italic: false, "/usr/share/fonts/truetype/lato/Lato-Hairline.ttf", "fonts-lato"),
        Face("HelveticaNeue-UltraLightItalic", "Helvetica Neue", .ultraLight, italic: true, "/usr/share/fonts/truetype/lato/Lato-HairlineItalic.ttf", "fonts-lato"),
        Face("HelveticaNeue-Thin", "Helvetica Neue", .thin, italic: false, "/usr/share/fonts/truetype/lato/Lato-Thin.ttf", "fonts-lato"),
        Face("HelveticaNeue-ThinItalic", "Helvetica Neue", .thin, italic: true, "/usr/share/fonts/truetype/lato/Lato-ThinItalic.ttf", "fonts-lato"),
        Face("HelveticaNeue-Light", "Helvetica Neue", .light, italic: false, "/usr/share/fonts/truetype/lato/Lato-Light.ttf", "fonts-lato"),
        Face("HelveticaNeue-LightItalic", "Helvetica Neue", .light, italic: true, "/usr/share/fonts/truetype/lato/Lato-LightItalic.ttf", "fonts-lato"),
        Face("HelveticaNeue-Medium", "Helvetica Neue", .medium, italic: false, "/usr/share/fonts/truetype/lato/Lato-Medium.ttf", "fonts-lato"),
        Face("HelveticaNeue-MediumItalic", "Helvetica Neue", .medium, italic: true, "/usr/share/fonts/truetype/lato/Lato-MediumItalic.ttf", "fonts-lato"),
        Face("HelveticaNeue-Bold", "Helvetica Neue", .bold, italic: false, "/usr/share/fonts/opentype/urw-base35/NimbusSans-Bold.otf", "fonts-urw-base35"),
        Face("HelveticaNeue-BoldItalic", "Helvetica Neue", .bold, italic: true, "/usr/share/fonts/opentype/urw-base35/NimbusSans-BoldItalic.otf", "fonts-urw-base35"),
        Face("HelveticaNeue-CondensedBold", "Helvetica Neue", .bold, italic: false, "/usr/share/fonts/opentype/urw-base35/NimbusSansNarrow-Bold.otf", "fonts-urw-base35"),
        Face("HelveticaNeue-CondensedBlack", "Helvetica Neue", .black, italic: false, "/usr/share/fonts/truetype/lato/Lato-Black.ttf", "fonts-lato"),
        Face("Helvetica", "Helvetica", .regular, italic: false, "/usr/share/fonts/opentype/urw-base35/NimbusSans-Regular.otf", "fonts-urw-base35"),
        Face("Helvetica-Oblique", "Helvetica", .regular, italic: true, "/usr/share/fonts/opentype/urw-base35/NimbusSans-Italic.otf", "fonts-urw-base35"),
        Face("Helvetica-Light", "Helvetica", .light, italic: false, "/usr/share/fonts/truetype/lato/Lato-Light.ttf", "fonts-lato"),
        Face("Helvetica-LightOblique", "Helvetica", .light, italic: true, "/usr/share/fonts/opentype/inter/Inter-LightItalic.otf", "fonts-inter"),
        Face("Helvetica-Bold", "Helvetica", .bold, italic: false, "/usr/share/fonts/opentype/urw-base35/NimbusSans-Bold.otf", "fonts-urw-base35"),
        Face("Helvetica-BoldOblique", "Helvetica", .bold, italic: true, "/usr/share/fonts/truetype/noto/NotoSans-BoldItalic.ttf", "fonts-noto-core"),
        Face("Avenir-Light", "Avenir", .light, italic: false, "/usr/share/fonts/opentype/cantarell/Cantarell-Light.otf", "fonts-cantarell"),
        Face("Avenir-LightOblique", "Avenir", .light, italic: true, "/usr/share/fonts/truetype/lato/Lato-LightItalic.ttf", "fonts-lato"),
        Face("Avenir-Book", "Avenir", .regular, italic: false, "/usr/share/fonts/opentype/cantarell/Cantarell-Regular.otf", "fonts-cantarell"),
        Face("Avenir-BookOblique", "Avenir", .regular, italic: true, "/usr/share/fonts/opentype/urw-base35/NimbusSans-Italic.otf", "fonts-urw-base35"),
        Face("Avenir-Roman", "Avenir", .regular, italic: false, "/usr/share/fonts/opentype/cantarell/Cantarell-Regular.otf", "fonts-cantarell"),
        Face("Avenir-Oblique", "Avenir", .regular, italic: true, "/usr/share/fonts/opentype/urw-base35/NimbusSans-Italic.otf", "fonts-urw-base35"),
        Face("Avenir-Medium", "Avenir", .medium, italic: false, "/usr/share/fonts/truetype/lato/Lato-Medium.ttf", "fonts-lato"),
        Face("Avenir-MediumOblique", "Avenir", .medium, italic: true, "/usr/share/fonts/truetype/lato/Lato-MediumItalic.ttf", "fonts-lato"),
        Face("Avenir-Heavy", "Avenir", .heavy, italic: false, "/usr/share/fonts/opentype/cantarell/Cantarell-ExtraBold.otf", "fonts-cantarell"),
        Face("Avenir-HeavyOblique", "Avenir", .heavy, italic: true, "/usr/share/fonts/truetype/lato/Lato-HeavyItalic.ttf", "fonts-lato"),
        Face("Avenir-Black", "Avenir", .black, italic: false, "/usr/share/fonts/truetype/lato/Lato-Black.ttf", "fonts-lato"),
        Face("Avenir-BlackOblique", "Avenir", .black, italic: true, "/usr/share/fonts/truetype/lato/Lato-BlackItalic.ttf", "fonts-lato"),
        Face("AvenirNext-UltraLight", "Avenir Next", .ultraLight, italic: false, "/usr/share/fonts/opentype/cantarell/Cantarell-Thin.otf", "fonts-cantarell"),
        Face("AvenirNext-UltraLightItalic", "Avenir Next", .ultraLight, italic: true, "/usr/share/fonts/truetype/lato/Lato-HairlineItalic.ttf", "fonts-lato"),
        Face("AvenirNext-Regular", "Avenir Next", .regular, italic: false, "/usr/share/fonts/opentype/cantarell/Cantarell-Regular.otf", "fonts-cantarell"),
        Face("AvenirNext-Italic", "Avenir Next", .regular, italic: true, "/usr/share/fonts/opentype/urw-base35/NimbusSans-Italic.otf", "fonts-urw-base35"),
        Face("AvenirNext-Medium", "Avenir Next", .medium, italic: false, "/usr/share/fonts/truetype/lato/Lato-Medium.ttf", "fonts-lato"),
        Face("AvenirNext-MediumItalic", "Avenir Next", .medium, italic: true, "/usr/share/fonts/truetype/lato/Lato-MediumItalic.ttf", "fonts-lato"),
        Face("AvenirNext-DemiBold", "Avenir Next", .semibold, italic: false, "/usr/share/fonts/truetype/lato/Lato-Semibold.ttf", "fonts-lato"),
        Face("AvenirNext-DemiBoldItalic", "Avenir Next", .semibold, italic: true, "/usr/share/fonts/truetype/lato/Lato-SemiboldItalic.ttf", "fonts-lato"),
        Face("AvenirNext-Bold", "Avenir Next", .bold, italic: false, "/usr/share/fonts/opentype/cantarell/Cantarell-Bold.otf", "fonts-cantarell"),
        Face("AvenirNext-BoldItalic", "Avenir Next", .bold, italic: true, "/usr/share/fonts/opentype/urw-base35/NimbusSans-BoldItalic.otf", "fonts-urw-base35"),
        Face("AvenirNext-Heavy", "Avenir Next", .heavy, italic: false, "/usr/share/fonts/opentype/cantarell/Cantarell-ExtraBold.otf", "fonts-cantarell"),
        Face("AvenirNext-HeavyItalic", "Avenir Next", .heavy, italic: true, "/usr/share/fonts/truetype/lato/Lato-HeavyItalic.ttf", "fonts-lato"),
        Face("AvenirNextCondensed-UltraLight", "Avenir Next Condensed", .ultraLight, italic: false, "/usr/share/fonts/truetype/lato/Lato-Hairline.ttf", "fonts-lato"),
        Face("AvenirNextCondensed-UltraLightItalic", "Avenir Next Condensed", .ultraLight, italic: true, "/usr/share/fonts/truetype/lato/Lato-HairlineItalic.ttf", "fonts-lato"),
        Face("AvenirNextCondensed-Regular", "Avenir Next Condensed", .regular, italic: false, "/usr/share/fonts/opentype/urw-base35/NimbusSansNarrow-Regular.otf", "fonts-urw-base35"),
        Face("AvenirNextCondensed-Italic", "Avenir Next Condensed", .regular, italic: true, "/usr/share/fonts/opentype/urw-base35/NimbusSansNarrow-Oblique.otf", "fonts-urw-base35"),
        Face("AvenirNextCondensed-Medium", "Avenir Next Condensed", .medium, italic: false, "/usr/share/fonts/truetype/lato/Lato-Medium.ttf", "fonts-lato"),
        Face("AvenirNextCondensed-MediumItalic", "Avenir Next Condensed", .medium, italic: true, "/usr/share/fonts/truetype/lato/Lato-MediumItalic.ttf", "fonts-lato"),
        Face("AvenirNextCondensed-DemiBold", "Avenir Next Condensed", .semibold, italic: false, "/usr/share/fonts/truetype/lato/Lato-Semibold.ttf", "fonts-lato"),
        Face("AvenirNextCondensed-DemiBoldItalic", "Avenir Next Condensed", .semibold, italic: true, "/usr/share/fonts/truetype/lato/Lato-SemiboldItalic.ttf", "fonts-lato"),
        Face("AvenirNextCondensed-Bold", "Avenir Next Condensed", .bold, italic: false, "/usr/share/fonts/opentype/urw-base35/NimbusSansNarrow-Bold.otf", "fonts-urw-base35"),
        Face("AvenirNextCondensed-BoldItalic", "Avenir Next Condensed", .bold, italic: true, "/usr/share/fonts/opentype/urw-base35/NimbusSansNarrow-BoldOblique.otf", "fonts-urw-base35"),
        Face("AvenirNextCondensed-Heavy", "Avenir Next Condensed", .heavy, italic: false, "/usr/share/fonts/opentype/cantarell/Cantarell-ExtraBold.otf", "fonts-cantarell"),
        Face("AvenirNextCondensed-HeavyItalic", "Avenir Next Condensed", .heavy, italic: true, "/usr/share/fonts/truetype/lato/Lato-HeavyItalic.ttf", "fonts-lato"),
        Face("Georgia", "Georgia", .regular, italic: false, "/usr/share/fonts/opentype/urw-base35/P052-Roman.otf", "fonts-urw-base35"),
        Face("Georgia-Italic", "Georgia", .regular, italic: true, "/usr/share/fonts/opentype/urw-base35/P052-Italic.otf", "fonts-urw-base35"),
        Face("Georgia-Bold", "Georgia", .bold, italic: false, "/usr/share/fonts/opentype/urw-base35/C059-Bold.otf", "fonts-urw-base35"),
        Face("Georgia-BoldItalic", "Georgia", .bold, italic: true, "/usr/share/fonts/opentype/urw-base35/C059-BdIta.otf", "fonts-urw-base35"),
        Face("Menlo-Regular", "Menlo", .regular, italic: false, "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf", "fonts-dejavu-core"),
        Face("Menlo-Italic", "Menlo", .regular, italic: true, "/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Oblique.ttf", "fonts-dejavu-extra"),
        Face("Menlo-Bold", "Menlo", .bold, italic: false, "/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf", "fonts-dejavu-core"),
        Face("Menlo-BoldItalic", "Menlo", .bold, italic: true, "/usr/share/fonts/truetype/dejavu/DejaVuSansMono-BoldOblique.ttf", "fonts-dejavu-extra"),
        Face("Courier", "Courier", .regular, italic: false, "/usr/share/fonts/opentype/urw-base35/NimbusMonoPS-Regular.otf", "fonts-urw-base35"),
        Face("Courier-Oblique", "Courier", .regular, italic: true, "/usr/share/fonts/opentype/urw-base35/NimbusMonoPS-Italic.otf", "fonts-urw-base35"),
        Face("Courier-Bold", "Courier", .bold, italic: false, "/usr/share/fonts/opentype/urw-base35/NimbusMonoPS-Bold.otf", "fonts-urw-base35"),
        Face("Courier-BoldOblique", "Courier", .bold, italic: true, "/usr/share/fonts/opentype/urw-base35/NimbusMonoPS-BoldItalic.otf", "fonts-urw-base35"),
        Face("CourierNewPSMT", "Courier New", .regular, italic: false, "/usr/share/fonts/opentype/urw-base35/NimbusMonoPS-Regular.otf", "fonts-urw-base35"),
        Face("CourierNewPS-ItalicMT", "Courier New", .regular, italic: true, "/usr/share/fonts/opentype/urw-base35/NimbusMonoPS-Italic.otf", "fonts-urw-base35"),
        Face("CourierNewPS-BoldMT", "Courier New", .bold, italic: false, "/usr/share/fonts/opentype/urw-base35/NimbusMonoPS-Bold.otf", "fonts-urw-base35"),
        Face("CourierNewPS-BoldItalicMT", "Courier New", .bold, italic: true, "/usr/share/fonts/opentype/urw-base35/NimbusMonoPS-BoldItalic.otf", "fonts-urw-base35"),
        Face("GillSans", "Gill Sans", .regular, italic: false, "/usr/share/fonts/opentype/cantarell/Cantarell-Regular.otf", "fonts-cantarell"),
        Face("GillSans-Italic", "Gill Sans", .regular, italic: true, "/usr/share/fonts/opentype/urw-base35/NimbusSansNarrow-Oblique.otf", "fonts-urw-base35"),
        Face("GillSans-Light", "Gill Sans", .light, italic: false, "/usr/share/fonts/opentype/cantarell/Cantarell-Light.otf", "fonts-cantarell"),
        Face("GillSans-LightItalic", "Gill Sans", .light, italic: true, "/usr/share/fonts/truetype/lato/Lato-LightItalic.ttf", "fonts-lato"),
        Face("GillSans-SemiBold", "Gill Sans", .semibold, italic: false, "/usr/share/fonts/truetype/lato/Lato-Semibold.ttf", "fonts-lato"),
        Face("GillSans-SemiBoldItalic", "Gill Sans", .semibold, italic: true, "/usr/share/fonts/truetype/lato/Lato-SemiboldItalic.ttf", "fonts-lato"),
        Face("GillSans-Bold", "Gill Sans", .bold, italic: false, "/usr/share/fonts/opentype/cantarell/Cantarell-Bold.otf", "fonts-cantarell"),
        Face("GillSans-BoldItalic", "Gill Sans", .bold, italic: true, "/usr/share/fonts/truetype/lato/Lato-BoldItalic.ttf", "fonts-lato"),
        Face("GillSans-UltraBold", "Gill Sans", .heavy, italic: false, "/usr/share/fonts/opentype/inter/Inter-ExtraBold.otf", "fonts-inter"),
        Face("Futura-Medium", "Futura", .medium, italic: false, "/usr/share/fonts/truetype/lato/Lato-Medium.ttf", "fonts-lato"),
        Face("Futura-MediumItalic", "Futura", .medium, italic: true, "/usr/share/fonts/truetype/lato/Lato-MediumItalic.ttf", "fonts-lato"),
        Face("Futura-Bold", "Futura", .bold, italic: false, "/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed-Bold.ttf", "fonts-dejavu-extra"),
        Face("Futura-CondensedMedium", "Futura", .medium, italic: false, "/usr/share/fonts/truetype/lato/Lato-Medium.ttf", "fonts-lato"),
        Face("Futura-CondensedExtraBold", "Futura", .heavy, italic: false, "/usr/share/fonts/truetype/lato/Lato-Heavy.ttf", "fonts-lato"),
        Face("Palatino-Roman", "Palatino", .regular, italic: false, "/usr/share/fonts/opentype/urw-base35/P052-Roman.otf", "fonts-urw-base35"),
        Face("Palatino-Italic", "Palatino", .regular, italic: true, "/usr/share/fonts/opentype/urw-base35/P052-Italic.otf", "fonts-urw-base35"),
        Face("Palatino-Bold", "Palatino", .bold, italic: false, "/usr/share/fonts/opentype/urw-base35/P052-Bold.otf", "fonts-urw-base35"),
        Face("Palatino-BoldItalic", "Palatino", .bold, italic: true, "/usr/share/fonts/opentype/urw-base35/P052-BoldItalic.otf", "fonts-urw-base35"),
        Face("TimesNewRomanPSMT", "Times New Roman", .regular, italic: false, "/usr/share/fonts/opentype/urw-base35/NimbusRoman-Regular.otf", "fonts-urw-base35"),
        Face("TimesNewRomanPS-ItalicMT", "Times New Roman", .regular, italic: true, "/usr/share/fonts/opentype/urw-base35/NimbusRoman-Italic.otf", "fonts-urw-base35"),
        Face("TimesNewRomanPS-BoldMT", "Times New Roman", .bold, italic: false, "/usr/share/fonts/opentype/urw-base35/NimbusRoman-Bold.otf", "fonts-urw-base35"),
        Face("TimesNewRomanPS-BoldItalicMT", "Times New Roman", .bold, italic: true, "/usr/share/fonts/opentype/urw-base35/NimbusRoman-BoldItalic.otf", "fonts-urw-base35"),
        Face("ArialMT", "Arial", .regular, italic: false, "/usr/share/fonts/opentype/urw-base35/NimbusSans-Regular.otf", "fonts-urw-base35"),
        Face("Arial-ItalicMT", "Arial", .regular, italic: true, "/usr/share/fonts/opentype/urw-base35/NimbusSans-Italic.otf", "fonts-urw-base35"),
        Face("Arial-BoldMT", "Arial", .bold, italic: false, "/usr/share/fonts/opentype/urw-base35/NimbusSans-Bold.otf", "fonts-urw-base35"),
        Face("Arial-BoldItalicMT", "Arial", .bold, italic: true, "/usr/share/fonts/opentype/urw-base35/NimbusSans-BoldItalic.otf", "fonts-urw-base35"),
        Face("Verdana", "Verdana", .regular, italic: false, "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "fonts-dejavu-core"),
        Face("Verdana-Italic", "Verdana", .regular, italic: true, "/usr/share/fonts/truetype/dejavu/DejaVuSans-Oblique.ttf", "fonts-dejavu-extra"),
        Face("Verdana-Bold", "Verdana", .bold, italic: false, "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf", "fonts-dejavu-core"),
        Face("Verdana-BoldItalic", "Verdana", .bold, italic: true, "/usr/share/fonts/truetype/dejavu/DejaVuSans-BoldOblique.ttf", "fonts-dejavu-extra"),
        Face("TrebuchetMS", "Trebuchet MS", .regular, italic: false, "/usr/share/fonts/truetype/noto/NotoSansDisplay-Regular.ttf", "fonts-noto-core"),
        Face("TrebuchetMS-Italic", "Trebuchet MS", .regular, italic: true, "/usr/share/fonts/truetype/noto/NotoSans-Italic.ttf", "fonts-noto-core"),
        Face("TrebuchetMS-Bold", "Trebuchet MS", .bold, italic: false, "/usr/share/fonts/opentype/urw-base35/NimbusSans-Bold.otf", "fonts-urw-base35"),
        Face("Trebuchet-BoldItalic", "Trebuchet MS", .bold, italic: true, "/usr/share/fonts/opentype/urw-base35/NimbusSans-BoldItalic.otf", "fonts-urw-base35"),
        Face("Didot", "Didot", .regular, italic: false, "/usr/share/fonts/opentype/urw-base35/P052-Roman.otf", "fonts-urw-base35"),
        Face("Didot-Italic", "Didot", .regular, italic: true, "/usr/share/fonts/opentype/urw-base35/P052-Italic.otf", "fonts-urw-base35"),
        Face("Didot-Bold", "Didot", .bold, italic: false, "/usr/share/fonts/opentype/urw-base35/P052-Bold.otf", "fonts-urw-base35"),
        Face("Optima-Regular", "Optima", .regular, italic: false, "/usr/share/fonts/opentype/cantarell/Cantarell-Regular.otf", "fonts-cantarell"),
        Face("Optima-Italic", "Optima", .regular, italic: true, "/usr/share/fonts/truetype/lato/Lato-Italic.ttf", "fonts-lato"),
        Face("Optima-Bold", "Optima", .bold, italic: false, "/usr/share/fonts/opentype/cantarell/Cantarell-Bold.otf", "fonts-cantarell"),
        Face("Optima-BoldItalic", "Optima", .bold, italic: true, "/usr/share/fonts/truetype/lato/Lato-BoldItalic.ttf", "fonts-lato"),
        Face("Optima-ExtraBlack", "Optima", .black, italic: false, "/usr/share/fonts/opentype/inter/Inter-Black.otf", "fonts-inter"),
        Face("AmericanTypewriter-Light", "American Typewriter", .light, italic: false, "/usr/share/fonts/opentype/urw-base35/URWBookman-Light.otf", "fonts-urw-base35"),
        Face("AmericanTypewriter", "American Typewriter", .regular, italic: false, "/usr/share/fonts/opentype/urw-base35/C059-Roman.otf", "fonts-urw-base35"),
        Face("AmericanTypewriter-Semibold", "American Typewriter", .semibold, italic: false, "/usr/share/fonts/opentype/urw-base35/URWBookman-Demi.otf", "fonts-urw-base35"),
        Face("AmericanTypewriter-Bold", "American Typewriter", .bold, italic: false, "/usr/share/fonts/opentype/urw-base35/C059-Bold.otf", "fonts-urw-base35"),
        Face("AmericanTypewriter-CondensedLight", "American Typewriter", .light, italic: false, "/usr/share/fonts/opentype/urw-base35/URWBookman-Light.otf", "fonts-urw-base35"),
        Face("AmericanTypewriter-Condensed", "American Typewriter", .regular, italic: false, "/usr/share/fonts/opentype/urw-base35/C059-Roman.otf", "fonts-urw-base35"),
        Face("AmericanTypewriter-CondensedBold", "American Typewriter", .bold, italic: false, "/usr/share/fonts/opentype/urw-base35/C059-Bold.otf", "fonts-urw-base35"),
        Face("Baskerville", "Baskerville", .regular, italic: false, "/usr/share/fonts/opentype/urw-base35/C059-Roman.otf", "fonts-urw-base35"),
        Face("Baskerville-Italic", "Baskerville", .regular, italic: true, "/usr/share/fonts/opentype/urw-base35/C059-Italic.otf", "fonts-urw-base35"),
        Face("Baskerville-SemiBold", "Baskerville", .semibold, italic: false, "/usr/share/fonts/opentype/urw-base35/URWBookman-Demi.otf", "fonts-urw-base35"),
        Face("Baskerville-SemiBoldItalic", "Baskerville", .semibold, italic: true, "/usr/share/fonts/opentype/urw-base35/URWBookman-DemiItalic.otf", "fonts-urw-base35"),
        Face("Baskerville-Bold", "Baskerville", .bold, italic: false, "/usr/share/fonts/opentype/urw-base35/C059-Bold.otf", "fonts-urw-base35"),
        Face("Baskerville-BoldItalic", "Baskerville", .bold, italic: true, "/usr/share/fonts/opentype/urw-base35/C059-BdIta.otf", "fonts-urw-base35"),
        Face("HoeflerText-Regular", "Hoefler Text", .regular, italic: false, "/usr/share/fonts/opentype/urw-base35/C059-Roman.otf", "fonts-urw-base35"),
        Face("HoeflerText-Italic", "Hoefler Text", .regular, italic: true, "/usr/share/fonts/opentype/urw-base35/C059-Italic.otf", "fonts-urw-base35"),
        Face("HoeflerText-Black", "Hoefler Text", .black, italic: false, "/usr/share/fonts/opentype/urw-base35/C059-Bold.otf", "fonts-urw-base35"),
        Face("HoeflerText-BlackItalic", "Hoefler Text", .black, italic: true, "/usr/share/fonts/opentype/urw-base35/C059-BdIta.otf", "fonts-urw-base35"),
        Face("ChalkboardSE-Light", "Chalkboard SE", .light, italic: false, "/usr/share/fonts/opentype/cantarell/Cantarell-Light.otf", "fonts-cantarell"),
        Face("ChalkboardSE-Regular", "Chalkboard SE", .regular, italic: false, "/usr/share/fonts/opentype/cantarell/Cantarell-Regular.otf", "fonts-cantarell"),
        Face("ChalkboardSE-Bold", "Chalkboard SE", .bold, italic: false, "/usr/share/fonts/opentype/cantarell/Cantarell-Bold.otf", "fonts-cantarell"),
        Face("MarkerFelt-Thin", "Marker Felt", .light, italic: false, "/usr/share/fonts/opentype/cantarell/Cantarell-Light.otf", "fonts-cantarell"),
        Face("MarkerFelt-Wide", "Marker Felt", .bold, italic: false, "/usr/share/fonts/opentype/cantarell/Cantarell-Bold.otf", "fonts-cantarell"),
        Face("Noteworthy-Light", "Noteworthy", .light, italic: false, "/usr/share/fonts/opentype/cantarell/Cantarell-Light.otf", "fonts-cantarell"),
        Face("Noteworthy-Bold", "Noteworthy", .bold, italic: false, "/usr/share/fonts/opentype/cantarell/Cantarell-Bold.otf", "fonts-cantarell"),
    ]

    private static let byName: [String: Face] = Dictionary(faces.map { ($0.name.lowercased(), $0) }, uniquingKeysWith: { a, _ in a })

    /// The families, in the order the table lists them.
    static let families: [String] = faces.reduce(into: [String]()) { if !$0.contains($1.family) { $0.append($1.family) } }

    /// A face by its PostScript name, or a family by its name (its upright face nearest regular,
    /// as iOS gives `UIFont(name: "Georgia", size:)`); case-insensitive. Nil for a name iOS does not ship.
    static func face(named name: String) -> Face? {
        let key = name.lowercased()
        if let face = byName[key] { return face }
        let members = faces.filter { $0.family.lowercased() == key }
        return members.filter { !$0.italic }.min { abs($0.weight.rawValue) < abs($1.weight.rawValue) } ?? members.first
    }

    /// The family's faces, by PostScript name.
    static func names(family: String) -> [String] {
        faces.filter { $0.family.caseInsensitiveCompare(family) == .orderedSame }.map(\.name)
    }

    /// The family's face nearest `weight` in `italic` (or upright, when the family has no italic).
    static func face(family: String, weight: UIFont.Weight, italic: Bool) -> Face? {
        let members = faces.filter { $0.family == family }
        let styled = members.filter { $0.italic == italic }
        return (styled.isEmpty ? members : styled).min { abs($0.weight.rawValue - weight.rawValue) < abs($1.weight.rawValue - weight.rawValue) }
    }
}

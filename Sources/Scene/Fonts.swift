import Foundation
import Raster

/// Font weights the scenes use; each maps to one bundled Inter file.
public enum FontWeight: String, Sendable, CaseIterable {
    case regular, medium, semibold, bold

    var fileName: String {
        switch self {
        case .regular: return "Inter-Regular.otf"
        case .medium: return "Inter-Medium.otf"
        case .semibold: return "Inter-SemiBold.otf"
        case .bold: return "Inter-Bold.otf"
        }
    }
}

/// The fonts that ship with the package (Inter, SIL Open Font License, licence beside the files),
/// so glyphs are the same on every machine: no system font lookup.
public final class BundledFonts: Sendable {
    public static let shared: BundledFonts = {
        do { return try BundledFonts() } catch { fatalError("bundled fonts are missing from the package resources: \(error)") }
    }()

    private let fonts: [FontWeight: Font]

    init() throws {
        var loaded: [FontWeight: Font] = [:]
        for weight in FontWeight.allCases {
            guard let path = BundledFonts.path(weight) else { throw FontError.unreadable(path: "Fonts/\(weight.fileName)") }
            loaded[weight] = try Font(path: path)
        }
        fonts = loaded
    }

    public func font(_ weight: FontWeight) -> Font { fonts[weight]! }

    /// The font files' paths, for what a render depends on.
    public static var filePaths: [String] { FontWeight.allCases.compactMap(path) }

    static func path(_ weight: FontWeight) -> String? {
        Bundle.module.url(forResource: weight.fileName, withExtension: nil, subdirectory: "Fonts")?.path
    }
}

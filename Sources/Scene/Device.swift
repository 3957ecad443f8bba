import Raster

/// A portrait iPhone: screen size in points, scale, and the system chrome's metrics
/// (behaviour spec, section 4).
public struct Device: Sendable, Equatable {
    /// The identifier scenario files use (`iphone-15`).
    public let id: String
    /// The marketing names it covers.
    public let name: String
    public let size: Size
    public let scale: Double
    public let statusBarHeight: Double
    public let safeAreaTop: Double
    public let safeAreaBottom: Double
    /// Navigation bar height below the status bar.
    public let navigationBarHeight: Double = 44

    /// True for the Face ID phones, which draw a home indicator and have rounded status bars.
    public var hasHomeIndicator: Bool { safeAreaBottom > 0 }

    public static let all: [Device] = [
        Device(id: "iphone-se-1", name: "iPhone SE (1st)", size: Size(320, 568), scale: 2,
               statusBarHeight: 20, safeAreaTop: 20, safeAreaBottom: 0),
        Device(id: "iphone-8", name: "iPhone 8 / SE (2nd, 3rd)", size: Size(375, 667), scale: 2,
               statusBarHeight: 20, safeAreaTop: 20, safeAreaBottom: 0),
        Device(id: "iphone-8-plus", name: "iPhone 8 Plus", size: Size(414, 736), scale: 3,
               statusBarHeight: 20, safeAreaTop: 20, safeAreaBottom: 0),
        Device(id: "iphone-x", name: "iPhone X / XS / 11 Pro", size: Size(375, 812), scale: 3,
               statusBarHeight: 44, safeAreaTop: 44, safeAreaBottom: 34),
        Device(id: "iphone-11", name: "iPhone 11 / XR", size: Size(414, 896), scale: 2,
               statusBarHeight: 48, safeAreaTop: 48, safeAreaBottom: 34),
        Device(id: "iphone-12", name: "iPhone 12 / 13 / 14", size: Size(390, 844), scale: 3,
               statusBarHeight: 47, safeAreaTop: 47, safeAreaBottom: 34),
        Device(id: "iphone-15", name: "iPhone 14 Pro / 15 / 16", size: Size(393, 852), scale: 3,
               statusBarHeight: 54, safeAreaTop: 59, safeAreaBottom: 34),
        Device(id: "iphone-15-pro-max", name: "iPhone 15 Pro Max / 16 Plus", size: Size(430, 932), scale: 3,
               statusBarHeight: 54, safeAreaTop: 59, safeAreaBottom: 34),
    ]

    public static func named(_ id: String) -> Device? { all.first { $0.id == id } }

    /// Output size in pixels at `scale` (the device's own unless overridden).
    public func pixelSize(scale: Double? = nil) -> (width: Int, height: Int) {
        let s = scale ?? self.scale
        return (Int((size.width * s).rounded()), Int((size.height * s).rounded()))
    }
}

/// Light or dark mode.
public enum Appearance: String, Sendable, CaseIterable {
    case light, dark
}

/// The system colours of the behaviour spec, section 5, for one appearance.
public struct Palette: Sendable, Equatable {
    public var label: Color
    public var secondaryLabel: Color
    public var separator: Color
    public var systemBackground: Color
    public var secondarySystemBackground: Color
    public var systemBlue: Color
    /// The navigation bar's hairline: black at about 30 % alpha.
    public var hairline: Color
    /// The home indicator.
    public var homeIndicator: Color

    public static let light = Palette(
        label: Color(0, 0, 0), secondaryLabel: Color(60, 60, 67, alpha: 153.0 / 255),
        separator: Color(60, 60, 67, alpha: 73.0 / 255), systemBackground: Color(255, 255, 255),
        secondarySystemBackground: Color(242, 242, 247), systemBlue: Color(0, 122, 255),
        hairline: Color(0, 0, 0, alpha: 0.3), homeIndicator: Color(0, 0, 0))

    public static let dark = Palette(
        label: Color(255, 255, 255), secondaryLabel: Color(235, 235, 245, alpha: 153.0 / 255),
        separator: Color(84, 84, 88, alpha: 153.0 / 255), systemBackground: Color(0, 0, 0),
        secondarySystemBackground: Color(28, 28, 30), systemBlue: Color(10, 132, 255),
        hairline: Color(255, 255, 255, alpha: 0.15), homeIndicator: Color(255, 255, 255))

    public static func forAppearance(_ a: Appearance) -> Palette { a == .light ? .light : .dark }
}

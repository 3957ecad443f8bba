import Raster

/// An iPhone or iPad in one orientation: screen size in points, scale, and the system chrome's
/// metrics (behaviour spec, section 4; the sources of every number are in docs/devices.md).
///
/// Metrics are iOS 18's: UIKit's window safe-area insets, the status bar's frame, the bars'
/// heights for the size class (a compact-height iPhone in landscape has 32 pt bars and no status
/// bar; an iPad keeps its 24 pt status bar in both orientations).
public struct Device: Sendable, Equatable {
    public enum Idiom: String, Sendable { case phone, pad }
    public enum Orientation: String, Sendable, CaseIterable { case portrait, landscape }

    /// The identifier scenario files use (`iphone-15`).
    public let id: String
    /// The marketing names it covers.
    public let name: String
    public let idiom: Idiom
    public let orientation: Orientation
    public let size: Size
    public let scale: Double
    /// The status bar's height: 0 where iOS hides it (an iPhone in landscape).
    public let statusBarHeight: Double
    public let safeAreaTop: Double
    public let safeAreaLeft: Double
    public let safeAreaBottom: Double
    public let safeAreaRight: Double
    /// The display's corner radius in points (0: square corners), as UIScreen reports it.
    public let cornerRadius: Double
    /// False where the corner radius is an estimate (not measured on the device).
    public let cornerRadiusMeasured: Bool

    init(
        id: String, name: String, idiom: Idiom = .phone, size: Size, scale: Double, statusBarHeight: Double,
        safeAreaTop: Double, safeAreaBottom: Double, cornerRadius: Double, cornerRadiusMeasured: Bool = true
    ) {
        self.init(
            id: id, name: name, idiom: idiom, orientation: .portrait, size: size, scale: scale, statusBarHeight: statusBarHeight,
            safeArea: (safeAreaTop, 0, safeAreaBottom, 0), cornerRadius: cornerRadius, cornerRadiusMeasured: cornerRadiusMeasured)
    }

    private init(
        id: String, name: String, idiom: Idiom, orientation: Orientation, size: Size, scale: Double, statusBarHeight: Double,
        safeArea: (top: Double, left: Double, bottom: Double, right: Double), cornerRadius: Double, cornerRadiusMeasured: Bool
    ) {
        self.id = id; self.name = name; self.idiom = idiom; self.orientation = orientation; self.size = size; self.scale = scale
        self.statusBarHeight = statusBarHeight
        safeAreaTop = safeArea.top; safeAreaLeft = safeArea.left; safeAreaBottom = safeArea.bottom; safeAreaRight = safeArea.right
        self.cornerRadius = cornerRadius; self.cornerRadiusMeasured = cornerRadiusMeasured
    }

    /// True for the phones without a Home button and for the iPads in the table: they draw a home indicator.
    public var hasHomeIndicator: Bool { safeAreaBottom > 0 }

    /// An iPhone in landscape: compact height.
    public var isCompactHeight: Bool { idiom == .phone && orientation == .landscape }

    /// A navigation bar's height below the status bar: 44 pt, 32 pt on an iPhone in landscape, 50 pt on an iPad.
    public var navigationBarHeight: Double { idiom == .pad ? 50 : isCompactHeight ? 32 : 44 }

    /// A tab bar's height above the bottom safe area: 49 pt, 32 pt on an iPhone in landscape, 50 pt on an iPad.
    public var tabBarHeight: Double { idiom == .pad ? 50 : isCompactHeight ? 32 : 49 }

    /// A toolbar's height above the bottom safe area: as a navigation bar's.
    public var toolbarHeight: Double { navigationBarHeight }

    /// UIKit's standard layout margins (a view controller's root view's side margins, a cell's
    /// content inset and separator inset, a large title's x): 20 pt on iPads and on the iPhones
    /// 414 pt or wider in portrait (the Plus and Max phones, the 11 and XR, the Air) in either
    /// orientation, 16 pt on the narrower iPhones. iOS snapshot references of a 414-pt phone in
    /// portrait show 20 pt cell margins (docs/parity.md).
    public var layoutMargin: Double { idiom == .pad || min(size.width, size.height) >= 414 ? 20 : 16 }

    /// The portrait device, in `orientation`. In landscape an iPhone hides its status bar; a phone
    /// with a notch or Dynamic Island keeps that inset on both sides and 21 pt at the bottom; an
    /// iPad keeps its insets.
    public func oriented(_ orientation: Orientation) -> Device {
        guard orientation != self.orientation else { return self }
        let portrait = self.orientation == .portrait ? self : Device.named(id)!
        guard orientation == .landscape else { return portrait }
        let swapped = Size(portrait.size.height, portrait.size.width)
        if idiom == .pad {
            return Device(
                id: id, name: name, idiom: idiom, orientation: .landscape, size: swapped, scale: scale,
                statusBarHeight: portrait.statusBarHeight,
                safeArea: (portrait.safeAreaTop, 0, portrait.safeAreaBottom, 0),
                cornerRadius: cornerRadius, cornerRadiusMeasured: cornerRadiusMeasured)
        }
        let side = portrait.hasHomeIndicator ? portrait.safeAreaTop : 0
        return Device(
            id: id, name: name, idiom: idiom, orientation: .landscape, size: swapped, scale: scale, statusBarHeight: 0,
            safeArea: (0, side, portrait.hasHomeIndicator ? 21 : 0, side),
            cornerRadius: cornerRadius, cornerRadiusMeasured: cornerRadiusMeasured)
    }

    /// The devices in portrait, oldest first, then the iPads.
    public static let all: [Device] = [
        Device(
            id: "iphone-se-1", name: "iPhone SE (1st)", size: Size(320, 568), scale: 2,
            statusBarHeight: 20, safeAreaTop: 20, safeAreaBottom: 0, cornerRadius: 0),
        Device(
            id: "iphone-8", name: "iPhone 8 / SE (2nd, 3rd)", size: Size(375, 667), scale: 2,
            statusBarHeight: 20, safeAreaTop: 20, safeAreaBottom: 0, cornerRadius: 0),
        Device(
            id: "iphone-8-plus", name: "iPhone 8 Plus", size: Size(414, 736), scale: 3,
            statusBarHeight: 20, safeAreaTop: 20, safeAreaBottom: 0, cornerRadius: 0),
        Device(
            id: "iphone-x", name: "iPhone X / XS / 11 Pro", size: Size(375, 812), scale: 3,
            statusBarHeight: 44, safeAreaTop: 44, safeAreaBottom: 34, cornerRadius: 39),
        Device(
            id: "iphone-11", name: "iPhone 11 / XR", size: Size(414, 896), scale: 2,
            statusBarHeight: 48, safeAreaTop: 48, safeAreaBottom: 34, cornerRadius: 41.5),
        Device(
            id: "iphone-12", name: "iPhone 12 / 13 / 14", size: Size(390, 844), scale: 3,
            statusBarHeight: 47, safeAreaTop: 47, safeAreaBottom: 34, cornerRadius: 47.33),
        Device(
            id: "iphone-15", name: "iPhone 14 Pro / 15 / 15 Pro", size: Size(393, 852), scale: 3,
            statusBarHeight: 54, safeAreaTop: 59, safeAreaBottom: 34, cornerRadius: 55),
        Device(
            id: "iphone-15-pro-max", name: "iPhone 14 Pro Max / 15 Plus / 15 Pro Max", size: Size(430, 932), scale: 3,
            statusBarHeight: 54, safeAreaTop: 59, safeAreaBottom: 34, cornerRadius: 55),
        Device(
            id: "iphone-16", name: "iPhone 16", size: Size(393, 852), scale: 3,
            statusBarHeight: 54, safeAreaTop: 59, safeAreaBottom: 34, cornerRadius: 55),
        Device(
            id: "iphone-16-plus", name: "iPhone 16 Plus", size: Size(430, 932), scale: 3,
            statusBarHeight: 54, safeAreaTop: 59, safeAreaBottom: 34, cornerRadius: 55),
        Device(
            id: "iphone-16-pro", name: "iPhone 16 Pro", size: Size(402, 874), scale: 3,
            statusBarHeight: 62, safeAreaTop: 62, safeAreaBottom: 34, cornerRadius: 62),
        Device(
            id: "iphone-16-pro-max", name: "iPhone 16 Pro Max", size: Size(440, 956), scale: 3,
            statusBarHeight: 62, safeAreaTop: 62, safeAreaBottom: 34, cornerRadius: 62),
        Device(
            id: "iphone-17", name: "iPhone 17", size: Size(402, 874), scale: 3,
            statusBarHeight: 62, safeAreaTop: 62, safeAreaBottom: 34, cornerRadius: 62),
        Device(
            id: "iphone-17-pro", name: "iPhone 17 Pro", size: Size(402, 874), scale: 3,
            statusBarHeight: 62, safeAreaTop: 62, safeAreaBottom: 34, cornerRadius: 62),
        Device(
            id: "iphone-17-pro-max", name: "iPhone 17 Pro Max", size: Size(440, 956), scale: 3,
            statusBarHeight: 62, safeAreaTop: 62, safeAreaBottom: 34, cornerRadius: 62),
        Device(
            id: "iphone-air", name: "iPhone Air", size: Size(420, 912), scale: 3,
            statusBarHeight: 68, safeAreaTop: 68, safeAreaBottom: 34, cornerRadius: 62, cornerRadiusMeasured: false),
        Device(
            id: "ipad-10", name: "iPad (10th generation)", idiom: .pad, size: Size(820, 1180), scale: 2,
            statusBarHeight: 24, safeAreaTop: 24, safeAreaBottom: 20, cornerRadius: 18, cornerRadiusMeasured: false),
        Device(
            id: "ipad-air-11", name: "iPad Air 11-inch (M2, M3)", idiom: .pad, size: Size(820, 1180), scale: 2,
            statusBarHeight: 24, safeAreaTop: 24, safeAreaBottom: 20, cornerRadius: 18),
        Device(
            id: "ipad-air-13", name: "iPad Air 13-inch (M2, M3)", idiom: .pad, size: Size(1024, 1366), scale: 2,
            statusBarHeight: 24, safeAreaTop: 24, safeAreaBottom: 20, cornerRadius: 18),
        Device(
            id: "ipad-pro-11", name: "iPad Pro 11-inch (M4, M5)", idiom: .pad, size: Size(834, 1210), scale: 2,
            statusBarHeight: 24, safeAreaTop: 24, safeAreaBottom: 20, cornerRadius: 18, cornerRadiusMeasured: false),
        Device(
            id: "ipad-pro-13", name: "iPad Pro 13-inch (M4, M5)", idiom: .pad, size: Size(1032, 1376), scale: 2,
            statusBarHeight: 24, safeAreaTop: 24, safeAreaBottom: 20, cornerRadius: 18, cornerRadiusMeasured: false),
    ]

    /// The device a scenario without `device:` is drawn on.
    public static let defaultID = "iphone-15"

    /// The portrait device with this id.
    public static func named(_ id: String) -> Device? { all.first { $0.id == id } }

    /// The id a user most likely meant by `text` (`iPhone 16 Pro`, `iphone16pro`, `16 pro`), or nil.
    public static func suggestion(for text: String) -> String? {
        func squeeze(_ s: String) -> String { String(s.lowercased().filter { $0.isLetter || $0.isNumber }) }
        let given = squeeze(text.replacingOccurrences(of: "Apple", with: "").replacingOccurrences(of: "apple", with: ""))
        guard !given.isEmpty else { return nil }
        if let exact = all.first(where: { squeeze($0.id) == given }) { return exact.id }
        // A model named in a row's marketing names ("iPhone 13" is the iphone-12 row).
        for d in all {
            let names = d.name.split(separator: "/").map { String($0) }
            var base = ""
            for part in names {
                var name = squeeze(part)
                // "iPhone 8 / SE (2nd, 3rd)": the later parts continue the first one's family.
                if let first = name.first, first.isNumber, !base.isEmpty { name = base + name }
                if base.isEmpty { base = String(name.prefix { $0.isLetter }) }
                if name == given { return d.id }
            }
        }
        let prefixed = all.filter { squeeze($0.id).hasPrefix(given) || squeeze($0.id).hasSuffix(given) }
        if prefixed.count == 1 { return prefixed[0].id }
        return nil
    }

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

/// The system colors of the behaviour spec, section 5, for one appearance.
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

    /// tertiarySystemFill (a search field, a segmented control's track): #767680 at 12 % in light
    /// mode, 24 % in dark (UIKit's dynamic color).
    public static func tertiarySystemFill(_ a: Appearance) -> Color { Color(118, 118, 128, alpha: a == .light ? 0.12 : 0.24) }
}

import Foundation
internal import Scene

/// The interface style: light or dark.
/// https://developer.apple.com/documentation/uikit/uiuserinterfacestyle
public enum UIUserInterfaceStyle: Int, Sendable {
    case unspecified = 0, light = 1, dark = 2
}

/// https://developer.apple.com/documentation/uikit/uiuserinterfacesizeclass
public enum UIUserInterfaceSizeClass: Int, Sendable {
    case unspecified = 0, compact = 1, regular = 2
}

/// https://developer.apple.com/documentation/uikit/uiuserinterfaceidiom
public enum UIUserInterfaceIdiom: Int, Sendable {
    case unspecified = -1, phone = 0, pad = 1, tv = 2, carPlay = 3, mac = 5, vision = 6
}

/// https://developer.apple.com/documentation/uikit/uitraitenvironmentlayoutdirection
public enum UITraitEnvironmentLayoutDirection: Int, Sendable {
    case unspecified = -1, leftToRight = 0, rightToLeft = 1
}

/// The text size a person chose (Dynamic Type).
/// https://developer.apple.com/documentation/uikit/uicontentsizecategory
public struct UIContentSizeCategory: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let unspecified = UIContentSizeCategory(rawValue: "_UICTContentSizeCategoryUnspecified")
    public static let extraSmall = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXS")
    public static let small = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryS")
    public static let medium = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryM")
    public static let large = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryL")
    public static let extraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXL")
    public static let extraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXXL")
    public static let extraExtraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXXXL")
    public static let accessibilityMedium = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityM")
    public static let accessibilityLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityL")
    public static let accessibilityExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityXL")
    public static let accessibilityExtraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityXXL")
    public static let accessibilityExtraExtraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityXXXL")

    static let ordered: [(UIContentSizeCategory, ContentSizeCategory)] = [
        (.extraSmall, .xSmall), (.small, .small), (.medium, .medium), (.large, .large), (.extraLarge, .xLarge),
        (.extraExtraLarge, .xxLarge), (.extraExtraExtraLarge, .xxxLarge), (.accessibilityMedium, .accessibility1),
        (.accessibilityLarge, .accessibility2), (.accessibilityExtraLarge, .accessibility3),
        (.accessibilityExtraExtraLarge, .accessibility4), (.accessibilityExtraExtraExtraLarge, .accessibility5),
    ]

    /// The scenario's size category for this one (`.large` for unspecified).
    var sceneCategory: ContentSizeCategory { UIContentSizeCategory.ordered.first { $0.0 == self }?.1 ?? .large }

    init(_ category: ContentSizeCategory) { self = UIContentSizeCategory.ordered.first { $0.1 == category }?.0 ?? .large }

    /// https://developer.apple.com/documentation/uikit/uicontentsizecategory/2897444-isaccessibilitycategory
    public var isAccessibilityCategory: Bool { sceneCategory.isAccessibilityCategory && self != .unspecified }
}

/// The traits of the interface: appearance, text size, scale, size classes.
/// https://developer.apple.com/documentation/uikit/uitraitcollection
// @unchecked: Sendable is checked only for final classes (a subclass may add state);
// UIKit declares it Sendable, and its traits are `let`s.
open class UITraitCollection: NSObject, @unchecked Sendable {
    public let userInterfaceStyle: UIUserInterfaceStyle
    public let preferredContentSizeCategory: UIContentSizeCategory
    public let displayScale: CGFloat
    public let horizontalSizeClass: UIUserInterfaceSizeClass
    public let verticalSizeClass: UIUserInterfaceSizeClass
    public let userInterfaceIdiom: UIUserInterfaceIdiom
    public let layoutDirection: UITraitEnvironmentLayoutDirection

    init(
        style: UIUserInterfaceStyle = .unspecified, category: UIContentSizeCategory = .unspecified, scale: CGFloat = 0,
        horizontal: UIUserInterfaceSizeClass = .unspecified, vertical: UIUserInterfaceSizeClass = .unspecified,
        idiom: UIUserInterfaceIdiom = .unspecified, direction: UITraitEnvironmentLayoutDirection = .unspecified
    ) {
        userInterfaceStyle = style; preferredContentSizeCategory = category; displayScale = scale
        horizontalSizeClass = horizontal; verticalSizeClass = vertical; userInterfaceIdiom = idiom; layoutDirection = direction
    }

    public override convenience init() { self.init(style: .unspecified) }
    public convenience init(userInterfaceStyle: UIUserInterfaceStyle) { self.init(style: userInterfaceStyle) }
    public convenience init(preferredContentSizeCategory: UIContentSizeCategory) { self.init(category: preferredContentSizeCategory) }
    public convenience init(displayScale: CGFloat) { self.init(scale: displayScale) }
    public convenience init(horizontalSizeClass: UIUserInterfaceSizeClass) { self.init(horizontal: horizontalSizeClass) }
    public convenience init(verticalSizeClass: UIUserInterfaceSizeClass) { self.init(vertical: verticalSizeClass) }
    public convenience init(userInterfaceIdiom: UIUserInterfaceIdiom) { self.init(idiom: userInterfaceIdiom) }
    public convenience init(layoutDirection: UITraitEnvironmentLayoutDirection) { self.init(direction: layoutDirection) }

    /// The traits of `traitCollections` combined, later ones winning where they specify a value.
    /// https://developer.apple.com/documentation/uikit/uitraitcollection/1623551-init
    public convenience init(traitsFrom traitCollections: [UITraitCollection]) {
        var t = UITraitCollection()
        for other in traitCollections { t = t.overridden(by: other) }
        self.init(
            style: t.userInterfaceStyle, category: t.preferredContentSizeCategory, scale: t.displayScale,
            horizontal: t.horizontalSizeClass, vertical: t.verticalSizeClass, idiom: t.userInterfaceIdiom,
            direction: t.layoutDirection)
    }

    /// `self` with the values `other` specifies.
    func overridden(by other: UITraitCollection) -> UITraitCollection {
        UITraitCollection(
            style: other.userInterfaceStyle != .unspecified ? other.userInterfaceStyle : userInterfaceStyle,
            category: other.preferredContentSizeCategory != .unspecified ? other.preferredContentSizeCategory : preferredContentSizeCategory,
            scale: other.displayScale != 0 ? other.displayScale : displayScale,
            horizontal: other.horizontalSizeClass != .unspecified ? other.horizontalSizeClass : horizontalSizeClass,
            vertical: other.verticalSizeClass != .unspecified ? other.verticalSizeClass : verticalSizeClass,
            idiom: other.userInterfaceIdiom != .unspecified ? other.userInterfaceIdiom : userInterfaceIdiom,
            direction: other.layoutDirection != .unspecified ? other.layoutDirection : layoutDirection)
    }

    /// The traits dynamic colors and images resolve with when no view says: the screen's while a
    /// screen runs. As in UIKit it belongs to the current execution context: each thread has its
    /// own (a thread that never set it sees light, Large text, scale 3, a phone, left to right).
    /// https://developer.apple.com/documentation/uikit/uitraitcollection/3238080-current
    public class var current: UITraitCollection {
        get { perThread.value ?? initial }
        set { perThread.value = newValue }
    }
    private static let perThread = ThreadLocal<UITraitCollection>()
    private static let initial = UITraitCollection(style: .light, category: .large, scale: 3, idiom: .phone, direction: .leftToRight)

    /// Runs `actions` with `current` set to `self`.
    /// https://developer.apple.com/documentation/uikit/uitraitcollection/3929640-performasCurrent
    public func performAsCurrent(_ actions: () throws -> Void) rethrows {
        let saved = UITraitCollection.current
        UITraitCollection.current = self
        defer { UITraitCollection.current = saved }
        try actions()
    }

    /// True when colors could resolve differently under `other` (the appearance differs).
    /// https://developer.apple.com/documentation/uikit/uitraitcollection/3238079-hasdifferentcolorappearance
    public func hasDifferentColorAppearance(comparedTo other: UITraitCollection?) -> Bool {
        userInterfaceStyle != (other?.userInterfaceStyle ?? .unspecified)
    }

    /// The appearance these traits resolve colors in (light when unspecified).
    var appearance: Appearance { userInterfaceStyle == .dark ? .dark : .light }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let o = object as? UITraitCollection else { return false }
        return userInterfaceStyle == o.userInterfaceStyle && preferredContentSizeCategory == o.preferredContentSizeCategory
            && displayScale == o.displayScale && horizontalSizeClass == o.horizontalSizeClass
            && verticalSizeClass == o.verticalSizeClass && userInterfaceIdiom == o.userInterfaceIdiom && layoutDirection == o.layoutDirection
    }
}

/// Something whose traits can change: views and view controllers.
/// https://developer.apple.com/documentation/uikit/uitraitenvironment
@preconcurrency @MainActor public protocol UITraitEnvironment: AnyObject {
    var traitCollection: UITraitCollection { get }
}

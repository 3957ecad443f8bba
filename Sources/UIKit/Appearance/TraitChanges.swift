import Foundation

// Trait changes, delivered as UIKit delivers them: top down (a view controller before its view,
// a view before its subviews), when a view enters a window and before a layout pass after an
// override changed, each environment told once with the collection it had before.
//
// A view or view controller starts with the defaults (light, the large text size, the device's
// scale, idiom and size classes): the scenario's appearance and text size reach it as a trait
// override does in a snapshot test, so `traitCollectionDidChange(_:)` runs when it enters a window
// whose traits differ (a dark scenario, an accessibility text size), as it does on iOS when a
// snapshot tool sets `setOverrideTraitCollection(_:forChild:)`. Nothing is compared while no
// override changes and no view enters a window: the cost is one integer test per layout pass.

/// A trait a registration can watch (the system traits; custom traits are not modelled).
/// https://developer.apple.com/documentation/uikit/uitraitdefinition
public protocol UITraitDefinition {
    static var identifier: String { get }
    static var name: String { get }
}

/// https://developer.apple.com/documentation/uikit/uitrait
public typealias UITrait = any UITraitDefinition.Type

/// https://developer.apple.com/documentation/uikit/uitraituserinterfacestyle
public enum UITraitUserInterfaceStyle: UITraitDefinition {
    public static let identifier = "UITraitUserInterfaceStyle", name = "UserInterfaceStyle"
}
/// https://developer.apple.com/documentation/uikit/uitraitpreferredcontentsizecategory
public enum UITraitPreferredContentSizeCategory: UITraitDefinition {
    public static let identifier = "UITraitPreferredContentSizeCategory", name = "PreferredContentSizeCategory"
}
/// https://developer.apple.com/documentation/uikit/uitraithorizontalsizeclass
public enum UITraitHorizontalSizeClass: UITraitDefinition {
    public static let identifier = "UITraitHorizontalSizeClass", name = "HorizontalSizeClass"
}
/// https://developer.apple.com/documentation/uikit/uitraitverticalsizeclass
public enum UITraitVerticalSizeClass: UITraitDefinition {
    public static let identifier = "UITraitVerticalSizeClass", name = "VerticalSizeClass"
}
/// https://developer.apple.com/documentation/uikit/uitraitdisplayscale
public enum UITraitDisplayScale: UITraitDefinition {
    public static let identifier = "UITraitDisplayScale", name = "DisplayScale"
}
/// https://developer.apple.com/documentation/uikit/uitraituserinterfaceidiom
public enum UITraitUserInterfaceIdiom: UITraitDefinition {
    public static let identifier = "UITraitUserInterfaceIdiom", name = "UserInterfaceIdiom"
}
/// https://developer.apple.com/documentation/uikit/uitraitlayoutdirection
public enum UITraitLayoutDirection: UITraitDefinition {
    public static let identifier = "UITraitLayoutDirection", name = "LayoutDirection"
}

extension UITraitCollection {
    /// True when `trait` has another value in `other`.
    func differs(in trait: UITrait, from other: UITraitCollection) -> Bool {
        switch trait.identifier {
        case UITraitUserInterfaceStyle.identifier: return userInterfaceStyle != other.userInterfaceStyle
        case UITraitPreferredContentSizeCategory.identifier: return preferredContentSizeCategory != other.preferredContentSizeCategory
        case UITraitHorizontalSizeClass.identifier: return horizontalSizeClass != other.horizontalSizeClass
        case UITraitVerticalSizeClass.identifier: return verticalSizeClass != other.verticalSizeClass
        case UITraitDisplayScale.identifier: return displayScale != other.displayScale
        case UITraitUserInterfaceIdiom.identifier: return userInterfaceIdiom != other.userInterfaceIdiom
        case UITraitLayoutDirection.identifier: return layoutDirection != other.layoutDirection
        default: return false
        }
    }

    /// The traits a view or view controller has before it is in a window: the screen's with the
    /// light appearance and the large text size (what a phone has unless a person changed them).
    @MainActor static var defaults: UITraitCollection {
        let screen = ScreenRun.current?.traits ?? UITraitCollection.current
        return screen.overridden(by: UITraitCollection(style: .light, category: .large))
    }
}

/// The traits an environment sets for itself and what is below it (iOS 17's `traitOverrides`).
/// Reading one that is not set gives its unspecified value.
/// https://developer.apple.com/documentation/uikit/uitraitoverrides
public struct UITraitOverrides: Sendable {
    /// nil while none is set.
    var values: UITraitCollection?
    private var collection: UITraitCollection { values ?? UITraitCollection() }

    public var userInterfaceStyle: UIUserInterfaceStyle {
        get { collection.userInterfaceStyle }
        set { values = collection.overriding(style: newValue) }
    }
    public var preferredContentSizeCategory: UIContentSizeCategory {
        get { collection.preferredContentSizeCategory }
        set { values = collection.overriding(category: newValue) }
    }
    public var horizontalSizeClass: UIUserInterfaceSizeClass {
        get { collection.horizontalSizeClass }
        set { values = collection.overriding(horizontal: newValue) }
    }
    public var verticalSizeClass: UIUserInterfaceSizeClass {
        get { collection.verticalSizeClass }
        set { values = collection.overriding(vertical: newValue) }
    }
    public var layoutDirection: UITraitEnvironmentLayoutDirection {
        get { collection.layoutDirection }
        set { values = collection.overriding(direction: newValue) }
    }
    public var displayScale: CGFloat {
        get { collection.displayScale }
        set { values = collection.overriding(scale: newValue) }
    }

    /// https://developer.apple.com/documentation/uikit/uitraitoverrides/contains(_:)
    public func contains(_ trait: UITrait) -> Bool { collection.differs(in: trait, from: UITraitCollection()) }
    /// https://developer.apple.com/documentation/uikit/uitraitoverrides/remove(_:)
    public mutating func remove(_ trait: UITrait) {
        let c = collection
        switch trait.identifier {
        case UITraitUserInterfaceStyle.identifier: values = c.overriding(style: .unspecified)
        case UITraitPreferredContentSizeCategory.identifier: values = c.overriding(category: .unspecified)
        case UITraitHorizontalSizeClass.identifier: values = c.overriding(horizontal: .unspecified)
        case UITraitVerticalSizeClass.identifier: values = c.overriding(vertical: .unspecified)
        case UITraitLayoutDirection.identifier: values = c.overriding(direction: .unspecified)
        case UITraitDisplayScale.identifier: values = c.overriding(scale: 0)
        default: break
        }
        if values?.isEqual(UITraitCollection()) == true { values = nil }
    }
}

extension UITraitCollection {
    /// A copy with one value replaced .
    func overriding(
        style: UIUserInterfaceStyle? = nil, category: UIContentSizeCategory? = nil, scale: CGFloat? = nil,
        horizontal: UIUserInterfaceSizeClass? = nil, vertical: UIUserInterfaceSizeClass? = nil,
        direction: UITraitEnvironmentLayoutDirection? = nil
    ) -> UITraitCollection {
        UITraitCollection(
            style: style ?? userInterfaceStyle, category: category ?? preferredContentSizeCategory, scale: scale ?? displayScale,
            horizontal: horizontal ?? horizontalSizeClass, vertical: vertical ?? verticalSizeClass, idiom: userInterfaceIdiom,
            direction: direction ?? layoutDirection)
    }
}

/// A registration made by `registerForTraitChanges`, to pass to `unregisterForTraitChanges`.
/// https://developer.apple.com/documentation/uikit/uitraitchangeregistration
public protocol UITraitChangeRegistration: AnyObject {}

final class TraitRegistration: UITraitChangeRegistration {
    let traits: [UITrait]
    let handler: @MainActor (AnyObject, UITraitCollection) -> Void
    init(traits: [UITrait], handler: @escaping @MainActor (AnyObject, UITraitCollection) -> Void) {
        self.traits = traits; self.handler = handler
    }
}

/// What a view or view controller last reported: its traits (nil: the defaults), and for a view
/// its safe area and layout margins; its overrides and registrations.
@MainActor final class TraitState {
    var reported: UITraitCollection?
    var overrides = UITraitOverrides()
    var registrations: [TraitRegistration] = []
    var safeArea = UIEdgeInsets.zero
    var margins: UIEdgeInsets?

    /// Bumped by every override that changes; a layout pass delivers when it moved.
    static var generation = 0
    static var delivered = 0

    static func overridesChanged() { generation &+= 1 }

    /// Tells `environment` its traits are `current` if they differ from what it last had.
    func deliver(_ current: UITraitCollection, to environment: AnyObject, didChange: (UITraitCollection) -> Void) {
        let previous = reported ?? UITraitCollection.defaults
        reported = current
        guard current !== previous, !current.isEqual(previous) else { return }
        let saved = UITraitCollection.current
        UITraitCollection.current = current
        defer { UITraitCollection.current = saved }
        didChange(previous)
        for r in registrations where r.traits.contains(where: { current.differs(in: $0, from: previous) }) {
            r.handler(environment, previous)
        }
    }
}

/// Views and view controllers: the iOS 17 registrations for trait changes. A handler runs with
/// the environment and its previous traits after any of its traits changed, after
/// `traitCollectionDidChange(_:)`.
/// https://developer.apple.com/documentation/uikit/uitraitchangeobservable-67e94
@preconcurrency @MainActor public protocol UITraitChangeObservable {
    /// https://developer.apple.com/documentation/uikit/uitraitchangeobservable-67e94/registerfortraitchanges(_:handler:)
    @discardableResult
    func registerForTraitChanges<Environment: UITraitEnvironment>(
        _ traits: [UITrait], handler: @escaping @MainActor (Environment, UITraitCollection) -> Void
    ) -> any UITraitChangeRegistration
    /// https://developer.apple.com/documentation/uikit/uitraitchangeobservable-67e94/unregisterfortraitchanges(_:)
    func unregisterForTraitChanges(_ registration: any UITraitChangeRegistration)
}

extension TraitState {
    func register<Environment: UITraitEnvironment>(
        _ traits: [UITrait], _ handler: @escaping @MainActor (Environment, UITraitCollection) -> Void
    ) -> any UITraitChangeRegistration {
        let r = TraitRegistration(traits: traits) { environment, previous in
            if let e = environment as? Environment { handler(e, previous) }
        }
        registrations.append(r)
        return r
    }

    func unregister(_ registration: any UITraitChangeRegistration) { registrations.removeAll { $0 === registration } }
}

extension UIView: UITraitChangeObservable {
    @discardableResult
    public func registerForTraitChanges<Environment: UITraitEnvironment>(
        _ traits: [UITrait], handler: @escaping @MainActor (Environment, UITraitCollection) -> Void
    ) -> any UITraitChangeRegistration {
        traitState.register(traits, handler)
    }
    public func unregisterForTraitChanges(_ registration: any UITraitChangeRegistration) { traitState.unregister(registration) }
}

extension UIViewController: UITraitChangeObservable {
    @discardableResult
    public func registerForTraitChanges<Environment: UITraitEnvironment>(
        _ traits: [UITrait], handler: @escaping @MainActor (Environment, UITraitCollection) -> Void
    ) -> any UITraitChangeRegistration {
        traitState.register(traits, handler)
    }
    public func unregisterForTraitChanges(_ registration: any UITraitChangeRegistration) { traitState.unregister(registration) }
}

import Foundation

// UIAppearance without the Objective-C runtime. On iOS a proxy records the setters called on it
// and replays them on each view of its class as the view enters a window. Here the proxy is a
// real instance of the class (of the nearest UIKit class for a class of your own, which only
// UIKit's setters are called on), and the properties it carries are listed in
// `AppearanceRegistry.properties`: one line per property, `AppearanceProperty(\UIClass.property)`
// for an Equatable value (a `same:` closure for one that is not, an `own:` getter for a property
// that reads an inherited value when unset). When a view enters a window, each listed property
// of its class that the view has not set itself (its value is still its class's default) takes
// the value of the most specific proxy that set it: a proxy with more containers wins over one
// with fewer, a subclass's proxy over its superclass's, and of equals the one made last.
// Appearance is the app's and each screen's run is an app's launch: the run forgets every proxy
// before it makes the root view controller.

/// A class whose instances take their look from appearance proxies.
/// https://developer.apple.com/documentation/uikit/uiappearance
@preconcurrency @MainActor public protocol UIAppearance: NSObjectProtocol {
    /// The proxy for every instance of the class.
    static func appearance() -> Self
    /// The proxy for instances inside instances of `containerTypes`, innermost first:
    /// `[UINavigationBar.self]` is a view anywhere inside a navigation bar, `[UINavigationBar.self,
    /// MyViewController.self]` one inside a navigation bar inside `MyViewController`'s view.
    static func appearance(whenContainedInInstancesOf containerTypes: [any UIAppearanceContainer.Type]) -> Self
}

/// What can contain an appearance-styled view: views and view controllers.
/// https://developer.apple.com/documentation/uikit/uiappearancecontainer
@preconcurrency @MainActor public protocol UIAppearanceContainer: NSObjectProtocol {}

extension UIView: UIAppearance, UIAppearanceContainer {
    /// https://developer.apple.com/documentation/uikit/uiappearance/1615029-appearance
    public static func appearance() -> Self { appearance(whenContainedInInstancesOf: []) }

    /// https://developer.apple.com/documentation/uikit/uiappearance/1615002-appearance
    public static func appearance(whenContainedInInstancesOf containerTypes: [any UIAppearanceContainer.Type]) -> Self {
        let proxy = AppearanceRegistry.proxy(for: self, containers: containerTypes.map { $0 as AnyClass })
        // An instance of this class when it is UIKit's; of the nearest UIKit class for yours,
        // which has every setter a proxy takes (and only those are called on a proxy).
        return unsafeBitCast(proxy.object, to: self)
    }
}

extension UIViewController: UIAppearanceContainer {}

/// One property an appearance proxy carries.
@MainActor struct AppearanceProperty {
    /// The class that declares it.
    let owner: AnyClass
    /// Whether `a` and `b` (views of a subclass of `owner`) have different values.
    let differs: (UIView, UIView) -> Bool
    /// Copies the value of `from` (a proxy) into `to` (a view entering a window).
    let copy: (UIView, UIView) -> Void

    init<V: UIView, T>(_ keyPath: ReferenceWritableKeyPath<V, T>, own: ((V) -> T)? = nil, same: @escaping (T, T) -> Bool) {
        owner = V.self
        let read = own ?? { $0[keyPath: keyPath] }
        differs = { a, b in
            guard let a = a as? V, let b = b as? V else { return false }
            return !same(read(a), read(b))
        }
        copy = { from, to in
            guard let from = from as? V, let to = to as? V else { return }
            to[keyPath: keyPath] = from[keyPath: keyPath]
        }
    }

    init<V: UIView, T: Equatable>(_ keyPath: ReferenceWritableKeyPath<V, T>, own: ((V) -> T)? = nil) {
        self.init(keyPath, own: own, same: { a, b in a == b })
    }

    /// A setter with a control state (`setTitleColor(_:for:)`): one entry per state.
    init<V: UIView, T>(owner: V.Type, own: @escaping (V) -> T, set: @escaping (V, T) -> Void, same: @escaping (T, T) -> Bool) {
        self.owner = V.self
        differs = { a, b in
            guard let a = a as? V, let b = b as? V else { return false }
            return !same(own(a), own(b))
        }
        copy = { from, to in
            guard let from = from as? V, let to = to as? V else { return }
            set(to, own(from))
        }
    }
}

@MainActor enum AppearanceRegistry {
    /// The properties proxies carry: those Apple marks UI_APPEARANCE_SELECTOR (and UIView's
    /// `tintColor` and UILabel's text look, which apps style so and UIKit honours) on the classes
    /// here. docs/uikit-app-api.md lists them.
    static let properties: [AppearanceProperty] = {
        var list: [AppearanceProperty] = [
            AppearanceProperty(\UIView.backgroundColor),
            AppearanceProperty(\UIView.tintColor, own: { $0.ownTintOrNil }),
            AppearanceProperty(\UILabel.textColor),
            AppearanceProperty(\UILabel.font),
            AppearanceProperty(\UILabel.shadowColor),
            AppearanceProperty(\UILabel.shadowOffset),
            AppearanceProperty(\UILabel.highlightedTextColor),
            AppearanceProperty(\UISwitch.onTintColor),
            AppearanceProperty(\UISwitch.thumbTintColor),
            AppearanceProperty(\UIActivityIndicatorView.color, own: { $0.ownColor }),
            AppearanceProperty(\UIPageControl.pageIndicatorTintColor),
            AppearanceProperty(\UIPageControl.currentPageIndicatorTintColor),
            AppearanceProperty(\UISegmentedControl.selectedSegmentTintColor),
            AppearanceProperty(\UITableView.separatorColor),
            AppearanceProperty(\UITableView.separatorInset, own: { $0.ownSeparatorInset ?? UIEdgeInsets(top: -1, left: -1, bottom: -1, right: -1) }),
            AppearanceProperty(\UITableViewCell.separatorInset, own: { $0.ownSeparatorInset ?? UIEdgeInsets(top: -1, left: -1, bottom: -1, right: -1) }),
            AppearanceProperty(\UINavigationBar.barStyle),
            AppearanceProperty(\UINavigationBar.largeTitleTextAttributes, same: sameAttributes),
            AppearanceProperty(\UINavigationBar.titleTextAttributes, same: sameAttributes),
            AppearanceProperty(\UINavigationBar.barTintColor),
            AppearanceProperty(\UINavigationBar.shadowImage, same: { $0 === $1 }),
            AppearanceProperty(\UITabBar.unselectedItemTintColor),
        ]
        // `setBackgroundImage(_:for:barMetrics:)` on a proxy: the image for every position, per height class.
        for metrics in [UIBarMetrics.default, .compact] {
            list.append(
                AppearanceProperty(
                    owner: UINavigationBar.self, own: { $0.backgroundImage(for: .any, barMetrics: metrics) },
                    set: { $0.setBackgroundImage($1, for: .any, barMetrics: metrics) }, same: { $0 === $1 }))
        }
        for state in controlStates {
            list.append(
                AppearanceProperty(
                    owner: UIButton.self, own: { $0.titleColors[state.rawValue] }, set: { $0.setTitleColor($1, for: state) }, same: ==))
            list.append(
                AppearanceProperty(
                    owner: UISegmentedControl.self, own: { $0.titleAttributes[state.rawValue] },
                    set: { $0.setTitleTextAttributes($1, for: state) }, same: sameAttributes))
        }
        return list
    }()

    static let controlStates: [UIControl.State] = [.normal, .highlighted, .disabled, .selected]

    /// Text attributes compared as Foundation compares dictionaries (values by `isEqual`, else `==`).
    nonisolated static func sameAttributes(_ a: [NSAttributedString.Key: Any]?, _ b: [NSAttributedString.Key: Any]?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case (let a?, let b?):
            guard a.count == b.count else { return false }
            return a.allSatisfy { key, value in
                guard let other = b[key] else { return false }
                if let x = value as? NSObject, let y = other as? NSObject { return x.isEqual(y) }
                if let x = value as? AnyHashable, let y = other as? AnyHashable { return x == y }
                return false
            }
        default: return false
        }
    }

    /// The UIKit classes a proxy is made as, subclasses before their superclasses.
    static let bases: [(AnyClass, () -> UIView)] = [
        (UITableViewCell.self, { UITableViewCell(style: .default, reuseIdentifier: nil) }),
        (UITableView.self, { UITableView(frame: .zero, style: .plain) }),
        (UIScrollView.self, { UIScrollView(frame: .zero) }),
        (UINavigationBar.self, { UINavigationBar(frame: .zero) }),
        (UITabBar.self, { UITabBar(frame: .zero) }),
        (UISegmentedControl.self, { UISegmentedControl(frame: .zero) }),
        (UIPageControl.self, { UIPageControl(frame: .zero) }),
        (UISwitch.self, { UISwitch(frame: .zero) }),
        (UIButton.self, { UIButton(type: .system) }),
        (UIActivityIndicatorView.self, { UIActivityIndicatorView(style: .medium) }),
        (UILabel.self, { UILabel(frame: .zero) }),
        (UIImageView.self, { UIImageView(frame: .zero) }),
        (UIView.self, { UIView(frame: .zero) }),
    ]

    final class Proxy {
        let target: AnyClass
        let containers: [AnyClass]
        let base: AnyClass
        let object: UIView
        init(target: AnyClass, containers: [AnyClass], base: AnyClass, object: UIView) {
            self.target = target; self.containers = containers; self.base = base; self.object = object
        }
    }

    /// The proxies in the order they were made.
    private(set) static var proxies: [Proxy] = []
    /// A fresh instance of each base class: the values a view has not set.
    private static var defaults: [ObjectIdentifier: UIView] = [:]

    /// The run the proxies were made in: only its views take them (the tests' runs share a process).
    private static weak var run: ScreenRun?

    /// Forgets every proxy (a new screen's run, as an app's launch).
    static func reset() {
        proxies = []
        run = ScreenRun.current
    }

    static func proxy(for target: AnyClass, containers: [AnyClass]) -> Proxy {
        if run !== ScreenRun.current { reset() }
        if let known = proxies.first(where: { $0.target == target && $0.containers.elementsEqual(containers, by: ==) }) { return known }
        let (base, make): (AnyClass, () -> UIView) = bases.first { isKind(target, of: $0.0) } ?? (UIView.self, { UIView(frame: .zero) })
        let proxy = Proxy(target: target, containers: containers, base: base, object: make())
        proxies.append(proxy)
        return proxy
    }

    static func isKind(_ cls: AnyClass, of other: AnyClass) -> Bool {
        var c: AnyClass? = cls
        while let k = c {
            if k == other { return true }
            c = _getSuperclass(k)
        }
        return false
    }

    private static func depth(_ cls: AnyClass) -> Int {
        var n = 0
        var c: AnyClass? = _getSuperclass(cls)
        while let k = c { n += 1; c = _getSuperclass(k) }
        return n
    }

    private static func defaultInstance(_ base: AnyClass) -> UIView {
        if let known = defaults[ObjectIdentifier(base)] { return known }
        let made = (bases.first { $0.0 == base }?.1 ?? { UIView(frame: .zero) })()
        defaults[ObjectIdentifier(base)] = made
        return made
    }

    /// The view's containers, innermost first: its superviews, each view controller's between its
    /// root view and that view's superview.
    private static func containerChain(of view: UIView) -> [AnyObject] {
        var out: [AnyObject] = []
        var v = view.superview
        while let s = v {
            out.append(s)
            if let vc = s.owningViewController { out.append(vc) }
            v = s.superview
        }
        return out
    }

    /// Whether `containers` (innermost first) are found in order going up from the view.
    private static func contained(_ view: UIView, in containers: [AnyClass]) -> Bool {
        guard !containers.isEmpty else { return true }
        var rest = containers[...]
        for c in containerChain(of: view) where isKind(type(of: c), of: rest.first!) {
            rest = rest.dropFirst()
            if rest.isEmpty { return true }
        }
        return false
    }

    /// Gives `view` the proxies' values for the properties it has not set (as it enters a window).
    static func apply(to view: UIView) {
        guard !proxies.isEmpty, run === ScreenRun.current else { return }
        let cls: AnyClass = type(of: view)
        guard let base = bases.first(where: { isKind(cls, of: $0.0) })?.0 else { return }
        let matching = proxies.enumerated()
            .filter { isKind(cls, of: $0.element.target) && contained(view, in: $0.element.containers) }
            .sorted { a, b in
                (a.element.containers.count, depth(a.element.target), a.offset) < (b.element.containers.count, depth(b.element.target), b.offset)
            }
            .map(\.element)
        guard !matching.isEmpty else { return }
        let unset = defaultInstance(base)
        for property in properties where isKind(cls, of: property.owner) && !property.differs(view, unset) {
            let winner = matching.last { isKind($0.base, of: property.owner) && property.differs($0.object, defaultInstance($0.base)) }
            if let winner { property.copy(winner.object, view) }
        }
    }
}

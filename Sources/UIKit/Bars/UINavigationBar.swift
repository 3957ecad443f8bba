import Foundation
internal import Raster
internal import Scene

/// The bar at the top of a navigation controller, drawn as iOS 15-18 draws it by the same code
/// that draws a scenario's standard bar (`Scene.Screen.standardBar`): its row with the inline
/// title and bar buttons, a large title (`prefersLargeTitles`) that collapses into the inline
/// title as the content scrolls, a search field, and the standard appearance's background fading
/// in once content scrolls under the bar (the scroll edge appearance, transparent by default,
/// while the top view controller's scroll view is at its top edge).
///
/// Its frame runs from under the status bar to the bar's bottom now (status bar + 44 pt, + 52 pt
/// with a large title at rest, + 52 pt with a search field); its background reaches up under the
/// status bar. The safe area it gives the view controller under it is the bar at rest, so the
/// scroll view's adjusted inset stays put while the large title collapses.
/// https://developer.apple.com/documentation/uikit/uinavigationbar
@preconcurrency @MainActor open class UINavigationBar: UIView {
    /// https://developer.apple.com/documentation/uikit/uinavigationbar/2908999-preferslargetitles
    open var prefersLargeTitles = false { didSet { changedItems() } }
    /// https://developer.apple.com/documentation/uikit/uinavigationbar/3198027-standardappearance
    open var standardAppearance = UINavigationBarAppearance() { didSet { setNeedsLayout() } }
    /// nil: the standard appearance with a transparent background.
    /// https://developer.apple.com/documentation/uikit/uinavigationbar/3198026-scrolledgeappearance
    open var scrollEdgeAppearance: UINavigationBarAppearance? { didSet { setNeedsLayout() } }
    /// nil: the standard appearance. Used on an iPhone in landscape.
    /// https://developer.apple.com/documentation/uikit/uinavigationbar/3198025-compactappearance
    open var compactAppearance: UINavigationBarAppearance? { didSet { setNeedsLayout() } }
    open var compactScrollEdgeAppearance: UINavigationBarAppearance? { didSet { setNeedsLayout() } }
    /// Before iOS 13's appearances: `.foregroundColor` colors the titles when the appearance has none.
    /// https://developer.apple.com/documentation/uikit/uinavigationbar/1624953-titletextattributes
    open var titleTextAttributes: [NSAttributedString.Key: Any]?
    open var largeTitleTextAttributes: [NSAttributedString.Key: Any]?
    /// The standard background's color when the appearance gives none.
    /// https://developer.apple.com/documentation/uikit/uinavigationbar/1624931-bartintcolor
    open var barTintColor: UIColor?
    open var isTranslucent = true
    open var prefersLargeTitlesWhenScrolling = true
    /// `.black`: the status bar over a navigation controller's bar is light. The bar is drawn by
    /// its appearance.
    /// https://developer.apple.com/documentation/uikit/uinavigationbar/1624945-barstyle
    open var barStyle = UIBarStyle.default

    /// The items of the controller's stack, bottom to top.
    /// https://developer.apple.com/documentation/uikit/uinavigationbar/1624952-items
    open var items: [UINavigationItem]? {
        get { controller?.viewControllers.map(\.navigationItem) ?? ownItems }
        set { ownItems = newValue; changedItems() }
    }
    private var ownItems: [UINavigationItem]?
    /// https://developer.apple.com/documentation/uikit/uinavigationbar/1624948-topitem
    open var topItem: UINavigationItem? { items?.last }
    /// https://developer.apple.com/documentation/uikit/uinavigationbar/1624932-backitem
    open var backItem: UINavigationItem? {
        guard let all = items, all.count > 1 else { return nil }
        return all[all.count - 2]
    }

    weak var controller: UINavigationController?

    /// https://developer.apple.com/documentation/uikit/uinavigationbar/1624971-setitems
    open func setItems(_ items: [UINavigationItem]?, animated: Bool) { self.items = items }
    /// https://developer.apple.com/documentation/uikit/uinavigationbar/1624967-pushitem
    open func pushItem(_ item: UINavigationItem, animated: Bool) { items = (items ?? []) + [item] }
    /// https://developer.apple.com/documentation/uikit/uinavigationbar/1624964-popitem
    @discardableResult
    open func popItem(animated: Bool) -> UINavigationItem? {
        guard var all = items, !all.isEmpty else { return nil }
        let top = all.removeLast()
        items = all
        return top
    }

    public override init(frame: CGRect) { super.init(frame: frame) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    func changedItems() {
        setNeedsLayout()
        superview?.setNeedsLayout()
    }

    // MARK: What is shown

    /// The top view controller's content scroll view: the one the bar follows.
    var scrollView: UIScrollView? {
        guard let top = controller?.topViewController, let v = top.viewIfLoaded else { return nil }
        return ScreenRun.mainScrollView(in: v)
    }

    /// The scroll position the bar follows: the distance from the scroll view's rest at its top
    /// (0 without a scroll view: at the scroll edge, as UIKit treats a screen without one).
    var u: Double {
        guard let s = scrollView else { return 0 }
        return Double(s.contentOffset.y + s.adjustedContentInset.top)
    }

    /// A large title for the top item: `prefersLargeTitles`, and the item's display mode
    /// (automatic takes the one below it; the root's automatic is large).
    var showsLargeTitle: Bool {
        guard prefersLargeTitles, let all = items else { return false }
        for item in all.reversed() {
            switch item.largeTitleDisplayMode {
            case .always: return true
            case .never: return false
            case .inline:
                Diagnostics.once("largeTitleDisplayMode.inline", "UINavigationItem.largeTitleDisplayMode .inline is drawn as .always")
                return true
            case .automatic: continue
            }
        }
        return true
    }

    /// The back button's text for a pushed controller: the item below's back button title, its
    /// back bar button item's title, its title, or "Back"; nil without a back button.
    var backTitle: String? {
        guard let top = topItem, let below = backItem, !top.hidesBackButton else { return nil }
        if !(top.leftBarButtonItems ?? []).isEmpty, !top.leftItemsSupplementBackButton { return nil }
        switch top.backButtonDisplayMode {
        case .minimal: return ""
        case .generic: return "Back"
        case .default:
            let below = below
            let belowVC = controller?.viewControllers.dropLast().last
            return below.backButtonTitle ?? below.backBarButtonItem?.title ?? below.title ?? belowVC?.title ?? "Back"
        }
    }

    /// The appearances in force: standard (or compact) and the scroll edge one given, if any.
    private func appearances(_ device: Device) -> (standard: UINavigationBarAppearance, edge: UINavigationBarAppearance?) {
        let item = topItem
        let compact = device.isCompactHeight
        let standard =
            (compact ? item?.compactAppearance ?? compactAppearance : nil) ?? item?.standardAppearance ?? standardAppearance
        let edge =
            (compact ? item?.compactScrollEdgeAppearance ?? compactScrollEdgeAppearance : nil) ?? item?.scrollEdgeAppearance ?? scrollEdgeAppearance
        return (standard, edge)
    }

    /// The bar as Scene's chrome draws it: a `Screen` holding this bar's settings at `u`.
    func sceneScreen(_ traits: UITraitCollection, u: Double) -> Screen {
        let device = ScreenEnvironment.device
        var screen = Screen(device: device)
        screen.appearance = traits.userInterfaceStyle == .dark ? .dark : .light
        let palette = screen.palette
        var nav = Screen.NavigationBar()
        nav.style = .standard
        let top = topItem
        nav.title = top?.titleView == nil ? top?.title ?? controller?.topViewController?.title : nil
        var item = NavigationItem()
        item.prefersLargeTitle = showsLargeTitle
        if let search = top?.searchController {
            var s = SearchBarSettings()
            if let p = search.searchBar.placeholder { s.placeholder = p }
            item.searchBar = s
            if !(top?.hidesSearchBarWhenScrolling ?? true) {
                Diagnostics.once(
                    "hidesSearchBarWhenScrolling",
                    "UINavigationItem.hidesSearchBarWhenScrolling false: the search field is drawn collapsing as with true")
            }
        }
        item.backTitle = backTitle
        item.leftItems = slots(top?.leftBarButtonItems ?? [], traits).map(\.1)
        item.rightItems = slots(top?.rightBarButtonItems ?? [], traits).map(\.1)
        // The appearance: an explicit scroll edge appearance with a background is shown at the
        // edge instead of the transparent one; otherwise the standard one fades in from nothing.
        let (standard, edge) = appearances(device)
        var shown = standard
        if let edge, edge.drawnBackground(traits, palette: palette) != .clear {
            item.transparentAtScrollEdge = false
            let rest = NavigationBarGeometry(u: 0, device: device, item: item)
            let collapsible = rest.largeTitleHeight + rest.searchBarHeight
            if u <= collapsible { shown = edge }
        } else {
            item.transparentAtScrollEdge = true
        }
        nav.color = shown.drawnBackground(traits, palette: palette) ?? barTintColor?.color(traits)
        nav.hairlineColor = shown.shadowColor?.color(traits) ?? .clear
        if shown.shadowColor.map({ $0.color(traits) == UIColor.separator.color(traits) }) ?? false { nav.hairlineColor = nil }
        if shown.titleTextAttributes[.font] != nil || shown.largeTitleTextAttributes[.font] != nil {
            Diagnostics.once("bar title font", "UINavigationBarAppearance: a title's .font is not drawn; the bar's 17 pt semibold and 34 pt bold are")
        }
        let titleColor = (shown.titleTextAttributes[.foregroundColor] ?? titleTextAttributes?[.foregroundColor]) as? UIColor
        let largeColor = (shown.largeTitleTextAttributes[.foregroundColor] ?? largeTitleTextAttributes?[.foregroundColor]) as? UIColor
        nav.titleColor = titleColor?.color(traits)
        nav.largeTitleColor = largeColor?.color(traits)
        let tint = tintColor.color(traits)
        nav.tint = tint == UIColor.systemBlue.color(traits) ? nil : tint
        nav.item = item
        screen.navigation = nav
        screen.typography = ScreenEnvironment.typography
        return screen
    }

    /// The drawn items with the bar button items they come from (spaces and hidden items are not drawn).
    private func slots(_ items: [UIBarButtonItem], _ traits: UITraitCollection) -> [(UIBarButtonItem, BarButtonItem)] {
        let shown = items.prefix(NavigationItem.maximumItemsPerSide)
        if items.count > shown.count { Diagnostics.once("bar items", "UINavigationItem: bar button items past \(shown.count) a side are not drawn") }
        return shown.compactMap { item in
            item.bar = self
            return item.drawn(traits).map { (item, $0) }
        }
    }

    /// The bar's frame in its superview at `u`: under the status bar, as tall as the bar is now.
    func barFrame(u: Double, traits: UITraitCollection) -> CGRect {
        let device = ScreenEnvironment.device
        var item = NavigationItem()
        item.prefersLargeTitle = showsLargeTitle
        if topItem?.searchController != nil { item.searchBar = SearchBarSettings() }
        let g = NavigationBarGeometry(u: u, device: device, item: item)
        return CGRect(x: 0, y: CGFloat(g.rowTop), width: CGFloat(device.size.width), height: CGFloat(g.bottom - g.rowTop))
    }

    /// The bar's bottom at rest, in its superview: the top safe area it gives the controller under it.
    var restBottom: CGFloat { barFrame(u: 0, traits: traitCollection).maxY }

    // MARK: Layout and drawing

    private var laidOutAt: Double?
    /// The views the bar places: the title view, custom views, image views for image items.
    private var placed: [UIView] = []
    private var imageViews: [ObjectIdentifier: UIImageView] = [:]

    override func prepareForLayoutPass() {
        if laidOutAt != u { setNeedsLayout() }
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let now = u
        laidOutAt = now
        let traits = traitCollection
        // In a navigation controller the bar sizes itself with the scroll; one of one's own keeps its frame.
        if controller != nil {
            let wanted = barFrame(u: now, traits: traits)
            if frame != wanted { frame = wanted }
        }
        // The bar buttons' places, as Scene lays them out: views go into their slots (the bar is
        // laid out only when an item has a view: most bars draw titles and glyphs alone).
        let top = topItem
        let items = (top?.leftBarButtonItems ?? []) + (top?.rightBarButtonItems ?? [])
        var frames: [String: Rect] = [:]
        if items.contains(where: { $0.customView != nil || $0.image != nil || $0.systemSymbolName != nil }) {
            let screen = sceneScreen(traits, u: now)
            let drawn = screen.standardBar(u: now, pixelScale: Self.pixelScale, typography: screen.typography)
            for l in drawn.sublayers where l.name.hasPrefix("navigationBar.") { frames[l.name] = l.frame }
        }
        var keep: [UIView] = []
        for (side, items) in [("left", top?.leftBarButtonItems ?? []), ("right", top?.rightBarButtonItems ?? [])] {
            for (i, (item, _)) in slots(items, traits).enumerated() {
                guard let slot = frames["navigationBar.\(side).\(i)"] else { continue }
                let rect = CGRect(x: CGFloat(slot.minX), y: CGFloat(slot.minY) - frame.minY, width: CGFloat(slot.width), height: CGFloat(slot.height))
                if let custom = item.customView {
                    custom.frame.origin = CGPoint(x: rect.minX, y: rect.midY - custom.bounds.height / 2)
                    keep.append(custom)
                } else if let image = item.image ?? item.systemSymbolName.flatMap(Self.symbolImage) {
                    let view = imageViews[ObjectIdentifier(item)] ?? UIImageView()
                    imageViews[ObjectIdentifier(item)] = view
                    view.image = Self.barImage(image)
                    view.contentMode = .center
                    view.tintColor = item.tintColor ?? tintColor
                    view.frame = rect
                    keep.append(view)
                }
            }
        }
        if let titleView = top?.titleView {
            let row = CGFloat(ScreenEnvironment.device.navigationBarHeight)
            titleView.center = CGPoint(x: bounds.midX, y: row / 2)
            keep.append(titleView)
        }
        for v in placed where !keep.contains(where: { $0 === v }) && v.superview === self { v.removeFromSuperview() }
        for v in keep where v.superview !== self { addSubview(v) }
        placed = keep
    }

    /// The pixels a point the frames are drawn at (hairlines are one pixel).
    static var pixelScale: Double { ScreenRun.current?.settings.pixelScale ?? ScreenEnvironment.device.scale }

    /// A system item's SF Symbol.
    static func symbolImage(_ name: String) -> UIImage? { UIImage(systemName: name) }

    /// An item's image as the bar shows it: a template in the tint unless made otherwise; a symbol
    /// at the bar's size (17 pt, the size a scenario's `symbol:` item is drawn at, not following
    /// Dynamic Type) unless its own configuration gives a size or text style.
    static func barImage(_ image: UIImage) -> UIImage {
        var shown = image.renderingMode == .automatic ? image.withRenderingMode(.alwaysTemplate) : image
        if shown.isSymbolImage {
            let bar = UIImage.SymbolConfiguration(pointSize: CGFloat(BarButtonItem.symbolPointSize))
            shown = shown.withConfiguration(bar.applying(shown.symbolConfiguration))
        }
        return shown
    }

    override func decorate(_ layer: Layer, _ traits: UITraitCollection) {
        let now = u
        let screen = sceneScreen(traits, u: now)
        let bar = screen.standardBar(u: now, pixelScale: Self.pixelScale, typography: screen.typography)
        // Scene's bar is in screen points from the top (under the status bar); this view starts
        // under the status bar. Drawn under the bar's subviews (title view, custom views).
        bar.position.y -= Double(convert(CGPoint.zero, to: nil).y)
        bar.zPosition = 0
        layer.addSublayer(bar)
    }
}

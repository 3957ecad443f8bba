import Foundation
internal import Raster
internal import Scene

/// The bar at the top of a navigation controller, drawn as iOS 15-18 draws it by the same code
/// that draws a scenario's standard bar (the typed part `StandardNavigationBar`): its row with the inline
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
    // The bar's look before iOS 13's appearances. UIKit folds these into the bar's own standard
    // and compact appearances (not the scroll edge one, nor a navigation item's): they are drawn
    // so (`withLegacySettings`), transparent at the scroll edge unless a scroll edge appearance
    // is given, as on iOS 15 and later.

    /// `.foregroundColor` colors the inline title (the font is the bar's 17 pt semibold).
    /// https://developer.apple.com/documentation/uikit/uinavigationbar/1624953-titletextattributes
    open var titleTextAttributes: [NSAttributedString.Key: Any]?
    /// `.foregroundColor` colors the large title (34 pt bold).
    /// https://developer.apple.com/documentation/uikit/uinavigationbar/largetitletextattributes
    open var largeTitleTextAttributes: [NSAttributedString.Key: Any]?
    /// The background's color, over the material (translucent) or alone (opaque).
    /// https://developer.apple.com/documentation/uikit/uinavigationbar/1624931-bartintcolor
    open var barTintColor: UIColor?
    /// false: an opaque background (`barTintColor`, else white, or black with `barStyle` `.black`),
    /// no blur; under a background image with clear pixels, that color shows through them.
    /// https://developer.apple.com/documentation/uikit/uinavigationbar/istranslucent
    open var isTranslucent = true
    /// The line under the bar; drawn only when a background image is set (`setBackgroundImage`),
    /// as UIKit documents; `UIImage()` removes the line.
    /// https://developer.apple.com/documentation/uikit/uinavigationbar/shadowimage
    open var shadowImage: UIImage?

    private var backgroundImages: [Int: UIImage] = [:]
    private static func key(_ position: UIBarPosition, _ metrics: UIBarMetrics) -> Int { position.rawValue * 1000 + metrics.rawValue }

    /// The background image for a position and height class: it replaces the material and color
    /// (`UIImage()`: nothing is drawn behind the items); nil removes it.
    /// https://developer.apple.com/documentation/uikit/uinavigationbar/setbackgroundimage(_:for:barmetrics:)
    open func setBackgroundImage(_ backgroundImage: UIImage?, for barPosition: UIBarPosition, barMetrics: UIBarMetrics) {
        backgroundImages[Self.key(barPosition, barMetrics)] = backgroundImage
    }
    /// https://developer.apple.com/documentation/uikit/uinavigationbar/setbackgroundimage(_:for:)
    open func setBackgroundImage(_ backgroundImage: UIImage?, for barMetrics: UIBarMetrics) {
        setBackgroundImage(backgroundImage, for: .any, barMetrics: barMetrics)
    }
    /// https://developer.apple.com/documentation/uikit/uinavigationbar/backgroundimage(for:barmetrics:)
    open func backgroundImage(for barPosition: UIBarPosition, barMetrics: UIBarMetrics) -> UIImage? {
        backgroundImages[Self.key(barPosition, barMetrics)]
    }
    /// https://developer.apple.com/documentation/uikit/uinavigationbar/backgroundimage(for:)
    open func backgroundImage(for barMetrics: UIBarMetrics) -> UIImage? { backgroundImage(for: .any, barMetrics: barMetrics) }

    /// A navigation controller's bar is attached to the top of the screen (its background runs
    /// up under the status bar); a bar of one's own is at the top.
    /// https://developer.apple.com/documentation/uikit/uibarpositioning/barposition
    open var barPosition: UIBarPosition { controller != nil ? .topAttached : .top }

    /// The background image the bar shows: its position's, else `.any`'s, for the height class
    /// (an iPhone in landscape takes `.compact`'s, else `.default`'s).
    func shownBackgroundImage(compact: Bool) -> UIImage? {
        for metrics in compact ? [UIBarMetrics.compact, .default] : [.default] {
            for position in [barPosition, .any] {
                if let image = backgroundImages[Self.key(position, metrics)] { return image }
            }
        }
        return nil
    }

    /// The bar's own appearance `a` with the legacy settings in it, as UIKit folds them in.
    func withLegacySettings(_ a: UINavigationBarAppearance, compact: Bool) -> UINavigationBarAppearance {
        let image = shownBackgroundImage(compact: compact)
        guard image != nil || barTintColor != nil || !isTranslucent || titleTextAttributes != nil || largeTitleTextAttributes != nil else {
            return a
        }
        let b = UINavigationBarAppearance(barAppearance: a)
        let opaque = barTintColor?.withAlphaComponent(1) ?? (barStyle == .black ? UIColor.black : UIColor.systemBackground)
        if let image {
            b.backgroundEffect = nil
            b.backgroundColor = isTranslucent ? .clear : opaque
            b.backgroundImage = image
            b.backgroundImageContentMode = .scaleToFill
            if let shadowImage { b.shadowImage = shadowImage }
        } else if !isTranslucent {
            b.backgroundEffect = nil
            b.backgroundColor = opaque
        } else if let barTintColor {
            b.backgroundColor = barTintColor
        }
        if let t = titleTextAttributes { b.titleTextAttributes.merge(t) { $1 } }
        if let t = largeTitleTextAttributes { b.largeTitleTextAttributes.merge(t) { $1 } }
        return b
    }

    open var prefersLargeTitlesWhenScrolling = true
    /// `.black`: the status bar over a navigation controller's bar is light. The bar is drawn by
    /// its appearance.
    /// https://developer.apple.com/documentation/uikit/uinavigationbar/1624945-barstyle
    open var barStyle = UIBarStyle.default { didSet { ScreenRun.statusBarGeneration += 1 } }

    /// The items of the controller's stack, bottom to top.
    /// https://developer.apple.com/documentation/uikit/uinavigationbar/1624952-items
    open var items: [UINavigationItem]? {
        get { shownStack?.map(\.navigationItem) ?? ownItems }
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
    /// The push or pop the bar is drawn in while it slides (NavigationBarTransition.swift).
    var transition: NavigationBarTransition?
    /// The stack the bar shows: its controller's, or the stack before a push while that bar is drawn.
    private var stackDrawn: [UIViewController]?
    private var shownStack: [UIViewController]? { stackDrawn ?? controller?.viewControllers }

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
            let belowVC = shownStack?.dropLast().last
            return below.backButtonTitle ?? below.backBarButtonItem?.title ?? below.title ?? belowVC?.title ?? "Back"
        }
    }

    /// The appearances in force: standard (or compact) and the scroll edge one given, if any. The
    /// bar's own standard and compact appearances carry the legacy settings.
    private func appearances(_ device: Device) -> (standard: UINavigationBarAppearance, edge: UINavigationBarAppearance?) {
        let item = topItem
        let compact = device.isCompactHeight
        let standard =
            (compact ? item?.compactAppearance : nil) ?? item?.standardAppearance
            ?? withLegacySettings((compact ? compactAppearance : nil) ?? standardAppearance, compact: compact)
        let edge =
            (compact ? item?.compactScrollEdgeAppearance ?? compactScrollEdgeAppearance : nil) ?? item?.scrollEdgeAppearance ?? scrollEdgeAppearance
        return (standard, edge)
    }

    /// The bar as Scene's chrome draws it (the typed part a scenario's bar is drawn from too):
    /// this bar's settings at `u`.
    func sceneBar(_ traits: UITraitCollection, u: Double) -> StandardNavigationBar {
        let device = ScreenEnvironment.device
        let appearance: Appearance = traits.userInterfaceStyle == .dark ? .dark : .light
        let palette = Palette.forAppearance(appearance)
        var nav = Screen.NavigationBar()
        nav.style = .standard
        let top = topItem
        nav.title = top?.titleView == nil ? top?.title ?? shownStack?.last?.title : nil
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
        // edge instead of the transparent one; otherwise the standard one fades in from nothing
        // (its titles' colors from the scroll edge appearance's, when one is given).
        let (standard, edge) = appearances(device)
        var shown = standard
        var titlesFrom = standard
        var fade = 1.0
        if let edge, edge.drawsBackground(traits, palette: palette) {
            item.transparentAtScrollEdge = false
            let rest = NavigationBarGeometry(u: 0, device: device, item: item)
            let collapsible = rest.largeTitleHeight + rest.searchBarHeight
            if u <= collapsible { shown = edge }
            titlesFrom = edge
            fade = shown === edge ? 0 : 1
        } else {
            item.transparentAtScrollEdge = true
            if let edge {
                titlesFrom = edge
                fade = NavigationBarGeometry(u: u, device: device, item: item).backgroundAlpha
            }
        }
        let background = shown.drawnBar(traits, palette: palette)
        nav.color = background.color
        nav.material = background.material
        nav.backgroundImage = background.image.map { ($0, background.imageMode) }
        if let shadow = shown.drawnShadow(traits) {
            nav.hairlineColor = shadow.color
            nav.hairlineImage = shadow.image
        } else {
            nav.hairlineColor = .clear
        }
        if shown.titleTextAttributes[.font] != nil || shown.largeTitleTextAttributes[.font] != nil {
            Diagnostics.once("bar title font", "UINavigationBarAppearance: a title's .font is not drawn; the bar's 17 pt semibold and 34 pt bold are")
        }
        nav.titleColor = titleColor(\.titleTextAttributes, edge: titlesFrom, standard: standard, fade: fade, traits)
        nav.largeTitleColor = titleColor(\.largeTitleTextAttributes, edge: titlesFrom, standard: standard, fade: fade, traits)
        // The titles' shadows: the appearance whose title colors show more (the standard one
        // once the fade is past half).
        let shadowsFrom = fade < 0.5 ? titlesFrom : standard
        nav.titleShadow = titleShadow(\.titleTextAttributes, shadowsFrom, traits)
        nav.largeTitleShadow = titleShadow(\.largeTitleTextAttributes, shadowsFrom, traits)
        let tint = tintColor.color(traits)
        nav.tint = tint == UIColor.systemBlue.color(traits) ? nil : tint
        nav.item = item
        return StandardNavigationBar(settings: nav, device: device, appearance: appearance)
    }

    /// A title's color: the standard appearance's `.foregroundColor` (else the legacy attributes'),
    /// mixed from the scroll edge appearance's by `fade` (0 at the edge, 1 scrolled); nil: the label color.
    private func titleColor(
        _ attributes: KeyPath<UINavigationBarAppearance, [NSAttributedString.Key: Any]>, edge: UINavigationBarAppearance,
        standard: UINavigationBarAppearance, fade: Double, _ traits: UITraitCollection
    ) -> Color? {
        let legacy = attributes == \.titleTextAttributes ? titleTextAttributes : largeTitleTextAttributes
        func color(_ a: UINavigationBarAppearance) -> Color? {
            ((a[keyPath: attributes][.foregroundColor] ?? legacy?[.foregroundColor]) as? UIColor)?.color(traits)
        }
        let to = color(standard)
        guard edge !== standard, fade < 1 else { return to }
        let from = color(edge)
        if from == to { return to }
        let label = Palette.forAppearance(traits.userInterfaceStyle == .dark ? .dark : .light).label
        return Self.mix(from ?? label, to ?? label, fade)
    }

    /// A title's shadow: the appearance's `.shadow` (else the legacy attributes'), or nil.
    private func titleShadow(
        _ attributes: KeyPath<UINavigationBarAppearance, [NSAttributedString.Key: Any]>, _ a: UINavigationBarAppearance, _ traits: UITraitCollection
    ) -> TextShadow? {
        let legacy = attributes == \.titleTextAttributes ? titleTextAttributes : largeTitleTextAttributes
        return ((a[keyPath: attributes][.shadow] ?? legacy?[.shadow]) as? NSShadow)?.drawn(traits)
    }

    /// `a` to `b` by `t` (0...1), channel by channel.
    static func mix(_ a: Color, _ b: Color, _ t: Double) -> Color {
        func channel(_ x: UInt8, _ y: UInt8) -> UInt8 { UInt8((Double(x) + (Double(y) - Double(x)) * t).rounded()) }
        return Color(r: channel(a.r, b.r), g: channel(a.g, b.g), b: channel(a.b, b.b), a: channel(a.a, b.a))
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

    /// The bar's bottom at rest for the stack `controllers` (the stack before a push or pop).
    func restBottom(for controllers: [UIViewController]) -> CGFloat {
        stackDrawn = controllers
        defer { stackDrawn = nil }
        return restBottom
    }

    /// Puts the bar at `rect` (in its superview, before its transform) by its bounds and center,
    /// as UIKit lays the bar out: a transform set by the screen (the translation that slides the
    /// bar away) stays and moves the bar from there.
    func place(_ rect: CGRect) {
        if bounds.size != rect.size { bounds.size = rect.size }
        let c = CGPoint(x: rect.minX + layer.anchorPoint.x * rect.width, y: rect.minY + layer.anchorPoint.y * rect.height)
        if center != c { center = c }
    }

    /// The bar's top-left corner in the window before its own transform: where the bar is laid out.
    private var untransformedOriginInWindow: CGPoint {
        let origin = CGPoint(x: center.x - layer.anchorPoint.x * bounds.width, y: center.y - layer.anchorPoint.y * bounds.height)
        return superview?.convert(origin, to: nil) ?? origin
    }

    // MARK: Layout and drawing

    private var laidOutAt: Double?
    /// The views the bar places: the title view, custom views, image views for image items.
    private var placed: [UIView] = []
    private var imageViews: [ObjectIdentifier: UIImageView] = [:]

    override func prepareForLayoutPass() {
        // A push or pop moves the views every frame, and its end puts them back.
        if laidOutAt != u || transition != nil || !transitionAlphas.isEmpty { setNeedsLayout() }
    }

    /// The alphas the screen gave the views a push or pop fades (put back when it ends).
    private var transitionAlphas: [ObjectIdentifier: (view: UIView, alpha: CGFloat)] = [:]

    open override func layoutSubviews() {
        super.layoutSubviews()
        let now = u
        laidOutAt = now
        let traits = traitCollection
        // In a navigation controller the bar sizes itself with the scroll; one of one's own keeps its frame.
        if controller != nil { place(barFrame(u: now, traits: traits)) }
        var keep = views(of: topItem, traits: traits, u: now)
        if let t = transition, let p = t.progress(at: ScreenEnvironment.time) {
            // A push or pop: the views of the bar before too (its stack's top item), the two
            // sets cross-fading as the titles and items do (NavigationBarTransition.swift): the
            // custom views where they stand; the title views as the titles, the one coming from
            // half the width to the right, the one leaving toward the back title's place (a
            // third of the width left of the middle).
            stackDrawn = t.from
            let before = views(of: t.from.last?.navigationItem, traits: traits, u: t.fromU)
            stackDrawn = nil
            let w = bounds.width
            let s = CGFloat(t.push ? p : 1 - p)
            UIView.performWithoutAnimation {
                for (set, shown, current) in [(keep, CGFloat(p), true), (before, CGFloat(1 - p), false)] {
                    for (view, isTitle) in set {
                        let own = transitionAlphas[ObjectIdentifier(view)]?.alpha ?? view.alpha
                        transitionAlphas[ObjectIdentifier(view)] = (view, own)
                        view.alpha = own * shown
                        guard isTitle else { continue }
                        // The bar over (the pushed one's, or the one before a pop) moves in from the right.
                        let over = current == t.push
                        view.center.x += over ? w / 2 * (1 - s) : (w / 6 - w / 2) * s
                    }
                }
            }
            keep += before.filter { b in !keep.contains { $0.view === b.view } }
        } else if !transitionAlphas.isEmpty {
            UIView.performWithoutAnimation { for (_, saved) in transitionAlphas { saved.view.alpha = saved.alpha } }
            transitionAlphas = [:]
        }
        let keepViews = keep.map(\.view)
        for v in placed where !keepViews.contains(where: { $0 === v }) && v.superview === self { v.removeFromSuperview() }
        for v in keepViews where v.superview !== self { addSubview(v) }
        placed = keepViews
    }

    /// The views the bar places for `item` (the bar of the stack shown) at `u`: its bar button
    /// items' custom views and image views in their slots, as Scene lays them out (the bar is
    /// laid out only when an item has a view: most bars draw titles and glyphs alone), and its
    /// title view in the middle of the bar's row (`isTitle`).
    private func views(of top: UINavigationItem?, traits: UITraitCollection, u now: Double) -> [(view: UIView, isTitle: Bool)] {
        let items = (top?.leftBarButtonItems ?? []) + (top?.rightBarButtonItems ?? [])
        var frames: (left: [Rect], right: [Rect]) = ([], [])
        if items.contains(where: { $0.customView != nil || $0.image != nil || $0.systemSymbolName != nil }) {
            frames = sceneBar(traits, u: now).buttonFrames(u: now, typography: ScreenEnvironment.typography)
        }
        var keep: [(view: UIView, isTitle: Bool)] = []
        for (placed, items) in [(frames.left, top?.leftBarButtonItems ?? []), (frames.right, top?.rightBarButtonItems ?? [])] {
            for (i, (item, _)) in slots(items, traits).enumerated() {
                guard placed.indices.contains(i) else { continue }
                let slot = placed[i]
                let top = CGFloat(slot.minY) - untransformedOriginInWindow.y
                let rect = CGRect(x: CGFloat(slot.minX), y: top, width: CGFloat(slot.width), height: CGFloat(slot.height))
                if let custom = item.customView {
                    custom.frame.origin = CGPoint(x: rect.minX, y: rect.midY - custom.bounds.height / 2)
                    keep.append((custom, false))
                } else if let image = item.image ?? item.systemSymbolName.flatMap(Self.symbolImage) {
                    let view = imageViews[ObjectIdentifier(item)] ?? UIImageView()
                    imageViews[ObjectIdentifier(item)] = view
                    view.image = Self.barImage(image)
                    view.contentMode = .center
                    // nil: the bar's tint, as it is when drawn (a tint changed per frame shows at once).
                    view.tintColor = item.tintColor
                    view.frame = rect
                    keep.append((view, false))
                }
            }
        }
        if let titleView = top?.titleView {
            let row = CGFloat(ScreenEnvironment.device.navigationBarHeight)
            titleView.center = CGPoint(x: bounds.midX, y: row / 2)
            keep.append((titleView, true))
        }
        return keep
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

    // MARK: The back button

    /// The back button's frame in the window (its row's height, from the bar's leading edge to 8 pt
    /// past the title), nil without one.
    var backButtonFrame: CGRect? {
        guard controller != nil, backTitle != nil else { return nil }
        let now = u
        let bar = sceneBar(traitCollection, u: now).layer(u: now, pixelScale: Self.pixelScale, typography: ScreenEnvironment.typography)
        guard let back = bar.sublayers.first(where: { $0.name == "navigationBar.back" }) else { return nil }
        // Scene's bar is in screen points (the bar's own transform aside).
        let f = back.frame
        return CGRect(x: 0, y: CGFloat(f.minY), width: CGFloat(f.maxX) + 8, height: CGFloat(f.height))
    }

    /// A finger lifted on the back button pops the top controller, animated, as UIKit's back
    /// button does; on a bar button item the bar draws (a title, an image, a symbol: a custom
    /// view takes its own touches), the item's action runs.
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        if let touch = touches.first, transition == nil {
            let point = touch.location(in: nil)
            if let back = backButtonFrame, back.contains(point), let controller {
                controller.popViewController(animated: true)
                return
            }
            if let item = item(at: point) {
                item.tapped(in: self, event: event)
                return
            }
        }
        super.touchesEnded(touches, with: event)
    }

    /// The drawn bar button item under `point` (window points): its slot in the bar's row, and
    /// 8 pt past it each side (as the back button's; assumed).
    private func item(at point: CGPoint) -> UIBarButtonItem? {
        guard let top = topItem else { return nil }
        let traits = traitCollection, now = u
        let frames = sceneBar(traits, u: now).buttonFrames(u: now, typography: ScreenEnvironment.typography)
        for (placed, items) in [(frames.left, top.leftBarButtonItems ?? []), (frames.right, top.rightBarButtonItems ?? [])] {
            for (i, (item, _)) in slots(items, traits).enumerated() where placed.indices.contains(i) && item.customView == nil {
                let slot = placed[i]
                let rect = CGRect(x: CGFloat(slot.minX) - 8, y: CGFloat(slot.minY), width: CGFloat(slot.width) + 16, height: CGFloat(slot.height))
                if rect.contains(point) { return item }
            }
        }
        return nil
    }

    override func decorate(_ layer: Layer, _ traits: UITraitCollection) {
        let now = u
        var bar = sceneBar(traits, u: now).layer(u: now, pixelScale: Self.pixelScale, typography: ScreenEnvironment.typography)
        if let t = transition, let p = t.progress(at: ScreenEnvironment.time) {
            // The bar of the stack before, drawn with this one as the slide has it.
            stackDrawn = t.from
            let before = sceneBar(traits, u: t.fromU).layer(u: t.fromU, pixelScale: Self.pixelScale, typography: ScreenEnvironment.typography)
            stackDrawn = nil
            let w = Double(ScreenEnvironment.device.size.width)
            bar = t.push
                ? NavigationBarTransition.compose(under: before, over: bar, s: p, width: w)
                : NavigationBarTransition.compose(under: bar, over: before, s: 1 - p, width: w)
        }
        // Scene's bar is in screen points from the top (under the status bar); this view starts
        // under the status bar, where it is laid out: its own transform (a translation sliding
        // the bar away) then moves the bar with everything in it. Drawn under the bar's subviews
        // (title view, custom views).
        bar.position.y -= Double(untransformedOriginInWindow.y)
        bar.zPosition = 0
        layer.addSublayer(bar)
    }
}

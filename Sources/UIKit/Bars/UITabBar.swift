import Foundation
internal import Raster
internal import Scene

/// An item of a tab bar: a title, an image (drawn in the tint when selected, gray otherwise), a
/// badge.
/// https://developer.apple.com/documentation/uikit/uitabbaritem
@preconcurrency @MainActor open class UITabBarItem: UIBarItem {
    /// https://developer.apple.com/documentation/uikit/uitabbaritem/systemitem
    public enum SystemItem: Int, Sendable {
        case more = 0, favorites, featured, topRated, recents, contacts, history, bookmarks, search, downloads, mostRecent, mostViewed
    }

    /// https://developer.apple.com/documentation/uikit/uitabbaritem/1617070-selectedimage
    open var selectedImage: UIImage? { didSet { changed() } }
    /// A red capsule with this text at the image's top right; empty: a dot-sized capsule.
    /// https://developer.apple.com/documentation/uikit/uitabbaritem/1617065-badgevalue
    open var badgeValue: String? { didSet { changed() } }
    /// nil: systemRed.
    /// https://developer.apple.com/documentation/uikit/uitabbaritem/1617075-badgecolor
    open var badgeColor: UIColor? { didSet { changed() } }
    open var standardAppearance: UITabBarAppearance?
    open var scrollEdgeAppearance: UITabBarAppearance?
    let systemItem: SystemItem?

    public override init() {
        systemItem = nil
        super.init()
    }

    /// https://developer.apple.com/documentation/uikit/uitabbaritem/1617060-init
    public convenience init(title: String?, image: UIImage?, tag: Int) {
        self.init()
        self.title = title
        self.image = image
        self.tag = tag
    }

    /// https://developer.apple.com/documentation/uikit/uitabbaritem/1617029-init
    public convenience init(title: String?, image: UIImage?, selectedImage: UIImage?) {
        self.init()
        self.title = title
        self.image = image
        self.selectedImage = selectedImage
    }

    /// https://developer.apple.com/documentation/uikit/uitabbaritem/1617080-init
    public init(tabBarSystemItem systemItem: SystemItem, tag: Int) {
        self.systemItem = systemItem
        super.init()
        self.tag = tag
    }

    /// The title and glyph iOS 17/18 show for a system item (English).
    var system: (title: String, glyph: BarGlyph?)? {
        switch systemItem {
        case .more: return ("More", .ellipsis)
        case .favorites: return ("Favorites", .star)
        case .featured: return ("Featured", .star)
        case .topRated: return ("Top Rated", .star)
        case .recents: return ("Recents", .clock)
        case .contacts: return ("Contacts", .person)
        case .history: return ("History", .clock)
        case .bookmarks: return ("Bookmarks", .bookmark)
        case .search: return ("Search", .search)
        case .downloads: return ("Downloads", nil)
        case .mostRecent: return ("Most Recent", .clock)
        case .mostViewed: return ("Most Viewed", nil)
        case nil: return nil
        }
    }

    /// The item as Scene's tab bar lays it out (an image goes in a slot the bar fills).
    var drawn: TabBar.Item {
        if let system { return TabBar.Item(title: system.title, glyph: system.glyph) }
        var item = TabBar.Item(title: title ?? "", glyph: nil)
        item.imageSlot = image != nil || selectedImage != nil
        return item
    }
}

/// The bar at the bottom of a tab bar controller, drawn by the code that draws a scenario's tab
/// bar (`Scene.TabBar`): the bars' material and shadow line, the items sharing the width, the
/// selected one in the tint. Its frame covers the home indicator's safe area too.
/// https://developer.apple.com/documentation/uikit/uitabbar
@preconcurrency @MainActor open class UITabBar: UIView {
    /// https://developer.apple.com/documentation/uikit/uitabbar/1623456-items
    /// In a tab bar controller: its controllers' tabBarItems as they are now.
    open var items: [UITabBarItem]? {
        get { controller?.viewControllers?.map { $0.tabBarItem } ?? ownItems }
        set { ownItems = newValue; setNeedsLayout() }
    }
    private var ownItems: [UITabBarItem]?
    /// https://developer.apple.com/documentation/uikit/uitabbar/1623465-selecteditem
    open var selectedItem: UITabBarItem? {
        get { controller.map { $0.selectedViewController?.tabBarItem } ?? ownSelected }
        set { ownSelected = newValue; setNeedsLayout() }
    }
    private var ownSelected: UITabBarItem?
    /// https://developer.apple.com/documentation/uikit/uitabbar/2865322-unselecteditemtintcolor
    open var unselectedItemTintColor: UIColor? { didSet { setNeedsLayout() } }
    /// https://developer.apple.com/documentation/uikit/uitabbar/3198046-standardappearance
    open var standardAppearance = UITabBarAppearance() { didSet { setNeedsLayout() } }
    /// nil: the standard appearance with a transparent background, shown while the selected
    /// controller's scroll view is at its bottom edge (or it has none), as iOS 15+ does.
    /// https://developer.apple.com/documentation/uikit/uitabbar/3750912-scrolledgeappearance
    open var scrollEdgeAppearance: UITabBarAppearance?

    weak var controller: UITabBarController?

    /// How far the standard appearance is in, 0...1: 0 while the content's bottom is at or above
    /// the bar's top (the scroll edge), 1 once 10 pt of content is under the bar, as the
    /// navigation bar fades at its edge (`NavigationBarGeometry.fadeDistance`).
    var standardFraction: Double {
        guard let v = controller?.selectedViewController?.viewIfLoaded, let s = ScreenRun.mainScrollView(in: v) else { return 0 }
        let inset = s.adjustedContentInset
        let under = s.contentSize.height + inset.bottom - (s.contentOffset.y + s.bounds.height)
        return TabBar.backgroundAlpha(under: Double(under))
    }
    open var barTintColor: UIColor?
    open var isTranslucent = true
    open var itemPositioning = ItemPositioning.automatic
    open var itemWidth: CGFloat = 0
    open var itemSpacing: CGFloat = 0

    /// https://developer.apple.com/documentation/uikit/uitabbar/itempositioning
    public enum ItemPositioning: Int, Sendable { case automatic = 0, fill, centered }

    open func setItems(_ items: [UITabBarItem]?, animated: Bool) { self.items = items }

    public override init(frame: CGRect) { super.init(frame: frame) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// The bar's frame in a superview of `size`: the tab bar's height above the bottom safe area.
    static func frame(in size: CGSize) -> CGRect {
        let h = CGFloat(TabBar.height(on: ScreenEnvironment.device))
        return CGRect(x: 0, y: size.height - h, width: size.width, height: h)
    }

    /// Scene's tab bar for these items (2 to 5 drawn; UIKit puts a sixth and more under More).
    func sceneBar(_ traits: UITraitCollection) -> TabBar? {
        let all = items ?? []
        guard all.count >= 1 else { return nil }
        if all.count > TabBar.itemCount.upperBound { Diagnostics.once("tab items", "UITabBar: items past 5 are not drawn (UIKit shows More)") }
        let shown = Array(all.prefix(TabBar.itemCount.upperBound))
        var bar = TabBar(items: shown.map(\.drawn), selected: selectedItem.flatMap { s in shown.firstIndex { $0 === s } } ?? -1)
        let tint = tintColor.color(traits)
        bar.tint = tint == UIColor.systemBlue.color(traits) ? nil : tint
        bar.unselectedTint = unselectedItemTintColor?.color(traits)
        return bar
    }

    /// The items and selection last laid out: a controller's item replaced lays the bar out again.
    private var laidOut: [ObjectIdentifier] = []
    private var current: [ObjectIdentifier] { ((items ?? []) + [selectedItem].compactMap { $0 }).map(ObjectIdentifier.init) }

    override func prepareForLayoutPass() {
        if laidOut != current { setNeedsLayout() }
    }

    private var imageViews: [UIImageView] = []
    private var badges: [UILabel] = []

    /// Image views in the slots Scene's bar leaves for images; badges at their top right.
    open override func layoutSubviews() {
        super.layoutSubviews()
        let traits = traitCollection
        laidOut = current
        for item in items ?? [] { item.bar = self }
        guard let bar = sceneBar(traits) else { return }
        let places = bar.itemPlaces(on: ScreenEnvironment.device, typography: ScreenEnvironment.typography)
        let shown = Array((items ?? []).prefix(TabBar.itemCount.upperBound))
        var views: [UIImageView] = [], labels: [UILabel] = []
        for (item, place) in zip(shown, places) {
            let cell = place.cell
            let glyph = place.glyph
            if let slot = glyph, item.systemItem == nil, let image = item === selectedItem ? item.selectedImage ?? item.image : item.image {
                let v = imageViews.count > views.count ? imageViews[views.count] : UIImageView()
                v.image = image.renderingMode == .automatic ? image.withRenderingMode(.alwaysTemplate) : image
                v.contentMode = .scaleAspectFit
                v.tintColor = item === selectedItem ? tintColor : unselectedItemTintColor ?? UIColor(white: 0.6, alpha: 1)
                v.frame = CGRect(
                    x: CGFloat(cell.minX + slot.minX), y: CGFloat(slot.minY), width: CGFloat(slot.width), height: CGFloat(slot.height))
                views.append(v)
            }
            if let value = item.badgeValue {
                let anchor = glyph.map { cell.minX + $0.midX } ?? cell.midX
                let top = glyph.map { $0.minY } ?? 4
                let l = badges.count > labels.count ? badges[labels.count] : UILabel()
                l.text = value
                l.font = UIFont.systemFont(ofSize: 13, weight: .regular)
                l.textColor = .white
                l.textAlignment = .center
                l.backgroundColor = item.badgeColor ?? .systemRed
                // UIKit's badge: 18 pt tall, at least round, its left edge 5 pt right of the
                // image's centre, 2 pt above the image (estimates from iOS 17 screenshots).
                let width = value.isEmpty ? 10 : max(18, l.sizeThatFits(CGSize(width: 200, height: 18)).width + 10)
                let height: CGFloat = value.isEmpty ? 10 : 18
                l.frame = CGRect(x: CGFloat(anchor) + 5, y: CGFloat(top) - 2, width: width, height: height)
                l.layer.cornerRadius = height / 2
                l.clipsToBounds = true
                labels.append(l)
            }
        }
        for v in imageViews where !views.contains(where: { $0 === v }) { v.removeFromSuperview() }
        for l in badges where !labels.contains(where: { $0 === l }) { l.removeFromSuperview() }
        for v in views where v.superview !== self { addSubview(v) }
        for l in labels where l.superview !== self { addSubview(l) }
        imageViews = views
        badges = labels
    }

    override func decorate(_ into: Layer, _ traits: UITraitCollection) {
        guard var bar = sceneBar(traits) else { return }
        let device = ScreenEnvironment.device
        let style: Appearance = traits.userInterfaceStyle == .dark ? .dark : .light
        let palette = Palette.forAppearance(style)
        // The standard appearance fading in over the scroll edge one (transparent unless given).
        let fraction = standardFraction
        let edge = fraction < 1 ? scrollEdgeAppearance : nil
        let shown = fraction < 0.5 ? edge ?? standardAppearance : standardAppearance
        let alpha = edge != nil ? 1 : fraction
        if shown.backgroundImage != nil || shown.shadowImage != nil {
            Diagnostics.once("tab bar images", "UITabBarAppearance: backgroundImage and shadowImage are not drawn; the color and shadowColor are")
        }
        bar.backgroundColor = shown.drawnBackground(traits, palette: palette) ?? barTintColor?.color(traits)
        if let c = shown.shadowColor, c.color(traits) != UIColor.separator.color(traits) { bar.shadowLineColor = c.color(traits) }
        if shown.shadowColor == nil { bar.shadowLineColor = .clear }
        let layer = bar.layer(
            device: device, palette: palette, appearance: style, pixelScale: UINavigationBar.pixelScale, typography: ScreenEnvironment.typography)
        // Scene's bar is placed on the screen; this view is already there.
        layer.position = Point(layer.position.x - Double(frame.minX), layer.position.y - Double(frame.minY))
        layer.zPosition = 0
        TabBar.fade(layer, alpha: alpha)
        into.addSublayer(layer)
    }
}

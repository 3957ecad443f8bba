import Raster

/// The navigation bar (`navigationBar:` in a scenario), one part in this folder: its settings and
/// styles (here), its reading (`NavigationBarReading.swift`), a standard bar's large title and
/// geometry (here), its buttons (`BarButtons.swift`) and search bar (`SearchBar.swift`).
enum NavigationBarPart: ChromePart {
    static let keys = ["navigationBar"]
    /// The preset's style is written out (`PresetExpansion`).
    static let expansion = ChromeExpansion.byThePreset
    /// The keys of `navigationBar:` as a mapping.
    static let mappingKeys = [
        "style", "title", "fadeStart", "fadeLength", "color", "titleColor", "largeTitle", "searchBar",
        "leftItems", "rightItems", "backTitle", "tint", "scrollEdge",
    ]
    static let searchBarKeys = ["placeholder"]
    static let barItemKeys = ["title", "glyph", "symbol", "style", "tint"]

    static func read(_ scenario: ScenarioKeys, _ r: any ScenarioReading, into screen: inout Screen) {
        if let value = scenario["navigationBar"] { readNavigationBar(value, r, &screen) }
    }

    static func draw(_ screen: Screen, _ frame: ChromeFrame, into layers: inout ChromeLayers) {
        let device = screen.device, w = device.size.width
        switch screen.navigationStyle {
        case .floating:
            let nav = Layer(
                name: "navigationBar",
                frame: Rect(x: 0, y: device.statusBarHeight, width: w, height: device.navigationBarHeight))
            nav.zPosition = 3
            let d = Chrome.floatingButtonSize, inset = Chrome.floatingButtonInset
            let size = Size(d, d), y = (device.navigationBarHeight - d) / 2
            nav.addSublayer(
                Chrome.floatingButton(
                    name: "navigationBar.back", frame: Rect(x: inset + device.safeAreaLeft, y: y, width: d, height: d),
                    glyph: Chrome.backChevron(in: size, color: .white)))
            nav.addSublayer(
                Chrome.floatingButton(
                    name: "navigationBar.more", frame: Rect(x: w - inset - d - device.safeAreaRight, y: y, width: d, height: d),
                    glyph: Chrome.moreDots(in: size, color: .white)))
            layers.screen.append(nav)
        case .fading:
            let alpha = screen.navigation.fade.alpha(contentOffset: frame.contentOffset)
            if alpha > 0 { layers.screen.append(screen.barLayer(opacity: alpha, pixelScale: frame.pixelScale, typography: frame.typography)) }
        case .standard:
            layers.screen.append(screen.standardBar(u: frame.u, pixelScale: frame.pixelScale, typography: frame.typography))
        case .hidden:
            break
        }
    }

    /// A fading bar's opacity; an extended standard bar's heights and fades.
    static func addMetrics(of screen: Screen, u: Double, to metrics: inout FrameMetrics) {
        if screen.navigationStyle == .fading { metrics.navigationAlpha = screen.navigation.fade.alpha(contentOffset: screen.contentOffset(u: u)) }
        if let bar = screen.standardBarGeometry(u: u), bar.isExtended { metrics.navigationBar = bar }
    }
}

extension Screen {
    public struct NavigationBar: Sendable {
        public enum Style: String, Sendable, CaseIterable {
            /// Transparent, with round back and more buttons over the photo (the profile screen).
            case floating
            /// A custom view that fades in as the header scrolls away (the stretchy table).
            case fading
            /// A standard bar with a centred title and a hairline.
            case standard
            /// No bar.
            case hidden
        }
        /// nil: the screen's default (`Screen.defaultNavigationStyle`: the preset's, or standard).
        public var style: Style?
        public var title: String?
        public var fade = NavigationFade()
        /// The bar's background; nil: the appearance's systemBackground.
        public var color: Color?
        /// nil: the appearance's label color.
        public var titleColor: Color?
        /// The large title's color; nil: `titleColor`. The bar buttons' tint; nil: systemBlue.
        /// The hairline's color (UIBarAppearance.shadowColor); nil: the appearance's hairline.
        /// Set by a UIKit screen's bar (UINavigationBarAppearance, tintColor); the tint by a
        /// scenario's `navigationBar.tint` too.
        public var largeTitleColor: Color?, tint: Color?, hairlineColor: Color?
        /// The inline and large titles' shadows (the title text attributes' NSShadow); nil: none.
        package var titleShadow: TextShadow?, largeTitleShadow: TextShadow?
        /// A standard bar's blur of what is under it, under `color` (false: the color alone, as a
        /// UIKit bar appearance without a background effect); an image over the color, filling the
        /// bar and the status bar above it; an image drawn in place of the hairline, at its own
        /// height. Set by a UIKit screen's bar (UIBarAppearance, setBackgroundImage, shadowImage).
        public var material = true
        public var backgroundImage: (image: SceneImage, mode: ContentMode)?
        public var hairlineImage: SceneImage?
        /// A standard bar's large title, search bar and bar buttons (`NavigationBar.swift`).
        public var item = NavigationItem()
        public init() {}
    }

    /// The navigation bar's settings; a standard bar by default (or the preset's style).
    public var navigation: NavigationBar {
        get { chrome[NavigationBar.self] ?? NavigationBar() }
        set { chrome[NavigationBar.self] = newValue }
    }

    public var navigationStyle: NavigationBar.Style { navigation.style ?? defaultNavigationStyle }

    var hasNavigationBar: Bool { navigationStyle != .hidden }

    /// A bar under the status bar with a centred title and a one-pixel hairline; a standard bar is
    /// translucent over a blur of the content, as UINavigationBar is.
    func barLayer(opacity: Double, pixelScale: Double, typography: Typography) -> Layer {
        StandardNavigationBar(self).plainBar(opacity: opacity, standard: navigationStyle == .standard, pixelScale: pixelScale, typography: typography)
    }
}

/// What a standard bar shows besides its title, as UINavigationItem holds it: a large title
/// (`prefersLargeTitles`), a search bar (`searchController`, `hidesSearchBarWhenScrolling: true`),
/// bar button items and a back button. Scenario keys: `navigationBar.largeTitle`, `searchBar`,
/// `leftItems`, `rightItems`, `backTitle` (README, "Composing a screen").
///
/// The look is iOS 17/18's. Where a number is not Apple's own it is said so beside it.
public struct NavigationItem: Sendable, Equatable {
    /// prefersLargeTitles: a 34 pt bold title in a 52 pt area under the bar's row, collapsing into
    /// the inline title as the content scrolls. Ignored on an iPhone in landscape (compact height),
    /// which UIKit shows with the inline bar only.
    public var prefersLargeTitle = false
    /// A search field in a band under the large title, or nil.
    public var searchBar: SearchBarSettings?
    /// leftBarButtonItems, from the leading edge inward.
    public var leftItems: [BarButtonItem] = []
    /// rightBarButtonItems, from the trailing edge inward (UIKit's order).
    public var rightItems: [BarButtonItem] = []
    /// A back button: the chevron and this text (empty: the chevron alone); nil for none.
    public var backTitle: String?
    /// True: the bar's background and hairline are transparent while the content's top is at or
    /// below the bar's bottom and fade in over the next 10 pt, also without a large title or
    /// search bar (iOS 15+'s scrollEdgeAppearance); false: always drawn; nil: transparent only
    /// with a large title or search bar (the scenario's bar).
    public var transparentAtScrollEdge: Bool?

    /// Bar button items per side; UIKit squeezes more into an overflow menu, which is not drawn here.
    public static let maximumItemsPerSide = 3
    /// A bar button's or back button's text, in characters.
    public static let maximumTitleLength = 40

    public init() {}

    /// Nothing beyond the plain bar: it is drawn exactly as before these keys existed.
    var isEmpty: Bool {
        !prefersLargeTitle && searchBar == nil && leftItems.isEmpty && rightItems.isEmpty && backTitle == nil && transparentAtScrollEdge == nil
    }
}

/// A standard bar's heights and fades at scroll position `u`: a pure function of `u`, the device
/// and the item (spec: the frame is a pure function of its index).
///
/// From the top: the status bar, the row (44 pt; 32 on an iPhone in landscape; 50 on an iPad)
/// with the inline title and bar buttons, the large-title area (52 pt at rest) and the search
/// band (52 pt at rest). The content rests right under the band. Scrolling up, the search band
/// collapses first, one point per point, then the large-title area; once both are gone the
/// content scrolls under the bar. Pulled down (negative `u`) the large-title area grows with the
/// pull and the title, anchored at its leading bottom corner, grows slightly.
public struct NavigationBarGeometry: Sendable, Equatable {
    /// The large-title area under the row: the bar is 96 pt at rest instead of 44 (UIKit iOS 11-18;
    /// Flutter's CupertinoSliverNavigationBar uses the same 52, `_kNavBarLargeTitleHeightExtension`).
    public static let largeTitleAreaHeight = 52.0
    /// The band that holds the search field: UISearchBar's height in a navigation bar on iOS 13-18
    /// (56 on iOS 11-12). The 36 pt field sits centred in it (`SearchBar.swift`).
    public static let searchBandHeight = 52.0
    /// The large title's bottom padding in its area (Flutter's `_kNavBarBottomPadding`, measured
    /// against iOS 17.5), so the title's 41 pt line box sits 3 pt under the area's top at rest.
    public static let largeTitleBottomPadding = 8.0
    /// The large title's line height: UIFont's 34 pt large title leads 41 pt (Apple's type ramp).
    public static let largeTitleLineHeight = 41.0
    /// The scroll distance over which the bar's background and hairline cross-fade in once content
    /// is under the bar (Flutter's `_kNavBarScrollUnderAnimationExtent`, eyeballed on the iOS 17.4
    /// Settings app). The inline title fades in over the same distance, over the large title's
    /// last 10 pt (Flutter's `_kNavBarShowLargeTitleThreshold`).
    public static let fadeDistance = 10.0
    /// The large title's growth when pulled: 3 % per 44 pt of extra height, at most 1.1x (UIKit's
    /// look as Flutter's `_RenderLargeTitle` measures it on iOS 17.5).
    public static let scalePerPoint = 0.03 / 44
    public static let maximumLargeTitleScale = 1.1

    /// The status bar's height: where the row starts.
    public var rowTop: Double
    /// The row with the inline title and the bar buttons.
    public var rowHeight: Double
    /// The large-title area's height now: 52 at rest, more pulled down, 0 collapsed; 0 without one.
    public var largeTitleHeight: Double
    /// The search band's height now: 52 at rest and pulled, 0 collapsed; 0 without a search bar.
    public var searchBarHeight: Double
    /// The bar's background and hairline, 0...1: 0 while the content's top is at or below the bar's
    /// bottom (scrollEdgeAppearance), 1 once it is 10 pt under it (standardAppearance).
    public var backgroundAlpha: Double
    /// The inline 17 pt title's opacity: 0 while the large title shows, 1 once it has collapsed.
    public var inlineTitleAlpha: Double
    /// The large title's scale (1 at rest and scrolled; up to 1.1 pulled down), before it is
    /// limited to the width the title has.
    public var largeTitleScale: Double
    public var showsLargeTitle: Bool
    public var hasSearchBar: Bool
    /// The background fades with the scroll (`NavigationItem.transparentAtScrollEdge`).
    public var fadesAtScrollEdge: Bool

    public init(u: Double, device: Device, item: NavigationItem) {
        rowTop = device.statusBarHeight
        rowHeight = device.navigationBarHeight
        showsLargeTitle = item.prefersLargeTitle && !device.isCompactHeight
        hasSearchBar = item.searchBar != nil
        let titleRest = showsLargeTitle ? Self.largeTitleAreaHeight : 0
        let searchRest = hasSearchBar ? Self.searchBandHeight : 0
        // Scrolling up: the search band goes first, then the large title. Pulled down: the large
        // title's area takes the pull (the search band stays 52 and moves down with the content).
        searchBarHeight = u >= 0 ? max(0, searchRest - u) : searchRest
        largeTitleHeight = showsLargeTitle ? max(0, titleRest - max(0, u - searchRest)) + max(0, -u) : 0
        let collapsible = titleRest + searchRest
        fadesAtScrollEdge = item.transparentAtScrollEdge ?? (collapsible > 0)
        backgroundAlpha = fadesAtScrollEdge ? Self.clamp01((u - collapsible) / Self.fadeDistance) : 1
        inlineTitleAlpha = showsLargeTitle ? Self.clamp01((u - searchRest - (titleRest - Self.fadeDistance)) / Self.fadeDistance) : 1
        let room = largeTitleHeight - Self.largeTitleBottomPadding
        let rest = titleRest - Self.largeTitleBottomPadding
        largeTitleScale = showsLargeTitle ? min(Self.maximumLargeTitleScale, max(1, 1 + Self.scalePerPoint * (room - rest))) : 1
    }

    /// The bar's bottom edge in screen points.
    public var bottom: Double { rowTop + rowHeight + largeTitleHeight + searchBarHeight }
    /// A large title or search bar: the bar grows, collapses and is transparent at the scroll edge.
    public var isExtended: Bool { showsLargeTitle || hasSearchBar || fadesAtScrollEdge }

    /// The `--layout` numbers.
    var metrics: [String: Double] {
        var m = [
            "navigationBarHeight": bottom - rowTop, "navigationBackgroundAlpha": backgroundAlpha,
            "inlineTitleAlpha": inlineTitleAlpha,
        ]
        if showsLargeTitle { m["largeTitleHeight"] = largeTitleHeight; m["largeTitleScale"] = largeTitleScale }
        if hasSearchBar { m["searchBarHeight"] = searchBarHeight }
        return m
    }

    static func clamp01(_ v: Double) -> Double { min(1, max(0, v)) }
}

extension Screen {
    /// The standard bar's geometry at `u`, or nil when the screen has no standard bar.
    public func standardBarGeometry(u: Double) -> NavigationBarGeometry? {
        navigationStyle == .standard ? NavigationBarGeometry(u: u, device: device, item: navigation.item) : nil
    }

    /// What a large title and search band add to the bar at rest (0 without them), so the content
    /// rests under them (`automaticInsetTop`).
    var barExtensionAtRest: Double {
        guard let g = standardBarGeometry(u: 0) else { return 0 }
        return g.largeTitleHeight + g.searchBarHeight
    }

    /// The standard bar at `u` (`StandardNavigationBar`): the plain bar with its bar buttons, or
    /// with a large title or search bar, the extended bar whose heights and fades
    /// `NavigationBarGeometry` gives.
    public func standardBar(u: Double, pixelScale: Double, typography: Typography) -> Layer {
        StandardNavigationBar(self).layer(u: u, pixelScale: pixelScale, typography: typography)
    }
}

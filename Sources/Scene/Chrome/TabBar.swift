import Raster

/// A UITabBar at the bottom of the screen (`tabBar:` in a scenario), in iOS 17/18's look.
///
/// - Height: `device.tabBarHeight` above the bottom safe area, which the bar covers too: 49 + 34
///   on Face ID phones, 32 + 21 on an iPhone in landscape, 50 + 20 on an iPad.
/// - Background: the bars' default material (UIBarAppearance's configureWithDefaultBackground: a
///   blur of what scrolls under it with the chrome material's tint) and a one-pixel shadow line on
///   top.
/// - Items: on an iPhone in portrait (compact width, regular height) the item's glyph sits above a
///   10 pt medium title and the items share the width equally (UITabBar.ItemPositioning.fill); on
///   an iPhone in landscape and on an iPad the glyph sits beside a 13 pt title ("inline" layout),
///   items sharing the width on a phone and centred with fixed spacing on an iPad
///   (`.centered`). The selected item is systemBlue (the tint), the others gray.
///
/// The scroll view's automatic bottom inset and its indicator's track end at the bar's top
/// (`Screen.bottomSafeArea`): UITabBarController adds the bar to the safe area of its children.
public struct TabBar: Sendable, Equatable, ChromePart {
    public struct Item: Sendable, Equatable {
        public var title: String
        public var glyph: BarGlyph?
        /// An SF Symbol by name (`symbol:`), drawn scaled to fit the glyph's box as a UIKit tab
        /// bar's image view draws `UIImage(systemName:)`; a glyph, if given too, is not drawn.
        public var symbol: String?
        /// An empty glyph-sized slot named `tabBar.item.N.image`, where a UIKit screen's tab bar
        /// draws the item's image (a UIImageView, so an SF Symbol is drawn as UIImageView draws one).
        public var imageSlot = false
        public init(title: String, glyph: BarGlyph?) { self.title = title; self.glyph = glyph }
        var hasGlyph: Bool { glyph != nil || symbol != nil || imageSlot }
        /// What the item's image box shows (nil: nothing, or the UIKit screen's image view).
        var image: BarItemImage? { symbol.map(BarItemImage.symbol) ?? glyph.map(BarItemImage.glyph) }
    }

    public var items: [Item]
    /// The index of the selected item.
    public var selected: Int
    /// The selected item's color (nil: systemBlue) and the others' (nil: gray): UITabBar's
    /// tintColor and unselectedItemTintColor, set by a UIKit screen's tab bar.
    public var tint: Color?, unselectedTint: Color?
    /// True: the bar's material and shadow line are transparent while the content's bottom is at
    /// or above the bar's top and fade in over the next 10 pt (iOS 15+'s scrollEdgeAppearance);
    /// false or nil: always drawn (`scrollEdge:` in a scenario; opaque unless given, so frames
    /// made before the key stay as they were).
    public var transparentAtScrollEdge: Bool?
    /// The background in place of the material's tint (a UIKit bar's appearance color or
    /// `barTintColor`); a clear one draws no blur either. nil: the material.
    package var backgroundColor: Color?
    /// The shadow line's color in place of the palette's hairline (an appearance's
    /// `shadowColor`); a clear one draws no line. nil: the palette's.
    package var shadowLineColor: Color?

    public init(items: [Item], selected: Int = 0) { self.items = items; self.selected = selected }

    /// Where an item is drawn: its cell in the bar's coordinates, and its glyph's box in the
    /// cell's (nil without a glyph, symbol or image slot). A UIKit tab bar puts an item's image
    /// view and badge from these, as the bar draws them.
    package struct ItemPlace: Sendable, Equatable {
        package var cell: Rect
        package var glyph: Rect?
    }

    /// UITabBar shows at most five items (a sixth and more go under "More"); fewer than two is not a choice.
    public static let itemCount = 2...5
    static let keys = ["tabBar"]
    static let mappingKeys = ["items", "selected", "tint", "unselectedTint", "scrollEdge"]
    static let itemKeys = ["title", "glyph", "symbol"]
    /// A title longer than this is refused (UIKit would truncate it to a few characters anyway).
    static let maximumTitleLength = 40

    // MARK: Geometry (points)

    /// The bar's full height: the tab bar and the bottom safe area under it.
    public static func height(on device: Device) -> Double { BottomBar.height(on: device, barHeight: device.tabBarHeight) }

    /// The bar's frame on the screen.
    public static func frame(on device: Device) -> Rect { BottomBar.frame(on: device, barHeight: device.tabBarHeight) }

    /// True where items put the glyph beside the title: an iPad, an iPhone in landscape.
    static func isInline(_ device: Device) -> Bool { device.idiom == .pad || device.isCompactHeight }

    /// The glyph's side: 25 pt stacked (the HIG's tab bar glyph size), 18 pt beside the title on a
    /// phone in landscape, 23 pt on an iPad.
    static func glyphSize(_ device: Device) -> Double { device.idiom == .pad ? 23 : device.isCompactHeight ? 18 : 25 }
    static func titleSize(_ device: Device) -> Double { isInline(device) ? 13 : 10 }
    /// Between the glyph and the title in the inline layout.
    static let inlineGap = 6.0
    /// An iPad's items: at least this wide, this far apart, centred (UITabBar's itemWidth and
    /// itemSpacing are 0 by default, meaning "the system's"; these reconstruct iPadOS 17's look).
    static let padMinimumItemWidth = 100.0
    static let padItemSpacing = 24.0

    /// Each item's frame in the bar's coordinates (the tab bar's height; the safe area below is empty).
    public func itemFrames(on device: Device, typography: Typography) -> [Rect] {
        let h = device.tabBarHeight, n = Double(items.count)
        if device.idiom == .pad {
            let widths = items.map { max(Self.padMinimumItemWidth, inlineContentWidth($0, device, typography) + 24) }
            var x = (device.size.width - widths.reduce(0, +) - Self.padItemSpacing * (n - 1)) / 2
            return widths.map { w in
                defer { x += w + Self.padItemSpacing }; return Rect(x: x, y: 0, width: w, height: h)
            }
        }
        // Compact width: the width inside the side safe areas, shared equally.
        let left = device.safeAreaLeft, width = (device.size.width - left - device.safeAreaRight) / n
        return items.indices.map { Rect(x: left + Double($0) * width, y: 0, width: width, height: h) }
    }

    private func inlineContentWidth(_ item: Item, _ device: Device, _ typography: Typography) -> Double {
        let title = TextContent(item.title, weight: .medium, pointSize: Self.titleSize(device), typography: typography).layout().width.rounded(.up)
        let glyph = !item.hasGlyph ? 0 : Self.glyphSize(device) + (item.title.isEmpty ? 0 : Self.inlineGap)
        return glyph + title
    }

    // MARK: Layers

    static func draw(_ screen: Screen, _ frame: ChromeFrame, into layers: inout ChromeLayers) {
        guard let bar = screen.tabBar else { return }
        let layer = bar.layer(
            device: screen.device, palette: screen.palette, appearance: screen.appearance,
            pixelScale: frame.pixelScale, typography: frame.typography)
        layers.screen.append(BottomBar.atScrollEdge(layer, transparentAtScrollEdge: bar.transparentAtScrollEdge, screen, u: frame.u))
    }

    /// A UIKit screen's tab bar at its scroll edge, with `under` points of content under it: the
    /// background's opacity (0 at the edge, 1 from 10 pt under), and `layer` (this bar's) faded to it,
    /// as a scenario's `scrollEdge: transparent` bar is.
    package static func backgroundAlpha(under: Double) -> Double { BottomBar.backgroundAlpha(under: under) }
    package static func fade(_ layer: Layer, alpha: Double) { BottomBar.fade(layer, alpha: alpha) }

    /// A bar transparent at the scroll edge adds its background's opacity to `--layout`.
    static func addMetrics(of screen: Screen, u: Double, to metrics: inout FrameMetrics) {
        if let bar = screen.tabBar { metrics.tabBarBackgroundAlpha = BottomBar.backgroundAlpha(bar.transparentAtScrollEdge, screen, u: u) }
    }

    /// Each item's place: its cell (`itemFrames`) and its glyph's box there.
    package func itemPlaces(on device: Device, typography: Typography) -> [ItemPlace] {
        zip(items, itemFrames(on: device, typography: typography)).map { item, frame in
            ItemPlace(cell: frame, glyph: item.hasGlyph ? itemLayout(item, frame, device, typography).glyph : nil)
        }
    }

    /// An item's glyph box and title frame in its cell: in the inline layout side by side and
    /// centred as a pair; stacked, the glyph centred 18 pt below the bar's top and the title's line
    /// centred at 40 pt (its baseline about 4.5 pt above the tab bar's bottom edge, as iOS 17 sets it).
    private func itemLayout(_ item: Item, _ frame: Rect, _ device: Device, _ typography: Typography) -> (glyph: Rect, title: Rect) {
        let side = Self.glyphSize(device)
        if Self.isInline(device) {
            let title = TextContent(item.title, weight: .medium, pointSize: Self.titleSize(device), alignment: .left, typography: typography)
            let titleWidth = min(title.layout().width.rounded(.up), frame.width - 8)
            let glyphWidth = !item.hasGlyph ? 0 : side + (item.title.isEmpty ? 0 : Self.inlineGap)
            let x0 = ((frame.width - glyphWidth - titleWidth) / 2).rounded()
            return (
                Rect(x: x0, y: (frame.height - side) / 2, width: side, height: side),
                Rect(x: x0 + glyphWidth, y: 0, width: titleWidth, height: frame.height)
            )
        }
        return (
            Rect(
                x: ((frame.width - side) / 2).rounded(), y: item.title.isEmpty ? (frame.height - side) / 2 : 18 - side / 2, width: side,
                height: side),
            Rect(x: 2, y: 34, width: frame.width - 4, height: 12)
        )
    }

    /// The bar, its shadow line and its items, for a screen of `device` in `appearance`.
    public func layer(device: Device, palette: Palette, appearance: Appearance, pixelScale: Double, typography: Typography) -> Layer {
        let bar = BottomBar.layer(
            name: "tabBar", device: device, barHeight: device.tabBarHeight, palette: palette, pixelScale: pixelScale,
            background: backgroundColor, shadowLine: shadowLineColor)
        let inline = Self.isInline(device)
        let titleSize = Self.titleSize(device)
        for (i, (item, frame)) in zip(items, itemFrames(on: device, typography: typography)).enumerated() {
            let color = i == selected ? tint ?? palette.systemBlue : unselectedTint ?? BarMaterial.unselectedTint
            let cell = Layer(name: "tabBar.item.\(i)", frame: frame)
            let place = itemLayout(item, frame, device, typography)
            if item.hasGlyph { cell.addSublayer(glyphLayer(item, i, place.glyph, color)) }
            if !item.title.isEmpty {
                let label = Layer(name: "tabBar.item.\(i).title", frame: place.title)
                label.contents = .text(
                    TextContent(
                        item.title, weight: .medium, pointSize: titleSize, color: color, alignment: inline ? .left : .center,
                        typography: typography))
                cell.addSublayer(label)
            }
            bar.addSublayer(cell)
        }
        return bar
    }

    private func glyphLayer(_ item: Item, _ index: Int, _ frame: Rect, _ color: Color) -> Layer {
        let layer = Layer(name: item.imageSlot ? "tabBar.item.\(index).image" : "", frame: frame)
        if let image = item.image {
            layer.contents = .shapes(BottomBar.shapes(image, in: Rect(origin: .zero, size: frame.size), mode: .aspectFit, color: color))
        }
        return layer
    }

    // MARK: Reading

    static func read(_ scenario: ScenarioKeys, _ r: any ScenarioReading, into screen: inout Screen) {
        if let node = scenario["tabBar"] { screen.tabBar = read(node, r) }
    }

    /// `tabBar: {items: [{title: Home, glyph: house}, {title: Me, symbol: person.fill}, ...], selected: 0,
    /// tint: systemPink, unselectedTint: COLOR, scrollEdge: transparent}`.
    static func read(_ node: ScenarioValue, _ r: any ScenarioReading) -> TabBar? {
        guard let m = r.mapping(node, "tabBar", allowed: mappingKeys) else { return nil }
        guard
            let (list, countFits) = r.requiredSequence(
                m, "items", of: node, "tabBar.items", count: itemCount,
                missing: "give 2 to 5 items, e.g. items: [{title: Home, glyph: house}, {title: Search, glyph: search}]", noun: "item",
                fix: "a tab bar shows \(itemCount.lowerBound) to \(itemCount.upperBound) (UIKit moves a sixth and more under More); "
                    + "keep \(itemCount.lowerBound) to \(itemCount.upperBound)")
        else { return nil }
        var ok = countFits
        var items: [Item] = []
        for (i, itemNode) in list.enumerated() {
            let path = "tabBar.items[\(i)]"
            guard let im = r.mapping(itemNode, path, allowed: itemKeys) else { ok = false; continue }
            var item = Item(title: "", glyph: nil)
            var titleRefused = false
            if let n = im["title"] {
                if let v = r.string(
                    n, "\(path).title", allowEmpty: true, maximumLength: maximumTitleLength,
                    fits: "a tab's title fits \(maximumTitleLength) (UIKit truncates far sooner); shorten it")
                {
                    item.title = v
                } else {
                    titleRefused = true
                    ok = false
                }
            }
            let (image, imageOK) = BottomBar.readImage(im, path, r)
            switch image {
            case .glyph(let g): item.glyph = g
            case .symbol(let name): item.symbol = name
            case nil: ok = ok && imageOK
            }
            // An empty title and no glyph (a title refused above has had its message).
            if !titleRefused, item.title.isEmpty && im["glyph"] == nil && im["symbol"] == nil {
                r.report(
                    itemNode, path,
                    "has neither title nor glyph (an empty tab); give one or both, e.g. {title: Home, glyph: house} or {title: Home, symbol: house.fill}"
                )
                ok = false
            }
            items.append(item)
        }
        var selected = 0
        if let n = m["selected"] {
            if let v = r.integer(n, "tabBar.selected", range: 0...max(0, min(list.count, itemCount.upperBound) - 1)) {
                selected = v
            } else {
                ok = false
            }
        }
        var bar = TabBar(items: items, selected: selected)
        let (tint, tintOK) = BottomBar.readTint(m, "tabBar.tint", r)
        let (unselected, unselectedOK) = BottomBar.readTint(m, "tabBar.unselectedTint", r, key: "unselectedTint")
        let (edge, edgeOK) = BottomBar.readScrollEdge(m, "tabBar.scrollEdge", r)
        bar.tint = tint
        bar.unselectedTint = unselected
        bar.transparentAtScrollEdge = edge
        return ok && tintOK && unselectedOK && edgeOK ? bar : nil
    }
}

/// The material of the bottom bars (UIBarAppearance's default background, iOS 15-18): a blur of
/// what is under the bar, the chrome material's tint, a one-pixel shadow line on top; and the tint
/// of a tab bar's unselected items. UIKit's values are private; these are public reconstructions.

extension Screen {
    /// A tab bar at the bottom, or nil (a screen has a tab bar or a toolbar, not both).
    public var tabBar: TabBar? {
        get { chrome[TabBar.self] }
        set { chrome[TabBar.self] = newValue }
    }

    /// The bottom of the screen the bars and the home indicator take: the tab bar's or toolbar's
    /// full height when there is one, else the bottom safe area. The automatic bottom inset and
    /// the scroll indicator's track end above it.
    public var bottomSafeArea: Double {
        if tabBar != nil { return TabBar.height(on: device) }
        if toolbar != nil { return Toolbar.height(on: device) }
        return device.safeAreaBottom
    }

    /// The height of a bar at the bottom (tab bar or toolbar, with the safe area under it), 0 without one.
    package var bottomBarHeight: Double { tabBar != nil || toolbar != nil ? bottomSafeArea : 0 }

}

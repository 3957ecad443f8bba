import Raster

/// A UIToolbar at the bottom of the screen (`toolbar:` in a scenario), as a navigation
/// controller's toolbar shows in iOS 17/18.
///
/// - Height: `device.toolbarHeight` (44 pt; 32 on an iPhone in landscape; 50 on an iPad) above the
///   bottom safe area, which the bar covers too; the bottom bars' material and shadow line
///   (`BarMaterial`).
/// - Items, left to right inside the layout margins: a glyph (a 24 pt symbol in a 28 pt wide
///   button), a title (17 pt regular, as a plain bar button item), or a flexible space. Flexible
///   spaces share what the others leave; without any, the items are spread evenly (a flexible
///   space between each two), the usual toolbar. Fixed items are 8 pt apart. All in the tint
///   (systemBlue, or the bar's `tint`; an item's own `tint` overrides it, as UIBarButtonItem's
///   tintColor does). A `symbol:` item is an SF Symbol at 17 pt, centred in the glyph's button.
/// - A toolbar and a tab bar on one screen are refused: UIKit can stack them (a navigation
///   controller's toolbar above the tab bar) but apps almost never do.
public struct Toolbar: Sendable, Equatable, ChromePart {
    public struct Item: Sendable, Equatable {
        public enum Content: Sendable, Equatable {
            case glyph(BarGlyph)
            case symbol(String)
            case title(String)
            case flexible
        }
        public var content: Content
        /// The item's own tint (UIBarButtonItem.tintColor); nil: the bar's.
        public var tint: Color?
        public init(_ content: Content, tint: Color? = nil) { self.content = content; self.tint = tint }
        public static let flexible = Item(.flexible)
        var isFlexible: Bool { content == .flexible }
    }

    public var items: [Item]
    /// The items' color (UIToolbar's tintColor); nil: systemBlue.
    public var tint: Color?
    /// As `TabBar.transparentAtScrollEdge`: transparent while the content's bottom is at or above
    /// the bar's top (iOS 15+'s scrollEdgeAppearance); nil or false: always drawn.
    public var transparentAtScrollEdge: Bool?
    public init(items: [Item]) { self.items = items }

    /// 1 to 8 items, flexible spaces included.
    public static let itemCount = 1...8
    static let keys = ["toolbar"]
    static let mappingKeys = ["items", "tint", "scrollEdge"]
    static let itemKeys = ["glyph", "symbol", "title", "flexible", "tint"]
    /// The keys that say what an item is (one of them).
    static let itemContentKeys = ["glyph", "symbol", "title", "flexible"]
    static let maximumTitleLength = 24
    static let glyphSize = 24.0
    static let glyphButtonWidth = 28.0
    static let titleSize = 17.0
    /// UIKit's fixed space between two bar button items.
    static let itemSpacing = 8.0

    /// The bar's full height: the toolbar and the bottom safe area under it.
    public static func height(on device: Device) -> Double { BottomBar.height(on: device, barHeight: device.toolbarHeight) }

    public static func frame(on device: Device) -> Rect { BottomBar.frame(on: device, barHeight: device.toolbarHeight) }

    /// The items with a flexible space between each two when none was given.
    var laidOutItems: [Item] {
        guard !items.contains(where: \.isFlexible), items.count > 1 else { return items }
        return items.enumerated().flatMap { i, item in i == 0 ? [item] : [.flexible, item] }
    }

    private func width(of item: Item, _ typography: Typography) -> Double {
        switch item.content {
        case .glyph, .symbol: return Self.glyphButtonWidth
        case .title(let t): return TextContent(t, pointSize: Self.titleSize, letterSpacing: -0.41, typography: typography).layout().width.rounded(.up)
        case .flexible: return 0
        }
    }

    /// The frames of the items that are not flexible spaces, in the bar's coordinates (the
    /// toolbar's height), in order.
    public func itemFrames(on device: Device, typography: Typography) -> [Rect] {
        let items = laidOutItems
        let left = device.safeAreaLeft + device.layoutMargin
        let available = device.size.width - left - device.safeAreaRight - device.layoutMargin
        let fixed = items.filter { !$0.isFlexible }
        // Fixed spacing between adjacent non-flexible items only.
        var spacing = 0.0
        for (a, b) in zip(items, items.dropFirst()) where !a.isFlexible && !b.isFlexible { spacing += Self.itemSpacing }
        let flexCount = Double(items.filter(\.isFlexible).count)
        let flex = flexCount > 0 ? max(0, available - fixed.map { width(of: $0, typography) }.reduce(0, +) - spacing) / flexCount : 0
        var x = left
        var frames: [Rect] = []
        var previousFixed = false
        for item in items {
            if item.isFlexible { x += flex; previousFixed = false; continue }
            if previousFixed { x += Self.itemSpacing }
            let w = width(of: item, typography)
            frames.append(Rect(x: x, y: 0, width: w, height: device.toolbarHeight))
            x += w
            previousFixed = true
        }
        return frames
    }

    func layer(device: Device, palette: Palette, appearance: Appearance, pixelScale: Double, typography: Typography) -> Layer {
        let bar = BottomBar.layer(name: "toolbar", device: device, barHeight: device.toolbarHeight, palette: palette, pixelScale: pixelScale)
        let fixed = laidOutItems.filter { !$0.isFlexible }
        for (i, (item, frame)) in zip(fixed, itemFrames(on: device, typography: typography)).enumerated() {
            let layer = Layer(name: "toolbar.item.\(i)", frame: frame)
            let color = item.tint ?? tint ?? palette.systemBlue
            switch item.content {
            case .glyph(let g):
                let s = Self.glyphSize
                layer.contents = .shapes(
                    BottomBar.shapes(
                        .glyph(g), in: Rect(x: (frame.width - s) / 2, y: (frame.height - s) / 2, width: s, height: s), mode: .center, color: color))
            case .symbol(let name):
                layer.contents = .shapes(BottomBar.shapes(.symbol(name), in: Rect(origin: .zero, size: frame.size), mode: .center, color: color))
            case .title(let t):
                layer.contents = .text(
                    TextContent(t, pointSize: Self.titleSize, color: color, alignment: .center, letterSpacing: -0.41, typography: typography))
            case .flexible:
                break
            }
            bar.addSublayer(layer)
        }
        return bar
    }

    /// A toolbar and a tab bar on one screen are refused.
    static func read(_ scenario: ScenarioKeys, _ r: any ScenarioReading, into screen: inout Screen) {
        guard let node = scenario["toolbar"] else { return }
        let toolbar = read(node, r)
        if scenario["tabBar"] != nil {
            r.report(
                node, "toolbar",
                "a screen shows a tab bar or a toolbar, not both (UIKit can stack a toolbar above a "
                    + "tab bar, apps almost never do); keep one")
        } else {
            screen.toolbar = toolbar
        }
    }

    static func draw(_ screen: Screen, _ frame: ChromeFrame, into layers: inout ChromeLayers) {
        // Under a tab bar (given in Swift: a scenario refuses both) it is not drawn.
        guard let bar = screen.toolbar, screen.tabBar == nil else { return }
        let layer = bar.layer(
            device: screen.device, palette: screen.palette, appearance: screen.appearance,
            pixelScale: frame.pixelScale, typography: frame.typography)
        layers.screen.append(BottomBar.atScrollEdge(layer, transparentAtScrollEdge: bar.transparentAtScrollEdge, screen, u: frame.u))
    }

    /// A bar transparent at the scroll edge adds its background's opacity to `--layout`.
    static func addMetrics(of screen: Screen, u: Double, to metrics: inout FrameMetrics) {
        if let bar = screen.toolbar, screen.tabBar == nil {
            metrics.toolbarBackgroundAlpha = BottomBar.backgroundAlpha(bar.transparentAtScrollEdge, screen, u: u)
        }
    }

    /// `toolbar: {items: [{glyph: share}, {flexible: true}, {symbol: trash, tint: systemRed}, {title: Edit}],
    /// tint: COLOR, scrollEdge: transparent}`.
    static func read(_ node: ScenarioValue, _ r: any ScenarioReading) -> Toolbar? {
        guard let m = r.mapping(node, "toolbar", allowed: mappingKeys) else { return nil }
        guard
            let (list, countFits) = r.requiredSequence(
                m, "items", of: node, "toolbar.items", count: itemCount,
                missing: "give 1 to \(itemCount.upperBound) items, e.g. items: [{glyph: share}, {flexible: true}, {title: Edit}]", noun: "item",
                fix: "a toolbar holds \(itemCount.lowerBound) to \(itemCount.upperBound) (flexible spaces included); "
                    + "keep \(itemCount.upperBound) or fewer")
        else { return nil }
        var ok = countFits
        var items: [Item] = []
        for (i, itemNode) in list.enumerated() {
            let path = "toolbar.items[\(i)]"
            guard let im = r.mapping(itemNode, path, allowed: itemKeys) else { ok = false; continue }
            let given = itemContentKeys.filter { im[$0] != nil }
            guard given.count == 1 else {
                r.report(
                    itemNode, path,
                    given.isEmpty
                        ? "is empty; give one of glyph, symbol, title or flexible: true"
                        : "has \(given.joined(separator: " and ")); an item is one of them (a glyph, a symbol, a title or a flexible space); keep one"
                )
                ok = false
                continue
            }
            let (tint, tintOK) = BottomBar.readTint(im, "\(path).tint", r)
            if !tintOK { ok = false }
            if im["tint"] != nil, im["flexible"] != nil {
                r.report(im["tint"]!, "\(path).tint", "a flexible space draws nothing to tint; remove it")
                ok = false
            }
            if im["glyph"] != nil || im["symbol"] != nil {
                let (image, imageOK) = BottomBar.readImage(im, path, r)
                switch image {
                case .glyph(let g): items.append(Item(.glyph(g), tint: tint))
                case .symbol(let name): items.append(Item(.symbol(name), tint: tint))
                case nil: ok = ok && imageOK
                }
            } else if let n = im["title"] {
                if let v = r.string(
                    n, "\(path).title", maximumLength: maximumTitleLength,
                    fits: "a toolbar item's title fits \(maximumTitleLength); shorten it")
                {
                    items.append(Item(.title(v), tint: tint))
                } else {
                    ok = false
                }
            } else if let n = im["flexible"] {
                if let v = r.bool(n, "\(path).flexible") {
                    if v {
                        items.append(.flexible)
                    } else {
                        r.report(n, "\(path).flexible", "false makes no item; remove the item, or write flexible: true for a flexible space")
                        ok = false
                    }
                } else {
                    ok = false
                }
            }
        }
        var bar = Toolbar(items: items)
        let (tint, tintOK) = BottomBar.readTint(m, "toolbar.tint", r)
        let (edge, edgeOK) = BottomBar.readScrollEdge(m, "toolbar.scrollEdge", r)
        bar.tint = tint
        bar.transparentAtScrollEdge = edge
        return ok && tintOK && edgeOK ? bar : nil
    }
}

extension Screen {
    /// A toolbar at the bottom, or nil.
    public var toolbar: Toolbar? {
        get { chrome[Toolbar.self] }
        set { chrome[Toolbar.self] = newValue }
    }
}

import Raster

/// What a bar item shows as its image: one of the bars' own vector glyphs (`glyph:`), or an SF
/// Symbol by name (`symbol:`), drawn by the code that draws `UIImage(systemName:)` and symbol
/// layers (`SFSymbols`).
public enum BarItemImage: Sendable, Equatable {
    case glyph(BarGlyph)
    case symbol(String)
}

/// What the tab bar and the toolbar share: their place at the bottom of the screen (the bar's
/// height above the bottom safe area, which the bar covers too), the bars' material, an item's
/// image in its box, an item's `glyph`/`symbol` and a `tint` as a scenario gives them, and the
/// transparent scroll edge at the content's bottom.
enum BottomBar {
    /// The bar's full height: `barHeight` and the bottom safe area under it.
    static func height(on device: Device, barHeight: Double) -> Double { barHeight + device.safeAreaBottom }

    /// The bar's frame on the screen: its full height, along the bottom.
    static func frame(on device: Device, barHeight: Double) -> Rect {
        let h = height(on: device, barHeight: barHeight)
        return Rect(x: 0, y: device.size.height - h, width: device.size.width, height: h)
    }

    /// The bar's layer with its material and shadow line (`<name>.hairline`), its items to come.
    static func layer(
        name: String, device: Device, barHeight: Double, palette: Palette, pixelScale: Double, background: Color? = nil, shadowLine: Color? = nil
    ) -> Layer {
        let bar = Layer(name: name, frame: frame(on: device, barHeight: barHeight))
        BarMaterial.apply(to: bar, palette: palette, pixelScale: pixelScale, namePrefix: name, background: background, shadowLine: shadowLine)
        return bar
    }

    /// The bar's background and shadow line at `alpha` (0: the transparent scroll edge
    /// appearance, 1: the standard one), as UIKit cross-fades them.
    static func fade(_ bar: Layer, alpha: Double) {
        guard alpha < 1 else { return }
        bar.backgroundColor = bar.backgroundColor?.withAlpha(multipliedBy: alpha)
        bar.backdropBlurRadius *= alpha
        if let hairline = bar.sublayers.first(where: { $0.name.hasSuffix(".hairline") }) { hairline.opacity *= alpha }
    }

    /// The bar's layer at `u`: faded by its scroll edge when `transparentAtScrollEdge`.
    static func atScrollEdge(_ bar: Layer, transparentAtScrollEdge: Bool?, _ screen: Screen, u: Double) -> Layer {
        if let alpha = backgroundAlpha(transparentAtScrollEdge, screen, u: u) { fade(bar, alpha: alpha) }
        return bar
    }

    /// A bar transparent at the scroll edge: its background's opacity at `u` (the `--layout`
    /// number); nil for a bar always drawn.
    static func backgroundAlpha(_ transparentAtScrollEdge: Bool?, _ screen: Screen, u: Double) -> Double? {
        transparentAtScrollEdge == true ? backgroundAlpha(screen, u: u) : nil
    }

    /// How far a bottom bar's standard appearance is in at `u` on `screen`, 0...1: 0 while the
    /// content's bottom is at or above the bar's top (iOS 15+'s scrollEdgeAppearance, transparent),
    /// 1 once 10 pt of content is under the bar (as the navigation bar fades at its edge).
    static func backgroundAlpha(_ screen: Screen, u: Double) -> Double { backgroundAlpha(under: screen.maxScroll - u) }

    /// The same from the points of content under the bar (a UIKit screen's tab bar measures them
    /// on its scroll view).
    static func backgroundAlpha(under: Double) -> Double { NavigationBarGeometry.clamp01(under / NavigationBarGeometry.fadeDistance) }

    /// An item's image filling `box` as the bar draws it: a glyph scaled to the box; a symbol
    /// (17 pt, regular, medium scale) placed by `mode` as a UIImageView with that content mode
    /// places `UIImage(systemName:)`.
    static func shapes(_ image: BarItemImage, in box: Rect, mode: ContentMode, color: Color) -> [(Shape, Color)] {
        switch image {
        case .glyph(let g): return g.shapes(in: box, color: color)
        case .symbol(let name): return Chrome.barSymbol(name, in: box, mode: mode, color: color)
        }
    }

    /// An item's `glyph` or `symbol` (one of them; `nil, true` when neither is given). An unknown
    /// symbol is refused with the nearest names (a bar item is chrome a scenario names on
    /// purpose, not a layer drawn empty).
    static func readImage(_ m: [String: ScenarioValue], _ path: String, _ r: any ScenarioReading) -> (image: BarItemImage?, ok: Bool) {
        if m["glyph"] != nil, let s = m["symbol"] {
            r.report(s, "\(path).symbol", "an item has a glyph or a symbol, not both; keep one")
            return (nil, false)
        }
        if let n = m["glyph"] {
            guard let v = BarGlyph.read(n, "\(path).glyph", r) else { return (nil, false) }
            return (.glyph(v), true)
        }
        if let n = m["symbol"] {
            guard let v = Chrome.readSymbolName(n, "\(path).symbol", r) else { return (nil, false) }
            return (.symbol(v), true)
        }
        return (nil, true)
    }

    /// A color under `key` (`tint`; nil when not given; `ok` false when refused).
    static func readTint(_ m: [String: ScenarioValue], _ field: String, _ r: any ScenarioReading, key: String = "tint") -> (tint: Color?, ok: Bool) {
        guard let n = m[key] else { return (nil, true) }
        guard let c = r.color(n, field) else { return (nil, false) }
        return (c, true)
    }

    /// `scrollEdge: transparent` (true) or `opaque` (false); nil when not given.
    static func readScrollEdge(_ m: [String: ScenarioValue], _ field: String, _ r: any ScenarioReading) -> (transparent: Bool?, ok: Bool) {
        guard let n = m["scrollEdge"] else { return (nil, true) }
        guard let v = r.choice(n, field, ["transparent", "opaque"]) else { return (nil, false) }
        return (v == "transparent", true)
    }
}

extension Chrome {
    /// A bar button's SF Symbol: 17 pt (UIKit's bar button text size), regular, medium scale.
    static let barSymbolPointSize = 17.0

    /// The SF Symbol `name` at the bar's size in `color`, placed in `box` by `mode` with the
    /// arithmetic of a UIImageView drawing a symbol image (so a UIKit bar's image view and a
    /// scenario's `symbol:` item give the same pixels). An unknown name draws nothing.
    static func barSymbol(_ name: String, in box: Rect, mode: ContentMode, color: Color) -> [(Shape, Color)] {
        let symbol = SFSymbols.shapesOrEmpty(named: name, pointSize: barSymbolPointSize).symbol
        guard let outline = symbol.outline, symbol.size.width > 0, symbol.size.height > 0 else { return [] }
        let rect = mode.rect(for: symbol.size, in: box)
        let sx = rect.width / symbol.size.width, sy = rect.height / symbol.size.height
        return [(outline.applying(Transform.scale(sx, sy).translated(rect.minX, rect.minY)), color)]
    }

    /// A bar item's `symbol:`: an SF Symbol this renderer draws, or a refusal with the nearest names.
    static func readSymbolName(_ node: ScenarioValue, _ field: String, _ r: any ScenarioReading) -> String? {
        guard let name = r.string(node, field) else { return nil }
        if SFSymbols.contains(name) { return name }
        r.report(node, field, SymbolError.unknownName(name, closest: SFSymbols.nearestNames(to: name)).reason)
        return nil
    }
}

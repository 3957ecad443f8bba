import Raster

/// A standard navigation bar as a typed part: the bar's settings (`Screen.NavigationBar`) with
/// the device, appearance and palette it is drawn for. A scenario's screen makes one from itself
/// (`Screen.standardBar`); a UIKit `UINavigationBar` makes one from its own state, so both routes
/// draw the same bar from the same values, and the UIKit bar places its items' views in
/// `buttonFrames` rather than in layers found by name.
package struct StandardNavigationBar: Sendable {
    package var settings: Screen.NavigationBar
    package var device: Device
    package var appearance: Appearance
    package var palette: Palette

    package init(settings: Screen.NavigationBar, device: Device, appearance: Appearance) {
        self.settings = settings
        self.device = device
        self.appearance = appearance
        palette = Palette.forAppearance(appearance)
    }

    /// The bar of a scenario's screen.
    package init(_ screen: Screen) {
        self.init(settings: screen.navigation, device: screen.device, appearance: screen.appearance)
    }

    /// The bar's bottom without a large title or search band: the status bar and the row.
    var barBottom: Double { device.statusBarHeight + device.navigationBarHeight }

    /// The bar's heights and fades at `u`.
    package func geometry(u: Double) -> NavigationBarGeometry { NavigationBarGeometry(u: u, device: device, item: settings.item) }

    /// The bar at `u`: the plain bar with its bar buttons, or with a large title or search bar,
    /// the extended bar whose heights and fades `NavigationBarGeometry` gives.
    package func layer(u: Double, pixelScale: Double, typography: Typography) -> Layer {
        let g = geometry(u: u)
        let bar: Layer
        if g.isExtended {
            bar = extendedBar(g, pixelScale: pixelScale, typography: typography)
        } else {
            bar = plainBar(opacity: 1, standard: true, pixelScale: pixelScale, typography: typography)
            if settings.item.isEmpty { return bar }
        }
        let buttons = Chrome.barButtons(
            settings.item, device: device, rowTop: g.rowTop, rowHeight: g.rowHeight,
            tint: settings.tint ?? palette.systemBlue, typography: typography)
        buttons.layers.forEach(bar.addSublayer)
        // The inline title stays centred unless the buttons reach it (6 pt apart, as UIKit's middleSpacing).
        if let title = bar.sublayers.first(where: { $0.name == "navigationBar.title" }) {
            let w = device.size.width
            let inset = max(60, buttons.leftEdge + 6, w - buttons.rightEdge + 6)
            title.bounds.size.width = max(0, w - 2 * inset)
            title.position.x = w / 2
        }
        return bar
    }

    /// The bar buttons' frames at `u` in screen points, left items from the leading edge inward
    /// and right items from the trailing edge inward: where a UIKit bar puts an item's image view
    /// or custom view (the drawn bar leaves those slots empty).
    package func buttonFrames(u: Double, typography: Typography) -> (left: [Rect], right: [Rect]) {
        let g = geometry(u: u)
        let buttons = Chrome.barButtons(
            settings.item, device: device, rowTop: g.rowTop, rowHeight: g.rowHeight,
            tint: settings.tint ?? palette.systemBlue, typography: typography)
        return (buttons.left, buttons.right)
    }

    /// A bar under the status bar with a centred title and a one-pixel hairline; a `standard` bar
    /// is translucent over a blur of the content, as UINavigationBar is (a fading bar is opaque).
    func plainBar(opacity: Double, standard: Bool, pixelScale: Double, typography: Typography) -> Layer {
        let w = device.size.width
        let bar = Layer(name: "navigationBar", frame: Rect(x: 0, y: 0, width: w, height: barBottom))
        bar.zPosition = 3
        bar.opacity = opacity
        if standard {
            // UIKit's bar material: what scrolls under it, blurred, under a mostly opaque tint.
            if settings.material { bar.backdropBlurRadius = BarMaterial.blurRadius }
            bar.backgroundColor = settings.color ?? BarMaterial.tint(over: palette.systemBackground)
        } else {
            bar.backgroundColor = settings.color ?? palette.systemBackground
        }
        if let image = backgroundImageLayer(height: barBottom) { bar.addSublayer(image) }
        if let title = settings.title { bar.addSublayer(inlineTitle(title, typography: typography)) }
        bar.addSublayer(hairlineLayer(y: barBottom, pixelScale: pixelScale))
        return bar
    }

    /// The bar's background image filling its background `height` points tall, or nil.
    func backgroundImageLayer(height: Double) -> Layer? {
        guard let background = settings.backgroundImage else { return nil }
        let layer = Layer(name: "navigationBar.backgroundImage", frame: Rect(x: 0, y: 0, width: device.size.width, height: height))
        layer.contents = .image(background.image, background.mode)
        layer.masksToBounds = true
        return layer
    }

    /// The line under the bar at `y`: one pixel of the hairline's color, or the hairline image at its height.
    func hairlineLayer(y: Double, pixelScale: Double) -> Layer {
        let w = device.size.width
        if let image = settings.hairlineImage {
            let line = Layer(name: "navigationBar.hairline", frame: Rect(x: 0, y: y, width: w, height: image.pointSize.height))
            line.contents = .image(image, .scaleToFill)
            return line
        }
        let hairline = Layer(name: "navigationBar.hairline", frame: Rect(x: 0, y: y, width: w, height: 1 / pixelScale))
        hairline.backgroundColor = settings.hairlineColor ?? palette.hairline
        return hairline
    }

    /// A bar with a large title and/or a search band: a background that appears as content scrolls
    /// under it, the large title clipped by its shrinking area, the search band, the inline title.
    private func extendedBar(_ g: NavigationBarGeometry, pixelScale: Double, typography: Typography) -> Layer {
        let w = device.size.width
        let bar = Layer(name: "navigationBar", frame: Rect(x: 0, y: 0, width: w, height: g.bottom))
        bar.zPosition = 3
        if g.backgroundAlpha > 0 {
            // standardAppearance's material, cross-fading in: its blur grows with it, so the content
            // under it does not jump to fully blurred at the first step.
            let background = Layer(name: "navigationBar.background", frame: Rect(x: 0, y: 0, width: w, height: g.bottom))
            background.opacity = g.backgroundAlpha
            if settings.material { background.backdropBlurRadius = BarMaterial.blurRadius * g.backgroundAlpha }
            background.backgroundColor = settings.color ?? BarMaterial.tint(over: palette.systemBackground)
            if let image = backgroundImageLayer(height: g.bottom) { background.addSublayer(image) }
            background.addSublayer(hairlineLayer(y: g.bottom, pixelScale: pixelScale))
            bar.addSublayer(background)
        }
        let titleColor = settings.largeTitleColor ?? settings.titleColor ?? palette.label
        if g.showsLargeTitle {
            let area = Layer(
                name: "navigationBar.largeTitleArea",
                frame: Rect(x: 0, y: g.rowTop + g.rowHeight, width: w, height: g.largeTitleHeight))
            area.masksToBounds = true
            if let title = settings.title {
                area.addSublayer(
                    largeTitleLayer(
                        title, color: titleColor, areaHeight: g.largeTitleHeight, scale: g.largeTitleScale,
                        typography: typography))
            }
            bar.addSublayer(area)
        }
        if let search = settings.item.searchBar {
            bar.addSublayer(
                Chrome.searchBar(
                    search, frame: Rect(x: 0, y: g.bottom - g.searchBarHeight, width: w, height: g.searchBarHeight),
                    device: device, palette: palette, appearance: appearance, typography: typography))
        }
        if let title = settings.title, g.inlineTitleAlpha > 0 {
            let label = inlineTitle(title, typography: typography)
            label.opacity = g.inlineTitleAlpha
            bar.addSublayer(label)
        }
        return bar
    }

    /// The bar's centred 17 pt semibold title in the row under the status bar.
    func inlineTitle(_ title: String, typography: Typography) -> Layer {
        let label = Layer(
            name: "navigationBar.title",
            frame: Rect(x: 60, y: device.statusBarHeight, width: device.size.width - 120, height: device.navigationBarHeight))
        label.contents = .text(
            TextContent(
                title, weight: .semibold, pointSize: 17, color: settings.titleColor ?? palette.label,
                alignment: .center, letterSpacing: -0.41, typography: typography))
        label.castTextShadow(settings.titleShadow)
        return label
    }

    /// The large title in its area: 34 pt bold at the layout margin, its 41 pt line box bottom
    /// 8 pt above the area's bottom, scaled about its leading bottom corner (never wider than the
    /// room it has).
    private func largeTitleLayer(_ title: String, color: Color, areaHeight: Double, scale: Double, typography: Typography) -> Layer {
        let x = device.safeAreaLeft + device.layoutMargin
        let width = max(0, device.size.width - x - device.layoutMargin - device.safeAreaRight)
        let lineHeight = NavigationBarGeometry.largeTitleLineHeight
        let label = Layer(name: "largeTitle", frame: Rect(x: 0, y: 0, width: width, height: lineHeight))
        // Apple's type ramp: Large Title 34 pt, tracking +0.4 (iOS 17); the bar sets it bold.
        let text = TextContent(title, weight: .bold, pointSize: 34, color: color, alignment: .left, letterSpacing: 0.4, typography: typography)
        label.contents = .text(text)
        label.castTextShadow(settings.largeTitleShadow)
        label.anchorPoint = Point(0, 1)
        label.position = Point(x, areaHeight - NavigationBarGeometry.largeTitleBottomPadding)
        let textWidth = text.layout().width
        let s = textWidth > 0 ? min(scale, max(1, width / textWidth)) : scale
        if s != 1 { label.transform = .scale(s, s) }
        return label
    }
}

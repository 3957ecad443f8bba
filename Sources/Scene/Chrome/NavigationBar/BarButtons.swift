import Raster

/// A bar button item (UIBarButtonItem): a text button, an SF-Symbols-like glyph or an SF Symbol,
/// in the tint color (the item's, else the bar's, else systemBlue).
public struct BarButtonItem: Sendable, Equatable {
    public enum Content: Sendable, Equatable {
        case title(String)
        case glyph(NavigationGlyph)
        /// An SF Symbol by name at 17 pt, centred in a glyph-wide slot, as a UIKit bar's image view
        /// draws `UIImage(systemName:)` (`Chrome.barSymbol`).
        case symbol(String)
        /// A slot this many points wide, left empty: a UIKit screen draws its image or custom view
        /// there (a UIImageView in the bar, so an SF Symbol is drawn as UIImageView draws one).
        case slot(width: Double)
    }
    /// UIBarButtonItem.Style: plain (17 pt regular) or done (17 pt semibold).
    public enum Style: String, Sendable, CaseIterable { case plain, done }

    public var content: Content
    public var style: Style
    /// The item's own tint (UIBarButtonItem.tintColor); nil: the bar's.
    public var tint: Color?
    /// A title item's text attributes (UIBarItem.setTitleTextAttributes): its color in place of
    /// the tint, its font's weight, size and face in place of the bar's 17 pt, its shadow; nil:
    /// the bar's.
    package var titleColor: Color?, titleWeight: FontWeight?, titlePointSize: Double?, titleFace: FontSource?, titleShadow: TextShadow?
    /// A glyph button's width in the bar.
    public static var glyphWidth: Double { Chrome.barGlyphWidth }
    /// A symbol item's point size (`Chrome.barSymbolPointSize`).
    public static var symbolPointSize: Double { Chrome.barSymbolPointSize }

    public init(_ content: Content, style: Style = .plain) {
        self.content = content
        self.style = style
    }
}

/// The glyphs a bar button can show, drawn as vector shapes after SF Symbols' chevron.backward,
/// ellipsis.circle, square.and.arrow.up, plus and magnifyingglass at the bar's 17 pt size.
public enum NavigationGlyph: String, Sendable, CaseIterable {
    case back, more, share, plus, search
}

extension Chrome {
    /// A round translucent button with a glyph, as Twitter's profile screen floats over the photo.
    /// The floating back and more buttons over a header: 32 pt circles, 10 pt in from the safe area.
    package static let floatingButtonSize = 32.0
    package static let floatingButtonInset = 10.0

    static func floatingButton(name: String, frame: Rect, glyph: [(Shape, Color)]) -> Layer {
        let button = Layer(name: name, frame: frame)
        button.backgroundColor = Color(0, 0, 0, alpha: 0.45)
        button.cornerRadius = frame.width / 2
        let icon = Layer(frame: Rect(origin: .zero, size: frame.size))
        icon.contents = .shapes(glyph)
        button.addSublayer(icon)
        return button
    }

    static func backChevron(in size: Size, color: Color) -> [(Shape, Color)] {
        let cx = size.width / 2 - 1.5, cy = size.height / 2
        return [
            (.capsule(from: Point(cx + 4, cy - 7), to: Point(cx - 3, cy), width: 2.4), color),
            (.capsule(from: Point(cx - 3, cy), to: Point(cx + 4, cy + 7), width: 2.4), color),
        ]
    }

    static func moreDots(in size: Size, color: Color) -> [(Shape, Color)] {
        (-1...1).map { i in (.circle(center: Point(size.width / 2 + Double(i) * 6, size.height / 2), radius: 1.8), color) }
    }

    // MARK: A standard bar's buttons

    /// A glyph button's width in the bar (the glyph is about 22 pt of it). An estimate from
    /// screenshots: UIKit gives image items no documented width.
    static let barGlyphWidth = 30.0
    /// Between neighbouring bar buttons: an estimate that gives the ~20 pt gap iOS 17 shows
    /// between two glyphs.
    static let barButtonSpacing = 12.0
    /// The back chevron's box and where it starts: 8 pt from the edge, the text 6 pt after it
    /// (UIKit's back indicator image is 13 x 21 pt at x = 8).
    static let backChevronWidth = 13.0, backChevronInset = 8.0, backTitleGap = 6.0

    /// The bar's buttons in its row: the back button and left items from the leading edge, the
    /// right items from the trailing edge (the layout margin, 16 or 20 pt, inside the safe area),
    /// named `navigationBar.back`, `navigationBar.left.N` and `navigationBar.right.N` (N from the
    /// edge inward). `leftEdge` and `rightEdge` are how far they reach, for the title.
    static func barButtons(
        _ item: NavigationItem, device: Device, rowTop: Double, rowHeight: Double,
        tint: Color, typography: Typography
    ) -> (layers: [Layer], leftEdge: Double, rightEdge: Double, left: [Rect], right: [Rect]) {
        let w = device.size.width
        var layers: [Layer] = []
        var x = device.safeAreaLeft + device.layoutMargin
        var leftEdge = 0.0
        var lefts: [Rect] = [], rights: [Rect] = []
        if let backTitle = item.backTitle {
            let start = device.safeAreaLeft + backChevronInset
            let text = barText(backTitle, style: .plain, tint: tint, typography: typography)
            let textWidth = backTitle.isEmpty ? 0 : text.layout().width.rounded(.up)
            let width = backChevronWidth + (backTitle.isEmpty ? 0 : backTitleGap + textWidth)
            let back = Layer(name: "navigationBar.back", frame: Rect(x: start, y: rowTop, width: width, height: rowHeight))
            let chevron = Layer(name: "navigationBar.back.chevron", frame: Rect(x: 0, y: 0, width: backChevronWidth, height: rowHeight))
            chevron.contents = .shapes(glyph(.back, in: chevron.bounds.size, color: tint))
            back.addSublayer(chevron)
            if !backTitle.isEmpty {
                let label = Layer(
                    name: "navigationBar.back.title",
                    frame: Rect(x: backChevronWidth + backTitleGap, y: 0, width: textWidth, height: rowHeight))
                label.contents = .text(text)
                back.addSublayer(label)
            }
            layers.append(back)
            x = start + width + barButtonSpacing
            leftEdge = start + width
        }
        for (i, button) in item.leftItems.enumerated() {
            let layer = barButton(
                button, name: "navigationBar.left.\(i)", x: x, rowTop: rowTop, rowHeight: rowHeight, tint: tint, typography: typography)
            layers.append(layer)
            lefts.append(layer.frame)
            leftEdge = layer.frame.maxX
            x = leftEdge + barButtonSpacing
        }
        var right = w - device.safeAreaRight - device.layoutMargin
        var rightEdge = w
        for (i, button) in item.rightItems.enumerated() {
            let width = barButtonWidth(button, tint: tint, typography: typography)
            let layer = barButton(
                button, name: "navigationBar.right.\(i)", x: right - width, rowTop: rowTop, rowHeight: rowHeight, tint: tint, typography: typography)
            layers.append(layer)
            rights.append(layer.frame)
            rightEdge = right - width
            right = rightEdge - barButtonSpacing
        }
        return (layers, leftEdge, rightEdge, lefts, rights)
    }

    private static func barText(_ title: String, style: BarButtonItem.Style, tint: Color, typography: Typography) -> TextContent {
        // Apple's type ramp: Body 17 pt; a done item is semibold.
        TextContent(
            title, weight: style == .done ? .semibold : .regular, pointSize: 17, color: tint, alignment: .left,
            letterSpacing: -0.41, typography: typography)
    }

    /// A title item's text: the bar's, in the item's own title attributes where it has them.
    private static func barText(_ item: BarButtonItem, _ title: String, tint: Color, typography: Typography) -> TextContent {
        var text = barText(title, style: item.style, tint: item.titleColor ?? tint, typography: typography)
        if let weight = item.titleWeight { text.weight = weight }
        if let size = item.titlePointSize {
            text.pointSize = size
            // The bar's -0.41 is the 17 pt body's tracking: the system font's own at another size.
            if size != 17 { text.letterSpacing = SystemFontTracking.tracking(pointSize: size) }
        }
        text.face = item.titleFace
        return text
    }

    private static func barButtonWidth(_ item: BarButtonItem, tint: Color, typography: Typography) -> Double {
        switch item.content {
        case .title(let t): return barText(item, t, tint: tint, typography: typography).layout().width.rounded(.up)
        case .glyph, .symbol: return barGlyphWidth
        case .slot(let width): return width
        }
    }

    private static func barButton(
        _ item: BarButtonItem, name: String, x: Double, rowTop: Double, rowHeight: Double, tint: Color, typography: Typography
    ) -> Layer {
        let tint = item.tint ?? tint
        let layer = Layer(
            name: name, frame: Rect(x: x, y: rowTop, width: barButtonWidth(item, tint: tint, typography: typography), height: rowHeight))
        switch item.content {
        case .title(let t):
            layer.contents = .text(barText(item, t, tint: tint, typography: typography))
            layer.castTextShadow(item.titleShadow)
        case .glyph(let g): layer.contents = .shapes(glyph(g, in: layer.bounds.size, color: tint))
        case .symbol(let name):
            layer.contents = .shapes(barSymbol(name, in: Rect(origin: .zero, size: layer.bounds.size), mode: .center, color: tint))
        case .slot: break
        }
        return layer
    }

    /// A glyph centred in `size`, about 22 pt tall at `k` = 1, strokes about SF Symbols' regular
    /// weight at 17 pt (1.6-2.4 pt).
    static func glyph(_ g: NavigationGlyph, in size: Size, color: Color, k: Double = 1) -> [(Shape, Color)] {
        let c = Point(size.width / 2, size.height / 2)
        func p(_ dx: Double, _ dy: Double) -> Point { Point(c.x + dx * k, c.y + dy * k) }
        func line(_ a: Point, _ b: Point, _ width: Double) -> (Shape, Color) { (.capsule(from: a, to: b, width: width * k), color) }
        switch g {
        case .back:
            // chevron.backward, semibold as UIKit's back indicator: 10 x 19 pt.
            return [line(p(4, -9.5), p(-5, 0), 2.6), line(p(-5, 0), p(4, 9.5), 2.6)]
        case .more:
            // ellipsis.circle: a ring and three dots.
            return [(.ringSector(center: c, radius: 10.2 * k, width: 1.6 * k, from: -.pi, to: .pi), color)]
                + (-1...1).map { i in (.circle(center: p(Double(i) * 5, 0), radius: 1.5 * k), color) }
        case .share:
            // square.and.arrow.up: an open-topped box and an arrow out of it.
            return [
                line(p(-3.5, -3), p(-8, -3), 1.6), line(p(-8, -3), p(-8, 10), 1.6), line(p(-8, 10), p(8, 10), 1.6),
                line(p(8, 10), p(8, -3), 1.6), line(p(8, -3), p(3.5, -3), 1.6),
                line(p(0, 3), p(0, -11), 1.6), line(p(-4, -7), p(0, -11), 1.6), line(p(0, -11), p(4, -7), 1.6),
            ]
        case .plus:
            return [line(p(-9, 0), p(9, 0), 2), line(p(0, -9), p(0, 9), 2)]
        case .search:
            // magnifyingglass: a ring up-left and a handle down-right.
            return [
                (.ringSector(center: p(-2, -2), radius: 6.8 * k, width: 2 * k, from: -.pi, to: .pi), color),
                line(p(4.5, 4.5), p(8.5, 8.5), 2.6),
            ]
        }
    }
}

import Raster

/// What scrolls under a header: plain rows, self-sizing mail cells, a flow-layout grid, or a
/// table with sections.
/// Coordinates are the content's own: y = 0 at its top, in points.
public enum ScreenContent: Sendable {
    case rows(Rows)
    case mail(MailList)
    case grid(FlowGrid)
    case table(Table)

    /// The height with every row measured.
    public var height: Double {
        switch self {
        case .rows(let r): return Double(r.count) * r.height
        case .mail(let m): return m.rowTops.last!
        case .grid(let g): return g.height
        case .table(let t): return t.height
        }
    }

    /// Layers of the rows or items that intersect `top...bottom`, in a superlayer whose content
    /// starts at `originY`.
    func layers(from top: Double, to bottom: Double, originY: Double, style: ContentStyle) -> [Layer] {
        switch self {
        case .rows(let r): return r.layers(from: top, to: bottom, originY: originY, style: style)
        case .mail(let m): return m.layers(from: top, to: bottom, originY: originY, style: style)
        case .grid(let g): return g.layers(from: top, to: bottom, originY: originY, style: style)
        case .table(let t): return t.layers(from: top, to: bottom, originY: originY, style: style)
        }
    }

    /// The scroll view's own background when the scenario sets none (a grouped table's), or nil.
    func background(_ appearance: Appearance) -> Color? {
        if case .table(let t) = self { return t.background(appearance) }
        return nil
    }
}

/// What content needs to know about the screen it is drawn on.
struct ContentStyle {
    var width: Double
    var palette: Palette
    var background: Color
    /// Output pixels per point: hairlines are one pixel.
    var pixelScale: Double
    /// The safe area's left and right insets: a table's cells keep their content inside them
    /// (insetsContentViewsToSafeArea), as on an iPhone in landscape.
    var safeLeft = 0.0
    var safeRight = 0.0
    /// The cells' layout margin: 16 pt, 20 pt on regular widths (`Device.layoutMargin`).
    var margin = 16.0
    var appearance = Appearance.light
    /// The fonts and text size the content's text is set in.
    var typography: Typography
    /// The visible area's top and bottom edges inside the bars and insets, in content coordinates:
    /// where a plain table's section headers and footers pin (contentOffset.y + adjustedContentInset.top).
    var pinTop = -Double.infinity
    var pinBottom = Double.infinity
}

/// A one-pixel separator under a row, from the text's inset (16 pt; past the safe area) to the right edge (spec 1.4).
func separator(width: Double, rowHeight: Double, style: ContentStyle, inset: Double) -> Layer {
    let line = Layer(
        frame: Rect(
            x: inset + style.safeLeft, y: rowHeight - 1 / style.pixelScale, width: width - inset - style.safeLeft,
            height: 1 / style.pixelScale))
    line.backgroundColor = style.palette.separator
    return line
}

import Raster

/// A search bar under the large title (UINavigationItem.searchController with
/// hidesSearchBarWhenScrolling: true): a rounded field with a magnifying glass and a placeholder.
public struct SearchBarSettings: Sendable, Equatable {
    public var placeholder = "Search"
    /// The placeholder's length limit, in characters.
    public static let maximumPlaceholderLength = 80
    public init() {}
}

extension Chrome {
    /// UISearchTextField in a bar (iOS 13-18): 36 pt tall, corner radius 10, at the layout margins.
    static let searchFieldHeight = 36.0, searchFieldCornerRadius = 10.0
    /// The magnifying glass's box and where the placeholder starts, inside the field (estimates
    /// from iOS 17 screenshots: the glass 8 pt in, the text 30 pt in).
    static let searchGlyphInset = 8.0, searchGlyphWidth = 17.0, searchTextInset = 30.0

    /// The field's fill: tertiarySystemFill, as a segmented control's track.
    static func searchFieldFill(_ appearance: Appearance) -> Color { Palette.tertiarySystemFill(appearance) }

    /// The search band at `frame` (in the bar; its height is the band's height now, 52 at rest).
    /// As the band collapses the field shrinks with it, keeping 8 pt under it, and its glass and
    /// placeholder fade out over the first 12 pt, as UIKit's do.
    static func searchBar(
        _ settings: SearchBarSettings, frame: Rect, device: Device, palette: Palette,
        appearance: Appearance, typography: Typography
    ) -> Layer {
        let band = Layer(name: "searchBar", frame: frame)
        band.masksToBounds = true
        let rest = NavigationBarGeometry.searchBandHeight
        let padding = (rest - searchFieldHeight) / 2
        let fieldHeight = min(searchFieldHeight, max(0, frame.height - 2 * padding))
        guard fieldHeight > 0 else { return band }
        let x = device.safeAreaLeft + device.layoutMargin
        let width = max(0, frame.width - x - device.layoutMargin - device.safeAreaRight)
        let field = Layer(name: "searchBar.field", frame: Rect(x: x, y: frame.height - padding - fieldHeight, width: width, height: fieldHeight))
        field.backgroundColor = searchFieldFill(appearance)
        field.cornerRadius = min(searchFieldCornerRadius, fieldHeight / 2)
        field.masksToBounds = true
        band.addSublayer(field)
        let alpha = NavigationBarGeometry.clamp01((frame.height - (rest - 12)) / 12)
        guard alpha > 0 else { return band }
        // The content keeps its rest layout, centred on the shrinking field.
        let content = Layer(
            name: "searchBar.content",
            frame: Rect(x: 0, y: (fieldHeight - searchFieldHeight) / 2, width: width, height: searchFieldHeight))
        content.opacity = alpha
        let glass = Layer(name: "searchBar.glyph", frame: Rect(x: searchGlyphInset, y: 0, width: searchGlyphWidth, height: searchFieldHeight))
        glass.contents = .shapes(glyph(.search, in: glass.bounds.size, color: palette.secondaryLabel, k: 0.72))
        content.addSublayer(glass)
        let placeholder = Layer(
            name: "searchBar.placeholder",
            frame: Rect(x: searchTextInset, y: 0, width: max(0, width - searchTextInset - 8), height: searchFieldHeight))
        placeholder.contents = .text(
            TextContent(
                settings.placeholder, weight: .regular, pointSize: 17, color: palette.secondaryLabel,
                alignment: .left, letterSpacing: -0.41, typography: typography))
        content.addSublayer(placeholder)
        field.addSublayer(content)
        return band
    }
}

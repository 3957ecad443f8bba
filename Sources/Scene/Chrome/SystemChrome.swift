import Raster

/// What the system draws over any app, for screens whose own code draws the rest (a UIKit
/// screen): the status bar, the home indicator, a scroll view's indicator.
public enum SystemChrome {
    /// The status bar in `color` (nil where iOS hides it), above everything (zPosition 4).
    public static func statusBar(device: Device, color: Color, items: StatusBarItems = StatusBarItems(), typography: Typography) -> Layer? {
        let bar = Chrome.statusBar(device: device, color: color, items: items, typography: typography)
        bar?.zPosition = 4
        return bar
    }

    /// The home indicator in `palette`'s color, or nil on a device without one.
    public static func homeIndicator(device: Device, palette: Palette) -> Layer? {
        guard device.hasHomeIndicator else { return nil }
        let indicator = HomeIndicator.layer(device: device, color: palette.homeIndicator)
        indicator.zPosition = 4
        return indicator
    }

    /// A vertical scroll indicator in a scroll view's coordinates (`contentOffset` its bounds'
    /// origin), or nil when it is hidden or the content does not scroll.
    public static func scrollIndicator(
        offset u: Double, maxScroll: Double, viewport: Double, contentLength: Double, trackTop: Double, trackBottom: Double,
        width: Double, contentOffset: Double, opacity: Double, appearance: Appearance
    ) -> Layer? {
        guard opacity > 0,
            let rect = ScrollIndicator.frame(
                offset: u, maxScroll: maxScroll, viewport: viewport, contentLength: contentLength,
                trackTop: trackTop, trackBottom: trackBottom, screenWidth: width)
        else { return nil }
        return ScrollIndicator.layer(rect.offsetBy(dx: 0, dy: contentOffset), opacity: opacity, appearance: appearance)
    }
}

import Raster

/// UIScrollView's vertical scroll indicator (behaviour spec, section 5): geometry and visibility
/// as pure functions of the scroll position and of the time since the content last moved.
public struct ScrollIndicator: Sendable, Equatable, ChromePart {
    /// UIScrollView's showsVerticalScrollIndicator (`showsVerticalScrollIndicator:` in a scenario).
    var isShown = true

    static let keys = ["showsVerticalScrollIndicator"]
    static let expansion = ChromeExpansion.withSettings

    static func read(_ scenario: ScenarioKeys, _ r: any ScenarioReading, into screen: inout Screen) {
        if let node = scenario["showsVerticalScrollIndicator"], let v = r.bool(node, "showsVerticalScrollIndicator") {
            screen.showsVerticalScrollIndicator = v
        }
    }

    /// A subview of the scroll view: in its content coordinates, above the rows, under a stuck header.
    static func draw(_ screen: Screen, _ frame: ChromeFrame, into layers: inout ChromeLayers) {
        guard screen.showsVerticalScrollIndicator, let state = frame.state, state.indicatorOpacity > 0,
            let rect = screen.indicatorFrame(u: state.offset, measured: frame.measured)
        else { return }
        layers.scrollView.append(layer(rect.offsetBy(dx: 0, dy: frame.contentOffset), opacity: state.indicatorOpacity, appearance: screen.appearance))
    }

    /// The indicator at `rect` (the scroll view's coordinates), above the content.
    static func layer(_ rect: Rect, opacity: Double, appearance: Appearance) -> Layer {
        let indicator = Layer(name: "scrollIndicator", frame: rect)
        indicator.backgroundColor = appearance == .light ? Color(0, 0, 0, alpha: 0.35) : Color(255, 255, 255, alpha: 0.5)
        indicator.cornerRadius = cornerRadius
        indicator.opacity = opacity
        indicator.zPosition = 100
        return indicator
    }

    public static let width = 3.0
    public static let cornerRadius = 1.5
    /// From the trailing edge, and at both ends of the track.
    public static let inset = 3.0
    public static let minimumLength = 36.0
    /// The shortest it gets while overscrolled.
    public static let overscrollMinimumLength = 8.0
    /// It stays this long after scrolling stops, then fades out over `fadeDuration`.
    public static let fadeDelay = 1.2
    public static let fadeDuration = 0.25

    /// Opacity for the time since the content last moved (0 while moving); nil if it never has.
    public static func opacity(sinceMotion: Double?) -> Double {
        guard let s = sinceMotion else { return 0 }
        if s <= fadeDelay { return 1 }
        return max(0, 1 - (s - fadeDelay) / fadeDuration)
    }

    /// The indicator's rectangle in screen points, or nil when the content does not scroll.
    ///
    /// - Parameters:
    ///   - offset: scroll position from rest (0 at rest; `maxScroll` at the bottom).
    ///   - viewport: the scroll view's height; `contentLength` the content plus its insets.
    ///   - trackTop, trackBottom: the screen band the indicator moves in (safe area), before the insets.
    public static func frame(
        offset: Double, maxScroll: Double, viewport: Double, contentLength: Double,
        trackTop: Double, trackBottom: Double, screenWidth: Double
    ) -> Rect? {
        guard contentLength > viewport, maxScroll > 0 else { return nil }
        let top = trackTop + inset, bottom = trackBottom - inset
        let track = bottom - top
        let natural = max(minimumLength, track * viewport / contentLength)
        let over = offset < 0 ? -offset : max(0, offset - maxScroll)
        let length = max(overscrollMinimumLength, min(natural, track) - over)
        let fraction = min(max(offset / maxScroll, 0), 1)
        let y = top + fraction * (track - length)
        return Rect(x: screenWidth - inset - width, y: y, width: width, height: length)
    }
}

extension Screen {
    /// UIScrollView's showsVerticalScrollIndicator: false hides the indicator.
    public var showsVerticalScrollIndicator: Bool {
        get { chrome[ScrollIndicator.self]?.isShown ?? true }
        set { chrome[ScrollIndicator.self] = ScrollIndicator(isShown: newValue) }
    }

    /// The scroll indicator's rectangle on screen at `u`, in its track, or nil when nothing scrolls.
    /// It follows the reported geometry: with estimated rows its length and position jump as rows
    /// are measured.
    public func indicatorFrame(u: Double, measured: Range<Int>? = nil) -> Rect? {
        let reported = reportedGeometry(u: u, measured: measured)
        let length = reported.contentHeight + insetTop + insetBottom
        // iOS moves the indicator for the safe area (the bars), not for contentInset;
        // scrollIndicatorInsets add to that.
        let trackTop = automaticInsetTop + scrollView.indicatorInsetTop
        let trackBottom = device.size.height - bottomSafeArea - scrollView.indicatorInsetBottom
        return ScrollIndicator.frame(
            offset: reported.contentOffset + insetTop, maxScroll: max(0, length - device.size.height),
            viewport: device.size.height, contentLength: length, trackTop: trackTop,
            trackBottom: trackBottom, screenWidth: device.size.width - device.safeAreaRight)
    }

}

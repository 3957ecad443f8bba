import Raster

/// UIScrollView's vertical scroll indicator (behaviour spec, section 5): geometry and visibility
/// as pure functions of the scroll position and of the time since the content last moved.
public struct ScrollIndicator: Sendable, Equatable {
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
    public static func frame(offset: Double, maxScroll: Double, viewport: Double, contentLength: Double,
                             trackTop: Double, trackBottom: Double, screenWidth: Double) -> Rect? {
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

/// How an image fills a view's bounds (UIView.ContentMode's three scaling modes).
public enum ContentMode: String, Sendable, CaseIterable {
    /// Stretch to the bounds, ignoring the aspect ratio.
    case scaleToFill
    /// The largest size that fits inside the bounds, centred: `s = min(W/w, H/h)`.
    case aspectFit
    /// The smallest size that covers the bounds, centred: `s = max(W/w, H/h)`; overflow is
    /// clipped only when the view clips.
    case aspectFill

    /// Where an image of `imageSize` is drawn for `bounds` (same units as `bounds`).
    public func rect(for imageSize: Size, in bounds: Rect) -> Rect {
        guard imageSize.width > 0, imageSize.height > 0 else { return Rect(origin: bounds.origin, size: .zero) }
        switch self {
        case .scaleToFill:
            return bounds
        case .aspectFit, .aspectFill:
            let sx = bounds.width / imageSize.width, sy = bounds.height / imageSize.height
            let s = self == .aspectFit ? min(sx, sy) : max(sx, sy)
            let w = imageSize.width * s, h = imageSize.height * s
            return Rect(x: bounds.midX - w / 2, y: bounds.midY - h / 2, width: w, height: h)
        }
    }
}

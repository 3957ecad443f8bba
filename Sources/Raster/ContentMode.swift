/// How an image fills a view's bounds: UIView.ContentMode (except `redraw`, which draws nothing
/// different for an image).
public enum ContentMode: String, Sendable, CaseIterable {
    /// Stretch to the bounds, ignoring the aspect ratio.
    case scaleToFill
    /// The largest size that fits inside the bounds, centred: `s = min(W/w, H/h)`.
    case aspectFit
    /// The smallest size that covers the bounds, centred: `s = max(W/w, H/h)`; overflow is
    /// clipped only when the view clips.
    case aspectFill
    /// At its own size (in points), centred or against an edge or a corner; it overflows the
    /// bounds when larger, clipped only when the view clips.
    case center, top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight

    /// UIKit's names (`UIView.ContentMode`'s cases) where they differ from ours, for the same
    /// modes: an image view draws `redraw` as `scaleToFill`.
    public static let uikitNames: [(name: String, mode: ContentMode)] = [
        ("scaleAspectFit", .aspectFit), ("scaleAspectFill", .aspectFill), ("redraw", .scaleToFill),
    ]

    /// Every name a mode may be given by: ours, then UIKit's that differ.
    public static let names = allCases.map(\.rawValue) + uikitNames.map(\.name)

    /// The mode by our name or UIKit's (`aspectFill` or `scaleAspectFill`); nil for any other.
    public init?(named name: String) {
        guard let mode = ContentMode(rawValue: name) ?? ContentMode.uikitNames.first(where: { $0.name == name })?.mode else { return nil }
        self = mode
    }

    /// Where an image of `imageSize` is drawn for `bounds` (same units as `bounds`).
    public func rect(for imageSize: Size, in bounds: Rect) -> Rect {
        guard imageSize.width > 0, imageSize.height > 0 else { return Rect(origin: bounds.origin, size: .zero) }
        let w = imageSize.width, h = imageSize.height
        switch self {
        case .scaleToFill:
            return bounds
        case .aspectFit, .aspectFill:
            let sx = bounds.width / w, sy = bounds.height / h
            let s = self == .aspectFit ? min(sx, sy) : max(sx, sy)
            return Rect(x: bounds.midX - w * s / 2, y: bounds.midY - h * s / 2, width: w * s, height: h * s)
        default:
            let x: Double, y: Double
            switch self {
            case .left, .topLeft, .bottomLeft: x = bounds.minX
            case .right, .topRight, .bottomRight: x = bounds.maxX - w
            default: x = bounds.midX - w / 2
            }
            switch self {
            case .top, .topLeft, .topRight: y = bounds.minY
            case .bottom, .bottomLeft, .bottomRight: y = bounds.maxY - h
            default: y = bounds.midY - h / 2
            }
            return Rect(x: x, y: y, width: w, height: h)
        }
    }
}

import Raster

/// The Twitter-style profile header's formulas (behaviour spec, section 1.3), as pure functions
/// of `u = contentOffset.y + headerHeight` (0 at rest, negative when pulled down).
public struct ProfileHeaderEffect: Sendable, Equatable {
    /// `Hh`, in points.
    public var headerHeight: Double
    /// Where the header sticks: `u` past which it stops moving up and covers the content.
    public var stop: Double
    /// The avatar's side (69 in the source material).
    public var avatarSize: Double
    /// `offset_B_LabelHeader`: the `u` at which the name label starts to slide in (95 in the tutorial).
    public var labelOffset: Double
    /// `distance_W_LabelHeader`: how far it slides (35 in the tutorial).
    public var labelDistance: Double

    public init(
        headerHeight: Double, stop: Double, avatarSize: Double = 69, labelOffset: Double = 95,
        labelDistance: Double = 35
    ) {
        self.headerHeight = headerHeight; self.stop = stop; self.avatarSize = avatarSize
        self.labelOffset = labelOffset; self.labelDistance = labelDistance
    }

    /// `Hh - (navBarHeight + statusBarHeight)` with a navigation bar, else `Hh - 64`.
    public static func stop(headerHeight: Double, statusBarHeight: Double, navigationBarHeight: Double?) -> Double {
        if let navigationBarHeight { return headerHeight - (navigationBarHeight + statusBarHeight) }
        return headerHeight - 64
    }

    /// Pulled down: translate(0, Hh*s/2) then scale(1+s) with `s = -u/Hh`, so the top edge stays
    /// put and the header grows by `-u`. Scrolled up: translate y = max(-stop, -u).
    public func headerTransform(u: Double) -> Transform {
        if u < 0 {
            let s = -u / headerHeight
            return Transform.scale(1 + s, 1 + s).translated(0, headerHeight * s / 2)
        }
        return .translation(0, max(-stop, -u))
    }

    /// `sa = min(stop, u) / size / 1.4`; translate(0, size*sa/2) then scale(1 - sa): the avatar
    /// shrinks about its bottom edge. Identity while pulled down.
    public func avatarTransform(u: Double) -> Transform {
        guard u > 0 else { return .identity }
        let sa = min(stop, u) / avatarSize / 1.4
        return Transform.scale(1 - sa, 1 - sa).translated(0, avatarSize * sa / 2)
    }

    /// 0 (below the table content, the avatar draws over it) while `u <= stop`, then 2.
    public func headerZPosition(u: Double) -> Double { u > stop ? 2 : 0 }

    /// The name label's translation y: `max(-distance, offset - u)`.
    public func labelTranslation(u: Double) -> Double { max(-labelDistance, labelOffset - u) }

    /// The blurred copy's alpha: `clamp((u - offset) / distance, 0, 1)`.
    public func blurAlpha(u: Double) -> Double {
        guard labelDistance > 0 else { return u >= labelOffset ? 1 : 0 }
        return min(max((u - labelOffset) / labelDistance, 0), 1)
    }
}

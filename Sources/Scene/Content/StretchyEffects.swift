import Raster

/// The stretchy table header's formula (behaviour spec, section 1.1): an image view behind a
/// transparent table, pinned to the top of the screen, whose height constraint follows the offset.
public struct StretchyTableHeaderEffect: Sendable, Equatable {
    /// `H`, the clear table-header view's height and the image's height at rest (260 in the article).
    public var height: Double

    public init(height: Double = 260) { self.height = height }

    /// `h = max(0, H - o)` for UIKit's contentOffset.y `o`: taller when pulled down, shorter when
    /// scrolled up, gone once the spacer has scrolled off.
    public func imageHeight(contentOffset o: Double) -> Double { max(0, height - o) }
}

/// The fade rule of a custom navigation view (spec 1.1):
/// `alpha = clamp((o - start) / length, 0, 1)`, with the article's 150 and 62 as defaults.
public struct NavigationFade: Sendable, Equatable {
    public var start: Double
    /// Greater than 0.
    public var length: Double

    public init(start: Double = 150, length: Double = 62) { self.start = start; self.length = length }

    public func alpha(contentOffset o: Double) -> Double { min(max((o - start) / length, 0), 1) }
}

/// The stretchy collection header's formulas (spec 1.2): a custom flow layout that stretches the
/// section header while the content is pulled past its top.
public struct CollectionHeaderEffect: Sendable, Equatable {
    /// The header's reference size: `W x H`.
    public var referenceSize: Size
    /// `T`: the collection view's content inset at the top.
    public var contentInsetTop: Double

    public init(referenceSize: Size, contentInsetTop: Double) {
        self.referenceSize = referenceSize; self.contentInsetTop = contentInsetTop
    }

    /// `minY = -T`: the contentOffset.y at rest.
    public var minY: Double { -contentInsetTop }

    /// How far the content is pulled past its top: `minY - o` when `o < minY`, else 0.
    public func deltaY(contentOffset o: Double) -> Double { max(0, minY - o) }

    /// The header's frame in the collection's content coordinates: `height = H + deltaY` and
    /// `origin.y -= deltaY`, so its top stays pinned at the inset edge and its bottom follows the content.
    public func headerFrame(contentOffset o: Double) -> Rect {
        let d = deltaY(contentOffset: o)
        return Rect(x: 0, y: -d, width: referenceSize.width, height: referenceSize.height + d)
    }
}

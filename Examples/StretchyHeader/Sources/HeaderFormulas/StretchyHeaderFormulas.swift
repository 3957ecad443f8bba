import Foundation

/// A stretchy header's geometry as a function of the scroll view's content offset: the code an
/// app calls from `scrollViewDidScroll`, shared between the iOS target and this Linux test.
///
///     func scrollViewDidScroll(_ scrollView: UIScrollView) {
///         let o = scrollView.contentOffset.y
///         headerImageView.frame = formulas.imageFrame(contentOffsetY: o, width: view.bounds.width)
///         titleLabel.alpha = formulas.titleAlpha(contentOffsetY: o)
///         barBackground.alpha = formulas.barAlpha(contentOffsetY: o)
///     }
///
/// The scroll view is not inset (contentInsetAdjustmentBehavior = .never), so the offset is 0 at rest.
public struct StretchyHeaderFormulas: Sendable {
    /// The header's height at rest.
    public var height: CGFloat
    /// The bar under the status bar: its bottom edge on screen.
    public var barBottom: CGFloat

    public init(height: CGFloat = 280, barBottom: CGFloat = 98) {
        self.height = height
        self.barBottom = barBottom
    }

    /// In the scroll content's coordinates: pulled down, the image grows from the screen's top;
    /// scrolled up, it moves at a third of the content's speed.
    public func imageFrame(contentOffsetY o: CGFloat, width: CGFloat) -> CGRect {
        if o < 0 { return CGRect(x: 0, y: o, width: width, height: height - o) }
        return CGRect(x: 0, y: o / 3, width: width, height: height)
    }

    /// The title over the photo fades out while the photo scrolls away.
    public func titleAlpha(contentOffsetY o: CGFloat) -> CGFloat {
        max(0, min(1, 1 - o / (height - barBottom)))
    }

    /// The bar fades in over the last 40 points before the header is gone under it.
    public func barAlpha(contentOffsetY o: CGFloat) -> CGFloat {
        let gone = height - barBottom
        return max(0, min(1, (o - (gone - 40)) / 40))
    }
}

import Foundation

/// The methods a scroll view's delegate may implement (each optional: the defaults do nothing).
/// A screen's run calls them in UIKit's order as the scenario's gestures move the content.
/// https://developer.apple.com/documentation/uikit/uiscrollviewdelegate
@preconcurrency @MainActor public protocol UIScrollViewDelegate: NSObjectProtocol {
    func scrollViewDidScroll(_ scrollView: UIScrollView)
    func scrollViewWillBeginDragging(_ scrollView: UIScrollView)
    func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>)
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool)
    func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView)
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView)
    func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView)
    func scrollViewShouldScrollToTop(_ scrollView: UIScrollView) -> Bool
    func scrollViewDidScrollToTop(_ scrollView: UIScrollView)
    func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView)
    func scrollViewDidZoom(_ scrollView: UIScrollView)
}

extension UIScrollViewDelegate {
    public func scrollViewDidScroll(_ scrollView: UIScrollView) {}
    public func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {}
    public func scrollViewWillEndDragging(
        _ scrollView: UIScrollView, withVelocity velocity: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>
    ) {}
    public func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {}
    public func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) {}
    public func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {}
    public func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {}
    public func scrollViewShouldScrollToTop(_ scrollView: UIScrollView) -> Bool { true }
    public func scrollViewDidScrollToTop(_ scrollView: UIScrollView) {}
    public func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView) {}
    public func scrollViewDidZoom(_ scrollView: UIScrollView) {}
}

/// A view that scrolls its content: `contentOffset` is its bounds' origin. The scenario's
/// gestures or keyframes move the screen's main scroll view through render-frames' UIScrollView
/// physics; setting `contentOffset` from code moves it at once (both tell the delegate).
/// https://developer.apple.com/documentation/uikit/uiscrollview
@preconcurrency @MainActor open class UIScrollView: UIView {
    /// https://developer.apple.com/documentation/uikit/uiscrollview/contentinsetadjustmentbehavior
    public enum ContentInsetAdjustmentBehavior: Int, Sendable {
        case automatic = 0, scrollableAxes, never, always
    }

    /// https://developer.apple.com/documentation/uikit/uiscrollview/decelerationrate
    public struct DecelerationRate: RawRepresentable, Hashable, Sendable {
        public var rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public static let normal = DecelerationRate(rawValue: 0.998)
        public static let fast = DecelerationRate(rawValue: 0.99)
    }

    /// https://developer.apple.com/documentation/uikit/uiscrollview/indicatorstyle
    public enum IndicatorStyle: Int, Sendable { case `default` = 0, black, white }

    /// https://developer.apple.com/documentation/uikit/uiscrollview/keyboarddismissmode
    public enum KeyboardDismissMode: Int, Sendable { case none = 0, onDrag, interactive }

    open weak var delegate: (any UIScrollViewDelegate)?

    public override init(frame: CGRect) {
        super.init(frame: frame)
        clipsToBounds = true
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        clipsToBounds = true
    }

    /// The point of the content at the view's top left: the bounds' origin. Setting it tells the
    /// delegate (`scrollViewDidScroll`), as UIKit does, also from code.
    /// https://developer.apple.com/documentation/uikit/uiscrollview/1619404-contentoffset
    open var contentOffset: CGPoint {
        get { bounds.origin }
        set {
            guard newValue != bounds.origin, newValue.x.isFinite, newValue.y.isFinite else { return }
            bounds.origin = newValue
            setNeedsLayout()
            delegate?.scrollViewDidScroll(self)
        }
    }

    /// Moves the content; animated, over the next frames (Animation/ScrollAnimation.swift).
    /// https://developer.apple.com/documentation/uikit/uiscrollview/1619400-setcontentoffset
    open func setContentOffset(_ contentOffset: CGPoint, animated: Bool) {
        if animated, UIView.areAnimationsEnabled { return animateContentOffset(to: contentOffset) }
        AnimationClock.current.stopScrolling(self)
        self.contentOffset = contentOffset
    }

    /// https://developer.apple.com/documentation/uikit/uiscrollview/1619399-contentsize
    /// Put above the content, refreshing when pulled (UIRefreshControl.swift).
    /// https://developer.apple.com/documentation/uikit/uiscrollview/2127691-refreshcontrol
    open var refreshControl: UIRefreshControl? {
        didSet {
            guard oldValue !== refreshControl else { return }
            oldValue?.removeFromSuperview()
            if let control = refreshControl { insertSubview(control, at: 0) }
            adjustedInsetMayHaveChanged()
        }
    }

    open var contentSize = CGSize.zero { didSet { if contentSize != oldValue { setNeedsLayout() } } }
    /// https://developer.apple.com/documentation/uikit/uiscrollview/1619406-contentinset
    open var contentInset = UIEdgeInsets.zero {
        didSet { if contentInset != oldValue { adjustedInsetMayHaveChanged() } }
    }
    open var contentInsetAdjustmentBehavior = ContentInsetAdjustmentBehavior.automatic
    open var automaticallyAdjustsScrollIndicatorInsets = true
    open var isScrollEnabled = true
    open var isDirectionalLockEnabled = false
    /// https://developer.apple.com/documentation/uikit/uiscrollview/1619420-bounces
    open var bounces = true
    open var bouncesZoom = true
    open var alwaysBounceVertical = false
    open var alwaysBounceHorizontal = false
    /// https://developer.apple.com/documentation/uikit/uiscrollview/1619432-ispagingenabled
    open var isPagingEnabled = false
    open var showsVerticalScrollIndicator = true
    open var showsHorizontalScrollIndicator = true
    open var indicatorStyle = IndicatorStyle.default
    open var verticalScrollIndicatorInsets = UIEdgeInsets.zero
    open var horizontalScrollIndicatorInsets = UIEdgeInsets.zero
    open var scrollIndicatorInsets: UIEdgeInsets {
        get { verticalScrollIndicatorInsets }
        set { verticalScrollIndicatorInsets = newValue; horizontalScrollIndicatorInsets = newValue }
    }
    open var decelerationRate = DecelerationRate.normal
    open var scrollsToTop = true
    open var keyboardDismissMode = KeyboardDismissMode.none
    open var delaysContentTouches = true
    /// The scroll view's own pan: its state, `translation(in:)` and `velocity(in:)` follow the
    /// scenario's drag of this scroll view (began when the finger lands, changed each frame it
    /// moves, ended at the release with the release's velocity), its targets' actions sent after
    /// the delegate's calls. Its translation counts from where the finger landed.
    /// https://developer.apple.com/documentation/uikit/uiscrollview/pangesturerecognizer
    public private(set) lazy var panGestureRecognizer: UIPanGestureRecognizer = {
        let pan = UIPanGestureRecognizer(target: nil, action: nil)
        pan.view = self
        pan.scrollView = self
        return pan
    }()
    open var canCancelContentTouches = true
    open var minimumZoomScale: CGFloat = 1
    open var maximumZoomScale: CGFloat = 1
    open var zoomScale: CGFloat = 1

    /// A finger is on the content.
    /// https://developer.apple.com/documentation/uikit/uiscrollview/1619401-istracking
    open internal(set) var isTracking = false
    /// The content moves under a finger.
    open internal(set) var isDragging = false
    /// The content coasts after the finger lifted.
    open internal(set) var isDecelerating = false
    open var isZooming: Bool { false }
    open var isZoomBouncing: Bool { false }

    /// `contentInset` plus what the behavior adds from the safe area (the bars, the notch, the
    /// home indicator).
    /// https://developer.apple.com/documentation/uikit/uiscrollview/2902259-adjustedcontentinset
    open var adjustedContentInset: UIEdgeInsets {
        let safe = safeAreaInsetsForAdjustment
        var out = contentInset
        let vertical = contentSize.height > bounds.height - contentInset.top - contentInset.bottom || alwaysBounceVertical
        let horizontal = contentSize.width > bounds.width - contentInset.left - contentInset.right || alwaysBounceHorizontal
        switch contentInsetAdjustmentBehavior {
        case .never:
            break
        case .always:
            out.top += safe.top; out.bottom += safe.bottom; out.left += safe.left; out.right += safe.right
        case .scrollableAxes:
            if vertical || !horizontal { out.top += vertical ? safe.top : 0; out.bottom += vertical ? safe.bottom : 0 }
            if horizontal { out.left += safe.left; out.right += safe.right }
        case .automatic:
            // As .scrollableAxes, but always vertically for a view controller's scroll view
            // (a table view controller's, or one under a navigation bar).
            let vcScroll = owningViewController != nil || superview?.owningViewController != nil
            if vertical || vcScroll { out.top += safe.top; out.bottom += safe.bottom }
            if horizontal { out.left += safe.left; out.right += safe.right }
        }
        out.top += refreshControl?.refreshingInset ?? 0
        return out
    }

    /// The safe area insets as the scroll view's frame meets the screen's (not moved by the
    /// content offset).
    var safeAreaInsetsForAdjustment: UIEdgeInsets {
        let saved = bounds.origin
        guard saved != .zero else { return safeAreaInsets }
        layer.bounds.origin = .zero
        defer { layer.bounds.origin = saved }
        return safeAreaInsets
    }

    private var lastAdjusted: UIEdgeInsets?
    /// Where the scroll view rested at its top when its insets were last checked.
    var restingTop: CGFloat?
    func adjustedInsetMayHaveChanged() {
        let now = adjustedContentInset
        guard now != lastAdjusted else { return }
        lastAdjusted = now
        adjustedContentInsetDidChange()
        delegate?.scrollViewDidChangeAdjustedContentInset(self)
    }

    /// https://developer.apple.com/documentation/uikit/uiscrollview/2902258-adjustedcontentinsetdidchange
    open func adjustedContentInsetDidChange() {}

    /// https://developer.apple.com/documentation/uikit/uiscrollview/1619439-scrollrecttovisible
    open func scrollRectToVisible(_ rect: CGRect, animated: Bool) {
        var o = contentOffset
        if rect.minY < o.y { o.y = rect.minY } else if rect.maxY > o.y + bounds.height { o.y = rect.maxY - bounds.height }
        if rect.minX < o.x { o.x = rect.minX } else if rect.maxX > o.x + bounds.width { o.x = rect.maxX - bounds.width }
        setContentOffset(o, animated: animated)
    }

    open func flashScrollIndicators() {}

    /// Where a released drag comes to rest before the delegate is asked (a collection view's layout adjusts it).
    func releaseTarget(_ proposed: CGPoint, velocity: CGPoint) -> CGPoint { proposed }

    /// Whether a released drag settles on its target as a page does (paging's quick settle, not
    /// a deceleration): when paging, and in a compositional layout's group-paging rows.
    var settlesLikePaging: Bool { isPagingEnabled }

    /// The vertical offsets the content can rest at: from -adjustedContentInset.top to the bottom.
    var verticalRange: ClosedRange<CGFloat> {
        let inset = adjustedContentInset
        let low = -inset.top
        return low...max(low, contentSize.height + inset.bottom - bounds.height)
    }

    /// The horizontal offsets the content can rest at: from -adjustedContentInset.left to the right end.
    var horizontalRange: ClosedRange<CGFloat> {
        let inset = adjustedContentInset
        let low = -inset.left
        return low...max(low, contentSize.width + inset.right - bounds.width)
    }

    /// A sideways touch moves it: scrolling enabled, content wider than the bounds (insets
    /// included) or alwaysBounceHorizontal.
    var scrollsHorizontally: Bool {
        let inset = adjustedContentInset
        return isScrollEnabled && (contentSize.width + inset.left + inset.right > bounds.width || alwaysBounceHorizontal)
    }
}

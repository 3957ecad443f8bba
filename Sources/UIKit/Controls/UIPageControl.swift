import Foundation
internal import Raster
internal import Scene

/// A control that displays a horizontal series of dots, each of which corresponds to a page,
/// drawn as iOS 14 and later draw it: a row of 7 pt dots, 16 pt apart, centred in the bounds;
/// the current page's dot in `currentPageIndicatorTintColor`, the others in
/// `pageIndicatorTintColor`; with `.prominent` a capsule behind them. More pages than fit show
/// the run of dots around the current page (iOS scrolls them; the shrinking of the end dots is
/// not drawn). Custom indicator images are kept and not drawn (said once).
///
/// Apple documents none of these metrics. The 7 pt dot on a 16 pt pitch is the control's
/// long-standing geometry (iOS 6-13: 7 pt dots 9 pt apart), which the iOS 14 redesign keeps; the
/// 26 pt height is what `size(forNumberOfPages:)` reports from iOS 14 on; the default colors
/// (label and tertiaryLabel, white on `.prominent`) follow its light and dark appearance. Not
/// measured against a device here.
/// https://developer.apple.com/documentation/uikit/uipagecontrol
@preconcurrency @MainActor open class UIPageControl: UIControl {
    /// https://developer.apple.com/documentation/uikit/uipagecontrol/backgroundstyle-swift.enum
    public enum BackgroundStyle: Int, Sendable {
        /// A background while interacting (never, here): drawn as `.minimal`.
        case automatic = 0
        /// A full background (a capsule) at all times.
        case prominent
        /// Only the indicators.
        case minimal
    }

    /// https://developer.apple.com/documentation/uikit/uipagecontrol/interactionstate-swift.enum
    public enum InteractionState: Int, Sendable {
        case none = 0, discrete, continuous
    }

    /// https://developer.apple.com/documentation/uikit/uipagecontrol/direction-swift.enum
    public enum Direction: Int, Sendable {
        case natural = 0, leftToRight, rightToLeft, topToBottom, bottomToTop
    }

    /// The diameter of a dot, in points.
    static let dotDiameter: CGFloat = 7
    /// From one dot's centre to the next, in points.
    static let dotPitch: CGFloat = 16
    /// The control's height, in points.
    static let height: CGFloat = 26
    /// Between the control's edge and the first dot's slot, in points (room for the prominent capsule's ends).
    static let sidePadding: CGFloat = 8

    /// https://developer.apple.com/documentation/uikit/uipagecontrol/numberofpages
    open var numberOfPages = 0 {
        didSet {
            numberOfPages = max(0, numberOfPages)
            currentPage = min(currentPage, max(numberOfPages - 1, 0))
            invalidateIntrinsicContentSize()
        }
    }
    /// Pinned to 0...numberOfPages - 1.
    /// https://developer.apple.com/documentation/uikit/uipagecontrol/currentpage
    open var currentPage = 0 {
        didSet { currentPage = min(max(currentPage, 0), max(numberOfPages - 1, 0)) }
    }
    /// https://developer.apple.com/documentation/uikit/uipagecontrol/hidesforsinglepage
    open var hidesForSinglePage = false
    /// https://developer.apple.com/documentation/uikit/uipagecontrol/pageindicatortintcolor
    open var pageIndicatorTintColor: UIColor?
    /// https://developer.apple.com/documentation/uikit/uipagecontrol/currentpageindicatortintcolor
    open var currentPageIndicatorTintColor: UIColor?
    /// https://developer.apple.com/documentation/uikit/uipagecontrol/backgroundstyle-swift.property
    open var backgroundStyle = BackgroundStyle.automatic
    /// https://developer.apple.com/documentation/uikit/uipagecontrol/interactionstate-swift.property
    open private(set) var interactionState = InteractionState.none
    /// https://developer.apple.com/documentation/uikit/uipagecontrol/allowscontinuousinteraction
    open var allowsContinuousInteraction = true
    /// https://developer.apple.com/documentation/uikit/uipagecontrol/direction-swift.property
    open var direction = Direction.natural
    /// https://developer.apple.com/documentation/uikit/uipagecontrol/defersCurrentPageDisplay
    open var defersCurrentPageDisplay = false
    /// https://developer.apple.com/documentation/uikit/uipagecontrol/preferredindicatorimage
    open var preferredIndicatorImage: UIImage? { didSet { imagesNotDrawn(preferredIndicatorImage) } }
    /// https://developer.apple.com/documentation/uikit/uipagecontrol/preferredcurrentpageindicatorimage
    open var preferredCurrentPageIndicatorImage: UIImage? { didSet { imagesNotDrawn(preferredCurrentPageIndicatorImage) } }
    private var indicatorImages: [Int: UIImage] = [:]
    private var currentIndicatorImages: [Int: UIImage] = [:]

    public override init(frame: CGRect) { super.init(frame: frame) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// https://developer.apple.com/documentation/uikit/uipagecontrol/indicatorimage(forpage:)
    open func indicatorImage(forPage page: Int) -> UIImage? { indicatorImages[page] }
    /// https://developer.apple.com/documentation/uikit/uipagecontrol/setindicatorimage(_:forpage:)
    open func setIndicatorImage(_ image: UIImage?, forPage page: Int) {
        indicatorImages[page] = image
        imagesNotDrawn(image)
    }
    /// https://developer.apple.com/documentation/uikit/uipagecontrol/currentpageindicatorimage(forpage:)
    open func currentPageIndicatorImage(forPage page: Int) -> UIImage? { currentIndicatorImages[page] }
    /// https://developer.apple.com/documentation/uikit/uipagecontrol/setcurrentpageindicatorimage(_:forpage:)
    open func setCurrentPageIndicatorImage(_ image: UIImage?, forPage page: Int) {
        currentIndicatorImages[page] = image
        imagesNotDrawn(image)
    }
    /// https://developer.apple.com/documentation/uikit/uipagecontrol/updatecurrentpagedisplay()
    open func updateCurrentPageDisplay() {}

    private func imagesNotDrawn(_ image: UIImage?) {
        guard image != nil else { return }
        Diagnostics.once("UIPageControl images", "\(describe): custom indicator images are not drawn; the page control draws its dots")
    }

    /// The size the dots of `pageCount` pages take: 16 pt a page plus 8 pt each side, 26 pt tall.
    /// https://developer.apple.com/documentation/uikit/uipagecontrol/size(fornumberofpages:)
    open func size(forNumberOfPages pageCount: Int) -> CGSize {
        CGSize(width: CGFloat(max(pageCount, 0)) * Self.dotPitch + 2 * Self.sidePadding, height: Self.height)
    }

    open override var intrinsicContentSize: CGSize { size(forNumberOfPages: numberOfPages) }
    open override func sizeThatFits(_ size: CGSize) -> CGSize { self.size(forNumberOfPages: numberOfPages) }

    /// The dots shown in `width`: the pages' range (all of them, or the run around the current
    /// page when they do not fit).
    func visiblePages(width: CGFloat) -> Range<Int> {
        let fits = max(1, Int(((width - 2 * Self.sidePadding) / Self.dotPitch).rounded(.down)))
        guard numberOfPages > fits else { return 0..<numberOfPages }
        let first = min(max(currentPage - fits / 2, 0), numberOfPages - fits)
        return first..<(first + fits)
    }

    /// The dots' centres in the control's bounds, for `visiblePages`, in page order (right to
    /// left for `.rightToLeft`; vertical directions are drawn as left to right, said once).
    func dotCenters() -> [(page: Int, center: CGPoint)] {
        let pages = visiblePages(width: bounds.width)
        let rowWidth = CGFloat(pages.count) * Self.dotPitch
        let startX = bounds.midX - rowWidth / 2 + Self.dotPitch / 2
        return pages.enumerated().map { i, page in
            let slot = direction == .rightToLeft ? pages.count - 1 - i : i
            return (page, CGPoint(x: startX + CGFloat(slot) * Self.dotPitch, y: bounds.midY))
        }
    }

    /// The dots' colors under `traits`: the current page's and the others'.
    func dotColors(_ traits: UITraitCollection) -> (current: Color, other: Color) {
        let prominent = backgroundStyle == .prominent
        let current = currentPageIndicatorTintColor ?? (prominent ? .white : .label)
        let other = pageIndicatorTintColor ?? (prominent ? UIColor.white.withAlphaComponent(0.5) : .tertiaryLabel)
        return (current.color(traits), other.color(traits))
    }

    override func decorate(_ layer: Layer, _ traits: UITraitCollection) {
        guard numberOfPages > 0, !(hidesForSinglePage && numberOfPages == 1) else { return }
        if direction == .topToBottom || direction == .bottomToTop {
            Diagnostics.once("UIPageControl vertical", "\(describe): a vertical page control is drawn horizontally")
        }
        let dots = dotCenters()
        if backgroundStyle == .prominent, let first = dots.first, let last = dots.last {
            // A capsule around the row, as iOS draws the prominent background.
            let minX = min(first.center.x, last.center.x) - Self.dotPitch / 2 - Self.sidePadding / 2
            let maxX = max(first.center.x, last.center.x) + Self.dotPitch / 2 + Self.sidePadding / 2
            let capsule = Layer(
                name: "",
                frame: Rect(x: Double(minX), y: Double(bounds.midY - Self.height / 2), width: Double(maxX - minX), height: Double(Self.height)))
            capsule.backgroundColor = UIColor(white: 0, alpha: 0.25).color(traits)
            capsule.cornerRadius = Double(Self.height / 2)
            layer.addSublayer(capsule)
        }
        let colors = dotColors(traits)
        let r = Double(Self.dotDiameter) / 2
        for (page, c) in dots {
            let dot = Layer(name: "", frame: Rect(x: Double(c.x) - r, y: Double(c.y) - r, width: 2 * r, height: 2 * r))
            dot.backgroundColor = page == currentPage ? colors.current : colors.other
            dot.cornerRadius = r
            layer.addSublayer(dot)
        }
    }
}

import Foundation
internal import Scene

/// Pull to refresh: a spinner above a scroll view's content, revealed as the content is pulled
/// down. As the pull grows from 0 to 120 pt past the content's rest, the spinner's eight ticks
/// appear one by one clockwise from the top; at 120 pt, while the finger is still down, it begins
/// refreshing and sends `.valueChanged` and `.primaryActionTriggered` (once per refresh), as iOS does. While refreshing, the
/// scroll view's `adjustedContentInset.top` grows by the control's height (60 pt, 80 with an
/// `attributedTitle`), so released content comes back to rest below the spinner; `endRefreshing()`
/// takes the inset away and content resting there goes back to its rest. The control is as wide
/// as the scroll view and sits just above the content, at the top of the revealed gap once that is
/// taller than the control. The spinner is the medium activity indicator in `tintColor` (unset:
/// `secondaryLabel`), not spinning; the springs of the stops are not animated (the content stops
/// where it rests).
/// https://developer.apple.com/documentation/uikit/uirefreshcontrol
@preconcurrency @MainActor open class UIRefreshControl: UIControl {
    /// The pull past the content's rest at which refreshing begins, in points.
    public static let triggerDistance: CGFloat = 120

    /// https://developer.apple.com/documentation/uikit/uirefreshcontrol/1624861-isrefreshing
    open private(set) var isRefreshing = false
    /// Drawn under the spinner, centred (its own attributes; `secondaryLabel` at 13 pt where it has none).
    /// https://developer.apple.com/documentation/uikit/uirefreshcontrol/1624860-attributedtitle
    open var attributedTitle: NSAttributedString? { didSet { setNeedsLayout() } }

    private let spinner = UIActivityIndicatorView(style: .medium)
    private let titleLabel = UILabel()
    /// A pull crossed the trigger distance and has not been released below it yet.
    private var triggeredByPull = false
    /// The refresh going on was begun from code with the content at rest, which moved to its
    /// refreshing rest.
    private var movedTheRest = false

    /// `UIRefreshControl()` makes one: the scroll view gives it its frame.
    /// https://developer.apple.com/documentation/uikit/uirefreshcontrol/1624845-init
    public override init(frame: CGRect) {
        super.init(frame: frame)
        spinner.hidesWhenStopped = false
        addSubview(spinner)
        titleLabel.textAlignment = .center
        addSubview(titleLabel)
    }

    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// The control's height: 60 pt, 80 with a title.
    var height: CGFloat { attributedTitle?.length ?? 0 > 0 ? 80 : 60 }

    /// What refreshing adds to the scroll view's top inset.
    var refreshingInset: CGFloat { isRefreshing ? height : 0 }
    /// What refreshing adds to the inset the scroll's motion leaves out: a pull's refresh (the
    /// finger that pulled goes on from the content's own rest) adds it; a refresh begun from code
    /// with the content at rest moved the rest, and a drag then starts from the refreshing rest.
    var pullRefreshingInset: CGFloat { movedTheRest ? 0 : refreshingInset }

    private var scrollView: UIScrollView? { superview as? UIScrollView }

    /// Starts refreshing (no `.valueChanged`: that is the user's pull), as when you begin a
    /// refresh from code. Content resting at its top moves down to its refreshing rest, so the
    /// spinner shows under the bars. Before the control is on screen (in `viewDidLoad`), iOS 17
    /// and later ignore it and say so; so does this.
    /// https://developer.apple.com/documentation/uikit/uirefreshcontrol/1624842-beginrefreshing
    open func beginRefreshing() {
        guard !isRefreshing else { return }
        guard window != nil else {
            Diagnostics.once(
                "offscreen beginRefreshing",
                "A UIRefreshControl received offscreen beginRefreshing. Ignored. (UIKit's words: begin refreshing once the control is on screen, "
                    + "in viewIsAppearing or later)")
            return
        }
        // At rest: resting at its top, or not yet placed there (the screen's first layout puts it at its rest).
        let atRest = scrollView.map { s in
            !s.isTracking && (s.restingTop == nil || abs(s.contentOffset.y + s.adjustedContentInset.top) < 0.001)
        } ?? false
        movedTheRest = atRest
        isRefreshing = true
        changedRefreshing()
        if atRest, let s = scrollView { s.contentOffset.y = -s.adjustedContentInset.top }
    }

    /// https://developer.apple.com/documentation/uikit/uirefreshcontrol/1624848-endrefreshing
    open func endRefreshing() {
        guard isRefreshing else { return }
        isRefreshing = false
        changedRefreshing()
    }

    private func changedRefreshing() {
        setNeedsLayout()
        scrollView?.adjustedInsetMayHaveChanged()
        scrollView?.setNeedsLayout()
    }

    /// The pull past the content's rest (0 at rest), with the inset refreshing adds left out.
    private func pull(in s: UIScrollView) -> CGFloat {
        let restTop = s.adjustedContentInset.top - refreshingInset
        return max(0, -(s.contentOffset.y + restTop))
    }

    override func prepareForLayoutPass() {
        guard let s = scrollView else { return }
        let g = pull(in: s)
        if s.isTracking, !isRefreshing, !triggeredByPull, g >= UIRefreshControl.triggerDistance {
            triggeredByPull = true
            movedTheRest = false
            isRefreshing = true
            changedRefreshing()
            // The refresh control's primary action is the refresh (`init(frame:primaryAction:)`):
            // one call for a registration of either event.
            sendActions(for: [.valueChanged, .primaryActionTriggered])
        }
        if !s.isTracking, g < UIRefreshControl.triggerDistance { triggeredByPull = false }
        let h = height
        let frame = CGRect(x: 0, y: min(-h, -g), width: s.bounds.width, height: h)
        if self.frame != frame { self.frame = frame }
        setNeedsLayout()
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let g = scrollView.map(pull(in:)) ?? 0
        let ticks = isRefreshing ? 8 : min(8, Int((8 * g / UIRefreshControl.triggerDistance).rounded(.down)))
        spinner.pulledSpokes = isRefreshing ? nil : ticks
        spinner.color = ownTintOrNil ?? .secondaryLabel
        spinner.isHidden = ticks == 0 && !isRefreshing
        let hasTitle = attributedTitle?.length ?? 0 > 0
        spinner.center = CGPoint(x: bounds.midX, y: hasTitle ? 25 : bounds.midY)
        if let title = attributedTitle, hasTitle {
            let styled = NSMutableAttributedString(attributedString: title)
            let whole = NSRange(location: 0, length: styled.length)
            if title.attribute(.font, at: 0, effectiveRange: nil) == nil { styled.addAttribute(.font, value: UIFont.systemFont(ofSize: 13), range: whole) }
            if title.attribute(.foregroundColor, at: 0, effectiveRange: nil) == nil {
                styled.addAttribute(.foregroundColor, value: UIColor.secondaryLabel, range: whole)
            }
            titleLabel.attributedText = styled
            titleLabel.isHidden = spinner.isHidden
            let size = titleLabel.intrinsicContentSize
            titleLabel.frame = CGRect(x: 0, y: 47, width: bounds.width, height: size.height)
        } else {
            titleLabel.isHidden = true
        }
    }
}

extension UITableViewController {
    /// The table view's refresh control.
    /// https://developer.apple.com/documentation/uikit/uitableviewcontroller/1614743-refreshcontrol
    public var refreshControl: UIRefreshControl? {
        get { tableView.refreshControl }
        set { tableView.refreshControl = newValue }
    }
}

import Foundation
internal import Scene

/// A stack of view controllers under a navigation bar: the top one's view fills the controller's
/// view (under the bar, as `edgesForExtendedLayout` .all has it), the bar shows its navigation
/// item and a back button for a pushed one. An animated push or pop on screen slides (the
/// pushed view from the right edge, the one beneath by a third under a dimming) with the bar's
/// titles and items (NavigationBarTransition.swift). The bar's bottom at rest is the top of the safe area of the
/// controllers in the stack, so their scroll views rest under it.
/// https://developer.apple.com/documentation/uikit/uinavigationcontroller
@preconcurrency @MainActor open class UINavigationController: UIViewController {
    /// https://developer.apple.com/documentation/uikit/uinavigationcontroller/1621876-navigationbar
    public let navigationBar: UINavigationBar

    /// https://developer.apple.com/documentation/uikit/uinavigationcontroller/1621873-init
    public init(rootViewController: UIViewController) {
        navigationBar = UINavigationBar()
        super.init(nibName: nil, bundle: nil)
        navigationBar.controller = self
        setViewControllers([rootViewController], animated: false)
    }

    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        navigationBar = UINavigationBar()
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
        navigationBar.controller = self
    }

    public required init?(coder: NSCoder) {
        navigationBar = UINavigationBar()
        super.init(coder: coder)
        navigationBar.controller = self
    }

    /// Bottom to top.
    /// https://developer.apple.com/documentation/uikit/uinavigationcontroller/1621873-viewcontrollers
    open var viewControllers: [UIViewController] {
        get { stack }
        set { setViewControllers(newValue, animated: false) }
    }
    private var stack: [UIViewController] = []
    /// The controllers of the push or pop sliding (from, to), while it does.
    private var sliding: (from: UIViewController, to: UIViewController)?
    /// The leaving controller's safe area top while it slides: the bar's rest for the stack it was
    /// top of, so its layout (a table under a large title) stays as it was, as on iOS.
    private var heldTop: (controller: UIViewController, top: CGFloat)?
    /// How long a push or pop slides, in seconds (assumed: Apple publishes no figure).
    static let slideDuration = 0.35
    /// The black over the controller beneath at the end of a push (assumed).
    static let dimming: CGFloat = 0.1

    /// The delegate: told when a controller is about to show and when it shows (after its
    /// `viewWillAppear`, and after its `viewDidAppear`).
    /// https://developer.apple.com/documentation/uikit/uinavigationcontroller/delegate
    open weak var delegate: (any UINavigationControllerDelegate)?

    /// https://developer.apple.com/documentation/uikit/uinavigationcontroller/1621866-topviewcontroller
    open var topViewController: UIViewController? { stack.last }
    /// https://developer.apple.com/documentation/uikit/uinavigationcontroller/1621850-visibleviewcontroller
    open var visibleViewController: UIViewController? { stack.last }

    /// https://developer.apple.com/documentation/uikit/uinavigationcontroller/1621861-setviewcontrollers
    open func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) {
        let oldTop = stack.last, before = stack
        for vc in stack where !viewControllers.contains(where: { $0 === vc }) { vc.removeFromParent() }
        for vc in viewControllers where vc.parent !== self { addChild(vc); vc.didMove(toParent: self) }
        stack = viewControllers
        if oldTop !== stack.last { show(from: oldTop, before: before, animated: animated, push: oldTop.map { o in stack.contains { $0 === o } } ?? true) }
        navigationBar.changedItems()
    }

    /// https://developer.apple.com/documentation/uikit/uinavigationcontroller/1621887-pushviewcontroller
    open func pushViewController(_ viewController: UIViewController, animated: Bool) {
        guard !stack.contains(where: { $0 === viewController }) else { return }
        setViewControllers(stack + [viewController], animated: animated)
    }

    /// https://developer.apple.com/documentation/uikit/uinavigationcontroller/1621886-popviewcontroller
    @discardableResult
    open func popViewController(animated: Bool) -> UIViewController? {
        guard stack.count > 1, let top = stack.last else { return nil }
        setViewControllers(Array(stack.dropLast()), animated: animated)
        return top
    }

    /// https://developer.apple.com/documentation/uikit/uinavigationcontroller/1621855-poptorootviewcontroller
    @discardableResult
    open func popToRootViewController(animated: Bool) -> [UIViewController]? {
        guard stack.count > 1 else { return nil }
        let popped = Array(stack.dropFirst())
        setViewControllers([stack[0]], animated: animated)
        return popped
    }

    /// https://developer.apple.com/documentation/uikit/uinavigationcontroller/1621871-poptoviewcontroller
    @discardableResult
    open func popToViewController(_ viewController: UIViewController, animated: Bool) -> [UIViewController]? {
        guard let i = stack.firstIndex(where: { $0 === viewController }) else { return nil }
        let popped = Array(stack[(i + 1)...])
        setViewControllers(Array(stack[...i]), animated: animated)
        return popped
    }

    /// https://developer.apple.com/documentation/uikit/uinavigationcontroller/1621850-isnavigationbarhidden
    open var isNavigationBarHidden: Bool {
        get { barSlide?.hidden ?? navigationBar.isHidden }
        set { setNavigationBarHidden(newValue, animated: false) }
    }

    /// The duration of `setNavigationBarHidden(_:animated: true)`. Apple documents the constant
    /// without its value; 0.2 s is the value UIKit's reimplementations give it (not measured).
    /// https://developer.apple.com/documentation/uikit/uinavigationcontroller/hideshowbarduration
    public class var hideShowBarDuration: CGFloat { 0.2 }

    /// The bar sliding away or back (`setNavigationBarHidden(_:animated: true)`): where it goes,
    /// how much of it showed when the slide began (1 all, 0 none), when, and the bar's own transform.
    private struct BarSlide {
        let hidden: Bool
        let from: CGFloat
        let begin: Double
        let own: CGAffineTransform
    }
    private var barSlide: BarSlide?

    /// How much of the bar shows at `time` during a slide (eased in and out), nil without one.
    private func barShown(at time: Double) -> CGFloat? {
        guard let slide = barSlide else { return nil }
        let p = CubicCurve.easeInOut.value(at: min(1, max(0, (time - slide.begin) / Double(Self.hideShowBarDuration))))
        return slide.from + ((slide.hidden ? 0 : 1) - slide.from) * CGFloat(p)
    }

    /// Animated, on screen: the bar slides up off the screen (hiding) or down from there (showing)
    /// over `hideShowBarDuration` on ease in and out, and the top of the safe area of the
    /// controllers under it moves on the same curve, frame by frame, so what is laid out
    /// against it (and a scroll view's content at rest) moves with the bar; a hidden bar is
    /// hidden at the end. A second call slides on from where the bar stands. Not animated, off
    /// screen, or during a push or pop (said once), the change is made at once.
    /// https://developer.apple.com/documentation/uikit/uinavigationcontroller/1621885-setnavigationbarhidden
    open func setNavigationBarHidden(_ hidden: Bool, animated: Bool) {
        let bar = navigationBar
        let now = ScreenEnvironment.time
        let shown = barShown(at: now) ?? (isNavigationBarHidden ? 0 : 1)
        let own = barSlide?.own ?? bar.transform
        if animated, runningTransition != nil, hidden != isNavigationBarHidden {
            Diagnostics.once(
                "bar hidden in a transition",
                "UINavigationController: setNavigationBarHidden(_:animated: true) during a push or pop is drawn at once (UIKit moves the bar with the slide)")
        }
        guard animated, hidden != isNavigationBarHidden, UIView.areAnimationsEnabled, !AnimationCapture.withoutAnimation,
            runningTransition == nil, ScreenRun.current != nil, viewIfLoaded?.window != nil
        else {
            if barSlide != nil { UIView.performWithoutAnimation { bar.transform = own } }
            barSlide = nil
            bar.isHidden = hidden
            relayOutUnderBar()
            return
        }
        barSlide = BarSlide(hidden: hidden, from: shown, begin: now, own: own)
        bar.isHidden = false
        advanceBarSlide()
    }

    /// The slide at the frame's time: the bar's place, the safe area under it; at the end, the bar
    /// hidden or shown with its own transform. Each layout pass of the container calls it.
    private func advanceBarSlide() {
        guard let slide = barSlide, let shown = barShown(at: ScreenEnvironment.time) else { return }
        let bar = navigationBar
        let ended = ScreenEnvironment.time >= slide.begin + Double(Self.hideShowBarDuration) - 1e-9
        UIView.performWithoutAnimation {
            // Off the screen: up by the bar's bottom (its background under the status bar goes too).
            let away = bar.barFrame(u: bar.u, traits: traitCollection).maxY
            bar.transform = ended ? slide.own : slide.own.concatenating(CGAffineTransform(translationX: 0, y: -away * (1 - shown)))
        }
        if ended {
            barSlide = nil
            bar.isHidden = slide.hidden
        }
        relayOutUnderBar()
    }

    private func relayOutUnderBar() {
        viewIfLoaded?.setNeedsLayout()
        topViewController?.viewIfLoaded?.setNeedsLayout()
    }

    /// The toolbar is not drawn (said once when shown).
    open var isToolbarHidden = true {
        didSet { if !isToolbarHidden { Diagnostics.once("navigation toolbar", "UINavigationController: the toolbar is not drawn") } }
    }
    open func setToolbarHidden(_ hidden: Bool, animated: Bool) { isToolbarHidden = hidden }
    /// Its own when set, else its root controller's (the tab a navigation controller shows).
    open override var tabBarItem: UITabBarItem! {
        get { ownTabBarItem ?? stack.first?.tabBarItem ?? super.tabBarItem }
        set { ownTabBarItem = newValue }
    }
    private var ownTabBarItem: UITabBarItem?

    /// Kept; the bars are not hidden by a swipe here (said once when set).
    /// https://developer.apple.com/documentation/uikit/uinavigationcontroller/hidesbarsonswipe
    open var hidesBarsOnSwipe = false {
        didSet { if hidesBarsOnSwipe { Diagnostics.once("hidesBarsOnSwipe", "UINavigationController.hidesBarsOnSwipe: a swipe does not hide the bar here") } }
    }
    /// Kept; the bars are not hidden by a tap here (said once when set).
    /// https://developer.apple.com/documentation/uikit/uinavigationcontroller/hidesbarsontap
    open var hidesBarsOnTap = false {
        didSet { if hidesBarsOnTap { Diagnostics.once("hidesBarsOnTap", "UINavigationController.hidesBarsOnTap: a tap does not hide the bar here") } }
    }

    open override func loadView() {
        let v = ContainerView(frame: UIScreen.main.bounds)
        v.layout = { [weak self] in self?.layoutContainer() }
        v.prepare = { [weak self] in self?.advanceBarSlide() }
        v.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view = v
        v.addGestureRecognizer(interactivePop)
        v.addSubview(navigationBar)
        // The bar has its frame before the top controller's view loads, as in UIKit: a header
        // placed from `navigationBar.frame` in viewDidLoad finds it under the status bar.
        navigationBar.place(navigationBar.barFrame(u: 0, traits: traitCollection))
        if let top = stack.last { place(top) }
    }

    /// Puts the top controller's view under the bar; the one it replaces leaves (with the
    /// appearance calls when the controller is on screen). Animated on screen, the push's slide:
    /// `slide(from:push:)`.
    private func show(from old: UIViewController?, before: [UIViewController] = [], animated: Bool = false, push: Bool = true) {
        guard isViewLoaded else { return }
        let onScreen = view.window != nil
        if onScreen, animated, let old, old.viewIfLoaded?.superview === view, let top = stack.last {
            slide(from: old, to: top, before: before, push: push)
            return
        }
        guard let top = stack.last else {
            if onScreen { old?.send(.willDisappear) }
            if let old, old.viewIfLoaded?.superview === view { old.view.removeFromSuperview() }
            if onScreen { old?.send(.didDisappear) }
            return
        }
        let coordinator = onScreen ? begin(from: old ?? top, to: top, animated: false) : nil
        if onScreen { old?.send(.willDisappear) }
        if let old, old.viewIfLoaded?.superview === view { old.view.removeFromSuperview() }
        if onScreen { top.sendWillAppear() }
        if onScreen { delegate?.navigationController(self, willShow: top, animated: false) }
        coordinator?.start()
        place(top)
        if let coordinator {
            view.layoutIfNeeded()
            end(coordinator)
            old?.send(.didDisappear)
            top.sendDidAppear()
            delegate?.navigationController(self, didShow: top, animated: false)
        }
    }

    /// A push or pop's coordinator, handed out by the controllers in it (and this one) until it ends.
    private func begin(from old: UIViewController, to top: UIViewController, animated: Bool) -> TransitionCoordinator {
        let c = TransitionCoordinator(
            from: old, to: top, fromView: old.viewIfLoaded, toView: top.view, container: view, style: .fullScreen, animated: animated,
            duration: UINavigationController.slideDuration)
        for vc in [self, old, top] { vc.runningTransition = c }
        return c
    }

    /// The coordinator's completions run; the controllers no longer hand it out.
    private func end(_ c: TransitionCoordinator) {
        for key in [UITransitionContextViewControllerKey.from, .to] { c.viewController(forKey: key)?.runningTransition = nil }
        runningTransition = nil
        c.finish()
    }

    /// The push and pop's slide, on the frame clock: the pushed view comes in from the right edge
    /// over the one beneath, which moves left by a third of the width under a black dimming going
    /// to `dimming`; a pop plays it backwards. `viewWillDisappear`/`viewWillAppear` are called at
    /// the start, `viewDidDisappear`/`viewDidAppear` at the end, as UIKit calls them.
    /// Apple publishes neither the duration nor the curve: `slideDuration` and ease in and out
    /// are assumed (docs/uikit-animation.md).
    private func slide(from old: UIViewController, to top: UIViewController, before: [UIViewController], push: Bool) {
        let (coordinator, under, over, dim) = prepareSlide(from: old, to: top, before: before, push: push)
        let width = view.bounds.width
        let outgoing: UIView = old.view
        coordinator.start()
        UIView.animate(
            withDuration: UINavigationController.slideDuration, delay: 0, options: [.curveEaseInOut],
            animations: {
                under.frame.origin.x = push ? -width / 3 : 0
                over.frame.origin.x = push ? 0 : width
                dim.alpha = push ? UINavigationController.dimming : 0
            },
            completion: { [weak self] _ in
                dim.removeFromSuperview()
                outgoing.removeFromSuperview()
                outgoing.frame.origin.x = 0
                self?.sliding = nil
                self?.heldTop = nil
                self?.navigationBar.transition = nil
                self?.end(coordinator)
                old.send(.didDisappear, animated: true)
                top.send(.didAppear, animated: true)
                if let self { self.delegate?.navigationController(self, didShow: top, animated: true) }
            })
    }

    /// The slide's start: the coordinator, `viewWillDisappear`/`viewWillAppear` (and the
    /// delegate's `willShow`), the bar's transition, the incoming view in place with the one
    /// beneath and the dimming between them at the start of the slide. Returns the coordinator,
    /// the view beneath, the one over it and the dimming.
    private func prepareSlide(
        from old: UIViewController, to top: UIViewController, before: [UIViewController], push: Bool, interactive: Bool = false
    ) -> (TransitionCoordinator, UIView, UIView, UIView) {
        let coordinator = begin(from: old, to: top, animated: true)
        if interactive { coordinator.startInteractive() }
        old.send(.willDisappear, animated: true)
        top.send(.willAppear, animated: true)
        delegate?.navigationController(self, willShow: top, animated: true)
        let width = view.bounds.width
        heldTop = (old, navigationBar.restBottom(for: before))
        let oldScroll = ScreenRun.mainScrollView(in: old.view)
        navigationBar.transition = NavigationBarTransition(
            from: before, fromU: oldScroll.map { Double($0.contentOffset.y + $0.adjustedContentInset.top) } ?? 0, push: push,
            begin: ScreenEnvironment.time, duration: UINavigationController.slideDuration)
        let incoming: UIView = top.view, outgoing: UIView = old.view
        let under = push ? outgoing : incoming
        let over = push ? incoming : outgoing
        let dim = UIView(frame: view.bounds)
        dim.backgroundColor = .black
        dim.isUserInteractionEnabled = false
        sliding = (old, top)
        UIView.performWithoutAnimation {
            incoming.frame = view.bounds
            incoming.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            if push {
                view.insertSubview(incoming, belowSubview: navigationBar)
            } else {
                view.insertSubview(incoming, belowSubview: outgoing)
            }
            view.insertSubview(dim, aboveSubview: under)
            under.frame.origin.x = push ? 0 : -width / 3
            over.frame.origin.x = push ? width : 0
            dim.alpha = push ? 0 : UINavigationController.dimming
            view.layoutIfNeeded()
        }
        return (coordinator, under, over, dim)
    }

    // MARK: The interactive pop

    /// The recognizer of the swipe from the left edge that pops the top controller, the finger
    /// moving the pop: a `UIScreenEdgePanGestureRecognizer` (`edges` `.left`) on this controller's
    /// view, beginning when there is a controller to go back to and no push or pop is under way.
    /// https://developer.apple.com/documentation/uikit/uinavigationcontroller/1621847-interactivepopgesturerecognizer
    open var interactivePopGestureRecognizer: UIGestureRecognizer? { interactivePop }
    private lazy var interactivePop: UIScreenEdgePanGestureRecognizer = {
        let g = UIScreenEdgePanGestureRecognizer()
        g.edges = .left
        g.builtIn = (
            mayBegin: { [weak self] in
                guard let self, self.interactive == nil, self.sliding == nil, self.stack.count > 1 else { return false }
                return self.view.window != nil && self.presentedStorage == nil
            },
            action: { [weak self, weak g] in if let self, let g { self.interactivePopChanged(g) } }
        )
        return g
    }()

    /// The pop the finger drives: its coordinator, the stack before it, the views that move.
    private var interactive: (coordinator: TransitionCoordinator, before: [UIViewController], under: UIView, over: UIView, dim: UIView)?

    /// The part of the width past which a pop let go completes, and the speed (points per second,
    /// rightward) at which it completes wherever it is let go. Apple publishes neither: half the
    /// width and 500 points a second are assumed.
    static let popCompletionFraction: CGFloat = 0.5
    static let popCompletionVelocity: CGFloat = 500

    private func interactivePopChanged(_ g: UIScreenEdgePanGestureRecognizer) {
        switch g.state {
        case .began:
            beginInteractivePop()
            follow(g)
        case .changed:
            follow(g)
        case .ended:
            let fraction = follow(g)
            let fast = g.velocity(in: view).x > Self.popCompletionVelocity
            releaseInteractivePop(at: fraction, completing: fraction > Self.popCompletionFraction || fast)
        case .cancelled, .failed:
            releaseInteractivePop(at: follow(g), completing: false)
        default:
            break
        }
    }

    /// The pop begins as an animated pop does (the top's `viewWillDisappear`, the lower one's
    /// `viewWillAppear`, the bar's transition), the stack already without the top, held at 0.
    private func beginInteractivePop() {
        guard interactive == nil, stack.count > 1, let old = stack.last, old.viewIfLoaded?.superview === view else { return }
        let before = stack
        stack.removeLast()
        navigationBar.changedItems()
        let lower = stack[stack.count - 1]
        let (coordinator, under, over, dim) = prepareSlide(from: old, to: lower, before: before, push: false, interactive: true)
        navigationBar.transition?.held = 0
        interactive = (coordinator, before, under, over, dim)
    }

    /// The top view at the finger's x (its translation from where it landed), the view beneath
    /// at its parallax, the dimming and the bar at the same part of the pop. Returns that part.
    @discardableResult
    private func follow(_ g: UIScreenEdgePanGestureRecognizer) -> CGFloat {
        guard let pop = interactive, pop.coordinator.isInteractive else { return 0 }
        let width = view.bounds.width
        let f = width > 0 ? min(max(g.translation(in: view).x / width, 0), 1) : 0
        UIView.performWithoutAnimation {
            pop.over.frame.origin.x = width * f
            pop.under.frame.origin.x = -width / 3 * (1 - f)
            pop.dim.alpha = UINavigationController.dimming * (1 - f)
        }
        navigationBar.transition?.held = Double(f)
        navigationBar.setNeedsLayout()
        pop.coordinator.heldPercent = f
        return f
    }

    /// The finger lifted at part `f` of the pop: it plays on to its end (`completing`) or back to
    /// its start over the part of `slideDuration` left, on the pop's curve from where it stands.
    /// Completed: the top's `viewDidDisappear`, the lower one's `viewDidAppear`, the delegate's
    /// `didShow`. Cancelled: the lower one's `viewWillDisappear` and `viewDidDisappear`, then the
    /// top's `viewWillAppear` and `viewDidAppear`, and the stack as it was.
    private func releaseInteractivePop(at f: CGFloat, completing: Bool) {
        guard let pop = interactive, pop.coordinator.isInteractive, let old = pop.before.last else { return }
        let lower = stack[stack.count - 1]
        let width = view.bounds.width
        let seconds = UINavigationController.slideDuration * Double(completing ? 1 - f : f)
        pop.coordinator.release(at: f, completing: completing, seconds: seconds)
        navigationBar.transition?.held = nil
        navigationBar.transition?.begin = ScreenEnvironment.time
        navigationBar.transition?.duration = seconds
        navigationBar.transition?.fromProgress = Double(f)
        navigationBar.transition?.toProgress = completing ? 1 : 0
        UIView.animate(
            withDuration: seconds, delay: 0, options: [.curveEaseInOut],
            animations: {
                pop.over.frame.origin.x = completing ? width : 0
                pop.under.frame.origin.x = completing ? 0 : -width / 3
                pop.dim.alpha = completing ? 0 : UINavigationController.dimming
            },
            completion: { [weak self] _ in
                guard let self else { return }
                pop.dim.removeFromSuperview()
                self.sliding = nil
                self.heldTop = nil
                self.navigationBar.transition = nil
                self.interactive = nil
                if completing {
                    pop.over.removeFromSuperview()
                    pop.over.frame.origin.x = 0
                    old.removeFromParent()
                    self.end(pop.coordinator)
                    old.send(.didDisappear, animated: true)
                    lower.send(.didAppear, animated: true)
                    self.delegate?.navigationController(self, didShow: lower, animated: true)
                } else {
                    pop.under.removeFromSuperview()
                    pop.under.frame.origin.x = 0
                    self.stack = pop.before
                    self.navigationBar.changedItems()
                    self.end(pop.coordinator)
                    lower.send(.willDisappear, animated: true)
                    lower.send(.didDisappear, animated: true)
                    old.send(.willAppear, animated: true)
                    old.send(.didAppear, animated: true)
                }
                self.view.setNeedsLayout()
            })
    }

    private func place(_ top: UIViewController) {
        let v: UIView = top.view
        v.frame = view.bounds
        v.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.insertSubview(v, belowSubview: navigationBar)
    }

    /// The container's layout: the top view fills it, the bar under the status bar.
    func layoutContainer() {
        if sliding == nil, let v = topViewController?.viewIfLoaded, v.superview === view { v.frame = view.bounds }
        navigationBar.place(navigationBar.barFrame(u: navigationBar.u, traits: traitCollection))
    }

    /// A stacked controller's view is under the bar at rest (unless the bar is hidden).
    override func barInsets(forChild child: UIViewController) -> UIEdgeInsets {
        var insets = barInsets
        let shown = barShown(at: ScreenEnvironment.time) ?? (isNavigationBarHidden ? 0 : 1)
        if shown > 0 {
            let bottom = heldTop.flatMap { $0.controller === child ? $0.top : nil } ?? navigationBar.restBottom
            let showing = max(insets.top, bottom)
            if shown < 1 {
                // Sliding: between the safe area the bar gives and the one without it, on the
                // slide's curve (as UIKit lays the controller out in the bar's animation).
                let hiding = max(insets.top, viewIfLoaded?.safeAreaInsets.top ?? 0)
                insets.top = hiding + (showing - hiding) * shown
            } else {
                insets.top = showing
            }
        }
        return insets
    }

    // The appearance calls go to the top controller only.
    override var appearanceChildren: [UIViewController] { topViewController.map { [$0] } ?? [] }

    /// While the bar shows, the status bar follows the bar's style (light over `.black`), as UIKit does.
    open override var preferredStatusBarStyle: UIStatusBarStyle { navigationBar.barStyle == .black ? .lightContent : .default }

    /// The top controller's status bar while the bar is hidden; the bar's style while shown, as UIKit does.
    open override var childForStatusBarStyle: UIViewController? { isNavigationBarHidden ? topViewController : nil }
    open override var childForStatusBarHidden: UIViewController? { topViewController }
}

extension UIViewController {
    /// The nearest navigation controller above this one.
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/1621860-navigationcontroller
    public var navigationController: UINavigationController? { nearestAncestor(UINavigationController.self) }
}

/// Told when a navigation controller shows a controller.
/// https://developer.apple.com/documentation/uikit/uinavigationcontrollerdelegate
@preconcurrency @MainActor public protocol UINavigationControllerDelegate: AnyObject {
    /// After the shown controller's `viewWillAppear`.
    /// https://developer.apple.com/documentation/uikit/uinavigationcontrollerdelegate/navigationcontroller(_:willshow:animated:)
    func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool)
    /// After its `viewDidAppear`; an interactive pop that is cancelled shows nothing new.
    /// https://developer.apple.com/documentation/uikit/uinavigationcontrollerdelegate/navigationcontroller(_:didshow:animated:)
    func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool)
}

extension UINavigationControllerDelegate {
    public func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool) {}
    public func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool) {}
}

import Foundation

/// What a transition's participants read about it while it runs.
/// https://developer.apple.com/documentation/uikit/uiviewcontrollertransitioncoordinatorcontext
@preconcurrency @MainActor public protocol UIViewControllerTransitionCoordinatorContext: AnyObject {
    var isAnimated: Bool { get }
    var isInteractive: Bool { get }
    var initiallyInteractive: Bool { get }
    var isCancelled: Bool { get }
    var transitionDuration: TimeInterval { get }
    var percentComplete: CGFloat { get }
    /// The rotation the transition makes (identity for a size change without one).
    var targetTransform: CGAffineTransform { get }
    var containerView: UIView { get }
    /// The style of the presentation (`.fullScreen` for a push or pop, and for a size change).
    var presentationStyle: UIModalPresentationStyle { get }
    /// The controller leaving (`.from`) or coming (`.to`).
    /// https://developer.apple.com/documentation/uikit/uiviewcontrollertransitioncoordinatorcontext/viewcontroller(forkey:)
    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController?
    /// The view leaving or coming; nil for a view that stays in its place (a page sheet's presenter).
    /// https://developer.apple.com/documentation/uikit/uiviewcontrollertransitioncoordinatorcontext/view(forkey:)
    func view(forKey key: UITransitionContextViewKey) -> UIView?
}

/// https://developer.apple.com/documentation/uikit/uitransitioncontextviewcontrollerkey
public struct UITransitionContextViewControllerKey: Hashable, RawRepresentable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let from = UITransitionContextViewControllerKey(rawValue: "UITransitionContextFromViewControllerKey")
    public static let to = UITransitionContextViewControllerKey(rawValue: "UITransitionContextToViewControllerKey")
}

/// https://developer.apple.com/documentation/uikit/uitransitioncontextviewkey
public struct UITransitionContextViewKey: Hashable, RawRepresentable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let from = UITransitionContextViewKey(rawValue: "UITransitionContextFromViewKey")
    public static let to = UITransitionContextViewKey(rawValue: "UITransitionContextToViewKey")
}

/// Runs animations alongside a transition (a size change) and work after it.
/// https://developer.apple.com/documentation/uikit/uiviewcontrollertransitioncoordinator
@preconcurrency @MainActor public protocol UIViewControllerTransitionCoordinator: UIViewControllerTransitionCoordinatorContext {
    /// `animation` runs with the transition's animations, `completion` after it ends; false when
    /// the coordinator could not take them.
    /// https://developer.apple.com/documentation/uikit/uiviewcontrollertransitioncoordinator/1619300-animate
    @discardableResult
    func animate(
        alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
        completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?
    ) -> Bool
}

extension UIViewControllerTransitionCoordinator {
    /// `animate(alongsideTransition:completion:)` without a completion.
    @discardableResult
    public func animate(alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool {
        animate(alongsideTransition: animation, completion: nil)
    }
}

/// The coordinator of a push, pop, presentation or dismissal the run plays: handed out by
/// `transitionCoordinator` from its start (the `viewWillAppear`/`viewWillDisappear` calls) to
/// its end. Blocks given to `animate(alongsideTransition:completion:)` before the transition's
/// animations start run with them (its duration, ease in and out); given later, they animate over
/// the time left. The completions run at the frame the transition ends, before `viewDidAppear`
/// and `viewDidDisappear`, in the order given.
@MainActor final class TransitionCoordinator: NSObject, UIViewControllerTransitionCoordinator {
    let isAnimated: Bool
    /// An interactive pop: interactive while the finger drives it.
    var isInteractive = false
    private(set) var initiallyInteractive = false
    /// The interactive pop was let go short of its end: it plays back.
    var isCancelled = false
    /// While the finger drives it, the part it holds; once let go, the part it plays.
    var heldPercent: CGFloat?
    private var playback: (from: CGFloat, to: CGFloat, begin: Double, seconds: Double)?
    let transitionDuration: TimeInterval
    let containerView: UIView
    let presentationStyle: UIModalPresentationStyle
    var targetTransform: CGAffineTransform { .identity }
    private let from: UIViewController, to: UIViewController
    private let fromView: UIView?, toView: UIView?
    /// When the animations began (nil until they do).
    private var begin: Double?
    private var pending: [(any UIViewControllerTransitionCoordinatorContext) -> Void] = []
    private var completions: [(any UIViewControllerTransitionCoordinatorContext) -> Void] = []
    private(set) var ended = false

    init(
        from: UIViewController, to: UIViewController, fromView: UIView?, toView: UIView?, container: UIView,
        style: UIModalPresentationStyle, animated: Bool, duration: Double
    ) {
        self.from = from
        self.to = to
        self.fromView = fromView
        self.toView = toView
        containerView = container
        presentationStyle = style
        isAnimated = animated
        transitionDuration = animated ? duration : 0
    }

    /// The part of the transition played (0 before it starts, 1 at its end), linear in time.
    var percentComplete: CGFloat {
        if let heldPercent { return heldPercent }
        if let p = playback {
            let f = p.seconds > 0 ? min(max((ScreenEnvironment.time - p.begin) / p.seconds, 0), 1) : 1
            return p.from + (p.to - p.from) * CGFloat(f)
        }
        guard let begin, transitionDuration > 0 else { return ended ? 1 : 0 }
        return CGFloat(min(max((ScreenEnvironment.time - begin) / transitionDuration, 0), 1))
    }

    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? {
        switch key {
        case .from: return from
        case .to: return to
        default: return nil
        }
    }

    func view(forKey key: UITransitionContextViewKey) -> UIView? {
        switch key {
        case .from: return fromView
        case .to: return toView
        default: return nil
        }
    }

    @discardableResult
    func animate(
        alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
        completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?
    ) -> Bool {
        guard !ended else { return false }
        if let completion { completions.append(completion) }
        guard let animation else { return true }
        if isInteractive {
            pending.append(animation)
        } else if let begin {
            // Late: over the time the transition has left.
            let left = max(0, begin + transitionDuration - ScreenEnvironment.time)
            run([animation], duration: left)
        } else {
            pending.append(animation)
        }
        return true
    }

    /// The transition's animations start now: the blocks given so far run with them.
    func start() {
        begin = ScreenEnvironment.time
        let blocks = pending
        pending = []
        run(blocks, duration: transitionDuration)
    }

    /// An interactive transition: the finger drives it from now (`percentComplete` held).
    func startInteractive() {
        isInteractive = true
        initiallyInteractive = true
        heldPercent = 0
    }

    /// The finger let an interactive transition go at `percent`: it completes, or is cancelled,
    /// over `seconds`. Blocks given to `animate(alongsideTransition:)` run then, over that time,
    /// when it completes; when it is cancelled they are not run (their views stay as they were,
    /// where UIKit plays them back to their start).
    func release(at percent: CGFloat, completing: Bool, seconds: Double) {
        isInteractive = false
        isCancelled = !completing
        heldPercent = nil
        // percentComplete goes on from where the finger left it to 1 or back to 0, linearly in time.
        playback = (percent, completing ? 1 : 0, ScreenEnvironment.time, seconds)
        let blocks = pending
        pending = []
        if completing { run(blocks, duration: seconds) }
    }

    private func run(_ blocks: [(any UIViewControllerTransitionCoordinatorContext) -> Void], duration: Double) {
        guard !blocks.isEmpty else { return }
        if isAnimated, duration > 0 {
            UIView.animate(withDuration: duration, delay: 0, options: [.curveEaseInOut], animations: { for b in blocks { b(self) } })
        } else {
            UIView.performWithoutAnimation { for b in blocks { b(self) } }
        }
    }

    /// The transition ended: the completions run.
    func finish() {
        ended = true
        let done = completions
        completions = []
        for c in done { c(self) }
    }
}

extension UIViewController {
    /// Forwards the size change to the child view controllers (why an override calls `super`):
    /// each child's own `viewWillTransition(to:with:)` gets the same size and coordinator.
    ///
    /// A screen's run never changes its size: each matrix variant (another device or orientation)
    /// is a run of its own, with its own view controllers made at the variant's size, so UIKit
    /// (the run) does not call this; a container of your own may call it on its children.
    func forwardViewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator) {
        for child in children { child.viewWillTransition(to: size, with: coordinator) }
    }
}

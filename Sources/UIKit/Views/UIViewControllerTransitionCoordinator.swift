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

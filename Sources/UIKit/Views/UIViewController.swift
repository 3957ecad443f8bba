import Foundation
internal import Scene

/// https://developer.apple.com/documentation/uikit/uistatusbarstyle
public enum UIStatusBarStyle: Int, Sendable {
    case `default` = 0, lightContent = 1, darkContent = 3
}

/// https://developer.apple.com/documentation/uikit/uirectedge
public struct UIRectEdge: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let top = UIRectEdge(rawValue: 1)
    public static let left = UIRectEdge(rawValue: 2)
    public static let bottom = UIRectEdge(rawValue: 4)
    public static let right = UIRectEdge(rawValue: 8)
    public static let all: UIRectEdge = [.top, .left, .bottom, .right]
}

/// An object that manages a view hierarchy: its view made on first use (`loadView`, then
/// `viewDidLoad`), the appearance calls, layout calls around its view's `layoutSubviews`, child
/// view controllers.
/// https://developer.apple.com/documentation/uikit/uiviewcontroller
@preconcurrency @MainActor open class UIViewController: UIResponder, UITraitEnvironment {
    private var loadedView: UIView?

    /// The view is loaded from the XIB `nibName` in `nibBundle` (the main bundle when nil); with
    /// no name, from `ProfileView.xib` or `ProfileViewController.xib` for a ProfileViewController
    /// when one exists (InterfaceBuilder/UIStoryboard.swift).
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/1621359-init
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        nibName = nibNameOrNil
        nibBundle = nibBundleOrNil
        super.init()
    }

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/1621362-init
    public required init?(coder: NSCoder) {
        nibName = nil
        super.init()
    }

    public convenience override init() { self.init(nibName: nil, bundle: nil) }

    public let nibName: String?
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/1621448-nibbundle
    public private(set) var nibBundle: Bundle?
    /// The storyboard the controller was made from.
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/1621369-storyboard
    public internal(set) var storyboard: UIStoryboard?
    /// The scene's view, made by `loadView` (a controller from a storyboard).
    var interfaceBuilderView: IBViewSource?

    /// The view, loaded on first use.
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/1621460-view
    open var view: UIView! {
        get {
            loadViewIfNeeded()
            return loadedView
        }
        set {
            loadedView?.owningViewController = nil
            loadedView = newValue
            newValue?.owningViewController = self
        }
    }

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/2866085-viewifloaded
    open var viewIfLoaded: UIView? { loadedView }

    /// The view's superview (the responder chain goes on from the view up).
    /// https://developer.apple.com/documentation/uikit/uiresponder/1621099-next
    open override var next: UIResponder? { loadedView?.superview }
    open var isViewLoaded: Bool { loadedView != nil }

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/2866086-loadviewifneeded
    open func loadViewIfNeeded() {
        guard loadedView == nil, !loading else { return }
        loading = true
        loadView()
        if loadedView == nil { view = UIView(frame: UIScreen.main.bounds) }
        loading = false
        viewDidLoad()
    }
    private var loading = false

    /// Makes a plain view the size of the screen, resizing with its superview.
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/1621454-loadview
    open func loadView() {
        if loadInterfaceBuilderView() { return }
        let v = UIView(frame: UIScreen.main.bounds)
        v.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view = v
    }

    open func viewDidLoad() {}
    open func viewWillAppear(_ animated: Bool) {}
    open func viewIsAppearing(_ animated: Bool) {}
    open func viewDidAppear(_ animated: Bool) {}
    open func viewWillDisappear(_ animated: Bool) {}
    open func viewDidDisappear(_ animated: Bool) {}
    /// Called by UIKit when the app receives a memory warning, to release what can be made again.
    /// A render has no memory pressure to report, so a run never calls it; overrides (Xcode's
    /// template has one) compile and may call `super`.
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/didreceivememorywarning()
    open func didReceiveMemoryWarning() {}
    open func viewWillLayoutSubviews() {}
    open func viewDidLayoutSubviews() {}
    /// Override it to change the view's constraints; call super last.
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/1621379-updateviewconstraints
    open func updateViewConstraints() { view.updateConstraints() }
    /// The least layout margins of the root view: 16 pt at the sides (20 on wider screens), 0
    /// above and below.
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/2891114-systemminimumlayoutmargins
    open var systemMinimumLayoutMargins: NSDirectionalEdgeInsets {
        let m = CGFloat(ScreenEnvironment.device.layoutMargin)
        return NSDirectionalEdgeInsets(top: 0, leading: m, bottom: 0, trailing: m)
    }
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/2891116-viewrespectssystemminimumlayoutm
    open var viewRespectsSystemMinimumLayoutMargins = true
    open func viewSafeAreaInsetsDidChange() {}
    open func viewLayoutMarginsDidChange() {}
    /// Override it to adapt to a new size; call `super` (it forwards the change to the children).
    /// Not called by a screen's run, whose size never changes (UIViewControllerTransitionCoordinator.swift).
    /// https://developer.apple.com/documentation/uikit/uicontentcontainer/1621466-viewwilltransition
    open func viewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator) {
        forwardViewWillTransition(to: size, with: coordinator)
    }
    /// Override it to adapt to new traits before they change (rotation's size classes); call `super`
    /// (it forwards the change to the children, as UIKit's does). Not called by a screen's run, whose
    /// traits are the scenario's from the first frame to the last.
    /// https://developer.apple.com/documentation/uikit/uicontentcontainer/1621511-willtransition
    open func willTransition(to newCollection: UITraitCollection, with coordinator: any UIViewControllerTransitionCoordinator) {
        for child in children { child.willTransition(to: newCollection, with: coordinator) }
    }

    /// Also the navigation item's and tab bar item's title, as UIKit sets them.
    open var title: String? {
        didSet { navigationItem.title = title; tabBarItem?.title = title }
    }
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/1621851-navigationitem
    open lazy var navigationItem = UINavigationItem()
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/1621185-tabbaritem
    open lazy var tabBarItem: UITabBarItem! = UITabBarItem(title: title, image: nil, tag: 0)
    open var preferredStatusBarStyle: UIStatusBarStyle { .default }
    open var prefersStatusBarHidden: Bool { false }
    open var childForStatusBarStyle: UIViewController? { nil }
    open var childForStatusBarHidden: UIViewController? { nil }
    /// The status bar takes this controller's `preferredStatusBarStyle` and `prefersStatusBarHidden`
    /// again (read when its controller comes on screen and after this call only, as in UIKit).
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/setneedsstatusbarappearanceupdate()
    open func setNeedsStatusBarAppearanceUpdate() { ScreenRun.statusBarGeneration += 1 }

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/2902284-additionalsafeareainsets
    open var additionalSafeAreaInsets = UIEdgeInsets.zero {
        didSet { loadedView?.setNeedsLayout() }
    }
    open var edgesForExtendedLayout = UIRectEdge.all
    open var extendedLayoutIncludesOpaqueBars = false
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/3238087-overrideuserinterfacestyle
    open var overrideUserInterfaceStyle = UIUserInterfaceStyle.unspecified {
        didSet { traitOverridesChanged() }
    }
    /// The traits this controller sets for itself and its views (iOS 17).
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/traitoverrides
    open var traitOverrides: UITraitOverrides {
        get { traitState.overrides }
        set { traitState.overrides = newValue; traitOverridesChanged() }
    }
    let traitState = TraitState()
    /// The overrides set with `setOverrideTraitCollection(_:forChild:)`, by child.
    private var childOverrides: [ObjectIdentifier: UITraitCollection] = [:]

    private func traitOverridesChanged() {
        TraitState.overridesChanged()
        loadedView?.setNeedsLayout()
    }

    /// Traits for a child view controller in place of some of this controller's.
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/1621406-setoverridetraitcollection
    open func setOverrideTraitCollection(_ collection: UITraitCollection?, forChild childViewController: UIViewController) {
        guard children.contains(where: { $0 === childViewController }) else { return }
        childOverrides[ObjectIdentifier(childViewController)] = collection
        childViewController.traitOverridesChanged()
    }
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/1621452-overridetraitcollection
    open func overrideTraitCollection(forChild childViewController: UIViewController) -> UITraitCollection? {
        childOverrides[ObjectIdentifier(childViewController)]
    }

    /// `base` (the traits of where the controller's view is) with the parent's override for this
    /// child, then its own.
    func applyingOverrides(to base: UITraitCollection) -> UITraitCollection {
        var t = base
        if let o = parent?.childOverrides[ObjectIdentifier(self)] { t = t.overridden(by: o) }
        if let o = traitState.overrides.values { t = t.overridden(by: o) }
        if overrideUserInterfaceStyle != .unspecified { t = t.overridden(by: UITraitCollection(userInterfaceStyle: overrideUserInterfaceStyle)) }
        return t
    }
    /// The coordinator of the push, pop, presentation or dismissal this controller (or, without
    /// one, its nearest ancestor) takes part in, while it runs; nil otherwise.
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/1619294-transitioncoordinator
    open var transitionCoordinator: (any UIViewControllerTransitionCoordinator)? {
        var c: UIViewController? = self
        while let vc = c {
            if let t = vc.runningTransition, !t.ended { return t }
            c = vc.parent
        }
        return nil
    }
    /// The transition this controller takes part in (set by the navigation controller and by presenting).
    var runningTransition: TransitionCoordinator?

    // MARK: Presenting (UIViewControllerPresentation.swift)

    /// How `present(_:animated:completion:)` shows this controller: `.automatic` (the default) is
    /// a page sheet on an iPhone.
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/1621355-modalpresentationstyle
    open var modalPresentationStyle = UIModalPresentationStyle.automatic
    /// How a full-screen presentation comes and goes: `.coverVertical` (the default) or `.crossDissolve`.
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/1621388-modaltransitionstyle
    open var modalTransitionStyle = UIModalTransitionStyle.coverVertical
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/1621506-definespresentationcontext
    open var definesPresentationContext = false
    /// The controller this one (or its nearest ancestor) presented, and that is still shown.
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/1621407-presentedviewcontroller
    open var presentedViewController: UIViewController? { outermost.presentedStorage }
    /// The controller that presented this one (or its nearest presented ancestor).
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/1621430-presentingviewcontroller
    open var presentingViewController: UIViewController? { outermost.presentingStorage }
    /// From the start of its presentation's transition (`viewWillAppear`) to its end (`viewDidAppear`).
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/1621364-isbeingpresented
    open internal(set) var isBeingPresented = false
    /// From the start of its dismissal's transition (`viewWillDisappear`) to its end (`viewDidDisappear`).
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/1621381-isbeingdismissed
    open internal(set) var isBeingDismissed = false
    var presentedStorage: UIViewController?
    weak var presentingStorage: UIViewController?
    /// The presentation this controller shows (it is the presented one).
    var presentation: Presentation?
    /// true: presented as a sheet, this controller still decides the status bar's style (a
    /// full-screen presentation always does).
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/1621453-modalpresentationcapturesstatusbarappearance
    open var modalPresentationCapturesStatusBarAppearance = false

    /// The traits of where its view is (else its parent's, else the screen's) with the overrides
    /// for it and its own.
    open var traitCollection: UITraitCollection {
        applyingOverrides(
            to: loadedView?.superview?.traitCollection ?? parent?.traitCollection ?? ScreenRun.current?.traits ?? UITraitCollection.current)
    }
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}

    // MARK: Containment

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/1621362-parent
    open private(set) weak var parent: UIViewController?
    open private(set) var children: [UIViewController] = []

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/1621394-addchild
    open func addChild(_ childController: UIViewController) {
        guard childController.parent !== self else { return }
        childController.removeFromParent()
        childController.willMove(toParent: self)
        children.append(childController)
        childController.parent = self
    }

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/1621425-removefromparent
    open func removeFromParent() {
        guard let p = parent else { return }
        p.children.removeAll { $0 === self }
        p.childOverrides[ObjectIdentifier(self)] = nil
        parent = nil
        didMove(toParent: nil)
    }

    open func willMove(toParent parent: UIViewController?) {}
    open func didMove(toParent parent: UIViewController?) {}

    /// The insets the container's bars make over this controller's view (a navigation bar at the
    /// top, a tab bar at the bottom), in the view's coordinates.
    var barInsets: UIEdgeInsets { parent?.barInsets(forChild: self) ?? .zero }
    func barInsets(forChild child: UIViewController) -> UIEdgeInsets { barInsets }

    /// Shows `viewControllerToPresent` as its `modalPresentationStyle` says, on the frame clock
    /// when animated (UIViewControllerPresentation.swift); the completion runs after its `viewDidAppear`.
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/1621380-present
    open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil) {
        presentController(viewControllerToPresent, animated: flag, completion: completion)
    }
    /// Dismisses the controller this one presented, or this one when it was presented; the
    /// completion runs after the appearance calls (at once when nothing is presented).
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/1621505-dismiss
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) { dismissController(animated: flag, completion: completion) }

    /// The appearance calls UIKit makes, each sent to a controller and the children on screen with it.
    enum AppearanceCall { case willAppear, isAppearing, didAppear, willDisappear, didDisappear }

    /// The children that get this controller's appearance calls: all of them (a navigation
    /// controller's top one, a tab bar controller's selected one).
    var appearanceChildren: [UIViewController] { children }

    /// `call` to this controller, then to its children on screen.
    func send(_ call: AppearanceCall, animated: Bool = false) {
        switch call {
        case .willAppear: viewWillAppear(animated)
        case .isAppearing: viewIsAppearing(animated)
        case .didAppear: viewDidAppear(animated)
        case .willDisappear: viewWillDisappear(animated)
        case .didDisappear: viewDidDisappear(animated)
        }
        for c in appearanceChildren { c.send(call, animated: animated) }
    }

    /// The appearance calls, for this controller and its children: viewWillAppear, then (after
    /// the first layout) viewDidAppear.
    func sendWillAppear() { send(.willAppear) }
    func sendIsAppearing() { send(.isAppearing) }
    func sendDidAppear() { send(.didAppear) }

    /// The nearest controller of class `T` above this one (its navigation or tab bar controller).
    func nearestAncestor<T: UIViewController>(_ type: T.Type) -> T? {
        var p = parent
        while let c = p {
            if let found = c as? T { return found }
            p = c.parent
        }
        return nil
    }

    /// The controller whose status bar style counts.
    var statusBarController: UIViewController { childForStatusBarStyle?.statusBarController ?? self }
}

/// A container controller's view (navigation, tab bar): its controller lays out the child's view
/// and the bar whenever the view lays out.
final class ContainerView: UIView {
    var layout: (() -> Void)?
    /// Called as each layout pass reaches the view, before its subviews: state moved by the frame's time.
    var prepare: (() -> Void)?
    override func prepareForLayoutPass() { prepare?() }
    override func layoutSubviews() {
        super.layoutSubviews()
        layout?()
    }
}

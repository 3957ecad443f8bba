import Foundation
internal import Scene

/// View controllers behind a tab bar: the selected one's view fills the controller's view (under
/// the bar), the bar shows each controller's `tabBarItem`. The bar's top is the bottom of the
/// safe area of the controllers it holds, so their scroll views end above it.
/// https://developer.apple.com/documentation/uikit/uitabbarcontroller
@preconcurrency @MainActor open class UITabBarController: UIViewController {
    /// https://developer.apple.com/documentation/uikit/uitabbarcontroller/1621162-tabbar
    public let tabBar = UITabBar()

    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
        tabBar.controller = self
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        tabBar.controller = self
    }

    /// https://developer.apple.com/documentation/uikit/uitabbarcontroller/1621164-viewcontrollers
    open var viewControllers: [UIViewController]? {
        get { tabs.isEmpty ? nil : tabs }
        set { setViewControllers(newValue, animated: false) }
    }
    private var tabs: [UIViewController] = []

    /// https://developer.apple.com/documentation/uikit/uitabbarcontroller/1621177-setviewcontrollers
    open func setViewControllers(_ viewControllers: [UIViewController]?, animated: Bool) {
        let old = selectedViewController
        for vc in tabs where !(viewControllers ?? []).contains(where: { $0 === vc }) { vc.removeFromParent() }
        tabs = viewControllers ?? []
        for vc in tabs where vc.parent !== self { addChild(vc); vc.didMove(toParent: self) }
        tabBar.setNeedsLayout()
        let index = old.flatMap { o in tabs.firstIndex { $0 === o } } ?? min(storedIndex, max(0, tabs.count - 1))
        select(index, from: old)
    }

    private var storedIndex = 0
    /// https://developer.apple.com/documentation/uikit/uitabbarcontroller/1621171-selectedindex
    open var selectedIndex: Int {
        get { storedIndex }
        set {
            guard tabs.indices.contains(newValue) else { return }
            select(newValue, from: selectedViewController)
        }
    }

    /// https://developer.apple.com/documentation/uikit/uitabbarcontroller/1621172-selectedviewcontroller
    open var selectedViewController: UIViewController? {
        get { tabs.indices.contains(storedIndex) ? tabs[storedIndex] : nil }
        set { if let vc = newValue, let i = tabs.firstIndex(where: { $0 === vc }) { selectedIndex = i } }
    }

    private func select(_ index: Int, from old: UIViewController?) {
        storedIndex = index
        let new = selectedViewController
        tabBar.setNeedsLayout()
        guard isViewLoaded, old !== new else { return }
        let onScreen = view.window != nil
        if onScreen { old?.viewWillDisappear(false) }
        if let old, old.viewIfLoaded?.superview === view { old.view.removeFromSuperview() }
        if onScreen { old?.viewDidDisappear(false) }
        guard let new else { return }
        if onScreen { new.sendWillAppear() }
        place(new)
        if onScreen {
            view.layoutIfNeeded()
            new.sendDidAppear()
        }
    }

    open override func loadView() {
        let v = ContainerView(frame: UIScreen.main.bounds)
        v.layout = { [weak self] in self?.layoutContainer() }
        v.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view = v
        v.addSubview(tabBar)
        if let vc = selectedViewController { place(vc) }
    }

    private func place(_ vc: UIViewController) {
        let v: UIView = vc.view
        v.frame = view.bounds
        v.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.insertSubview(v, belowSubview: tabBar)
    }

    func layoutContainer() {
        if let v = selectedViewController?.viewIfLoaded, v.superview === view { v.frame = view.bounds }
        tabBar.frame = UITabBar.frame(in: view.bounds.size)
    }

    /// The tab bar's top is the bottom of the children's safe area (unless it is hidden).
    override func barInsets(forChild child: UIViewController) -> UIEdgeInsets {
        var insets = barInsets
        if !tabBar.isHidden { insets.bottom = max(insets.bottom, CGFloat(TabBar.height(on: ScreenEnvironment.device))) }
        return insets
    }

    override var appearanceChildren: [UIViewController] { selectedViewController.map { [$0] } ?? [] }

    open override var childForStatusBarStyle: UIViewController? { selectedViewController }
    open override var childForStatusBarHidden: UIViewController? { selectedViewController }
}

extension UIViewController {
    /// The nearest tab bar controller above this one.
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/1621169-tabbarcontroller
    public var tabBarController: UITabBarController? { nearestAncestor(UITabBarController.self) }
}

import Foundation
internal import Scene

/// The backdrop of the screen's views: the device's size, its safe area, the root view controller.
/// https://developer.apple.com/documentation/uikit/uiwindow
@preconcurrency @MainActor open class UIWindow: UIView {
    /// https://developer.apple.com/documentation/uikit/uiwindow/1621581-rootviewcontroller
    open var rootViewController: UIViewController? {
        didSet {
            oldValue?.viewIfLoaded?.removeFromSuperview()
            guard let vc = rootViewController else { return }
            let v: UIView = vc.view
            v.frame = bounds
            addSubview(v)
        }
    }
    open var windowLevel: CGFloat = 0
    open private(set) var isKeyWindow = false

    public override init(frame: CGRect) { super.init(frame: frame) }

    /// A window in `windowScene`, as big as the scene's screen.
    /// https://developer.apple.com/documentation/uikit/uiwindow/3197961-init
    public init(windowScene: UIWindowScene) {
        super.init(frame: windowScene.screen.bounds)
        self.windowScene = windowScene
        windowScene.add(self)
    }

    /// The scene the window is in (UIWindowScene.swift); setting it moves the window there.
    /// https://developer.apple.com/documentation/uikit/uiwindow/3197962-windowscene
    open weak var windowScene: UIWindowScene? {
        didSet {
            guard oldValue !== windowScene else { return }
            oldValue?.remove(self)
            windowScene?.add(self)
        }
    }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// https://developer.apple.com/documentation/uikit/uiwindow/1621601-makekeyandvisible
    open func makeKeyAndVisible() {
        isKeyWindow = true
        isHidden = false
    }
    open func makeKey() { isKeyWindow = true }

    /// The device's safe area: status bar or sensor housing at the top, home indicator at the bottom.
    var windowSafeArea: UIEdgeInsets {
        let d = ScreenEnvironment.device
        return UIEdgeInsets(top: CGFloat(d.safeAreaTop), left: CGFloat(d.safeAreaLeft), bottom: CGFloat(d.safeAreaBottom), right: CGFloat(d.safeAreaRight))
    }

}

/// The device's screen.
/// https://developer.apple.com/documentation/uikit/uiscreen
@preconcurrency @MainActor open class UIScreen: NSObject {
    /// https://developer.apple.com/documentation/uikit/uiscreen/1617815-main
    open class var main: UIScreen { UIScreen() }
    /// In points, for the scenario's device and orientation.
    open var bounds: CGRect {
        let d = ScreenEnvironment.device
        return CGRect(x: 0, y: 0, width: CGFloat(d.size.width), height: CGFloat(d.size.height))
    }
    open var nativeBounds: CGRect {
        CGRect(x: 0, y: 0, width: bounds.width * scale, height: bounds.height * scale)
    }
    open var scale: CGFloat { CGFloat(ScreenEnvironment.device.scale) }
    open var nativeScale: CGFloat { scale }
    open var traitCollection: UITraitCollection { ScreenRun.current?.traits ?? UITraitCollection.current }
}

/// The app: its window and status bar.
/// https://developer.apple.com/documentation/uikit/uiapplication
@preconcurrency @MainActor open class UIApplication: UIResponder {
    /// https://developer.apple.com/documentation/uikit/uiapplication/1622975-shared
    open class var shared: UIApplication { sharedApplication }
    private static let sharedApplication = UIApplication()

    /// The screen's window while a screen runs.
    open var windows: [UIWindow] { ScreenRun.current.map { [$0.window] } ?? [] }
    open var keyWindow: UIWindow? { windows.first }
    /// https://developer.apple.com/documentation/uikit/uiapplication/1622977-statusbarframe
    open var statusBarFrame: CGRect {
        let d = ScreenEnvironment.device
        return CGRect(x: 0, y: 0, width: CGFloat(d.size.width), height: CGFloat(d.statusBarHeight))
    }
    /// The status bar's style. With view-controller-based status bar appearance (the default), the
    /// style of the controller that decides it, and setting it does nothing, as on iOS. An app whose
    /// Info.plist sets `UIViewControllerBasedStatusBarAppearance` to NO sets the style here instead
    /// (deprecated since iOS 9, still honoured):
    /// https://developer.apple.com/documentation/uikit/uiapplication/1622988-statusbarstyle
    open var statusBarStyle: UIStatusBarStyle {
        get {
            guard !Self.viewControllerBasedStatusBarAppearance else {
                return keyWindow?.rootViewController?.statusBarDecider.preferredStatusBarStyle ?? .default
            }
            return ScreenRun.current?.applicationStatusBar.style ?? .default
        }
        set { setStatusBarStyle(newValue, animated: false) }
    }
    /// Whether the status bar is hidden: as `statusBarStyle`, the controller's choice unless the app
    /// opted out of view-controller-based appearance.
    open var isStatusBarHidden: Bool {
        get {
            guard !Self.viewControllerBasedStatusBarAppearance else {
                return keyWindow?.rootViewController?.statusBarDecider.prefersStatusBarHidden ?? false
            }
            return ScreenRun.current?.applicationStatusBar.hidden ?? false
        }
        set { setStatusBarHidden(newValue, with: .none) }
    }
    /// https://developer.apple.com/documentation/uikit/uiapplication/1622923-setstatusbarstyle
    open func setStatusBarStyle(_ statusBarStyle: UIStatusBarStyle, animated: Bool) {
        guard Self.honoursStatusBarSetters(), let run = ScreenRun.current else { return }
        run.applicationStatusBar.style = statusBarStyle
        ScreenRun.statusBarGeneration += 1
    }
    /// https://developer.apple.com/documentation/uikit/uiapplication/1622964-setstatusbarhidden
    open func setStatusBarHidden(_ hidden: Bool, with animation: UIStatusBarAnimation) {
        guard Self.honoursStatusBarSetters(), let run = ScreenRun.current else { return }
        run.applicationStatusBar.hidden = hidden
        ScreenRun.statusBarGeneration += 1
    }

    /// The Info.plist key `UIViewControllerBasedStatusBarAppearance` (YES when absent), read from the
    /// `Info.plist` beside the running executable as Foundation's `Bundle.main` finds it: who decides
    /// the status bar, the controllers or the app.
    /// https://developer.apple.com/documentation/bundleresources/information-property-list/uiviewcontrollerbasedstatusbarappearance
    package static var viewControllerBasedStatusBarAppearance: Bool =
        Bundle.main.object(forInfoDictionaryKey: "UIViewControllerBasedStatusBarAppearance") as? Bool ?? true

    /// Whether the app's status bar setters take effect; when they do not, says why once.
    private static func honoursStatusBarSetters() -> Bool {
        if viewControllerBasedStatusBarAppearance {
            Diagnostics.once(
                "UIApplication.statusBarStyle",
                "UIApplication's status bar setters do nothing while the controllers decide the status bar (as on iOS): set "
                    + "UIViewControllerBasedStatusBarAppearance to NO in the Info.plist beside the executable, or override "
                    + "preferredStatusBarStyle")
            return false
        }
        return true
    }
    open var userInterfaceLayoutDirection: UIUserInterfaceLayoutDirection { .leftToRight }
    open var applicationState: UIApplication.State { .active }

    public enum State: Int, Sendable { case active = 0, inactive, background }
}

/// How the status bar hides and shows: https://developer.apple.com/documentation/uikit/uistatusbaranimation
public enum UIStatusBarAnimation: Int, Sendable {
    case none = 0, fade, slide
}

/// https://developer.apple.com/documentation/uikit/uiuserinterfacelayoutdirection
public enum UIUserInterfaceLayoutDirection: Int, Sendable {
    case leftToRight = 0, rightToLeft = 1
}

import Foundation
internal import Scene

/// https://developer.apple.com/documentation/uikit/uiinterfaceorientation
public enum UIInterfaceOrientation: Int, Sendable {
    case unknown = 0, portrait = 1, portraitUpsideDown = 2, landscapeLeft = 4, landscapeRight = 3
    public var isPortrait: Bool { self == .portrait || self == .portraitUpsideDown }
    public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }
}

/// The app's user interface as the system connects it.
/// https://developer.apple.com/documentation/uikit/uiscene
@preconcurrency @MainActor open class UIScene: UIResponder {
    /// https://developer.apple.com/documentation/uikit/uiscene/activationstate
    public enum ActivationState: Int, Sendable {
        case unattached = -1, foregroundActive = 0, foregroundInactive = 1, background = 2
    }
    /// A screen's run is in the foreground and active from its first frame.
    open var activationState: ActivationState { .foregroundActive }
    open var title: String!
}

/// The scene a screen's window is in: one per run, made with the window at frame 0 (the window
/// of `ScreenRun`), with the device's screen, orientation, traits and status bar. A window you make
/// yourself has none until you give it one (`UIWindow(windowScene:)`, `windowScene = ...`), as on iOS.
/// https://developer.apple.com/documentation/uikit/uiwindowscene
@preconcurrency @MainActor open class UIWindowScene: UIScene {
    private var windowRefs: [WeakWindow] = []
    private struct WeakWindow { weak var window: UIWindow? }

    override init() { super.init() }

    /// The windows in the scene, in the order they joined it.
    /// https://developer.apple.com/documentation/uikit/uiwindowscene/3198091-windows
    open var windows: [UIWindow] { windowRefs.compactMap(\.window) }
    /// https://developer.apple.com/documentation/uikit/uiwindowscene/3750916-keywindow
    open var keyWindow: UIWindow? { windows.first { $0.isKeyWindow } }
    /// https://developer.apple.com/documentation/uikit/uiwindowscene/3198088-screen
    open var screen: UIScreen { UIScreen.main }
    /// The scenario's orientation: `.portrait`, or `.landscapeRight` (the device turned left,
    /// its top to the left, as the Simulator's "rotate left").
    /// https://developer.apple.com/documentation/uikit/uiwindowscene/3198089-interfaceorientation
    open var interfaceOrientation: UIInterfaceOrientation {
        ScreenEnvironment.device.orientation == .landscape ? .landscapeRight : .portrait
    }
    /// The run's traits (the scenario's device, appearance and text size).
    /// https://developer.apple.com/documentation/uikit/uiwindowscene/3198090-traitcollection
    open var traitCollection: UITraitCollection { ScreenRun.current?.traits ?? UITraitCollection.current }
    /// https://developer.apple.com/documentation/uikit/uiwindowscene/3213943-statusbarmanager
    open var statusBarManager: UIStatusBarManager? { UIStatusBarManager(scene: self) }

    func add(_ window: UIWindow) {
        guard !windows.contains(where: { $0 === window }) else { return }
        windowRefs.removeAll { $0.window == nil }
        windowRefs.append(WeakWindow(window: window))
    }

    func remove(_ window: UIWindow) { windowRefs.removeAll { $0.window == nil || $0.window === window } }
}

/// The status bar of a window scene: its frame from the device (zero when hidden: by the root
/// view controller's `prefersStatusBarHidden`, or a phone in landscape, where iOS hides it), and
/// the style the view controllers ask for.
/// https://developer.apple.com/documentation/uikit/uistatusbarmanager
@preconcurrency @MainActor open class UIStatusBarManager: NSObject {
    private weak var scene: UIWindowScene?

    init(scene: UIWindowScene) {
        self.scene = scene
        super.init()
    }

    /// The controller whose status bar preferences count: the key window's root's (its
    /// `childForStatusBarStyle` followed), or the controller it presented full screen.
    private var controller: UIViewController? { (scene?.keyWindow ?? scene?.windows.first)?.rootViewController?.statusBarDecider }

    /// https://developer.apple.com/documentation/uikit/uistatusbarmanager/3213945-isstatusbarhidden
    open var isStatusBarHidden: Bool { controller?.prefersStatusBarHidden == true || ScreenEnvironment.device.statusBarHeight == 0 }
    /// In the window's coordinates: the device's full width and status bar height (54 pt on an
    /// iPhone 15, 20 pt on an iPhone SE), zero when hidden.
    /// https://developer.apple.com/documentation/uikit/uistatusbarmanager/3213946-statusbarframe
    open var statusBarFrame: CGRect {
        guard !isStatusBarHidden else { return .zero }
        let d = ScreenEnvironment.device
        return CGRect(x: 0, y: 0, width: CGFloat(d.size.width), height: CGFloat(d.statusBarHeight))
    }
    /// https://developer.apple.com/documentation/uikit/uistatusbarmanager/3213947-statusbarstyle
    open var statusBarStyle: UIStatusBarStyle { controller?.preferredStatusBarStyle ?? .default }
}

extension UIApplication {
    /// The scenes connected: the running screen's window scene.
    /// https://developer.apple.com/documentation/uikit/uiapplication/3197910-connectedscenes
    public var connectedScenes: Set<UIScene> { Set(windows.compactMap(\.windowScene)) }
}

import Foundation
import Raster
import RenderFramesKit
import Scene
import UIKit
import XCTest

/// A screen that records what a real screen reads in its lifecycle.
@MainActor private final class ProbeViewController: UIViewController {
    var onLoad: ((ProbeViewController) -> Void)?
    var onAppear: ((ProbeViewController) -> Void)?
    var style = UIStatusBarStyle.default
    var hidden = false
    var transitions: [CGSize] = []
    override var preferredStatusBarStyle: UIStatusBarStyle { style }
    override var prefersStatusBarHidden: Bool { hidden }
    override func viewDidLoad() {
        super.viewDidLoad()
        onLoad?(self)
    }
    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        onAppear?(self)
    }
    override func viewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator) {
        super.viewWillTransition(to: size, with: coordinator)
        transitions.append(size)
    }
    var traitTransitions: [UIUserInterfaceSizeClass] = []
    override func willTransition(to newCollection: UITraitCollection, with coordinator: any UIViewControllerTransitionCoordinator) {
        super.willTransition(to: newCollection, with: coordinator)
        traitTransitions.append(newCollection.verticalSizeClass)
    }
}

/// A coordinator as UIKit hands one to `viewWillTransition(to:with:)`: runs the animations at once.
@MainActor private final class ImmediateCoordinator: NSObject, UIViewControllerTransitionCoordinator {
    var isAnimated: Bool { false }
    var isInteractive: Bool { false }
    var initiallyInteractive: Bool { false }
    var isCancelled: Bool { false }
    var transitionDuration: TimeInterval { 0 }
    var percentComplete: CGFloat { 1 }
    var targetTransform: CGAffineTransform { .identity }
    let containerView = UIView()
    var presentationStyle: UIModalPresentationStyle { .fullScreen }
    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? { nil }
    func view(forKey key: UITransitionContextViewKey) -> UIView? { nil }
    var completions: [String] = []
    func animate(
        alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
        completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?
    ) -> Bool {
        animation?(self)
        completions.append(completion == nil ? "none" : "some")
        completion?(self)
        return true
    }
}

/// The API real screens use beside drawing: `NSLayoutConstraint()`, object literals, UIColor's
/// component getters, `UIImageAsset`, window scenes and the status bar manager, size transitions.
final class RealScreenAPITests: XCTestCase {
    @MainActor private static func run(
        device: String = "iphone-15", orientation: Device.Orientation = .portrait, dark: Bool = false, imageFolders: [String] = [],
        _ make: @escaping @MainActor () -> UIViewController
    ) -> ScreenRun {
        let settings = ScreenSettings(
            device: Device.named(device)!.oriented(orientation), appearance: dark ? .dark : .light, typography: .standard, fps: 1,
            imageFolders: imageFolders)
        let motion = KeyframeTimeline(keyframes: [.init(time: 0, offset: 0, easing: .linear), .init(time: 1, offset: 0, easing: .linear)])
        ScreenRun.resetDiagnostics()
        let run = ScreenRun(settings: settings, motion: motion, make: make)
        run.advance(to: 1)
        return run
    }

    private func folder(with files: [String: Pixmap]) throws -> String {
        let dir = NSTemporaryDirectory() + "real-screen-api-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
        for (name, p) in files {
            FileManager.default.createFile(atPath: dir + "/" + name, contents: Data(PNGEncoder(options: .balanced).encode(p)))
        }
        return dir
    }

    private static func png(_ width: Int, _ height: Int, _ color: PremultipliedColor) -> Pixmap { Pixmap(width: width, height: height, fill: color) }

    /// A 4 x 4 image of one color.
    private static func encode(_ c: PremultipliedColor) -> UIImage {
        UIImage(data: Data(PNGEncoder(options: .balanced).encode(Pixmap(width: 4, height: 4, fill: c))))!
    }

    // MARK: NSLayoutConstraint()

    /// The placeholder constraint: no items, `.notAnAttribute`, multiplier 1, constant 0, required;
    /// its constant is kept; activating it is refused (said once) and it stays inactive.
    func testEmptyConstraintIsAnInactivePlaceholder() {
        MainActor.assumeIsolated {
            var heights: [CGFloat] = []
            _ = RealScreenAPITests.run {
                let vc = ProbeViewController()
                vc.onLoad = { vc in
                    var height = NSLayoutConstraint()
                    XCTAssertNil(height.firstItem)
                    XCTAssertNil(height.secondItem)
                    XCTAssertEqual(height.firstAttribute, .notAnAttribute)
                    XCTAssertEqual(height.secondAttribute, .notAnAttribute)
                    XCTAssertEqual(height.relation, .equal)
                    XCTAssertEqual(height.multiplier, 1)
                    XCTAssertEqual(height.constant, 0)
                    XCTAssertEqual(height.priority, .required)
                    height.constant = 30
                    XCTAssertEqual(height.constant, 30)
                    height.isActive = true
                    XCTAssertFalse(height.isActive, "a constraint relating nothing is not activated")
                    // The real constraint assigned later, as screens do.
                    let box = UIView()
                    box.translatesAutoresizingMaskIntoConstraints = false
                    vc.view.addSubview(box)
                    height = box.heightAnchor.constraint(equalToConstant: 40)
                    NSLayoutConstraint.activate([
                        height, box.topAnchor.constraint(equalTo: vc.view.topAnchor), box.leftAnchor.constraint(equalTo: vc.view.leftAnchor),
                        box.widthAnchor.constraint(equalToConstant: 10),
                    ])
                    vc.onAppear = { _ in heights.append(box.frame.height) }
                }
                return vc
            }
            XCTAssertEqual(heights, [40])
            let said = ScreenRun.takeDiagnostics()
            XCTAssertEqual(said.filter { $0.contains("NSLayoutConstraint()") }.count, 1, "\(said)")
        }
    }

    // MARK: Object literals

    /// `#colorLiteral` is `UIColor(red:green:blue:alpha:)` in sRGB, and the type of a literal alone.
    func testColorLiteralIsSRGBColor() {
        MainActor.assumeIsolated {
            let c = #colorLiteral(red: 0.25, green: 0.5, blue: 0.75, alpha: 0.5)
            XCTAssertTrue(type(of: c) == UIColor.self)
            var r: CGFloat = 0, g: CGFloat = 0, b: CGFloat = 0, a: CGFloat = 0
            XCTAssertTrue(c.getRed(&r, green: &g, blue: &b, alpha: &a))
            XCTAssertEqual([r, g, b, a], [0.25, 0.5, 0.75, 0.5])
        }
    }

    /// `#imageLiteral(resourceName:)` finds what `UIImage(named:)` finds beside the scenario (here
    /// a 2x file, so 6 x 4 pixels are 3 x 2 points); a missing name is an empty image, said once.
    func testImageLiteralReadsImagesBesideTheScenario() throws {
        let dir = try folder(with: ["dot@2x.png": RealScreenAPITests.png(6, 4, PremultipliedColor(r: 255, g: 0, b: 0, a: 255))])
        MainActor.assumeIsolated {
            var sizes: [CGSize] = []
            _ = RealScreenAPITests.run(imageFolders: [dir]) {
                let found: UIImage = #imageLiteral(resourceName: "dot")
                let missing = #imageLiteral(resourceName: "no-such-image")
                sizes = [found.size, missing.size]
                return UIViewController()
            }
            XCTAssertEqual(sizes, [CGSize(width: 3, height: 2), CGSize(width: 1, height: 1)])
            let said = ScreenRun.takeDiagnostics()
            XCTAssertEqual(said.filter { $0.contains("#imageLiteral(resourceName: \"no-such-image\")") }.count, 1, "\(said)")
        }
    }

    // MARK: UIColor's components

    /// HSB as iOS computes it: orange (1, 0.5, 0) is hue 30/360, saturation 1, brightness 1; a
    /// color made from HSB gives its values back; a gray has hue and saturation 0.
    func testGetHueSaturationBrightness() {
        var h: CGFloat = -1, s: CGFloat = -1, v: CGFloat = -1, a: CGFloat = -1
        XCTAssertTrue(UIColor(red: 1, green: 0.5, blue: 0, alpha: 1).getHue(&h, saturation: &s, brightness: &v, alpha: &a))
        XCTAssertEqual(h, 30.0 / 360, accuracy: 1e-9)
        XCTAssertEqual([s, v, a], [1, 1, 1])
        XCTAssertTrue(UIColor(hue: 0.6, saturation: 0.5, brightness: 0.8, alpha: 0.4).getHue(&h, saturation: &s, brightness: &v, alpha: &a))
        XCTAssertEqual(h, 0.6, accuracy: 1e-9)
        XCTAssertEqual(s, 0.5, accuracy: 1e-9)
        XCTAssertEqual(v, 0.8, accuracy: 1e-9)
        XCTAssertEqual(a, 0.4, accuracy: 1e-9)
        XCTAssertTrue(UIColor.gray.getHue(&h, saturation: &s, brightness: &v, alpha: &a))
        XCTAssertEqual([h, s, v, a], [0, 0, 0.5, 1])
    }

    /// `getWhite` answers for gray colors only (an RGB color is not converted: false, the
    /// arguments untouched); `getRed` answers for both; a pattern color has no components.
    func testComponentGettersReturnWhetherTheColorConverts() {
        var w: CGFloat = -1, a: CGFloat = -1
        XCTAssertTrue(UIColor(white: 0.25, alpha: 0.5).getWhite(&w, alpha: &a))
        XCTAssertEqual([w, a], [0.25, 0.5])
        w = -1; a = -1
        XCTAssertFalse(UIColor.red.getWhite(&w, alpha: &a))
        XCTAssertEqual([w, a], [-1, -1])
        XCTAssertTrue(UIColor.black.withAlphaComponent(0.3).getWhite(&w, alpha: &a))
        XCTAssertEqual(w, 0)
        XCTAssertEqual(a, 0.3, accuracy: 1e-9)
        var r: CGFloat = -1, g: CGFloat = -1, b: CGFloat = -1
        XCTAssertTrue(UIColor(white: 0.25, alpha: 1).getRed(&r, green: &g, blue: &b, alpha: &a))
        XCTAssertEqual([r, g, b, a], [0.25, 0.25, 0.25, 1])
        let pattern = UIColor(patternImage: UIImage(data: Data(PNGEncoder(options: .balanced).encode(RealScreenAPITests.png(1, 1, .clear))))!)
        r = -1
        var h: CGFloat = -1, s: CGFloat = -1
        XCTAssertFalse(pattern.getRed(&r, green: &g, blue: &b, alpha: &a))
        XCTAssertFalse(pattern.getHue(&h, saturation: &s, brightness: &b, alpha: &a))
        XCTAssertFalse(pattern.getWhite(&w, alpha: &a))
        XCTAssertEqual([r, h], [-1, -1])
    }

    // MARK: UIImageAsset

    /// An asset gives the image registered for the traits that match best; an image view showing
    /// any image of the asset draws the one for its own traits (red in light, blue in dark).
    func testImageAssetPicksTheVariantForTheTraits() {
        let encode: @Sendable (PremultipliedColor) -> UIImage = { RealScreenAPITests.encode($0) }
        let red = PremultipliedColor(r: 255, g: 0, b: 0, a: 255), blue = PremultipliedColor(r: 0, g: 0, b: 255, a: 255)
        MainActor.assumeIsolated {
            let light = encode(red), dark = encode(blue), any = encode(red)
            let asset = UIImageAsset()
            asset.register(light, with: UITraitCollection(userInterfaceStyle: .light))
            asset.register(dark, with: UITraitCollection(userInterfaceStyle: .dark))
            XCTAssertTrue(asset.image(with: UITraitCollection(userInterfaceStyle: .dark)) === dark)
            XCTAssertTrue(asset.image(with: UITraitCollection(traitsFrom: [.init(userInterfaceStyle: .light), .init(displayScale: 3)])) === light)
            XCTAssertTrue(light.imageAsset === asset && dark.imageAsset === asset)
            asset.register(any, with: UITraitCollection())
            XCTAssertTrue(asset.image(with: UITraitCollection(displayScale: 2)) === any, "no style asked: the image for any traits")
            asset.unregisterImage(with: UITraitCollection())
            // An image not registered anywhere is its own asset's only image.
            let lone = encode(red)
            XCTAssertTrue(lone.imageAsset?.image(with: UITraitCollection(userInterfaceStyle: .dark)) === lone)
        }
        for (darkRun, expected) in [(false, (255, 0, 0, 255)), (true, (0, 0, 255, 255))] {
            let p = ControlsHarness.onMain {
                ControlsHarness.render(dark: darkRun) { view in
                    let asset = UIImageAsset()
                    let lightImage = encode(red)
                    asset.register(lightImage, with: UITraitCollection(userInterfaceStyle: .light))
                    asset.register(encode(blue), with: UITraitCollection(userInterfaceStyle: .dark))
                    let iv = UIImageView(image: lightImage)
                    iv.frame = CGRect(x: 100, y: 200, width: 40, height: 40)
                    view.addSubview(iv)
                }
            }
            XCTAssertTrue(ControlsHarness.pixel(p, 120, 220) == expected, "dark: \(darkRun): \(ControlsHarness.pixel(p, 120, 220))")
        }
    }

    // MARK: Window scene and status bar

    /// `view.window?.windowScene?.statusBarManager?.statusBarFrame.height` is the device's status
    /// bar: 54 pt on an iPhone 15, 20 pt on an iPhone 8; the scene has the window, the screen, the
    /// orientation and the run's traits.
    func testWindowSceneAndStatusBarManager() {
        MainActor.assumeIsolated {
            for (device, height) in [("iphone-15", 54.0), ("iphone-8", 20.0)] {
                var seen: [String: Any] = [:]
                let run = RealScreenAPITests.run(device: device, dark: true) {
                    let vc = ProbeViewController()
                    vc.style = .lightContent
                    vc.onAppear = { vc in
                        let scene = vc.view.window?.windowScene
                        seen["height"] = scene?.statusBarManager?.statusBarFrame.height
                        seen["width"] = scene?.statusBarManager?.statusBarFrame.width
                        seen["style"] = scene?.statusBarManager?.statusBarStyle
                        seen["hidden"] = scene?.statusBarManager?.isStatusBarHidden
                        seen["windows"] = scene?.windows.count
                        seen["orientation"] = scene?.interfaceOrientation
                        seen["dark"] = scene?.traitCollection.userInterfaceStyle == .dark
                        seen["screen"] = scene?.screen.bounds.size
                        seen["scenes"] = UIApplication.shared.connectedScenes.count
                    }
                    return vc
                }
                XCTAssertEqual(seen["height"] as? CGFloat, CGFloat(height), device)
                XCTAssertEqual(seen["width"] as? CGFloat, CGFloat(Device.named(device)!.size.width))
                XCTAssertEqual(seen["style"] as? UIStatusBarStyle, .lightContent)
                XCTAssertEqual(seen["hidden"] as? Bool, false)
                XCTAssertEqual(seen["windows"] as? Int, 1)
                XCTAssertEqual(seen["orientation"] as? UIInterfaceOrientation, .portrait)
                XCTAssertEqual(seen["dark"] as? Bool, true)
                XCTAssertEqual(seen["screen"] as? CGSize, run.window.bounds.size)
                XCTAssertEqual(seen["scenes"] as? Int, 1)
            }
        }
    }

    /// Hidden (by the controller, or an iPhone in landscape): the frame is zero.
    func testHiddenStatusBarHasAZeroFrame() {
        MainActor.assumeIsolated {
            var frames: [CGRect] = []
            var orientations: [UIInterfaceOrientation] = []
            for (hidden, orientation) in [(true, Device.Orientation.portrait), (false, .landscape)] {
                _ = RealScreenAPITests.run(orientation: orientation) {
                    let vc = ProbeViewController()
                    vc.hidden = hidden
                    vc.onAppear = { vc in
                        let scene = vc.view.window?.windowScene
                        XCTAssertEqual(scene?.statusBarManager?.isStatusBarHidden, true)
                        frames.append(scene?.statusBarManager?.statusBarFrame ?? CGRect(x: 1, y: 1, width: 1, height: 1))
                        orientations.append(scene?.interfaceOrientation ?? .unknown)
                    }
                    return vc
                }
            }
            XCTAssertEqual(frames, [.zero, .zero])
            XCTAssertEqual(orientations, [.portrait, .landscapeRight])
        }
    }

    /// A window you make has no scene until given one; `UIWindow(windowScene:)` joins it.
    func testWindowsJoinTheirScene() {
        MainActor.assumeIsolated {
            var counts: [Int] = []
            _ = RealScreenAPITests.run {
                let vc = ProbeViewController()
                vc.onAppear = { vc in
                    XCTAssertNil(UIWindow(frame: .zero).windowScene)
                    guard let scene = vc.view.window?.windowScene else { return XCTFail("no scene") }
                    let extra = UIWindow(windowScene: scene)
                    counts.append(scene.windows.count)
                    XCTAssertTrue(extra.windowScene === scene)
                    XCTAssertEqual(extra.frame, scene.screen.bounds)
                    extra.windowScene = nil
                    counts.append(scene.windows.count)
                }
                return vc
            }
            XCTAssertEqual(counts, [2, 1])
        }
    }

    // MARK: Size transitions

    /// `super.willTransition(to:with:)` forwards the new traits to the children, as UIKit's does (a
    /// corpus screen invalidates its collection layout there on rotation).
    func testWillTransitionToTraitsForwardsToChildren() {
        MainActor.assumeIsolated {
            let parent = ProbeViewController(), child = ProbeViewController()
            parent.addChild(child)
            let landscape = UITraitCollection(verticalSizeClass: .compact)
            parent.willTransition(to: landscape, with: ImmediateCoordinator())
            XCTAssertEqual(parent.traitTransitions, [.compact])
            XCTAssertEqual(child.traitTransitions, [.compact])
        }
    }

    /// `super.viewWillTransition(to:with:)` forwards the size to the children, whose overrides see
    /// the coordinator; a screen's run never calls it (its size never changes).
    func testViewWillTransitionForwardsToChildrenAndIsNotCalledByARun() {
        MainActor.assumeIsolated {
            let parent = ProbeViewController(), child = ProbeViewController(), grandchild = ProbeViewController()
            parent.addChild(child)
            child.addChild(grandchild)
            let coordinator = ImmediateCoordinator()
            parent.viewWillTransition(to: CGSize(width: 852, height: 393), with: coordinator)
            XCTAssertEqual(parent.transitions, [CGSize(width: 852, height: 393)])
            XCTAssertEqual(child.transitions, [CGSize(width: 852, height: 393)])
            XCTAssertEqual(grandchild.transitions, [CGSize(width: 852, height: 393)])
            var ran = 0
            coordinator.animate(alongsideTransition: { context in ran += context.isCancelled ? 0 : 1 })
            XCTAssertEqual(ran, 1)
            XCTAssertEqual(coordinator.completions, ["none"], "the one-argument form passes no completion")

            var probe: ProbeViewController?
            _ = RealScreenAPITests.run {
                let vc = ProbeViewController()
                probe = vc
                return vc
            }
            XCTAssertEqual(probe?.transitions, [])
        }
    }

    /// Xcode's template overrides `didReceiveMemoryWarning()`: it compiles with its `super` call,
    /// and a run, which has no memory pressure, never calls it.
    func testDidReceiveMemoryWarningIsOverridableAndNotCalledByARun() {
        MainActor.assumeIsolated {
            final class Warned: UIViewController {
                var warnings = 0
                override func didReceiveMemoryWarning() {
                    super.didReceiveMemoryWarning()
                    warnings += 1
                }
            }
            var screen: Warned?
            _ = RealScreenAPITests.run {
                let vc = Warned()
                screen = vc
                return vc
            }
            XCTAssertEqual(screen?.warnings, 0)
            screen?.didReceiveMemoryWarning()
            XCTAssertEqual(screen?.warnings, 1)
        }
    }

    /// `setCollectionViewLayout(_:animated:completion:)`: the new layout is the view's, and the
    /// completion is called once with true (a collection in no window is not animated: at once).
    func testSetCollectionViewLayoutCallsItsCompletionWithTrue() {
        MainActor.assumeIsolated {
            let collection = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 600), collectionViewLayout: UICollectionViewFlowLayout())
            let grid = UICollectionViewFlowLayout()
            var finished: [Bool] = []
            collection.setCollectionViewLayout(grid, animated: true) { finished.append($0) }
            XCTAssertTrue(collection.collectionViewLayout === grid)
            XCTAssertEqual(finished, [true])
        }
    }

    /// `UIView.description()`, NSObject's class method: module and class, which screens split
    /// at the dot for nib names and reuse identifiers (`description().components(separatedBy: ".").last`).
    func testClassDescriptionIsModuleAndClass() {
        MainActor.assumeIsolated {
            XCTAssertEqual(UIView.description(), "UIKit.UIView")
            XCTAssertEqual(NamedHeaderView.description(), "UIKitTests.NamedHeaderView")
            XCTAssertEqual(NamedHeaderView.description().components(separatedBy: ".").last, "NamedHeaderView")
        }
    }

    /// A subclass of UIImage that declares nothing (apps keep such classes to tag images)
    /// inherits `init()`: an empty image, size zero, as `UIImage()` is.
    func testEmptyImageSubclassInheritsInit() {
        MainActor.assumeIsolated {
            let image = TaggedImage()
            XCTAssertEqual(image.size, .zero)
            XCTAssertTrue(type(of: image) == TaggedImage.self)
        }
    }
}

@MainActor final class NamedHeaderView: UIView {}
final class TaggedImage: UIImage, @unchecked Sendable {}

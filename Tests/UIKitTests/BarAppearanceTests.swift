import Foundation
import Raster
import RenderFramesKit
import Scene
import UIKit
import XCTest

/// A stretchy photo header under a bar made transparent, as a reader writes it: the photo at the
/// top of a scroll view that does not adjust its insets (the photo runs up under the bar and the
/// status bar), grown when pulled down, rows under it. Subclasses make the bar transparent one way
/// or the other and fade it in as the photo scrolls away.
@MainActor class PhotoHeaderViewController: UIViewController, UIScrollViewDelegate {
    let scroll = UIScrollView()
    let photo = UIImageView(image: UIImage(contentsOfFile: BarTests.fixtures + "/../images/chelsea.png"))
    static let photoHeight: CGFloat = 280
    /// The bar's frame and the view's top safe area as viewDidLoad and viewWillAppear found them.
    var barFrameInViewDidLoad: CGRect?
    var barFrameInViewWillAppear: CGRect?
    var safeTopInViewDidLoad: CGFloat?
    var safeTopInViewIsAppearing: CGFloat?

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Chelsea"
        view.backgroundColor = .systemBackground
        barFrameInViewDidLoad = navigationController?.navigationBar.frame
        safeTopInViewDidLoad = view.safeAreaInsets.top
        scroll.frame = view.bounds
        scroll.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        scroll.contentInsetAdjustmentBehavior = .never
        scroll.showsVerticalScrollIndicator = false
        scroll.delegate = self
        photo.frame = CGRect(x: 0, y: 0, width: view.bounds.width, height: Self.photoHeight)
        photo.contentMode = .scaleAspectFill
        photo.clipsToBounds = true
        scroll.addSubview(photo)
        let names = ["Breed", "Age", "Favourite toy", "Naps a day", "Best friend", "Sound", "Colour", "Home"]
        for i in 0..<24 {
            let row = UILabel(frame: CGRect(x: 20, y: Self.photoHeight + CGFloat(i) * 44, width: view.bounds.width - 40, height: 44))
            row.text = names[i % names.count]
            scroll.addSubview(row)
        }
        scroll.contentSize = CGSize(width: view.bounds.width, height: Self.photoHeight + 24 * 44)
        view.addSubview(scroll)
        navigationItem.rightBarButtonItem = UIBarButtonItem(barButtonSystemItem: .add, target: nil, action: nil)
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        barFrameInViewWillAppear = navigationController?.navigationBar.frame
    }

    override func viewIsAppearing(_ animated: Bool) {
        super.viewIsAppearing(animated)
        safeTopInViewIsAppearing = view.safeAreaInsets.top
    }

    /// 0 while the photo is under the bar, 1 once its bottom has scrolled 60 pt past the bar's.
    func fade(_ s: UIScrollView) -> CGFloat {
        let barBottom = navigationController?.navigationBar.frame.maxY ?? 0
        return min(1, max(0, (s.contentOffset.y - (Self.photoHeight - barBottom - 60)) / 60))
    }

    func scrollViewDidScroll(_ s: UIScrollView) {
        // Pulled down, the photo grows to fill the gap.
        let y = s.contentOffset.y
        photo.frame = y < 0
            ? CGRect(x: 0, y: y, width: s.bounds.width, height: Self.photoHeight - y)
            : CGRect(x: 0, y: 0, width: s.bounds.width, height: Self.photoHeight)
    }

    /// White over the photo to black: the title and buttons as the bar fades in.
    static func ink(_ fade: CGFloat) -> UIColor { UIColor(white: 1 - fade, alpha: 1) }
}

/// The pre-iOS 13 idiom: an empty background image and shadow image make the bar transparent;
/// scrolled past the photo, the screen's code gives the bar back its background with a white tint.
@MainActor final class LegacyTransparentBarViewController: PhotoHeaderViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        let bar = navigationController!.navigationBar
        bar.setBackgroundImage(UIImage(), for: .default)
        bar.shadowImage = UIImage()
        bar.isTranslucent = true
        bar.tintColor = .white
        bar.titleTextAttributes = [.foregroundColor: UIColor.white]
    }

    override func scrollViewDidScroll(_ s: UIScrollView) {
        super.scrollViewDidScroll(s)
        guard let bar = navigationController?.navigationBar else { return }
        let fade = fade(s)
        bar.tintColor = Self.ink(fade)
        bar.titleTextAttributes = [.foregroundColor: Self.ink(fade)]
        if fade < 1 {
            bar.setBackgroundImage(UIImage(), for: .default)
            bar.shadowImage = UIImage()
        } else {
            bar.setBackgroundImage(nil, for: .default)
            bar.shadowImage = nil
            bar.barTintColor = .white
        }
    }
}

/// The iOS 13+ idiom: a transparent appearance on the navigation item, made again each frame with
/// a background color whose alpha follows the scroll (the bar fades to opaque white).
@MainActor final class AppearanceTransparentBarViewController: PhotoHeaderViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        apply(fade: 0)
    }

    override func scrollViewDidScroll(_ s: UIScrollView) {
        super.scrollViewDidScroll(s)
        apply(fade: fade(s))
    }

    func apply(fade: CGFloat) {
        let appearance = UINavigationBarAppearance()
        appearance.configureWithTransparentBackground()
        appearance.backgroundColor = UIColor.white.withAlphaComponent(fade)
        appearance.titleTextAttributes = [.foregroundColor: Self.ink(fade)]
        navigationItem.standardAppearance = appearance
        navigationItem.scrollEdgeAppearance = appearance
        navigationController?.navigationBar.tintColor = Self.ink(fade)
    }
}

/// A strip of filters placed under the bar in viewDidLoad from `navigationBar.frame`, over a
/// table-like list that starts under it.
@MainActor final class FilterStripViewController: UIViewController {
    let strip = UIView()

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Orders"
        view.backgroundColor = .systemBackground
        let barFrame = navigationController?.navigationBar.frame ?? .zero
        strip.frame = CGRect(x: 0, y: barFrame.maxY, width: view.bounds.width, height: 44)
        strip.backgroundColor = .systemOrange
        let label = UILabel(frame: strip.bounds.insetBy(dx: 16, dy: 0))
        label.text = "All · Open · Shipped · Returned"
        label.textColor = .white
        strip.addSubview(label)
        view.addSubview(strip)
        let appearance = UINavigationBarAppearance()
        appearance.configureWithOpaqueBackground()
        navigationItem.standardAppearance = appearance
        navigationItem.scrollEdgeAppearance = appearance
    }
}

final class BarAppearanceTests: XCTestCase {
    let folder = NSTemporaryDirectory() + "uikit-bar-appearance-\(getpid())"

    override func setUp() { try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
    override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

    static func layer(_ name: String, in root: Layer) -> Layer? { BarTests.layer(name, in: root) }

    /// The bar's drawn background at the current frame: its color, blur and image (the
    /// background layer of the bar, or the bar's own layer when it draws no fade).
    static func background(_ tree: Layer) -> Layer? { layer("navigationBar.background", in: tree) ?? layer("navigationBar", in: tree) }

    // MARK: UIImage()

    /// The empty image has no size and draws nothing in an image view.
    func testTheEmptyImageHasSizeZeroAndDrawsNothing() {
        MainActor.assumeIsolated {
            let empty = UIImage()
            XCTAssertEqual(empty.size, .zero)
            let view = UIImageView(image: empty)
            XCTAssertEqual(view.frame.size, .zero)
            let run = BarTests.run(
                {
                    let vc = UIViewController()
                    view.frame = CGRect(x: 0, y: 100, width: 100, height: 100)
                    view.accessibilityIdentifier = "empty"
                    vc.view.addSubview(view)
                    return vc
                }, offsets: [0])
            run.advance(to: 0)
            let drawn = Self.layer("empty", in: run.snapshot())
            XCTAssertNotNil(drawn)
            XCTAssertNil(drawn?.contents)
        }
    }

    // MARK: The legacy idiom

    /// setBackgroundImage(UIImage(), for: .default) and shadowImage = UIImage(): no material, no
    /// color, no hairline; the background image and shadow image are kept as set.
    func testAnEmptyBackgroundImageAndShadowImageMakeTheBarTransparent() {
        MainActor.assumeIsolated {
            let run = BarTests.run({ UINavigationController(rootViewController: LegacyTransparentBarViewController()) }, offsets: [0, 100])
            for frame in 0...1 {
                run.advance(to: frame)
                let nav = run.window.rootViewController as! UINavigationController
                XCTAssertEqual(nav.navigationBar.backgroundImage(for: .default)?.size, .zero)
                XCTAssertEqual(nav.navigationBar.shadowImage?.size, .zero)
                let tree = run.snapshot()
                let background = Self.background(tree)
                XCTAssertEqual(background?.backdropBlurRadius ?? 0, 0, "frame \(frame): no material")
                XCTAssertEqual(background?.backgroundColor?.a ?? 0, 0, "frame \(frame): no color")
                XCTAssertNil(Self.layer("navigationBar.backgroundImage", in: tree), "frame \(frame): the empty image draws nothing")
                XCTAssertEqual(Self.layer("navigationBar.hairline", in: tree)?.backgroundColor?.a ?? 0, 0, "frame \(frame): no hairline")
            }
        }
    }

    /// The same idiom set once for the whole app, as app delegates do, through the appearance
    /// proxy (`UINavigationBar.appearance()`): the bar entering the window takes the empty
    /// background and shadow images and the title color, and draws no material and no hairline.
    func testTheLegacyIdiomThroughTheAppearanceProxyMakesTheBarTransparent() {
        MainActor.assumeIsolated {
            let run = BarTests.run(
                {
                    let proxy = UINavigationBar.appearance()
                    proxy.setBackgroundImage(UIImage(), for: .default)
                    proxy.shadowImage = UIImage()
                    proxy.titleTextAttributes = [.foregroundColor: UIColor.white]
                    return BarTests.inbox(largeTitles: false)
                }, offsets: [0, 200])
            run.advance(to: 1)
            let nav = run.window.rootViewController as! UINavigationController
            XCTAssertEqual(nav.navigationBar.backgroundImage(for: .default)?.size, .zero)
            XCTAssertEqual(nav.navigationBar.shadowImage?.size, .zero)
            let tree = run.snapshot()
            XCTAssertEqual(Self.background(tree)?.backdropBlurRadius ?? 0, 0, "no material")
            XCTAssertEqual(Self.background(tree)?.backgroundColor?.a ?? 0, 0, "no color")
            XCTAssertEqual(Self.layer("navigationBar.hairline", in: tree)?.backgroundColor?.a ?? 0, 0, "no hairline")
            guard case .text(let title)? = Self.layer("navigationBar.title", in: tree)?.contents else { return XCTFail("no title") }
            XCTAssertEqual(title.color, Color(255, 255, 255))
        }
    }

    /// Without a background image the shadow image is not drawn (UIKit documents it so): the
    /// standard hairline stays once content scrolls under the bar.
    func testAShadowImageAloneLeavesTheHairline() {
        MainActor.assumeIsolated {
            let run = BarTests.run(
                {
                    let nav = BarTests.inbox(largeTitles: false)
                    nav.navigationBar.shadowImage = UIImage()
                    return nav
                }, offsets: [0, 200])
            run.advance(to: 1)
            let hairline = Self.layer("navigationBar.hairline", in: run.snapshot())
            XCTAssertEqual(hairline?.backgroundColor, Palette.forAppearance(.light).hairline)
        }
    }

    /// A background image set for `.default` fills the bar and the status bar over it, in place of
    /// the material; `.compact` falls back to it; `backgroundImage(for:)` gives back what was set.
    func testABackgroundImageReplacesTheMaterial() {
        MainActor.assumeIsolated {
            let image = UIImage(contentsOfFile: BarTests.fixtures + "/../images/coffee.png")!
            let run = BarTests.run(
                {
                    let nav = BarTests.inbox(largeTitles: false)
                    nav.navigationBar.setBackgroundImage(image, for: .default)
                    return nav
                }, offsets: [0, 200])
            run.advance(to: 1)
            let bar = (run.window.rootViewController as! UINavigationController).navigationBar
            XCTAssertTrue(bar.backgroundImage(for: .default) === image)
            XCTAssertTrue(bar.backgroundImage(for: .any, barMetrics: .default) === image)
            XCTAssertNil(bar.backgroundImage(for: .compact))
            XCTAssertEqual(bar.barPosition, .topAttached)
            let tree = run.snapshot()
            let drawn = Self.layer("navigationBar.backgroundImage", in: tree)
            XCTAssertEqual(drawn?.frame, Rect(x: 0, y: 0, width: 393, height: 98), "under the status bar and the bar")
            guard case .image(_, let mode)? = drawn?.contents else { return XCTFail("no image") }
            XCTAssertEqual(mode, .scaleToFill)
            XCTAssertEqual(Self.background(tree)?.backdropBlurRadius, 0)
            XCTAssertEqual(Self.background(tree)?.backgroundColor?.a, 0)
            // An iPhone in landscape (compact metrics) with no compact image: the default one.
            let landscape = BarTests.run(
                {
                    let nav = BarTests.inbox(largeTitles: false)
                    nav.navigationBar.setBackgroundImage(image, for: .default)
                    return nav
                }, offsets: [0, 200], orientation: .landscape)
            landscape.advance(to: 1)
            XCTAssertEqual(Self.layer("navigationBar.backgroundImage", in: landscape.snapshot())?.frame.height, 32)
        }
    }

    /// isTranslucent false: an opaque background, the bar tint's color at full alpha, no blur.
    func testAnOpaqueBarDrawsItsTintWithoutBlur() {
        MainActor.assumeIsolated {
            let run = BarTests.run(
                {
                    let nav = BarTests.inbox(largeTitles: false)
                    nav.navigationBar.isTranslucent = false
                    nav.navigationBar.barTintColor = UIColor(red: 0, green: 0, blue: 1, alpha: 0.5)
                    return nav
                }, offsets: [0, 200])
            run.advance(to: 1)
            let background = Self.background(run.snapshot())
            XCTAssertEqual(background?.backgroundColor, Color(0, 0, 255))
            XCTAssertEqual(background?.backdropBlurRadius, 0)
        }
    }

    // MARK: UINavigationBarAppearance

    /// configureWithTransparentBackground on the bar's standard and scroll edge appearances:
    /// nothing behind the items and no hairline, at the edge and scrolled; the default
    /// configuration brings the material and the hairline; the opaque one the system background
    /// without blur.
    func testTheAppearancesConfigurationsDrawAsUIKitDrawsThem() {
        MainActor.assumeIsolated {
            @MainActor func drawn(_ configure: @escaping @MainActor (UINavigationBarAppearance) -> Void, onItem: Bool = false) -> (Layer?, Layer?) {
                let run = BarTests.run(
                    {
                        let nav = BarTests.inbox(largeTitles: false)
                        let appearance = UINavigationBarAppearance()
                        configure(appearance)
                        if onItem {
                            nav.topViewController!.navigationItem.standardAppearance = appearance
                            nav.topViewController!.navigationItem.scrollEdgeAppearance = appearance
                        } else {
                            nav.navigationBar.standardAppearance = appearance
                            nav.navigationBar.scrollEdgeAppearance = appearance
                        }
                        return nav
                    }, offsets: [0, 200])
                run.advance(to: 1)
                let tree = run.snapshot()
                return (Self.background(tree), Self.layer("navigationBar.hairline", in: tree))
            }
            for onItem in [false, true] {
                let (clear, clearLine) = drawn({ $0.configureWithTransparentBackground() }, onItem: onItem)
                XCTAssertEqual(clear?.backdropBlurRadius, 0)
                XCTAssertEqual(clear?.backgroundColor?.a, 0)
                XCTAssertEqual(clearLine?.backgroundColor?.a ?? 0, 0)
            }
            let (material, line) = drawn({ $0.configureWithDefaultBackground() })
            XCTAssertEqual(material?.backdropBlurRadius, BarMaterial.blurRadius)
            XCTAssertEqual(line?.backgroundColor, Palette.forAppearance(.light).hairline)
            let (opaque, _) = drawn({ $0.configureWithOpaqueBackground() })
            XCTAssertEqual(opaque?.backdropBlurRadius, 0)
            XCTAssertEqual(opaque?.backgroundColor, Palette.forAppearance(.light).systemBackground)
            let (none, _) = drawn({ $0.backgroundEffect = nil; $0.backgroundColor = UIColor(red: 1, green: 0, blue: 0, alpha: 0.5) })
            XCTAssertEqual(none?.backdropBlurRadius, 0, "no effect: the color alone")
            XCTAssertEqual(none?.backgroundColor, Color(255, 0, 0, alpha: 0.5))
            let (shadowed, shadowLine) = drawn({ $0.configureWithTransparentBackground(); $0.shadowColor = .systemRed })
            XCTAssertEqual(shadowed?.backgroundColor?.a, 0)
            XCTAssertEqual(shadowLine?.backgroundColor, UIColorProbe.color(.systemRed))
        }
    }

    /// An appearance's background image fills the bar (in its content mode); `UIImage()` as its
    /// shadow image removes the hairline.
    func testAnAppearancesBackgroundImageIsDrawnAndAnEmptyShadowImageRemovesTheLine() {
        MainActor.assumeIsolated {
            let image = UIImage(contentsOfFile: BarTests.fixtures + "/../images/coffee.png")!
            let run = BarTests.run(
                {
                    let nav = BarTests.inbox(largeTitles: false)
                    let appearance = UINavigationBarAppearance()
                    appearance.backgroundImage = image
                    appearance.backgroundImageContentMode = .scaleAspectFill
                    appearance.shadowImage = UIImage()
                    nav.navigationBar.standardAppearance = appearance
                    return nav
                }, offsets: [0, 200])
            run.advance(to: 1)
            let tree = run.snapshot()
            guard case .image(_, let mode)? = Self.layer("navigationBar.backgroundImage", in: tree)?.contents else { return XCTFail("no image") }
            XCTAssertEqual(mode, .aspectFill)
            XCTAssertEqual(Self.layer("navigationBar.hairline", in: tree)?.backgroundColor?.a ?? 0, 0)
        }
    }

    // MARK: The bar's frame

    /// In viewDidLoad and viewWillAppear the bar is laid out: under the 54 pt status bar of an
    /// iPhone 15, 44 pt tall, the screen's width; the view's safe area is UIKit's: none before
    /// the view is in a window, the bar's bottom from viewIsAppearing on.
    func testTheBarHasItsFrameInViewDidLoad() {
        MainActor.assumeIsolated {
            let photo = LegacyTransparentBarViewController()
            let run = BarTests.run({ UINavigationController(rootViewController: photo) }, offsets: [0])
            run.advance(to: 0)
            XCTAssertEqual(photo.barFrameInViewDidLoad, CGRect(x: 0, y: 54, width: 393, height: 44))
            XCTAssertEqual(photo.barFrameInViewWillAppear, CGRect(x: 0, y: 54, width: 393, height: 44))
            XCTAssertEqual(photo.navigationController?.navigationBar.bounds, CGRect(x: 0, y: 0, width: 393, height: 44))
            XCTAssertEqual(photo.safeTopInViewDidLoad, 0)
            XCTAssertEqual(photo.safeTopInViewIsAppearing, 98)
            let large = PhotoHeaderViewController()
            let run2 = BarTests.run(
                {
                    let nav = UINavigationController(rootViewController: large)
                    nav.navigationBar.prefersLargeTitles = true
                    return nav
                }, offsets: [0])
            run2.advance(to: 0)
            XCTAssertEqual(large.barFrameInViewDidLoad, CGRect(x: 0, y: 54, width: 393, height: 96), "with a large title")
        }
    }

    // MARK: Changes made per frame

    /// What the screen's code sets in scrollViewDidScroll is drawn in that frame: the bar's alpha,
    /// its tint, the title's color, the appearance's background color.
    func testChangesFromScrollViewDidScrollAreDrawnInTheirFrame() {
        MainActor.assumeIsolated {
            let screen = AppearanceTransparentBarViewController()
            let run = BarTests.run({ UINavigationController(rootViewController: screen) }, offsets: [0, 152, 200])
            var alphas: [UInt8] = [], titles: [Color] = [], buttons: [Color] = []
            for frame in 0...2 {
                run.advance(to: frame)
                let tree = run.snapshot()
                alphas.append(Self.background(tree)?.backgroundColor?.a ?? 0)
                guard case .text(let title)? = Self.layer("navigationBar.title", in: tree)?.contents,
                    case .shapes(let plus)? = Self.layer("navigationBar.right.0", in: tree)?.contents
                else { return XCTFail("no title or +") }
                titles.append(title.color)
                buttons.append(plus.first?.1 ?? .clear)
            }
            // The photo's bottom (280) passes the bar's (98) at 182: the fade runs from 122 to 182.
            XCTAssertEqual(alphas, [0, 128, 255])
            XCTAssertEqual(titles, [Color(255, 255, 255), Color(128, 128, 128), Color(0, 0, 0)])
            XCTAssertEqual(buttons, titles)
            let bar = screen.navigationController!.navigationBar
            bar.accessibilityIdentifier = "bar"
            bar.alpha = 0.25
            XCTAssertEqual(Self.layer("bar", in: run.snapshot())?.opacity, 0.25)
        }
    }

    /// The legacy settings changed per frame: the empty background image until the photo has
    /// gone, then the material with a white bar tint and the hairline; the title's color from
    /// titleTextAttributes.
    func testLegacySettingsChangedPerFrameAreDrawnInTheirFrame() {
        MainActor.assumeIsolated {
            let run = BarTests.run({ UINavigationController(rootViewController: LegacyTransparentBarViewController()) }, offsets: [0, 152, 300])
            run.advance(to: 1)
            var tree = run.snapshot()
            XCTAssertEqual(Self.background(tree)?.backdropBlurRadius ?? 0, 0)
            guard case .text(let half)? = Self.layer("navigationBar.title", in: tree)?.contents else { return XCTFail("no title") }
            XCTAssertEqual(half.color, Color(128, 128, 128))
            run.advance(to: 2)
            tree = run.snapshot()
            XCTAssertEqual(Self.background(tree)?.backgroundColor, Color(255, 255, 255))
            XCTAssertEqual(Self.background(tree)?.backdropBlurRadius, BarMaterial.blurRadius)
            XCTAssertEqual(Self.layer("navigationBar.hairline", in: tree)?.backgroundColor, Palette.forAppearance(.light).hairline)
        }
    }

    /// A scroll edge appearance with no background and white titles, a standard one with the
    /// default material and black titles: at the edge the titles are white, the material fades
    /// in over 10 pt of content under the bar and the titles' color with it.
    func testTheTitleColorCrossFadesFromTheScrollEdgeAppearance() {
        MainActor.assumeIsolated {
            let run = BarTests.run(
                {
                    let nav = BarTests.inbox(largeTitles: false)
                    let edge = UINavigationBarAppearance()
                    edge.configureWithTransparentBackground()
                    edge.titleTextAttributes = [.foregroundColor: UIColor.white]
                    let standard = UINavigationBarAppearance()
                    standard.titleTextAttributes = [.foregroundColor: UIColor.black]
                    nav.navigationBar.scrollEdgeAppearance = edge
                    nav.navigationBar.standardAppearance = standard
                    return nav
                }, offsets: [0, 5, 10])
            var colors: [Color] = []
            for frame in 0...2 {
                run.advance(to: frame)
                guard case .text(let t)? = Self.layer("navigationBar.title", in: run.snapshot())?.contents else { return XCTFail("no title") }
                colors.append(t.color)
            }
            XCTAssertEqual(colors, [Color(255, 255, 255), Color(128, 128, 128), Color(0, 0, 0)])
        }
    }

    // MARK: The status bar

    /// The status bar reads the deciding controller's preference when it comes and after
    /// setNeedsStatusBarAppearanceUpdate(), as UIKit does: a preference changed without the call
    /// is not drawn until the call; the bar's style changes it at once.
    func testTheStatusBarStyleChangesOnSetNeedsStatusBarAppearanceUpdate() {
        MainActor.assumeIsolated {
            final class Switching: UIViewController {
                var light = false
                override var preferredStatusBarStyle: UIStatusBarStyle { light ? .lightContent : .darkContent }
            }
            let screen = Switching()
            let run = BarTests.run({ screen }, offsets: [0])
            run.advance(to: 0)
            @MainActor func color() -> Color? {
                guard case .text(let time)? = Self.layer("statusBar.time", in: run.snapshot())?.contents else { return nil }
                return time.color
            }
            XCTAssertEqual(color(), .black)
            screen.light = true
            XCTAssertEqual(color(), .black, "not read again without the call")
            screen.setNeedsStatusBarAppearanceUpdate()
            XCTAssertEqual(color(), .white)
            let nav = UINavigationController(rootViewController: UIViewController())
            let run2 = BarTests.run({ nav }, offsets: [0])
            run2.advance(to: 0)
            nav.navigationBar.barStyle = .black
            guard case .text(let time)? = Self.layer("statusBar.time", in: run2.snapshot())?.contents else { return XCTFail("no time") }
            XCTAssertEqual(time.color, .white)
        }
    }

    /// `UIApplication.shared.statusBarStyle = .lightContent`, the pre-iOS 9 idiom real screens still
    /// carry (issue 41's corpus: a transparent-bar screen sets it in viewWillAppear): ignored while
    /// the controllers decide the status bar (Info.plist's UIViewControllerBasedStatusBarAppearance
    /// YES or absent, iOS's default), the status bar's style when the app sets that key to NO; and
    /// per run, so the next screen starts from the default.
    func testTheApplicationsStatusBarSettersTakeEffectOnlyWhenTheAppOptsOut() {
        MainActor.assumeIsolated {
            final class SettingTheApp: UIViewController {
                override func viewWillAppear(_ animated: Bool) {
                    super.viewWillAppear(animated)
                    UIApplication.shared.statusBarStyle = .lightContent
                }
            }
            @MainActor func timeColor(_ run: ScreenRun) -> Color? {
                guard case .text(let time)? = Self.layer("statusBar.time", in: run.snapshot())?.contents else { return nil }
                return time.color
            }
            let saved = UIApplication.viewControllerBasedStatusBarAppearance
            defer { UIApplication.viewControllerBasedStatusBarAppearance = saved }

            UIApplication.viewControllerBasedStatusBarAppearance = true
            let ignored = BarTests.run({ SettingTheApp() }, offsets: [0])
            ignored.advance(to: 0)
            XCTAssertEqual(timeColor(ignored), .black, "the controller's default style: iOS ignores the setter")

            UIApplication.viewControllerBasedStatusBarAppearance = false
            let honoured = BarTests.run({ SettingTheApp() }, offsets: [0])
            honoured.advance(to: 0)
            XCTAssertEqual(timeColor(honoured), .white)
            honoured.within {
                XCTAssertEqual(UIApplication.shared.statusBarStyle, .lightContent)
                UIApplication.shared.isStatusBarHidden = true
            }
            XCTAssertNil(Self.layer("statusBar.time", in: honoured.snapshot()), "hidden by the app")

            let next = BarTests.run({ UIViewController() }, offsets: [0])
            next.advance(to: 0)
            XCTAssertEqual(timeColor(next), .black, "the next run starts from the default style, shown")
        }
    }

    // MARK: Goldens

    /// The legacy idiom over the photo: pulled down (the photo stretched under the transparent
    /// bar and status bar, white title and +), half faded (grey ink, still transparent), scrolled
    /// (the material back with a white tint, black ink, the hairline).
    func testLegacyTransparentBarGolden() throws {
        try assertFrames(
            of: { UINavigationController(rootViewController: LegacyTransparentBarViewController()) },
            scenario: try scenario("legacy", offsets: [-80, 152, 400]), golden: BarTests.fixtures + "/golden/bar-legacy-transparent")
    }

    /// The appearance idiom: at rest (photo under a transparent bar), half faded (white at half
    /// alpha, grey ink), faded in (opaque white, black ink).
    func testAppearanceTransparentBarGolden() throws {
        try assertFrames(
            of: { UINavigationController(rootViewController: AppearanceTransparentBarViewController()) },
            scenario: try scenario("appearance", offsets: [0, 152, 400]), golden: BarTests.fixtures + "/golden/bar-appearance-transparent")
    }

    /// A strip placed in viewDidLoad from navigationBar.frame sits right under the bar.
    func testBarFrameGolden() throws {
        try assertFrames(
            of: { UINavigationController(rootViewController: FilterStripViewController()) },
            scenario: try scenario("strip", offsets: [0]), golden: BarTests.fixtures + "/golden/bar-frame")
    }

    func scenario(_ name: String, offsets: [Double]) throws -> String {
        let keyframes = (offsets + [offsets.last ?? 0]).enumerated().map { "    - {time: \($0.offset), offset: \($0.element), easing: linear}" }
            .joined(separator: "\n")
        let path = folder + "/\(name).yaml"
        try "device: iphone-15\nfps: 1\nscale: 1\ntimeline:\n  keyframes:\n\(keyframes)\n".write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}

import Foundation
import Raster
import RenderFramesKit
import Scene
import UIKit
import XCTest

/// An empty list under a bar: a scroll view as tall as the screen, 2000 pt of content, no indicator.
@MainActor class InboxViewController: UIViewController {
    let scroll = UIScrollView()
    var appeared = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Inbox"
        view.backgroundColor = .systemBackground
        scroll.frame = view.bounds
        scroll.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        scroll.showsVerticalScrollIndicator = false
        scroll.contentSize = CGSize(width: view.bounds.width, height: 2000)
        view.addSubview(scroll)
        navigationItem.leftBarButtonItem = UIBarButtonItem(barButtonSystemItem: .edit, target: nil, action: nil)
        navigationItem.rightBarButtonItem = UIBarButtonItem(barButtonSystemItem: .add, target: nil, action: nil)
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        appeared += 1
    }
}

/// Rows of labels under a large title with a search field, Edit and +, inside a tab bar controller.
@MainActor final class MailboxesViewController: InboxViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Mailboxes"
        navigationItem.searchController = UISearchController(searchResultsController: nil)
        let names = ["All Inboxes", "iCloud", "Gmail", "Work", "VIP", "Flagged", "Drafts", "Sent", "Junk", "Trash", "Archive"]
        for i in 0..<40 {
            let row = UILabel(frame: CGRect(x: 20, y: CGFloat(i) * 44, width: view.bounds.width - 40, height: 44))
            row.text = names[i % names.count]
            scroll.addSubview(row)
            let line = UIView(frame: CGRect(x: 20, y: CGFloat(i + 1) * 44 - 0.5, width: view.bounds.width - 20, height: 0.5))
            line.backgroundColor = .separator
            scroll.addSubview(line)
        }
        scroll.contentSize = CGSize(width: view.bounds.width, height: 40 * 44)
    }

    static func inTabs() -> UITabBarController {
        let nav = UINavigationController(rootViewController: MailboxesViewController())
        nav.navigationBar.prefersLargeTitles = true
        nav.tabBarItem = UITabBarItem(tabBarSystemItem: .favorites, tag: 0)
        let recents = UIViewController()
        recents.tabBarItem = UITabBarItem(tabBarSystemItem: .recents, tag: 1)
        recents.tabBarItem.badgeValue = "2"
        let contacts = UIViewController()
        contacts.tabBarItem = UITabBarItem(tabBarSystemItem: .contacts, tag: 2)
        let tabs = UITabBarController()
        tabs.viewControllers = [nav, recents, contacts]
        return tabs
    }
}

final class BarTests: XCTestCase {
    let folder = NSTemporaryDirectory() + "uikit-bars-\(getpid())"

    override func setUp() { try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
    override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

    /// A scenario file holding the motion: u at each second.
    func scenario(_ name: String, offsets: [Double], extra: String = "") throws -> String {
        let keyframes = (offsets + [offsets.last ?? 0]).enumerated().map { "    - {time: \($0.offset), offset: \($0.element), easing: linear}" }
            .joined(separator: "\n")
        let path = folder + "/\(name).yaml"
        try "device: iphone-15\nfps: 1\n\(extra)timeline:\n  keyframes:\n\(keyframes)\n".write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func frames(in directory: String) throws -> [Pixmap] {
        try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".png") }.sorted()
            .map { try ImageDecoder.decode(fileAt: directory + "/" + $0) }
    }

    /// The pixels that differ, and where the first is.
    func differences(_ a: Pixmap, _ b: Pixmap) -> (count: Int, first: (Int, Int)?) {
        guard a.width == b.width, a.height == b.height else { return (Int.max, nil) }
        var n = 0
        var first: (Int, Int)?
        for y in 0..<a.height {
            for x in 0..<a.width where a[x, y] != b[x, y] {
                n += 1
                if first == nil { first = (x, y) }
            }
        }
        return (n, first)
    }

    /// A screen run by hand at `offsets` (one a second), for its views' state.
    @MainActor static func run(
        _ make: @escaping @MainActor () -> UIViewController, offsets: [Double], orientation: Device.Orientation = .portrait
    ) -> ScreenRun {
        let settings = ScreenSettings(
            device: Device.named("iphone-15")!.oriented(orientation), appearance: .light, typography: .standard, fps: 1, imageFolders: [])
        let motion = KeyframeTimeline(
            keyframes: (offsets + [offsets.last ?? 0]).enumerated().map { .init(time: Double($0.offset), offset: $0.element, easing: .linear) })
        return ScreenRun(settings: settings, motion: motion, make: make)
    }

    static func layer(_ name: String, in root: Layer) -> Layer? {
        if root.name == name { return root }
        for sub in root.sublayers { if let found = layer(name, in: sub) { return found } }
        return nil
    }

    @MainActor static func inbox(largeTitles: Bool) -> UINavigationController {
        let nav = UINavigationController(rootViewController: InboxViewController())
        nav.navigationBar.prefersLargeTitles = largeTitles
        return nav
    }

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/uikit").path

    /// A navigation controller in a tab bar controller: large title, search field, bar buttons,
    /// the tab bar with a badge, at rest, collapsing and scrolled.
    func testBarsGolden() throws {
        try assertFrames(of: { MailboxesViewController.inTabs() }, scenario: Self.fixtures + "/bars.yaml", golden: Self.fixtures + "/golden/bars")
    }

    // MARK: The same bar from YAML and from UIKit

    /// A YAML standard bar with a large title, Edit and + and a UINavigationController with the
    /// same title and system items give the same pixels at rest, pulled, collapsing and collapsed.
    func testTheUIKitBarDrawsTheYAMLBarsPixels() throws {
        try assertSamePixels(
            yamlBar: "{style: standard, title: Inbox, largeTitle: true, leftItems: [{title: Edit}], rightItems: [{glyph: plus}]}",
            offsets: [0, -40, 20, 47, 200], make: { Self.inbox(largeTitles: true) })
    }

    /// The same in dark mode, pushed (a back button titled after the controller under it, Edit
    /// beside it) with a search field under the large title.
    func testThePushedBarWithASearchFieldDrawsTheYAMLBarsPixelsInDarkMode() throws {
        try assertSamePixels(
            yamlBar: "{style: standard, title: Inbox, largeTitle: true, backTitle: Mailboxes, searchBar: {placeholder: Find},"
                + " leftItems: [{title: Edit}], rightItems: [{glyph: plus}]}",
            offsets: [0, 30, 80, 200], appearance: "dark",
            make: {
                let root = UIViewController()
                root.title = "Mailboxes"
                let nav = UINavigationController(rootViewController: root)
                nav.navigationBar.prefersLargeTitles = true
                let inbox = InboxViewController()
                inbox.loadViewIfNeeded()
                inbox.navigationItem.leftItemsSupplementBackButton = true
                let search = UISearchController(searchResultsController: nil)
                search.searchBar.placeholder = "Find"
                inbox.navigationItem.searchController = search
                nav.pushViewController(inbox, animated: false)
                return nav
            })
    }

    /// Renders a YAML screen with `yamlBar` over an empty 2000 pt list and the UIKit screen at the
    /// same offsets, @1x, and requires every pixel of every frame to agree.
    func assertSamePixels(
        yamlBar: String, offsets: [Double], appearance: String = "light", textSize: String = "large",
        make: @escaping @MainActor () -> UIViewController, line: UInt = #line
    ) throws {
        let yaml = try scenario(
            "yaml", offsets: offsets,
            extra: """
                appearance: \(appearance)
                textSize: \(textSize)
                effect: none
                showsVerticalScrollIndicator: false
                scrollView: {contentHeight: 2000}
                rows: {count: 0}
                navigationBar: \(yamlBar)

                """)
        var settings = Render.Settings(scenario: yaml, outputDirectory: folder + "/yaml")
        settings.scale = 1
        _ = try Render(settings).run()
        let motion = try scenario("uikit", offsets: offsets, extra: "appearance: \(appearance)\ntextSize: \(textSize)\n")
        try renderFrames(of: make, scenario: motion, out: folder + "/uikit", scale: 1)
        let (a, b) = (try frames(in: folder + "/yaml"), try frames(in: folder + "/uikit"))
        XCTAssertEqual(a.count, offsets.count, line: line)
        XCTAssertEqual(b.count, offsets.count, line: line)
        for (i, (x, y)) in zip(a, b).enumerated() {
            let d = differences(x, y)
            XCTAssertEqual(
                d.count, 0, "frame \(i) (u = \(offsets[i])): \(d.count) pixels differ, the first at \(String(describing: d.first))", line: line)
        }
    }

    /// Symbols and tints: a YAML bar with `tint`, `symbol:` items (one with its own `tint`) and
    /// `scrollEdge: transparent`, and a UINavigationController whose bar has that tintColor and
    /// whose items are `UIImage(systemName:)` images (one made from a UIAction, with a tintColor;
    /// one with a menu), give the same pixels: at the transparent edge, half faded, scrolled; in
    /// light and dark, and at a larger text size (bar symbols do not follow Dynamic Type).
    func testSymbolItemsAndTintsDrawTheYAMLBarsPixels() throws {
        let bar =
            "{style: standard, title: Inbox, tint: systemPink, scrollEdge: transparent, leftItems: [{title: Edit}], "
            + "rightItems: [{symbol: heart.fill, tint: systemRed}, {symbol: square.and.arrow.up}, {symbol: trash}]}"
        for (appearance, textSize) in [("light", "large"), ("dark", "large"), ("light", "xxxLarge")] {
            try assertSamePixels(yamlBar: bar, offsets: [0, 5, 200], appearance: appearance, textSize: textSize, make: { Self.symbolInbox() })
        }
    }

    /// A YAML tab bar with `symbol:` items and `scrollEdge: transparent` and a UITabBarController
    /// whose items are `UIImage(systemName:)` images, over the same 2000 pt of content: the same
    /// pixels with the bar's material in, half faded and gone at the content's bottom edge.
    func testTabSymbolsAndTheBottomScrollEdgeDrawTheYAMLBarsPixels() throws {
        // The range ends at 2000 + 59 + 83 - 852 = 1290 (the safe area's top and the tab bar's
        // full height as insets): the content's bottom meets the bar's top.
        let offsets = [0.0, 1275, 1285, 1290]
        let yaml = try scenario(
            "yaml-tabs", offsets: offsets,
            extra: """
                effect: none
                showsVerticalScrollIndicator: false
                scrollView: {contentHeight: 2000}
                rows: {count: 0}
                navigationBar: false
                tabBar: {scrollEdge: transparent, tint: systemPink, items: [{title: Inbox, symbol: tray}, {title: Starred, symbol: star.fill}]}

                """)
        var settings = Render.Settings(scenario: yaml, outputDirectory: folder + "/yaml-tabs")
        settings.scale = 1
        settings.includeLayout = true
        _ = try Render(settings).run()
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/yaml-tabs/manifest.json")))
        let frames = (manifest as! [String: Any])["frames"] as! [[String: Any]]
        XCTAssertEqual(frames.map { ($0["metrics"] as! [String: Double])["tabBarBackgroundAlpha"] }, [1, 1, 0.5, 0])
        let motion = try scenario("uikit-tabs", offsets: offsets)
        try renderFrames(
            of: {
                let inbox = InboxViewController()
                inbox.tabBarItem = UITabBarItem(title: "Inbox", image: UIImage(systemName: "tray"), tag: 0)
                let starred = UIViewController()
                starred.tabBarItem = UITabBarItem(title: "Starred", image: UIImage(systemName: "star.fill"), tag: 1)
                let tabs = UITabBarController()
                tabs.viewControllers = [inbox, starred]
                tabs.tabBar.tintColor = .systemPink
                return tabs
            }, scenario: motion, out: folder + "/uikit-tabs", scale: 1)
        let (a, b) = (try self.frames(in: folder + "/yaml-tabs"), try self.frames(in: folder + "/uikit-tabs"))
        XCTAssertEqual(a.count, offsets.count)
        XCTAssertEqual(b.count, offsets.count)
        for (i, (x, y)) in zip(a, b).enumerated() {
            let d = differences(x, y)
            XCTAssertEqual(d.count, 0, "frame \(i) (u = \(offsets[i])): \(d.count) pixels differ, the first at \(String(describing: d.first))")
        }
    }

    /// The inbox with the bar's tint, a heart from a UIAction in its own tint, a share button with a
    /// menu and the trash system item.
    @MainActor static func symbolInbox() -> UINavigationController {
        let inbox = InboxViewController()
        let nav = UINavigationController(rootViewController: inbox)
        nav.navigationBar.tintColor = .systemPink
        inbox.loadViewIfNeeded()
        let heart = UIBarButtonItem(primaryAction: UIAction(title: "Like", image: UIImage(systemName: "heart.fill")) { _ in })
        heart.title = nil
        heart.tintColor = .systemRed
        let share = UIBarButtonItem(
            image: UIImage(systemName: "square.and.arrow.up"),
            menu: UIMenu(title: "Share", children: [UIAction(title: "Copy Link") { _ in }, UIAction(title: "Mail") { _ in }]))
        inbox.navigationItem.rightBarButtonItems = [heart, share, UIBarButtonItem(systemItem: .trash)]
        return nav
    }

    /// UIAction and UIMenu keep what they are given; a primary action gives its item its title and
    /// image (not a system item's); the handler is stored, never called by a render.
    func testActionsAndMenusAreKeptAndNotCalled() throws {
        MainActor.assumeIsolated {
            var calls = 0
            let action = UIAction(
                title: "Like", subtitle: "Tap", image: UIImage(systemName: "heart"), identifier: UIAction.Identifier("like"),
                attributes: [.destructive], state: .on
            ) { _ in calls += 1 }
            XCTAssertEqual(action.title, "Like")
            XCTAssertEqual(action.subtitle, "Tap")
            XCTAssertEqual(action.identifier, UIAction.Identifier(rawValue: "like"))
            XCTAssertEqual(action.attributes, [.destructive])
            XCTAssertTrue(action.image?.isSymbolImage ?? false)
            XCTAssertNotEqual(UIAction { _ in }.identifier, UIAction { _ in }.identifier, "made identifiers are unique")
            let item = UIBarButtonItem(title: "Old", image: nil, primaryAction: action)
            XCTAssertEqual(item.title, "Like", "the action's title replaces the one given")
            XCTAssertTrue(item.image === action.image)
            XCTAssertTrue(item.primaryAction === action)
            let system = UIBarButtonItem(systemItem: .add, primaryAction: action)
            XCTAssertNil(system.title, "a system item keeps its own look")
            XCTAssertNil(system.image)
            let off = UIAction(title: "Off") { _ in }
            let inner = UIMenu(title: "More", options: .displayInline, children: [action])
            let menu = UIMenu(title: "Menu", image: UIImage(systemName: "ellipsis.circle"), options: [.singleSelection], children: [off, inner])
            XCTAssertEqual(menu.children.count, 2)
            XCTAssertEqual(menu.options, [.singleSelection])
            XCTAssertEqual(menu.preferredElementSize, .automatic)
            XCTAssertEqual(menu.selectedElements.map(\.title), ["Like"])
            let replaced = menu.replacingChildren([off])
            XCTAssertEqual(replaced.title, "Menu")
            XCTAssertEqual(replaced.identifier, menu.identifier)
            XCTAssertEqual(replaced.children.count, 1)
            let withMenu = UIBarButtonItem(title: "Sort", menu: menu)
            XCTAssertTrue(withMenu.menu === menu)
            XCTAssertEqual(withMenu.title, "Sort")
            let targeted = UIBarButtonItem(title: "Go", image: nil, target: nil, action: nil, menu: menu)
            XCTAssertTrue(targeted.menu === menu)
            // The bar draws the items; a render calls no handler.
            let run = Self.run(
                {
                    let nav = Self.inbox(largeTitles: false)
                    nav.topViewController!.loadViewIfNeeded()
                    nav.topViewController!.navigationItem.rightBarButtonItems = [item, withMenu]
                    return nav
                }, offsets: [0, 100])
            run.advance(to: 1)
            let tree = run.snapshot()
            XCTAssertEqual(Self.layer("navigationBar.right.0", in: tree)?.frame.width, 30, "the action's image is the item's")
            XCTAssertNotNil(Self.layer("navigationBar.right.1", in: tree))
            XCTAssertEqual(calls, 0)
        }
    }

    // MARK: The large title

    /// The bar is status bar + 44 + 52 at rest, loses one point per point scrolled, and the inline
    /// title fades in over the large title's last 10 pt; pulled, the bar grows.
    func testTheLargeTitleCollapsesIntoTheInlineTitle() {
        MainActor.assumeIsolated {
            let run = Self.run({ Self.inbox(largeTitles: true) }, offsets: [0, 20, 47, 100, -30])
            var heights: [CGFloat] = [], areas: [Double] = [], titleAlpha: [Double] = []
            for frame in 0..<5 {
                run.advance(to: frame)
                let nav = run.window.rootViewController as! UINavigationController
                heights.append(nav.navigationBar.frame.height)
                XCTAssertEqual(nav.navigationBar.frame.minY, 54)
                let tree = run.snapshot()
                titleAlpha.append(Self.layer("navigationBar.title", in: tree)?.opacity ?? 0)
                areas.append(Self.layer("navigationBar.largeTitleArea", in: tree)?.bounds.height ?? -1)
            }
            XCTAssertEqual(heights, [96, 76, 49, 44, 126])
            XCTAssertEqual(areas, [52, 32, 5, 0, 82])
            XCTAssertEqual(titleAlpha, [0, 0, 0.5, 1, 0])
        }
    }

    /// Without prefersLargeTitles, or with largeTitleDisplayMode .never, the bar is the 44 pt row.
    func testNeverAndNoPreferenceGiveTheInlineBar() {
        MainActor.assumeIsolated {
            let run = Self.run(
                {
                    let nav = Self.inbox(largeTitles: true)
                    nav.topViewController!.navigationItem.largeTitleDisplayMode = .never
                    return nav
                }, offsets: [0, 0])
            run.advance(to: 1)
            XCTAssertEqual((run.window.rootViewController as! UINavigationController).navigationBar.frame.height, 44)
            XCTAssertNil(Self.layer("largeTitle", in: run.snapshot()))
        }
    }

    // MARK: Appearances

    /// At the scroll edge the default bar draws no background or hairline (iOS 15+); scrolled
    /// 10 pt under it, the standard appearance's material is fully in.
    func testTheScrollEdgeAppearanceIsTransparentAndTheStandardOneFadesIn() {
        MainActor.assumeIsolated {
            let run = Self.run({ Self.inbox(largeTitles: false) }, offsets: [0, 5, 30])
            var alphas: [Double] = []
            for frame in 0..<3 {
                run.advance(to: frame)
                alphas.append(Self.layer("navigationBar.background", in: run.snapshot())?.opacity ?? 0)
            }
            XCTAssertEqual(alphas, [0, 0.5, 1])
        }
    }

    /// A scroll edge appearance with a background of its own is drawn at the edge; the standard
    /// one (here opaque red, with a white title) once scrolled.
    func testAnExplicitScrollEdgeAppearanceIsShownAtTheEdge() {
        MainActor.assumeIsolated {
            let run = Self.run(
                {
                    let nav = Self.inbox(largeTitles: false)
                    let edge = UINavigationBarAppearance()
                    edge.configureWithOpaqueBackground()
                    edge.backgroundColor = .systemYellow
                    let standard = UINavigationBarAppearance()
                    standard.configureWithOpaqueBackground()
                    standard.backgroundColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
                    standard.titleTextAttributes = [.foregroundColor: UIColor.white]
                    standard.shadowColor = nil
                    nav.navigationBar.standardAppearance = standard
                    nav.navigationBar.scrollEdgeAppearance = edge
                    return nav
                }, offsets: [0, 100])
            run.advance(to: 0)
            // Without a large title the bar is the plain one: its background on the bar itself.
            var tree = run.snapshot()
            XCTAssertEqual(Self.layer("navigationBar", in: tree)?.backgroundColor, UIColorProbe.color(.systemYellow))
            run.advance(to: 1)
            tree = run.snapshot()
            XCTAssertEqual(Self.layer("navigationBar", in: tree)?.backgroundColor, Color(255, 0, 0))
            XCTAssertEqual(Self.layer("navigationBar.hairline", in: tree)?.backgroundColor, Color.clear)
            guard case .text(let t)? = Self.layer("navigationBar.title", in: tree)?.contents else { return XCTFail("no title") }
            XCTAssertEqual(t.color, Color(255, 255, 255))
        }
    }

    /// A bar tint colors the bar buttons; an item's own tint wins over it.
    func testTintColorsTheBarButtons() {
        MainActor.assumeIsolated {
            let run = Self.run(
                {
                    let nav = Self.inbox(largeTitles: false)
                    nav.navigationBar.tintColor = UIColor(red: 0, green: 0.5, blue: 0, alpha: 1)
                    nav.topViewController!.loadViewIfNeeded()
                    nav.topViewController!.navigationItem.rightBarButtonItem!.tintColor = UIColor(red: 1, green: 0, blue: 1, alpha: 1)
                    return nav
                }, offsets: [0, 0])
            run.advance(to: 0)
            let tree = run.snapshot()
            guard case .text(let edit)? = Self.layer("navigationBar.left.0", in: tree)?.contents else { return XCTFail("no Edit") }
            XCTAssertEqual(edit.text, "Edit")
            XCTAssertEqual(edit.color, Color(0, 128, 0))
            guard case .shapes(let plus)? = Self.layer("navigationBar.right.0", in: tree)?.contents else { return XCTFail("no +") }
            XCTAssertEqual(plus.first?.1, Color(255, 0, 255))
        }
    }

    // MARK: Safe area and insets

    /// The controller under the bar has the bar at rest as its top safe area, and its scroll view
    /// rests under it; a tab bar makes the bottom; a hidden bar gives the status bar's back.
    func testSafeAreaAndAdjustedInsetsFollowTheBars() {
        MainActor.assumeIsolated {
            let inbox = InboxViewController()
            let run = Self.run(
                {
                    let nav = UINavigationController(rootViewController: inbox)
                    nav.navigationBar.prefersLargeTitles = true
                    let tabs = UITabBarController()
                    nav.tabBarItem = UITabBarItem(tabBarSystemItem: .favorites, tag: 0)
                    let other = UIViewController()
                    other.tabBarItem = UITabBarItem(title: "Other", image: nil, tag: 1)
                    tabs.viewControllers = [nav, other]
                    return tabs
                }, offsets: [0, 100])
            run.advance(to: 0)
            XCTAssertEqual(inbox.view.safeAreaInsets.top, 150)
            XCTAssertEqual(inbox.view.safeAreaInsets.bottom, 83)
            XCTAssertEqual(inbox.scroll.adjustedContentInset.top, 150)
            XCTAssertEqual(inbox.scroll.adjustedContentInset.bottom, 83)
            XCTAssertEqual(inbox.scroll.contentOffset.y, -150)
            run.advance(to: 1)
            XCTAssertEqual(inbox.scroll.contentOffset.y, -50)
            XCTAssertEqual(inbox.scroll.adjustedContentInset.top, 150, "the inset stays while the large title collapses")
            XCTAssertEqual(inbox.navigationController?.navigationBar.frame.maxY, 98)
            inbox.navigationController?.isNavigationBarHidden = true
            run.advance(to: 1)
            XCTAssertEqual(inbox.view.safeAreaInsets.top, 59)
            XCTAssertEqual(inbox.tabBarController?.selectedIndex, 0)
        }
    }

    // MARK: The stack

    /// A pushed controller is shown with a back button titled after the one under it; the one
    /// under it is not told it appears.
    func testPushShowsTheTopControllerWithABackButton() {
        MainActor.assumeIsolated {
            let root = InboxViewController()
            root.title = "Inbox"
            let detail = UIViewController()
            detail.title = "Message"
            let run = Self.run(
                {
                    let nav = UINavigationController(rootViewController: root)
                    nav.pushViewController(detail, animated: false)
                    return nav
                }, offsets: [0, 0])
            run.advance(to: 0)
            let nav = detail.navigationController!
            XCTAssertTrue(nav.topViewController === detail)
            XCTAssertEqual(nav.viewControllers.count, 2)
            XCTAssertTrue(detail.view.superview === nav.view)
            XCTAssertNil(root.viewIfLoaded?.superview)
            XCTAssertEqual(root.appeared, 0)
            let tree = run.snapshot()
            guard case .text(let back)? = Self.layer("navigationBar.back.title", in: tree)?.contents else { return XCTFail("no back button") }
            XCTAssertEqual(back.text, "Inbox")
            guard case .text(let title)? = Self.layer("navigationBar.title", in: tree)?.contents else { return XCTFail("no title") }
            XCTAssertEqual(title.text, "Message")
            XCTAssertEqual(nav.navigationBar.backItem?.title, "Inbox", "a controller's title is its navigation item's")
            XCTAssertEqual(nav.popViewController(animated: false), detail)
            XCTAssertTrue(root.view.superview === nav.view)
        }
    }

    // MARK: The tab bar

    /// The tab bar draws its items as Scene's tab bar does, the selected one in the tint, with a
    /// badge; only the selected controller appears.
    func testTheTabBarDrawsItsItemsAndShowsTheSelectedController() {
        MainActor.assumeIsolated {
            let first = InboxViewController(), second = InboxViewController()
            let run = Self.run(
                {
                    let tabs = UITabBarController()
                    first.tabBarItem = UITabBarItem(title: "Mail", image: nil, tag: 0)
                    second.tabBarItem = UITabBarItem(tabBarSystemItem: .contacts, tag: 1)
                    second.tabBarItem.badgeValue = "3"
                    tabs.viewControllers = [first, second]
                    tabs.selectedIndex = 1
                    return tabs
                }, offsets: [0, 0])
            run.advance(to: 0)
            XCTAssertEqual(first.appeared, 0)
            XCTAssertEqual(second.appeared, 1)
            let tabs = second.tabBarController!
            XCTAssertEqual(tabs.tabBar.frame, CGRect(x: 0, y: 852 - 83, width: 393, height: 83))
            let tree = run.snapshot()
            let palette = Palette.forAppearance(.light)
            guard case .text(let mail)? = Self.layer("tabBar.item.0.title", in: tree)?.contents,
                case .text(let contacts)? = Self.layer("tabBar.item.1.title", in: tree)?.contents
            else { return XCTFail("no items") }
            XCTAssertEqual(mail.text, "Mail")
            XCTAssertEqual(contacts.text, "Contacts")
            XCTAssertEqual(contacts.color, palette.systemBlue)
            XCTAssertNotEqual(mail.color, palette.systemBlue)
            let badge = tabs.tabBar.subviews.compactMap { $0 as? UILabel }.first
            XCTAssertEqual(badge?.text, "3")
            XCTAssertEqual(badge?.frame.height, 18)
        }
    }

    /// iOS 15+: the tab bar is transparent while the content's bottom is at its top edge (and over a
    /// screen without a scroll view); content under it brings in the standard material.
    func testTheTabBarIsTransparentAtTheBottomScrollEdge() {
        MainActor.assumeIsolated {
            let inbox = InboxViewController()
            let run = Self.run(
                {
                    let tabs = UITabBarController()
                    tabs.viewControllers = [inbox, UIViewController()]
                    return tabs
                }, offsets: [0, 1285, 1290, 1290])
            var alphas: [UInt8] = [], blurs: [Double] = []
            for frame in 0..<3 {
                run.advance(to: frame)
                let bar = Self.layer("tabBar", in: run.snapshot())
                alphas.append(bar?.backgroundColor?.a ?? 255)
                blurs.append(bar?.backdropBlurRadius ?? -1)
            }
            XCTAssertEqual(inbox.scroll.contentOffset.y, 2000 + 83 - 852)
            XCTAssertEqual(alphas, [204, 102, 0])
            XCTAssertEqual(blurs, [10, 5, 0])
            inbox.tabBarController?.selectedIndex = 1
            XCTAssertEqual(Self.layer("tabBar", in: run.snapshot())?.backgroundColor?.a, 0, "no scroll view: at the edge")
        }
    }

    /// An image item is drawn by a UIImageView in the slot the bar leaves for it, a custom view is
    /// moved into its slot, a title view is centred in the row; a tab's image sits where a glyph would.
    func testImagesCustomViewsAndTitleViewsGoWhereTheBarPutsThem() {
        MainActor.assumeIsolated {
            let image = UIImage(contentsOfFile: Self.fixtures + "/../images/coffee.png")!
            let custom = UIView(frame: CGRect(x: 0, y: 0, width: 60, height: 30))
            let titleView = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 30))
            let inbox = InboxViewController()
            let run = Self.run(
                {
                    inbox.loadViewIfNeeded()
                    inbox.navigationItem.rightBarButtonItems = [
                        UIBarButtonItem(image: image, style: .plain, target: nil, action: nil), UIBarButtonItem(customView: custom),
                    ]
                    inbox.navigationItem.titleView = titleView
                    inbox.tabBarItem = UITabBarItem(title: "Coffee", image: image, tag: 0)
                    let nav = UINavigationController(rootViewController: inbox)
                    let tabs = UITabBarController()
                    tabs.viewControllers = [nav, UIViewController()]
                    return tabs
                }, offsets: [0, 0])
            run.advance(to: 0)
            let bar = inbox.navigationController!.navigationBar
            let tree = run.snapshot()
            func frame(_ name: String) -> CGRect? {
                Self.layer(name, in: tree).map { CGRect(x: $0.frame.minX, y: $0.frame.minY, width: $0.frame.width, height: $0.frame.height) }
            }
            let imageView = bar.subviews.compactMap { $0 as? UIImageView }.first
            XCTAssertEqual(imageView?.frame, frame("navigationBar.right.0").map { $0.offsetBy(dx: 0, dy: -54) })
            XCTAssertEqual(imageView?.image?.renderingMode, .alwaysTemplate)
            XCTAssertTrue(custom.superview === bar)
            XCTAssertEqual(custom.frame.minX, frame("navigationBar.right.1")?.minX)
            XCTAssertEqual(custom.frame.midY, 22)
            XCTAssertEqual(frame("navigationBar.right.0")?.width, 30)
            XCTAssertEqual(frame("navigationBar.right.1")?.width, 60)
            XCTAssertTrue(titleView.superview === bar)
            XCTAssertEqual(titleView.center, CGPoint(x: 196.5, y: 22))
            XCTAssertNil(Self.layer("navigationBar.title", in: tree), "a title view replaces the title")
            let tabs = inbox.tabBarController!.tabBar
            let tabImage = tabs.subviews.compactMap { $0 as? UIImageView }.first
            XCTAssertEqual(tabImage?.frame, frame("tabBar.item.0.image"))
            XCTAssertEqual(tabImage?.frame.width, 25)
        }
    }

    /// Over a navigation controller the status bar follows the bar's style; with the bar hidden,
    /// the top controller's preference.
    func testTheStatusBarFollowsTheBarStyle() {
        MainActor.assumeIsolated {
            final class Light: UIViewController {
                override var preferredStatusBarStyle: UIStatusBarStyle { .lightContent }
            }
            let run = Self.run({ UINavigationController(rootViewController: Light()) }, offsets: [0, 0])
            run.advance(to: 0)
            let nav = run.window.rootViewController as! UINavigationController
            XCTAssertEqual(run.within { UIApplication.shared.statusBarStyle }, .default)
            nav.navigationBar.barStyle = .black
            XCTAssertEqual(run.within { UIApplication.shared.statusBarStyle }, .lightContent)
            nav.navigationBar.barStyle = .default
            nav.isNavigationBarHidden = true
            XCTAssertEqual(run.within { UIApplication.shared.statusBarStyle }, .lightContent)
        }
    }

    /// An iPhone in landscape: the 32 pt row with no status bar, no large title, the compact appearance.
    func testLandscapeShowsTheCompactBarInItsCompactAppearance() {
        MainActor.assumeIsolated {
            let run = Self.run(
                {
                    let nav = Self.inbox(largeTitles: true)
                    let compact = UINavigationBarAppearance()
                    compact.configureWithOpaqueBackground()
                    compact.backgroundColor = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
                    nav.navigationBar.compactAppearance = compact
                    return nav
                }, offsets: [0, 100], orientation: .landscape)
            run.advance(to: 1)
            let nav = run.window.rootViewController as! UINavigationController
            XCTAssertEqual(nav.navigationBar.frame, CGRect(x: 0, y: 0, width: 852, height: 32))
            XCTAssertEqual(run.within { nav.topViewController!.view.safeAreaInsets.top }, 32)
            let tree = run.snapshot()
            XCTAssertNil(Self.layer("largeTitle", in: tree))
            XCTAssertEqual(Self.layer("navigationBar.background", in: tree)?.backgroundColor, Color(0, 0, 255))
        }
    }

    /// A system item without a word or one of the bar's glyphs (trash, compose) shows its SF Symbol
    /// in an image view in its slot, in the bar's tint; a tab's `UIImage(systemName:)` likewise.
    func testSystemItemsAndTabsShowTheirSymbols() {
        MainActor.assumeIsolated {
            let inbox = InboxViewController()
            let run = Self.run(
                {
                    inbox.loadViewIfNeeded()
                    inbox.navigationItem.rightBarButtonItems = [UIBarButtonItem(barButtonSystemItem: .trash, target: nil, action: nil)]
                    let tabs = UITabBarController()
                    tabs.viewControllers = [UINavigationController(rootViewController: inbox), UIViewController()]
                    // Replaced after the tab bar controller has its controllers: the bar shows the new one.
                    inbox.tabBarItem = UITabBarItem(title: "Mail", image: UIImage(systemName: "tray"), tag: 0)
                    return tabs
                }, offsets: [0, 0])
            run.advance(to: 0)
            let bar = inbox.navigationController!.navigationBar
            let trash = bar.subviews.compactMap { $0 as? UIImageView }.first
            XCTAssertNotNil(trash?.image)
            XCTAssertEqual(trash?.frame.width, 30)
            let tree = run.snapshot()
            XCTAssertEqual(Self.layer("navigationBar.right.0", in: tree)?.frame.width, 30)
            let tab = inbox.tabBarController!.tabBar.subviews.compactMap { $0 as? UIImageView }.first
            XCTAssertNotNil(tab?.image)
        }
    }
}

/// A UIColor as drawn in light mode.
@MainActor enum UIColorProbe {
    static func color(_ c: UIColor) -> Color {
        var (red, green, blue, alpha): (CGFloat, CGFloat, CGFloat, CGFloat) = (0, 0, 0, 0)
        _ = c.resolvedColor(with: UITraitCollection(userInterfaceStyle: .light)).getRed(&red, green: &green, blue: &blue, alpha: &alpha)
        func byte(_ v: CGFloat) -> Int { Int((min(max(Double(v), 0), 1) * 255).rounded()) }
        return Color(byte(red), byte(green), byte(blue), alpha: Double(alpha))
    }
}

import Scene
import UIKit
import XCTest

/// A label that follows Dynamic Type as Apple documents it: its font set again in
/// `traitCollectionDidChange(_:)` from `preferredFont(forTextStyle:)`.
@MainActor final class DynamicTypeLabel: UILabel {
    var log: ((String) -> Void)?
    var previous: [UITraitCollection?] = []
    override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        previous.append(previousTraitCollection)
        log?("label.traitCollectionDidChange")
        font = .preferredFont(forTextStyle: .body)
    }
}

/// A screen that logs UIKit's calls in the order they come.
@MainActor final class CallLogViewController: UIViewController {
    var calls: [String] = []
    var previous: [UITraitCollection?] = []
    let label = DynamicTypeLabel()
    let pinned = InsetsLoggingView()

    override func viewDidLoad() {
        super.viewDidLoad()
        calls.append("viewDidLoad")
        label.text = "Body"
        label.font = .systemFont(ofSize: 17)
        label.log = { [unowned self] in calls.append($0) }
        view.addSubview(label)
        pinned.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        pinned.log = { [unowned self] in calls.append($0) }
        view.addSubview(pinned)
    }
    override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        previous.append(previousTraitCollection)
        calls.append("traitCollectionDidChange")
    }
    override func viewWillAppear(_ animated: Bool) { calls.append("viewWillAppear") }
    override func viewSafeAreaInsetsDidChange() { calls.append("viewSafeAreaInsetsDidChange") }
    override func viewLayoutMarginsDidChange() { calls.append("viewLayoutMarginsDidChange") }
    override func viewWillLayoutSubviews() { if !calls.contains("viewWillLayoutSubviews") { calls.append("viewWillLayoutSubviews") } }
    override func viewDidLayoutSubviews() { if !calls.contains("viewDidLayoutSubviews") { calls.append("viewDidLayoutSubviews") } }
    override func viewDidAppear(_ animated: Bool) { calls.append("viewDidAppear") }
}

/// A view at the top of the screen, under the status bar: its safe area and margins change.
@MainActor final class InsetsLoggingView: UIView {
    var log: ((String) -> Void)?
    override func safeAreaInsetsDidChange() { log?("pinned.safeAreaInsetsDidChange \(Int(safeAreaInsets.top))") }
    override func layoutMarginsDidChange() { log?("pinned.layoutMarginsDidChange") }
}

/// Trait changes, safe-area and margins callbacks as UIKit makes them.
final class TraitChangeTests: XCTestCase {
    @MainActor static func run(
        appearance: Appearance = .light, textSize: ContentSizeCategory = .large, device: String = "iphone-15",
        _ make: @escaping @MainActor () -> UIViewController
    ) -> ScreenRun {
        let typography = textSize == .large ? Typography.standard : Typography.standard.with(textSize: textSize)
        let settings = ScreenSettings(device: Device.named(device)!, appearance: appearance, typography: typography, fps: 1, imageFolders: [])
        let motion = KeyframeTimeline(keyframes: [.init(time: 0, offset: 0, easing: .linear), .init(time: 2, offset: 0, easing: .linear)])
        return ScreenRun(settings: settings, motion: motion, make: make)
    }

    /// A screen in a dark window at Accessibility Extra Large: the view controller, then its
    /// label, hear of it when the view enters the window (previous: light, Large); the label's
    /// font set there from preferredFont(forTextStyle: .body) is 40 pt, the HIG's body size at
    /// AX3 (17 pt at Large).
    func testTraitsDifferingFromTheDefaultsAreDeliveredWhenTheViewEntersTheWindow() {
        MainActor.assumeIsolated {
            let vc = CallLogViewController()
            let run = Self.run(appearance: .dark, textSize: .accessibility3) { vc }
            run.advance(to: 0)
            XCTAssertEqual(vc.label.font.pointSize, 40)
            XCTAssertEqual(vc.previous.count, 1)
            XCTAssertEqual(vc.previous.first??.userInterfaceStyle, .light)
            XCTAssertEqual(vc.previous.first??.preferredContentSizeCategory, .large)
            XCTAssertEqual(vc.label.previous.count, 1)
            let traits = run.within { vc.label.traitCollection }
            XCTAssertEqual(traits.userInterfaceStyle, .dark)
            XCTAssertEqual(traits.preferredContentSizeCategory, .accessibilityExtraLarge)
            let order = vc.calls.filter { ["traitCollectionDidChange", "label.traitCollectionDidChange", "viewWillLayoutSubviews"].contains($0) }
            XCTAssertEqual(order, ["traitCollectionDidChange", "label.traitCollectionDidChange", "viewWillLayoutSubviews"])
            // Once: later frames change nothing.
            run.advance(to: 2)
            XCTAssertEqual(vc.previous.count, 1)
            XCTAssertEqual(vc.label.previous.count, 1)
        }
    }

    /// In a window with the default traits (light, Large) nothing changes: no call.
    func testNoCallWhenTheWindowHasTheDefaultTraits() {
        MainActor.assumeIsolated {
            let vc = CallLogViewController()
            Self.run { vc }.advance(to: 1)
            XCTAssertEqual(vc.previous.count, 0)
            XCTAssertEqual(vc.label.previous.count, 0)
            XCTAssertEqual(vc.label.font.pointSize, 17)
        }
    }

    /// UIKit's order on a notched phone: viewWillAppear, viewSafeAreaInsetsDidChange,
    /// viewLayoutMarginsDidChange, viewWillLayoutSubviews, viewDidLayoutSubviews, viewDidAppear;
    /// a subview under the status bar hears of its 59 pt top inset before it is laid out.
    func testSafeAreaAndMarginsCallbacksComeBeforeTheFirstLayout() {
        MainActor.assumeIsolated {
            let vc = CallLogViewController()
            Self.run { vc }.advance(to: 1)
            let controller = vc.calls.filter { !$0.hasPrefix("pinned") && !$0.hasPrefix("label") }
            XCTAssertEqual(
                controller,
                [
                    "viewDidLoad", "viewWillAppear", "viewSafeAreaInsetsDidChange", "viewLayoutMarginsDidChange", "viewWillLayoutSubviews",
                    "viewDidLayoutSubviews", "viewDidAppear",
                ])
            XCTAssertEqual(vc.calls.filter { $0.hasPrefix("pinned.safeArea") }, ["pinned.safeAreaInsetsDidChange 59"])
            XCTAssertEqual(vc.calls.filter { $0 == "pinned.layoutMarginsDidChange" }.count, 1)
        }
    }

    /// overrideUserInterfaceStyle on the view controller: its traitCollectionDidChange and its
    /// views' are called with the light collection at the next layout; a registration for the
    /// style runs, one for the size class does not.
    func testOverrideUserInterfaceStyleAndRegistrations() {
        MainActor.assumeIsolated {
            let vc = CallLogViewController()
            let run = Self.run { vc }
            run.advance(to: 0)
            var styleChanges: [(UIUserInterfaceStyle, UIUserInterfaceStyle)] = []
            var sizeClassChanges = 0
            vc.label.registerForTraitChanges([UITraitUserInterfaceStyle.self]) { (label: DynamicTypeLabel, previous: UITraitCollection) in
                styleChanges.append((previous.userInterfaceStyle, label.traitCollection.userInterfaceStyle))
            }
            vc.registerForTraitChanges([UITraitHorizontalSizeClass.self]) { (_: CallLogViewController, _: UITraitCollection) in
                sizeClassChanges += 1
            }
            vc.overrideUserInterfaceStyle = .dark
            run.advance(to: 1)
            XCTAssertEqual(vc.previous.map { $0?.userInterfaceStyle }, [.light])
            XCTAssertEqual(vc.label.previous.map { $0?.userInterfaceStyle }, [.light])
            XCTAssertEqual(styleChanges.map { "\($0.0.rawValue)->\($0.1.rawValue)" }, ["1->2"])
            XCTAssertEqual(sizeClassChanges, 0)
        }
    }

    /// setOverrideTraitCollection(_:forChild:) reaches the child and its views, not the parent;
    /// the child's label gets the accessibility size (AX5 body: 53 pt).
    func testOverrideTraitCollectionForChild() {
        MainActor.assumeIsolated {
            let child = CallLogViewController()
            let parent = UIViewController()
            let run = Self.run {
                parent.addChild(child)
                parent.view.addSubview(child.view)
                child.didMove(toParent: parent)
                return parent
            }
            run.advance(to: 0)
            XCTAssertEqual(child.label.font.pointSize, 17)
            parent.setOverrideTraitCollection(
                UITraitCollection(preferredContentSizeCategory: .accessibilityExtraExtraExtraLarge), forChild: child)
            run.advance(to: 1)
            XCTAssertEqual(child.previous.map { $0?.preferredContentSizeCategory }, [.large])
            XCTAssertEqual(child.label.font.pointSize, 53)
            XCTAssertEqual(parent.traitCollection.preferredContentSizeCategory, .large)
            XCTAssertTrue(parent.overrideTraitCollection(forChild: child)?.preferredContentSizeCategory == .accessibilityExtraExtraExtraLarge)
        }
    }

    /// iOS 17's traitOverrides on a view: its subviews' traits change, a sibling's do not.
    func testTraitOverridesOnAView() {
        MainActor.assumeIsolated {
            let box = UIView(), inside = DynamicTypeLabel(), sibling = DynamicTypeLabel()
            let vc = ControlsHostViewController { root in
                root.addSubview(box)
                box.addSubview(inside)
                root.addSubview(sibling)
            }
            let run = Self.run { vc }
            run.advance(to: 0)
            box.traitOverrides.userInterfaceStyle = .dark
            XCTAssertTrue(box.traitOverrides.contains(UITraitUserInterfaceStyle.self))
            run.advance(to: 1)
            XCTAssertEqual(inside.previous.map { $0?.userInterfaceStyle }, [.light])
            XCTAssertEqual(inside.traitCollection.userInterfaceStyle, .dark)
            XCTAssertEqual(sibling.previous.count, 0)
            box.traitOverrides.remove(UITraitUserInterfaceStyle.self)
            run.advance(to: 2)
            XCTAssertEqual(inside.previous.map { $0?.userInterfaceStyle }, [.light, .dark])
        }
    }
}

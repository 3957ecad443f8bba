import Foundation
import Raster
import RenderFramesKit
import ScenarioFormat
import Scene
import UIKit
import XCTest

/// A target whose methods are registered by selector, as `render-frames port` registers an app's
/// `@objc` methods.
@MainActor private final class ActionTarget {
    var calls: [String] = []
    var senders: [AnyObject] = []
    var events: [UIEvent] = []
    func tapped(_ sender: UIButton) {
        calls.append("tapped:"); senders.append(sender)
    }
    func tapped(_ sender: UIButton, forEvent event: UIEvent) {
        calls.append("tapped:forEvent:"); senders.append(sender); events.append(event)
    }
    func refresh() { calls.append("refresh") }
}

/// A controller whose `save` action is registered: found up the responder chain.
@MainActor private final class SavingViewController: UIViewController {
    var saves = 0
    func save() { saves += 1 }
}

/// A table whose refresh control's target is the controller, with `refresh` by selector.
@MainActor private final class SelectorRefreshViewController: UITableViewController {
    var refreshes = 0
    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "cell")
        refreshControl = UIRefreshControl()
        refreshControl?.addTarget(self, action: Selector("refresh"), for: .primaryActionTriggered)
    }
    func refresh() { refreshes += 1 }
    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 30 }
    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
    }
}

/// Target-action by selector without the Objective-C runtime: a control sends a target's
/// selector to the method its class registered, with the sender (and the event), or up the
/// responder chain when the target is nil.
final class SelectorActionTests: XCTestCase {
    func testAControlSendsASelectorToTheRegisteredMethodWithItsSender() throws {
        try MainActor.assumeIsolated {
            UIStoryboard.register(ActionTarget.self) {
                $0.action("tapped:", ActionTarget.tapped(_:))
                $0.action("tapped:forEvent:", withEvent: ActionTarget.tapped(_:forEvent:))
                $0.action("refresh", ActionTarget.refresh)
            }
            let target = ActionTarget()
            let button = UIButton(type: .system)
            button.addTarget(target, action: Selector("tapped:"), for: .touchUpInside)
            button.addTarget(target, action: Selector("refresh"), for: .valueChanged)
            button.sendActions(for: .touchUpInside)
            XCTAssertEqual(target.calls, ["tapped:"], "only the registration for the event sent")
            XCTAssertTrue(target.senders.first === button, "the control is the sender")
            button.sendActions(for: .valueChanged)
            XCTAssertEqual(target.calls, ["tapped:", "refresh"])
        }
    }

    func testAnActionWithTheEventGetsTheSenderAndAnEvent() throws {
        try MainActor.assumeIsolated {
            UIStoryboard.register(ActionTarget.self) { $0.action("tapped:forEvent:", withEvent: ActionTarget.tapped(_:forEvent:)) }
            let target = ActionTarget()
            let button = UIButton(type: .system)
            button.addTarget(target, action: Selector("tapped:forEvent:"), for: .touchUpInside)
            button.sendActions(for: .touchUpInside)
            XCTAssertEqual(target.calls, ["tapped:forEvent:"])
            XCTAssertEqual(target.events.count, 1)
            let event = UIEvent()
            button.sendAction(Selector("tapped:forEvent:"), to: target, for: event)
            XCTAssertTrue(target.events.last === event, "the event given is the one the method gets")
        }
    }

    func testANilTargetIsTheFirstResponderUpTheChainThatHasTheAction() throws {
        try MainActor.assumeIsolated {
            UIStoryboard.register(SavingViewController.self) { $0.action("save", SavingViewController.save) }
            let vc = SavingViewController()
            let container = UIView()
            vc.view.addSubview(container)
            let button = UIButton(type: .system)
            container.addSubview(button)
            button.addTarget(nil, action: Selector("save"), for: .touchUpInside)
            button.sendActions(for: .touchUpInside)
            XCTAssertEqual(vc.saves, 1, "button -> container -> the controller's view -> the controller")
            XCTAssertTrue(button.next === container)
            XCTAssertTrue(vc.view.next === vc, "a root view's next responder is its controller")
            XCTAssertNil(vc.next, "a controller's next is its view's superview: none here")
        }
    }

    /// The refresh control's primary action is the refresh: a pull past 120 pt sends
    /// `.primaryActionTriggered` (with `.valueChanged`) once, and the selector reaches the method.
    func testAPullSendsTheRefreshControlsPrimaryActionToTheSelector() throws {
        try MainActor.assumeIsolated {
            UIStoryboard.register(SelectorRefreshViewController.self) { $0.action("refresh", SelectorRefreshViewController.refresh) }
            let vc = SelectorRefreshViewController(style: .plain)
            let dir = NSTemporaryDirectory() + "selector-refresh-\(getpid())"
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: dir) }
            try """
                device: iphone-15
                fps: 30
                timeline:
                  gestures:
                    - drag: {by: 400, duration: 0.6}
                    - release
                    - wait: 0.5
                """.write(toFile: dir + "/pull.yaml", atomically: true, encoding: .utf8)
            let loaded = try ScenarioLoader.load(path: dir + "/pull.yaml", screenCode: true)
            let settings = ScreenSettings(device: loaded.screen.device, appearance: .light, typography: .standard, fps: 30, imageFolders: [])
            let run = ScreenRun(settings: settings, motion: loaded.timeline, make: { vc })
            run.advance(to: 5)
            XCTAssertEqual(vc.refreshes, 0, "not yet past 120 pt")
            run.advance(to: Int((loaded.timeline.duration * 30).rounded()))
            XCTAssertEqual(vc.refreshes, 1, "once per refresh")
            XCTAssertTrue(vc.refreshControl!.isRefreshing)
        }
    }
}

/// `UINib.mainBundleFolders`: the app's folder read as its main bundle, as a port sets it.
final class MainBundleFolderTests: XCTestCase {
    func testAXIBInASubfolderOfTheMainBundleFoldersIsFoundByName() throws {
        try MainActor.assumeIsolated {
            let folder = NSTemporaryDirectory() + "main-bundle-\(getpid())"
            try FileManager.default.createDirectory(atPath: folder + "/Views/Cards", withIntermediateDirectories: true)
            defer {
                try? FileManager.default.removeItem(atPath: folder)
                UINib.mainBundleFolders = []
            }
            try """
                <?xml version="1.0" encoding="UTF-8"?>
                <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0">
                    <objects>
                        <placeholder placeholderIdentifier="IBFilesOwner" id="-1"/>
                        <view id="root"><subviews><label text="Card" id="lab"/></subviews></view>
                    </objects>
                </document>
                """.write(toFile: folder + "/Views/Cards/CardView.xib", atomically: true, encoding: .utf8)
            XCTAssertNil(Bundle.main.loadNibNamed("CardView", owner: nil), "not in the executable's folder")
            UINib.mainBundleFolders = [URL(fileURLWithPath: folder)]
            let objects = UINib(nibName: "CardView", bundle: nil).instantiate(withOwner: nil)
            XCTAssertEqual(objects.count, 1)
            XCTAssertEqual(((objects.first as? UIView)?.subviews.first as? UILabel)?.text, "Card")
            XCTAssertEqual(Bundle.main.loadNibNamed("CardView", owner: nil)?.count, 1)
            try FileManager.default.createSymbolicLink(atPath: folder + "-link", withDestinationPath: folder)
            defer { try? FileManager.default.removeItem(atPath: folder + "-link") }
            UINib.mainBundleFolders = [URL(fileURLWithPath: folder + "-link")]
            XCTAssertEqual(UINib(nibName: "CardView", bundle: nil).instantiate(withOwner: nil).count, 1, "a link to the folder is followed")
            XCTAssertNil(Bundle(path: NSTemporaryDirectory())?.loadNibNamed("CardView", owner: nil), "another bundle does not look there")
        }
    }
}

@MainActor private final class SegueDetailController: UIViewController {}

/// `loadScreen(ofClass:)` of a scene reached by a `show` segue: pushed onto the navigation
/// controller of the scene the segue leaves from, as the app shows it.
final class StoryboardShowSegueTests: XCTestCase {
    func testAScreenReachedByAShowSegueIsPushedOntoItsNavigationController() throws {
        try MainActor.assumeIsolated {
            UIStoryboard.register(SegueDetailController.self)
            let url = URL(fileURLWithPath: NSTemporaryDirectory() + "show-segue-\(getpid()).storyboard")
            defer { try? FileManager.default.removeItem(at: url) }
            try """
                <?xml version="1.0" encoding="UTF-8"?>
                <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="nav">
                    <scenes>
                        <scene sceneID="s1">
                            <objects>
                                <navigationController id="nav" sceneMemberID="viewController">
                                    <connections>
                                        <segue destination="menu" kind="relationship" relationship="rootViewController" id="g1"/>
                                    </connections>
                                </navigationController>
                            </objects>
                        </scene>
                        <scene sceneID="s2">
                            <objects>
                                <viewController id="menu" title="Menu" sceneMemberID="viewController">
                                    <view key="view" id="v1">
                                        <subviews>
                                            <button id="b1">
                                                <connections><segue destination="detail" kind="show" id="g2"/></connections>
                                            </button>
                                        </subviews>
                                    </view>
                                </viewController>
                            </objects>
                        </scene>
                        <scene sceneID="s3">
                            <objects>
                                <viewController id="detail" customClass="SegueDetailController" customModule="UIKitTests" sceneMemberID="viewController"/>
                            </objects>
                        </scene>
                    </scenes>
                </document>
                """.write(to: url, atomically: true, encoding: .utf8)
            let screen = try UIStoryboard(contentsOf: url).loadScreen(ofClass: "SegueDetailController")
            let navigation = try XCTUnwrap(screen as? UINavigationController)
            XCTAssertEqual(navigation.viewControllers.count, 2, "the menu, then the detail pushed on it")
            XCTAssertFalse(navigation.viewControllers.first is SegueDetailController)
            XCTAssertTrue(navigation.topViewController is SegueDetailController)
        }
    }
}

import Foundation
import RenderFramesKit
import UIKit
import XCTest

/// Storyboards and XIBs read: each attribute kind to the value UIKit gives it, UIKit's order of
/// calls, and the refusals with their file and line.
/// (Linux's XCTest cannot run @MainActor test methods: each body runs on the main actor.)
final class InterfaceBuilderTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/uikit/storyboards")

    /// A XIB of `body` (objects after the File's Owner placeholder), made with `owner`.
    @MainActor static func xib(_ body: String, owner: AnyObject? = nil, name: String = "Test.xib") throws -> [Any] {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" useAutolayout="YES">
                <objects>
                    <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
                    <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>
            \(body)
                </objects>
                <resources>
                    <image name="star.fill" catalog="system" width="16" height="16"/>
                </resources>
            </document>
            """
        let folder = NSTemporaryDirectory() + "ib-tests-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try text.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: folder + "/" + name) }
        return try UINib(nibName: String(name.dropLast(4)), bundle: Bundle(path: folder)).load(withOwner: owner)
    }

    @MainActor static func components(_ c: UIColor?) -> [Double] {
        var (r, g, b, a): (CGFloat, CGFloat, CGFloat, CGFloat) = (0, 0, 0, 0)
        _ = c?.resolvedColor(with: UITraitCollection(userInterfaceStyle: .light)).getRed(&r, green: &g, blue: &b, alpha: &a)
        return [r, g, b, a].map { (Double($0) * 10000).rounded() / 10000 }
    }

    // MARK: Attributes

    func testAViewsFrameMaskModeAndFlagsAreReadAsUIKitHasThem() throws {
        try MainActor.assumeIsolated {
            let view = try XCTUnwrap(try Self.xib("""
                <view clipsSubviews="YES" alpha="0.5" tag="7" contentMode="scaleAspectFill" hidden="YES" userInteractionEnabled="NO" id="v1">
                    <rect key="frame" x="10" y="20" width="300" height="150.5"/>
                    <autoresizingMask key="autoresizingMask" widthSizable="YES" flexibleMaxY="YES"/>
                    <edgeInsets key="layoutMargins" top="1" left="2" bottom="3" right="4"/>
                </view>
                """).first as? UIView)
            XCTAssertEqual(view.frame, CGRect(x: 10, y: 20, width: 300, height: 150.5))
            XCTAssertEqual(view.autoresizingMask, [.flexibleWidth, .flexibleBottomMargin])
            XCTAssertEqual(view.contentMode, .scaleAspectFill)
            XCTAssertEqual(view.alpha, 0.5)
            XCTAssertEqual(view.tag, 7)
            XCTAssertTrue(view.clipsToBounds)
            XCTAssertTrue(view.isHidden)
            XCTAssertFalse(view.isUserInteractionEnabled)
            XCTAssertTrue(view.translatesAutoresizingMaskIntoConstraints, "no attribute: YES, as UIKit's default")
            XCTAssertEqual(view.layoutMargins, UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        }
    }

    func testColoursInEachOfIBsFormsAreTheColoursUIKitDraws() throws {
        try MainActor.assumeIsolated {
            let objects = try Self.xib("""
                <view id="a"><color key="backgroundColor" red="1" green="0.5" blue="0.25" alpha="0.75" colorSpace="custom" customColorSpace="sRGB"/></view>
                <view id="b"><color key="backgroundColor" white="0.5" alpha="1" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace"/></view>
                <view id="c"><color key="backgroundColor" systemColor="systemBackgroundColor"/></view>
                <view id="d"><color key="backgroundColor" systemColor="secondaryLabelColor"/></view>
                <view id="e"><color key="backgroundColor" white="1" alpha="1" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace"/></view>
                """)
            let views = objects.compactMap { $0 as? UIView }
            XCTAssertEqual(Self.components(views[0].backgroundColor), [1, 0.5, 0.25, 0.75])
            // Grey gamma 2.2 at 0.5 is sRGB 0.5039: 0.5^2.2 linear, encoded with sRGB's curve.
            XCTAssertEqual(Self.components(views[1].backgroundColor)[0], 0.5039, accuracy: 0.0001)
            XCTAssertEqual(Self.components(views[2].backgroundColor), Self.components(.systemBackground))
            XCTAssertEqual(Self.components(views[3].backgroundColor), Self.components(.secondaryLabel))
            XCTAssertEqual(Self.components(views[4].backgroundColor), [1, 1, 1, 1])
            let dark = UITraitCollection(userInterfaceStyle: .dark)
            XCTAssertEqual(views[2].backgroundColor?.resolvedColor(with: dark), UIColor.systemBackground.resolvedColor(with: dark), "a system colour stays dynamic")
        }
    }

    func testFontsAndLabelAttributesAreRead() throws {
        try MainActor.assumeIsolated {
            let labels = try Self.xib("""
                <label text="Bold" textAlignment="center" lineBreakMode="middleTruncation" numberOfLines="3" id="l1">
                    <fontDescription key="fontDescription" type="boldSystem" pointSize="22"/>
                    <nil key="textColor"/>
                </label>
                <label text="Semibold" id="l2"><fontDescription key="fontDescription" type="system" weight="semibold" pointSize="13"/></label>
                <label text="Body" id="l3"><fontDescription key="fontDescription" style="UICTFontTextStyleHeadline"/></label>
                <label text="Red" id="l4">
                    <fontDescription key="fontDescription" type="system" pointSize="17"/>
                    <color key="textColor" red="1" green="0" blue="0" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
                </label>
                """).compactMap { $0 as? UILabel }
            XCTAssertEqual(labels[0].text, "Bold")
            XCTAssertEqual(labels[0].font, UIFont.boldSystemFont(ofSize: 22))
            XCTAssertEqual(labels[0].textAlignment, .center)
            XCTAssertEqual(labels[0].lineBreakMode, .byTruncatingMiddle)
            XCTAssertEqual(labels[0].numberOfLines, 3)
            XCTAssertEqual(Self.components(labels[0].textColor), Self.components(.label), "<nil key=\"textColor\"/> is UIKit's default")
            XCTAssertEqual(labels[1].font, UIFont.systemFont(ofSize: 13, weight: .semibold))
            XCTAssertEqual(labels[2].font.pointSize, UIFont.preferredFont(forTextStyle: .headline).pointSize)
            XCTAssertEqual(Self.components(labels[3].textColor), [1, 0, 0, 1])
        }
    }

    func testStackTableAndScrollSettingsAreRead() throws {
        try MainActor.assumeIsolated {
            let objects = try Self.xib("""
                <stackView axis="vertical" distribution="fillEqually" alignment="center" spacing="12" id="s1">
                    <subviews><view id="s2"/><view id="s3"/></subviews>
                </stackView>
                <tableView style="insetGrouped" separatorStyle="none" rowHeight="72" estimatedRowHeight="-1" contentInsetAdjustmentBehavior="never" id="t1">
                    <inset key="separatorInset" minX="24" minY="0.0" maxX="8" maxY="0.0"/>
                    <color key="backgroundColor" red="0" green="0" blue="1" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
                </tableView>
                <tableView style="grouped" id="t2"/>
                <imageView image="star.fill" catalog="system" id="i1"/>
                """)
            let stack = try XCTUnwrap(objects[0] as? UIStackView)
            XCTAssertEqual(stack.axis, .vertical)
            XCTAssertEqual(stack.distribution, .fillEqually)
            XCTAssertEqual(stack.alignment, .center)
            XCTAssertEqual(stack.spacing, 12)
            XCTAssertEqual(stack.arrangedSubviews.count, 2, "a stack view's subviews are arranged")
            let table = try XCTUnwrap(objects[1] as? UITableView)
            XCTAssertEqual(table.style, .insetGrouped)
            XCTAssertEqual(table.separatorStyle, .none)
            XCTAssertEqual(table.rowHeight, 72)
            XCTAssertEqual(table.estimatedRowHeight, UITableView.automaticDimension)
            XCTAssertEqual(table.separatorInset, UIEdgeInsets(top: 0, left: 24, bottom: 0, right: 8))
            XCTAssertEqual(table.contentInsetAdjustmentBehavior, .never)
            XCTAssertEqual(Self.components(table.backgroundColor), [0, 0, 1, 1], "the file's background, not the style's")
            let grouped = try XCTUnwrap(objects[2] as? UITableView)
            XCTAssertEqual(Self.components(grouped.backgroundColor), Self.components(.systemGroupedBackground), "no colour in the file: the style's")
            XCTAssertNotNil((objects[3] as? UIImageView)?.image, "an SF Symbol by its catalog=\"system\" resource")
        }
    }

    func testRuntimeAttributesOldColoursAndButtonStatesAreRead() throws {
        try MainActor.assumeIsolated {
            let objects = try Self.xib("""
                <view id="v1">
                    <color key="backgroundColor" cocoaTouchSystemColor="groupTableViewBackgroundColor"/>
                    <userDefinedRuntimeAttributes>
                        <userDefinedRuntimeAttribute type="number" keyPath="layer.cornerRadius"><integer key="value" value="12"/></userDefinedRuntimeAttribute>
                        <userDefinedRuntimeAttribute type="number" keyPath="layer.borderWidth"><real key="value" value="1.5"/></userDefinedRuntimeAttribute>
                        <userDefinedRuntimeAttribute type="boolean" keyPath="layer.masksToBounds" value="YES"/>
                        <userDefinedRuntimeAttribute type="string" keyPath="accessibilityIdentifier" value="card"/>
                    </userDefinedRuntimeAttributes>
                </view>
                <view id="v2"><color key="backgroundColor" red="1" green="0" blue="0" alpha="1" colorSpace="custom" customColorSpace="displayP3"/></view>
                <button buttonType="system" id="b1">
                    <state key="normal" title="Follow"><color key="titleColor" white="0.0" alpha="1" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace"/></state>
                    <state key="highlighted" title="Following"/>
                    <inset key="contentEdgeInsets" minX="10" minY="4" maxX="10" maxY="4"/>
                </button>
                """)
            let card = try XCTUnwrap(objects[0] as? UIView)
            XCTAssertEqual(card.layer.cornerRadius, 12)
            XCTAssertEqual(card.layer.borderWidth, 1.5)
            XCTAssertTrue(card.layer.masksToBounds)
            XCTAssertEqual(card.accessibilityIdentifier, "card")
            XCTAssertEqual(Self.components(card.backgroundColor), Self.components(.systemGroupedBackground), "groupTableViewBackgroundColor is systemGroupedBackground since iOS 13")
            XCTAssertEqual(Self.components((objects[1] as? UIView)?.backgroundColor), Self.components(UIColor(displayP3Red: 1, green: 0, blue: 0, alpha: 1)))
            let button = try XCTUnwrap(objects[2] as? UIButton)
            XCTAssertEqual(button.buttonType, .system)
            XCTAssertEqual(button.title(for: .normal), "Follow")
            XCTAssertEqual(button.title(for: .highlighted), "Following")
            XCTAssertEqual(Self.components(button.titleColor(for: .normal)), [0, 0, 0, 1])
            XCTAssertEqual(button.contentEdgeInsets, UIEdgeInsets(top: 4, left: 10, bottom: 4, right: 10))
        }
    }

    func testARuntimeAttributeNoOneRegisteredIsRefusedWithItsLine() throws {
        try MainActor.assumeIsolated {
            XCTAssertThrowsError(try Self.xib("""
                <view id="v1">
                    <userDefinedRuntimeAttributes>
                        <userDefinedRuntimeAttribute type="number" keyPath="glowRadius"><real key="value" value="3"/></userDefinedRuntimeAttribute>
                    </userDefinedRuntimeAttributes>
                </view>
                """, name: "Glow.xib")) { error in
                XCTAssertEqual(
                    String(describing: error),
                    "Glow.xib:8: the runtime attribute glowRadius names no property of UIView; register it: UIStoryboard.register(UIView.self) { $0.inspectable(\"glowRadius\", \\.glowRadius) }")
            }
        }
    }

    func testConstraintsKeepPriorityIdentifierAndRatioAndPlaceholdersAreRemoved() throws {
        try MainActor.assumeIsolated {
            let view = try XCTUnwrap(try Self.xib("""
                <view id="root">
                    <subviews>
                        <view translatesAutoresizingMaskIntoConstraints="NO" verticalHuggingPriority="251" id="child">
                            <constraints>
                                <constraint firstAttribute="width" secondItem="child" secondAttribute="height" multiplier="16:9" id="c1"/>
                                <constraint firstAttribute="height" constant="90" priority="750" identifier="childHeight" id="c2"/>
                                <constraint firstAttribute="height" constant="300" placeholder="YES" id="c3"/>
                            </constraints>
                        </view>
                    </subviews>
                    <constraints>
                        <constraint firstItem="child" firstAttribute="top" secondItem="root" secondAttribute="top" constant="8" id="c4"/>
                        <constraint firstItem="child" firstAttribute="leading" relation="greaterThanOrEqual" secondItem="root" secondAttribute="leadingMargin" id="c5"/>
                    </constraints>
                </view>
                """).first as? UIView)
            let child = view.subviews[0]
            XCTAssertFalse(child.translatesAutoresizingMaskIntoConstraints)
            XCTAssertEqual(child.contentHuggingPriority(for: .vertical), UILayoutPriority(251))
            XCTAssertEqual(child.constraints.count, 2, "the placeholder constraint is removed at build time")
            let ratio = try XCTUnwrap(child.constraints.first { $0.firstAttribute == .width })
            XCTAssertEqual(ratio.multiplier, 16.0 / 9.0, accuracy: 1e-12)
            let height = try XCTUnwrap(child.constraints.first { $0.identifier == "childHeight" })
            XCTAssertEqual(height.priority, .defaultHigh)
            XCTAssertEqual(height.constant, 90)
            XCTAssertEqual(view.constraints.map(\.relation), [.equal, .greaterThanOrEqual])
            XCTAssertEqual(view.constraints.last?.secondAttribute, .leadingMargin)
            view.frame = CGRect(x: 0, y: 0, width: 320, height: 480)
            view.layoutIfNeeded()
            XCTAssertEqual(child.frame.height, 90)
            XCTAssertEqual(child.frame.width, 160, accuracy: 0.001)
            XCTAssertEqual(child.frame.minY, 8)
        }
    }

    // MARK: Loading, outlets and UIKit's order of calls

    func testAStoryboardSceneIsMadeInUIKitsOrder() throws {
        try MainActor.assumeIsolated {
            CallOrder.events = []
            UIStoryboard.register(OrderedController.self) {
                $0.outlet("badge", \.badge)
                $0.outletCollection("labels", \.labels)
                $0.action("tapped:", OrderedController.tapped)
            }
            UIStoryboard.register(OrderedView.self) { $0.outlet("inner", \.inner) }
            let storyboard = try UIStoryboard(contentsOf: Self.fixtures.appendingPathComponent("Order.storyboard"))
            let vc = try XCTUnwrap(try storyboard.loadViewController(withIdentifier: "Ordered") as? OrderedController)
            XCTAssertEqual(CallOrder.events, ["controller init(coder:)", "controller awakeFromNib"], "the view waits until it is needed")
            XCTAssertTrue(vc.storyboard === storyboard)
            _ = vc.view
            XCTAssertEqual(CallOrder.events, [
                "controller init(coder:)", "controller awakeFromNib",
                "badge init(coder:) frame (16.0, 100.0, 120.0, 40.0)",
                "badge awakeFromNib inner=set",
                "controller viewDidLoad badge=set labels=2",
            ])
            XCTAssertEqual(vc.labels.map(\.text), ["One", "Two"], "an outlet collection in the file's order")
            XCTAssertEqual(vc.title, "Ordered")
            let button = try XCTUnwrap(vc.view.subviews.compactMap { $0 as? UIButton }.first)
            button.sendActions(for: .touchUpInside)
            XCTAssertEqual(CallOrder.events.last, "tapped Go")
            CallOrder.events = []
            let made = storyboard.instantiateInitialViewController { coder in OrderedController(coder: coder, note: "by the creator") }
            XCTAssertEqual(made?.note, "by the creator", "the creator's initializer, given the storyboard's coder")
            XCTAssertEqual(made?.title, "Ordered")
            XCTAssertEqual(CallOrder.events, ["controller init(coder:)", "controller awakeFromNib"])
        }
    }

    func testTheInitialControllerIsANavigationControllerWithItsRoot() throws {
        try MainActor.assumeIsolated {
            registerStoryboardProfile()
            let storyboard = UIStoryboard(name: "Profile", bundle: Bundle(path: Self.fixtures.path))
            let nav = try XCTUnwrap(storyboard.instantiateInitialViewController() as? UINavigationController)
            let profile = try XCTUnwrap(nav.viewControllers.first as? ProfileScreen)
            XCTAssertEqual(profile.navigationItem.title, "Profile")
            XCTAssertTrue(profile.view.subviews.contains { $0 === profile.headerView })
            XCTAssertEqual(profile.headerHeight.identifier, "headerHeight")
            XCTAssertEqual(profile.headerHeight.constant, 260)
            XCTAssertEqual(profile.headerView.minimumHeight, 120, "the user-defined runtime attribute, set by the registered key path")
            XCTAssertTrue(profile.tableView.dataSource === profile)
            XCTAssertEqual(profile.headerView.constraints.count, 6, "the placeholder height is removed")
            let byIdentifier = storyboard.instantiateViewController(withIdentifier: "Profile")
            XCTAssertTrue(byIdentifier is ProfileScreen)
        }
    }

    func testAScreenNamedByItsClassComesInsideItsNavigationController() throws {
        try MainActor.assumeIsolated {
            registerStoryboardProfile()
            let storyboard = try UIStoryboard.load(name: "Profile", bundle: Bundle(path: Self.fixtures.path))
            let nav = try XCTUnwrap(try storyboard.loadScreen(ofClass: "ProfileScreen") as? UINavigationController)
            XCTAssertTrue(nav.topViewController is ProfileScreen)
            XCTAssertThrowsError(try storyboard.loadScreen(ofClass: "FeedViewController")) { error in
                XCTAssertEqual(
                    String(describing: error),
                    "Profile.storyboard: no scene's controller is a FeedViewController; the scenes' classes are ProfileScreen")
            }
        }
    }

    func testATabBarControllerGetsItsControllersInTheFilesOrder() throws {
        try MainActor.assumeIsolated {
            let url = URL(fileURLWithPath: NSTemporaryDirectory() + "Tabs-\(getpid()).storyboard")
            try Self.storyboard("""
                <tabBarController id="vc" sceneMemberID="viewController">
                    <tabBar key="tabBar" contentMode="scaleToFill" id="bar"/>
                    <connections>
                        <segue destination="feed" kind="relationship" relationship="viewControllers" id="r1"/>
                        <segue destination="me" kind="relationship" relationship="viewControllers" id="r2"/>
                    </connections>
                </tabBarController>
                <viewController id="feed" sceneMemberID="viewController">
                    <tabBarItem key="tabBarItem" title="Feed" image="star.fill" id="i1"/>
                </viewController>
                <viewController id="me" customClass="OrderedController" sceneMemberID="viewController">
                    <view key="view" id="meView"/>
                    <tabBarItem key="tabBarItem" title="Me" id="i2"/>
                    <navigationItem key="navigationItem" title="Me" largeTitleDisplayMode="never" id="n2">
                        <barButtonItem key="leftBarButtonItem" title="Settings" id="b1"/>
                        <barButtonItem key="rightBarButtonItem" systemItem="add" id="b2">
                            <connections><action selector="tapped:" destination="me" id="a1"/></connections>
                        </barButtonItem>
                    </navigationItem>
                </viewController>
                """, resources: "<image name=\"star.fill\" catalog=\"system\" width=\"16\" height=\"16\"/>").write(to: url, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(at: url) }
            let tabs = try XCTUnwrap(try UIStoryboard(contentsOf: url).loadInitialViewController() as? UITabBarController)
            XCTAssertEqual(tabs.viewControllers?.map { $0.tabBarItem.title }, ["Feed", "Me"])
            XCTAssertNotNil(tabs.viewControllers?.first?.tabBarItem.image)
            XCTAssertEqual(tabs.viewControllers?.last?.navigationItem.largeTitleDisplayMode, .never)
            XCTAssertEqual(tabs.viewControllers?.last?.navigationItem.leftBarButtonItem?.title, "Settings")
            XCTAssertNotNil(tabs.viewControllers?.last?.navigationItem.rightBarButtonItem, "a system item (add)")
            UIStoryboard.register(OrderedController.self) { $0.action("tapped:", OrderedController.tapped) }
            _ = ScreenRun.takeDiagnostics()
            _ = tabs.viewControllers?.last?.view
            XCTAssertEqual(
                ScreenRun.takeDiagnostics().filter { $0.contains("tapped:") }.map { $0.replacingOccurrences(of: "\(getpid())", with: "PID") },
                ["Tabs-PID.storyboard:22: the action tapped: of a UIBarButtonItem is not sent (only controls send actions here)"])
        }
    }

    func testPrototypeCellsAreDequeuedByTheirIdentifier() throws {
        try MainActor.assumeIsolated {
            registerStoryboardProfile()
            let storyboard = try UIStoryboard.load(name: "Profile", bundle: Bundle(path: Self.fixtures.path))
            let profile = try XCTUnwrap(try storyboard.loadViewController(withIdentifier: "Profile") as? ProfileScreen)
            XCTAssertNil(profile.tableView, "outlets wait for the view")
            profile.loadViewIfNeeded()
            let cell = try XCTUnwrap(profile.tableView.dequeueReusableCell(withIdentifier: "Row"))
            XCTAssertEqual(cell.reuseIdentifier, "Row")
            XCTAssertEqual(cell.textLabel?.font, UIFont.preferredFont(forTextStyle: .body))
            XCTAssertEqual(cell.textLabel?.text, "Title", "the prototype's label is the cell's own text label")
            XCTAssertFalse(cell === profile.tableView.dequeueReusableCell(withIdentifier: "Row"), "a new cell at each dequeue")
        }
    }

    func testAXIBConnectsItsOwnerAndATableRegistersItsCell() throws {
        try MainActor.assumeIsolated {
            UIStoryboard.register(NibCardOwner.self) { $0.outlet("title", \.title) }
            UIStoryboard.register(NibCardCell.self) { $0.outlet("caption", \.caption) }
            let owner = NibCardOwner()
            let objects = try Self.xib("""
                <view id="card"><subviews><label text="Hello" id="lab"/></subviews></view>
                """.replacingOccurrences(of: "<view id=\"card\">", with: "<view id=\"card\">"), owner: owner)
            XCTAssertNil(owner.title, "no connection in the file: nothing set")
            XCTAssertEqual(objects.count, 1)
            let cellNib = UINib(data: Data("""
                <?xml version="1.0" encoding="UTF-8"?>
                <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0">
                    <objects>
                        <placeholder placeholderIdentifier="IBFilesOwner" id="-1" customClass="NibCardOwner" customModule="StretchyApp"/>
                        <tableViewCell reuseIdentifier="Card" id="cell" customClass="NibCardCell" customModule="StretchyApp">
                            <tableViewCellContentView key="contentView" id="content">
                                <subviews><label text="Caption" id="cap"/></subviews>
                            </tableViewCellContentView>
                            <connections><outlet property="caption" destination="cap" id="o1"/></connections>
                        </tableViewCell>
                    </objects>
                </document>
                """.utf8), bundle: nil)
            let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), style: .plain)
            table.register(cellNib, forCellReuseIdentifier: "Card")
            let cell = try XCTUnwrap(table.dequeueReusableCell(withIdentifier: "Card") as? NibCardCell)
            XCTAssertEqual(cell.caption?.text, "Caption")
            XCTAssertTrue(cell.caption?.superview === cell.contentView)
            XCTAssertEqual(cell.awoken, 1)
        }
    }

    /// A collection view as IB writes it: its custom flow layout class made with its spacing,
    /// item size, header size and section inset (the layout an outlet names), a prototype cell and
    /// a section header registered by reuse identifier, each dequeued with its outlets.
    func testACollectionViewReadsItsLayoutCellsAndHeader() throws {
        try MainActor.assumeIsolated {
            UIStoryboard.register(NibGridLayout.self) { _ in }
            UIStoryboard.register(NibGridCell.self) { $0.outlet("caption", \.caption) }
            UIStoryboard.register(NibGridHeader.self) { $0.outlet("title", \.title) }
            let owner = NibGridOwner()
            let objects = try Self.xib("""
                <collectionView dataMode="prototypes" id="grid">
                    <rect key="frame" x="0.0" y="0.0" width="320" height="480"/>
                    <collectionViewFlowLayout key="collectionViewLayout" minimumLineSpacing="4" minimumInteritemSpacing="2" id="flow" customClass="NibGridLayout" customModule="StretchyApp">
                        <size key="itemSize" width="100" height="60"/>
                        <size key="headerReferenceSize" width="0.0" height="44"/>
                        <size key="footerReferenceSize" width="0.0" height="0.0"/>
                        <inset key="sectionInset" minX="8" minY="10" maxX="8" maxY="0.0"/>
                    </collectionViewFlowLayout>
                    <cells>
                        <collectionViewCell reuseIdentifier="Tile" id="tile" customClass="NibGridCell" customModule="StretchyApp">
                            <rect key="frame" x="0.0" y="0.0" width="100" height="60"/>
                            <view key="contentView" id="tileContent">
                                <rect key="frame" x="0.0" y="0.0" width="100" height="60"/>
                                <subviews><label text="Tile" id="cap"><rect key="frame" x="4" y="4" width="92" height="20"/></label></subviews>
                            </view>
                            <connections><outlet property="caption" destination="cap" id="o1"/></connections>
                        </collectionViewCell>
                    </cells>
                    <collectionReusableView key="sectionHeaderView" reuseIdentifier="Header" id="head" customClass="NibGridHeader" customModule="StretchyApp">
                        <rect key="frame" x="0.0" y="0.0" width="320" height="44"/>
                        <subviews><label text="Section" id="ht"><rect key="frame" x="16" y="12" width="200" height="20"/></label></subviews>
                        <connections><outlet property="title" destination="ht" id="o2"/></connections>
                    </collectionReusableView>
                    <connections>
                        <outlet property="dataSource" destination="-1" id="o3"/>
                    </connections>
                </collectionView>
                """, owner: owner)
            let grid = try XCTUnwrap(objects.first as? UICollectionView)
            XCTAssertTrue(grid.dataSource === owner)
            let layout = try XCTUnwrap(grid.collectionViewLayout as? NibGridLayout)
            XCTAssertEqual(layout.itemSize, CGSize(width: 100, height: 60))
            XCTAssertEqual(layout.minimumLineSpacing, 4)
            XCTAssertEqual(layout.minimumInteritemSpacing, 2)
            XCTAssertEqual(layout.headerReferenceSize, CGSize(width: 0, height: 44))
            XCTAssertEqual(layout.sectionInset, UIEdgeInsets(top: 10, left: 8, bottom: 0, right: 8))
            grid.layoutIfNeeded()
            let first = try XCTUnwrap(grid.cellForItem(at: IndexPath(item: 0, section: 0)) as? NibGridCell)
            XCTAssertEqual(first.reuseIdentifier, "Tile")
            XCTAssertEqual(first.caption?.text, "Tile 0")
            XCTAssertTrue(first.caption?.superview === first.contentView)
            // Header 44, inset 10: the first row at y 54; three 100-wide items with 2 between them fit 304.
            XCTAssertEqual(first.frame, CGRect(x: 8, y: 54, width: 100, height: 60))
            XCTAssertEqual(grid.cellForItem(at: IndexPath(item: 3, section: 0))?.frame.minY, 118)
            let header = try XCTUnwrap(
                grid.supplementaryView(forElementKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 0)) as? NibGridHeader)
            XCTAssertEqual(header.title?.text, "Section")
            XCTAssertEqual(header.frame, CGRect(x: 0, y: 0, width: 320, height: 44))
        }
    }

    func testAControllerLoadsTheXIBOfItsName() throws {
        try MainActor.assumeIsolated {
            UIStoryboard.register(NibCardViewController.self) { $0.outlet("title", \.titleLabel) }
            let folder = NSTemporaryDirectory() + "ib-vc-\(getpid())"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            try """
                <?xml version="1.0" encoding="UTF-8"?>
                <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0">
                    <objects>
                        <placeholder placeholderIdentifier="IBFilesOwner" id="-1" customClass="NibCardViewController">
                            <connections>
                                <outlet property="view" destination="root" id="o1"/>
                                <outlet property="title" destination="lab" id="o2"/>
                            </connections>
                        </placeholder>
                        <view id="root"><subviews><label text="From the XIB" id="lab"/></subviews></view>
                    </objects>
                </document>
                """.write(toFile: folder + "/NibCardView.xib", atomically: true, encoding: .utf8)
            let vc = NibCardViewController(nibName: nil, bundle: Bundle(path: folder))
            XCTAssertEqual(vc.titleLabel?.text, nil)
            _ = vc.view
            XCTAssertEqual(vc.titleLabel?.text, "From the XIB", "NibCardViewController finds NibCardView.xib, as UIKit looks first without the word \"Controller\"")
            XCTAssertEqual(vc.loadedTitle, "From the XIB", "outlets are set before viewDidLoad")
            XCTAssertEqual(Bundle(path: folder)?.loadNibNamed("NibCardView", owner: NibCardViewController())?.count, 1)
        }
    }

    // MARK: Refusals

    @MainActor static func refusal(_ text: String, name: String = "Bad.storyboard", _ load: @MainActor (UIStoryboard) throws -> Void = { _ = try $0.loadInitialViewController() }) -> String {
        let url = URL(fileURLWithPath: NSTemporaryDirectory() + "ib-bad-\(getpid())-" + name)
        try? text.write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        do {
            try load(try UIStoryboard(contentsOf: url))
            return "no error"
        } catch {
            return String(describing: error).replacingOccurrences(of: "ib-bad-\(getpid())-", with: "")
        }
    }

    @MainActor static func storyboard(_ scene: String, resources: String = "") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="vc">
            <scenes>
                <scene sceneID="s1">
                    <objects>
        \(scene)
                    </objects>
                </scene>
            </scenes>
            <resources>\(resources)</resources>
        </document>
        """
    }

    func testAFileThatIsNotInterfaceBuilderXMLIsRefusedWithItsLine() {
        MainActor.assumeIsolated {
            XCTAssertEqual(
                Self.refusal("<?xml version=\"1.0\"?>\n<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\">\n<scenes>\n</document>\n"),
                "Bad.storyboard:4: the file is not XML (the XML parser stopped here); open it in Xcode and save it again, or restore it from version control")
            XCTAssertEqual(
                Self.refusal("<?xml version=\"1.0\"?>\n\n<plist version=\"1.0\"><dict/></plist>\n"),
                "Bad.storyboard:3: the file is a <plist> document, not an Interface Builder document for iOS; give a .storyboard or .xib that Xcode wrote for iOS (its root is <document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\"> or \"...CocoaTouch.XIB\")")
        }
    }

    func testAnUnknownClassNamesTheStoryboardTheSceneAndTheClass() {
        MainActor.assumeIsolated {
            XCTAssertEqual(
                Self.refusal(Self.storyboard("""
                    <viewController title="Feed" id="vc" customClass="FeedViewController" customModule="MyApp" sceneMemberID="viewController"/>
                    """)),
                "Bad.storyboard:6: the scene \"Feed\" names the class FeedViewController (module MyApp), which is not registered; call UIStoryboard.register(FeedViewController.self) before loading (docs/storyboards.md, \"Your classes\")")
        }
    }

    func testRelationshipsInACycleAreRefusedRatherThanFollowedForever() {
        MainActor.assumeIsolated {
            XCTAssertEqual(
                Self.refusal(Self.storyboard("""
                    <navigationController id="vc" sceneMemberID="viewController">
                        <connections><segue destination="vc" kind="relationship" relationship="rootViewController" id="r1"/></connections>
                    </navigationController>
                    """)),
                "Bad.storyboard:6: the relationship segues form a cycle (vc -> vc); a navigation or tab bar controller cannot hold itself: connect its relationship to another scene in Xcode")
        }
    }

    func testAnOutletNamingNoPropertyIsRefusedWithItsLine() {
        MainActor.assumeIsolated {
            UIStoryboard.register(OrderedController.self) { $0.outlet("badge", \.badge) }
            let text = Self.storyboard("""
                <viewController id="vc" customClass="OrderedController" sceneMemberID="viewController">
                    <view key="view" id="root"/>
                    <connections>
                        <outlet property="headrView" destination="root" id="o1"/>
                        <outlet property="labels" destination="root" id="o2"/>
                    </connections>
                </viewController>
                """)
            XCTAssertEqual(
                Self.refusal(text) { sb in
                    let vc = try sb.loadInitialViewController()
                    try vc.interfaceBuilderViewForTests()
                },
                "Bad.storyboard:9: the outlet headrView names no property of OrderedController; register it: UIStoryboard.register(OrderedController.self) { $0.outlet(\"headrView\", \\.headrView) }")
        }
    }

    func testAMissingImageOrColourInTheCatalogsIsRefusedWithItsLine() {
        MainActor.assumeIsolated {
            XCTAssertEqual(
                Self.refusal(Self.storyboard("""
                    <viewController id="vc" sceneMemberID="viewController">
                        <view key="view" id="root">
                            <subviews>
                                <imageView image="team-photo" id="img"/>
                            </subviews>
                        </view>
                    </viewController>
                    """)) { try $0.loadInitialViewController().interfaceBuilderViewForTests() },
                "Bad.storyboard:9: the image \"team-photo\" is in no asset catalog; add team-photo.imageset to an .xcassets folder among the screen's image folders (where UIImage(named:) looks)")
            XCTAssertEqual(
                Self.refusal(Self.storyboard("""
                    <viewController id="vc" sceneMemberID="viewController">
                        <view key="view" id="root">
                            <color key="backgroundColor" name="BrandColor"/>
                        </view>
                    </viewController>
                    """)) { try $0.loadInitialViewController().interfaceBuilderViewForTests() },
                "Bad.storyboard:8: the colour \"BrandColor\" is in no asset catalog; add BrandColor.colorset to an .xcassets folder among the screen's image folders (where UIColor(named:) looks)")
        }
    }

    func testAnElementNotDrawnIsSaidOnceWithItsPosition() throws {
        try MainActor.assumeIsolated {
            _ = ScreenRun.takeDiagnostics()
            let text = Self.storyboard("""
                <viewController id="vc" sceneMemberID="viewController">
                    <view key="view" id="root">
                        <subviews>
                            <mapView mapType="standard" id="map"><rect key="frame" x="0" y="0" width="100" height="100"/></mapView>
                        </subviews>
                    </view>
                    <connections><segue destination="vc" kind="show" identifier="detail" id="sg"/></connections>
                </viewController>
                """)
            let url = URL(fileURLWithPath: NSTemporaryDirectory() + "Main.storyboard")
            try text.write(to: url, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(at: url) }
            let storyboard = try UIStoryboard(contentsOf: url)
            for _ in 0..<2 { _ = try storyboard.loadInitialViewController().view }
            XCTAssertEqual(ScreenRun.takeDiagnostics().filter { $0.hasPrefix("Main.storyboard") }, [
                "Main.storyboard:9: a `mapView` is not drawn: it is shown as an empty view",
                "Main.storyboard:12: a `show` segue is not performed (the scene it leads to is made by its identifier)",
            ])
            let map = try storyboard.loadInitialViewController().view.subviews.first
            XCTAssertEqual(map?.frame, CGRect(x: 0, y: 0, width: 100, height: 100), "the empty view keeps its frame")
        }
    }

    // MARK: The example against its code twin

    func testTheStoryboardProfileGivesTheFramesOfItsCodeTwin() throws {
        MainActor.assumeIsolated { registerStoryboardProfile() }
        let base = NSTemporaryDirectory() + "ib-twin-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: base) }
        let scenario = Self.fixtures.appendingPathComponent("profile-motion.yaml").path
        let bundle = Bundle(path: Self.fixtures.path)
        try renderFrames(
            of: { UIStoryboard(name: "Profile", bundle: bundle).instantiateInitialViewController()! },
            scenario: scenario, out: base + "/storyboard", layout: true, scale: 0.25)
        try renderFrames(
            of: { UINavigationController(rootViewController: { let vc = ProfileScreenInCode(); vc.title = "Profile"; return vc }()) },
            scenario: scenario, out: base + "/code", layout: true, scale: 0.25)
        let a = try XCTUnwrap(Manifest.read(atPath: base + "/storyboard/manifest.json"))
        let b = try XCTUnwrap(Manifest.read(atPath: base + "/code/manifest.json"))
        XCTAssertEqual(a.frames.count, b.frames.count)
        var compared = 0, stretched = 0, shrunk = 0
        for (x, y) in zip(a.frames, b.frames) {
            XCTAssertEqual(x.contentOffsetY, y.contentOffsetY, accuracy: 0.01, "frame \(x.index)")
            XCTAssertEqual(x.layers?.map(\.name), y.layers?.map(\.name), "frame \(x.index): the same views, in the same order")
            for (l, m) in zip(x.layers ?? [], y.layers ?? []) {
                for k in 0..<4 { XCTAssertEqual(l.frame[k], m.frame[k], accuracy: 0.01, "frame \(x.index): \(l.name)") }
                if l.name == "header", l.frame[3] > 260.01 { stretched += 1 }
                if l.name == "header", l.frame[3] < 259.99 { shrunk += 1 }
                compared += 1
            }
        }
        XCTAssertGreaterThan(compared, 100)
        XCTAssertGreaterThan(stretched, 3, "the pull stretches the header")
        XCTAssertGreaterThan(shrunk, 3, "the push shrinks it")
    }

    /// The layout manifest names a view without an accessibilityIdentifier by the first outlet
    /// that holds it; an identifier still wins.
    func testAViewWithoutAnIdentifierIsNamedByItsOutletInTheLayout() throws {
        let text = MainActor.assumeIsolated {
            UIStoryboard.register(OutletNamedController.self) {
                $0.outlet("box", \.box)
                $0.outlet("other", \.other)
            }
            return Self.storyboard("""
                <viewController id="vc" customClass="OutletNamedController" sceneMemberID="viewController">
                    <view key="view" id="root">
                        <rect key="frame" x="0" y="0" width="393" height="852"/>
                        <subviews>
                            <view id="b1"><rect key="frame" x="10" y="200" width="100" height="50"/></view>
                            <view id="b2"><rect key="frame" x="10" y="300" width="100" height="50"/>
                                <accessibility key="accessibilityConfiguration" identifier="kept"/></view>
                        </subviews>
                    </view>
                    <connections>
                        <outlet property="box" destination="b1" id="o1"/>
                        <outlet property="other" destination="b2" id="o2"/>
                    </connections>
                </viewController>
                """)
        }
        let url = URL(fileURLWithPath: NSTemporaryDirectory() + "Outlets-\(getpid()).storyboard")
        try text.write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        let json = try explainFrame(
            of: { try! UIStoryboard(contentsOf: url).loadInitialViewController() },
            scenario: Self.fixtures.appendingPathComponent("profile-motion.yaml").path, frame: 0)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let names = (object["onScreen"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        XCTAssertEqual(Array(names.prefix(2)), ["box", "kept"], "the screen's views, then the bars' own: \(names)")
    }

    func testTheStoryboardProfileMatchesItsGoldens() throws {
        MainActor.assumeIsolated { registerStoryboardProfile() }
        let bundle = Bundle(path: Self.fixtures.path)
        let golden = Self.fixtures.deletingLastPathComponent().appendingPathComponent("golden/storyboard-profile").path
        try assertFrames(
            of: { UIStoryboard(name: "Profile", bundle: bundle).instantiateInitialViewController()! },
            scenario: Self.fixtures.appendingPathComponent("profile-motion.yaml").path, golden: golden, frames: "0,12,40", scale: 0.5)
    }
}

enum CallOrder { @MainActor static var events: [String] = [] }

final class OutletNamedController: UIViewController {
    var box: UIView!
    var other: UIView!
}

final class OrderedController: UIViewController {
    var badge: OrderedView!
    var labels: [UILabel] = []
    var note = ""
    required init?(coder: NSCoder) {
        super.init(coder: coder)
        CallOrder.events.append("controller init(coder:)")
    }
    init?(coder: NSCoder, note: String) {
        self.note = note
        super.init(coder: coder)
        CallOrder.events.append("controller init(coder:)")
    }
    override func awakeFromNib() {
        super.awakeFromNib()
        CallOrder.events.append("controller awakeFromNib")
    }
    override func viewDidLoad() {
        super.viewDidLoad()
        CallOrder.events.append("controller viewDidLoad badge=\(badge == nil ? "nil" : "set") labels=\(labels.count)")
    }
    func tapped(_ sender: UIButton) { CallOrder.events.append("tapped \(sender.currentTitle ?? "")") }
}

final class OrderedView: UIView {
    var inner: UIView?
    required init?(coder: NSCoder) {
        super.init(coder: coder)
        CallOrder.events.append("badge init(coder:) frame (\(frame.origin.x), \(frame.origin.y), \(frame.width), \(frame.height))")
    }
    override func awakeFromNib() {
        super.awakeFromNib()
        CallOrder.events.append("badge awakeFromNib inner=\(inner == nil ? "nil" : "set")")
    }
}

final class NibCardOwner: NSObject { var title: UILabel? }

/// The File's Owner of a collection XIB: the collection view's data source (six tiles).
final class NibGridOwner: NSObject, UICollectionViewDataSource {
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 6 }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "Tile", for: indexPath) as! NibGridCell
        cell.caption?.text = "Tile \(indexPath.item)"
        return cell
    }
    func collectionView(
        _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> UICollectionReusableView {
        collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "Header", for: indexPath)
    }
}

final class NibGridLayout: UICollectionViewFlowLayout {}
final class NibGridCell: UICollectionViewCell { var caption: UILabel? }
final class NibGridHeader: UICollectionReusableView { var title: UILabel? }

final class NibCardCell: UITableViewCell {
    var caption: UILabel?
    var awoken = 0
    override func awakeFromNib() { super.awakeFromNib(); awoken += 1 }
}

final class NibCardViewController: UIViewController {
    var titleLabel: UILabel?
    var loadedTitle: String?
    override func viewDidLoad() { super.viewDidLoad(); loadedTitle = titleLabel?.text }
}

struct SaidError: Error, CustomStringConvertible { let description: String }

extension UIViewController {
    /// Loads the scene's view and throws what `loadView` would say.
    @MainActor func interfaceBuilderViewForTests() throws {
        _ = ScreenRun.takeDiagnostics()
        _ = view
        if let error = ScreenRun.takeDiagnostics().first(where: { $0.hasPrefix("error: ") }) {
            throw SaidError(description: String(error.dropFirst(7)))
        }
    }
}

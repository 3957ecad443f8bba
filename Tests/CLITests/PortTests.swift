import Foundation
import InterfaceBuilderPort
import RenderFramesKit
import XCTest

/// The source transformation of `render-frames port`: what the Linux copy of an app's file says.
final class PortTransformTests: XCTestCase {
    func transform(_ source: String, methods: [String: [[String]]] = [:]) -> String {
        SourceTransform.transform(source, path: "/app/A.swift", methods: methods)
            .split(separator: "\n", omittingEmptySubsequences: false).dropFirst().dropLast(2).joined(separator: "\n")
    }

    func testInterfaceBuilderAttributesAreBlankedInPlace() {
        let source = "class A: UIViewController {\n    @IBOutlet weak var header: UIView!\n    @IBAction func tap(_ sender: UIButton) {}\n}"
        let out = transform(source)
        XCTAssertEqual(out, "class A: UIViewController {\n              weak var header: UIView!\n              func tap(_ sender: UIButton) {}\n}")
        XCTAssertEqual(out.utf8.count, source.utf8.count, "every other character keeps its line and column")
    }

    func testAttributesInStringsAndCommentsAreLeftAlone() {
        let source = #"""
            let a = "@IBOutlet \("@objc" + "x")" // @IBAction
            let b = #"@objc "quoted" \(x)"#
            /* @IBOutlet /* nested @objc */ still a comment */
            let c = """
                @IBInspectable #selector(tap)
                """
            @objc func f() {}
            """#
        let out = transform(source)
        XCTAssertEqual(
            out,
            source.replacingOccurrences(of: "@objc func f", with: "      func f"),
            "only the attribute in code is taken out")
    }

    func testObjCWithANameAndPrivateOutletsCompileFromAnotherFile() {
        let out = transform("@objc(ABCView) class V: UIView {\n    @IBOutlet private(set) weak var a: UILabel!\n    @IBInspectable fileprivate var r: CGFloat = 0\n}")
        XCTAssertEqual(out, "               class V: UIView {\n                           weak var a: UILabel!\n                               var r: CGFloat = 0\n}")
    }

    func testSelectorsAreSpelledAsObjectiveCSpellsThem() {
        let methods = ["refresh": [[String]()], "handle": [["_"]], "pan": [["gesture"]]]
        XCTAssertEqual(transform("b.addTarget(self, action: #selector(tap(_:)), for: .touchUpInside)", methods: methods),
            #"b.addTarget(self, action: Selector("tap:"), for: .touchUpInside)"#)
        XCTAssertEqual(ObjCSelector.spelling(ofExpression: "Self.refresh", methods: methods), "refresh")
        XCTAssertEqual(ObjCSelector.spelling(ofExpression: "handle", methods: methods), "handle:")
        XCTAssertEqual(ObjCSelector.spelling(ofExpression: "self.pan", methods: methods), "panWithGesture:")
        XCTAssertEqual(ObjCSelector.spelling(ofExpression: "move(to:animated:)", methods: methods), "moveTo:animated:")
        XCTAssertEqual(ObjCSelector.spelling(ofExpression: "insert(_:at:)", methods: methods), "insert:at:")
        XCTAssertEqual(ObjCSelector.spelling(ofExpression: "getter: title", methods: methods), "title")
        XCTAssertEqual(ObjCSelector.spelling(ofExpression: "setter: title", methods: methods), "setTitle:")
    }

    func testTheAppDelegateIsLeftOutWholeWithItsLinesKept() {
        let source = "import UIKit\n\n@main\nclass AppDelegate: UIResponder, UIApplicationDelegate {\n    var window: UIWindow?\n}\n\nlet kept = 1"
        let out = transform(source)
        XCTAssertEqual(out.split(separator: "\n", omittingEmptySubsequences: false).count, source.split(separator: "\n", omittingEmptySubsequences: false).count)
        XCTAssertFalse(out.contains("AppDelegate"))
        XCTAssertTrue(out.hasPrefix("import UIKit\n"))
        XCTAssertTrue(out.contains("let kept = 1"))
    }

    func testOptionalProtocolRequirementsKeepObjC() {
        let source = "@objc protocol P {\n    @objc optional func f()\n}"
        XCTAssertEqual(transform(source), source)
    }

    func testTheCopyNamesTheUsersFileForTheCompilersMessages() {
        let out = SourceTransform.transform("let a = 1", path: "/app/My \"File\".swift", methods: [:])
        XCTAssertEqual(out, "#sourceLocation(file: \"/app/My \\\"File\\\".swift\", line: 1)\nlet a = 1\n#sourceLocation()\n")
    }

    func testDeclarationsAndTheirRegistrations() throws {
        let folder = try makeTemporaryFolder("port-decl")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let swift = """
            class FeedViewController: UIViewController {
                @IBOutlet weak var header: UIView!
                @IBOutlet var cards: [UIView]!
                @IBAction func refresh() {}
                class func make() -> FeedViewController { FeedViewController() }
                @IBAction func share(_ sender: Any, forEvent event: UIEvent) {}
            }
            extension FeedViewController {
                @IBAction func like(sender: UIButton) {}
            }
            class Badge: UIView { @IBInspectable var radius: CGFloat = 4 }
            private extension Badge { func helper() {} }
            class AppDelegate: UIResponder, UIApplicationDelegate { @IBOutlet var window: UIWindow? }
            """
        try swift.write(toFile: folder + "/Feed.swift", atomically: true, encoding: .utf8)
        var app = try AppSources(swift: [(folder + "/Feed.swift", "Feed.swift")], interfaceBuilder: [])
        XCTAssertEqual(app.declaredClasses, ["FeedViewController", "Badge", "AppDelegate"])
        XCTAssertEqual(
            app.registrations().split(separator: "\n").dropFirst(3).prefix(9).joined(separator: "\n"),
            """
            @MainActor func registerInterfaceBuilderClasses() {
                UIStoryboard.register(Badge.self) {
                    $0.inspectable("radius", \\.radius)
                }
                UIStoryboard.register(FeedViewController.self) {
                    $0.outlet("header", \\.header)
                    $0.outletCollection("cards", \\.cards)
                    $0.action("refresh", FeedViewController.refresh)
                    $0.action("share:forEvent:", withEvent: FeedViewController.share(_:forEvent:))
            """)
        XCTAssertEqual(app.notes, [])
    }

    /// `@objc` methods are the targets of `#selector`: registered like actions (an instance method
    /// returning nothing), their `private` taken off in the copy so the registrations can name them.
    func testObjCMethodsAreRegisteredAsActionsAndLoseTheirPrivate() throws {
        let folder = try makeTemporaryFolder("port-objc")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let swift = """
            class ListViewController: UITableViewController {
                @objc private func refresh() {}
                @objc func segmentChanged(sender: UISegmentedControl) {}
                @objc func count() -> Int { 0 }
                @objc static func make() {}
            }
            """
        try swift.write(toFile: folder + "/List.swift", atomically: true, encoding: .utf8)
        var app = try AppSources(swift: [(folder + "/List.swift", "List.swift")], interfaceBuilder: [])
        let registrations = app.registrations().split(separator: "\n").map(String.init)
        XCTAssertEqual(
            Array(registrations.drop { !$0.contains("register(ListViewController") }.prefix(4)),
            [
                "    UIStoryboard.register(ListViewController.self) {",
                "        $0.action(\"refresh\", ListViewController.refresh)",
                "        $0.action(\"segmentChangedWithSender:\", ListViewController.segmentChanged(sender:))",
                "    }",
            ], "a method returning a value and a static one are no actions")
        XCTAssertEqual(transform(swift).split(separator: "\n")[1], "                  func refresh() {}")
    }

    /// A gesture recognizer's `#selector` is written as a Selector and its `@objc` method
    /// registered, as a control's is: the recognizer's action reaches it
    /// (UIKitTests.TouchTests send actions through such a registration).
    func testAGestureRecognizersSelectorIsRegistered() throws {
        let folder = try makeTemporaryFolder("port-gesture")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let swift = """
            class CardViewController: UIViewController {
                override func viewDidLoad() {
                    view.addGestureRecognizer(UITapGestureRecognizer(target: self, action: #selector(didTap(_:))))
                }
                @objc private func didTap(_ recognizer: UITapGestureRecognizer) {}
            }
            """
        try swift.write(toFile: folder + "/Card.swift", atomically: true, encoding: .utf8)
        var app = try AppSources(swift: [(folder + "/Card.swift", "Card.swift")], interfaceBuilder: [])
        let registrations = app.registrations().split(separator: "\n").map(String.init)
        XCTAssertEqual(
            Array(registrations.drop { !$0.contains("register(CardViewController") }.prefix(3)),
            [
                "    UIStoryboard.register(CardViewController.self) {",
                "        $0.action(\"didTap:\", CardViewController.didTap(_:))",
                "    }",
            ])
        XCTAssertTrue(
            transform(swift).contains(#"UITapGestureRecognizer(target: self, action: Selector("didTap:"))"#), transform(swift))
    }

    /// A pan's and a swipe's `#selector`s, and one added to a scroll view's own pan, are
    /// registered as a tap's are (UIKitTests.PanSwipeTests send actions through such a registration).
    func testPanAndSwipeSelectorsAreRegistered() throws {
        let folder = try makeTemporaryFolder("port-pan")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let swift = """
            class SheetViewController: UIViewController {
                let scrollView = UIScrollView()
                override func viewDidLoad() {
                    view.addGestureRecognizer(UIPanGestureRecognizer(target: self, action: #selector(didPan(_:))))
                    let swipe = UISwipeGestureRecognizer(target: self, action: #selector(didSwipe))
                    swipe.direction = .left
                    view.addGestureRecognizer(swipe)
                    scrollView.panGestureRecognizer.addTarget(self, action: #selector(scrollPanned(_:)))
                }
                @objc private func didPan(_ recognizer: UIPanGestureRecognizer) {}
                @objc func didSwipe() {}
                @objc func scrollPanned(_ pan: UIPanGestureRecognizer) {}
            }
            """
        try swift.write(toFile: folder + "/Sheet.swift", atomically: true, encoding: .utf8)
        var app = try AppSources(swift: [(folder + "/Sheet.swift", "Sheet.swift")], interfaceBuilder: [])
        let registrations = app.registrations().split(separator: "\n").map(String.init)
        let block = Array(registrations.drop { !$0.contains("register(SheetViewController") }.prefix(5))
        XCTAssertEqual(block.first, "    UIStoryboard.register(SheetViewController.self) {")
        XCTAssertTrue(block.contains("        $0.action(\"didPan:\", SheetViewController.didPan(_:))"), "\(block)")
        XCTAssertTrue(block.contains("        $0.action(\"didSwipe\", SheetViewController.didSwipe)"), "\(block)")
        XCTAssertTrue(block.contains("        $0.action(\"scrollPanned:\", SheetViewController.scrollPanned(_:))"), "\(block)")
        let ported = transform(swift)
        XCTAssertTrue(ported.contains(#"UIPanGestureRecognizer(target: self, action: Selector("didPan:"))"#), ported)
        XCTAssertTrue(ported.contains(#"UISwipeGestureRecognizer(target: self, action: Selector("didSwipe"))"#), ported)
    }

    /// A screen that observes a notification and runs a timer by `#selector`: both are written as
    /// Selectors spelled as Objective-C spells them, and both `@objc` methods are registered, so the
    /// UIKit's `addObserver(_:selector:name:object:)` and `scheduledTimer(timeInterval:target:selector:userInfo:repeats:)`
    /// reach them (UIKitTests.SelectorObserverTests run such registrations).
    func testANotificationObserversAndATimersSelectorsAreRegistered() throws {
        let folder = try makeTemporaryFolder("port-notification-timer")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let swift = """
            class ClockViewController: UIViewController {
                override func viewDidLoad() {
                    NotificationCenter.default.addObserver(self, selector: #selector(keyboardWillShow), name: UIResponder.keyboardWillShowNotification, object: nil)
                    Timer.scheduledTimer(timeInterval: 1, target: self, selector: #selector(tick(_:)), userInfo: nil, repeats: true)
                }
                @objc private func keyboardWillShow(_ notification: Notification) {}
                @objc func tick(_ timer: Timer) {}
            }
            """
        try swift.write(toFile: folder + "/Clock.swift", atomically: true, encoding: .utf8)
        var app = try AppSources(swift: [(folder + "/Clock.swift", "Clock.swift")], interfaceBuilder: [])
        let registrations = app.registrations().split(separator: "\n").map(String.init)
        XCTAssertEqual(
            Array(registrations.drop { !$0.contains("register(ClockViewController") }.prefix(4)),
            [
                "    UIStoryboard.register(ClockViewController.self) {",
                "        $0.action(\"keyboardWillShow:\", ClockViewController.keyboardWillShow(_:))",
                "        $0.action(\"tick:\", ClockViewController.tick(_:))",
                "    }",
            ])
        let methods = ["keyboardWillShow": [["_"]], "tick": [["_"]]]
        let copy = transform(swift, methods: methods)
        XCTAssertTrue(copy.contains(#"addObserver(self, selector: Selector("keyboardWillShow:"), name:"#), copy)
        XCTAssertTrue(copy.contains(#"target: self, selector: Selector("tick:"), userInfo: nil"#), copy)
    }

    /// An override written in an extension is moved into its class's body, between
    /// `#sourceLocation` lines naming its own place; where it was, blanks keep the lines.
    func testAnOverrideInAnExtensionMovesIntoItsClass() {
        let source = """
            class TableViewController: UITableViewController {
                override func viewDidLoad() {}
            }

            extension TableViewController {
                override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
                    return 3
                }
                func helper() {}
            }
            """
        let moved = ExtensionOverrides.move([source], paths: ["/app/T.swift"])[0]
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let blanked = lines[3...].enumerated().map { i, line in
            (2...4).contains(i) ? String(repeating: " ", count: line.count) : line
        }
        XCTAssertEqual(
            moved,
            """
            class TableViewController: UITableViewController {
                override func viewDidLoad() {}

            #sourceLocation(file: "/app/T.swift", line: 6)
                override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
                    return 3
                }
            #sourceLocation(file: "/app/T.swift", line: 3)
            }

            """ + blanked.joined(separator: "\n"))
        XCTAssertEqual(ExtensionOverrides.move(["extension UIView { override func layoutSubviews() {} }"], paths: ["/a"]),
            ["extension UIView { override func layoutSubviews() {} }"], "a class the app does not declare is left alone")
    }

    func testAnOverrideMovesToItsClassInAnotherFile() {
        let moved = ExtensionOverrides.move(
            ["class A: UIViewController {\n}\n", "extension A {\n    @objc override func viewDidLoad() { super.viewDidLoad() }\n}\n"],
            paths: ["/app/A.swift", "/app/A+Load.swift"])
        XCTAssertEqual(
            moved[0],
            "class A: UIViewController {\n\n#sourceLocation(file: \"/app/A+Load.swift\", line: 2)\n    @objc override func viewDidLoad() { super.viewDidLoad() }"
                + "\n#sourceLocation(file: \"/app/A.swift\", line: 2)\n}\n")
        XCTAssertEqual(moved[1], "extension A {\n" + String(repeating: " ", count: "    @objc override func viewDidLoad() { super.viewDidLoad() }".count) + "\n}\n")
    }

    /// A screen made in code is made as the app's delegate makes it.
    /// The delegate makes the screen from its launch method's variables and its own properties:
    /// the statements that make them come along (a backward slice), `self.` dropped, and nothing
    /// the screen does not need (the window, an analytics call, an unused constant).
    func testAScreenMadeFromTheLaunchMethodsVariablesBringsThemAlong() {
        let delegate = """
            class AppDelegate: UIResponder, UIApplicationDelegate {
                var window: UIWindow?
                private let startStyle: GridStyle = .mosaic
                let spacing = 8.0
                func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                    window = UIWindow()
                    Analytics.start()
                    var layout: UICollectionViewLayout
                    switch self.startStyle {
                    case .mosaic: layout = MosaicLayout()
                    case .list:
                        layout = UICollectionViewFlowLayout()
                    }
                    layout.invalidateLayout()
                    let unused = 3
                    let grid = GridViewController(collectionViewLayout: layout, style: startStyle)
                    window?.rootViewController = grid
                    window?.makeKeyAndVisible()
                    return true
                }
            }
            """
        XCTAssertEqual(
            ProgrammaticScreens.construction(of: "GridViewController", delegateSources: [delegate]),
            """
            { () -> UIViewController in
                        let startStyle: GridStyle = .mosaic
                        var layout: UICollectionViewLayout
                        switch startStyle {
                        case .mosaic: layout = MosaicLayout()
                        case .list:
                            layout = UICollectionViewFlowLayout()
                        }
                        layout.invalidateLayout()
                        return GridViewController(collectionViewLayout: layout, style: startStyle)
                    }()
            """)
    }

    func testAScreenMadeInCodeIsMadeAsTheDelegateMakesIt() {
        let scene = """
            class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
                    let root = FeedViewController(style: .plain)
                    window?.rootViewController = UINavigationController(rootViewController: root)
                    other.rootViewController = ViewController(nibName: "ViewController", bundle: nil)
                }
            }
            """
        XCTAssertEqual(
            ProgrammaticScreens.construction(of: "FeedViewController", delegateSources: [scene]),
            "UINavigationController(rootViewController: FeedViewController(style: .plain))")
        XCTAssertEqual(
            ProgrammaticScreens.construction(of: "ViewController", delegateSources: [scene]), #"ViewController(nibName: "ViewController", bundle: nil)"#)
        XCTAssertEqual(ProgrammaticScreens.construction(of: "ProfileViewController", delegateSources: [scene]), "ProfileViewController()")
    }
}

/// `render-frames port`: the package it writes and what it refuses.
final class PortCommandTests: XCTestCase {
    var tmp = ""
    override func setUpWithError() throws { tmp = try makeTemporaryFolder("port") }
    override func tearDown() { try? FileManager.default.removeItem(atPath: tmp) }

    static let storyboard = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="a">
            <scenes>
                <!--Feed-->
                <scene sceneID="s1">
                    <objects>
                        <viewController id="a" customClass="FeedViewController" customModule="App" sceneMemberID="viewController"/>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="r" customClass="UIResponder" sceneMemberID="firstResponder"/>
                    </objects>
                </scene>
            </scenes>
        </document>

        """

    /// An app folder with one controller and Main.storyboard; returns its path.
    func app(storyboard: String = storyboard, swift: String? = "class FeedViewController: UIViewController {}\n") throws -> String {
        let app = tmp + "/MyApp"
        try FileManager.default.createDirectory(atPath: app + "/Base.lproj", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: app + "/Assets.xcassets", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: app + "/MyAppTests", withIntermediateDirectories: true)
        try "import XCTest\n".write(toFile: app + "/MyAppTests/MyAppTests.swift", atomically: true, encoding: .utf8)
        if let swift { try swift.write(toFile: app + "/FeedViewController.swift", atomically: true, encoding: .utf8) }
        try storyboard.write(toFile: app + "/Base.lproj/Main.storyboard", atomically: true, encoding: .utf8)
        return app
    }

    func refusal(_ body: () throws -> Void) -> String {
        do {
            try body()
            return "no error"
        } catch {
            XCTAssertNotNil(BadInput.describe(error), "a refusal is bad input: exit code 2")
            return "\(error)"
        }
    }

    func testThePackageLinksTheAppAndHasOneTestPerScreen() throws {
        let app = try app()
        let out = tmp + "/Ported"
        let result = try Port.port(app: app, out: out, screens: ["FeedViewController"], renderFrames: tmp + "/checkout/render-frames")
        XCTAssertEqual(result.swiftFiles, 1, "the app's test folder is left out")
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: out + "/App"), "../MyApp")
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: out + "/Scenarios/Assets.xcassets"), "../App/Assets.xcassets")
        let manifest = try String(contentsOfFile: out + "/Package.swift", encoding: .utf8)
        XCTAssertTrue(manifest.contains(#"let renderFramesPath = "../checkout/render-frames""#))
        XCTAssertTrue(manifest.contains(#".plugin(name: "InterfaceBuilderPortPlugin", package: renderFrames)"#))
        let tests = try String(contentsOfFile: out + "/Tests/ScreensTests/ScreensTests.swift", encoding: .utf8)
        XCTAssertTrue(tests.contains(#"func testFeedViewController() throws { try check("FeedViewController") }"#))
        XCTAssertEqual(
            AppFolder.exclusions(try String(contentsOfFile: out + "/port-exclude.txt", encoding: .utf8)), ["MyAppTests"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: tmp).sorted(), ["MyApp", "Ported"], "no temporary folder left")
    }

    /// The app's files compile in its own language mode, its Xcode project's SWIFT_VERSION (the
    /// project beside the sources' folder, as Xcode lays an app out), so Swift 4's names still
    /// compile as in Xcode (issue 41: a Swift 4.0 app's `NSAttributedStringKey`); Swift 5 with no project.
    func testTheAppsFilesCompileInItsProjectsLanguageMode() throws {
        let app = try app()
        func manifest() throws -> String {
            try? FileManager.default.removeItem(atPath: tmp + "/Ported")
            _ = try Port.port(app: app, out: tmp + "/Ported", screens: ["FeedViewController"], renderFrames: tmp + "/checkout/render-frames")
            return try String(contentsOfFile: tmp + "/Ported/Package.swift", encoding: .utf8)
        }
        XCTAssertTrue(try manifest().contains("swiftSettings: [.swiftLanguageMode(.v5)],\n            plugins:"), "no project: Swift 5")
        let project = tmp + "/MyApp.xcodeproj"
        try FileManager.default.createDirectory(atPath: project, withIntermediateDirectories: true)
        let settings = ["4.0", "4.0", "5.0"].map { "\t\t\t\tSWIFT_VERSION = \($0);\n" }.joined()
        try "// !$*UTF8*$!\n{\n\(settings)}\n".write(toFile: project + "/project.pbxproj", atomically: true, encoding: .utf8)
        XCTAssertTrue(try manifest().contains("swiftSettings: [.swiftLanguageMode(.v4)],\n            plugins:"), "most configurations: 4.0")
        XCTAssertEqual(XcodeProject.languageMode(swiftVersion: "4.2"), .v4_2)
        XCTAssertEqual(XcodeProject.languageMode(swiftVersion: "5"), .v5)
        XCTAssertEqual(XcodeProject.languageMode(swiftVersion: "6.0"), .v6)
        XCTAssertNil(XcodeProject.languageMode(swiftVersion: "3.0"), "no compiler of today has Swift 3 mode")
        try "SWIFT_VERSION = 3.0;\n".write(toFile: project + "/project.pbxproj", atomically: true, encoding: .utf8)
        let old = XcodeProject.languageMode(near: app)
        XCTAssertEqual(old.mode, .v4)
        XCTAssertEqual(old.note?.contains("SWIFT_VERSION = 3.0"), true)
    }

    /// A file the app's folder holds but no target of its Xcode project compiles (an old copy of a
    /// class) is left out, as Xcode leaves it out: listed in port-exclude.txt and said once. The
    /// project's groups place the files; the test bundle's target does not count.
    func testAFileNoTargetCompilesIsLeftOutAsXcodeLeavesItOut() throws {
        let app = try app()
        try "class FeedViewController: UIViewController {}\n".write(toFile: app + "/OldFeedViewController.swift", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: app + "/Views", withIntermediateDirectories: true)
        try "class Badge: UIView {}\n".write(toFile: app + "/Views/Badge.swift", atomically: true, encoding: .utf8)
        let project = tmp + "/MyApp.xcodeproj"
        try FileManager.default.createDirectory(atPath: project, withIntermediateDirectories: true)
        try """
            // !$*UTF8*$!
            {
            \tarchiveVersion = 1;
            \tobjects = {
            \t\tB1 /* FeedViewController.swift in Sources */ = {isa = PBXBuildFile; fileRef = F1 /* FeedViewController.swift */; };
            \t\tB2 /* Badge.swift in Sources */ = {isa = PBXBuildFile; fileRef = F4; };
            \t\tB3 /* MyAppTests.swift in Sources */ = {isa = PBXBuildFile; fileRef = F3; };
            \t\tF1 = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = FeedViewController.swift; sourceTree = "<group>"; };
            \t\tF2 = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = OldFeedViewController.swift; sourceTree = "<group>"; };
            \t\tF3 = {isa = PBXFileReference; path = MyAppTests.swift; sourceTree = "<group>"; };
            \t\tF4 = {isa = PBXFileReference; path = Views/Badge.swift; sourceTree = "<group>"; };
            \t\tG0 = {isa = PBXGroup; children = (G1, G2); sourceTree = "<group>"; };
            \t\tG1 = {isa = PBXGroup; children = (F1, F2, F4); path = MyApp; sourceTree = "<group>"; };
            \t\tG2 = {isa = PBXGroup; children = (F3); path = MyApp/MyAppTests; sourceTree = "<group>"; };
            \t\tP1 = {isa = PBXSourcesBuildPhase; files = (B1, B2); };
            \t\tP2 = {isa = PBXSourcesBuildPhase; files = (B3); };
            \t\tT1 = {isa = PBXNativeTarget; buildPhases = (P1); productType = "com.apple.product-type.application"; };
            \t\tT2 = {isa = PBXNativeTarget; buildPhases = (P2); productType = "com.apple.product-type.bundle.unit-test"; };
            \t};
            \trootObject = R1;
            }

            """.write(toFile: project + "/project.pbxproj", atomically: true, encoding: .utf8)
        let compiled = try XCTUnwrap(XcodeProject.compiledSwiftFiles(projectFile: project + "/project.pbxproj"))
        XCTAssertEqual(compiled.names, ["FeedViewController.swift", "Badge.swift"], "the test bundle's file does not count")
        XCTAssertEqual(compiled.paths, [app + "/FeedViewController.swift", app + "/Views/Badge.swift"])
        let result = try Port.port(app: app, out: tmp + "/Ported", screens: ["FeedViewController"])
        XCTAssertEqual(result.swiftFiles, 2, "FeedViewController.swift and Views/Badge.swift")
        XCTAssertEqual(result.notes, [
            "left out OldFeedViewController.swift: no target of MyApp.xcodeproj compiles it (port-exclude.txt lists what is left out)"
        ])
        let exclusions = try String(contentsOfFile: tmp + "/Ported/port-exclude.txt", encoding: .utf8)
        XCTAssertTrue(exclusions.hasSuffix("MyAppTests\n# Not compiled by any target of MyApp.xcodeproj:\nOldFeedViewController.swift\n"), exclusions)
        // A folder laid out unlike the project's groups: the files' names decide.
        XCTAssertEqual(
            XcodeProject.swiftFilesNotCompiled(app: app, swift: ["Elsewhere/FeedViewController.swift", "OldFeedViewController.swift"])?.files,
            ["OldFeedViewController.swift"])
    }

    func testAPortAgainKeepsTheGoldensAndExclusions() throws {
        let app = try app()
        let out = tmp + "/Ported"
        try Port.port(app: app, out: out, screens: ["FeedViewController"])
        try FileManager.default.createDirectory(atPath: out + "/Goldens/FeedViewController", withIntermediateDirectories: true)
        try Data([1]).write(to: URL(fileURLWithPath: out + "/Goldens/FeedViewController/0000.png"))
        try "Old.swift\n".write(toFile: out + "/port-exclude.txt", atomically: true, encoding: .utf8)
        try Port.port(app: app, out: out, screens: ["FeedViewController"])
        XCTAssertEqual(FileManager.default.contents(atPath: out + "/Goldens/FeedViewController/0000.png"), Data([1]))
        XCTAssertEqual(try String(contentsOfFile: out + "/port-exclude.txt", encoding: .utf8), "Old.swift\n")
    }

    func testAnUnknownScreenSaysWhichClassesTheScenesHave() throws {
        let app = try app()
        XCTAssertEqual(
            refusal { try Port.port(app: app, out: tmp + "/P", screens: ["FeedViewControler"]) },
            "\(app): no storyboard scene's controller and no view controller class of the app is a FeedViewControler; did you mean "
                + "FeedViewController? the app's screens are FeedViewController")
        XCTAssertFalse(FileManager.default.fileExists(atPath: tmp + "/P"), "nothing is written")
    }

    /// An app without storyboard scenes: its view controllers are screens, made as its delegate makes them.
    func testAnAppMadeInCodePortsItsViewControllers() throws {
        let app = try app(
            storyboard: Self.storyboard.replacingOccurrences(of: "customClass=\"FeedViewController\" customModule=\"App\" ", with: ""),
            swift: """
                class FeedViewController: UIViewController {}
                class DetailViewController: FeedViewController {}
                class Cell: UITableViewCell {}
                class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                    func connect() { window?.rootViewController = UINavigationController(rootViewController: FeedViewController()) }
                }

                """)
        let out = tmp + "/Ported"
        XCTAssertEqual(
            refusal { try Port.port(app: app, out: out, screens: ["Cell"]) },
            "\(app): no storyboard scene's controller and no view controller class of the app is a Cell; "
                + "the app's screens are DetailViewController, FeedViewController")
        try Port.port(app: app, out: out, screens: ["FeedViewController", "DetailViewController"])
        let ported = try String(contentsOfFile: out + "/Sources/AppScreens/PortedApp.swift", encoding: .utf8)
        XCTAssertTrue(ported.contains("""
                    case "DetailViewController": return DetailViewController()
                    case "FeedViewController": return UINavigationController(rootViewController: FeedViewController())
                    default: return nil
            """), ported)
        XCTAssertTrue(ported.contains("UINib.mainBundleFolders = [URL(fileURLWithPath: folder + \"/App\")]"))
    }

    func testAClassNoSwiftFileDeclaresIsNamedWithItsStoryboardLineAndScene() throws {
        let app = try app(swift: "class FeedController: UIViewController {}\n")
        XCTAssertEqual(
            refusal { try Port.port(app: app, out: tmp + "/P", screens: ["FeedViewController"]) },
            "Base.lproj/Main.storyboard:7: the scene \"Feed\" names the class FeedViewController (module App), which no Swift file of the app "
                + "declares; did you mean FeedController? add the file that declares it to the app's folder, or take it out of the exclusions "
                + "(port-exclude.txt)")
    }

    func testAFileThatIsNotXMLIsRefusedWithItsLine() throws {
        let app = try app(storyboard: "<?xml version=\"1.0\"?>\n<document>\n  <scenes>\n</document>\n")
        let message = refusal { try Port.port(app: app, out: tmp + "/P", screens: ["FeedViewController"]) }
        XCTAssertTrue(message.hasPrefix("Base.lproj/Main.storyboard:2: the root element is <document>, not an iOS Interface Builder document"), message)
        let broken = try self.app(storyboard: "<?xml version=\"1.0\"?>\n<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\">\n  <scenes>\n</document>\n")
        let second = refusal { try Port.port(app: broken, out: tmp + "/P", screens: ["FeedViewController"]) }
        XCTAssertEqual(
            second,
            "Base.lproj/Main.storyboard:4: the file is not XML (it ends inside <document>, opened at line 2); open it in Xcode and save it "
                + "again, or restore it from version control")
        try "plain text\n".write(toFile: broken + "/Base.lproj/Main.storyboard", atomically: true, encoding: .utf8)
        XCTAssertEqual(
            refusal { try Port.port(app: broken, out: tmp + "/P", screens: ["FeedViewController"]) },
            "Base.lproj/Main.storyboard:1: the file is not XML (the XML parser stopped here); open it in Xcode and save it again, or "
                + "restore it from version control")
        XCTAssertFalse(FileManager.default.fileExists(atPath: tmp + "/P"), "nothing is written")
    }

    func testAFolderWithoutSwiftFilesIsRefused() throws {
        let app = try app(swift: nil)
        XCTAssertEqual(
            refusal { try Port.port(app: app, out: tmp + "/P", screens: ["FeedViewController"]) },
            "\(app): holds no Swift files (outside the exclusions); give the folder of the app's sources, the one with its AppDelegate.swift "
                + "and view controllers")
    }

    func testAFolderThePortDidNotWriteIsNotReplaced() throws {
        let app = try app()
        try FileManager.default.createDirectory(atPath: tmp + "/Mine", withIntermediateDirectories: true)
        XCTAssertEqual(
            refusal { try Port.port(app: app, out: tmp + "/Mine", screens: ["FeedViewController"]) },
            "\(tmp)/Mine: exists and was not written by render-frames port; give a new folder for the package")
    }

    func testTheCommandExitsTwoOnBadInput() throws {
        let app = try app()
        let result = try InProcess.run(CLITests.binary, ["port", app, "--out", tmp + "/P", "--screen", "Nope"])
        XCTAssertEqual(result.code, 2)
        XCTAssertTrue(
            result.stderr.hasPrefix("error: \(app): no storyboard scene's controller and no view controller class of the app is a Nope"),
            result.stderr)
    }
}

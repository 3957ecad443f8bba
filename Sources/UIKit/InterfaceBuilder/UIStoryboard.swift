import Foundation

/// A storyboard's scenes: view controllers made by identifier or the initial one, each with
/// `init?(coder:)` and `awakeFromNib()`; a controller's view is made from the scene when it is
/// first needed (`loadView`), its outlets set and its views awoken before `viewDidLoad`, as UIKit
/// does. Navigation and tab bar controllers get the controllers their relationship segues name.
/// The file is the `.storyboard` itself: `NAME.storyboard` in the bundle's resources (also in
/// `Base.lproj`); a SwiftPM target lists it as a resource and passes `Bundle.module`.
/// https://developer.apple.com/documentation/uikit/uistoryboard
@preconcurrency @MainActor open class UIStoryboard: NSObject {
    private let loaded: Result<IBDocument, InterfaceBuilderError>
    private let bundle: Bundle?

    /// The storyboard `name.storyboard` in `bundle` (the main bundle when nil). A file that cannot
    /// be read makes a storyboard whose controllers are nil, said once with the reason
    /// (`UIStoryboard.load(name:bundle:)` throws it).
    /// https://developer.apple.com/documentation/uikit/uistoryboard/1616216-init
    public init(name: String, bundle storyboardBundleOrNil: Bundle?) {
        bundle = storyboardBundleOrNil
        loaded = IBFiles.result { try IBFiles.document(name, extensions: ["storyboard"], bundle: storyboardBundleOrNil) }
        super.init()
        if case .failure(let error) = loaded { Diagnostics.once("IB error \(error)", "error: \(error)") }
    }

    /// The storyboard at `url`, its errors thrown. Not Apple API.
    public convenience init(contentsOf url: URL, bundle: Bundle? = nil) throws {
        try self.init(document: IBDocument(contentsOf: url), bundle: bundle)
    }

    private init(document: IBDocument, bundle: Bundle?) throws {
        self.bundle = bundle
        guard document.kind == .storyboard else {
            throw InterfaceBuilderError(
                file: document.fileName, line: document.root.line, problem: "the file is a XIB, not a storyboard",
                fix: "load it with UINib(nibName:bundle:)")
        }
        loaded = .success(document)
        super.init()
    }

    /// `init(name:bundle:)` that throws what is wrong with the file. Not Apple API.
    public static func load(name: String, bundle: Bundle?) throws -> UIStoryboard {
        try UIStoryboard(document: IBFiles.document(name, extensions: ["storyboard"], bundle: bundle), bundle: bundle)
    }

    /// Makes `type` known to storyboards and XIBs by its name, with the outlets, actions and
    /// inspectable attributes `describe` names. Not Apple API (Objective-C finds classes and
    /// properties by name at run time; Swift on Linux cannot set a property by name).
    public static func register<T: AnyObject>(_ type: T.Type, _ describe: (InterfaceBuilderClass<T>) -> Void = { _ in }) {
        InterfaceBuilderClasses.register(type, describe)
    }

    // MARK: Apple's API

    /// https://developer.apple.com/documentation/uikit/uistoryboard/1616213-instantiateinitialviewcontroller
    open func instantiateInitialViewController() -> UIViewController? { reporting { try loadInitialViewController() } }

    /// https://developer.apple.com/documentation/uikit/uistoryboard/3213988-instantiateinitialviewcontroller
    open func instantiateInitialViewController<ViewController: UIViewController>(creator: ((NSCoder) -> ViewController?)?) -> ViewController? {
        reporting {
            let document = try loaded.get()
            let make: ((NSCoder) -> UIViewController?)? = creator.map { c in { (coder: NSCoder) -> UIViewController? in c(coder) } }
            return try self.make(initialElement(document), document, creator: make) as? ViewController
        }
    }

    /// The controller whose storyboard ID is `identifier`. One that cannot be made (no such
    /// identifier, a class not registered) is a plain UIViewController, said once with the reason;
    /// `loadViewController(withIdentifier:)` throws it instead.
    /// https://developer.apple.com/documentation/uikit/uistoryboard/1616214-instantiateviewcontroller
    open func instantiateViewController(withIdentifier identifier: String) -> UIViewController {
        reporting { try loadViewController(withIdentifier: identifier) } ?? UIViewController()
    }


    // MARK: Throwing forms (not Apple API)

    public func loadInitialViewController() throws -> UIViewController {
        let document = try loaded.get()
        return try make(initialElement(document), document, creator: nil)
    }

    public func loadViewController(withIdentifier identifier: String) throws -> UIViewController {
        let document = try loaded.get()
        return try make(element(identifier, document), document, creator: nil)
    }

    /// The scene whose controller's class is `className`, inside the navigation or tab bar
    /// controller whose relationship segue holds it (the outermost one), or pushed onto the
    /// navigation controller of the scene whose `show` segue leads to it, as the app shows it: what
    /// a screen named by its class renders. Throws when no scene has the class, naming those that do.
    public func loadScreen(ofClass className: String) throws -> UIViewController {
        let document = try loaded.get()
        let all = controllers(document)
        guard let target = all.first(where: { $0["customClass"] == className }) else {
            let known = Set(all.compactMap { $0["customClass"] }).sorted()
            throw InterfaceBuilderError(
                file: document.fileName, line: nil, problem: "no scene's controller is a \(className)",
                fix: known.isEmpty ? "set the scene's class in Xcode's identity inspector" : "the scenes' classes are \(known.joined(separator: ", "))")
        }
        var pushedFrom: Set<String> = []
        return try screen(target, document, all, pushedFrom: &pushedFrom)
    }

    /// A scene's controller as the app reaches it: inside the navigation or tab bar controller
    /// whose relationship holds it; else, when a `show` (or `push`) segue of another scene leads to
    /// it, that scene's screen with it pushed onto that screen's navigation controller, not
    /// animated; else alone.
    private func screen(_ element: IBElement, _ document: IBDocument, _ all: [IBElement], pushedFrom: inout Set<String>) throws -> UIViewController {
        var target = element
        var seen: Set<String> = []
        while let id = target.id, seen.insert(id).inserted,
            let container = all.first(where: { c in
                (c.child("connections")?.all("segue") ?? []).contains { $0["kind"] == "relationship" && $0["destination"] == id }
            })
        {
            target = container
        }
        if target.id != element.id { return try make(target, document, creator: nil) }
        guard let id = element.id, pushedFrom.insert(id).inserted,
            let source = all.first(where: { c in
                var leads = false
                c.walk { e in if e.name == "segue", e["destination"] == id, ["show", "push"].contains(e["kind"] ?? "") { leads = true } }
                return leads
            })
        else { return try make(element, document, creator: nil) }
        let base = try screen(source, document, all, pushedFrom: &pushedFrom)
        let navigation = base as? UINavigationController ?? (base as? UITabBarController)?.selectedViewController as? UINavigationController
        guard let navigation else { return try make(element, document, creator: nil) }
        navigation.pushViewController(try make(element, document, creator: nil), animated: false)
        return base
    }

    private func reporting<T>(_ body: () throws -> T?) -> T? {
        do { return try body() } catch {
            Diagnostics.once("IB error \(error)", "error: \(error)")
            return nil
        }
    }

    // MARK: Scenes

    static let controllerKinds: [String: UIViewController.Type] = [
        "viewController": UIViewController.self, "tableViewController": UITableViewController.self,
        "navigationController": UINavigationController.self, "tabBarController": UITabBarController.self,
        "collectionViewController": UICollectionViewController.self,
    ]

    private func controllers(_ document: IBDocument) -> [IBElement] {
        (document.root.child("scenes")?.all("scene") ?? []).flatMap { $0.child("objects")?.children ?? [] }
            .filter { $0["sceneMemberID"] == "viewController" }
    }

    private func initialElement(_ document: IBDocument) throws -> IBElement {
        guard let id = document.root["initialViewController"] else {
            throw InterfaceBuilderError(
                file: document.fileName, line: document.root.line, problem: "the storyboard has no initial view controller",
                fix: "tick \"Is Initial View Controller\" on a scene in Xcode, or use instantiateViewController(withIdentifier:)")
        }
        guard let e = controllers(document).first(where: { $0.id == id }) else {
            throw InterfaceBuilderError(
                file: document.fileName, line: document.root.line, problem: "the initial view controller \(id) is no scene's controller",
                fix: "set the initial view controller again in Xcode")
        }
        return e
    }

    private func element(_ identifier: String, _ document: IBDocument) throws -> IBElement {
        let all = controllers(document)
        if let e = all.first(where: { $0["storyboardIdentifier"] == identifier }) { return e }
        let known = all.compactMap { $0["storyboardIdentifier"] }.sorted()
        throw InterfaceBuilderError(
            file: document.fileName, line: nil, problem: "no scene has the storyboard ID \"\(identifier)\"",
            fix: known.isEmpty ? "give the scene a Storyboard ID in Xcode's identity inspector" : "the IDs are \(known.joined(separator: ", "))")
    }

    /// The scene's name as Xcode shows it: its comment-free title, else its class.
    private func sceneName(_ e: IBElement) -> String { e["title"] ?? e["customClass"] ?? e["userLabel"] ?? e.name }

    /// Makes the controller of a scene: `init?(coder:)` (or the creator), its navigation and tab bar
    /// items, the controllers its relationship segues name, then `awakeFromNib()`.
    private func make(
        _ e: IBElement, _ document: IBDocument, creator: ((NSCoder) -> UIViewController?)?, within: [String] = []
    ) throws -> UIViewController {
        let loading = IBLoading(document: document, bundle: bundle)
        if let id = e.id, within.contains(id) {
            throw loading.error(
                e, "the relationship segues form a cycle (\((within + [id]).joined(separator: " -> ")))",
                "a navigation or tab bar controller cannot hold itself: connect its relationship to another scene in Xcode")
        }
        let base = Self.controllerKinds[e.name] ?? {
            Diagnostics.once("IB \(document.at(e))", "\(document.at(e)): a `\(e.name)` is not drawn: it is shown as a plain view controller")
            return UIViewController.self
        }()
        let type = try loading.resolveClass(e, base: base, scene: sceneName(e))
        let coder = InterfaceBuilderCoder(element: e, loading: loading)
        guard let vc = creator?(coder) ?? type.init(coder: coder) else {
            throw loading.error(e, "\(type).init(coder:) returned nil", "let init?(coder:) call super.init(coder:)")
        }
        vc.storyboard = self
        if let view = e.keyed("view") { vc.interfaceBuilderView = IBViewSource(controller: e, view: view, document: document, bundle: bundle) }
        try IBControllers.decode(vc, e, loading)
        var tabs: [UIViewController] = []
        for segue in e.child("connections")?.all("segue") ?? [] where segue["kind"] == "relationship" {
            guard let id = segue["destination"], let target = controllers(document).first(where: { $0.id == id }) else {
                throw loading.error(segue, "the relationship's destination \(segue["destination"] ?? "") is no scene's controller", "connect it again in Xcode")
            }
            let child = try make(target, document, creator: nil, within: within + [e.id ?? ""])
            switch segue["relationship"] {
            case "rootViewController": (vc as? UINavigationController)?.setViewControllers([child], animated: false)
            case "viewControllers": tabs.append(child)
            default: break
            }
        }
        if !tabs.isEmpty { (vc as? UITabBarController)?.setViewControllers(tabs, animated: false) }
        vc.awakeFromNib()
        return vc
    }
}

/// A scene's view, made when its controller loads its view.
@MainActor struct IBViewSource {
    let controller: IBElement
    let view: IBElement
    let document: IBDocument
    let bundle: Bundle?

    /// Makes the view and its objects, connects the controller's outlets and actions, awakes the
    /// views; then the controller's `viewDidLoad` follows (UIViewController.loadViewIfNeeded).
    func load(into vc: UIViewController) throws {
        let loading = IBLoading(document: document, bundle: bundle)
        if let id = controller.id { loading.objects[id] = vc }
        if let item = controller.child("navigationItem"), let id = item.id {
            loading.objects[id] = vc.navigationItem
            let items = ["leftBarButtonItem": vc.navigationItem.leftBarButtonItem, "rightBarButtonItem": vc.navigationItem.rightBarButtonItem]
            for b in item.all("barButtonItem") {
                if let bid = b.id, let key = b["key"], let made = items[key] ?? nil {
                    loading.objects[bid] = made
                    loading.collect(b, made, guidesOf: nil)
                }
            }
        }
        let root = try loading.makeView(view)
        loading.collect(controller, vc, guidesOf: nil)
        vc.view = root
        try loading.connectAndAwake()
    }
}

/// What a scene's controller element says of the controller itself.
@MainActor enum IBControllers {
    static let systemItems: [String: UIBarButtonItem.SystemItem] = [
        "done": .done, "cancel": .cancel, "edit": .edit, "save": .save, "add": .add, "compose": .compose, "reply": .reply,
        "action": .action, "organize": .organize, "bookmarks": .bookmarks, "search": .search, "refresh": .refresh, "stop": .stop,
        "camera": .camera, "trash": .trash, "play": .play, "pause": .pause, "rewind": .rewind, "fastForward": .fastForward,
        "undo": .undo, "redo": .redo, "close": .close, "flexibleSpace": .flexibleSpace, "fixedSpace": .fixedSpace,
    ]

    /// `<barButtonItem title= image= systemItem= style=>`: its action is connected with the view's
    /// (the item is an object of the scene's view load, by its id).
    static func barButtonItem(_ b: IBElement, _ l: IBLoading) throws -> UIBarButtonItem {
        if let s = b["systemItem"], let item = systemItems[s] { return UIBarButtonItem(barButtonSystemItem: item, target: nil, action: nil) }
        let image = try b["image"].map { try IBValues.image($0, at: b, in: l.document) }
        let item = image.map { UIBarButtonItem(image: $0, style: .plain, target: nil, action: nil) }
            ?? UIBarButtonItem(title: b["title"], style: b["style"] == "done" ? .done : .plain, target: nil, action: nil)
        if image != nil, let t = b["title"] { item.title = t }
        return item
    }

    static func decode(_ vc: UIViewController, _ e: IBElement, _ l: IBLoading) throws {
        if let t = e["title"] { vc.title = t }
        if let item = e.child("navigationItem", key: "navigationItem") {
            if let t = item["title"] { vc.navigationItem.title = t }
            switch item["largeTitleDisplayMode"] {
            case "always": vc.navigationItem.largeTitleDisplayMode = .always
            case "never": vc.navigationItem.largeTitleDisplayMode = .never
            default: break
            }
            if let t = item["backButtonTitle"] { vc.navigationItem.backButtonTitle = t }
            if let b = item.child("barButtonItem", key: "leftBarButtonItem") { vc.navigationItem.leftBarButtonItem = try barButtonItem(b, l) }
            if let b = item.child("barButtonItem", key: "rightBarButtonItem") { vc.navigationItem.rightBarButtonItem = try barButtonItem(b, l) }
            if let b = item.child("barButtonItem", key: "backBarButtonItem") { vc.navigationItem.backBarButtonItem = try barButtonItem(b, l) }
        }
        if let item = e.child("tabBarItem", key: "tabBarItem") {
            vc.tabBarItem = UITabBarItem(title: item["title"], image: try item["image"].map { try IBValues.image($0, at: item, in: l.document) }, tag: item.int("tag") ?? 0)
        }
        if let table = vc as? UITableViewController, let v = e.bool("clearsSelectionOnViewWillAppear") { table.clearsSelectionOnViewWillAppear = v }
        if let nav = vc as? UINavigationController, let bar = e.child("navigationBar", key: "navigationBar") {
            if let v = bar.bool("prefersLargeTitles") { nav.navigationBar.prefersLargeTitles = v }
            if let v = bar.bool("translucent") { nav.navigationBar.isTranslucent = v }
            if case .some(let c) = try IBViewKinds.color(bar, "tintColor", l) { nav.navigationBar.tintColor = c }
            if case .some(let c) = try IBViewKinds.color(bar, "barTintColor", l) { nav.navigationBar.barTintColor = c }
        }
    }
}

extension UIViewController {
    /// The scene's view or the controller's XIB, loaded into the controller; false when it has
    /// neither (the controller makes its own view). Called by `loadView`.
    func loadInterfaceBuilderView() -> Bool {
        if let source = interfaceBuilderView {
            do { try source.load(into: self) } catch { Diagnostics.once("IB error \(error)", "error: \(error)") }
            return true
        }
        guard let nib = nibFile() else { return false }
        do {
            _ = try UINib(nibName: nib, bundle: nibBundle).load(withOwner: self)
            if !isViewLoaded {
                Diagnostics.once("IB view \(nib)", "error: \(nib).xib: the File's Owner's view outlet is not connected; connect it in Xcode")
                return false
            }
        } catch { Diagnostics.once("IB error \(error)", "error: \(error)") }
        return isViewLoaded
    }

    /// The XIB `nibName` names, else (as UIKit) one named for the class without "Controller"
    /// (`ProfileView.xib` for ProfileViewController), then the class's own name.
    private func nibFile() -> String? {
        if let nibName { return nibName }
        let name = String(describing: type(of: self))
        var candidates = [name]
        if name.hasSuffix("Controller") { candidates.insert(String(name.dropLast("Controller".count)), at: 0) }
        return candidates.first { IBFiles.url($0, extensions: ["xib"], bundle: nibBundle) != nil }
    }
}

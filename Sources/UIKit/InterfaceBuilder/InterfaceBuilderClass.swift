import Foundation

/// What a storyboard or XIB needs of one of your classes, without the Objective-C runtime: how to
/// set its outlets, outlet collections and `@IBInspectable` attributes, and how to send its
/// actions, each by the name the file uses. Written by hand today (docs/storyboards.md), generated
/// by a port later:
///
///     UIStoryboard.register(ProfileViewController.self) {
///         $0.outlet("headerView", \.headerView)
///         $0.outlet("headerHeight", \.headerHeight)
///         $0.outletCollection("statLabels", \.statLabels)
///         $0.action("followTapped:", ProfileViewController.followTapped)
///     }
///
/// A subclass finds the outlets its superclasses registered.
@preconcurrency @MainActor public final class InterfaceBuilderClass<Object: AnyObject> {
    var outlets: [String: (Object, AnyObject) -> Bool] = [:]
    var collections: [String: (Object, [AnyObject]) -> Bool] = [:]
    /// By selector: sends the action to the object with the sender and the event (nil when none).
    var actions: [String: (Object, Any, UIEvent?) -> Bool] = [:]
    var attributes: [String: (Object, Any?) -> Bool] = [:]

    init() {}

    /// An outlet (`@IBOutlet var name: T!` or `T?`): the file's `<outlet property="name">`.
    public func outlet<Value: AnyObject>(_ name: String, _ keyPath: ReferenceWritableKeyPath<Object, Value?>) {
        outlets[name] = { object, value in
            guard let v = value as? Value else { return false }
            object[keyPath: keyPath] = v
            return true
        }
    }

    /// An outlet set by a closure (a protocol-typed property such as a delegate).
    public func outlet(_ name: String, set: @escaping (Object, AnyObject) -> Bool) { outlets[name] = set }

    /// An outlet collection (`@IBOutlet var name: [T]!`): the file's `<outletCollection property="name">`
    /// entries, in the file's order.
    public func outletCollection<Value: AnyObject>(_ name: String, _ keyPath: ReferenceWritableKeyPath<Object, [Value]?>) {
        collections[name] = { object, values in
            let typed = values.compactMap { $0 as? Value }
            guard typed.count == values.count else { return false }
            object[keyPath: keyPath] = typed
            return true
        }
    }

    public func outletCollection<Value: AnyObject>(_ name: String, _ keyPath: ReferenceWritableKeyPath<Object, [Value]>) {
        collections[name] = { object, values in
            let typed = values.compactMap { $0 as? Value }
            guard typed.count == values.count else { return false }
            object[keyPath: keyPath] = typed
            return true
        }
    }

    /// An action taking its sender (`@IBAction func followTapped(_ sender: UIButton)`), by the
    /// file's selector (`followTapped:`): `action("followTapped:", ProfileViewController.followTapped)`.
    public func action<Sender>(_ selector: String, _ method: @escaping @MainActor (Object) -> @MainActor (Sender) -> Void) {
        actions[selector] = { object, sender, _ in
            guard let s = sender as? Sender else { return false }
            method(object)(s)
            return true
        }
    }

    /// An action without a sender (`@IBAction func refresh()`): selector `refresh`.
    public func action(_ selector: String, _ method: @escaping @MainActor (Object) -> @MainActor () -> Void) {
        actions[selector] = { object, _, _ in
            method(object)()
            return true
        }
    }

    /// An action taking its sender and the event (`@objc func tapped(_ sender: UIButton, forEvent
    /// event: UIEvent)`): selector `tapped:forEvent:`. The event is the one the control sends;
    /// with none (an action sent from code), an empty `UIEvent`.
    public func action<Sender>(_ selector: String, withEvent method: @escaping @MainActor (Object) -> @MainActor (Sender, UIEvent) -> Void) {
        actions[selector] = { object, sender, event in
            guard let s = sender as? Sender else { return false }
            method(object)(s, event ?? UIEvent())
            return true
        }
    }

    /// An `@IBInspectable` property set by the file's `userDefinedRuntimeAttributes` with this
    /// key path: numbers (CGFloat, Double, Float, Int), Bool, String, UIColor, UIImage, CGSize,
    /// CGPoint, CGRect.
    public func inspectable<Value>(_ keyPath: String, _ property: ReferenceWritableKeyPath<Object, Value>) {
        attributes[keyPath] = { object, value in
            guard let v = IBRuntimeValue.convert(value, to: Value.self) else { return false }
            object[keyPath: property] = v
            return true
        }
    }
}

/// One registered class, its type erased.
@MainActor struct RegisteredClass {
    let type: AnyClass
    /// `Module.Name`, as `String(reflecting:)` gives it.
    let qualifiedName: String
    let matches: (AnyObject) -> Bool
    let isAncestor: (AnyClass) -> Bool
    let setOutlet: (AnyObject, String, AnyObject) -> Bool?
    let setCollection: (AnyObject, String, [AnyObject]) -> Bool?
    let sendAction: (AnyObject, String, Any, UIEvent?) -> Bool?
    let setAttribute: (AnyObject, String, Any?) -> Bool?
    let outletNames: Set<String>
    let collectionNames: Set<String>
    let actionNames: Set<String>
    let attributeNames: Set<String>

    init<T: AnyObject>(_ type: T.Type, _ d: InterfaceBuilderClass<T>) {
        self.type = type
        qualifiedName = String(reflecting: type)
        matches = { $0 is T }
        isAncestor = { $0 is T.Type }
        setOutlet = { o, n, v in (o as? T).flatMap { t in d.outlets[n].map { $0(t, v) } } }
        setCollection = { o, n, v in (o as? T).flatMap { t in d.collections[n].map { $0(t, v) } } }
        sendAction = { o, n, s, e in (o as? T).flatMap { t in d.actions[n].map { $0(t, s, e) } } }
        setAttribute = { o, n, v in (o as? T).flatMap { t in d.attributes[n].map { $0(t, v) } } }
        outletNames = Set(d.outlets.keys); collectionNames = Set(d.collections.keys)
        actionNames = Set(d.actions.keys); attributeNames = Set(d.attributes.keys)
    }
}

/// The classes storyboards and XIBs may name, and what they know of each.
@MainActor enum InterfaceBuilderClasses {
    private(set) static var registered: [RegisteredClass] = builtIn()

    static func register<T: AnyObject>(_ type: T.Type, _ describe: (InterfaceBuilderClass<T>) -> Void) {
        let d = InterfaceBuilderClass<T>()
        describe(d)
        registered.removeAll { $0.type == type }
        registered.append(RegisteredClass(type, d))
    }

    /// The class named `name` in `module`: a registered one (by `Module.Name`, else by the bare name
    /// when exactly one registered class has it), else the runtime's `NSClassFromString("Module.Name")`.
    static func lookUp(_ name: String, module: String?) -> AnyClass? {
        if let module, let found = registered.first(where: { $0.qualifiedName == "\(module).\(name)" }) { return found.type }
        let bare = registered.filter { $0.qualifiedName.split(separator: ".").last.map(String.init) == name }
        if bare.count == 1 { return bare[0].type }
        if let module, let found = NSClassFromString("\(module).\(name)") { return found }
        return nil
    }

    /// Sends the action `selector` to `target` as its class's registration says (a subclass's
    /// first): true when sent, false when the method does not take a sender of that type, nil
    /// when no registration of the target's class has that selector.
    static func send(_ selector: String, to target: AnyObject, from sender: Any, event: UIEvent?) -> Bool? {
        for r in applying(to: type(of: target)).reversed() {
            if let sent = r.sendAction(target, selector, sender, event) { return sent }
        }
        return nil
    }

    /// The registrations that apply to objects of class `type` (its own and its superclasses').
    static func applying(to type: AnyClass) -> [RegisteredClass] { registered.filter { $0.isAncestor(type) } }

    /// UIKit's own outlets that files connect: a view controller's `view`, a table's and
    /// collection view's data source and delegate, a scroll view's delegate.
    private static func builtIn() -> [RegisteredClass] {
        let vc = InterfaceBuilderClass<UIViewController>()
        vc.outlet("view", \.view)
        let scroll = InterfaceBuilderClass<UIScrollView>()
        scroll.outlet("delegate") { s, v in
            guard let d = v as? UIScrollViewDelegate else { return false }
            s.delegate = d; return true
        }
        let table = InterfaceBuilderClass<UITableView>()
        table.outlet("dataSource") { t, v in
            guard let d = v as? UITableViewDataSource else { return false }
            t.dataSource = d; return true
        }
        table.outlet("delegate") { t, v in
            guard let d = v as? UITableViewDelegate else { return false }
            t.delegate = d; return true
        }
        let collection = InterfaceBuilderClass<UICollectionView>()
        collection.outlet("dataSource") { c, v in
            guard let d = v as? UICollectionViewDataSource else { return false }
            c.dataSource = d; return true
        }
        collection.outlet("delegate") { c, v in
            guard let d = v as? UICollectionViewDelegate else { return false }
            c.delegate = d; return true
        }
        return [RegisteredClass(UIViewController.self, vc), RegisteredClass(UIScrollView.self, scroll),
                RegisteredClass(UITableView.self, table), RegisteredClass(UICollectionView.self, collection)]
    }
}

/// A `userDefinedRuntimeAttribute`'s value, and its conversion to a property's type.
enum IBRuntimeValue {
    static func convert<Value>(_ value: Any?, to type: Value.Type) -> Value? {
        if let v = value as? Value { return v }
        if let d = value as? Double {
            switch type {
            case is CGFloat.Type: return CGFloat(d) as? Value
            case is Float.Type: return Float(d) as? Value
            case is Int.Type: return Int(d) as? Value
            case is CGFloat?.Type: return CGFloat(d) as? Value
            default: return nil
            }
        }
        return nil
    }
}

import Foundation

/// One load of objects from a storyboard or XIB, in UIKit's order: every object is made with
/// `init?(coder:)` (a view's subviews with it), then the connections are made (constraints,
/// outlets, outlet collections, actions, user-defined runtime attributes), then every object made
/// gets `awakeFromNib()`, in the order they were made.
@MainActor final class IBLoading {
    let document: IBDocument
    let bundle: Bundle?
    /// Objects by their element's id: what outlets, constraints and actions point at.
    var objects: [String: AnyObject] = [:]
    /// Made objects, in order, for `awakeFromNib`.
    private(set) var made: [AnyObject] = []
    private var connectionSources: [(IBElement, AnyObject)] = []
    private var constraintLists: [(IBElement, UIView)] = []
    private var runtimeAttributeLists: [(IBElement, AnyObject)] = []
    /// Errors met inside `init?(coder:)`, which cannot throw: thrown when the load finishes.
    var errors: [InterfaceBuilderError] = []

    init(document: IBDocument, bundle: Bundle?) {
        self.document = document
        self.bundle = bundle
    }

    func error(_ e: IBElement, _ problem: String, _ fix: String) -> InterfaceBuilderError {
        InterfaceBuilderError(file: document.fileName, line: e.line, problem: problem, fix: fix)
    }

    // MARK: Classes

    /// The class an element names (`customClass`, `customModule`), else `base`; it must be `base` or
    /// a subclass of it.
    func resolveClass<T: AnyObject>(_ e: IBElement, base: T.Type, scene: String? = nil) throws -> T.Type {
        guard let name = e["customClass"] else { return base }
        let module = e["customModule"]
        guard let found = InterfaceBuilderClasses.lookUp(name, module: module) ?? NSClassFromString(name) else {
            let place = scene.map { "the scene \"\($0)\" names" } ?? "the <\(e.name)> names"
            throw error(
                e, "\(place) the class \(name)\(module.map { " (module \($0))" } ?? ""), which is not registered",
                "call UIStoryboard.register(\(name).self) before loading (docs/storyboards.md, \"Your classes\")")
        }
        guard let typed = found as? T.Type else {
            throw error(e, "the class \(name) is not a \(base) (the element is a <\(e.name)>)", "make \(name) a subclass of \(base)")
        }
        return typed
    }

    // MARK: Views

    /// Makes the view an element describes, its subviews with it.
    func makeView(_ e: IBElement) throws -> UIView {
        let kind = IBViewKinds.kind(e.name)
        if kind == nil {
            Diagnostics.once(
                "IB \(document.at(e))",
                "\(document.at(e)): a `\(e.name)` is not drawn: it is shown as an empty view")
        }
        let type = try resolveClass(e, base: kind?.base ?? UIView.self)
        let coder = InterfaceBuilderCoder(element: e, loading: self)
        guard let view = type.init(coder: coder) else {
            throw error(e, "\(type).init(coder:) returned nil", "let init?(coder:) call super.init(coder:) and return the view")
        }
        try finishErrors()
        register(view, e)
        try kind?.decode(view, e, self)
        try addSubviews(of: e, to: view)
        collect(e, view, guidesOf: view)
        return view
    }

    /// Records an object made from an element.
    func register(_ object: AnyObject, _ e: IBElement) {
        if let id = e.id { objects[id] = object }
        made.append(object)
    }

    /// The subviews in `<subviews>` (arranged subviews of a stack view).
    func addSubviews(of e: IBElement, to view: UIView) throws {
        guard let list = e.child("subviews") else { return }
        for s in list.children {
            let sub = try makeView(s)
            if let stack = view as? UIStackView { stack.addArrangedSubview(sub) } else { view.addSubview(sub) }
        }
    }

    /// The element's constraints, connections, runtime attributes and layout guides, kept for
    /// after every object exists.
    func collect(_ e: IBElement, _ object: AnyObject, guidesOf view: UIView?) {
        if let view, let c = e.child("constraints") { constraintLists.append((c, view)) }
        if e.child("connections") != nil { connectionSources.append((e, object)) }
        if let r = e.child("userDefinedRuntimeAttributes") { runtimeAttributeLists.append((r, object)) }
        guard let view else { return }
        for g in e.all("viewLayoutGuide") {
            guard let id = g.id else { continue }
            switch g["key"] {
            case "safeArea": objects[id] = view.safeAreaLayoutGuide
            case "contentLayoutGuide": objects[id] = (view as? UIScrollView)?.contentLayoutGuide
            case "frameLayoutGuide": objects[id] = (view as? UIScrollView)?.frameLayoutGuide
            default: break
            }
        }
    }

    /// UIView's own attributes, read in `UIView.init?(coder:)`.
    func decodeViewAttributes(_ view: UIView, _ e: IBElement) {
        do { try IBViewKinds.decodeView(view, e, self) } catch let e as InterfaceBuilderError { errors.append(e) } catch {}
    }

    func finishErrors() throws {
        if let first = errors.first { errors.removeAll(); throw first }
    }

    // MARK: Connections

    /// Constraints, outlets, actions and runtime attributes, once every object exists; then
    /// `awakeFromNib` for every object made.
    func connectAndAwake() throws {
        try finishErrors()
        for (list, owner) in constraintLists { try addConstraints(list, to: owner) }
        var collections: [(AnyObject, String, IBElement, [AnyObject])] = []
        for (e, source) in connectionSources {
            for c in e.child("connections")?.children ?? [] {
                switch c.name {
                case "outlet":
                    guard let property = c["property"], let target = try destination(c) else { continue }
                    try setOutlet(property, of: source, to: target, at: c)
                case "outletCollection":
                    guard let property = c["property"], let target = try destination(c) else { continue }
                    if let i = collections.firstIndex(where: { $0.0 === source && $0.1 == property }) {
                        collections[i].3.append(target)
                    } else {
                        collections.append((source, property, c, [target]))
                    }
                case "action":
                    try connectAction(c, from: source)
                case "segue" where c["kind"] != "relationship":
                    Diagnostics.once(
                        "IB segue \(document.at(c))",
                        "\(document.at(c)): a `\(c["kind"] ?? "")` segue is not performed (the scene it leads to is made by its identifier)")
                default:
                    break  // relationship segues are read by the storyboard.
                }
            }
        }
        for (source, property, at, values) in collections { try setCollection(property, of: source, to: values, at: at) }
        for (list, object) in runtimeAttributeLists { try IBRuntimeAttributes.apply(list, to: object, self) }
        for object in made {
            if let responder = object as? UIResponder { responder.awakeFromNib() }
        }
    }

    private func destination(_ c: IBElement) throws -> AnyObject? {
        guard let id = c["destination"] else { return nil }
        if let object = objects[id] { return object }
        // The first responder and exit placeholders are not objects here.
        if let e = document.byID[id], e.name == "placeholder" { return nil }
        throw error(c, "the connection's destination \(id) is no object of this file", "reconnect it in Xcode")
    }

    private func className(_ object: AnyObject) -> String { String(describing: type(of: object)) }

    private func setOutlet(_ property: String, of source: AnyObject, to target: AnyObject, at c: IBElement) throws {
        for r in InterfaceBuilderClasses.applying(to: type(of: source)).reversed() {
            guard let done = r.setOutlet(source, property, target) else { continue }
            if done {
                if let view = target as? UIView, view.interfaceBuilderOutletName == nil { view.interfaceBuilderOutletName = property }
                return
            }
            throw error(
                c, "the outlet \(property) of \(className(source)) cannot hold a \(className(target))",
                "change the property's type, or connect the outlet to a \(property)'s kind of object")
        }
        throw unknownMember("outlet", property, of: source, at: c, register: "$0.outlet(\"\(property)\", \\.\(property))")
    }

    private func setCollection(_ property: String, of source: AnyObject, to values: [AnyObject], at c: IBElement) throws {
        for r in InterfaceBuilderClasses.applying(to: type(of: source)).reversed() {
            guard let done = r.setCollection(source, property, values) else { continue }
            if done { return }
            throw error(c, "the outlet collection \(property) of \(className(source)) cannot hold these objects", "check the array's element type")
        }
        throw unknownMember(
            "outlet collection", property, of: source, at: c, register: "$0.outletCollection(\"\(property)\", \\.\(property))")
    }

    func unknownMember(_ kind: String, _ name: String, of object: AnyObject, at c: IBElement, register: String) -> InterfaceBuilderError {
        let cls = className(object)
        let label = name.split(separator: ":").first.map(String.init) ?? name
        let has = Mirror(reflecting: object).allLabels.contains(label)
        let problem = has
            ? "the \(kind) \(name) of \(cls) is not registered"
            : "the \(kind) \(name) names no property of \(cls)"
        return error(c, problem, "register it: UIStoryboard.register(\(cls).self) { \(register) }")
    }

    private func connectAction(_ c: IBElement, from source: AnyObject) throws {
        guard let selector = c["selector"], let target = try destination(c) else { return }
        let known = InterfaceBuilderClasses.applying(to: type(of: target)).contains { $0.actionNames.contains(selector) }
        guard known else {
            let method = selector.split(separator: ":").first.map(String.init) ?? selector
            throw unknownMember("action", selector, of: target, at: c, register: "$0.action(\"\(selector)\", \(className(target)).\(method))")
        }
        guard let control = source as? UIControl else {
            Diagnostics.once("IB action \(document.at(c))", "\(document.at(c)): the action \(selector) of a \(className(source)) is not sent (only controls send actions here)")
            return
        }
        let event = IBViewKinds.controlEvents[c["eventType"] ?? "touchUpInside"] ?? .touchUpInside
        let registrations = InterfaceBuilderClasses.applying(to: type(of: target))
        let position = document.at(c)
        control.addAction(UIAction { [weak target, weak control] _ in
            guard let target, let control else { return }
            for r in registrations.reversed() {
                guard let sent = r.sendAction(target, selector, control, nil) else { continue }
                if !sent { Diagnostics.once("IB send \(position)", "\(position): the action \(selector) does not take a \(type(of: control))") }
                return
            }
        }, for: event)
    }

    // MARK: Constraints

    private func addConstraints(_ list: IBElement, to owner: UIView) throws {
        for c in list.all("constraint") where c.bool("placeholder") != true {
            let constraint = try makeConstraint(c, owner: owner)
            owner.addConstraint(constraint)
            if let id = c.id { objects[id] = constraint }
        }
    }

    /// `<constraint firstItem= firstAttribute= relation= secondItem= secondAttribute= multiplier=
    /// constant= priority= identifier=>`; a missing first item is the view that holds the list.
    private func makeConstraint(_ c: IBElement, owner: UIView) throws -> NSLayoutConstraint {
        func item(_ key: String) throws -> AnyObject? {
            guard let id = c[key] else { return nil }
            guard let o = objects[id] else { throw error(c, "the constraint's \(key) \(id) is no view or layout guide of this file", "remove the constraint in Xcode and add it again") }
            return o
        }
        func attribute(_ key: String) throws -> NSLayoutConstraint.Attribute {
            guard let name = c[key] else { return .notAnAttribute }
            guard let a = IBViewKinds.layoutAttributes[name] else {
                throw error(c, "the constraint attribute \"\(name)\" is not read", "use leading, trailing, top, bottom, width, height, centerX, centerY or a margin")
            }
            return a
        }
        let first = try item("firstItem") ?? owner
        let second = try item("secondItem")
        let relation: NSLayoutConstraint.Relation =
            c["relation"] == "greaterThanOrEqual" ? .greaterThanOrEqual : c["relation"] == "lessThanOrEqual" ? .lessThanOrEqual : .equal
        var multiplier: CGFloat = 1
        if let m = c["multiplier"] {
            let parts = m.split(separator: ":").compactMap { Double($0) }
            if parts.count == 2, parts[1] != 0 { multiplier = CGFloat(parts[0] / parts[1]) } else if let v = Double(m) { multiplier = CGFloat(v) }
        }
        let constraint = NSLayoutConstraint(
            item: first, attribute: try attribute("firstAttribute"), relatedBy: relation, toItem: second,
            attribute: second == nil ? .notAnAttribute : try attribute("secondAttribute"), multiplier: multiplier,
            constant: c.number("constant") ?? 0)
        if let p = c.number("priority") { constraint.priority = UILayoutPriority(Float(p)) }
        constraint.identifier = c["identifier"]
        return constraint
    }
}

extension Mirror {
    /// The stored properties' names of the object's class and its superclasses (lazy ones with
    /// their `$__lazy_storage_$_` prefix removed).
    var allLabels: Set<String> {
        var out = Set(children.compactMap { $0.label?.replacingOccurrences(of: "$__lazy_storage_$_", with: "") })
        if let s = superclassMirror { out.formUnion(s.allLabels) }
        return out
    }
}

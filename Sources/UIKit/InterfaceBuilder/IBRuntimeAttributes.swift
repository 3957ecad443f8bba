import Foundation

/// `userDefinedRuntimeAttributes`: values IB sets by key path after the objects are made. Without
/// the runtime, key paths are set by name: the layer's and view's common ones here, a class's own
/// `@IBInspectable` ones by its registration (`$0.inspectable("cornerRadius", \.cornerRadius)`).
@MainActor enum IBRuntimeAttributes {
    static func apply(_ list: IBElement, to object: AnyObject, _ l: IBLoading) throws {
        for a in list.all("userDefinedRuntimeAttribute") {
            guard let keyPath = a["keyPath"] else { continue }
            let value = try self.value(a, l)
            if let view = object as? UIView, setBuiltIn(keyPath, value, on: view) { continue }
            var done: Bool?
            for r in InterfaceBuilderClasses.applying(to: type(of: object)).reversed() {
                done = r.setAttribute(object, keyPath, value)
                if done != nil { break }
            }
            if done == true { continue }
            if done == false {
                throw l.error(a, "the runtime attribute \(keyPath) of \(type(of: object)) cannot take a \(a["type"] ?? "value")", "change its type in Xcode's identity inspector")
            }
            throw l.unknownMember(
                "runtime attribute", keyPath, of: object, at: a, register: "$0.inspectable(\"\(keyPath)\", \\.\(keyPath))")
        }
    }

    /// The value as Swift holds it: Double for numbers, Bool, String, UIColor, UIImage, CGSize,
    /// CGPoint, CGRect, nil.
    static func value(_ a: IBElement, _ l: IBLoading) throws -> Any? {
        switch a["type"] {
        case "boolean": return a.bool("value") ?? false
        case "string", "localizedString": return a["value"] ?? a.keyed("value")?["value"]
        case "image": return try a["value"].map { try IBValues.image($0, at: a, in: l.document) }
        case "nil": return nil
        default: break
        }
        guard let v = a.keyed("value") else { return a.number("value").map(Double.init) }
        switch v.name {
        case "integer", "real": return v.number("value").map(Double.init)
        case "color": return try IBValues.color(v, in: l.document)
        case "size": return v.size
        case "point": return v.point
        case "rect": return v.rect
        default: return nil
        }
    }

    private static func setBuiltIn(_ keyPath: String, _ value: Any?, on view: UIView) -> Bool {
        let number = (value as? Double).map { CGFloat($0) }
        switch (keyPath, value) {
        case ("layer.cornerRadius", _) where number != nil: view.layer.cornerRadius = number!
        case ("layer.borderWidth", _) where number != nil: view.layer.borderWidth = number!
        case ("layer.shadowRadius", _) where number != nil: view.layer.shadowRadius = number!
        case ("layer.shadowOpacity", _) where number != nil: view.layer.shadowOpacity = Float(number!)
        case ("layer.shadowOffset", let s as CGSize): view.layer.shadowOffset = s
        case ("layer.masksToBounds", let b as Bool): view.layer.masksToBounds = b
        case ("clipsToBounds", let b as Bool): view.clipsToBounds = b
        case ("layer.borderColor", let c as UIColor): view.layer.borderColor = c.cgColor
        case ("layer.shadowColor", let c as UIColor): view.layer.shadowColor = c.cgColor
        case ("accessibilityIdentifier", let s as String): view.accessibilityIdentifier = s
        case ("alpha", _) where number != nil: view.alpha = number!
        default: return false
        }
        return true
    }
}

import Foundation

// Key-value coding's reading half, `value(forKey:)` and `value(forKeyPath:)`, which Foundation on
// Linux does not have (it needs the Objective-C runtime). Real screens read with it, most often
// `UIApplication.shared.value(forKey: "statusBar")` in an extension, so their files compile here as
// in Xcode; what it answers is what KVC's search finds in a Swift object without that runtime:
// stored properties, by the key or the key with a leading underscore (KVC's instance-variable
// search), from the class up through its superclasses. Computed properties have no storage to find.
// Writing by key (`setValue(_:forKey:)`) cannot be done without the runtime, so it does not exist:
// code that writes by key fails to compile with the name, rather than writing nothing.
// https://developer.apple.com/documentation/objectivec/nsobject/1412591-value

extension NSObject {
    /// The value of the stored property named `key` (or `_key`), nil for a nil optional; a key the
    /// object has no such property for goes to `valueForUndefinedKey(_:)`.
    public func value(forKey key: String) -> Any? {
        var mirror: Mirror? = Mirror(reflecting: self)
        while let m = mirror {
            for child in m.children where child.label == key || child.label == "_" + key {
                return Self.unwrapped(child.value)
            }
            mirror = m.superclassMirror
        }
        return valueForUndefinedKey(key)
    }

    /// The value at a dotted path of keys, each read with `value(forKey:)` from the object the previous
    /// one answered; nil when a step answers nil.
    public func value(forKeyPath keyPath: String) -> Any? {
        var current: Any? = self
        for key in keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init) {
            guard let object = current else { return nil }
            guard let next = object as? NSObject else {
                Self.undefined(key, in: object)
            }
            current = next.value(forKey: key)
        }
        return current
    }

    /// Called for a key the object has no property for. As Foundation's default does, this raises
    /// (`NSUnknownKeyException`), which ends the app: here a fatal error with Foundation's words.
    /// (Without the Objective-C runtime a method of an extension cannot be overridden, so a class of
    /// yours cannot answer such keys through it.) UIApplication's private status bar keys end the
    /// app with the words iOS 13 and later use for them.
    public func valueForUndefinedKey(_ key: String) -> Any? {
        fatalError(Self.undefinedKeyMessage(key, in: self))
    }

    static func undefined(_ key: String, in object: Any) -> Never {
        fatalError(undefinedKeyMessage(key, in: object))
    }

    /// What ends the app on a key nothing answers: Foundation's NSUnknownKeyException reason, or for
    /// UIApplication's private status bar keys the reason iOS 13 and later give.
    static func undefinedKeyMessage(_ key: String, in object: Any) -> String {
        if object is UIApplication, key == "statusBar" || key == "statusBarWindow" {
            return "App called -statusBar or -statusBarWindow on UIApplication: this code must be changed as there's no longer a status bar "
                + "or status bar window. Use the statusBarManager object on the window scene instead."
        }
        return "[<\(type(of: object))> valueForUndefinedKey:]: this class is not key value coding-compliant for the key \(key)."
    }

    /// An optional's wrapped value, or nil: KVC answers an object or nil, never an optional of one.
    static func unwrapped(_ value: Any) -> Any? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return value }
        return mirror.children.first.map { unwrapped($0.value) } ?? nil
    }
}

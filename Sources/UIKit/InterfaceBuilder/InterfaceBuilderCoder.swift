import Foundation

/// The coder a storyboard or XIB hands to `init?(coder:)`: it answers with what Interface Builder
/// stored for the object, by IB's attribute names (`text`, `reuseIdentifier`, `alpha`, ...), so a
/// `required init?(coder:)` that calls `super.init(coder:)` gets the object the file describes.
/// UIView's `init?(coder:)` reads the view's frame, autoresizing mask, colours and the rest of
/// UIView's own attributes from it.
public final class InterfaceBuilderCoder: NSCoder {
    let element: IBElement
    let loading: IBLoading

    init(element: IBElement, loading: IBLoading) {
        self.element = element
        self.loading = loading
        super.init()
    }

    public override var allowsKeyedCoding: Bool { true }

    /// Whether the file gives the attribute or a value element with that key.
    public override func containsValue(forKey key: String) -> Bool {
        element[key] != nil || element.keyed(key) != nil
    }

    /// An attribute as a string, or a keyed value element as UIKit's value (a colour, a font, a
    /// rectangle as NSValue-free CGRect).
    public override func decodeObject(forKey key: String) -> Any? {
        if let value = element[key] { return value }
        guard let e = element.keyed(key) else { return nil }
        switch e.name {
        case "color": return try? IBValues.color(e, in: loading.document)
        case "fontDescription": return IBValues.font(e, in: loading.document)
        case "rect": return e.rect
        case "size": return e.size
        case "point": return e.point
        case "inset", "edgeInsets": return e.insets
        default: return nil
        }
    }

    public override func decodeBool(forKey key: String) -> Bool { element.bool(key) ?? false }
    public override func decodeInteger(forKey key: String) -> Int { element.int(key) ?? Int(element.number(key) ?? 0) }
    public override func decodeInt32(forKey key: String) -> Int32 { Int32(truncatingIfNeeded: decodeInteger(forKey: key)) }
    public override func decodeInt64(forKey key: String) -> Int64 { Int64(decodeInteger(forKey: key)) }
    public override func decodeDouble(forKey key: String) -> Double { Double(element.number(key) ?? 0) }
    public override func decodeFloat(forKey key: String) -> Float { Float(element.number(key) ?? 0) }

    /// The file's name and the element's line: `Main.storyboard:42`.
    public var position: String { loading.document.at(element) }

    // What UIKit classes read in their own init?(coder:), before their stored properties are set.

    static func tableStyle(_ coder: NSCoder) -> UITableView.Style? {
        guard let c = coder as? InterfaceBuilderCoder else { return nil }
        switch c.element["style"] {
        case "grouped": return .grouped
        case "insetGrouped": return .insetGrouped
        default: return .plain
        }
    }

    static func cellStyle(_ coder: NSCoder) -> UITableViewCell.CellStyle {
        switch (coder as? InterfaceBuilderCoder)?.element["style"] {
        case "IBUITableViewCellStyleValue1": return .value1
        case "IBUITableViewCellStyleValue2": return .value2
        case "IBUITableViewCellStyleSubtitle": return .subtitle
        default: return .default
        }
    }

    static func buttonType(_ coder: NSCoder) -> UIButton.ButtonType? {
        guard let c = coder as? InterfaceBuilderCoder else { return nil }
        switch c.element["buttonType"] {
        case "system", "roundedRect": return .system
        case "detailDisclosure": return .detailDisclosure
        case "infoLight": return .infoLight
        case "infoDark": return .infoDark
        case "contactAdd": return .contactAdd
        case "close": return .close
        default: return .custom
        }
    }
}

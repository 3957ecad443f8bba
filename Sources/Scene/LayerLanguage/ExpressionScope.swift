import Raster

/// Names an expression may read: each a slot in an `ExpressionEnvironment` and a type.
public struct ExpressionScope: Sendable {
    public struct Entry: Sendable { public var slot: Int; public var kind: ValueKind }
    private(set) var entries: [String: Entry] = [:]
    /// In the order they were declared (for messages and `explain`).
    public private(set) var names: [String] = []
    private(set) var numberSlots = 0
    private(set) var colorSlots = 0
    /// Colors known by name that are not variables (UIKit's system colors, `SystemColor`).
    package var colorNames: [String: ColorValue] = [:]

    public init() {}

    @discardableResult
    public mutating func declare(_ name: String, _ kind: ValueKind) -> Entry {
        if let e = entries[name] { return e }
        let entry: Entry
        switch kind {
        case .number: entry = Entry(slot: numberSlots, kind: .number); numberSlots += 1
        case .color: entry = Entry(slot: colorSlots, kind: .color); colorSlots += 1
        }
        entries[name] = entry
        names.append(name)
        return entry
    }

    public subscript(name: String) -> Entry? { entries[name] }

    public func makeEnvironment() -> ExpressionEnvironment {
        ExpressionEnvironment(
            numbers: Array(repeating: 0, count: numberSlots),
            colors: Array(repeating: ColorValue(r: 0, g: 0, b: 0, a: 0), count: colorSlots))
    }
}

/// The values of a scope's names at one moment.
public struct ExpressionEnvironment {
    public var numbers: [Double]
    public var colors: [ColorValue]
    /// The taps that hit the scene's layers (read by `over: tap` values only).
    public var taps = TapHits()
}

import Raster

/// A value of a scenario file as a chrome part reads it (`ChromePart.read`): opaque, read only
/// through a `ScenarioReading`'s typed accessors, so that Scene knows no file format. The
/// ScenarioFormat module makes them from its YAML nodes.
package struct ScenarioValue {
    /// The format's own value (a YAML node), for its reader only.
    package let node: Any
    /// A single value (a word, number or string), not a mapping or list.
    package let isScalar: Bool
    package init(node: Any, isScalar: Bool) { self.node = node; self.isScalar = isScalar }
}

/// The top-level keys of a scenario (the variant's, for a matrix), as the parts read them.
package struct ScenarioKeys {
    package let values: [String: ScenarioValue]
    package init(values: [String: ScenarioValue]) { self.values = values }
    package subscript(_ key: String) -> ScenarioValue? { values[key] }
}

/// What a chrome part reads its keys through: each accessor returns nil (and records a problem
/// with the value's line and column) when the value is missing or wrong, so the part can fall back
/// to a default and keep checking. ScenarioFormat's reader is the one conformance.
package protocol ScenarioReading: AnyObject {
    func report(_ value: ScenarioValue, _ field: String, _ message: String)
    func mapping(_ value: ScenarioValue, _ field: String, allowed: [String]) -> [String: ScenarioValue]?
    func number(_ value: ScenarioValue, _ field: String, range: ClosedRange<Double>?, unit: String) -> Double?
    func integer(_ value: ScenarioValue, _ field: String, range: ClosedRange<Int>) -> Int?
    func bool(_ value: ScenarioValue, _ field: String) -> Bool?
    func string(_ value: ScenarioValue, _ field: String, allowEmpty: Bool) -> String?
    func string(_ value: ScenarioValue, _ field: String, allowEmpty: Bool, maximumLength: Int, fits: String) -> String?
    func text(_ value: ScenarioValue, _ field: String, allowEmpty: Bool) -> String?
    func choice(_ value: ScenarioValue, _ field: String, _ options: [String]) -> String?
    func color(_ value: ScenarioValue, _ field: String) -> Color?
    func sequence(_ value: ScenarioValue, _ field: String) -> [ScenarioValue]?
    /// A required list of `count` items under `key` of the mapping `m` (`value`, at `field`).
    func requiredSequence(
        _ m: [String: ScenarioValue], _ key: String, of value: ScenarioValue, _ field: String, count: ClosedRange<Int>,
        missing hint: String, noun: String, fix: String
    ) -> (items: [ScenarioValue], countFits: Bool)?
}

/// The defaults of `ScenarioReading`'s optional arguments.
extension ScenarioReading {
    package func number(_ value: ScenarioValue, _ field: String, range: ClosedRange<Double>? = nil) -> Double? {
        number(value, field, range: range, unit: "")
    }
    package func string(_ value: ScenarioValue, _ field: String) -> String? { string(value, field, allowEmpty: false) }
    package func string(_ value: ScenarioValue, _ field: String, maximumLength: Int, fits: String) -> String? {
        string(value, field, allowEmpty: false, maximumLength: maximumLength, fits: fits)
    }
    package func text(_ value: ScenarioValue, _ field: String) -> String? { text(value, field, allowEmpty: false) }
}

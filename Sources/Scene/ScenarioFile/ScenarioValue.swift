import Yams
import Raster

/// A value of a scenario file as a part outside `ScenarioFile/` reads it (the chrome parts,
/// `Chrome/`): opaque, read through `ScenarioReader`'s typed accessors below, so that only
/// `ScenarioFile/` and `Presets/` know the YAML library.
struct ScenarioValue {
    let node: Node
    init(_ node: Node) { self.node = node }

    /// A single value (a word, number or string), not a mapping or list.
    var isScalar: Bool { if case .scalar = node { return true } else { return false } }
}

/// The top-level keys of a scenario (the variant's, for a matrix), as the parts read them.
struct ScenarioKeys {
    let values: [String: Node]
    /// The top-level mapping, for messages about a missing key.
    let root: Node
    subscript(_ key: String) -> ScenarioValue? { values[key].map(ScenarioValue.init) }
}

/// `ScenarioReader`'s accessors for `ScenarioValue`s: the same checks and messages.
extension ScenarioReader {
    func report(_ value: ScenarioValue, _ field: String, _ message: String) { report(value.node, field, message) }

    func mapping(_ value: ScenarioValue, _ field: String, allowed: [String]) -> [String: ScenarioValue]? {
        mapping(value.node, field, allowed: allowed)?.mapValues(ScenarioValue.init)
    }

    func number(_ value: ScenarioValue, _ field: String, range: ClosedRange<Double>? = nil, unit: String = "") -> Double? {
        number(value.node, field, range: range, unit: unit)
    }

    func integer(_ value: ScenarioValue, _ field: String, range: ClosedRange<Int>) -> Int? { integer(value.node, field, range: range) }
    func bool(_ value: ScenarioValue, _ field: String) -> Bool? { bool(value.node, field) }
    func string(_ value: ScenarioValue, _ field: String, allowEmpty: Bool = false) -> String? { string(value.node, field, allowEmpty: allowEmpty) }

    func string(_ value: ScenarioValue, _ field: String, allowEmpty: Bool = false, maximumLength: Int, fits: String) -> String? {
        string(value.node, field, allowEmpty: allowEmpty, maximumLength: maximumLength, fits: fits)
    }

    func text(_ value: ScenarioValue, _ field: String, allowEmpty: Bool = false) -> String? { text(value.node, field, allowEmpty: allowEmpty) }
    func choice(_ value: ScenarioValue, _ field: String, _ options: [String]) -> String? { choice(value.node, field, options) }
    func color(_ value: ScenarioValue, _ field: String) -> Color? { color(value.node, field) }
    func sequence(_ value: ScenarioValue, _ field: String) -> [ScenarioValue]? { sequence(value.node, field)?.map(ScenarioValue.init) }

    /// A required list of `count` items under `key` (see the `Node` form).
    func requiredSequence(
        _ m: [String: ScenarioValue], _ key: String, of value: ScenarioValue, _ field: String, count: ClosedRange<Int>,
        missing hint: String, noun: String, fix: String
    ) -> (items: [ScenarioValue], countFits: Bool)? {
        guard
            let (items, fits) = requiredSequence(
                m.mapValues(\.node), key, of: value.node, field, count: count,
                missing: hint, noun: noun, fix: fix)
        else { return nil }
        return (items.map(ScenarioValue.init), fits)
    }
}

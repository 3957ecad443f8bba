import Yams
import Raster
import Scene

/// A YAML node as a chrome part reads it (`ScenarioValue`, Scene's opaque value).
extension ScenarioValue {
    init(_ node: Node) {
        if case .scalar = node { self.init(node: node, isScalar: true) } else { self.init(node: node, isScalar: false) }
    }

    /// The node it was made from: only this module makes `ScenarioValue`s, each from a node.
    var yaml: Node {
        guard let node = node as? Node else { preconditionFailure("a ScenarioValue not made by ScenarioFormat's reader") }
        return node
    }
}

extension ScenarioKeys {
    init(_ values: [String: Node]) { self.init(values: values.mapValues(ScenarioValue.init)) }
}

/// `ScenarioReader`'s accessors for `ScenarioValue`s: the same checks and messages.
extension ScenarioReader: ScenarioReading {
    package func report(_ value: ScenarioValue, _ field: String, _ message: String) { report(value.yaml, field, message) }

    package func mapping(_ value: ScenarioValue, _ field: String, allowed: [String]) -> [String: ScenarioValue]? {
        mapping(value.yaml, field, allowed: allowed)?.mapValues(ScenarioValue.init)
    }

    package func number(_ value: ScenarioValue, _ field: String, range: ClosedRange<Double>? = nil, unit: String = "") -> Double? {
        number(value.yaml, field, range: range, unit: unit)
    }

    package func integer(_ value: ScenarioValue, _ field: String, range: ClosedRange<Int>) -> Int? { integer(value.yaml, field, range: range) }
    package func bool(_ value: ScenarioValue, _ field: String) -> Bool? { bool(value.yaml, field) }
    package func string(_ value: ScenarioValue, _ field: String, allowEmpty: Bool = false) -> String? { string(value.yaml, field, allowEmpty: allowEmpty) }

    package func string(_ value: ScenarioValue, _ field: String, allowEmpty: Bool = false, maximumLength: Int, fits: String) -> String? {
        string(value.yaml, field, allowEmpty: allowEmpty, maximumLength: maximumLength, fits: fits)
    }

    package func text(_ value: ScenarioValue, _ field: String, allowEmpty: Bool = false) -> String? { text(value.yaml, field, allowEmpty: allowEmpty) }
    package func choice(_ value: ScenarioValue, _ field: String, _ options: [String]) -> String? { choice(value.yaml, field, options) }
    package func color(_ value: ScenarioValue, _ field: String) -> Color? { color(value.yaml, field) }
    package func sequence(_ value: ScenarioValue, _ field: String) -> [ScenarioValue]? { sequence(value.yaml, field)?.map(ScenarioValue.init) }

    /// A required list of `count` items under `key` (see the `Node` form).
    package func requiredSequence(
        _ m: [String: ScenarioValue], _ key: String, of value: ScenarioValue, _ field: String, count: ClosedRange<Int>,
        missing hint: String, noun: String, fix: String
    ) -> (items: [ScenarioValue], countFits: Bool)? {
        guard
            let (items, fits) = requiredSequence(
                m.mapValues(\.yaml), key, of: value.yaml, field, count: count,
                missing: hint, noun: noun, fix: fix)
        else { return nil }
        return (items.map(ScenarioValue.init), fits)
    }
}

import Raster
import Scene
import Yams

/// A scenario's `matrix:`: the devices, appearances and orientations one file is rendered in,
/// every combination a variant, as Paparazzi and SnapshotPreviews multiply one preview.
///
///     matrix: {device: [iphone-15, ipad-air-11], appearance: [light, dark]}
///
/// Variants are named `<device>-<appearance>`, with `-<orientation>` when the matrix lists
/// orientations; they come device first, then appearance, then orientation, in the lists' order.
/// A variant is the scenario with the matrix's values in place of the top-level keys, so each is
/// loaded and checked as a scenario of its own (a value's problem is reported where the matrix
/// lists it).
package struct VariantMatrix {
    /// The keys a matrix varies, in naming order.
    package static let keys = ["device", "appearance", "orientation", "textSize"]
    /// More variants than this are refused (each one is a full render).
    package static let maximumVariants = 64

    package struct Variant {
        package let name: String
        /// The matrix's value for each key it lists, as written (for positions in messages), and
        /// its field path (`matrix.device[1]`).
        let values: [String: Node]
        let fields: [String: String]
    }

    package let variants: [Variant]

    /// The variant a scenario loads, with the names of them all.
    struct Chosen {
        let name: String
        let names: [String]
        /// Where the variant's values stand in the matrix: a problem with one names its field there.
        let fields: [(line: Int, column: Int, field: String)]

        /// Problems reported at one of the variant's values name its place in the matrix (`matrix.device[1]`).
        func renameFields(_ r: ScenarioReader) {
            for (i, issue) in r.issues.enumerated() {
                if let f = fields.first(where: { $0.line == issue.line && $0.column == issue.column }) { r.issues[i].field = f.field }
            }
        }
    }

    /// With a `matrix:`, the variant `variant` names (nil: the first), whose values stand in for
    /// the top-level keys in `top`; nil without a matrix, or with one that is wrong (reported).
    /// `screenCode`: a UIKit screen's scenario, whose screen keys are refused in a matrix as at the top level.
    static func choose(_ node: Node?, variant: String?, top: inout [String: Node], _ r: ScenarioReader, screenCode: Bool = false) -> Chosen? {
        guard let node, let matrix = read(node, top: top, r, screenCode: screenCode) else { return nil }
        let variantNames = matrix.variants.map(\.name)
        let chosen = variant.flatMap { v in matrix.variants.first { $0.name == v } } ?? matrix.variants[0]
        if let variant, chosen.name != variant {
            var message = "has no variant \"\(variant)\" (--variant asked for it); it makes \(variantNames.joined(separator: ", "))"
            if let s = ScenarioReader.closest(to: variant, in: variantNames) { message += "; did you mean \"\(s)\"?" }
            r.report(node, "matrix", message)
        }
        for (key, value) in chosen.values { top[key] = value }
        return Chosen(
            name: chosen.name, names: variantNames,
            fields: chosen.values.compactMap { key, node in node.mark.map { ($0.line, $0.column, chosen.fields[key]!) } })
    }

    /// Reads `matrix:` beside the scenario's top-level keys; nil (with the problems reported) when it is wrong.
    static func read(_ node: Node, top: [String: Node], _ r: ScenarioReader, screenCode: Bool = false) -> VariantMatrix? {
        guard case .mapping(let mapping) = node else {
            r.report(
                node, "matrix",
                "expected a mapping of lists, such as {device: [iphone-15, ipad-air-11], appearance: [light, dark]}, "
                    + "got \(r.describe(node))")
            return nil
        }
        var lists: [String: [(String, Node, Int)]] = [:]
        var ok = true
        for (keyNode, value) in mapping {
            let key = keyNode.string ?? ""
            guard keys.contains(key) else {
                ok = false
                if screenCode, ScenarioLoader.topLevelKeys.contains(key), !ScenarioLoader.screenCodeKeys.contains(key) {
                    r.report(keyNode, "matrix.\(key)", ScenarioLoader.screenKeyRefusal(key))
                } else if ScenarioLoader.topLevelKeys.contains(key) {
                    r.report(
                        keyNode, "matrix.\(key)",
                        "\(key) cannot vary in a matrix; a matrix varies \(keys.joined(separator: ", ")) "
                            + "(give \(key) once at the top level)")
                } else {
                    var message = "unknown key \"\(key)\"; a matrix varies \(keys.joined(separator: ", "))"
                    if let s = ScenarioReader.closest(to: key, in: keys) { message += "; did you mean \"\(s)\"?" }
                    r.report(keyNode, "matrix.\(key)", message)
                }
                continue
            }
            if let given = top[key] {
                ok = false
                r.report(given, key, "is given here and in matrix.\(key), which renders every \(key) it lists; keep one")
            }
            guard case .sequence(let seq) = value, !seq.isEmpty else {
                ok = false
                r.report(value, "matrix.\(key)", "expected a list of one or more values, such as \(example(key)), got \(r.describe(value))")
                continue
            }
            // Each value is a variant at least, so a longer list is refused whole: one message, not
            // one per value (a 4 MB file lists a million).
            guard seq.count <= maximumVariants else {
                ok = false
                r.report(value, "matrix.\(key)", "lists \(seq.count) values, over the limit of \(maximumVariants) variants; list fewer values")
                continue
            }
            var seen: Set<String> = []
            var items: [(String, Node, Int)] = []
            for (i, item) in seq.enumerated() {
                guard let s = r.string(item, "matrix.\(key)[\(i)]") else { ok = false; continue }
                if !seen.insert(s).inserted {
                    ok = false
                    r.report(item, "matrix.\(key)[\(i)]", "\(s) is listed twice; list each \(key) once")
                    continue
                }
                items.append((s, item, i))
            }
            lists[key] = items
        }
        if lists.isEmpty && ok {
            r.report(node, "matrix", "is empty; list devices, appearances, orientations or text sizes, such as {appearance: [light, dark]}")
            return nil
        }
        guard ok else { return nil }
        let count = lists.values.map(\.count).reduce(1, *)
        guard count <= maximumVariants else {
            r.report(node, "matrix", "makes \(count) variants, over the limit of \(maximumVariants); list fewer values")
            return nil
        }
        // Every combination, device outermost.
        var combos: [[String: (String, Node, Int)]] = [[:]]
        for key in keys {
            guard let items = lists[key] else { continue }
            combos = combos.flatMap { c in items.map { item in c.merging([key: item]) { $1 } } }
        }
        // The scenario's defaults where neither the matrix nor the top level says.
        let defaults = [
            "device": Device.defaultID, "appearance": Appearance.light.rawValue,
            "orientation": Device.Orientation.portrait.rawValue,
        ]
        let variants = combos.map { combo -> Variant in
            func value(_ key: String) -> String { combo[key]?.0 ?? top[key]?.string ?? defaults[key]! }
            var name = "\(value("device"))-\(value("appearance"))"
            if lists["orientation"] != nil { name += "-\(value("orientation"))" }
            if let size = combo["textSize"]?.0 { name += "-\(size)" }
            return Variant(
                name: name, values: combo.mapValues(\.1),
                fields: Dictionary(uniqueKeysWithValues: combo.map { ($0.key, "matrix.\($0.key)[\($0.value.2)]") }))
        }
        return VariantMatrix(variants: variants)
    }

    private static func example(_ key: String) -> String {
        switch key {
        case "device": return "[iphone-15, ipad-air-11]"
        case "appearance": return "[light, dark]"
        case "textSize": return "[large, accessibility3]"
        default: return "[portrait, landscape]"
        }
    }
}

/// What one variant of a matrix will write, known once it is loaded: the CLI checks every
/// variant's frames and animations before it writes anything.
package struct VariantSummary: Sendable {
    package let name: String
    package let frameCount: Int
    /// The variant's `output:` animations (their paths).
    package let outputPaths: [String]
    /// The variant's warnings (`Scenario.warnings`).
    package let warnings: [ScenarioIssue]

    init(_ scenario: Scenario, name: String) {
        self.name = name
        frameCount = scenario.frameCount
        outputPaths = scenario.outputs.map(\.path)
        warnings = scenario.warnings
    }
}

extension ScenarioLoader {
    /// Loads and checks every variant of a scenario with a `matrix:` (or the scenario itself),
    /// one at a time, and returns the first (its `variantNames` name them all; empty without a
    /// matrix) and what each variant will write (`variants`, empty without a matrix). A problem
    /// found in only some variants says which; one found in all of them is reported once.
    package static func checkEveryVariant(
        path: String, fpsOverride: Double? = nil, scaleOverride: Double? = nil,
        imageLimits: ImageLimits = .standard, screenCode: Bool = false
    ) throws -> (first: Scenario, variants: [VariantSummary]) {
        func loadVariant(_ name: String?) throws -> Scenario {
            try load(
                path: path, fpsOverride: fpsOverride, scaleOverride: scaleOverride, imageLimits: imageLimits, variant: name, screenCode: screenCode)
        }
        var first: Scenario?
        var names: [String]
        var summaries: [VariantSummary] = []
        do {
            first = try loadVariant(nil)
            names = Array(first!.variantNames.dropFirst())
            if let f = first, let name = f.variant { summaries.append(VariantSummary(f, name: name)) }
        } catch let error as ScenarioError {
            // The first variant is wrong: are there others, to say which variants the problems are in?
            guard case .invalid = error, let text = try? String(contentsOfFile: path, encoding: .utf8),
                YAMLNesting.problem(in: ScenarioLoader.withoutByteOrderMark(text), limit: maximumNesting) == nil,
                case .mapping(let root)? = try? Yams.compose(yaml: ScenarioLoader.withoutByteOrderMark(text)),
                let node = root["matrix"]
            else { throw error }
            var keys: [String: Node] = [:]
            for (k, v) in root { if let key = k.string { keys[key] = v } }
            guard let matrix = VariantMatrix.read(node, top: keys, ScenarioReader(file: path), screenCode: screenCode) else { throw error }
            names = matrix.variants.map(\.name)
        }
        var found: [(issue: ScenarioIssue, variants: [String])] = []
        let total = names.count + (first == nil ? 0 : 1)
        for name in names {
            do {
                summaries.append(VariantSummary(try loadVariant(name), name: name))
            } catch ScenarioError.invalid(let issues) {
                for issue in issues {
                    if let i = found.firstIndex(where: { $0.issue == issue }) {
                        found[i].variants.append(name)
                    } else {
                        found.append((issue, [name]))
                    }
                }
            }
        }
        if let first, found.isEmpty { return (first, summaries) }
        let issues = found.map { entry -> ScenarioIssue in
            guard entry.variants.count < total else { return entry.issue }
            var issue = entry.issue
            issue.message = "in variant\(entry.variants.count == 1 ? "" : "s") \(entry.variants.joined(separator: ", ")): " + issue.message
            return issue
        }.enumerated().sorted { ($0.element.line, $0.element.column, $0.offset) < ($1.element.line, $1.element.column, $1.offset) }.map(\.element)
        throw ScenarioError.invalid(issues)
    }
}

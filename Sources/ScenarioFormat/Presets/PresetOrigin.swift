import Scene
import Yams

/// A problem found in a preset's generated layers is told at the scenario's key that made them:
/// the generated nodes have no place in the file (they would all say 1:1), but each generated layer
/// is named for the key it draws (`avatar`, `profile.bio`, `header.image`), so the deepest layer on
/// the problem's path whose name the scenario writes gives the line, column and field. Without one,
/// the scenario's `effect:` is the key that asked for the layers.
enum PresetOrigin {
    /// `issue` at the scenario's key, or nil when it is not a positionless issue of the preset's layers.
    /// `layers`: the preset's generated layers; `top`: the scenario's top-level keys.
    static func locate(_ issue: ScenarioIssue, presetName: String, layers: [Node], top: [String: Node]) -> ScenarioIssue? {
        let prefix = "(the \(presetName) preset's) "
        guard issue.field.hasPrefix(prefix), issue.line == 1, issue.column == 1 else { return nil }
        let path = String(issue.field.dropFirst(prefix.count))
        var names: [String] = []
        var nodes = layers
        for (n, segment) in path.split(separator: ".").enumerated() {
            let head = n == 0 ? "layers[" : "children["
            guard segment.hasPrefix(head), segment.hasSuffix("]"), let i = Int(segment.dropFirst(head.count).dropLast()),
                nodes.indices.contains(i), case .mapping(let m) = nodes[i]
            else { break }
            if let name = m.first(where: { $0.key.string == "name" })?.value.string { names.append(name) }
            nodes = m.first(where: { $0.key.string == "children" })?.value.sequence.map(Array.init) ?? []
        }
        let told = "the \(presetName) preset's \(path), made from this value (render-frames expand shows it): \(issue.message)"
        for name in names.reversed() {
            var key = name.split(separator: ".").map(String.init)
            while !key.isEmpty {
                if let node = value(at: key, in: top), let mark = node.mark {
                    return ScenarioIssue(file: issue.file, line: mark.line, column: mark.column, field: key.joined(separator: "."), message: told)
                }
                key.removeLast()
            }
        }
        if let node = top["effect"], let mark = node.mark {
            return ScenarioIssue(file: issue.file, line: mark.line, column: mark.column, field: "effect", message: told)
        }
        return nil
    }

    /// The scenario's value at a key path (`profile.bio`), if it writes one.
    static func value(at key: [String], in top: [String: Node]) -> Node? {
        guard let first = key.first, var node = top[first] else { return nil }
        for part in key.dropFirst() {
            guard case .mapping(let m) = node, let next = m.first(where: { $0.key.string == part })?.value else { return nil }
            node = next
        }
        return node
    }
}

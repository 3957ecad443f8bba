import Yams
import Raster

/// Typed reading of a YAML node tree that records every problem with its position instead of
/// stopping at the first. Each accessor returns nil (and records an issue) when the value is
/// missing or wrong, so the caller can fall back to a default and keep checking.
final class ScenarioReader {
    let file: String
    var issues: [ScenarioIssue] = []

    /// The issues in file order (stable: two at one place keep the order they were found in).
    var issuesInFileOrder: [ScenarioIssue] {
        issues.enumerated().sorted { ($0.element.line, $0.element.column, $0.offset) < ($1.element.line, $1.element.column, $1.offset) }.map(\.element)
    }

    init(file: String) { self.file = file }

    func report(_ node: Node?, _ field: String, _ message: String) {
        let mark = node?.mark
        issues.append(ScenarioIssue(file: file, line: mark?.line ?? 1, column: mark?.column ?? 1, field: field, message: message))
    }

    /// A short rendering of what came, for messages.
    func describe(_ node: Node) -> String {
        switch node {
        case .scalar(let s):
            if s.style == .singleQuoted || s.style == .doubleQuoted { return "the string \"\(s.string)\"" }
            if s.string.isEmpty || s.string == "~" || s.string == "null" { return "nothing (null)" + quoteHint(node) }
            return "\"\(s.string)\""
        case .mapping: return "a mapping"
        case .sequence(let seq): return "a list of \(seq.count) item\(seq.count == 1 ? "" : "s")"
        case .alias: return "an alias"
        }
    }

    /// The scenario's lines, for hints about what YAML did with a value.
    var sourceLines: [Substring] = []

    /// Why a value came out empty, when the file shows a character YAML read as syntax there.
    func quoteHint(_ node: Node) -> String {
        guard let mark = node.mark, mark.line >= 1, mark.line <= sourceLines.count else { return "" }
        let rest = sourceLines[mark.line - 1].dropFirst(max(0, mark.column - 1)).drop { $0 == " " }
        switch rest.first {
        case "#": return "; a # after a space starts a YAML comment: quote the value, as \"\(rest.prefix(40))\""
        case "!": return "; ! starts a YAML tag: quote the value, as \"\(rest.prefix(40))\""
        case "&": return "; & starts a YAML anchor: quote the value"
        default: return ""
        }
    }

    /// The keys of a mapping, checking them against `allowed`. Unknown keys are errors with a
    /// did-you-mean suggestion.
    func mapping(_ node: Node, _ field: String, allowed: [String]) -> [String: Node]? {
        guard case .mapping(let m) = node else {
            report(node, field, "expected a mapping (key: value lines), got \(describe(node))")
            return nil
        }
        var out: [String: Node] = [:]
        for (keyNode, value) in m {
            let key = keyNode.string ?? ""
            let path = field.isEmpty ? key : "\(field).\(key)"
            if !allowed.contains(key) {
                var message = "unknown key \"\(key)\""
                if let suggestion = ScenarioReader.closest(to: key, in: allowed) {
                    message += "; did you mean \"\(suggestion)\"?"
                } else {
                    message += "; allowed here: \(allowed.joined(separator: ", "))"
                }
                report(keyNode, path, message)
                continue
            }
            if out[key] != nil { report(keyNode, path, "duplicate key \"\(key)\"; keep one of them") }
            out[key] = value
        }
        return out
    }

    func number(_ node: Node, _ field: String, range: ClosedRange<Double>? = nil, unit: String = "") -> Double? {
        guard case .scalar(let s) = node, s.style == .plain || s.style == .any, let v = Double(s.string.replacingOccurrences(of: "_", with: "")),
              !s.string.lowercased().contains("inf"), !s.string.lowercased().contains("nan") else {
            report(node, field, "expected a number\(unit.isEmpty ? "" : " (\(unit))"), got \(describe(node))")
            return nil
        }
        guard v.isFinite else {
            report(node, field, "expected a finite number, got \(s.string)")
            return nil
        }
        if let range, !range.contains(v) {
            report(node, field, "must be between \(format(range.lowerBound)) and \(format(range.upperBound))\(unit.isEmpty ? "" : " \(unit)"), got \(s.string)")
            return nil
        }
        return v
    }

    func integer(_ node: Node, _ field: String, range: ClosedRange<Int>) -> Int? {
        guard let v = number(node, field) else { return nil }
        guard v == v.rounded(), let i = Int(exactly: v) else {
            report(node, field, "expected a whole number, got \(format(v))")
            return nil
        }
        guard range.contains(i) else {
            report(node, field, "must be between \(range.lowerBound) and \(range.upperBound), got \(i)")
            return nil
        }
        return i
    }

    func bool(_ node: Node, _ field: String) -> Bool? {
        if case .scalar(let s) = node, s.style == .plain || s.style == .any {
            switch s.string.lowercased() {
            case "true", "yes", "on": return true
            case "false", "no", "off": return false
            default: break
            }
        }
        report(node, field, "expected true or false, got \(describe(node))")
        return nil
    }

    func string(_ node: Node, _ field: String, allowEmpty: Bool = false) -> String? {
        guard case .scalar(let s) = node else {
            report(node, field, "expected text, got \(describe(node))")
            return nil
        }
        if !allowEmpty && s.string.isEmpty {
            report(node, field, "expected text, got an empty value")
            return nil
        }
        return s.string
    }

    func choice(_ node: Node, _ field: String, _ options: [String]) -> String? {
        guard let s = string(node, field) else { return nil }
        guard options.contains(s) else {
            var message = "expected one of \(options.joined(separator: ", ")), got \"\(s)\""
            if let suggestion = ScenarioReader.closest(to: s, in: options) { message += "; did you mean \"\(suggestion)\"?" }
            report(node, field, message)
            return nil
        }
        return s
    }

    func color(_ node: Node, _ field: String) -> Color? {
        guard let s = string(node, field) else { return nil }
        guard let c = Color(hex: s) else {
            report(node, field, "expected a colour as \"#RRGGBB\" or \"#RRGGBBAA\" (quote it: # starts a YAML comment), got \"\(s)\"")
            return nil
        }
        return c
    }

    /// `[x, y]` in points, inside `size`.
    func point(_ node: Node, _ field: String, within size: Size) -> Point? {
        guard case .sequence(let seq) = node, seq.count == 2 else {
            report(node, field, "expected a point as [x, y] in screen points, got \(describe(node))")
            return nil
        }
        let items = Array(seq)
        guard let x = number(items[0], "\(field)[0]", range: 0...size.width, unit: "points"),
              let y = number(items[1], "\(field)[1]", range: 0...size.height, unit: "points") else { return nil }
        return Point(x, y)
    }

    func sequence(_ node: Node, _ field: String) -> [Node]? {
        guard case .sequence(let seq) = node else {
            report(node, field, "expected a list (lines starting with -), got \(describe(node))")
            return nil
        }
        return Array(seq)
    }

    func format(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
    }

    /// The allowed word nearest to `word` (edit distance at most 2, or a case-insensitive match).
    /// A candidate the word begins (`rect`: rectangle) or contains (`scaleAspectFill`: aspectFill)
    /// comes first. A word over 64 characters gets no suggestion.
    static func closest(to word: String, in candidates: [String]) -> String? {
        let lower = word.lowercased()
        guard lower.count <= 64, !lower.isEmpty else { return nil }
        if let c = candidates.first(where: { $0.lowercased() == lower }) { return c }
        if lower.count >= 3, let c = candidates.first(where: { $0.lowercased().hasPrefix(lower) }) { return c }
        if let c = candidates.filter({ $0.count >= 4 && lower.contains($0.lowercased()) }).max(by: { $0.count < $1.count }) { return c }
        var best: (String, Int)?
        for c in candidates where c.count <= 64 {
            let d = editDistance(lower, c.lowercased())
            // Not a word that shares (almost) nothing with the candidate: "Hh" is not "u".
            if d <= max(2, c.count / 4), d < lower.count, best == nil || d < best!.1 { best = (c, d) }
        }
        return best?.0
    }

    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var prev = Array(0...b.count)
        for i in 1...a.count {
            var cur = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            prev = cur
        }
        return prev[b.count]
    }
}

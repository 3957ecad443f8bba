import Yams
import Raster
import Scene

/// Typed reading of a YAML node tree that records every problem with its position instead of
/// stopping at the first. Each accessor returns nil (and records an issue) when the value is
/// missing or wrong, so the caller can fall back to a default and keep checking.
final class ScenarioReader {
    let file: String
    var issues: [ScenarioIssue] = []
    /// Problems that do not stop the render (an unknown SF Symbol name), reported after the missing glyphs.
    var warnings: [ScenarioIssue] = []

    /// Tells an issue of a preset's generated layers at the scenario's key that made it (`PresetOrigin`);
    /// nil for any other issue.
    var presetOrigin: ((ScenarioIssue) -> ScenarioIssue?)?

    /// The issues in file order (stable: two at one place keep the order they were found in). An issue
    /// of a preset's generated layers is told at the scenario's key, and only when nothing is said
    /// about that key (or a key inside it) already: one bad value gives one message.
    var issuesInFileOrder: [ScenarioIssue] {
        var issues = self.issues
        if let presetOrigin {
            let located = issues.map { presetOrigin($0) }
            // Kept: the first at a key that nothing else is said about, or about a key inside it.
            let direct = zip(issues, located).filter { $0.1 == nil }.map(\.0.field)
            let fields = direct + located.compactMap { $0?.field }
            var told = Set<String>()
            issues = zip(issues, located).compactMap { issue, moved in
                guard let moved else { return issue }
                guard !direct.contains(moved.field), !fields.contains(where: { $0.hasPrefix(moved.field + ".") }),
                    told.insert(moved.field).inserted
                else { return nil }
                return moved
            }
        }
        return issues.enumerated().sorted { ($0.element.line, $0.element.column, $0.offset) < ($1.element.line, $1.element.column, $1.offset) }.map(
            \.element)
    }

    init(file: String) { self.file = file }

    /// The scenario's appearance, which system color names (`systemRed`) resolve in.
    var appearance: Appearance = .light

    func report(_ node: Node?, _ field: String, _ message: String) {
        let mark = node?.mark
        issues.append(ScenarioIssue(file: file, line: mark?.line ?? 1, column: mark?.column ?? 1, field: field, message: message))
    }

    /// A short rendering of what came, for messages.
    func describe(_ node: Node) -> String {
        switch node {
        case .scalar(let s):
            if s.style == .singleQuoted || s.style == .doubleQuoted { return "the string \"\(ScenarioReader.shown(s.string))\"" }
            if s.string.isEmpty || s.string == "~" || s.string == "null" { return "nothing (null)" + quoteHint(node) }
            return "\"\(ScenarioReader.shown(s.string))\""
        case .mapping: return "a mapping"
        case .sequence(let seq): return "a list of \(seq.count) item\(seq.count == 1 ? "" : "s")"
        case .alias: return "an alias"
        }
    }

    /// A value as a message shows it: at most 60 characters, then how long it is.
    static func shown(_ text: String) -> String { Suggestion.shown(text) }

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
    /// `suggesting`: the keys valid where the mapping is written, when fewer than `allowed` (a UIKit
    /// screen's scenario takes only some of the top-level keys): "did you mean" and the list of
    /// keys allowed here name only those.
    func mapping(_ node: Node, _ field: String, allowed: [String], suggesting: [String]? = nil) -> [String: Node]? {
        guard case .mapping(let m) = node else {
            report(node, field, "expected a mapping (key: value lines), got \(describe(node))")
            return nil
        }
        var out: [String: Node] = [:]
        for (keyNode, value) in m {
            guard case .scalar = keyNode else {
                report(keyNode, field.isEmpty ? "(key)" : field, "a key must be a word, and this one is \(describe(keyNode)); write it as key: value")
                continue
            }
            let key = keyNode.string ?? ""
            let path = field.isEmpty ? key : "\(field).\(key)"
            if !allowed.contains(key) {
                var message = "unknown key \"\(ScenarioReader.shown(key))\""
                let valid = suggesting ?? allowed
                if let suggestion = ScenarioReader.closest(to: key, in: valid) {
                    message += "; did you mean \"\(suggestion)\"?"
                } else {
                    message += "; allowed here: \(valid.joined(separator: ", "))"
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
            !s.string.lowercased().contains("inf"), !s.string.lowercased().contains("nan")
        else {
            if ScenarioReader.isFormula(node) {
                report(
                    node, field,
                    "takes a number\(unit.isEmpty ? "" : " (\(unit))"), not a formula: only layer values and vars are "
                        + "computed (README, Scenes of your own); write the number it comes to, got \"\(ScenarioReader.shown(node.string ?? ""))\"")
            } else {
                report(node, field, "expected a number\(unit.isEmpty ? "" : " (\(unit))"), got \(describe(node))")
            }
            return nil
        }
        guard v.isFinite else {
            report(node, field, "expected a finite number, got \(s.string)")
            return nil
        }
        if let range, !range.contains(v) {
            report(
                node, field,
                "must be between \(format(range.lowerBound)) and \(format(range.upperBound))\(unit.isEmpty ? "" : " \(unit)"), got \(s.string)")
            return nil
        }
        return v
    }

    /// True when a value is a formula (`200 + 10`, `screen.width`, `max(1, 2)`), as the layer
    /// language would read it: for the keys that take a constant only, to say so.
    static func isFormula(_ node: Node) -> Bool {
        guard case .scalar(let s) = node, s.string.utf8.count <= 10_000, let syntax = try? ExpressionParser.parse(s.string) else { return false }
        switch syntax {
        case .number, .color: return false
        case .name(let name, _): return BuiltinVariable(name: name) != nil
        default: return true
        }
    }

    func integer(_ node: Node, _ field: String, range: ClosedRange<Int>) -> Int? {
        // Written as a whole number (decimal, 0x, 0o or 0b, any length): exact, no detour through Double.
        if case .scalar(let s) = node, s.style == .plain || s.style == .any, let (negative, magnitude) = ScenarioReader.wholeNumber(s.string) {
            if let m = magnitude, let i = negative ? (m <= UInt64(Int.max) + 1 ? Int(truncatingIfNeeded: 0 &- m) : nil) : Int(exactly: m),
                range.contains(i)
            {
                return i
            }
            report(node, field, "must be between \(range.lowerBound) and \(range.upperBound), got \(s.string)")
            return nil
        }
        guard let v = number(node, field) else { return nil }
        guard v == v.rounded() else {
            report(node, field, "expected a whole number, got \(format(v))")
            return nil
        }
        guard let i = Int(exactly: v), range.contains(i) else {
            report(node, field, "must be between \(range.lowerBound) and \(range.upperBound), got \(node.string ?? format(v))")
            return nil
        }
        return i
    }

    /// An unsigned 64-bit value (a seed), exact over its whole range.
    func unsigned64(_ node: Node, _ field: String) -> UInt64? {
        if case .scalar(let s) = node, s.style == .plain || s.style == .any, let (negative, magnitude) = ScenarioReader.wholeNumber(s.string) {
            if let m = magnitude, !negative || m == 0 { return m }
            report(node, field, "must be between 0 and \(UInt64.max), got \(s.string)")
            return nil
        }
        guard let v = number(node, field) else { return nil }
        report(
            node, field,
            v == v.rounded()
                ? "must be between 0 and \(UInt64.max), got \(format(v)); write it as a whole number"
                : "expected a whole number, got \(format(v))")
        return nil
    }

    /// `123`, `-5`, `1_000`, `0x1E`, `0o240`, `0b101`: (negative, magnitude), magnitude nil when it
    /// passes 2^64 - 1; nil when the text is not a whole number written as one.
    static func wholeNumber(_ text: String) -> (Bool, UInt64?)? {
        var t = Substring(text.replacingOccurrences(of: "_", with: ""))
        var negative = false
        if t.first == "-" || t.first == "+" { negative = t.first == "-"; t = t.dropFirst() }
        var radix = 10
        let lower = t.lowercased()
        if lower.hasPrefix("0x") {
            radix = 16; t = t.dropFirst(2)
        } else if lower.hasPrefix("0o") {
            radix = 8; t = t.dropFirst(2)
        } else if lower.hasPrefix("0b") {
            radix = 2; t = t.dropFirst(2)
        }
        guard !t.isEmpty, t.allSatisfy({ $0.isASCII && $0.isHexDigit && Int(String($0), radix: radix) != nil }) else { return nil }
        return (negative, UInt64(t, radix: radix))
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
            let hint = quoteHint(node)
            report(node, field, "expected text, got an empty value" + (hint.isEmpty ? "; write the value, or remove the key" : hint))
            return nil
        }
        return s.string
    }

    /// Text of at most `maximumLength` characters; a longer one is refused as "is N characters; "
    /// followed by `fits` (what fits there, and the fix).
    func string(_ node: Node, _ field: String, allowEmpty: Bool = false, maximumLength: Int, fits: String) -> String? {
        guard let s = string(node, field, allowEmpty: allowEmpty) else { return nil }
        guard s.count <= maximumLength else {
            report(node, field, "is \(s.count) characters; \(fits)")
            return nil
        }
        texts.append((node, field, s)) // drawn (a bar's title, the status bar's time)
        return s
    }

    /// Text that is drawn (a title, a name, a body): at most `ScenarioLoader.maximumTextLength`
    /// code points, so that a scenario's text is set in bounded time and memory.
    func text(_ node: Node, _ field: String, allowEmpty: Bool = false) -> String? {
        guard let s = string(node, field, allowEmpty: allowEmpty) else { return nil }
        // Code points, as the schema's maxLength counts them: a character of many combining marks
        // counts each of them.
        let count = s.unicodeScalars.count
        guard count <= ScenarioLoader.maximumTextLength else {
            report(
                node, field,
                "is \(count) characters (Unicode code points), over the limit of \(ScenarioLoader.maximumTextLength) "
                    + "for a text; shorten it")
            return nil
        }
        texts.append((node, field, s))
        return s
    }

    /// Every text read (`text`), for the characters no font has (`MissingGlyphs`).
    var texts: [(node: Node, field: String, text: String)] = []

    func choice(_ node: Node, _ field: String, _ options: [String]) -> String? {
        guard let s = string(node, field) else { return nil }
        guard options.contains(s) else {
            var message = "expected one of \(options.joined(separator: ", ")), got \"\(ScenarioReader.shown(s))\""
            if let suggestion = ScenarioReader.closest(to: s, in: options) { message += "; did you mean \"\(suggestion)\"?" }
            report(node, field, message)
            return nil
        }
        return s
    }

    func color(_ node: Node, _ field: String) -> Color? {
        guard let s = string(node, field) else { return nil }
        if let c = SystemColor.named(s, appearance: appearance) { return c }
        guard let c = Color(hex: s) else {
            if !s.hasPrefix("#") { report(node, field, SystemColor.notAColor(s)); return nil }
            report(
                node, field,
                "expected a color as \"#RGB\", \"#RRGGBB\" or \"#RRGGBBAA\" (quote it: # starts a YAML comment), got \"\(ScenarioReader.shown(s))\"")
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
            let y = number(items[1], "\(field)[1]", range: 0...size.height, unit: "points")
        else { return nil }
        return Point(x, y)
    }

    func sequence(_ node: Node, _ field: String) -> [Node]? {
        guard case .sequence(let seq) = node else {
            report(node, field, "expected a list (lines starting with -), got \(describe(node))")
            return nil
        }
        return Array(seq)
    }

    /// The list under `key` of the mapping `m` (read from `node`): refused as "missing; " and
    /// `hint` (what to give, with an example) when absent, or when not a list.
    func requiredSequence(_ m: [String: Node], _ key: String, of node: Node, _ field: String, missing hint: String) -> (node: Node, items: [Node])? {
        guard let listNode = m[key] else {
            report(node, field, "missing; " + hint)
            return nil
        }
        guard let items = sequence(listNode, field) else { return nil }
        return (listNode, items)
    }

    /// A required list of `count` items: its first `count.upperBound` items, and false when it held
    /// a number outside `count` (reported as "has N <noun>s; " and `fix`).
    func requiredSequence(
        _ m: [String: Node], _ key: String, of node: Node, _ field: String, count: ClosedRange<Int>,
        missing hint: String, noun: String, fix: String
    ) -> (items: ArraySlice<Node>, countFits: Bool)? {
        guard let (listNode, list) = requiredSequence(m, key, of: node, field, missing: hint) else { return nil }
        let fits = count.contains(list.count)
        if !fits { report(listNode, field, "has \(list.count) \(noun)\(list.count == 1 ? "" : "s"); " + fix) }
        return (list.prefix(count.upperBound), fits)
    }

    func format(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
    }

    /// The allowed word nearest to `word` (`Suggestion.closest`).
    static func closest(to word: String, in candidates: [String]) -> String? { Suggestion.closest(to: word, in: candidates) }

    static func editDistance(_ a: String, _ b: String) -> Int { Suggestion.editDistance(a, b) }
}


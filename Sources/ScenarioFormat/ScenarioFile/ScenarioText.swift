import Foundation
import Raster
import Scene
import Yams

/// The scenario's text before any key is read: its encoding, control characters, nesting, tags and
/// YAML syntax, each refused with its line and column before (or instead of) the parser's word.
extension ScenarioLoader {
    /// The document's root mapping and the reader that reports on it, or the problems with the
    /// text (thrown): nesting too deep, control characters, YAML syntax, an empty file, a root
    /// that is not a mapping.
    static func readDocument(_ text: String, file: String) throws -> (Node, ScenarioReader) {
        if let (depth, line, column) = deepestNesting(text, over: maximumNesting) {
            throw ScenarioError.invalid([
                ScenarioIssue(
                    file: file, line: line, column: column, field: "(nesting)",
                    message:
                        "lists and mappings nest \(depth) levels deep here, over the limit of \(maximumNesting) (a scenario needs about 5); "
                        + "flatten them")
            ])
        }
        // YAML allows no control characters in a file (tabs and line breaks aside); say where each
        // one is, at most five, instead of the parser's position-less complaint.
        var controls: [ScenarioIssue] = []
        var line = 1, column = 1
        for u in text.unicodeScalars {
            if u == "\n" { line += 1; column = 1; continue }
            if String.isControl(u), u != "\t", u != "\r", controls.count < 5 {
                controls.append(
                    ScenarioIssue(
                        file: file, line: line, column: column, field: "(file)",
                        message:
                            "a control character (U+\(String(format: "%04X", u.value))) stands here, and YAML allows none; remove it, "
                            + "or write it as the escape \(yamlEscape(u)) inside double quotes"))
            } else if u.value == 0xFFFE || u.value == 0xFFFF, controls.count < 5 {
                controls.append(
                    ScenarioIssue(
                        file: file, line: line, column: column, field: "(file)",
                        message:
                            "a noncharacter (U+\(String(format: "%04X", u.value))) stands here, and YAML allows none; remove it"))
            }
            column += 1
        }
        if !controls.isEmpty { throw ScenarioError.invalid(controls) }
        if let (message, line, column, field) = YAMLNesting.problem(in: text, limit: maximumNesting) {
            throw ScenarioError.invalid([ScenarioIssue(file: file, line: line, column: column, field: field, message: message)])
        }
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw syntaxError(error, file: file, text: text)
        }
        let r = ScenarioReader(file: file)
        r.sourceLines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let root else {
            r.report(nil, "(file)", "the file is empty; a scenario needs at least a timeline (see README, Scenario files)")
            throw ScenarioError.invalid(r.issuesInFileOrder)
        }
        guard case .mapping = root else {
            r.report(root, "(file)", "expected settings as key: value lines at the top level, got \(r.describe(root)); see README, Scenario files")
            throw ScenarioError.invalid(r.issuesInFileOrder)
        }
        return (root, r)
    }

    /// The text without a leading UTF-8 byte order mark (U+FEFF), which editors on Windows write:
    /// libyaml reads it as the start of a second document, and positions on line 1 count from after it.
    static func withoutByteOrderMark(_ text: String) -> String {
        text.unicodeScalars.first == "\u{FEFF}" ? String(text.unicodeScalars.dropFirst()) : text
    }

    /// YAML's escape for a control character, as written inside double quotes.
    static func yamlEscape(_ u: Unicode.Scalar) -> String {
        let named: [UInt32: String] = [0x00: "\\0", 0x07: "\\a", 0x08: "\\b", 0x0B: "\\v", 0x0C: "\\f", 0x1B: "\\e", 0x85: "\\N"]
        if let name = named[u.value] { return name }
        return u.value < 0x100 ? String(format: "\\x%02X", u.value) : String(format: "\\u%04X", u.value)
    }

    /// Where a file is not UTF-8: a UTF-16 byte order mark, or the first byte that does not start or
    /// continue a UTF-8 character (by its line and column, columns counted in characters).
    static func encodingIssue(_ bytes: [UInt8], file: String) -> ScenarioIssue? {
        if bytes.count >= 2, (bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF) {
            return ScenarioIssue(
                file: file, line: 1, column: 1, field: "(file)",
                message:
                    "the file is UTF-16 text (it starts with a UTF-16 byte order mark); save it as UTF-8")
        }
        var i = 0, line = 1, column = 1
        while i < bytes.count {
            let b = bytes[i]
            var length = 1, low: UInt8 = 0x80, high: UInt8 = 0xBF
            switch b {
            case 0x00...0x7F: length = 1
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; high = 0x9F
            case 0xF0: length = 4; low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; high = 0x8F
            default: length = 0
            }
            var valid = length > 0 && i + length <= bytes.count
            if valid && length > 1 {
                valid = (low...high).contains(bytes[i + 1]) && (i + 2..<i + length).allSatisfy { bytes[$0] & 0xC0 == 0x80 }
            }
            guard valid else {
                let hex = String(b, radix: 16, uppercase: true)
                return ScenarioIssue(
                    file: file, line: line, column: column, field: "(file)",
                    message:
                        "byte 0x\(hex.count == 1 ? "0" + hex : hex) (byte \(i + 1) of the file) is not UTF-8; the file is in another "
                        + "encoding (such as Latin-1 or Windows-1252): save it as UTF-8")
            }
            if b == 0x0A { line += 1; column = 1 } else { column += 1 }
            i += length
        }
        return nil
    }

    /// YAML's standard tags (`!!str 30`, `!!int "5"`) change what a value is; the scenario reader
    /// reads values by their own syntax, so each such tag is refused where it stands rather than
    /// silently ignored. Found in the text (the composed tree no longer tells a written tag from a
    /// resolved one): a `!!` that starts a token outside quotes and comments.
    static func reportTags(_ text: String, _ r: ScenarioReader) {
        // Where a value starts: after "key: ", "- ", "[", "{" or ",", or at the line's start
        // (not after a space inside plain text, as in `title: Wow !!`).
        func startsValue(_ chars: [UInt8], _ i: Int) -> Bool {
            var j = i - 1
            while j >= 0, chars[j] == UInt8(ascii: " ") { j -= 1 }
            guard j >= 0 else { return true }
            return [UInt8(ascii: ":"), UInt8(ascii: "-"), UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: ",")].contains(chars[j])
                && (j == i - 1 ? chars[j] != UInt8(ascii: ":") && chars[j] != UInt8(ascii: "-") : true)
        }
        for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let chars = Array(line.utf8)
            scanUnquoted(chars) { i in
                // Any tag: !!str, the verbatim !<tag:yaml.org,2002:str>, a local !thing.
                guard chars[i] == UInt8(ascii: "!"), i + 1 < chars.count, chars[i + 1] != UInt8(ascii: " "), startsValue(chars, i) else { return nil }
                var end = i
                if chars[i + 1] == UInt8(ascii: "<") { // verbatim: !<...> may hold commas
                    while end < chars.count, chars[end] != UInt8(ascii: ">") { end += 1 }
                    end = min(end + 1, chars.count)
                } else {
                    while end < chars.count, ![UInt8(ascii: " "), UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}")].contains(chars[end]) {
                        end += 1
                    }
                }
                let tag = String(decoding: chars[i..<end], as: UTF8.self)
                r.issues.append(
                    ScenarioIssue(
                        file: r.file, line: n + 1, column: i + 1, field: "(YAML tag)",
                        message: "the tag \(ScenarioReader.shown(tag)) is not read here; remove it (quote a value to make it text)"))
                return end
            }
        }
    }

    /// Calls `body(i)` for each byte of `line` from `start` that lies outside quotes, up to a
    /// comment (a # at the start or after a space). `body` returns where to go on: nil for the
    /// next byte, an index to skip to, or `line.count` to stop.
    static func scanUnquoted(_ line: [UInt8], from start: Int = 0, _ body: (Int) -> Int?) {
        var quote: UInt8?
        var i = start
        while i < line.count {
            let c = line[i]
            if let q = quote {
                if c == q { quote = nil } else if c == UInt8(ascii: "\\"), q == UInt8(ascii: "\"") { i += 1 }
            } else if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                quote = c
            } else if c == UInt8(ascii: "#"), i == 0 || line[i - 1] == UInt8(ascii: " ") {
                return
            } else if let next = body(i) {
                i = next
                continue
            }
            i += 1
        }
    }

    /// The first place where nesting (block indentation levels, `- ` items on one line, and flow
    /// brackets outside quotes and comments) exceeds `limit`: depth, line and column; nil if none.
    static func deepestNesting(_ text: String, over limit: Int) -> (Int, Int, Int)? {
        var indents: [Int] = []
        var flow = 0
        var lineNumber = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = Array(rawLine.utf8)
            var i = 0
            while i < line.count, line[i] == UInt8(ascii: " ") { i += 1 }
            let blank = i == line.count || line[i] == UInt8(ascii: "#") || line[i] == UInt8(ascii: "\r")
            if !blank && flow == 0 {
                while let last = indents.last, last > i { indents.removeLast() }
                if indents.last != i { indents.append(i) }
            }
            var dashes = 0
            var j = i
            while j + 1 < line.count, line[j] == UInt8(ascii: "-"), line[j + 1] == UInt8(ascii: " ") {
                dashes += 1; j += 2
                while j < line.count, line[j] == UInt8(ascii: " ") { j += 1 }
            }
            var deepest: (Int, Int, Int)?
            scanUnquoted(line, from: j) { k in
                let c = line[k]
                if c == UInt8(ascii: "[") || c == UInt8(ascii: "{") {
                    flow += 1
                    if indents.count + dashes + flow > limit { deepest = (indents.count + dashes + flow, lineNumber, k + 1); return line.count }
                } else if c == UInt8(ascii: "]") || c == UInt8(ascii: "}") {
                    flow = max(0, flow - 1)
                }
                return nil
            }
            if let deepest { return deepest }
            if indents.count + dashes > limit { return (indents.count + dashes, lineNumber, i + 1) }
        }
        return nil
    }

    /// Where each duplicated key of a block mapping (starting at `line`, `column`) is written the
    /// second time, found by reading the mapping's lines at its indentation; a flow mapping's
    /// duplicate is reported at the mapping.
    static func duplicateKeys(_ keys: [String], mappingAt line: Int, column: Int, file: String, text: String) -> [ScenarioIssue] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.utf8) }
        var seen: [String: Int] = [:]
        var found: [ScenarioIssue] = []
        var number = line
        while number <= lines.count {
            let l = lines[number - 1]
            let indent = l.prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "-") }.count
            let blank = l.allSatisfy { $0 == UInt8(ascii: " ") } || (indent < l.count && l[indent] == UInt8(ascii: "#"))
            if !blank {
                if number > line, indent < column - 1 { break }
                if indent == column - 1 || number == line, column - 1 < l.count {
                    let rest = l[(column - 1)...]
                    if let colon = rest.firstIndex(of: UInt8(ascii: ":")) {
                        var key = String(decoding: rest[..<colon], as: UTF8.self).trimmingCharacters(in: .whitespaces)
                        if key.count >= 2, let q = key.first, q == "\"" || q == "'", key.last == q { key = String(key.dropFirst().dropLast()) }
                        if keys.contains(key) {
                            if let first = seen[key] {
                                found.append(
                                    ScenarioIssue(
                                        file: file, line: number, column: column, field: key,
                                        message: "duplicate key (also at line \(first)); keep one of them"))
                            } else {
                                seen[key] = number
                            }
                        }
                    }
                }
            }
            number += 1
        }
        if found.isEmpty {
            return [
                ScenarioIssue(
                    file: file, line: line, column: column, field: keys.joined(separator: ", "),
                    message: "duplicate key in the mapping that starts here; keep one of each")
            ]
        }
        return found
    }

    /// A YAML syntax error in our words (`YAMLSyntax`), at its line and column.
    static func syntaxError(_ error: YamlError, file: String, text: String) -> ScenarioError {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            let message = YAMLSyntax.message(
                problem: problem, context: context?.text, opened: context.map { ($0.mark.line, $0.mark.column) },
                line: mark.line, column: mark.column, lines: lines)
            return .syntax(file: file, line: mark.line, column: mark.column, problem: message)
        case .reader(_, let offset, let value, _):
            // The characters YAML refuses that the check in `parse` lets through: say where, by line and column.
            var line = 1, column = 1
            for c in text.prefix(offset ?? 0) { if c == "\n" { line += 1; column = 1 } else { column += 1 } }
            let code = value >= 0 ? " (U+\(String(format: "%04X", value)))" : ""
            return .syntax(file: file, line: line, column: column, problem: "a character YAML does not allow\(code) stands here; remove it")
        case .duplicatedKeysInMapping(let duplicates, let context):
            return .invalid(duplicateKeys(duplicates.sorted(), mappingAt: context.mark.line, column: context.mark.column, file: file, text: text))
        default:
            return .syntax(file: file, line: 1, column: 1, problem: "YAML cannot read the file; check its quotes, brackets and indentation")
        }
    }
}

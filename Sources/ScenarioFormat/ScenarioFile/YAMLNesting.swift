import Scene

// Yams builds its node tree by recursion, one call per level, and a node tree is freed by
// recursion too: a file nested thousands of levels deep would exhaust the stack in either. The
// text scan in ScenarioLoader (`deepestNesting`) gives the common case its message; this pass reads
// libyaml's own events, so nothing the scan misreads (a quote inside a plain word, `? ? ?` keys)
// and no alias (`*name` repeats what `&name` marks, so a few short lines can nest thousands of
// levels or repeat a value millions of times) reaches Yams past the limits.
internal import CYaml

enum YAMLNesting {
    /// Values that aliases may repeat in all (each alias counts every value it stands for).
    static let maximumAliasValues = 100_000

    /// The first event past the limits, as a message, its line and column (1-based) and what it is
    /// about (`(nesting)`, `(aliases)`); nil when the file keeps within them, and for a syntax error
    /// (Yams reports it, in its place).
    static func problem(in text: String, limit: Int) -> (message: String, line: Int, column: Int, field: String)? {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return nil }
        defer { yaml_parser_delete(&parser) }
        yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
        var bytes = Array(text.utf8)
        if bytes.isEmpty { return nil }
        return bytes.withUnsafeMutableBufferPointer { buffer -> (String, Int, Int, String)? in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            // Each open list or mapping: its anchor, and the deepest level and the values inside it.
            var open: [(anchor: String?, level: Int, deepest: Int, values: Int)] = []
            // What each anchor stands for: its levels (0 for a scalar) and its values.
            var anchors: [String: (levels: Int, values: Int)] = [:]
            var repeated = 0
            func add(levels: Int, values: Int) {
                guard !open.isEmpty else { return }
                open[open.count - 1].deepest = max(open[open.count - 1].deepest, open.count + levels)
                open[open.count - 1].values = min(open[open.count - 1].values + values, Int.max / 2)
            }
            func place(_ mark: yaml_mark_t) -> (Int, Int) { (Int(mark.line) + 1, Int(mark.column) + 1) }
            func name(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? { pointer.map { String(cString: $0) } }
            var event = yaml_event_t()
            while true {
                guard yaml_parser_parse(&parser, &event) == 1 else {
                    // libyaml's own bound (1000 levels) can stop it before the events show 33: the
                    // scanner reads a flow collection's brackets ahead. Any other error is Yams' to report.
                    guard let problem = parser.problem, String(cString: problem).contains("Maximum nesting level") else { return nil }
                    let (line, column) = place(parser.problem_mark)
                    return (
                        "lists and mappings nest over \(limit) levels deep here (a scenario needs about 5); flatten them", line, column, "(nesting)"
                    )
                }
                defer { yaml_event_delete(&event) }
                switch event.type {
                case YAML_STREAM_END_EVENT:
                    return nil
                case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                    let anchor =
                        event.type == YAML_SEQUENCE_START_EVENT ? name(event.data.sequence_start.anchor) : name(event.data.mapping_start.anchor)
                    if open.count + 1 > limit {
                        let (line, column) = place(event.start_mark)
                        return (
                            "lists and mappings nest \(open.count + 1) levels deep here, over the limit of \(limit) (a scenario needs about 5); "
                                + "flatten them", line, column, "(nesting)"
                        )
                    }
                    open.append((anchor, open.count + 1, open.count + 1, 1))
                case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                    guard let done = open.popLast() else { return nil }
                    if let anchor = done.anchor { anchors[anchor] = (done.deepest - done.level + 1, done.values) }
                    add(levels: done.deepest - done.level + 1, values: done.values)
                case YAML_SCALAR_EVENT:
                    if let anchor = name(event.data.scalar.anchor) { anchors[anchor] = (0, 1) }
                    add(levels: 0, values: 1)
                case YAML_ALIAS_EVENT:
                    // An alias to an anchor not yet closed (or never set) is Yams' error to report.
                    guard let alias = name(event.data.alias.anchor), let target = anchors[alias] else { continue }
                    let (line, column) = place(event.start_mark)
                    if open.count + target.levels > limit {
                        return (
                            "lists and mappings nest \(open.count + target.levels) levels deep here (the alias *\(ScenarioLoader.clip(alias)) "
                                + "counted as the \(target.levels) levels it repeats), over the limit of \(limit); write the value out flatter, "
                                + "or share it with vars", line, column, "(nesting)"
                        )
                    }
                    repeated = min(repeated + target.values, Int.max / 2)
                    if repeated > maximumAliasValues {
                        return (
                            "aliases repeat over \(maximumAliasValues) values in all here (*\(ScenarioLoader.clip(alias)) stands for "
                                + "\(target.values)); write the values out, repeat layers with repeat:, or share a value with vars", line, column,
                            "(aliases)"
                        )
                    }
                    add(levels: target.levels, values: target.values)
                default:
                    continue
                }
            }
        }
    }
}

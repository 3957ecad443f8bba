import Scene
import Yams

extension MissingGlyphs {
    /// A warning per text (field) holding characters no font has, at the text's line and column.
    static func warnings(_ texts: [(node: Node, field: String, text: String)], file: String, typography: Typography) -> [ScenarioIssue] {
        var glyphs = MissingGlyphs(typography: typography)
        var out: [ScenarioIssue] = []
        for (node, field, text) in texts {
            let missing = glyphs.missing(in: text)
            guard !missing.isEmpty else { continue }
            out.append(
                ScenarioIssue(
                    file: file, line: node.mark?.line ?? 1, column: node.mark?.column ?? 1, field: field,
                    message: MissingGlyphs.message(missing)))
        }
        return out
    }
}

import Raster
import Scene
import Yams

/// `runs:` of a text layer, in place of `text:` (attributed text, as UILabel's attributedText):
///
///     - type: text
///       frame: [16, 100, 300, 24]
///       runs:
///         - {text: "Bold ", weight: bold}
///         - {text: "and blue, underlined", color: systemBlue, underline: single}
extension ScenarioLoader {
    static let runKeys = ["text", "weight", "size", "color", "letterSpacing", "underline", "strikethrough"]
    /// Runs of one text layer at most.
    static let maximumRuns = 1000

    /// The runs of `node` (the value of `runs:` at `field`), or nil when refused (each refusal reported).
    static func readRuns(
        _ node: Node, _ field: String, _ r: ScenarioReader, color: (Node, String) -> UserScene.Bound?
    ) -> [UserScene.RunSpec]? {
        guard let list = r.sequence(node, field) else { return nil }
        if list.isEmpty {
            r.report(node, field, "the list is empty; give at least one run, as [{text: \"Hello\"}], or use text:")
            return nil
        }
        if list.count > maximumRuns {
            r.report(node, field, "\(list.count) runs, over the limit of \(maximumRuns); join runs of the same look")
            return nil
        }
        var runs: [UserScene.RunSpec] = []
        var total = 0
        for (i, item) in list.enumerated() {
            let path = "\(field)[\(i)]"
            if case .scalar = item {
                r.report(item, path, "expected a run ({text: \"...\", weight: bold, ...}), got \(r.describe(item)); a run's text goes in text:")
                continue
            }
            guard let m = r.mapping(item, path, allowed: runKeys) else { continue }
            var run = UserScene.RunSpec(text: "")
            if let n = m["text"] {
                guard let v = r.text(n, "\(path).text", allowEmpty: true) else { continue }
                run.text = v
                total += v.unicodeScalars.count
            } else {
                r.report(item, "\(path).text", "missing; give the run's text")
            }
            if let n = m["weight"], let v = r.choice(n, "\(path).weight", FontWeight.allCases.map(\.rawValue)) {
                run.weight = FontWeight(rawValue: v)!
            }
            if let n = m["size"] { run.size = r.number(n, "\(path).size", range: UserScene.Property.size.range, unit: "points") }
            if let n = m["letterSpacing"] {
                run.letterSpacing = r.number(n, "\(path).letterSpacing", range: UserScene.Property.letterSpacing.range, unit: "points")
            }
            if let n = m["color"], let bound = color(n, "\(path).color") {
                // A run is not a layer: nothing orders it after the layer a view: driver would read.
                if case .keyframes(let k) = bound.binding, case .view = k.driver {
                    r.report(n, "\(path).color", "a run's color cannot follow a view (view: keyframes); drive it by offset, u, time or progress")
                } else {
                    run.color = bound
                }
            }
            let lines = UnderlineStyle.allCases.map(\.rawValue)
            if let n = m["underline"], let v = r.choice(n, "\(path).underline", lines) { run.underline = UnderlineStyle(rawValue: v)! }
            if let n = m["strikethrough"], let v = r.choice(n, "\(path).strikethrough", lines) { run.strikethrough = UnderlineStyle(rawValue: v)! }
            runs.append(run)
        }
        if total > maximumTextLength {
            r.report(
                node, field,
                "the runs' texts are \(total) characters (Unicode code points) together, over the limit of \(maximumTextLength) for a text; shorten them"
            )
            return nil
        }
        return runs
    }
}

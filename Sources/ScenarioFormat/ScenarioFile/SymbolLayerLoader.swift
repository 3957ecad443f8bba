import Raster
import Scene
import Yams

extension LayerReader {
    /// Reads a symbol layer's `symbol`, `weight` and `symbolScale` (`size` and `color` are bound
    /// with the other properties); an unknown name is a warning at its line and column.
    func readSymbol(_ m: [String: Node], node: Node, path: String, into spec: UserScene.LayerDraft) {
        let key = m["symbol"] != nil ? "symbol" : "name"
        if let n = m[key], let v = r.string(n, "\(path).\(key)") {
            spec.symbol.name = v
            if !SFSymbols.contains(v) {
                let error = SymbolError.unknownName(v, closest: SFSymbols.nearestNames(to: v))
                r.warnings.append(
                    ScenarioIssue(
                        file: r.file, line: n.mark?.line ?? 1, column: n.mark?.column ?? 1, field: "\(path).\(key)",
                        message: error.description))
            }
        } else if m[key] == nil {
            r.report(node, "\(path).symbol", "missing; give the SF Symbol's name (symbol: heart.fill), or name the layer after it")
        }
        if let n = m["weight"], let v = r.choice(n, "\(path).weight", SymbolWeight.allCases.map(\.rawValue)) {
            spec.symbol.weight = SymbolWeight(rawValue: v)!
        }
        if let n = m["symbolScale"], let v = r.choice(n, "\(path).symbolScale", SymbolScale.allCases.map(\.rawValue)) {
            spec.symbol.scale = SymbolScale(rawValue: v)!
        }
        spec.symbol.defaultColor = SystemColor.named("systemBlue", appearance: r.appearance) ?? spec.symbol.defaultColor
    }
}

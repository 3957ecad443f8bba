import Raster
import Yams

/// The scenario language's symbol layer (`type: symbol`): an SF Symbol drawn as a `UIImageView`
/// with `contentMode = .center` draws `UIImage(systemName:)`, centred in the layer's frame.
///
///     - {type: symbol, name: heart.fill, frame: [16, 60, 44, 44], size: 22, weight: semibold, color: systemRed}
///
/// `symbol:` names the symbol; without it the layer's `name` does (so `name: heart.fill` is both).
/// `size` is the point size (17, bindable), `weight` one of `SymbolWeight`, `symbolScale` small,
/// medium or large (`scale` is the layer's transform, as for every layer), `color` the tint
/// (bindable; systemBlue by default, a UIImageView's default tint). An unknown name is a warning
/// with the nearest names, and the layer draws nothing.
public struct SymbolLayerSpec: Sendable {
    public var name = ""
    public var weight = SymbolWeight.regular
    public var scale = SymbolScale.medium
    /// The tint when `color` is not given: systemBlue in the scenario's appearance.
    public var defaultColor = Color(0, 122, 255)
}

extension LayerReader {
    /// Reads a symbol layer's `symbol`, `weight` and `symbolScale` (`size` and `color` are bound
    /// with the other properties); an unknown name is a warning at its line and column.
    func readSymbol(_ m: [String: Node], node: Node, path: String, into spec: UserScene.LayerSpec) {
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

extension UserScene.LayerSpec {
    /// The symbol at `pointSize` in `color`, centred in a frame of `size` (points).
    func symbolContents(pointSize: Double, color: Color?, in size: Size) -> LayerContents {
        let symbol = SFSymbols.shapesOrEmpty(named: self.symbol.name, pointSize: pointSize, weight: self.symbol.weight, scale: self.symbol.scale)
            .symbol
        let origin = Point((size.width - symbol.size.width) / 2, (size.height - symbol.size.height) / 2)
        return .shapes(symbol.filled(color ?? self.symbol.defaultColor, at: origin))
    }
}

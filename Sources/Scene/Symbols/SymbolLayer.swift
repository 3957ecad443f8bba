import Raster

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

extension UserScene.LayerSpec {
    /// The symbol at `pointSize` in `color`, centred in a frame of `size` (points).
    func symbolContents(pointSize: Double, color: Color?, in size: Size) -> LayerContents {
        let symbol = SFSymbols.shapesOrEmpty(named: self.symbol.name, pointSize: pointSize, weight: self.symbol.weight, scale: self.symbol.scale)
            .symbol
        let origin = Point((size.width - symbol.size.width) / 2, (size.height - symbol.size.height) / 2)
        return .shapes(symbol.filled(color ?? self.symbol.defaultColor, at: origin))
    }
}

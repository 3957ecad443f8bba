import Raster

/// SF Symbols by name, drawn from Phosphor Icons (MIT licence; NOTICE): Apple's symbols cannot be
/// shipped, so each name in the table maps to the Phosphor icon closest in meaning and look
/// (scripts/make-symbols.py holds the table and writes the outlines). `UIImage(systemName:)` and
/// the scenario language's symbol layer both draw through here.
///
/// Metrics (our choice, documented in docs/layer-language.md, "Symbols"):
/// - Phosphor's 256-unit grid spans `gridFactor` (1.36) x point size x the scale's factor, so a
///   17 pt medium `heart` is 20.2 x 17.3 pt (our calibration to the size iOS gives a 17 pt
///   symbol image, about 20 pt wide; not measured against every symbol).
/// - The image is the glyph's ink bounds; the grid's middle sits at half the cap height of text of
///   the point size (SF Pro's cap height, 0.705 of the point size) above the baseline, so symbols
///   line up with text as SF Symbols do.
public enum SFSymbols {
    /// Points of Phosphor's grid per point of the symbol's point size (at the medium scale).
    public static let gridFactor = 1.36
    /// SF Pro's cap height per point of size: a symbol is centred on it.
    public static let capHeight = 0.705

    /// Every name the table draws, in the table's order (by kind: chevrons, hearts, ... arrows).
    public static var names: [String] { SymbolGlyphs.entries.names }

    /// Whether `name` is in the table.
    public static func contains(_ name: String) -> Bool { SymbolGlyphs.entries.byName[name] != nil }

    /// Up to `limit` names nearest to `name` by edit distance (ignoring case), nearest first,
    /// ties in table order; names further than about half the name's length are left out.
    public static func nearestNames(to name: String, limit: Int = 3) -> [String] {
        let lower = String(name.lowercased().prefix(64))
        guard !lower.isEmpty, limit > 0 else { return [] }
        var scored: [(distance: Int, index: Int, name: String)] = []
        for (i, candidate) in names.enumerated() {
            let d = Suggestion.editDistance(lower, candidate)
            if d <= max(2, candidate.count / 2), d < max(lower.count, 2) { scored.append((d, i, candidate)) }
        }
        scored.sort { ($0.distance, $0.index) < ($1.distance, $1.index) }
        return scored.prefix(limit).map(\.name)
    }

    /// The symbol `name` at `pointSize` (points), `weight` and `scale`, as `UIImage(systemName:)`
    /// with `UIImage.SymbolConfiguration(pointSize:weight:scale:)` gives it.
    /// Throws `SymbolError.unknownName` (with the nearest names) for a name not in the table.
    public static func shapes(
        named name: String, pointSize: Double = 17, weight: SymbolWeight = .regular, scale: SymbolScale = .medium
    ) throws -> SymbolShapes {
        guard let entry = SymbolGlyphs.entries.byName[name],
            let elements = SymbolGlyphs.outline(icon: entry.icon, weight: entry.filled ? "fill" : weight.phosphorWeight)
        else {
            throw SymbolError.unknownName(name, closest: nearestNames(to: name))
        }
        let size = sanitized(pointSize)
        let unit = unitSize(pointSize: size, scale: scale)
        // Flattened in points (the grid's units would flatten 1/unit times finer than needed).
        let inPoints = PathFill(Path(elements).applying(.scale(unit, unit)))
        let ink = inPoints.bounds
        let baselineY = 128 * unit + capHeight * size / 2
        return SymbolShapes(
            name: name, outline: .path(inPoints.applying(.translation(-ink.minX, -ink.minY))), size: ink.size,
            baselineOffsetFromBottom: ink.maxY - baselineY, pointSize: size, weight: weight, scale: scale)
    }

    /// As `shapes(named:...)`, but an unknown name gives an empty symbol (the size of a square one)
    /// and the error to print once, so the drawing goes on.
    public static func shapesOrEmpty(
        named name: String, pointSize: Double = 17, weight: SymbolWeight = .regular, scale: SymbolScale = .medium
    ) -> (symbol: SymbolShapes, error: SymbolError?) {
        do {
            return (try shapes(named: name, pointSize: pointSize, weight: weight, scale: scale), nil)
        } catch let error as SymbolError {
            let size = sanitized(pointSize)
            let unit = unitSize(pointSize: size, scale: scale)
            // Phosphor's square outline spans 32...224 of the grid (regular weight).
            let empty = SymbolShapes(
                name: name, outline: nil, size: Size(192 * unit, 192 * unit),
                baselineOffsetFromBottom: (224 - 128 - capHeight * size / 2 / unit) * unit, pointSize: size, weight: weight, scale: scale)
            return (empty, error)
        } catch {
            fatalError("SFSymbols.shapes throws SymbolError only")
        }
    }

    /// Points per grid unit.
    static func unitSize(pointSize: Double, scale: SymbolScale) -> Double { gridFactor * pointSize * scale.factor / 256 }

    /// A point size drawable in bounded time and memory: finite, 0...1000 points.
    static func sanitized(_ pointSize: Double) -> Double { pointSize.isFinite ? min(max(pointSize, 0), 1000) : 17 }
}

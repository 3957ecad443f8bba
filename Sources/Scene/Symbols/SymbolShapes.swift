import Raster

/// An SF Symbol drawn as UIKit draws `UIImage(systemName:withConfiguration:)`: its outline in points
/// with the image's size and where the text baseline falls, for one point size, weight and scale.
///
/// Coordinates are points, y down, with the origin at the image's top-left corner; the image is
/// the glyph's ink bounds (as a symbol image's size is its glyph's). An empty symbol (an unknown
/// name) has no outline and the size of a square symbol of its point size.
public struct SymbolShapes: Sendable, Equatable {
    /// The SF Symbol name asked for.
    public var name: String
    /// The filled outline (nonzero rule), nil for an empty symbol.
    public var outline: Shape?
    /// The image's size in points.
    public var size: Size
    /// Points from the image's bottom edge up to the baseline of text of the same point size
    /// (`UIImage.baselineOffsetFromBottom`): a symbol sits centred on the cap height, as SF
    /// Symbols do, so glyphs that reach below the baseline have a positive offset.
    public var baselineOffsetFromBottom: Double
    public var pointSize: Double
    public var weight: SymbolWeight
    public var scale: SymbolScale

    /// The outline with a colour, for `LayerContents.shapes`, placed at `origin` (points).
    public func filled(_ color: Color, at origin: Point = .zero) -> [(Shape, Color)] {
        guard let outline else { return [] }
        return [(outline.applying(Transform.translation(origin.x, origin.y)), color)]
    }

    /// The symbol as an image of `pixelsPerPoint` pixels a point (3 on a @3x screen), tinted with
    /// `color`; its size is the point size rounded up to whole pixels.
    public func image(color: Color, pixelsPerPoint: Double) -> Pixmap {
        let width = max(1, Int((size.width * pixelsPerPoint).rounded(.up)))
        let height = max(1, Int((size.height * pixelsPerPoint).rounded(.up)))
        var canvas = Canvas(pixmap: Pixmap(width: width, height: height))
        if let outline { canvas.fill(outline.applying(Transform.scale(pixelsPerPoint, pixelsPerPoint)), color: color) }
        return canvas.pixmap
    }
}

import Raster

/// The translucent material of every bar (navigation bar, tab bar, toolbar) and of a pinned plain
/// section header: what scrolls under it, blurred, under a mostly opaque tint of the background,
/// as UIBarAppearance's default background (systemChromeMaterial) looks. One definition, so a
/// navigation bar and a tab bar on one screen are the same material.
package enum BarMaterial {
    /// The blur's Gaussian sigma, in points.
    package static let blurRadius = 10.0
    /// The tint's opacity over the blur.
    static let tintAlpha = 0.8

    /// The tint over `background` (the appearance's systemBackground for bars).
    package static func tint(over background: Color) -> Color { background.withAlpha(multipliedBy: tintAlpha) }

    /// An unselected tab bar item: UIKit's long-standing gray (white 0.6, #999999), in both appearances.
    static let unselectedTint = Color(153, 153, 153)

    /// Gives `bar` the material and a shadow line along its top edge (named `<prefix>.hairline`).
    /// `background` replaces the tint (a clear one draws no blur either); `shadowLine` the
    /// hairline's color (a clear one draws no line).
    static func apply(to bar: Layer, palette: Palette, pixelScale: Double, namePrefix: String, background: Color? = nil, shadowLine: Color? = nil) {
        bar.zPosition = 3
        bar.backdropBlurRadius = background?.a == 0 ? 0 : blurRadius
        bar.backgroundColor = background ?? tint(over: palette.systemBackground)
        let hairline = Layer(name: "\(namePrefix).hairline", frame: Rect(x: 0, y: -1 / pixelScale, width: bar.bounds.width, height: 1 / pixelScale))
        hairline.backgroundColor = shadowLine ?? palette.hairline
        hairline.isHidden = shadowLine?.a == 0
        bar.addSublayer(hairline)
    }
}

import Raster

/// System chrome drawn over every scene, one part a file: `StatusBar.swift`, `BarButtons.swift`
/// (a navigation bar's floating buttons; the bar itself is drawn by `Screen`), `TouchIndicator.swift`,
/// `HomeIndicator.swift`, and `ScrollIndicator.swift`. Glyphs are vector shapes, so they are sharp at
/// any scale.
enum Chrome {}

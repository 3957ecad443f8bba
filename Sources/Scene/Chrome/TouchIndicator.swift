import Raster

/// The Simulator's "Show Touches" (`showTouches: true` in a scenario): a 40 pt translucent grey
/// disc with a light rim where a finger touches, visible on white content and on photos alike.
struct TouchIndicator: ChromePart, Sendable {
    var isShown = false

    static let keys = ["showTouches"]
    static let expansion = ChromeExpansion.withSettings

    static func read(_ scenario: ScenarioKeys, _ r: any ScenarioReading, into screen: inout Screen) {
        if let node = scenario["showTouches"], let v = r.bool(node, "showTouches") { screen.showTouches = v }
    }

    static func draw(_ screen: Screen, _ frame: ChromeFrame, into layers: inout ChromeLayers) {
        if screen.showTouches, let touch = frame.state?.touch { layers.screen.append(layer(at: touch)) }
    }

    static func layer(at point: Point) -> Layer {
        let d = 40.0
        let layer = Layer(name: "touch", frame: Rect(x: point.x - d / 2, y: point.y - d / 2, width: d, height: d))
        layer.zPosition = 10
        layer.backgroundColor = Color(60, 60, 67, alpha: 0.35)
        layer.cornerRadius = d / 2
        layer.borderWidth = 2
        layer.borderColor = Color(255, 255, 255, alpha: 0.7)
        return layer
    }
}

extension Layer {
    /// The touch indicator's disc at `point` (a UIKit screen's run draws it over its views).
    package static func touchIndicator(at point: Point) -> Layer { TouchIndicator.layer(at: point) }
}

extension Screen {
    /// Draw a translucent dot where a finger touches, as the Simulator's "Show Touches" does.
    public var showTouches: Bool {
        get { chrome[TouchIndicator.self]?.isShown ?? false }
        set { chrome[TouchIndicator.self] = TouchIndicator(isShown: newValue) }
    }
}

import Raster

extension Chrome {
    /// The Simulator's touch dot: a 40 pt translucent grey disc with a light rim, visible on white
    /// content and on photos alike.
    static func touchIndicator(at point: Point) -> Layer {
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

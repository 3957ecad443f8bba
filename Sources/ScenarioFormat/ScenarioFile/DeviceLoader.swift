import Raster
import Scene
import Yams

/// `device`, `orientation`, `fps` and `scale`, and the screen's own settings (`appearance`; the
/// touch and scroll indicators' keys are their parts', `Chrome/`).
extension ScenarioLoader {
    /// The device (oriented), the frame rate and the pixel scale the scenario asks for.
    static func readDevice(_ top: [String: Node], _ r: ScenarioReader) -> (Device, fps: Double, scale: Double) {
        // Read first (and checked where the screen reads it): system color names resolve in it.
        if let v = top["appearance"]?.string, let a = Appearance(rawValue: v) { r.appearance = a }
        var device = Device.named(Device.defaultID)!
        if let node = top["device"], let id = r.string(node, "device") {
            if let d = Device.named(id) {
                device = d
            } else {
                var message =
                    "expected a device id (render-frames presets lists them: \(Device.all.map(\.id).joined(separator: ", "))), got \"\(id)\""
                if let suggestion = Device.suggestion(for: id) ?? ScenarioReader.closest(to: id, in: Device.all.map(\.id)) {
                    message += "; did you mean \"\(suggestion)\"?"
                }
                r.report(node, "device", message)
            }
        }
        if let node = top["orientation"], let v = r.choice(node, "orientation", Device.Orientation.allCases.map(\.rawValue)) {
            device = device.oriented(Device.Orientation(rawValue: v)!)
        }
        var fps = 60.0
        if let node = top["fps"], let v = r.number(node, "fps", range: RenderLimits.fps, unit: "frames per second") { fps = v }
        var scale = device.scale
        if let node = top["scale"], let v = r.number(node, "scale", range: RenderLimits.scale, unit: "pixels per point") { scale = v }
        return (device, fps, scale)
    }

    /// What the screen shows besides its parts: its appearance.
    static func readScreenSettings(_ top: [String: Node], _ r: ScenarioReader, _ screen: inout Screen) {
        if let node = top["appearance"], let v = r.choice(node, "appearance", Appearance.allCases.map(\.rawValue)) {
            screen.appearance = Appearance(rawValue: v)!
        }
    }
}

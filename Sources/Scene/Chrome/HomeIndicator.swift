import Raster

/// The home indicator of Face ID phones and iPads: 134x5 on a phone in portrait, 209 pt long
/// in landscape, 315 on an iPad; 8 pt above the bottom edge. No scenario key: drawn on every
/// device that has one.
enum HomeIndicator: ChromePart {
    static func draw(_ screen: Screen, _ frame: ChromeFrame, into layers: inout ChromeLayers) {
        guard screen.device.hasHomeIndicator else { return }
        let indicator = layer(device: screen.device, color: screen.palette.homeIndicator)
        indicator.zPosition = 4
        layers.screen.append(indicator)
    }

    static func layer(device: Device, color: Color) -> Layer {
        let w = device.idiom == .pad ? 315.0 : device.orientation == .landscape ? 209 : 134, h = 5.0
        let layer = Layer(
            name: "homeIndicator",
            frame: Rect(x: (device.size.width - w) / 2, y: device.size.height - 8 - h, width: w, height: h))
        layer.backgroundColor = color
        layer.cornerRadius = h / 2
        return layer
    }
}

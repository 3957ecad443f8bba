import Raster

extension Chrome {
    /// The status bar: time on the left (centred on classic phones), signal, Wi-Fi and battery.
    static func statusBar(device: Device, color: Color) -> Layer {
        let w = device.size.width, h = device.statusBarHeight
        let bar = Layer(name: "statusBar", frame: Rect(x: 0, y: 0, width: w, height: h))
        let classic = h <= 20
        let midY = classic ? 10 : (h * 0.56).rounded()
        let time = Layer(name: "statusBar.time", frame: classic
            ? Rect(x: w / 2 - 40, y: midY - 10, width: 80, height: 20)
            : Rect(x: 0, y: midY - 11, width: w * 0.33, height: 22))
        time.contents = .text(TextContent("9:41", weight: .semibold, pointSize: classic ? 12 : 17, color: color,
                                          alignment: .center, letterSpacing: classic ? 0 : -0.4))
        bar.addSublayer(time)

        // Right cluster, laid out from the right edge.
        let k = classic ? 0.75 : 1.0
        var x = w - (classic ? 6 : w * 0.33 / 2 - 38)
        var shapes: [(Shape, Color)] = []
        // Battery: 25x12 outline, nub, fill.
        let bw = 25 * k, bh = 12 * k
        x -= bw + 2 * k
        let battery = Rect(x: x, y: midY - bh / 2, width: bw, height: bh)
        shapes.append((.border(battery, radius: 3.5 * k, width: 1), color.withAlpha(multipliedBy: 0.4)))
        shapes.append((.roundedRect(battery.insetBy(dx: 2 * k, dy: 2 * k), radius: 2 * k), color))
        shapes.append((.roundedRect(Rect(x: battery.maxX + 1, y: midY - 2 * k, width: 1.5 * k, height: 4 * k), radius: 0.75 * k),
                       color.withAlpha(multipliedBy: 0.4)))
        // Wi-Fi: three arcs and a wedge tip, opening upward, centred on one point.
        let wifiW = 17 * k
        x -= wifiW + 5 * k
        let centre = Point(x + wifiW / 2, midY + 5.5 * k)
        for (i, radius) in [2.6, 6.4, 10.2].enumerated() {
            let band = i == 0 ? 5.2 * k : 2.3 * k
            let r = i == 0 ? band / 2 : radius * k
            shapes.append((.ringSector(center: centre, radius: r, width: band, from: -0.785, to: 0.785), color))
        }
        // Signal: four bars of rising height.
        let barW = 3 * k, gap = 1.5 * k
        x -= 4 * barW + 3 * gap + 5 * k
        for i in 0..<4 {
            let bhI = (4 + 2.3 * Double(i)) * k
            shapes.append((.roundedRect(Rect(x: x + Double(i) * (barW + gap), y: midY + 5.5 * k - bhI, width: barW, height: bhI),
                                        radius: 0.8 * k), color))
        }
        let glyphs = Layer(name: "statusBar.glyphs", frame: Rect(x: 0, y: 0, width: w, height: h))
        glyphs.contents = .shapes(shapes)
        bar.addSublayer(glyphs)
        return bar
    }
}

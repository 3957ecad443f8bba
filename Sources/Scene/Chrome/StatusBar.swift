import Raster

/// The status bar (`statusBar:` in a scenario): what it shows (`StatusBarItems`) and its text's
/// color, drawn over everything but the touches.
enum StatusBar: ChromePart {
    static let keys = ["statusBar"]
    /// The preset's color is written out (`PresetExpansion`).
    static let expansion = ChromeExpansion.byThePreset
    static let mappingKeys = ["content", "color", "time", "carrier", "battery", "charging", "wifi", "signal", "version", "date"]

    static func read(_ scenario: ScenarioKeys, _ r: any ScenarioReading, into screen: inout Screen) {
        guard let node = scenario["statusBar"], let m = r.mapping(node, "statusBar", allowed: mappingKeys) else { return }
        if let n = m["content"], let v = r.choice(n, "statusBar.content", Screen.StatusBarContent.allCases.map(\.rawValue)) {
            screen.statusBarContent = Screen.StatusBarContent(rawValue: v)
        }
        if m["content"] != nil, let n = m["color"] {
            r.report(n, "statusBar.color", "give content (light or dark) or color, not both; keep one")
        }
        if let n = m["time"], let v = r.string(n, "statusBar.time", maximumLength: 12, fits: "a status bar's time fits 12 (such as 9:41 or 21:09)") {
            screen.statusBarItems.time = v
        }
        if let n = m["carrier"], let v = r.string(n, "statusBar.carrier", allowEmpty: true, maximumLength: 24, fits: "a carrier's name fits 24") {
            screen.statusBarItems.carrier = v
        }
        if let n = m["battery"], let v = r.number(n, "statusBar.battery", range: 0...100, unit: "%") { screen.statusBarItems.battery = v / 100 }
        if let n = m["charging"], let v = r.bool(n, "statusBar.charging") { screen.statusBarItems.charging = v }
        if let n = m["wifi"], let v = r.bool(n, "statusBar.wifi") { screen.statusBarItems.wifi = v }
        // iOS 13's look, as its Simulator records it: no signal bars (17 and 18 draw them).
        if let n = m["version"], let v = r.choice(n, "statusBar.version", ["13", "17", "18"]) { screen.statusBarItems.signal = v != "13" }
        if let n = m["signal"], let v = r.bool(n, "statusBar.signal") { screen.statusBarItems.signal = v }
        if let n = m["date"],
            let v = r.string(
                n, "statusBar.date", allowEmpty: true, maximumLength: 24,
                fits: "an iPad's status-bar date fits 24 (such as Mon Jun 10)")
        {
            screen.statusBarItems.date = v
        }
    }

    /// In the label color, white over floating buttons; `statusBar.content` or a scene's
    /// `statusBar.color` (a preset's) says otherwise.
    static func draw(_ screen: Screen, _ frame: ChromeFrame, into layers: inout ChromeLayers) {
        var color = screen.navigationStyle == .floating ? .white : screen.palette.label
        if let content = screen.statusBarContent { color = content == .light ? .white : .black }
        if let sceneColor = frame.sceneStatusBarColor { color = sceneColor }
        if let status = Chrome.statusBar(device: screen.device, color: color, items: screen.statusBarItems, typography: frame.typography) {
            status.zPosition = 4
            layers.screen.append(status)
        }
    }
}

extension Screen {
    /// The status bar's text and glyphs: UIStatusBarStyle's light or dark content; nil follows the screen.
    public enum StatusBarContent: String, Sendable, CaseIterable { case light, dark }

    public var statusBarContent: StatusBarContent? {
        get { chrome[StatusBarContent.self] }
        set { chrome[StatusBarContent.self] = newValue }
    }

    /// What the status bar shows: time, carrier, battery, charging, Wi-Fi.
    public var statusBarItems: StatusBarItems {
        get { chrome[StatusBarItems.self] ?? StatusBarItems() }
        set { chrome[StatusBarItems.self] = newValue }
    }
}

/// What the status bar shows (`statusBar:` in a scenario): the time, the carrier on classic
/// phones, the battery's level and charging, and whether Wi-Fi is on.
public struct StatusBarItems: Sendable, Equatable {
    /// The time text, "9:41" as in Apple's marketing images and the Simulator.
    public var time = "9:41"
    /// The carrier's name: shown on classic 20 pt bars, after the signal bars (iOS shows none
    /// beside a notch or Dynamic Island). Empty: none.
    public var carrier = "Carrier"
    /// Battery level, 0...1.
    public var battery = 1.0
    /// Charging: the level green with a bolt over it.
    public var charging = false
    /// The Wi-Fi glyph, shown when on.
    public var wifi = true
    /// The cellular signal bars, shown when on (iOS 13's Simulator shows none: `version: 13`).
    public var signal = true
    /// The date an iPad shows after the time. Empty: none.
    public var date = "Mon Jun 10"

    public init() {}
}

extension Chrome {
    /// The status bar. On the 44-68 pt bars of Face ID phones: the time centred in the left ear,
    /// signal, Wi-Fi and battery in the right. On the 20 pt bars of classic phones, as iOS lays
    /// them out there: signal, carrier and Wi-Fi on the left, the time centred, the battery right.
    /// On an iPad's 24 pt bar: the time and date on the left, Wi-Fi and battery on the right.
    /// Nil where iOS hides it (an iPhone in landscape).
    static func statusBar(device: Device, color: Color, items: StatusBarItems = StatusBarItems(), typography: Typography) -> Layer? {
        let w = device.size.width, h = device.statusBarHeight
        guard h > 0 else { return nil }
        let bar = Layer(name: "statusBar", frame: Rect(x: 0, y: 0, width: w, height: h))
        let pad = device.idiom == .pad
        let classic = h <= 20 && !pad
        let midY = classic ? 10 : pad ? 12 : (h * 0.56).rounded()
        let k = classic || pad ? 0.75 : 1.0
        var glyphs = StatusBarGlyphs(midY: midY, k: k, color: color, items: items)
        let signalWidth = glyphs.signalWidth, wifiWidth = glyphs.wifiWidth

        let time = Layer(
            name: "statusBar.time",
            frame: classic
                ? Rect(x: w / 2 - 50, y: midY - 10, width: 100, height: 20)
                : pad
                    ? Rect(x: 20, y: midY - 10, width: 60, height: 20)
                    : Rect(x: 0, y: midY - 11, width: w * 0.33, height: 22))
        let timeText = TextContent(
            items.time, weight: .semibold, pointSize: classic || pad ? 12 : 17, color: color,
            alignment: pad ? .left : .center, letterSpacing: classic || pad ? 0 : -0.4, typography: typography)
        time.contents = .text(timeText)
        bar.addSublayer(time)
        if pad {
            // The time's own width, then the date after a space.
            let timeWidth = min(60, timeText.layout().width.rounded(.up))
            time.bounds.size.width = timeWidth
            time.position.x = 20 + timeWidth / 2
            if !items.date.isEmpty {
                let date = Layer(name: "statusBar.date", frame: Rect(x: 20 + timeWidth + 5, y: midY - 10, width: 140, height: 20))
                date.contents = .text(TextContent(items.date, weight: .semibold, pointSize: 12, color: color, typography: typography))
                bar.addSublayer(date)
            }
        }

        if pad {
            var x = w - 20
            x -= glyphs.battery(endingAt: x)
            if items.wifi {
                x -= wifiWidth + 5
                glyphs.wifi(at: x)
            }
        } else if classic {
            var x = 6.0
            if items.signal {
                glyphs.signal(at: x)
                x += signalWidth + 4
            }
            if !items.carrier.isEmpty {
                let font = BundledFonts.shared.font(.regular)
                let width = min(w / 2 - 60 - x, font.layout(items.carrier, pointSize: 12, letterSpacing: 0).width.rounded(.up) + 1)
                let carrier = Layer(name: "statusBar.carrier", frame: Rect(x: x, y: midY - 10, width: max(0, width), height: 20))
                carrier.contents = .text(TextContent(items.carrier, weight: .regular, pointSize: 12, color: color, typography: typography))
                bar.addSublayer(carrier)
                x += max(0, width) + 4
            }
            if items.wifi { glyphs.wifi(at: x) }
            _ = glyphs.battery(endingAt: w - 5)
        } else {
            var x = w - (w * 0.33 / 2 - 38)
            x -= glyphs.battery(endingAt: x)
            if items.wifi {
                x -= wifiWidth + 5 * k
                glyphs.wifi(at: x)
            }
            if items.signal {
                x -= signalWidth + 5 * k
                glyphs.signal(at: x)
            }
        }
        let glyphLayer = Layer(name: "statusBar.glyphs", frame: Rect(x: 0, y: 0, width: w, height: h))
        glyphLayer.contents = .shapes(glyphs.shapes)
        bar.addSublayer(glyphLayer)
        return bar
    }
}

/// The status bar's glyphs (signal bars, Wi-Fi, battery) as shapes in `color`, centred on `midY`,
/// at `k` times the Face ID bars' size.
private struct StatusBarGlyphs {
    let midY: Double
    let k: Double
    let color: Color
    let items: StatusBarItems
    var shapes: [(Shape, Color)] = []

    var barW: Double { 3 * k }
    var barGap: Double { 1.5 * k }
    var signalWidth: Double { 4 * barW + 3 * barGap }
    var wifiWidth: Double { 16.4 * k }

    /// Four bars of rising height from x, `signalWidth` wide.
    mutating func signal(at x: Double) {
        for i in 0..<4 {
            let bhI = (4 + 2.3 * Double(i)) * k
            shapes.append(
                (
                    .roundedRect(
                        Rect(x: x + Double(i) * (barW + barGap), y: midY + 5.5 * k - bhI, width: barW, height: bhI),
                        radius: 0.8 * k), color
                ))
        }
    }
    /// Wi-Fi from x: a wedge and two arcs, opening upward, with clear gaps between the three
    /// bands (SF Symbols' wifi), `wifiWidth` wide.
    mutating func wifi(at x: Double) {
        let centre = Point(x + wifiWidth / 2, midY + 5.5 * k)
        for (inner, outer) in [(0.0, 3.8), (5.4, 7.6), (9.2, 11.6)] {
            shapes.append(
                (
                    .ringSector(
                        center: centre, radius: (inner + outer) / 2 * k, width: (outer - inner) * k,
                        from: -0.785, to: 0.785), color
                ))
        }
    }
    /// The battery ending at x: outline, nub, the level (green when charging, red at 20 % or
    /// less), a bolt when charging. Returns its width.
    mutating func battery(endingAt x: Double) -> Double {
        let bw = 25 * k, bh = 12 * k
        let outline = Rect(x: x - bw - 2 * k, y: midY - bh / 2, width: bw, height: bh)
        shapes.append((.border(outline, radius: 3.5 * k, width: 1), color.withAlpha(multipliedBy: 0.4)))
        shapes.append(
            (
                .roundedRect(Rect(x: outline.maxX + 1, y: midY - 2 * k, width: 1.5 * k, height: 4 * k), radius: 0.75 * k),
                color.withAlpha(multipliedBy: 0.4)
            ))
        let level = min(1, max(0, items.battery))
        let inner = outline.insetBy(dx: 2 * k, dy: 2 * k)
        if level > 0 {
            let fill = items.charging ? Color(52, 199, 89) : level <= 0.2 ? Color(255, 59, 48) : color
            shapes.append(
                (
                    .roundedRect(
                        Rect(x: inner.minX, y: inner.minY, width: max(inner.height / 2, inner.width * level), height: inner.height),
                        radius: 2 * k), fill
                ))
        }
        if items.charging {
            // A bolt: three strokes, down-left, across, down-left.
            let c = Point(outline.midX, outline.midY), s = 3.2 * k
            let bolt = color == .white ? Color.white : Color.black
            shapes.append((.capsule(from: Point(c.x + 0.4 * s, c.y - s), to: Point(c.x - 0.5 * s, c.y + 0.15 * s), width: 1.4 * k), bolt))
            shapes.append((.capsule(from: Point(c.x - 0.5 * s, c.y + 0.15 * s), to: Point(c.x + 0.5 * s, c.y - 0.15 * s), width: 1.4 * k), bolt))
            shapes.append((.capsule(from: Point(c.x + 0.5 * s, c.y - 0.15 * s), to: Point(c.x - 0.4 * s, c.y + s), width: 1.4 * k), bolt))
        }
        return bw + 2 * k
    }
}

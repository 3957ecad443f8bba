import Foundation
import Raster
import ScenarioFormat
import Scene

/// `render-frames explain`: a scene at one moment as JSON: the scroll state, every var, every
/// layer of the scenario's own with its resolved properties and where it lands on screen, and
/// every named layer on screen (chrome and presets included), in drawing order.
public enum Explanation {
    public enum Moment {
        case frame(Int)
        /// UIKit's contentOffset.y, as the expressions' `offset`: time 0, velocity 0, idle.
        case offset(Double)
    }

    public static func json(_ scenario: Scenario, at moment: Moment) -> String {
        let screen = scenario.screen
        let m: UserScene.Moment
        var frame: Int?
        var resolved: [UserScene.ResolvedLayer] = []
        let root: Layer
        switch moment {
        case .frame(let i):
            // The frame's whole tree, as it renders: the scroll indicator and a touch included.
            frame = i
            let f = scenario.frame(i)
            m = scenario.moment(of: f)
            root = screen.layers(
                state: f.scroll, pixelScale: scenario.scale,
                measured: f.measured, time: f.time, velocity: f.velocity, record: { resolved.append($0) })
        case .offset(let o):
            m = screen.sceneMoment(u: o + screen.insetTop)
            root = screen.layers(u: m.u, pixelScale: scenario.scale, record: { resolved.append($0) })
        }
        let placed = placements(root, screen: screen.device.size)

        var out: [String: Any] = [
            "scenario": scenario.file,
            "time": round4(m.time),
            "scroll": [
                "offset": round4(m.offset), "u": round4(m.u), "velocity": round4(m.velocity), "phase": m.phase.rawValue,
                "contentHeight": round4(screen.contentHeight), "adjustedInsetTop": round4(screen.insetTop),
                "adjustedInsetBottom": round4(screen.insetBottom),
            ] as [String: Any],
        ]
        out["frame"] = frame ?? NSNull()
        if !scenario.warnings.isEmpty { out["warnings"] = scenario.warnings.map(\.warningDescription) }
        if let scene = screen.scene {
            let env = scene.environment(m, screen.sceneMetrics(pixelScale: scenario.scale))
            var vars: [String: Any] = [:]
            for name in scene.scope.names {
                guard let entry = scene.scope[name] else { continue }
                vars[name] = entry.kind == .number ? round4(env.numbers[entry.slot]) as Any : env.colors[entry.slot].hex as Any
            }
            out["vars"] = vars
            out["bindings"] = Dictionary(uniqueKeysWithValues: scene.vars.map { ($0.name, $0.bound.binding.summary) })
        }
        out["layers"] = resolved.map { r -> [String: Any] in
            var entry: [String: Any] = ["path": r.path, "type": r.kind.rawValue, "in": r.placement.rawValue]
            if !r.name.isEmpty { entry["name"] = r.name }
            if let i = r.instance { entry["instance"] = i }
            var values: [String: Any] = [:]
            for (k, v) in r.values {
                switch v {
                case .number(let n): values[k] = n
                case .color(let c): values[k] = c
                }
            }
            entry["properties"] = values
            let layer = r.layer
            entry["frame"] = [layer.frame.minX, layer.frame.minY, layer.frame.width, layer.frame.height].map(round4)
            entry["anchor"] = [layer.anchorPoint.x, layer.anchorPoint.y].map(round4)
            let t = layer.transform
            entry["transform"] = ["scaleX": round4(t.a), "scaleY": round4(t.d), "translateX": round4(t.tx), "translateY": round4(t.ty)]
            if let p = placed[ObjectIdentifier(layer)] {
                entry["onScreen"] = ["frame": p.frame, "z": p.z, "opacity": p.opacity] as [String: Any]
            } else {
                entry["onScreen"] = NSNull()
            }
            if case .text(let text)? = layer.contents { entry["text"] = set(text, in: layer.bounds) }
            return entry
        }
        out["onScreen"] = LayerRenderer.placements(of: root, screen: screen.device.size).map { p -> [String: Any] in
            ["name": p.name, "frame": p.frame, "z": p.z, "opacity": p.opacity]
        }
        let data = try! JSONSerialization.data(withJSONObject: finite(out), options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self)
    }

    /// A text as it is set in `bounds`: the size (after Dynamic Type), the letter spacing it gets,
    /// the fonts its glyphs come from (fallbacks included), and its first lines as drawn.
    static func set(_ text: TextContent, in bounds: Rect) -> [String: Any] {
        let paragraph = text.paragraph(width: bounds.width, height: bounds.height)
        var fonts: [String] = []
        for line in paragraph.lines {
            for f in Set(line.glyphs.map(\.font)).sorted() {
                guard let font = line.fonts.loadedFont(Int(f)) else { continue }
                let name = "\(font.familyName) \(font.styleName)"
                if !fonts.contains(name) { fonts.append(name) }
            }
        }
        let shownLines = 20
        var out: [String: Any] = [
            "pointSize": round4(text.pointSize), "weight": text.weight.rawValue, "textSize": text.typography.textSize.rawValue,
            "letterSpacing": round4(text.effectiveLetterSpacing), "fonts": fonts,
            "lineCount": paragraph.lines.count, "truncated": paragraph.truncated, "rightToLeft": paragraph.isRightToLeft,
            "height": round4(paragraph.height),
            "lines": paragraph.lines.prefix(shownLines).map(\.text.shownInMessages),
        ]
        if paragraph.lines.count > shownLines { out["linesNotShown"] = paragraph.lines.count - shownLines }
        return out
    }

    /// Every layer that draws (named or not), by identity: its rectangle on screen, its place in
    /// drawing order among them, its effective opacity. A layer hidden, transparent or clipped
    /// away is absent.
    static func placements(_ root: Layer, screen: Size) -> [ObjectIdentifier: Placed] {
        var out: [ObjectIdentifier: Placed] = [:]
        var z = 0
        func visit(_ layer: Layer, _ parent: Transform, _ opacity: Double, _ clip: Rect) {
            guard !layer.isHidden, layer.opacity > 0 else { return }
            let t = layer.transformToSuperlayer.concatenating(parent)
            let rect = t.apply(layer.bounds)
            let effective = opacity * layer.opacity
            if !rect.intersection(clip).isEmpty {
                out[ObjectIdentifier(layer)] = Placed(
                    frame: [rect.minX, rect.minY, rect.width, rect.height].map(round4),
                    z: z, opacity: round4(effective))
                z += 1
            }
            let childClip = layer.masksToBounds ? clip.intersection(rect) : clip
            if layer.masksToBounds && childClip.isEmpty { return }
            for sub in layer.sublayersInDrawingOrder { visit(sub, t, effective, childClip) }
        }
        visit(root, .identity, 1, Rect(origin: .zero, size: screen))
        return out
    }

    struct Placed { var frame: [Double]; var z: Int; var opacity: Double }

    static func round4(_ v: Double) -> Double { (v * 10000).rounded() / 10000 }

    /// JSON has no NaN or infinity: such a value (a formula outside the frames checked at load,
    /// at an offset of --offset) is written as the string "NaN", "Infinity" or "-Infinity".
    static func finite(_ value: Any) -> Any {
        if let d = value as? Double {
            if d.isNaN { return "NaN" }
            if d.isInfinite { return d > 0 ? "Infinity" : "-Infinity" }
            return d
        }
        if let a = value as? [Any] { return a.map { finite($0) } }
        if let m = value as? [String: Any] { return m.mapValues { finite($0) } }
        return value
    }
}

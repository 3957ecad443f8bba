import Foundation
internal import Raster
internal import Scene

/// The navigation bar's part of an animated push or pop, on the frame clock with the slide: the
/// bar of the stack before and the bar of the stack after, drawn together.
///
/// In a push (a pop plays it backwards): the old title moves toward where the new back button's
/// title sits and fades out while that back title comes from the old title's place and fades in;
/// the new title comes in from half the width to the right, fading in; an old back button's title
/// leaves a third of the width to the left, fading; the chevron stays when both bars have one;
/// bar button items cross-fade where they are; a large title (and the search field under it)
/// moves with its controller's view (the pushed one from the right edge, the one beneath by a
/// third, fading out); backgrounds that differ cross-fade. Apple publishes none of these figures:
/// they are assumed (docs/uikit-animation.md).
struct NavigationBarTransition {
    /// The controllers of the stack before the push or pop, bottom to top.
    let from: [UIViewController]
    /// Where the old top's scroll view was (the bar's `u`) when the transition began.
    let fromU: Double
    let push: Bool
    var begin: Double
    var duration: Double
    /// An interactive pop: the progress the finger holds it at (nil: on the clock).
    var held: Double?
    /// The progress the clock runs from and to: 0 to 1, or for an interactive pop let go, from
    /// where the finger left it to 1 (it completes) or back to 0 (it is cancelled).
    var fromProgress = 0.0, toProgress = 1.0

    /// The slide's eased progress at `time` (0 at the start, 1 at the end), nil once it ended.
    func progress(at time: Double) -> Double? {
        if let held { return held }
        guard duration > 0, time < begin + duration - 1e-9 else { return nil }
        return fromProgress + (toProgress - fromProgress) * CubicCurve.easeInOut.value(at: max(0, time - begin) / duration)
    }

    /// The two bars drawn as one at push progress `s` (0: only `under`, the bar before a push;
    /// 1: only `over`, the bar after it), `width` the bar's width.
    static func compose(under: Layer, over: Layer, s: Double, width w: Double) -> Layer {
        let bar = Layer(name: "navigationBar", frame: Rect(x: 0, y: 0, width: w, height: max(under.bounds.height, over.bounds.height)))
        bar.zPosition = 3
        let underBackground = background(of: under), overBackground = background(of: over)
        if sameLook(underBackground, overBackground) {
            bar.addSublayer(overBackground)
        } else {
            underBackground.opacity *= 1 - s
            overBackground.opacity *= s
            bar.addSublayer(underBackground)
            bar.addSublayer(overBackground)
        }
        let underBack = under.sublayers.first { $0.name == "navigationBar.back" }
        let overBack = over.sublayers.first { $0.name == "navigationBar.back" }
        let overBackTitle = overBack.flatMap(backTitleCenter)
        for layer in under.sublayers where !backgroundNames.contains(layer.name) {
            switch layer.name {
            case "navigationBar.title":
                // Toward the new back button's title (a third of the width left without one).
                layer.position.x += ((overBackTitle ?? w / 6) - w / 2) * s
                layer.opacity *= 1 - s
            case "navigationBar.back":
                if overBack != nil {
                    // The chevron stays (the new bar's); the old back title leaves to the left.
                    let label = layer.sublayers.first { $0.name == "navigationBar.back.title" }
                    guard let label else { continue }
                    label.position.x += layer.frame.minX - w / 3 * s
                    label.opacity *= 1 - s
                    label.name = "navigationBar.back.title.leaving"
                    bar.addSublayer(label)
                    continue
                }
                layer.opacity *= 1 - s
            case "navigationBar.largeTitleArea", "searchBar":
                layer.position.x -= w / 3 * s
                layer.opacity *= 1 - s
            default:
                layer.opacity *= 1 - s
            }
            bar.addSublayer(layer)
        }
        for layer in over.sublayers where !backgroundNames.contains(layer.name) {
            switch layer.name {
            case "navigationBar.title":
                layer.position.x += w / 2 * (1 - s)
                layer.opacity *= s
            case "navigationBar.back":
                for part in layer.sublayers {
                    if part.name == "navigationBar.back.title" {
                        // From the old title's place (the middle of the bar).
                        if let center = backTitleCenter(layer) { part.position.x += (w / 2 - center) * (1 - s) }
                        part.opacity *= s
                    } else if underBack == nil {
                        part.opacity *= s
                    }
                }
            case "navigationBar.largeTitleArea", "searchBar":
                layer.position.x += w * (1 - s)
            default:
                layer.opacity *= s
            }
            bar.addSublayer(layer)
        }
        return bar
    }

    /// The layers of a bar that draw its background.
    private static let backgroundNames: Set<String> = ["navigationBar.background", "navigationBar.backgroundImage", "navigationBar.hairline"]

    /// The bar's background (its color and material, background image, hairline) as one layer.
    private static func background(of bar: Layer) -> Layer {
        let background = Layer(name: "navigationBar.transitionBackground", frame: Rect(origin: .zero, size: bar.bounds.size))
        background.backgroundColor = bar.backgroundColor
        background.backdropBlurRadius = bar.backdropBlurRadius
        background.opacity = bar.opacity
        for layer in bar.sublayers where backgroundNames.contains(layer.name) { background.addSublayer(layer) }
        return background
    }

    /// Whether two backgrounds draw alike (then one is drawn, not two half faded).
    private static func sameLook(_ a: Layer, _ b: Layer) -> Bool {
        func same(_ x: Layer, _ y: Layer) -> Bool {
            guard
                x.name == y.name, x.frame == y.frame, x.backgroundColor == y.backgroundColor, x.backdropBlurRadius == y.backdropBlurRadius,
                x.opacity == y.opacity, x.sublayers.count == y.sublayers.count, (x.contents == nil) == (y.contents == nil)
            else { return false }
            if x.contents != nil { return false }
            return zip(x.sublayers, y.sublayers).allSatisfy { same($0, $1) }
        }
        return same(a, b)
    }

    /// The middle of a back button's title in the bar, nil without one.
    private static func backTitleCenter(_ back: Layer) -> Double? {
        guard let label = back.sublayers.first(where: { $0.name == "navigationBar.back.title" }) else { return nil }
        return back.frame.minX + label.frame.midX
    }
}

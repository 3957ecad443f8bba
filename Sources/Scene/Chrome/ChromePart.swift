import Raster

/// A UIKit part drawn over (or in) the screen's scroll view: the status bar, the navigation bar,
/// the bottom bars, a segmented control, the indicators. One file a part (the navigation bar: its
/// folder), registered once in `ChromeParts.all`; the file says everything about its part:
///
/// - its scenario keys (`keys`) and how they are read (`read`, through `ScenarioReading`'s
///   `ScenarioValue` accessors: no part knows the YAML library);
/// - its settings, kept in `Screen.chrome` under their type and reached through a property of
///   `Screen` the part's file declares, with its defaults;
/// - its layout (extensions of `Screen` for what the scroll view learns from it: insets, the
///   pin line), how it draws (`draw`), and what it adds to a frame's `--layout` numbers.
///
/// The top-level keys of a scenario, the schema's keys for parts (a test) and `render-frames
/// expand`'s pass-through of them come from the registry.
protocol ChromePart {
    /// The scenario's top-level keys the part reads (none for a part always drawn as it is).
    static var keys: [String] { get }
    /// Where `render-frames expand` writes the part's keys.
    static var expansion: ChromeExpansion { get }
    /// Reads the part's keys (`scenario`) into `screen`, reporting problems to `r`. Called after
    /// the device, the preset and the content are read.
    static func read(_ scenario: ScenarioKeys, _ r: any ScenarioReading, into screen: inout Screen)
    /// Adds the part's layers for a frame.
    static func draw(_ screen: Screen, _ frame: ChromeFrame, into layers: inout ChromeLayers)
    /// What the part adds to a frame's `--layout` numbers.
    static func addMetrics(of screen: Screen, u: Double, to metrics: inout FrameMetrics)
}

extension ChromePart {
    static var keys: [String] { [] }
    static var expansion: ChromeExpansion { .asGiven }
    static func read(_ scenario: ScenarioKeys, _ r: any ScenarioReading, into screen: inout Screen) {}
    static func addMetrics(of screen: Screen, u: Double, to metrics: inout FrameMetrics) {}
}

/// Where `render-frames expand` writes a part's keys.
package enum ChromeExpansion {
    /// With the screen's settings (device, fps, appearance, background), as given.
    case withSettings
    /// After the navigation bar and status bar, as given.
    case asGiven
    /// Written by the preset expansion itself, which sets them (the navigation bar's style, the
    /// status bar's color).
    case byThePreset
}

/// What a part draws a frame from.
struct ChromeFrame {
    /// The scroll position (0 at rest) and UIKit's contentOffset.y there.
    var u: Double
    var contentOffset: Double
    /// Pixels per point of the output: hairlines are one pixel.
    var pixelScale: Double
    /// The frame's scroll state (touch, indicator opacity) and the self-sizing rows measured so
    /// far (nil: all); no state for `Screen.layers(u:)`, which draws neither indicator nor touches.
    var state: ScrollState?
    var measured: Range<Int>?
    /// The status bar's color a scene of one's own computes this frame (`statusBar.color` in a
    /// scene), or nil.
    var sceneStatusBarColor: Color?
    /// The fonts and text size the text is set in.
    var typography: Typography
}

/// A frame's chrome layers, by where they go.
struct ChromeLayers {
    /// In the scroll view's content, over the rows and under a scene's content layers.
    var content: [Layer] = []
    /// On the screen, over the scroll view and the scene's screen layers, in registry order.
    var screen: [Layer] = []
    /// In the scroll view, over everything in it.
    var scrollView: [Layer] = []
}

/// The parts' settings on a screen, each kept under its type (`Screen.chrome`).
public struct ChromeSettings: Sendable {
    private var values: [ObjectIdentifier: any Sendable] = [:]
    public init() {}
    public subscript<Value: Sendable>(_ type: Value.Type) -> Value? {
        get { values[ObjectIdentifier(type)] as? Value }
        set { values[ObjectIdentifier(type)] = newValue }
    }
}

/// Shapes and buttons the parts share: glyphs are vector shapes, sharp at any scale.
package enum Chrome {}

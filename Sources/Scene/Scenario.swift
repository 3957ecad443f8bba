import Raster

/// A loaded, checked scenario: a screen, a timeline, and the output settings. Everything a frame
/// needs is here and immutable, so any worker can render any frame.
public struct Scenario: @unchecked Sendable {
    /// The scenario file's path as given.
    public var file: String
    public var fps: Double
    /// Output pixels per point (the device's scale unless the file or the command line overrides it).
    public var scale: Double
    public var screen: ProfileScreen
    public var timeline: any ScrollTimeline
    /// The header image blurred once at load (the tutorial's blurred copy), or nil.
    public var blurredHeaderImage: SceneImage?

    public init(file: String, fps: Double, scale: Double, screen: ProfileScreen, timeline: any ScrollTimeline) {
        self.file = file
        self.fps = fps
        self.scale = scale
        self.screen = screen
        self.timeline = timeline
        blurredHeaderImage = Scenario.blurredCopy(of: screen)
    }

    /// Frames cover `[0, duration)`: frame i is at t = i / fps. At least one frame.
    public var frameCount: Int { max(1, Int((timeline.duration * fps).rounded())) }

    public func time(ofFrame index: Int) -> Double { Double(index) / fps }

    public func state(ofFrame index: Int) -> ScrollState { timeline.state(at: time(ofFrame: index)) }

    /// UIKit's contentOffset.y for a state: the table's inset is the header height.
    public func contentOffsetY(_ state: ScrollState) -> Double { state.offset - screen.header.height }

    public var pixelWidth: Int { Int((screen.device.size.width * scale).rounded()) }
    public var pixelHeight: Int { Int((screen.device.size.height * scale).rounded()) }

    /// The layer tree of one frame.
    public func layers(ofFrame index: Int) -> Layer {
        screen.layers(state: state(ofFrame: index), pixelScale: scale, blurredImage: blurredHeaderImage)
    }

    static func blurredCopy(of screen: ProfileScreen) -> SceneImage? {
        guard screen.header.blur, screen.header.title != nil || screen.header.titleOffset != nil,
              let image = screen.header.image, screen.header.blurRadius > 0 else { return nil }
        // The blur radius is in points of the header at rest; the image is drawn aspect-fill there,
        // so one image point spans `fill` screen points.
        let bounds = Rect(x: 0, y: 0, width: screen.device.size.width, height: screen.header.height)
        let fill = ContentMode.aspectFill.rect(for: image.pointSize, in: bounds).width / image.pointSize.width
        let pixelsPerPoint = Double(image.pixmap.width) / image.pointSize.width
        let sigma = screen.header.blurRadius / fill * pixelsPerPoint
        let blurred = GaussianBlur.apply(image.pixmap, sigma: sigma)
        return SceneImage(pixmap: blurred, scale: pixelsPerPoint, id: image.id + 1_000_000)
    }
}

/// Renders frames of one scenario. One per worker (it owns a `LayerRenderer`).
public final class FrameRenderer {
    public let scenario: Scenario
    private let renderer = LayerRenderer()

    public init(scenario: Scenario) { self.scenario = scenario }

    public func render(frame index: Int) -> Pixmap {
        renderer.render(scenario.layers(ofFrame: index), width: scenario.pixelWidth, height: scenario.pixelHeight,
                        scale: scenario.scale)
    }
}

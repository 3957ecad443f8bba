import Foundation
import HeaderFormulas
import Raster
import Scene

/// The formulas drawn as layers: the photo in the content, a title over it, and a bar on the
/// screen that fades in. Each property is what the iOS code sets from the same formulas.
public struct StretchyHeaderScene: SceneProvider {
    public var formulas: StretchyHeaderFormulas
    public var photo: SceneImage?

    public init(formulas: StretchyHeaderFormulas = StretchyHeaderFormulas(), photo: SceneImage?) {
        self.formulas = formulas
        self.photo = photo
    }

    public func layers(at state: SceneState) -> SceneLayers {
        let o = CGFloat(state.offset)
        let width = CGFloat(state.screen.width)
        let frame = formulas.imageFrame(contentOffsetY: o, width: width)
        let image = Layer(
            name: "photo",
            frame: Rect(
                x: Double(frame.minX), y: Double(frame.minY),
                width: Double(frame.width), height: Double(frame.height)))
        image.backgroundColor = Color(29, 42, 58)
        image.masksToBounds = true
        image.zPosition = -1 // behind the rows, which draw over the part that lags behind them
        if let photo { image.contents = .image(photo, .aspectFill) }

        let title = Layer(name: "title", frame: Rect(x: 20, y: Double(frame.maxY) - 60, width: state.screen.width - 40, height: 40))
        title.contents = .text(TextContent("Falcon 9", weight: .bold, pointSize: 30, color: .white, typography: state.typography))
        title.opacity = Double(formulas.titleAlpha(contentOffsetY: o))
        image.addSublayer(title)

        let bar = Layer(name: "bar", frame: Rect(x: 0, y: 0, width: state.screen.width, height: Double(formulas.barBottom)))
        bar.backgroundColor = Color(29, 42, 58, alpha: 0.9) // dark, under the light status bar
        bar.backdropBlurRadius = 10
        bar.opacity = Double(formulas.barAlpha(contentOffsetY: o))
        let barTitle = Layer(
            name: "bar.title",
            frame: Rect(
                x: 60, y: state.statusBarHeight, width: state.screen.width - 120,
                height: state.navigationBarHeight))
        barTitle.contents = .text(
            TextContent(
                "Falcon 9", weight: .semibold, pointSize: 17, color: .white, alignment: .center,
                letterSpacing: -0.41, typography: state.typography))
        bar.addSublayer(barTitle)
        return SceneLayers(screen: [bar], content: [image])
    }
}

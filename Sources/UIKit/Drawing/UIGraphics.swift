import Foundation
internal import Raster
internal import Scene

/// The stack of current graphics contexts, one per thread as UIKit keeps it (a view's `draw(_:)`
/// on the main thread and an image renderer on another each see their own).
final class GraphicsStack {
    var contexts: [CGContext] = []
    /// The image contexts `UIGraphicsBeginImageContextWithOptions` made, with their scale and opacity.
    var imageContexts: [(context: CGContext, scale: Double, opaque: Bool)] = []

    private static let perThread = ThreadLocal<GraphicsStack>()

    /// The calling thread's stack (made on its first use).
    static var current: GraphicsStack {
        if let stack = perThread.value { return stack }
        let stack = GraphicsStack()
        perThread.value = stack
        return stack
    }
}

/// The context drawing goes to: the one a view's `draw(_:)` or an image renderer draws into.
/// https://developer.apple.com/documentation/uikit/1623918-uigraphicsgetcurrentcontext
public func UIGraphicsGetCurrentContext() -> CGContext? { GraphicsStack.current.contexts.last }
/// https://developer.apple.com/documentation/uikit/1623921-uigraphicspushcontext
public func UIGraphicsPushContext(_ context: CGContext) { GraphicsStack.current.contexts.append(context) }
/// https://developer.apple.com/documentation/uikit/1623903-uigraphicspopcontext
public func UIGraphicsPopContext() { _ = GraphicsStack.current.contexts.popLast() }

/// Fills `rect` with the current fill color in the current context.
/// https://developer.apple.com/documentation/uikit/1618185-uirectfill
public func UIRectFill(_ rect: CGRect) { UIGraphicsGetCurrentContext()?.fill(rect) }
/// https://developer.apple.com/documentation/uikit/1618153-uirectfillusingblendmode
public func UIRectFillUsingBlendMode(_ rect: CGRect, _ blendMode: CGBlendMode) {
    guard let c = UIGraphicsGetCurrentContext() else { return }
    c.saveGState(); c.setBlendMode(blendMode); c.fill(rect); c.restoreGState()
}
/// Strokes a 1-point frame inside `rect` with the current fill color.
/// https://developer.apple.com/documentation/uikit/1618162-uirectframe
public func UIRectFrame(_ rect: CGRect) {
    guard let c = UIGraphicsGetCurrentContext() else { return }
    let r = rect.standardized
    c.fill([
        CGRect(x: r.minX, y: r.minY, width: r.width, height: 1), CGRect(x: r.minX, y: r.maxY - 1, width: r.width, height: 1),
        CGRect(x: r.minX, y: r.minY + 1, width: 1, height: max(0, r.height - 2)),
        CGRect(x: r.maxX - 1, y: r.minY + 1, width: 1, height: max(0, r.height - 2)),
    ])
}

/// The main screen's scale (a scale of 0 means it): the device's.
func deviceScale() -> Double { ScreenEnvironment.device.scale }

/// A bitmap context of `size` points at `scale` (0: the screen's), made current; `opaque`: the
/// image has no alpha (what is not drawn is black).
/// https://developer.apple.com/documentation/uikit/1623912-uigraphicsbeginimagecontextwithoptions
public func UIGraphicsBeginImageContextWithOptions(_ size: CGSize, _ opaque: Bool, _ scale: CGFloat) {
    let s = scale > 0 ? Double(scale) : deviceScale()
    let context = CGContext(width: Int((Double(size.width) * s).rounded(.up)), height: Int((Double(size.height) * s).rounded(.up)), scale: s)
    GraphicsStack.current.imageContexts.append((context, s, opaque))
    UIGraphicsPushContext(context)
}
/// A bitmap context of `size` points at scale 1, not opaque.
/// https://developer.apple.com/documentation/uikit/1623922-uigraphicsbeginimagecontext
public func UIGraphicsBeginImageContext(_ size: CGSize) { UIGraphicsBeginImageContextWithOptions(size, false, 1) }
/// The image drawn so far in the current image context; nil when the current context is not one.
/// https://developer.apple.com/documentation/uikit/1623924-uigraphicsgetimagefromcurrentimag
public func UIGraphicsGetImageFromCurrentImageContext() -> UIImage? {
    let stack = GraphicsStack.current
    guard let current = stack.contexts.last, let entry = stack.imageContexts.last(where: { $0.context === current }) else { return nil }
    return UIImage(drawn: current, scale: entry.scale, opaque: entry.opaque)
}
/// Ends the current image context (made current by UIGraphicsBeginImageContext...).
/// https://developer.apple.com/documentation/uikit/1623915-uigraphicsendimagecontext
public func UIGraphicsEndImageContext() {
    let stack = GraphicsStack.current
    guard let current = stack.contexts.last, let i = stack.imageContexts.lastIndex(where: { $0.context === current }) else { return }
    stack.imageContexts.remove(at: i)
    UIGraphicsPopContext()
}

/// How an image renderer's bitmap is made: its scale (the screen's by default) and opacity.
/// https://developer.apple.com/documentation/uikit/uigraphicsimagerendererformat
open class UIGraphicsImageRendererFormat: NSObject {
    /// Pixels per point.
    open var scale: CGFloat
    /// True: the image has no alpha (what is not drawn is black).
    open var opaque = false
    public override init() {
        scale = CGFloat(deviceScale())
        super.init()
    }
    /// The screen's scale, not opaque.
    /// https://developer.apple.com/documentation/uikit/uigraphicsimagerendererformat/2877469-default
    open class func `default`() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }
    /// The format for the main screen: the default one.
    /// https://developer.apple.com/documentation/uikit/uigraphicsimagerendererformat/2930374-preferred
    open class func preferred() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }
    /// The bounds the renderer draws in.
    open internal(set) var bounds = CGRect.zero
}

/// What an image renderer's actions draw with: the Core Graphics context and shortcuts.
/// https://developer.apple.com/documentation/uikit/uigraphicsimagerenderercontext
open class UIGraphicsImageRendererContext: NSObject {
    /// https://developer.apple.com/documentation/uikit/uigraphicsrenderercontext/1778998-cgcontext
    public let cgContext: CGContext
    /// https://developer.apple.com/documentation/uikit/uigraphicsrenderercontext/1778997-format
    public let format: UIGraphicsImageRendererFormat
    init(cgContext: CGContext, format: UIGraphicsImageRendererFormat) { self.cgContext = cgContext; self.format = format }
    /// The image drawn so far.
    /// https://developer.apple.com/documentation/uikit/uigraphicsimagerenderercontext/1778986-currentimage
    open var currentImage: UIImage { UIImage(drawn: cgContext, scale: Double(format.scale), opaque: format.opaque) }
    /// https://developer.apple.com/documentation/uikit/uigraphicsrenderercontext/1778995-fill
    open func fill(_ rect: CGRect) { cgContext.fill(rect) }
    /// https://developer.apple.com/documentation/uikit/uigraphicsrenderercontext/1778991-fill
    open func fill(_ rect: CGRect, blendMode: CGBlendMode) {
        cgContext.saveGState(); cgContext.setBlendMode(blendMode); cgContext.fill(rect); cgContext.restoreGState()
    }
    /// A 1-point frame inside `rect` in the stroke color.
    /// https://developer.apple.com/documentation/uikit/uigraphicsrenderercontext/1778999-stroke
    open func stroke(_ rect: CGRect) { cgContext.stroke(rect.insetBy(dx: 0.5, dy: 0.5), width: 1) }
    /// https://developer.apple.com/documentation/uikit/uigraphicsrenderercontext/1778988-stroke
    open func stroke(_ rect: CGRect, blendMode: CGBlendMode) {
        cgContext.saveGState(); cgContext.setBlendMode(blendMode); stroke(rect); cgContext.restoreGState()
    }
    /// https://developer.apple.com/documentation/uikit/uigraphicsrenderercontext/1778990-clip
    open func clip(to rect: CGRect) { cgContext.clip(to: rect) }
}

/// Draws images: each `image(actions:)` call runs the actions in a fresh context of the
/// renderer's bounds (points, y down, at the format's scale) made current, and returns what they drew.
/// https://developer.apple.com/documentation/uikit/uigraphicsimagerenderer
open class UIGraphicsImageRenderer: NSObject {
    /// The renderer's format (its scale and opacity).
    public let format: UIGraphicsImageRendererFormat
    private let bounds: CGRect

    /// https://developer.apple.com/documentation/uikit/uigraphicsimagerenderer/1778987-init
    public convenience init(size: CGSize) { self.init(bounds: CGRect(origin: .zero, size: size), format: .default()) }
    /// https://developer.apple.com/documentation/uikit/uigraphicsimagerenderer/1778994-init
    public convenience init(size: CGSize, format: UIGraphicsImageRendererFormat) { self.init(bounds: CGRect(origin: .zero, size: size), format: format) }
    /// https://developer.apple.com/documentation/uikit/uigraphicsimagerenderer/1778993-init
    public convenience init(bounds: CGRect) { self.init(bounds: bounds, format: .default()) }
    /// A renderer whose user space has `bounds.origin` at the image's top-left corner.
    /// https://developer.apple.com/documentation/uikit/uigraphicsimagerenderer/1778989-init
    public init(bounds: CGRect, format: UIGraphicsImageRendererFormat) {
        self.bounds = bounds.standardized
        self.format = format
        format.bounds = self.bounds
        super.init()
    }

    /// The image the actions draw.
    /// https://developer.apple.com/documentation/uikit/uigraphicsimagerenderer/1778992-image
    open func image(actions: (UIGraphicsImageRendererContext) -> Void) -> UIImage {
        let context = run(actions)
        return UIImage(drawn: context.cgContext, scale: Double(format.scale), opaque: format.opaque)
    }

    /// The image the actions draw, encoded as PNG.
    /// https://developer.apple.com/documentation/uikit/uigraphicsimagerenderer/1778996-pngdata
    open func pngData(actions: (UIGraphicsImageRendererContext) -> Void) -> Data { image(actions: actions).pngData() ?? Data() }

    /// The image the actions draw, encoded as JPEG at `compressionQuality` (0...1).
    /// https://developer.apple.com/documentation/uikit/uigraphicsimagerenderer/1778985-jpegdata
    open func jpegData(withCompressionQuality compressionQuality: CGFloat, actions: (UIGraphicsImageRendererContext) -> Void) -> Data {
        image(actions: actions).jpegData(compressionQuality: compressionQuality) ?? Data()
    }

    private func run(_ actions: (UIGraphicsImageRendererContext) -> Void) -> UIGraphicsImageRendererContext {
        let s = Double(format.scale > 0 ? format.scale : CGFloat(deviceScale()))
        let cg = CGContext(
            width: Int((Double(bounds.width) * s).rounded(.up)), height: Int((Double(bounds.height) * s).rounded(.up)), scale: s)
        cg.translateBy(x: -bounds.minX, y: -bounds.minY)
        let context = UIGraphicsImageRendererContext(cgContext: cg, format: format)
        UIGraphicsPushContext(cg)
        defer { UIGraphicsPopContext() }
        actions(context)
        return context
    }
}

extension UIImage {
    /// What `context` drew, at `scale` pixels a point; `opaque`: over black, alpha dropped.
    convenience init(drawn context: CGContext, scale: Double, opaque: Bool) {
        var pixels = context.drawnPixels ?? Pixmap(width: context.width, height: context.height)
        if opaque {
            pixels.bytes.withUnsafeMutableBufferPointer { p in
                var i = 3
                while i < p.count { p[i] = 255; i += 4 }
            }
        }
        self.init(light: SceneImage(pixmap: pixels, scale: scale, id: AssetCatalog.nextID()))
    }

    /// The image's pixels (a symbol's are not pixels: nil).
    /// https://developer.apple.com/documentation/uikit/uiimage/1624147-cgimage
    public var cgImage: CGImage? { symbolName == nil ? CGImage(pixmap: light.pixmap) : nil }

    /// An image of `cgImage`'s pixels at scale 1.
    /// https://developer.apple.com/documentation/uikit/uiimage/1624090-init
    public convenience init(cgImage: CGImage) {
        self.init(light: SceneImage(pixmap: cgImage.pixmap, scale: 1, id: AssetCatalog.nextID()))
    }

    /// The image as PNG data (its pixels at its scale).
    /// https://developer.apple.com/documentation/uikit/uiimage/1624096-pngdata
    public func pngData() -> Data? {
        guard symbolName == nil else { return nil }
        return Data(PNGEncoder(options: .balanced).encode(light.pixmap))
    }

    /// The image as JPEG data at `compressionQuality` (0: most compressed, 1: best quality).
    /// https://developer.apple.com/documentation/uikit/uiimage/1624115-jpegdata
    public func jpegData(compressionQuality: CGFloat) -> Data? {
        guard symbolName == nil else { return nil }
        let quality = Int((min(max(Double(compressionQuality), 0), 1) * 100).rounded())
        return try? Data(JPEGEncoder.encode(light.pixmap, quality: max(1, quality)))
    }
}

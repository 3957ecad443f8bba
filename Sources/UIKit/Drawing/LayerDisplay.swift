import Foundation
internal import Raster
internal import Scene

/// What draws a layer's contents: `draw(_:in:)` is called by the layer's `display()`. A view is
/// its layer's delegate: its `draw(_:in:)` calls the view's `draw(_:)` with the context made current.
/// https://developer.apple.com/documentation/quartzcore/calayerdelegate
@preconcurrency @MainActor public protocol CALayerDelegate: AnyObject {
    /// https://developer.apple.com/documentation/quartzcore/calayerdelegate/2097307-draw
    func draw(_ layer: CALayer, in ctx: CGContext)
}

extension CALayerDelegate {
    public func draw(_ layer: CALayer, in ctx: CGContext) {}
}

extension UIView: CALayerDelegate {
    /// Makes `ctx` current with the view's traits and calls `draw(_:)` with the part to draw.
    public func draw(_ layer: CALayer, in ctx: CGContext) {
        UIGraphicsPushContext(ctx)
        let saved = UITraitCollection.current
        UITraitCollection.current = traitCollection
        defer {
            UITraitCollection.current = saved
            UIGraphicsPopContext()
        }
        draw(layer.drawingRect ?? bounds)
    }
}

/// A layer's backing store: the pixels `display()` drew, and the image the compositor draws of them.
final class BackingStore {
    let image: CGImage
    let scene: SceneImage
    init(_ pixels: Pixmap, scale: Double) {
        image = CGImage(pixmap: pixels)
        scene = SceneImage(pixmap: pixels, scale: scale, id: AssetCatalog.nextID())
    }
}

extension CALayer {
    /// What `display()` does: the bounds at `contentsScale` (a view's layer: the screen's scale)
    /// drawn by `draw(in:)`, kept as `contents`. A view whose draw(_:) is UIView's own keeps no
    /// backing store (its `contents` are left as they are).
    func drawBackingStore() {
        let dirty = dirtyRect
        displayDue = false
        dirtyRect = nil
        if owner != nil { contentsScale = CGFloat(ScreenRun.current?.settings.pixelScale ?? deviceScale()) }
        let scale = max(Double(contentsScale), 0.01)
        let w = Int((Double(bounds.width) * scale - 1e-9).rounded(.up)), h = Int((Double(bounds.height) * scale - 1e-9).rounded(.up))
        guard w > 0, h > 0, w * h <= 1 << 26 else {
            if backingStore != nil { contents = nil }
            return
        }
        // A part marked with setNeedsDisplay(_:) is drawn over the last drawing of the same size.
        let previous = dirty != nil && backingStore?.image === (contents as? CGImage) ? backingStore?.image.pixmap : nil
        let ctx = CGContext(width: w, height: h, scale: scale, previous: previous)
        ctx.translateBy(x: -bounds.minX, y: -bounds.minY)
        if previous != nil, let dirty {
            ctx.clip(to: dirty)
            ctx.clear(dirty)
        }
        drawingRect = previous != nil ? dirty : nil
        draw(in: ctx)
        drawingRect = nil
        if let pixels = ctx.drawnPixels {
            let store = BackingStore(pixels, scale: scale)
            backingStore = store
            contents = store.image
        } else if !ctx.baseViewDrawCalled {
            backingStore = nil
            contents = nil
        }
    }

    /// The `contents` image as the compositor draws it: filling the bounds (a view's by its contentMode).
    var contentsImage: LayerContents? {
        guard let image = contents as? CGImage else { return nil }
        let mode = MainActor.assumeIsolated { owner?.contentMode.drawn } ?? .scaleToFill
        if let store = backingStore, store.image === image { return .image(store.scene, mode) }
        let store = BackingStore(image.pixmap, scale: Double(contentsScale))
        backingStore = store
        return .image(store.scene, mode)
    }
}

import Foundation
internal import Raster
internal import Scene

/// Turns the view tree into layer values (`Scene.Layer`): what a worker thread draws while the
/// screen's code runs on. A view's name is its accessibilityIdentifier, else the storyboard outlet
/// that holds it (the manifest's layout lists those); colors resolve with each view's traits.
@MainActor struct Snapshot {
    let run: ScreenRun

    /// A label whose bounds animate keeps its text as it was laid out for its bounds (the model's,
    /// its final size: the text changes at once), placed in the drawn bounds as Core Animation
    /// places a layer's contents by its `contentMode` (`contentsGravity`): the scaling modes
    /// (a label's `.redraw` among them) stretch it to the bounds as they animate, the others
    /// put it unscaled at their edge or centre.
    static func textAtModelSize(_ out: Layer, model: CGSize, mode: UIView.ContentMode) {
        let w = Double(model.width), h = Double(model.height), b = out.bounds
        guard w > 0, h > 0, abs(w - b.width) > 1e-9 || abs(h - b.height) > 1e-9 else { return }
        let text = Layer(frame: Rect(x: 0, y: 0, width: w, height: h))
        text.contents = out.contents
        out.contents = nil
        var x = b.midX, y = b.midY
        var sx = 1.0, sy = 1.0
        switch mode {
        case .scaleToFill, .redraw: sx = b.width / w; sy = b.height / h
        case .scaleAspectFit: sx = min(b.width / w, b.height / h); sy = sx
        case .scaleAspectFill: sx = max(b.width / w, b.height / h); sy = sx
        case .center: break
        case .top: y = b.minY + h / 2
        case .bottom: y = b.maxY - h / 2
        case .left: x = b.minX + w / 2
        case .right: x = b.maxX - w / 2
        case .topLeft: (x, y) = (b.minX + w / 2, b.minY + h / 2)
        case .topRight: (x, y) = (b.maxX - w / 2, b.minY + h / 2)
        case .bottomLeft: (x, y) = (b.minX + w / 2, b.maxY - h / 2)
        case .bottomRight: (x, y) = (b.maxX - w / 2, b.maxY - h / 2)
        }
        text.position = Point(x, y)
        if sx != 1 || sy != 1 { text.transform = Transform(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0) }
        out.addSublayer(text)
    }

    func layer(of ca: CALayer) -> Layer {
        let view = ca.owner
        let traits = view?.traitCollection ?? run.traits
        let out = Layer(name: view?.accessibilityIdentifier ?? view?.interfaceBuilderOutletName ?? ca.name ?? "", frame: .zero)
        out.bounds = Rect(x: Double(ca.bounds.minX), y: Double(ca.bounds.minY), width: Double(ca.bounds.width), height: Double(ca.bounds.height))
        out.anchorPoint = Point(Double(ca.anchorPoint.x), Double(ca.anchorPoint.y))
        out.position = Point(Double(ca.position.x), Double(ca.position.y))
        if !CATransform3DIsIdentity(ca.transform) {
            if let lost = ca.transform.partNotDrawn {
                Diagnostics.once("transform \(ObjectIdentifier(ca))", "\(ca.describe): \(lost) is not drawn; the transform's affine part is")
            }
            let t = CATransform3DGetAffineTransform(ca.transform)
            out.transform = Transform(a: Double(t.a), b: Double(t.b), c: Double(t.c), d: Double(t.d), tx: Double(t.tx), ty: Double(t.ty))
        }
        if !CATransform3DIsIdentity(ca.sublayerTransform) {
            if let lost = ca.sublayerTransform.partNotDrawn {
                Diagnostics.once("sublayerTransform \(ObjectIdentifier(ca))", "\(ca.describe): the sublayerTransform's \(lost) is not drawn; its affine part is")
            }
            let t = CATransform3DGetAffineTransform(ca.sublayerTransform)
            out.sublayerTransform = Transform(a: Double(t.a), b: Double(t.b), c: Double(t.c), d: Double(t.d), tx: Double(t.tx), ty: Double(t.ty))
        }
        out.zPosition = Double(ca.zPosition)
        out.opacity = Double(min(max(ca.opacity, 0), 1))
        out.isHidden = ca.isHidden
        if let color = view?.backgroundColor {
            out.backgroundColor = color.color(traits)
        } else if let color = ca.backgroundColor {
            out.backgroundColor = color.color
        }
        out.cornerRadius = Double(ca.cornerRadius)
        out.borderWidth = Double(ca.borderWidth)
        out.borderColor = ca.borderColor?.color ?? .clear
        out.masksToBounds = ca.masksToBounds
        out.maskedCorners = RectCorners(rawValue: Int(ca.maskedCorners.rawValue))
        out.continuousCorners = ca.cornerCurve == .continuous
        if ca.shadowOpacity > 0, let shadow = ca.shadowColor {
            out.shadowColor = shadow.color
            out.shadowOpacity = Double(min(max(ca.shadowOpacity, 0), 1))
            // CALayer's radius is a blur radius, twice the Gaussian sigma the layer model takes.
            out.coreAnimationShadowRadius = Double(ca.shadowRadius)
            out.shadowOffset = Size(Double(ca.shadowOffset.width), Double(ca.shadowOffset.height))
            out.shadowPath = ca.shadowPath?.path
        }
        if !ca.animationTracks.isEmpty { ca.applyAnimations(to: out, traits: traits) }
        // Display is due before the frame is drawn (draw(_:) runs here, on the main actor, in frame order).
        if !ca.isHidden { ca.displayIfNeeded() }
        let own = view?.drawnContents(traits)
        out.contents = own ?? ca.contents(traits)
        if own != nil, let drawn = ca.contentsImage {
            // A label or image view subclass that draws too: its drawing over the class's own.
            let backing = Layer(frame: Rect(origin: .zero, size: out.bounds.size))
            backing.bounds = out.bounds
            backing.position = Point(out.bounds.midX, out.bounds.midY)
            backing.contents = drawn
            out.addSublayer(backing)
        }
        if let label = view as? UILabel, own != nil, !ca.animationTracks.isEmpty { Self.textAtModelSize(out, model: ca.bounds.size, mode: label.contentMode) }
        if !ca.coreAnimations.isEmpty { ca.applyCoreAnimations(to: out, traits: traits, drawsOwnContents: own != nil) }
        view?.decorate(out, traits)
        if let view, let look = view.sheetBackdrop {
            SheetBackdropLook.apply(look.amount(at: ScreenEnvironment.time), to: out, frame: view.convert(view.bounds, to: nil))
        }
        if let mask = ca.mask { out.mask = layer(of: mask) }
        for child in ca.children where !(child.isHidden && child.owner == nil) {
            out.addSublayer(layer(of: child))
        }
        if let scroll = view as? UIScrollView {
            for indicator in run.scrollIndicators(for: scroll) { out.addSublayer(indicator) }
        }
        if let transition = ca.viewTransition { return transition.draw(out, at: ScreenEnvironment.time) }
        return out
    }
}

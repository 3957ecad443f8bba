import Foundation
internal import Raster
internal import Scene

/// Which corners `cornerRadius` rounds.
/// https://developer.apple.com/documentation/quartzcore/cacornermask
public struct CACornerMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let layerMinXMinYCorner = CACornerMask(rawValue: 1)
    public static let layerMaxXMinYCorner = CACornerMask(rawValue: 2)
    public static let layerMinXMaxYCorner = CACornerMask(rawValue: 4)
    public static let layerMaxXMaxYCorner = CACornerMask(rawValue: 8)
}

/// An object that manages image-based content and allows you to perform animations on that
/// content: geometry (bounds, position, anchorPoint, transform), appearance (background, corners,
/// border, shadow, opacity) and sublayers, drawn back to front by zPosition.
/// https://developer.apple.com/documentation/quartzcore/calayer
@preconcurrency @MainActor open class CALayer: NSObject {
    /// https://developer.apple.com/documentation/quartzcore/calayer/1410915-bounds
    open var bounds = CGRect.zero {
        didSet {
            captureChange(.bounds, from: .rect(oldValue))
            if bounds != oldValue { implicitAction("bounds", from: oldValue) }
            guard bounds.size != oldValue.size else { return }
            if needsDisplayOnBoundsChange { setNeedsDisplay() }
            owner?.boundsSizeChanged(from: oldValue.size)
        }
    }
    /// Where the anchor point sits in the superlayer's coordinates.
    /// https://developer.apple.com/documentation/quartzcore/calayer/1410791-position
    open var position = CGPoint.zero {
        didSet {
            captureChange(.position, from: .point(oldValue))
            if position != oldValue { implicitAction("position", from: oldValue) }
        }
    }
    /// The transform's pivot in unit coordinates of the bounds; setting it keeps `position` (the
    /// frame moves), as Core Animation does.
    /// https://developer.apple.com/documentation/quartzcore/calayer/1410817-anchorpoint
    open var anchorPoint = CGPoint(x: 0.5, y: 0.5)
    /// https://developer.apple.com/documentation/quartzcore/calayer/1410836-transform
    open var transform = CATransform3DIdentity {
        didSet {
            captureChange(.transform, from: .transform(oldValue))
            if transform != oldValue { implicitAction("transform", from: oldValue) }
        }
    }
    /// Applied to the sublayers as they are drawn, about the anchor point; its affine part is drawn
    /// (a perspective or a turn out of the screen's plane is said once).
    /// https://developer.apple.com/documentation/quartzcore/calayer/1410888-sublayertransform
    open var sublayerTransform = CATransform3DIdentity
    /// https://developer.apple.com/documentation/quartzcore/calayer/1410884-zposition
    open var zPosition: CGFloat = 0
    /// https://developer.apple.com/documentation/quartzcore/calayer/1410933-opacity
    open var opacity: Float = 1 {
        didSet {
            captureChange(.opacity, from: .scalar(Double(oldValue)))
            if opacity != oldValue { implicitAction("opacity", from: oldValue) }
        }
    }
    open var isHidden = false
    open var masksToBounds = false
    /// https://developer.apple.com/documentation/quartzcore/calayer/1410966-backgroundcolor
    open var backgroundColor: CGColor? {
        didSet {
            captureChange(.backgroundColor, from: .color(.cg(oldValue)))
            if backgroundColor != oldValue { implicitAction("backgroundColor", from: oldValue ?? .clear) }
        }
    }
    open var cornerRadius: CGFloat = 0 {
        didSet {
            captureChange(.cornerRadius, from: .scalar(Double(oldValue)))
            if cornerRadius != oldValue { implicitAction("cornerRadius", from: oldValue) }
        }
    }
    /// https://developer.apple.com/documentation/quartzcore/calayer/3152596-cornercurve
    open var cornerCurve: CALayerCornerCurve = .circular
    /// https://developer.apple.com/documentation/quartzcore/calayer/2877488-maskedcorners
    open var maskedCorners: CACornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner]
    open var borderWidth: CGFloat = 0 { didSet { if borderWidth != oldValue { implicitAction("borderWidth", from: oldValue) } } }
    open var borderColor: CGColor? = CGColor.black { didSet { if borderColor != oldValue { implicitAction("borderColor", from: oldValue ?? .clear) } } }
    /// https://developer.apple.com/documentation/quartzcore/calayer/1410829-shadowcolor
    open var shadowColor: CGColor? = CGColor.black { didSet { if shadowColor != oldValue { implicitAction("shadowColor", from: oldValue ?? .clear) } } }
    open var shadowOpacity: Float = 0 { didSet { if shadowOpacity != oldValue { implicitAction("shadowOpacity", from: oldValue) } } }
    /// Core Animation's default, (0, -3): the shadow falls upward unless set.
    /// https://developer.apple.com/documentation/quartzcore/calayer/1410970-shadowoffset
    open var shadowOffset = CGSize(width: 0, height: -3) { didSet { if shadowOffset != oldValue { implicitAction("shadowOffset", from: oldValue) } } }
    open var shadowRadius: CGFloat = 3 { didSet { if shadowRadius != oldValue { implicitAction("shadowRadius", from: oldValue) } } }
    /// The shadow's shape, in the layer's coordinates, instead of the layer's drawing.
    /// https://developer.apple.com/documentation/quartzcore/calayer/1410771-shadowpath
    open var shadowPath: CGPath?
    open var name: String?
    /// Pixels per point of the layer's backing store (`display()`); a view's layer has the screen's.
    /// https://developer.apple.com/documentation/quartzcore/calayer/1410778-contentsscale
    open var contentsScale: CGFloat = 1
    /// What the layer shows between its background and its sublayers: a CGImage, drawn to fill the
    /// bounds; `display()` sets it to what `draw(in:)` drew.
    /// https://developer.apple.com/documentation/quartzcore/calayer/1410773-contents
    open var contents: Any?
    /// True: a change of the bounds' size calls `setNeedsDisplay()` (a view's `contentMode` `.redraw`).
    /// https://developer.apple.com/documentation/quartzcore/calayer/1410923-needsdisplayonboundschange
    open var needsDisplayOnBoundsChange = false
    /// Draws the layer's contents: `draw(_:in:)` is called by `display()` (a view is its layer's delegate).
    /// https://developer.apple.com/documentation/quartzcore/calayer/1410984-delegate
    open weak var delegate: CALayerDelegate?
    /// Display is due (`setNeedsDisplay()`), and for which part (nil: all of it).
    var displayDue = false
    var dirtyRect: CGRect?
    /// The pixels the last `display()` drew (nil: none, or `contents` was set from outside).
    var backingStore: BackingStore?
    /// The part `draw(in:)` is drawing, while it does (nil: all of the bounds).
    var drawingRect: CGRect?
    /// A layer whose alpha masks this one's drawing (its shadow, background, contents, sublayers and
    /// border): its frame is in this layer's coordinates; it is not a sublayer.
    /// https://developer.apple.com/documentation/quartzcore/calayer/1410861-mask
    open var mask: CALayer?

    /// https://developer.apple.com/documentation/quartzcore/calayer/1410802-sublayers
    open var sublayers: [CALayer]? {
        get { children.isEmpty ? nil : children }
        set {
            for layer in children { layer.superlayer = nil }
            children = []
            for layer in newValue ?? [] { addSublayer(layer) }
        }
    }
    private(set) var children: [CALayer] = []
    /// https://developer.apple.com/documentation/quartzcore/calayer/1410972-superlayer
    open private(set) weak var superlayer: CALayer?
    /// The view whose layer this is.
    weak var owner: UIView?
    /// The animations in flight on the frame clock (Animation/LayerAnimations.swift).
    var animationTracks: [AnimationTrack] = []
    /// The view's transition in flight (`UIView.transition(with:...)`, Animation/ViewTransitions.swift).
    var viewTransition: ViewTransition?
    /// Core Animation's animations on the layer, in the order added (Animation/CoreAnimationEvaluation.swift).
    var coreAnimations: [(key: String?, animation: CAAnimation)] = []
    /// The frame time the layer was made at: a standalone layer's changes animate from the next frame on.
    let createdAt = ScreenEnvironment.time
    /// The layer's timing: its time is (parent time − beginTime) × speed + timeOffset.
    /// https://developer.apple.com/documentation/quartzcore/camediatiming
    open var beginTime: CFTimeInterval = 0
    open var speed: Float = 1
    open var timeOffset: CFTimeInterval = 0

    public required override init() { super.init() }

    /// https://developer.apple.com/documentation/quartzcore/calayer/1410842-init
    public init(layer: Any) { super.init() }

    /// https://developer.apple.com/documentation/quartzcore/calayer/1410779-frame
    open var frame: CGRect {
        get {
            let origin = CGPoint(x: position.x - anchorPoint.x * bounds.width, y: position.y - anchorPoint.y * bounds.height)
            let plain = CGRect(origin: origin, size: bounds.size)
            guard !CATransform3DIsIdentity(transform) else { return plain }
            let pivot = CGPoint(x: position.x, y: position.y)
            let t = CGAffineTransform(translationX: -pivot.x, y: -pivot.y)
                .concatenating(CATransform3DGetAffineTransform(transform)).concatenating(CGAffineTransform(translationX: pivot.x, y: pivot.y))
            return plain.applying(t)
        }
        set {
            // As Core Animation: the size goes to the bounds, the origin to the position.
            if CATransform3DIsIdentity(transform) {
                bounds.size = newValue.size
                position = CGPoint(x: newValue.minX + anchorPoint.x * newValue.width, y: newValue.minY + anchorPoint.y * newValue.height)
            } else {
                position = CGPoint(x: newValue.minX + anchorPoint.x * newValue.width, y: newValue.minY + anchorPoint.y * newValue.height)
            }
        }
    }

    /// https://developer.apple.com/documentation/quartzcore/calayer/1410922-affinetransform
    open func affineTransform() -> CGAffineTransform { CATransform3DGetAffineTransform(transform) }
    /// https://developer.apple.com/documentation/quartzcore/calayer/1410876-setaffinetransform
    open func setAffineTransform(_ m: CGAffineTransform) { transform = CATransform3DMakeAffineTransform(m) }

    /// https://developer.apple.com/documentation/quartzcore/calayer/1410833-addsublayer
    open func addSublayer(_ layer: CALayer) { insertSublayer(layer, at: UInt32(children.count)) }

    /// https://developer.apple.com/documentation/quartzcore/calayer/1410944-insertsublayer
    open func insertSublayer(_ layer: CALayer, at idx: UInt32) {
        let before = layer.superlayer === self ? children.firstIndex(of: layer) : nil
        layer.removeFromSuperlayer()
        var index = min(Int(idx), children.count)
        if let before, before < index { index -= 1 }
        children.insert(layer, at: max(0, index))
        layer.superlayer = self
    }

    /// https://developer.apple.com/documentation/quartzcore/calayer/1410840-insertsublayer
    open func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
        guard let sibling, let i = children.firstIndex(of: sibling) else { return insertSublayer(layer, at: 0) }
        insertSublayer(layer, at: UInt32(i))
    }

    /// https://developer.apple.com/documentation/quartzcore/calayer/1410798-insertsublayer
    open func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
        guard let sibling, let i = children.firstIndex(of: sibling) else { return addSublayer(layer) }
        insertSublayer(layer, at: UInt32(i + 1))
    }

    /// https://developer.apple.com/documentation/quartzcore/calayer/1410820-replacesublayer
    open func replaceSublayer(_ oldLayer: CALayer, with newLayer: CALayer) {
        guard let i = children.firstIndex(of: oldLayer) else { return }
        oldLayer.removeFromSuperlayer()
        insertSublayer(newLayer, at: UInt32(i))
    }

    /// https://developer.apple.com/documentation/quartzcore/calayer/1410847-removefromsuperlayer
    open func removeFromSuperlayer() {
        guard let parent = superlayer else { return }
        parent.children.removeAll { $0 === self }
        superlayer = nil
    }

    open func setNeedsLayout() { owner?.setNeedsLayoutFromLayer() }
    open func layoutIfNeeded() {}
    open func layoutSublayers() {}

    /// Marks the layer's contents for drawing again: `display()` runs before the next frame is drawn.
    /// https://developer.apple.com/documentation/quartzcore/calayer/1410741-setneedsdisplay
    open func setNeedsDisplay() {
        displayDue = true
        dirtyRect = nil
    }
    /// Marks `r` (the layer's coordinates) for drawing again; `draw(in:)` is then clipped to the
    /// marked part and the rest of the drawing kept.
    /// https://developer.apple.com/documentation/quartzcore/calayer/1410800-setneedsdisplay
    open func setNeedsDisplay(_ r: CGRect) {
        if !displayDue {
            displayDue = true
            dirtyRect = r
        } else if let old = dirtyRect {
            dirtyRect = old.union(r)
        }
    }
    /// https://developer.apple.com/documentation/quartzcore/calayer/1410958-needsdisplay
    open func needsDisplay() -> Bool { displayDue }
    /// https://developer.apple.com/documentation/quartzcore/calayer/1410813-displayifneeded
    open func displayIfNeeded() { if displayDue { display() } }
    /// Draws the contents: a backing store of the bounds at `contentsScale` is made, `draw(in:)`
    /// draws into it, and it becomes `contents`.
    /// https://developer.apple.com/documentation/quartzcore/calayer/1410926-display
    open func display() { drawBackingStore() }
    /// Draws the layer's contents into `ctx` (user space: the layer's bounds, points, y down);
    /// by default its delegate's `draw(_:in:)`.
    /// https://developer.apple.com/documentation/quartzcore/calayer/1410757-draw
    open func draw(in ctx: CGContext) { delegate?.draw(self, in: ctx) }

    /// Maps a point from this layer's coordinates to `l`'s.
    open func convert(_ p: CGPoint, to l: CALayer?) -> CGPoint { p.applying(toRoot).applying((l?.toRoot ?? .identity).inverted()) }
    open func convert(_ p: CGPoint, from l: CALayer?) -> CGPoint { p.applying(l?.toRoot ?? .identity).applying(toRoot.inverted()) }
    open func convert(_ r: CGRect, to l: CALayer?) -> CGRect { r.applying(toRoot).applying((l?.toRoot ?? .identity).inverted()) }
    open func convert(_ r: CGRect, from l: CALayer?) -> CGRect { r.applying(l?.toRoot ?? .identity).applying(toRoot.inverted()) }

    /// This layer's coordinates to its superlayer's (the affine part of the transform).
    var toSuperlayer: CGAffineTransform {
        let ax = bounds.minX + anchorPoint.x * bounds.width, ay = bounds.minY + anchorPoint.y * bounds.height
        return CGAffineTransform(translationX: -ax, y: -ay).concatenating(CATransform3DGetAffineTransform(transform))
            .concatenating(CGAffineTransform(translationX: position.x, y: position.y))
    }

    /// This layer's coordinates to the root layer's.
    var toRoot: CGAffineTransform {
        var t = toSuperlayer
        var p = superlayer
        while let layer = p {
            t = t.concatenating(layer.toSuperlayer)
            p = layer.superlayer
        }
        return t
    }

    /// The layer's name in messages: its view's class and identifier, or its own class and name.
    var describe: String {
        if let owner { return MainActor.assumeIsolated { owner.describe } }
        return String(describing: type(of: self)) + (name.map { " \"\($0)\"" } ?? "")
    }

    /// What the layer draws between its background and its sublayers (a gradient, a shape, its
    /// `contents` image).
    func contents(_ traits: UITraitCollection) -> LayerContents? { contentsImage }
}

/// A layer that draws a color gradient over its background. Its colors are interpolated in
/// Generic RGB, as iOS draws them (measured: docs/parity.md), not in their sRGB components.
/// https://developer.apple.com/documentation/quartzcore/cagradientlayer
open class CAGradientLayer: CALayer {
    /// CGColor values, first at `startPoint`.
    open var colors: [Any]? { didSet { implicitAction("colors", from: oldValue) } }
    /// Stops in 0...1, one per color; nil spreads them evenly.
    open var locations: [NSNumber]? { didSet { implicitAction("locations", from: oldValue) } }
    /// In unit coordinates of the bounds; the defaults run top to bottom.
    open var startPoint = CGPoint(x: 0.5, y: 0)
    open var endPoint = CGPoint(x: 0.5, y: 1)

    public required init() { super.init() }

    override func contents(_ traits: UITraitCollection) -> LayerContents? {
        let list = (colors ?? []).compactMap { item -> Color? in
            if let c = item as? CGColor { return c.color }
            if let c = item as? UIColor { return c.color(traits) }
            return nil
        }
        guard list.count >= 2 else { return list.first.map { .shapes([(.rect(Rect(x: 0, y: 0, width: Double(bounds.width), height: Double(bounds.height))), $0)]) } }
        let stops = locations?.map { $0.doubleValue } ?? (0..<list.count).map { Double($0) / Double(list.count - 1) }
        return .gradient(
            LinearGradient(
                colors: list, locations: stops, start: Point(Double(startPoint.x), Double(startPoint.y)),
                end: Point(Double(endPoint.x), Double(endPoint.y)), space: .genericRGB))
    }
}

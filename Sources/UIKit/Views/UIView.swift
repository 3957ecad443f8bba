import Foundation
internal import Raster
internal import Scene

/// An object that manages the content for a rectangular area on the screen.
/// https://developer.apple.com/documentation/uikit/uiview
@preconcurrency @MainActor open class UIView: UIResponder, UITraitEnvironment {
    /// https://developer.apple.com/documentation/uikit/uiview/contentmode
    public enum ContentMode: Int, Sendable {
        case scaleToFill = 0, scaleAspectFit, scaleAspectFill, redraw, center, top, bottom, left, right
        case topLeft, topRight, bottomLeft, bottomRight

        var drawn: Raster.ContentMode {
            switch self {
            case .scaleToFill, .redraw: return .scaleToFill
            case .scaleAspectFit: return .aspectFit
            case .scaleAspectFill: return .aspectFill
            case .center: return .center
            case .top: return .top
            case .bottom: return .bottom
            case .left: return .left
            case .right: return .right
            case .topLeft: return .topLeft
            case .topRight: return .topRight
            case .bottomLeft: return .bottomLeft
            case .bottomRight: return .bottomRight
            }
        }
    }

    /// https://developer.apple.com/documentation/uikit/uiview/autoresizingmask
    public struct AutoresizingMask: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
        public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
        public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
        public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
        public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
        public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
    }

    /// https://developer.apple.com/documentation/uikit/uiview/animationoptions
    public struct AnimationOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let curveEaseInOut = AnimationOptions([])
        public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
        public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
        public static let curveLinear = AnimationOptions(rawValue: 3 << 16)
        public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
        public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
        public static let transitionCrossDissolve = AnimationOptions(rawValue: 5 << 20)
    }

    /// The class of the layer a view of this class makes.
    /// https://developer.apple.com/documentation/uikit/uiview/1622626-layerclass
    open class var layerClass: AnyClass { CALayer.self }

    /// https://developer.apple.com/documentation/uikit/uiview/1622436-layer
    public let layer: CALayer

    /// https://developer.apple.com/documentation/uikit/uiview/1622488-init
    public init(frame: CGRect) {
        layer = (type(of: self).layerClass as? CALayer.Type ?? CALayer.self).init()
        super.init()
        layer.owner = self
        layer.delegate = self
        layer.frame = frame
        // Drawn once on first display, as UIKit draws a view whose class overrides draw(_:).
        layer.displayDue = true
    }

    public convenience override init() { self.init(frame: .zero) }

    /// A view from a storyboard or XIB: UIView's own attributes (frame, autoresizing mask,
    /// colours, ...) read from the coder (InterfaceBuilder/); a subclass reads its own after.
    /// https://developer.apple.com/documentation/uikit/uiview/1622453-init
    public required init?(coder: NSCoder) {
        layer = (type(of: self).layerClass as? CALayer.Type ?? CALayer.self).init()
        super.init()
        layer.owner = self
        layer.delegate = self
        layer.displayDue = true
        if let ib = coder as? InterfaceBuilderCoder { ib.loading.decodeViewAttributes(self, ib.element) }
    }

    // MARK: Geometry

    /// https://developer.apple.com/documentation/uikit/uiview/1622621-frame
    open var frame: CGRect {
        get { layer.frame }
        set { layer.frame = newValue }
    }
    /// https://developer.apple.com/documentation/uikit/uiview/1622580-bounds
    open var bounds: CGRect {
        get { layer.bounds }
        set { layer.bounds = newValue }
    }
    /// https://developer.apple.com/documentation/uikit/uiview/1622627-center
    open var center: CGPoint {
        get { layer.position }
        set { layer.position = newValue }
    }
    /// https://developer.apple.com/documentation/uikit/uiview/1622459-transform
    open var transform: CGAffineTransform {
        get { CATransform3DGetAffineTransform(layer.transform) }
        set { layer.transform = CATransform3DMakeAffineTransform(newValue) }
    }
    /// https://developer.apple.com/documentation/uikit/uiview/3184172-transform3d
    open var transform3D: CATransform3D {
        get { layer.transform }
        set { layer.transform = newValue }
    }

    /// Called by the layer when its bounds' size changes: subviews autoresize, layout is due.
    func boundsSizeChanged(from old: CGSize) {
        setNeedsLayout()
        // A view held at its frame in a constraint tree: its rows move at the next layout pass.
        if autoLayout.translatesAutoresizingMaskIntoConstraints { LayoutEngine.changedSinceSolve = true }
        if autoresizesSubviews {
            // A view laid out by constraints keeps its frame until they are solved again.
            for view in subviews where view.autoLayout.translatesAutoresizingMaskIntoConstraints {
                view.autoresize(superviewFrom: old, to: bounds.size)
            }
        }
    }

    /// Resizes and moves the view by its autoresizing mask when the superview's size goes from
    /// `old` to `new`: on each axis the change is shared by the flexible parts (margins, size) in
    /// proportion to their sizes, as UIKit does.
    func autoresize(superviewFrom old: CGSize, to new: CGSize) {
        guard !autoresizingMask.isEmpty else { return }
        var f = frame
        func share(_ delta: CGFloat, _ lead: CGFloat, _ size: CGFloat, _ trail: CGFloat, _ flex: (Bool, Bool, Bool)) -> (CGFloat, CGFloat) {
            let parts = [flex.0 ? max(lead, 0) : 0, flex.1 ? max(size, 0) : 0, flex.2 ? max(trail, 0) : 0]
            let count = [flex.0, flex.1, flex.2].filter { $0 }.count
            guard count > 0 else { return (0, 0) }
            let total = parts.reduce(0, +)
            let weights = total > 0 ? parts.map { $0 / total } : [flex.0, flex.1, flex.2].map { $0 ? 1 / CGFloat(count) : 0 }
            return (delta * weights[0], delta * weights[1])
        }
        let m = autoresizingMask
        let (dx, dw) = share(
            new.width - old.width, f.minX, f.width, old.width - f.maxX,
            (m.contains(.flexibleLeftMargin), m.contains(.flexibleWidth), m.contains(.flexibleRightMargin)))
        let (dy, dh) = share(
            new.height - old.height, f.minY, f.height, old.height - f.maxY,
            (m.contains(.flexibleTopMargin), m.contains(.flexibleHeight), m.contains(.flexibleBottomMargin)))
        f.origin.x += dx; f.size.width += dw; f.origin.y += dy; f.size.height += dh
        frame = f
    }

    // MARK: Appearance

    /// Kept as the color it was set to, resolved with the view's traits when drawn.
    /// https://developer.apple.com/documentation/uikit/uiview/1622591-backgroundcolor
    open var backgroundColor: UIColor? {
        didSet {
            layer.captureChange(.backgroundColor, from: .color(.ui(oldValue)))
            AnimationCapture.withoutCapture { layer.backgroundColor = backgroundColor?.cgColor }
        }
    }
    /// https://developer.apple.com/documentation/uikit/uiview/1622417-alpha
    open var alpha: CGFloat {
        get { CGFloat(layer.opacity) }
        set { layer.opacity = Float(newValue) }
    }
    open var isHidden: Bool {
        get { layer.isHidden }
        set { layer.isHidden = newValue; (superview as? UIStackView)?.arrangedViewChanged(self) }
    }
    open var isOpaque = true
    /// A view whose alpha masks this view's drawing (its layer becomes the layer's `mask`); its
    /// frame is in this view's coordinates, and it is not a subview.
    /// https://developer.apple.com/documentation/uikit/uiview/1622557-mask
    open var mask: UIView? {
        didSet { layer.mask = mask?.layer }
    }
    open var clipsToBounds: Bool {
        get { layer.masksToBounds }
        set { layer.masksToBounds = newValue }
    }
    /// How the view's drawing fills its bounds when their size changes; `.redraw` calls
    /// `draw(_:)` again instead (the layer's `needsDisplayOnBoundsChange`).
    /// https://developer.apple.com/documentation/uikit/uiview/1622619-contentmode
    open var contentMode = ContentMode.scaleToFill {
        didSet { layer.needsDisplayOnBoundsChange = contentMode == .redraw }
    }
    open var autoresizingMask: AutoresizingMask = []
    open var autoresizesSubviews = true
    open var tag = 0
    open var accessibilityIdentifier: String?
    /// The first storyboard or XIB outlet that holds this view: its name in the layout manifest
    /// when it has no accessibilityIdentifier, so a storyboard screen is checked without editing it.
    var interfaceBuilderOutletName: String?
    open var accessibilityLabel: String?
    open var isAccessibilityElement = false
    open var isUserInteractionEnabled = true
    open var isMultipleTouchEnabled = false
    open var isExclusiveTouch = false
    open var semanticContentAttribute = UISemanticContentAttribute.unspecified

    private var ownTint: UIColor?
    /// The tint: the view's own, else its superview's, else systemBlue.
    /// https://developer.apple.com/documentation/uikit/uiview/1622467-tintcolor
    open var tintColor: UIColor! {
        get { ownTint ?? superview?.tintColor ?? window?.ownTintOrNil ?? UIColor.systemBlue }
        set {
            ownTint = newValue
            tintColorDidChange()
        }
    }
    var ownTintOrNil: UIColor? { ownTint }
    open func tintColorDidChange() {}

    /// https://developer.apple.com/documentation/uikit/uiview/3238086-overrideuserinterfacestyle
    open var overrideUserInterfaceStyle = UIUserInterfaceStyle.unspecified {
        didSet { traitOverridesChanged() }
    }
    /// The traits this view sets for itself and its subviews (iOS 17).
    /// https://developer.apple.com/documentation/uikit/uiview/traitoverrides
    open var traitOverrides: UITraitOverrides {
        get { traitState.overrides }
        set { traitState.overrides = newValue; traitOverridesChanged() }
    }
    /// What the view last reported of its traits, safe area and margins (Appearance/TraitChanges.swift).
    let traitState = TraitState()

    private func traitOverridesChanged() {
        TraitState.overridesChanged()
        setNeedsLayout()
    }

    /// The window's traits with the overrides of the view controllers and views above this view.
    /// https://developer.apple.com/documentation/uikit/uitraitenvironment/1623514-traitcollection
    open var traitCollection: UITraitCollection {
        resolvedTraits(inherited: superview?.traitCollection ?? ScreenRun.current?.traits ?? UITraitCollection.current)
    }

    /// The traits from the superview's (`inherited`) with the overrides of this view's view
    /// controller and its own.
    func resolvedTraits(inherited: UITraitCollection) -> UITraitCollection {
        var t = inherited
        if let vc = owningViewController { t = vc.applyingOverrides(to: t) }
        return applyingOwnOverrides(to: t)
    }

    func applyingOwnOverrides(to base: UITraitCollection) -> UITraitCollection {
        var t = base
        if let o = traitState.overrides.values { t = t.overridden(by: o) }
        if overrideUserInterfaceStyle != .unspecified { t = t.overridden(by: UITraitCollection(userInterfaceStyle: overrideUserInterfaceStyle)) }
        return t
    }

    /// Tells this view and what is below it (view controllers before their views) of traits that
    /// changed since each last heard, from the superview's traits `inherited`.
    func deliverTraits(inherited: UITraitCollection) {
        var t = inherited
        if let vc = owningViewController {
            t = vc.applyingOverrides(to: t)
            vc.traitState.deliver(t, to: vc) { vc.traitCollectionDidChange($0) }
        }
        t = applyingOwnOverrides(to: t)
        traitState.deliver(t, to: self) { traitCollectionDidChange($0) }
        for v in subviews { v.deliverTraits(inherited: t) }
    }

    /// https://developer.apple.com/documentation/uikit/uitraitenvironment/1623516-traitcollectiondidchange
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}

    // MARK: Hierarchy

    /// https://developer.apple.com/documentation/uikit/uiview/1622460-superview
    open private(set) weak var superview: UIView?
    /// Back to front.
    /// https://developer.apple.com/documentation/uikit/uiview/1622614-subviews
    open private(set) var subviews: [UIView] = []
    /// The view controller whose view this is.
    weak var owningViewController: UIViewController?
    /// Drawn pushed back behind a page sheet while this is set (a presenter's view; UIViewControllerPresentation.swift).
    var sheetBackdrop: SheetBackdropLook?

    /// The view controller whose root view this is, else the superview.
    /// https://developer.apple.com/documentation/uikit/uiresponder/1621099-next
    open override var next: UIResponder? { owningViewController ?? superview }

    // MARK: Hit-testing and gesture recognizers

    /// Whether `point` (in the view's coordinates) is inside it: its bounds.
    /// https://developer.apple.com/documentation/uikit/uiview/1622533-point
    open func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        point.x >= bounds.minX && point.x < bounds.maxX && point.y >= bounds.minY && point.y < bounds.maxY
    }

    /// The farthest descendant that contains `point` (in the view's coordinates): nil when the
    /// view is hidden, nearly transparent (alpha under 0.01), takes no interaction, or the point is
    /// outside it; else its subviews asked front to back, else the view itself.
    /// https://developer.apple.com/documentation/uikit/uiview/1622469-hittest
    open func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        guard isUserInteractionEnabled, !isHidden, Float(alpha) >= Float(0.01), self.point(inside: point, with: event) else { return nil }
        for child in subviews.reversed() {
            if let hit = child.hitTest(child.convert(point, from: self), with: event) { return hit }
        }
        return self
    }

    /// The recognizers attached to the view, in the order added (nil: none).
    /// https://developer.apple.com/documentation/uikit/uiview/1622542-gesturerecognizers
    open var gestureRecognizers: [UIGestureRecognizer]? {
        get { attachedRecognizers.isEmpty ? nil : attachedRecognizers }
        set {
            for g in attachedRecognizers where !(newValue ?? []).contains(where: { $0 === g }) { g.view = nil }
            attachedRecognizers = []
            for g in newValue ?? [] { addGestureRecognizer(g) }
        }
    }
    private var attachedRecognizers: [UIGestureRecognizer] = []

    /// Attaches `gestureRecognizer` (taking it from the view it was on).
    /// https://developer.apple.com/documentation/uikit/uiview/1622496-addgesturerecognizer
    open func addGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        if let old = gestureRecognizer.view, old !== self { old.removeGestureRecognizer(gestureRecognizer) }
        guard !attachedRecognizers.contains(where: { $0 === gestureRecognizer }) else { return }
        attachedRecognizers.append(gestureRecognizer)
        gestureRecognizer.view = self
    }

    /// https://developer.apple.com/documentation/uikit/uiview/1622551-removegesturerecognizer
    open func removeGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        guard let i = attachedRecognizers.firstIndex(where: { $0 === gestureRecognizer }) else { return }
        attachedRecognizers.remove(at: i)
        gestureRecognizer.view = nil
    }

    /// Whether a recognizer may leave its possible state for a touch in this view (true).
    /// https://developer.apple.com/documentation/uikit/uiview/1622524-gesturerecognizershouldbegin
    open func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }

    /// https://developer.apple.com/documentation/uikit/uiview/1622528-window
    open var window: UIWindow? {
        var v: UIView? = self
        while let view = v {
            if let w = view as? UIWindow { return w }
            v = view.superview
        }
        return nil
    }

    /// https://developer.apple.com/documentation/uikit/uiview/1622616-addsubview
    open func addSubview(_ view: UIView) { insertSubview(view, at: subviews.count) }

    /// https://developer.apple.com/documentation/uikit/uiview/1622538-insertsubview
    open func insertSubview(_ view: UIView, at index: Int) {
        guard view !== self else { return }
        let reparented = view.superview !== self
        let oldWindow = view.window
        let newWindow = window
        if view.superview !== self { view.willMove(toSuperview: self) }
        if oldWindow !== newWindow { view.notifyWillMove(toWindow: newWindow) }
        var i = index
        if view.superview === self, let old = subviews.firstIndex(of: view) {
            subviews.remove(at: old)
            if old < i { i -= 1 }
        } else {
            view.removeFromSuperviewQuietly()
            // Auto Layout: another tree's structure; the view's own engine (it was a root) goes.
            LayoutEngine.structureGeneration &+= 1
            view.autoLayout.engine = nil
            view.autoLayout.changedConstants.removeAll()
        }
        i = min(max(i, 0), subviews.count)
        subviews.insert(view, at: i)
        view.superview = self
        placeLayer(of: view)
        didAddSubview(view)
        view.didMoveToSuperview()
        if oldWindow !== newWindow { view.notifyDidMoveToWindow() }
        // In a window, a view takes the traits of where it now is (told if they differ).
        if reparented, newWindow != nil { view.deliverTraits(inherited: traitCollection) }
        setNeedsLayout()
    }

    /// Puts the subview's layer among this view's sublayers in the subview order: after the layer
    /// of the subview below it, or before the one above (other sublayers keep their places).
    private func placeLayer(of view: UIView) {
        guard let i = subviews.firstIndex(of: view) else { return }
        view.layer.removeFromSuperlayer()
        if i > 0 {
            layer.insertSublayer(view.layer, above: subviews[i - 1].layer)
        } else if subviews.count > 1 {
            layer.insertSublayer(view.layer, below: subviews[1].layer)
        } else {
            layer.addSublayer(view.layer)
        }
    }

    /// https://developer.apple.com/documentation/uikit/uiview/1622570-insertsubview
    open func insertSubview(_ view: UIView, aboveSubview siblingSubview: UIView) {
        guard let i = subviews.firstIndex(of: siblingSubview) else { return addSubview(view) }
        insertSubview(view, at: view.superview === self && (subviews.firstIndex(of: view) ?? 0) < i ? i + 1 : i + 1)
    }

    /// https://developer.apple.com/documentation/uikit/uiview/1622598-insertsubview
    open func insertSubview(_ view: UIView, belowSubview siblingSubview: UIView) {
        guard let i = subviews.firstIndex(of: siblingSubview) else { return addSubview(view) }
        insertSubview(view, at: i)
    }

    /// https://developer.apple.com/documentation/uikit/uiview/1622541-bringsubviewtofront
    open func bringSubviewToFront(_ view: UIView) {
        guard view.superview === self else { return }
        insertSubview(view, at: subviews.count)
    }

    /// https://developer.apple.com/documentation/uikit/uiview/1622618-sendsubviewtoback
    open func sendSubviewToBack(_ view: UIView) {
        guard view.superview === self else { return }
        insertSubview(view, at: 0)
    }

    /// https://developer.apple.com/documentation/uikit/uiview/1622448-exchangesubview
    open func exchangeSubview(at index1: Int, withSubviewAt index2: Int) {
        guard subviews.indices.contains(index1), subviews.indices.contains(index2), index1 != index2 else { return }
        subviews.swapAt(index1, index2)
        for v in subviews { placeLayer(of: v) }
    }

    /// https://developer.apple.com/documentation/uikit/uiview/1622421-removefromsuperview
    open func removeFromSuperview() {
        guard let parent = superview else { return }
        let oldWindow = window
        willMove(toSuperview: nil)
        if oldWindow != nil { notifyWillMove(toWindow: nil) }
        parent.willRemoveSubview(self)
        removeFromSuperviewQuietly()
        didMoveToSuperview()
        if oldWindow != nil { notifyDidMoveToWindow() }
        parent.setNeedsLayout()
    }

    private func removeFromSuperviewQuietly() {
        guard let parent = superview else { return }
        LayoutEngine.structureGeneration &+= 1
        parent.subviews.removeAll { $0 === self }
        layer.removeFromSuperlayer()
        superview = nil
    }

    private func notifyWillMove(toWindow w: UIWindow?) {
        willMove(toWindow: w)
        for v in subviews { v.notifyWillMove(toWindow: w) }
    }

    private func notifyDidMoveToWindow() {
        // Appearance proxies' values, as UIKit gives them to a view entering a window (UIAppearance.swift).
        if window != nil { AppearanceRegistry.apply(to: self) }
        didMoveToWindow()
        for v in subviews { v.notifyDidMoveToWindow() }
    }

    open func didAddSubview(_ subview: UIView) {}
    open func willRemoveSubview(_ subview: UIView) {}
    open func willMove(toSuperview newSuperview: UIView?) {}
    open func didMoveToSuperview() {}
    open func willMove(toWindow newWindow: UIWindow?) {}
    open func didMoveToWindow() {}

    /// https://developer.apple.com/documentation/uikit/uiview/1622434-isdescendant
    open func isDescendant(of view: UIView) -> Bool {
        var v: UIView? = self
        while let current = v {
            if current === view { return true }
            v = current.superview
        }
        return false
    }

    /// The view itself or the first descendant (depth first) with `tag`.
    /// https://developer.apple.com/documentation/uikit/uiview/1622429-viewwithtag
    open func viewWithTag(_ tag: Int) -> UIView? {
        if self.tag == tag { return self }
        for v in subviews { if let hit = v.viewWithTag(tag) { return hit } }
        return nil
    }

    // MARK: Layout

    var needsLayout = true

    /// https://developer.apple.com/documentation/uikit/uiview/1622601-setneedslayout
    open func setNeedsLayout() { needsLayout = true }
    func setNeedsLayoutFromLayer() { needsLayout = true }

    /// Lays out this view if it needs it, then its subviews (top down).
    /// https://developer.apple.com/documentation/uikit/uiview/1622507-layoutifneeded
    /// Constraints are solved first (for the whole view tree, as UIKit's engine is the window's),
    /// their frames set, then `layoutSubviews` runs where it is due; a constraint changed by a
    /// `layoutSubviews` or `viewDidLayoutSubviews` is solved before the subviews are laid out.
    /// Asked for while constraints are being solved (from an `intrinsicContentSize` or an
    /// `updateConstraints`), the pass is done once, after the solve, as UIKit tolerates it.
    open func layoutIfNeeded() {
        if LayoutEngine.solving {
            LayoutEngine.passAskedDuringSolve = true
            return
        }
        if TraitState.delivered != TraitState.generation, let w = window {
            TraitState.delivered = TraitState.generation
            w.deliverTraits(inherited: ScreenRun.current?.traits ?? UITraitCollection.current)
        }
        LayoutEngine.solve(treeOf: self)
        layOutSubtree(parentSafeArea: superview?.safeAreaInsets)
        LayoutEngine.layoutPassEnded(self)
    }

    /// Called as a layout pass reaches the view, before its `layoutSubviews` is due or not: a part
    /// that draws from state of its own marks itself here.
    func prepareForLayoutPass() {}

    /// True while the view's `layoutSubviews` (and its controller's calls around it) run: a
    /// `layoutIfNeeded()` from inside does not lay the view out again from within; its pass
    /// loop takes the new request once the current pass returns.
    private var inLayoutPass = false

    /// `parentSafeArea`: the superview's safe area (nil for a root), so that each view's is
    /// worked out from its parent's on the way down.
    func layOutSubtree(parentSafeArea: UIEdgeInsets?) {
        guard !inLayoutPass else { return }
        prepareForLayoutPass()
        let safeArea = reportInsetChanges(parentSafeArea: parentSafeArea)
        var passes = 0
        while needsLayout, passes < UIView.layoutPassLimit {
            needsLayout = false
            passes += 1
            let vc = owningViewController
            inLayoutPass = true
            vc?.viewWillLayoutSubviews()
            layoutSubviews()
            vc?.viewDidLayoutSubviews()
            inLayoutPass = false
            if LayoutEngine.changedSinceSolve { LayoutEngine.solve(treeOf: self) }
        }
        if needsLayout {
            Diagnostics.once(
                "feedback loop \(describe)",
                "Layout feedback loop: \(describe) asked for layout again in each of \(UIView.layoutPassLimit) passes in a row "
                    + "(its layoutSubviews or its view controller's viewDidLayoutSubviews calls setNeedsLayout); the loop is broken "
                    + "and the view keeps the last pass's layout (UIKit's UIViewLayoutFeedbackLoopDebuggingThreshold finds such loops)")
            needsLayout = false
        }
        for v in subviews { v.layOutSubtree(parentSafeArea: safeArea) }
    }

    /// How many times in a row a layout pass may lay a view out again before it is a loop.
    static let layoutPassLimit = 8

    /// Calls `safeAreaInsetsDidChange` and `layoutMarginsDidChange` (and the view controller's
    /// `viewSafeAreaInsetsDidChange` and `viewLayoutMarginsDidChange` after them) when the safe
    /// area or the effective margins differ from what the view last reported (a view starts
    /// with none), before the view is laid out. Returns the view's safe area.
    private func reportInsetChanges(parentSafeArea: UIEdgeInsets?) -> UIEdgeInsets {
        let safe = safeAreaInsets(parentInsets: parentSafeArea)
        let state = traitState
        if safe != state.safeArea {
            state.safeArea = safe
            safeAreaInsetsDidChange()
            owningViewController?.viewSafeAreaInsetsDidChange()
        }
        let margins = effectiveMargins(safeArea: safe)
        if margins != state.margins ?? UIView.defaultMargins {
            state.margins = margins
            layoutMarginsDidChange()
            owningViewController?.viewLayoutMarginsDidChange()
        }
        return safe
    }

    static let defaultMargins = UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8)

    /// https://developer.apple.com/documentation/uikit/uiview/1622482-layoutsubviews
    open func layoutSubviews() {}

    /// https://developer.apple.com/documentation/uikit/uiview/1622625-sizethatfits
    open func sizeThatFits(_ size: CGSize) -> CGSize { bounds.size }
    /// https://developer.apple.com/documentation/uikit/uiview/1622630-sizetofit
    open func sizeToFit() {
        let fitted = sizeThatFits(bounds.size)
        frame = CGRect(origin: frame.origin, size: fitted)
    }

    // MARK: Auto Layout (the rest is in Layout/UIView+AutoLayout.swift)

    let autoLayout = ViewLayoutState()

    /// Override it to change or add constraints; call super last. Called, subviews first, before
    /// a layout that follows `setNeedsUpdateConstraints()` (and before the first).
    /// https://developer.apple.com/documentation/uikit/uiview/1622512-updateconstraints
    open func updateConstraints() {}
    /// https://developer.apple.com/documentation/uikit/uiview/1622549-requiresconstraintbasedlayout
    open class var requiresConstraintBasedLayout: Bool { false }
    /// https://developer.apple.com/documentation/uikit/uiview/1622541-alignmentrectinsets
    open var alignmentRectInsets: UIEdgeInsets { .zero }
    /// https://developer.apple.com/documentation/uikit/uiview/1622598-forfirstbaselinelayout
    open var forFirstBaselineLayout: UIView { self }
    /// https://developer.apple.com/documentation/uikit/uiview/1622395-forlastbaselinelayout
    open var forLastBaselineLayout: UIView { self }
    /// The size nearest `targetSize` that the view's constraints allow, each axis held to the
    /// target at `.fittingSizeLevel` (so as small as the constraints let it be for
    /// `layoutFittingCompressedSize`).
    /// https://developer.apple.com/documentation/uikit/uiview/1622624-systemlayoutsizefitting
    open func systemLayoutSizeFitting(_ targetSize: CGSize) -> CGSize {
        systemLayoutSizeFitting(targetSize, withHorizontalFittingPriority: .fittingSizeLevel, verticalFittingPriority: .fittingSizeLevel)
    }
    /// https://developer.apple.com/documentation/uikit/uiview/1622623-systemlayoutsizefitting
    open func systemLayoutSizeFitting(
        _ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
        verticalFittingPriority: UILayoutPriority
    ) -> CGSize {
        LayoutEngine.fittingSize(of: self, target: targetSize, horizontal: horizontalFittingPriority, vertical: verticalFittingPriority)
    }

    /// https://developer.apple.com/documentation/uikit/uiview/1622600-intrinsiccontentsize
    open var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric) }
    nonisolated public static let noIntrinsicMetric: CGFloat = -1
    open func invalidateIntrinsicContentSize() {
        autoLayout.intrinsicGeneration &+= 1
        setNeedsLayout()
        LayoutEngine.treeChanged(self)
        (superview as? UIStackView)?.arrangedViewChanged(self, intrinsicSize: true)
    }

    /// https://developer.apple.com/documentation/uikit/uiview/1622566-layoutmargins
    /// 8 pt all round; a view controller's root view's are its own (zero unless set), at least
    /// its controller's `systemMinimumLayoutMargins` (0 above and below, 16 or 20 pt at the sides)
    /// while it `viewRespectsSystemMinimumLayoutMargins`. (UIKit's root view also reflects its
    /// safe area here; ours adds the safe area in the margins guide only.)
    open var layoutMargins: UIEdgeInsets {
        get {
            guard let vc = owningViewController else { return ownLayoutMargins ?? UIView.defaultMargins }
            var m = ownLayoutMargins ?? .zero
            if vc.viewRespectsSystemMinimumLayoutMargins {
                let minimum = vc.systemMinimumLayoutMargins
                m.left = max(m.left, minimum.leading); m.right = max(m.right, minimum.trailing)
                m.top = max(m.top, minimum.top); m.bottom = max(m.bottom, minimum.bottom)
            }
            return m
        }
        set {
            ownLayoutMargins = newValue
            traitState.margins = effectiveMarginsFromEdges
            setNeedsLayout()
            layoutMarginsDidChange()
            owningViewController?.viewLayoutMarginsDidChange()
        }
    }
    private var ownLayoutMargins: UIEdgeInsets?
    open var directionalLayoutMargins: NSDirectionalEdgeInsets {
        get {
            NSDirectionalEdgeInsets(top: layoutMargins.top, leading: layoutMargins.left, bottom: layoutMargins.bottom, trailing: layoutMargins.right)
        }
        set { layoutMargins = UIEdgeInsets(top: newValue.top, left: newValue.leading, bottom: newValue.bottom, right: newValue.trailing) }
    }
    open var preservesSuperviewLayoutMargins = false
    open var insetsLayoutMarginsFromSafeArea = true
    open func layoutMarginsDidChange() {}

    /// The part of the view the screen's bars, notch and home indicator cover (and its view
    /// controller's additionalSafeAreaInsets), in the view's own coordinates.
    /// https://developer.apple.com/documentation/uikit/uiview/2891103-safeareainsets
    open var safeAreaInsets: UIEdgeInsets { safeAreaInsets(parentInsets: superview?.safeAreaInsets) }

    /// The safe area from the superview's (`parentInsets`, nil without a superview).
    func safeAreaInsets(parentInsets: UIEdgeInsets?) -> UIEdgeInsets {
        guard let parent = superview, var p = parentInsets else {
            return (self as? UIWindow)?.windowSafeArea ?? .zero
        }
        // Under a superview with no unsafe edge, a view without a controller has none either (what
        // follows would give zero on every edge): most of a tree, measured each layout pass.
        if p == .zero, owningViewController == nil { return .zero }
        if let scroll = parent as? UIScrollView {
            // A scroll view keeps for itself what it turns into adjusted content inset: its
            // content does not see those edges' safe area again (a cell under a navigation bar
            // has no top inset; a stack in the content is not inset by the home indicator).
            let a = scroll.adjustedContentInset, c = scroll.contentInset
            p = UIEdgeInsets(
                top: max(0, p.top - (a.top - c.top)), left: max(0, p.left - (a.left - c.left)),
                bottom: max(0, p.bottom - (a.bottom - c.bottom)), right: max(0, p.right - (a.right - c.right)))
        }
        let safeInParent = parent.bounds.inset(by: p)
        let mine = convert(bounds, to: parent)
        // Only what the superview's unsafe edges cover: a view reaching past an edge of its
        // superview that has no inset there (content below a scroll view's bottom) has none.
        var insets = UIEdgeInsets(
            top: p.top > 0 ? max(0, safeInParent.minY - mine.minY) : 0, left: p.left > 0 ? max(0, safeInParent.minX - mine.minX) : 0,
            bottom: p.bottom > 0 ? max(0, mine.maxY - safeInParent.maxY) : 0, right: p.right > 0 ? max(0, mine.maxX - safeInParent.maxX) : 0)
        if let vc = owningViewController {
            let extra = vc.additionalSafeAreaInsets
            let bars = vc.barInsets
            insets.top = max(insets.top, bars.top) + extra.top
            insets.bottom = max(insets.bottom, bars.bottom) + extra.bottom
            insets.left += extra.left; insets.right += extra.right
        }
        return insets
    }
    open func safeAreaInsetsDidChange() {}

    // MARK: Coordinates

    /// https://developer.apple.com/documentation/uikit/uiview/1622574-convert
    open func convert(_ point: CGPoint, to view: UIView?) -> CGPoint { layer.convert(point, to: view?.layer ?? rootLayer) }
    open func convert(_ point: CGPoint, from view: UIView?) -> CGPoint { layer.convert(point, from: view?.layer ?? rootLayer) }
    open func convert(_ rect: CGRect, to view: UIView?) -> CGRect { layer.convert(rect, to: view?.layer ?? rootLayer) }
    open func convert(_ rect: CGRect, from view: UIView?) -> CGRect { layer.convert(rect, from: view?.layer ?? rootLayer) }

    private var rootLayer: CALayer {
        var l = layer
        while let s = l.superlayer { l = s }
        return l
    }

    // Animation: Animation/AnimationCapture.swift.

    /// Draws the view's contents into the current context (`UIGraphicsGetCurrentContext()`: the
    /// bounds in points, y down, at the screen's scale). Called on first display and after
    /// `setNeedsDisplay()`, or a change of the bounds' size with `contentMode` `.redraw`; what it
    /// draws is kept and composited each frame. UIView's own draws nothing.
    /// https://developer.apple.com/documentation/uikit/uiview/1622529-draw
    open func draw(_ rect: CGRect) { UIGraphicsGetCurrentContext()?.baseViewDrawCalled = true }
    /// https://developer.apple.com/documentation/uikit/uiview/1622437-setneedsdisplay
    open func setNeedsDisplay() { layer.setNeedsDisplay() }
    /// https://developer.apple.com/documentation/uikit/uiview/1622587-setneedsdisplay
    open func setNeedsDisplay(_ rect: CGRect) { layer.setNeedsDisplay(rect) }

    /// The view in messages: its class and accessibility identifier.
    var describe: String {
        String(describing: type(of: self)) + (accessibilityIdentifier.map { " \"\($0)\"" } ?? "")
    }

    /// What the view draws between its background and its subviews (an image, text).
    func drawnContents(_ traits: UITraitCollection) -> LayerContents? { nil }
    /// Adds to the view's layer value what CALayer's properties cannot say, between its contents
    /// and its subviews: a bar drawn by Scene's chrome, a glyph drawn as a translucent group, a
    /// pinned header's backdrop blur.
    func decorate(_ layer: Layer, _ traits: UITraitCollection) {}
}

/// https://developer.apple.com/documentation/uikit/uisemanticcontentattribute
public enum UISemanticContentAttribute: Int, Sendable {
    case unspecified = 0, playback, spatial, forceLeftToRight, forceRightToLeft
}

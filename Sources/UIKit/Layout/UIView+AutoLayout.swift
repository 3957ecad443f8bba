import Foundation

/// A view's Auto Layout state (a view's stored properties live in its class; these in one place).
@MainActor final class ViewLayoutState {
    var translatesAutoresizingMaskIntoConstraints = true
    /// The constraints installed on the view (it is their nearest common ancestor).
    var constraints: [NSLayoutConstraint] = []
    var guides: [UILayoutGuide] = []
    var hugging = (horizontal: UILayoutPriority.defaultLow, vertical: UILayoutPriority.defaultLow)
    var compressionResistance = (horizontal: UILayoutPriority.defaultHigh, vertical: UILayoutPriority.defaultHigh)
    var needsUpdateConstraints = true
    var safeArea: UILayoutGuide?
    var margins: UILayoutGuide?
    var readableContent: UILayoutGuide?
    var scrollContent: UILayoutGuide?
    /// Bumped by `invalidateIntrinsicContentSize()`; a label's measured size is kept until then.
    var intrinsicGeneration = 0
    /// On a root: the structure generation at which its tree was found to have no constraint.
    var unconstrainedAt: Int?
    /// Constraints of this tree whose constants changed since its last solve (on its root).
    var changedConstants: [NSLayoutConstraint] = []
    var intrinsicCache: (key: LabelSizeKey, size: CGSize)?
    var scrollFrame: UILayoutGuide?
    /// The engine of the view tree this view is the root of (made at its first layout).
    var engine: LayoutEngine?
}

extension UIView {
    /// https://developer.apple.com/documentation/uikit/uiview/1622572-translatesautoresizingmaskintoc
    public var translatesAutoresizingMaskIntoConstraints: Bool {
        get { autoLayout.translatesAutoresizingMaskIntoConstraints }
        set {
            autoLayout.translatesAutoresizingMaskIntoConstraints = newValue
            LayoutEngine.treeChanged(self)
        }
    }

    /// The constraints installed on this view.
    /// https://developer.apple.com/documentation/uikit/uiview/1622591-constraints
    public var constraints: [NSLayoutConstraint] { autoLayout.constraints }

    /// Installs `constraint` here (this view must contain its views; prefer `isActive`).
    /// https://developer.apple.com/documentation/uikit/uiview/1622523-addconstraint
    public func addConstraint(_ constraint: NSLayoutConstraint) {
        if constraint.installedOn === self { return }
        constraint.installedOn?.removeConstraint(constraint)
        guard constraint.views.allSatisfy({ $0.isDescendant(of: self) }) else {
            LayoutReport.notInstallable(constraint, on: self)
            return
        }
        autoLayout.constraints.append(constraint)
        constraint.installedOn = self
        LayoutEngine.treeChanged(self)
    }
    /// https://developer.apple.com/documentation/uikit/uiview/1622513-addconstraints
    public func addConstraints(_ constraints: [NSLayoutConstraint]) { constraints.forEach(addConstraint) }
    /// https://developer.apple.com/documentation/uikit/uiview/1622593-removeconstraint
    public func removeConstraint(_ constraint: NSLayoutConstraint) {
        guard constraint.installedOn === self else { return }
        autoLayout.constraints.removeAll { $0 === constraint }
        constraint.installedOn = nil
        LayoutEngine.treeChanged(self)
    }
    /// https://developer.apple.com/documentation/uikit/uiview/1622495-removeconstraints
    public func removeConstraints(_ constraints: [NSLayoutConstraint]) { constraints.forEach(removeConstraint) }

    /// Called when a constraint installed here changes its constant.
    func constraintChanged(_ constraint: NSLayoutConstraint) { LayoutEngine.constantChanged(constraint, on: self) }
    /// Called when a constraint installed here changes what it relates or its priority.
    func constraintStructureChanged() { LayoutEngine.treeChanged(self) }

    // MARK: Anchors

    /// https://developer.apple.com/documentation/uikit/uiview/1622483-leadinganchor
    public var leadingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(self, .leading) }
    /// https://developer.apple.com/documentation/uikit/uiview/1622462-trailinganchor
    public var trailingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(self, .trailing) }
    /// https://developer.apple.com/documentation/uikit/uiview/1622524-leftanchor
    public var leftAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(self, .left) }
    /// https://developer.apple.com/documentation/uikit/uiview/1622585-rightanchor
    public var rightAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(self, .right) }
    /// https://developer.apple.com/documentation/uikit/uiview/1622544-centerxanchor
    public var centerXAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(self, .centerX) }
    /// https://developer.apple.com/documentation/uikit/uiview/1622449-topanchor
    public var topAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(self, .top) }
    /// https://developer.apple.com/documentation/uikit/uiview/1622567-bottomanchor
    public var bottomAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(self, .bottom) }
    /// https://developer.apple.com/documentation/uikit/uiview/1622580-centeryanchor
    public var centerYAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(self, .centerY) }
    /// https://developer.apple.com/documentation/uikit/uiview/1622382-firstbaselineanchor
    public var firstBaselineAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(self, .firstBaseline) }
    /// https://developer.apple.com/documentation/uikit/uiview/1622442-lastbaselineanchor
    public var lastBaselineAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(self, .lastBaseline) }
    /// https://developer.apple.com/documentation/uikit/uiview/1622498-widthanchor
    public var widthAnchor: NSLayoutDimension { NSLayoutDimension(self, .width) }
    /// https://developer.apple.com/documentation/uikit/uiview/1622569-heightanchor
    public var heightAnchor: NSLayoutDimension { NSLayoutDimension(self, .height) }

    // MARK: Layout guides

    /// https://developer.apple.com/documentation/uikit/uiview/2891102-safearealayoutguide
    public var safeAreaLayoutGuide: UILayoutGuide {
        systemGuide(\.safeArea, .safeArea, "UIViewSafeAreaLayoutGuide")
    }
    /// https://developer.apple.com/documentation/uikit/uiview/1622651-layoutmarginsguide
    public var layoutMarginsGuide: UILayoutGuide {
        systemGuide(\.margins, .margins, "UIViewLayoutMarginsGuide")
    }
    /// https://developer.apple.com/documentation/uikit/uiview/1622644-readablecontentguide
    public var readableContentGuide: UILayoutGuide {
        systemGuide(\.readableContent, .readableContent, "UIViewReadableContentGuide")
    }
    /// A system guide, made at its first use and kept in `slot`.
    func systemGuide(
        _ slot: ReferenceWritableKeyPath<ViewLayoutState, UILayoutGuide?>, _ kind: UILayoutGuide.Kind, _ identifier: String
    )
        -> UILayoutGuide
    {
        if let g = autoLayout[keyPath: slot] { return g }
        let g = UILayoutGuide(kind: kind, owner: self, identifier: identifier)
        autoLayout[keyPath: slot] = g
        return g
    }
    /// https://developer.apple.com/documentation/uikit/uiview/1622501-layoutguides
    public var layoutGuides: [UILayoutGuide] { autoLayout.guides }
    /// https://developer.apple.com/documentation/uikit/uiview/1622465-addlayoutguide
    public func addLayoutGuide(_ layoutGuide: UILayoutGuide) {
        layoutGuide.owningView?.removeLayoutGuide(layoutGuide)
        layoutGuide.owningView = self
        autoLayout.guides.append(layoutGuide)
        LayoutEngine.treeChanged(self)
    }
    /// https://developer.apple.com/documentation/uikit/uiview/1622650-removelayoutguide
    public func removeLayoutGuide(_ layoutGuide: UILayoutGuide) {
        guard layoutGuide.owningView === self else { return }
        autoLayout.guides.removeAll { $0 === layoutGuide }
        layoutGuide.owningView = nil
        LayoutEngine.treeChanged(self)
    }

    /// The margins the layout margins guide keeps from the view's edges: the layout margins (a
    /// view controller's root view at least the system minimum, 16 or 20 pt at the sides), plus
    /// the safe area when `insetsLayoutMarginsFromSafeArea`.
    var effectiveMarginsFromEdges: UIEdgeInsets { effectiveMargins(safeArea: safeAreaInsets) }

    /// The same, from the view's safe area already known.
    func effectiveMargins(safeArea s: UIEdgeInsets) -> UIEdgeInsets {
        let m = layoutMargins
        guard insetsLayoutMarginsFromSafeArea else { return m }
        return UIEdgeInsets(top: m.top + s.top, left: m.left + s.left, bottom: m.bottom + s.bottom, right: m.right + s.right)
    }

    // MARK: Intrinsic size priorities

    /// https://developer.apple.com/documentation/uikit/uiview/1622465-contenthuggingpriority
    public func contentHuggingPriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        axis == .horizontal ? autoLayout.hugging.horizontal : autoLayout.hugging.vertical
    }
    /// https://developer.apple.com/documentation/uikit/uiview/1622485-setcontenthuggingpriority
    public func setContentHuggingPriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        if axis == .horizontal { autoLayout.hugging.horizontal = priority } else { autoLayout.hugging.vertical = priority }
        LayoutEngine.treeChanged(self)
    }
    /// https://developer.apple.com/documentation/uikit/uiview/1622556-contentcompressionresistancepri
    public func contentCompressionResistancePriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        axis == .horizontal ? autoLayout.compressionResistance.horizontal : autoLayout.compressionResistance.vertical
    }
    /// https://developer.apple.com/documentation/uikit/uiview/1622526-setcontentcompressionresistancep
    public func setContentCompressionResistancePriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        if axis == .horizontal {
            autoLayout.compressionResistance.horizontal = priority
        } else {
            autoLayout.compressionResistance.vertical = priority
        }
        LayoutEngine.treeChanged(self)
    }

    // MARK: Updating constraints

    /// https://developer.apple.com/documentation/uikit/uiview/1622450-setneedsupdateconstraints
    public func setNeedsUpdateConstraints() {
        autoLayout.needsUpdateConstraints = true
        LayoutEngine.treeChanged(self)
    }
    /// https://developer.apple.com/documentation/uikit/uiview/1622533-needsupdateconstraints
    public func needsUpdateConstraints() -> Bool { autoLayout.needsUpdateConstraints }
    /// Calls `updateConstraints()` where it is needed, subviews before their superview.
    /// https://developer.apple.com/documentation/uikit/uiview/1622595-updateconstraintsifneeded
    public func updateConstraintsIfNeeded() {
        for v in subviews { v.updateConstraintsIfNeeded() }
        guard autoLayout.needsUpdateConstraints else { return }
        autoLayout.needsUpdateConstraints = false
        if let vc = owningViewController { vc.updateViewConstraints() } else { updateConstraints() }
    }
    // MARK: Alignment rectangles

    /// https://developer.apple.com/documentation/uikit/uiview/1622648-alignmentrect
    public func alignmentRect(forFrame frame: CGRect) -> CGRect { frame.inset(by: alignmentRectInsets) }
    /// https://developer.apple.com/documentation/uikit/uiview/1622578-frame
    public func frame(forAlignmentRect alignmentRect: CGRect) -> CGRect {
        let i = alignmentRectInsets
        return alignmentRect.inset(by: UIEdgeInsets(top: -i.top, left: -i.left, bottom: -i.bottom, right: -i.right))
    }
    // MARK: Fitting and ambiguity

    /// https://developer.apple.com/documentation/uikit/uiview/1622568-layoutfittingcompressedsize
    nonisolated public static let layoutFittingCompressedSize = CGSize(width: 0, height: 0)
    /// https://developer.apple.com/documentation/uikit/uiview/1622532-layoutfittingexpandedsize
    nonisolated public static let layoutFittingExpandedSize = CGSize(width: 10_000_000, height: 10_000_000)

    /// Whether the last layout left this view's position or size free along an axis.
    /// https://developer.apple.com/documentation/uikit/uiview/1622517-hasambiguouslayout
    public var hasAmbiguousLayout: Bool { axisIsAmbiguous(.horizontal) || axisIsAmbiguous(.vertical) }
    func axisIsAmbiguous(_ axis: NSLayoutConstraint.Axis) -> Bool { LayoutEngine.engine(of: self)?.isAmbiguous(self, axis) ?? false }
    /// Does nothing here (it moves an ambiguous view to another valid place in UIKit).
    /// https://developer.apple.com/documentation/uikit/uiview/1622592-exerciseambiguityinlayout
    public func exerciseAmbiguityInLayout() {}
    /// The active constraints that involve this view along `axis`.
    /// https://developer.apple.com/documentation/uikit/uiview/1622520-constraintsaffectinglayout
    public func constraintsAffectingLayout(for axis: NSLayoutConstraint.Axis) -> [NSLayoutConstraint] {
        var root: UIView = self
        while let up = root.superview { root = up }
        var found: [NSLayoutConstraint] = []
        func walk(_ v: UIView) {
            for c in v.autoLayout.constraints where c.first.attribute.axis == axis && c.views.contains(where: { $0 === self }) { found.append(c) }
            v.subviews.forEach(walk)
        }
        walk(root)
        return found
    }

    /// Whether a constraint is installed on this view or any view inside it.
    var hasConstraintsInside: Bool {
        !autoLayout.constraints.isEmpty || subviews.contains { $0.hasConstraintsInside }
    }
}

extension UIScrollView {
    /// The scroll view's content area: constraints from the content to its edges set
    /// `contentSize`.
    /// https://developer.apple.com/documentation/uikit/uiscrollview/2865870-contentlayoutguide
    public var contentLayoutGuide: UILayoutGuide {
        systemGuide(\.scrollContent, .scrollContent, "UIScrollView-contentLayoutGuide")
    }
    /// The scroll view's frame, unmoved by scrolling: content pinned to it stays in place.
    /// https://developer.apple.com/documentation/uikit/uiscrollview/2865772-framelayoutguide
    public var frameLayoutGuide: UILayoutGuide {
        systemGuide(\.scrollFrame, .scrollFrame, "UIScrollView-frameLayoutGuide")
    }
}

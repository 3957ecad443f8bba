import Foundation

/// A streamlined interface for laying out a collection of views in either a column or a row,
/// by constraints as UIKit's own: the stack makes them (named `UISV-...` in Auto Layout's
/// messages) from its axis, distribution, alignment and spacing, and the views' intrinsic sizes,
/// hugging and compression resistance do the rest, so a wrapping label in a stack pinned to
/// its superview's margins sizes the stack. Hidden arranged views collapse (no space, no spacing).
/// https://developer.apple.com/documentation/uikit/uistackview
@preconcurrency @MainActor open class UIStackView: UIView {
    /// https://developer.apple.com/documentation/uikit/uistackview/distribution-swift.enum
    public enum Distribution: Int, Sendable {
        case fill = 0, fillEqually, fillProportionally, equalSpacing, equalCentering
    }

    /// https://developer.apple.com/documentation/uikit/uistackview/alignment-swift.enum
    public enum Alignment: Int, Sendable {
        case fill = 0, leading, firstBaseline, center, trailing, lastBaseline
        public static var top: Alignment { .leading }
        public static var bottom: Alignment { .trailing }
    }

    /// https://developer.apple.com/documentation/uikit/uistackview/spacingusedefault
    public static let spacingUseDefault: CGFloat = .greatestFiniteMagnitude
    /// https://developer.apple.com/documentation/uikit/uistackview/spacingusesystem
    public static let spacingUseSystem: CGFloat = -.greatestFiniteMagnitude
    /// The system spacing between two views (UIKit's standard 8 pt).
    static let systemSpacing: CGFloat = 8

    /// https://developer.apple.com/documentation/uikit/uistackview/arrangedsubviews
    open private(set) var arrangedSubviews: [UIView] = []
    /// https://developer.apple.com/documentation/uikit/uistackview/axis
    open var axis = NSLayoutConstraint.Axis.horizontal { didSet { arrangementChanged() } }
    /// https://developer.apple.com/documentation/uikit/uistackview/distribution-swift.property
    open var distribution = Distribution.fill { didSet { arrangementChanged() } }
    /// https://developer.apple.com/documentation/uikit/uistackview/alignment-swift.property
    open var alignment = Alignment.fill {
        didSet {
            if (alignment == .firstBaseline || alignment == .lastBaseline) && axis == .vertical {
                Diagnostics.once(
                    "UIStackView baseline", "\(describe): baseline alignment applies to horizontal stacks; this vertical one is laid out as center")
            }
            arrangementChanged()
        }
    }
    /// https://developer.apple.com/documentation/uikit/uistackview/spacing
    open var spacing: CGFloat = 0 { didSet { arrangementChanged() } }
    /// https://developer.apple.com/documentation/uikit/uistackview/isbaselinerelativearrangement
    open var isBaselineRelativeArrangement = false
    /// https://developer.apple.com/documentation/uikit/uistackview/islayoutmarginsrelativearrangement
    open var isLayoutMarginsRelativeArrangement = false { didSet { arrangementChanged() } }
    private var customSpacings: [ObjectIdentifier: CGFloat] = [:]

    public override init(frame: CGRect) { super.init(frame: frame) }

    /// https://developer.apple.com/documentation/uikit/uistackview/init(arrangedsubviews:)
    public init(arrangedSubviews views: [UIView]) {
        super.init(frame: .zero)
        for view in views { addArrangedSubview(view) }
    }

    public required init(coder: NSCoder) { super.init(coder: coder)! }

    /// Adds `view` at the end of the arranged views (and as a subview, if it is not one).
    /// https://developer.apple.com/documentation/uikit/uistackview/addarrangedsubview(_:)
    open func addArrangedSubview(_ view: UIView) { insertArrangedSubview(view, at: arrangedSubviews.count) }

    /// https://developer.apple.com/documentation/uikit/uistackview/insertarrangedsubview(_:at:)
    open func insertArrangedSubview(_ view: UIView, at stackIndex: Int) {
        if let old = arrangedSubviews.firstIndex(of: view) { arrangedSubviews.remove(at: old) }
        arrangedSubviews.insert(view, at: min(max(stackIndex, 0), arrangedSubviews.count))
        // As UIKit's stack view does: the stack places its arranged views.
        view.translatesAutoresizingMaskIntoConstraints = false
        if view.superview !== self { addSubview(view) }
        arrangementChanged()
    }

    /// Stops arranging `view`; it stays a subview (call removeFromSuperview to remove it).
    /// https://developer.apple.com/documentation/uikit/uistackview/removearrangedsubview(_:)
    open func removeArrangedSubview(_ view: UIView) {
        arrangedSubviews.removeAll { $0 === view }
        customSpacings[ObjectIdentifier(view)] = nil
        arrangementChanged()
    }

    /// A subview removed from the stack view stops being arranged, as in UIKit.
    open override func willRemoveSubview(_ subview: UIView) {
        super.willRemoveSubview(subview)
        if arrangedSubviews.contains(subview) { removeArrangedSubview(subview) }
    }

    /// https://developer.apple.com/documentation/uikit/uistackview/setcustomspacing(_:after:)
    open func setCustomSpacing(_ spacing: CGFloat, after arrangedSubview: UIView) {
        customSpacings[ObjectIdentifier(arrangedSubview)] = spacing
        arrangementChanged()
    }

    /// https://developer.apple.com/documentation/uikit/uistackview/customspacing(after:)
    open func customSpacing(after arrangedSubview: UIView) -> CGFloat {
        customSpacings[ObjectIdentifier(arrangedSubview)] ?? UIStackView.spacingUseDefault
    }

    // MARK: Layout, by constraints as UIKit's stack view does

    /// The arranged views changed (added, removed, hidden, their intrinsic size) or a property
    /// that places them: the stack's constraints are made again before the next solve.
    func arrangementChanged() {
        arrangementIsStale = true
        setNeedsUpdateConstraints()
        setNeedsLayout()
    }
    private var arrangementIsStale = true
    /// An arranged view was hidden or shown, or its intrinsic size changed (which only `fill`'s
    /// ambiguity suppression and `fillProportionally`'s shares read: no new constraints otherwise).
    func arrangedViewChanged(_ view: UIView, intrinsicSize: Bool = false) {
        if intrinsicSize && distribution != .fill && distribution != .fillProportionally { return }
        if arrangedSubviews.contains(where: { $0 === view }) { arrangementChanged() }
    }
    /// The constraints the stack made (their identifiers UIKit's: `UISV-...`), and its spacer guides.
    private(set) var arrangementConstraints: [NSLayoutConstraint] = []
    private var spacers: [UILayoutGuide] = []

    open override func updateConstraints() {
        if arrangementIsStale { arrange() }
        super.updateConstraints()
    }

    private var horizontal: Bool { axis == .horizontal }

    private func spacing(after view: UIView) -> CGFloat {
        let custom = customSpacing(after: view)
        if custom == UIStackView.spacingUseDefault { return spacing == UIStackView.spacingUseSystem ? Self.systemSpacing : spacing }
        return custom == UIStackView.spacingUseSystem ? Self.systemSpacing : custom
    }

    /// A view's length along the axis as the stack sees it: intrinsic, else nil.
    private func intrinsicLength(_ view: UIView) -> CGFloat? {
        let s = view.intrinsicContentSize
        let length = horizontal ? s.width : s.height
        return length == UIView.noIntrinsicMetric ? nil : length
    }

    /// Makes the stack's constraints again, as UIKit names them:
    /// - along the axis, `UISV-canvas-connection` ties the first visible view to the stack's
    ///   leading (top) edge and the last to its trailing (bottom) edge, or to its margins when the
    ///   arrangement is relative to them; `UISV-spacing` keeps each next view `spacing` after the
    ///   one before (`fill`, `fillEqually`, `fillProportionally`); `UISV-fill-equally` makes the
    ///   lengths equal; `UISV-fill-proportionally` shares the space after spacings in proportion to
    ///   the intrinsic lengths; `equalSpacing` and `equalCentering` put spacer guides
    ///   (`UISV-distributing`) between the views (or their centres), equal and at least the spacing;
    /// - `UISV-ambiguity-suppression` (priority 1): with `fill`, space left over goes to the last
    ///   of the views that hug their content least and space missing comes from the last view, as
    ///   the frames of earlier views stay at their intrinsic lengths;
    /// - across the axis, `UISV-alignment`: `fill` pins both edges, `leading`/`top` and
    ///   `trailing`/`bottom` one edge and keep the other inside, `center` the centres, first and
    ///   last baseline (horizontal stacks) the views' baselines; `UISV-spanning-fit` (priority 49) makes a stack that is not
    ///   otherwise sized across as broad as its broadest view;
    /// - `UISV-hiding`: a hidden view's length is 0 and it takes no spacing.
    private func arrange() {
        arrangementIsStale = false
        NSLayoutConstraint.deactivate(arrangementConstraints)
        for guide in spacers { removeLayoutGuide(guide) }
        arrangementConstraints.removeAll()
        spacers.removeAll()
        guard !arrangedSubviews.isEmpty else { return }
        let canvas: AnyObject = isLayoutMarginsRelativeArrangement ? layoutMarginsGuide : self
        let (lead, trail, length): (NSLayoutConstraint.Attribute, NSLayoutConstraint.Attribute, NSLayoutConstraint.Attribute) =
            horizontal ? (.leading, .trailing, .width) : (.top, .bottom, .height)
        let (start, end, breadth, middle):
            (NSLayoutConstraint.Attribute, NSLayoutConstraint.Attribute, NSLayoutConstraint.Attribute, NSLayoutConstraint.Attribute) =
                horizontal ? (.top, .bottom, .height, .centerY) : (.leading, .trailing, .width, .centerX)
        var made: [NSLayoutConstraint] = []
        func make(
            _ name: String, _ a: AnyObject, _ aa: NSLayoutConstraint.Attribute, _ r: NSLayoutConstraint.Relation, _ b: AnyObject?,
            _ ba: NSLayoutConstraint.Attribute, _ m: CGFloat = 1, _ c: CGFloat = 0, _ priority: UILayoutPriority = .required
        ) {
            let constraint = NSLayoutConstraint(item: a, attribute: aa, relatedBy: r, toItem: b, attribute: ba, multiplier: m, constant: c)
            constraint.identifier = name
            constraint.priority = priority
            made.append(constraint)
        }
        let visible = arrangedSubviews.filter { !$0.isHidden }
        // Along the axis.
        if let first = visible.first, let last = visible.last {
            make("UISV-canvas-connection", first, lead, .equal, canvas, lead)
            make("UISV-canvas-connection", last, trail, .equal, canvas, trail)
        }
        let gaps = visible.dropLast().map(spacing(after:))
        switch distribution {
        case .fill, .fillEqually, .fillProportionally:
            for (i, gap) in gaps.enumerated() { make("UISV-spacing", visible[i + 1], lead, .equal, visible[i], trail, 1, gap) }
        case .equalSpacing, .equalCentering:
            let centering = distribution == .equalCentering
            var firstSpacer: UILayoutGuide?
            for (i, gap) in gaps.enumerated() {
                let spacer = UILayoutGuide()
                spacer.identifier = "UISV-distributing"
                addLayoutGuide(spacer)
                spacers.append(spacer)
                let (from, to): (NSLayoutConstraint.Attribute, NSLayoutConstraint.Attribute) =
                    centering ? (horizontal ? (.centerX, .centerX) : (.centerY, .centerY)) : (trail, lead)
                make("UISV-distributing-edge", spacer, lead, .equal, visible[i], from)
                make("UISV-distributing-edge", spacer, trail, .equal, visible[i + 1], to)
                make("UISV-spacing", visible[i + 1], lead, .greaterThanOrEqual, visible[i], trail, 1, gap)
                if let firstSpacer {
                    // Equal centres give way to the spacing: views too long to centre evenly keep it.
                    make("UISV-distributing", spacer, length, .equal, firstSpacer, length, 1, 0, centering ? UILayoutPriority(999) : .required)
                } else {
                    firstSpacer = spacer
                }
            }
        }
        switch distribution {
        case .fillEqually:
            for view in visible.dropFirst() { make("UISV-fill-equally", view, length, .equal, visible[0], length) }
        case .fillProportionally:
            let lengths = visible.map { intrinsicLength($0) ?? (horizontal ? $0.bounds.width : $0.bounds.height) }
            let sum = lengths.reduce(0, +), spacingTotal = gaps.reduce(0, +)
            for (view, l) in zip(visible, lengths) {
                let share = sum > 0 ? l / sum : 1 / CGFloat(visible.count)
                make("UISV-fill-proportionally", view, length, .equal, canvas, length, share, -spacingTotal * share, UILayoutPriority(999))
            }
        case .fill:
            // Ties between equal priorities broken as the index says: the last of the views that
            // hug least grows, the last view shrinks; the others keep their intrinsic lengths.
            let least = visible.filter { intrinsicLength($0) != nil }.map { $0.contentHuggingPriority(for: axis).rawValue }.min()
            let grows = visible.lastIndex { intrinsicLength($0) != nil && $0.contentHuggingPriority(for: axis).rawValue == least }
            for (i, view) in visible.enumerated() {
                guard let l = intrinsicLength(view) else { continue }
                if i != grows { make("UISV-ambiguity-suppression", view, length, .lessThanOrEqual, nil, .notAnAttribute, 1, l, UILayoutPriority(1)) }
                if i != visible.count - 1 {
                    make("UISV-ambiguity-suppression", view, length, .greaterThanOrEqual, nil, .notAnAttribute, 1, l, UILayoutPriority(1))
                }
            }
        case .equalSpacing, .equalCentering: break
        }
        // Hidden views: no length, at the place of the view before them.
        for (i, view) in arrangedSubviews.enumerated() where view.isHidden {
            make("UISV-hiding", view, length, .equal, nil, .notAnAttribute, 1, 0)
            if let before = arrangedSubviews[..<i].last(where: { !$0.isHidden }) {
                make("UISV-hiding", view, lead, .equal, before, trail)
            } else {
                make("UISV-hiding", view, lead, .equal, canvas, lead)
            }
        }
        // Across the axis.
        for view in arrangedSubviews {
            switch alignment {
            case .fill:
                make("UISV-alignment", view, start, .equal, canvas, start)
                make("UISV-alignment", view, end, .equal, canvas, end)
            case .leading:
                make("UISV-alignment", view, start, .equal, canvas, start)
                make("UISV-spanning-boundary", view, end, .lessThanOrEqual, canvas, end)
            case .trailing:
                make("UISV-alignment", view, end, .equal, canvas, end)
                make("UISV-spanning-boundary", view, start, .greaterThanOrEqual, canvas, start)
            case .firstBaseline where horizontal, .lastBaseline where horizontal:
                // Baselines on one line (a view without text has its bottom edge as its baseline),
                // every view inside, the row as high as it can sit.
                let baseline: NSLayoutConstraint.Attribute = alignment == .firstBaseline ? .firstBaseline : .lastBaseline
                if view !== arrangedSubviews[0] { make("UISV-alignment", view, baseline, .equal, arrangedSubviews[0], baseline) }
                make("UISV-spanning-boundary", view, .top, .greaterThanOrEqual, canvas, .top)
                make("UISV-spanning-boundary", view, .bottom, .lessThanOrEqual, canvas, .bottom)
                make("UISV-canvas-fit", view, .top, .equal, canvas, .top, 1, 0, UILayoutPriority(48))
            case .center, .firstBaseline, .lastBaseline:
                make("UISV-alignment", view, middle, .equal, canvas, middle)
                make("UISV-spanning-boundary", view, start, .greaterThanOrEqual, canvas, start)
            }
        }
        if alignment != .fill {
            make("UISV-spanning-fit", canvas, breadth, .equal, nil, .notAnAttribute, 1, 0, UILayoutPriority(49))
        }
        arrangementConstraints = made
        NSLayoutConstraint.activate(made)
    }

    /// A stack view has no size of its own: its constraints size it from its arranged views.
    open override var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric) }
}

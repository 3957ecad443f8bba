import Foundation

/// A factory for constraints between one attribute of a view or layout guide and another's:
/// `a.topAnchor.constraint(equalTo: b.bottomAnchor, constant: 8)`. The anchor's type keeps
/// x-axis, y-axis and size attributes from being related to each other.
/// https://developer.apple.com/documentation/uikit/nslayoutanchor
@preconcurrency @MainActor open class NSLayoutAnchor<AnchorType: AnyObject>: NSObject {
    let spec: LayoutAnchorSpec

    init(_ spec: LayoutAnchorSpec) {
        self.spec = spec
        super.init()
    }

    convenience init(_ item: AnyObject, _ attribute: NSLayoutConstraint.Attribute) {
        self.init(LayoutAnchorSpec(item: item, attribute: attribute))
    }

    func make(
        _ relation: NSLayoutConstraint.Relation, _ other: LayoutAnchorSpec?, multiplier: CGFloat = 1, constant: CGFloat = 0
    )
        -> NSLayoutConstraint
    {
        NSLayoutConstraint(first: spec, relation: relation, second: other, multiplier: multiplier, constant: constant)
    }

    /// https://developer.apple.com/documentation/uikit/nslayoutanchor/1500946-constraint
    open func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint { make(.equal, anchor.spec) }
    /// https://developer.apple.com/documentation/uikit/nslayoutanchor/1500936-constraint
    open func constraint(greaterThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint {
        make(.greaterThanOrEqual, anchor.spec)
    }
    /// https://developer.apple.com/documentation/uikit/nslayoutanchor/1500950-constraint
    open func constraint(lessThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint { make(.lessThanOrEqual, anchor.spec) }
    /// https://developer.apple.com/documentation/uikit/nslayoutanchor/1500937-constraint
    open func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat) -> NSLayoutConstraint {
        make(.equal, anchor.spec, constant: c)
    }
    /// https://developer.apple.com/documentation/uikit/nslayoutanchor/1500938-constraint
    open func constraint(greaterThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat) -> NSLayoutConstraint {
        make(.greaterThanOrEqual, anchor.spec, constant: c)
    }
    /// https://developer.apple.com/documentation/uikit/nslayoutanchor/1500945-constraint
    open func constraint(lessThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat) -> NSLayoutConstraint {
        make(.lessThanOrEqual, anchor.spec, constant: c)
    }

    /// https://developer.apple.com/documentation/uikit/nslayoutanchor/2091002-item
    open var item: AnyObject? { spec.item }
    /// https://developer.apple.com/documentation/uikit/nslayoutanchor/2091003-name
    open var name: String {
        if let o = spec.offset { return "\(LayoutReport.name(o.from))-\(LayoutReport.name(o.to))" }
        return LayoutReport.name(spec)
    }
    /// https://developer.apple.com/documentation/uikit/nslayoutanchor/2091001-hasambiguouslayout
    open var hasAmbiguousLayout: Bool { spec.view?.axisIsAmbiguous(spec.attribute.axis) ?? false }
    /// https://developer.apple.com/documentation/uikit/nslayoutanchor/2091000-constraintsaffectinglayout
    open var constraintsAffectingLayout: [NSLayoutConstraint] { spec.view?.constraintsAffectingLayout(for: spec.attribute.axis) ?? [] }
}

/// An anchor for a horizontal position (left, right, leading, trailing, centerX).
/// https://developer.apple.com/documentation/uikit/nslayoutxaxisanchor
@preconcurrency @MainActor open class NSLayoutXAxisAnchor: NSLayoutAnchor<NSLayoutXAxisAnchor> {
    /// The distance from this anchor to `otherAnchor`, as a size that constraints can relate.
    /// https://developer.apple.com/documentation/uikit/nslayoutxaxisanchor/2866019-anchorwithoffset
    open func anchorWithOffset(to otherAnchor: NSLayoutXAxisAnchor) -> NSLayoutDimension {
        NSLayoutDimension(LayoutAnchorSpec(from: spec, to: otherAnchor.spec))
    }
    /// This anchor `multiplier` system spacings (8 pt) after `anchor`.
    /// https://developer.apple.com/documentation/uikit/nslayoutxaxisanchor/2866006-constraint
    open func constraint(equalToSystemSpacingAfter anchor: NSLayoutXAxisAnchor, multiplier: CGFloat) -> NSLayoutConstraint {
        make(.equal, anchor.spec, constant: LayoutSpacing.system * multiplier)
    }
    /// https://developer.apple.com/documentation/uikit/nslayoutxaxisanchor/2866014-constraint
    open func constraint(greaterThanOrEqualToSystemSpacingAfter anchor: NSLayoutXAxisAnchor, multiplier: CGFloat) -> NSLayoutConstraint {
        make(.greaterThanOrEqual, anchor.spec, constant: LayoutSpacing.system * multiplier)
    }
    /// https://developer.apple.com/documentation/uikit/nslayoutxaxisanchor/2866007-constraint
    open func constraint(lessThanOrEqualToSystemSpacingAfter anchor: NSLayoutXAxisAnchor, multiplier: CGFloat) -> NSLayoutConstraint {
        make(.lessThanOrEqual, anchor.spec, constant: LayoutSpacing.system * multiplier)
    }
}

/// An anchor for a vertical position (top, bottom, centerY, baselines).
/// https://developer.apple.com/documentation/uikit/nslayoutyaxisanchor
@preconcurrency @MainActor open class NSLayoutYAxisAnchor: NSLayoutAnchor<NSLayoutYAxisAnchor> {
    /// https://developer.apple.com/documentation/uikit/nslayoutyaxisanchor/2866009-anchorwithoffset
    open func anchorWithOffset(to otherAnchor: NSLayoutYAxisAnchor) -> NSLayoutDimension {
        NSLayoutDimension(LayoutAnchorSpec(from: spec, to: otherAnchor.spec))
    }
    /// This anchor `multiplier` system spacings below `anchor`: 8 pt between edges; between two
    /// baselines, a line of the lower label's font.
    /// https://developer.apple.com/documentation/uikit/nslayoutyaxisanchor/2866022-constraint
    open func constraint(equalToSystemSpacingBelow anchor: NSLayoutYAxisAnchor, multiplier: CGFloat) -> NSLayoutConstraint {
        make(.equal, anchor.spec, constant: LayoutSpacing.below(spec, anchor.spec) * multiplier)
    }
    /// https://developer.apple.com/documentation/uikit/nslayoutyaxisanchor/2866013-constraint
    open func constraint(greaterThanOrEqualToSystemSpacingBelow anchor: NSLayoutYAxisAnchor, multiplier: CGFloat) -> NSLayoutConstraint {
        make(.greaterThanOrEqual, anchor.spec, constant: LayoutSpacing.below(spec, anchor.spec) * multiplier)
    }
    /// https://developer.apple.com/documentation/uikit/nslayoutyaxisanchor/2866020-constraint
    open func constraint(lessThanOrEqualToSystemSpacingBelow anchor: NSLayoutYAxisAnchor, multiplier: CGFloat) -> NSLayoutConstraint {
        make(.lessThanOrEqual, anchor.spec, constant: LayoutSpacing.below(spec, anchor.spec) * multiplier)
    }
}

/// An anchor for a size (width, height, or the distance between two anchors).
/// https://developer.apple.com/documentation/uikit/nslayoutdimension
@preconcurrency @MainActor open class NSLayoutDimension: NSLayoutAnchor<NSLayoutDimension> {
    /// https://developer.apple.com/documentation/uikit/nslayoutdimension/1500941-constraint
    open func constraint(equalToConstant c: CGFloat) -> NSLayoutConstraint { make(.equal, nil, constant: c) }
    /// https://developer.apple.com/documentation/uikit/nslayoutdimension/1500949-constraint
    open func constraint(greaterThanOrEqualToConstant c: CGFloat) -> NSLayoutConstraint { make(.greaterThanOrEqual, nil, constant: c) }
    /// https://developer.apple.com/documentation/uikit/nslayoutdimension/1500963-constraint
    open func constraint(lessThanOrEqualToConstant c: CGFloat) -> NSLayoutConstraint { make(.lessThanOrEqual, nil, constant: c) }
    /// https://developer.apple.com/documentation/uikit/nslayoutdimension/1500951-constraint
    open func constraint(equalTo anchor: NSLayoutDimension, multiplier m: CGFloat) -> NSLayoutConstraint {
        make(.equal, anchor.spec, multiplier: m)
    }
    /// https://developer.apple.com/documentation/uikit/nslayoutdimension/1500942-constraint
    open func constraint(greaterThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat) -> NSLayoutConstraint {
        make(.greaterThanOrEqual, anchor.spec, multiplier: m)
    }
    /// https://developer.apple.com/documentation/uikit/nslayoutdimension/1500961-constraint
    open func constraint(lessThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat) -> NSLayoutConstraint {
        make(.lessThanOrEqual, anchor.spec, multiplier: m)
    }
    /// https://developer.apple.com/documentation/uikit/nslayoutdimension/1500934-constraint
    open func constraint(equalTo anchor: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat) -> NSLayoutConstraint {
        make(.equal, anchor.spec, multiplier: m, constant: c)
    }
    /// https://developer.apple.com/documentation/uikit/nslayoutdimension/1500952-constraint
    open func constraint(greaterThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat) -> NSLayoutConstraint {
        make(.greaterThanOrEqual, anchor.spec, multiplier: m, constant: c)
    }
    /// https://developer.apple.com/documentation/uikit/nslayoutdimension/1500940-constraint
    open func constraint(lessThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat) -> NSLayoutConstraint {
        make(.lessThanOrEqual, anchor.spec, multiplier: m, constant: c)
    }
}

/// The standard spacings of `constraint(equalToSystemSpacing...)`.
@MainActor enum LayoutSpacing {
    /// Between two views' edges: 8 pt (Interface Builder's "standard" spacing).
    static let system: CGFloat = 8

    /// Below `upper`: between two baselines, the lower label's font's line height (the lines sit
    /// as one paragraph's; Apple does not publish its figure, so this is ours); else 8 pt.
    static func below(_ lower: LayoutAnchorSpec, _ upper: LayoutAnchorSpec) -> CGFloat {
        let baselines: Set<NSLayoutConstraint.Attribute> = [.firstBaseline, .lastBaseline]
        guard baselines.contains(lower.attribute), baselines.contains(upper.attribute) else { return system }
        let font = ((lower.item as? UILabel)?.font) ?? UIFont.preferredFont(forTextStyle: .body)
        return font.lineHeight.rounded(.up)
    }
}

import Foundation

/// The relation between two user interface objects that the constraint-based layout system
/// must satisfy: `first.attribute (=, <=, >=) multiplier * second.attribute + constant`, kept at
/// its `priority`. Active constraints are installed on the nearest common ancestor of their
/// views and solved together when the views are laid out.
/// https://developer.apple.com/documentation/uikit/nslayoutconstraint
@preconcurrency @MainActor open class NSLayoutConstraint: NSObject {
    /// The part of an object's visual representation a constraint speaks of.
    /// https://developer.apple.com/documentation/uikit/nslayoutconstraint/attribute
    public enum Attribute: Int, Sendable {
        case left = 1, right, top, bottom, leading, trailing, width, height, centerX, centerY, lastBaseline, firstBaseline
        case leftMargin, rightMargin, topMargin, bottomMargin, leadingMargin, trailingMargin
        case centerXWithinMargins, centerYWithinMargins
        case notAnAttribute = 0

        /// The axis the attribute measures along.
        var axis: Axis {
            switch self {
            case .left, .right, .leading, .trailing, .width, .centerX, .leftMargin, .rightMargin, .leadingMargin, .trailingMargin,
                .centerXWithinMargins:
                return .horizontal
            default: return .vertical
            }
        }
        var isSize: Bool { self == .width || self == .height }
    }

    /// https://developer.apple.com/documentation/uikit/nslayoutconstraint/relation
    public enum Relation: Int, Sendable {
        case lessThanOrEqual = -1, equal = 0, greaterThanOrEqual = 1
    }

    /// https://developer.apple.com/documentation/uikit/nslayoutconstraint/axis
    public enum Axis: Int, Sendable {
        case horizontal = 0, vertical = 1
    }

    /// https://developer.apple.com/documentation/uikit/nslayoutconstraint/formatoptions
    public struct FormatOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let alignAllLeft = FormatOptions(rawValue: 1 << 1)
        public static let alignAllRight = FormatOptions(rawValue: 1 << 2)
        public static let alignAllTop = FormatOptions(rawValue: 1 << 3)
        public static let alignAllBottom = FormatOptions(rawValue: 1 << 4)
        public static let alignAllLeading = FormatOptions(rawValue: 1 << 5)
        public static let alignAllTrailing = FormatOptions(rawValue: 1 << 6)
        public static let alignAllCenterX = FormatOptions(rawValue: 1 << 9)
        public static let alignAllCenterY = FormatOptions(rawValue: 1 << 10)
        public static let alignAllLastBaseline = FormatOptions(rawValue: 1 << 11)
        public static let alignAllFirstBaseline = FormatOptions(rawValue: 1 << 12)
        public static let directionLeadingToTrailing = FormatOptions([])
        public static let directionLeftToRight = FormatOptions(rawValue: 1 << 16)
        public static let directionRightToLeft = FormatOptions(rawValue: 2 << 16)
        public static let spacingEdgeToEdge = FormatOptions([])
        public static let spacingBaselineToBaseline = FormatOptions(rawValue: 1 << 19)
    }

    /// What the left side measures (an item's attribute, or the distance between two anchors).
    let first: LayoutAnchorSpec
    /// What the right side measures; nil for a constant (`width == 100`).
    let second: LayoutAnchorSpec?

    /// https://developer.apple.com/documentation/uikit/nslayoutconstraint/1526954-relation
    public let relation: Relation
    /// https://developer.apple.com/documentation/uikit/nslayoutconstraint/1526920-multiplier
    public let multiplier: CGFloat

    /// Changing it on an active constraint lays its views out again (the cheap change: the
    /// stretchy header's height follows the scroll this way every frame).
    /// https://developer.apple.com/documentation/uikit/nslayoutconstraint/1526928-constant
    open var constant: CGFloat {
        didSet { if constant != oldValue, isActive { installedOn?.constraintChanged(self) } }
    }

    /// Changing it from or to `required` on an active constraint is an error in UIKit; here the
    /// constraint is solved again at its new priority.
    /// https://developer.apple.com/documentation/uikit/nslayoutconstraint/1526946-priority
    open var priority: UILayoutPriority = .required {
        didSet { if priority != oldValue, isActive { installedOn?.constraintStructureChanged() } }
    }

    /// https://developer.apple.com/documentation/uikit/nslayoutconstraint/1526967-identifier
    open var identifier: String?
    /// https://developer.apple.com/documentation/uikit/nslayoutconstraint/1526950-shouldbearchived
    open var shouldBeArchived = false

    /// The view the constraint is installed on (the nearest common ancestor of its views).
    weak var installedOn: UIView?

    init(first: LayoutAnchorSpec, relation: Relation, second: LayoutAnchorSpec?, multiplier: CGFloat, constant: CGFloat) {
        self.first = first
        self.second = second
        self.relation = relation
        self.multiplier = multiplier
        self.constant = constant
        super.init()
    }

    /// https://developer.apple.com/documentation/uikit/nslayoutconstraint/1526954-init
    public convenience init(
        item view1: Any, attribute attr1: Attribute, relatedBy relation: Relation, toItem view2: Any?, attribute attr2: Attribute,
        multiplier: CGFloat, constant c: CGFloat
    ) {
        let second: LayoutAnchorSpec? = (view2 as AnyObject?).flatMap {
            attr2 == .notAnAttribute ? nil : LayoutAnchorSpec(item: $0, attribute: attr2)
        }
        self.init(
            first: LayoutAnchorSpec(item: view1 as AnyObject, attribute: attr1), relation: relation, second: second,
            multiplier: second == nil ? 1 : multiplier, constant: c)
    }

    /// A constraint with no items, the placeholder a property holds until a real constraint is
    /// assigned (`var heightConstraint = NSLayoutConstraint()`): no items, both attributes
    /// `.notAnAttribute`, relation `.equal`, multiplier 1, constant 0, priority `.required`.
    /// Its `constant`, `priority` and `identifier` are kept like any constraint's; activating it is
    /// refused (said once: it relates nothing) and it stays inactive.
    /// https://developer.apple.com/documentation/objectivec/nsobject/1418641-init
    public override convenience init() {
        self.init(
            first: LayoutAnchorSpec(item: nil, attribute: .notAnAttribute), relation: .equal, second: nil, multiplier: 1, constant: 0)
    }

    /// https://developer.apple.com/documentation/uikit/nslayoutconstraint/1526948-firstitem
    open var firstItem: AnyObject? { first.item }
    /// https://developer.apple.com/documentation/uikit/nslayoutconstraint/1526925-seconditem
    open var secondItem: AnyObject? { second?.item }
    /// https://developer.apple.com/documentation/uikit/nslayoutconstraint/1526923-firstattribute
    open var firstAttribute: Attribute { first.attribute }
    /// https://developer.apple.com/documentation/uikit/nslayoutconstraint/1526918-secondattribute
    open var secondAttribute: Attribute { second?.attribute ?? .notAnAttribute }
    /// https://developer.apple.com/documentation/uikit/nslayoutconstraint/1642566-firstanchor
    open var firstAnchor: NSLayoutAnchor<AnyObject> { NSLayoutAnchor<AnyObject>(first) }
    /// https://developer.apple.com/documentation/uikit/nslayoutconstraint/1642568-secondanchor
    open var secondAnchor: NSLayoutAnchor<AnyObject>? { second.map { NSLayoutAnchor<AnyObject>($0) } }

    /// Setting it installs the constraint on the nearest common ancestor of its views, or removes
    /// it. Views without a common ancestor are refused with UIKit's message, not activated.
    /// https://developer.apple.com/documentation/uikit/nslayoutconstraint/1527000-isactive
    open var isActive: Bool {
        get { installedOn != nil }
        set {
            if newValue == isActive { return }
            if newValue {
                guard first.item != nil || first.offset != nil else {
                    LayoutReport.emptyConstraint(self)
                    return
                }
                // An anchor keeps its view weakly: a view nothing else kept is gone (UIKit would crash).
                guard !first.lostItem && second?.lostItem != true else {
                    LayoutReport.releasedItem(self)
                    return
                }
                guard let ancestor = commonAncestor() else {
                    LayoutReport.noCommonAncestor(self)
                    return
                }
                ancestor.addConstraint(self)
            } else {
                installedOn?.removeConstraint(self)
            }
        }
    }

    /// https://developer.apple.com/documentation/uikit/nslayoutconstraint/1526955-activate
    open class func activate(_ constraints: [NSLayoutConstraint]) {
        for c in constraints { c.isActive = true }
    }

    /// https://developer.apple.com/documentation/uikit/nslayoutconstraint/1526942-deactivate
    open class func deactivate(_ constraints: [NSLayoutConstraint]) {
        for c in constraints { c.isActive = false }
    }

    /// The views the constraint relates (a layout guide's owning view for a guide).
    var views: [UIView] { ([first.view, second?.view] + first.offsetViews + (second?.offsetViews ?? [])).compactMap { $0 } }

    /// The nearest view that contains every view of the constraint (a view contains itself).
    func commonAncestor() -> UIView? {
        let vs = views
        guard var ancestor = vs.first else { return nil }
        for v in vs.dropFirst() {
            while !v.isDescendant(of: ancestor) {
                guard let up = ancestor.superview else { return nil }
                ancestor = up
            }
        }
        return ancestor
    }

    open override var description: String { MainActor.assumeIsolated { LayoutReport.describe(self) } }
}

/// One side of a constraint: an item's attribute, or (`anchorWithOffset(to:)`) the distance
/// from one anchor to another.
@MainActor final class LayoutAnchorSpec {
    weak var item: AnyObject?
    let attribute: NSLayoutConstraint.Attribute
    /// For a distance: from and to.
    let offset: (from: LayoutAnchorSpec, to: LayoutAnchorSpec)?

    init(item: AnyObject?, attribute: NSLayoutConstraint.Attribute) {
        self.item = item
        self.attribute = attribute
        offset = nil
    }

    init(from: LayoutAnchorSpec, to: LayoutAnchorSpec) {
        item = nil
        attribute = from.attribute.axis == .horizontal ? .width : .height
        offset = (from, to)
    }

    /// The item (or an item of a distance) was released before the constraint was activated.
    var lostItem: Bool {
        if let offset { return offset.from.lostItem || offset.to.lostItem }
        return item == nil && attribute != .notAnAttribute
    }

    /// The view the attribute belongs to (a guide's owning view).
    var view: UIView? { (item as? UIView) ?? (item as? UILayoutGuide)?.owningView }
    var offsetViews: [UIView?] { offset.map { [$0.from.view, $0.to.view] } ?? [] }
}

import Foundation

/// A streamlined interface for laying out a collection of views in either a column or a row,
/// laid out here from explicit sizes until Auto Layout lands (issue 31): in `layoutSubviews`,
/// each visible arranged view gets a frame from its `intrinsicContentSize` (a label's, an image
/// view's, a button's, a switch's...) or, on an axis where it has none, its current size; hidden
/// arranged views collapse (no space, no spacing). The arithmetic is `StackLayout`'s.
/// https://developer.apple.com/documentation/uikit/uistackview
@MainActor open class UIStackView: UIView {
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
            if alignment == .firstBaseline || alignment == .lastBaseline {
                Diagnostics.once("UIStackView baseline", "\(describe): baseline alignment is laid out as center")
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

    private func arrangementChanged() {
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }

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

    // MARK: Layout

    private var horizontal: Bool { axis == .horizontal }

    /// A view's size as the stack takes it: intrinsic, else current, per axis.
    private func size(of view: UIView) -> CGSize {
        let intrinsic = view.intrinsicContentSize
        return CGSize(
            width: intrinsic.width == UIView.noIntrinsicMetric ? view.bounds.width : intrinsic.width,
            height: intrinsic.height == UIView.noIntrinsicMetric ? view.bounds.height : intrinsic.height)
    }

    private func spacing(after view: UIView) -> CGFloat {
        let custom = customSpacing(after: view)
        if custom == UIStackView.spacingUseDefault { return spacing == UIStackView.spacingUseSystem ? Self.systemSpacing : spacing }
        return custom == UIStackView.spacingUseSystem ? Self.systemSpacing : custom
    }

    private var visible: [UIView] { arrangedSubviews.filter { !$0.isHidden } }

    private func items() -> [StackLayout.Item] {
        visible.map { view in
            let s = size(of: view)
            return StackLayout.Item(
                length: horizontal ? s.width : s.height, breadth: horizontal ? s.height : s.width, spacingAfter: spacing(after: view),
                hugging: view is UISwitch || view is UIActivityIndicatorView ? 750 : 250)
        }
    }

    private var area: CGRect { isLayoutMarginsRelativeArrangement ? bounds.inset(by: layoutMargins) : bounds }

    private var stackLayout: StackLayout {
        let d: StackLayout.Distribution =
            switch distribution {
            case .fill: .fill
            case .fillEqually: .fillEqually
            case .fillProportionally: .fillProportionally
            case .equalSpacing: .equalSpacing
            case .equalCentering: .equalCentering
            }
        let a: StackLayout.Alignment =
            switch alignment {
            case .fill: .fill
            case .leading: .leading
            case .center, .firstBaseline, .lastBaseline: .center
            case .trailing: .trailing
            }
        return StackLayout(distribution: d, alignment: a)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let a = area
        let frames = stackLayout.frames(items(), length: horizontal ? a.width : a.height, breadth: horizontal ? a.height : a.width)
        for (view, f) in zip(visible, frames) {
            view.frame =
                horizontal
                ? CGRect(x: a.minX + f.0, y: a.minY + f.2, width: f.1, height: f.3)
                : CGRect(x: a.minX + f.2, y: a.minY + f.0, width: f.3, height: f.1)
        }
    }

    /// The arranged views' sizes and spacings end to end along the axis, the largest across it,
    /// plus the margins when the arrangement is relative to them (what Auto Layout would give
    /// the stack with no constraints of its own).
    open override var intrinsicContentSize: CGSize {
        let list = items()
        let length = list.map(\.length).reduce(0, +) + list.dropLast().map(\.spacingAfter).reduce(0, +)
        let breadth = list.map(\.breadth).max() ?? 0
        let m = isLayoutMarginsRelativeArrangement ? layoutMargins : .zero
        return horizontal
            ? CGSize(width: length + m.left + m.right, height: breadth + m.top + m.bottom)
            : CGSize(width: breadth + m.left + m.right, height: length + m.top + m.bottom)
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }
}

import Foundation

/// A view a collection view shows and reuses: a cell, a section header or footer. The collection
/// view makes registered classes with `init(frame:)` at the layout's frame for the element (your
/// override of it is called), applies
/// the layout's attributes (bounds, center, transform, alpha, zIndex) and calls
/// `prepareForReuse()` before handing a reused view out again.
/// https://developer.apple.com/documentation/uikit/uicollectionreusableview
@preconcurrency @MainActor open class UICollectionReusableView: UIView {
    public override init(frame: CGRect) { super.init(frame: frame) }
    /// Views are made in code here: a coder (a storyboard or XIB) is not read yet.
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// How a collection view makes a registered class (`register(_:forCellWithReuseIdentifier:)`):
    /// your subclass inherits it when it overrides `init(frame:)` or no initializer. Not Apple API
    /// (Objective-C makes registered classes without it).
    public required convenience init(_registeredForReuseIdentifier identifier: String, frame: CGRect) {
        self.init(frame: frame)
        reuseIdentifier = identifier
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionreusableview/1620145-reuseidentifier
    open internal(set) var reuseIdentifier: String?

    /// Called before a reused view is handed out by a dequeue call.
    /// https://developer.apple.com/documentation/uikit/uicollectionreusableview/1620141-prepareforreuse
    open func prepareForReuse() {}

    /// Called with the layout's attributes when they change (after the collection view set the
    /// view's bounds, center, transform, alpha and zPosition from them).
    /// https://developer.apple.com/documentation/uikit/uicollectionreusableview/1620139-apply
    open func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {}

    /// https://developer.apple.com/documentation/uikit/uicollectionreusableview/1620132-willtransition
    open func willTransition(from oldLayout: UICollectionViewLayout, to newLayout: UICollectionViewLayout) {}
    open func didTransition(from oldLayout: UICollectionViewLayout, to newLayout: UICollectionViewLayout) {}

    /// The attributes the view would have: when its layout sizes cells by their content (a flow
    /// layout with `estimatedItemSize`), a copy with the size its constraints give
    /// (`systemLayoutSizeFitting` of a cell's `contentView`, else of the view, from the
    /// attributes' size: each length as small as the constraints allow, the length across a
    /// list's lines held), rounded up to the screen's pixels; else the attributes as given (and
    /// for a view without constraints inside). Each view is solved on its own. Override it to
    /// size a cell your way (call super, change the size).
    /// https://developer.apple.com/documentation/uikit/uicollectionreusableview/1620132-preferredlayoutattributesfitting
    open func preferredLayoutAttributesFitting(_ layoutAttributes: UICollectionViewLayoutAttributes) -> UICollectionViewLayoutAttributes {
        guard let (horizontal, vertical) = owningCollectionView?.collectionViewLayout.selfSizingPriorities(for: layoutAttributes) else {
            return layoutAttributes
        }
        let measured = (self as? UICollectionViewCell)?.contentView ?? self
        guard measured.hasConstraintsInside else { return layoutAttributes }
        let fitted = measured.systemLayoutSizeFitting(
            layoutAttributes.size, withHorizontalFittingPriority: horizontal, verticalFittingPriority: vertical)
        let scale = traitCollection.displayScale > 0 ? traitCollection.displayScale : 1
        func pixels(_ length: CGFloat) -> CGFloat { length.isFinite ? (max(0, length) * scale - 0.0001).rounded(.up) / scale : 0 }
        guard let preferred = layoutAttributes.copy() as? UICollectionViewLayoutAttributes else { return layoutAttributes }
        preferred.frame = CGRect(origin: layoutAttributes.frame.origin, size: CGSize(width: pixels(fitted.width), height: pixels(fitted.height)))
        return preferred
    }

    /// The collection view that made or dequeued this view (its layout says how it sizes itself).
    weak var owningCollectionView: UICollectionView?

    /// The attributes last applied (the collection view applies changed ones only).
    var appliedAttributes: UICollectionViewLayoutAttributes?

    /// Sets the view's geometry from `attributes` as UIKit does (bounds size, center, the layer's
    /// transform, alpha, zPosition, hidden), then calls `apply(_:)`.
    func applyLayout(_ attributes: UICollectionViewLayoutAttributes) {
        if let last = appliedAttributes, last.isEqual(attributes) { return }
        appliedAttributes = attributes.copy() as? UICollectionViewLayoutAttributes
        layer.transform = CATransform3DIdentity
        bounds = CGRect(origin: bounds.origin, size: attributes.size)
        center = attributes.center
        layer.transform = attributes.transform3D
        alpha = attributes.alpha
        layer.zPosition = CGFloat(attributes.zIndex)
        isHidden = attributes.isHidden
        apply(attributes)
    }
}

/// A collection view's cell: a `contentView` for your subviews over an optional `backgroundView`
/// (and `selectedBackgroundView` while selected), each as large as the cell.
/// https://developer.apple.com/documentation/uikit/uicollectionviewcell
@preconcurrency @MainActor open class UICollectionViewCell: UICollectionReusableView {
    /// Add your subviews here.
    /// https://developer.apple.com/documentation/uikit/uicollectionviewcell/1620133-contentview
    public let contentView: UIView

    public override init(frame: CGRect) {
        contentView = UIView(frame: CGRect(origin: .zero, size: frame.size))
        super.init(frame: frame)
        setUp()
    }

    public required init?(coder: NSCoder) {
        contentView = UIView()
        super.init(coder: coder)
        setUp()
    }

    private func setUp() {
        contentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addSubview(contentView)
    }

    /// Drawn behind the content, as large as the cell.
    /// https://developer.apple.com/documentation/uikit/uicollectionviewcell/1620138-backgroundview
    open var backgroundView: UIView? {
        didSet {
            if oldValue !== backgroundView { oldValue?.removeFromSuperview() }
            if let v = backgroundView { insertSubview(v, at: 0) }
            setNeedsLayout()
        }
    }

    /// Drawn over the background view while the cell is selected or highlighted.
    /// https://developer.apple.com/documentation/uikit/uicollectionviewcell/1620140-selectedbackgroundview
    open var selectedBackgroundView: UIView? {
        didSet {
            if oldValue !== selectedBackgroundView { oldValue?.removeFromSuperview() }
            if let v = selectedBackgroundView { insertSubview(v, belowSubview: contentView) }
            setNeedsLayout()
        }
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionviewcell/1620130-isselected
    open var isSelected = false { didSet { setNeedsLayout() } }
    /// https://developer.apple.com/documentation/uikit/uicollectionviewcell/1620137-ishighlighted
    open var isHighlighted = false { didSet { setNeedsLayout() } }

    open override func prepareForReuse() {
        super.prepareForReuse()
        isSelected = false
        isHighlighted = false
    }

    /// The content, background and selected background fill the cell.
    open override func layoutSubviews() {
        super.layoutSubviews()
        let whole = bounds
        contentView.frame = whole
        backgroundView?.frame = whole
        if let selected = selectedBackgroundView {
            selected.frame = whole
            selected.isHidden = !(isSelected || isHighlighted)
        }
    }
}

import Foundation

/// Where a collection view shows one of its elements (a cell, a supplementary or decoration view):
/// its frame as center and size, its transform, alpha, zIndex and hidden state. The collection
/// view applies them to the view it shows (bounds, center, layer transform, alpha, zPosition).
/// https://developer.apple.com/documentation/uikit/uicollectionviewlayoutattributes
open class UICollectionViewLayoutAttributes: NSObject, NSCopying {
    /// https://developer.apple.com/documentation/uikit/uicollectionviewlayoutattributes/1617728-frame
    open var frame: CGRect {
        get { CGRect(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height) }
        set {
            size = newValue.size
            center = CGPoint(x: newValue.midX, y: newValue.midY)
        }
    }
    /// https://developer.apple.com/documentation/uikit/uicollectionviewlayoutattributes/1617787-center
    open var center = CGPoint.zero
    /// https://developer.apple.com/documentation/uikit/uicollectionviewlayoutattributes/1617790-size
    open var size = CGSize.zero
    /// https://developer.apple.com/documentation/uikit/uicollectionviewlayoutattributes/1617776-bounds
    open var bounds: CGRect {
        get { CGRect(origin: .zero, size: size) }
        set { size = newValue.size }
    }
    /// https://developer.apple.com/documentation/uikit/uicollectionviewlayoutattributes/1617769-transform3d
    open var transform3D = CATransform3DIdentity
    /// https://developer.apple.com/documentation/uikit/uicollectionviewlayoutattributes/1617725-transform
    open var transform: CGAffineTransform {
        get { CATransform3DGetAffineTransform(transform3D) }
        set { transform3D = CATransform3DMakeAffineTransform(newValue) }
    }
    /// https://developer.apple.com/documentation/uikit/uicollectionviewlayoutattributes/1617746-alpha
    open var alpha: CGFloat = 1
    /// https://developer.apple.com/documentation/uikit/uicollectionviewlayoutattributes/1617768-zindex
    open var zIndex = 0
    /// https://developer.apple.com/documentation/uikit/uicollectionviewlayoutattributes/1617750-ishidden
    open var isHidden = false
    /// https://developer.apple.com/documentation/uikit/uicollectionviewlayoutattributes/1617749-indexpath
    open var indexPath = IndexPath(item: 0, section: 0)
    /// https://developer.apple.com/documentation/uikit/uicollectionviewlayoutattributes/1617741-representedelementcategory
    open internal(set) var representedElementCategory = UICollectionView.ElementCategory.cell
    /// nil for a cell.
    /// https://developer.apple.com/documentation/uikit/uicollectionviewlayoutattributes/1617786-representedelementkind
    open internal(set) var representedElementKind: String?

    public required override init() { super.init() }

    /// https://developer.apple.com/documentation/uikit/uicollectionviewlayoutattributes/1617759-init
    public convenience init(forCellWith indexPath: IndexPath) {
        self.init()
        self.indexPath = indexPath
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionviewlayoutattributes/1617800-init
    public convenience init(forSupplementaryViewOfKind elementKind: String, with indexPath: IndexPath) {
        self.init()
        self.indexPath = indexPath
        representedElementCategory = .supplementaryView
        representedElementKind = elementKind
    }

    /// A decoration view's: the collection view shows a view of the class or nib the layout
    /// registered for the kind (`register(_:forDecorationViewOfKind:)`).
    /// https://developer.apple.com/documentation/uikit/uicollectionviewlayoutattributes/1617794-init
    public convenience init(forDecorationViewOfKind decorationViewKind: String, with indexPath: IndexPath) {
        self.init()
        self.indexPath = indexPath
        representedElementCategory = .decorationView
        representedElementKind = decorationViewKind
    }

    /// A copy of the same class: subclasses that add properties override it and copy theirs.
    /// https://developer.apple.com/documentation/foundation/nscopying/1410311-copy
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = type(of: self).init()
        copy.center = center; copy.size = size; copy.transform3D = transform3D
        copy.alpha = alpha; copy.zIndex = zIndex; copy.isHidden = isHidden; copy.indexPath = indexPath
        copy.representedElementCategory = representedElementCategory
        copy.representedElementKind = representedElementKind
        return copy
    }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let o = object as? UICollectionViewLayoutAttributes, type(of: o) == type(of: self) else { return false }
        return center == o.center && size == o.size && transform3D == o.transform3D && alpha == o.alpha && zIndex == o.zIndex
            && isHidden == o.isHidden && indexPath == o.indexPath && representedElementCategory == o.representedElementCategory
            && representedElementKind == o.representedElementKind
    }

    open override var description: String {
        let kind = representedElementKind.map { " \($0)" } ?? ""
        return "<\(type(of: self))\(kind) \(indexPath) frame \(frame) alpha \(alpha) zIndex \(zIndex)\(isHidden ? " hidden" : "")>"
    }
}

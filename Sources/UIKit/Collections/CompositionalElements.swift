import Foundation

// The pieces a compositional layout is built from, as UIKit names them: sizes made of
// dimensions, items, groups of items, sections of groups, boundary supplementary items. How they
// are placed is in CompositionalLayout.swift.

/// One length of an element: a fraction of its container's width or height, points, or an
/// estimate in points that the cell's own size (its constraints) replaces once it is shown.
/// https://developer.apple.com/documentation/uikit/nscollectionlayoutdimension
@preconcurrency @MainActor public final class NSCollectionLayoutDimension: NSObject {
    enum Kind: Equatable { case fractionalWidth, fractionalHeight, absolute, estimated }
    let kind: Kind
    /// https://developer.apple.com/documentation/uikit/nscollectionlayoutdimension/dimension
    public let dimension: CGFloat

    private init(_ kind: Kind, _ dimension: CGFloat) {
        self.kind = kind
        self.dimension = dimension
    }

    /// https://developer.apple.com/documentation/uikit/nscollectionlayoutdimension/fractionalwidth(_:)
    public static func fractionalWidth(_ fractionalWidth: CGFloat) -> NSCollectionLayoutDimension { .init(.fractionalWidth, fractionalWidth) }
    /// https://developer.apple.com/documentation/uikit/nscollectionlayoutdimension/fractionalheight(_:)
    public static func fractionalHeight(_ fractionalHeight: CGFloat) -> NSCollectionLayoutDimension { .init(.fractionalHeight, fractionalHeight) }
    /// https://developer.apple.com/documentation/uikit/nscollectionlayoutdimension/absolute(_:)
    public static func absolute(_ absoluteDimension: CGFloat) -> NSCollectionLayoutDimension { .init(.absolute, absoluteDimension) }
    /// https://developer.apple.com/documentation/uikit/nscollectionlayoutdimension/estimated(_:)
    public static func estimated(_ estimatedDimension: CGFloat) -> NSCollectionLayoutDimension { .init(.estimated, estimatedDimension) }

    public var isFractionalWidth: Bool { kind == .fractionalWidth }
    public var isFractionalHeight: Bool { kind == .fractionalHeight }
    public var isAbsolute: Bool { kind == .absolute }
    public var isEstimated: Bool { kind == .estimated }

    /// The length in points in a container of `size`.
    func resolved(in size: CGSize) -> CGFloat {
        switch kind {
        case .fractionalWidth: dimension * size.width
        case .fractionalHeight: dimension * size.height
        case .absolute, .estimated: dimension
        }
    }
}

/// A width and a height.
/// https://developer.apple.com/documentation/uikit/nscollectionlayoutsize
@preconcurrency @MainActor public final class NSCollectionLayoutSize: NSObject {
    public let widthDimension: NSCollectionLayoutDimension
    public let heightDimension: NSCollectionLayoutDimension
    public init(widthDimension width: NSCollectionLayoutDimension, heightDimension height: NSCollectionLayoutDimension) {
        widthDimension = width
        heightDimension = height
    }

    func resolved(in size: CGSize) -> CGSize { CGSize(width: widthDimension.resolved(in: size), height: heightDimension.resolved(in: size)) }
}

/// The space between a group's items: exactly so many points, or at least so many (the group's
/// spare length shared equally between its items).
/// https://developer.apple.com/documentation/uikit/nscollectionlayoutspacing
@preconcurrency @MainActor public final class NSCollectionLayoutSpacing: NSObject {
    public let spacing: CGFloat
    public let isFlexibleSpacing: Bool
    private init(_ spacing: CGFloat, flexible: Bool) {
        self.spacing = spacing
        isFlexibleSpacing = flexible
    }
    public var isFixedSpacing: Bool { !isFlexibleSpacing }
    /// https://developer.apple.com/documentation/uikit/nscollectionlayoutspacing/fixed(_:)
    public static func fixed(_ fixedSpacing: CGFloat) -> NSCollectionLayoutSpacing { .init(fixedSpacing, flexible: false) }
    /// https://developer.apple.com/documentation/uikit/nscollectionlayoutspacing/flexible(_:)
    public static func flexible(_ flexibleSpacing: CGFloat) -> NSCollectionLayoutSpacing { .init(flexibleSpacing, flexible: true) }
}

/// The basic element: a cell of `layoutSize`, drawn inset by `contentInsets` (not along a length
/// that is estimated: there the cell's own size rules, as in UIKit).
/// https://developer.apple.com/documentation/uikit/nscollectionlayoutitem
@preconcurrency @MainActor open class NSCollectionLayoutItem: NSObject {
    public let layoutSize: NSCollectionLayoutSize
    /// https://developer.apple.com/documentation/uikit/nscollectionlayoutitem/contentinsets
    public var contentInsets = NSDirectionalEdgeInsets.zero

    public init(layoutSize: NSCollectionLayoutSize) { self.layoutSize = layoutSize }
}

/// Items side by side (horizontal), one above the other (vertical): the subitems repeated in
/// order while they fit the group's length, or `count` copies of one sharing it equally.
/// https://developer.apple.com/documentation/uikit/nscollectionlayoutgroup
@preconcurrency @MainActor public final class NSCollectionLayoutGroup: NSCollectionLayoutItem {
    enum Axis { case horizontal, vertical }
    let axis: Axis
    public let subitems: [NSCollectionLayoutItem]
    /// The copies of the one subitem, when the group was made with a count.
    let count: Int?
    /// https://developer.apple.com/documentation/uikit/nscollectionlayoutgroup/interitemspacing
    public var interItemSpacing: NSCollectionLayoutSpacing?

    private init(_ axis: Axis, _ size: NSCollectionLayoutSize, _ subitems: [NSCollectionLayoutItem], count: Int?) {
        self.axis = axis
        self.subitems = subitems
        self.count = count
        super.init(layoutSize: size)
    }

    /// https://developer.apple.com/documentation/uikit/nscollectionlayoutgroup/horizontal(layoutsize:subitems:)
    public static func horizontal(layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem]) -> NSCollectionLayoutGroup {
        make(.horizontal, layoutSize, subitems, count: nil)
    }
    /// https://developer.apple.com/documentation/uikit/nscollectionlayoutgroup/horizontal(layoutsize:subitem:count:)
    public static func horizontal(layoutSize: NSCollectionLayoutSize, subitem: NSCollectionLayoutItem, count: Int) -> NSCollectionLayoutGroup {
        make(.horizontal, layoutSize, [subitem], count: count)
    }
    /// https://developer.apple.com/documentation/uikit/nscollectionlayoutgroup/horizontal(layoutsize:repeatingsubitem:count:)
    public static func horizontal(layoutSize: NSCollectionLayoutSize, repeatingSubitem subitem: NSCollectionLayoutItem, count: Int)
        -> NSCollectionLayoutGroup
    {
        make(.horizontal, layoutSize, [subitem], count: count)
    }
    /// https://developer.apple.com/documentation/uikit/nscollectionlayoutgroup/vertical(layoutsize:subitems:)
    public static func vertical(layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem]) -> NSCollectionLayoutGroup {
        make(.vertical, layoutSize, subitems, count: nil)
    }
    /// https://developer.apple.com/documentation/uikit/nscollectionlayoutgroup/vertical(layoutsize:subitem:count:)
    public static func vertical(layoutSize: NSCollectionLayoutSize, subitem: NSCollectionLayoutItem, count: Int) -> NSCollectionLayoutGroup {
        make(.vertical, layoutSize, [subitem], count: count)
    }
    /// https://developer.apple.com/documentation/uikit/nscollectionlayoutgroup/vertical(layoutsize:repeatingsubitem:count:)
    public static func vertical(layoutSize: NSCollectionLayoutSize, repeatingSubitem subitem: NSCollectionLayoutItem, count: Int)
        -> NSCollectionLayoutGroup
    {
        make(.vertical, layoutSize, [subitem], count: count)
    }

    /// A group needs a subitem and a positive count; else one of no items is made and it is said
    /// (iOS stops the app).
    private static func make(_ axis: Axis, _ size: NSCollectionLayoutSize, _ subitems: [NSCollectionLayoutItem], count: Int?)
        -> NSCollectionLayoutGroup
    {
        if subitems.isEmpty || (count ?? 1) < 1 {
            let message =
                "error: NSCollectionLayoutGroup.\(axis): a group needs at least one subitem and a count of at least 1 (got \(subitems.count) "
                + "subitems\(count.map { ", count \($0)" } ?? "")); iOS stops the app here; the group holds no items"
            Diagnostics.once(message, message)
            return NSCollectionLayoutGroup(axis, size, [], count: nil)
        }
        return NSCollectionLayoutGroup(axis, size, subitems, count: count)
    }
}

/// Where a supplementary item sits against its container.
/// https://developer.apple.com/documentation/uikit/nsrectalignment
public enum NSRectAlignment: Int, Sendable {
    case none = 0, top, topLeading, leading, bottomLeading, bottom, bottomTrailing, trailing, topTrailing
}

/// A supplementary view's size and kind.
/// https://developer.apple.com/documentation/uikit/nscollectionlayoutsupplementaryitem
@preconcurrency @MainActor open class NSCollectionLayoutSupplementaryItem: NSCollectionLayoutItem {
    public let elementKind: String
    /// https://developer.apple.com/documentation/uikit/nscollectionlayoutsupplementaryitem/zindex
    public var zIndex = 1

    init(layoutSize: NSCollectionLayoutSize, elementKind: String) {
        self.elementKind = elementKind
        super.init(layoutSize: layoutSize)
    }
}

/// A view behind a section (`background(elementKind:)`), made from the class or nib the layout
/// registered for its kind (`register(_:forDecorationViewOfKind:)`), not by the data source.
/// https://developer.apple.com/documentation/uikit/nscollectionlayoutdecorationitem
@preconcurrency @MainActor public final class NSCollectionLayoutDecorationItem: NSCollectionLayoutItem {
    /// https://developer.apple.com/documentation/uikit/nscollectionlayoutdecorationitem/elementkind
    public let elementKind: String
    /// 0, the default, is below every item of the section (Apple's documentation); a larger
    /// value is its layer's `zPosition`, as an item's is.
    /// https://developer.apple.com/documentation/uikit/nscollectionlayoutdecorationitem/zindex
    public var zIndex = 0

    init(elementKind: String) {
        self.elementKind = elementKind
        super.init(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
    }

    /// A background covering its section.
    /// https://developer.apple.com/documentation/uikit/nscollectionlayoutdecorationitem/background(elementkind:)
    public static func background(elementKind: String) -> NSCollectionLayoutDecorationItem {
        NSCollectionLayoutDecorationItem(elementKind: elementKind)
    }
}

/// A header or footer of a section, or of the whole layout: across its width (a vertical layout)
/// at the top (`.top`) or bottom (`.bottom`), taking room from the content
/// (`extendsBoundary`), optionally held at the visible bounds' edge while its section is on
/// screen (`pinToVisibleBounds`). Leading and trailing alignments (a horizontal layout's) are
/// placed like top and bottom along its scroll axis.
/// https://developer.apple.com/documentation/uikit/nscollectionlayoutboundarysupplementaryitem
@preconcurrency @MainActor public final class NSCollectionLayoutBoundarySupplementaryItem: NSCollectionLayoutSupplementaryItem {
    public let alignment: NSRectAlignment
    public let offset: CGPoint
    /// https://developer.apple.com/documentation/uikit/nscollectionlayoutboundarysupplementaryitem/extendsboundary
    public var extendsBoundary = true
    /// https://developer.apple.com/documentation/uikit/nscollectionlayoutboundarysupplementaryitem/pintovisiblebounds
    public var pinToVisibleBounds = false

    public init(layoutSize: NSCollectionLayoutSize, elementKind: String, alignment: NSRectAlignment) {
        self.alignment = alignment
        offset = .zero
        super.init(layoutSize: layoutSize, elementKind: elementKind)
    }

    public init(layoutSize: NSCollectionLayoutSize, elementKind: String, alignment: NSRectAlignment, absoluteOffset: CGPoint) {
        self.alignment = alignment
        offset = absoluteOffset
        super.init(layoutSize: layoutSize, elementKind: elementKind)
    }

    /// Whether it comes before the content along the scroll axis (a header).
    var leads: Bool { [.top, .topLeading, .leading, .topTrailing].contains(alignment) }
}

/// How a section scrolls across the layout's direction (a row that scrolls sideways in a
/// vertical layout).
/// https://developer.apple.com/documentation/uikit/uicollectionlayoutsectionorthogonalscrollingbehavior
public enum UICollectionLayoutSectionOrthogonalScrollingBehavior: Int, Sendable {
    case none = 0, continuous, continuousGroupLeadingBoundary, paging, groupPaging, groupPagingCentered
}

/// What content insets are measured from.
/// https://developer.apple.com/documentation/uikit/uicontentinsetsreference
public enum UIContentInsetsReference: Int, Sendable {
    case automatic = 0, none, safeArea, layoutMargins
}

/// The groups of a section: stacked along the layout's direction `interGroupSpacing` apart, or,
/// when `orthogonalScrollingBehavior` is set, side by side in a row that scrolls across it.
/// https://developer.apple.com/documentation/uikit/nscollectionlayoutsection
@preconcurrency @MainActor public final class NSCollectionLayoutSection: NSObject {
    public let group: NSCollectionLayoutGroup
    public var contentInsets = NSDirectionalEdgeInsets.zero
    public var interGroupSpacing: CGFloat = 0
    public var orthogonalScrollingBehavior = UICollectionLayoutSectionOrthogonalScrollingBehavior.none
    public var boundarySupplementaryItems: [NSCollectionLayoutBoundarySupplementaryItem] = []
    /// Views behind the section (a background): each as large as the section with its headers,
    /// footers and content insets, less the decoration item's own `contentInsets`.
    /// https://developer.apple.com/documentation/uikit/nscollectionlayoutsection/decorationitems
    public var decorationItems: [NSCollectionLayoutDecorationItem] = []
    /// Whether headers and footers are inset across the layout as the content is (true).
    /// https://developer.apple.com/documentation/uikit/nscollectionlayoutsection/supplementariesfollowcontentinsets
    public var supplementariesFollowContentInsets = true
    public var contentInsetsReference = UIContentInsetsReference.automatic
    /// Called before each layout of the section's visible items with them (their transform,
    /// alpha and zIndex may be changed), the offset its row is scrolled to, and the environment.
    /// https://developer.apple.com/documentation/uikit/nscollectionlayoutsection/visibleitemsinvalidationhandler
    public var visibleItemsInvalidationHandler: NSCollectionLayoutSectionVisibleItemsInvalidationHandler?

    public init(group: NSCollectionLayoutGroup) { self.group = group }
}

/// https://developer.apple.com/documentation/uikit/nscollectionlayoutsectionvisibleitemsinvalidationhandler
public typealias NSCollectionLayoutSectionVisibleItemsInvalidationHandler =
    @MainActor ([any NSCollectionLayoutVisibleItem], CGPoint, any NSCollectionLayoutEnvironment) -> Void

/// An item on screen, as the visible-items handler sees and changes it.
/// https://developer.apple.com/documentation/uikit/nscollectionlayoutvisibleitem
@preconcurrency @MainActor public protocol NSCollectionLayoutVisibleItem: AnyObject {
    var frame: CGRect { get }
    var bounds: CGRect { get }
    var center: CGPoint { get set }
    var alpha: CGFloat { get set }
    var transform: CGAffineTransform { get set }
    var transform3D: CATransform3D { get set }
    var zIndex: Int { get set }
    var isHidden: Bool { get set }
    var indexPath: IndexPath { get }
    var name: String { get }
    var representedElementCategory: UICollectionView.ElementCategory { get }
    var representedElementKind: String? { get }
}

extension UICollectionViewLayoutAttributes: NSCollectionLayoutVisibleItem {
    /// The element's kind, or "" for a cell.
    public var name: String { representedElementKind ?? "" }
}

/// The size a layout's elements are measured in.
/// https://developer.apple.com/documentation/uikit/nscollectionlayoutcontainer
@preconcurrency @MainActor public protocol NSCollectionLayoutContainer: AnyObject {
    var contentSize: CGSize { get }
    var effectiveContentSize: CGSize { get }
    var contentInsets: NSDirectionalEdgeInsets { get }
    var effectiveContentInsets: NSDirectionalEdgeInsets { get }
}

/// What a section provider is told: the container (the collection view's size and insets) and
/// the traits.
/// https://developer.apple.com/documentation/uikit/nscollectionlayoutenvironment
@preconcurrency @MainActor public protocol NSCollectionLayoutEnvironment: AnyObject {
    var container: any NSCollectionLayoutContainer { get }
    var traitCollection: UITraitCollection { get }
}

@MainActor final class LayoutContainer: NSCollectionLayoutContainer, NSCollectionLayoutEnvironment {
    let contentSize: CGSize
    let contentInsets: NSDirectionalEdgeInsets
    let traitCollection: UITraitCollection
    init(contentSize: CGSize, contentInsets: NSDirectionalEdgeInsets, traitCollection: UITraitCollection) {
        self.contentSize = contentSize
        self.contentInsets = contentInsets
        self.traitCollection = traitCollection
    }
    var effectiveContentInsets: NSDirectionalEdgeInsets { contentInsets }
    var effectiveContentSize: CGSize {
        CGSize(
            width: max(0, contentSize.width - contentInsets.leading - contentInsets.trailing),
            height: max(0, contentSize.height - contentInsets.top - contentInsets.bottom))
    }
    var container: any NSCollectionLayoutContainer { self }
}

/// The layout's direction, spacing between sections, and its own headers and footers.
/// https://developer.apple.com/documentation/uikit/uicollectionviewcompositionallayoutconfiguration
@preconcurrency @MainActor public final class UICollectionViewCompositionalLayoutConfiguration: NSObject {
    public var scrollDirection = UICollectionView.ScrollDirection.vertical
    public var interSectionSpacing: CGFloat = 0
    public var boundarySupplementaryItems: [NSCollectionLayoutBoundarySupplementaryItem] = []
    public var contentInsetsReference = UIContentInsetsReference.automatic
    public override init() { super.init() }
}

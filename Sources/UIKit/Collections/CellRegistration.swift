import Foundation

/// A registration's reuse identifier: one per registration made (its copies share it).
@MainActor final class RegistrationToken {
    private static var made = 0
    let identifier: String
    init(_ kind: String) {
        Self.made += 1
        identifier = "\(kind)-registration-\(Self.made)"
    }
}

extension UICollectionView {
    /// A cell class and how to configure it for an item: made once (before the cells are asked
    /// for, as UIKit requires), used in the cell provider with
    /// `dequeueConfiguredReusableCell(using:for:item:)`.
    /// https://developer.apple.com/documentation/uikit/uicollectionview/cellregistration
    @MainActor public struct CellRegistration<Cell: UICollectionViewCell, Item> {
        public typealias Handler = @MainActor (Cell, IndexPath, Item) -> Void
        let token = RegistrationToken("cell")
        let handler: Handler
        public init(handler: @escaping Handler) { self.handler = handler }
    }

    /// A supplementary view class of a kind and how to configure it, used with
    /// `dequeueConfiguredReusableSupplementary(using:for:)`.
    /// https://developer.apple.com/documentation/uikit/uicollectionview/supplementaryregistration
    @MainActor public struct SupplementaryRegistration<Supplementary: UICollectionReusableView> {
        public typealias Handler = @MainActor (Supplementary, String, IndexPath) -> Void
        public let elementKind: String
        let token = RegistrationToken("supplementary")
        let handler: Handler
        public init(elementKind: String, handler: @escaping Handler) {
            self.elementKind = elementKind
            self.handler = handler
        }
    }

    /// A cell of the registration's class (reused or new), configured by its handler for `item`
    /// (not called when `item` is nil).
    /// https://developer.apple.com/documentation/uikit/uicollectionview/dequeueconfiguredreusablecell(using:for:item:)
    public func dequeueConfiguredReusableCell<Cell: UICollectionViewCell, Item>(
        using registration: CellRegistration<Cell, Item>, for indexPath: IndexPath, item: Item?
    ) -> Cell {
        let id = registration.token.identifier
        if cellClasses[id] == nil { register(Cell.self, forCellWithReuseIdentifier: id) }
        let cell = dequeueReusableCell(withReuseIdentifier: id, for: indexPath) as! Cell
        if let item { registration.handler(cell, indexPath, item) }
        return cell
    }

    /// A supplementary view of the registration's class and kind, configured by its handler.
    /// https://developer.apple.com/documentation/uikit/uicollectionview/dequeueconfiguredreusablesupplementary(using:for:)
    public func dequeueConfiguredReusableSupplementary<Supplementary: UICollectionReusableView>(
        using registration: SupplementaryRegistration<Supplementary>, for indexPath: IndexPath
    ) -> Supplementary {
        let id = registration.token.identifier
        let kind = registration.elementKind
        if supplementaryClasses[kind + "/" + id] == nil { register(Supplementary.self, forSupplementaryViewOfKind: kind, withReuseIdentifier: id) }
        let view = dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: id, for: indexPath) as! Supplementary
        registration.handler(view, kind, indexPath)
        return view
    }
}

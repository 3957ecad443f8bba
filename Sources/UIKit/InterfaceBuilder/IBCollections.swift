import Foundation

/// Collection views as Interface Builder writes them: the layout (`collectionViewFlowLayout` with
/// its spacing, sizes, direction and insets, or a custom `collectionViewLayout` class) made with
/// `init?(coder:)` and given to the view, as UICollectionView's `init?(coder:)` does; prototype
/// cells and the flow layout's header and footer views registered under their reuse identifiers
/// as nibs of one view.
@MainActor enum IBCollections {
    static func decodeCollectionView(_ view: UICollectionView, _ e: IBElement, _ l: IBLoading) throws {
        try IBViewKinds.decodeScrollView(view, e, l)
        if let layoutElement = e.children.first(where: { $0["key"] == "collectionViewLayout" }) {
            let base: UICollectionViewLayout.Type = layoutElement.name == "collectionViewFlowLayout" ? UICollectionViewFlowLayout.self : UICollectionViewLayout.self
            let type = try l.resolveClass(layoutElement, base: base)
            guard let layout = type.init(coder: InterfaceBuilderCoder(element: layoutElement, loading: l)) else {
                throw l.error(layoutElement, "\(type).init(coder:) returned nil", "let init?(coder:) call super.init(coder:) and return the layout")
            }
            try l.finishErrors()
            l.register(layout, layoutElement)
            if let flow = layout as? UICollectionViewFlowLayout { decodeFlowLayout(flow, layoutElement) }
            l.collect(layoutElement, layout, guidesOf: nil)
            view.collectionViewLayout = layout
        }
        for cell in e.child("cells")?.children ?? [] {
            guard let identifier = cell["reuseIdentifier"] else {
                Diagnostics.once("IB prototype \(l.document.at(cell))", "\(l.document.at(cell)): a prototype cell without a reuse identifier is never dequeued")
                continue
            }
            _ = try l.resolveClass(cell, base: UICollectionViewCell.self)
            view.register(UINib(prototype: cell, of: l.document, bundle: l.bundle), forCellWithReuseIdentifier: identifier)
        }
        let kinds = [("sectionHeaderView", UICollectionView.elementKindSectionHeader), ("sectionFooterView", UICollectionView.elementKindSectionFooter)]
        for (key, kind) in kinds {
            guard let supplementary = e.children.first(where: { $0["key"] == key }) else { continue }
            guard let identifier = supplementary["reuseIdentifier"] else {
                Diagnostics.once(
                    "IB prototype \(l.document.at(supplementary))",
                    "\(l.document.at(supplementary)): a section \(key == "sectionHeaderView" ? "header" : "footer") without a reuse identifier is never dequeued")
                continue
            }
            _ = try l.resolveClass(supplementary, base: UICollectionReusableView.self)
            view.register(UINib(prototype: supplementary, of: l.document, bundle: l.bundle), forSupplementaryViewOfKind: kind, withReuseIdentifier: identifier)
        }
    }

    /// The flow layout's attributes as IB writes them (`minimumLineSpacing="10"`,
    /// `<size key="itemSize">`, `<inset key="sectionInset" minX= minY= maxX= maxY=>`).
    static func decodeFlowLayout(_ flow: UICollectionViewFlowLayout, _ e: IBElement) {
        if let v = e.number("minimumLineSpacing") { flow.minimumLineSpacing = v }
        if let v = e.number("minimumInteritemSpacing") { flow.minimumInteritemSpacing = v }
        if e["scrollDirection"] == "horizontal" { flow.scrollDirection = .horizontal }
        if let v = e.bool("sectionHeadersPinToVisibleBounds") { flow.sectionHeadersPinToVisibleBounds = v }
        if let v = e.bool("sectionFootersPinToVisibleBounds") { flow.sectionFootersPinToVisibleBounds = v }
        if let s = e.child("size", key: "itemSize") { flow.itemSize = s.size }
        if let s = e.child("size", key: "estimatedItemSize") { flow.estimatedItemSize = s.size }
        if let s = e.child("size", key: "headerReferenceSize") { flow.headerReferenceSize = s.size }
        if let s = e.child("size", key: "footerReferenceSize") { flow.footerReferenceSize = s.size }
        if let i = e.child("inset", key: "sectionInset") { flow.sectionInset = i.insets }
    }

    /// A cell's content view (`collectionViewCellContentView`, or a `view` keyed `contentView`
    /// in files of older Xcodes) with its subviews and constraints; the reuse identifier.
    static func decodeCell(_ cell: UICollectionViewCell, _ e: IBElement, _ l: IBLoading) throws {
        cell.reuseIdentifier = e["reuseIdentifier"]
        guard let content = e.children.first(where: { $0["key"] == "contentView" }) else { return }
        l.register(cell.contentView, content)
        try IBViewKinds.decodeView(cell.contentView, content, l)
        try l.addSubviews(of: content, to: cell.contentView)
        l.collect(content, cell.contentView, guidesOf: cell.contentView)
    }

    static func decodeReusableView(_ view: UICollectionReusableView, _ e: IBElement) {
        view.reuseIdentifier = e["reuseIdentifier"]
    }
}

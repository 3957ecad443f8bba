import Foundation

/// Table views and their cells as Interface Builder writes them: the table's style (read in its
/// `init?(coder:)`), row height, separators, header and footer views, and prototype cells, each
/// registered under its reuse identifier as a nib of one cell.
@MainActor enum IBTables {
    static func decodeTable(_ table: UITableView, _ e: IBElement, _ l: IBLoading) throws {
        try IBViewKinds.decodeScrollView(table, e, l)
        switch e["separatorStyle"] {
        case "none": table.separatorStyle = .none
        case "singleLineEtched": table.separatorStyle = .singleLineEtched
        case "default", "singleLine": table.separatorStyle = .singleLine
        default: break
        }
        if case .some(let c) = try IBViewKinds.color(e, "separatorColor", l) { table.separatorColor = c }
        if let i = e.child("inset", key: "separatorInset") { table.separatorInset = i.insets }
        // -1 is UITableView.automaticDimension, as IB writes it.
        if let v = e.number("rowHeight") { table.rowHeight = v }
        if let v = e.number("estimatedRowHeight") { table.estimatedRowHeight = v }
        if let v = e.number("sectionHeaderHeight") { table.sectionHeaderHeight = v }
        if let v = e.number("sectionFooterHeight") { table.sectionFooterHeight = v }
        if let v = e.number("estimatedSectionHeaderHeight") { table.estimatedSectionHeaderHeight = v }
        if let v = e.number("estimatedSectionFooterHeight") { table.estimatedSectionFooterHeight = v }
        if let v = e.bool("allowsSelection") { table.allowsSelection = v }
        if let v = e.bool("cellLayoutMarginsFollowReadableWidth") { table.cellLayoutMarginsFollowReadableWidth = v }
        if let h = e.children.first(where: { $0["key"] == "tableHeaderView" }) { table.tableHeaderView = try l.makeView(h) }
        if let f = e.children.first(where: { $0["key"] == "tableFooterView" }) { table.tableFooterView = try l.makeView(f) }
        for cell in e.child("prototypes")?.all("tableViewCell") ?? [] {
            guard let identifier = cell["reuseIdentifier"] else {
                Diagnostics.once("IB prototype \(l.document.at(cell))", "\(l.document.at(cell)): a prototype cell without a reuse identifier is never dequeued")
                continue
            }
            // Checked now, made at each dequeue.
            _ = try l.resolveClass(cell, base: UITableViewCell.self)
            table.register(UINib(prototype: cell, of: l.document, bundle: l.bundle), forCellReuseIdentifier: identifier)
        }
        if e["dataMode"] == "static" {
            Diagnostics.once("IB static \(l.document.at(e))", "\(l.document.at(e)): a table's static cells are not read: give it a data source")
        }
    }

    /// A cell's own attributes and its content view: the content view's subviews and constraints,
    /// and the labels and image view a styled cell names (`textLabel="id"`), read into the cell's own.
    static func decodeCell(_ cell: UITableViewCell, _ e: IBElement, _ l: IBLoading) throws {
        let accessories: [String: UITableViewCell.AccessoryType] = [
            "disclosureIndicator": .disclosureIndicator, "checkmark": .checkmark, "detailButton": .detailButton,
            "detailDisclosureButton": .detailDisclosureButton,
        ]
        if let a = e["accessoryType"], let v = accessories[a] { cell.accessoryType = v }
        let selections: [String: UITableViewCell.SelectionStyle] = ["none": .none, "blue": .blue, "gray": .gray, "default": .default]
        if let s = e["selectionStyle"], let v = selections[s] { cell.selectionStyle = v }
        if let v = e.int("indentationLevel") { cell.indentationLevel = v }
        if let v = e.number("indentationWidth") { cell.indentationWidth = v }
        if let i = e.child("inset", key: "separatorInset") { cell.separatorInset = i.insets }
        guard let content = e.child("tableViewCellContentView", key: "contentView") else { return }
        l.register(cell.contentView, content)
        try IBViewKinds.decodeView(cell.contentView, content, l)
        // The frame IB stored is the cell's at design time: the cell lays its content view out.
        let own: [(String, UIView?)] = [
            ("textLabel", cell.textLabel as UIView?), ("detailTextLabel", cell.detailTextLabel as UIView?), ("imageView", cell.imageView as UIView?),
        ]
        var ownIDs: [String: UIView] = [:]
        for (attribute, view) in own { if let id = e[attribute], let view { ownIDs[id] = view } }
        for s in content.child("subviews")?.children ?? [] {
            if let id = s.id, let view = ownIDs[id] {
                l.register(view, s)
                if let label = view as? UILabel { try IBViewKinds.decodeLabel(label, s, l) }
                if let image = view as? UIImageView { try IBViewKinds.decodeImageView(image, s, l) }
                continue
            }
            cell.contentView.addSubview(try l.makeView(s))
        }
        l.collect(content, cell.contentView, guidesOf: cell.contentView)
    }
}

extension UITableView {
    /// Cells of `nib` (its one top-level object, a UITableViewCell) for `identifier`; a class
    /// registered for the identifier before is forgotten, as UIKit does.
    /// https://developer.apple.com/documentation/uikit/uitableview/1614937-register
    public func register(_ nib: UINib?, forCellReuseIdentifier identifier: String) {
        if nib != nil { register(nil as AnyClass?, forCellReuseIdentifier: identifier) }
        cellNibs[identifier] = nib
    }
}

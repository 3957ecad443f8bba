import Foundation

/// The state of a diffable data source's data: sections in order, each with its items in order,
/// every identifier unique (a section's among sections, an item's among all items).
///
/// What iOS stops the app for (`NSInternalInconsistencyException`: identifiers that are not
/// unique, items appended with no section, an identifier named that the snapshot does not hold)
/// is said here as an error in the run's messages, and the call changes nothing: the layout is
/// never silently wrong.
/// https://developer.apple.com/documentation/uikit/nsdiffabledatasourcesnapshot
public struct NSDiffableDataSourceSnapshot<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable>: Sendable {
    private var sections: [SectionIdentifierType] = []
    private var items: [[ItemIdentifierType]] = []
    /// Where each item is: its section's index.
    private var sectionOfItem: [ItemIdentifierType: Int] = [:]

    /// https://developer.apple.com/documentation/uikit/nsdiffabledatasourcesnapshot/reloadeditemidentifiers
    public private(set) var reloadedItemIdentifiers: [ItemIdentifierType] = []
    /// https://developer.apple.com/documentation/uikit/nsdiffabledatasourcesnapshot/reconfigureditemidentifiers
    public private(set) var reconfiguredItemIdentifiers: [ItemIdentifierType] = []
    /// https://developer.apple.com/documentation/uikit/nsdiffabledatasourcesnapshot/reloadedsectionidentifiers
    public private(set) var reloadedSectionIdentifiers: [SectionIdentifierType] = []

    /// An empty snapshot.
    public init() {}

    // MARK: Reading

    public var numberOfSections: Int { sections.count }
    public var numberOfItems: Int { sectionOfItem.count }
    public var sectionIdentifiers: [SectionIdentifierType] { sections }
    /// All items, section after section.
    public var itemIdentifiers: [ItemIdentifierType] { items.flatMap { $0 } }

    /// The number of items in `identifier`'s section (0, and said, when there is no such section).
    public func numberOfItems(inSection identifier: SectionIdentifierType) -> Int { itemIdentifiers(inSection: identifier).count }

    /// The items of `identifier`'s section in order (empty, and said, when there is no such section).
    public func itemIdentifiers(inSection identifier: SectionIdentifierType) -> [ItemIdentifierType] {
        guard let s = sections.firstIndex(of: identifier) else {
            Self.refuse("itemIdentifiers(inSection:)", "the section \(identifier) is not in the snapshot")
            return []
        }
        return items[s]
    }

    /// The section holding `identifier`, or nil.
    public func sectionIdentifier(containingItem identifier: ItemIdentifierType) -> SectionIdentifierType? {
        sectionOfItem[identifier].map { sections[$0] }
    }

    /// Where the item is among all the snapshot's items (counted across sections), or nil.
    public func indexOfItem(_ identifier: ItemIdentifierType) -> Int? {
        guard let s = sectionOfItem[identifier], let i = items[s].firstIndex(of: identifier) else { return nil }
        return items[..<s].reduce(0) { $0 + $1.count } + i
    }

    /// Where the section is among the snapshot's sections, or nil.
    public func indexOfSection(_ identifier: SectionIdentifierType) -> Int? { sections.firstIndex(of: identifier) }

    /// The item's index path (its section's index, its index there), or nil.
    func indexPath(of identifier: ItemIdentifierType) -> IndexPath? {
        guard let s = sectionOfItem[identifier], let i = items[s].firstIndex(of: identifier) else { return nil }
        return IndexPath(item: i, section: s)
    }

    /// The item at `indexPath`, or nil when there is none.
    func item(at indexPath: IndexPath) -> ItemIdentifierType? {
        guard indexPath.count == 2, items.indices.contains(indexPath.section), items[indexPath.section].indices.contains(indexPath.item) else {
            return nil
        }
        return items[indexPath.section][indexPath.item]
    }

    /// The items in each section, in order: what the data source tells its view.
    var counts: [Int] { items.map(\.count) }

    // MARK: Items

    /// Adds the items at the end of `identifier`'s section, or of the last section when nil.
    public mutating func appendItems(_ identifiers: [ItemIdentifierType], toSection identifier: SectionIdentifierType? = nil) {
        let call = "appendItems(_:toSection:)"
        guard checkNew(identifiers, call) else { return }
        let s: Int
        if let identifier {
            guard let found = sections.firstIndex(of: identifier) else {
                return Self.refuse(call, "the section \(identifier) is not in the snapshot; append it first with appendSections(_:)")
            }
            s = found
        } else {
            guard !sections.isEmpty else {
                return Self.refuse(call, "there are no sections in the snapshot; add a section first with appendSections(_:)")
            }
            s = sections.count - 1
        }
        items[s].append(contentsOf: identifiers)
        for item in identifiers { sectionOfItem[item] = s }
    }

    /// Inserts the items just before `beforeIdentifier`, in its section.
    public mutating func insertItems(_ identifiers: [ItemIdentifierType], beforeItem beforeIdentifier: ItemIdentifierType) {
        insert(identifiers, at: beforeIdentifier, after: false, call: "insertItems(_:beforeItem:)")
    }

    /// Inserts the items just after `afterIdentifier`, in its section.
    public mutating func insertItems(_ identifiers: [ItemIdentifierType], afterItem afterIdentifier: ItemIdentifierType) {
        insert(identifiers, at: afterIdentifier, after: true, call: "insertItems(_:afterItem:)")
    }

    private mutating func insert(_ identifiers: [ItemIdentifierType], at anchor: ItemIdentifierType, after: Bool, call: String) {
        guard checkNew(identifiers, call) else { return }
        guard let s = sectionOfItem[anchor], let i = items[s].firstIndex(of: anchor) else {
            return Self.refuse(call, "the item \(anchor) is not in the snapshot")
        }
        items[s].insert(contentsOf: identifiers, at: after ? i + 1 : i)
        for item in identifiers { sectionOfItem[item] = s }
    }

    /// Removes the items (an item the snapshot does not hold is said and skipped).
    public mutating func deleteItems(_ identifiers: [ItemIdentifierType]) {
        var gone: [Int: Set<ItemIdentifierType>] = [:]
        for item in identifiers {
            guard let s = sectionOfItem.removeValue(forKey: item) else {
                Self.refuse("deleteItems(_:)", "the item \(item) is not in the snapshot")
                continue
            }
            gone[s, default: []].insert(item)
        }
        for (s, set) in gone { items[s].removeAll { set.contains($0) } }
    }

    /// Removes every item; the sections stay.
    public mutating func deleteAllItems() {
        items = items.map { _ in [] }
        sectionOfItem = [:]
    }

    /// Moves an item to just before another (in that one's section).
    public mutating func moveItem(_ identifier: ItemIdentifierType, beforeItem toIdentifier: ItemIdentifierType) {
        move(identifier, to: toIdentifier, after: false, call: "moveItem(_:beforeItem:)")
    }

    /// Moves an item to just after another (in that one's section).
    public mutating func moveItem(_ identifier: ItemIdentifierType, afterItem toIdentifier: ItemIdentifierType) {
        move(identifier, to: toIdentifier, after: true, call: "moveItem(_:afterItem:)")
    }

    private mutating func move(_ item: ItemIdentifierType, to anchor: ItemIdentifierType, after: Bool, call: String) {
        guard item != anchor else { return Self.refuse(call, "the item \(item) cannot be moved relative to itself") }
        guard let from = sectionOfItem[item] else { return Self.refuse(call, "the item \(item) is not in the snapshot") }
        guard sectionOfItem[anchor] != nil else { return Self.refuse(call, "the item \(anchor) is not in the snapshot") }
        items[from].removeAll { $0 == item }
        sectionOfItem[item] = nil
        insert([item], at: anchor, after: after, call: call)
    }

    /// Marks the items to be made again (their cells asked of the cell provider anew).
    public mutating func reloadItems(_ identifiers: [ItemIdentifierType]) {
        guard checkHeld(identifiers, "reloadItems(_:)") else { return }
        reloadedItemIdentifiers.append(contentsOf: identifiers)
    }

    /// Marks the items to be configured again (their cells kept, the cell provider asked again).
    public mutating func reconfigureItems(_ identifiers: [ItemIdentifierType]) {
        guard checkHeld(identifiers, "reconfigureItems(_:)") else { return }
        reconfiguredItemIdentifiers.append(contentsOf: identifiers)
    }

    // MARK: Sections

    /// Adds empty sections at the end.
    public mutating func appendSections(_ identifiers: [SectionIdentifierType]) {
        guard checkNewSections(identifiers, "appendSections(_:)") else { return }
        sections.append(contentsOf: identifiers)
        items.append(contentsOf: identifiers.map { _ in [] })
    }

    /// Inserts empty sections just before `toIdentifier`.
    public mutating func insertSections(_ identifiers: [SectionIdentifierType], beforeSection toIdentifier: SectionIdentifierType) {
        insertSections(identifiers, at: toIdentifier, after: false, call: "insertSections(_:beforeSection:)")
    }

    /// Inserts empty sections just after `toIdentifier`.
    public mutating func insertSections(_ identifiers: [SectionIdentifierType], afterSection toIdentifier: SectionIdentifierType) {
        insertSections(identifiers, at: toIdentifier, after: true, call: "insertSections(_:afterSection:)")
    }

    private mutating func insertSections(_ identifiers: [SectionIdentifierType], at anchor: SectionIdentifierType, after: Bool, call: String) {
        guard checkNewSections(identifiers, call) else { return }
        guard let i = sections.firstIndex(of: anchor) else { return Self.refuse(call, "the section \(anchor) is not in the snapshot") }
        let at = after ? i + 1 : i
        sections.insert(contentsOf: identifiers, at: at)
        items.insert(contentsOf: identifiers.map { _ in [] }, at: at)
        reindex()
    }

    /// Removes the sections and their items.
    public mutating func deleteSections(_ identifiers: [SectionIdentifierType]) {
        let set = Set(identifiers)
        for s in identifiers where !sections.contains(s) { Self.refuse("deleteSections(_:)", "the section \(s) is not in the snapshot") }
        let keep = sections.indices.filter { !set.contains(sections[$0]) }
        sections = keep.map { sections[$0] }
        items = keep.map { items[$0] }
        reindex()
    }

    /// Moves a section (with its items) to just before another.
    public mutating func moveSection(_ identifier: SectionIdentifierType, beforeSection toIdentifier: SectionIdentifierType) {
        moveSection(identifier, to: toIdentifier, after: false, call: "moveSection(_:beforeSection:)")
    }

    /// Moves a section (with its items) to just after another.
    public mutating func moveSection(_ identifier: SectionIdentifierType, afterSection toIdentifier: SectionIdentifierType) {
        moveSection(identifier, to: toIdentifier, after: true, call: "moveSection(_:afterSection:)")
    }

    private mutating func moveSection(_ section: SectionIdentifierType, to anchor: SectionIdentifierType, after: Bool, call: String) {
        guard section != anchor else { return Self.refuse(call, "the section \(section) cannot be moved relative to itself") }
        guard let from = sections.firstIndex(of: section) else { return Self.refuse(call, "the section \(section) is not in the snapshot") }
        guard sections.contains(anchor) else { return Self.refuse(call, "the section \(anchor) is not in the snapshot") }
        let moved = items.remove(at: from)
        sections.remove(at: from)
        let i = sections.firstIndex(of: anchor)! + (after ? 1 : 0)
        sections.insert(section, at: i)
        items.insert(moved, at: i)
        reindex()
    }

    /// Marks the sections to be made again.
    public mutating func reloadSections(_ identifiers: [SectionIdentifierType]) {
        for s in identifiers where !sections.contains(s) { return Self.refuse("reloadSections(_:)", "the section \(s) is not in the snapshot") }
        reloadedSectionIdentifiers.append(contentsOf: identifiers)
    }

    // MARK: Checks

    private mutating func reindex() {
        sectionOfItem = [:]
        for (s, list) in items.enumerated() { for item in list { sectionOfItem[item] = s } }
    }

    /// True when the items are unique among themselves and new to the snapshot; else says so.
    private func checkNew(_ identifiers: [ItemIdentifierType], _ call: String) -> Bool {
        var seen = Set<ItemIdentifierType>()
        var duplicates: [ItemIdentifierType] = []
        for item in identifiers where !seen.insert(item).inserted || sectionOfItem[item] != nil {
            if !duplicates.contains(item) { duplicates.append(item) }
        }
        guard duplicates.isEmpty else {
            Self.refuse(
                call,
                "supplied item identifiers are not unique (duplicates: \(duplicates.map { "\($0)" }.joined(separator: ", "))); "
                    + "each item needs an identifier of its own (a UUID in the item, or the item's own Hashable values)")
            return false
        }
        return true
    }

    private func checkNewSections(_ identifiers: [SectionIdentifierType], _ call: String) -> Bool {
        var seen = Set<SectionIdentifierType>()
        let duplicates = identifiers.filter { !seen.insert($0).inserted || sections.contains($0) }
        guard duplicates.isEmpty else {
            Self.refuse(call, "supplied section identifiers are not unique (duplicates: \(duplicates.map { "\($0)" }.joined(separator: ", ")))")
            return false
        }
        return true
    }

    private func checkHeld(_ identifiers: [ItemIdentifierType], _ call: String) -> Bool {
        for item in identifiers where sectionOfItem[item] == nil {
            Self.refuse(call, "the item \(item) is not in the snapshot")
            return false
        }
        return true
    }

    /// Says what iOS would stop the app for; the call changes nothing.
    static func refuse(_ call: String, _ what: String) {
        let message =
            "error: NSDiffableDataSourceSnapshot.\(call): \(what); iOS stops the app here (NSInternalInconsistencyException), "
            + "here the call changes nothing"
        Diagnostics.once(message, message)
    }
}

extension NSDiffableDataSourceSnapshot {
    /// The batch update that turns `old` into this snapshot, by identifier, as a diffable data
    /// source plays it: sections and items only here are inserted, only in `old` deleted (an
    /// item with its section, when that section goes), those in both that changed place moved
    /// (within a section, the fewest moves that keep the rest in order; across sections, each
    /// one whose section changed), reloaded ones reloaded in place. Every insertion, deletion and
    /// reload takes `style`; a reconfigured item is `reconfigured` (by its old index path): its
    /// cell stays and is given to the cell provider again.
    func batchUpdate(from old: Self, style: UITableView.RowAnimation) -> (update: BatchUpdate, reconfigured: Set<IndexPath>) {
        var u = BatchUpdate()
        let sectionDiff = sections.difference(from: old.sections).inferringMoves()
        var movedSections = Set<Int>()
        for change in sectionDiff {
            switch change {
            case .remove(let offset, _, let to?):
                u.movedSections.append((offset, to))
                movedSections.insert(offset)
            case .remove(let offset, _, nil):
                u.deletedSections[offset] = style
            case .insert(let offset, _, nil):
                u.insertedSections[offset] = style
            case .insert:
                break // the move, taken from its removal
            }
        }
        u.movedSections.sort { $0.from < $1.from }
        let reloadedSections = Set(reloadedSectionIdentifiers)
        for (o, s) in old.sections.enumerated() where reloadedSections.contains(s) && sections.contains(s) && !movedSections.contains(o) {
            u.reloadedSections[o] = style
        }
        var moved = Set<ItemIdentifierType>()
        // Items whose section changed (or one of whose sections is inserted or deleted).
        for (o, list) in old.items.enumerated() {
            for (row, item) in list.enumerated() {
                guard let n = sectionOfItem[item], sections[n] != old.sections[o], let to = items[n].firstIndex(of: item) else { continue }
                u.moves.append((IndexPath(item: row, section: o), IndexPath(item: to, section: n)))
                moved.insert(item)
            }
        }
        // Items within a section in both (a reloaded section's are made again with it; the items
        // of an inserted or deleted section come or go with it).
        for (n, s) in sections.enumerated() {
            guard let o = old.sections.firstIndex(of: s), u.reloadedSections[o] == nil else { continue }
            for change in items[n].difference(from: old.items[o]).inferringMoves() {
                switch change {
                case .remove(let offset, _, let to?):
                    u.moves.append((IndexPath(item: offset, section: o), IndexPath(item: to, section: n)))
                    moved.insert(old.items[o][offset])
                case .remove(let offset, let item, nil):
                    if sectionOfItem[item] == nil { u.deletedRows[IndexPath(item: offset, section: o)] = style }
                case .insert(let offset, let item, nil):
                    if old.sectionOfItem[item] == nil { u.insertedRows[IndexPath(item: offset, section: n)] = style }
                case .insert:
                    break
                }
            }
        }
        u.moves.sort { ($0.from.section, $0.from.item) < ($1.from.section, $1.from.item) }
        var reconfigured = Set<IndexPath>()
        let reloaded = Set(reloadedItemIdentifiers), reconfigure = Set(reconfiguredItemIdentifiers)
        for (o, list) in old.items.enumerated() where u.reloadedSections[o] == nil && sections.contains(old.sections[o]) {
            for (row, item) in list.enumerated() where sectionOfItem[item] != nil && !moved.contains(item) {
                if reloaded.contains(item) {
                    u.reloadedRows[IndexPath(item: row, section: o)] = style
                } else if reconfigure.contains(item) {
                    reconfigured.insert(IndexPath(item: row, section: o))
                }
            }
        }
        return (u, reconfigured)
    }
}

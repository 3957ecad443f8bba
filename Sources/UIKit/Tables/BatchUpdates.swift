import Foundation

/// The changes of one batch update of a table or collection (`beginUpdates`/`endUpdates`,
/// `performBatchUpdates`, or one insert/delete/reload/move call on its own), as UIKit takes them:
/// deletions and reloads name rows before the update, insertions rows after it, whatever order
/// the calls came in; a move names its row before and after. Each change keeps the animation it
/// was asked with (a collection's are all `.fade`: its layout's default initial and final
/// attributes).
struct BatchUpdate {
    typealias Style = UITableView.RowAnimation
    var deletedSections: [Int: Style] = [:]
    var insertedSections: [Int: Style] = [:]
    var reloadedSections: [Int: Style] = [:]
    var deletedRows: [IndexPath: Style] = [:]
    var insertedRows: [IndexPath: Style] = [:]
    var reloadedRows: [IndexPath: Style] = [:]
    var moves: [(from: IndexPath, to: IndexPath)] = []
    var movedSections: [(from: Int, to: Int)] = []

    /// Adds `other`'s changes (a diffable data source's, inside a batch the app has open).
    mutating func absorb(_ other: BatchUpdate) {
        deletedSections.merge(other.deletedSections) { $1 }
        insertedSections.merge(other.insertedSections) { $1 }
        reloadedSections.merge(other.reloadedSections) { $1 }
        deletedRows.merge(other.deletedRows) { $1 }
        insertedRows.merge(other.insertedRows) { $1 }
        reloadedRows.merge(other.reloadedRows) { $1 }
        moves += other.moves
        movedSections += other.movedSections
    }
}

extension BatchUpdatePlan {
    /// The plan, or nil after saying once, in UIKit's words, why UIKit would stop the app (the
    /// caller then reloads without animation): `container` names the view in the message,
    /// `reloading` what reloads (`the table`, `the collection view`).
    static func checked(
        _ update: BatchUpdate, old: [Int], new: [Int], noun: String, container: String, describe: String, reloading: String
    ) -> BatchUpdatePlan? {
        do {
            return try BatchUpdatePlan(update, old: old, new: new, noun: noun, container: container)
        } catch {
            let reason = (error as? BatchUpdatePlan.Inconsistency)?.reason ?? "\(error)"
            let message =
                "error: \(describe): NSInternalInconsistencyException: \(reason) iOS stops the app here; here \(reloading) reloads "
                + "its data without animation. Change the data source's counts and the update's calls together."
            Diagnostics.once(message, message)
            return nil
        }
    }
}

/// `beginUpdates`/`endUpdates` and `performBatchUpdates` nested: the changes of every level
/// gather into one batch, and the completions wait for it; the outermost end hands them over.
struct BatchNesting {
    private var depth = 0
    private var pending: BatchUpdate?
    private var completions: [(Bool) -> Void] = []

    mutating func begin() {
        depth += 1
        if pending == nil { pending = BatchUpdate() }
    }
    /// Adds to the batch open now (call between `begin` and `end`).
    mutating func change(_ body: (inout BatchUpdate) -> Void) { body(&pending!) }
    /// Ends a level: at the outermost, the batch and one completion calling the gathered ones in
    /// order (an end without its begin hands over an empty batch); nil while a level is still open.
    mutating func end(_ completion: ((Bool) -> Void)?) -> (update: BatchUpdate, completion: (Bool) -> Void)? {
        if let completion { completions.append(completion) }
        depth = max(0, depth - 1)
        guard depth == 0 else { return nil }
        let update = pending ?? BatchUpdate()
        let gathered = completions
        pending = nil
        completions = []
        return (update, { finished in for c in gathered { c(finished) } })
    }
}

/// A batch update checked against the counts before and after it, and the mapping it gives
/// between a row before and after. The mapping is computed per row asked (from the few rows the
/// update names), so a table of a million rows costs its update, not its rows.
struct BatchUpdatePlan {
    let update: BatchUpdate
    let oldCounts: [Int], newCounts: [Int]
    /// Each old section's index after the update (nil: deleted), and the inverse.
    private(set) var sectionToNew: [Int?] = []
    private(set) var sectionToOld: [Int?] = []
    /// Per surviving section (by old index): rows leaving it (deleted, moved out), sorted; and per
    /// new index the rows coming into it (inserted, moved in), sorted.
    private var removed: [Int: [Int]] = [:]
    private var added: [Int: [Int]] = [:]
    private var moveToNew: [IndexPath: IndexPath] = [:]
    private var moveToOld: [IndexPath: IndexPath] = [:]

    /// The update as UIKit's NSInternalInconsistencyException would state what is wrong with it.
    struct Inconsistency: Error { let reason: String }

    /// Checks `update` against the counts before (`oldCounts`, rows per section) and after.
    /// `noun` is "row" for a table, "item" for a collection; `container` "table view" or
    /// "collection view".
    init(_ update: BatchUpdate, old oldCounts: [Int], new newCounts: [Int], noun: String, container: String) throws {
        self.update = update
        self.oldCounts = oldCounts
        self.newCounts = newCounts
        let oldN = oldCounts.count, newN = newCounts.count
        var leavingSections = Set(update.deletedSections.keys), comingSections = Set(update.insertedSections.keys)
        for m in update.movedSections {
            leavingSections.insert(m.from)
            comingSections.insert(m.to)
        }
        for s in update.deletedSections.keys.sorted() where s >= oldN {
            throw Inconsistency(reason: "attempt to delete section \(s), but there are only \(oldN) sections before the update")
        }
        for s in update.reloadedSections.keys.sorted() where s >= oldN {
            throw Inconsistency(reason: "attempt to reload section \(s), but there are only \(oldN) sections before the update")
        }
        for s in update.insertedSections.keys.sorted() where s >= newN {
            throw Inconsistency(reason: "attempt to insert section \(s) but there are only \(newN) sections after the update")
        }
        if newN != oldN + update.insertedSections.count - update.deletedSections.count {
            throw Inconsistency(
                reason: "Invalid update: invalid number of sections. The number of sections contained in the \(container) after the update (\(newN)) "
                    + "must be equal to the number of sections contained in the \(container) before the update (\(oldN)), plus or minus the number "
                    + "of sections inserted or deleted (\(update.insertedSections.count) inserted, \(update.deletedSections.count) deleted).")
        }
        sectionToNew = [Int?](repeating: nil, count: oldN)
        sectionToOld = [Int?](repeating: nil, count: newN)
        let staying = (0..<oldN).filter { !leavingSections.contains($0) }
        let free = (0..<newN).filter { !comingSections.contains($0) }
        for (o, n) in zip(staying, free) { sectionToNew[o] = n; sectionToOld[n] = o }
        for m in update.movedSections where m.from < oldN && m.to < newN { sectionToNew[m.from] = m.to; sectionToOld[m.to] = m.from }

        for p in update.deletedRows.keys.sorted() where p.section >= oldN || p.row >= oldCounts[p.section] {
            throw Inconsistency(
                reason: "attempt to delete \(noun) \(p.row) from section \(p.section) which only contains \(p.section < oldN ? oldCounts[p.section] : 0) \(noun)s before the update")
        }
        for p in update.reloadedRows.keys.sorted() where p.section >= oldN || p.row >= oldCounts[p.section] {
            throw Inconsistency(
                reason: "attempt to reload \(noun) \(p.row) from section \(p.section) which only contains \(p.section < oldN ? oldCounts[p.section] : 0) \(noun)s before the update")
        }
        for p in update.insertedRows.keys.sorted() where p.section >= newN || p.row >= newCounts[p.section] {
            throw Inconsistency(
                reason: "attempt to insert \(noun) \(p.row) into section \(p.section), but there are only \(p.section < newN ? newCounts[p.section] : 0) \(noun)s in section \(p.section) after the update")
        }
        for m in update.moves {
            guard m.from.section < oldN, m.from.row < oldCounts[m.from.section], m.to.section < newN, m.to.row < newCounts[m.to.section] else {
                throw Inconsistency(reason: "attempt to move index path (\(m.from)) to index path (\(m.to)), which is outside the \(noun)s before or after the update")
            }
            moveToNew[m.from] = m.to
            moveToOld[m.to] = m.from
        }
        for (o, n) in zip(sectionToNew.indices, sectionToNew) {
            guard let n, update.reloadedSections[o] == nil else { continue }
            let deleted = update.deletedRows.keys.filter { $0.section == o }.map(\.row)
            let movedOut = update.moves.filter { $0.from.section == o }.map(\.from.row)
            let inserted = update.insertedRows.keys.filter { $0.section == n }.map(\.row)
            let movedIn = update.moves.filter { $0.to.section == n }.map(\.to.row)
            removed[o] = (deleted + movedOut).sorted()
            added[n] = (inserted + movedIn).sorted()
            if newCounts[n] != oldCounts[o] - deleted.count - movedOut.count + inserted.count + movedIn.count {
                throw Inconsistency(
                    reason: "Invalid update: invalid number of \(noun)s in section \(n). The number of \(noun)s contained in an existing section after "
                        + "the update (\(newCounts[n])) must be equal to the number of \(noun)s contained in that section before the update "
                        + "(\(oldCounts[o])), plus or minus the number of \(noun)s inserted or deleted from that section (\(inserted.count) inserted, "
                        + "\(deleted.count) deleted) and plus or minus the number of \(noun)s moved into or out of that section (\(movedIn.count) moved in, "
                        + "\(movedOut.count) moved out).")
            }
        }
    }

    /// The k-th index (from 0) not in `skipped` (sorted).
    private static func nth(_ k: Int, skipping skipped: [Int]) -> Int {
        var r = k
        for s in skipped {
            if s <= r { r += 1 } else { break }
        }
        return r
    }

    /// Where the row before the update is after it; nil when it is deleted (or its section is).
    /// A reloaded row maps to its place (its cell is replaced).
    func newPath(_ old: IndexPath) -> IndexPath? {
        if let m = moveToNew[old] { return m }
        guard old.section < sectionToNew.count, let n = sectionToNew[old.section], let gone = removed[old.section] else { return nil }
        if update.deletedRows[old] != nil { return nil }
        let k = old.row - gone.reduce(0) { $0 + ($1 < old.row ? 1 : 0) }
        return IndexPath(indexes: [n, Self.nth(k, skipping: added[n] ?? [])])
    }

    /// Where the row after the update was before it; nil when it is inserted (or in a section
    /// inserted or reloaded).
    func oldPath(_ new: IndexPath) -> IndexPath? {
        if let m = moveToOld[new] { return m }
        guard new.section < sectionToOld.count, let o = sectionToOld[new.section], let gone = removed[o], let come = added[new.section] else { return nil }
        if come.contains(new.row) { return nil }
        let k = new.row - come.reduce(0) { $0 + ($1 < new.row ? 1 : 0) }
        return IndexPath(indexes: [o, Self.nth(k, skipping: gone)])
    }

    /// The animation a row after the update comes in with (nil: it was there before and stays,
    /// its cell kept).
    func entering(_ new: IndexPath) -> BatchUpdate.Style? {
        if let s = update.insertedSections[new.section] { return s }
        if new.section < sectionToOld.count, let o = sectionToOld[new.section], let s = update.reloadedSections[o] { return s }
        if let s = update.insertedRows[new] { return s }
        if let old = oldPath(new), let s = update.reloadedRows[old] { return s }
        if oldPath(new) == nil { return .fade }
        return nil
    }

    /// The animation a row before the update leaves with (nil: it stays, its cell kept).
    func leaving(_ old: IndexPath) -> BatchUpdate.Style? {
        if let s = update.deletedSections[old.section] { return s }
        if let s = update.reloadedSections[old.section] { return s }
        if let s = update.deletedRows[old] { return s }
        if let s = update.reloadedRows[old] { return s }
        if newPath(old) == nil { return .fade }
        return nil
    }
}

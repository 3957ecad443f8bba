import Foundation

/// A table's batch update as UIKit draws it, on the frame clock: the rows that stay keep their
/// cells and slide to their new places; the rows coming in and going out animate with their
/// style; the section headers and footers that stay slide with them.
///
/// The timing: Apple documents neither the duration nor the curve of row animations. They are
/// taken here as UIKit's own view animations: 0.3 s (`rowAnimationDuration`, assumed, not
/// measured on a device) paced by ease in and out (`UIView.animate`'s default curve), run as a
/// `UIView.animate` block, so an update inside the app's own animation block takes its duration
/// and curve, and one inside `performWithoutAnimation` is made at once.
///
/// The styles, for a row coming in (going out is the same played backwards):
/// - `.fade`: in its place, from clear.
/// - `.top`: from behind the row above (its top at the gap's, less its height).
/// - `.bottom`: from behind the row below (its top at the gap's).
/// - `.middle`: centered on the gap as it opens.
/// - `.left`, `.right`: from beyond the table's left or right edge.
/// - `.none`: in place at once, the other rows still sliding.
/// - `.automatic`: as the WWDC 2011 session "UITableView Changes, Tips, Tricks" says UIKit picks:
///   `.bottom` for a row at the start of its section, `.top` at its end, `.fade` elsewhere and
///   for reloads (and a section's only row).
extension UITableView {
    /// The row animations' duration (assumed; see above).
    static let rowAnimationDuration: TimeInterval = 0.3

    /// One change on its own, or gathered into the batch open now.
    func batch(_ change: (inout BatchUpdate) -> Void) {
        beginUpdates()
        nesting.change(change)
        finishUpdates(completion: nil)
    }

    /// The outermost `endUpdates` applies the batch (an `endUpdates` without its `beginUpdates`
    /// applies an empty one).
    func finishUpdates(completion: ((Bool) -> Void)?) {
        if let ended = nesting.end(completion) { apply(ended.update, completion: ended.completion) }
    }

    /// The completion of an update that animates nothing: called at the next frame, as UIKit
    /// calls it after the run loop turns.
    private func completeLater(_ completion: @escaping (Bool) -> Void) {
        AnimationCapture.commit(AnimationContext(.none), completion: completion)
    }

    private func apply(_ update: BatchUpdate, completion: @escaping (Bool) -> Void) {
        // A table never laid out has nothing drawn to animate from: it loads its rows.
        guard let dataSource, !needsReload else {
            reloadData()
            completeLater(completion)
            return
        }
        let old = sections
        let newCount = max(0, dataSource.numberOfSections(in: self))
        let newCounts = (0..<newCount).map { max(0, dataSource.tableView(self, numberOfRowsInSection: $0)) }
        guard let plan = BatchUpdatePlan.checked(
            update, old: old.map(\.rowCount), new: newCounts, noun: "row", container: "table view", describe: describe, reloading: "the table")
        else {
            reloadData()
            completeLater(completion)
            return
        }
        let g = cellGeometry
        let before = visible.sorted { $0.key < $1.key }
        let headers = headerViews, footers = footerViews
        visible = [:]; headerViews = [:]; footerViews = [:]
        reloadGeometry()
        // The headers and footers of sections deleted or reloaded leave with their section.
        var leavingSupplements = keepSupplements(headers, plan: plan, isHeader: true)
        leavingSupplements += keepSupplements(footers, plan: plan, isHeader: false)

        let animates = UIView.areAnimationsEnabled && !AnimationCapture.withoutAnimation
        let (top, bottom) = visibleRange
        let shown = Set(indexPaths(from: top, to: bottom))
        let motion = TableUpdateAnimation(plan: plan, old: old, x: g.x, width: g.width)
        // The cells drawn before: kept for their row's new place, or leaving to where they end.
        var leaving: [(cell: UITableViewCell, path: IndexPath, frame: CGRect, alpha: CGFloat)] = []
        for (path, cell) in before {
            if plan.leaving(path) == nil, let now = plan.newPath(path) {
                if shown.contains(now) {
                    visible[now] = cell
                } else {
                    leaving.append((cell, path, rectForRow(at: now), cell.alpha))
                }
                continue
            }
            let style = motion.resolve(plan.leaving(path) ?? .fade, old: path)
            guard animates, style != .none else {
                enqueue(cell)
                tableDelegate?.tableView(self, didEndDisplaying: cell, forRowAt: path)
                continue
            }
            let end = motion.leavingEnd(of: path, style: style, in: self)
            leaving.append((cell, path, end.frame, end.alpha))
        }
        var supplementsOut: [(view: UIView, frame: CGRect, alpha: CGFloat)] = []
        for (view, old) in leavingSupplements {
            let style = motion.supplementStyle(plan.update.deletedSections[old] ?? plan.update.reloadedSections[old] ?? .fade)
            guard animates, style != .none else {
                recycleSupplement(view)
                continue
            }
            let end = motion.offset(view.frame, gap: view.frame.minY, style: style)
            supplementsOut.append((view, end.frame, end.alpha))
        }
        let done: (Bool) -> Void = { [weak self] finished in
            guard let self else { return }
            for l in supplementsOut {
                UIView.performWithoutAnimation { l.view.alpha = 1 }
                if !self.isShowing(l.view) { self.recycleSupplement(l.view) }
            }
            for l in leaving where !self.visible.values.contains(where: { $0 === l.cell }) {
                UIView.performWithoutAnimation { l.cell.alpha = 1 }
                self.enqueue(l.cell)
                self.tableDelegate?.tableView(self, didEndDisplaying: l.cell, forRowAt: l.path)
            }
            self.enteringRows = []
            completion(finished)
        }
        guard animates else {
            setNeedsLayout()
            layoutIfNeeded()
            completeLater(done)
            return
        }
        enteringRows = []
        runningUpdate = motion
        UIView.animate(
            withDuration: Self.rowAnimationDuration, delay: 0, options: [],
            animations: {
                for l in leaving {
                    l.cell.frame = l.frame
                    l.cell.alpha = l.alpha
                }
                for l in supplementsOut {
                    l.view.frame = l.frame
                    l.view.alpha = l.alpha
                }
                self.setNeedsLayout()
                self.layoutIfNeeded()
                // A view the delegate gives again for a section after the update stays.
                for l in supplementsOut where self.isShowing(l.view) { l.view.alpha = 1 }
            }, completion: done)
        runningUpdate = nil
    }

    /// Whether `view` is a header or footer shown now.
    private func isShowing(_ view: UIView) -> Bool {
        headerViews.values.contains { $0 === view } || footerViews.values.contains { $0 === view }
    }

    /// The header or footer views of sections that stay, kept for their new index when the
    /// section shows the same view or title (they slide with the rows); those of sections
    /// deleted or reloaded returned with their old section (they leave with it); the others
    /// recycled.
    private func keepSupplements(_ views: [Int: UIView], plan: BatchUpdatePlan, isHeader: Bool) -> [(UIView, Int)] {
        var leaving: [(UIView, Int)] = []
        for (s, view) in views.sorted(by: { $0.key < $1.key }) {
            guard s < plan.sectionToNew.count, let n = plan.sectionToNew[s], plan.update.reloadedSections[s] == nil, n < sections.count else {
                if plan.update.deletedSections[s] != nil || plan.update.reloadedSections[s] != nil {
                    leaving.append((view, s))
                } else {
                    recycleSupplement(view)
                }
                continue
            }
            let custom = isHeader ? pendingHeaders[n] : pendingFooters[n]
            let title = isHeader ? sections[n].headerTitle : sections[n].footerTitle
            let titled = view as? UITableViewHeaderFooterView
            let same =
                custom.map { $0 === view }
                ?? (titled?.reuseIdentifier == Self.titleIdentifier && titled?.textLabel?.text == title && title != nil)
            guard same else {
                recycleSupplement(view)
                continue
            }
            titled?.textFrame = isHeader ? sections[n].headerTextFrame : sections[n].footerTextFrame
            if isHeader { headerViews[n] = view } else { footerViews[n] = view }
        }
        return leaving
    }
}

/// Where the rows of one update come from and go to, for the table's layout inside the update's
/// animation block.
@MainActor final class TableUpdateAnimation {
    let plan: BatchUpdatePlan
    /// The sections' geometry before the update.
    let old: [UITableView.SectionGeometry]
    let x: CGFloat, width: CGFloat

    init(plan: BatchUpdatePlan, old: [UITableView.SectionGeometry], x: CGFloat, width: CGFloat) {
        self.plan = plan; self.old = old; self.x = x; self.width = width
    }

    private func oldFrame(_ p: IndexPath) -> CGRect {
        let tops = old[p.section].rowTops
        return CGRect(x: x, y: tops[p.row], width: width, height: tops[p.row + 1] - tops[p.row])
    }

    /// `.automatic` made a style: `.bottom` at the start of a section (of more than one row),
    /// `.top` at its end, `.fade` elsewhere, and for the rows of a reload.
    func resolve(_ style: UITableView.RowAnimation, new: IndexPath) -> UITableView.RowAnimation {
        guard style == .automatic else { return style }
        if let was = plan.oldPath(new), plan.update.reloadedRows[was] != nil { return .fade }
        return Self.automatic(row: new.row, count: plan.newCounts[new.section])
    }
    func resolve(_ style: UITableView.RowAnimation, old: IndexPath) -> UITableView.RowAnimation {
        guard style == .automatic else { return style }
        if plan.update.reloadedRows[old] != nil { return .fade }
        return Self.automatic(row: old.row, count: plan.oldCounts[old.section])
    }
    private static func automatic(row: Int, count: Int) -> UITableView.RowAnimation {
        guard count > 1 else { return .fade }
        return row == 0 ? .bottom : row == count - 1 ? .top : .fade
    }

    /// The rows looked at on either side of a changed row for one that stays.
    private static let reach = 64

    /// Where the gap a row comes into was before the update (old content y): the old top of the
    /// next row in its section that stays, else the old bottom of the one before, else the top of
    /// the section's rows; nil for a section that is new.
    private func gapBefore(_ new: IndexPath) -> CGFloat? {
        let count = plan.newCounts[new.section]
        for r in (new.row + 1)..<min(count, new.row + 1 + Self.reach) {
            let p = IndexPath(indexes: [new.section, r])
            if plan.entering(p) == nil, let was = plan.oldPath(p) { return oldFrame(was).minY }
        }
        for r in stride(from: new.row - 1, through: max(0, new.row - Self.reach), by: -1) {
            let p = IndexPath(indexes: [new.section, r])
            if plan.entering(p) == nil, let was = plan.oldPath(p) { return oldFrame(was).maxY }
        }
        guard let o = plan.sectionToOld[new.section] else { return nil }
        return old[o].rowsTop
    }

    /// Where the gap a row leaves closes after the update (new content y), as `gapBefore`.
    private func gapAfter(_ was: IndexPath, in table: UITableView) -> CGFloat? {
        let count = plan.oldCounts[was.section]
        for r in (was.row + 1)..<min(count, was.row + 1 + Self.reach) {
            let p = IndexPath(indexes: [was.section, r])
            if plan.leaving(p) == nil, let now = plan.newPath(p) { return table.rectForRow(at: now).minY }
        }
        for r in stride(from: was.row - 1, through: max(0, was.row - Self.reach), by: -1) {
            let p = IndexPath(indexes: [was.section, r])
            if plan.leaving(p) == nil, let now = plan.newPath(p) { return table.rectForRow(at: now).maxY }
        }
        guard let n = plan.sectionToNew[was.section], n < table.sections.count else { return nil }
        return table.sections[n].rowsTop
    }

    /// The style a section's header or footer comes in or goes out with, its section's style:
    /// `.automatic` is `.fade` (the rows of a section coming or going all at once have no row
    /// above or below to come from).
    func supplementStyle(_ style: UITableView.RowAnimation) -> UITableView.RowAnimation { style == .automatic ? .fade : style }

    /// The style the header or footer of the section `n` after the update comes in with (its
    /// section inserted or reloaded); nil for a section that stays.
    func enteringSupplement(section n: Int) -> UITableView.RowAnimation? {
        if let s = plan.update.insertedSections[n] { return supplementStyle(s) }
        if n < plan.sectionToOld.count, let o = plan.sectionToOld[n], let s = plan.update.reloadedSections[o] { return supplementStyle(s) }
        return nil
    }

    /// A row's frame and alpha at the start of coming in (`style`), given its frame at the end
    /// and the gap's y; or at the end of going out.
    func offset(_ frame: CGRect, gap: CGFloat, style: UITableView.RowAnimation) -> (frame: CGRect, alpha: CGFloat) {
        var f = frame
        switch style {
        case .fade: return (f, 0)
        case .top: f.origin.y = gap - f.height
        case .bottom: f.origin.y = gap
        case .middle: f.origin.y = gap - f.height / 2
        case .left: f.origin = CGPoint(x: f.minX - width, y: gap)
        case .right: f.origin = CGPoint(x: f.minX + width, y: gap)
        case .none, .automatic: break
        }
        return (f, 1)
    }

    /// A cell made for `path` inside the update's animation: it starts where the row comes from
    /// (set without animation, laid out at its final size first), then its frame and alpha are
    /// animated by the table's layout to where it ends.
    func placeEntering(_ cell: UITableViewCell, at path: IndexPath, in table: UITableView) {
        let end = table.rectForRow(at: path)
        let start: (frame: CGRect, alpha: CGFloat)
        if let style = plan.entering(path) {
            let resolved = resolve(style, new: path)
            table.enteringRows.insert(path)
            start = offset(end, gap: gapBefore(path) ?? end.minY, style: resolved)
        } else if let was = plan.oldPath(path), was.section < old.count, was.row < old[was.section].rowCount {
            // A row that stays and comes on screen: from its old place.
            start = (oldFrame(was), 1)
        } else {
            return
        }
        enter(cell, end: end, from: start)
    }

    /// Lays `view` out at its final frame `end`, puts it at `start` without animation, and
    /// animates its alpha to 1 in the block being run (its frame follows from the caller's layout).
    func enter(_ view: UIView, end: CGRect, from start: (frame: CGRect, alpha: CGFloat)) {
        UIView.performWithoutAnimation {
            view.frame = end
            view.layoutIfNeeded()
            view.frame = start.frame
            view.alpha = start.alpha
        }
        AnimationCapture.forget(view.layer)
        if view.alpha != 1 { view.alpha = 1 }
    }

    /// Where a cell leaving from `was` ends, with its alpha.
    func leavingEnd(of was: IndexPath, style: UITableView.RowAnimation, in table: UITableView) -> (frame: CGRect, alpha: CGFloat) {
        let from = oldFrame(was)
        return offset(from, gap: gapAfter(was, in: table) ?? from.minY, style: style)
    }
}

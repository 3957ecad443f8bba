import Foundation
internal import Scene

/// Auto Layout for one view tree: the active constraints, the intrinsic sizes of views laid out
/// by constraints and the frames of the others (`translatesAutoresizingMaskIntoConstraints`),
/// as one linear system our Cassowary solver keeps solved. Each solve brings the system up to
/// date incrementally (a changed constant is one cheap update; a new constraint one insertion),
/// then sets the frames of the views laid out by constraints: their `bounds.size` and `center`,
/// so their transforms stay as the code set them, rounded to the screen's pixels as UIKit does.
///
/// Every view's position is a variable in its superview's bounds coordinates; a constraint
/// between views in different superviews reads the superviews on the way to their nearest
/// common ancestor (their positions, less their bounds' origins: a scroll view's content
/// offset), so scrolling changes only constants.
@MainActor final class LayoutEngine {
    /// Something a solve depends on changed since the last one (a constraint, a view's place).
    static var changedSinceSolve = false

    /// Marks `view`'s tree for a new solve at its next layout.
    static func treeChanged(_ view: UIView) {
        structureGeneration &+= 1
        changedSinceSolve = true
        view.setNeedsLayout()
        view.superview?.setNeedsLayout()
    }

    /// Bumped by every change of what the system is made of (a constraint activated, a view
    /// added or moved, an intrinsic size invalidated...): an engine that has seen the current
    /// generation updates only constants at its next solve.
    static var structureGeneration = 0

    /// A constraint's `constant` changed: kept for its tree's next solve (no change of structure).
    static func constantChanged(_ constraint: NSLayoutConstraint, on view: UIView) {
        changedSinceSolve = true
        var root = view
        while let up = root.superview { root = up }
        root.autoLayout.changedConstants.append(constraint)
        view.setNeedsLayout()
        view.superview?.setNeedsLayout()
    }

    /// True while a solve (or a fitting) runs: user code it calls (`intrinsicContentSize`,
    /// `updateConstraints`) that asks for a layout pass is not let into the engine again.
    static var solving = false
    /// A layout pass was asked for during the solve: done once after it, if something changed.
    static var passAskedDuringSolve = false

    /// Solves the constraints of the tree `view` belongs to and sets the frames they give. A
    /// `layoutIfNeeded()` from inside is done after, once: again while the solves keep changing
    /// what they read, up to a limit past which it is a loop (said once, as UIKit's feedback
    /// loop debugger would).
    static func solve(treeOf view: UIView) {
        if solving {
            passAskedDuringSolve = true
            return
        }
        solving = true
        defer { solving = false }
        passAskedDuringSolve = false
        solveOnce(treeOf: view)
        var again = 0
        while passAskedDuringSolve, changedSinceSolve {
            passAskedDuringSolve = false
            again += 1
            guard again <= UIView.layoutPassLimit else {
                Diagnostics.once(
                    "feedback loop solve",
                    "Layout feedback loop: a layoutIfNeeded() called while constraints are solved (from intrinsicContentSize or "
                        + "updateConstraints) changed the layout in each of \(UIView.layoutPassLimit) solves in a row; the loop is broken "
                        + "and the views keep the last solve's frames (UIKit's UIViewLayoutFeedbackLoopDebuggingThreshold finds such loops)")
                break
            }
            solveOnce(treeOf: view)
        }
        passAskedDuringSolve = false
    }

    private static func solveOnce(treeOf view: UIView) {
        var root = view
        while let up = root.superview { root = up }
        changedSinceSolve = false
        if root.autoLayout.engine == nil {
            // Nothing to do for a tree that has never had a constraint (looked for once per
            // structure generation: a screen without Auto Layout pays no walk per frame).
            if root.autoLayout.unconstrainedAt == structureGeneration { return }
            guard LayoutEngine.hasConstraints(root) else {
                root.autoLayout.unconstrainedAt = structureGeneration
                return
            }
            root.autoLayout.engine = LayoutEngine(root: root, fitting: nil)
        }
        root.updateConstraintsIfNeeded()
        root.autoLayout.engine!.update()
    }

    /// A view the engine holds at its frame: one that `translatesAutoresizingMaskIntoConstraints`.
    static func isHeld(_ view: UIView) -> Bool { view.autoLayout.translatesAutoresizingMaskIntoConstraints }

    private static func hasConstraints(_ view: UIView) -> Bool {
        if !view.autoLayout.constraints.isEmpty || !view.autoLayout.translatesAutoresizingMaskIntoConstraints { return true }
        // A stack view makes its constraints at its first update.
        if let stack = view as? UIStackView, !stack.arrangedSubviews.isEmpty { return true }
        return view.subviews.contains(where: hasConstraints)
    }

    /// The size of `view` its constraints give nearest `target` (each axis held to the target at
    /// its priority), from an engine of its own: nothing on screen moves.
    static func fittingSize(of view: UIView, target: CGSize, horizontal: UILayoutPriority, vertical: UILayoutPriority) -> CGSize {
        let outer = solving
        solving = true
        defer { solving = outer }
        view.updateConstraintsIfNeeded()
        let engine = LayoutEngine(root: view, fitting: (target, horizontal, vertical))
        engine.update(apply: false)
        return engine.fittedSize
    }

    // MARK: State

    /// A view's or layout guide's variables: its position in its superview's (owning view's)
    /// bounds coordinates and its size.
    final class ItemVariables {
        let x: SolverVariable, y: SolverVariable, width: SolverVariable, height: SolverVariable
        /// A scroll view's content size, when a constraint from inside reads its edges.
        var contentWidth: SolverVariable?, contentHeight: SolverVariable?
        weak var view: UIView?
        weak var guide: UILayoutGuide?
        /// Seen in the last update (else its variables and rows go).
        var seen = true
        init(name: String) {
            x = SolverVariable(name + ".minX"); y = SolverVariable(name + ".minY")
            width = SolverVariable(name + ".width"); height = SolverVariable(name + ".height")
        }
    }

    /// A row the engine keeps in the solver for one reason, and the constant it was added with.
    struct Row {
        var handle: SolverRow
        var constant: Double
        /// For a user constraint: the variables its expression reads, to see when its views moved.
        var shape: Int
        /// A user constraint's row reads a scroll view's bounds origin (redone at every solve) or
        /// these views' safe area or margins (redone when they change).
        var readsScroll = false
        var insetOwners: [ObjectIdentifier] = []
        weak var constraint: NSLayoutConstraint?
        /// The views and axes the row touches (for the ambiguity count).
        var axes: [AxisKey] = []
        var priority: Float = 1000
    }

    let root: UIView
    let solver = EngineSolver()
    /// The structure generation of the last full sync (-1: none yet).
    private var syncedGeneration = -1
    /// What the expression being built reads that can move without a change of structure.
    private var readingScroll = false
    private var readingOwners: [ObjectIdentifier] = []
    /// The safe areas and margins rows read, by view, as last read.
    private var ownerInsets: [ObjectIdentifier: (view: UIView?, safe: UIEdgeInsets?, margins: UIEdgeInsets?)] = [:]
    /// nil: the root's own frame is held; else the root's size is fitted to the target.
    let fitting: (target: CGSize, horizontal: UILayoutPriority, vertical: UILayoutPriority)?
    private(set) var fittedSize = CGSize.zero
    private var items: [ObjectIdentifier: ItemVariables] = [:]
    /// Rows by what they stand for: a user constraint's identity, or an item's pin or intrinsic
    /// size (keyed by the item and a tag).
    private var rows: [RowKey: Row] = [:]
    private var seenRows: Set<RowKey> = []
    /// Constraints broken because they could not be satisfied with the others (said once).
    private var broken: Set<ObjectIdentifier> = []

    enum RowKey: Hashable {
        case constraint(ObjectIdentifier)
        case item(ObjectIdentifier, Tag)
    }
    enum Tag: Hashable {
        case pinX, pinY, pinWidth, pinHeight, hugWidth, hugHeight, resistWidth, resistHeight, contentWidthStay, contentHeightStay
        case guideX, guideY, guideWidth, guideHeight
    }

    init(root: UIView, fitting: (CGSize, UILayoutPriority, UILayoutPriority)?) {
        self.root = root
        self.fitting = fitting.map { (target: $0.0, horizontal: $0.1, vertical: $0.2) }
    }

    // MARK: Updating

    /// Brings the system up to date with the tree, solves it and (unless fitting) sets frames;
    /// again while the solve changed what it reads (a multi-line label's height at its new
    /// width, a frame autoresized under a view the solve moved), at most four times.
    func update(apply: Bool = true) {
        for pass in 0..<4 {
            // Only constants, held frames and insets can have moved: update just those rows.
            let onlyConstants = pass == 0 && syncedGeneration == LayoutEngine.structureGeneration && fastSync()
            if !onlyConstants {
                sync()
                syncedGeneration = LayoutEngine.structureGeneration
            }
            root.autoLayout.changedConstants.removeAll()
            solver.solve()
            if !apply {
                fittedSize = CGSize(width: value(itemVariables(root).width), height: value(itemVariables(root).height))
                if !intrinsicSizesChanged() { return }
                continue
            }
            let moved = applyFrames()
            if !moved && !intrinsicSizesChanged() { break }
        }
        // Ambiguity changes with the constraints, not with their constants: checked when rows
        // came or went (each check solves two small optimisations per variable).
        if apply && solver.structureChanged {
            solver.structureChanged = false
            checkAmbiguity()
        }
    }

    /// The rows for the tree as it is now: new constraints added, gone ones removed, changed
    /// constants updated in place.
    private func sync() {
        seenRows.removeAll(keepingCapacity: true)
        insetsRead.removeAll(keepingCapacity: true)
        for item in items.values { item.seen = false }
        var constraints: [NSLayoutConstraint] = []
        collect(root, into: &constraints)
        // Constraints gone first: one deactivated for another in the same frame makes room.
        let active = Set(constraints.map { RowKey.constraint(ObjectIdentifier($0)) })
        for (key, row) in rows where !active.contains(key) {
            if case .constraint = key {
                solver.remove(row.handle)
                rows[key] = nil
            }
        }
        // Their expressions (which reach the views and guides they relate).
        let prepared = constraints.compactMap(prepare)
        // The root: held at its frame, or fitted.
        let r = itemVariables(root)
        if let fitting {
            pin(root, .pinX, LayoutExpression(r.x), 0, .required)
            pin(root, .pinY, LayoutExpression(r.y), 0, .required)
            pin(root, .pinWidth, LayoutExpression(r.width), Double(fitting.target.width), fitting.horizontal)
            pin(root, .pinHeight, LayoutExpression(r.height), Double(fitting.target.height), fitting.vertical)
        }
        // Every view they reach: held at its frame (before the constraints, as UIKit's
        // autoresizing constraints are there before yours), or sized by its content.
        for item in Array(items.values) where item.seen {
            if let view = item.view { holdOrSize(view, item) }
        }
        for p in prepared { add(p) }
        // Rows of views and guides no longer there.
        for (key, row) in rows where !seenRows.contains(key) {
            solver.remove(row.handle)
            rows[key] = nil
        }
        for (id, item) in items where !item.seen {
            for variable in [item.x, item.y, item.width, item.height] { variableAxes[ObjectIdentifier(variable)] = nil }
            items[id] = nil
        }
        orderedItems = nil
        scrollRows = rows.compactMap { key, row in row.readsScroll ? key : nil }
        insetRows = rows.compactMap { key, row in !row.readsScroll && !row.insetOwners.isEmpty ? key : nil }
    }

    /// The items with views, superviews before subviews, as of the last sync.
    private var orderedItems: [ItemVariables]?
    /// The rows a solve with the same structure may have to move (as of the last sync): those
    /// reading a scroll view's origin (every solve), and the others reading a safe area or
    /// margins (when those changed).
    private var scrollRows: [RowKey] = []
    private var insetRows: [RowKey] = []

    private func itemsInOrder() -> [ItemVariables] {
        if let orderedItems { return orderedItems }
        let ordered = items.values.compactMap { item in item.view.map { (depth($0), item) } }.sorted { $0.0 < $1.0 }.map(\.1)
        orderedItems = ordered
        return ordered
    }

    /// The tree's active constraints; every view laid out by constraints gets its variables
    /// (one no constraint reaches still takes its intrinsic size).
    private func collect(_ view: UIView, into list: inout [NSLayoutConstraint]) {
        list.append(contentsOf: view.autoLayout.constraints)
        if !LayoutEngine.isHeld(view) { _ = itemVariables(view) }
        for v in view.subviews { collect(v, into: &list) }
    }

    /// The constant a held frame's or intrinsic size's row has now (for messages).
    func constant(of row: AutoresizingRow) -> Double {
        guard let item = row.item else { return 0 }
        return rows[.item(ObjectIdentifier(item), row.tag)]?.constant ?? 0
    }

    /// A constraint as a row: `expression (relation) constant`.
    struct Prepared {
        let constraint: NSLayoutConstraint
        let expression: LayoutExpression
        let constant: Double
        let readsScroll: Bool
        let insetOwners: [ObjectIdentifier]
    }

    private func prepare(_ c: NSLayoutConstraint) -> Prepared? {
        guard let ancestor = c.installedOn else { return nil }
        readingScroll = false
        readingOwners.removeAll(keepingCapacity: true)
        var e = expression(c.first, in: ancestor, other: c.second)
        if let second = c.second {
            e = e - Double(c.multiplier) * expression(second, in: ancestor, other: c.first)
        }
        // The expression's own constant (bounds origins, insets) moves to the row's constant.
        let constant = Double(c.constant) - e.constant
        e.constant = 0
        return Prepared(constraint: c, expression: e, constant: constant, readsScroll: readingScroll, insetOwners: readingOwners)
    }

    /// Adds or updates the row of one constraint.
    private func add(_ p: Prepared) {
        let c = p.constraint
        let key = RowKey.constraint(ObjectIdentifier(c))
        let shape = p.expression.shape
        seenRows.insert(key)
        if let row = rows[key], row.shape == shape, row.priority == c.priority.rawValue {
            rows[key]!.readsScroll = p.readsScroll
            rows[key]!.insetOwners = p.insetOwners
            if row.constant != p.constant {
                if !solver.setConstant(row.handle, to: p.constant) {
                    rows[key] = nil; breakConstraint(c, involved: [])
                } else {
                    rows[key]!.constant = p.constant
                }
            }
            return
        }
        if let row = rows[key] { solver.remove(row.handle) }
        rows[key] = nil
        switch solver.add(p.expression, c.relation, p.constant, priority: c.priority.rawValue, owner: c) {
        case .added(let handle):
            rows[key] = Row(
                handle: handle, constant: p.constant, shape: shape, readsScroll: p.readsScroll, insetOwners: p.insetOwners, constraint: c,
                axes: axes(of: p.expression), priority: c.priority.rawValue)
            broken.remove(ObjectIdentifier(c))
        case .unsatisfiable(let owners):
            breakConstraint(c, involved: owners)
        }
    }

    /// `c` cannot hold with the others: left out, and said once.
    private func breakConstraint(_ c: NSLayoutConstraint, involved: [AnyObject]) {
        if broken.insert(ObjectIdentifier(c)).inserted {
            LayoutReport.unsatisfiable(broken: c, involved: involved, in: self)
        }
    }

    /// A view that `translatesAutoresizingMaskIntoConstraints` is held at its frame (required,
    /// as UIKit's autoresizing constraints are); one laid out by constraints hugs and resists
    /// compressing its intrinsic content size.
    private func holdOrSize(_ view: UIView, _ v: ItemVariables) {
        if view === root && fitting == nil {
            holdFrame(view, v)
            return
        }
        if view !== root && LayoutEngine.isHeld(view) {
            holdFrame(view, v)
            return
        }
        let size = intrinsicSize(view)
        if size.width != UIView.noIntrinsicMetric {
            pin(view, .hugWidth, LayoutExpression(v.width), Double(size.width), view.contentHuggingPriority(for: .horizontal), .lessThanOrEqual)
            pin(
                view, .resistWidth, LayoutExpression(v.width), Double(size.width), view.contentCompressionResistancePriority(for: .horizontal),
                .greaterThanOrEqual)
        }
        if size.height != UIView.noIntrinsicMetric {
            pin(view, .hugHeight, LayoutExpression(v.height), Double(size.height), view.contentHuggingPriority(for: .vertical), .lessThanOrEqual)
            pin(
                view, .resistHeight, LayoutExpression(v.height), Double(size.height), view.contentCompressionResistancePriority(for: .vertical),
                .greaterThanOrEqual)
        }
    }

    private func holdFrame(_ view: UIView, _ v: ItemVariables) {
        let f = layoutFrame(view)
        pin(view, .pinX, LayoutExpression(v.x), Double(f.minX), .required)
        pin(view, .pinY, LayoutExpression(v.y), Double(f.minY), .required)
        pin(view, .pinWidth, LayoutExpression(v.width), Double(f.width), .required)
        pin(view, .pinHeight, LayoutExpression(v.height), Double(f.height), .required)
    }

    /// The frame Auto Layout speaks of: the view's untransformed frame (its center and bounds).
    func layoutFrame(_ view: UIView) -> CGRect {
        let size = view.bounds.size, a = view.layer.anchorPoint, c = view.center
        return CGRect(x: c.x - a.x * size.width, y: c.y - a.y * size.height, width: size.width, height: size.height)
    }

    /// The intrinsic size the last sync used, by view, to see it change after a solve.
    private var intrinsicUsed: [ObjectIdentifier: CGSize] = [:]
    /// Each wrapping label's width in the last solve: its intrinsic height is for that width
    /// (UIKit sets such a label's preferred width from its layout and solves again).
    private var solvedWidths: [ObjectIdentifier: CGFloat] = [:]

    private func intrinsicSize(_ view: UIView) -> CGSize {
        let size = currentIntrinsicSize(view)
        intrinsicUsed[ObjectIdentifier(view)] = size
        return size
    }

    private func currentIntrinsicSize(_ view: UIView) -> CGSize {
        guard let label = view as? UILabel else { return view.intrinsicContentSize }
        // A label's size is measured text: kept until the label invalidates it (its text, font,
        // lines) or the width it wraps at changes.
        let wraps = label.numberOfLines != 1 && label.preferredMaxLayoutWidth == 0
        let width = wraps ? solvedWidths[ObjectIdentifier(view)] : nil
        let key = LabelSizeKey(generation: label.autoLayout.intrinsicGeneration, width: width ?? -1, boundsWidth: label.bounds.width)
        if let cached = label.autoLayout.intrinsicCache, cached.key == key { return cached.size }
        let size = width.map { label.sizeThatFits(CGSize(width: max($0, 0.01), height: 0)) } ?? label.intrinsicContentSize
        label.autoLayout.intrinsicCache = (key, size)
        return size
    }

    /// Whether a view's intrinsic size differs now from the one the solve used (a label that
    /// wraps has a height for its width).
    private func intrinsicSizesChanged() -> Bool {
        var changed = false
        for item in items.values {
            guard let view = item.view, view === root || !LayoutEngine.isHeld(view),
                let used = intrinsicUsed[ObjectIdentifier(view)]
            else { continue }
            if let label = view as? UILabel, label.numberOfLines != 1 { solvedWidths[ObjectIdentifier(view)] = value(item.width) }
            if currentIntrinsicSize(view) != used { changed = true }
        }
        return changed
    }

    /// Adds or updates an item's row `expression (relation) constant`.
    private func pin(
        _ item: AnyObject, _ tag: Tag, _ e: LayoutExpression, _ constant: Double, _ priority: UILayoutPriority,
        _ relation: NSLayoutConstraint.Relation = .equal
    ) {
        let key = RowKey.item(ObjectIdentifier(item), tag)
        seenRows.insert(key)
        if let row = rows[key], row.priority == priority.rawValue {
            if row.constant != constant {
                if solver.setConstant(row.handle, to: constant) { rows[key]!.constant = constant } else { rows[key] = nil }
            }
            return
        }
        if let row = rows[key] {
            solver.remove(row.handle)
            rows[key] = nil
        }
        // A frame held against required constraints is not added: the user's constraint was
        // added first and wins; UIKit breaks one of the two and says so, as the user's add did.
        if case .added(let handle) = solver.add(e, relation, constant, priority: priority.rawValue, owner: AutoresizingRow(item: item, tag: tag)) {
            rows[key] = Row(handle: handle, constant: constant, shape: e.shape, priority: priority.rawValue)
        }
    }

    // MARK: Expressions

    func itemVariables(_ item: AnyObject) -> ItemVariables {
        let id = ObjectIdentifier(item)
        if let v = items[id] {
            v.seen = true
            return v
        }
        let v = ItemVariables(name: LayoutReport.name(item))
        for (variable, horizontal) in [(v.x, true), (v.width, true), (v.y, false), (v.height, false)] {
            variableAxes[ObjectIdentifier(variable)] = AxisKey(view: id, horizontal: horizontal)
        }
        v.view = item as? UIView
        v.guide = item as? UILayoutGuide
        items[id] = v
        return v
    }

    /// `spec` as an expression in `ancestor`'s bounds coordinates. `other` tells a scroll
    /// view's edges read from inside it (its content area) from its frame.
    private func expression(_ spec: LayoutAnchorSpec, in ancestor: UIView, other: LayoutAnchorSpec?) -> LayoutExpression {
        if let o = spec.offset {
            return expression(o.to, in: ancestor, other: o.from) - expression(o.from, in: ancestor, other: o.to)
        }
        guard let item = spec.item else { return LayoutExpression(constant: 0) }
        let horizontal = spec.attribute.axis == .horizontal
        // A scroll view's edges and margins, seen from its content, are its content area; its
        // width, height and centres are its frame's (Apple's "Working with Scroll Views").
        let frameSide: Bool
        switch spec.attribute {
        case .width, .height, .centerX, .centerY, .centerXWithinMargins, .centerYWithinMargins: frameSide = true
        default: frameSide = false
        }
        let (minimum, size) = edges(item, horizontal: horizontal, in: ancestor, insideOf: frameSide ? nil : other?.view)
        var lead = 0.0, trail = 0.0
        switch spec.attribute {
        case .leftMargin, .leadingMargin, .topMargin, .rightMargin, .trailingMargin, .bottomMargin, .centerXWithinMargins, .centerYWithinMargins:
            let margins = (item as? UIView).map(marginsFromEdges) ?? .zero
            (lead, trail) = horizontal ? (Double(margins.left), Double(margins.right)) : (Double(margins.top), Double(margins.bottom))
        default: break
        }
        switch spec.attribute {
        case .left, .leading, .top: return minimum
        case .right, .trailing, .bottom: return minimum + size
        case .centerX, .centerY: return minimum + 0.5 * size
        case .width, .height: return size
        case .leftMargin, .leadingMargin, .topMargin: return minimum + lead
        case .rightMargin, .trailingMargin, .bottomMargin: return minimum + size - trail
        case .centerXWithinMargins, .centerYWithinMargins: return minimum + lead + 0.5 * (size - (lead + trail))
        case .firstBaseline, .lastBaseline:
            guard let view = item as? UIView, let b = LayoutBaselines.offsets(view) else { return minimum + size }
            readingScroll = true
            return spec.attribute == .firstBaseline ? minimum + b.first : minimum + size - b.fromBottom
        case .notAnAttribute: return LayoutExpression(constant: 0)
        }
    }

    /// A view's safe area and margins, read once a sync (many constraints read one view's).
    private var insetsRead: [ObjectIdentifier: (safe: UIEdgeInsets?, margins: UIEdgeInsets?)] = [:]
    private func safeArea(_ view: UIView) -> UIEdgeInsets {
        let id = ObjectIdentifier(view)
        readingOwners.append(id)
        if let known = insetsRead[id]?.safe { return known }
        let insets = view.safeAreaInsets
        insetsRead[id, default: (nil, nil)].safe = insets
        ownerInsets[id, default: (view, nil, nil)].safe = insets
        return insets
    }
    private func marginsFromEdges(_ view: UIView) -> UIEdgeInsets {
        let id = ObjectIdentifier(view)
        readingOwners.append(id)
        if let known = insetsRead[id]?.margins { return known }
        let insets = view.effectiveMarginsFromEdges
        insetsRead[id, default: (nil, nil)].margins = insets
        ownerInsets[id, default: (view, nil, nil)].margins = insets
        return insets
    }

    /// The solve after one with the same structure: the rows whose inputs can have moved are
    /// brought up to date (changed constants, rows reading a scroll view's origin or changed
    /// insets, frames held for views that translate their masks, scroll views' content sizes).
    /// False when something needs a full sync after all.
    private func fastSync() -> Bool {
        insetsRead.removeAll(keepingCapacity: true)
        var changedOwners: Set<ObjectIdentifier> = []
        for (id, entry) in ownerInsets {
            guard let view = entry.view else { return false }
            if let safe = entry.safe, view.safeAreaInsets != safe { changedOwners.insert(id) }
            if let margins = entry.margins, view.effectiveMarginsFromEdges != margins { changedOwners.insert(id) }
        }
        var redo = root.autoLayout.changedConstants
        for key in scrollRows {
            if let c = rows[key]?.constraint { redo.append(c) }
        }
        if !changedOwners.isEmpty {
            for key in insetRows {
                guard let row = rows[key], row.insetOwners.contains(where: changedOwners.contains), let c = row.constraint else { continue }
                redo.append(c)
            }
        }
        for c in redo {
            let key = RowKey.constraint(ObjectIdentifier(c))
            guard let row = rows[key] else {
                if broken.contains(ObjectIdentifier(c)) || !c.isActive { continue }
                return false
            }
            guard let p = prepare(c), p.expression.shape == row.shape, row.priority == c.priority.rawValue else { return false }
            if row.constant != p.constant {
                if solver.setConstant(row.handle, to: p.constant) {
                    rows[key]!.constant = p.constant
                } else {
                    rows[key] = nil
                    breakConstraint(c, involved: [])
                }
            }
        }
        for id in changedOwners {
            if let view = ownerInsets[id]?.view {
                ownerInsets[id]!.safe = ownerInsets[id]!.safe.map { _ in view.safeAreaInsets }
                ownerInsets[id]!.margins = ownerInsets[id]!.margins.map { _ in view.effectiveMarginsFromEdges }
            }
        }
        for item in itemsInOrder() {
            guard let view = item.view else { continue }
            if view === root ? fitting == nil : LayoutEngine.isHeld(view) { holdFrame(view, item) }
            if let scroll = view as? UIScrollView {
                if let w = item.contentWidth {
                    pin(scroll, .contentWidthStay, LayoutExpression(w), Double(scroll.contentSize.width), UILayoutPriority(1))
                }
                if let h = item.contentHeight {
                    pin(scroll, .contentHeightStay, LayoutExpression(h), Double(scroll.contentSize.height), UILayoutPriority(1))
                }
            }
        }
        return true
    }

    /// An item's leading edge (in `ancestor`'s bounds coordinates) and its size along one axis.
    private func edges(
        _ item: AnyObject, horizontal: Bool, in ancestor: UIView, insideOf other: UIView?
    )
        -> (LayoutExpression, LayoutExpression)
    {
        func pick(_ v: ItemVariables) -> (SolverVariable, SolverVariable) { horizontal ? (v.x, v.width) : (v.y, v.height) }
        if let view = item as? UIView {
            let v = itemVariables(view)
            if view === ancestor {
                let origin = Double(horizontal ? view.bounds.minX : view.bounds.minY)
                if view is UIScrollView { readingScroll = true }
                // A scroll view's edges read from its content: its content area.
                if let scroll = view as? UIScrollView, let other, other !== scroll {
                    return (LayoutExpression(constant: 0), LayoutExpression(contentSize(scroll, v, horizontal: horizontal)))
                }
                return (LayoutExpression(constant: origin), LayoutExpression(pick(v).1))
            }
            let (position, size) = pick(v)
            return (LayoutExpression(position) + toAncestor(view.superview, ancestor, horizontal), LayoutExpression(size))
        }
        guard let guide = item as? UILayoutGuide, let owner = guide.owningView else {
            return (LayoutExpression(constant: 0), LayoutExpression(constant: 0))
        }
        let offset = owner === ancestor ? LayoutExpression(constant: 0) : toAncestor(owner, ancestor, horizontal)
        let ownerSize = LayoutExpression(pick(itemVariables(owner)).1)
        let bounds = owner.bounds
        let origin = Double(horizontal ? bounds.minX : bounds.minY)
        if owner is UIScrollView || guide.kind == .readableContent { readingScroll = true }
        switch guide.kind {
        case .own:
            let g = itemVariables(guide)
            return (LayoutExpression(pick(g).0) + offset, LayoutExpression(pick(g).1))
        case .safeArea, .margins:
            let i = guide.kind == .safeArea ? safeArea(owner) : marginsFromEdges(owner)
            let (a, b) = horizontal ? (Double(i.left), Double(i.right)) : (Double(i.top), Double(i.bottom))
            return (offset + (origin + a), ownerSize - (a + b))
        case .readableContent:
            let i = marginsFromEdges(owner)
            guard horizontal else { return (offset + (origin + Double(i.top)), ownerSize - Double(i.top + i.bottom)) }
            // Readable width: the margins' width up to 672 pt, centred (from the frame last laid out).
            let f = LayoutGuideFrames.frame(of: .readableContent, in: owner)
            if f.width < bounds.width - i.left - i.right {
                return (offset + Double(f.minX), LayoutExpression(constant: Double(f.width)))
            }
            return (offset + (origin + Double(i.left)), ownerSize - Double(i.left + i.right))
        case .scrollFrame:
            return (offset + origin, ownerSize)
        case .scrollContent:
            guard let scroll = owner as? UIScrollView else { return (offset, ownerSize) }
            return (offset, LayoutExpression(contentSize(scroll, itemVariables(scroll), horizontal: horizontal)))
        }
    }

    /// `from`'s bounds coordinates to `ancestor`'s: each view on the way adds its position less its bounds' origin.
    private func toAncestor(_ from: UIView?, _ ancestor: UIView, _ horizontal: Bool) -> LayoutExpression {
        var e = LayoutExpression(constant: 0)
        var v = from
        while let view = v, view !== ancestor {
            let vars = itemVariables(view)
            e = e + LayoutExpression(horizontal ? vars.x : vars.y) - Double(horizontal ? view.bounds.minX : view.bounds.minY)
            if view is UIScrollView { readingScroll = true }
            v = view.superview
        }
        return e
    }

    /// A scroll view's content size variable, held weakly at its current `contentSize` so an
    /// axis its constraints leave free keeps the code's value.
    private func contentSize(_ scroll: UIScrollView, _ v: ItemVariables, horizontal: Bool) -> SolverVariable {
        if horizontal {
            if v.contentWidth == nil { v.contentWidth = SolverVariable(LayoutReport.name(scroll) + ".contentWidth") }
            pin(scroll, .contentWidthStay, LayoutExpression(v.contentWidth!), Double(scroll.contentSize.width), UILayoutPriority(1))
            return v.contentWidth!
        }
        if v.contentHeight == nil { v.contentHeight = SolverVariable(LayoutReport.name(scroll) + ".contentHeight") }
        pin(scroll, .contentHeightStay, LayoutExpression(v.contentHeight!), Double(scroll.contentSize.height), UILayoutPriority(1))
        return v.contentHeight!
    }

    // MARK: Frames

    func value(_ v: SolverVariable) -> CGFloat { CGFloat(solver.value(of: v)) }

    /// Sets the solved frames of the views laid out by constraints, edges rounded to the screen's
    /// pixels; guides' frames and scroll views' content sizes. Whether a view held at its frame
    /// moved meanwhile (autoresized under a view that changed size).
    private func applyFrames() -> Bool {
        let scale = CGFloat(ScreenEnvironment.device.scale)
        func round(_ x: CGFloat) -> CGFloat { (x * scale).rounded() / scale }
        // Superviews before subviews: a size change autoresizes the subviews held at their frames.
        let ordered = itemsInOrder().compactMap { item -> (UIView, ItemVariables)? in item.view.map { ($0, item) } }
        for (view, v) in ordered where view !== root && !LayoutEngine.isHeld(view) {
            // Edges on whole pixels, as UIKit rounds them; sizes from whole pixels (no drift). A
            // tie rounds up on every edge alike, whatever the solver's last bits (a label centred on
            // a half pixel keeps its width, as iOS's does: docs/parity.md).
            func edge(_ x: CGFloat) -> CGFloat { (x * scale + 0.5 + 1e-6).rounded(.down) }
            let left = edge(value(v.x)), top = edge(value(v.y))
            let right = edge(value(v.x) + value(v.width)), bottom = edge(value(v.y) + value(v.height))
            let minX = left / scale, minY = top / scale
            let size = CGSize(width: max(0, right - left) / scale, height: max(0, bottom - top) / scale)
            if view.bounds.size != size { view.bounds.size = size }
            let a = view.layer.anchorPoint
            let center = CGPoint(x: minX + a.x * size.width, y: minY + a.y * size.height)
            if view.center != center { view.center = center }
        }
        for item in items.values {
            if let guide = item.guide, guide.kind == .own {
                guide.solvedFrame = CGRect(x: value(item.x), y: value(item.y), width: value(item.width), height: value(item.height))
            }
            if let scroll = item.view as? UIScrollView, item.contentWidth != nil || item.contentHeight != nil {
                var size = scroll.contentSize
                if let w = item.contentWidth { size.width = round(value(w)) }
                if let h = item.contentHeight { size.height = round(value(h)) }
                if scroll.contentSize != size { scroll.contentSize = size }
            }
        }
        // Held frames that moved since the sync.
        for (view, v) in ordered where LayoutEngine.isHeld(view) || view === root {
            let f = layoutFrame(view)
            if let row = rows[.item(ObjectIdentifier(view), .pinX)], row.constant != Double(f.minX) { return true }
            if let row = rows[.item(ObjectIdentifier(view), .pinWidth)], row.constant != Double(f.width) { return true }
            if let row = rows[.item(ObjectIdentifier(view), .pinY)], row.constant != Double(f.minY) { return true }
            if let row = rows[.item(ObjectIdentifier(view), .pinHeight)], row.constant != Double(f.height) { return true }
            _ = v
        }
        return false
    }

    private func depth(_ view: UIView) -> Int {
        var d = 0, v = view.superview
        while let up = v { d += 1; v = up.superview }
        return d
    }

    // MARK: Ambiguity

    struct AxisKey: Hashable {
        let view: ObjectIdentifier
        let horizontal: Bool
    }
    /// How many rows (constraints, an intrinsic size) touch each view's position or size on an axis.
    private var rowsPerAxis: [AxisKey: Int] = [:]
    /// Which view and axis each position or size variable is.
    private var variableAxes: [ObjectIdentifier: AxisKey] = [:]

    private func axes(of e: LayoutExpression) -> [AxisKey] {
        var touched: [AxisKey] = []
        for (v, k) in e.terms where k != 0 {
            if let key = variableAxes[ObjectIdentifier(v)], !touched.contains(key) { touched.append(key) }
        }
        return touched
    }

    /// Views laid out by constraints with fewer than two rows on an axis (its position and its size
    /// each need one): marked for `hasAmbiguousLayout` and said once each. Counting is exact for
    /// the usual mistake (a constraint left out) and costs nothing; `hasAmbiguousLayout` asks the
    /// solver itself whether the view's values are pinned. The other mistake, non-required rows
    /// of one priority that conflict (the solver may break either: a tie), is asked of the solver
    /// only for views a non-required row touches on an axis, when some priority has two rows.
    private func checkAmbiguity() {
        rowsPerAxis.removeAll(keepingCapacity: true)
        for (key, row) in rows {
            if case .constraint = key { for axis in row.axes { rowsPerAxis[axis, default: 0] += 1 } }
        }
        for item in items.values {
            guard let view = item.view, let size = intrinsicUsed[ObjectIdentifier(view)] else { continue }
            if size.width != UIView.noIntrinsicMetric { rowsPerAxis[AxisKey(view: ObjectIdentifier(view), horizontal: true), default: 0] += 1 }
            if size.height != UIView.noIntrinsicMetric { rowsPerAxis[AxisKey(view: ObjectIdentifier(view), horizontal: false), default: 0] += 1 }
        }
        for item in items.values {
            guard let view = item.view, view !== root, !LayoutEngine.isHeld(view) else { continue }
            var axes: Set<NSLayoutConstraint.Axis> = []
            let id = ObjectIdentifier(view)
            if rowsPerAxis[AxisKey(view: id, horizontal: true), default: 0] < 2 { axes.insert(.horizontal) }
            if rowsPerAxis[AxisKey(view: id, horizontal: false), default: 0] < 2 { axes.insert(.vertical) }
            guard !axes.isEmpty else { continue }
            // What the solver leaves free, named in the message (none: the count was wrong, as
            // when a wish or a stack's suppression pins it; nothing to say).
            let values = [("x", item.x, NSLayoutConstraint.Axis.horizontal), ("width", item.width, .horizontal), ("y", item.y, .vertical),
                ("height", item.height, .vertical)]
            let free = values.filter { axes.contains($0.2) && !solver.isPinned($0.1) }
            if !free.isEmpty { LayoutReport.ambiguous(view, axes: Set(free.map(\.2)), free: free.map(\.0)) }
        }
        tiesDue = true
    }

    /// Rows came or went since the last look for ties (done when the layout pass ends, once the
    /// frames that views are held at, such as a table cell's content view, are set).
    private var tiesDue = false

    /// The layout pass that `view`'s tree was in has ended: ties are looked for if due.
    static func layoutPassEnded(_ view: UIView) {
        var root = view
        while let up = root.superview { root = up }
        guard let engine = root.autoLayout.engine, engine.tiesDue else { return }
        engine.tiesDue = false
        engine.checkTies()
    }

    /// The other mistake besides a constraint left out: non-required rows of one priority that
    /// conflict, so that breaking either is as good (a tie). Asked of the solver only for the
    /// views and axes of rows the solve broke at a priority that has other rows (the view whose
    /// constraint was broken; a view whose axis the count found short is said already), each
    /// said once with the priorities. A row broken by less than half a point is not counted: such
    /// a tie moves a view by a pixel at most (a self-sizing cell a pixel taller than its labels).
    private func checkTies() {
        var perPriority: [Float: Int] = [:]
        for (key, row) in rows where row.priority < 1000 {
            if case .item(_, let tag) = key, !LayoutEngine.intrinsicTags.contains(tag) { continue }
            perPriority[row.priority, default: 0] += 1
        }
        var suspects: [AxisKey: Set<Float>] = [:]
        for (key, row) in rows where row.priority < 1000 && perPriority[row.priority, default: 0] > 1 {
            switch key {
            case .constraint:
                if solver.isBroken(row.handle, tolerance: 0.5) { for axis in row.axes { suspects[axis, default: []].insert(row.priority) } }
            case .item(let id, let tag):
                guard LayoutEngine.intrinsicTags.contains(tag), solver.isBroken(row.handle, tolerance: 0.5) else { continue }
                suspects[AxisKey(view: id, horizontal: tag == .hugWidth || tag == .resistWidth), default: []].insert(row.priority)
            }
        }
        var said: [ObjectIdentifier: (view: UIView, axes: Set<NSLayoutConstraint.Axis>, ties: Set<Float>)] = [:]
        for (key, priorities) in suspects where rowsPerAxis[key, default: 0] >= 2 {
            guard let view = items[key.view]?.view, view !== root, !LayoutEngine.isHeld(view) else { continue }
            let axis: NSLayoutConstraint.Axis = key.horizontal ? .horizontal : .vertical
            guard isAmbiguous(view, axis) else { continue }
            said[key.view, default: (view, [], [])].axes.insert(axis)
            said[key.view]!.ties.formUnion(priorities)
        }
        for (_, entry) in said.sorted(by: { LayoutReport.name($0.value.view) < LayoutReport.name($1.value.view) }) {
            LayoutReport.ambiguous(entry.view, axes: entry.axes, ties: entry.ties)
        }
    }

    static let intrinsicTags: Set<Tag> = [.hugWidth, .hugHeight, .resistWidth, .resistHeight]

    /// Whether the solution leaves `view`'s position or size free along `axis` (the solver's
    /// optimal range of each); false for a view the engine does not lay out.
    func isAmbiguous(_ view: UIView, _ axis: NSLayoutConstraint.Axis) -> Bool {
        guard let item = items[ObjectIdentifier(view)], view !== root, !LayoutEngine.isHeld(view) else { return false }
        return axis == .horizontal
            ? !solver.isPinned(item.x) || !solver.isPinned(item.width) : !solver.isPinned(item.y) || !solver.isPinned(item.height)
    }

    /// The engine laying out `view`'s tree, if it has one.
    static func engine(of view: UIView) -> LayoutEngine? {
        var root = view
        while let up = root.superview { root = up }
        return root.autoLayout.engine
    }
}

/// The row that holds a view at its frame, as UIKit's NSAutoresizingMaskLayoutConstraint does.
@MainActor final class AutoresizingRow {
    weak var item: AnyObject?
    let tag: LayoutEngine.Tag
    init(item: AnyObject, tag: LayoutEngine.Tag) {
        self.item = item
        self.tag = tag
    }
}

/// What a label's measured intrinsic size depends on besides its text and font.
struct LabelSizeKey: Equatable {
    let generation: Int
    let width: CGFloat
    let boundsWidth: CGFloat
}

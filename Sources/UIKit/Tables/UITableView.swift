import Foundation
internal import Raster
internal import Scene

/// The methods that give a table its rows (the two required, the rest optional).
/// https://developer.apple.com/documentation/uikit/uitableviewdatasource
@preconcurrency @MainActor public protocol UITableViewDataSource: NSObjectProtocol {
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell
    func numberOfSections(in tableView: UITableView) -> Int
    func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String?
    func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String?
}

extension UITableViewDataSource {
    public func numberOfSections(in tableView: UITableView) -> Int { 1 }
    public func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { nil }
    public func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? { nil }
}

/// A table's delegate: heights, header and footer views, display calls; and, as a scroll view's
/// delegate, the scroll calls. Each method optional.
/// https://developer.apple.com/documentation/uikit/uitableviewdelegate
@preconcurrency @MainActor public protocol UITableViewDelegate: UIScrollViewDelegate {
    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat
    func tableView(_ tableView: UITableView, estimatedHeightForRowAt indexPath: IndexPath) -> CGFloat
    func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat
    func tableView(_ tableView: UITableView, heightForFooterInSection section: Int) -> CGFloat
    func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView?
    func tableView(_ tableView: UITableView, viewForFooterInSection section: Int) -> UIView?
    func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath)
    func tableView(_ tableView: UITableView, didEndDisplaying cell: UITableViewCell, forRowAt indexPath: IndexPath)
    func tableView(_ tableView: UITableView, willDisplayHeaderView view: UIView, forSection section: Int)
    func tableView(_ tableView: UITableView, willDisplayFooterView view: UIView, forSection section: Int)
    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath)
    func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath)
}

extension UITableViewDelegate {
    public func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat { tableView.rowHeight }
    public func tableView(_ tableView: UITableView, estimatedHeightForRowAt indexPath: IndexPath) -> CGFloat { tableView.estimatedRowHeight }
    public func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat { tableView.sectionHeaderHeight }
    public func tableView(_ tableView: UITableView, heightForFooterInSection section: Int) -> CGFloat { tableView.sectionFooterHeight }
    public func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView? { nil }
    public func tableView(_ tableView: UITableView, viewForFooterInSection section: Int) -> UIView? { nil }
    public func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: UITableView, didEndDisplaying cell: UITableViewCell, forRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: UITableView, willDisplayHeaderView view: UIView, forSection section: Int) {}
    public func tableView(_ tableView: UITableView, willDisplayFooterView view: UIView, forSection section: Int) {}
    public func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {}
}

/// A list of rows in sections: cells made by the data source for the visible rows only and reused
/// as they scroll off (a table of 10,000 rows costs the rows shown), section headers and footers
/// (pinned while their section scrolls past in the plain style), separators, the three styles laid
/// out as render-frames' YAML `table:` lays them out (Scene's table code measures the cells and
/// places their parts, so the same rows give the same pixels).
/// https://developer.apple.com/documentation/uikit/uitableview
@preconcurrency @MainActor open class UITableView: UIScrollView {
    /// https://developer.apple.com/documentation/uikit/uitableview/style
    public enum Style: Int, Sendable { case plain = 0, grouped, insetGrouped }
    /// https://developer.apple.com/documentation/uikit/uitableview/scrollposition
    public enum ScrollPosition: Int, Sendable { case none = 0, top, middle, bottom }
    /// https://developer.apple.com/documentation/uikit/uitableview/rowanimation
    public enum RowAnimation: Int, Sendable { case fade = 0, right, left, top, bottom, none, middle, automatic = 100 }

    /// A height the table works out itself (the cell's content, the title's).
    /// https://developer.apple.com/documentation/uikit/uitableview/1614961-automaticdimension
    nonisolated public static let automaticDimension: CGFloat = -1

    /// https://developer.apple.com/documentation/uikit/uitableview/1614983-style
    public let style: Style
    open weak var dataSource: (any UITableViewDataSource)? { didSet { needsReload = true; setNeedsLayout() } }
    var tableDelegate: (any UITableViewDelegate)? { delegate as? any UITableViewDelegate }
    open override weak var delegate: (any UIScrollViewDelegate)? { didSet { needsReload = true; setNeedsLayout() } }

    /// automaticDimension (the default): each cell as tall as its content plus the separator's
    /// pixel, at least 44 pt (the separator within).
    open var rowHeight: CGFloat = UITableView.automaticDimension { didSet { needsReload = true; setNeedsLayout() } }
    open var sectionHeaderHeight: CGFloat = UITableView.automaticDimension { didSet { needsReload = true; setNeedsLayout() } }
    open var sectionFooterHeight: CGFloat = UITableView.automaticDimension { didSet { needsReload = true; setNeedsLayout() } }
    /// A self-sizing row's height until it is measured (as it first comes on screen); automatic:
    /// 44 pt.
    open var estimatedRowHeight: CGFloat = UITableView.automaticDimension
    open var estimatedSectionHeaderHeight: CGFloat = UITableView.automaticDimension
    open var estimatedSectionFooterHeight: CGFloat = UITableView.automaticDimension
    /// https://developer.apple.com/documentation/uikit/uitableview/3750914-sectionheadertoppadding
    open var sectionHeaderTopPadding: CGFloat = UITableView.automaticDimension

    open var separatorStyle = UITableViewCell.SeparatorStyle.singleLine { didSet { setNeedsLayout() } }
    /// nil: separator (the system's).
    open var separatorColor: UIColor? = .separator { didSet { setNeedsLayout() } }
    var ownSeparatorInset: UIEdgeInsets?
    /// Unset, each cell's separator starts at its text (past its image).
    /// https://developer.apple.com/documentation/uikit/uitableview/1614972-separatorinset
    open var separatorInset: UIEdgeInsets {
        get { ownSeparatorInset ?? UIEdgeInsets(top: 0, left: CGFloat(ScreenEnvironment.device.layoutMargin), bottom: 0, right: 0) }
        set { ownSeparatorInset = newValue; setNeedsLayout() }
    }
    open var separatorInsetReference = SeparatorInsetReference.fromCellEdges
    /// https://developer.apple.com/documentation/uikit/uitableview/separatorinsetreference
    public enum SeparatorInsetReference: Int, Sendable { case fromCellEdges = 0, fromAutomaticInsets }

    private var ownMargins: UIEdgeInsets?
    /// The cells' margins: the layout margin (16 pt, 20 on regular widths) plus the safe area.
    open override var layoutMargins: UIEdgeInsets {
        get {
            if let ownMargins { return ownMargins }
            let m = CGFloat(ScreenEnvironment.device.layoutMargin), safe = safeAreaInsetsForAdjustment
            return UIEdgeInsets(top: 8, left: safe.left + m, bottom: 8, right: safe.right + m)
        }
        set { ownMargins = newValue; needsReload = true; setNeedsLayout() }
    }
    /// On a wide screen the cells' content keeps to the readable width (672 pt).
    /// https://developer.apple.com/documentation/uikit/uitableview/1614870-cellslayoutmarginsfollowreadablewidth
    open var cellLayoutMarginsFollowReadableWidth = false { didSet { setNeedsLayout() } }
    open var insetsContentViewsToSafeArea = true
    open var allowsSelection = true
    open var allowsMultipleSelection = false
    open var isEditing = false
    open var backgroundView: UIView? {
        didSet {
            oldValue?.removeFromSuperview()
            if let v = backgroundView { insertSubview(v, at: 0) }
            setNeedsLayout()
        }
    }

    /// https://developer.apple.com/documentation/uikit/uitableview/1614904-tableheaderview
    open var tableHeaderView: UIView? {
        didSet {
            if oldValue !== tableHeaderView { oldValue?.removeFromSuperview() }
            if let v = tableHeaderView { addSubview(v) }
            needsReload = true; setNeedsLayout()
        }
    }
    /// https://developer.apple.com/documentation/uikit/uitableview/1614976-tablefooterview
    open var tableFooterView: UIView? {
        didSet {
            if oldValue !== tableFooterView { oldValue?.removeFromSuperview() }
            if let v = tableFooterView { addSubview(v) }
            needsReload = true; setNeedsLayout()
        }
    }

    /// https://developer.apple.com/documentation/uikit/uitableview/1614957-init
    public init(frame: CGRect, style: Style) {
        self.style = style
        super.init(frame: frame)
        backgroundColor = style == .plain ? .systemBackground : .systemGroupedBackground
        alwaysBounceVertical = true
    }

    public convenience override init(frame: CGRect) { self.init(frame: frame, style: .plain) }

    /// A table from a storyboard or XIB: its style and background as the file gives them.
    public required init?(coder: NSCoder) {
        style = InterfaceBuilderCoder.tableStyle(coder) ?? .plain
        super.init(coder: coder)
        if !coder.allowsKeyedCoding || !coder.containsValue(forKey: "backgroundColor") {
            backgroundColor = style == .plain ? .systemBackground : .systemGroupedBackground
        }
        alwaysBounceVertical = true
    }

    // MARK: Registration and reuse

    private var cellClasses: [String: UITableViewCell.Type] = [:]
    /// Nibs of one cell by reuse identifier (`register(_:forCellReuseIdentifier:)` with a UINib,
    /// a storyboard's prototype cells).
    var cellNibs: [String: UINib] = [:]
    private var headerClasses: [String: UITableViewHeaderFooterView.Type] = [:]
    /// Cells that left the screen, by reuse identifier, waiting to be dequeued.
    private var reuseQueue: [String: [UITableViewCell]] = [:]
    private var headerQueue: [String: [UITableViewHeaderFooterView]] = [:]
    /// How many cells the table made (for tests: reuse keeps it near the visible count).
    package private(set) var cellsMade = 0

    /// https://developer.apple.com/documentation/uikit/uitableview/1614888-register
    open func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {
        if let c = cellClass as? UITableViewCell.Type { cellClasses[identifier] = c; cellNibs[identifier] = nil } else { cellClasses[identifier] = nil }
    }

    /// https://developer.apple.com/documentation/uikit/uitableview/1614899-register
    open func register(_ aClass: AnyClass?, forHeaderFooterViewReuseIdentifier identifier: String) {
        if let c = aClass as? UITableViewHeaderFooterView.Type { headerClasses[identifier] = c } else { headerClasses[identifier] = nil }
    }

    /// A cell from the reuse queue (prepared for reuse), a new one of the registered class, or nil.
    /// https://developer.apple.com/documentation/uikit/uitableview/1614891-dequeuereusablecell
    open func dequeueReusableCell(withIdentifier identifier: String) -> UITableViewCell? {
        if var queue = reuseQueue[identifier], !queue.isEmpty {
            let cell = queue.removeLast()
            reuseQueue[identifier] = queue
            cell.prepareForReuse()
            return cell
        }
        if let nib = cellNibs[identifier] {
            guard let cell = nib.instantiate(withOwner: nil).first as? UITableViewCell else { return nil }
            cellsMade += 1
            return cell
        }
        guard let type = cellClasses[identifier] else { return nil }
        cellsMade += 1
        return type.init(_registeredForReuseIdentifier: identifier)
    }

    /// A cell for the row: from the reuse queue or made from the registered class. An identifier
    /// never registered (UIKit raises an exception) gives a default-style cell and a message.
    /// https://developer.apple.com/documentation/uikit/uitableview/1614878-dequeuereusablecell
    open func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> UITableViewCell {
        if let cell = dequeueReusableCell(withIdentifier: identifier) { return cell }
        Diagnostics.once(
            "unregistered cell \(identifier)",
            "\(describe): no cell class is registered for the reuse identifier \"\(identifier)\"; register(_:forCellReuseIdentifier:) it before dequeueReusableCell(withIdentifier:for:) (a default cell is drawn)"
        )
        cellsMade += 1
        return UITableViewCell(style: .default, reuseIdentifier: identifier)
    }

    /// https://developer.apple.com/documentation/uikit/uitableview/1614885-dequeuereusableheaderfooterview
    open func dequeueReusableHeaderFooterView(withIdentifier identifier: String) -> UITableViewHeaderFooterView? {
        if var queue = headerQueue[identifier], !queue.isEmpty {
            let view = queue.removeLast()
            headerQueue[identifier] = queue
            view.prepareForReuse()
            return view
        }
        return headerClasses[identifier].map { $0.init(_registeredForReuseIdentifier: identifier) }
    }

    func enqueue(_ cell: UITableViewCell) {
        cell.removeFromSuperview()
        // A cell leaving in the middle of an update's animation is reused from where it is set.
        if !cell.layer.animationTracks.isEmpty { cell.layer.animationTracks.removeAll() }
        if let id = cell.reuseIdentifier { reuseQueue[id, default: []].append(cell) }
    }

    // MARK: Geometry

    /// One section's geometry in content coordinates.
    struct SectionGeometry {
        var top: CGFloat = 0
        var headerHeight: CGFloat = 0
        var headerTitle: String?
        var headerTextFrame: CGRect?
        /// `rowTops[i]` is row i's top; `rowTops[count]` where the rows end.
        var rowTops: [CGFloat] = [0]
        var footerHeight: CGFloat = 0
        var footerTitle: String?
        var footerTextFrame: CGRect?
        var rowCount: Int { rowTops.count - 1 }
        var headerTop: CGFloat { top }
        var rowsTop: CGFloat { rowTops[0] }
        var rowsBottom: CGFloat { rowTops[rowTops.count - 1] }
        var footerTop: CGFloat { rowsBottom }
        var bottom: CGFloat { rowsBottom + footerHeight }
    }

    var needsReload = true
    /// What a table lays out: its rows' heights are kept (8 bytes and 2 flags a row), its cells
    /// made only for the rows shown.
    static let rowLimit = 1_000_000
    static let heightLimit: CGFloat = 100_000
    private(set) var sections: [SectionGeometry] = []
    /// Row heights, and which self-sizing rows were measured.
    private var heights: [[CGFloat]] = []
    private var automatic: [[Bool]] = []
    private var measured: [[Bool]] = []
    private var geometryWidth: CGFloat = -1
    var visible: [IndexPath: UITableViewCell] = [:]
    var headerViews: [Int: UIView] = [:]
    var footerViews: [Int: UIView] = [:]
    private var sectionBackgrounds: [Int: UIView] = [:]
    private var spareBackgrounds: [UIView] = []

    var tableStyleForScene: Table.Style { style == .plain ? .plain : style == .grouped ? .grouped : .insetGrouped }
    private var pixel: CGFloat { 1 / max(1, traitCollection.displayScale) }

    /// The cells' x and width, and the margins their content keeps.
    var cellGeometry: (x: CGFloat, width: CGFloat, margins: UIEdgeInsets) {
        let w = bounds.width
        let safe = safeAreaInsetsForAdjustment
        let m = CGFloat(ScreenEnvironment.device.layoutMargin)
        var margins = layoutMargins
        if style == .insetGrouped {
            let x = safe.left + m
            margins = UIEdgeInsets(top: margins.top, left: m, bottom: margins.bottom, right: m)
            return (x, max(0, w - safe.left - safe.right - 2 * m), margins)
        }
        if cellLayoutMarginsFollowReadableWidth {
            let readable: CGFloat = 672
            let content = w - margins.left - margins.right
            if content > readable {
                let extra = (content - readable) / 2
                margins.left += extra; margins.right += extra
            }
        }
        return (0, w, margins)
    }

    /// The header's or footer's text frame and height for a title (Scene's table metrics).
    private func titleGeometry(_ title: String, isHeader: Bool) -> (CGFloat, CGRect?) {
        let g = cellGeometry
        let x = g.x + g.margins.left, width = g.width - g.margins.left - g.margins.right
        let s = Table.supplement(
            title, isHeader: isHeader, style: tableStyleForScene, y: 0, x: Double(x), width: Double(width), screenWidth: Double(bounds.width),
            deviceScale: Double(max(1, traitCollection.displayScale)), typography: ScreenEnvironment.typography)
        return (CGFloat(s.frame.height), s.textFrame.map(CGRect.init))
    }

    private var untitledHeight: (header: CGFloat, footer: CGFloat) {
        style == .plain ? (0, 0) : (CGFloat(Table.Metrics.groupedUntitledHeader), CGFloat(Table.Metrics.groupedUntitledFooter))
    }

    /// Asks the data source and delegate for the sections, rows and heights (not the cells).
    func reloadGeometry() {
        needsReload = false
        for cell in visible.values { enqueue(cell) }
        visible = [:]
        for v in headerViews.values { recycleSupplement(v) }
        for v in footerViews.values { recycleSupplement(v) }
        headerViews = [:]; footerViews = [:]
        pendingHeaders = [:]; pendingFooters = [:]
        geometryWidth = bounds.width
        guard let dataSource else {
            sections = []; heights = []; automatic = []; measured = []
            updateTops()
            return
        }
        let count = max(0, dataSource.numberOfSections(in: self))
        let d = tableDelegate
        sections = []; heights = []; automatic = []; measured = []
        var total = 0
        for s in 0..<min(count, Self.rowLimit) {
            var g = SectionGeometry()
            let asked = max(0, dataSource.tableView(self, numberOfRowsInSection: s))
            let rows = min(asked, max(0, Self.rowLimit - total))
            if rows < asked {
                Diagnostics.once(
                    "row limit",
                    "\(describe): \(asked) rows in section \(s) pass the \(Self.rowLimit) rows a table lays out here; the rest are not drawn")
            }
            total += rows
            g.headerTitle = dataSource.tableView(self, titleForHeaderInSection: s)
            g.footerTitle = dataSource.tableView(self, titleForFooterInSection: s)
            (g.headerHeight, g.headerTextFrame) = supplementHeight(section: s, isHeader: true, title: g.headerTitle)
            (g.footerHeight, g.footerTextFrame) = supplementHeight(section: s, isHeader: false, title: g.footerTitle)
            var h = [CGFloat](), auto = [Bool]()
            h.reserveCapacity(rows); auto.reserveCapacity(rows)
            let standard = CGFloat(TableCellMetrics.minimumRowHeight)
            for r in 0..<rows {
                let path = IndexPath(row: r, section: s)
                let asked = d?.tableView(self, heightForRowAt: path) ?? rowHeight
                if asked >= 0, asked.isFinite {
                    h.append(min(asked, Self.heightLimit)); auto.append(false)
                } else {
                    let estimate = d?.tableView(self, estimatedHeightForRowAt: path) ?? estimatedRowHeight
                    h.append(estimate > 0 && estimate.isFinite ? min(estimate, Self.heightLimit) : standard); auto.append(true)
                }
            }
            g.rowTops = [CGFloat](repeating: 0, count: rows + 1)
            sections.append(g)
            heights.append(h); automatic.append(auto); measured.append([Bool](repeating: false, count: rows))
        }
        updateTops()
    }

    private func supplementHeight(section s: Int, isHeader: Bool, title: String?) -> (CGFloat, CGRect?) {
        let d = tableDelegate
        var asked =
            isHeader
            ? (d?.tableView(self, heightForHeaderInSection: s) ?? sectionHeaderHeight)
            : (d?.tableView(self, heightForFooterInSection: s) ?? sectionFooterHeight)
        asked = asked.isFinite ? min(asked, Self.heightLimit) : UITableView.automaticDimension
        let custom = isHeader ? d?.tableView(self, viewForHeaderInSection: s) : d?.tableView(self, viewForFooterInSection: s)
        if let custom {
            // Kept while the data stands (shown whenever the section's header is on screen).
            if isHeader { pendingHeaders[s] = custom } else { pendingFooters[s] = custom }
            if asked >= 0 { return (asked, nil) }
            let own = custom.frame.height > 0 ? custom.frame.height : custom.sizeThatFits(CGSize(width: bounds.width, height: 0)).height
            return (own.isFinite ? min(max(own, 0), Self.heightLimit) : 0, nil)
        }
        if let title {
            let (h, text) = titleGeometry(title, isHeader: isHeader)
            return (asked >= 0 ? asked : h, text)
        }
        return (asked >= 0 ? asked : (isHeader ? untitledHeight.header : untitledHeight.footer), nil)
    }
    var pendingHeaders: [Int: UIView] = [:]
    var pendingFooters: [Int: UIView] = [:]

    /// The sections' and rows' tops from the heights; the content size.
    private func updateTops() {
        var y = tableHeaderView?.frame.height ?? 0
        for s in sections.indices {
            sections[s].top = y
            y += sections[s].headerHeight
            sections[s].rowTops[0] = y
            for r in heights[s].indices {
                y += heights[s][r]
                sections[s].rowTops[r + 1] = y
            }
            y += sections[s].footerHeight
        }
        y += tableFooterView?.frame.height ?? 0
        let size = CGSize(width: bounds.width, height: y)
        if contentSize != size { contentSize = size }
    }

    /// The first index in 0..<count where `predicate` (false, then true) holds; count if none.
    private static func firstIndex(_ count: Int, where predicate: (Int) -> Bool) -> Int {
        var lo = 0, hi = count
        while lo < hi {
            let mid = (lo + hi) / 2
            if predicate(mid) { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }

    /// The rows that reach into `top..<bottom` (content coordinates), in order.
    func indexPaths(from top: CGFloat, to bottom: CGFloat) -> [IndexPath] {
        guard bottom > top else { return [] }
        let first = Self.firstIndex(sections.count) { self.sections[$0].bottom > top }
        var out: [IndexPath] = []
        var s = first
        while s < sections.count, sections[s].top < bottom {
            let tops = sections[s].rowTops, count = tops.count - 1
            var r = Self.firstIndex(count) { tops[$0 + 1] > top }
            while r < count, tops[r] < bottom {
                if tops[r + 1] > tops[r] || tops[r] >= top { out.append(IndexPath(row: r, section: s)) }
                r += 1
            }
            s += 1
        }
        return out
    }

    var visibleRange: (CGFloat, CGFloat) { (bounds.minY, bounds.maxY) }

    // MARK: Layout

    open override func layoutSubviews() {
        super.layoutSubviews()
        // The background view fills the visible bounds, behind everything, as it scrolls (UIKit
        // sizes it to the table): a photo set there shows under a transparent bar.
        if let b = backgroundView, b.frame != bounds { b.frame = bounds }
        if needsReload || geometryWidth != bounds.width { reloadGeometry() }
        let g = cellGeometry
        // The visible rows' cells: self-sizing ones measured as they come, which moves the rows
        // below them; a few passes settle it.
        for _ in 0..<4 {
            var changed = false
            let (top, bottom) = visibleRange
            let wanted = indexPaths(from: top, to: bottom)
            let wantedSet = Set(wanted)
            for (path, cell) in visible where !wantedSet.contains(path) {
                visible[path] = nil
                enqueue(cell)
                tableDelegate?.tableView(self, didEndDisplaying: cell, forRowAt: path)
            }
            for path in wanted where visible[path] == nil {
                guard let dataSource else { break }
                let cell = dataSource.tableView(self, cellForRowAt: path)
                prepare(cell, g)
                visible[path] = cell
                if cell.superview !== self { addSubview(cell) }
                if automatic[path.section][path.row], !measured[path.section][path.row] {
                    measured[path.section][path.row] = true
                    let h = cell.selfSizedHeight(width: g.width)
                    if h != heights[path.section][path.row] {
                        heights[path.section][path.row] = h
                        changed = true
                    }
                }
                tableDelegate?.tableView(self, willDisplay: cell, forRowAt: path)
                runningUpdate?.placeEntering(cell, at: path, in: self)
            }
            if changed { updateTops() } else { break }
        }
        for (path, cell) in visible {
            let tops = sections[path.section].rowTops
            prepare(cell, g)
            cell.fixedHeight = automatic[path.section][path.row] ? nil : heights[path.section][path.row]
            cell.separatorVisible = separatorStyle != .none && (style == .plain || path.row < sections[path.section].rowCount - 1)
            let frame = CGRect(x: g.x, y: tops[path.row], width: g.width, height: tops[path.row + 1] - tops[path.row])
            if cell.frame != frame { cell.frame = frame }
        }
        layoutSectionBackgrounds(g)
        layoutEmptyRowSeparators(g)
        layoutSupplements(g)
        tableHeaderView.map { v in v.frame = CGRect(x: 0, y: 0, width: bounds.width, height: v.frame.height) }
        if let v = tableFooterView {
            v.frame = CGRect(x: 0, y: (sections.last?.bottom ?? (tableHeaderView?.frame.height ?? 0)), width: bounds.width, height: v.frame.height)
        }
        order()
    }

    private func prepare(_ cell: UITableViewCell, _ g: (x: CGFloat, width: CGFloat, margins: UIEdgeInsets)) {
        cell.table = self
        cell.tableStyle = style
        cell.tableMargins = g.margins
        cell.separatorColor = separatorColor
        cell.tableSeparatorInset = ownSeparatorInset.map {
            UIEdgeInsets(
                top: $0.top, left: $0.left + (style == .insetGrouped ? 0 : safeAreaInsetsForAdjustment.left), bottom: $0.bottom, right: $0.right)
        }
    }

    /// A grouped section's background behind its cells (insetGrouped: rounded), and a grouped
    /// section's hairlines at its top and bottom.
    private func layoutSectionBackgrounds(_ g: (x: CGFloat, width: CGFloat, margins: UIEdgeInsets)) {
        guard style != .plain else { return }
        let (top, bottom) = visibleRange
        var shown: Set<Int> = []
        for s in sections.indices where sections[s].bottom > top && sections[s].top < bottom && sections[s].rowsBottom > sections[s].rowsTop {
            shown.insert(s)
            let made = sectionBackgrounds[s] == nil
            let box = sectionBackgrounds[s] ?? makeSectionBackground()
            sectionBackgrounds[s] = box
            let frame = CGRect(x: g.x, y: sections[s].rowsTop, width: g.width, height: sections[s].rowsBottom - sections[s].rowsTop)
            // One made inside an animation block (a batch update's) starts where it is.
            if made { UIView.performWithoutAnimation { box.frame = frame } } else { box.frame = frame }
            if box.superview !== self { insertSubview(box, at: 0) }
            if style == .grouped {
                let lines = box.subviews
                lines[0].frame = CGRect(x: 0, y: 0, width: g.width, height: pixel)
                lines[1].frame = CGRect(x: 0, y: box.frame.height - pixel, width: g.width, height: pixel)
                for l in lines { l.backgroundColor = separatorColor ?? .separator }
            }
        }
        for (s, box) in sectionBackgrounds where !shown.contains(s) {
            box.removeFromSuperview()
            sectionBackgrounds[s] = nil
            spareBackgrounds.append(box)
        }
    }

    /// The separators of the empty rows a plain table draws below its last row, down to the
    /// bottom of the visible area, `rowHeight` apart (44 pt when automatic), at the separator
    /// inset; none with a `tableFooterView` (the known idiom to hide them) or without separators.
    private func layoutEmptyRowSeparators(_ g: (x: CGFloat, width: CGFloat, margins: UIEdgeInsets)) {
        var used = 0
        defer {
            for line in emptyRowLines[used...] where line.superview != nil { line.removeFromSuperview() }
        }
        guard style == .plain, tableFooterView == nil, separatorStyle != .none else { return }
        let end = sections.last?.bottom ?? (tableHeaderView?.frame.height ?? 0)
        let (top, bottom) = visibleRange
        guard bottom > end else { return }
        let pitch = rowHeight > 0 ? max(rowHeight, 1) : CGFloat(TableCellMetrics.minimumRowHeight)
        let safe = safeAreaInsetsForAdjustment
        let left = ownSeparatorInset.map { $0.left + safe.left } ?? g.margins.left
        let right = ownSeparatorInset?.right ?? 0
        var k = max(1, Int(((top - end) / pitch).rounded(.down)))
        while end + CGFloat(k) * pitch - pixel < bottom {
            if used == emptyRowLines.count { emptyRowLines.append(UIView()) }
            let line = emptyRowLines[used]
            used += 1
            let frame = CGRect(x: g.x + left, y: end + CGFloat(k) * pitch - pixel, width: max(0, g.width - left - right), height: pixel)
            if line.superview !== self { UIView.performWithoutAnimation { line.frame = frame } } else { line.frame = frame }
            line.backgroundColor = separatorColor ?? .separator
            if line.superview !== self { addSubview(line) }
            k += 1
        }
    }
    private var emptyRowLines: [UIView] = []

    private func makeSectionBackground() -> UIView {
        if let spare = spareBackgrounds.popLast() { return spare }
        let box = SectionBackgroundView()
        box.backgroundColor = .secondarySystemGroupedBackground
        if style == .insetGrouped {
            box.layer.cornerRadius = CGFloat(Table.Metrics.cornerRadius)
            box.clipsToBounds = true
        } else {
            box.addSubview(UIView()); box.addSubview(UIView())
        }
        return box
    }

    /// Headers and footers of the sections on screen: a plain one pinned at the visible area's
    /// top (bottom for a footer) while its section scrolls past, pushed by the section's end.
    private func layoutSupplements(_ g: (x: CGFloat, width: CGFloat, margins: UIEdgeInsets)) {
        let (top, bottom) = visibleRange
        let inset = adjustedContentInset
        let pinTop = contentOffset.y + inset.top, pinBottom = contentOffset.y + bounds.height - inset.bottom
        var shownHeaders: Set<Int> = [], shownFooters: Set<Int> = []
        let shownBefore = (headers: Set(headerViews.values.map(ObjectIdentifier.init)), footers: Set(footerViews.values.map(ObjectIdentifier.init)))
        for s in sections.indices where sections[s].bottom > top && sections[s].top < bottom {
            let sec = sections[s]
            var y = sec.headerTop
            if style == .plain { y = min(max(sec.headerTop, pinTop), sec.footerTop - sec.headerHeight) }
            if sec.headerHeight > 0, y < bottom, y + sec.headerHeight > top,
                let view = supplementView(section: s, isHeader: true, title: sec.headerTitle, textFrame: sec.headerTextFrame)
            {
                shownHeaders.insert(s)
                (view as? UITableViewHeaderFooterView)?.isPinned = y > sec.headerTop
                place(
                    view, CGRect(x: 0, y: y, width: bounds.width, height: sec.headerHeight), made: !shownBefore.headers.contains(ObjectIdentifier(view)),
                    section: s)
            }
            y = sec.footerTop
            if style == .plain { y = max(min(sec.footerTop, pinBottom - sec.footerHeight), sec.rowsTop) }
            if sec.footerHeight > 0, y < bottom, y + sec.footerHeight > top,
                let view = supplementView(section: s, isHeader: false, title: sec.footerTitle, textFrame: sec.footerTextFrame)
            {
                shownFooters.insert(s)
                (view as? UITableViewHeaderFooterView)?.isPinned = y < sec.footerTop
                place(
                    view, CGRect(x: 0, y: y, width: bounds.width, height: sec.footerHeight), made: !shownBefore.footers.contains(ObjectIdentifier(view)),
                    section: s)
            }
        }
        for (s, v) in headerViews where !shownHeaders.contains(s) { headerViews[s] = nil; recycleSupplement(v) }
        for (s, v) in footerViews where !shownFooters.contains(s) { footerViews[s] = nil; recycleSupplement(v) }
    }

    private func supplementView(section s: Int, isHeader: Bool, title: String?, textFrame: CGRect?) -> UIView? {
        if let v = isHeader ? headerViews[s] : footerViews[s] { return v }
        var view: UIView? = isHeader ? pendingHeaders[s] : pendingFooters[s]
        if view == nil, let title {
            let v =
                dequeueReusableHeaderFooterView(withIdentifier: Self.titleIdentifier)
                ?? UITableViewHeaderFooterView(reuseIdentifier: Self.titleIdentifier)
            v.textLabel?.text = title
            v.textFrame = textFrame
            view = v
        }
        guard let view else { return nil }
        if let hf = view as? UITableViewHeaderFooterView {
            hf.isHeader = isHeader
            hf.tableStyle = style
            hf.setNeedsLayout()
        }
        if isHeader { headerViews[s] = view } else { footerViews[s] = view }
        addSubview(view)
        if isHeader {
            tableDelegate?.tableView(self, willDisplayHeaderView: view, forSection: s)
        } else {
            tableDelegate?.tableView(self, willDisplayFooterView: view, forSection: s)
        }
        return view
    }
    static let titleIdentifier = "render-frames.title"

    /// A header or footer newly shown inside an animation block (a batch update's) starts where
    /// it is placed, or, for a section the update inserts or reloads, where its section's style
    /// brings it from (clear for `.fade`); one shown before moves there.
    private func place(_ view: UIView, _ frame: CGRect, made: Bool, section: Int) {
        guard made else { return view.frame = frame }
        guard let motion = runningUpdate, let style = motion.enteringSupplement(section: section), style != .none else {
            return UIView.performWithoutAnimation { view.frame = frame }
        }
        motion.enter(view, end: frame, from: motion.offset(frame, gap: frame.minY, style: style))
        view.frame = frame
    }

    func recycleSupplement(_ v: UIView) {
        v.removeFromSuperview()
        let custom = pendingHeaders.values.contains { $0 === v } || pendingFooters.values.contains { $0 === v }
        if !custom, let hf = v as? UITableViewHeaderFooterView, let id = hf.reuseIdentifier { headerQueue[id, default: []].append(hf) }
    }

    /// Back to front: section backgrounds, cells, headers and footers (others as they were).
    private func order() {
        let backgrounds = sectionBackgrounds.sorted { $0.key < $1.key }.map(\.value)
        // Rows coming in during an update's animation slide in beneath the others.
        let entering = enteringRows
        let cells: [UIView] = visible.sorted { a, b in
            let (x, y) = (entering.contains(a.key), entering.contains(b.key))
            return x != y ? x : a.key < b.key
        }.map(\.value)
        let supplements = headerViews.sorted { $0.key < $1.key }.map(\.value) + footerViews.sorted { $0.key < $1.key }.map(\.value)
        let managed = Set((backgrounds + cells + supplements).map(ObjectIdentifier.init))
        let others = subviews.filter { !managed.contains(ObjectIdentifier($0)) }
        let wanted = (backgroundView.map { [$0] } ?? []) + backgrounds + others.filter { $0 !== backgroundView } + cells + supplements
        guard wanted.map(ObjectIdentifier.init) != subviews.map(ObjectIdentifier.init) else { return }
        for (i, v) in wanted.enumerated() where subviews.firstIndex(of: v) != i { insertSubview(v, at: i) }
    }

    // MARK: Asking the table

    /// https://developer.apple.com/documentation/uikit/uitableview/1614924-numberofsections
    open var numberOfSections: Int {
        if needsReload { reloadGeometry() }
        return sections.count
    }
    open func numberOfRows(inSection section: Int) -> Int {
        if needsReload { reloadGeometry() }
        return sections.indices.contains(section) ? sections[section].rowCount : 0
    }

    /// Asks the data source again: rows, heights, cells (the visible cells go to the reuse queue).
    /// https://developer.apple.com/documentation/uikit/uitableview/1614862-reloaddata
    open func reloadData() {
        needsReload = true
        setNeedsLayout()
        reloadGeometry()
    }
    // MARK: Row and section changes (animated in TableUpdates.swift)

    /// The batch being gathered between `beginUpdates` and `endUpdates` (nested: the outermost
    /// ends it), the completions waiting for it, and the animation laying out its rows.
    var nesting = BatchNesting()
    var runningUpdate: TableUpdateAnimation?
    /// The rows coming in while an update animates (drawn beneath the others).
    var enteringRows: Set<IndexPath> = []

    /// Each change below on its own is a batch of one; between `beginUpdates` and `endUpdates`
    /// (or in `performBatchUpdates`) they are gathered and animated together: the rows that
    /// stay slide to their new places, the others come and go with their animation.
    /// https://developer.apple.com/documentation/uikit/uitableview/1614879-insertrows
    open func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) { batch { for p in indexPaths { $0.insertedRows[p] = animation } } }
    /// https://developer.apple.com/documentation/uikit/uitableview/1614960-deleterows
    open func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation) { batch { for p in indexPaths { $0.deletedRows[p] = animation } } }
    /// The rows' cells are asked for again; the old ones leave as the new ones come.
    /// https://developer.apple.com/documentation/uikit/uitableview/1614935-reloadrows
    open func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation) { batch { for p in indexPaths { $0.reloadedRows[p] = animation } } }
    /// https://developer.apple.com/documentation/uikit/uitableview/1614891-insertsections
    open func insertSections(_ sections: IndexSet, with animation: RowAnimation) { batch { for s in sections { $0.insertedSections[s] = animation } } }
    /// https://developer.apple.com/documentation/uikit/uitableview/1614991-deletesections
    open func deleteSections(_ sections: IndexSet, with animation: RowAnimation) { batch { for s in sections { $0.deletedSections[s] = animation } } }
    /// https://developer.apple.com/documentation/uikit/uitableview/1614954-reloadsections
    open func reloadSections(_ sections: IndexSet, with animation: RowAnimation) { batch { for s in sections { $0.reloadedSections[s] = animation } } }
    /// https://developer.apple.com/documentation/uikit/uitableview/1614987-moverow
    open func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) { batch { $0.moves.append((indexPath, newIndexPath)) } }
    /// https://developer.apple.com/documentation/uikit/uitableview/1614874-movesection
    open func moveSection(_ section: Int, toSection newSection: Int) { batch { $0.movedSections.append((section, newSection)) } }

    /// https://developer.apple.com/documentation/uikit/uitableview/1614908-beginupdates
    open func beginUpdates() { nesting.begin() }
    /// Ends the batch: with no changes in it, the rows still move to the heights the delegate
    /// gives now (the idiom that animates a row's height).
    /// https://developer.apple.com/documentation/uikit/uitableview/1614890-endupdates
    open func endUpdates() { finishUpdates(completion: nil) }
    /// The changes `updates` makes, animated together; `completion` is called when the animations
    /// end (true), at the next frame when nothing animates.
    /// https://developer.apple.com/documentation/uikit/uitableview/2887515-performbatchupdates
    open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        beginUpdates()
        updates?()
        finishUpdates(completion: completion)
    }

    /// The visible cell at the row, or nil.
    /// https://developer.apple.com/documentation/uikit/uitableview/1614983-cellforrow
    open func cellForRow(at indexPath: IndexPath) -> UITableViewCell? { visible[indexPath] }
    /// https://developer.apple.com/documentation/uikit/uitableview/1614885-visiblecells
    open var visibleCells: [UITableViewCell] { visible.sorted { $0.key < $1.key }.map(\.value) }
    /// https://developer.apple.com/documentation/uikit/uitableview/1614958-indexpathsforvisiblerows
    open var indexPathsForVisibleRows: [IndexPath]? { visible.keys.sorted() }
    open func indexPath(for cell: UITableViewCell) -> IndexPath? { visible.first { $0.value === cell }?.key }
    /// https://developer.apple.com/documentation/uikit/uitableview/1614989-indexpathforrow
    open func indexPathForRow(at point: CGPoint) -> IndexPath? {
        if needsReload { reloadGeometry() }
        return indexPaths(from: point.y, to: point.y + 0.001).first
    }
    open var indexPathForSelectedRow: IndexPath? { selected.sorted().first }
    open var indexPathsForSelectedRows: [IndexPath]? { selected.isEmpty ? nil : selected.sorted() }
    private var selected: Set<IndexPath> = []
    /// Selects the row (the others unless `allowsMultipleSelection`); its cell shows it.
    open func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        if !allowsMultipleSelection {
            for old in selected where old != indexPath { cellForRow(at: old)?.setSelected(false, animated: animated) }
            selected = []
        }
        if let indexPath {
            selected.insert(indexPath)
            cellForRow(at: indexPath)?.setSelected(true, animated: animated)
            if scrollPosition != .none { scrollToRow(at: indexPath, at: scrollPosition, animated: animated) }
        }
    }
    /// The row's cell loses its selection, fading out when `animated` (`UITableViewCell.setSelected`).
    open func deselectRow(at indexPath: IndexPath, animated: Bool) {
        selected.remove(indexPath)
        cellForRow(at: indexPath)?.setSelected(false, animated: animated)
    }

    // MARK: A tap on a row

    private var touchedRow: IndexPath?

    /// A finger on a row highlights its cell (when `allowsSelection`).
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard allowsSelection, !isEditing, let touch = touches.first, let row = indexPathForRow(at: touch.location(in: self)),
            let cell = cellForRow(at: row)
        else { return }
        touchedRow = row
        cell.setHighlighted(true, animated: false)
    }

    /// The finger lifting on the row it landed on selects it, as UIKit does: the cell unhighlighted
    /// and selected, the other selected rows deselected (`didDeselectRowAt`), then `didSelectRowAt`.
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let row = touchedRow else { return }
        touchedRow = nil
        let cell = cellForRow(at: row)
        cell?.setHighlighted(false, animated: false)
        if let touch = touches.first, indexPathForRow(at: touch.location(in: self)) != row { return }
        if !allowsMultipleSelection {
            for old in selected.sorted() where old != row {
                selected.remove(old)
                cellForRow(at: old)?.setSelected(false, animated: false)
                tableDelegate?.tableView(self, didDeselectRowAt: old)
            }
        }
        if allowsMultipleSelection, selected.contains(row) {
            selected.remove(row)
            cell?.setSelected(false, animated: false)
            tableDelegate?.tableView(self, didDeselectRowAt: row)
            return
        }
        selected.insert(row)
        cell?.setSelected(true, animated: false)
        tableDelegate?.tableView(self, didSelectRowAt: row)
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        if let row = touchedRow { cellForRow(at: row)?.setHighlighted(false, animated: false) }
        touchedRow = nil
    }

    /// The row's frame in the table's content.
    /// https://developer.apple.com/documentation/uikit/uitableview/1614997-rectforrow
    open func rectForRow(at indexPath: IndexPath) -> CGRect {
        if needsReload { reloadGeometry() }
        guard sections.indices.contains(indexPath.section), indexPath.row >= 0, indexPath.row < sections[indexPath.section].rowCount else {
            return .zero
        }
        let g = cellGeometry, tops = sections[indexPath.section].rowTops
        return CGRect(x: g.x, y: tops[indexPath.row], width: g.width, height: tops[indexPath.row + 1] - tops[indexPath.row])
    }
    open func rect(forSection section: Int) -> CGRect {
        if needsReload { reloadGeometry() }
        guard sections.indices.contains(section) else { return .zero }
        return CGRect(x: 0, y: sections[section].top, width: bounds.width, height: sections[section].bottom - sections[section].top)
    }
    open func rectForHeader(inSection section: Int) -> CGRect {
        if needsReload { reloadGeometry() }
        guard sections.indices.contains(section) else { return .zero }
        return CGRect(x: 0, y: sections[section].top, width: bounds.width, height: sections[section].headerHeight)
    }
    open func rectForFooter(inSection section: Int) -> CGRect {
        if needsReload { reloadGeometry() }
        guard sections.indices.contains(section) else { return .zero }
        return CGRect(x: 0, y: sections[section].footerTop, width: bounds.width, height: sections[section].footerHeight)
    }
    open func headerView(forSection section: Int) -> UITableViewHeaderFooterView? { headerViews[section] as? UITableViewHeaderFooterView }
    open func footerView(forSection section: Int) -> UITableViewHeaderFooterView? { footerViews[section] as? UITableViewHeaderFooterView }

    /// Moves the content so the row is at the position (none: just visible), within the scroll
    /// range; animated, as `setContentOffset(_:animated:)` animates.
    /// https://developer.apple.com/documentation/uikit/uitableview/1614997-scrolltorow
    open func scrollToRow(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
        let r = rectForRow(at: indexPath)
        guard r != .zero else { return }
        let inset = adjustedContentInset
        let visibleHeight = bounds.height - inset.top - inset.bottom
        var y: CGFloat
        switch scrollPosition {
        case .top: y = r.minY - inset.top
        case .middle: y = r.midY - inset.top - visibleHeight / 2
        case .bottom: y = r.maxY - inset.top - visibleHeight
        case .none:
            let top = contentOffset.y + inset.top
            if r.minY < top { y = r.minY - inset.top } else if r.maxY > top + visibleHeight { y = r.maxY - inset.top - visibleHeight } else { return }
        }
        let range = verticalRange
        y = min(max(y, range.lowerBound), range.upperBound)
        setContentOffset(CGPoint(x: contentOffset.x, y: y), animated: animated)
    }
    open func scrollToNearestSelectedRow(at scrollPosition: ScrollPosition, animated: Bool) {
        if let p = indexPathForSelectedRow { scrollToRow(at: p, at: scrollPosition, animated: animated) }
    }
}

/// A grouped section's background (and hairlines), behind its cells.
@MainActor final class SectionBackgroundView: UIView {}

extension UITableViewCell {
    /// https://developer.apple.com/documentation/uikit/uitableviewcell/separatorstyle
    public enum SeparatorStyle: Int, Sendable { case none = 0, singleLine, singleLineEtched }
}

/// A view controller whose view is a table, its data source and delegate.
/// https://developer.apple.com/documentation/uikit/uitableviewcontroller
@preconcurrency @MainActor open class UITableViewController: UIViewController, UITableViewDataSource, UITableViewDelegate {
    private let tableStyle: UITableView.Style

    /// https://developer.apple.com/documentation/uikit/uitableviewcontroller/1614754-init
    public init(style: UITableView.Style) {
        tableStyle = style
        super.init(nibName: nil, bundle: nil)
    }

    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        tableStyle = .plain
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }

    public required init?(coder: NSCoder) {
        tableStyle = .plain
        super.init(coder: coder)
    }

    /// https://developer.apple.com/documentation/uikit/uitableviewcontroller/1614758-tableview
    open var tableView: UITableView! {
        get { view as? UITableView }
        set { view = newValue }
    }
    /// true: the selection is cleared in `viewWillAppear` (alongside the transition that brings the
    /// table back, when one does: the pop from a row's detail).
    /// https://developer.apple.com/documentation/uikit/uitableviewcontroller/1614758-clearsselectiononviewwillappear
    open var clearsSelectionOnViewWillAppear = true

    open override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        guard clearsSelectionOnViewWillAppear, let table = viewIfLoaded as? UITableView, let rows = table.indexPathsForSelectedRows else { return }
        if let c = transitionCoordinator {
            c.animate(alongsideTransition: { _ in for r in rows { table.deselectRow(at: r, animated: animated) } }, completion: nil)
        } else {
            for r in rows { table.deselectRow(at: r, animated: animated) }
        }
    }

    open override func loadView() {
        if loadInterfaceBuilderView() { return }
        let table = UITableView(frame: UIScreen.main.bounds, style: tableStyle)
        table.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        table.dataSource = self
        table.delegate = self
        view = table
    }

    open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 0 }
    open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        UITableViewCell(style: .default, reuseIdentifier: nil)
    }
    open func numberOfSections(in tableView: UITableView) -> Int { 1 }
    open func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { nil }
    open func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? { nil }
    open func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat { tableView.rowHeight }
    open func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat { tableView.sectionHeaderHeight }
    open func tableView(_ tableView: UITableView, heightForFooterInSection section: Int) -> CGFloat { tableView.sectionFooterHeight }
    open func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView? { nil }
    open func tableView(_ tableView: UITableView, viewForFooterInSection section: Int) -> UIView? { nil }
    open func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {}
    open func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}
    open func tableView(_ tableView: UITableView, estimatedHeightForRowAt indexPath: IndexPath) -> CGFloat { tableView.estimatedRowHeight }

    // The scroll view's delegate methods a subclass overrides (`override func scrollViewDidScroll`).
    open func scrollViewDidScroll(_ scrollView: UIScrollView) {}
    open func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {}
    open func scrollViewWillEndDragging(
        _ scrollView: UIScrollView, withVelocity velocity: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>
    ) {}
    open func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {}
    open func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) {}
    open func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {}
    open func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {}
}

import Raster

/// UITableView with sections (iOS 17/18 look): cells in the four UITableViewCell styles, section
/// headers and footers, separators, and the three table styles.
///
/// - `plain`: full-width cells on the table's background, and below the last row the separators of
///   empty rows to the screen's bottom; a section header pins under the bars
///   (at contentOffset.y + adjustedContentInset.top) while its section scrolls past and is pushed
///   up by the section's end; a footer pins to the bottom of the visible area the same way.
/// - `grouped`: full-width sections of secondarySystemGroupedBackground on systemGroupedBackground,
///   with a hairline at each section's top and bottom; headers and footers scroll with the rows.
/// - `insetGrouped`: as grouped, the sections inset by the layout margin with rounded corners
///   (UIKit's 10 pt in iOS 13 to 18: TOInsetGroupedTableView's back-port hard-codes the same value).
///
/// Everything is laid out once, at load: section and row tops in content coordinates (y = 0 at
/// the content's top), so a frame finds the visible rows by binary search.
public struct Table: Sendable {
    public enum Style: String, Sendable, CaseIterable { case plain, grouped, insetGrouped }

    public enum RowHeight: Sendable, Equatable {
        /// Self-sizing (UITableView.automaticDimension, the default since iOS 11): from the cell's content.
        case automatic
        case fixed(Double)
    }

    public struct Section: Sendable {
        public var header: String?
        public var footer: String?
        /// The rows' content, used in turn.
        public var rows: [TableRow]
        public var count: Int
        public init(header: String? = nil, footer: String? = nil, rows: [TableRow], count: Int? = nil) {
            self.header = header; self.footer = footer; self.rows = rows; self.count = count ?? rows.count
        }
        public func row(_ i: Int) -> TableRow { rows[i % rows.count] }
    }

    /// UITableView.separatorInset's left and right (points from the cell's edges; nil left: UIKit's
    /// default, the text's x).
    public struct SeparatorInset: Sendable, Equatable {
        public var left: Double?
        public var right: Double
        public init(left: Double? = nil, right: Double = 0) { self.left = left; self.right = right }
    }

    /// Header and footer metrics, in points (iOS 17/18, Dynamic Type Large). Grouped headers are
    /// footnote (13 pt) uppercase secondaryLabel, footers footnote secondaryLabel, both at the
    /// cells' text margin (UIListContentConfiguration.groupedHeader / groupedFooter); a plain
    /// header is headline (17 pt semibold) in label color (plainHeader). The paddings are
    /// estimates from memory of iOS 17's Settings (not measured, not published): about 35 pt between untitled grouped sections
    /// (18 above, 17 below), 6 pt between a title and its section.
    public enum Metrics {
        public static let cornerRadius = 10.0
        public static let groupedHeaderSize = 13.0
        public static let groupedHeaderTracking = -0.08
        public static let groupedTitleTop = 17.0
        public static let groupedTitleGap = 6.0
        public static let groupedUntitledHeader = 18.0
        public static let groupedUntitledFooter = 17.0
        public static let plainHeaderSize = 17.0
        public static let plainHeaderTracking = -0.41
        public static let plainPadding = 6.0
    }

    /// A header's or footer's place and text frame (content coordinates; the text in the header's).
    public struct Supplement: Equatable, Sendable {
        public var frame: Rect
        public var textFrame: Rect?
    }

    /// One section's geometry.
    public struct SectionLayout: Equatable, Sendable {
        public var top: Double
        public var header: Supplement
        /// `rowTops[i]` is row i's top; `rowTops[count]` where the rows end.
        public var rowTops: [Double]
        public var footer: Supplement
        public var bottom: Double { footer.frame.maxY }
        public var rowsTop: Double { rowTops[0] }
        public var rowsBottom: Double { rowTops[rowTops.count - 1] }
    }

    public let style: Style
    public let rowHeight: RowHeight
    public let separatorInset: SeparatorInset?
    public let sections: [Section]
    /// The cells' x and width (an insetGrouped section is narrower than the screen).
    public let cellX: Double
    public let cellWidth: Double
    /// The layout margin inside a cell, plus the safe area on a full-width cell.
    public let contentLeft: Double
    public let contentRight: Double
    public let layouts: [SectionLayout]
    /// `cells[s][k]`: section s's k-th listed row, measured.
    public let cells: [[TableCellLayout]]
    public let deviceScale: Double
    /// The fonts and text size the table is laid out and drawn in.
    public let typography: Typography
    public let height: Double

    /// Lays the table out for `device` (its width, layout margin, safe areas and scale).
    public init(
        style: Style = .plain, rowHeight: RowHeight = .automatic, separatorInset: SeparatorInset? = nil,
        sections: [Section], device: Device, typography: Typography
    ) {
        self.typography = typography
        self.style = style; self.rowHeight = rowHeight; self.separatorInset = separatorInset; self.sections = sections
        deviceScale = device.scale
        let margin = device.layoutMargin, width = device.size.width
        if style == .insetGrouped {
            // The section sits inside the safe area and the margin; its cells' content keeps the margin again.
            cellX = device.safeAreaLeft + margin
            cellWidth = width - device.safeAreaLeft - device.safeAreaRight - 2 * margin
            contentLeft = margin; contentRight = margin
        } else {
            cellX = 0; cellWidth = width
            contentLeft = device.safeAreaLeft + margin; contentRight = device.safeAreaRight + margin
        }
        let fixed: Double? = if case .fixed(let h) = rowHeight { h } else { nil }
        let (cellX, cellWidth, contentLeft, contentRight) = (cellX, cellWidth, contentLeft, contentRight)
        cells = sections.map { section in
            section.rows.map {
                TableCell.layout(
                    $0, width: cellWidth, left: contentLeft, right: contentRight,
                    fixedHeight: fixed, deviceScale: device.scale, typography: typography)
            }
        }
        var y = 0.0
        var layouts: [SectionLayout] = []
        for (s, section) in sections.enumerated() {
            let top = y
            let header = Table.supplement(
                section.header, isHeader: true, style: style, y: y, x: cellX + contentLeft,
                width: cellWidth - contentLeft - contentRight, screenWidth: width, deviceScale: device.scale, typography: typography)
            y = header.frame.maxY
            var tops = [y]
            tops.reserveCapacity(section.count + 1)
            for i in 0..<section.count {
                y += cells[s][i % section.rows.count].height
                tops.append(y)
            }
            let footer = Table.supplement(
                section.footer, isHeader: false, style: style, y: y, x: cellX + contentLeft,
                width: cellWidth - contentLeft - contentRight, screenWidth: width, deviceScale: device.scale, typography: typography)
            y = footer.frame.maxY
            layouts.append(SectionLayout(top: top, header: header, rowTops: tops, footer: footer))
        }
        self.layouts = layouts
        height = y
    }

    package static func headerText(_ text: String, isHeader: Bool, style: Style, palette: Palette, typography: Typography) -> TextContent {
        var t: TextContent
        if style == .plain && isHeader {
            t = TextContent(
                text, weight: .semibold, pointSize: typography.scaled(Metrics.plainHeaderSize, style: .headline), color: palette.label,
                letterSpacing: Metrics.plainHeaderTracking, typography: typography)
        } else {
            t = TextContent(
                isHeader ? text.uppercased() : text, pointSize: typography.scaled(Metrics.groupedHeaderSize, style: .footnote),
                color: palette.secondaryLabel,
                letterSpacing: Metrics.groupedHeaderTracking, typography: typography)
        }
        t.numberOfLines = 0
        return t
    }

    /// A header's or footer's frame at `y`, full width; its text at `x`, `width` wide.
    package static func supplement(
        _ text: String?, isHeader: Bool, style: Style, y: Double, x: Double, width: Double,
        screenWidth: Double, deviceScale: Double, typography: Typography
    ) -> Supplement {
        func ceilPixel(_ v: Double) -> Double { TableCellMetrics.ceilPixel(v, scale: deviceScale) }
        guard let text else {
            let h = style == .plain ? 0 : isHeader ? Metrics.groupedUntitledHeader : Metrics.groupedUntitledFooter
            return Supplement(frame: Rect(x: 0, y: y, width: screenWidth, height: h), textFrame: nil)
        }
        let th = ceilPixel(headerText(text, isHeader: isHeader, style: style, palette: .light, typography: typography).paragraph(width: width).height)
        let above: Double, below: Double
        if style == .plain {
            above = Metrics.plainPadding; below = Metrics.plainPadding
        } else if isHeader {
            above = Metrics.groupedTitleTop; below = Metrics.groupedTitleGap
        } else {
            above = Metrics.groupedTitleGap; below = Metrics.groupedTitleTop
        }
        return Supplement(
            frame: Rect(x: 0, y: y, width: screenWidth, height: above + th + below),
            textFrame: Rect(x: x, y: above, width: width, height: th))
    }

    public var totalRows: Int { sections.reduce(0) { $0 + $1.count } }

    /// The sections that reach into `top..<bottom` (content coordinates).
    public func sections(intersecting top: Double, _ bottom: Double) -> Range<Int> {
        guard !layouts.isEmpty, bottom > top else { return 0..<0 }
        let first = Table.firstIndex(layouts.count) { layouts[$0].bottom > top }
        let end = Table.firstIndex(layouts.count) { layouts[$0].top >= bottom }
        return first..<max(first, end)
    }

    /// Section `s`'s rows that reach into `top..<bottom`.
    public func rows(ofSection s: Int, intersecting top: Double, _ bottom: Double) -> Range<Int> {
        let tops = layouts[s].rowTops, count = tops.count - 1
        guard count > 0, bottom > top else { return 0..<0 }
        let first = Table.firstIndex(count) { tops[$0 + 1] > top }
        let end = Table.firstIndex(count) { tops[$0] >= bottom }
        return first..<max(first, end)
    }

    /// The first index in 0..<count where `predicate` (false, then true) holds; count if none.
    static func firstIndex(_ count: Int, where predicate: (Int) -> Bool) -> Int {
        var lo = 0, hi = count
        while lo < hi {
            let mid = (lo + hi) / 2
            if predicate(mid) { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }

    /// Where section `s`'s header is drawn when the visible area's top edge (under the bars) is at
    /// `pinTop`: a plain header pins there while its section scrolls past and is pushed up by the
    /// section's end (its footer, or the next header); other styles' headers scroll with their section.
    public func headerY(section s: Int, pinTop: Double) -> Double {
        let l = layouts[s]
        guard style == .plain else { return l.header.frame.minY }
        return min(max(l.header.frame.minY, pinTop), l.footer.frame.minY - l.header.frame.height)
    }

    /// Where section `s`'s footer is drawn when the visible area's bottom edge is at `pinBottom`:
    /// a plain footer pins there while its section is on screen, down to the section's header.
    public func footerY(section s: Int, pinBottom: Double) -> Double {
        let l = layouts[s]
        guard style == .plain else { return l.footer.frame.minY }
        return max(min(l.footer.frame.minY, pinBottom - l.footer.frame.height), l.header.frame.maxY)
    }

    /// The table view's background: systemGroupedBackground for the grouped styles, nil (the
    /// screen's systemBackground) for plain.
    public func background(_ appearance: Appearance) -> Color? {
        style == .plain ? nil : TableColors.forAppearance(appearance).groupedBackground
    }

    func layers(from top: Double, to bottom: Double, originY: Double, style cs: ContentStyle) -> [Layer] {
        let colors = TableColors.forAppearance(cs.appearance)
        let cellBackground = style == .plain ? cs.background : colors.groupedCellBackground
        let pixel = 1 / cs.pixelScale
        var out: [Layer] = []
        for s in sections(intersecting: top, bottom) {
            let l = layouts[s], section = sections[s]
            let rowsHeight = l.rowsBottom - l.rowsTop
            if rowsHeight > 0 {
                let box = Layer(name: "section.\(s)", frame: Rect(x: cellX, y: originY + l.rowsTop, width: cellWidth, height: rowsHeight))
                if style != .plain { box.backgroundColor = cellBackground }
                if style == .insetGrouped {
                    box.cornerRadius = Metrics.cornerRadius
                    box.masksToBounds = true
                }
                let fixed: Bool = if case .fixed = rowHeight { true } else { false }
                let visible = rows(ofSection: s, intersecting: top, bottom)
                for i in visible {
                    let c = cells[s][i % section.rows.count]
                    let frame = Rect(x: 0, y: l.rowTops[i] - l.rowsTop, width: cellWidth, height: l.rowTops[i + 1] - l.rowTops[i])
                    let cell = TableCell.layer(
                        section.row(i), layout: c, name: "cell.\(s).\(i)", frame: frame, fixedHeight: fixed,
                        background: cellBackground, palette: cs.palette, colors: colors, typography: typography)
                    // Every row has a separator but a grouped section's last (its edge is the section's).
                    if style == .plain || i < section.count - 1 {
                        let left = separatorInset?.left.map { $0 + (style == .insetGrouped ? 0 : cs.safeLeft) } ?? c.textX
                        let right = separatorInset?.right ?? 0
                        let line = Layer(
                            name: "cell.\(s).\(i).separator",
                            frame: Rect(x: left, y: frame.height - pixel, width: max(0, cellWidth - left - right), height: pixel))
                        line.backgroundColor = cs.palette.separator
                        cell.addSublayer(line)
                    }
                    box.addSublayer(cell)
                }
                if style == .grouped {
                    // A grouped (not inset) section's full-width hairlines at its top and bottom.
                    for (name, y) in [("top", 0.0), ("bottom", rowsHeight - pixel)] {
                        let line = Layer(name: "section.\(s).\(name)Separator", frame: Rect(x: 0, y: y, width: cellWidth, height: pixel))
                        line.backgroundColor = cs.palette.separator
                        line.zPosition = 1
                        box.addSublayer(line)
                    }
                }
                out.append(box)
            }
            if let text = section.header, let textFrame = l.header.textFrame {
                let y = headerY(section: s, pinTop: cs.pinTop)
                out.append(
                    supplementLayer(
                        text, name: "sectionHeader.\(s)", isHeader: true, frame: l.header.frame, textFrame: textFrame,
                        y: originY + y, pinned: y > l.header.frame.minY, style: cs))
            }
            if let text = section.footer, let textFrame = l.footer.textFrame {
                let y = footerY(section: s, pinBottom: cs.pinBottom)
                out.append(
                    supplementLayer(
                        text, name: "sectionFooter.\(s)", isHeader: false, frame: l.footer.frame, textFrame: textFrame,
                        y: originY + y, pinned: y < l.footer.frame.minY, style: cs))
            }
        }
        out += emptyRowSeparators(from: top, to: bottom, originY: originY, style: cs)
        return out
    }

    /// The separators of the empty rows a plain table draws below its last row, down to the
    /// bottom of the screen, a row's height apart (the fixed height, else 44 pt), at the cells'
    /// separator inset. (UIKit's; a `tableFooterView` hides them, which scenario tables have not.)
    func emptyRowSeparators(from top: Double, to bottom: Double, originY: Double, style cs: ContentStyle) -> [Layer] {
        guard style == .plain, bottom > height else { return [] }
        let pitch: Double = if case .fixed(let h) = rowHeight { max(h, 1) } else { TableCellMetrics.minimumRowHeight }
        let pixel = 1 / cs.pixelScale
        let left = separatorInset?.left.map { $0 + cs.safeLeft } ?? contentLeft
        let right = separatorInset?.right ?? 0
        var out: [Layer] = []
        var k = max(1, Int(((top - height) / pitch).rounded(.down)))
        while height + Double(k) * pitch - pixel < bottom {
            let line = Layer(
                name: "emptyRow.\(k).separator",
                frame: Rect(x: cellX + left, y: originY + height + Double(k) * pitch - pixel, width: max(0, cellWidth - left - right), height: pixel))
            line.backgroundColor = cs.palette.separator
            out.append(line)
            k += 1
        }
        return out
    }

    /// A header or footer view at `y`. A pinned plain one draws over the rows on a bar material
    /// (the rows blurred under a mostly opaque background, as a navigation bar's), above the cells.
    private func supplementLayer(
        _ text: String, name: String, isHeader: Bool, frame: Rect, textFrame: Rect, y: Double,
        pinned: Bool, style cs: ContentStyle
    ) -> Layer {
        let view = Layer(name: name, frame: Rect(x: frame.minX, y: y, width: frame.width, height: frame.height))
        if self.style == .plain {
            view.zPosition = 2
            if pinned {
                view.backdropBlurRadius = BarMaterial.blurRadius
                view.backgroundColor = BarMaterial.tint(over: cs.background)
            }
        }
        let label = Layer(name: "\(name).text", frame: textFrame)
        label.contents = .text(Table.headerText(text, isHeader: isHeader, style: self.style, palette: cs.palette, typography: typography))
        view.addSublayer(label)
        return view
    }
}

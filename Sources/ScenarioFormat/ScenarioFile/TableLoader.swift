import Raster
import Scene
import Yams

/// Reading `table:` (README, "Tables").
extension ScenarioLoader {
    static let tableKeys = ["style", "rowHeight", "separatorInset", "sections"]
    static let tableSectionKeys = ["header", "footer", "rows", "count"]
    static let tableRowKeys = ["text", "detail", "style", "accessory", "image", "imageScale", "imageSize", "imageCornerRadius", "imageColor"]
    static let separatorInsetKeys = ["left", "right"]
    /// Bounds on what a scenario may ask for, so nothing is sized by input without a limit.
    static let maximumTableSections = 500
    static let maximumTableRows = 10_000
    static let maximumListedRows = 1_000
    static let maximumCellText = 500
    static let maximumSectionText = 1_000

    static func readTable(_ node: Node, _ r: ScenarioReader, _ images: ImageResolver, device: Device, _ typography: Typography) -> Table? {
        guard let m = r.mapping(node, "table", allowed: tableKeys) else { return nil }
        var style = Table.Style.plain
        if let n = m["style"], let v = r.choice(n, "table.style", Table.Style.allCases.map(\.rawValue)) { style = Table.Style(rawValue: v)! }
        var rowHeight = Table.RowHeight.automatic
        if let n = m["rowHeight"] {
            if case .scalar(let sc) = n, Double(sc.string) == nil, sc.string != "automatic" {
                r.report(
                    n, "table.rowHeight",
                    "expected automatic (self-sizing, from the cell's text) or a height in points (1-1000), got \(r.describe(n))")
            } else if n.string != "automatic", let v = r.number(n, "table.rowHeight", range: 1...1000, unit: "points") {
                rowHeight = .fixed(v)
            }
        }
        var separatorInset: Table.SeparatorInset?
        if let n = m["separatorInset"], let im = r.mapping(n, "table.separatorInset", allowed: separatorInsetKeys) {
            var inset = Table.SeparatorInset()
            if let x = im["left"] { inset.left = r.number(x, "table.separatorInset.left", range: 0...1000, unit: "points") }
            if let x = im["right"], let v = r.number(x, "table.separatorInset.right", range: 0...1000, unit: "points") { inset.right = v }
            separatorInset = inset
        }
        guard
            let (listNode, list) = r.requiredSequence(
                m, "sections", of: node, "table.sections",
                missing: "give the sections, e.g. - {header: Network, rows: [{text: Wi-Fi}]}")
        else { return nil }
        if list.isEmpty {
            r.report(listNode, "table.sections", "the list is empty; add at least one section with rows")
            return nil
        }
        if list.count > maximumTableSections {
            r.report(listNode, "table.sections", "\(list.count) sections, over the limit of \(maximumTableSections); use fewer")
            return nil
        }
        let issuesBefore = r.issues.count
        var sections: [Table.Section] = []
        var total = 0
        for (i, item) in list.enumerated() {
            let path = "table.sections[\(i)]"
            guard let sm = r.mapping(item, path, allowed: tableSectionKeys) else { continue }
            func text(_ key: String) -> String? {
                guard let n = sm[key], let v = r.string(n, "\(path).\(key)") else { return nil }
                if v.count > maximumSectionText {
                    r.report(n, "\(path).\(key)", "is \(v.count) characters, over the limit of \(maximumSectionText); shorten it")
                    return nil
                }
                return v
            }
            var section = Table.Section(header: text("header"), footer: text("footer"), rows: [])
            if let n = sm["rows"], let rows = r.sequence(n, "\(path).rows") {
                if rows.isEmpty {
                    r.report(n, "\(path).rows", "the list is empty; add a row such as - {text: Item}, or remove rows for a section without rows")
                } else if rows.count > maximumListedRows {
                    r.report(
                        n, "\(path).rows", "\(rows.count) rows listed, over the limit of \(maximumListedRows); list fewer and repeat them with count")
                } else {
                    section.rows = rows.enumerated().compactMap { k, row in readTableRow(row, "\(path).rows[\(k)]", r, images) }
                }
            }
            section.count = section.rows.count
            if let n = sm["count"], let v = r.integer(n, "\(path).count", range: 0...maximumTableRows) {
                section.count = v
                // Without a list: "Row 1", "Row 2", ... as `rows:` content has; made only while the
                // table stays within its limit (past it, the total is refused below).
                if sm["rows"] == nil, total + v <= maximumTableRows {
                    section.rows = (0..<v).map { TableRow(text: "Row \($0 + 1)") }
                }
            }
            total += section.count
            sections.append(section)
        }
        if total > maximumTableRows {
            r.report(listNode, "table.sections", "\(total) rows in all, over the limit of \(maximumTableRows); lower the sections' counts")
        }
        guard r.issues.count == issuesBefore else { return nil }
        return Table(style: style, rowHeight: rowHeight, separatorInset: separatorInset, sections: sections, device: device, typography: typography)
    }

    private static func readTableRow(_ node: Node, _ path: String, _ r: ScenarioReader, _ images: ImageResolver) -> TableRow? {
        guard let m = r.mapping(node, path, allowed: tableRowKeys) else { return nil }
        guard let tn = m["text"] else { r.report(node, "\(path).text", "missing; every row has a text, e.g. {text: Wi-Fi}"); return nil }
        guard let text = r.string(tn, "\(path).text", allowEmpty: true) else { return nil }
        var row = TableRow(text: text)
        var fine = true
        func limited(_ n: Node, _ field: String, _ v: String) -> String? {
            if v.count > maximumCellText {
                r.report(n, field, "is \(v.count) characters, over the limit of \(maximumCellText); shorten it")
                fine = false
                return nil
            }
            return v
        }
        row.text = limited(tn, "\(path).text", text) ?? ""
        if let n = m["detail"], let v = r.string(n, "\(path).detail", allowEmpty: true) { row.detail = limited(n, "\(path).detail", v) }
        var styleKnown = true
        if let n = m["style"] {
            if let v = r.choice(n, "\(path).style", TableRow.Style.allCases.map(\.rawValue)) {
                row.style = TableRow.Style(rawValue: v)!
            } else {
                fine = false; styleKnown = false
            }
        }
        if let n = m["accessory"] {
            if let v = r.choice(n, "\(path).accessory", TableRow.Accessory.allCases.map(\.rawValue)) {
                row.accessory = TableRow.Accessory(rawValue: v)!
            } else {
                fine = false
            }
        }
        if m["detail"] != nil, styleKnown, row.style == .default {
            r.report(m["detail"], "\(path).detail", "a default-style cell shows no detail; set style: subtitle, value1 or value2, or remove detail")
            fine = false
        }
        if let n = m["imageSize"] {
            if let v = r.number(n, "\(path).imageSize", range: 1...200, unit: "points") { row.imageSize = v } else { fine = false }
        }
        if let n = m["imageCornerRadius"] {
            if let v = r.number(n, "\(path).imageCornerRadius", range: 0...100, unit: "points") { row.imageCornerRadius = v } else { fine = false }
        }
        if let n = m["imageColor"] {
            if let v = r.color(n, "\(path).imageColor") { row.imageColor = v } else { fine = false }
        }
        if let n = m["image"] {
            let scale = m["imageScale"].flatMap { r.number($0, "\(path).imageScale", range: 1...4) } ?? 1
            row.image = images.load(n, "\(path).image", scale: scale)
            if row.image == nil { fine = false }
        } else if let n = m["imageScale"] {
            r.report(n, "\(path).imageScale", "only scales an image; add image or remove imageScale")
            fine = false
        }
        for key in ["imageSize", "imageCornerRadius"] where m[key] != nil && m["image"] == nil && m["imageColor"] == nil {
            r.report(m[key], "\(path).\(key)", "applies to a row's image; add image (a file) or imageColor, or remove \(key)")
            fine = false
        }
        return fine ? row : nil
    }
}

import Raster
import Scene
import Yams

/// The preset (`effect`, `header` and each preset's own keys) and the screen's content: `rows`,
/// `mail`, `grid` or `table` (TableLoader.swift), or the preset's own.
extension ScenarioLoader {
    static let mailKeys = ["count", "estimatedRowHeight", "bodyLines", "photoHeight", "messages"]
    static let messageKeys = ["subject", "body", "photo", "photoScale"]
    static let gridKeys = ["count", "itemSize", "spacing", "lineSpacing", "sectionInset", "cornerRadius", "items"]
    static let itemSizeKeys = ["width", "height"]
    static let insetKeys = ["top", "left", "bottom", "right"]
    static let itemKeys = ["image", "imageScale", "color", "caption"]
    static let rowsKeys = ["count", "height", "texts", "seed"]

    /// The preset the scenario's effect names, read from its keys (nil for `effect: none` and a
    /// scene of one's own); a preset's key given for another effect is refused.
    static func readPreset(
        _ presetType: (any Preset.Type)?, _ top: [String: Node], _ r: ScenarioReader, _ images: ImageResolver,
        _ screen: inout Screen
    ) -> (any Preset)? {
        var preset = presetType.map { $0.init() }
        let effectName = presetType?.name ?? "none"
        if let node = top["header"] {
            if let presetType {
                preset!.header = PresetHeader.read(node, r, images, for: presetType)
            } else {
                r.report(
                    node, "header",
                    "effect: none has no header; remove it or choose an effect (\(Presets.all.map { $0.name }.joined(separator: ", ")))")
            }
        }
        for p in Presets.all where p.name != effectName {
            for key in p.ownKeys {
                guard let node = top[key] else { continue }
                r.report(
                    node, key, "applies to effect: \(p.name) only, and this scenario's effect is \(effectName); remove it or set effect: \(p.name)")
            }
        }
        preset?.read(top, r, images)
        if let presetType { screen.defaultNavigationStyle = presetType.defaultNavigationStyle }
        return preset
    }

    /// The one content the screen scrolls: the scenario's, else the preset's default, else (a scene
    /// of one's own) none.
    static func readContent(
        _ top: [String: Node], _ r: ScenarioReader, _ images: ImageResolver, preset: (any Preset)?, ownScene: Bool,
        _ screen: inout Screen
    ) {
        let device = screen.device
        let presetType = preset.map { type(of: $0) }
        let contentKeys = ["rows", "mail", "grid", "table"].filter { top[$0] != nil }
        if contentKeys.count > 1 {
            r.report(
                top[contentKeys[1]], contentKeys[1],
                "a screen has one content: \(contentKeys.joined(separator: " and ")) were both given; keep one")
        }
        switch contentKeys.first {
        case "mail": if let m = readMail(top["mail"]!, r, images, device: device, screen.typography) { screen.content = .mail(m) }
        case "grid": if let g = readGrid(top["grid"]!, r, images, device: device) { screen.content = .grid(g) }
        case "table": if let t = readTable(top["table"]!, r, images, device: device, screen.typography) { screen.content = .table(t) }
        case "rows":
            if let rows = readRows(top["rows"]!, r, defaultCount: presetType?.defaultRowCount ?? Rows().count) { screen.content = .rows(rows) }
        default:
            // The preset's source material; a scene of one's own has no rows unless it asks for them.
            if let content = preset?.defaultContent(device: device) {
                screen.content = content
            } else if ownScene {
                screen.content = .rows(Rows.empty)
            }
        }
    }

    static func readMail(_ node: Node, _ r: ScenarioReader, _ images: ImageResolver, device: Device, _ typography: Typography) -> MailList? {
        guard let m = r.mapping(node, "mail", allowed: mailKeys) else { return nil }
        var metrics = MailList.Metrics()
        var estimate = 44.0
        if let n = m["estimatedRowHeight"], let v = r.number(n, "mail.estimatedRowHeight", range: 1...2000, unit: "points") { estimate = v }
        if let n = m["bodyLines"], let v = r.integer(n, "mail.bodyLines", range: 0...1000) { metrics.bodyLines = v }
        if let n = m["photoHeight"], let v = r.number(n, "mail.photoHeight", range: 1...2000, unit: "points") { metrics.photoHeight = v }
        guard
            let (listNode, list) = r.requiredSequence(
                m, "messages", of: node, "mail.messages",
                missing: "give the messages, e.g. - {subject: Lunch?, body: Are you free at noon?}")
        else { return nil }
        if list.isEmpty {
            r.report(listNode, "mail.messages", "the list is empty; add at least one message with a subject")
            return nil
        }
        var messages: [MailList.Message] = []
        for (i, item) in list.enumerated() {
            let path = "mail.messages[\(i)]"
            guard let mm = r.mapping(item, path, allowed: messageKeys) else { continue }
            guard let sn = mm["subject"] else { r.report(item, "\(path).subject", "missing; every message has a subject"); continue }
            guard let subject = r.text(sn, "\(path).subject") else { continue }
            var message = MailList.Message(subject: subject)
            if let n = mm["body"] { message.body = r.text(n, "\(path).body") }
            if let n = mm["photo"] {
                let scale = mm["photoScale"].flatMap { r.number($0, "\(path).photoScale", range: 1...4) } ?? 1
                message.photo = images.load(n, "\(path).photo", scale: scale)
            }
            messages.append(message)
        }
        var count = messages.count
        if let n = m["count"], let v = r.integer(n, "mail.count", range: 0...10000) { count = v }
        guard messages.count == list.count else { return nil }
        return MailList(
            messages: messages, count: count, estimatedRowHeight: estimate, metrics: metrics,
            width: device.size.width - device.safeAreaLeft - device.safeAreaRight, deviceScale: device.scale, typography: typography)
    }

    static func readGrid(_ node: Node, _ r: ScenarioReader, _ images: ImageResolver, device: Device) -> FlowGrid? {
        guard let m = r.mapping(node, "grid", allowed: gridKeys) else { return nil }
        let width = device.size.width
        var size = Size(300, 494)
        if let n = m["itemSize"], let sm = r.mapping(n, "grid.itemSize", allowed: itemSizeKeys) {
            for key in itemSizeKeys where sm[key] == nil {
                r.report(n, "grid.itemSize.\(key)", "missing; give the item's width and height in points, e.g. {width: 180, height: 240}")
            }
            if let x = sm["width"], let v = r.number(x, "grid.itemSize.width", range: 1...width, unit: "points") { size.width = v }
            if let x = sm["height"], let v = r.number(x, "grid.itemSize.height", range: 1...5000, unit: "points") { size.height = v }
        }
        var spacing = 10.0
        if let n = m["spacing"], let v = r.number(n, "grid.spacing", range: 0...1000, unit: "points") { spacing = v }
        var lineSpacing = spacing
        if let n = m["lineSpacing"], let v = r.number(n, "grid.lineSpacing", range: 0...1000, unit: "points") { lineSpacing = v }
        var inset = FlowGrid.Insets(10)
        if let n = m["sectionInset"] {
            if case .scalar = n {
                if let v = r.number(n, "grid.sectionInset", range: 0...1000, unit: "points") { inset = FlowGrid.Insets(v) }
            } else if let im = r.mapping(n, "grid.sectionInset", allowed: insetKeys) {
                func side(_ key: String) -> Double {
                    im[key].flatMap { r.number($0, "grid.sectionInset.\(key)", range: 0...1000, unit: "points") } ?? 10
                }
                inset = FlowGrid.Insets(top: side("top"), left: side("left"), bottom: side("bottom"), right: side("right"))
            }
        }
        if inset.left + inset.right + size.width > width {
            r.report(
                m["itemSize"] ?? node, "grid.itemSize.width",
                "\(r.format(size.width)) points plus the section insets "
                    + "(\(r.format(inset.left + inset.right))) is wider than the \(r.format(width))-point screen; make the items narrower")
        }
        var radius = 0.0
        if let n = m["cornerRadius"], let v = r.number(n, "grid.cornerRadius", range: 0...1000, unit: "points") { radius = v }
        var items: [FlowGrid.Item] = []
        if let n = m["items"], let list = r.sequence(n, "grid.items") {
            for (i, item) in list.enumerated() {
                let path = "grid.items[\(i)]"
                guard let im = r.mapping(item, path, allowed: itemKeys) else { continue }
                var entry = FlowGrid.Item()
                if let x = im["image"] {
                    let scale = im["imageScale"].flatMap { r.number($0, "\(path).imageScale", range: 1...4) } ?? 1
                    entry.image = images.load(x, "\(path).image", scale: scale)
                }
                if let x = im["color"] { entry.color = r.color(x, "\(path).color") }
                if let x = im["caption"] { entry.caption = r.text(x, "\(path).caption") }
                items.append(entry)
            }
        }
        var count = items.isEmpty ? 12 : items.count
        if let n = m["count"], let v = r.integer(n, "grid.count", range: 0...10000) { count = v }
        return FlowGrid(
            items: items, count: count, itemSize: size, interitemSpacing: spacing, lineSpacing: lineSpacing,
            sectionInset: inset, cornerRadius: radius, width: width)
    }

    static func readRows(_ node: Node, _ r: ScenarioReader, defaultCount: Int) -> Rows? {
        guard let m = r.mapping(node, "rows", allowed: rowsKeys) else { return nil }
        var rows = Rows()
        rows.count = defaultCount
        if let n = m["count"], let v = r.integer(n, "rows.count", range: 0...10000) { rows.count = v }
        if let n = m["height"], let v = r.number(n, "rows.height", range: 1...1000, unit: "points") { rows.height = v }
        var seed: UInt64 = 1
        if let n = m["seed"], let v = r.unsigned64(n, "rows.seed") { seed = v }
        if let n = m["texts"] {
            if case .scalar(let sc) = n {
                if sc.string == "uuid" {
                    rows.texts = Rows.uuidTexts(count: rows.count, seed: seed)
                } else {
                    r.report(n, "rows.texts", "expected a list of strings or uuid (seeded UUID strings), got \"\(sc.string)\"")
                }
            } else if let list = r.sequence(n, "rows.texts") {
                rows.texts = list.enumerated().compactMap { i, item in r.text(item, "rows.texts[\(i)]", allowEmpty: true) }
            }
        }
        if m["seed"] != nil, m["texts"]?.string != "uuid" {
            r.report(m["seed"], "rows.seed", "only seeds texts: uuid; add texts: uuid or remove the seed")
        }
        return rows
    }
}

/// Reading `navigationBar:`: its style, title and fade, and the standard bar's large title,
/// search bar and bar buttons (`NavigationBar.swift`, `SearchBar.swift`, `BarButtons.swift`).
extension NavigationBarPart {
    static func readNavigationBar(_ node: ScenarioValue, _ r: any ScenarioReading, _ screen: inout Screen) {
        if node.isScalar {
            if let v = r.bool(node, "navigationBar") { screen.navigation.style = v ? nil : .hidden }
            return
        }
        guard let m = r.mapping(node, "navigationBar", allowed: mappingKeys) else { return }
        if let n = m["style"], let v = r.choice(n, "navigationBar.style", Screen.NavigationBar.Style.allCases.map(\.rawValue)) {
            screen.navigation.style = Screen.NavigationBar.Style(rawValue: v)!
        }
        if let n = m["title"], let v = r.text(n, "navigationBar.title") { screen.navigation.title = v }
        if let n = m["fadeStart"], let v = r.number(n, "navigationBar.fadeStart", range: -10000...100000, unit: "points") {
            screen.navigation.fade.start = v
        }
        if let n = m["fadeLength"], let v = r.number(n, "navigationBar.fadeLength", range: 0.001...100000, unit: "points") {
            screen.navigation.fade.length = v
        }
        if let n = m["color"], let v = r.color(n, "navigationBar.color") { screen.navigation.color = v }
        if let n = m["titleColor"], let v = r.color(n, "navigationBar.titleColor") { screen.navigation.titleColor = v }
        if let v = BottomBar.readTint(m, "navigationBar.tint", r).tint { screen.navigation.tint = v }
        for key in ["fadeStart", "fadeLength"] where m[key] != nil && screen.navigationStyle != .fading {
            r.report(
                m[key]!, "navigationBar.\(key)",
                "applies to style: fading only, and this bar's style is "
                    + "\(screen.navigationStyle.rawValue); remove it or set style: fading")
        }
        readNavigationItem(m, r, &screen)
    }

    /// The standard bar's large title, search bar and buttons (`NavigationBar.swift`).
    private static func readNavigationItem(_ m: [String: ScenarioValue], _ r: any ScenarioReading, _ screen: inout Screen) {
        var item = NavigationItem()
        if let n = m["largeTitle"], let v = r.bool(n, "navigationBar.largeTitle") { item.prefersLargeTitle = v }
        if let n = m["searchBar"] {
            var search = SearchBarSettings()
            if n.isScalar {
                if let v = r.bool(n, "navigationBar.searchBar"), v { item.searchBar = search }
            } else if let sm = r.mapping(n, "navigationBar.searchBar", allowed: searchBarKeys) {
                let limit = SearchBarSettings.maximumPlaceholderLength
                if let p = sm["placeholder"],
                    let v = r.string(
                        p, "navigationBar.searchBar.placeholder", allowEmpty: true, maximumLength: limit,
                        fits: "a search field's placeholder fits \(limit); shorten it")
                {
                    search.placeholder = v
                }
                item.searchBar = search
            }
        }
        let limit = NavigationItem.maximumTitleLength
        if let n = m["backTitle"],
            let v = r.string(
                n, "navigationBar.backTitle", allowEmpty: true, maximumLength: limit,
                fits: "a back button's title fits \(limit) (UIKit shows \"Back\" instead of a long one); shorten it")
        {
            item.backTitle = v
        }
        item.leftItems = readBarItems(m["leftItems"], "navigationBar.leftItems", r)
        item.rightItems = readBarItems(m["rightItems"], "navigationBar.rightItems", r)
        item.transparentAtScrollEdge = BottomBar.readScrollEdge(m, "navigationBar.scrollEdge", r).transparent
        for key in ["largeTitle", "searchBar", "leftItems", "rightItems", "backTitle", "scrollEdge", "tint"]
        where m[key] != nil && screen.navigationStyle != .standard {
            r.report(
                m[key]!, "navigationBar.\(key)",
                "applies to style: standard only, and this bar's style is "
                    + "\(screen.navigationStyle.rawValue); remove it or set style: standard")
        }
        screen.navigation.item = item
    }

    /// A list of at most three `{title, style}`, `{glyph}` or `{symbol}` bar buttons, each with an
    /// optional `tint`.
    private static func readBarItems(_ node: ScenarioValue?, _ field: String, _ r: any ScenarioReading) -> [BarButtonItem] {
        guard let node, let list = r.sequence(node, field) else { return [] }
        if list.count > NavigationItem.maximumItemsPerSide {
            r.report(
                node, field,
                "has \(list.count) buttons; a bar shows at most \(NavigationItem.maximumItemsPerSide) a side; "
                    + "remove \(list.count - NavigationItem.maximumItemsPerSide)")
            return []
        }
        var items: [BarButtonItem] = []
        for (i, itemNode) in list.enumerated() {
            let path = "\(field)[\(i)]"
            guard let im = r.mapping(itemNode, path, allowed: barItemKeys) else { continue }
            var style = BarButtonItem.Style.plain
            if let n = im["style"], let v = r.choice(n, "\(path).style", BarButtonItem.Style.allCases.map(\.rawValue)) {
                style = BarButtonItem.Style(rawValue: v)!
            }
            let (tint, tintOK) = BottomBar.readTint(im, "\(path).tint", r)
            if im["title"] == nil, im["glyph"] != nil, im["symbol"] != nil {
                r.report(im["symbol"]!, "\(path).symbol", "a bar button has a glyph or a symbol, not both; keep one")
                continue
            }
            var item: BarButtonItem?
            switch (im["title"], im["glyph"] ?? im["symbol"]) {
            case (nil, nil):
                r.report(
                    itemNode, path,
                    "needs a title (text, such as Edit), a glyph (\(NavigationGlyph.allCases.map(\.rawValue).joined(separator: ", "))) "
                        + "or a symbol (an SF Symbol's name, such as heart)")
            case (.some, .some):
                let key = im["glyph"] != nil ? "glyph" : "symbol"
                r.report(im[key]!, "\(path).\(key)", "a bar button has a title or a \(key), not both; keep one")
            case (let t?, nil):
                let limit = NavigationItem.maximumTitleLength
                guard let v = r.string(t, "\(path).title", maximumLength: limit, fits: "a bar button's title fits \(limit); shorten it") else {
                    continue
                }
                item = BarButtonItem(.title(v), style: style)
            case (nil, let g?):
                let key = im["glyph"] != nil ? "glyph" : "symbol"
                if im["style"] != nil {
                    r.report(im["style"]!, "\(path).style", "applies to a title only (done is semibold text); remove it")
                }
                if key == "glyph" {
                    item = readNavigationGlyph(g, "\(path).glyph", r).map { BarButtonItem(.glyph($0)) }
                } else {
                    item = Chrome.readSymbolName(g, "\(path).symbol", r).map { BarButtonItem(.symbol($0)) }
                }
            }
            if var item, tintOK {
                item.tint = tint
                items.append(item)
            }
        }
        return items
    }

    /// A bar button's glyph; an SF Symbol's name, or a tab bar glyph with the same meaning, suggests
    /// the bar's own (`square.and.arrow.up` is share, `ellipsis.circle` is more).
    private static func readNavigationGlyph(_ node: ScenarioValue, _ field: String, _ r: any ScenarioReading) -> NavigationGlyph? {
        guard let name = r.string(node, field) else { return nil }
        if let glyph = NavigationGlyph(rawValue: name) { return glyph }
        let names = NavigationGlyph.allCases.map(\.rawValue)
        var message = "expected one of \(names.joined(separator: ", ")) (a navigation bar's glyphs), got \"\(Suggestion.shown(name))\""
        var base = name.lowercased()
        for variant in [".fill", ".circle.fill", ".circle"] where base.hasSuffix(variant) { base = String(base.dropLast(variant.count)) }
        let tabGlyph = BarGlyph(rawValue: base) ?? BarGlyph.symbolNames[base]
        let meant =
            tabGlyph.flatMap { NavigationGlyph(rawValue: $0 == .ellipsis ? "more" : $0.rawValue) }
            ?? (base == "chevron.left" || base == "chevron.backward" ? .back : nil)
        let symbol = SFSymbols.contains(name) ? name : nil
        if let meant {
            message += BarGlyph.suggestion("\"\(meant.rawValue)\"", symbol: symbol)
        } else if let tabGlyph {
            let here = symbol.map { "symbol: \($0) (the SF Symbol) or " } ?? ""
            message += "; \(tabGlyph.rawValue) is a tab bar and toolbar glyph: use it there, or \(here)a title such as {title: Edit} here"
        } else {
            message += BarGlyph.suggestion(Suggestion.closest(to: base, in: names).map { "\"\($0)\"" }, symbol: symbol)
        }
        r.report(node, field, message)
        return nil
    }
}

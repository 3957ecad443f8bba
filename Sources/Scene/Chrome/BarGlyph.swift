import Raster

/// The glyphs a tab bar or toolbar item may show (`glyph:` in a scenario): vector shapes drawn
/// after SF Symbols of the same meaning (iOS 17/18), from the renderer's strokes, rings and rounded
/// rectangles, so they are sharp at any scale. Each is designed in a 28 x 28 point box with
/// strokes about 2 pt wide (SF Symbols' regular weight at a tab bar's size) and scaled to the box
/// it is drawn in.
public enum BarGlyph: String, Sendable, CaseIterable {
    case house, search, person, gear, star, bell, heart, message, bookmark, clock, grid, plus, share, trash, compose, ellipsis

    /// SF Symbols' names for the glyphs (without `.fill` and other variants), for a suggestion when
    /// a scenario names the symbol.
    static let symbolNames: [String: BarGlyph] = [
        "magnifyingglass": .search, "gearshape": .gear, "gearshape.2": .gear, "message": .message, "bubble.left": .message,
        "bubble": .message, "person.circle": .person, "person.crop.circle": .person, "square.and.arrow.up": .share,
        "square.and.pencil": .compose, "pencil": .compose, "square.grid.2x2": .grid, "ellipsis.circle": .ellipsis,
        "clock.arrow.circlepath": .clock, "more": .ellipsis, "plus.circle": .plus, "bell.badge": .bell, "house.circle": .house,
        "trash.circle": .trash,
    ]

    /// A glyph named in a scenario; an unknown name is refused with the glyphs there are and, where
    /// one is near (or the name is the SF Symbol's), the one meant.
    static func read(_ node: ScenarioValue, _ field: String, _ r: any ScenarioReading) -> BarGlyph? {
        guard let name = r.string(node, field) else { return nil }
        if let glyph = BarGlyph(rawValue: name) { return glyph }
        let names = allCases.map(\.rawValue)
        var message = "expected one of \(names.joined(separator: ", ")), got \"\(Suggestion.shown(name))\""
        var base = name.lowercased()
        for variant in [".fill", ".circle.fill", ".slash"] where base.hasSuffix(variant) { base = String(base.dropLast(variant.count)) }
        var meant: String?
        if let glyph = BarGlyph(rawValue: base) ?? symbolNames[base] {
            meant = "\"\(glyph.rawValue)\" (the SF Symbol \(name)'s glyph here)"
        } else if let near = Suggestion.closest(to: base, in: names)
            ?? Suggestion.closest(to: base, in: Array(symbolNames.keys).sorted()).map({ symbolNames[$0]!.rawValue })
        {
            meant = "\"\(near)\""
        }
        message += suggestion(meant, symbol: SFSymbols.contains(name) ? name : nil)
        r.report(node, field, message)
        return nil
    }

    /// "; did you mean X?", with `symbol:` offered when the name is an SF Symbol this renderer draws.
    static func suggestion(_ meant: String?, symbol: String?) -> String {
        switch (meant, symbol) {
        case (let meant?, let symbol?): return "; did you mean \(meant), or symbol: \(symbol) for the SF Symbol itself?"
        case (let meant?, nil): return "; did you mean \(meant)?"
        case (nil, let symbol?): return "; for the SF Symbol itself write symbol: \(symbol)"
        case (nil, nil): return ""
        }
    }

    /// The side of the design box, in points.
    static let designSize = 28.0

    /// The glyph's shapes filling `box` (a square), in the coordinates `box` is given in.
    func shapes(in box: Rect, color: Color) -> [(Shape, Color)] {
        let k = box.width / Self.designSize
        let place = Transform.scale(k, k).translated(box.minX, box.minY)
        return designShapes.map { ($0.applying(place), color) }
    }

    /// The shapes in the 28-point design box.
    private var designShapes: [Shape] {
        let stroke = 2.1
        func line(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ w: Double = stroke) -> Shape {
            .capsule(from: Point(x0, y0), to: Point(x1, y1), width: w)
        }
        func ring(_ cx: Double, _ cy: Double, _ r: Double, from: Double = 0, to: Double = 2 * .pi, _ w: Double = stroke) -> Shape {
            .ringSector(center: Point(cx, cy), radius: r, width: w, from: from, to: to)
        }
        func degrees(_ d: Double) -> Double { d * .pi / 180 }
        switch self {
        case .house:
            // house.fill: a roof, walls, and a door.
            return [
                line(3.5, 13.5, 14, 4), line(14, 4, 24.5, 13.5),
                line(7, 12, 7, 24), line(21, 12, 21, 24), line(7, 24, 21, 24),
                .roundedRect(Rect(x: 11.5, y: 16.5, width: 5, height: 7.5), radius: 1),
            ]
        case .search:
            // magnifyingglass: a ring and a handle.
            return [ring(12, 12, 7.5), line(17.6, 17.6, 23.5, 23.5, 3)]
        case .person:
            // person.fill: a head and shoulders.
            return [.circle(center: Point(14, 8.5), radius: 5), .roundedRect(Rect(x: 5, y: 16, width: 18, height: 9.5), radius: 4.75)]
        case .gear:
            // gearshape: a ring with eight teeth and a hub.
            let teeth = (0..<8).map { i -> Shape in
                let a = Double(i) * .pi / 4
                return line(14 + 8 * sine(a), 14 - 8 * cosine(a), 14 + 11 * sine(a), 14 - 11 * cosine(a), 3.4)
            }
            return [ring(14, 14, 7.5, 2.6)] + teeth + [ring(14, 14, 2.6, 2)]
        case .star:
            // star: five points joined through five inner corners.
            let points = (0..<10).map { i -> Point in
                let a = Double(i) * .pi / 5, r = i % 2 == 0 ? 11.5 : 5
                return Point(14 + r * sine(a), 15 - r * cosine(a))
            }
            return (0..<10).map { i in .capsule(from: points[i], to: points[(i + 1) % 10], width: stroke) }
        case .bell:
            // bell: a dome, flared sides, a rim, a clapper and a knob.
            return [
                ring(14, 12, 6.5, from: degrees(-90), to: degrees(90)), line(7.5, 12, 6.5, 20), line(20.5, 12, 21.5, 20),
                line(4.5, 21, 23.5, 21), .circle(center: Point(14, 24.5), radius: 2.2), .circle(center: Point(14, 4.2), radius: 1.3),
            ]
        case .heart:
            // heart: two lobes meeting in a point.
            let left = Point(9.5 + 5 * sine(degrees(-125)), 10.5 - 5 * cosine(degrees(-125)))
            let right = Point(18.5 + 5 * sine(degrees(125)), 10.5 - 5 * cosine(degrees(125)))
            return [
                ring(9.5, 10.5, 5, from: degrees(-125), to: degrees(80)), ring(18.5, 10.5, 5, from: degrees(-80), to: degrees(125)),
                .capsule(from: left, to: Point(14, 22.5), width: stroke), .capsule(from: right, to: Point(14, 22.5), width: stroke),
            ]
        case .message:
            // message: a round bubble with a tail.
            return [.border(Rect(x: 3, y: 5, width: 22, height: 16), radius: 8, width: stroke), line(8.5, 19.5, 5.5, 24)]
        case .bookmark:
            return [line(8, 4, 20, 4), line(8, 4, 8, 24), line(20, 4, 20, 24), line(8, 24, 14, 18.5), line(20, 24, 14, 18.5)]
        case .clock:
            return [ring(14, 14, 10), line(14, 14, 14, 8), line(14, 14, 18, 16)]
        case .grid:
            // square.grid.2x2: four rounded squares.
            return [(4.0, 4.0), (15.0, 4.0), (4.0, 15.0), (15.0, 15.0)].map {
                .border(Rect(x: $0.0, y: $0.1, width: 9, height: 9), radius: 2.5, width: stroke)
            }
        case .plus:
            return [line(14, 5, 14, 23), line(5, 14, 23, 14)]
        case .share:
            // square.and.arrow.up: an arrow out of an open box.
            return [
                line(14, 3, 14, 17), line(9.5, 7.5, 14, 3), line(18.5, 7.5, 14, 3),
                line(10, 11, 6.5, 11), line(6.5, 11, 6.5, 25), line(6.5, 25, 21.5, 25), line(21.5, 25, 21.5, 11), line(21.5, 11, 18, 11),
            ]
        case .trash:
            return [
                line(5, 7, 23, 7), line(11, 7, 11.5, 4), line(17, 7, 16.5, 4), line(11.5, 4, 16.5, 4),
                line(7.5, 7, 8.5, 24.5), line(20.5, 7, 19.5, 24.5), line(8.5, 24.5, 19.5, 24.5), line(12, 11, 12, 21), line(16, 11, 16, 21),
            ]
        case .compose:
            // square.and.pencil: an open square and a pencil across its corner.
            return [
                line(13, 6, 5, 6), line(5, 6, 5, 23), line(5, 23, 22, 23), line(22, 23, 22, 15),
                line(12, 16, 23, 5, 2.6), line(12, 16, 11, 17.5, 1.5),
            ]
        case .ellipsis:
            return [6.0, 14.0, 22.0].map { .circle(center: Point($0, 14), radius: 2.2) }
        }
    }
}

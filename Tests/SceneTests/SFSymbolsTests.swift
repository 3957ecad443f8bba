import Foundation
import Raster
import XCTest
@testable import ScenarioFormat
@testable import Scene

/// SF Symbols by name (Sources/Scene/Symbols): the table, nearest names, the drawing's weights,
/// scales and metrics, and the scenario language's symbol layer with its warning.
final class SFSymbolsTests: XCTestCase {
    /// Alpha summed over a symbol drawn at 4 px a point: how much ink it has.
    func ink(_ name: String, _ weight: SymbolWeight = .regular, size: Double = 20, pixelsPerPoint: Double = 4) throws -> Int {
        let image = try SFSymbols.shapes(named: name, pointSize: size, weight: weight).image(color: .black, pixelsPerPoint: pixelsPerPoint)
        return stride(from: 3, to: image.bytes.count, by: 4).reduce(0) { $0 + Int(image.bytes[$1]) }
    }

    func alpha(_ image: Pixmap, _ x: Int, _ y: Int) -> UInt8 { image.bytes[(y * image.width + x) * 4 + 3] }

    func testTableHasTheNamesAppsUseMost() throws {
        XCTAssertGreaterThanOrEqual(SFSymbols.names.count, 150)
        XCTAssertEqual(Set(SFSymbols.names).count, SFSymbols.names.count, "a name twice")
        for name in [
            "chevron.left", "chevron.right", "chevron.up", "chevron.down", "chevron.backward", "chevron.forward", "heart", "heart.fill",
            "square.and.arrow.up", "ellipsis", "ellipsis.circle", "play.fill", "pause.fill", "forward.fill", "backward.fill", "person",
            "person.fill", "person.circle", "person.crop.circle", "magnifyingglass", "gear", "gearshape", "plus", "plus.circle",
            "xmark", "xmark.circle.fill", "star", "star.fill", "bell", "bell.fill", "bookmark", "bookmark.fill", "house", "house.fill",
            "message", "envelope", "phone", "camera", "photo", "trash", "pencil", "square.and.pencil", "folder", "paperplane", "link",
            "lock", "location", "map", "calendar", "clock", "cart", "bag", "creditcard", "music.note", "mic", "speaker.wave.2", "wifi",
            "battery.100", "checkmark", "checkmark.circle.fill", "info.circle", "exclamationmark.triangle", "arrow.up", "arrow.clockwise",
            "line.3.horizontal", "slider.horizontal.3", "list.bullet", "square.grid.2x2",
        ] {
            XCTAssertTrue(SFSymbols.contains(name), name)
        }
        XCTAssertFalse(SFSymbols.contains("heart.fil"))
        XCTAssertFalse(SFSymbols.contains(""))
    }

    /// docs/layer-language.md lists the table's names, in its order.
    func testTheReferenceListsEveryName() throws {
        let page = try String(contentsOfFile: GoldenFrameTests.root + "/docs/layer-language.md", encoding: .utf8)
        let prefix = "The \(SFSymbols.names.count) names: "
        guard let line = page.split(separator: "\n").first(where: { $0.hasPrefix(prefix) }) else {
            return XCTFail("no line starting \"\(prefix)\" in docs/layer-language.md")
        }
        let listed = line.dropFirst(prefix.count).split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
        XCTAssertEqual(listed, SFSymbols.names, "docs/layer-language.md, \"Symbols\": list the names of scripts/make-symbols.py's table, in its order")
    }

    func testNearestNames() {
        XCTAssertEqual(SFSymbols.nearestNames(to: "hart.fill").first, "heart.fill")
        XCTAssertEqual(SFSymbols.nearestNames(to: "chevron.lef").first, "chevron.left")
        XCTAssertEqual(SFSymbols.nearestNames(to: "Heart").first, "heart")
        XCTAssertEqual(SFSymbols.nearestNames(to: "hart.fill", limit: 1), ["heart.fill"])
        XCTAssertEqual(SFSymbols.nearestNames(to: "qwertyuiopasdfgh"), [])
        XCTAssertEqual(SFSymbols.nearestNames(to: String(repeating: "x", count: 100_000)), [])
    }

    func testUnknownNameThrowsWithTheNearestNamesAndDrawsEmpty() {
        XCTAssertThrowsError(try SFSymbols.shapes(named: "hart.fill")) { error in
            XCTAssertEqual(
                "\(error)",
                "no SF Symbol named \"hart.fill\" among the \(SFSymbols.names.count) this renderer draws (from Phosphor Icons); "
                    + "did you mean \"heart.fill\", \"cart.fill\", \"car.fill\"? The image is drawn empty.")
        }
        let (symbol, error) = SFSymbols.shapesOrEmpty(named: "no.such.symbol.at.all.here", pointSize: 17)
        XCTAssertNil(symbol.outline)
        XCTAssertEqual(symbol.size.width, symbol.size.height, accuracy: 1e-9)
        XCTAssertGreaterThan(symbol.size.width, 10)
        XCTAssertTrue(error?.description.contains("docs/layer-language.md") == true, "\(String(describing: error))")
        XCTAssertEqual(symbol.image(color: .black, pixelsPerPoint: 2).bytes.allSatisfy { $0 == 0 }, true)
    }

    func testFillIsFilledAndOutlineIsHollow() throws {
        let filled = try SFSymbols.shapes(named: "heart.fill", pointSize: 40).image(color: .black, pixelsPerPoint: 2)
        let outline = try SFSymbols.shapes(named: "heart", pointSize: 40).image(color: .black, pixelsPerPoint: 2)
        // The middle of the heart: ink in the fill, a hole in the outline.
        XCTAssertEqual(alpha(filled, filled.width / 2, filled.height / 2), 255)
        XCTAssertEqual(alpha(outline, outline.width / 2, outline.height / 2), 0)
        // Both reach the left edge at mid height (the outline's stroke is ink there).
        XCTAssertGreaterThan(alpha(outline, 1, outline.height * 2 / 5), 200)
        XCTAssertGreaterThan(alpha(filled, 1, filled.height * 2 / 5), 200)
        // xmark.circle.fill is a disc with the cross cut out: ink at a rim, none at the centre.
        let x = try SFSymbols.shapes(named: "xmark.circle.fill", pointSize: 40).image(color: .black, pixelsPerPoint: 2)
        XCTAssertEqual(alpha(x, x.width / 2, x.height / 2), 0)
        XCTAssertEqual(alpha(x, x.width / 2, x.height / 6), 255)
    }

    func testHeavierWeightsHaveMoreInk() throws {
        let inks = try [SymbolWeight.thin, .light, .regular, .bold].map { try ink("heart", $0) }
        XCTAssertEqual(inks, inks.sorted(), "\(inks)")
        XCTAssertEqual(Set(inks).count, 4, "\(inks)")
        XCTAssertEqual(try ink("heart", .ultraLight), inks[0])
        XCTAssertEqual(try ink("heart", .semibold), inks[2])
        XCTAssertEqual(try ink("heart", .black), inks[3])
        // A fill name has one weight.
        XCTAssertEqual(try ink("heart.fill", .thin), try ink("heart.fill", .black))
    }

    func testScaleAndPointSizeAndMetrics() throws {
        let heart = try SFSymbols.shapes(named: "heart", pointSize: 17)
        XCTAssertEqual(heart.size.width, 224 * 1.36 * 17 / 256, accuracy: 0.05) // 20.2 points
        XCTAssertEqual(heart.size.height, 192 * 1.36 * 17 / 256, accuracy: 0.05) // 17.3 points
        // The grid's middle (y 128) sits half a cap height above the baseline.
        let unit = 1.36 * 17 / 256
        XCTAssertEqual(heart.baselineOffsetFromBottom, (232 - 128) * unit - 0.705 * 17 / 2, accuracy: 0.05)
        let small = try SFSymbols.shapes(named: "heart", pointSize: 17, scale: .small)
        let large = try SFSymbols.shapes(named: "heart", pointSize: 17, scale: .large)
        XCTAssertEqual(small.size.width / heart.size.width, 0.78, accuracy: 1e-9)
        XCTAssertEqual(large.size.width / heart.size.width, 1.29, accuracy: 1e-9)
        let double = try SFSymbols.shapes(named: "heart", pointSize: 34)
        XCTAssertEqual(double.size.width, 2 * heart.size.width, accuracy: 1e-9)
        // The outline fills its image: ink in the first and last columns and rows.
        let image = try SFSymbols.shapes(named: "chevron.right", pointSize: 30).image(color: .black, pixelsPerPoint: 3)
        let w = image.width, h = image.height
        // (A round cap's tip covers little of the edge pixel: ink, not full ink.)
        XCTAssertGreaterThan((0..<h).map { alpha(image, 0, $0) }.max()!, 0)
        XCTAssertGreaterThan((0..<h).map { alpha(image, w - 1, $0) }.max()!, 0)
        XCTAssertGreaterThan((0..<w).map { alpha(image, $0, 0) }.max()!, 0)
        XCTAssertGreaterThan((0..<w).map { alpha(image, $0, h - 1) }.max()!, 0)
        XCTAssertGreaterThan((0..<h).map { alpha(image, 3, $0) }.max()!, 200)
        XCTAssertLessThan(Double(w), Double(h) * 0.7, "a chevron is narrow")
        // Out-of-range sizes are drawn bounded.
        XCTAssertLessThanOrEqual(try SFSymbols.shapes(named: "heart", pointSize: .infinity).size.width, 30)
        XCTAssertLessThanOrEqual(try SFSymbols.shapes(named: "heart", pointSize: 1e12).size.width, 1400)
    }

    /// Every name draws ink in each of Phosphor's weights; with SYMBOL_SHEET=path, the sheet of all names
    /// (regular, 17 pt at @3x) is written there to look at.
    func testEveryNameDrawsAndTheSheet() throws {
        let columns = 20, cell = 28.0
        let rows = (SFSymbols.names.count + columns - 1) / columns
        let root = Layer(name: "sheet", frame: Rect(x: 0, y: 0, width: Double(columns) * cell, height: Double(rows) * cell))
        root.backgroundColor = .white
        for (i, name) in SFSymbols.names.enumerated() {
            for weight in [SymbolWeight.thin, .light, .regular, .bold] {
                let symbol = try SFSymbols.shapes(named: name, pointSize: 17, weight: weight)
                XCTAssertGreaterThan(symbol.size.width * symbol.size.height, 1, "\(name) \(weight)")
                // A thin `minus` at 17 pt, 1 px a point, is about 20 px of a third of a pixel's ink each.
                XCTAssertGreaterThan(try ink(name, weight, size: 17, pixelsPerPoint: 1), 800, "\(name) \(weight)")
            }
            let layer = Layer(name: name, frame: Rect(x: Double(i % columns) * cell, y: Double(i / columns) * cell, width: cell, height: cell))
            let symbol = try SFSymbols.shapes(named: name, pointSize: 17)
            layer.contents = .shapes(
                symbol.filled(.black, at: Point((cell - symbol.size.width) / 2, (cell - symbol.size.height) / 2)))
            root.addSublayer(layer)
        }
        if let path = ProcessInfo.processInfo.environment["SYMBOL_SHEET"] {
            let image = LayerRenderer().render(root, width: columns * 84, height: rows * 84, scale: 3)
            try Data(PNGEncoder().encode(image)).write(to: URL(fileURLWithPath: path))
        }
    }

    // MARK: the symbol layer

    func load(_ text: String) throws -> Scenario {
        try ScenarioLoader.parse(text, file: "s.yaml", baseDirectory: GoldenFrameTests.root + "/Fixtures/scenarios")
    }

    let rest = "timeline: {keyframes: [{time: 0, offset: 0}, {time: 1, offset: 100}]}\n"

    func testSymbolLayerDrawsTheSymbolCentredInItsTint() throws {
        let s = try load(
            "layers:\n  - {type: symbol, name: heart.fill, frame: [100, 200, 60, 60], size: 40, weight: bold, color: systemRed}\n"
                + "  - {type: symbol, name: other, symbol: heart, frame: [200, 200, 60, 60], size: 40, symbolScale: large}\n" + rest)
        XCTAssertEqual(s.warnings, [])
        func find(_ l: Layer, _ name: String) -> Layer? { l.name == name ? l : l.sublayersInDrawingOrder.lazy.compactMap { find($0, name) }.first }
        let root = s.layers(ofFrame: 0)
        guard case .shapes(let items)? = find(root, "heart.fill")?.contents, let (shape, color) = items.first else {
            return XCTFail("no shapes")
        }
        XCTAssertEqual(color, Color(255, 59, 48))
        let expected = try SFSymbols.shapes(named: "heart.fill", pointSize: 40)
        XCTAssertEqual(shape.bounds.midX, 30, accuracy: 0.01)
        XCTAssertEqual(shape.bounds.midY, 30, accuracy: 0.01)
        XCTAssertEqual(shape.bounds.width, expected.size.width, accuracy: 0.01)
        guard case .shapes(let other)? = find(root, "other")?.contents, let (large, blue) = other.first else { return XCTFail("no shapes") }
        XCTAssertEqual(blue, Color(0, 122, 255), "a UIImageView's default tint")
        XCTAssertEqual(large.bounds.width, try SFSymbols.shapes(named: "heart", pointSize: 40, scale: .large).size.width, accuracy: 0.01)
        // Drawn: the heart's middle is red on the rendered frame.
        let frame = LayerRenderer().render(root, width: 393, height: 852, scale: 1)
        let p = (230 * 393 + 130) * 4
        XCTAssertEqual(Array(frame.bytes[p..<p + 3]), [255, 59, 48])
    }

    func testUnknownSymbolIsAWarningNotARefusal() throws {
        let s = try load("layers:\n  - {type: symbol, name: hart.fill, frame: [0, 0, 40, 40]}\n" + rest)
        XCTAssertEqual(
            s.warnings.map(\.warningDescription),
            [
                "s.yaml:2:26: warning: layers[0].name: no SF Symbol named \"hart.fill\" among the \(SFSymbols.names.count) this renderer "
                    + "draws (from Phosphor Icons); did you mean \"heart.fill\", \"cart.fill\", \"car.fill\"? The image is drawn empty."
            ])
        func find(_ l: Layer) -> Layer? { l.name == "hart.fill" ? l : l.sublayersInDrawingOrder.lazy.compactMap(find).first }
        guard case .shapes(let items)? = find(s.layers(ofFrame: 0))?.contents else { return XCTFail("no layer") }
        XCTAssertTrue(items.isEmpty)
    }

    func testSymbolLayerRefusals() {
        let lines = scenarioErrorLines("") {
            _ = try self.load(
                "layers:\n  - {type: symbol, name: a, symbol: heart, weight: wide, symbolScale: huge, text: x}\n  - {type: symbol}\n"
                    + "  - {type: text, text: hi, symbolScale: small, weight: wide}\n" + self.rest)
        }
        XCTAssertEqual(
            lines,
            [
                "s.yaml:2:52: layers[0].weight: expected one of ultraLight, thin, light, regular, medium, semibold, bold, heavy, black, got \"wide\"",
                "s.yaml:2:71: layers[0].symbolScale: expected one of small, medium, large, got \"huge\"",
                "s.yaml:2:83: layers[0].text: a symbol layer has no text (text layers do); remove it or change the type",
                "s.yaml:3:5: layers[1].symbol: missing; give the SF Symbol's name (symbol: heart.fill), or name the layer after it",
                "s.yaml:4:41: layers[2].symbolScale: a text layer has no symbolScale (symbol layers do); remove it or change the type",
                "s.yaml:4:56: layers[2].weight: expected one of ultraLight, thin, light, regular, medium, semibold, bold, heavy, black, got \"wide\"",
            ])
    }
}

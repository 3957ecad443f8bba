import XCTest
@testable import Scene

/// Dynamic Type sizes and SF Pro tracking against Apple's tables, typed here from the source and
/// not from Sources/Scene: Apple Human Interface Guidelines, "Typography" → "Specifications"
/// (https://developer.apple.com/design/human-interface-guidelines/typography), "iOS, iPadOS
/// Dynamic Type sizes", "iOS, iPadOS larger accessibility type sizes" and "Tracking values" →
/// iOS, iPadOS → SF Pro, as of the iOS 17/18 guidelines.
final class DynamicTypeTests: XCTestCase {
    /// The HIG's tables in its own layout: a heading per size, then Style | Weight | Size | Leading.
    static let hig = """
        xSmall
        Large Title | Regular | 31 | 38
        Title 1 | Regular | 25 | 31
        Title 2 | Regular | 19 | 24
        Title 3 | Regular | 17 | 22
        Headline | Semibold | 14 | 19
        Body | Regular | 14 | 19
        Callout | Regular | 13 | 18
        Subhead | Regular | 12 | 16
        Footnote | Regular | 12 | 16
        Caption 1 | Regular | 11 | 13
        Caption 2 | Regular | 11 | 13
        Small
        Large Title | Regular | 32 | 39
        Title 1 | Regular | 26 | 32
        Title 2 | Regular | 20 | 25
        Title 3 | Regular | 18 | 23
        Headline | Semibold | 15 | 20
        Body | Regular | 15 | 20
        Callout | Regular | 14 | 19
        Subhead | Regular | 13 | 18
        Footnote | Regular | 12 | 16
        Caption 1 | Regular | 11 | 13
        Caption 2 | Regular | 11 | 13
        Medium
        Large Title | Regular | 33 | 40
        Title 1 | Regular | 27 | 33
        Title 2 | Regular | 21 | 26
        Title 3 | Regular | 19 | 24
        Headline | Semibold | 16 | 21
        Body | Regular | 16 | 21
        Callout | Regular | 15 | 20
        Subhead | Regular | 14 | 19
        Footnote | Regular | 12 | 16
        Caption 1 | Regular | 11 | 13
        Caption 2 | Regular | 11 | 13
        Large (Default)
        Large Title | Regular | 34 | 41
        Title 1 | Regular | 28 | 34
        Title 2 | Regular | 22 | 28
        Title 3 | Regular | 20 | 25
        Headline | Semibold | 17 | 22
        Body | Regular | 17 | 22
        Callout | Regular | 16 | 21
        Subhead | Regular | 15 | 20
        Footnote | Regular | 13 | 18
        Caption 1 | Regular | 12 | 16
        Caption 2 | Regular | 11 | 13
        xLarge
        Large Title | Regular | 36 | 43
        Title 1 | Regular | 30 | 37
        Title 2 | Regular | 24 | 30
        Title 3 | Regular | 22 | 28
        Headline | Semibold | 19 | 24
        Body | Regular | 19 | 24
        Callout | Regular | 18 | 23
        Subhead | Regular | 17 | 22
        Footnote | Regular | 15 | 20
        Caption 1 | Regular | 14 | 19
        Caption 2 | Regular | 13 | 18
        xxLarge
        Large Title | Regular | 38 | 46
        Title 1 | Regular | 32 | 39
        Title 2 | Regular | 26 | 32
        Title 3 | Regular | 24 | 30
        Headline | Semibold | 21 | 26
        Body | Regular | 21 | 26
        Callout | Regular | 20 | 25
        Subhead | Regular | 19 | 24
        Footnote | Regular | 17 | 22
        Caption 1 | Regular | 16 | 21
        Caption 2 | Regular | 15 | 20
        xxxLarge
        Large Title | Regular | 40 | 48
        Title 1 | Regular | 34 | 41
        Title 2 | Regular | 28 | 34
        Title 3 | Regular | 26 | 32
        Headline | Semibold | 23 | 29
        Body | Regular | 23 | 29
        Callout | Regular | 22 | 28
        Subhead | Regular | 21 | 28
        Footnote | Regular | 19 | 24
        Caption 1 | Regular | 18 | 23
        Caption 2 | Regular | 17 | 22
        AX1
        Large Title | Regular | 44 | 52
        Title 1 | Regular | 38 | 46
        Title 2 | Regular | 34 | 41
        Title 3 | Regular | 31 | 38
        Headline | Semibold | 28 | 34
        Body | Regular | 28 | 34
        Callout | Regular | 26 | 32
        Subhead | Regular | 25 | 31
        Footnote | Regular | 23 | 29
        Caption 1 | Regular | 22 | 28
        Caption 2 | Regular | 20 | 25
        AX2
        Large Title | Regular | 48 | 57
        Title 1 | Regular | 43 | 51
        Title 2 | Regular | 39 | 47
        Title 3 | Regular | 37 | 44
        Headline | Semibold | 33 | 40
        Body | Regular | 33 | 40
        Callout | Regular | 32 | 39
        Subhead | Regular | 30 | 37
        Footnote | Regular | 27 | 33
        Caption 1 | Regular | 26 | 32
        Caption 2 | Regular | 24 | 30
        AX3
        Large Title | Regular | 52 | 61
        Title 1 | Regular | 48 | 57
        Title 2 | Regular | 44 | 52
        Title 3 | Regular | 43 | 51
        Headline | Semibold | 40 | 48
        Body | Regular | 40 | 48
        Callout | Regular | 38 | 46
        Subhead | Regular | 36 | 43
        Footnote | Regular | 33 | 40
        Caption 1 | Regular | 32 | 39
        Caption 2 | Regular | 29 | 35
        AX4
        Large Title | Regular | 56 | 66
        Title 1 | Regular | 53 | 62
        Title 2 | Regular | 50 | 59
        Title 3 | Regular | 49 | 58
        Headline | Semibold | 47 | 56
        Body | Regular | 47 | 56
        Callout | Regular | 44 | 52
        Subhead | Regular | 42 | 50
        Footnote | Regular | 38 | 46
        Caption 1 | Regular | 37 | 44
        Caption 2 | Regular | 34 | 41
        AX5
        Large Title | Regular | 60 | 70
        Title 1 | Regular | 58 | 68
        Title 2 | Regular | 56 | 66
        Title 3 | Regular | 55 | 65
        Headline | Semibold | 53 | 62
        Body | Regular | 53 | 62
        Callout | Regular | 51 | 60
        Subhead | Regular | 49 | 58
        Footnote | Regular | 44 | 52
        Caption 1 | Regular | 43 | 51
        Caption 2 | Regular | 40 | 48
        """

    static let higCategories: [String: ContentSizeCategory] = [
        "xSmall": .xSmall, "Small": .small, "Medium": .medium, "Large (Default)": .large,
        "xLarge": .xLarge, "xxLarge": .xxLarge, "xxxLarge": .xxxLarge, "AX1": .accessibility1,
        "AX2": .accessibility2, "AX3": .accessibility3, "AX4": .accessibility4, "AX5": .accessibility5,
    ]
    static let higStyles: [String: TextStyle] = [
        "Large Title": .largeTitle, "Title 1": .title1, "Title 2": .title2, "Title 3": .title3,
        "Headline": .headline, "Body": .body, "Callout": .callout, "Subhead": .subheadline,
        "Footnote": .footnote, "Caption 1": .caption1, "Caption 2": .caption2,
    ]
    static let higWeights: [String: FontWeight] = ["Regular": .regular, "Semibold": .semibold]

    func testEveryStyleAtEverySizeMatchesTheHIG() throws {
        var category: ContentSizeCategory?
        var seen = Set<String>()
        for line in Self.hig.split(separator: "\n").map(String.init) {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            if cells.count == 1 {
                category = try XCTUnwrap(Self.higCategories[cells[0]], cells[0])
                continue
            }
            let size = try XCTUnwrap(category)
            let style = try XCTUnwrap(Self.higStyles[cells[0]], cells[0])
            let context = "\(style) at \(size)"
            XCTAssertEqual(style.weight, Self.higWeights[cells[1]], context)
            XCTAssertEqual(style.pointSize(size), Double(cells[2]), context)
            XCTAssertEqual(style.leading(size), Double(cells[3]), context)
            seen.insert(context)
        }
        XCTAssertEqual(seen.count, ContentSizeCategory.allCases.count * TextStyle.allCases.count, "every cell checked")
        XCTAssertEqual(ContentSizeCategory.allCases.count, 12)
        XCTAssertEqual(TextStyle.allCases.count, 11)
    }

    func testBodyIs17AtTheDefaultSize() {
        XCTAssertEqual(ContentSizeCategory.default, .large)
        XCTAssertEqual(TextStyle.body.pointSize(.large), 17)
        XCTAssertEqual(TextStyle.body.leading(.large), 22)
        XCTAssertEqual(TextStyle.headline.weight, .semibold)
        XCTAssertEqual(TextStyle.body.weight, .regular)
    }

    func testScenarioSpellingsAndAccessibilitySizes() {
        XCTAssertEqual(
            ContentSizeCategory.allCases.map(\.rawValue),
            [
                "xSmall", "small", "medium", "large", "xLarge", "xxLarge", "xxxLarge",
                "accessibility1", "accessibility2", "accessibility3", "accessibility4", "accessibility5",
            ])
        XCTAssertEqual(
            ContentSizeCategory.allCases.filter(\.isAccessibilityCategory),
            [.accessibility1, .accessibility2, .accessibility3, .accessibility4, .accessibility5])
        XCTAssertEqual(TextStyle(rawValue: "subheadline"), .subheadline)
        XCTAssertEqual(TextStyle(rawValue: "caption1"), .caption1)
    }

    func testScaledCustomValues() {
        // `.large` is the identity for every style.
        for style in TextStyle.allCases {
            XCTAssertEqual(DynamicType.scaled(15, style: style, to: .large), 15)
        }
        // Measured on a device (Jared Sinclair, "Scaled Metric Surprises on iOS & iPadOS", 2024):
        // UIFontMetrics(forTextStyle: .body).scaledValue(for: 17) at .medium is 16.333…, not 16.
        XCTAssertEqual(DynamicType.scaled(17, to: .medium, displayScale: 3), 49.0 / 3, accuracy: 1e-9)
        XCTAssertNotEqual(DynamicType.scaled(17, to: .medium, displayScale: 3), TextStyle.body.pointSize(.medium))
        // Unrounded: body leading 21 over 22.
        XCTAssertEqual(DynamicType.scaled(17, to: .medium), 17 * 21 / 22, accuracy: 1e-12)
        // A custom 15 pt relative to title3 at AX3: leading 51 over 25.
        XCTAssertEqual(DynamicType.scaled(15, style: .title3, to: .accessibility3), 30.6, accuracy: 1e-12)
        XCTAssertEqual(DynamicType.scaled(15, style: .title3, to: .accessibility3, displayScale: 2), 30.5)
        // Smaller text sizes shrink, larger grow, for every style.
        for style in TextStyle.allCases {
            XCTAssertLessThanOrEqual(DynamicType.scaled(20, style: style, to: .xSmall), 20, "\(style)")
            XCTAssertGreaterThan(DynamicType.scaled(20, style: style, to: .accessibility5), 20, "\(style)")
        }
    }

    /// HIG Typography → Tracking values → iOS, iPadOS → SF Pro: Size | 1/1000 em | points.
    static let tracking = """
        6 | +41 | +0.24
        7 | +34 | +0.23
        8 | +26 | +0.21
        9 | +19 | +0.17
        10 | +12 | +0.12
        11 | +6 | +0.06
        12 | 0 | 0.0
        13 | -6 | -0.08
        14 | -11 | -0.15
        15 | -16 | -0.23
        16 | -20 | -0.31
        17 | -26 | -0.43
        18 | -25 | -0.44
        19 | -24 | -0.45
        20 | -23 | -0.45
        21 | -18 | -0.36
        22 | -12 | -0.26
        23 | -4 | -0.10
        24 | +3 | +0.07
        25 | +6 | +0.15
        26 | +8 | +0.22
        27 | +11 | +0.29
        28 | +14 | +0.38
        29 | +14 | +0.40
        30 | +14 | +0.40
        31 | +13 | +0.39
        32 | +13 | +0.41
        33 | +12 | +0.40
        34 | +12 | +0.40
        35 | +11 | +0.38
        36 | +10 | +0.37
        37 | +10 | +0.36
        38 | +10 | +0.37
        39 | +10 | +0.38
        40 | +10 | +0.37
        41 | +9 | +0.36
        42 | +9 | +0.37
        43 | +9 | +0.38
        44 | +8 | +0.37
        45 | +8 | +0.35
        46 | +8 | +0.36
        47 | +8 | +0.37
        48 | +8 | +0.35
        49 | +7 | +0.33
        50 | +7 | +0.34
        51 | +7 | +0.35
        52 | +6 | +0.33
        53 | +6 | +0.31
        54 | +6 | +0.32
        56 | +6 | +0.30
        58 | +5 | +0.28
        60 | +4 | +0.26
        62 | +4 | +0.24
        64 | +4 | +0.22
        66 | +3 | +0.19
        68 | +2 | +0.17
        70 | +2 | +0.14
        72 | +2 | +0.14
        76 | +1 | +0.07
        80 | 0 | 0
        84 | 0 | 0
        88 | 0 | 0
        92 | 0 | 0
        96 | 0 | 0
        """

    func testTrackingAtEveryListedSizeMatchesTheHIG() throws {
        let rows = try Self.tracking.split(separator: "\n").map { line -> (Double, Double, Double) in
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            let numbers = try cells.map { try XCTUnwrap(Double($0.replacingOccurrences(of: "+", with: "")), String(line)) }
            return (numbers[0], numbers[1], numbers[2])
        }
        XCTAssertEqual(rows.count, 64)
        XCTAssertEqual(SystemFontTracking.rows.count, rows.count)
        for (size, em, points) in rows {
            XCTAssertEqual(SystemFontTracking.tracking(pointSize: size), points, accuracy: 1e-12, "\(size) pt")
            let row = SystemFontTracking.rows.first { $0.pointSize == size }
            XCTAssertEqual(row?.thousandthsOfEm, em, "\(size) pt")
            // The two columns agree to within their rounding (catches a mistyped cell in either).
            XCTAssertEqual(em * size / 1000, points, accuracy: 0.5 * size / 1000 + 0.016, "\(size) pt")
        }
    }

    func testTrackingAt17AndTheEnds() {
        XCTAssertEqual(SystemFontTracking.tracking(pointSize: 17), -0.43)
        XCTAssertEqual(SystemFontTracking.tracking(pointSize: 12), 0)
        XCTAssertEqual(SystemFontTracking.tracking(pointSize: 6), 0.24)
        XCTAssertEqual(SystemFontTracking.tracking(pointSize: 96), 0)
        // Clamped outside 6...96.
        XCTAssertEqual(SystemFontTracking.tracking(pointSize: 4), 0.24)
        XCTAssertEqual(SystemFontTracking.tracking(pointSize: 0.5), 0.24)
        XCTAssertEqual(SystemFontTracking.tracking(pointSize: 200), 0)
        XCTAssertEqual(SystemFontTracking.tracking(pointSize: 0), 0)
        XCTAssertEqual(SystemFontTracking.tracking(pointSize: -3), 0)
        XCTAssertEqual(SystemFontTracking.tracking(pointSize: .nan), 0)
        XCTAssertEqual(SystemFontTracking.tracking(pointSize: .infinity), 0)
    }

    func testTrackingInterpolatesBetweenNeighbours() {
        XCTAssertEqual(SystemFontTracking.tracking(pointSize: 17.5), -0.435, accuracy: 1e-12)
        XCTAssertEqual(SystemFontTracking.tracking(pointSize: 16.25), -0.31 + 0.25 * (-0.43 + 0.31), accuracy: 1e-12)
        XCTAssertEqual(SystemFontTracking.tracking(pointSize: 23.5), (-0.10 + 0.07) / 2, accuracy: 1e-12)
        // Gaps in the table: 54 → 56, 72 → 76, 76 → 80.
        XCTAssertEqual(SystemFontTracking.tracking(pointSize: 55), 0.31, accuracy: 1e-12)
        XCTAssertEqual(SystemFontTracking.tracking(pointSize: 74), 0.105, accuracy: 1e-12)
        XCTAssertEqual(SystemFontTracking.tracking(pointSize: 79), 0.07 / 4, accuracy: 1e-12)
        XCTAssertEqual(SystemFontTracking.tracking(pointSize: 6.5), 0.235, accuracy: 1e-12)
        XCTAssertEqual(SystemFontTracking.tracking(pointSize: 95.5), 0)
    }
}

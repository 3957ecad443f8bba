import Foundation
import XCTest
@testable import ScenarioFormat
@testable import Scene

/// Every text a scenario draws is refused over `ScenarioLoader.maximumTextLength` characters,
/// with its field and position, so that no text is set beyond what the benchmark measures.
final class TextLimitTests: XCTestCase {
    let timeline = "timeline:\n  keyframes:\n    - {time: 0, offset: 0}\n    - {time: 1, offset: -100}\n"

    /// A scenario with `T` in `template` replaced by `text`, and the field that holds it.
    let cases: [(template: String, field: String)] = [
        ("effect: profile\nprofile: {name: T}\n", "profile.name"),
        ("effect: profile\nprofile: {handle: T}\n", "profile.handle"),
        ("effect: profile\nprofile: {bioLines: 3, bio: T}\n", "profile.bio"),
        ("effect: profile\nheader: {title: T}\n", "header.title"),
        ("navigationBar: {title: T}\n", "navigationBar.title"),
        ("effect: none\nmail: {messages: [{subject: T}]}\n", "mail.messages[0].subject"),
        ("effect: none\nmail: {messages: [{subject: Hi, body: T}]}\n", "mail.messages[0].body"),
        ("effect: collection\ngrid: {items: [{color: \"#FF0000\", caption: T}]}\n", "grid.items[0].caption"),
        ("rows: {count: 2, texts: [a, T]}\n", "rows.texts[1]"),
        ("layers:\n  - {type: text, name: t, frame: [0, 0, 100, 20], text: T}\n", "layers[0].text"),
    ]

    func scenario(_ template: String, _ text: String) -> String {
        template.replacingOccurrences(of: "T", with: text) + timeline
    }

    func load(_ text: String) throws -> Scenario {
        try ScenarioLoader.parse(text, file: "s.yaml", baseDirectory: "/nonexistent")
    }

    func testEveryDrawnTextOverTheLimitIsRefusedAtItsField() {
        let long = String(repeating: "x", count: ScenarioLoader.maximumTextLength + 1)
        for (template, field) in cases {
            let text = scenario(template, long)
            let lines = scenarioErrorLines(text) { _ = try load(text) }
            let line = text.prefix(upTo: text.range(of: long)!.lowerBound).filter { $0 == "\n" }.count + 1
            let column = text.prefix(upTo: text.range(of: long)!.lowerBound).split(separator: "\n", omittingEmptySubsequences: false).last!.count + 1
            XCTAssertEqual(
                lines,
                ["s.yaml:\(line):\(column): \(field): is 200001 characters (Unicode code points), over the limit of 200000 for a text; shorten it"],
                field)
        }
    }

    func testATextOfExactlyTheLimitLoads() throws {
        let most = String(repeating: "x", count: ScenarioLoader.maximumTextLength)
        for (template, field) in cases {
            XCTAssertNoThrow(try load(scenario(template, most)), field)
        }
        // Code points are counted, as the schema counts them: an emoji family is five, and a base
        // with combining marks counts each mark.
        let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"
        XCTAssertNoThrow(try load(scenario(cases[6].template, String(repeating: family, count: ScenarioLoader.maximumTextLength / 5))))
        let marks = scenario(cases[6].template, "a" + String(repeating: "\u{0301}", count: ScenarioLoader.maximumTextLength))
        XCTAssertEqual(scenarioErrorLines(marks) { _ = try load(marks) }.count, 1, "one character, 200001 code points")
    }

    /// A bio that wraps without limit is refused at the bio when the profile would be taller than
    /// a table header view can be, not at the scroll view the preset declares.
    func testABioTooTallForTheTableHeaderViewIsRefusedAtTheBio() {
        let text = scenario("effect: profile\nprofile:\n  bio: T\n", String(repeating: "word ", count: 20_000))
        XCTAssertEqual(
            scenarioErrorLines(text) { _ = try load(text) },
            [
                "s.yaml:3:8: profile.bio: makes the profile 40459 points tall on iphone-15 at text size large, over the limit of "
                    + "20000 for a table header view; shorten the bio or give it profile.bioLines (such as 3)"
            ])
    }

    func testTheSchemaGivesTheSameLimit() {
        let schema = SchemaTests.schema
        func object(_ path: [String]) -> [String: Any] {
            var node: Any = schema
            for p in path {
                if let i = Int(p) { node = (node as! [Any])[i] } else { node = (node as! [String: Any])[p]! }
            }
            return node as! [String: Any]
        }
        let paths: [[String]] = [
            ["properties", "profile", "properties", "name"], ["properties", "profile", "properties", "handle"],
            ["properties", "profile", "properties", "bio"], ["properties", "header", "properties", "title"],
            ["properties", "navigationBar", "oneOf", "1", "properties", "title"],
            ["properties", "mail", "properties", "messages", "items", "properties", "subject"],
            ["properties", "mail", "properties", "messages", "items", "properties", "body"],
            ["properties", "grid", "properties", "items", "items", "properties", "caption"],
            ["properties", "rows", "properties", "texts", "oneOf", "0", "items"],
            ["$defs", "layer", "properties", "text"],
        ]
        for path in paths {
            XCTAssertEqual(object(path)["maxLength"] as? Int, ScenarioLoader.maximumTextLength, path.joined(separator: "."))
        }
    }
}

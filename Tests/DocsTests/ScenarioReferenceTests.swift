import Foundation
import XCTest

/// The scenario reference (docs/scenarios.md and docs/layer-language.md) names every key of the schema.
final class ScenarioReferenceTests: XCTestCase {
    static let referencePages = ["docs/scenarios.md", "docs/layer-language.md"]

    /// Every name under a `properties` object anywhere in the schema.
    static func schemaKeys() throws -> Set<String> {
        let data = try Data(contentsOf: URL(fileURLWithPath: DocsPages.root + "/schema/scenario.schema.json"))
        var keys = Set<String>()
        func walk(_ value: Any) {
            if let object = value as? [String: Any] {
                for (name, child) in object {
                    if name == "properties", let properties = child as? [String: Any] { keys.formUnion(properties.keys) }
                    walk(child)
                }
            } else if let array = value as? [Any] {
                array.forEach(walk)
            }
        }
        walk(try JSONSerialization.jsonObject(with: data))
        return keys
    }

    /// The identifiers written in code spans of the reference pages (`header.height` gives
    /// `header` and `height`): a key counts as documented when a table or a sentence spells it so.
    static func documentedNames() throws -> Set<String> {
        var names = Set<String>()
        for page in referencePages {
            for span in DocsPages.codeSpans(try DocsPages.text(page)) {
                var word = ""
                for c in span + " " {
                    if c.isLetter || c.isNumber || c == "_" {
                        word.append(c)
                    } else {
                        if !word.isEmpty { names.insert(word) }
                        word = ""
                    }
                }
            }
        }
        return names
    }

    func testEverySchemaKeyIsInTheScenarioReference() throws {
        let keys = try Self.schemaKeys()
        XCTAssertGreaterThan(keys.count, 150, "the schema's keys were not found")
        let missing = keys.subtracting(try Self.documentedNames()).sorted()
        XCTAssertEqual(missing, [], "schema keys no table or sentence of \(Self.referencePages.joined(separator: " or ")) names in `code`")
    }
}
